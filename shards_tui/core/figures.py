"""A game's figures over its history: the one reading the result screen and the statistics
both show (``ui/screens/game_over.py``, ``ui/screens/stats.py``, ``shards-tui stats``).

``follow`` replays a history from its setup through a fresh controller and reads each seat's
public facts (``view(None).players``, nothing secret) after every move: the figures the game
registers (``GameInfo.stats``, a ``StatsSpec``; without one, the whole numbers its public
facts hold) at the start and at the end of every turn, the moves each seat made, the cards
each played (a verb of ``spec.played``, or 'play' and 'place' where the game has them, that
leaves one card fewer in the mover's ``hand_count``) and the damage each dealt (the loss of
``spec.damage``, else of the first figure: dealt by the other player of a two-player game,
else by the player whose turn it was). Replaying takes a few ms a move: call it off the UI
thread.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from shards_tui.core.controller import Controller, HistoryEntry
from shards_tui.core.registry import game
from shards_tui.core.stats_spec import Field, StatsSpec, figures_of, spec_for

SHARED_VERBS = ("play", "place")  # the shell's own words for playing a card


@dataclass(frozen=True)
class FigureTrack:
    """Each player's figures over one game, and what each did."""

    names: list[str]
    figures: tuple[Field, ...]
    turns: list[int]  # the turn each reading ends (one reading a turn, the last at the end)
    values: dict[str, list[list[int | None]]]  # figure -> seat -> at the end of each turn
    start: dict[str, list[int | None]]  # figure -> seat -> before the first move
    moves: list[int]  # per seat
    played: list[int]  # per seat: cards played from the hand
    damage: list[int]  # per seat: the damage figure taken from the others
    counts_played: bool  # the game has a way to play cards (the played column means something)
    damage_label: str  # the figure whose loss is damage ('' : none was lost)

    def series(self, key: str, seat: int) -> list[int | None]:
        """``seat``'s figure at the end of each turn."""
        return self.values[key][seat]

    def over_the_game(self, key: str, seat: int) -> list[int | None]:
        """``seat``'s figure at the start, then at the end of each turn."""
        return [self.start[key][seat], *self.values[key][seat]]

    def to_json(self) -> dict[str, Any]:
        return {"players": self.names, "turns": self.turns,
                "figures": [asdict(f) for f in self.figures], "values": self.values}


def _numbers(facts: Any) -> dict[str, int]:
    data = facts.model_dump() if hasattr(facts, "model_dump") else dict(vars(facts))
    return {key: value for key, value in data.items()
            if type(value) is int}


def follow(kind: type[Controller], setup: dict[str, Any], history: list[HistoryEntry],
           spec: StatsSpec) -> FigureTrack:
    """Replay ``history`` from ``setup`` with a fresh controller of ``kind`` and read the
    figures ``spec`` names (the game itself is not touched)."""
    replay = kind.build(setup)
    replay.validate_transitions = False  # (a known history: the game validated every move)
    verbs = set(spec.played or [v for v in SHARED_VERBS if v in replay.commands.by_verb])
    view = replay.view(None)
    names = [p.name for p in view.players]
    seats = len(names)
    first = [_numbers(p) for p in view.players]
    readings: list[tuple[int, list[dict[str, int]]]] = []  # (turn, each seat's numbers)
    before, turn = first, view.turn
    hands = [getattr(p, "hand_count", None) for p in view.players]
    moves, played = [0] * seats, [0] * seats
    losses: dict[str, list[int]] = {}  # fact: the loss each seat caused
    for entry in history:
        active = view.active
        replay.apply(entry.text, entry.seat, note=entry.note)
        view = replay.view(None)
        after = [_numbers(p) for p in view.players]
        mover = entry.seat
        if mover is not None and 0 <= mover < seats:
            moves[mover] += 1
            hand = getattr(view.players[mover], "hand_count", None)
            if entry.text.split(" ", 1)[0] in verbs and isinstance(hand, int) \
                    and isinstance(hands[mover], int):
                # A play puts at least its one card down, even when the card draws others
                # (a Study that draws 2 leaves the hand larger than before).
                played[mover] += max(1, hands[mover] - hand)
        for hurt, (was, now) in enumerate(zip(before, after)):
            dealer = _dealer(hurt, seats, active, mover)
            for key, value in now.items():
                drop = was.get(key, value) - value
                if drop > 0 and dealer is not None:
                    losses.setdefault(key, [0] * seats)[dealer] += drop
        if view.turn != turn:  # the move ended a turn: the turn's last position was before it
            readings.append((turn, before))
            turn = view.turn
        hands = [getattr(p, "hand_count", None) for p in view.players]
        before = after
    readings.append((turn, before))  # the end
    figures = figures_of(spec, [p.model_dump() for p in view.players])
    values = {f.key: [[reading[seat].get(f.key) for _t, reading in readings]
                      for seat in range(seats)] for f in figures}
    start = {f.key: [first[seat].get(f.key) for seat in range(seats)] for f in figures}
    damage_key = spec.damage or (figures[0].key if figures else None)
    dealt = losses.get(damage_key or "", [0] * seats)
    label = next((f.label for f in figures if f.key == damage_key), "") \
        if damage_key in losses else ""
    return FigureTrack(names, figures, [t for t, _r in readings], values, start, moves, played,
                       dealt, bool(verbs), label)


def follow_game(controller: Controller) -> FigureTrack:
    """The figures of ``controller``'s game so far, as its game registers them."""
    spec = spec_for(game(controller.game_id))
    return follow(type(controller), controller.setup, controller.history, spec)


def _dealer(hurt: int, seats: int, active: int, mover: int | None) -> int | None:
    """Who dealt a loss to seat ``hurt``: the other player of a two-player game; else the
    player whose turn it was, or the one who moved (a loss in one's own turn, by one's own
    move, is dealt by nobody)."""
    if seats == 2:
        return 1 - hurt
    if active != hurt and 0 <= active < seats:
        return active
    return mover if mover is not None and mover != hurt and 0 <= mover < seats else None
