"""The whole text `i` shows over the table (no Textual): a card, a tile, a leader with their
group and timeline, all made from the game's data."""

from __future__ import annotations

from shards_tui.core.instances import card_of
from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.text import card_text, kind_text, leader_text, tile_text
from shards_tui.games.infinities.view import InfView
from shards_tui.ui.screens.reading import CardText

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
