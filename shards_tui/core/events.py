"""The event log: what happened, which rule applied, and who may read the details."""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types,
# not strings it must evaluate (about 20 ms of startup over the rules models).

from pydantic import BaseModel


class Event(BaseModel):
    seq: int
    turn: int
    seat: int | None = None
    text: str
    anchor: str | None = None
    # If set, only these seats read `text`; everyone else reads `public_text`.
    visible_to: list[int] | None = None
    public_text: str | None = None

    def text_for(self, seat: int | None) -> str:
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return self.text
        return self.public_text or ""

    def view_for(self, seat: int | None) -> dict[str, object]:
        """The event as ``seat`` may read it, as a view lists it: the text it may read and
        nothing of the rest (made as a dict directly: a view lists 200 events, and building
        and dumping a model for each took a millisecond or two)."""
        return {"seq": self.seq, "turn": self.turn, "seat": self.seat,
                "text": self.text_for(seat), "anchor": self.anchor, "visible_to": None,
                "public_text": None}
