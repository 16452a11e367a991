"""Trying a setup before a game starts: one seat's private pick (a deck) checked the moment
it is made, by building the game with it while every other person's pick is left to chance,
so a pick the game refuses (an illegal deck at a ranked table) is said at once, in the game's
own sentence, and the player picks again; nothing else waits for them."""

from __future__ import annotations

import copy
from typing import Any

from pydantic import ValidationError

from shards_tui.core.errors import GameError

REFUSALS = (ValidationError, ValueError, KeyError, TypeError, GameError)


def error_sentence(exc: Exception) -> str:
    """One readable sentence from a build error."""
    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        where = " ".join(str(p) for p in err["loc"])
        return f"The setup was refused ({where}: {err['msg']})."
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text if text.endswith((".", "!", "?")) else text + "."


def pick_refusal(controller: Any, setup: dict[str, Any], seat: int,
                 entry: dict[str, Any]) -> str | None:
    """The game's sentence if it refuses ``entry`` as the pick of ``seat`` in ``setup`` (the
    setup as it is before the picks: the others' left to chance), or None. A setup the game
    refuses whatever this seat picks is not this pick's fault: None."""
    def refusal(pick: dict[str, Any]) -> str | None:
        trial = copy.deepcopy(setup)
        trial["players"][seat].update(pick)
        try:
            controller.build(trial)
        except REFUSALS as exc:
            return error_sentence(exc)
        return None

    problem = refusal(entry)
    if problem is None or refusal({}) is not None:
        return None
    return problem
