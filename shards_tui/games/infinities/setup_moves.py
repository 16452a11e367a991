"""Setup's moves: stepping out of the Rift into a first tile, choosing a leader, and a deploy
(one redraw, then up to four Tide of units, then done). Each has a check and a run, as the
turn's actions do (``actions.py``)."""

from __future__ import annotations

from typing import Any

from shards_tui.core.errors import IllegalCommand
from shards_tui.core.hex import DIRECTION_NAMES, neighbour
from shards_tui.games.infinities import cards as cd
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities import moving, turns
from shards_tui.games.infinities.adventure import leader_problem
from shards_tui.games.infinities.board import Board, plural
from shards_tui.games.infinities.refs import hand_card, need_phase
from shards_tui.games.infinities.setup import deck_for

def check_first_tile(b: Board, cmd: cm.Move) -> None:
    d = DIRECTION_NAMES.index(cmd.direction)
    h = b.where(cmd.seat)
    assert h is not None
    if b.tile_at(neighbour(h, d)) is not None:
        raise IllegalCommand("Each leader's first tile goes in an empty space next to the Rift; "
                             "that space has a tile.", "setup")
    if not moving.discovery_choices(b, h, d):
        raise IllegalCommand("No tile is left to discover there.", "setup")


def _check_pick(b: Board, cmd: cm.PickLeader) -> None:
    need_phase(b, "choose_leader")
    if cmd.leader not in b.c.leaders:
        raise IllegalCommand(f"There is no leader '{cmd.leader[:30]}'.", "setup")
    taken = {p.leader for p in b.state.players}
    if cmd.leader in taken:
        raise IllegalCommand(f"{b.c.leaders[cmd.leader].name} has been chosen already.", "setup")
    problem = leader_problem(b, cmd.seat, cmd.leader)
    if problem:
        raise IllegalCommand(problem, "adventure")


def _run_pick(b: Board, cmd: cm.PickLeader) -> None:
    p = b.state.players[cmd.seat]
    leader = b.c.leaders[cmd.leader]
    p.leader = cmd.leader
    p.deck = deck_for(b.state, cmd.seat, leader.faction)
    faction = b.c.rules.faction(leader.faction).name
    b.event(f"{b.who(cmd.seat)} chooses {leader.name} ({faction}); their gambit starts at level 1 "
            "and their tracks at level 1.", "setup", cmd.seat)
    turns.leader_chosen(b)


# ---- deploy --------------------------------------------------------------------------------------

def _deploying(b: Board) -> bool:
    return b.state.turn.deploy_tide < b.limits.deploy_tide or b.state.turn.redrawn


def _check_redraw(b: Board, cmd: cm.Redraw) -> None:
    need_phase(b, "deploy", "respawn")
    if _deploying(b):
        raise IllegalCommand("The one redraw comes before any unit is deployed, once.", "deploy")
    hand = b.state.players[cmd.seat].hand
    if any(k > len(hand) for k in cmd.cards):
        raise IllegalCommand(f"Your hand has {plural(len(hand), 'card')}.", "deploy")


def _run_redraw(b: Board, cmd: cm.Redraw) -> None:
    p = b.state.players[cmd.seat]
    out = [p.hand[k - 1] for k in cmd.cards]
    for inst in out:
        p.hand.remove(inst)
        b.to_discard(inst)
    b.state.turn.redrawn = True
    b.event(f"{b.who(cmd.seat)} redraws {plural(len(out), 'card')}.", "deploy", cmd.seat)
    b.draw(cmd.seat, b.limits.deploy_draw - len(p.hand), "redraw")


def _check_keep(b: Board, cmd: Any) -> None:
    need_phase(b, "deploy", "respawn")
    if _deploying(b):
        raise IllegalCommand("The redraw has been decided already.", "deploy")


def _run_keep(b: Board, cmd: Any) -> None:
    b.state.turn.redrawn = True
    b.event(f"{b.who(cmd.seat)} keeps their cards.", "deploy", cmd.seat)


def check_deploy_play(b: Board, cmd: cm.Play) -> None:
    inst = hand_card(b, cmd.seat, cmd.card)
    card = b.card(inst)
    if card.kind != "unit":
        raise IllegalCommand("A deploy plays units only; abilities wait for the game.", "deploy")
    if cmd.unlock:
        raise IllegalCommand("Nothing is unlocked during a deploy (no abilities).", "deploy")
    left = b.state.turn.deploy_tide
    if card.cost > left:
        raise IllegalCommand(f"{card.name} costs {card.cost} and {plural(left, 'Tide')} of the "
                             "deploy is left.", "ruling-deploy")
    if len(b.state.players[cmd.seat].group) >= b.limits.group:
        raise IllegalCommand("Your group is full.", "units")


def run_deploy_play(b: Board, cmd: cm.Play) -> None:
    inst = hand_card(b, cmd.seat, cmd.card)
    b.state.turn.redrawn = True
    b.state.turn.deploy_tide -= b.card(inst).cost
    cd.deploy_unit(b, cmd.seat, inst)


def _check_done(b: Board, cmd: Any) -> None:
    need_phase(b, "deploy", "respawn")


def _run_done(b: Board, cmd: Any) -> None:
    b.event(f"{b.who(cmd.seat)} finishes deploying.", "deploy", cmd.seat)
    turns.deploy_done(b)


SETUP_CHECKS = {cm.PickLeader: _check_pick, cm.Redraw: _check_redraw, cm.Keep: _check_keep,
                cm.Done: _check_done}
SETUP_RUNS = {cm.PickLeader: _run_pick, cm.Redraw: _run_redraw, cm.Keep: _run_keep,
              cm.Done: _run_done}
