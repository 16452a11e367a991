"""The whole text `i` shows over the table (no Textual): a card, a tile, a leader with their
group and timeline, all made from the game's data."""

from __future__ import annotations

from shards_tui.core.instances import card_of
from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.text import card_text, kind_text, leader_text, tile_text
from shards_tui.games.infinities.view import InfView
from shards_tui.ui.screens.reading import CardText
from shards_tui.ui.tables.infinities.map_data import TYPE_GLYPHS, short_name, type_sign

TYPE_WORDS = {"stealth": "Stealth", "city": "City", "sacred": "Sacred", "wild": "Wild",
              "travel": "Travel", "rift": "Rift"}


def card_words(card_id: str, where: str = "") -> CardText | None:
    card = content().cards.get(card_of(card_id))
    if card is None:
        return None
    faction = content().rules.faction(card.faction).name
    lines = [f"{kind_text(card)}; cost {card.cost} Tide; {faction}."]
    if where:
        lines.append(where)
    lines.append(card_text(card))
    return CardText(card.name, "\n".join(lines))


def tile_words(view: InfView, tile_id: str, key: str | None = None) -> CardText | None:
    tile = content().tiles.get(tile_id)
    if tile is None:
        return None
    lines = [f"{TYPE_WORDS.get(tile.type, tile.type)} tile, Influence {tile.influence}; "
             f"setting {tile.setting.capitalize()}."]
    placed = next((t for t in view.tiles if t.hex == key), None) if key else None
    if placed is not None:
        turned = ", ".join(("n", "ne", "se", "s", "sw", "nw")[w] for w in placed.walls) or "none"
        lines.append(f"Placed at {key}, turned {placed.rot}: walls {turned}"
                     + ("" if placed.face_up else "; flipped face down") + ".")
        if placed.pawn is not None:
            lines.append(f"{view.players[placed.pawn].name}'s pawn stands here.")
    lines.append(tile_text(tile))
    return CardText(tile.name, "\n".join(lines))


def leader_words(view: InfView, seat: int) -> CardText | None:
    p = view.players[seat]
    leader = content().leaders.get(p.leader) if p.leader else None
    if leader is None:
        return None
    lines = [f"{p.name}'s leader. {leader.blurb}", leader_text(leader)]
    for n, unit in enumerate(p.group, 1):
        card = content().cards.get(unit.card)
        if card is not None:
            lines.append(f"u{n} {card.name} ({unit.health - unit.damage} of {unit.health} Health"
                         f"{', unlocked' if unit.unlocked else ''}): {card_text(card)}")
    for n, ref in enumerate(p.timeline, 1):
        card = content().cards.get(ref.card)
        if card is not None:
            lines.append(f"t{n} {card.name} (timeline): {card_text(card)}")
    for ref in p.attached:
        card = content().cards.get(ref.card)
        if card is not None:
            lines.append(f"Attached {card.name}: {card_text(card)}")
    return CardText(leader.name, "\n".join(lines))


def leader_choice_words(leader_id: str) -> CardText | None:
    leader = content().leaders.get(leader_id)
    if leader is None:
        return None
    return CardText(leader.name, f"{leader.blurb}\n{leader_text(leader)}")


def map_key(view: InfView) -> CardText:
    """What a small hex's marks mean (k): each tile type's sign, and each tile on the map by
    its short name, all made from the tiles' data."""
    types = sorted({t.type for t in content().tiles.values()},
                   key=lambda t: list(TYPE_GLYPHS).index(t) if t in TYPE_GLYPHS else 99)
    lines = ["A small hex shows a tile's short name, the pawn on it, then its type's sign and "
             "its Influence ('♣ 3': a Wild tile, Influence 3).",
             "  ".join(f"{type_sign(t)} {TYPE_WORDS.get(t, t.capitalize())}" for t in types),
             "", "On the map:"]
    placed = sorted(({(short_name(t.name), t.name, t.type, t.influence)
                      for t in view.tiles if t.face_up}), key=lambda row: row[1])
    lines += [f"{short:<6}{name}: {TYPE_WORDS.get(type_, type_)}, Influence {influence}"
              for short, name, type_, influence in placed]
    lines += ["", "On the map, the cursor's hex is named in the status line; i reads its tile."]
    return CardText("Map key", "\n".join(lines))
