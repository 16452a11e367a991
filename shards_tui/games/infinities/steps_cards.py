"""Step functions of the interpreter for cards and dice: drawing, discarding, preparing,
recovering from the discard pile, playing a card for free, adding a die, raising a track."""

from __future__ import annotations

from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities.board import Board, plural
from shards_tui.games.infinities.cards import play_card, prepare_into
from shards_tui.games.infinities.models import Die, Frame
from shards_tui.games.infinities.steps_combat import amount, make_room
from shards_tui.games.infinities.targets import target_options

Answer = list[str] | None


def _draw(b: Board, frame: Frame, step: fx.Draw, chosen: Answer) -> bool:
    n = amount(b, frame.seat, step.amount)
    seats = [frame.seat] if step.who == "you" else \
        [s for s in fr.seat_targets(frame) if s not in frame.blocked]
    for seat in seats:
        if b.in_game(seat):
            b.draw(seat, n, fr.source_name(b, frame))
    return True


def _discard(b: Board, frame: Frame, step: fx.Discard, chosen: Answer) -> bool:
    n = amount(b, frame.seat, step.amount)
    seats = [frame.seat] if step.who == "you" else \
        [s for s in fr.seat_targets(frame) if s not in frame.blocked]
    while frame.sub < len(seats):
        seat = seats[frame.sub]
        hand = b.state.players[seat].hand
        k = min(n, len(hand))
        if chosen is None and 0 < k < len(hand) and b.in_game(seat):
            return fr.ask(b, frame, seat, "discard", f"{fr.source_name(b, frame)}: discard "
                          f"{plural(k, 'card')}.", fr.card_options(b, hand), least=k, most=k,
                          private=True)
        cards = list(chosen) if chosen is not None else list(hand[:k])
        chosen = None
        for inst in cards:
            hand.remove(inst)
            b.to_discard(inst)
        if cards:
            b.event(f"{b.who(seat)} discards {', '.join(b.name(c) for c in cards)} "
                    f"({fr.source_name(b, frame)}).", "discard", seat)
        frame.sub += 1
    return True


def _prepare(b: Board, frame: Frame, step: fx.Prepare, chosen: Answer) -> bool:
    """The card comes from the command (a standard Tide action) or is chosen now; a full
    timeline first loses a card of the preparer's choice."""
    seat = frame.seat
    owners = [int(a[3:]) for a in frame.args if a.startswith("to:")]
    owner = owners[0] if owners else seat
    hand = b.state.players[seat].hand
    if frame.picked == ["card"] and chosen is not None:
        frame.args.append(f"card:{chosen[0]}")
        frame.picked = []
    elif frame.picked == ["room"] and chosen is not None:
        make_room(b, frame, owner, "timeline", chosen, "")
    preset = [a[5:] for a in frame.args if a.startswith("card:")]
    if not preset:
        if not hand:
            return True
        frame.picked = ["card"]
        return fr.ask(b, frame, seat, "prepare", f"{fr.source_name(b, frame)}: prepare which card?",
                      fr.card_options(b, hand), private=True)
    inst = preset[0]
    if inst not in hand:
        return True
    if not make_room(b, frame, owner, "timeline", None, b.name(inst)):
        return False
    prepare_into(b, seat, inst, owner)
    return True


def _recover(b: Board, frame: Frame, step: fx.Recover, chosen: Answer) -> bool:
    seat = frame.seat
    p = b.state.players[seat]
    pile = b.state.decks[p.deck].discard
    if chosen is None:
        pool = [c for c in pile if step.kind == "any" or b.card(c).kind == step.kind]
        if not pool or len(p.hand) >= b.limits.hand:
            return True
        return fr.ask(b, frame, seat, "recover", f"{fr.source_name(b, frame)}: take which card from "
                      "your discard pile?", fr.card_options(b, list(dict.fromkeys(pool))))
    pile.remove(chosen[0])
    p.hand.append(chosen[0])
    b.event(f"{b.who(seat)} takes {b.name(chosen[0])} from their discard pile into their hand.",
            "recover", seat)
    return True


def _play_free(b: Board, frame: Frame, step: fx.PlayFree, chosen: Answer) -> bool:
    seat = frame.seat
    hand = b.state.players[seat].hand
    if chosen is None:
        pool = [c for c in hand if b.card(c).cost <= step.most
                and (step.kind == "any" or b.card(c).kind == step.kind) and playable_free(b, seat, c)]
        if not pool:
            return True
        return fr.ask(b, frame, seat, "play_free", f"{fr.source_name(b, frame)}: play which card "
                      f"(cost {step.most} or less) for free?", fr.card_options(b, pool), least=0,
                      private=True)
    if chosen:
        frame.pc += 1  # this step is done before the played card resolves on top of it
        frame.sub = 0
        play_card(b, seat, chosen[0], unlocked=False, how="free")
        return False
    return True


def playable_free(b: Board, seat: int, inst: str) -> bool:
    """A card with a target to declare can be played only if one exists."""
    play = b.card(inst).play_ability()
    return play is None or play.target.who == "none" or bool(target_options(b, seat, play.target))


def _add_die(b: Board, frame: Frame, step: fx.AddDie, chosen: Answer) -> bool:
    state = b.state
    if state.flow.active != frame.seat or not state.turn.locked:
        b.event(f"{fr.source_name(b, frame)}: an added die helps only on your own turn once the "
                "dice are locked; nothing is added.", "ruling-added-dice", frame.seat)
        return True
    for _ in range(step.amount):
        state.turn.dice.append(Die(colour=step.face, face=step.face, added=True))
    b.event(f"{b.who(frame.seat)} adds {plural(step.amount, step.face.capitalize() + ' die')} "
            f"({fr.source_name(b, frame)}).", "add-die", frame.seat)
    return True


def _raise(b: Board, frame: Frame, step: fx.Raise, chosen: Answer) -> bool:
    key = f"{frame.seat}:{step.attr}"
    b.state.turn.raised[key] = b.state.turn.raised.get(key, 0) + step.amount
    b.event(f"{b.who(frame.seat)}'s {step.attr.capitalize()} track is {step.amount} higher until "
            f"the turn ends (level {b.level(frame.seat, step.attr)}).", "raise", frame.seat)
    return True


CARD_STEPS = {fx.Draw: _draw, fx.Discard: _discard, fx.Prepare: _prepare, fx.Recover: _recover,
              fx.PlayFree: _play_free, fx.AddDie: _add_die, fx.Raise: _raise}
