"""Declaring targets, then protection: once a card's ability has declared its targets, each
leader it targets may cancel it (with a trigger that cancels) and then block it, in turn order
from the current player. A block discards 5 cards less the blocker's Fortitude level (at least
1) and makes the ability ignore that leader for the rest of the turn. Fated mechanics, gambits,
tile events and every action paid with dice cannot be blocked or cancelled."""

from __future__ import annotations

from shards_tui.core.decision import Option
from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities import targets as tg
from shards_tui.games.infinities import triggers
from shards_tui.games.infinities.board import Board, plural
from shards_tui.games.infinities.models import Frame


def declare_targets(b: Board, frame: Frame, chosen: list[str] | None) -> bool:
    spec = fr.target_spec(b, frame)
    if spec.who == "none" or frame.targets:
        return True
    options = tg.target_options(b, frame.seat, spec, enemy_ability=fr.kind_of(frame) == "card")
    if spec.who == "each_enemy":
        frame.targets = options
        return True
    if chosen is not None:
        frame.targets = [tg.from_option(options, chosen[0])]
        _say_target(b, frame)
        return True
    if len(options) <= 1:
        frame.targets = options
        if options:
            _say_target(b, frame)
        return True
    return fr.ask(b, frame, frame.seat, "target", f"{fr.source_name(b, frame)}: choose its target.",
                  tg.options(b, options))


def _say_target(b: Board, frame: Frame) -> None:
    b.event(f"{fr.source_name(b, frame)} targets {tg.label(b, frame.targets[0])}.", "order-of-activation",
            frame.seat)


def protect(b: Board, frame: Frame, chosen: list[str] | None) -> bool:
    """Cancels, then blocks; True once every targeted leader has had their say."""
    if fr.fated(b, frame):
        return True
    foes = [s for s in fr.targeted_seats(b, frame) if b.is_enemy(frame.seat, s)]
    if not foes:
        return True
    if frame.sub == 0:
        frame.sub = 1
        for seat in foes:
            triggers.emit(b, "targeted", seat, other=frame.seat, context=frame.id)
        return False
    if chosen is not None and frame.picked:
        what, seat = frame.picked[0], int(frame.picked[1])
        frame.picked = []
        if what == "block" and chosen[0] == "block":
            hand = b.state.players[seat].hand
            cost = b.block_cost(seat)
            if len(hand) > cost:
                frame.picked = ["discard", str(seat)]
                return fr.ask(b, frame, seat, "block_discard", f"Block {fr.source_name(b, frame)}: "
                              f"discard {plural(cost, 'card')}.", fr.card_options(b, hand),
                              least=cost, most=cost, private=True)
            _block(b, frame, seat, list(hand[:cost]))
        elif what == "discard":
            _block(b, frame, seat, chosen)
    for seat in b.turn_order_from(b.state.flow.active):
        if seat not in foes or seat in frame.asked or not b.in_game(seat):
            continue
        frame.asked.append(seat)
        cost = b.block_cost(seat)
        if len(b.state.players[seat].hand) >= cost:
            frame.picked = ["block", str(seat)]
            return fr.ask(b, frame, seat, "block", f"{b.who(seat)}: {b.who(frame.seat)}'s "
                          f"{fr.source_name(b, frame)} targets you. Block it by discarding "
                          f"{plural(cost, 'card')}?",
                          [Option(id="block", label=f"Block (discard {plural(cost, 'card')})"),
                           Option(id="allow", label="Let it resolve")])
    return True


def _block(b: Board, frame: Frame, seat: int, cards: list[str]) -> None:
    p = b.state.players[seat]
    for inst in cards:
        p.hand.remove(inst)
        b.to_discard(inst)
    frame.blocked.append(seat)
    b.event(f"{b.who(seat)} blocks {fr.source_name(b, frame)}, discarding "
            f"{', '.join(b.name(c) for c in cards)}; it ignores them this turn.", "block", seat)
    triggers.emit(b, "blocked", seat, other=frame.seat)
