"""Single Player Nemesis Challenge: the turn the engine plays for the Nemesis seat.

The Nemesis is a second Player marked ``nemesis`` with no deck, hand or discard pile (set up
in nemesis_setup.py). When the turn passes to it (turns.finish_turn) its turn runs here, as a
small state machine kept in ``state.nemesis_turn`` (nemesis_state.py): reveal, play the row
cards of the revealed faction, exhaust its champions, spend its power. The cards it plays go on
the one stack of card effects and the one interpreter carries them out, by the Nemesis's rules
(nemesis_seat.py). A question a Nemesis card or its power raises is put to the player (kinds
``nemesis_*``); once answered, ``run`` resumes the turn. Every step is logged with the anchor
{#variant-nemesis}. Rulings are in rulesets/shards_of_infinity.md.
"""

from __future__ import annotations

from shards_tui.core.decision import Decision, Option
from shards_tui.core.wording import name_list
from shards_tui.games.shards import interpreter, turns, versus
from shards_tui.games.shards.cards import card_of
from shards_tui.games.shards.models import Assignment, Frame, Turn
from shards_tui.games.shards.nemesis_seat import (add_mastery, event, nemesis, player_seat, win,
                                                  wins_by_mastery)
from shards_tui.games.shards.nemesis_state import NemesisTurn
from shards_tui.games.shards.zones import Table

REVEAL_MATCH_MASTERY = 3


# --- the Nemesis turn ----------------------------------------------------------------------

def run(t: Table) -> None:
    """Play the Nemesis's turn on, if it is under way: to its end, a question or a win."""
    state = t.state
    while state.nemesis_turn is not None and state.pending is None and not state.over:
        nt = state.nemesis_turn
        if wins_by_mastery(t):
            return
        if state.stack:
            interpreter.run(t)
        elif nt.step == "reveal":
            _reveal(t, nt)
        elif nt.step == "row":
            if nt.queue:
                _play_from_row(t, nt.queue.pop(0))
            else:
                nt.step = "exhaust"
                nt.to_exhaust = [c for c in nemesis(t).champions if t.card(c).exhaust]
        elif nt.step == "exhaust":
            if nt.to_exhaust:
                champion = nt.to_exhaust.pop(0)
                if champion in nemesis(t).champions:
                    nemesis(t).exhausted.append(champion)
                    event(t, f"The Nemesis exhausts {t.name(champion)}.")
                    state.stack.append(Frame(source=champion, part="exhaust"))
            else:
                nt.step = "lethal"
        else:
            _spend_power(t, nt)


def _reveal(t: Table, nt: NemesisTurn) -> None:
    state = t.state
    if None in state.center_row:
        win(t, "the center row needed refilling and the center deck could not fill it")
        return
    if not state.center_deck:
        win(t, "the center deck is empty, so there is no card to reveal")
        return
    me = nemesis(t)
    top = state.center_deck.pop(0)
    state.mark_reveal()
    card = t.card(top)
    nt.revealed, nt.faction = top, card.faction
    own = t.rules.character(me.character).faction
    if card.faction == own:
        gained = add_mastery(t, REVEAL_MATCH_MASTERY)
        event(t, f"The Nemesis reveals {card.name}: {_faction(card.faction)} matches "
                 f"{t.rules.character(me.character).name}, +{gained} mastery ({me.mastery}).")
    else:
        event(t, f"The Nemesis reveals {card.name} ({_faction(card.faction)}); its faction is "
                 f"{_faction(own)}, so no mastery.")
    nt.queue = [i for i in state.center_row if i is not None and t.card(i).faction == card.faction]
    nt.step = "row"
    _enter(t, top, "from the top of the center deck")


def _faction(faction: str | None) -> str:
    return (faction or "no faction").capitalize()


def _play_from_row(t: Table, instance: str) -> None:
    state = t.state
    if instance not in state.center_row:
        return
    state.center_row[state.center_row.index(instance)] = None
    _enter(t, instance, f"from the center row (it is {_faction(t.card(instance).faction)} too)")


def _enter(t: Table, instance: str, where: str) -> None:
    """The Nemesis plays a card: champions into play under its control, others into its play zone."""
    state = t.state
    me, card = nemesis(t), t.card(instance)
    state.turn.played.append(instance)
    if card.is_champion:
        me.champions.append(instance)
        event(t, f"The Nemesis plays {card.name} {where}: the champion comes into play under its control.")
    else:
        me.in_play.append(instance)
        event(t, f"The Nemesis plays {card.name} {where}.")
    if card.is_ally and card.faction in state.turn.copy_allies_of:  # the copy resolves second
        copier = next((c for c in me.champions if card_of(c) == "general_decurion"), instance)
        state.stack.append(Frame(source=instance, part="play", via=copier))
    state.stack.append(Frame(source=instance, part="play"))


# --- how the Nemesis spends its power ({#variant-nemesis}) ------------------------------------
# 1. If its power would bring the player to 0 health, all of it goes at the player.
# 2. Otherwise it destroys the player's champions, the most expensive first, each one it has
#    enough power left to destroy; when several of the most expensive ones it can afford cost
#    the same, the player chooses which goes first (a ``nemesis_target`` question).
# 3. Whatever is left is damage to the player, who may block with shields from hand as usual.
# Champion protections (guards, 'cannot be attacked') bind the Nemesis as they bind players.

def _spend_power(t: Table, nt: NemesisTurn) -> None:
    state = t.state
    seat = player_seat(state)
    victim = state.players[seat]
    power = state.turn.power
    open_to_damage = versus.guard_of(t, seat) is None
    if nt.step == "lethal":
        nt.step = "champions"
        if power > 0 and open_to_damage and power >= victim.health:
            event(t, f"The Nemesis has {power} power and {victim.name} has {victim.health} "
                     f"health: it all goes at {victim.name}.")
            nt.step = "damage"
        elif power > 0 and victim.champions:
            event(t, f"The Nemesis has {power} power, not enough to defeat {victim.name} "
                     f"({victim.health} health), so it goes for {victim.name}'s champions "
                     "first, the costliest it can destroy.")
        elif power > 0:
            event(t, f"The Nemesis has {power} power, not enough to defeat {victim.name} "
                     f"({victim.health} health); with no champions in the way it all goes "
                     f"at {victim.name}.")
        else:
            event(t, f"The Nemesis has no power this turn: {victim.name} is not attacked.")
    elif nt.step == "champions":
        affordable = [c for c in victim.champions if turns.champion_attackable(t, seat, c) is None
                      and (t.card(c).defense or 0) <= power]
        if not affordable:
            nt.step = "damage"
            return
        top = max(t.card(c).cost or 0 for c in affordable)
        tied = [c for c in affordable if (t.card(c).cost or 0) == top]
        if len(tied) == 1:
            _destroy_with_power(t, tied[0])
            return
        state.pending = Decision(
            seat=seat, kind="nemesis_target", min=1, max=1,
            options=[Option(id=c, label=f"{t.name(c)} (defense {t.card(c).defense})") for c in tied],
            prompt=f"The Nemesis ({power} power) destroys your champions costing {top} first: "
                   "you choose which it destroys next.")
    elif nt.step == "damage":
        nt.step = "done"
        if power > 0 and open_to_damage:
            event(t, f"The Nemesis attacks {victim.name} with {power} power.")
            _attack(t, power)  # may ask about shields; the turn ends after the damage
            return
        if power > 0:
            event(t, f"{victim.name} cannot be attacked; {power} power is lost.")
        end_turn(t)
    else:  # "done": the damage was dealt (turns.finish_turn left the end of this turn to us)
        end_turn(t)


def _destroy_with_power(t: Table, champion: str) -> None:
    state = t.state
    defense = t.card(champion).defense or 0
    state.turn.power -= defense
    t.destroy_champion(player_seat(state), champion,
                       f"by the Nemesis's power ({defense}; {state.turn.power} left)")


def answer_target(t: Table, decision: Decision, chosen: list[str]) -> None:
    """The player chose which of its tied champions the Nemesis's power destroys next."""
    _destroy_with_power(t, chosen[0])


def _attack(t: Table, amount: int) -> None:
    """Send power at the player; the usual shields question follows (turns.start_shields)."""
    state = t.state
    state.turn.power -= amount
    state.turn.assigned = [Assignment(seat=player_seat(state), amount=amount)]
    turns.start_shields(t)


def end_turn(t: Table) -> None:
    """The end of the Nemesis turn: banish the allies it played, refill the row, pass the turn."""
    state = t.state
    me = nemesis(t)
    if me.in_play:
        names = name_list(t.name(i) for i in me.in_play)
        me.banished.extend(me.in_play)
        me.in_play = []
        event(t, f"The Nemesis banishes the cards it played this turn: {names}.")
    me.exhausted = []
    t.refill_row()
    state.nemesis_turn = None
    if None in state.center_row:
        win(t, "the center row needs refilling and the center deck cannot fill it")
        return
    seat = player_seat(state)
    state.turn = Turn()
    state.flow.active = seat
    state.flow.phase = "play"
    state.flow.turn += 1
    state.add_event(f"Turn {state.flow.turn}: {state.players[seat].name} to play.", anchor="turn", seat=seat)


__all__ = ["run", "answer_target", "end_turn"]
