"""The words a player reads on a card, made from its data (so text and behaviour agree)."""

from __future__ import annotations

from typing import Any, Callable

from shards_tui.games.fractured_net import effects as fx
from shards_tui.games.fractured_net.cards import CardDef, card_db
from shards_tui.games.fractured_net.effects import Effect

KEYWORD_TEXT = {
    "swift": "No summoning sickness: it can attack the turn it enters play.",
    "vigilant": "Does not tap when it attacks, so it can attack and still block.",
    "defender": "Cannot attack; it can only block.",
    "reckless": "Must attack each turn if it is able to.",
    "drain": "When it deals damage, its controller gains that much health (up to 30).",
    "deathtouch": "Any damage it deals to a creature destroys that creature.",
    "persistent": "The first time it would be destroyed, it stays in play with full health instead.",
    "volatile": "When it dies, it deals damage equal to its power to its controller.",
    "stealth": "Can be blocked only by creatures with Stealth.",
    "echo": "When it enters play, a copy of it (a token without Echo) enters play too.",
    "armored": "Armored X: all damage dealt to it is reduced by X, from each source.",
    "response": "Can be played during your opponent's turn, in a Response window.",
}

_WHO = {
    "you": "you", "opponent": "your opponent", "self": "this creature", "it": "it",
    "attached": "the equipped creature",
    "creature": "a creature", "enemy_creature": "an enemy creature",
    "friendly_creature": "a creature of yours", "other_friendly_creature": "another creature of yours",
    "attacker": "an attacking creature", "blocker": "a blocking creature",
    "enemy": "an enemy creature or your opponent", "any": "any creature or player",
    "enemy_equipment": "an enemy equipment",
    "each_creature": "each creature", "each_enemy_creature": "each enemy creature",
    "each_friendly_creature": "each creature of yours",
    "each_other_friendly_creature": "each other creature of yours",
    "each_attacker": "each attacking creature",
    "random_enemy_creature": "a random enemy creature", "random_enemy": "a random enemy",
    "random_creature": "a random creature",
}
_PER = {"friendly_creatures": "creature you control", "enemy_creatures": "enemy creature",
        "cards_in_hand": "card in your hand", "creatures_in_discard": "creature in your discard pile"}
TRIGGER_WORDS = {"enter": "Enter", "death": "Death", "attack": "Attack",
                 "start": "Start of your turn", "end": "End of your turn"}


def _who(effect: Effect) -> str:
    who = _WHO[effect.target]
    most = getattr(effect, "max_power", None)
    if most is not None and "creature" in who:
        who = f"{who} with power {most} or less"
    return who


def _per(effect: Effect) -> str:
    per = getattr(effect, "per", None)
    return f" for each {_PER[per]}" if per else ""


def _n(effect: Effect, word: str) -> str:
    plural = "" if effect.amount == 1 or word in ("health", "energy") else "s"
    if getattr(effect, "per", None):
        return f"{effect.amount} {word}{_per(effect)}"
    return f"{effect.amount} {word}{plural}"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _turn(effect: Effect) -> str:
    return "" if effect.lasting else " this turn"


def _token(effect: fx.Token) -> str:
    token = card_db()[effect.card]
    stats = f"{token.power}/{token.defense}"
    kws = ", ".join(k.capitalize() for k in token.keywords)
    what = f"{token.name} token{'s' if effect.amount != 1 else ''} ({stats}{', ' + kws if kws else ''})"
    return (f"Make {effect.amount} {what}{_per(effect)}" if effect.amount != 1
            else f"Make a {what}{_per(effect)}")


def _recall(effect: fx.Recall) -> str:
    kinds = " or ".join(effect.types) if effect.types else "card"
    if effect.amount == 1:
        return f"Return a {kinds} from your discard pile to your hand"
    return f"Return {effect.amount} {kinds}s from your discard pile to your hand"


def _foresee(effect: fx.Foresee) -> str:
    top = "card" if effect.amount == 1 else f"{effect.amount} cards"
    them = "it" if effect.amount == 1 else "any of them"
    return f"Look at the top {top} of your deck; you may put {them} on the bottom"


# The words of each kind of effect, before its repetition and condition.
_PHRASES: dict[type, Callable[[Any], str]] = {
    fx.Damage: lambda e: f"Deal {e.amount} damage to {_who(e)}{_per(e)}",
    fx.Heal: lambda e: ("You gain " if e.target != "opponent" else "Your opponent gains ")
    + _n(e, "health"),
    fx.Draw: lambda e: ("Draw " if e.target != "opponent" else "Your opponent draws ") + _n(e, "card"),
    fx.Discard: lambda e: ("Your opponent discards" if e.target == "opponent" else "Discard")
    + f" {_n(e, 'card')}" + (" at random" if e.random or e.target == "opponent" else ""),
    fx.Destroy: lambda e: f"Destroy {_who(e)}",
    fx.Bounce: lambda e: f"Return {_who(e)} to its owner's hand",
    fx.Buff: lambda e: f"Give {_who(e)} {_signed(e.power)}/{_signed(e.defense)}{_per(e)}{_turn(e)}",
    fx.Grant: lambda e: f"Give {_who(e)} {e.keyword.capitalize()}{_turn(e)}",
    fx.Tap: lambda e: f"Tap {_who(e)}",
    fx.Untap: lambda e: f"Untap {_who(e)}",
    fx.Token: _token,
    fx.Energy: lambda e: f"Gain {_n(e, 'energy')}",
    fx.Recall: _recall,
    fx.Revive: lambda e: "Return a creature from your discard pile into play",
    fx.Foresee: _foresee,
}


def effect_text(effect: Effect) -> str:
    text = _PHRASES[type(effect)](effect)
    if effect.times > 1:
        text += f", {effect.times} times"
    if effect.if_creatures:
        text = f"If you control {effect.if_creatures} or more creatures: {text[0].lower()}{text[1:]}"
    return text + "."


def effects_text(effects: tuple[Effect, ...]) -> str:
    return " ".join(effect_text(e) for e in effects)


def keyword_names(c: CardDef) -> list[str]:
    return [f"Armored {c.armored}" if k == "armored" else k.capitalize() for k in c.keywords]


def card_lines(c: CardDef) -> list[str]:
    """The card's rules text, one line per part."""
    lines = []
    if c.keywords:
        lines.append(", ".join(keyword_names(c)) + ".")
    if c.type == "spell":
        lines.append(effects_text(c.play))
    for trigger, word in TRIGGER_WORDS.items():
        effects = c.triggers(trigger)
        if effects:
            lines.append(f"{word}: {effects_text(effects)}")
    if c.attach is not None:
        a = c.attach
        parts = []
        if a.power or a.defense:
            parts.append(f"{_signed(a.power)}/{_signed(a.defense)}")
        parts += [k.capitalize() for k in a.keywords]
        if a.armored:
            parts.append(f"Armored {a.armored}")
        lines.append(f"Attach to a creature of yours. It gets {', '.join(parts)}.")
    if c.aura is not None:
        a = c.aura
        who = {"your_creatures": "Your creatures have", "your_tokens": "Your tokens have",
               "your_other_creatures": "Your other creatures have"}[a.who]
        parts = []
        if a.power or a.defense:
            parts.append(f"{_signed(a.power)}/{_signed(a.defense)}")
        parts += [k.capitalize() for k in a.keywords]
        lines.append(f"{who} {', '.join(parts)}.")
    if c.ability is not None:
        ab = c.ability
        cost = [f"{ab.cost} energy"] if ab.cost else []
        if ab.tap:
            cost.append("tap")
        head = ", ".join(cost) if cost else "Free"
        lines.append(f"Activate ({head}, once a turn): {effects_text(ab.effects)}")
    if c.type == "resource":
        lines.insert(0, "+1 energy each turn while in play.")
    return lines


def glossary(c: CardDef) -> list[tuple[str, str]]:
    """The keywords a card has or gives, each with its meaning (the collection shows them)."""
    words = list(c.keywords)
    for trigger in ("play", "enter", "start", "ability"):
        words += [e.keyword for e in c.triggers(trigger) if isinstance(e, fx.Grant)]
    for part in (c.attach, c.aura):
        words += list(part.keywords) if part is not None else []
    if c.attach is not None and c.attach.armored:
        words.append("armored")
    return [(k.capitalize(), KEYWORD_TEXT[k]) for k in dict.fromkeys(words)]


def card_text(c: CardDef) -> str:
    return " ".join(card_lines(c))
