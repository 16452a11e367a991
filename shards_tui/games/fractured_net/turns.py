"""The turn's flow: the secret mulligan, the start of a turn (untap, draw, energy, start
effects), Response windows, the end of a turn (discard to 7, end effects, damage wears off),
timeouts and concession. ``proceed`` moves the flow on after every command."""

from __future__ import annotations

from shards_tui.core.decision import Decision, Option
from shards_tui.games.fractured_net import combat, interpreter
from shards_tui.games.fractured_net.cards import card, limits
from shards_tui.games.fractured_net.models import FnState
from shards_tui.games.fractured_net.zones import draw, lose, name, plural


# ---- the mulligan ----------------------------------------------------------------------------

def decide_mulligan(state: FnState, seat: int, choice: str) -> None:
    player = state.players[seat]
    player.mulligan = choice  # secret until both have decided
    undecided = [s for s, p in enumerate(state.players) if p.mulligan is None]
    state.add_event(f"{player.name} has decided on their opening hand.", seat=seat,
                    anchor="mulligan")
    if undecided:
        state.flow.acting = undecided
        return
    for s, p in enumerate(state.players):
        if p.mulligan == "mulligan":
            p.deck.extend(p.hand)
            p.hand = []
            state.rng.shuffle(p.deck)
            state.add_event(f"{p.name} shuffles their hand back and draws 7 new cards.", seat=s,
                            anchor="mulligan")
            draw(state, s, limits().opening_hand)
        else:
            state.add_event(f"{p.name} keeps their opening hand.", seat=s, anchor="mulligan")
    state.mark_reveal()
    state.flow.acting = None
    begin_turn(state, state.first, first_turn=True)


# ---- the start and end of a turn -------------------------------------------------------------

def begin_turn(state: FnState, seat: int, first_turn: bool = False) -> None:
    flow = state.flow
    if not first_turn:
        flow.turn += 1
    flow.active, flow.phase, flow.acting = seat, "main", None
    player = state.players[seat]
    state.add_event(f"Turn {flow.turn}: {player.name}.", seat=seat, anchor="turn")
    for c in player.creatures:
        c.tapped = False
        c.sick = False
    player.used = []
    player.resource_played = False
    player.spent = 0
    if not (first_turn and seat == state.first):
        draw(state, seat)
        if state.over:
            return
    else:
        state.add_event(f"{player.name} goes first and draws no card this turn.", seat=seat,
                        anchor="first-player")
    lim = limits()
    player.capacity = min(lim.max_capacity, player.capacity + 1)
    player.energy = min(lim.max_energy, player.capacity + len(player.resources))
    state.add_event(f"{player.name}'s energy capacity is {player.capacity}; energy "
                    f"{player.energy}.", seat=seat, anchor="energy")
    for instance in _in_play(state, seat):
        interpreter.start_job(state, card(instance).id, "start", seat, instance)


def _in_play(state: FnState, seat: int) -> list[str]:
    player = state.players[seat]
    return [c.id for c in player.creatures] + [g.id for g in player.gear] + list(player.resources)


def end_turn(state: FnState) -> None:
    """'end' (or a timeout): discard down to 7, then the end effects, then the next turn."""
    state.ending = True
    state.flow.phase = "end"
    player = state.me
    excess = len(player.hand) - limits().max_hand
    if excess > 0:
        state.pending = Decision(
            seat=state.flow.active, kind="end_discard", private=True, min=excess, max=excess,
            prompt=f"You have {len(player.hand)} cards; discard {plural(excess, 'card')} "
                   f"down to {limits().max_hand}.",
            options=[Option(id=i, label=name(i)) for i in dict.fromkeys(player.hand)])
        if state.timed_out:
            discard_at_end(state, player.hand[-excess:])
        return
    _end_effects(state)


def discard_at_end(state: FnState, chosen: list[str]) -> None:
    player = state.me
    state.pending = None
    for i in chosen:
        player.hand.remove(i)
        player.discard.append(i)
    state.add_event(f"{player.name} discards {', '.join(name(i) for i in chosen)} down to "
                    f"{limits().max_hand} cards.", seat=state.flow.active, anchor="end-of-turn")
    _end_effects(state)


def _end_effects(state: FnState) -> None:
    seat = state.flow.active
    state.flow.phase = "end_effects"
    for instance in _in_play(state, seat):
        interpreter.start_job(state, card(instance).id, "end", seat, instance)


def _cleanup_and_pass(state: FnState) -> None:
    """Damage and 'this turn' changes wear off; the turn passes."""
    for player in state.players:
        for c in player.creatures:
            c.damage = 0
            c.turn_power = c.turn_defense = 0
            c.turn_keywords = []
            c.deathtouched = False
    state.ending = state.timed_out = state.attacked = False
    state.combat, state.window, state.was_blocked = None, None, []
    state.window_from = state.window_card = None
    begin_turn(state, state.other(state.flow.active))


# ---- Response windows --------------------------------------------------------------------

def open_window(state: FnState, window: str) -> None:
    state.window = window
    state.flow.phase = "response"
    state.flow.acting = [state.other(state.flow.active)]


def close_window(state: FnState, why: str | None = None) -> None:
    """The defender passes; ``why``: the public reason they could not respond, when there is
    one (the pass is then made for them at once)."""
    window, state.window = state.window, None
    state.window_from = state.window_card = None
    defender = state.other(state.flow.active)
    because = f": {why}" if why else ""
    state.add_event(f"{state.players[defender].name} passes{because}.", seat=defender,
                    anchor="responses")
    if window == "attack" and state.combat.attackers:
        state.flow.phase, state.flow.acting = "block", [defender]
        return
    if window == "attack":  # every attacker has left play: the combat is over
        state.flow.phase, state.flow.acting = "main", None
        combat.resolve(state)
        return
    if window == "block":
        state.flow.phase, state.flow.acting = "main", None
        combat.resolve(state)
        return
    state.flow.phase, state.flow.acting = "main", None


def confirm_attackers(state: FnState) -> None:
    cbt = state.combat
    cbt.declared = True
    state.window_from, state.window_card = len(state.log), None
    seat = state.flow.active
    for a in cbt.attackers:
        interpreter.start_job(state, card(a).id, "attack", seat, a)
    open_window(state, "attack")


def confirm_blocks(state: FnState) -> None:
    defender = state.other(state.flow.active)
    state.window_from, state.window_card = len(state.log), None
    state.add_event(combat.blocks_text(state, defender), seat=defender, anchor="blocking")
    state.was_blocked = list(dict.fromkeys(b.attacker for b in state.combat.blocks))
    open_window(state, "block")


# ---- after every command -----------------------------------------------------------------

def proceed(state: FnState) -> None:
    """Resolve what is queued, then move the flow on until a player must act."""
    for _ in range(100):
        interpreter.run(state)
        if state.over or state.pending is not None:
            return
        phase = state.flow.phase
        if phase == "end_effects":
            _cleanup_and_pass(state)
            continue
        if state.timed_out and phase == "main":
            end_turn(state)
            continue
        if state.timed_out and phase == "attack":
            confirm_attackers(state)
            continue
        return


# ---- timeouts and concession ------------------------------------------------------------

def timeout(state: FnState, seat: int) -> None:
    player = state.players[seat]
    player.timeouts += 1
    state.add_event(f"{player.name}'s time ran out ({player.timeouts} in a row).", seat=seat,
                    anchor="timeouts")
    if player.timeouts >= limits().timeouts_to_lose:
        lose(state, seat, f"ran out of time {limits().timeouts_to_lose} times in a row",
             "timeouts")
        return
    pending = state.pending
    if pending is not None and pending.seat == seat:
        default = [o.id for o in pending.options[:pending.min]]
        if pending.kind == "end_discard":
            discard_at_end(state, state.me.hand[-pending.min:])
        else:
            interpreter.answer(state, default)
        if seat == state.flow.active:
            state.timed_out = True
        return
    phase = state.flow.phase
    if phase == "mulligan":
        decide_mulligan(state, seat, "keep")
    elif phase == "response":
        close_window(state)
    elif phase == "block":
        confirm_blocks(state)
    else:
        state.timed_out = True  # proceed ends the turn once the combat (if any) is over
        if phase == "main":
            end_turn(state)


def concede(state: FnState, seat: int) -> None:
    state.players[seat].conceded = True
    state.pending = None
    state.queue = []
    lose(state, seat, "concedes", "concede")
