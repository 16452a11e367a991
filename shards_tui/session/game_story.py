"""A finished game told in figures, for its result screen: each player's figures over the game
(health, shields, points: whatever the game names), the cards they played and the damage they
dealt, worked out for every game alike by replaying the game's history through a fresh
controller and reading each seat's public facts after every move.

Nothing here is secret: only the public view (``view(None)``) is read. The game names which of
its facts matter through its registration (``GameInfo.extra["result"]``, a dict):

- ``figures``: ``[(fact, label), ...]``, facts of each player's public view
  (``PlayerFacts``) to follow over the game, the first the one the game is decided by;
- ``damage``: the fact whose loss is damage dealt (default: the first figure), dealt by the
  other player of a two-player game, else by the player whose turn it was;
- ``played``: the command verbs that play a card from the hand (default: 'play' and
  'place', where the game has them); a card played is one card fewer in the mover's
  ``hand_count``.

Without ``figures`` the shell follows up to three numeric facts that changed during the game
(counts of piles left out). Replaying takes about 5 ms a move: call it off the UI thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shards_tui.core.controller import Controller

MOST_FIGURES = 3  # followed when the game names none
SHARED_VERBS = ("play", "place")  # the shell's own words for playing a card
LEFT_OUT = ("seat", "team")  # numbers that are no figure


@dataclass
class SeatStory:
    name: str
    series: dict[str, list[int]] = field(default_factory=dict)  # fact: at the start, after each turn
    moves: int = 0
    played: int = 0
    damage: int = 0


@dataclass
class GameStory:
    figures: list[tuple[str, str]]  # (fact, label), as shown
    seats: list[SeatStory]
    counts_played: bool  # the game has a way to play cards (the played column means something)
    damage_label: str  # the figure whose loss is damage ('' : no damage column)


def _numbers(facts: Any) -> dict[str, int]:
    data = facts.model_dump() if hasattr(facts, "model_dump") else dict(vars(facts))
    return {key: value for key, value in data.items()
            if isinstance(value, int) and not isinstance(value, bool)
            and key not in LEFT_OUT and not key.endswith("_count")}


def _registered(game_id: str) -> dict[str, Any]:
    try:
        from shards_tui.core.registry import game

        found = game(game_id).extra.get("result")
    except KeyError:
        return {}
    return found if isinstance(found, dict) else {}


def tell(controller: Controller) -> GameStory:
    """Replay ``controller``'s game from its setup (a copy: the game itself is not touched)."""
    named = _registered(controller.game_id)
    replay = type(controller).build(controller.setup)
    replay.validate_transitions = False  # (a known history: the game validated every move)
    verbs = set(named.get("played") or [v for v in SHARED_VERBS if v in replay.commands.by_verb])
    view = replay.view(None)
    before = [_numbers(p) for p in view.players]
    seats = [SeatStory(p.name, {k: [v] for k, v in numbers.items()})
             for p, numbers in zip(view.players, before)]
    hands = [getattr(p, "hand_count", None) for p in view.players]
    turn = view.turn
    damage_fact = named.get("damage")
    losses: dict[str, list[int]] = {}  # fact: loss caused by each seat
    for entry in controller.history:
        active = view.active
        replay.apply(entry.text, entry.seat, note=entry.note)
        view = replay.view(None)
        after = [_numbers(p) for p in view.players]
        mover = entry.seat
        if mover is not None and 0 <= mover < len(seats):
            seats[mover].moves += 1
            hand = getattr(view.players[mover], "hand_count", None)
            if entry.text.split(" ", 1)[0] in verbs and isinstance(hand, int) \
                    and isinstance(hands[mover], int) and hand < hands[mover]:
                seats[mover].played += hands[mover] - hand
        for hurt, (was, now) in enumerate(zip(before, after)):
            dealer = _dealer(hurt, len(seats), active, mover)
            for key, value in now.items():
                drop = was.get(key, value) - value
                if drop > 0 and dealer is not None:
                    losses.setdefault(key, [0] * len(seats))[dealer] += drop
        hands = [getattr(p, "hand_count", None) for p in view.players]
        if view.turn != turn or view.over:
            turn = view.turn
            for seat, numbers in zip(seats, after):
                for key, value in numbers.items():
                    seat.series.setdefault(key, []).append(value)
        before = after
    figures = _chosen_figures(named, seats)
    damage_fact = damage_fact or (figures[0][0] if figures else None)
    if damage_fact in losses:
        for seat, dealt in zip(seats, losses[damage_fact]):
            seat.damage = dealt
    label = next((lab for key, lab in figures if key == damage_fact), "")
    return GameStory(figures, seats, bool(verbs), label if damage_fact in losses else "")


def _dealer(hurt: int, seats: int, active: int, mover: int | None) -> int | None:
    """Who dealt a loss to seat ``hurt``: the other player of a two-player game; else the
    player whose turn it was, or the one who moved (a loss in one's own turn, by one's own
    move, is dealt by nobody)."""
    if seats == 2:
        return 1 - hurt
    if active != hurt and 0 <= active < seats:
        return active
    return mover if mover is not None and mover != hurt and 0 <= mover < seats else None


def _chosen_figures(named: dict[str, Any], seats: list[SeatStory]) -> list[tuple[str, str]]:
    known = set(seats[0].series) if seats else set()
    wanted = named.get("figures")
    if isinstance(wanted, (list, tuple)) and wanted:
        return [(str(key), str(label)) for key, label in wanted if key in known]
    changed = [key for key in (seats[0].series if seats else {})
               if any(len(set(s.series.get(key, []))) > 1 for s in seats)]
    return [(key, key.replace("_", " ").capitalize()) for key in changed[:MOST_FIGURES]]


SPARKS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[int], width: int = 16) -> str:
    """The values as a line of bars ('▇▇▆▅▃▂'), squeezed to ``width`` by taking evenly
    spaced samples (the last always)."""
    if not values:
        return ""
    if len(values) > width:
        step = (len(values) - 1) / (width - 1)
        values = [values[round(i * step)] for i in range(width)]
    low, high = min(values), max(values)
    span = high - low
    return "".join(SPARKS[0 if span == 0 else round((v - low) * (len(SPARKS) - 1) / span)]
                   for v in values)
