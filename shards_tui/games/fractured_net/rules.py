"""Playing cards and using abilities, and the list of every legal command of a seat."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from shards_tui.core.commands import Choose, Command
from shards_tui.core.decision import Decision, Option
from shards_tui.core.errors import IllegalCommand
from shards_tui.games.fractured_net import combat, interpreter, turns
from shards_tui.games.fractured_net.cards import card, card_of, collectible, limits
from shards_tui.games.fractured_net.commands import (Activate, Attack, Block, Confirm, End, Keep,
                                                     Mulligan, Pass, Play, Unblock, Withdraw)
from shards_tui.games.fractured_net.models import FnState, Gear
from shards_tui.games.fractured_net.targets import target_label, targets
from shards_tui.games.fractured_net.zones import enter_creature, find_card, find_in_play, name

MAX_LISTED_ANSWERS = 200


def responder(state: FnState) -> int:
    return state.other(state.flow.active)


def in_main(state: FnState, seat: int) -> bool:
    return (not state.over and state.pending is None and state.flow.phase == "main"
            and seat == state.flow.active)


def in_window(state: FnState, seat: int) -> bool:
    return (not state.over and state.pending is None and state.flow.phase == "response"
            and seat == responder(state))


def hand_card(state: FnState, seat: int, ref: str) -> str:
    hand = state.players[seat].hand
    if ref.isdigit():
        k = int(ref)
        if not 1 <= k <= len(hand):
            raise IllegalCommand(f"Your hand has {len(hand)} cards; there is no card {k}.", "playing")
        return hand[k - 1]
    found = find_card(hand, ref)
    if found is None:
        raise IllegalCommand(f"You have no '{ref}' in your hand.", "playing")
    return found


def play_problem(state: FnState, seat: int, instance: str, window: bool | None = None) -> str | None:
    """Why this hand card may not be played now, or None. ``window``: judge it as if a
    Response window were open for this seat (True) or as in the main phase (False)."""
    c = card(instance)
    player = state.players[seat]
    if window is None:
        if in_main(state, seat):
            window = False
        elif in_window(state, seat):
            window = True
        else:
            return "You play cards in your main phase, and Responses in a Response window."
    if window and "response" not in c.keywords:
        return f"{c.name} is not a Response; on your opponent's turn you can play only Responses."
    if c.type == "resource" and player.resource_played:
        return "You have already played a resource this turn."
    if c.cost > player.energy:
        return f"You have {player.energy} energy; {c.name} costs {c.cost}."
    if c.attaches and not player.creatures:
        return f"{c.name} attaches to a creature of yours, and you have none in play."
    if c.type == "spell":
        first = next((e for e in c.play if e.chosen), None)
        if first is not None and not targets(state, seat, None, first):
            return f"{c.name} has no target now."
    return None


def play(state: FnState, seat: int, ref: str) -> None:
    instance = hand_card(state, seat, ref)
    problem = play_problem(state, seat, instance)
    if problem:
        raise IllegalCommand(problem, "playing")
    c = card(instance)
    player = state.players[seat]
    if in_main(state, seat) and c.type != "resource":  # (a window will answer this card)
        state.window_from, state.window_card = len(state.log), instance
    player.hand.remove(instance)
    _pay(player, c.cost)
    cost = f" for {c.cost} energy" if c.cost else ""
    state.add_event(f"{player.name} plays {c.name}{cost}.", seat=seat,
                    anchor="responses" if in_window_phase(state) else "playing")
    if c.type == "resource":
        player.resources.append(instance)
        player.resource_played = True
        if player.capacity + len(player.resources) <= limits().max_energy:
            player.energy = min(limits().max_energy, player.energy + 1)
        interpreter.start_job(state, c.id, "enter", seat, instance)
        return
    if c.type == "creature":
        enter_creature(state, seat, instance)
    elif c.type == "spell":
        player.discard.append(instance)
        interpreter.start_job(state, c.id, "play", seat, None)
    else:
        player.gear.append(Gear(id=instance))
        if not c.attaches:
            interpreter.start_job(state, c.id, "enter", seat, instance)
        elif len(player.creatures) == 1:
            interpreter.attach_to(state, seat, instance, player.creatures[0].id)
        else:
            state.pending = Decision(
                seat=seat, kind="attach", min=1, max=1, data={"gear": instance},
                prompt=f"{c.name}: choose a creature of yours to attach it to.",
                options=[Option(id=o.id, label=target_label(state, seat, o.id))
                         for o in player.creatures])
    if seat == state.flow.active and state.flow.phase == "main":
        turns.open_window(state, "play")


def _pay(player, cost: int) -> None:
    player.energy -= cost
    player.spent += cost


def in_window_phase(state: FnState) -> bool:
    return state.flow.phase == "response"


def _ability_source(state: FnState, seat: int, ref: str) -> str:
    player = state.players[seat]
    pool = [c.id for c in player.creatures] + [g.id for g in player.gear] + player.resources
    found = find_in_play(state, pool, ref)
    if found is None:
        raise IllegalCommand(f"You have no '{ref}' in play.", "abilities")
    return found


def activate_problem(state: FnState, seat: int, instance: str) -> str | None:
    c = card(instance)
    player = state.players[seat]
    if not in_main(state, seat):
        return "You use abilities in your own main phase."
    if c.ability is None:
        return f"{c.name} has no activated ability."
    if instance in player.used:
        return f"{c.name}'s ability has been used this turn."
    if c.ability.cost > player.energy:
        return f"You have {player.energy} energy; {c.name}'s ability costs {c.ability.cost}."
    if c.ability.tap:
        found = state.creature(instance)
        if found is None or found[1].tapped:
            return f"{c.name} is tapped."
    first = next((e for e in c.ability.effects if e.chosen), None)
    if first is not None and not targets(state, seat, instance, first):
        return f"{c.name}'s ability has no target now."
    return None


def activate(state: FnState, seat: int, ref: str) -> None:
    instance = _ability_source(state, seat, ref)
    problem = activate_problem(state, seat, instance)
    if problem:
        raise IllegalCommand(problem, "abilities")
    c = card(instance)
    player = state.players[seat]
    _pay(player, c.ability.cost)
    player.used.append(instance)
    if c.ability.tap:
        state.creature(instance)[1].tapped = True
    state.add_event(f"{player.name} activates {c.name}.", seat=seat, anchor="abilities")
    interpreter.start_job(state, c.id, "ability", seat, instance)


def end_problem(state: FnState, seat: int) -> str | None:
    if not state.attacked:
        forced = combat.forced_attackers(state, seat)
        if forced:
            return f"{name(forced[0])} is Reckless and must attack this turn."
    return None


# ---- legal commands ----------------------------------------------------------------------

def _answers(state: FnState) -> list[tuple[str, ...]]:
    d = state.pending
    ids = [o.id for o in d.options]
    # copies of one card are one answer: choose by card, not by copy
    if d.kind in ("end_discard", "discard", "recall", "revive", "foresee"):
        by_card: dict[str, list[str]] = {}
        for i in ids:
            by_card.setdefault(card_of(i), []).append(i)
        pool = [i for group in by_card.values() for i in group]
    else:
        pool = ids
    out: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for k in range(d.min, d.max + 1):
        for combo in combinations(pool, k):
            key = tuple(sorted(card_of(i) for i in combo)) if d.kind != "target" else combo
            if key in seen:
                continue
            seen.add(key)
            out.append(combo)
            if len(out) >= MAX_LISTED_ANSWERS:
                return out
    return out


def legal_commands(state: FnState, seat: int) -> list[Command]:
    if state.over:
        return []
    if state.pending is not None:
        if state.pending.seat != seat:
            return []
        return [Choose.shared(seat, options=combo) for combo in _answers(state)]
    phase = state.flow.phase
    if phase == "mulligan":
        if state.players[seat].mulligan is None:
            return [Keep.shared(seat), Mulligan.shared(seat)]
        return []
    player = state.players[seat]
    if phase == "response":
        if seat != responder(state):
            return []
        out: list[Command] = [Play.shared(seat, card=card_of(i)) for i in dict.fromkeys(
            card_of(i) for i in player.hand) if play_problem(state, seat, i, window=True) is None]
        return out + [Pass.shared(seat)]
    if phase == "block":
        if seat != responder(state):
            return []
        cbt = state.combat
        out = [Block.shared(seat, blocker=c.id, attacker=a) for c in player.creatures
               for a in cbt.attackers if combat.block_problem(state, seat, c.id, a) is None]
        out += [Unblock.shared(seat, blocker=b.blocker) for b in cbt.blocks]
        return out + [Confirm.shared(seat)]
    if seat != state.flow.active:
        return []
    able = [c.id for c in player.creatures if combat.attack_problem(state, seat, c.id) is None]
    if phase == "attack":
        out = [Attack.shared(seat, creature=a) for a in able]
        out += [Withdraw.shared(seat, creature=a) for a in state.combat.attackers]
        if able:
            out.append(Attack.shared(seat, creature="all"))
        if not combat.forced_attackers(state, seat):
            out.append(Confirm.shared(seat))
        return out
    out = [Play.shared(seat, card=cid) for cid in dict.fromkeys(card_of(i) for i in player.hand)
           if play_problem(state, seat, find_card(player.hand, cid)) is None]
    pool = [c.id for c in player.creatures] + [g.id for g in player.gear] + player.resources
    out += [Activate.shared(seat, source=i) for i in pool if card(i).ability is not None
            and activate_problem(state, seat, i) is None]
    if not state.attacked and able:
        out += [Attack.shared(seat, creature=a) for a in able]
        out.append(Attack.shared(seat, creature="all"))
    if end_problem(state, seat) is None:
        out.append(End.shared(seat))
    return out


def has_response(state: FnState, seat: int) -> bool:
    """Whether ``seat`` holds a Response it could play in a window open now (energy and
    targets counted). Used to skip windows for a player who asked to be stopped only when
    they can respond; skipping tells the opponent that a window shown means they could."""
    player = state.players[seat]
    return any("response" in card(i).keywords and play_problem(state, seat, i, window=True) is None
               for i in player.hand)


@cache
def _responses() -> tuple[str, ...]:
    """Every Response card of the game, cheapest first."""
    return tuple(c.id for c in sorted(collectible(), key=lambda c: c.cost)
                 if "response" in c.keywords)


def no_response_reason(state: FnState, seat: int) -> str | None:
    """Why public facts alone prove that ``seat`` can play no Response now (its hand is
    empty, or no Response of the whole game could be paid for and aimed), or None when it
    might. It says nothing of the hand beyond its size, which everyone sees."""
    player = state.players[seat]
    if not player.hand:
        return "no card in hand"
    if any(play_problem(state, seat, cid, window=True) is None for cid in _responses()):
        return None
    cheapest = card(_responses()[0]).cost
    if player.energy < cheapest:
        return f"{player.energy} energy, and a Response costs at least {cheapest}"
    return "no Response could be aimed now"

