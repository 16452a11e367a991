"""What the card text panel says of one card on the table: its words and where it is (no
Textual). It finds the card in the table data, so it can only describe what the seat sees."""

from __future__ import annotations

from dataclasses import dataclass

from shards_tui.ui.tables.disco.table_data import CardFace, CardWords, HandCard, RowCard, TableData


@dataclass(frozen=True)
class CardDetails:
    face: CardFace
    where: str  # 'Ben's card in space 3', 'in your hand', ...
    notes: tuple[str, ...] = ()  # '2 power tokens', 'fired this round', ...

    @property
    def words(self) -> CardWords:
        return self.face.words


def _tokens(n: int) -> tuple[str, ...]:
    return (f"{n} power token{'s' if n != 1 else ''}",) if n else ()


def _whose(data: TableData, seat: int, name: str) -> str:
    return "your" if seat == data.you else f"{name}'s"


def describe(data: TableData, card: str) -> CardDetails | None:
    """The card with instance id ``card`` wherever the table shows it, or None."""
    for face in data.row.cards:
        if face.id == card:
            return _row(data, face)
    for orbit in data.orbits:
        for space in orbit.spaces:
            for n, face in enumerate(space.stack):
                if face.id == card:
                    level = f", {n + 1} of {len(space.stack)} stacked" if len(space.stack) > 1 else ""
                    where = (f"{_whose(data, orbit.seat, orbit.name)} satellite in orbit space "
                             f"{space.space}{level}")
                    return CardDetails(face, where, _tokens(face.tokens))
    for hand_card in data.hand or ():
        if hand_card.id == card:
            return _hand(hand_card)
    for n, face in enumerate(data.draft.offer):
        if face.id == card:
            return CardDetails(face, f"offered to you in the draft, card {n + 1}")
    for face in data.piles.trash:
        if face.id == card:
            return CardDetails(face, "in the trash")
    return None


def _row(data: TableData, face: RowCard) -> CardDetails:
    space = data.row.spaces.index(face) + 1
    notes = _tokens(face.tokens)
    if data.row.firing == space:
        notes += ("firing now",)
    elif face.fired:
        notes += ("fired this round",)
    if face.jammed:
        notes += ("jammed: it does not fire this round",)
    return CardDetails(face, f"{_whose(data, face.seat, face.owner)} card in space {space}", notes)


def _hand(card: HandCard) -> CardDetails:
    notes = ("retained: it stays in your hand through cleanup",) if card.retained else ()
    return CardDetails(card, "in your hand", notes)
