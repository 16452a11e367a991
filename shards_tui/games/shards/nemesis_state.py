"""The resumable state of a Nemesis turn (Single Player Nemesis Challenge).

The engine runs the Nemesis's turn step by step (nemesis.py). When a card it plays needs a
choice, the player is asked and the turn stops; everything needed to carry on is kept here and
in the state's stack of card effects (the one the players' cards use), so the turn resumes
after the answer (and after a save and load).
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types,
# not strings it must evaluate (about 20 ms of startup over the rules models).

from typing import Literal

from shards_tui.core.state_part import StatePart

# reveal -> row (play the row cards of the revealed faction) -> exhaust (its champions, one at
# a time) -> lethal (all power at the player if that kills) -> champions (destroy the player's
# champions, highest cost first) -> damage (the rest at the player; shields as usual) -> done.
NemesisStep = Literal["reveal", "row", "exhaust", "lethal", "champions", "damage", "done"]


class NemesisTurn(StatePart):
    step: NemesisStep = "reveal"
    revealed: str | None = None  # the card revealed from the top of the center deck
    faction: str | None = None  # the revealed card's faction
    queue: list[str] = []  # center-row cards of that faction still to be played, left to right
    to_exhaust: list[str] = []  # its champions whose exhaust abilities are still to be used
