"""What the card text panel says of one card on the table: its words and where it is (no
Textual). It finds the card in the table data, so it can only describe what the seat sees."""

from __future__ import annotations

from dataclasses import dataclass

from shards_tui.ui.tables.fractured_net.table_data import (CardFace, CardWords, CreatureFace,
                                                          HandCard, TableData, energy_cost)


@dataclass(frozen=True)
class CardDetails:
    face: CardFace
    where: str  # 'in your hand', "Ben's creature", ...
    notes: tuple[str, ...] = ()  # '3/2 with 1 damage', 'tapped', "can't be played: ..."
    attached: tuple[CardWords, ...] = ()  # a creature's equipment, each with its whole text

    @property
    def words(self) -> CardWords:
        return self.face.words


def _creature_notes(c: CreatureFace) -> tuple[str, ...]:
    notes = [f"now {c.power}/{c.defense}" + (f" with {c.damage} damage" if c.damage else "")]
    notes += [w for w, on in (("tapped", c.tapped), ("summoning sick", c.sick), ("a token", c.token),
                              ("attacking", c.attacking), ("must attack", c.forced),
                              ("would die in this combat", c.dies)) if on]
    if c.keywords:
        notes.append(", ".join(c.keywords))
    if c.gear:
        notes.append("equipped with " + ", ".join(g.name for g in c.gear))
    return tuple(notes)


def describe(data: TableData, instance: str | None) -> CardDetails | None:
    """The details of a card the data shows, or None."""
    if instance is None:
        return None
    for card in data.hand or ():
        if card.id == instance:
            return CardDetails(card, "in your hand", _hand_notes(card))
    for side in data.sides:
        whose = "your" if side.mine else f"{side.name}'s"
        for c in side.creatures:
            if c.id == instance:
                return CardDetails(c, f"{whose} creature".capitalize(), _creature_notes(c),
                                   tuple(g.words for g in c.gear))
            for g in c.gear:
                if g.id == instance:
                    return CardDetails(g, f"attached to {whose} {c.name}")
        for zone, cards in (("resource", side.resources), ("equipment, unattached", side.loose_gear),
                            ("discard pile", side.discard)):
            for card in cards:
                if card.id == instance:
                    return CardDetails(card, f"in {whose} {zone}")
    return None


def _hand_notes(card: HandCard) -> tuple[str, ...]:
    if card.playable:
        return (f"playable now for {energy_cost(card.cost)}",)
    return (card.why_not,) if card.why_not else ()
