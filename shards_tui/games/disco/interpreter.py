"""The one interpreter of the effect vocabulary: carries out the steps of the effects on the
stack until the stack is empty, a question waits, or someone has won.

A step that needs a choice puts a core Decision in ``state.pending`` and returns False;
resolution stops there. The answer (``answer``) comes back to the same step, which finishes
(or asks its next question). The three wins are checked after every step, and after every
part of a step that asks several questions (each token placed, for one).
"""

from __future__ import annotations

from typing import Callable

from shards_tui.games.disco import effects as fx
from shards_tui.games.disco import targets as tg
from shards_tui.games.disco.board import Board, plural
from shards_tui.games.disco.board_steps import detonate, jam, move, reorbit, steal
from shards_tui.games.disco.draft import deal_offer, keep_from_offer
from shards_tui.games.disco.models import Frame

MAX_STEPS = 5_000  # steps in one move; more is a rules bug, never a legal position

Answer = list[str] | None


def run(b: Board) -> None:
    state = b.state
    steps = 0
    while state.stack and state.pending is None and state.winners is None:
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"card effects kept going past {MAX_STEPS} steps")
        frame = state.stack[-1]
        card = b.card(frame.source)
        todo = card.steps(frame.trigger)
        if frame.pc >= len(todo):
            state.stack.pop()
            if frame.trigger == "action" and card.is_satellite:
                launch(b, frame)
                b.check_wins(frame.seat)
            continue
        step = todo[frame.pc]
        if frame.sub == 0 and step.when is not None and not tg.holds(b, frame, step.when):
            frame.pc += 1
            continue
        _carry_out(b, frame, step, None)


def answer(b: Board, chosen: list[str]) -> None:
    """The pending question of the effect on top of the stack was answered."""
    frame = b.state.stack[-1]
    step = b.card(frame.source).steps(frame.trigger)[frame.pc]
    _carry_out(b, frame, step, chosen)


def _carry_out(b: Board, frame: Frame, step: fx.Step, chosen: Answer) -> None:
    """One step, or its part up to its next question; the wins are checked after either."""
    if STEPS[type(step)](b, frame, step, chosen):
        frame.pc += 1
        frame.sub = 0
        frame.picked = []
    b.check_wins(frame.seat)


def launch(b: Board, frame: Frame) -> None:
    """A satellite's action: into the orbit space of the column it fired from."""
    i = b.row_index(frame.source)
    if i is None:
        return
    slot = b.state.row[i]
    assert slot is not None
    card = b.card(frame.source)
    owner = slot.seat if card.launch_to == "own" else b.other(slot.seat)
    b.state.row[i] = None
    b.state.players[owner].orbit[i].append(frame.source)
    whose = "their" if owner == slot.seat else f"{b.who(owner)}'s"
    b.event(f"{card.name} launches into {whose} orbit space {i + 1}.", "launch", slot.seat)


# ---- damage, shields, research --------------------------------------------------------------


def _damage(b: Board, frame: Frame, step: fx.Damage, chosen: Answer) -> bool:
    n = tg.amount(b, frame, step.amount)
    victims = [b.other(frame.seat), frame.seat] if step.each else [b.other(frame.seat)]
    for seat in victims:
        b.lose_shields(seat, n)
        b.event(f"{b.name(frame.source)} deals {n} damage to {b.who(seat)} "
                f"(shields {b.state.players[seat].shields}).", "damage", frame.seat)
    return True


def fire_missile(b: Board, seat: int, column: int, n: int, source: str) -> None:
    target = b.other(seat)
    stack = b.state.players[target].orbit[column - 1]
    if stack:
        guards = [s for s in stack if b.card(s).guard]
        victims = guards[:1] if guards else list(stack)
        b.event(f"{b.name(source)} hits {b.who(target)}'s orbit space {column}; the satellites "
                "there absorb it.", "missiles", seat)
        for victim in victims:
            b.destroy_satellite(victim, f"by {b.name(source)}")
        return
    boosts = sum(1 for s in b.state.players[seat].orbit[column - 1] if b.card(s).boost)
    damage = n * 2 ** boosts
    b.lose_shields(target, damage)
    doubled = " (doubled)" if boosts else ""
    b.event(f"{b.name(source)} fires down column {column} and deals {damage} damage{doubled} to "
            f"{b.who(target)} (shields {b.state.players[target].shields}).", "missiles", seat)


def _missile(b: Board, frame: Frame, step: fx.Missile, chosen: Answer) -> bool:
    space = b.space_of(frame)
    column = space
    if step.column == "choose":
        if chosen is None:
            return tg.ask(b, frame.seat, "column", f"{b.name(frame.source)}: fire down which column?",
                          tg.column_options(b, frame.seat))
        column = tg.space_of_option(chosen[0])
    n = tg.amount(b, frame, step.amount)
    if step.boost is not None and space in step.boost.spaces:
        n += step.boost.plus
    fire_missile(b, frame.seat, column, n, frame.source)
    return True


def _shields(b: Board, frame: Frame, step: fx.Shields, chosen: Answer) -> bool:
    gained = b.gain_shields(frame.seat, tg.amount(b, frame, step.amount))
    b.event(f"{b.who(frame.seat)} gains {plural(gained, 'shield')} from {b.name(frame.source)} "
            f"(shields {b.state.players[frame.seat].shields}).", "shields", frame.seat)
    return True


def _research(b: Board, frame: Frame, step: fx.Research, chosen: Answer) -> bool:
    n, space = tg.amount(b, frame, step.amount), b.space_of(frame)
    b.state.players[frame.seat].research[space - 1] += n
    b.event(f"{b.who(frame.seat)} gains {plural(n, 'research point')} in space {space} "
            f"({b.research_total(frame.seat)} in all).", "research", frame.seat)
    return True


def _take_their_research(b: Board, frame: Frame, value: fx.Amount, keep: bool) -> None:
    """Up to ``value`` of the opponent's research points in this space: stolen (``keep``)
    or destroyed."""
    space, other = b.space_of(frame), b.other(frame.seat)
    theirs = b.state.players[other].research
    n = min(tg.amount(b, frame, value), theirs[space - 1])
    theirs[space - 1] -= n
    if keep:
        b.state.players[frame.seat].research[space - 1] += n
    b.event(f"{b.name(frame.source)} {'steals' if keep else 'destroys'} "
            f"{plural(n, 'research point')} of {b.who(other)}'s in space {space}.", "research",
            frame.seat)


def _steal_research(b: Board, frame: Frame, step: fx.StealResearch, chosen: Answer) -> bool:
    _take_their_research(b, frame, step.amount, keep=True)
    return True


def _wipe_research(b: Board, frame: Frame, step: fx.WipeResearch, chosen: Answer) -> bool:
    _take_their_research(b, frame, step.amount, keep=False)
    return True


# ---- power tokens ------------------------------------------------------------------------


def _gain(b: Board, frame: Frame, step: fx.Gain, chosen: Answer) -> bool:
    n = tg.amount(b, frame, step.amount)
    if step.on != "any":
        at = b.row_index(frame.source)
        if step.on == "next":
            targets = [] if at is None or at + 1 >= len(b.state.row) or b.state.row[at + 1] is None \
                else [b.state.row[at + 1].card]  # type: ignore[union-attr]
        elif step.on == "your_downstream":
            targets = [] if at is None else [s.card for i, s in b.row_cards()
                                              if i > at and s.seat == frame.seat]
        else:
            targets = b.satellites(frame.seat)
        for card in targets:
            b.add_tokens(card, n)
        if targets:
            b.event(f"{b.name(frame.source)} puts {plural(n, 'power token')} on "
                    f"{', '.join(b.name(c) for c in targets)}.", "tokens", frame.seat)
        return True
    if chosen is not None:
        b.add_tokens(chosen[0], 1)
        b.event(f"{b.who(frame.seat)} puts a power token on {tg.where_label(b, chosen[0])}.",
                "tokens", frame.seat)
        frame.sub += 1
    candidates = tg.scope_cards(b, frame, "any")
    while frame.sub < n:
        if len(candidates) > 1:
            return tg.ask(b, frame.seat, "token", f"{b.name(frame.source)}: put power token "
                          f"{frame.sub + 1} of {n} on which card?", tg.card_options(b, candidates, frame.seat))
        if candidates:
            b.add_tokens(candidates[0], 1)
        frame.sub += 1
    return True


def _accumulate(b: Board, frame: Frame, step: fx.Accumulate, chosen: Answer) -> bool:
    if b.in_play(frame.source):
        n = tg.amount(b, frame, step.amount)
        b.add_tokens(frame.source, n)
        b.event(f"{b.name(frame.source)} accumulates {plural(n, 'power token')} "
                f"({b.tokens_on(frame.source)} on it).", "tokens", frame.seat)
    return True


def _transfer(b: Board, frame: Frame, step: fx.Transfer, chosen: Answer) -> bool:
    if chosen is not None:
        frame.picked.append(chosen[0])
        frame.sub += 1
    if frame.sub == 0:
        sources = [c for c in tg.scope_cards(b, frame, step.source) if b.tokens_on(c)]
        if not sources:
            return True
        if len(sources) > 1:
            return tg.ask(b, frame.seat, "token_source", f"{b.name(frame.source)}: move tokens "
                          "from which card?", tg.card_options(b, sources, frame.seat))
        frame.picked.append(sources[0])
        frame.sub = 1
    source = frame.picked[0]
    if frame.sub == 1:
        dests = [c for c in tg.scope_cards(b, frame, step.dest) if c != source]
        if not dests:
            return True
        if len(dests) > 1:
            return tg.ask(b, frame.seat, "token_dest", f"{b.name(frame.source)}: move them onto "
                          "which card?", tg.card_options(b, dests, frame.seat))
        frame.picked.append(dests[0])
    dest = frame.picked[1]
    moved = b.remove_tokens(source, step.amount)
    b.add_tokens(dest, moved)
    b.event(f"{b.name(frame.source)} moves {plural(moved, 'power token')} from {b.name(source)} "
            f"to {b.name(dest)}.", "transfer", frame.seat)
    return True


def spend_order(b: Board, frame: Frame, scope: str) -> list[str]:
    """Where spent tokens come from: this card, then your action-row cards (their tokens leave
    at the end of the round anyway), then your satellites, fewest tokens first."""
    mine = [c for c in tg.scope_cards(b, frame, scope) if b.owner(c) == frame.seat and b.tokens_on(c)]
    row = [c for c in mine if b.row_index(c) is not None and c != frame.source]
    orbit = sorted((c for c in mine if c not in row and c != frame.source), key=b.tokens_on)
    return ([frame.source] if frame.source in mine else []) + row + orbit


def _spend(b: Board, frame: Frame, step: fx.Spend, chosen: Answer) -> bool:
    order = spend_order(b, frame, step.source)
    available = sum(b.tokens_on(c) for c in order)
    if step.exact and available < step.amount:
        b.event(f"{b.name(frame.source)}: {b.who(frame.seat)} has only "
                f"{plural(available, 'power token')} to spend, so nothing is spent.", "spend", frame.seat)
        return True
    want = min(step.amount, available)
    left = want
    for card in order:
        left -= b.remove_tokens(card, left)
    frame.spent += want
    if want:
        b.event(f"{b.name(frame.source)}: {b.who(frame.seat)} spends {plural(want, 'power token')}.",
                "spend", frame.seat)
    return True


# ---- cards in hand -------------------------------------------------------------------------


def _draw(b: Board, frame: Frame, step: fx.Draw, chosen: Answer) -> bool:
    b.draw(frame.seat, tg.amount(b, frame, step.amount))
    return True


def _discard(b: Board, frame: Frame, step: fx.Discard, chosen: Answer) -> bool:
    seat = frame.seat if step.who == "you" else b.other(frame.seat)
    hand = b.state.players[seat].hand
    if chosen is None:
        k = min(step.amount, len(hand))
        if k == 0:
            return True
        if k < len(hand):
            return tg.ask(b, seat, "discard", f"{b.name(frame.source)}: discard {plural(k, 'card')}.",
                          tg.hand_options(b, hand), least=k, most=k, private=True)
        chosen = list(hand)
    for card in chosen:
        hand.remove(card)
        b.state.players[seat].discard.append(card)
        if card in b.state.round.retained:
            b.state.round.retained.remove(card)
    b.event(f"{b.who(seat)} discards {', '.join(b.name(c) for c in chosen)}.", "discard", seat)
    return True


def _retain(b: Board, frame: Frame, step: fx.Retain, chosen: Answer) -> bool:
    kept = b.state.round.retained
    hand = [c for c in b.state.players[frame.seat].hand if c not in kept]
    if chosen is None:
        if not hand:
            return True
        return tg.ask(b, frame.seat, "retain", f"{b.name(frame.source)}: keep up to "
                      f"{plural(step.amount, 'card')} in your hand for the next round.",
                      tg.hand_options(b, hand), least=0, most=step.amount, private=True)
    kept.extend(chosen)
    who = b.who(frame.seat)
    b.event(f"{who} retains {', '.join(b.name(c) for c in chosen) or 'nothing'}.", "retain",
            frame.seat, private_to=frame.seat, public=f"{who} retains {plural(len(chosen), 'card')}.")
    return True


def _trash(b: Board, frame: Frame, step: fx.Trash, chosen: Answer) -> bool:
    seat = frame.seat
    if step.what == "this":
        _trash_from_play(b, frame.source)
        return True
    if step.what == "hand":
        hand = b.state.players[seat].hand
        if chosen is None:
            if not hand:
                return True
            return tg.ask(b, seat, "trash", f"{b.name(frame.source)}: trash a card from your hand"
                          f"{' (or none)' if step.optional else ''}.", tg.hand_options(b, hand),
                          least=0 if step.optional else 1, private=True)
        for card in chosen:
            hand.remove(card)
            if card in b.state.round.retained:
                b.state.round.retained.remove(card)
            b.to_trash(card)
            b.event(f"{b.who(seat)} trashes {b.name(card)} from their hand.", "trash", seat)
        return True
    if chosen is None:
        pool = b.satellites(0) + b.satellites(1) if step.what == "satellite" \
            else [s.card for _, s in b.row_cards() if s.card != frame.source]
        pool = [c for c in pool if tg.selectable(b, seat, c)
                and (not step.enemy_only or b.owner(c) != seat)]
        if not pool:
            return True
        what = "satellite" if step.what == "satellite" else "card in the action row"
        return tg.ask(b, seat, "select_trash", f"{b.name(frame.source)}: select a {what} to trash"
                      f"{' (or none)' if step.optional else ''}.", tg.card_options(b, pool, seat),
                      least=0 if step.optional else 1)
    for card in chosen:
        tg.select(b, seat, card)
        _trash_from_play(b, card)
    return True


def _trash_from_play(b: Board, card: str) -> None:
    i = b.row_index(card)
    if i is not None:
        b.take_from_row(i)
    elif b.orbit_place(card) is not None:
        b.take_from_orbit(card)
    else:
        return
    b.to_trash(card)
    b.event(f"{b.name(card)} goes to the trash.", "trash")


def _fetch(b: Board, frame: Frame, step: fx.Fetch, chosen: Answer) -> bool:
    if chosen is None:
        pool = [c for c in dict.fromkeys(b.state.trash) if step.kind == "any" or b.card(c).kind == step.kind]
        if not pool:
            return True
        return tg.ask(b, frame.seat, "fetch", f"{b.name(frame.source)}: take which card from the "
                      f"trash into your {step.to}?", tg.hand_options(b, pool))
    card = chosen[0]
    b.state.trash.remove(card)
    p = b.state.players[frame.seat]
    (p.hand if step.to == "hand" else p.discard).append(card)
    b.event(f"{b.who(frame.seat)} takes {b.name(card)} from the trash into their {step.to}.",
            "trash", frame.seat)
    return True


def _draft(b: Board, frame: Frame, step: fx.DraftStep, chosen: Answer) -> bool:
    if chosen is None:
        return not deal_offer(b, frame.seat, "effect")
    keep_from_offer(b, frame.seat, chosen[0])
    return True


STEPS: dict[type, Callable[[Board, Frame, fx.Step, Answer], bool]] = {
    fx.Damage: _damage, fx.Missile: _missile, fx.Shields: _shields, fx.Research: _research,
    fx.StealResearch: _steal_research, fx.WipeResearch: _wipe_research, fx.Gain: _gain,
    fx.Accumulate: _accumulate, fx.Transfer: _transfer, fx.Spend: _spend, fx.Draw: _draw,
    fx.Discard: _discard, fx.Retain: _retain, fx.Trash: _trash, fx.Fetch: _fetch,
    fx.Move: move, fx.Reorbit: reorbit, fx.Steal: steal, fx.Detonate: detonate,
    fx.Jam: jam, fx.DraftStep: _draft,
}
