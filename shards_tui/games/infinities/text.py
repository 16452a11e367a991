"""The text a player reads of cards, leaders, tiles and Roles, made from their data."""

from __future__ import annotations

from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities.board import plural
from shards_tui.games.infinities.schema import Ability, Card, Goal, Leader, Role, Tile

DIRS = ("n", "ne", "se", "s", "sw", "nw")


UNCOUNTED = ("damage",)  # words with no plural: '2 damage'


def _n(n: int, word: str) -> str:
    return f"{n} {word}" if word in UNCOUNTED else plural(n, word)


def amount_text(value: fx.Amount, word: str) -> str:
    if isinstance(value, int):
        return _n(value, word)
    what = {"influence": "your tile's Influence", "units": "the units in your group",
            "timeline": "the cards in your timeline", "tide_level": "your Tide level",
            "power_level": "your Power level", "fortitude_level": "your Fortitude level",
            "damage": "the damage on your leader"}[value.count]
    times = f"{value.times} x " if value.times > 1 else ""
    plus = f" + {value.plus}" if value.plus else ""
    most = f" (at most {value.most})" if value.most else ""
    return f"{word if word in UNCOUNTED else word + 's'} equal to {times}{what}{plus}{most}"


def condition_clause(cond: fx.Condition, they: bool = False) -> str:
    """'you stand on a Rift tile' (``they``: said of another leader, 'they stand on ...')."""
    you, your = ("they", "their") if they else ("you", "your")
    if isinstance(cond, fx.OnTileType):
        return f"{you} stand on a {' or '.join(t.capitalize() for t in cond.types)} tile"
    if isinstance(cond, fx.InfluenceAtLeast):
        return f"{your} tile's Influence is {cond.at_least} or more"
    if isinstance(cond, fx.UnitsAtLeast):
        return f"{you} have {cond.at_least} or more units"
    return f"{your} {cond.attr.capitalize()} level is {cond.at_least} or more"


def condition_text(cond: fx.Condition) -> str:
    return f"if {condition_clause(cond)}"


def target_text(target: fx.Target) -> str:
    where = {"reach": " in your reach", "adjacent": " next to you", "any": ""}[target.range]
    return {"none": "", "enemy": f"an enemy leader{where}", "each_enemy": f"each enemy leader{where}",
            "ally": "you or an ally", "enemy_unit": f"a unit of an enemy{where}",
            "own_unit": "one of your units", "friendly": "your leader, an ally or a friendly unit",
            "enemy_timeline": f"a timeline card of an enemy{where}",
            "tile": "a tile next to you"}[target.who]


def step_text(step: fx.Step) -> str:
    if isinstance(step, fx.Damage):
        whom = {"target": "the target's group", "you": "your own group (taken)",
                "target_unit": "the target unit"}[step.to]
        text = f"deal {amount_text(step.amount, 'damage')} to {whom}"
    elif isinstance(step, fx.Heal):
        text = f"heal {amount_text(step.amount, 'damage')}" + (" of the target" if step.to == "target" else "")
    elif isinstance(step, fx.Draw):
        text = ("draw " if step.who == "you" else "the target draws ") + amount_text(step.amount, "card")
    elif isinstance(step, fx.Discard):
        text = ("discard " if step.who == "you" else "the target discards ") + amount_text(step.amount, "card")
    elif isinstance(step, fx.Move):
        who = "move" if step.who == "you" else "push the target"
        text = f"{who} up to {amount_text(step.amount, 'space')}"
        if step.regroup:
            text += ", regrouping after each"
    elif isinstance(step, fx.Flip):
        text = "flip a tile next to you"
    elif isinstance(step, fx.Destroy):
        text = "destroy the target"
    elif isinstance(step, fx.Steal):
        text = "steal the target"
    elif isinstance(step, fx.Attach):
        text = "attach this card to the target"
    elif isinstance(step, fx.Cancel):
        text = "cancel that ability"
    elif isinstance(step, fx.AddDie):
        text = f"add {_n(step.amount, step.face.capitalize() + ' die')} to your locked dice"
    elif isinstance(step, fx.Raise):
        text = f"your {step.attr.capitalize()} level is {step.amount} higher this turn"
    elif isinstance(step, fx.Prepare):
        text = "prepare a card from your hand for free"
    elif isinstance(step, fx.Recover):
        kind = "" if step.kind == "any" else f" {step.kind}"
        text = f"take a{kind} card from your discard pile into your hand"
    else:
        kind = "card" if step.kind == "any" else step.kind
        text = f"play a {kind} costing {step.most} or less from your hand for free"
    if step.when is not None:
        text = f"{condition_text(step.when)}, {text}"
    return text


def steps_text(steps: tuple[fx.Step, ...]) -> str:
    parts = [step_text(s) for s in steps]
    return "; ".join(parts)


def aimed_text(target: fx.Target, steps: str) -> str:
    """The target, if any, then what is done: 'target an enemy leader; deal 2 damage ...'."""
    aim = target_text(target)
    return "; ".join(filter(None, [f"target {aim}" if aim else "", steps]))


def modifier_text(m: fx.Modifier) -> str:
    if isinstance(m, fx.LevelUp):
        return f"+{m.amount} {m.attr.capitalize()} level"
    if isinstance(m, fx.Reach):
        return f"+{m.amount} reach"
    if isinstance(m, fx.TimelineSlots):
        return f"+{m.amount} timeline space"
    if isinstance(m, fx.DiceLimit):
        return f"spend {m.amount} more die a turn"
    if isinstance(m, fx.BlockDiscount):
        return f"blocking costs {m.amount} fewer cards"
    if isinstance(m, fx.Toughness):
        return f"+{m.amount} Health"
    if isinstance(m, fx.Immune):
        return "immune to damage" if m.to == "damage" else "immune to enemy abilities"
    if isinstance(m, fx.AddedDie):
        return f"every action check adds a {m.face.capitalize()} die set to {m.face.capitalize()}"
    if isinstance(m, fx.Reroll):
        return f"one more {m.attr.capitalize()} reroll"
    src = "0" if m.source == "blank" else m.source.capitalize()
    res = "0" if m.result == "blank" else m.result.capitalize()
    return f"{m.attr.capitalize()} dice: {src} -> {res}"


def unlock_cost_text(pay: fx.UnlockCost) -> str:
    if isinstance(pay, fx.DiscardCost):
        return f"discard {_n(pay.amount, 'card')}"
    if isinstance(pay, fx.DamageCost):
        return f"take {pay.amount} damage"
    if isinstance(pay, fx.DiceCost):
        return "spend " + ", ".join(f.capitalize() for f in pay.faces)
    return f"{pay.attr.capitalize()} level {pay.at_least}"


# Each happening said to the leader it happens to ('you discover a tile') and of a leader
# ('a leader discovers a tile').
_SAID = {
    "turn_start": ("your turn starts", "starts their turn"),
    "turn_end": ("your turn ends", "ends their turn"),
    "locked": ("you lock your dice", "locks their dice"),
    "moved": ("you move a space", "moves a space"),
    "discovered": ("you discover a tile", "discovers a tile"),
    "entered": ("you enter a tile", "enters a tile"),
    "flipped": ("you flip a tile", "flips a tile"),
    "damaged": ("your group is dealt damage", "is dealt damage"),
    "dealt_damage": ("you deal damage to an enemy", "deals damage to an enemy"),
    "healed": ("you heal", "heals"),
    "unit_played": ("a unit joins your group", "plays a unit"),
    "unit_lost": ("you lose a unit", "loses a unit"),
    "destroyed_unit": ("you destroy an enemy unit", "destroys an enemy unit"),
    "prepared": ("you prepare a card", "prepares a card"),
    "timeline_played": ("you play a timeline card", "plays a timeline card"),
    "ability_played": ("you play an ability card", "plays an ability card"),
    "targeted": ("an enemy ability targets you", "is targeted by an enemy ability"),
    "blocked": ("you block an ability", "blocks an ability"),
    "cycled": ("you cycle a card", "cycles a card"),
    "defeated_enemy": ("you defeat an enemy leader", "defeats an enemy leader"),
    "respawned": ("you respawn", "respawns"),
}
HAPPENINGS = {happening: to_you for happening, (to_you, _) in _SAID.items()}
HAPPENINGS_OF_A_LEADER = {happening: of_them for happening, (_, of_them) in _SAID.items()}


def when_text(when: fx.When) -> str:
    base = HAPPENINGS[when.happening]
    if when.whose == "you":
        return base
    who = {"enemy": "an enemy", "ally": "an ally", "any": "any leader"}[when.whose]
    if base.startswith("you "):  # 'you enter a tile' -> 'an enemy enters a tile'
        verb, _, rest = base[4:].partition(" ")
        return f"{who} {verb}s {rest.replace('your ', 'their ')}".strip()
    return base.replace("your ", f"{who}'s ", 1)


def ability_text(a: Ability) -> str:
    if a.on == "passive":
        body = ", ".join(modifier_text(m) for m in a.modifiers)
        text = f"Passive: {body}" if body else "Passive"
        if a.unlock is not None:
            text += f" [Unlock, {unlock_cost_text(a.unlock.pay)}: " + \
                ", ".join(modifier_text(m) for m in a.unlock.modifiers) + "]"
        return text
    head = {"play": "Play", "trigger": f"When {when_text(a.when)}" if a.when else "Trigger",
            "activate": "Spend " + ", ".join(c.capitalize() for c in a.cost)}[a.on]
    body = aimed_text(a.target, steps_text(a.effects))
    text = f"{head}: {body}" if body else head
    if a.unlock is not None:
        extra = steps_text(a.unlock.effects)
        if a.unlock.modifiers:
            extra = ", ".join(filter(None, [extra, *(modifier_text(m) for m in a.unlock.modifiers)]))
        text += f" [Unlock, {unlock_cost_text(a.unlock.pay)}: {extra}]"
    return text + "."


def card_text(card: Card) -> str:
    parts = [ability_text(a) for a in card.abilities]
    if card.attach:
        parts.append("Attached: " + ", ".join(modifier_text(m) for m in card.attach) + ".")
    if card.constant is not None:
        parts.append("Constant, " + ability_text(card.constant)[0].lower() + ability_text(card.constant)[1:])
    if card.fated:
        parts.insert(0, "Fated.")
    return " ".join(parts)


def kind_text(card: Card) -> str:
    if card.kind == "unit":
        icons = "/".join(a.capitalize() for a in card.attributes)
        return f"Unit {icons}, Health {card.health}"
    return "Ability"


def leader_text(leader: Leader) -> str:
    conv = "; ".join(f"{c.attr.capitalize()} level {c.level}: {modifier_text(c.as_modifier())}"
                     for c in leader.conversions)
    act = leader.action
    cost = ", ".join(c.capitalize() for c in act.cost)
    action = f"{act.name} (spend {cost}): {aimed_text(act.target, steps_text(act.effects))}."
    gambits = " ".join(f"Gambit {n}: when {when_text(g.when)}, roll; 1-3: {steps_text(g.reward)}."
                       for n, g in enumerate(leader.gambits, 1))
    summit = "Gambit 4 (lasting): " + ", ".join(modifier_text(m) for m in leader.summit) + "."
    return " ".join(filter(None, [f"Strong: {leader.strong.capitalize()}.",
                                  f"Tracks: {conv}." if conv else "", action, gambits, summit]))


def tile_text(tile: Tile) -> str:
    walls = ", ".join(DIRS[w] for w in tile.walls) if tile.walls else "none"
    events = []
    for ev in tile.events:
        body = ", ".join(modifier_text(m) for m in ev.modifiers) if ev.on == "passive" \
            else steps_text(ev.effects)
        events.append(f"{ev.on.capitalize()}: {body}.")
    return f"Walls (as printed): {walls}. " + " ".join(events)


def goal_text(goal: Goal) -> str:
    if goal.measure is not None:
        what = {"units": f"end a turn with {goal.need} units in your group",
                "gambit": f"end a turn at gambit level {goal.need}",
                "top_level": f"end a turn with a track at level {goal.need}",
                "rift_distance": f"end a turn {goal.need} or more spaces from the Rift",
                "timeline": f"end a turn with {goal.need} cards in your timeline",
                "hand": f"end a turn holding {goal.need} cards"}[goal.measure]
        return what[0].upper() + what[1:] + "."
    base = HAPPENINGS[goal.happening]  # type: ignore[index]
    where = ""
    if goal.tile_type:
        where += f" on a {goal.tile_type.capitalize()} tile"
    if goal.influence_at_least:
        if not where and not base.endswith("tile"):  # 'your turn ends on a tile of...'
            where = " on a tile"
        where += f" of Influence {goal.influence_at_least} or more"
    unit = "(count the amounts)" if goal.amount else ""
    count = "Once" if goal.need == 1 else f"{goal.need} times"
    return f"{count}: {base}{where} {unit}".strip() + "."


def role_text(role: Role) -> str:
    return goal_text(role.goal)
