"""A saved game watched again, move by move: any position of its history, seen by any seat.

``Replay.from_text`` checks and replays a save exactly as loading does (``saves.replayed``),
keeping every ``STRIDE``-th position; ``seek(n)`` puts the replay's own controller at the
position after ``n`` moves (from the nearest kept one, replaying the rest), and screens read
its views as they read a game in play. Nothing is ever sent to the game: the controller only
shows positions.

What a seat sees is what it saw then: ``view(seat)`` is the game's own view of that seat
(None: the public view), and ``log_added(n, seat)`` what its log said of the ``n``-th move.
Every hand (``hidden_cards``) is shown only once the game is over, and then at any position: a
finished game has no secrets left.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shards_tui.core import saves
from shards_tui.core.controller import Controller
from shards_tui.core.errors import SaveFileError
from shards_tui.core.view import HiddenCards, SeatView
from shards_tui.core.registry import game

STRIDE = 8  # a position kept every STRIDE moves: at most STRIDE - 1 moves replayed per step
NOT_OVER = "Every hand is shown only once the game is over; this game did not end."
CONTINUED = ("This game was played by another version of shards-tui whose rules differ, so "
             "only its end can be shown.")


@dataclass(frozen=True)
class PlayedMove:
    """One move of the history: who made it, its text, and the turn it was made in."""

    seat: int
    text: str
    turn: int


class Replay:
    """One game's history, and a controller at the position being watched."""

    def __init__(self, game_id: str, setup: dict[str, Any], history: list[Any],
                 kept: dict[int, Any], turns: list[int], note: str = "") -> None:
        self.game_id = game_id
        self.setup = setup
        self.history = list(history)
        self._kept = kept  # position -> its state (committed states never change)
        self.turns = turns  # turns[n]: the turn at the position after n moves
        self.note = note  # said once when the replay opens (a continued game)
        self.position = len(self.history)
        cls = _controller_class(game_id)
        last = max(kept)
        self.controller: Controller = cls(kept[last], setup, self.history[:last])
        self._work: Controller = cls(kept[last], setup, self.history[:last])
        self.final_over: bool = kept[last].over  # (the last position is always kept)

    # ---- opening ------------------------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, source: str = "the save") -> "Replay":
        """Check and replay a save (SaveFileError: the sentence loading would say)."""
        kept: dict[int, Any] = {}
        turns: list[int] = []

        def each(n: int, controller: Controller) -> None:
            turns.append(controller.state.flow.turn)
            if n % STRIDE == 0:
                kept[n] = controller.state

        doc, controller = saves.replayed(text, source, each=each)
        if controller.setup.get("kind") == "continued" and doc.setup.get("kind") != "continued":
            # another version's game, gone on from its saved state: only that state is known
            return cls(doc.game, controller.setup, [], {0: controller.state},
                       [controller.state.flow.turn], note=CONTINUED)
        kept[len(doc.history)] = controller.state
        return cls(doc.game, doc.setup, list(doc.history), kept, turns)

    @classmethod
    def load(cls, path: Path | str) -> "Replay":
        path = Path(path)
        return cls.from_text(saves.read_text(path), source=path.name)

    # ---- where we are -------------------------------------------------------------------------

    @property
    def length(self) -> int:
        """How many moves the game has (positions run from 0 to ``length``)."""
        return len(self.history)

    @property
    def turn_word(self) -> str:
        """What ``turn`` counts, as the game says it ('turn', 'round')."""
        return game(self.game_id).turn_word

    @property
    def turn(self) -> int:
        return self.turns[self.position]

    @property
    def last_turn(self) -> int:
        return self.turns[-1]

    def move(self, n: int) -> PlayedMove | None:
        """The ``n``-th move (from 1): the one that led to position n."""
        if not 1 <= n <= self.length:
            return None
        entry = self.history[n - 1]
        return PlayedMove(entry.seat, entry.text, self.turns[n])

    def seek(self, n: int) -> int:
        """Put the controller at the position after ``n`` moves (clamped); returns it."""
        n = max(0, min(self.length, n))
        work = self._work_at(n)
        self.controller.state, self.controller.history = work.state, list(work.history)
        self.position = n
        return n

    def view_before(self, n: int, seat: int | None) -> SeatView | None:
        """``seat``'s view when the ``n``-th move was made (the position before it), as the
        mover chose it from; None if there is no such move. The position watched stays."""
        if not 1 <= n <= self.length:
            return None
        return self._work_at(n - 1).view(seat)

    def log_added(self, n: int, seat: int | None) -> list[str]:
        """The lines the ``n``-th move added to ``seat``'s log (None: the public log), as that
        seat read them then: what it was told of the move, hidden cards left out."""
        before = self.view_before(n, seat)
        if before is None:
            return []
        last = before.log[-1].seq if before.log else -1
        return [line.text for line in self._work_at(n).view(seat).log
                if line.seq > last and line.text]

    def _work_at(self, n: int) -> Controller:
        """The working controller at the position after ``n`` moves (from the nearest kept
        position, replaying the rest)."""
        work = self._work
        at = len(work.history)
        if n < at or n - at >= STRIDE:
            base = max(k for k in self._kept if k <= n)
            work.state, work.history = self._kept[base], self.history[:base]
            at = base
        for entry in self.history[at:n]:
            work.apply(entry.text, entry.seat, note=entry.note)
        work.undo_starts_here("in a replay")  # (it keeps no position it has passed)
        return work

    def step(self, moves: int) -> int:
        return self.seek(self.position + moves)

    def turn_start(self, turn: int) -> int:
        """The first position of ``turn`` (the nearest turn there is, if there is no such)."""
        turn = max(self.turns[0], min(self.last_turn, turn))
        return next(n for n, t in enumerate(self.turns) if t >= turn)

    def next_turn(self) -> int:
        """The first position of the next turn (the end, in the last)."""
        now = self.turns[self.position]
        return next((n for n in range(self.position + 1, self.length + 1) if self.turns[n] > now),
                    self.length)

    def previous_turn(self) -> int:
        """The first position of this turn, or of the one before if already there."""
        start = self.turn_start(self.turns[self.position])
        if start < self.position:
            return start
        return self.turn_start(self.turns[start - 1]) if start > 0 else 0

    # ---- what is shown ------------------------------------------------------------------------

    @property
    def seats(self) -> list[str]:
        return self.controller.seat_names()

    def view(self, seat: int | None) -> SeatView:
        """``seat``'s view at this position, exactly as the game gave it then."""
        return self.controller.view(seat)

    def hidden_cards(self) -> list[HiddenCards]:
        """Every hand at this position: only for a game that is over (SaveFileError, one
        sentence, for one that did not end)."""
        if not self.final_over:
            raise SaveFileError(NOT_OVER)
        return self.controller.hidden_cards()


def _controller_class(game_id: str) -> type[Controller]:
    return game(game_id).controller
