"""What the greedy bot knows of an Adventure chapter, read from a seat's view: which plot
tokens its side's win conditions count (and which the other sides' count), what each special
action is worth by the tokens it moves, where on the map those actions can be taken, and so
which way to walk, which dice to roll and whom to rob. It adds to the Skirmish judgement
(``heuristics.score``), never replaces it: cards, fights and exploring still count.
"""

from __future__ import annotations

import math
from typing import Any

from shards_tui.core.commands import Choose, Command
from shards_tui.core.hex import Hex, distance, neighbour, parse_hex
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities import heuristics
from shards_tui.games.infinities import plot_vocab as pv
from shards_tui.games.infinities.chapter_schema import Chapter, ChapterAction
from shards_tui.games.infinities.chapters import chapter
from shards_tui.games.infinities.content import content

DIRS = ("n", "ne", "se", "s", "sw", "nw")
WIN = 14.0  # what completing a condition is worth, spread over the tokens it needs
PULL = 3.0  # how hard the map pulls towards where an action can be taken


class Plan:
    """The seat's reading of the chapter now: token worths and where its actions can be taken."""

    def __init__(self, view: Any, seat: int) -> None:
        self.view = view
        self.seat = seat
        self.adv = view.adventure
        self.ch: Chapter = chapter(self.adv.id)
        self.me = view.players[seat]
        self.side = next((s.id for s in self.adv.sides if seat in s.seats), None)
        self.mine: dict[str, float] = {}  # a token held by me (or my side)
        self.counted: set[str] = set()  # tokens my own conditions count held (not only via an action)
        self.theirs: dict[str, float] = {}  # a token held by an enemy
        self.map_mine: dict[str, float] = {}  # a token lying on the map
        self.map_theirs: dict[str, float] = {}
        self._worths()
        self.happens = self._happenings()
        self.tiles = {t.hex: t for t in view.tiles if t.face_up}
        self.flipped = {t.hex: t for t in view.tiles if not t.face_up}  # known, to be found again
        self._paths: dict[str, dict[str, int]] = {}

    # ---- worths ---------------------------------------------------------------------------------

    def _is_mine(self, cond: Any) -> bool:
        if cond.scope == "self":
            return cond.side in (None, self.side) and any(self.seat in p.seats for p in cond.progress)
        return cond.side == self.side

    def _worths(self) -> None:
        for cond in self.adv.conditions:
            w = next(x for x in self.ch.win if x.id == cond.id)
            if w.token is None:
                continue
            mine = self._is_mine(cond)
            rows = [p for p in cond.progress if self.seat in p.seats] if mine else cond.progress
            for row in rows:
                need = max(1, row.need)
                left = max(1, need - row.have)
                value = WIN / need * (1.0 + 2.0 / left)
                if w.at_end:
                    value *= 0.6
                book = (self.mine if w.kind == "hold" else self.map_mine) if mine else \
                    (self.theirs if w.kind == "hold" else self.map_theirs)
                book[w.token] = max(book.get(w.token, 0.0), value)
                if mine and w.kind == "hold":
                    self.counted.add(w.token)
        for _ in range(2):  # a token an action turns into a counted one is worth some of it
            for action in self._usable_actions():
                lost = [s.token for s in action.effects if isinstance(s, pv.LosePlot)]
                got = sum(self.mine.get(s.token, 0.0) for s in action.effects if isinstance(s, pv.GainPlot))
                got += sum(self.mine.get(s.token, 0.0) for s in action.effects if isinstance(s, pv.TakePlot))
                got += sum(self.map_mine.get(s.token, 0.0) for s in action.effects
                           if isinstance(s, pv.PlacePlot))
                for token in lost:
                    self.mine[token] = max(self.mine.get(token, 0.0), 0.7 * got)

    def _happenings(self) -> dict[str, float]:
        """What a happening is worth to this seat through the chapter's reactions that give
        tokens (dealing damage, defeating an enemy, discovering)."""
        out: dict[str, float] = {}
        for rule in self.ch.reactions:
            if rule.sides and self.side not in rule.sides:
                continue
            worth = sum(self.mine.get(s.token, 0.0) * s.amount for s in rule.effects
                        if isinstance(s, pv.GainPlot))
            if worth:
                out[rule.on] = out.get(rule.on, 0.0) + worth
        return out

    def _usable_actions(self) -> list[ChapterAction]:
        return [a for a in self.ch.actions if not a.sides or self.side in a.sides]

    def action_value(self, action: ChapterAction, target_plots: list[str] | None = None) -> float:
        value = 0.5
        for s in action.effects:
            if isinstance(s, pv.TakePlot):
                value += self.mine.get(s.token, 0.0) + self.map_theirs.get(s.token, 0.0) \
                    - self.map_mine.get(s.token, 0.0)
            elif isinstance(s, pv.GainPlot):
                value += self.mine.get(s.token, 0.0) * s.amount
            elif isinstance(s, pv.LosePlot):  # spending a token held only to be turned in costs little
                share = 1.0 if s.token in self.counted else 0.2
                value -= share * self.mine.get(s.token, 0.0) * s.amount
            elif isinstance(s, pv.PlacePlot):
                value += self.map_mine.get(s.token, 0.0) - self.map_theirs.get(s.token, 0.0)
                if s.held:
                    value -= 0.5 * self.mine.get(s.token, 0.0)
            elif isinstance(s, pv.StealPlot):
                held = target_plots if target_plots is not None else \
                    [t for p in self.view.players if p.team != self.me.team for t in p.plots]
                if s.token in held:
                    value += self.mine.get(s.token, 0.0) + self.theirs.get(s.token, 0.0)
            elif isinstance(s, fx.Damage):
                if s.to == "target":
                    foes = len(self._foes_in_reach()) if action.target.who == "each_enemy" else 1
                    value += foes * (1.5 + self.happens.get("dealt_damage", 0.0))
                else:
                    value -= 1.5
            elif isinstance(s, fx.Draw):
                value += 0.6 * (s.amount if isinstance(s.amount, int) else 1)
            elif isinstance(s, fx.Heal):
                value += 1.0 if self.me.health < 5 else -0.5
            elif isinstance(s, (fx.Move, fx.AddDie)):  # a step closer, a die more
                value += 1.0
        return value

    # ---- the map ----------------------------------------------------------------------------------

    def _tile_meets(self, key: str, tile: Any, cond: Any) -> bool:
        if isinstance(cond, pv.TileHas):
            return cond.token in tile.tokens
        if isinstance(cond, pv.TileLacks):
            return cond.token not in tile.tokens
        if isinstance(cond, pv.OnTile):
            return tile.tile in cond.tiles
        if isinstance(cond, fx.OnTileType):
            return tile.type in cond.types
        if isinstance(cond, fx.InfluenceAtLeast):
            return tile.influence >= cond.at_least
        if isinstance(cond, pv.Near):
            here = parse_hex(key)
            return any(cond.token in t.tokens and distance(here, parse_hex(k)) <= cond.within
                       for k, t in self.tiles.items())
        return True

    def _holder_meets(self, cond: Any) -> bool:
        if isinstance(cond, pv.Holding):
            n = self.me.plots.count(cond.token)
            return n >= cond.at_least and (cond.at_most is None or n <= cond.at_most)
        if isinstance(cond, fx.UnitsAtLeast):
            return len(self.me.group) >= cond.at_least
        if isinstance(cond, fx.LevelAtLeast):
            return self.me.levels.get(cond.attr, 1) >= cond.at_least
        return True

    def places(self, action: ChapterAction) -> list[Hex] | None:
        """Where this action could be taken on arriving (None: anywhere; [] nowhere now): its
        holder requirements met now, its tile requirements met there."""
        if not all(self._holder_meets(c) for c in action.requires):
            return []
        tile_conds = [c for c in action.requires if not self._holder_meets_kind(c)]
        if not tile_conds:
            return None
        return [parse_hex(key) for key, tile in (*self.tiles.items(), *self.flipped.items())
                if tile.pawn in (None, self.seat) and all(self._tile_meets(key, tile, c) for c in tile_conds)]

    def goals(self) -> list[tuple[Hex, float]]:
        """(a tile, what the best action there is worth) for the actions this seat could take
        on arriving; and the enemies holding a token worth robbing."""
        out: list[tuple[Hex, float]] = []
        for action in self._usable_actions():
            value = self.action_value(action)
            places = self.places(action)
            if value > 1.0 and places:
                out += [(h, value) for h in places]
        steals = [s.token for a in self._usable_actions() for s in a.effects if isinstance(s, pv.StealPlot)]
        for p in self.view.players:
            if p.team == self.me.team or not p.at:
                continue
            worth = sum(self.mine.get(t, 0.0) + self.theirs.get(t, 0.0) for t in p.plots if t in steals)
            worth += sum(self.theirs.get(t, 0.0) for t in p.plots if t in self.theirs) * 0.5
            worth += 2.0 * self.happens.get("dealt_damage", 0.0) + self.happens.get("defeated_enemy", 0.0) / 3
            if worth > 0:
                out.append((parse_hex(p.at), worth))
        return out

    def found_value(self, tile_type: str | None) -> float:
        """What discovering a tile of this type is worth for the tokens the chapter's rules put
        on it (None: a tile not yet known, so the best type's worth, discounted)."""
        best = 0.0
        for rule in self.ch.reactions:
            if rule.on != "discovered" or (rule.sides and self.side not in rule.sides):
                continue
            if tile_type is not None and rule.tile_types and tile_type not in rule.tile_types:
                continue
            worth = sum(self.mine.get(s.token, 0.0) + self.map_theirs.get(s.token, 0.0)
                        for s in rule.effects if isinstance(s, pv.PlacePlot))
            best = max(best, worth)
        return best * (0.3 if tile_type is None else 0.6)

    def _foes_in_reach(self) -> list[Any]:
        if not self.me.at:
            return []
        here = parse_hex(self.me.at)
        return [p for p in self.view.players if p.team != self.me.team and p.at
                and distance(here, parse_hex(p.at)) <= self.me.reach]

    @staticmethod
    def _holder_meets_kind(cond: Any) -> bool:
        return isinstance(cond, (pv.Holding, fx.UnitsAtLeast, fx.LevelAtLeast))

    def paths(self, goal: Hex) -> dict[str, int]:
        """Steps from each space to ``goal`` over the map as it is: walls of face-up tiles
        block, an unknown space next to the map costs two (it must be discovered first)."""
        key = f"{goal.q},{goal.r}"
        if key in self._paths:
            return self._paths[key]
        walls = {k: set(t.walls) for k, t in self.tiles.items()}
        dist = {key: 0}
        frontier = [(0, key)]
        while frontier:
            frontier.sort()
            d, k = frontier.pop(0)
            if d > dist.get(k, 99) or d >= 8:
                continue
            h = parse_hex(k)
            for side in range(6):
                n = neighbour(h, side)
                nk = f"{n.q},{n.r}"
                if side in walls.get(k, ()) or (side + 3) % 6 in walls.get(nk, ()):
                    continue
                if k not in self.tiles and nk not in self.tiles:
                    continue  # stay next to the known map
                step = 1 if nk in self.tiles else 2
                if d + step < dist.get(nk, 99):
                    dist[nk] = d + step
                    frontier.append((d + step, nk))
        self._paths[key] = dist
        return dist

    def potential(self, h: Hex, goals: list[tuple[Hex, float]]) -> float:
        if not goals:
            return 0.0
        reach = max(0, self.me.reach - 1)
        key = f"{h.q},{h.r}"
        best = 0.0
        for g, v in goals:
            steps = self.paths(g).get(key, 2 * distance(h, g) + 4)
            best = max(best, v / (1.0 + max(0, steps - (reach if self._is_foe_at(g) else 0))))
        return best

    def _is_foe_at(self, h: Hex) -> bool:
        key = f"{h.q},{h.r}"
        return any(p.at == key and p.team != self.me.team for p in self.view.players)


def _move_target(view: Any, seat: int, direction: str) -> Hex | None:
    me = view.players[seat]
    if not me.at or direction not in DIRS:
        return None
    return neighbour(parse_hex(me.at), DIRS.index(direction))


def _roll_bonus(plan: Plan, colours: tuple[str, ...]) -> float:
    """Dice for the best action this seat can take now or after a move or two."""
    here = parse_hex(plan.me.at) if plan.me.at else None
    best: tuple[float, tuple[str, ...]] = (0.0, ())
    for action in plan._usable_actions():
        value = plan.action_value(action)
        places = plan.places(action)
        if value <= 1.0 or here is None or places == []:
            continue
        dist = 0 if places is None else \
            min(plan.paths(g).get(f"{here.q},{here.r}", 9) for g in places)  # type: ignore[union-attr]
        if dist > 2:
            continue
        need = tuple(action.cost) + ("fortitude",) * dist
        if value / (1 + dist) > best[0]:
            best = (value / (1 + dist), need)
    bonus = 0.0
    left = list(colours)
    for colour in best[1]:
        if colour in left:
            left.remove(colour)
            bonus += 1.2
    return bonus


def scores(view: Any, legal: list[Command], seat: int) -> list[tuple[float, str]]:
    aims = heuristics.Aims(view, seat)
    base = [heuristics.score(view, seat, c, aims) for c in legal]
    if view.adventure is None or view.over:
        return base
    plan = Plan(view, seat)
    goals = plan.goals()
    here = parse_hex(plan.me.at) if plan.me.at else None
    now = plan.potential(here, goals) if here is not None else 0.0
    out: list[tuple[float, str]] = []
    for c, (score, why) in zip(legal, base):
        if isinstance(c, cm.Special):
            action = plan.ch.action(c.action)
            if action is not None:
                score, why = 2.0 + plan.action_value(action), f"takes the special action {action.name}"
        elif isinstance(c, cm.Move) and view.phase == "act" or \
                isinstance(c, Choose) and view.pending is not None and view.pending.kind == "direction":
            direction = c.direction if isinstance(c, cm.Move) else (c.options[0] if c.options else "stop")
            target = _move_target(view, seat, direction)
            if target is not None and here is not None:
                score += PULL * (plan.potential(target, goals) - now)
                if f"{target.q},{target.r}" not in plan.tiles:
                    score += plan.found_value(None)
        elif isinstance(c, Choose) and view.pending is not None and view.pending.kind == "discover":
            tile = content().tiles.get(c.options[0].partition("@")[0]) if c.options else None
            if tile is not None:
                score += plan.found_value(tile.type)
        elif isinstance(c, cm.Roll):
            score += _roll_bonus(plan, c.colours)
        elif isinstance(c, cm.Damage):
            score += plan.happens.get("dealt_damage", 0.0)
            foe = next((p for p in view.players if c.target in (p.name.lower(), f"p{p.seat + 1}")), None)
            if foe is not None:
                score += 0.8 * sum(plan.mine.get(t, 0.0) + plan.theirs.get(t, 0.0) for t in foe.plots
                                   if _drops(plan.ch, t))
        elif isinstance(c, Choose) and view.pending is not None and view.pending.kind == "target":
            labels = {o.id: o.label for o in view.pending.options or []}
            name = labels.get(c.options[0], "") if c.options else ""
            foe = next((p for p in view.players if p.name == name), None)
            if foe is not None and foe.team != plan.me.team:
                score += sum(plan.mine.get(t, 0.0) + plan.theirs.get(t, 0.0) for t in foe.plots)
        elif c.verb == "end" and any(a.usable and plan.action_value(plan.ch.action(a.id)) > 1.5  # type: ignore[arg-type]
                                     for a in view.adventure.actions):
            score -= 2.0
        out.append((score, why))
    return out


def _drops(ch: Chapter, token: str) -> bool:
    plot = ch.plot(token)
    return plot is not None and plot.on_defeat == "drop"


def evaluate(state: Any) -> list[float]:
    """Each seat's chance to win a chapter, from how far each side has come on its conditions."""
    ch = chapter(state.chapter)
    n = len(state.players)
    if state.winners is not None:
        return [1.0 if s in state.winners else 0.0 for s in range(n)]
    worth = [0.0] * n
    for w in ch.win:
        need = max(1, w.need_for(n))
        seats = [s for s in range(n) if w.side is None or ch.sides[ch.side_index(s, n)].id == w.side]
        if w.kind == "survive":
            for s in seats:
                worth[s] = max(worth[s], 3.0 * state.round / ch.last_round)
            continue
        token = w.token or ""
        if w.kind == "map":
            have = sum(t.tokens.count(token) for t in state.tiles.values() if t.face_up)
            rows = [(seats, have)]
        elif w.scope == "self":
            rows = [([s], state.players[s].plots.count(token)) for s in seats]
        else:
            rows = [(seats, sum(state.players[s].plots.count(token) for s in seats))]
        for who, have in rows:
            for s in who:
                worth[s] = max(worth[s], 6.0 * have / need)
    for s, p in enumerate(state.players):
        worth[s] += 0.2 * (5 - p.damage if p.status == "active" else 0) + 0.2 * len(p.group)
    top = max(worth)
    exps = [math.exp(w - top) for w in worth]
    total = sum(exps)
    return [e / total for e in exps]
