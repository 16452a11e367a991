"""The generic conformance test every game must pass, written against the core Controller API.

For each game in GAMES and each player count: seeded random legal commands until the game
ends or MAX_MOVES, checking at every step that the state validates (pydantic + the game's
invariants), that conserved quantities are conserved, that the legal commands are really
legal and come only from the seat that must act, and that a sample of illegal commands is
rejected without changing a byte. Every few steps, save -> load and replaying the history
from scratch must give the very same state.

To add a game: append a GameCase with a setup factory (and, if it has them, a census of
what must be conserved and a livelier policy than uniform random choice).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

import pytest

from shards_tui.core import saves
from shards_tui.core.controller import Controller
from shards_tui.core.errors import CommandRejected, GameOver, NotYourTurn
from shards_tui.core.registry import game

MAX_MOVES = 400  # per game; a case may allow more for its larger player counts
ROUND_TRIP_EVERY = 150  # save/load and replay-from-scratch (and once at the end)
ILLEGAL_EVERY = 3  # probe illegal commands on every third step
DRY_RUN_LEGAL = 2  # legal commands tried on a scratch copy at each step


@dataclass(frozen=True)
class GameCase:
    name: str
    game_id: str
    setup: Callable[[int, int], dict[str, Any]]  # (players, seed) -> setup
    player_counts: tuple[int, ...]
    census: Callable[[Any], Counter] | None = None  # what no move may create or destroy
    policy: Callable[[random.Random, list], Any] | None = None  # how to pick a legal command
    max_moves: dict[int, int] | None = None  # per player count, instead of MAX_MOVES

    def build(self, players: int, seed: int) -> Controller:
        return game(self.game_id).controller.build(self.setup(players, seed))


def _shards_setup(players: int, seed: int) -> dict[str, Any]:
    names = ["Ana", "Ben", "Cy", "Di"]
    return {"kind": "new", "seed": seed, "players": [{"name": n} for n in names[:players]]}


def _shards_census(state) -> Counter:
    return Counter(state.all_instances())


def _shards_policy(rng: random.Random, legal: list) -> Any:
    """Random, but lively: play cards more than ending the turn, and hit hard, so games end."""
    if legal[0].text().startswith("assign"):
        biggest = max(legal, key=lambda c: c.amount)
        return biggest if rng.random() < 0.8 else rng.choice(legal)
    busy = [c for c in legal if c.text() != "end"]
    plays = [c for c in busy if c.text().startswith(("play", "exhaust", "attack"))]
    roll = rng.random()
    if plays and roll < 0.6:
        return rng.choice(plays)
    if busy and roll < 0.9:
        return rng.choice(busy)
    return rng.choice(legal)


def _shards_rich_setup(players: int, seed: int) -> dict[str, Any]:
    """A scenario position with random center cards in every zone and random mastery, so
    random play reaches the rare effects (thresholds at 10/15/20/30, copies, destroys)."""
    from shards_tui.games.shards.cards import card_db

    cards = card_db(("base",))
    center = sorted(c.id for c in cards.values() if c.type != "starter")
    champions = sorted(c.id for c in cards.values() if c.type == "champion")
    r = random.Random(seed)
    seats = []
    for name in ["Ana", "Ben", "Cy", "Di"][:players]:
        seats.append({"name": name, "mastery": r.choice([0, 5, 9, 10, 14, 15, 19, 20, 29, 30]),
                      "health": r.randint(10, 50),
                      "hand": [r.choice(center) for _ in range(5)],
                      "deck_top": [r.choice([*center, "crystal", "infinity_shard"]) for _ in range(8)],
                      "discard": [r.choice(center) for _ in range(r.randint(0, 4))],
                      "champions": r.sample(champions, r.randint(0, 2))})
    return {"kind": "scenario", "seed": seed, "players": seats, "active": r.randrange(players),
            "turn": {"gems": r.randint(0, 8)}}


def _relics_setup(variants: list[str]) -> Callable[[int, int], dict[str, Any]]:
    """Relics of the Future, with a relic variant (or none)."""
    return lambda players, seed: {**_shards_setup(players, seed), "sets": ["base", "relics"],
                                  "variants": variants}


def _relics_rich_setup(players: int, seed: int) -> dict[str, Any]:
    """A rich position with the expansion's cards everywhere and relics near at hand."""
    from shards_tui.games.shards.cards import card_db

    setup = _shards_rich_setup(players, seed)
    cards = card_db(("base", "relics"))
    extra = sorted(c.id for c in cards.values() if c.set == "relics" and c.type != "relic")
    champions = sorted(c.id for c in cards.values() if c.set == "relics" and c.type == "champion")
    r = random.Random(seed * 7 + 1)
    for seat in setup["players"]:
        seat["hand"] = seat["hand"][:3] + [r.choice(extra) for _ in range(2)]
        seat["deck_top"] = seat["deck_top"][:5] + [r.choice(extra) for _ in range(3)]
        seat["champions"] = [c for c in seat["champions"][:1]] + r.sample(champions, 1)
        seat["mastery"] = r.choice([9, 10, 19, 20])
    return {**setup, "sets": ["base", "relics"]}


def _shards_variant(*variants: str) -> Callable[[int, int], dict[str, Any]]:
    """A new game under Relics of the Future variants (Team Attack, Bloodbath, Health Auction)."""
    return lambda players, seed: {**_shards_setup(players, seed), "variants": list(variants)}
def _shards_nemesis_setup(players: int, seed: int) -> dict[str, Any]:
    """Single Player Nemesis Challenge: one person (the engine adds the Nemesis seat)."""
    return {**_shards_setup(players, seed), "variants": ["nemesis"], "sets": ["base", "relics"]}


def _shards_nemesis_rich_setup(players: int, seed: int) -> dict[str, Any]:
    """A rich position against a Nemesis with random mastery (both sides of 15), health and champions."""
    from shards_tui.games.shards.cards import card_db

    r = random.Random(seed * 7 + 1)
    champions = sorted(c.id for c in card_db(("base",)).values() if c.type == "champion")
    setup = {**_shards_rich_setup(players, seed), "variants": ["nemesis"], "active": 0}
    setup["nemesis"] = {"name": "Nemesis", "mastery": r.choice([0, 9, 14, 15, 20, 28]),
                        "health": r.randint(10, 50), "champions": r.sample(champions, r.randint(0, 3))}
    return setup


def _disco_setup(players: int, seed: int) -> dict[str, Any]:
    return {"kind": "new", "seed": seed, "players": [{"name": "Ana"}, {"name": "Ben"}][:players]}


def _disco_census(state) -> Counter:
    return Counter(state.all_cards())


def _disco_policy(rng: random.Random, legal: list) -> Any:
    """Random, but drafting more than passing, so decks grow and every card turns up."""
    drafts = [c for c in legal if c.text() == "draft"]
    return drafts[0] if drafts and rng.random() < 0.8 else rng.choice(legal)
def _fn_setup(players: int, seed: int) -> dict[str, Any]:
    """The Fractured Net: starter decks on odd seeds, random legal decks on even ones."""
    return {"kind": "new", "seed": seed, "players": [{"name": "Ana"}, {"name": "Ben"}],
            "random_decks": seed % 2 == 0}


def _fn_census(state) -> Counter:
    from shards_tui.games.fractured_net.zones import all_instances

    return Counter(all_instances(state))


def _fn_policy(rng: random.Random, legal: list) -> Any:
    """Random, but lively: play and attack more than pass or end."""
    busy = [c for c in legal if c.verb in ("play", "attack", "block", "activate", "choose")]
    return rng.choice(busy) if busy and rng.random() < 0.75 else rng.choice(legal)


GAMES = [
    GameCase("shards", "shards", _shards_setup, (2, 3, 4), _shards_census, _shards_policy, {4: 650}),
    GameCase("shards-rich", "shards", _shards_rich_setup, (2, 3, 4), _shards_census, _shards_policy),
    GameCase("shards-relics", "shards", _relics_setup([]), (2, 3, 4), _shards_census, _shards_policy,
             {4: 650}),
    GameCase("shards-relic-draft", "shards", _relics_setup(["relic_draft"]), (2, 3, 4), _shards_census,
             _shards_policy, {4: 650}),
    GameCase("shards-mystery-relics", "shards", _relics_setup(["mystery_relics"]), (2, 3, 4),
             _shards_census, _shards_policy, {4: 650}),
    GameCase("shards-relics-rich", "shards", _relics_rich_setup, (2, 3, 4), _shards_census, _shards_policy),
    GameCase("shards-team", "shards", _shards_variant("team"), (4,), _shards_census, _shards_policy, {4: 650}),
    GameCase("shards-bloodbath", "shards", _shards_variant("bloodbath"), (3,), _shards_census, _shards_policy),
    GameCase("shards-auction", "shards", _shards_variant("health_auction"), (2, 3, 4), _shards_census,
             _shards_policy, {4: 650}),
    GameCase("shards-auction-bloodbath", "shards", _shards_variant("health_auction", "bloodbath"), (3,),
             _shards_census, _shards_policy),
    GameCase("shards-nemesis", "shards", _shards_nemesis_setup, (1,), _shards_census, _shards_policy),
    GameCase("shards-nemesis-rich", "shards", _shards_nemesis_rich_setup, (1,), _shards_census, _shards_policy),
    GameCase("disco", "disco", _disco_setup, (2,), _disco_census, _disco_policy, {2: 600}),
    GameCase("fractured_net", "fractured_net", _fn_setup, (2,), _fn_census, _fn_policy, {2: 700}),
]

CASES = [pytest.param(case, n, seed, id=f"{case.name}-{n}p-seed{seed}")
         for case in GAMES for n in case.player_counts
         for seed in ((1, 2) if n < 4 and case.name in ("shards", "shards-nemesis", "disco", "fractured_net")
                      else (1,))]


# --- helpers (core API only) ------------------------------------------------------------

def _validate(ctl: Controller) -> None:
    state = ctl.state
    whole = getattr(state, "validate_whole", None)  # the core's own check, if it has one
    if whole is not None:
        whole()
    else:
        type(state).model_validate(state.model_dump())
    ctl.check_invariants(state)


def _dry_run(ctl: Controller, command) -> None:
    """Carry a command out on a scratch copy, exactly as apply would, without committing."""
    ctl.check_seat(command)
    copier = getattr(ctl.state, "working_copy", None)  # cheap copy if the core offers one
    work = copier() if copier else ctl.state.model_copy(deep=True)
    ctl.execute(work, command)
    ctl.validate(work)


def _replay(case: GameCase, ctl: Controller) -> Controller:
    fresh = game(case.game_id).controller.build(ctl.setup)
    for entry in ctl.history:
        fresh.apply(entry.text, entry.seat)
    return fresh


GIBBERISH_WORDS = ["", "zzz", "qq#9", "-1", "0", "99", "ünï", "none", "all", "'", "\"x y\"", "\t"]


def _illegal_probes(ctl: Controller, rng: random.Random) -> list[tuple[str, int]]:
    seats = len(ctl.seat_names())
    acting = ctl.who_must_act()
    probes: list[tuple[str, int]] = []
    # Random text: a known verb with nonsense after it, or no verb at all.
    verbs = list(ctl.commands.by_verb)
    words = [rng.choice(GIBBERISH_WORDS) for _ in range(rng.randint(1, 3))]
    probes.append((" ".join(["xq" + rng.choice(GIBBERISH_WORDS), *words]), acting))
    probes.append((" ".join([rng.choice(verbs), "zz" + rng.choice(GIBBERISH_WORDS), *words]), acting))
    probes.append(("".join(chr(rng.randint(1, 0x2FFF)) for _ in range(rng.randint(1, 40))), acting))
    # A command that is legal for the acting seat, sent by every other seat.
    legal = ctl.legal_commands(acting)
    if legal:
        text = rng.choice(legal).text()
        probes.extend((text, s) for s in range(seats) if s not in ctl.acting_seats())
    return probes


# --- the test -------------------------------------------------------------------------------

@pytest.mark.parametrize("case, players, seed", CASES)
def test_random_playout_conforms(case: GameCase, players: int, seed: int):
    ctl = case.build(players, seed)
    rng = random.Random(f"{case.name}/{players}/{seed}")
    census = case.census(ctl.state) if case.census else None
    seats = range(players)
    _validate(ctl)

    cap = (case.max_moves or {}).get(players, MAX_MOVES)
    pick = case.policy or (lambda r, legal: r.choice(legal))
    for step in range(cap):
        if ctl.over:
            break
        acting = ctl.who_must_act()
        assert acting in seats
        legal = ctl.legal_commands(acting)
        assert legal, f"step {step}: seat {acting} must act but has no legal command"
        for other in seats:
            if other not in ctl.acting_seats():  # several may act at once (a mulligan)
                assert ctl.legal_commands(other) == [], f"step {step}: seat {other} may act out of turn"
        assert all(c.seat == acting for c in legal)
        assert len({c.text() for c in legal}) == len(legal), "legal commands should be distinct"
        for command in legal:  # the text form is canonical: it parses back to the same command
            assert ctl.parse(command.text(), acting) == command, command.text()
        for command in rng.sample(legal, min(DRY_RUN_LEGAL, len(legal))):
            _dry_run(ctl, command)  # listed as legal, so it must go through

        if step % ILLEGAL_EVERY == 0:
            before, state, history = ctl.state_json(), ctl.state, list(ctl.history)
            for text, seat in _illegal_probes(ctl, rng):
                try:
                    ctl.apply(text, seat)
                except CommandRejected as exc:
                    assert str(exc).strip()
                    if seat != acting and not isinstance(exc, NotYourTurn):
                        pytest.fail(f"step {step}: {text!r} from seat {seat} gave {exc!r}")
                else:
                    pytest.fail(f"step {step}: illegal {text!r} from seat {seat} was accepted")
                assert ctl.state is state and ctl.history == history
            assert ctl.state_json() == before, f"step {step}: a rejected command changed the state"

        command = pick(rng, legal)
        ctl.apply(command)
        _validate(ctl)
        if census is not None:
            assert case.census(ctl.state) == census, f"step {step}: '{command.text()}' changed the cards"
        json.dumps(ctl.view(None).public())
        json.dumps(ctl.view(acting).public())

        if step % ROUND_TRIP_EVERY == ROUND_TRIP_EVERY - 1:
            _round_trip(case, ctl)

    _round_trip(case, ctl)
    print(f"{case.name} {players}p seed {seed}: {len(ctl.history)} moves, over={ctl.over}")
    if ctl.over:
        assert ctl.who_must_act() is None
        assert all(ctl.legal_commands(s) == [] for s in seats)
        with pytest.raises(GameOver):
            ctl.apply(ctl.history[-1].text, 0)
        assert sum(ctl.returns()) >= 1


def _round_trip(case: GameCase, ctl: Controller) -> None:
    loaded = saves.from_json(saves.to_json(ctl))
    assert loaded.state_json() == ctl.state_json()
    assert loaded.history == ctl.history
    assert _replay(case, ctl).state_json() == ctl.state_json()



def test_every_registered_game_is_played_here() -> None:
    """A game added to the registry's list is played out by this test, or this test fails."""
    from shards_tui.core.registry import game_ids

    assert {case.game_id for case in GAMES} == set(game_ids())
