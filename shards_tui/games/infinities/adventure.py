"""Adventure in play: a chapter set up on a new game or a scenario, the leaders a side may
choose, the chapter's special actions (checked and carried out like every action paid with
dice), and its Self and Faction win conditions, checked after every move and when the last
round ends. "All active players who meet the condition" win: every leader who has not conceded
and meets a Self condition, every such leader of a side that meets a Faction condition.
"""

from __future__ import annotations

from typing import Any

from shards_tui.core.commands import Command
from shards_tui.core.errors import IllegalCommand
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities import dice
from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities.adventure_text import clause, condition_text
from shards_tui.games.infinities.board import Board, plural
from shards_tui.games.infinities.chapter_schema import KIND_NAMES, Chapter, WinCondition
from shards_tui.games.infinities.chapters import find, for_players
from shards_tui.games.infinities.models import InfState, PlacedTile
from shards_tui.games.infinities.plot_rules import chapter_of, held, holds, on_map, side_of
from shards_tui.games.infinities.refs import need_phase
from shards_tui.games.infinities.targets import target_options

NO_CHAPTER = ("", "none", "skirmish")
RANDOM = "random"


# ---- setting a chapter up ----------------------------------------------------------------------

def wanted(setup: dict[str, Any]) -> str | None:
    """The chapter a setup asks for (an id or 'random'), or None for Skirmish."""
    value = setup.get("chapter")
    if value is None or str(value).strip().lower() in NO_CHAPTER:
        return None
    return str(value).strip().lower()[:40]


def _choose(state: InfState, asked: str) -> Chapter:
    n = len(state.players)
    if asked == RANDOM:
        fits = for_players(n)
        if not fits:
            raise ValueError(f"No chapter is for {n} players.")
        return fits[state.rng.below(len(fits))]
    ch = find(asked)
    if ch is None:
        raise ValueError(f"There is no chapter '{asked}'; 'shards-tui chapters infinities' "
                         "lists them.")
    if n not in ch.players:
        raise ValueError(f"The chapter {ch.title} is for {ch.players_text()}, not {n}.")
    return ch


def setup_chapter(state: InfState, setup: dict[str, Any], scenario: bool = False) -> None:
    """Make ``state`` a game of the chapter the setup names: its sides (teams), no Roles, and
    (a new game) its map pieces with their tokens and the tokens each side starts with; a
    scenario gives its own map, tokens (``tokens`` of a tile, ``plots`` of a player) and may
    set a seat's team."""
    asked = wanted(setup)
    if asked is None:
        return
    if str(setup.get("teams") or "ffa") != "ffa" or setup.get("quickplay") or \
            setup.get("mode") == "quickplay":
        raise ValueError("A chapter deals its own sides and ends by its own conditions: leave "
                         "out the teams and Quickplay options.")
    ch = _choose(state, asked)
    state.chapter = ch.id
    n = len(state.players)
    seats = list(setup.get("players") or [])
    for seat, p in enumerate(state.players):
        given = seats[seat] if scenario and seat < len(seats) else {}
        p.team = int(given["team"]) if "team" in given else ch.team_of(seat, n)
        p.plots = [str(t) for t in given.get("plots", [])] if scenario else \
            list(ch.sides[ch.side_index(seat, n)].holds)
    if scenario:
        if "roles" not in setup:
            state.roles = []
        for spec in setup.get("tiles", []):
            placed = state.tiles.get(str(spec["hex"]))
            if placed is not None:
                placed.tokens = [str(t) for t in spec.get("tokens", [])]
    else:
        state.roles = []
        for piece in ch.map:
            state.tiles[piece.hex] = PlacedTile(tile=piece.tile, rot=piece.rot, tokens=list(piece.tokens))
            for stack in state.stacks.values():
                if piece.tile in stack:
                    stack.remove(piece.tile)
    problem = state_problem(state)
    if problem:
        raise ValueError(problem)
    sides = "; ".join(f"{s.name}: " + ", ".join(p.name for k, p in enumerate(state.players)
                                                  if ch.side_index(k, n) == i)
                      for i, s in enumerate(ch.sides))
    state.add_event(f"Adventure: {ch.title}, a {KIND_NAMES[ch.kind]} chapter. {sides}.",
                    anchor="adventure")


def leader_problem(b: Board, seat: int, leader_id: str) -> str | None:
    """Why this seat may not lead this leader in the chapter (its side's faction), or None."""
    side = side_of(b, seat)
    leader = b.c.leaders.get(leader_id)
    if side is None or side.faction is None or leader is None or leader.faction == side.faction:
        return None
    faction = b.c.rules.faction(side.faction).name
    return f"In this chapter {b.who(seat)} plays {side.name}: choose a leader of the {faction}."


def state_problem(state: InfState) -> str | None:
    """Why a state's plot tokens break its chapter (one sentence), or None."""
    ch = find(state.chapter) if state.chapter else None
    if state.chapter and ch is None:
        return f"The game names a chapter '{state.chapter[:30]}' that is not in the guide."
    known = {p.token for p in ch.plots} if ch else set()
    for p in state.players:
        bad = [t for t in p.plots if t not in known]
        if bad:
            return f"{p.name} holds a plot token {bad[0][:5]} this game does not use."
    for key, placed in state.tiles.items():
        bad = [t for t in placed.tokens if t not in known]
        if bad:
            return f"The tile at {key} carries a plot token {bad[0][:5]} this game does not use."
    return None


def last_round(b: Board) -> int | None:
    ch = chapter_of(b)
    return ch.last_round if ch else None


# ---- special actions ---------------------------------------------------------------------------

def _action(b: Board, cmd: cm.Special):
    ch = chapter_of(b)
    if ch is None:
        raise IllegalCommand("Special actions belong to Adventure chapters; this game plays none.",
                             "adventure")
    key = cmd.action
    if key.isdigit() and 1 <= int(key) <= len(ch.actions):
        return ch, ch.actions[int(key) - 1]
    action = ch.action(key)
    if action is None:
        ids = ", ".join(a.id for a in ch.actions) or "none"
        raise IllegalCommand(f"{ch.title} has no special action '{key[:30]}' (its actions: {ids}).",
                             "adventure")
    return ch, action


def check_special(b: Board, cmd: cm.Special) -> None:
    need_phase(b, "act")
    ch, action = _action(b, cmd)
    side = side_of(b, cmd.seat)
    if action.sides and side is not None and side.id not in action.sides:
        names = " and ".join(ch.side(s).name for s in action.sides)
        raise IllegalCommand(f"{action.name} is for {names}; you play {side.name}.", "adventure")
    if b.state.turn.fired.count(f"plot:{action.id}") >= action.per_turn:
        raise IllegalCommand(f"{action.name} is used at most {plural(action.per_turn, 'time')} a "
                             "turn.", "adventure")
    for cond in action.requires:
        if not holds(b, cmd.seat, cond):
            raise IllegalCommand(f"{action.name} can be taken only if {clause(ch, cond)}.", "adventure")
    problem = dice.spend_problem(b, cmd.seat, action.cost)
    if problem:
        raise IllegalCommand(problem, "health-limit")
    spec = action.target
    if spec.who != "none" and not target_options(b, cmd.seat, spec, enemy_ability=False):
        raise IllegalCommand(f"{action.name} needs a target and there is none.", "adventure")


def run_special(b: Board, cmd: cm.Special) -> None:
    _, action = _action(b, cmd)
    dice.spend(b, cmd.seat, action.cost)
    b.state.turn.fired.append(f"plot:{action.id}")
    b.event(f"{b.who(cmd.seat)} takes the special action {action.name}.", "adventure", cmd.seat)
    fr.push(b, cmd.seat, f"plot:act:{action.id}", stage="target")


def special_candidates(b: Board, seat: int) -> list[Command]:
    ch = chapter_of(b)
    if ch is None:
        return []
    return [cm.Special.shared(seat, action=a.id) for a in ch.actions]


# ---- win conditions ----------------------------------------------------------------------------

def _standing(b: Board) -> list[int]:
    return [s for s in b.seats() if b.state.players[s].status != "conceded"]


def side_members(b: Board, ch: Chapter, side_id: str | None) -> list[int]:
    n = len(b.state.players)
    return [s for s in b.seats() if side_id is None or ch.sides[ch.side_index(s, n)].id == side_id]


def count(b: Board, w: WinCondition, seats: list[int]) -> int:
    """What a condition counts for these leaders together."""
    if w.kind == "map":
        return on_map(b, w.token or "")
    if w.kind == "hold":
        return sum(held(b, s, w.token or "") for s in seats)
    return b.state.round


def met_by(b: Board, ch: Chapter, w: WinCondition, at_end: bool) -> list[int]:
    """The active leaders who meet the condition now (``at_end``: the last round has ended)."""
    if w.ends_at_last_round() and not at_end:
        return []
    need = w.need_for(len(b.state.players))
    standing = _standing(b)
    members = [s for s in side_members(b, ch, w.side) if s in standing]
    if w.kind == "survive":
        return members
    if w.scope == "self":
        return [s for s in members if count(b, w, [s]) >= need]
    return members if members and count(b, w, members) >= need else []


def progress(b: Board, ch: Chapter, w: WinCondition) -> list[tuple[list[int], int, int]]:
    """(leaders, what they have, what they need): one entry per leader for a Self condition,
    one for the side for a Faction condition."""
    need = w.need_for(len(b.state.players))
    if w.kind == "survive":
        need = ch.last_round
    members = side_members(b, ch, w.side)
    if w.scope == "self":
        return [([s], count(b, w, [s]), need) for s in members]
    return [(members, count(b, w, members), need)]


def _finish(b: Board, ch: Chapter, winners: list[int], first: WinCondition | None, why: str) -> None:
    state = b.state
    state.winners = sorted(set(winners))
    state.pending = None  # the game is over: a question a trigger window asked waits for nothing
    state.outcome = first.id if first is not None else "none"
    state.ended_by = why
    names = " and ".join(b.who(s) for s in state.winners)
    tail = f"{names} win{'s' if len(state.winners) == 1 else ''}." if names else "Nobody wins."
    b.event(f"The chapter ends: {why}. {tail}", "adventure-end")


def _check(b: Board, ch: Chapter, at_end: bool) -> bool:
    winners: list[int] = []
    first: WinCondition | None = None
    for w in ch.win:
        seats = met_by(b, ch, w, at_end)
        if seats:
            winners += seats
            first = first or w
    if not winners:
        return False
    assert first is not None
    _finish(b, ch, winners, first, condition_text(ch, first, len(b.state.players), met=True))
    return True


def check_end(b: Board) -> bool:
    """After a move: a condition checked at any time is met, and the game ends."""
    ch = chapter_of(b)
    if ch is None or b.state.over or b.state.round == 0:
        return False
    return _check(b, ch, at_end=False)


def round_end(b: Board) -> bool:
    """At the end of a round: the chapter's last round ends it, won by whoever meets a
    condition then (or by nobody)."""
    ch = chapter_of(b)
    assert ch is not None
    if b.state.round < ch.last_round:
        return False
    if not _check(b, ch, at_end=True):
        _finish(b, ch, [], None, f"round {b.state.round} was the chapter's last and no win "
                "condition was met")
    return True


def outcome_of(state: InfState) -> str | None:
    """Which outcome a finished chapter game had: the condition that ended it, 'none', or (when
    every other side conceded) the first condition of a side left standing. None before the
    end, or without a chapter."""
    ch = find(state.chapter) if state.chapter else None
    if ch is None or not state.over:
        return None
    if state.outcome:
        return state.outcome
    if not state.winners:
        return "none"
    b = Board(state, quiet=True)
    for w in ch.win:
        if any(s in side_members(b, ch, w.side) for s in state.winners):
            return w.id
    return "none"

