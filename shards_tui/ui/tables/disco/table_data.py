"""What each part of the Disco table shows, read from one seat's ``DiscoView`` (no Textual).

``table_data(view)`` turns the view into plain, hashable display data: the two orbit rows
(the viewer's nearer, the opponent's beyond the action row), the action row, the meters
toward the three wins, the hand, the piles and the draft. Everything comes from the view and
its legal commands, so nothing the seat may not see can be shown, and no rule is worked out
here. Card text is the game's own, generated from the card data (``games.disco.text``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache

from shards_tui.core.commands import Choose
from shards_tui.games.disco.cards import card_db
from shards_tui.games.disco.commands import Draft, DraftKeep, Pass, Place
from shards_tui.games.disco.content import ruleset
from shards_tui.games.disco.text import card_lines, kind_text
from shards_tui.games.disco.view import BoardCard, CardRef, DiscoPlayerFacts, DiscoView, StepCounts

DRAFT_DECK = "Draft deck"


@dataclass(frozen=True)
class CardWords:
    """What a card says, whichever copy: its name, kind, deck and generated text."""

    name: str
    kind: str  # 'Missile', 'Action, alien tech 2'
    deck: str  # its faction's name, or 'Draft deck'
    lines: tuple[str, ...]  # its text, a part a line ('Action: Missile 2.')

    @property
    def text(self) -> str:
        return " ".join(self.lines)


@cache
def card_words(card_id: str) -> CardWords:
    card = card_db()[card_id]
    deck = ruleset().faction(card.faction).name if card.faction else DRAFT_DECK
    return CardWords(card.name, kind_text(card), deck, tuple(card_lines(card)))


@dataclass(frozen=True)
class CardFace:
    """One card as a widget draws it."""

    id: str  # the instance: 'ion_lance#2'
    card: str  # the card: 'ion_lance'
    name: str
    kind: str
    text: str
    tokens: int = 0
    option: bool = False  # one of the answers to the question put to the viewer

    @property
    def words(self) -> CardWords:
        return card_words(self.card)


@dataclass(frozen=True)
class RowCard(CardFace):
    """A card in the action row: who placed it (its owner there) and how its round goes."""

    seat: int = 0
    owner: str = ""
    mine: bool = False
    fired: bool = False
    jammed: bool = False


@dataclass(frozen=True)
class HandCard(CardFace):
    retained: bool = False  # kept through this round's cleanup
    placeable: bool = False  # a legal place command names it now


@dataclass(frozen=True)
class RowData:
    """The action row: ``spaces`` always holds every space (None: empty), ``placed`` how many
    of them have been filled so far (empty spaces the action phase left behind count)."""

    spaces: tuple[RowCard | None, ...]
    placed: int
    firing: int | None = None  # the space firing now, from 1

    @property
    def cards(self) -> tuple[RowCard, ...]:
        return tuple(c for c in self.spaces if c is not None)


@dataclass(frozen=True)
class OrbitSpace:
    space: int  # from 1
    research: int  # the row owner's research points in this space
    stack: tuple[CardFace, ...]  # bottom first


@dataclass(frozen=True)
class OrbitData:
    seat: int
    name: str
    mine: bool
    spaces: tuple[OrbitSpace, ...]

    @property
    def satellites(self) -> int:
        return sum(len(s.stack) for s in self.spaces)


@dataclass(frozen=True)
class Meter:
    """One bar: ``value`` of ``goal`` (the bar is full at the goal), and what it says."""

    label: str
    value: int
    goal: int
    text: str

    @property
    def share(self) -> float:
        return max(0.0, min(1.0, self.value / self.goal)) if self.goal > 0 else 0.0


@dataclass(frozen=True)
class PlayerMeters:
    """One player toward the three wins: shields (at 0 the opponent wins), research points
    and the lead in power tokens."""

    seat: int
    name: str
    faction: str
    mine: bool
    acting: bool  # this player may move now
    first: bool  # placed first this round
    shields: Meter
    research: Meter
    lead: Meter


@dataclass(frozen=True)
class PileCounts:
    seat: int
    name: str
    mine: bool
    draw: int
    discard: int
    hand: int


@dataclass(frozen=True)
class Piles:
    players: tuple[PileCounts, ...]  # the viewer's first
    trash: tuple[CardFace, ...]  # newest first
    draft: int
    cycled: int


@dataclass(frozen=True)
class DraftData:
    """A draft cycle as the viewer sees it: the cards offered to them (only to them), which of
    them may be kept, or whether they may take a cycle or pass on it."""

    offer: tuple[CardFace, ...] = ()
    keep: tuple[DraftKeep, ...] = ()  # the legal answers: keep the Nth offered card
    take: Draft | None = None  # legal now: take an optional draft cycle's cards
    skip: Pass | None = None  # legal now: pass on it
    drafter: str = ""  # who is drafting, when it is not the viewer
    prompt: str = ""
    draft_count: int = 0
    cycled_count: int = 0

    @property
    def active(self) -> bool:
        """A draft is on the table: the viewer's offer or choice, or another's draft."""
        return bool(self.offer or self.take or self.skip or self.drafter)

    def keep_command(self, index: int) -> DraftKeep | None:
        """The legal command keeping the ``index``-th offered card (from 1), if there is one."""
        return next((c for c in self.keep if c.options == (str(index),)), None)


@dataclass(frozen=True)
class TableData:
    you: int | None  # None: a spectator, or a hot-seat table behind its cover
    near: int  # the seat drawn nearer the viewer (the viewer, else seat 0)
    round: int
    phase: str
    row: RowData
    orbits: tuple[OrbitData, OrbitData]  # (beyond the action row, nearer)
    meters: tuple[PlayerMeters, PlayerMeters]  # (beyond, nearer)
    hand: tuple[HandCard, ...] | None  # None: no hand to show (not the viewer's to see)
    piles: Piles
    draft: DraftData
    placing: bool  # the viewer may place a card now
    options: frozenset[str] = field(default_factory=frozenset)  # card answers to the viewer's question


# ---- building -------------------------------------------------------------------------------


def _face(ref: CardRef, tokens: int = 0, options: frozenset[str] = frozenset()) -> CardFace:
    words = card_words(ref.card)
    return CardFace(ref.id, ref.card, ref.name, words.kind, words.text, tokens, ref.id in options)


def _row_card(view: DiscoView, card: BoardCard, options: frozenset[str]) -> RowCard:
    words = card_words(card.card)
    return RowCard(card.id, card.card, card.name, words.kind, words.text, card.tokens,
                   card.id in options, seat=card.seat, owner=view.players[card.seat].name,
                   mine=card.seat == view.you, fired=card.fired, jammed=card.jammed)


def _orbit(view: DiscoView, seat: int, options: frozenset[str]) -> OrbitData:
    p: DiscoPlayerFacts = view.players[seat]  # type: ignore[assignment]
    spaces = tuple(OrbitSpace(n + 1, p.research[n] if n < len(p.research) else 0,
                              tuple(_face(c, c.tokens, options) for c in stack))
                   for n, stack in enumerate(p.orbit))
    return OrbitData(seat, p.name, seat == view.you, spaces)


def _meters(view: DiscoView, seat: int, counts: StepCounts | None = None) -> PlayerMeters:
    """A player's meters: from the view, or from ``counts`` (a step of the action phase)."""
    goals = view.goals
    p: DiscoPlayerFacts = view.players[seat]  # type: ignore[assignment]
    other: DiscoPlayerFacts = view.players[1 - seat]  # type: ignore[assignment]
    if counts is None:
        shields, research, tokens = p.shields, p.research_total, p.tokens
        lead = tokens - other.tokens
    else:
        shields, research = counts.shields[seat], sum(counts.research[seat])
        tokens = counts.tokens[seat]
        lead = tokens - counts.tokens[1 - seat]
    return PlayerMeters(
        seat=seat, name=p.name, faction=p.faction_name, mine=seat == view.you,
        acting=seat in view.acting and not view.over, first=seat == view.first,
        shields=Meter("Shields", shields, goals.max_shields, f"{shields}/{goals.max_shields}"),
        research=Meter("Research", research, goals.research_to_win,
                       f"{research}/{goals.research_to_win}"),
        lead=Meter("Tokens", max(0, lead), goals.token_lead_to_win,
                   f"{tokens}, lead {lead:+d}/{goals.token_lead_to_win}"))


def counts_at(view: DiscoView, seq: int) -> StepCounts | None:
    """The counts toward the wins as they stood when log line ``seq`` was written (the first
    step's for a line before the action phase began); None outside the last action phase."""
    steps = view.steps
    if not steps:
        return None
    return next((c for c in reversed(steps) if c.seq <= seq), steps[0])


def at_step(data: TableData, view: DiscoView, seq: int) -> TableData:
    """The table's meters, and the satellites and research on each orbit space, as they stood
    at log line ``seq`` of the action phase being played back (the view holds the round's end)."""
    counts = counts_at(view, seq)
    if counts is None:
        return data

    def stack(seat: int, space: int, now: tuple[CardFace, ...]) -> tuple[CardFace, ...]:
        if seat >= len(counts.orbit) or space > len(counts.orbit[seat]):
            return now
        return tuple(_face(c, c.tokens) for c in counts.orbit[seat][space - 1])

    orbits = tuple(replace(o, spaces=tuple(
        replace(s, research=counts.research[o.seat][s.space - 1],
                stack=stack(o.seat, s.space, s.stack)) for s in o.spaces))
        for o in data.orbits)
    meters = tuple(replace(_meters(view, m.seat, counts), acting=False) for m in data.meters)
    return replace(data, orbits=orbits, meters=meters)  # type: ignore[arg-type]


def _hand(view: DiscoView, seat: int) -> tuple[HandCard, ...] | None:
    p: DiscoPlayerFacts = view.players[seat]  # type: ignore[assignment]
    if view.you != seat or p.hand is None:
        return None
    placeable = {c.card for c in view.legal_of(Place) if isinstance(c, Place)}
    retained = set(p.retained or ())
    out = []
    for ref in p.hand:
        words = card_words(ref.card)
        out.append(HandCard(ref.id, ref.card, ref.name, words.kind, words.text,
                            retained=ref.id in retained, placeable=ref.card in placeable))
    return tuple(out)


def _draft(view: DiscoView) -> DraftData:
    keep = tuple(c for c in view.legal_of(DraftKeep) if isinstance(c, DraftKeep))
    take = next((c for c in view.legal_of(Draft) if isinstance(c, Draft)), None)
    skip = next((c for c in view.legal_of(Pass) if isinstance(c, Pass)), None)
    pending = view.pending
    drafting = pending is not None and pending.kind == "draft"
    drafter = ""
    if drafting and pending is not None and pending.seat != view.you:
        drafter = view.players[pending.seat].name
    return DraftData(
        offer=tuple(_face(c) for c in view.offer or ()), keep=keep, take=take, skip=skip,
        drafter=drafter, prompt=pending.prompt if drafting and pending is not None else "",
        draft_count=view.draft_count, cycled_count=view.cycled_count)


def question_options(view: DiscoView) -> frozenset[str]:
    """The ids of the answers to the question put to the viewer (empty if none is)."""
    if not view.my_question or view.pending is None or not view.pending.options:
        return frozenset()
    return frozenset(o.id for o in view.pending.options)


def answer_command(view: DiscoView, card: str) -> Choose | None:
    """The legal answer that picks just this card (a click on a marked card), if one is."""
    return next((c for c in view.legal_of(Choose)
                 if isinstance(c, Choose) and not isinstance(c, DraftKeep) and c.options == (card,)),
                None)


def fired_row(view: DiscoView, firing: int | None, done: bool = False) -> RowData:
    """The row as the last action phase began (``view.action_row``), firing ``firing``: the
    cards before it marked as fired (every card, once ``done``). The table shows it while the
    action phase plays out, since the row itself is cleaned up within the move that filled it."""
    cards = [None if c is None else replace(
        _row_card(view, c, frozenset()), fired=done or (firing is not None and c.space < firing))
        for c in view.action_row]
    firing = None if done else firing
    size = max(view.goals.row_size, len(cards))
    return RowData(tuple(cards[n] if n < len(cards) else None for n in range(size)), len(cards),
                   firing)


def table_data(view: DiscoView) -> TableData:
    near = view.you if view.you is not None else 0
    far = 1 - near
    options = question_options(view)
    size = view.goals.row_size
    row = [None if c is None else _row_card(view, c, options) for c in view.row]
    spaces = tuple(row[n] if n < len(row) else None for n in range(max(size, len(row))))
    players = tuple(PileCounts(s, p.name, s == view.you, p.deck_count, p.discard_count, p.hand_count)
                    for s in (near, far) for p in [view.players[s]]  # type: ignore[misc]
                    if isinstance(p, DiscoPlayerFacts))
    return TableData(
        you=view.you, near=near, round=view.round, phase=view.phase,
        row=RowData(spaces, len(view.row), view.firing),
        orbits=(_orbit(view, far, options), _orbit(view, near, options)),
        meters=(_meters(view, far), _meters(view, near)),
        hand=_hand(view, near),
        piles=Piles(players, tuple(_face(c) for c in reversed(view.trash)),
                    view.draft_count, view.cycled_count),
        draft=_draft(view), placing=bool(view.legal_of(Place)), options=options)
