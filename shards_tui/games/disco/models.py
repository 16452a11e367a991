"""The pydantic state of a Disco Infinity game."""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from enum import StrEnum

from pydantic import Field

from shards_tui.core.state import GameState
from shards_tui.core.state_part import StatePart

# "setup": the draft cycles before the first round. Each round then runs "start" (draws),
# "start_effects", "place", "action", "drift", "end" (end-of-round effects), "cleanup" and
# "draft" (the optional draft cycle). Only "setup", "place" and "draft" wait for a move; the
# others pass by themselves and are seen only while a card's effect asks a question.
class Phase(StrEnum):
    """The phases of a round (``flow.phase``; the view carries it as this enum)."""

    SETUP = "setup"
    START = "start"
    START_EFFECTS = "start_effects"
    PLACE = "place"
    ACTION = "action"
    DRIFT = "drift"
    END = "end"
    CLEANUP = "cleanup"
    DRAFT = "draft"


SPACES = 6


def _empty_orbit() -> list[list[str]]:
    return [[] for _ in range(SPACES)]


class Player(StatePart):
    name: str
    faction: str
    shields: int
    hand: list[str] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list)  # the draw pile, top first
    discard: list[str] = Field(default_factory=list)
    research: list[int] = Field(default_factory=lambda: [0] * SPACES)  # per space, 1 to 6
    orbit: list[list[str]] = Field(default_factory=_empty_orbit)  # per space: a stack, bottom first


class Slot(StatePart):
    """A card in the action row and the seat that placed it (its owner while it is there)."""

    card: str
    seat: int


class FiredCard(StatePart):
    """A card of the action row as the action phase began, with its power tokens then: what
    the players saw fire, kept for showing it (nothing in the rules reads it)."""

    card: str
    seat: int
    tokens: int = 0


class Mark(StatePart):
    """The public counts toward the three wins as they stood when log line ``seq`` was
    written: what the players saw at that step of the action phase (nothing in the rules
    reads it; the table shows it while the row's firing is played back)."""

    seq: int
    shields: list[int]
    research: list[list[int]]  # per player, per space
    tokens: list[int]  # per player, on the cards they own
    orbit: list[list[list[str]]] = Field(default_factory=list)  # per player, per space, bottom first
    orbit_tokens: dict[str, int] = Field(default_factory=dict)  # on those satellites


class Frame(StatePart):
    """One card's effect being carried out: which card, for whom, which trigger, how far."""

    source: str
    seat: int
    trigger: str
    space: int  # the card's space when last seen (1 to 6)
    pc: int = 0  # the next step
    sub: int = 0  # questions already answered inside the current step
    spent: int = 0  # tokens spent by this effect so far
    picked: list[str] = Field(default_factory=list)  # what the current step's questions chose


class Round(StatePart):
    """Bookkeeping of the round under way."""

    first: int = 0  # the seat that places first this round
    firing: int = 0  # the action phase: the next space to fire, counted from 0
    fired: list[str] = Field(default_factory=list)  # cards that fired this round
    jammed: list[str] = Field(default_factory=list)  # cards that will not fire this round
    retained: list[str] = Field(default_factory=list)  # hand cards kept through cleanup
    todo: list[str] = Field(default_factory=list)  # satellites whose round effect waits
    todo_seat: int = 0  # whose satellites those are
    owners_left: list[int] = Field(default_factory=list)  # seats whose round effects come next
    drafting: list[int] = Field(default_factory=list)  # seats yet to draft or pass
    setup_drafts: list[int] = Field(default_factory=lambda: [0, 0])  # cycles done before round 1


class DiscoState(GameState):
    players: list[Player]
    row: list[Slot | None] = Field(default_factory=list)  # the action row, space 1 first
    tokens: dict[str, int] = Field(default_factory=dict)  # power tokens on cards in play
    trash: list[str] = Field(default_factory=list)  # shared and face up, newest last
    draft_deck: list[str] = Field(default_factory=list)  # top first
    cycled: list[str] = Field(default_factory=list)
    offer: list[str] = Field(default_factory=list)  # a draft cycle's cards, seen by its drafter
    stack: list[Frame] = Field(default_factory=list)  # effects under way, innermost last
    round: Round = Field(default_factory=Round)
    action_row: list[FiredCard | None] = Field(default_factory=list)  # the last action phase's row
    marks: list[Mark] = Field(default_factory=list)  # the counts at each change since it began
    total_cards: int = 0  # every card of the game, wherever it is

    def all_cards(self) -> list[str]:
        out: list[str] = [*self.trash, *self.draft_deck, *self.cycled, *self.offer]
        out.extend(s.card for s in self.row if s is not None)
        for p in self.players:
            out.extend(p.hand)
            out.extend(p.deck)
            out.extend(p.discard)
            for stack in p.orbit:
                out.extend(stack)
        return out
