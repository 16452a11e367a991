"""The greedy bot's judgement of a move, from a seat's view alone.

Points come from Roles, so a move is worth first the Role progress it makes (a step is worth
more as its Role nears completion: the last one is a whole Point), then what it does for the
table: cards drawn, units in the group, damage to enemies (most to the leader ahead), healing
when hurt. It reads the map (bot_map.py): it walks towards the tiles its open Roles ask for
(a type, high Influence, far from the Rift), to the edge of the map while discovering pays,
and to where an enemy is in its reach while hitting pays; it rolls the colours its hand and
the map call for and spends every die worth spending before ending a turn.
"""

from __future__ import annotations

from typing import Any

from shards_tui.core.commands import Choose, Command
from shards_tui.core.hex import DIRECTION_NAMES, DIRECTION_WORDS, Hex, neighbour, parse_hex
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.bot_map import FAR, BotMap
from shards_tui.games.infinities.content import content

POINT = 10.0  # a Role completed
CARD = 0.8  # a card drawn
HIT = 1.0  # a point of damage to an enemy's group
KILL = 5.0  # defeating an enemy leader (their turn and every card they hold)
NEAR = 0.6  # how much a tile one more move away counts


class Aims:
    """What one seat wants now: its open Roles' next steps, and the map as it sees it."""

    def __init__(self, view: Any, seat: int) -> None:
        c = content()
        self.view, self.seat = view, seat
        self.me = me = view.players[seat]
        self.map = BotMap(view)
        self.here: Hex | None = parse_hex(me.at) if me.at else None
        self.counted: list[tuple[Any, float, int]] = []  # (goal, a step's worth, steps left)
        self.measured: dict[str, float] = {}  # measure -> what one more is worth at a turn's end
        for role in view.roles:
            if role.id in me.scored:
                continue
            goal = c.roles[role.id].goal
            if goal.happening is not None:
                left = max(1, goal.need - me.progress.get(role.id, 0))
                self.counted.append((goal, POINT / left, left))
            else:
                left = max(1, goal.need - self.measure_now(goal.measure))
                self.measured[goal.measure] = self.measured.get(goal.measure, 0.0) + POINT / left
        self.foes = [p for p in view.players if p.team != me.team and p.status == "active" and p.at]
        self.leader = c.leaders.get(me.leader or "")
        self._places: dict[Hex, float] = {}
        # The happening that lets this leader roll for their gambit now (a half chance to climb).
        self.gambit_on: str | None = None
        self.gambit_worth = 0.0
        rung = self.leader.gambits[me.gambit - 1] if self.leader and me.gambit <= len(self.leader.gambits) else None
        if rung is not None and rung.when.whose == "you":
            self.gambit_worth = 0.5 * (1.5 + self.steps(rung.reward) + self.measure("gambit"))
            self.gambit_on = rung.when.happening
        self._dice: dict[str, list[float]] | None = None

    def measure_now(self, what: str) -> int:
        me = self.me
        return {"units": len(me.group), "gambit": me.gambit, "top_level": max(me.levels.values()),
                "rift_distance": self.map.from_rift(parse_hex(me.at)) if me.at else 0,
                "timeline": len(me.timeline), "hand": me.hand_count}[what]

    def of(self, happening: str, tile: Any = None, amount: int = 1) -> float:
        """What one happening (of ``amount``, on ``tile``) is worth to the open Roles."""
        total = 0.0
        for goal, step, left in self.counted:
            if goal.happening != happening:
                continue
            if goal.tile_type and (tile is None or tile.type != goal.tile_type):
                continue
            if goal.influence_at_least and (tile is None or tile.influence < goal.influence_at_least):
                continue
            total += step * (min(amount, left) if goal.amount else 1)
        if happening == self.gambit_on:
            total += self.gambit_worth
        return total

    def measure(self, what: str) -> float:
        return self.measured.get(what, 0.0)

    # ---- the map ----------------------------------------------------------------------------

    def place(self, h: Hex) -> float:
        """What standing on ``h`` is worth: its Influence (turn order, the last tiebreaker), the
        Roles that count a turn ended there, the Roles' tiles and the map's edge within a few
        moves, and enemies within reach while hitting them pays."""
        if h not in self._places:
            self._places[h] = self._place(h)
        return self._places[h]

    def _place(self, h: Hex) -> float:
        m, me = self.map, self.me
        tile = m.tile(h)
        value = 0.25 * (tile.influence if tile else 0) + self.of("turn_end", tile)
        value += self.measure("rift_distance") * min(3, m.from_rift(h)) * 0.5
        walk = m.walk(h)
        for goal, step, _ in self.counted:
            if goal.happening in ("moved", "entered", "turn_end") and (goal.tile_type or goal.influence_at_least):
                best = min((k for x, k in walk.items() if x != h and self._fits(goal, m.tile(x))), default=FAR)
                value += step * NEAR ** best
        explore = self.of("discovered") + 0.15 * POINT * bool(self.measure("rift_distance"))
        if explore:
            edge = min((k for x, k in walk.items() if x not in m.tiles), default=FAR)
            value += (explore + 0.5) * NEAR ** edge
        fight = HIT + self.of("dealt_damage") + 0.5 * self.of("defeated_enemy") + 0.5 * self.of("destroyed_unit")
        for foe in self.foes:
            if m.in_reach(h, me.reach, parse_hex(foe.at)):
                value += 0.5 * fight + 0.1 * foe.points
                if me.health <= 2 and foe.reach >= me.reach:
                    value -= 1.5  # and they have us in theirs
        return value

    @staticmethod
    def _fits(goal: Any, tile: Any) -> bool:
        return tile is not None and (not goal.tile_type or tile.type == goal.tile_type) and (
            not goal.influence_at_least or tile.influence >= goal.influence_at_least)

    def step_to(self, direction: str, regroup: bool = True) -> tuple[float, str]:
        """Moving a space (``regroup``: the Fortitude action, which draws a card after)."""
        if self.here is None:
            return 0.0, "moves"
        target = neighbour(self.here, DIRECTION_NAMES.index(direction))
        tile = self.map.tile(target)
        draw = CARD if regroup and self.me.hand_count < 10 else 0.0
        if tile is None:  # a discovery: the tile is chosen then
            value = draw + 0.5 + self.of("discovered") + self.of("moved")
            value += self.measure("rift_distance") * (self.map.from_rift(target) > self.map.from_rift(self.here))
            return value + 0.5 * self.place(self.here), f"explores {DIRECTION_WORDS[direction]}"
        value = draw + self.of("moved", tile) + self.of("entered", tile)
        return value + self.place(target) - self.place(self.here), f"moves {DIRECTION_WORDS[direction]} into {tile.name}"

    def moves_wanted(self) -> int:
        """How many moves this turn would take the seat to what its Roles ask of the map."""
        if self.here is None:
            return 0
        m = self.map
        walk = m.walk(self.here)
        want = 0
        if self.of("discovered"):
            want = max(want, 1 + min((k for x, k in walk.items() if x not in m.tiles), default=2))
        if self.measure("rift_distance"):
            want = max(want, 3 - m.from_rift(self.here) + 1)
        for goal, _, _ in self.counted:
            if goal.happening in ("moved", "entered", "turn_end") and (goal.tile_type or goal.influence_at_least):
                fits = [k for x, k in walk.items() if x != self.here and self._fits(goal, m.tile(x))]
                if fits:
                    want = max(want, min(fits) + (1 if goal.happening == "moved" else 0))
        return want

    # ---- what an ability does ----------------------------------------------------------------

    def best_foe(self, range_: str = "reach") -> Any | None:
        """The enemy an attack would go to: the leader ahead, then the most hurt."""
        foes = [f for f in self.foes if range_ == "any" or (
            self.here is not None and self.map.in_reach(self.here, 1 if range_ == "adjacent" else self.me.reach,
                                                        parse_hex(f.at)))]
        return max(foes, key=lambda f: (f.points, -f.health), default=None)

    def hit(self, foe: Any, n: int, unit: Any = None) -> float:
        """``n`` damage to an enemy's group (to ``unit`` if named, else units first)."""
        if foe is None:
            return 0.0
        value = n * HIT + self.of("dealt_damage", amount=n) + 0.1 * foe.points * n
        units = [unit] if unit is not None else list(foe.group)
        if unit is not None or units:
            target = unit or min(units, key=lambda u: u.health - u.damage)
            if target.health - target.damage <= n:
                value += 1.0 + 0.4 * content().cards[target.card].cost + self.of("destroyed_unit")
        elif foe.health <= n:
            value += KILL + self.of("defeated_enemy")
        return value

    def steps(self, steps: tuple, target: Any = None) -> float:
        me = self.me
        value = 0.0
        for step in steps:
            raw = getattr(step, "amount", 1)
            n = raw if isinstance(raw, int) else 2  # a count worked out in play
            kind = step.do
            if kind == "damage":
                value += -1.5 * n if step.to == "you" else self.hit(target or self.best_foe(), n)
            elif kind == "heal":
                hurt = 5 - me.health + sum(u.damage for u in me.group)
                healed = min(n, hurt)
                value += healed * (0.7 + (0.8 if me.health <= 2 else 0)) + self.of("healed", amount=healed)
            elif kind == "draw":
                value += n * CARD if step.who == "you" else -0.3 * n
            elif kind == "discard":
                value += 0.5 * n if step.who == "target" else -CARD * n
            elif kind == "move":
                value += (1.0 + self.of("moved")) * min(n, 2) if step.who == "you" else 0.8
            elif kind == "flip":
                value += 0.3 + self.of("flipped")
            elif kind == "destroy":
                value += 2.0 + 0.5 * self.of("destroyed_unit")
            elif kind in ("steal", "play_free"):
                value += 3.0
            elif kind in ("attach", "add_die", "raise"):
                value += 1.3 + (0.5 * self.measure("top_level") if kind == "raise" else 0.0)
            elif kind == "prepare":
                value += 0.8 + self.of("prepared")
            elif kind == "recover":
                value += 1.2 * CARD
            elif kind == "cancel":
                value += 1.0
        return value

    def pay(self, unlock: Any) -> float:
        """What paying an unlock costs (a positive number)."""
        pay = unlock.pay
        if pay.kind == "discard":
            return CARD * pay.amount * (1.5 if self.me.hand_count <= pay.amount + 1 else 1.0)
        if pay.kind == "damage":
            return 1.2 * pay.amount * (2.0 if self.me.health <= pay.amount + 1 else 1.0)
        if pay.kind == "dice":
            return 0.9 * len(pay.faces)
        return 0.0

    def ability(self, ability: Any, unlock: bool) -> float:
        if ability is None:
            return 0.0
        value = self.steps(ability.effects)
        if unlock and ability.unlock is not None:
            value += self.steps(ability.unlock.effects) + 0.6 * len(ability.unlock.modifiers) - self.pay(ability.unlock)
        return value

    def card(self, card_id: str, unlock: bool = False, from_timeline: bool = False) -> float:
        card = content().cards[card_id]
        me = self.me
        if card.kind == "unit":
            value = 0.5 * card.cost + 0.6 * len(card.attributes) + 0.2 * (card.health or 1) + 1.0
            value += self.of("unit_played") + (self.measure("units") if len(me.group) < 4 else 0.0)
            value += 0.5 * self.measure("top_level") * len(card.attributes)
            value += 0.5 * sum(1 for a in card.abilities if a.on in ("passive", "trigger", "activate"))
            if len(me.group) >= 4:
                value -= 2.5
        else:
            value = 0.4 * card.cost + self.of("ability_played") + (self.of("timeline_played") if from_timeline else 0.0)
        return value + self.ability(card.play_ability(), unlock)

    # ---- the dice ---------------------------------------------------------------------------

    def dice_uses(self) -> dict[str, list[float]]:
        """What each result would be spent on this turn, best first: the worth of a first
        Tide, a second, and so on (the same for Power and Fortitude)."""
        if self._dice is None:
            self._dice = self._dice_uses()
        return self._dice

    def _dice_uses(self) -> dict[str, list[float]]:
        me, cards = self.me, content().cards
        tide: list[float] = []
        for h in me.hand or []:
            card = cards[h.card]
            tide += [max(0.0, 1.0 + self.card(h.card)) / max(1, card.cost)] * max(1, card.cost)
            tide.append(0.8 + self.of("prepared") + 0.3 * self.of("timeline_played"))
        tide += [1.0 + self.card(t.card, from_timeline=True) for t in me.timeline]
        power: list[float] = []
        foe = self.best_foe()
        if foe is not None:
            power += [1.5 + self.hit(foe, 1)] * 3
        elif self.foes and self.of("dealt_damage") + self.of("defeated_enemy"):
            power.append(1.0)
        power += [0.3 + self.of("cycled")] * min(3, me.hand_count)
        fort = [max(CARD, self.best_step())] * max(1, self.moves_wanted()) + [CARD] * 2
        fort += [0.2 + self.of("flipped")] * (2 if self.of("flipped") else 0)
        if self.leader is not None:
            worth = self.steps(self.leader.action.effects) / len(self.leader.action.cost)
            for colour in self.leader.action.cost:
                {"tide": tide, "power": power, "fortitude": fort}[colour].append(worth)
        return {face: sorted(uses, reverse=True)[:6] for face, uses in
                (("tide", tide), ("power", power), ("fortitude", fort))}

    def best_step(self) -> float:
        if self.here is None:
            return 0.0
        ways = [d for d in range(6) if self.map.open_way(self.here, d)
                and neighbour(self.here, d) not in self.map.pawns]
        return max((self.step_to(DIRECTION_NAMES[d])[0] for d in ways), default=0.0)


def _counts(colours: tuple[str, ...], face: str) -> list[float]:
    """The chances that ``colours``' dice show ``face`` 0, 1, 2... times."""
    faces = content().rules.die
    odds = [1.0]
    for colour in colours:
        p = faces[colour].count(face) / 6  # type: ignore[index]
        odds = [a * (1 - p) + b * p for a, b in zip(odds + [0.0], [0.0] + odds)]
    return odds


def roll_score(aims: Aims, colours: tuple[str, ...]) -> float:
    """The worth of what these dice are likely to show: for each result, the chance of a first
    one times the worth of a first use, of a second one times a second use, and so on."""
    score = 0.0
    for face, uses in aims.dice_uses().items():
        odds = _counts(colours, face)
        more = 1.0
        for k, use in enumerate(uses):
            more -= odds[k] if k < len(odds) else 0.0
            score += use * max(0.0, more)
    return score


def die_score(aims: Aims, dice: list[Any], index: int, face: str | None) -> float:
    """Turning die ``index`` to ``face`` (a conversion), or (None) rerolling it: the worth
    gained, reckoned with the dice as they stand."""
    uses = aims.dice_uses()
    have = {f: sum(1 for d in dice if d.face == f and not d.spent) for f in uses}
    die = dice[index]

    def nth(f: str, k: int) -> float:
        return uses[f][k] if f in uses and 0 <= k < len(uses[f]) else 0.0
    lose = nth(die.face, have.get(die.face, 0) - 1)
    if face is not None:
        return nth(face, have.get(face, 0)) - lose
    faces = content().rules.die[die.colour]  # type: ignore[index]
    return sum(nth(f, have.get(f, 0) - (f == die.face)) for f in faces) / 6 - lose


def answer_score(aims: Aims, command: Choose) -> tuple[float, str]:
    view, me = aims.view, aims.me
    q = view.pending
    picked = command.options
    if q is None:
        return 0.0, "answers"
    cards = content().cards
    if q.kind == "gambit":
        return (2.0 + aims.measure("gambit"), "rolls its gambit") if picked == ("roll",) else (0.0, "does not roll")
    if q.kind == "trigger":
        return {"unlock": (2.5, "uses and unlocks a trigger"), "use": (2.0, "uses a trigger")}.get(
            picked[0] if picked else "", (0.0, "lets a trigger pass"))
    if q.kind == "block":
        worth = 2.0 + aims.of("blocked") + (2.0 if me.health <= 2 else 0.0) - CARD * me.block_cost
        return (worth, "blocks") if picked == ("block",) else (0.0, "lets it resolve")
    if q.kind == "discover":
        tile = content().tiles.get(picked[0].partition("@")[0])
        if tile is None:
            return 0.0, "discovers"
        value = 0.4 * tile.influence + aims.of("turn_end", tile) + aims.of("moved", tile)
        for event in tile.events:
            if event.on == "discovery":
                value += aims.steps(event.effects)
            elif event.on in ("start", "end", "entry"):
                value += 0.3 * aims.steps(event.effects)
        return value, f"discovers {tile.name}"
    if q.kind in ("target", "push"):
        labels = {o.id: o.label for o in q.options or []}
        name = labels.get(picked[0], picked[0]) if picked else "nothing"
        who = next((p for p in view.players if p.name == name), None)
        if who is not None:
            if who.team == me.team:
                return 2.0 + (5 - who.health) * 0.2, f"targets {name}"
            return 3.0 + who.points + 0.3 * (5 - who.health), f"targets {name}"
        return 1.0, f"chooses {name}"
    if q.kind == "allocate":
        unit = next((u for p in view.players for u in p.group if u.id == (picked[0] if picked else "")), None)
        if unit is None:
            return 0.0, "chooses"
        dies = unit.health - unit.damage <= 1
        return (2.0 + cards[unit.card].cost if dies else 1.0 - 0.1 * (unit.health - unit.damage)), f"hits {unit.name}"
    if q.kind in ("discard", "block_discard", "unlock_discard", "make_room"):
        costs = [cards[o.split("#")[0]].cost for o in picked if o.split("#")[0] in cards]
        return -sum(costs), "gives up its cheapest cards"
    if q.kind in ("recover", "play_free", "prepare"):
        costs = [cards[o.split("#")[0]].cost for o in picked if o.split("#")[0] in cards]
        return sum(costs) + 0.1 * len(costs), "takes its best card"
    if q.kind == "direction":
        if picked == ("stop",):
            return 0.0, "stops"
        value, why = aims.step_to(picked[0], regroup=False)
        return value, why
    return (1.0, "chooses") if picked else (0.0, "chooses nothing")


def _leader(view: Any, word: str) -> Any:
    """The leader a move's target word names (the view's word for them, or pN)."""
    return next((p for p in view.players if word in (p.word, p.name.lower(), f"p{p.seat + 1}")), None)


def _named(view: Any, word: str) -> str:
    leader = _leader(view, word)
    return leader.name if leader is not None else word


def score(view: Any, seat: int, c: Command, aims: Aims | None = None) -> tuple[float, str]:
    aims = aims or Aims(view, seat)
    me = aims.me
    cards = content().cards
    if isinstance(c, Choose):
        return answer_score(aims, c)
    if isinstance(c, cm.Roll):
        return roll_score(aims, c.colours), f"rolls {', '.join(c.colours)}"
    if isinstance(c, cm.Reroll):
        return die_score(aims, view.dice, c.die - 1, None) - 0.1, f"rerolls die {c.die}"
    if isinstance(c, cm.Convert):
        return die_score(aims, view.dice, c.die - 1, c.face), f"converts die {c.die}"
    if isinstance(c, cm.Lock):
        return 0.1, "locks its dice"
    if isinstance(c, cm.Play):
        if c.card.startswith("t") and c.card[1:].isdigit():
            inst = me.timeline[int(c.card[1:]) - 1]
            return 1.0 + aims.card(inst.card, c.unlock, from_timeline=True), "plays a timeline card"
        card = cards.get(c.card)
        if card is None:
            return 1.0, f"plays {c.card}"
        value = aims.card(c.card, c.unlock)
        if view.phase in ("deploy", "respawn"):
            value += 3.0
        return 1.0 + value, f"plays {card.name}"
    if isinstance(c, cm.Prepare):
        card = cards.get(c.card)
        constant = 1.5 if card is not None and card.constant is not None else 0.0
        later = 0.5 * aims.of("timeline_played") + 0.3 * (card.cost if card else 0)
        full = len(me.timeline) >= me.timeline_limit and not c.to  # one of ours would go
        lost = 1.0 + min((0.3 * cards[t.card].cost for t in me.timeline), default=0.0) if full else 0.0
        return 0.8 + aims.of("prepared") + later + constant - lost - (0.3 if c.to else 0.0), "prepares a card"
    if isinstance(c, cm.Damage):
        foe = _leader(view, c.target)
        unit = foe.group[c.unit - 1] if foe is not None and c.unit and c.unit <= len(foe.group) else None
        return 1.5 + aims.hit(foe, 1, unit), f"damages {_named(view, c.target)}"
    if isinstance(c, cm.Destroy):
        return 1.8, f"destroys {_named(view, c.target)}'s timeline card"
    if isinstance(c, cm.Cycle):
        card = cards.get(c.card)
        return 0.3 - 0.15 * (card.cost if card else 0) + aims.of("cycled"), "cycles a card"
    if isinstance(c, cm.Move):
        if view.phase == "first_tile":
            return 2.0, f"steps out {DIRECTION_WORDS[c.direction]}"
        value, why = aims.step_to(c.direction)
        return 0.3 + value, why
    if isinstance(c, cm.Flip):
        return 0.2 + aims.of("flipped"), f"flips the tile {c.direction}"
    if isinstance(c, cm.Activate):
        unit = me.group[c.unit - 1] if c.unit <= len(me.group) else None
        ability = next((a for a in cards[unit.card].abilities if a.on == "activate"), None) if unit else None
        return 1.0 + aims.ability(ability, c.unlock) - 0.3 * len(ability.cost if ability else ()), "activates a unit"
    if isinstance(c, cm.PickLeader):
        leader = content().leaders.get(c.leader)
        return 1.0, f"chooses {leader.name if leader else c.leader}"
    if isinstance(c, cm.Redraw):
        hand = me.hand or []
        dear = sum(1 for k in c.cards if k <= len(hand) and cards[hand[k - 1].card].cost >= 4)
        return dear - 0.6 * (len(c.cards) - dear), "redraws"
    if isinstance(c, cm.Keep):
        return 0.0, "keeps its cards"
    if isinstance(c, cm.Done):
        return -1.0, "finishes deploying"
    if c.verb == "lead":
        action = aims.leader.action if aims.leader else None
        value = aims.steps(action.effects) - 0.3 * len(action.cost) if action else 0.0
        return 1.0 + value, "uses its leader action"
    if c.verb == "end":
        return -0.5, "ends its turn"
    return 0.0, c.text()
