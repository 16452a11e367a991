"""Which of the rulebook's glossary terms a card uses, read from its data (not its text).

The card tests check that every term is used by at least two cards; the card table and the
balance notes list them.
"""

from __future__ import annotations

from shards_tui.games.disco import effects as fx
from shards_tui.games.disco.cards import CardDef

TERMS = ("damage", "missile", "shields", "research", "gain", "accumulate", "transfer", "spend",
         "column", "retain", "draw", "discard", "trash", "select", "protection", "launch", "stack",
         "drift", "draft", "upstream", "downstream", "next", "alien tech", "placement",
         "start of round", "end of round", "when selected")

_COLUMN_COUNTS = {"column_tokens"}
_STACK_COUNTS = {"stack"}


def _steps(card: CardDef) -> list[fx.Step]:
    return [s for trigger in ("placement", "action", "start_of_round", "end_of_round",
                              "after_drift", "on_selected") for s in card.steps(trigger)]


def _counts(step: fx.Step) -> set[str]:
    out = set()
    for value in step.__dict__.values():
        if isinstance(value, fx.Count):
            out.add(value.count)
    return out


def _names_column(step: fx.Step) -> bool:
    if isinstance(step, fx.Missile):
        return step.column == "choose"
    if isinstance(step, fx.Transfer):
        return step.source in ("column", "enemy_column") or step.dest == "column"
    if isinstance(step, fx.Spend):
        return step.source == "column"
    return isinstance(step, fx.Steal)


def terms_of(card: CardDef) -> set[str]:  # noqa: C901 - one test per term
    steps = _steps(card)
    kinds = {type(s) for s in steps}
    counts = set().union(*(_counts(s) for s in steps)) if steps else set()
    used: set[str] = set()
    if fx.Damage in kinds:
        used.add("damage")
    if fx.Missile in kinds or card.kind == "missile" or card.boost:
        used.add("missile")
    if fx.Shields in kinds:
        used.add("shields")
    if kinds & {fx.Research, fx.StealResearch, fx.WipeResearch} or "research_here" in counts:
        used.add("research")
    for kind, term in ((fx.Gain, "gain"), (fx.Accumulate, "accumulate"), (fx.Transfer, "transfer"),
                       (fx.Spend, "spend"), (fx.Draw, "draw"), (fx.Discard, "discard"),
                       (fx.DraftStep, "draft")):
        if kind in kinds:
            used.add(term)
    if fx.Retain in kinds or card.retain:
        used.add("retain")
    if kinds & {fx.Trash, fx.Fetch}:
        used.add("trash")
    if any(fx.selects(s) for s in steps):
        used.add("select")
    if card.protect:
        used.add("protection")
    if card.is_satellite:
        used.add("launch")
    if card.guard or card.protect == "stack" or fx.Detonate in kinds or counts & _STACK_COUNTS:
        used.add("stack")
    if card.drift:
        used.add("drift")
    if card.boost or counts & _COLUMN_COUNTS or any(_names_column(s) for s in steps):
        used.add("column")
    if "your_upstream" in counts or any(isinstance(s, fx.Move) and s.how == "swap_upstream"
                                        or isinstance(s, fx.Transfer) and s.source == "upstream"
                                        for s in steps):
        used.add("upstream")
    if any(isinstance(s, fx.Gain) and s.on == "your_downstream" or isinstance(s, fx.Move)
           and s.how in ("select_to_end", "select_shift") for s in steps) or card.drift:
        used.add("downstream")
    if any(isinstance(s, fx.Gain) and s.on == "next" or isinstance(s, fx.Jam)
           or isinstance(s, fx.Move) and s.how == "swap_next" for s in steps):
        used.add("next")
    if card.tech or counts & {"tech_value", "row_tech"} or any(
            isinstance(s.when, fx.TechInRow) for s in steps):
        used.add("alien tech")
    for trigger, term in (("placement", "placement"), ("start_of_round", "start of round"),
                          ("end_of_round", "end of round"), ("on_selected", "when selected")):
        if card.steps(trigger):
            used.add(term)
    return used
