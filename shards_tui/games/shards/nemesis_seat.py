"""The Nemesis as a seat (Single Player Nemesis Challenge): a seat whose choices are made by its
rules. The one interpreter (interpreter.py) carries out the cards it plays with the functions
here wherever its rules differ from a player's:

- Keyword conditions (Unify, Dominion, Inspire, Echo) count as met from 15 mastery on; a
  condition it cannot meet is ignored (and says so).
- It has no deck, hand or discard pile: gems banish cards from the top of the center deck,
  draws give mastery, and banishing, recruiting or returning cards does nothing.
- Where a card would let it choose (which champion to destroy, which card to copy), the
  player chooses, as a ``nemesis_*`` question; one possible choice is made at once.
- It wins as soon as its mastery reaches the maximum.

Every line it logs carries the anchor {#variant-nemesis}; rulings are in
rulesets/shards_of_infinity.md. Its turn (reveal, row, exhaust, power) is in nemesis.py.
"""

from __future__ import annotations

from shards_tui.core.decision import Decision, Option
from shards_tui.core.wording import name_list
from shards_tui.games.shards import effects as fx
from shards_tui.games.shards.cards import CardDef
from shards_tui.games.shards.conditions import gain_amount, holds as player_holds
from shards_tui.games.shards.models import Frame, Player, ShardsState
from shards_tui.games.shards.steps import MODIFIER_TEXT, AnswerFn, StepFn, allies_to_copy, copyable, push_copy
from shards_tui.games.shards.text import condition_text
from shards_tui.games.shards.zones import Table, amount_text

ANCHOR = "variant-nemesis"
KEYWORD_MASTERY = 15  # at this mastery the Nemesis treats keyword conditions as met
KEYWORDS = {fx.Dominion: "Dominion", fx.Echo: "Echo", fx.Inspire: "Inspire", fx.Unify: "Unify"}


def active(state: ShardsState) -> bool:
    return "nemesis" in state.variants


def seat_of(state: ShardsState) -> int | None:
    return next((s for s, p in enumerate(state.players) if p.nemesis), None)


def player_seat(state: ShardsState) -> int:
    return next(s for s, p in enumerate(state.players) if not p.nemesis)


def nemesis(t: Table) -> Player:
    return t.state.players[seat_of(t.state)]  # type: ignore[index]


def event(t: Table, text: str) -> None:
    t.event(text.replace("..", "."), ANCHOR)  # "exhausts Systema A.I." ends one sentence


def add_mastery(t: Table, amount: int) -> int:
    me = nemesis(t)
    before = me.mastery
    me.mastery = min(t.rules.limits.max_mastery, me.mastery + amount)
    return me.mastery - before


def win(t: Table, why: str) -> None:
    state = t.state
    state.winners = [seat_of(state)]  # type: ignore[list-item]
    state.flow.phase = "play"
    event(t, f"The Nemesis wins: {why}.")


def wins_by_mastery(t: Table) -> bool:
    """The Nemesis wins at once when its mastery reaches the maximum (checked before each of its
    turn's steps and after each step of its cards, unless a question waits)."""
    limit = t.rules.limits.max_mastery
    if t.state.pending is None and not t.state.over and nemesis(t).mastery >= limit:
        win(t, f"its mastery reached {limit}")
    return t.state.over


def game_end(t: Table, winner: int) -> None:
    """Someone's health reached 0 (turns.after_attacks has set the winner)."""
    state = t.state
    if state.players[winner].nemesis:
        event(t, f"The Nemesis wins: {state.players[player_seat(state)].name}'s health reached 0.")
    else:
        event(t, f"{state.players[winner].name} brings the Nemesis to 0 health and wins!")


# --- conditions ------------------------------------------------------------------------------

def holds(t: Table, frame: Frame, cond: fx.Condition) -> bool:
    """A condition on a card the Nemesis plays, judged for the Nemesis."""
    me, card = nemesis(t), t.card(frame.source)
    keyword = KEYWORDS.get(type(cond))
    if keyword is not None:
        met = me.mastery >= KEYWORD_MASTERY
        if met:
            event(t, f"{card.name}: the Nemesis has {me.mastery} mastery (15 or more), so its "
                     f"{keyword} text counts as met.")
        else:
            event(t, f"{card.name}: the Nemesis has {me.mastery} mastery (below 15), so it ignores "
                     f"the {keyword} text.")
        return met
    if isinstance(cond, JUDGED_AS_FOR_A_PLAYER):
        return player_holds(t, frame, cond)
    event(t, f"{card.name}: the Nemesis cannot meet this condition ({cond.kind}); the text is ignored.")
    return False


JUDGED_AS_FOR_A_PLAYER = (fx.MasteryAtLeast, fx.FullHealth, fx.ChampionCount, fx.IsCharacter,
                          fx.HighestMastery)


def unmet(t: Table, card: CardDef, group: list[fx.Step], chosen: fx.Step | None,
          failed: list[fx.Step]) -> None:
    """A group none of whose conditions held says so once (a keyword's line already did)."""
    if chosen is None and not any(type(s.when) in KEYWORDS for s in group):
        event(t, f"{card.name}: “{condition_text(group[-1].when).rstrip(':')}” is not true for "
                 "the Nemesis, so that part does nothing.")


# --- steps -----------------------------------------------------------------------------------

def _ignore(t: Table, frame: Frame, what: str) -> None:
    event(t, f"{t.name(frame.source)}: the Nemesis cannot {what}; that text is ignored.")


def ignored(what: str) -> StepFn:
    """A step the Nemesis cannot carry out ("banish its own cards"): the log says so."""
    return lambda t, frame, step: _ignore(t, frame, what)


def gain(t: Table, frame: Frame, step: fx.Gain) -> None:
    if step.infinite:
        _ignore(t, frame, "gain infinite power")
        return
    state, me, name = t.state, nemesis(t), t.name(frame.source)
    amount = gain_amount(t, step)
    if step.resource == "gems":
        banished = []
        for _ in range(amount):
            if not state.center_deck:
                break
            top = state.center_deck.pop(0)
            me.banished.append(top)
            banished.append(t.name(top))
        state.mark_reveal()
        names = name_list(banished) if banished else "nothing (the center deck is empty)"
        event(t, f"{name}: instead of {amount_text(amount, 'gems')}, the Nemesis banishes "
                 f"{len(banished)} from the top of the center deck: {names}.")
    elif step.resource == "power":
        state.turn.power += amount
        event(t, f"{name}: the Nemesis gains {amount} power ({state.turn.power}).")
    elif step.resource == "health":
        before = me.health
        me.health = min(t.rules.limits.max_health, me.health + amount)
        event(t, f"{name}: the Nemesis gains {me.health - before} health ({me.health}).")
    elif step.resource == "mastery":
        gained = add_mastery(t, amount)
        event(t, f"{name}: the Nemesis gains {gained} mastery ({me.mastery}).")


def draw(t: Table, frame: Frame, step: fx.Draw) -> None:
    gained = add_mastery(t, step.count)
    event(t, f"{t.name(frame.source)}: instead of drawing {step.count}, the Nemesis gains {gained} "
             f"mastery ({nemesis(t).mastery}).")


def destroy_champion(t: Table, frame: Frame, step: fx.DestroyChampion) -> None:
    state = t.state
    seat, name = player_seat(state), t.name(frame.source)
    targets = list(state.players[seat].champions)
    if not targets:
        event(t, f"{name}: {state.players[seat].name} has no champion to destroy.")
    elif step.all or len(targets) == 1:
        for c in targets:
            t.destroy_champion(seat, c, f"by the Nemesis's {name}")
    else:
        state.pending = Decision(
            seat=seat, kind="nemesis_destroy", min=1, max=1,
            options=[Option(id=c, label=t.name(c)) for c in targets],
            prompt=f"The Nemesis's {name} destroys one of your champions: you choose which.")


def opponent_loses_mastery(t: Table, frame: Frame, step: fx.OpponentLosesMastery) -> None:
    victim = t.state.players[player_seat(t.state)]
    lost = min(victim.mastery, step.amount)
    victim.mastery -= lost
    event(t, f"{t.name(frame.source)}: {victim.name} loses {lost} mastery to the Nemesis." if lost
          else f"{t.name(frame.source)}: {victim.name} has no mastery to lose.")


def copy(t: Table, target: str, copier: Frame) -> None:
    push_copy(t, target, copier)
    event(t, f"The Nemesis's {t.name(copier.source)} copies the effects of {t.name(target)}.")


def copy_played(t: Table, frame: Frame, step: fx.CopyPlayed) -> None:
    state = t.state
    if step.same_as_last_copy:
        if frame.copied is not None:
            copy(t, frame.copied, frame)
        return
    matches = copyable(t, frame, step)
    if len(matches) == 1:
        copy(t, matches[0], frame)
    elif matches:
        state.pending = Decision(
            seat=player_seat(state), kind="nemesis_copy", min=1, max=1,
            options=[Option(id=i, label=t.name(i)) for i in matches],
            prompt=f"The Nemesis's {t.name(frame.source)} copies a card it played this turn: you "
                   "choose which.",
            data={"via": frame.source})
    else:
        event(t, f"{t.name(frame.source)}: the Nemesis played no card it could copy.")


def copy_allies_this_turn(t: Table, frame: Frame, step: fx.CopyAlliesThisTurn) -> None:
    for i in allies_to_copy(t, step.faction):
        copy(t, i, frame)


def this_turn(t: Table, frame: Frame, step: fx.ThisTurn) -> None:
    if step.modifier == "next_homodeus_champion_enters_play":
        _ignore(t, frame, "recruit")
        return
    t.state.turn.modifiers.append(step.modifier)
    event(t, f"{t.name(frame.source)} (for the Nemesis's turn): {MODIFIER_TEXT[step.modifier]}")


STEPS: dict[type, StepFn] = {
    fx.Gain: gain, fx.Draw: draw, fx.Banish: ignored("banish its own cards"),
    fx.RecruitFree: ignored("gain cards"), fx.ReturnToHand: ignored("use a discard pile"),
    fx.DestroyChampion: destroy_champion, fx.OpponentLosesMastery: opponent_loses_mastery,
    fx.CopyPlayed: copy_played, fx.CopyAlliesThisTurn: copy_allies_this_turn, fx.ThisTurn: this_turn,
}


# --- the player's answers to the Nemesis's questions -----------------------------------------

def _destroyed(t: Table, decision: Decision, chosen: list[str]) -> None:
    t.destroy_champion(decision.seat, chosen[0], "by the Nemesis (your choice)")


def _copied(t: Table, decision: Decision, chosen: list[str]) -> None:
    copier = t.state.stack[-1]  # the copying card waits on top
    assert copier.source == decision.data["via"]
    copy(t, chosen[0], copier)


ANSWERS: dict[str, AnswerFn] = {"nemesis_destroy": _destroyed, "nemesis_copy": _copied}
