"""Relics of the Future: relics (set aside, recruited once at mastery 10) and the passive card
properties the expansion adds. The engine calls these small hooks; the rules live here.

Rules reference: rulesets/shards_of_infinity.md {#relics} and {#card-notes-relics}.
"""

from __future__ import annotations

from shards_tui.core.errors import IllegalCommand
from shards_tui.games.shards.cards import card_of
from shards_tui.games.shards.commands import RecruitRelic
from shards_tui.games.shards.zones import Table, slug

RELIC_MASTERY = 10  # mastery needed to recruit one of your relics
BIG_HIT = 10  # The Heart of Nothing: damage to one opponent that earns 3 extra cards


# --- recruiting a relic ----------------------------------------------------------------------

def relic_refusal(t: Table, seat: int) -> str | None:
    """Why this seat may not recruit a relic now (None: it may)."""
    p = t.state.players[seat]
    if p.relic_recruited:
        return "You have already recruited a relic; only one per game."
    if not p.relics:
        return "You have no relics set aside."
    if p.mastery < RELIC_MASTERY:
        return f"You need {RELIC_MASTERY} mastery to recruit a relic; you have {p.mastery}."
    return None


def recruit_relic(t: Table, cmd: RecruitRelic) -> None:
    state = t.state
    seat = state.flow.active
    me = state.players[seat]
    reason = relic_refusal(t, seat)
    if reason:
        raise IllegalCommand(reason, "relics")
    ref = cmd.card
    found = next((i for i in me.relics if ref in (i, card_of(i), slug(t.name(i)))), None)
    if found is None:
        found = next((i for i in me.relics
                      if card_of(i).startswith(ref) or slug(t.name(i)).startswith(ref)), None)
    if found is None:
        names = " or ".join(t.name(i) for i in me.relics)
        raise IllegalCommand(f"Your relics are {names}; '{ref}' is not one of them.", "relics")
    t.move(found, seat, "relics", "discard")
    me.relic_recruited = True
    if "mystery_relics" in state.variants:
        state.mark_reveal()  # a secret relic is shown: no undo past this
    t.event(f"{me.name} recruits the relic {t.name(found)} into their discard pile, for free.", "relics")


def legal_relics(t: Table, seat: int) -> list[RecruitRelic]:
    if relic_refusal(t, seat):
        return []
    return [RecruitRelic.shared(seat, card=card_of(i)) for i in t.state.players[seat].relics]


def check_relics(state, cards) -> str | None:
    """The relic invariants: only relics are set aside, and a recruit is remembered."""
    for p in state.players:
        if p.relics and any(cards[card_of(i)].type != "relic" for i in p.relics):
            return f"{p.name} has a card set aside that is not a relic."
    if state.set_aside and any(cards[card_of(i)].type != "relic" for i in state.set_aside):
        return "A card out of the game is not a relic."
    return None


# --- passive properties ------------------------------------------------------------------------

def _statics(t: Table, instance: str, kind: str):
    return _card_statics(t.card(instance), kind)


def _card_statics(card, kind: str):
    """The passive properties of this kind that a card has."""
    statics = card.statics
    return [s for s in statics if s.kind == kind] if statics else statics


def _applies(t: Table, seat: int, static) -> bool:
    p = t.state.players[seat]
    if static.character and p.character != static.character:
        return False
    return not (static.at_mastery and p.mastery < static.at_mastery)


def champion_defense(t: Table, owner: int, instance: str) -> int:
    """Printed defense plus Ferrata Guard's bonus (each Guard in play adds its own)."""
    bonus = sum(s.amount or 0 for c in t.state.players[owner].champions
                for s in _statics(t, c, "champions_defense_plus") if _applies(t, owner, s))
    return (t.card(instance).defense or 0) + bonus


def attack_refusal(t: Table, owner: int, instance: str) -> str | None:
    """Raidian: players with less mastery than its owner may not attack it."""
    if not _statics(t, instance, "cannot_be_attacked_by_lower_mastery"):
        return None
    attacker = t.state.players[t.state.flow.active]
    owner_p = t.state.players[owner]
    if attacker.mastery < owner_p.mastery:
        return (f"{t.name(instance)} cannot be attacked by a player with less mastery than "
                f"{owner_p.name} ({attacker.mastery} < {owner_p.mastery}).")
    return None


def cost_for(t: Table, seat: int, instance: str) -> int:
    """What a center card costs this seat (Axia: 1 gem less per Homodeus champion it controls)."""
    card = t.card(instance)
    cost = card.cost or 0
    if _card_statics(card, "costs_less_per_homodeus_champion"):
        cost -= t.count_champions(seat, "homodeus")
    return max(0, cost)


def on_champion_played(t: Table, seat: int) -> None:
    """Praetorian-01: from the discard pile back to hand when its owner plays a champion."""
    me = t.state.players[seat]
    for i in list(me.discard):
        if _statics(t, i, "returns_when_champion_played"):
            t.move(i, seat, "discard", "hand")
            t.event(f"{t.name(i)} returns from {me.name}'s discard pile to their hand.", "relics")


def in_play_shield(t: Table, seat: int) -> int:
    """Shields of champions in play (Praetorian-02): the best tier that applies, per champion."""
    total = 0
    for c in t.state.players[seat].champions:
        tiers = [s.amount or 0 for s in _statics(t, c, "shield_in_play") if _applies(t, seat, s)]
        total += max(tiers, default=0)
    return total


def after_health_gain(t: Table, seat: int, amount: int, source: str) -> None:
    """Entropic Talons: 1 power per health gained this turn, counting health over the cap."""
    mod = "power_per_health_gained"
    if amount and seat == t.state.flow.active and mod in t.state.turn.modifiers:
        giver = _modifier_card(t, mod)  # the power comes from it; the health may not have
        t.gain(seat, "power", amount, giver if source == giver else f"{giver} (for the health from {source})")


def _modifier_card(t: Table, modifier: str) -> str:
    """The name of the card whose text sets this turn modifier (Entropic Talons)."""
    return next((c.name for c in t.cards.values() for s in (*c.play, *c.exhaust)
                 if getattr(s, "modifier", None) == modifier), "a relic")


def note_damage(t: Table, damage: int) -> None:
    """The Heart of Nothing: remember 10 or more damage to one opponent this turn."""
    if damage >= BIG_HIT and "draw_three_after_big_hit" in t.state.turn.modifiers:
        if "big_hit_landed" not in t.state.turn.modifiers:
            t.state.turn.modifiers.append("big_hit_landed")


def extra_end_draws(t: Table) -> int:
    mods = t.state.turn.modifiers
    if "draw_three_after_big_hit" in mods and "big_hit_landed" in mods:
        t.event("The Heart of Nothing: 10 or more damage landed, so 3 extra cards are drawn.", "relics")
        return 3
    return 0
