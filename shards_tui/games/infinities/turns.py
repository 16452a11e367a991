"""The flow of a game: setup's steps, rounds, turn order, each turn from start to end, defeat's
lost turn and respawn, and the end of the game with its tiebreakers.

``advance`` is called after every move: it resolves the queue, then moves through the phases
that need no move (a turn's start and end, lost turns, a new round) until someone must act.
"""

from __future__ import annotations

from shards_tui.core.hex import hex_text
from shards_tui.games.infinities import adventure, damage, interpreter, moving, roles, triggers
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.models import Turn

MAX_HOPS = 10_000


def advance(b: Board) -> None:
    state = b.state
    for _ in range(MAX_HOPS):
        if state.chapter is not None and adventure.check_end(b):
            return
        if state.over or state.pending is not None:
            return
        if state.queue:
            interpreter.run(b)
            continue
        phase = state.flow.phase
        seat = state.flow.active
        if phase == "first_tile":
            if state.players[seat].at != _rift_key(b):
                _next_first_tile(b)
                continue
            return
        if phase == "start":
            state.flow.phase = "check"
            return
        if phase == "ending":
            _finish_turn(b)
            continue
        if phase in ("act", "adjust", "check") and not b.in_game(seat):
            b.event(f"{b.who(seat)}'s turn ends: their leader is no longer on the board.", "defeat", seat)
            _finish_turn(b)
            continue
        return
    raise RuntimeError("the turn flow did not settle")


def _rift_key(b: Board) -> str | None:
    rift = b.rift_hex()
    return hex_text(rift) if rift is not None else None


# ---- setup --------------------------------------------------------------------------------

def _next_first_tile(b: Board) -> None:
    state = b.state
    rift = _rift_key(b)
    waiting = [s for s in b.seats() if state.players[s].at == rift]
    if waiting:
        state.flow.active = waiting[0]
        return
    state.order = compute_order(b)
    names = ", ".join(b.who(s) for s in state.order)
    b.event(f"Turn order, by the Influence of each leader's tile (ties by the tile's name): {names}.",
            "turn-order")
    state.flow.phase = "choose_leader"
    state.flow.active = state.order[0]


def leader_chosen(b: Board) -> None:
    state = b.state
    left = [s for s in state.order if state.players[s].leader is None]
    if left:
        state.flow.active = left[0]
        return
    state.flow.phase = "deploy"
    start_deploy(b, state.order[0])


def start_deploy(b: Board, seat: int) -> None:
    state = b.state
    state.flow.active = seat
    state.turn = Turn(deploy_tide=b.limits.deploy_tide)
    b.draw(seat, b.limits.deploy_draw, "deploy")


def deploy_done(b: Board) -> None:
    state = b.state
    seat = state.flow.active
    if state.flow.phase == "respawn":
        triggers.emit(b, "respawned", seat)
        _finish_turn(b)
        return
    roles.deployed(b, seat)
    i = state.order.index(seat)
    if i + 1 < len(state.order):
        start_deploy(b, state.order[i + 1])
        return
    state.round = 1
    b.event("Every leader has deployed. Round 1 begins.", "rounds")
    _begin_turn(b, state.order[0])


# ---- turn order and rounds ----------------------------------------------------------------

def compute_order(b: Board) -> list[int]:
    """Highest Influence first, ties by the tile's name; leaders off the board after them in
    the order they had (ruling 'off the board in turn order'); conceded leaders have no turn."""
    state = b.state
    on = [s for s in b.seats() if state.players[s].at is not None and state.players[s].status != "conceded"]
    on.sort(key=lambda s: (-b.influence(s), b.tile_under(s).name if b.tile_under(s) else ""))
    before = state.order or list(b.seats())
    off = [s for s in before if s not in on and state.players[s].status != "conceded"]
    return on + off


def _begin_turn(b: Board, seat: int) -> None:
    state = b.state
    p = state.players[seat]
    state.flow.active = seat
    state.turn = Turn()
    if p.status == "conceded":
        _finish_turn(b, played=False)
        return
    if p.status == "defeated":
        p.status = "respawn"
        b.event(f"{b.who(seat)} loses this turn (defeated).", "defeat", seat)
        _finish_turn(b, played=False)
        return
    state.flow.turn += 1
    if p.status == "respawn":
        where = damage.respawn_hex(b)
        if where is None:
            b.event(f"{b.who(seat)} finds no free tile to respawn on and waits.", "ruling-respawn", seat)
            _finish_turn(b, played=False)
            return
        p.status = "active"
        damage.place_pawn(b, seat, where)
        b.event(f"{b.who(seat)} respawns in {b.face_up(where).name} and deploys.",  # type: ignore[union-attr]
                "ruling-respawn", seat)
        state.flow.phase = "respawn"
        state.turn = Turn(deploy_tide=b.limits.deploy_tide)
        b.draw(seat, b.limits.deploy_draw, "respawn")
        return
    state.flow.phase = "start"
    b.event(f"Round {state.round}: {b.who(seat)}'s turn.", "turn-actions", seat)
    h = b.where(seat)
    if h is not None:
        moving.tile_event(b, seat, h, "start")
    triggers.emit(b, "turn_start", seat)


def end_turn(b: Board) -> None:
    """The active leader declares the end of their turn: End events, then triggers."""
    state = b.state
    seat = state.flow.active
    state.flow.phase = "ending"
    h = b.where(seat)
    if h is not None:
        moving.tile_event(b, seat, h, "end")
    triggers.emit(b, "turn_end", seat)


def _finish_turn(b: Board, played: bool = True) -> None:
    state = b.state
    seat = state.flow.active
    if played:
        roles.end_of_turn(b, seat)
    state.turn = Turn()
    for s in b.seats():
        damage.check_timeline(b, s)
    if check_last_standing(b):
        return
    order = state.order
    i = order.index(seat) if seat in order else len(order) - 1
    if i + 1 < len(order):
        _begin_turn(b, order[i + 1])
        return
    if _round_ends_game(b):
        return
    state.round += 1
    state.order = compute_order(b)
    if not state.order:
        return
    names = ", ".join(b.who(s) for s in state.order)
    b.event(f"Round {state.round} begins. Turn order: {names}.", "turn-order")
    _begin_turn(b, state.order[0])


# ---- the end ------------------------------------------------------------------------------

def _mode(b: Board):
    return b.c.rules.quickplay if b.state.mode == "quickplay" else b.c.rules.skirmish


def groups(b: Board) -> list[list[int]]:
    """The sides: each team, or each leader in free-for-all."""
    teams: dict[int, list[int]] = {}
    for s in b.seats():
        teams.setdefault(b.state.players[s].team, []).append(s)
    return list(teams.values())


def _standing(b: Board, group: list[int]) -> bool:
    return any(b.state.players[s].status != "conceded" for s in group)


def threshold(b: Board, size: int) -> int:
    mode = _mode(b)
    return {1: mode.points_alone, 2: mode.points_team_of_2}.get(size, mode.points_team_of_3)


def _round_ends_game(b: Board) -> bool:
    state = b.state
    if state.chapter is not None:
        return adventure.round_end(b)
    reached = [g for g in groups(b) if _standing(b, g)
               and sum(state.players[s].points for s in g) >= threshold(b, len(g))]
    if reached:
        finish(b, f"a side reached {threshold(b, len(reached[0]))} Points by the end of round {state.round}")
        return True
    if state.round >= _mode(b).last_round:
        finish(b, f"round {state.round} was the last")
        return True
    return False


def check_last_standing(b: Board) -> bool:
    """If every side but one has conceded, the one left wins at once."""
    sides = groups(b)
    standing = [g for g in sides if _standing(b, g)]
    if len(sides) == 1 and standing:
        return False  # one side in the game (a cooperative chapter): it has no opponent to outlast
    if len(standing) <= 1 and not b.state.over:
        b.state.winners = sorted(standing[0]) if standing else []
        b.state.ended_by = "every opponent has left the game"
        names = " and ".join(b.who(s) for s in b.state.winners) or "nobody"
        b.event(f"Every opponent has left the game: {names} win{'s' if len(b.state.winners) == 1 else ''}.",
                "defeat")
        return True
    return False


TIEBREAKERS = ("partial Role progress", "the cost of cards in play", "gambit level",
               "the Influence of the tile stood on")


def tiebreak(b: Board, group: list[int]) -> tuple[int, int, int, int, int]:
    """Points, then the tiebreakers in order: partial Role tokens; base cost of cards in play
    plus 1 per prepared card; gambit level; tile Influence (summed over a team)."""
    state = b.state
    points = partial = in_play = gambit = influence = 0
    for s in group:
        p = state.players[s]
        points += p.points
        if p.status == "conceded":
            continue
        partial += roles.partial(b, s)
        in_play += sum(b.card(u.card).cost + sum(b.card(a).cost for a in u.attached) for u in p.group)
        in_play += sum(b.card(a).cost for a in p.attached) + len(p.timeline)
        gambit += p.gambit
        influence += b.influence(s)
    return points, partial, in_play, gambit, influence


def finish(b: Board, why: str) -> None:
    state = b.state
    sides = [g for g in groups(b) if _standing(b, g)]
    scores = {tuple(g): tiebreak(b, g) for g in sides}
    best = max(scores.values())
    winners = sorted(s for g, score in scores.items() if score == best for s in g)
    state.winners = winners
    state.ended_by = why
    names = " and ".join(b.who(s) for s in winners)
    shared = " (a shared win)" if len([g for g in scores if scores[g] == best]) > 1 else ""
    runner_up = max((score for score in scores.values() if score != best), default=None)
    if not shared and runner_up is not None and runner_up[0] == best[0]:
        k = next(k for k in range(1, len(best)) if best[k] != runner_up[k])
        shared = f" (tied on Points, ahead on {TIEBREAKERS[k - 1]}: {best[k]} to {runner_up[k]})"
    b.event(f"The game ends: {why}. {names} win{'s' if len(winners) == 1 else ''} with "
            f"{best[0]} Point{'s' if best[0] != 1 else ''}{shared}.", "object-of-the-game")
