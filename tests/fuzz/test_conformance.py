"""The generic conformance test every game must pass, written against the core Controller API.

For each game in GAMES and each player count: seeded random legal commands until the game
ends or MAX_MOVES, checking at every step that the state validates (pydantic + the game's
invariants), that conserved quantities are conserved, that the legal commands are really
legal and come only from the seat that must act, and that a sample of illegal commands is
rejected without changing a byte. Every few steps, save -> load and replaying the history
from scratch must give the very same state.

The games come from the registry; each game gives its own cases (a setup factory and, if it
has them, a census of what must be conserved and a livelier policy than uniform random choice)
in tests/games/<id>/conformance.py (tests/fuzz/game_case.py), so a new game adds no line here.
"""

from __future__ import annotations

import json
import random

import pytest

from shards_tui.core import saves
from shards_tui.core.controller import Controller
from shards_tui.core.errors import CommandRejected, GameOver, NotYourTurn
from shards_tui.core.registry import game, game_ids
from tests.fuzz.game_case import GameCase, cases

MAX_MOVES = 400  # per game; a case may allow more for its larger player counts
ROUND_TRIP_EVERY = 150  # save/load and replay-from-scratch (and once at the end)
ILLEGAL_EVERY = 3  # probe illegal commands on every third step
DRY_RUN_LEGAL = 2  # legal commands tried on a scratch copy at each step


GAMES = [case for game_id in game_ids() for case in cases(game_id)]

CASES = [pytest.param(case, n, seed, id=f"{case.name}-{n}p-seed{seed}")
         for case in GAMES for n in case.player_counts for seed in case.seeds_for(n)]


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
    """A game added to the registry's list is played out by this test: its own module gives
    cases for every player count the game allows."""
    for game_id in game_ids():
        info = game(game_id)
        own = cases(game_id)
        assert own, f"tests/games/{game_id}/conformance.py gives no case"
        assert all(case.game_id == game_id for case in own)
        counts = {n for case in own for n in case.player_counts}
        missing = set(range(info.min_players, info.max_players + 1)) - counts
        assert not missing, f"{game_id}: no case plays {sorted(missing)} players"
