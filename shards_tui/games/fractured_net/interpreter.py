"""The one interpreter of the effect vocabulary (effects.py): a step function per kind of
effect (``STEPS``), run over the effects waiting in ``state.queue``.

A job in the queue is one trigger of one card (a spell played, a creature entering, a death,
an attack, the start or end of a turn, an ability) and the index of its next effect. ``run``
carries effects out in order until the queue is empty, a question waits, or the game ends. A
step that needs a choice (a target, cards to put on the bottom, a card to take back) puts a
core Decision in ``state.pending`` and returns False: resolution stops there. ``answer`` brings
the choice back to the same step, which finishes, and resolution goes on. Nothing here calls
out to a screen.
"""

from __future__ import annotations

from typing import Callable

from shards_tui.core.decision import Decision, Option
from shards_tui.games.fractured_net import effects as fx
from shards_tui.games.fractured_net import targets as tg
from shards_tui.games.fractured_net.cards import card, card_db, limits
from shards_tui.games.fractured_net.models import FnState, Job
from shards_tui.games.fractured_net.text import TRIGGER_WORDS, effect_text
from shards_tui.games.fractured_net.zones import (Source, check_deaths, check_health, deal,
                                                  destroy, draw, enter_creature, heal,
                                                  leave_play, make_token, name, plural)

Answer = list[str] | None
MAX_STEPS = 500  # effects in one forecast; more is a rules bug
Step = Callable[[FnState, Job, fx.Effect, Answer], bool]


def run(state: FnState) -> None:
    """Resolve queued effects until none is left, a question waits, or the game ends."""
    while state.queue and state.pending is None and not state.over:
        due = _due(state)
        if due is None:
            continue
        job, effect = due
        if not STEPS[type(effect)](state, job, effect, None):
            return  # a question waits
        _next(state, job)
    check_health(state)


def _due(state: FnState) -> tuple[Job, fx.Effect] | None:
    """The first queued job and its effect, if that effect is to be resolved now. None after
    dropping a job whose effects are all done, or passing over an effect whose count of
    creatures is not met (the caller looks at the queue again)."""
    job = state.queue[0]
    todo = tg.effects_of(job)
    if job.index >= len(todo):
        state.queue.pop(0)
        return None
    effect = todo[job.index]
    if effect.if_creatures and len(state.players[job.controller].creatures) < effect.if_creatures:
        job.index += 1
        return None
    return job, effect


def answer(state: FnState, chosen: list[str]) -> None:
    """The pending question of an effect (or of an equipment to attach) was answered: the
    step that asked finishes, and resolution goes on."""
    pending = state.pending
    state.pending = None
    if pending.kind == "attach":
        attach_to(state, pending.seat, str(pending.data["gear"]), chosen[0])
    else:
        job = state.queue[0]
        effect = tg.effects_of(job)[job.index]
        if STEPS[type(effect)](state, job, effect, chosen):
            _next(state, job)
    run(state)


def _foreseeable(effect: fx.Effect) -> bool:
    """Whether what the effect does follows from public facts alone: no player chooses
    anything in it and nothing is drawn at random."""
    if effect.chosen or getattr(effect, "target", "none") in fx.RANDOM:
        return False
    return not isinstance(effect, (fx.Discard, fx.Foresee, fx.Recall, fx.Revive))


def run_foreseeable(state: FnState) -> tuple[list[str], list[str]]:
    """Resolve the queued effects as ``run`` does, for a forecast on a copy of the state:
    those that public facts decide are carried out, the others (a choice, a chance) left out.
    Returns the words of each: (carried out, left out)."""
    done: list[str] = []
    left: list[str] = []
    for _ in range(MAX_STEPS):
        if not state.queue or state.over:
            break
        due = _due(state)
        if due is None:
            continue
        job, effect = due
        words = f"{_source_name(job)} ({TRIGGER_WORDS.get(job.trigger, job.trigger)}): " \
                f"{describe(effect)}"
        if _foreseeable(effect) and STEPS[type(effect)](state, job, effect, None):
            done.append(words)
        else:
            state.pending = None
            left.append(words)
        _next(state, job)
    check_health(state)
    return done, left


def _next(state: FnState, job: Job) -> None:
    job.index += 1
    job.target = None
    check_deaths(state)


def _times(state: FnState, effect: fx.Effect, once: Callable[[], None]) -> None:
    """Do ``once`` as many times as the effect says, destroying what died between times."""
    for _ in range(effect.times):
        if state.over:
            return
        once()
        if effect.times > 1:
            check_deaths(state)


def describe(effect: fx.Effect) -> str:
    return effect_text(effect).rstrip(".")


def _source_name(job: Job) -> str:
    return card(job.card).name


# ---- effects on a target ------------------------------------------------------------------

Hit = Callable[[FnState, Job, fx.Effect, str, int], None]


def _ask_target(state: FnState, job: Job, effect: fx.Effect) -> bool:
    """Ask for the effect's target, unless it takes none, is answered or has one answer."""
    if not effect.chosen or job.target is not None:
        return False
    options = tg.targets(state, job.controller, job.source, effect)
    if not options:
        job.target = "-"  # nothing to target: the effect does nothing
        return False
    if len(options) == 1:
        job.target = options[0]
        return False
    state.pending = Decision(
        seat=job.controller, kind="target", min=1, max=1,
        prompt=f"{_source_name(job)}: choose a target ({describe(effect)}).",
        options=[Option(id=o, label=tg.target_label(state, job.controller, o)) for o in options])
    return True


def _aimed(hit: Hit) -> Step:
    """The step of an effect on targets: ask for the target if the player picks it, then hit
    each target the effect takes, as many times as it says."""
    def step(state: FnState, job: Job, effect: fx.Effect, chosen: Answer) -> bool:
        if chosen is not None:
            job.target = chosen[0]
        elif _ask_target(state, job, effect):
            return False

        def once() -> None:
            n = tg.amount(state, job.controller, effect)
            picked = tg.picked(state, job, effect)
            if not picked:  # (said, so that a card played to no effect does not look like a bug)
                state.add_event(f"{_source_name(job)}: no target, so “{describe(effect)}” does "
                                "nothing.", seat=job.controller, anchor="effects")
            for target in picked:
                hit(state, job, effect, target, n)
                job.last = target
        _times(state, effect, once)
        return True
    return step


def _creature_source(state: FnState, job: Job) -> str | None:
    return job.source if job.source and state.creature(job.source) else None


def _damage(state: FnState, job: Job, effect: fx.Effect, target: str, n: int) -> None:
    deal(state, Source(job.controller, _creature_source(state, job)), target, n,
         _source_name(job), "effects")


def _destroy(state: FnState, job: Job, effect: fx.Effect, target: str, n: int) -> None:
    gear = state.gear_of(target)
    if gear is None:
        destroy(state, target, f"is destroyed by {_source_name(job)}")
        return
    seat, g = gear
    state.players[seat].gear.remove(g)
    state.players[seat].discard.append(g.id)
    state.add_event(f"{_source_name(job)} destroys {name(target)}.", seat=job.controller,
                    anchor="effects")


def _on_creature(change: Hit) -> Hit:
    """A hit that only a creature in play takes (a player or an equipment is let be)."""
    def hit(state: FnState, job: Job, effect: fx.Effect, target: str, n: int) -> None:
        if state.creature(target) is not None:
            change(state, job, effect, target, n)
    return hit


@_on_creature
def _bounce(state: FnState, job: Job, effect: fx.Effect, target: str, n: int) -> None:
    state.add_event(f"{_source_name(job)} returns {name(target)} to its owner's hand.",
                    seat=job.controller, anchor="effects")
    leave_play(state, target, "hand")


@_on_creature
def _buff(state: FnState, job: Job, effect: fx.Buff, target: str, n: int) -> None:
    creature = state.creature(target)[1]
    times = n if effect.per else 1
    if effect.lasting:
        creature.power += effect.power * times
        creature.defense += effect.defense * times
    else:
        creature.turn_power += effect.power * times
        creature.turn_defense += effect.defense * times
    state.add_event(f"{_source_name(job)} gives {name(target)} {_signed(effect.power)}/"
                    f"{_signed(effect.defense)}{'' if effect.lasting else ' this turn'}.",
                    seat=job.controller, anchor="effects")


@_on_creature
def _grant(state: FnState, job: Job, effect: fx.Grant, target: str, n: int) -> None:
    creature = state.creature(target)[1]
    keywords = creature.keywords if effect.lasting else creature.turn_keywords
    if effect.keyword not in keywords:
        keywords.append(effect.keyword)
    state.add_event(f"{_source_name(job)} gives {name(target)} {effect.keyword.capitalize()}"
                    f"{'' if effect.lasting else ' this turn'}.", seat=job.controller,
                    anchor="effects")


def _tapping(tapped: bool) -> Hit:
    @_on_creature
    def hit(state: FnState, job: Job, effect: fx.Effect, target: str, n: int) -> None:
        state.creature(target)[1].tapped = tapped
        state.add_event(f"{_source_name(job)} {effect.do}s {name(target)}.", seat=job.controller,
                        anchor="effects")
    return hit


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


# ---- effects on a player --------------------------------------------------------------------

def _on_player(act: Callable[[FnState, Job, fx.Effect, int], None]) -> Step:
    """The step of an effect on a player: no question; done as many times as it says."""
    def step(state: FnState, job: Job, effect: fx.Effect, chosen: Answer) -> bool:
        _times(state, effect, lambda: act(state, job, effect, tg.amount(state, job.controller,
                                                                        effect)))
        return True
    return step


def _whom(state: FnState, job: Job, effect: fx.Effect) -> int:
    return state.other(job.controller) if effect.target == "opponent" else job.controller


@_on_player
def _draw(state: FnState, job: Job, effect: fx.Draw, n: int) -> None:
    draw(state, _whom(state, job, effect), n)


@_on_player
def _heal(state: FnState, job: Job, effect: fx.Heal, n: int) -> None:
    seat = _whom(state, job, effect)
    gained = heal(state, seat, n)
    state.add_event(f"{_source_name(job)}: {state.players[seat].name} gains {gained} health.",
                    seat=job.controller, anchor="effects")


@_on_player
def _energy(state: FnState, job: Job, effect: fx.Energy, n: int) -> None:
    player = state.players[job.controller]
    gained = max(0, min(n, limits().max_energy - player.energy))
    player.energy += gained
    state.add_event(f"{_source_name(job)}: {player.name} gains {gained} energy.",
                    seat=job.controller, anchor="energy")


@_on_player
def _token(state: FnState, job: Job, effect: fx.Token, n: int) -> None:
    for _ in range(n):
        make_token(state, job.controller, effect.card)
    state.add_event(f"{_source_name(job)} makes {plural(n, card(effect.card).name + ' token')}.",
                    seat=job.controller, anchor="tokens")


@_on_player
def _random_discard(state: FnState, job: Job, effect: fx.Discard, n: int) -> None:
    seat = _whom(state, job, effect)
    victim = state.players[seat]
    gone = []
    for _ in range(min(n, len(victim.hand))):
        i = victim.hand.pop(state.rng.below(len(victim.hand)))
        victim.discard.append(i)
        gone.append(i)
    if gone:
        state.mark_reveal()
        state.add_event(f"{_source_name(job)}: {victim.name} discards "
                        f"{', '.join(name(i) for i in gone)} at random.", seat=seat,
                        anchor="effects")


# ---- effects that choose cards ------------------------------------------------------------

def _ask_cards(state: FnState, job: Job, kind: str, prompt: str, options: list[str],
               least: int, most: int, private: bool) -> bool:
    state.pending = Decision(seat=job.controller, kind=kind, prompt=prompt, min=least, max=most,
                             private=private,
                             options=[Option(id=i, label=name(i)) for i in dict.fromkeys(options)])
    return False


def _discard(state: FnState, job: Job, effect: fx.Discard, chosen: Answer) -> bool:
    if effect.target == "opponent" or effect.random:
        return _random_discard(state, job, effect, chosen)
    player = state.players[job.controller]
    if chosen is None:
        if not player.hand:
            return True
        n = min(effect.amount, len(player.hand))
        return _ask_cards(state, job, "discard", f"{_source_name(job)}: choose "
                          f"{plural(n, 'card')} to discard.", list(player.hand), n, n, True)
    for i in chosen:
        player.hand.remove(i)
        player.discard.append(i)
    state.add_event(f"{player.name} discards {', '.join(name(i) for i in chosen)}.",
                    seat=job.controller, anchor="effects")
    return True


def _foresee(state: FnState, job: Job, effect: fx.Foresee, chosen: Answer) -> bool:
    player = state.players[job.controller]
    top = player.deck[:effect.amount]
    if chosen is None:
        if not top:
            return True
        state.mark_reveal()
        return _ask_cards(state, job, "foresee", f"{_source_name(job)}: the top of your deck, "
                          "first card first; choose any to put on the bottom.", top, 0, len(top),
                          True)
    kept = [i for i in top if i not in chosen]
    bottom = [i for i in top if i in chosen]
    player.deck = kept + player.deck[len(top):] + bottom
    state.add_event(f"{player.name} looks at the top {plural(len(top), 'card')} and puts "
                    f"{len(bottom)} on the bottom.", seat=job.controller, anchor="effects")
    return True


def _from_discard(wanted: Callable[[fx.Effect], tuple[str, ...]], where: str) -> Step:
    """The step of an effect that takes cards of the player's choice from their discard pile."""
    def step(state: FnState, job: Job, effect: fx.Effect, chosen: Answer) -> bool:
        player = state.players[job.controller]
        if chosen is None:
            kinds = wanted(effect)
            options = [i for i in player.discard if not kinds or card(i).type in kinds]
            if not options:
                return True
            n = min(effect.amount, len(options))
            return _ask_cards(state, job, effect.do, f"{_source_name(job)}: choose "
                              f"{plural(n, 'card')} from your discard pile to return {where}.",
                              options, n, n, False)
        for i in chosen:
            player.discard.remove(i)
            if isinstance(effect, fx.Revive):
                state.add_event(f"{name(i)} returns from {player.name}'s discard pile into play.",
                                seat=job.controller, anchor="effects")
                enter_creature(state, job.controller, i)
            else:
                player.hand.append(i)
        if isinstance(effect, fx.Recall):
            state.add_event(f"{player.name} returns {', '.join(name(i) for i in chosen)} to "
                            "their hand.", seat=job.controller, anchor="effects")
        return True
    return step


STEPS: dict[type, Step] = {
    fx.Damage: _aimed(_damage), fx.Destroy: _aimed(_destroy), fx.Bounce: _aimed(_bounce),
    fx.Buff: _aimed(_buff), fx.Grant: _aimed(_grant), fx.Tap: _aimed(_tapping(True)),
    fx.Untap: _aimed(_tapping(False)),
    fx.Draw: _draw, fx.Heal: _heal, fx.Energy: _energy, fx.Token: _token, fx.Discard: _discard,
    fx.Foresee: _foresee,
    fx.Recall: _from_discard(lambda e: e.types, "to your hand"),
    fx.Revive: _from_discard(lambda e: ("creature",), "into play"),
}


# ---- starting effects -----------------------------------------------------------------------

def attach_to(state: FnState, seat: int, gear: str, creature: str) -> None:
    """An attaching equipment goes onto a creature of its owner; its Enter effects follow."""
    for g in state.players[seat].gear:
        if g.id == gear:
            g.on = creature
    state.add_event(f"{name(gear)} is attached to {name(creature)}.", seat=seat,
                    anchor="equipment")
    start_job(state, card(gear).id, "enter", seat, gear)


def start_job(state: FnState, card_id: str, trigger: str, controller: int,
              source: str | None) -> None:
    if card_db()[card_id].triggers(trigger):
        state.queue.append(Job(card=card_id, trigger=trigger, source=source, controller=controller))
