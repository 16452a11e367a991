"""Engine and save-file measurements for benchmarks/run.py (no UI, one process, one core).

Random games: every move is a uniformly random legal command (``random.Random(seed)``), so the
same seeds give the same games with validation on and off and the two timings compare equal
work. "Validation" is the controller's whole-state pydantic re-validation after every
transition (``Controller.validate_transitions``, a switch for measurement only); the game's own
invariant check runs in both modes.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path
from typing import Any

from shards_tui.core import saves
from shards_tui.core.controller import Controller
from shards_tui.core.registry import game


def new_game(players: int, seed: int, game_id: str = "shards") -> Controller:
    setup = {"kind": "new", "seed": seed, "players": [{"name": f"P{i + 1}"} for i in range(players)]}
    return game(game_id).controller.build(setup)


def play_random(ctl: Controller, seed: int, max_moves: int = 20_000) -> tuple[int, float]:
    """Play random legal moves to the end; returns (moves, seconds spent inside ``apply``)."""
    rng = random.Random(seed)
    moves, in_apply = 0, 0.0
    while not ctl.over and moves < max_moves:
        command = rng.choice(ctl.legal_commands(ctl.who_must_act()))
        t0 = time.perf_counter()
        ctl.apply(command)
        in_apply += time.perf_counter() - t0
        moves += 1
    return moves, in_apply


def engine_run(players: int, games: int, validate: bool, seed: int = 1) -> dict[str, Any]:
    """Full random games: games per second (move choice included) and transitions per second
    (time inside ``Controller.apply`` only)."""
    previous = Controller.validate_transitions
    Controller.validate_transitions = validate
    try:
        moves = 0
        in_apply = 0.0
        start = time.perf_counter()
        for g in range(games):
            ctl = new_game(players, seed + g)
            m, t = play_random(ctl, seed + g)
            moves += m
            in_apply += t
        wall = time.perf_counter() - start
    finally:
        Controller.validate_transitions = previous
    return {"players": players, "validate": validate, "games": games, "moves": moves,
            "seconds": wall, "games_per_second": games / wall,
            "transitions_per_second": moves / in_apply if in_apply else 0.0,
            "ms_per_transition": 1000 * in_apply / max(1, moves)}


def view_run(players: int, games: int, seed: int = 1, game_id: str = "shards") -> dict[str, Any]:
    """Seat views built along random games: after every move, the acting seat's view and the
    public one (what a table and its hand-off cover ask for). Milliseconds per view."""
    views, in_view = 0, 0.0
    for g in range(games):
        ctl = new_game(players, seed + g, game_id)
        rng = random.Random(seed + g)
        while not ctl.over:
            seat = ctl.who_must_act()
            t0 = time.perf_counter()
            ctl.view(seat)
            ctl.view(None)
            in_view += time.perf_counter() - t0
            views += 2
            ctl.apply(rng.choice(ctl.legal_commands(seat)))
    return {"players": players, "games": games, "views": views,
            "ms_per_view": 1000 * in_view / max(1, views)}


def save_load(seed: int = 11, players: int = 4) -> dict[str, Any]:
    """Save and load (replay and check) a long random game, one move short of its end."""
    finished = new_game(players, seed)
    play_random(finished, seed)
    ctl = new_game(players, seed)
    for entry in finished.history[:-1]:  # the same game, without its last (winning) move
        ctl.apply(entry.text, entry.seat)
    moves = len(ctl.history)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.json"
        t0 = time.perf_counter()
        saves.save(ctl, path)
        save_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        loaded = saves.load(path)
        load_s = time.perf_counter() - t0
        size = path.stat().st_size
        text = path.read_text(encoding="utf-8")
    assert loaded.state_json() == ctl.state_json(), "the loaded game differs from the saved one"
    return {"players": players, "moves": moves, "save_seconds": save_s, "load_seconds": load_s,
            "bytes": size, "text": text}
