"""A game's campaign from the command line: `shards-tui chapters GAME` lists its chapters, one a
line (id, title, kind, player counts; a starting chapter says which start it is), and
`--show ID` prints one chapter's whole page. Words here stay game-agnostic: a game has chapters
only if it registers a campaign (core.campaign).

Exit status: 0 done, 2 bad input (a game with no chapters, a chapter it does not have)."""

from __future__ import annotations

import argparse
from typing import Any


def add_parsers(sub: Any) -> None:
    chapters = sub.add_parser(
        "chapters", help="list a game's campaign chapters, one a line (no TUI)",
        description="List the chapters of a game's campaign, one a line: its id, title, kind "
                    "and player counts (a starting chapter is marked). --show ID prints one "
                    "chapter's story and rules. Play one with 'play GAME --chapter ID'.")
    chapters.add_argument("game", help="which game")
    chapters.add_argument("--show", metavar="ID", help="print this chapter's whole page")
    chapters.set_defaults(run=cmd_chapters)


def cmd_chapters(args: argparse.Namespace) -> int:
    from shards_tui.cli_setup import UsageError
    from shards_tui.core.campaign import spec_of
    from shards_tui.core.registry import game

    try:
        info = game(args.game)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None
    spec = spec_of(info.id)
    if spec is None:
        raise UsageError(f"{info.title} has no campaign, so no chapters.")
    chapters = spec.chapters()
    if args.show is not None:
        found = spec.chapter(args.show.strip().lower())
        if found is None:
            raise UsageError(f"{info.title} has no chapter '{args.show[:40]}'; "
                             f"'chapters {info.id}' lists them.")
        print(found.page)
        return 0
    width = max(len(c.id) for c in chapters)
    title_width = max(len(c.title) for c in chapters)
    for c in chapters:
        counts = "/".join(str(n) for n in c.players)
        start = f"  (start: {c.start})" if c.start else ""
        print(f"{c.id:<{width}}  {c.title:<{title_width}}  {c.kind}, {counts} players{start}")
    return 0
