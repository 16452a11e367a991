"""Taking a move back at a table where every seat sees each move as it is made (an SSH table).

There, a move is shown to the other seats at once, so ``u`` does not take it back alone: it
asks the others, as chess sites do, and nothing changes unless every one of them accepts. Only
what the controller could undo may be asked for (a player's own last moves, never past cards
revealed or another seat's question or turn), never in a ranked game, and once per move: a
refused move is not asked for again. A bot accepts every take-back the rules allow (it keeps
no plan that a take-back could spoil), so a player among bots takes moves back as at one
keyboard. The request lapses when any move is made first.

At one keyboard none of this is needed: the controller already refuses to undo past the point
where the keyboard passed (another seat was asked something or took the turn, so that player
has seen the move), and before that nobody else has seen it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shards_tui.core.controller import Controller
from shards_tui.core.errors import IllegalCommand


@dataclass
class TakeBack:
    """``seat`` asks to take back its last move (made when the game had ``moves`` moves; its
    log entries start at ``log_from``); each seat of ``asked`` must accept."""

    seat: int
    moves: int
    log_from: int
    asked: frozenset[int]
    accepted: set[int] = field(default_factory=set)

    def waits_for(self, seat: int | None) -> bool:
        """Whether ``seat`` has yet to answer."""
        return seat in self.asked and seat not in self.accepted

    def lapsed(self, controller: Controller) -> bool:
        """A move was made (or the game ended) since it was asked."""
        return len(controller.history) != self.moves or controller.over


def takeback_refusal(controller: Controller, seat: int, pending: TakeBack | None,
                     refused: dict[int, int]) -> str | None:
    """Why ``seat`` may not ask to take its last move back now (one sentence), or None."""
    if controller.rated:
        return "Moves cannot be taken back in a ranked game."
    why = controller.undo_refusal(seat)
    if why is not None:
        return why
    if pending is not None:
        return "A take-back was asked for already; the others have not all answered."
    if refused.get(seat) == len(controller.history):
        return "Your take-back of this move was refused; it stands."
    return None


def check_answer(pending: TakeBack | None, seat: int) -> TakeBack:
    """The request ``seat`` may answer now; IllegalCommand if there is none for it."""
    if pending is None or not pending.waits_for(seat):
        raise IllegalCommand("Nobody is asking you to allow a take-back now.")
    return pending
