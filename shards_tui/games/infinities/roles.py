"""Roles: the Skirmish objectives. Each revealed Role counts each leader's progress towards it
(their number tokens below the card); a leader who completes it scores 1 Point (a token above
it). Several leaders may each complete the same Role once (ruling 'one Role, many leaders').

A measured Role (units, gambit level, ...) is read at the end of each of the leader's turns. Its
progress counts only what the leader has gained since their deploy ended (``Player.began_at``),
so nobody holds tokens for where everyone starts (gambit 1, one tile from the Rift, the units
of a deploy); it is completed when the measure reaches the Role's number."""

from __future__ import annotations

from shards_tui.games.infinities.board import Board


def _score(b: Board, seat: int, role_id: str) -> None:
    p = b.state.players[seat]
    p.scored.append(role_id)
    p.progress.pop(role_id, None)
    p.points += 1
    role = b.c.roles[role_id]
    b.event(f"{b.who(seat)} completes the Role {role.name} and scores 1 Point ({p.points} in all).",
            "roles", seat)


def progress(b: Board, happening: str, seat: int, amount: int, tile: str | None) -> None:
    """A happening about ``seat``: each Role counting it moves on."""
    state = b.state
    if seat is None or not 0 <= seat < len(state.players) or state.round == 0:
        return
    p = state.players[seat]
    if p.status == "conceded":
        return
    for role_id in state.roles:
        if role_id in p.scored:
            continue
        goal = b.c.roles[role_id].goal
        if goal.happening != happening:
            continue
        if goal.tile_type is not None or goal.influence_at_least is not None:
            t = b.c.tiles.get(tile) if tile else b.tile_under(seat)
            if t is None or (goal.tile_type and t.type != goal.tile_type) or \
                    (goal.influence_at_least and t.influence < goal.influence_at_least):
                continue
        p.progress[role_id] = p.progress.get(role_id, 0) + (amount if goal.amount else 1)
        if p.progress[role_id] >= goal.need:
            _score(b, seat, role_id)


# Where each measure stands before a leader has done anything (a position set up without a
# deploy, as a scenario's, counts from here).
FLOOR = {"units": 0, "gambit": 1, "top_level": 1, "rift_distance": 1, "timeline": 0, "hand": 0}


def measure(b: Board, seat: int, what: str) -> int:
    p = b.state.players[seat]
    if what == "units":
        return len(p.group)
    if what == "gambit":
        return p.gambit
    if what == "top_level":
        return max(b.levels(seat).values())
    if what == "rift_distance":
        return b.rift_distance(seat)
    if what == "timeline":
        return len(p.timeline)
    if what == "hand":
        return len(p.hand)
    raise ValueError(what)


def deployed(b: Board, seat: int) -> None:
    """A leader's first deploy is over: note where the measured Roles' measures stand."""
    p = b.state.players[seat]
    for role_id in b.state.roles:
        what = b.c.roles[role_id].goal.measure
        if what is not None:
            p.began_at[what] = measure(b, seat, what)


def end_of_turn(b: Board, seat: int) -> None:
    """Measured Roles read their measure at the end of each of the leader's turns: progress is
    the most gained above the leader's start, and reaching the number completes the Role."""
    p = b.state.players[seat]
    if not b.in_game(seat):
        return
    for role_id in b.state.roles:
        goal = b.c.roles[role_id].goal
        if goal.measure is None or role_id in p.scored:
            continue
        value = measure(b, seat, goal.measure)
        if value >= goal.need:
            _score(b, seat, role_id)
            continue
        gained = value - p.began_at.get(goal.measure, FLOOR[goal.measure])
        if gained > p.progress.get(role_id, 0):
            p.progress[role_id] = gained


def partial(b: Board, seat: int) -> int:
    """Tokens of progress on Roles not yet completed (the first tiebreaker)."""
    return sum(v for r, v in b.state.players[seat].progress.items() if r not in b.state.players[seat].scored)
