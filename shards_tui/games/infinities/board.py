"""Reading an Infinities state: the map (tiles, walls, pawns, reach), each leader's tracks and
modifiers worked out from their units, timeline, attachments, tile and gambit, and the small
writes every rule shares (the log, drawing, discarding). No rule decides anything here.
"""

from __future__ import annotations

from functools import lru_cache

from shards_tui.core.hex import (EdgeKey, Hex, direction_to, distance, edge_key, hex_text,
                                 parse_hex, reachable, rotate_edges, walls_of)
from shards_tui.core.instances import card_of
from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities.content import Content, content
from shards_tui.games.infinities.models import InfState, PlacedTile, Player, Unit
from shards_tui.games.infinities.schema import Card, Leader, Tile


def plural(n: int, word: str) -> str:
    """'1 card', '2 cards'; a die is two dice."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-3]}dice" if word.endswith("die") else f"{n} {word}s"


class Board:
    """A state and the content it is read with. ``quiet``: write no log (a bot's sampled world).
    ``frozen``: the state will not change while this board is used (listing the legal moves,
    building a view), so the walls, levels, modifiers and reach it works out are kept."""

    def __init__(self, state: InfState, quiet: bool = False, frozen: bool = False) -> None:
        self.state = state
        self.c: Content = content()
        self.limits = self.c.rules.limits
        self.quiet = quiet
        self._memo: dict | None = {} if frozen else None

    def kept(self, key: tuple, make):
        if self._memo is None:
            return make()
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    # ---- the log ------------------------------------------------------------------------------

    def event(self, text: str, anchor: str | None = None, seat: int | None = None, *,
              private_to: int | None = None, public: str | None = None) -> None:
        if self.quiet:
            return
        if private_to is None:
            self.state.add_event(text, anchor=anchor, seat=seat)
        else:
            self.state.add_event(text, anchor=anchor, seat=seat, visible_to=[private_to],
                                 public_text=public or "")

    def who(self, seat: int) -> str:
        return self.state.players[seat].name

    # ---- content ------------------------------------------------------------------------------

    def card(self, instance: str) -> Card:
        return self.c.cards[card_of(instance)]

    def name(self, instance: str) -> str:
        return self.card(instance).name

    def leader(self, seat: int) -> Leader | None:
        lid = self.state.players[seat].leader
        return self.c.leaders[lid] if lid else None

    def tile_def(self, placed: PlacedTile) -> Tile:
        return self.c.tiles[placed.tile]

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    # ---- seats and teams ----------------------------------------------------------------------

    def seats(self) -> range:
        return range(len(self.state.players))

    def in_game(self, seat: int) -> bool:
        """Active: on the board and not defeated or conceded."""
        p = self.state.players[seat]
        return p.status == "active" and p.at is not None

    def allies(self, seat: int) -> list[int]:
        team = self.state.players[seat].team
        return [s for s in self.seats() if s != seat and self.state.players[s].team == team]

    def enemies(self, seat: int) -> list[int]:
        team = self.state.players[seat].team
        return [s for s in self.seats() if self.state.players[s].team != team]

    def is_enemy(self, seat: int, other: int) -> bool:
        return self.state.players[seat].team != self.state.players[other].team

    def turn_order_from(self, first: int) -> list[int]:
        """The seats in this round's turn order starting at ``first`` (every other seat after,
        in order, wrapping round): 'the current player first, then clockwise'."""
        order = self.state.order or list(self.seats())
        if first not in order:
            return order
        i = order.index(first)
        return order[i:] + order[:i]

    # ---- the map ------------------------------------------------------------------------------

    def tile_at(self, h: Hex) -> PlacedTile | None:
        return self.state.tiles.get(hex_text(h))

    def face_up(self, h: Hex) -> Tile | None:
        placed = self.tile_at(h)
        return self.tile_def(placed) if placed is not None and placed.face_up else None

    def pawn_at(self, h: Hex) -> int | None:
        key = hex_text(h)
        for seat, p in enumerate(self.state.players):
            if p.at == key:
                return seat
        return None

    def where(self, seat: int) -> Hex | None:
        at = self.state.players[seat].at
        return parse_hex(at) if at is not None else None

    def tile_under(self, seat: int) -> Tile | None:
        h = self.where(seat)
        return self.face_up(h) if h is not None else None

    def influence(self, seat: int) -> int:
        t = self.tile_under(seat)
        return t.influence if t is not None else 0

    def walls(self) -> set[EdgeKey]:
        """Every wall on the map: the turned walls of each face-up tile."""
        return self.kept(("walls",), self._walls)

    def _walls(self) -> set[EdgeKey]:
        out: set[EdgeKey] = set()
        for key, placed in self.state.tiles.items():
            if placed.face_up:
                out |= walls_of(parse_hex(key), _turned_walls(placed.tile, placed.rot))
        return out

    def tile_walls(self, tile_id: str, rot: int) -> frozenset[int]:
        return _turned_walls(tile_id, rot)

    def wall_between(self, a: Hex, direction: int, walls: set[EdgeKey] | None = None) -> bool:
        return edge_key(a, direction) in (self.walls() if walls is None else walls)

    def reach_of(self, seat: int) -> dict[Hex, int]:
        """The tiles this leader's reach covers: a clear path (no wall, no pawn on the way)
        of face-up tiles, at most their reach long. A tile with a pawn may end a path."""
        return self.kept(("reach_of", seat), lambda: self._reach_of(seat))

    def _reach_of(self, seat: int) -> dict[Hex, int]:
        h = self.where(seat)
        if h is None:
            return {}
        return reachable(h, self.reach(seat), lambda x: self.face_up(x) is not None, self.walls(),
                         pass_through=lambda x: self.pawn_at(x) is None)

    def in_reach(self, seat: int, other: int, how: fx.Range = "reach") -> bool:
        """Whether ``other``'s leader can be targeted from ``seat`` (``how``: within reach,
        adjacent with no wall between, or anywhere on the board)."""
        theirs = self.where(other)
        if theirs is None or not self.in_game(other):
            return False
        if other == seat or how == "any":
            return True
        mine = self.where(seat)
        if mine is None:
            return False
        if how == "adjacent":
            d = direction_to(mine, theirs)
            return d is not None and not self.wall_between(mine, d)
        return theirs in self.reach_of(seat)

    def rift_hex(self) -> Hex | None:
        for key, placed in self.state.tiles.items():
            if placed.tile == self.c.rules.rift:
                return parse_hex(key)
        return None

    def rift_distance(self, seat: int) -> int:
        h, rift = self.where(seat), self.rift_hex()
        return distance(h, rift) if h is not None and rift is not None else 0

    # ---- tracks and modifiers -----------------------------------------------------------------

    def _unit_mods(self, unit: Unit, base: dict[str, int] | None) -> list[fx.Modifier]:
        """The modifiers a unit gives its leader: its passives, and its unlocked passives
        while unlocked (a level unlock: while ``base`` levels meet it)."""
        out: list[fx.Modifier] = []
        for ability in self.card(unit.card).abilities:
            if ability.on != "passive":
                continue
            out.extend(ability.modifiers)
            if ability.unlock is not None and self._unlock_holds(ability.unlock.pay, unit, base):
                out.extend(ability.unlock.modifiers)
        for att in unit.attached:
            out.extend(m for m in self.card(att).attach if m.kind not in ("health", "immune"))
        return out

    @staticmethod
    def _unlock_holds(pay: fx.UnlockCost, unit: Unit, base: dict[str, int] | None) -> bool:
        if isinstance(pay, fx.LevelCost):
            return base is not None and base[pay.attr] >= pay.at_least
        return unit.unlocked

    def modifiers(self, seat: int, *, with_levels: bool = True) -> list[fx.Modifier]:
        """Every standing modifier on this leader. ``with_levels`` False: those that do not
        depend on a track level (the levels are worked out from these first)."""
        return self.kept(("mods", seat, with_levels), lambda: self._modifiers(seat, with_levels))

    def _modifiers(self, seat: int, with_levels: bool) -> list[fx.Modifier]:
        p = self.state.players[seat]
        base = self.kept(("levels", seat), lambda: self._levels(seat)) if with_levels else None
        out: list[fx.Modifier] = []
        for unit in p.group:
            out.extend(self._unit_mods(unit, base))
        for inst in p.timeline:
            const = self.card(inst).constant
            if const is not None and const.on == "passive":
                out.extend(const.modifiers)
        for att in p.attached:
            out.extend(self.card(att).attach)
        tile = self.tile_under(seat)
        if tile is not None:
            for ev in tile.events:
                if ev.on == "passive":
                    out.extend(ev.modifiers)
        leader = self.leader(seat)
        if leader is not None:
            if p.gambit >= self.limits.gambit_top:
                out.extend(leader.summit)
            if base is not None:
                out.extend(c.as_modifier() for c in leader.conversions if base[c.attr] >= c.level)
        return out

    def _levels(self, seat: int) -> dict[str, int]:
        p = self.state.players[seat]
        levels = {a: self.limits.start_level for a in fx.ATTRS}
        for unit in p.group:
            for icon in self.card(unit.card).attributes:
                levels[icon] += 1
        for m in self.modifiers(seat, with_levels=False):
            if isinstance(m, fx.LevelUp):
                levels[m.attr] += m.amount
        for attr in fx.ATTRS:
            levels[attr] += self.state.turn.raised.get(f"{seat}:{attr}", 0)
        top = self.limits.max_level
        return {a: max(1, min(top, v)) for a, v in levels.items()}

    def levels(self, seat: int) -> dict[str, int]:
        return dict(self.kept(("levels", seat), lambda: self._levels(seat)))

    def level(self, seat: int, attr: str) -> int:
        return self.kept(("levels", seat), lambda: self._levels(seat))[attr]

    def _sum(self, seat: int, kind: str) -> int:
        return sum(getattr(m, "amount", 1) for m in self.modifiers(seat) if m.kind == kind)

    def health_left(self, seat: int) -> int:
        return max(0, self.limits.health - self.state.players[seat].damage)

    def reach(self, seat: int) -> int:
        return self.level(seat, "power") + self._sum(seat, "reach")

    def timeline_limit(self, seat: int) -> int:
        return self.level(seat, "tide") + self.limits.timeline_plus + self._sum(seat, "timeline")

    def dice_limit(self, seat: int) -> int:
        return self.health_left(seat) + self._sum(seat, "dice_limit")

    def block_cost(self, seat: int) -> int:
        cost = self.limits.block_base - self.level(seat, "fortitude") - self._sum(seat, "block_discount")
        return max(1, cost)

    def leader_immune(self, seat: int, to: str) -> bool:
        return any(isinstance(m, fx.Immune) and m.to == to for m in self.modifiers(seat))

    def unit_health(self, unit: Unit) -> int:
        extra = sum(m.amount for att in unit.attached for m in self.card(att).attach
                    if isinstance(m, fx.Toughness))
        return (self.card(unit.card).health or 1) + extra

    def unit_immune(self, unit: Unit, to: str) -> bool:
        if to == "abilities" and self.card(unit.card).fated:
            return True
        mods = [m for a in self.card(unit.card).abilities if a.on == "passive" for m in a.modifiers]
        mods += [m for att in unit.attached for m in self.card(att).attach]
        return any(isinstance(m, fx.Immune) and m.to == to for m in mods)

    def find_unit(self, instance: str) -> tuple[int, Unit] | None:
        for seat, p in enumerate(self.state.players):
            for unit in p.group:
                if unit.card == instance:
                    return seat, unit
        return None

    def timeline_owner(self, instance: str) -> int | None:
        for seat, p in enumerate(self.state.players):
            if instance in p.timeline:
                return seat
        return None

    # ---- cards moving -------------------------------------------------------------------------

    def deck_of(self, instance: str) -> str:
        return self.state.deck_of[instance]

    def to_discard(self, instance: str) -> None:
        self.state.decks[self.deck_of(instance)].discard.append(instance)

    def draw(self, seat: int, n: int, why: str = "") -> int:
        """Draw up to ``n`` (never past the hand limit; an empty deck is reshuffled from its
        discard pile). Returns how many were drawn."""
        p = self.state.players[seat]
        deck = self.state.decks[p.deck]
        got: list[str] = []
        for _ in range(n):
            if len(p.hand) + len(got) >= self.limits.hand:
                break
            if not deck.cards:
                if not deck.discard:
                    break
                deck.cards, deck.discard = deck.discard, []
                self.state.rng.shuffle(deck.cards)
                self.event(f"{self.c.rules.faction(deck.faction).name}'s deck runs out; its discard "
                           "pile is shuffled into a new deck.", "decks")
            got.append(deck.cards.pop(0))
        p.hand.extend(got)
        if got:
            self.state.mark_reveal()
            names = ", ".join(self.name(c) for c in got)
            tail = f" ({why})" if why else ""
            self.event(f"{self.who(seat)} draws {names}{tail}.", "draw", seat, private_to=seat,
                       public=f"{self.who(seat)} draws {plural(len(got), 'card')}{tail}.")
        elif n and len(p.hand) >= self.limits.hand:
            self.event(f"{self.who(seat)}'s hand is full (10 cards); nothing is drawn.", "hand-limit", seat)
        return len(got)


@lru_cache(maxsize=4096)
def _turned_walls(tile_id: str, rot: int) -> frozenset[int]:
    """A tile's walls once turned (the content never changes while the program runs)."""
    return rotate_edges(content().tiles[tile_id].walls, rot)
