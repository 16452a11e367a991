"""The flow of a game: the draft cycles before round 1, then each round's phases in order.

``advance`` moves the game on until it waits for a move: a placement, an optional draft
cycle's 'draft' or 'pass', or the answer to a question; or until someone has won.
"""

from __future__ import annotations

from shards_tui.games.disco import effects as fx
from shards_tui.games.disco import interpreter
from shards_tui.games.disco import targets as tg
from shards_tui.games.disco.board import Board, plural
from shards_tui.games.disco.draft import cards_left, deal_offer, keep_from_offer
from shards_tui.games.disco.models import FiredCard, Frame, Slot

MAX_FLOW_STEPS = 10_000

# End- and start-of-round effects made only of these steps give the same result in any order,
# so their owner is not asked to order them.
_ORDER_FREE = (fx.Accumulate, fx.Research, fx.Shields)
_BATCH = {"start_effects": ("start_of_round", "place"), "end": ("end_of_round", "cleanup")}


def advance(b: Board) -> None:
    state = b.state
    for _ in range(MAX_FLOW_STEPS):
        if state.winners is not None or state.pending is not None:
            return
        if state.stack:
            interpreter.run(b)
            continue
        phase = state.flow.phase
        if phase == "setup":
            _setup_draft(b)
        elif phase == "start":
            _start_round(b)
        elif phase in _BATCH:
            _round_effects(b, *_BATCH[phase])
        elif phase == "place":
            if not _placement_goes_on(b):
                return
        elif phase == "action":
            _fire_next(b)
        elif phase == "drift":
            _drift(b)
        elif phase == "cleanup":
            _cleanup(b)
        elif phase == "draft":
            if not _optional_draft_goes_on(b):
                return
    raise RuntimeError(f"the round did not settle within {MAX_FLOW_STEPS} steps")


# ---- before round 1 ------------------------------------------------------------------------


def _setup_draft(b: Board) -> None:
    state, r = b.state, b.state.round
    first, second = r.first, b.other(r.first)
    done = r.setup_drafts
    if min(done) >= b.limits.setup_drafts:
        for seat, p in enumerate(state.players):
            p.deck = p.deck + p.discard
            p.discard = []
            state.rng.shuffle(p.deck)
            b.event(f"{p.name} shuffles a starting deck of {len(p.deck)} cards.", "setup", seat)
        state.flow.phase = "start"
        state.flow.turn = 1
        return
    seat = first if done[first] <= done[second] else second
    state.flow.active = seat
    if not deal_offer(b, seat, "setup"):
        done[seat] = b.limits.setup_drafts  # nothing left to draft


# ---- start of round ------------------------------------------------------------------------


def _start_round(b: Board) -> None:
    state, r = b.state, b.state.round
    b.event(f"Round {state.flow.turn} begins; {b.who(r.first)} places first.", "round", r.first)
    for seat in (r.first, b.other(r.first)):
        b.draw(seat, b.limits.hand_size)
    state.flow.phase = "start_effects"
    r.owners_left = [r.first, b.other(r.first)]
    r.todo = []


def _round_effects(b: Board, trigger: str, next_phase: str) -> None:
    """Start- or end-of-round effects: the round's first player's satellites, then the other's;
    each owner picks the order of their own when it can matter."""
    state, r = b.state, b.state.round
    if r.todo:
        r.todo = [s for s in r.todo if (b.orbit_place(s) or (-1,))[0] == r.todo_seat]
    if not r.todo:
        if not r.owners_left:
            state.flow.phase = next_phase  # type: ignore[assignment]
            if next_phase == "place":
                state.flow.active = r.first
            return
        r.todo_seat = r.owners_left.pop(0)
        r.todo = [s for s in b.satellites(r.todo_seat) if b.card(s).steps(trigger)]
        return
    if len(r.todo) > 1 and not all(isinstance(step, _ORDER_FREE) and step.when is None
                                   for s in r.todo for step in b.card(s).steps(trigger)):
        when = "start" if trigger == "start_of_round" else "end"
        tg.ask(b, r.todo_seat, "order", f"Which of your satellites' {when}-of-round effects "
               "happens next?", tg.card_options(b, r.todo, r.todo_seat), origin="flow")
        return
    _fire_round_effect(b, r.todo[0], trigger)


def _fire_round_effect(b: Board, satellite: str, trigger: str) -> None:
    r = b.state.round
    r.todo.remove(satellite)
    _, space = b.orbit_place(satellite)  # type: ignore[misc]
    b.state.stack.append(Frame(source=satellite, seat=r.todo_seat, trigger=trigger, space=space + 1))


def answer_order(b: Board, chosen: str) -> None:
    trigger = _BATCH[b.state.flow.phase][0]
    _fire_round_effect(b, chosen, trigger)


# ---- placement -----------------------------------------------------------------------------


def _placement_goes_on(b: Board) -> bool:
    """False: the active player must place now."""
    state = b.state
    if len(state.row) >= b.limits.row_size:
        _begin_action(b)
        b.event("The action row is full: its cards fire from space 1 to space "
                f"{len(state.row)}.", "action-phase")
        return True
    active = state.flow.active
    if state.players[active].hand:
        return False
    other = b.other(active)
    if state.players[other].hand:
        b.event(f"{b.who(active)} has no card to place; {b.who(other)} places again.",
                "cannot-place", active)
        state.flow.active = other
        return False
    b.event(f"Neither player has a card left to place; the action row fires with "
            f"{plural(len(state.row), 'card')}.", "cannot-place")
    _begin_action(b)
    return True


def _begin_action(b: Board) -> None:
    state = b.state
    state.flow.phase = "action"
    state.round.firing = 0
    state.action_row = [None if s is None else FiredCard(card=s.card, seat=s.seat,
                                                        tokens=state.tokens.get(s.card, 0))
                        for s in state.row]
    state.marks = []
    b.mark()  # the counts as the row begins to fire


def place(b: Board, seat: int, card: str, gap: int) -> None:
    """Put a card from hand into the row at position ``gap`` (from 1); its Placement effect
    is carried out at once, up to its first question (the placement preview runs this same
    function on a scratch copy: ``DiscoController.placement_outcome``)."""
    state = b.state
    state.players[seat].hand.remove(card)
    if card in state.round.retained:
        state.round.retained.remove(card)
    state.row.insert(gap - 1, Slot(card=card, seat=seat))
    b.event(f"{b.who(seat)} places {b.name(card)} in space {gap} of {len(state.row)}.",
            "placement", seat)
    state.flow.active = b.other(seat)
    if b.card(card).placement:
        state.stack.append(Frame(source=card, seat=seat, trigger="placement", space=gap))
        interpreter.run(b)


# ---- action, drift, end of round, cleanup ----------------------------------------------------


def _fire_next(b: Board) -> None:
    """Firing goes by space: after space k, whatever card is now in space k+1 fires. A card
    fires at most once a round, and a jammed card not at all."""
    state, r = b.state, b.state.round
    if r.firing >= len(state.row):
        state.flow.phase = "drift"
        b.event("Every space has fired; drift and the end-of-round effects follow.", "round")
        return
    index = r.firing
    r.firing += 1
    slot = state.row[index]
    if slot is None or slot.card in r.fired:
        return
    r.fired.append(slot.card)
    if slot.card in r.jammed:
        b.event(f"Space {index + 1}: {b.name(slot.card)} is jammed and does not fire.", "jam")
        return
    b.event(f"Space {index + 1}: {b.who(slot.seat)}'s {b.name(slot.card)} fires.", "action-phase",
            slot.seat)
    state.stack.append(Frame(source=slot.card, seat=slot.seat, trigger="action", space=index + 1))


def _drift(b: Board) -> None:
    """Every drifting satellite moves one space downstream at once; past space 6 it leaves
    orbit for the trash. Then the 'after drifting' effects, the first player's first."""
    state, r = b.state, b.state.round
    movers = [(seat, i, s) for seat, p in enumerate(state.players) for i, stack in enumerate(p.orbit)
              for s in stack if b.card(s).drift]
    for seat, i, s in movers:
        state.players[seat].orbit[i].remove(s)
    arrived: list[tuple[int, int, str]] = []
    for seat, i, s in movers:
        if i + 1 >= len(state.players[seat].orbit):
            b.to_trash(s)
            b.event(f"{b.who(seat)}'s {b.name(s)} drifts past orbit space 6 and burns up; it goes "
                    "to the trash.", "drift", seat)
            continue
        state.players[seat].orbit[i + 1].append(s)
        b.event(f"{b.who(seat)}'s {b.name(s)} drifts to orbit space {i + 2}.", "drift", seat)
        arrived.append((seat, i + 1, s))
    order = sorted(arrived, key=lambda a: (a[0] != r.first, a[1]))
    for seat, i, s in reversed(order):
        if b.card(s).after_drift:
            state.stack.append(Frame(source=s, seat=seat, trigger="after_drift", space=i + 1))
    if movers:
        b.check_wins(r.first)
    state.flow.phase = "end"
    r.owners_left = [r.first, b.other(r.first)]
    r.todo = []


def _cleanup(b: Board) -> None:
    """Row cards go to their placers' discard piles (their tokens leave with them); unplayed
    cards too, except retained ones, which stay in hand."""
    state, r = b.state, b.state.round
    for slot in state.row:
        if slot is not None:
            state.tokens.pop(slot.card, None)
            state.players[slot.seat].discard.append(slot.card)
    state.row = []
    for seat, p in enumerate(state.players):
        kept = [c for c in p.hand if c in r.retained or b.card(c).retain]
        p.discard.extend(c for c in p.hand if c not in kept)
        p.hand = kept
        if kept:
            b.event(f"{p.name} keeps {plural(len(kept), 'retained card')} in hand.", "retain", seat)
    b.check_wins(r.first)
    r.retained, r.fired, r.jammed, r.firing = [], [], [], 0
    state.flow.phase = "draft"
    r.drafting = [r.first, b.other(r.first)]


# ---- the optional draft cycle, and the next round ----------------------------------------------


def _optional_draft_goes_on(b: Board) -> bool:
    state, r = b.state, b.state.round
    if not r.drafting:
        state.flow.turn += 1
        r.first = b.other(r.first)
        state.flow.phase = "start"
        return True
    if not cards_left(b):
        b.event("The draft deck and the cycled deck are both empty: no draft cycle this round.",
                "draft-deck")
        r.drafting = []
        return True
    state.flow.active = r.drafting[0]
    return False


def take_draft(b: Board, seat: int) -> None:
    deal_offer(b, seat, "round")


def pass_draft(b: Board, seat: int) -> None:
    b.state.round.drafting.remove(seat)
    b.event(f"{b.who(seat)} passes on the draft cycle.", "draft", seat)


def answer_draft(b: Board, seat: int, kept: str, origin: str) -> None:
    keep_from_offer(b, seat, kept)
    if origin == "setup":
        b.state.round.setup_drafts[seat] += 1
    elif origin == "round":
        b.state.round.drafting.remove(seat)
