"""What one seat may know of a Disco Infinity game, as a typed view.

Public: the action row (and the row as the last action phase began) and both orbit rows with
their tokens, research points per space, shields, the trash (face up), how many cards each pile
holds. Private: a hand and the discard
pile (drafted cards go there unseen) for their owner only, a draft cycle's cards for their
drafter only. Nothing else is put in the view, so nothing else can leak from it.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from typing import Any

from shards_tui.core.view import (LogLine, Move, PlayerFacts, QuestionView, SeatView, ViewPart,
                                  log_lines, question_view)
from shards_tui.games.disco.board import Board
from shards_tui.games.disco.cards import card_def, card_of
from shards_tui.games.disco.commands import Place
from shards_tui.games.disco.content import ruleset
from shards_tui.games.disco.models import Mark, Phase


class CardRef(ViewPart):
    id: str
    card: str
    name: str


class BoardCard(CardRef):
    """A card in play: in the action row (``space``, ``seat``: who placed it) or in orbit."""

    space: int
    seat: int
    tokens: int = 0
    fired: bool = False  # action row: it has fired this round
    jammed: bool = False  # action row: it will not fire this round


class PlacementPreview(ViewPart):
    """What a legal placement does, for the seat that may make it: the action row once the
    card's Placement effect is done (worked out by the rules on a scratch copy), or, when the
    effect asks a question first, the row as it stands then and the question (``asks``, put
    to seat ``asks_seat``). Nothing else of the scratch game is shown (a draw in it is not)."""

    command: str  # the Place command's text
    row: list[BoardCard]  # space 1 first
    asks: str = ""
    asks_seat: int | None = None


class DiscoPlayerFacts(PlayerFacts):
    faction: str
    faction_name: str
    shields: int
    research: list[int]  # per space, 1 to 6
    research_total: int
    tokens: int  # power tokens on the cards this player owns
    hand_count: int
    deck_count: int
    discard_count: int
    orbit: list[list[BoardCard]]  # per orbit space, each a stack, bottom first
    hand: list[CardRef] | None = None  # only for the player themself
    retained: list[str] | None = None  # ids of retained hand cards, only for the player
    discard: list[CardRef] | None = None  # only for the player themself


class Goals(ViewPart):
    max_shields: int
    research_to_win: int
    token_lead_to_win: int
    row_size: int


class StepCounts(ViewPart):
    """The counts toward the wins as they stood at log line ``seq`` (from the last action
    phase on): shields, research points per space and power tokens, per player."""

    seq: int
    shields: list[int]
    research: list[list[int]]
    tokens: list[int]
    orbit: list[list[list[BoardCard]]] = []  # per player, per space: the satellites then


class DiscoView(SeatView):
    phase: Phase  # (the base's str, as the game's own enum)
    players: list[DiscoPlayerFacts]
    round: int
    first: int  # who placed first this round
    row: list[BoardCard | None]
    firing: int | None = None  # the space firing now (action phase), from 1
    # The row as the last action phase began. Its cards have gone on since, some to hidden
    # piles, so their ids here are 'card@space', never the instance.
    action_row: list[BoardCard | None] = []
    steps: list[StepCounts] = []  # the counts at each change since the last action phase began
    trash: list[CardRef]
    draft_count: int
    cycled_count: int
    offer: list[CardRef] | None = None  # a draft cycle's cards, only for its drafter
    placements: list[PlacementPreview] = []  # each legal placement of the viewer's, in order
    goals: Goals
    can_undo: bool = False


def _ref(instance: str) -> CardRef:
    return CardRef.model_construct(id=instance, card=card_of(instance), name=card_def(instance).name)


def _board_card(b: Board, instance: str, space: int, seat: int) -> BoardCard:
    r = b.state.round
    return BoardCard.model_construct(id=instance, card=card_of(instance), name=card_def(instance).name,
                                     space=space, seat=seat, tokens=b.tokens_on(instance),
                                     fired=instance in r.fired, jammed=instance in r.jammed)


def _step(m: Mark) -> StepCounts:
    """A mark of the action phase, its satellites as board cards (orbits are public)."""
    orbit = [[[BoardCard.model_construct(id=c, card=card_of(c), name=card_def(c).name,
                                         space=n + 1, seat=s, tokens=m.orbit_tokens.get(c, 0),
                                         fired=False, jammed=False) for c in stack]
              for n, stack in enumerate(spaces)] for s, spaces in enumerate(m.orbit)]
    return StepCounts.model_construct(seq=m.seq, shields=m.shields, research=m.research,
                                      tokens=m.tokens, orbit=orbit)


def placement_previews(ctl: Any, legal: list[Any]) -> list[PlacementPreview]:
    """A preview of each legal ``Place`` among ``legal`` (one seat's legal commands)."""
    out = []
    for command in legal:
        if not isinstance(command, Place):
            continue
        after = ctl.placement_outcome(command)
        b = Board(after)
        asked = after.pending
        out.append(PlacementPreview.model_construct(
            command=command.text(),
            row=[_board_card(b, s.card, i + 1, s.seat) for i, s in enumerate(after.row) if s is not None],
            asks=asked.prompt if asked is not None else "",
            asks_seat=asked.seat if asked is not None else None))
    return out


def build_view(ctl: Any, seat: int | None) -> DiscoView:
    state = ctl.state
    b = Board(state)
    limits = ruleset().limits
    players = []
    for s, p in enumerate(state.players):
        mine = seat == s
        players.append(DiscoPlayerFacts(
            seat=s, name=p.name, faction=p.faction, faction_name=ruleset().faction(p.faction).name,
            shields=p.shields, research=list(p.research), research_total=sum(p.research),
            tokens=b.player_tokens(s), hand_count=len(p.hand), deck_count=len(p.deck),
            discard_count=len(p.discard),
            orbit=[[_board_card(b, c, i + 1, s) for c in stack] for i, stack in enumerate(p.orbit)],
            hand=[_ref(c) for c in p.hand] if mine else None,
            retained=[c for c in p.hand if c in state.round.retained] if mine else None,
            discard=[_ref(c) for c in p.discard] if mine else None))
    pending = state.pending
    drafter = pending.seat if pending is not None and pending.kind == "draft" else None
    firing = state.round.firing if state.flow.phase == "action" and state.round.firing else None
    commands = ctl.legal_commands(seat) if seat is not None else []
    legal = [Move.of(c) for c in commands]
    question: QuestionView | None = question_view(pending, seat)
    log: list[LogLine] = log_lines(state.log, seat)
    return DiscoView(
        game="disco", you=seat, turn=state.flow.turn, phase=state.flow.phase,
        active=state.flow.active, acting=ctl.acting_seats(), over=state.over,
        winners=state.winners, players=players, pending=question, legal=legal, log=log,
        round=state.flow.turn, first=state.round.first,
        row=[None if slot is None else _board_card(b, slot.card, i + 1, slot.seat)
             for i, slot in enumerate(state.row)],
        firing=firing,
        action_row=[None if f is None else BoardCard.model_construct(
            id=f"{card_of(f.card)}@{i + 1}", card=card_of(f.card), name=card_def(f.card).name, space=i + 1, seat=f.seat,
            tokens=f.tokens, fired=False, jammed=False) for i, f in enumerate(state.action_row)],
        steps=[_step(m) for m in state.marks],
        trash=[_ref(c) for c in state.trash], draft_count=len(state.draft_deck),
        cycled_count=len(state.cycled),
        offer=[_ref(c) for c in state.offer] if drafter is not None and drafter == seat else None,
        placements=placement_previews(ctl, commands),
        goals=Goals(max_shields=limits.max_shields, research_to_win=limits.research_to_win,
                    token_lead_to_win=limits.token_lead_to_win, row_size=limits.row_size),
        can_undo=seat is not None and ctl.can_undo(seat))
