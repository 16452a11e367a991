"""Card text players read, generated from the card data (never written per card).

``step_text`` words one effect step, ``card_text`` a whole card (several lines) and
``card_summary`` a one-line digest for lists. Resources are written as words (gems, power,
health, mastery) so the UI can colour them; there are no icons here.
"""

from __future__ import annotations

from shards_tui.games.shards.cards import CardDataError, CardDef, card_db
from shards_tui.games.shards.effects import (
    AllOf,
    Banish,
    CardFilter,
    ChampionCount,
    CopyAlliesThisTurn,
    CopyPlayed,
    DestroyChampion,
    Dominion,
    Draw,
    Echo,
    FullHealth,
    Gain,
    HighestMastery,
    Inspire,
    IsCharacter,
    MasteryAtLeast,
    OpponentLosesMastery,
    RecruitFree,
    ReturnToHand,
    Static,
    ThisTurn,
    Unify,
)

__all__ = ["card_summary", "card_text", "condition_text", "static_text", "step_text"]

_COUNTER_TEXT = {
    "homodeus_champions_you_control": "Homodeus champion you control",
    "champions_you_control": "champion you control",
    "undergrowth_allies_played": "Undergrowth ally you played this turn",
    "wraethe_cards_in_discard": "Wraethe card in your discard pile",
}

_EQUAL_TO_TEXT = {
    "current_power": "equal to your current power",
    "half_mastery_rounded_up": "equal to half your mastery, rounded up",
    "mastery": "equal to your mastery",
}

_ZONE_TEXT = {
    "hand": "your hand",
    "discard": "your discard pile",
    "hand_or_discard": "your hand or discard pile",
}

_MODIFIER_TEXT = {
    "next_homodeus_champion_enters_play":
        "this turn, the next Homodeus champion you recruit goes straight into play",
    "ignore_shields": "this turn, shields do not reduce your damage",
    "power_per_health_gained":
        "this turn, gain 1 power for each health you gain (even health over the limit)",
    "draw_three_after_big_hit":
        "this turn, if you deal 10 or more damage to one opponent, draw 3 extra cards "
        "at the end of your turn",
}

_PLURAL_TYPE = {
    "starter": "starting cards",
    "ally": "allies",
    "mercenary": "mercenaries",
    "champion": "champions",
    "relic": "relics",
}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _title(ident: str) -> str:
    return " ".join(word.capitalize() for word in ident.split("_"))


def _card_name(card_id: str) -> str:
    """A card's display name, or a readable form of its id if it is not loaded."""
    try:
        return card_db(("base", "relics"))[card_id].name
    except (CardDataError, FileNotFoundError, KeyError):
        return _title(card_id)


def noun(filt: CardFilter, plural: bool = False) -> str:
    """'champion', 'Wraethe card', 'non-champion card', 'Homodeus allies', ..."""
    words: list[str] = []
    if filt.exclude_types:
        words.append(" ".join(f"non-{t}" for t in filt.exclude_types))
    if filt.faction:
        words.append(filt.faction.capitalize())
    if filt.types:
        kinds = [_PLURAL_TYPE[t] if plural else t for t in filt.types]
        words.append(" or ".join(kinds))
    else:
        words.append("cards" if plural else "card")
    return " ".join(words)


def _article(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def _amount(resource: str, amount: int) -> str:
    if resource == "gems":
        return f"{amount} gem" if amount == 1 else f"{amount} gems"
    return f"{amount} {resource}"


def condition_text(when) -> str:
    """The printed lead-in of a condition, ending with a colon."""
    if isinstance(when, MasteryAtLeast):
        return f"Mastery {when.at_least}:"
    if isinstance(when, Unify):
        return "Unify:"
    if isinstance(when, Dominion):
        return "Dominion:"
    if isinstance(when, Inspire):
        return "Inspire:"
    if isinstance(when, Echo):
        return "Echo:"
    if isinstance(when, FullHealth):
        return "If you are at full health:"
    if isinstance(when, ChampionCount):
        kind = f"{when.faction.capitalize()} champion" if when.faction else "champion"
        if when.at_least == 1:
            return f"If you control {_article(kind)}:"
        return f"If you control {when.at_least} or more {kind}s:"
    if isinstance(when, IsCharacter):
        return f"If your character is {_title(when.character)}:"
    if isinstance(when, HighestMastery):
        return "If you have the highest mastery:"
    if isinstance(when, AllOf):
        parts = [condition_text(c).rstrip(":") for c in when.of]
        return " and ".join(parts[:1] + [p[:1].lower() + p[1:] if p.startswith("If ") else p
                                         for p in parts[1:]]) + ":"
    raise TypeError(f"no text for condition {when!r}")


def _body(step) -> str:
    """What a step does, starting in lower case and without a final full stop."""
    if isinstance(step, Gain):
        if step.infinite:
            what = f"infinite {step.resource}"
        elif step.equal_to:
            what = f"{step.resource} {_EQUAL_TO_TEXT[step.equal_to]}"
        else:
            what = _amount(step.resource, step.amount)
        text = f"gain {what}"
        if step.per:
            text += f" for each {_COUNTER_TEXT[step.per]}"
        return text
    if isinstance(step, Draw):
        return "draw a card" if step.count == 1 else f"draw {step.count} cards"
    if isinstance(step, Banish):
        zone = _ZONE_TEXT[step.zone]
        if step.up_to == 1:
            return f"you may banish a card from {zone}"
        return f"you may banish up to {step.up_to} cards from {zone}"
    if isinstance(step, RecruitFree):
        where = " into your hand" if step.to == "hand" else ""
        return (f"recruit a card costing {step.max_cost} or less from the center row"
                f"{where} for free")
    if isinstance(step, ReturnToHand):
        if step.all:
            what = f"all {noun(step.filter, plural=True)}"
        else:
            what = _article(noun(step.filter))
        return f"return {what} from your discard pile to your hand"
    if isinstance(step, DestroyChampion):
        return "destroy all enemy champions" if step.all else "destroy an enemy champion"
    if isinstance(step, OpponentLosesMastery):
        return f"an opponent you choose loses {step.amount} mastery"
    if isinstance(step, CopyPlayed):
        if step.same_as_last_copy:
            return "copy the effects of that same card again"
        return f"copy the effects of another {noun(step.filter)} you played this turn"
    if isinstance(step, CopyAlliesThisTurn):
        faction = step.faction.capitalize()
        return (f"copy the effects of each {faction} ally you played this turn "
                f"and of each one you play later this turn")
    if isinstance(step, ThisTurn):
        return _MODIFIER_TEXT[step.modifier]
    raise TypeError(f"no text for step {step!r}")


def step_text(step) -> str:
    """One step as a sentence, e.g. 'Gain 2 gems.' or 'Mastery 10: gain 3 power instead.'"""
    body = _body(step)
    if step.instead:
        body += " instead"
    if step.when is not None:
        return f"{condition_text(step.when)} {body}."
    return f"{_cap(body)}."


def static_text(static: Static) -> str:
    """A passive property of a card in play."""
    if static.kind == "cannot_be_attacked":
        return "This champion cannot be attacked (card effects can still destroy it)."
    if static.kind == "cannot_be_attacked_while_controlling":
        name = _card_name(static.card) if static.card else "another card"
        return f"This champion cannot be attacked while you control {name}."
    if static.kind == "guards_controller":
        return "While this champion is in play, you and your other champions cannot be attacked."
    lead = ""
    if static.character:
        lead = f"If your character is {_title(static.character)}: "
    if static.at_mastery:
        lead = f"Mastery {static.at_mastery}: "
    if static.kind == "cannot_be_attacked_by_lower_mastery":
        return "Players with less mastery than you cannot attack this champion."
    if static.kind == "champions_defense_plus":
        return f"{lead}while this is in play, your champions have +{static.amount} defense."
    if static.kind == "costs_less_per_homodeus_champion":
        return "Costs 1 gem less for each Homodeus champion you control."
    if static.kind == "returns_when_champion_played":
        return ("While this is in your discard pile, it returns to your hand when you play "
                "a champion.")
    if static.kind == "shield_in_play":
        verb = "its shield is" if static.at_mastery else "It has shield"
        text = f"{verb} {static.amount} instead" if static.at_mastery else f"{verb} {static.amount}"
        if static.at_mastery:
            return f"{lead}{text}."
        return (f"Played as a champion. {text} while it is in play (not from your hand): each "
                "attack on you deals that much less.")
    raise TypeError(f"no text for passive {static!r}")


def _exhaust_line(steps) -> str:
    texts = [step_text(step) for step in steps]
    first = texts[0]
    # "Exhaust: gain 6 power." / "Exhaust: if you control ...": lower-case the lead word
    # unless it is a keyword or a mastery tier, which keep their capital.
    if steps[0].when is None or isinstance(steps[0].when, (FullHealth, ChampionCount,
                                                           IsCharacter, HighestMastery)):
        first = first[:1].lower() + first[1:]
    return "Exhaust: " + " ".join([first, *texts[1:]])


def _defense_shield(card: CardDef) -> str:
    parts: list[str] = []
    if card.defense is not None:
        parts.append(f"Defense {card.defense}.")
    if card.shield_is_mastery:
        parts.append("Shield equal to your mastery.")
    elif card.shield is not None:
        parts.append(f"Shield {card.shield}.")
    return " ".join(parts)


def _effect_lines(card: CardDef) -> list[str]:
    lines = [step_text(step) for step in card.play]
    if card.exhaust:
        lines.append(_exhaust_line(card.exhaust))
    lines.extend(static_text(static) for static in card.statics)
    return lines


def card_text(card: CardDef) -> str:
    """Everything the card does, one line per played step, then exhaust, passives, numbers."""
    lines = _effect_lines(card)
    numbers = _defense_shield(card)
    if numbers:
        lines.append(numbers)
    return "\n".join(lines)


def _kind_label(card: CardDef) -> str:
    if card.type == "starter":
        return "Starter"
    if card.faction:
        return f"{card.faction.capitalize()} {card.type}"
    return card.type.capitalize()


def card_summary(card: CardDef, width: int = 60) -> str:
    """One short line: 'Homodeus ally · cost 3 · Gain 3 gems.'"""
    parts = [_kind_label(card)]
    if card.cost is not None:
        parts.append(f"cost {card.cost}")
    if card.defense is not None:
        parts.append(f"defense {card.defense}")
    if card.shield_is_mastery:
        parts.append("shield = mastery")
    elif card.shield is not None:
        parts.append(f"shield {card.shield}")
    effect = " ".join(_effect_lines(card))
    if len(effect) > width:
        cut = effect[: width - 1]
        if " " in cut:
            cut = cut.rsplit(" ", 1)[0]
        effect = cut.rstrip(" .,:;") + "…"
    if effect:
        parts.append(effect)
    return " · ".join(parts)
