"""Random legal moves to the end of games of every chapter, whole-state validation on, at every
player count the chapter takes in turn: no error may happen. 50 games a chapter in the default
suite; 1,000 a chapter marked slow (``python -m pytest --run-slow -k adventure_fuzz``). The
random player takes a special action whenever one is legal half the time, so the chapters'
own rules are played often."""

from __future__ import annotations

import random
import traceback

import pytest

from shards_tui.core import saves
from shards_tui.core.registry import game
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.chapters import guide

CHAPTERS = list(guide())
MAX_MOVES = 3000
SAVE_EVERY = 10


def play(chapter: str, players: int, seed: int, check_save: bool) -> str | None:
    """One random game of a chapter: None, or what went wrong (with the seed to replay it)."""
    rng = random.Random(seed)
    moves = 0
    try:
        ctl = game("infinities").controller.build({
            "kind": "new", "seed": seed, "chapter": chapter,
            "players": [{"name": f"P{k + 1}"} for k in range(players)]})
        save_at = rng.randrange(20, 200) if check_save else -1
        while not ctl.over:
            if moves >= MAX_MOVES:
                return f"seed {seed}: no end after {MAX_MOVES} moves"
            legal = ctl.legal_commands(ctl.who_must_act())
            if not legal:
                return f"seed {seed}: a seat must act but has no legal move"
            specials = [c for c in legal if isinstance(c, cm.Special)]
            ctl.apply(rng.choice(specials) if specials and rng.random() < 0.5 else rng.choice(legal))
            moves += 1
            if moves == save_at and saves.from_json(saves.to_json(ctl)).state_json() != ctl.state_json():
                return f"seed {seed}: a save loaded back to a different state"
        if ctl.state.outcome == "" and ctl.winners:  # every opponent conceded: still an outcome
            assert ctl.view(None).adventure.outcome
    except Exception as exc:  # anything at all is a finding
        where = traceback.format_exc(limit=-2).strip().splitlines()
        return f"seed {seed}, move {moves}: {type(exc).__name__}: {exc} [{' | '.join(where[-3:])}]"
    return None


def run(chapter: str, games: int, first_seed: int) -> list[str]:
    counts = guide()[chapter].players
    errors = [play(chapter, counts[g % len(counts)], first_seed + g, g % SAVE_EVERY == 0)
              for g in range(games)]
    return [e for e in errors if e]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_fifty_random_games_of_each_chapter_end_without_an_error(chapter):
    errors = run(chapter, 50, 20_000)
    assert not errors, errors[:3]


@pytest.mark.slow
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_thousand_random_games_of_each_chapter_end_without_an_error(chapter):
    errors = run(chapter, 1000, 100_000)
    assert not errors, errors[:3]
