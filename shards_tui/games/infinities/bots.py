"""What the bots know of Infinities (core.bot_adapter.GameAdapter): a greedy score for each
legal move read from a seat's view, sampled worlds for the search bot (every card the seat
cannot see dealt again), and a quick estimate of each seat's chances.

Greedy in brief: roll the dice the hand and the map call for; spend every die (cards first,
then damage on the weakest enemy in reach, then moves towards higher Influence and new tiles);
block when the hand can spare it; always roll a gambit; answer questions for the most damage
and the best tile.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable

from shards_tui.core.commands import Choose, Command
from shards_tui.core.rng import Rng
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.content import content

OBVIOUS = 900.0  # a move scored this high is made without searching


def _me(view: Any, seat: int) -> Any:
    return view.players[seat]


def _roll_score(view: Any, seat: int, colours: tuple[str, ...]) -> float:
    me = _me(view, seat)
    hand = me.hand or []
    costs = [content().cards[c.card].cost for c in hand]
    want_tide = min(4, sum(1 for c in costs if c <= 3) + 1)
    foes = [p for p in view.players if p.team != me.team and p.status == "active"]
    want_power = 2 if foes else 0
    want_fort = 2
    score = 0.0
    for colour, want in (("tide", want_tide), ("power", want_power), ("fortitude", want_fort)):
        n = colours.count(colour)
        score += min(n, want) - 0.3 * max(0, n - want)
    return score


def _answer_score(view: Any, seat: int, command: Choose) -> tuple[float, str]:
    q = view.pending
    picked = command.options
    if q is None:
        return 0.0, "answers"
    if q.kind == "gambit":
        return (2.0, "rolls its gambit") if picked == ("roll",) else (0.0, "does not roll")
    if q.kind == "trigger":
        return {"unlock": (2.5, "uses and unlocks a trigger"), "use": (2.0, "uses a trigger")}.get(
            picked[0] if picked else "", (0.0, "lets a trigger pass"))
    if q.kind == "block":
        hand = _me(view, seat).hand_count
        return (1.0 if hand >= 6 else -1.0, "blocks") if picked == ("block",) else (0.0, "allows it")
    if q.kind == "discover":
        tile, _, _ = picked[0].partition("@")
        t = content().tiles.get(tile)
        return (t.influence if t else 0.0), f"discovers {t.name if t else tile}"
    if q.kind in ("target", "allocate"):
        labels = {o.id: o.label for o in q.options or []}
        name = labels.get(picked[0], picked[0]) if picked else "nothing"
        weak = min((p.health for p in view.players if p.name == name), default=5)
        return 5.0 - weak, f"targets {name}"
    if q.kind in ("discard", "block_discard", "unlock_discard", "make_room"):
        costs = [content().cards[o.split("#")[0]].cost for o in picked if "#" in o]
        return -sum(costs), "discards its cheapest cards"
    if q.kind == "direction":
        return (0.0, "stops") if picked == ("stop",) else (1.0, f"moves {picked[0] if picked else ''}")
    if picked:
        return 1.0, "chooses"
    return 0.0, "chooses nothing"


def greedy_scores(view: Any, legal: list[Command], seat: int, notes: dict) -> list[tuple[float, str]]:
    cards = content().cards
    out: list[tuple[float, str]] = []
    for c in legal:
        if isinstance(c, Choose):
            out.append(_answer_score(view, seat, c))
        elif isinstance(c, cm.Roll):
            out.append((_roll_score(view, seat, c.colours), f"rolls {', '.join(c.colours)}"))
        elif isinstance(c, cm.Reroll):
            die = view.dice[c.die - 1]
            out.append((1.0 if die.face == "blank" else -0.5, f"rerolls die {c.die}"))
        elif isinstance(c, cm.Convert):
            die = view.dice[c.die - 1]
            out.append((0.8 if die.face == "blank" or c.face == "tide" else 0.2, f"converts die {c.die}"))
        elif isinstance(c, cm.Lock):
            out.append((0.1, "locks its dice"))
        elif isinstance(c, cm.Play):
            if c.card.startswith("t") and c.card[1:].isdigit():
                out.append((3.0 + c.unlock, "plays a timeline card"))
                continue
            card = cards.get(c.card)
            value = (card.cost if card else 1) + (2.0 if card and card.kind == "unit" else 1.0)
            if view.phase in ("deploy", "respawn"):
                value += 3.0
            out.append((2.0 + value + 0.5 * c.unlock, f"plays {card.name if card else c.card}"))
        elif isinstance(c, cm.Prepare):
            out.append((1.2 if c.to is None else 1.0, "prepares a card"))
        elif isinstance(c, cm.Damage):
            target = next((p for p in view.players if c.target in (p.name.lower(), f"p{p.seat + 1}")), None)
            health = target.health if target else 5
            out.append((3.0 + (5 - health) * 0.4 + (0.3 if c.unit else 0.0), f"damages {c.target}"))
        elif isinstance(c, cm.Destroy):
            out.append((2.2, f"destroys {c.target}'s timeline card"))
        elif isinstance(c, cm.Cycle):
            card = cards.get(c.card)
            out.append((0.3 - 0.1 * (card.cost if card else 0), "cycles a card"))
        elif isinstance(c, cm.Move):
            out.append((1.5 + (1.0 if view.phase == "first_tile" else 0.0), f"moves {c.direction}"))
        elif isinstance(c, cm.Flip):
            out.append((0.4, f"flips the tile {c.direction}"))
        elif isinstance(c, (cm.Activate,)):
            out.append((2.6 + 0.3 * c.unlock, "activates a unit"))
        elif isinstance(c, cm.PickLeader):
            out.append((1.0, f"chooses {c.leader}"))
        elif isinstance(c, cm.Redraw):
            out.append((-0.5 * len(c.cards), "redraws"))
        elif isinstance(c, cm.Keep):
            out.append((0.0, "keeps its cards"))
        elif isinstance(c, cm.Done):
            out.append((-1.0, "finishes deploying"))
        elif c.verb == "lead":
            out.append((2.8, "uses its leader action"))
        elif c.verb == "end":
            out.append((-1.0, "ends its turn"))
        else:
            out.append((0.0, c.text()))
    return out


# ---- search: sampled worlds -----------------------------------------------------------------

def _shuffled(cards: list[str], rng: random.Random) -> list[str]:
    out = sorted(cards)
    rng.shuffle(out)
    return out


def determinize(state: Any, seat: int, rng: random.Random) -> Any:
    """The cards ``seat`` cannot see dealt again: each deck's draw pile with the hands of the
    other leaders who draw from it (hand sizes kept). The game's rng is reseeded."""
    world = state.working_copy()
    world.log = []
    for deck_id, deck in world.decks.items():
        holders = [p for s, p in enumerate(world.players) if s != seat and p.deck == deck_id]
        pool = list(deck.cards) + [c for p in holders for c in p.hand]
        dealt = _shuffled(pool, rng)
        for p in holders:
            n = len(p.hand)
            p.hand, dealt = dealt[:n], dealt[n:]
        deck.cards = dealt
    world.rng = Rng.from_seed(rng.getrandbits(64))
    return world


def simulator(ctl: Any, state: Any) -> Any:
    sim = type(ctl)(state, ctl.setup)
    sim.validate_transitions = False
    sim.log_events = False
    return sim


def world_sampler(ctl: Any, seat: int) -> Callable[[random.Random], Any]:
    state = ctl.state
    return lambda rng: simulator(ctl, determinize(state, seat, rng))


def sim_step(sim: Any, command: Command) -> None:
    sim.execute(sim.state, command)


def sim_scores(sim: Any, seat: int, legal: list[Command]) -> list[float]:
    return [s for s, _ in greedy_scores(sim.view(seat), legal, seat, {})]


def turn_of(sim: Any) -> int:
    return sim.state.flow.turn


def evaluate(sim: Any) -> list[float]:
    """Each seat's chance to win, estimated from Points, Role progress, Health and units."""
    state = sim.state
    n = len(state.players)
    if state.winners is not None:
        return [1.0 if s in state.winners else 0.0 for s in range(n)]
    worth = []
    for p in state.players:
        partial = sum(v for r, v in p.progress.items() if r not in p.scored)
        health = 5 - p.damage if p.status == "active" else 0
        worth.append(3.0 * p.points + 0.4 * partial + 0.2 * health + 0.3 * len(p.group))
    top = max(worth)
    exps = [math.exp(w - top) for w in worth]
    total = sum(exps)
    return [e / total for e in exps]
