"""Card text generated from the effect data, so that text and behaviour cannot disagree."""

from __future__ import annotations

from shards_tui.games.disco import effects as fx
from shards_tui.games.disco.cards import CardDef

_FOR_EACH = {
    "spent": "power token spent",
    "tokens_here": "power token on this card",
    "column_tokens": "power token in this column",
    "research_here": "research point you have here",
    "your_satellites": "satellite you have in orbit",
    "stack": "satellite in your orbit space here",
    "tech_value": "point of this card's alien tech value",
    "row_tech": "point of alien tech value in the action row",
    "your_upstream": "card of yours upstream",
}
_SCOPE = {"this": "this card", "yours": "one of your cards", "your_satellites": "one of your satellites",
          "column": "a card in this column", "enemy_column": "an opponent's card in this column",
          "upstream": "a card upstream", "any": "any card"}
_SPEND_FROM = {"this": "this card", "yours": "your cards", "your_satellites": "your satellites",
               "column": "your cards in this column"}
TRIGGER_NAMES = {"placement": "Placement", "action": "Action", "start_of_round": "Start of round",
                 "end_of_round": "End of round", "after_drift": "After drifting",
                 "on_selected": "When selected in orbit"}


def _amount(value: fx.Amount, noun: str, plural: str | None = None) -> str:
    """'3 damage', '2 shields', '1 shield for each satellite you have in orbit, plus 1'."""
    plural = plural or noun + "s"
    if isinstance(value, int):
        return f"{value} {noun if value == 1 else plural}"
    head = f"{value.times} {noun if value.times == 1 else plural}".strip()
    text = f"{head} for each {_FOR_EACH[value.count]}"
    if value.plus:
        text += f", plus {value.plus}"
    if value.most is not None:
        text += f" (at most {value.most})"
    return text


def _of_theirs(value: fx.Amount) -> str:
    """'2 of your opponent's' (research points follows)."""
    if isinstance(value, int):
        return f"{value} of your opponent's"
    return f"{_amount(value, '', '').strip()} of your opponent's"


def condition_text(cond: fx.Condition) -> str:
    if isinstance(cond, fx.InSpaces):
        spaces = [str(s) for s in cond.spaces]
        joined = spaces[0] if len(spaces) == 1 else ", ".join(spaces[:-1]) + " or " + spaces[-1]
        return f"In space {joined}"
    if isinstance(cond, fx.TokensHere):
        return f"If this card has {cond.at_least}+ power tokens"
    if isinstance(cond, fx.EnemySatelliteHere):
        return ("If your opponent has a satellite in this column" if cond.present
                else "If your opponent has no satellite in this column")
    if isinstance(cond, fx.Spent):
        return f"If you spent {cond.at_least}+"
    if isinstance(cond, fx.TechInRow):
        return f"If the action row's alien tech adds up to {cond.at_least}+"
    return f"If you have {cond.at_least}+ research points here"


def step_text(step: fx.Step) -> str:
    text = _step_text(step)
    return f"{condition_text(step.when)}: {text[0].lower()}{text[1:]}" if step.when else text


def _step_text(s: fx.Step) -> str:  # noqa: C901 - one line per step of the vocabulary
    if isinstance(s, fx.Damage):
        if s.each:
            return f"Each player loses {_amount(s.amount, 'shield')}"
        return f"Deal {_amount(s.amount, 'damage', 'damage')}"
    if isinstance(s, fx.Missile):
        text = f"Missile {s.amount}" if isinstance(s.amount, int) \
            else f"Missile: {_amount(s.amount, 'damage', 'damage')}"
        if s.boost is not None:
            text += f" (+{s.boost.plus} {condition_text(fx.InSpaces(spaces=s.boost.spaces)).lower()})"
        if s.column == "choose":
            text += ", fired down any column you choose"
        return text
    if isinstance(s, fx.Shields):
        return f"Gain {_amount(s.amount, 'shield')}"
    if isinstance(s, fx.Research):
        return f"Gain {_amount(s.amount, 'research point')} here"
    if isinstance(s, fx.StealResearch):
        return f"Steal up to {_of_theirs(s.amount)} research points here"
    if isinstance(s, fx.WipeResearch):
        return f"Destroy up to {_of_theirs(s.amount)} research points here"
    if isinstance(s, fx.Gain):
        one = isinstance(s.amount, int) and s.amount == 1
        where = {"any": " (on any card)" if one else " (each on any card)", "next": " on the next card",
                 "your_downstream": " on each of your cards downstream",
                 "your_satellites": " on each of your satellites"}[s.on]
        return f"Gain {_amount(s.amount, 'power token')}{where}"
    if isinstance(s, fx.Accumulate):
        return f"Accumulate {_amount(s.amount, 'power token')}"
    if isinstance(s, fx.Transfer):
        return (f"Transfer up to {_amount(s.amount, 'power token')} from {_SCOPE[s.source]} "
                f"to {_SCOPE[s.dest]}")
    if isinstance(s, fx.Spend):
        many = _amount(s.amount, "power token")
        return f"Spend {'exactly ' + many if s.exact else 'up to ' + many} from {_SPEND_FROM[s.source]}"
    if isinstance(s, fx.Draw):
        return f"Draw {_amount(s.amount, 'card')}"
    if isinstance(s, fx.Discard):
        many = _amount(s.amount, "card")
        return f"Discard {many}" if s.who == "you" else f"Your opponent discards {many}"
    if isinstance(s, fx.Retain):
        return f"Retain up to {_amount(s.amount, 'card')} from your hand"
    if isinstance(s, fx.Trash):
        may = "You may " if s.optional else ""
        if s.what == "hand":
            return f"{may}{'t' if may else 'T'}rash a card from your hand"
        if s.what == "this":
            return "Trash this card"
        whose = "an opponent's" if s.enemy_only else "a"
        what = "satellite" if s.what == "satellite" else "card in the action row"
        text = f"select {whose} {what} and trash it"
        return f"{may}{text}" if may else text[0].upper() + text[1:]
    if isinstance(s, fx.Fetch):
        kind = "" if s.kind == "any" else f"{s.kind} "
        return f"Take a {kind}card from the trash into your {'hand' if s.to == 'hand' else 'discard pile'}"
    if isinstance(s, fx.Move):
        return {"swap_next": "Swap this card with the next card",
                "swap_upstream": "Swap this card with the card just upstream",
                "select_shift": f"Select a card in the action row and move it up to "
                                f"{s.by} space{'s' if s.by != 1 else ''} upstream or downstream",
                "select_swap": "Select two cards in the action row and swap them",
                "select_to_end": "Select a card in the action row and move it to the last space",
                }[s.how]
    if isinstance(s, fx.Reorbit):
        which = "one of your satellites" if s.whose == "yours" else "a satellite"
        if s.to == "adjacent":
            return f"Select {which} and move it one space along its orbit row"
        return f"Select {which} and move it to any other space of its orbit row"
    if isinstance(s, fx.Steal):
        return "Select an opponent's satellite in this column and move it into your orbit space here"
    if isinstance(s, fx.Detonate):
        return "If other satellites are stacked with this one, destroy them and this card"
    if isinstance(s, fx.Jam):
        return "The next card does not fire this round"
    return "Draft (take 3 cards from the draft deck and keep 1)"


def standing_lines(card: CardDef) -> list[str]:
    lines = []
    if card.retain:
        lines.append("Retain: if it is still in your hand at the end of the round, it stays there.")
    if card.drift:
        lines.append("Drift.")
    if card.launch_to == "opponent":
        lines.append("It launches into your opponent's orbit row.")
    if card.protect == "self":
        lines.append("In orbit, your opponent cannot select this card.")
    if card.protect == "stack":
        lines.append("Your opponent cannot select your other satellites stacked with this one.")
    if card.guard:
        lines.append("Guard: a missile hitting this stack destroys only this satellite.")
    if card.boost:
        lines.append("Your missiles fired from this column deal double damage.")
    return lines


def card_lines(card: CardDef) -> list[str]:
    """The card's text a part a line: its standing properties, then each trigger's steps."""
    lines = standing_lines(card)
    for trigger, name in TRIGGER_NAMES.items():
        steps = [step_text(s) for s in card.steps(trigger)]
        if trigger == "action" and card.is_satellite:
            steps.append("Launch")
        if steps:
            lines.append(f"{name}: {'. '.join(steps)}.")
    return lines


def card_text(card: CardDef) -> str:
    return " ".join(card_lines(card))


def kind_text(card: CardDef) -> str:
    kind = card.kind.capitalize()
    return f"{kind}, alien tech {card.tech}" if card.tech else kind
