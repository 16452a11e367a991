"""Unlocks: an ability's optional second cost, paid when it is played, activated or triggered.
Four kinds: discard cards, take damage to your own group, spend action dice, or have an
attribute at a level (checked when used; a unit's level unlock holds while the level does).
Here: whether one can be paid; the interpreter pays it (its frame's 'pay' stage)."""

from __future__ import annotations

from shards_tui.games.infinities import dice
from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities.board import Board, plural


def pay_problem(b: Board, seat: int, pay: fx.UnlockCost, hand_spare: int = 0,
                dice_also: tuple[str, ...] = ()) -> str | None:
    """Why this unlock cannot be paid now (one sentence), or None. ``hand_spare``: cards of the
    hand that are not available (the card being played); ``dice_also``: results the same move
    spends besides."""
    if isinstance(pay, fx.DiscardCost):
        have = len(b.state.players[seat].hand) - hand_spare
        if have < pay.amount:
            return f"The unlock needs {plural(pay.amount, 'card')} to discard and you would have {have}."
        return None
    if isinstance(pay, fx.DiceCost):
        return dice.spend_problem(b, seat, list(dice_also) + list(pay.faces))
    if isinstance(pay, fx.LevelCost):
        if b.level(seat, pay.attr) < pay.at_least:
            return (f"The unlock needs {pay.attr.capitalize()} level {pay.at_least}; yours is "
                    f"{b.level(seat, pay.attr)}.")
        return None
    return None  # damage can always be taken


def can_pay(b: Board, seat: int, pay: fx.UnlockCost, hand_spare: int = 0) -> bool:
    return pay_problem(b, seat, pay, hand_spare) is None
