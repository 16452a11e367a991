"""Loads the Infinities data and checks it whole: rulesets/infinities.toml (the rules' numbers,
settings, factions, dice) and cards/infinities/*.toml (each file a list of ``card``,
``leader``, ``tile`` or ``role`` tables)."""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

import tomllib
from dataclasses import dataclass
from functools import cache

from pydantic import ValidationError

from shards_tui.core.paths import data_dir
from shards_tui.games.infinities.schema import Card, Leader, Role, Ruleset, Tile

RULES_FILE = "infinities.md"
GAME_ID = "infinities"


class ContentError(ValueError):
    """The data files break the schema or each other (a bug in the data, said in one line)."""


@dataclass(frozen=True)
class Content:
    rules: Ruleset
    cards: dict[str, Card]
    leaders: dict[str, Leader]
    tiles: dict[str, Tile]
    roles: dict[str, Role]

    def deck_list(self, faction: str) -> list[str]:
        """A faction deck's cards, each id as many times as its copies, in file order."""
        return [c.id for c in self.cards.values() if c.faction == faction for _ in range(c.copies)]

    def stack(self, setting: str) -> list[str]:
        """A setting's tile stack (the Rift is in none), in file order."""
        return [t.id for t in self.tiles.values() if t.setting == setting and t.id != self.rules.rift]


@cache
def ruleset() -> Ruleset:
    path = data_dir("rulesets") / "infinities.toml"
    try:
        return Ruleset.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except ValidationError as exc:
        raise ContentError(f"rulesets/infinities.toml: {_first(exc)}") from None


def _first(exc: ValidationError) -> str:
    err = exc.errors()[0]
    return f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}"


@cache
def content() -> Content:
    rules = ruleset()
    found: dict[str, dict] = {"card": {}, "leader": {}, "tile": {}, "role": {}}
    models = {"card": Card, "leader": Leader, "tile": Tile, "role": Role}
    for path in sorted((data_dir("cards") / GAME_ID).glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for kind, model in models.items():
            for n, raw in enumerate(data.get(kind, [])):
                try:
                    item = model.model_validate(raw)
                except ValidationError as exc:
                    raise ContentError(f"{path.name}: {kind} {n + 1}: {_first(exc)}") from None
                if item.id in found[kind]:
                    raise ContentError(f"{path.name}: the {kind} id '{item.id}' is used twice")
                found[kind][item.id] = item
    c = Content(rules, found["card"], found["leader"], found["tile"], found["role"])
    _cross_check(c)
    return c


def _cross_check(c: Content) -> None:
    factions = {f.id for f in c.rules.factions}
    settings = {s.id for s in c.rules.settings}
    for card in c.cards.values():
        if card.faction not in factions:
            raise ContentError(f"card {card.id}: no faction '{card.faction}'")
    for leader in c.leaders.values():
        if leader.faction not in factions:
            raise ContentError(f"leader {leader.id}: no faction '{leader.faction}'")
    for tile in c.tiles.values():
        if tile.setting not in settings and tile.id != c.rules.rift:
            raise ContentError(f"tile {tile.id}: no setting '{tile.setting}'")
    if c.rules.rift not in c.tiles or c.tiles[c.rules.rift].type != "rift":
        raise ContentError("the Rift tile is missing or is not of type rift")
    for f in c.rules.factions:
        if f.setting not in settings:
            raise ContentError(f"faction {f.id}: no setting '{f.setting}'")
    if len(c.roles) < c.rules.skirmish.roles:
        raise ContentError("there are fewer Roles than a game reveals")


def card(card_id: str) -> Card:
    return content().cards[card_id]


def leader(leader_id: str) -> Leader:
    return content().leaders[leader_id]


def tile(tile_id: str) -> Tile:
    return content().tiles[tile_id]


def role(role_id: str) -> Role:
    return content().roles[role_id]
