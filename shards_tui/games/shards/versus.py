"""Who may be damaged, who goes first and who wins under 2v2 Team Attack and 3 Player Bloodbath.

Team seating (rules reference {#variant-team}): the seats 1-4 go clockwise around the table.
Seats 1 and 2 are one team and sit side by side; seats 3 and 4 are the other team on the far
side. So seat 1 sits across from seat 4 and seat 2 across from seat 3 (0-based: s and 3 - s),
and the teammate of seat s is s ^ 1. A team's "left player" is the one whose clockwise
neighbour is an opponent (seat 2 for the first team, seat 4 for the second), so starting there
and going clockwise the teams alternate A, B, B, A as the rulebook describes.

Bloodbath (rules reference {#variant-bloodbath}) needs no seat geometry: the attack phase
deals the whole power to every opponent that can be damaged (turns.begin_attack).
"""

from __future__ import annotations

from shards_tui.games.shards.models import Assignment, ShardsState
from shards_tui.games.shards.zones import Table

TEAM_NAMES = ("Team 1", "Team 2")


def is_team(state: ShardsState) -> bool:
    return "team" in state.variants


def teammate(seat: int) -> int:
    return seat ^ 1


def across(seat: int) -> int:
    return 3 - seat


def team_of(seat: int) -> int:
    return seat // 2


def left_player(team: int) -> int:
    """The seat that starts when ``team`` goes first (its clockwise neighbour is an opponent)."""
    return 2 * team + 1


def setup_teams(state: ShardsState, zero_mastery: bool) -> None:
    """Team Attack at the start: teams by seat pairs (and, in a new game, everyone at 0 mastery)."""
    for seat, p in enumerate(state.players):
        p.team = team_of(seat)
        if zero_mastery:
            p.mastery = 0


def team_text(state: ShardsState) -> str:
    teams = []
    for team, title in enumerate(TEAM_NAMES):
        names = " and ".join(p.name for p in state.players if p.team == team)
        teams.append(f"{title}: {names}")
    return "; ".join(teams) + "."


def damage_targets(state: ShardsState, seat: int) -> list[int]:
    """The opponents ``seat`` may damage with power (guards aside)."""
    opponents = state.opponents(seat)
    if not is_team(state):
        return opponents
    facing = across(seat)
    if facing in opponents and not state.players[teammate(seat)].eliminated:
        return [facing]
    return opponents  # the player across is out, or my teammate is: both count as across


def guard_of(table: Table, owner: int, exclude: str | None = None) -> str | None:
    """The champion of ``owner`` that keeps power off them and their other champions, if any."""
    for c in table.state.players[owner].champions:
        if c != exclude and any(s.kind == "guards_controller" for s in table.card(c).statics):
            return c
    return None


def spill_over(table: Table, seat: int, excess: int, infinite: bool) -> None:
    """Team Attack: power left over after eliminating ``seat`` (the player across) goes on to the
    remaining opponent, if they are not hit already (they then decide on shields in turn)."""
    state = table.state
    active = state.flow.active
    if not is_team(state) or not (excess > 0 or infinite):
        return
    already = {a.seat for a in state.turn.assigned}
    for other in damage_targets(state, active):
        if other in already or guard_of(table, other) is not None:
            continue
        state.turn.assigned.append(Assignment(seat=other, amount=0 if infinite else excess, infinite=infinite))
        state.turn.to_shield.append(other)
        amount = "infinite" if infinite else str(excess)
        table.event(f"{state.players[active].name}'s excess power ({amount}) goes on to "
                    f"{state.players[other].name}.", "variant-team")
        return


def winners(state: ShardsState) -> list[int] | None:
    """The winning seats once the game is decided, else None."""
    alive = state.alive()
    if is_team(state):
        teams = {state.players[s].team for s in alive}
        if len(teams) == 1:
            team = teams.pop()
            return [s for s, p in enumerate(state.players) if p.team == team]
        return None
    return alive if len(alive) == 1 else None


def win_text(state: ShardsState, won: list[int]) -> str:
    if is_team(state):
        team = state.players[won[0]].team
        names = " and ".join(state.players[s].name for s in won)
        return f"{TEAM_NAMES[team or 0]} ({names}) is the last team standing and wins!"
    return f"{state.players[won[0]].name} is the last player standing and wins!"
