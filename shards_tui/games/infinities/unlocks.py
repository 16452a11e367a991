"""Unlocks: an ability's optional second cost, paid when it is played, activated or triggered.
Four kinds: discard cards, take damage to your own group, spend action dice, or have an
attribute at a level (checked when used; a unit's level unlock holds while the level does)."""

from __future__ import annotations

from shards_tui.games.infinities import damage, dice
from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities.board import Board, plural
from shards_tui.games.infinities.models import Frame


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


def pay(b: Board, frame: Frame, pay_cost: fx.UnlockCost, chosen: list[str] | None) -> bool:
    """Pay a frame's unlock (its 'pay' stage); False while the payer chooses cards."""
    seat = frame.seat
    p = b.state.players[seat]
    name = fr.source_name(b, frame)
    if isinstance(pay_cost, fx.DiscardCost):
        if chosen is None and len(p.hand) > pay_cost.amount:
            return fr.ask(b, frame, seat, "unlock_discard", f"{name}: discard "
                          f"{plural(pay_cost.amount, 'card')} to unlock it.",
                          fr.card_options(b, p.hand), least=pay_cost.amount,
                          most=pay_cost.amount, private=True)
        cards = list(chosen) if chosen is not None else list(p.hand)
        for inst in cards:
            p.hand.remove(inst)
            b.to_discard(inst)
        b.event(f"{b.who(seat)} discards {', '.join(b.name(c) for c in cards)} to unlock {name}.",
                "unlocks", seat)
    elif isinstance(pay_cost, fx.DamageCost):
        b.event(f"{b.who(seat)} takes {plural(pay_cost.amount, 'damage')} to unlock {name}.",
                "unlocks", seat)
        for _ in range(pay_cost.amount):
            damage.take(b, seat, name)
    elif isinstance(pay_cost, fx.DiceCost):
        dice.spend(b, seat, pay_cost.faces)
        b.event(f"{b.who(seat)} spends {', '.join(f.capitalize() for f in pay_cost.faces)} to "
                f"unlock {name}.", "unlocks", seat)
    return True

