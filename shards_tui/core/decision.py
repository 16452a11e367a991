"""A pending decision: the game pauses until the named seat answers with `choose ...`."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, model_validator


class Option(BaseModel):
    id: str = Field(pattern=r"^[^\s]+$")
    label: str
    # Set on an answer that cannot be taken back: a screen asks for it twice before sending it
    # (the sentence it shows then), unless the player ticked it on purpose.
    confirm: str = ""


class Decision(BaseModel):
    """Who decides, what they are asked, and how many options they must pick."""

    seat: int
    kind: str
    prompt: str
    options: list[Option]
    min: int = 0
    max: int = 1
    # Game-specific data the rules need to carry out the answer (never shown as-is).
    data: dict[str, Any] = Field(default_factory=dict)
    # A decision answered secretly (its options reveal hidden cards of the decider).
    private: bool = False

    @model_validator(mode="after")
    def _bounds(self) -> "Decision":
        if not 0 <= self.min <= self.max:
            raise ValueError("decision bounds must satisfy 0 <= min <= max")
        if self.min > len(self.options):
            raise ValueError("decision asks for more options than it offers")
        return self

    def option_ids(self) -> list[str]:
        return [o.id for o in self.options]

    def label_of(self, option_id: str) -> str:
        for option in self.options:
            if option.id == option_id:
                return option.label
        return option_id
