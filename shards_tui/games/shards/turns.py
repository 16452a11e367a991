"""Turn flow: the attack phase, shields, damage, elimination and the end phase."""

from __future__ import annotations

from shards_tui.core.decision import Decision, Option
from shards_tui.core.wording import name_list
from shards_tui.games.shards import nemesis_seat, relic_rules, versus
from shards_tui.games.shards.models import Assignment, Turn
from shards_tui.games.shards.nemesis_state import NemesisTurn
from shards_tui.games.shards.versus import guard_of
from shards_tui.games.shards.zones import Table


def champion_attackable(table: Table, owner: int, instance: str) -> str | None:
    """None if power may target this champion, else the reason it may not."""
    player = table.state.players[owner]
    card = table.card(instance)
    for static in card.statics:
        if static.kind == "cannot_be_attacked":
            return f"{card.name} cannot be attacked with power."
        if static.kind == "cannot_be_attacked_while_controlling" and any(
                c.startswith(f"{static.card}#") for c in player.champions):
            return f"{card.name} cannot be attacked while {player.name} controls {table.cards[static.card].name}."
    relic_reason = relic_rules.attack_refusal(table, owner, instance)
    if relic_reason:
        return relic_reason
    guard = guard_of(table, owner, exclude=instance)
    if guard is not None:
        return f"{table.name(guard)} protects {player.name}'s other champions."
    return None


def attackable_players(table: Table, seat: int) -> list[int]:
    return [o for o in versus.damage_targets(table.state, seat) if guard_of(table, o) is None]


def begin_attack(table: Table) -> None:
    """The play phase is over: send leftover power at the opponents."""
    state = table.state
    seat = state.flow.active
    turn = state.turn
    power = "infinite" if turn.infinite_power else str(turn.power) if turn.power else "no"
    table.event(f"{state.players[seat].name} ends the play phase with {power} power.", "attack-phase")
    targets = attackable_players(table, seat)
    if not targets or (turn.power == 0 and not turn.infinite_power):
        if turn.power and not targets:
            table.event(f"No opponent can be attacked; {turn.power} power is lost.", "attack-phase")
        finish_turn(table)
        return
    if turn.infinite_power:
        turn.assigned = [Assignment(seat=o, amount=0, infinite=True) for o in targets]
        turn.power = 0
        start_shields(table)
    elif len(targets) > 1 and "bloodbath" in state.variants:  # every opponent takes it all
        turn.assigned = [Assignment(seat=o, amount=turn.power) for o in targets]
        table.event(f"{state.players[seat].name}'s {turn.power} power hits each opponent.", "variant-bloodbath")
        turn.power = 0
        start_shields(table)
    elif len(targets) == 1:
        assign(table, targets[0], turn.power)
    else:
        state.flow.phase = "attack"
        table.event(f"{state.players[seat].name} divides {turn.power} power among their opponents.",
                    "attack-phase")


def assign(table: Table, target: int, amount: int) -> None:
    turn = table.state.turn
    turn.power -= amount
    for a in turn.assigned:
        if a.seat == target:
            a.amount += amount
            break
    else:
        turn.assigned.append(Assignment(seat=target, amount=amount))
    table.event(f"{table.state.players[table.state.flow.active].name} assigns {amount} power to "
                f"{table.state.players[target].name}.", "attack-phase")
    if turn.power == 0:
        start_shields(table)


def start_shields(table: Table) -> None:
    """Ask the attacked players about shields, one after another: clockwise from the
    attacker, except that the player whose turn is next is asked last, so that at one
    keyboard they take it once for their shields and their turn ({#shields})."""
    state = table.state
    n = len(state.players)
    order = [(state.flow.active + k) % n for k in range(1, n)]
    if state.shield_order == "next_last":
        alive = state.alive()
        nxt = next((s for s in order if s in alive), None)
        order = [s for s in order if s != nxt] + ([nxt] if nxt is not None else [])
    targets = {a.seat for a in state.turn.assigned}
    state.turn.to_shield = [s for s in order if s in targets]
    state.flow.phase = "shields"
    next_shield(table)


def shield_value(table: Table, seat: int, instance: str) -> int:
    card = table.card(instance)
    if card.shield_is_mastery:
        return table.state.players[seat].mastery
    return card.shield or 0


def next_shield(table: Table) -> None:
    state = table.state
    while state.turn.to_shield:
        seat = state.turn.to_shield[0]
        hit = next(a for a in state.turn.assigned if a.seat == seat)
        hand = state.players[seat].hand
        shields = [i for i in hand if table.card(i).has_shield]
        # Everyone with cards in hand is asked, shields or not, so that being asked
        # tells the attacker nothing about the hand.
        if hand and not hit.infinite and "ignore_shields" not in state.turn.modifiers:
            options = [Option(id=i, label=f"{table.name(i)} (shield {shield_value(table, seat, i)})")
                       for i in shields]
            state.pending = Decision(
                seat=seat, kind="shields", min=0, max=len(options), options=options, private=True,
                prompt=f"{state.players[state.flow.active].name} attacks you for {hit.amount}. "
                       + ("Reveal shields from your hand?" if shields
                          else "You have no shields in hand: take the damage."))
            return
        take_damage(table, seat, hit, [])
    after_attacks(table)


def answer_shields(table: Table, seat: int, chosen: list[str]) -> None:
    state = table.state
    hit = next(a for a in state.turn.assigned if a.seat == seat)
    take_damage(table, seat, hit, chosen)
    next_shield(table)


def take_damage(table: Table, seat: int, hit: Assignment, shields: list[str]) -> None:
    state = table.state
    victim = state.players[seat]
    state.turn.to_shield.remove(seat)
    before = victim.health
    if hit.infinite:
        victim.health = 0
        relic_rules.note_damage(table, relic_rules.BIG_HIT)
        table.event(f"{victim.name} is struck with infinite power.", "infinity-shard")
    else:
        blocked = sum(shield_value(table, seat, i) for i in shields)
        if shields:
            state.mark_reveal()
            names = name_list(table.name(i) for i in shields)
            spare = f" (shield {blocked}, more than the {hit.amount} power)" \
                if blocked > hit.amount else ""
            table.event(f"{victim.name} reveals {names} to block {min(blocked, hit.amount)}"
                        f"{spare}.", "shields")
        in_play = 0 if "ignore_shields" in state.turn.modifiers else relic_rules.in_play_shield(table, seat)
        if in_play:
            blocked += in_play
            table.event(f"{victim.name}'s champions in play block {in_play}.", "relics")
        damage = max(0, hit.amount - blocked)
        relic_rules.note_damage(table, damage)
        victim.health = max(0, victim.health - damage)
        table.event(f"{victim.name} takes {damage} damage ({victim.health} health left).", "attack-phase")
    if victim.health <= 0:
        victim.eliminated = True
        for champion in list(victim.champions):
            victim.champions.remove(champion)
            (victim.banished if victim.nemesis else victim.discard).append(champion)
        victim.exhausted.clear()
        table.event(f"{victim.name} is out of the game.", "elimination")
        versus.spill_over(table, seat, 0 if hit.infinite else damage - before, hit.infinite)


def after_attacks(table: Table) -> None:
    state = table.state
    won = versus.winners(state)
    if won is not None:
        state.winners = won
        state.flow.phase = "play"
        if nemesis_seat.active(state):
            nemesis_seat.game_end(table, won[0])
            return
        table.event(versus.win_text(state, won), "game-end")
        return
    finish_turn(table)


def finish_turn(table: Table) -> None:
    """The end phase: clean up, draw five, and pass the turn clockwise. The Nemesis's turn ends
    in its own way (nemesis.end_turn, once its attack is over)."""
    state = table.state
    seat = state.flow.active
    if state.players[seat].nemesis:
        return
    me = state.players[seat]
    for merc in state.turn.fast_played:
        me.in_play.remove(merc)
        state.center_deck.append(merc)
    if state.turn.fast_played:
        names = name_list(table.name(i) for i in state.turn.fast_played)
        goes = "goes" if len(state.turn.fast_played) == 1 else "go"
        table.event(f"{names} {goes} to the bottom of the center deck.", "fast-play")
        table.refill_row()  # a row left short by an empty center deck fills up again
    me.discard.extend(me.in_play)
    me.in_play = []
    me.discard.extend(me.hand)
    me.hand = []
    me.exhausted = []
    table.draw(seat, table.rules.limits.hand_size + relic_rules.extra_end_draws(table))
    state.turn = Turn()
    state.stack = []
    alive = state.alive()
    n = len(state.players)
    nxt = next((seat + k) % n for k in range(1, n + 1) if (seat + k) % n in alive)
    state.flow.active = nxt
    state.flow.phase = "play"
    state.flow.turn += 1
    state.add_event(f"Turn {state.flow.turn}: {state.players[nxt].name} to play.", anchor="turn", seat=nxt)
    if state.players[nxt].nemesis:  # nemesis.run plays it (the controller carries on into it)
        state.nemesis_turn = NemesisTurn()
        state.flow.phase = "nemesis"
