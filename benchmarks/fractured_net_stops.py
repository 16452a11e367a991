"""How often The Fractured Net stops a player, and how many keys that costs: a person (their
moves chosen by the greedy bot, as a scripted stand-in) against the greedy bot, whole games
from the starter decks. Prints a table; never asserts.

    PYTHONPATH=. python benchmarks/fractured_net_stops.py [--games 20] [--seed 1]

Three ways of playing the same games (the same seeds and choices):
- "every window asks" (as before issue 33): the person answers every Response window and every
  block step themselves, even with nothing to play or nothing to block with;
- "forced moves played" (today's default): windows and block steps that public facts prove
  empty are passed by the game (``Controller.forced_move``);
- "... and stops: only when I can respond": the person's Response stops also pass the windows
  in which they hold no Response they could play (``stops.WHEN_ABLE``).

Per turn (one player's turn; both players' turns counted): hand-offs, the times the keyboard
must come back to the person (after the bot moved, or the game began), and keys, counted by the
table's bindings: one key for pass, confirm, end, keep and mulligan; play: Enter plus the
cursor moves down the hand to the card; attack all: t then a; a single attacker: t then its
digit; a block: its digit (plus the cursor moves to its attacker); an answer: the cursor moves
to the option and Enter (and Enter again to confirm a choice of several).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shards_tui.bots.base import act, make_bot  # noqa: E402
from shards_tui.core.commands import Choose  # noqa: E402
from shards_tui.core.registry import game  # noqa: E402
from shards_tui.games.fractured_net.commands import Attack, Block, Play  # noqa: E402
from shards_tui.ui.tables.fractured_net import stops  # noqa: E402

GAME = "fractured_net"
PERSON, BOT = 0, 1
MODES = (("every window asks", False, stops.ALWAYS),
         ("forced moves played", True, stops.ALWAYS),
         ("... and stops: only when I can respond", True, stops.WHEN_ABLE))
DECKS = ("kernel", "rupture", "archive", "void", "autophage")


def keys_for(view: Any, command: Any) -> int:
    """The keys the table needs for this move (see the module's docstring)."""
    if isinstance(command, Play):
        hand = [h.card for h in view.players[view.you].hand or ()]
        return 1 + (hand.index(command.card) if command.card in hand else 0)
    if isinstance(command, Attack):
        return 2
    if isinstance(command, Block):
        attackers = view.combat.attackers if view.combat else []
        return 1 + (attackers.index(command.attacker) if command.attacker in attackers else 0)
    if isinstance(command, Choose):
        ids = [o.id for o in (view.pending.options or ())] if view.pending else []
        moves = sum(ids.index(o) if o in ids else 0 for o in command.options[:1])
        return moves + 1 + (1 if view.pending and view.pending.max > 1 else 0)
    return 1


def play(seed: int, forced: bool, setting: str) -> dict[str, int]:
    decks = (DECKS[seed % 5], DECKS[(seed + 2) % 5])
    players = [{"name": n, "deck": d} for n, d in zip(("Person", "Bot"), decks)]
    ctl = game(GAME).controller.build({"kind": "new", "seed": seed, "players": players})
    ctl.validate_transitions = False
    ctl.forced_moves = forced
    ctl.play_forced_moves()
    bots = [make_bot("greedy", GAME, seed=seed), make_bot("greedy", GAME, seed=seed + 1)]
    out = {"handoffs": 0, "keys": 0, "moves": 0, "passed_for": 0}
    last = None
    for _ in range(3000):
        if ctl.over:
            break
        seat = ctl.who_must_act()
        if seat == PERSON:
            view = ctl.view(PERSON)
            auto = stops.auto_pass(view, setting)
            if auto is not None:  # the person's stops pass for them: no stop, no key
                ctl.apply(auto)
                out["passed_for"] += 1
                continue
            if last != PERSON:
                out["handoffs"] += 1
            command = act(bots[PERSON], ctl, PERSON).command
            out["keys"] += keys_for(view, command)
            out["moves"] += 1
        else:
            command = act(bots[BOT], ctl, BOT).command
        last = seat
        ctl.apply(command)
    out["turns"] = ctl.state.flow.turn
    return out


def measure(games: int, seed: int) -> list[tuple[str, dict[str, float]]]:
    rows = []
    for label, forced, setting in MODES:
        total: dict[str, int] = {}
        for g in range(games):
            for k, v in play(seed + g, forced, setting).items():
                total[k] = total.get(k, 0) + v
        turns = max(1, total["turns"])
        rows.append((label, {"handoffs": total["handoffs"] / turns, "keys": total["keys"] / turns,
                             "moves": total["moves"] / turns,
                             "passed_for": total["passed_for"] / turns, "turns": turns}))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rows = measure(args.games, args.seed)
    print(f"The Fractured Net, a person against the greedy bot: {args.games} games; "
          "figures per turn (one player's turn)")
    print(f"{'how the game asks':<42}{'turns':>6}{'hand-offs':>10}{'keys':>8}{'moves':>8}"
          f"{'stops passed':>14}")
    for label, r in rows:
        print(f"{label:<42}{r['turns']:>6}{r['handoffs']:>10.2f}{r['keys']:>8.2f}"
              f"{r['moves']:>8.2f}{r['passed_for']:>14.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
