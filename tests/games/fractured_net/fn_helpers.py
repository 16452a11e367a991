"""Fixtures for The Fractured Net: new games and exact positions, without the UI."""

from __future__ import annotations

from typing import Any

from shards_tui.core.registry import game

FILLER = ["relay_courier"] * 6


def fn_game(seed: int = 7, decks: tuple[str | None, str | None] = (None, None), **extra: Any):
    players = [{"name": n, **({"deck": d} if d else {})} for n, d in zip(("Ana", "Ben"), decks)]
    return game("fractured_net").controller.build({"kind": "new", "seed": seed, "players": players,
                                                   **extra})


def fn_position(ana: dict | None = None, ben: dict | None = None, **setup: Any):
    """A position in Ana's main phase (seat 0); each player gets a few filler cards in their
    deck unless the dict says otherwise."""
    seats = []
    for name, spec in (("Ana", ana or {}), ("Ben", ben or {})):
        seats.append({"name": name, "deck": list(FILLER), **spec})
    return game("fractured_net").controller.build({"kind": "scenario", "players": seats, **setup})


def past_mulligan(ctl) -> None:
    ctl.apply("keep", 0)
    ctl.apply("keep", 1)


def hidden_from(ctl, seat: int | None) -> set[str]:
    """The card instances ``seat`` may not see: every deck, the other hands (a foresee shows a
    seat the top of its own deck)."""
    hidden = set()
    for s, p in enumerate(ctl.state.players):
        hidden.update(p.deck)
        if s != seat:
            hidden.update(p.hand)
    pending = ctl.state.pending
    if pending is not None and pending.seat == seat and pending.kind == "foresee":
        hidden -= set(pending.option_ids())  # the top of its own deck, shown to itself
    return hidden
