"""What one seat may know of an Infinities game, as a typed view.

Public: the map (tiles, their turn and walls, flipped spaces, pawns), the tile stacks (players
choose from them), every leader's tracks, Health, gambit, group, timeline and attachments, the
dice of the turn once rolled, Points and Role progress, deck sizes and discard piles, what is on
the queue. Private: a hand, for its holder only (the others see its size). Nothing about the
order of a deck or a roll to come is put in the view, so nothing of it can leak.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from functools import lru_cache
from typing import Any

from shards_tui.core.hex import hex_text, neighbour, parse_hex, rotate_edges
from shards_tui.core.instances import card_of
from shards_tui.core.view import (Move, PlayerFacts, QuestionView, SeatView, ViewPart, log_lines,
                                  question_view)
from shards_tui.games.infinities import adventure, adventure_view, turns
from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities.adventure_view import AdventureView
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.models import Phase
from shards_tui.games.infinities.refs import seat_word


class CardRef(ViewPart):
    id: str
    card: str
    name: str


class UnitView(CardRef):
    damage: int
    health: int
    unlocked: bool
    attached: list[CardRef]


class InfPlayerFacts(PlayerFacts):
    team: int
    leader: str | None
    leader_name: str
    faction: str
    status: str
    at: str | None
    tile: str | None
    influence: int
    health: int
    levels: dict[str, int]
    reach: int
    timeline_limit: int
    dice_limit: int
    block_cost: int
    gambit: int
    points: int
    progress: dict[str, int]
    scored: list[str]
    group: list[UnitView]
    timeline: list[CardRef]
    attached: list[CardRef]
    hand_count: int
    deck: str
    word: str = ""  # how moves name this leader ('ana', or 'p1' for a name that is not one word)
    hand: list[CardRef] | None = None  # only for the player themself
    plots: list[str] = []  # plot tokens held (Adventure)


class TileView(ViewPart):
    hex: str
    tile: str
    name: str
    type: str
    influence: int
    rot: int
    walls: list[int]  # the edges with a wall, turned (0 = north, clockwise)
    face_up: bool
    pawn: int | None
    tokens: list[str] = []  # plot tokens lying on it (Adventure)


class DieView(ViewPart):
    colour: str
    face: str
    rerolled: bool
    converted: bool
    added: bool
    spent: bool


class DeckView(ViewPart):
    id: str
    faction: str
    count: int
    discard: list[CardRef]


class RoleView(ViewPart):
    id: str
    name: str
    need: int


class QueueEntry(ViewPart):
    seat: int
    source: str
    stage: str


class InfView(SeatView):
    phase: Phase  # (the base's str, as the game's own enum)
    players: list[InfPlayerFacts]
    mode: str
    teams: str
    round: int
    last_round: int
    order: list[int]
    roles: list[RoleView]
    points_to_win: list[int]  # per seat: what their side needs
    tiles: list[TileView]
    stacks: dict[str, list[str]]
    dice: list[DieView]
    dice_spent: int
    decks: list[DeckView]
    queue: list[QueueEntry]
    resolving: list[CardRef]
    ended_by: str = ""
    can_undo: bool = False
    adventure: AdventureView | None = None  # the chapter being played, if any
    in_reach: list[str] = []  # the hexes the viewer's reach covers (where Power actions land)
    discovering: str | None = None  # the space a discovery question places its tile on


def _ref(b: Board, inst: str) -> CardRef:
    return _card_ref(inst, b.name(inst))


@lru_cache(maxsize=8192)
def _card_ref(inst: str, name: str) -> CardRef:
    """A card instance as a view shows it, built once (views are read-only, so they share it:
    a view lists a few dozen and a model takes microseconds to build)."""
    return CardRef.model_construct(id=inst, card=card_of(inst), name=name)


@lru_cache(maxsize=4096)
def _tile_view(key: str, tile: str, name: str, type: str, influence: int, walls: tuple[int, ...],
               rot: int, face_up: bool, pawn: int | None, tokens: tuple[str, ...]) -> TileView:
    """A placed tile as every seat sees it, built once for what it is made from (a move
    changes a tile or two of the map; the others' views are shared, as the log's lines)."""
    return TileView(hex=key, tile=tile, name=name, type=type, influence=influence, rot=rot,
                    walls=sorted(rotate_edges(walls, rot)), face_up=face_up, pawn=pawn,
                    tokens=list(tokens))


def _player(b: Board, seat: int, viewer: int | None) -> InfPlayerFacts:
    p = b.state.players[seat]
    leader = b.leader(seat)
    tile = b.tile_under(seat)
    return InfPlayerFacts(
        seat=seat, name=p.name, out=p.status == "conceded", team=p.team, leader=p.leader,
        leader_name=leader.name if leader else "", faction=leader.faction if leader else "",
        status=p.status, at=p.at, tile=tile.id if tile else None,
        influence=tile.influence if tile else 0, health=b.health_left(seat), levels=b.levels(seat),
        reach=b.reach(seat), timeline_limit=b.timeline_limit(seat), dice_limit=b.dice_limit(seat),
        block_cost=b.block_cost(seat), gambit=p.gambit, points=p.points, progress=dict(p.progress),
        scored=list(p.scored),
        group=[UnitView.model_construct(id=u.card, card=card_of(u.card), name=b.name(u.card),
                                        damage=u.damage, health=b.unit_health(u), unlocked=u.unlocked,
                                        attached=[_ref(b, a) for a in u.attached]) for u in p.group],
        timeline=[_ref(b, c) for c in p.timeline], attached=[_ref(b, c) for c in p.attached],
        hand_count=len(p.hand), deck=p.deck, word=seat_word(b, seat),
        hand=[_ref(b, c) for c in p.hand] if viewer == seat else None, plots=list(p.plots))


def _discovering(b: Board) -> str | None:
    """The space the pending discovery places its tile on: next to the mover, the way the
    move's frame is going (public: everyone sees where a tile is being placed)."""
    pending = b.state.pending
    if pending is None or pending.kind != "discover":
        return None
    frame = next((f for f in b.state.queue if f.id == pending.data.get("frame")), None)
    where = b.where(pending.seat)
    if frame is None or where is None or frame.picked[:1] != ["discover"]:
        return None
    return hex_text(neighbour(where, int(frame.picked[1])))


def build_view(ctl: Any, seat: int | None, legal: list | None = None) -> InfView:
    """``legal``: the seat's legal commands when the caller has them already (a bot's sampled
    world), so they are not worked out twice."""
    state = ctl.state
    b = Board(state, frozen=True)
    mode = b.c.rules.quickplay if state.mode == "quickplay" else b.c.rules.skirmish
    sides = turns.groups(b)
    need = [0] * len(state.players)
    for side in sides:
        for s in side:
            need[s] = turns.threshold(b, len(side))
    tiles = []
    for key, placed in state.tiles.items():
        t, up = b.tile_def(placed), placed.face_up
        tiles.append(_tile_view(key, t.id, t.name, t.type, t.influence, tuple(t.walls), placed.rot,
                                up, b.pawn_at(parse_hex(key)) if up else None,
                                tuple(placed.tokens) if up else ()))
    if legal is None:
        legal = ctl.legal_commands(seat) if seat is not None else []
    moves = [Move.of(c) for c in legal]
    question: QuestionView | None = question_view(state.pending, seat)
    return InfView(
        game="infinities", you=seat, turn=state.flow.turn, phase=state.flow.phase,
        active=state.flow.active, acting=ctl.acting_seats(), over=state.over, winners=state.winners,
        players=[_player(b, s, seat) for s in range(len(state.players))], pending=question,
        legal=moves, log=log_lines(state.log, seat), mode=state.mode, teams=state.teams,
        round=state.round, last_round=adventure.last_round(b) or mode.last_round, order=list(state.order),
        roles=[RoleView(id=r, name=b.c.roles[r].name, need=b.c.roles[r].goal.need) for r in state.roles],
        points_to_win=need, tiles=tiles, stacks={k: list(v) for k, v in state.stacks.items()},
        dice=[DieView(colour=d.colour, face=d.face, rerolled=d.rerolled, converted=d.converted,
                      added=d.added, spent=d.spent) for d in state.turn.dice],
        dice_spent=state.turn.spent,
        decks=[DeckView(id=k, faction=d.faction, count=len(d.cards),
                        discard=[_ref(b, c) for c in d.discard]) for k, d in state.decks.items()],
        queue=[QueueEntry(seat=f.seat, source=fr.source_name(b, f) if f.kind == "ability" else "triggers",
                          stage=f.stage) for f in state.queue],
        resolving=[_ref(b, c) for c in state.resolving], ended_by=state.ended_by,
        can_undo=seat is not None and ctl.can_undo(seat),
        in_reach=sorted(hex_text(h) for h in b.reach_of(seat)) if seat is not None else [],
        discovering=_discovering(b),
        adventure=adventure_view.build(b, seat, legal))
