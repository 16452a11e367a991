"""How the Nemesis spends its power (Single Player Nemesis Challenge, {#variant-nemesis}).

1. If its power would bring the player to 0 health, all of it goes at the player.
2. Otherwise it destroys the player's champions, the most expensive first, each one it has
   enough power left to destroy; when several of the most expensive ones it can afford cost the
   same, the player chooses which goes first (a ``nemesis_target`` decision).
3. Whatever is left is damage to the player, who may block with shields from hand as usual.
Champion protections (guards, 'cannot be attacked') bind the Nemesis as they bind players.
"""

from __future__ import annotations

from shards_tui.core.decision import Decision, Option
from shards_tui.games.shards import nemesis
from shards_tui.games.shards.nemesis_state import NemesisTurn
from shards_tui.games.shards.turns import champion_attackable, guard_of
from shards_tui.games.shards.zones import Table


def _player(t: Table) -> int:
    return next(s for s, p in enumerate(t.state.players) if not p.nemesis)


def step(t: Table, nt: NemesisTurn) -> None:
    state = t.state
    seat = _player(t)
    victim = state.players[seat]
    power = state.turn.power
    open_to_damage = guard_of(t, seat) is None
    if nt.step == "lethal":
        nt.step = "champions"
        if power > 0 and open_to_damage and power >= victim.health:
            nemesis.event(t, f"The Nemesis has {power} power and {victim.name} has {victim.health} "
                             f"health: it all goes at {victim.name}.")
            nt.step = "damage"
        elif power > 0 and victim.champions:
            nemesis.event(t, f"The Nemesis has {power} power, not enough to defeat {victim.name} "
                             f"({victim.health} health), so it goes for {victim.name}'s champions "
                             "first, the costliest it can destroy.")
        elif power > 0:
            nemesis.event(t, f"The Nemesis has {power} power, not enough to defeat {victim.name} "
                             f"({victim.health} health); with no champions in the way it all goes "
                             f"at {victim.name}.")
        else:
            nemesis.event(t, f"The Nemesis has no power this turn: {victim.name} is not attacked.")
    elif nt.step == "champions":
        affordable = [c for c in victim.champions if champion_attackable(t, seat, c) is None
                      and (t.card(c).defense or 0) <= power]
        if not affordable:
            nt.step = "damage"
            return
        top = max(t.card(c).cost or 0 for c in affordable)
        tied = [c for c in affordable if (t.card(c).cost or 0) == top]
        if len(tied) == 1:
            destroy(t, tied[0])
            return
        state.pending = Decision(
            seat=seat, kind="nemesis_target", min=1, max=1,
            options=[Option(id=c, label=f"{t.name(c)} (defense {t.card(c).defense})") for c in tied],
            prompt=f"The Nemesis ({power} power) destroys your champions costing {top} first: "
                   "you choose which it destroys next.")
    elif nt.step == "damage":
        nt.step = "done"
        if power > 0 and open_to_damage:
            nemesis.event(t, f"The Nemesis attacks {victim.name} with {power} power.")
            nemesis.attack(t, power)  # may ask about shields; the turn ends after the damage
            return
        if power > 0:
            nemesis.event(t, f"{victim.name} cannot be attacked; {power} power is lost.")
        nemesis.end_turn(t)
    else:  # "done": the damage was dealt; the turn's end is under way
        nemesis.end_turn(t)


def destroy(t: Table, champion: str) -> None:
    state = t.state
    seat = _player(t)
    defense = t.card(champion).defense or 0
    state.turn.power -= defense
    t.destroy_champion(seat, champion, f"by the Nemesis's power ({defense}; {state.turn.power} left)")
