"""The command palette (ctrl+p) lists the legal commands of the table screen it opens on.

The provider asks its screen for ``palette_entries()`` (pairs of command text and words) and
runs ``run_command_text(text)`` on it, so the screen stays the one that talks to the game.
Each entry shows the command as one would type it, with its words under it; a command that
names a card by its internal id ('exhaust axia#1') shows its words alone: no id is shown to a
player. Each move is listed once (``each_once``).
A palette sends at most one command, and only while its screen is the one shown: input queued
for a palette that already closed (two Enters at once), or a command arriving after its table
was closed or replaced, is ignored. Its search box takes at most ``MAX_SEARCH`` characters:
every key searches again, so a longer query only costs more (over SSH, everyone's time).
"""

from __future__ import annotations

import re
from functools import partial

from textual.command import CommandInput, CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.markup import escape

MAX_SEARCH = 60  # characters in the search box (the longest command is about 40)
INSTANCE_ID = re.compile(r"\w+#\d+")  # 'axia#1': a card's copy as the rules name it


def shown(text: str, words: str) -> tuple[str, str]:
    """(the entry's line, the help under it): the command and its words, or the words alone
    where the command names a card by its id."""
    return (words, "") if INSTANCE_ID.search(text) and words else (text, words)


class LegalCommandsPalette(CommandPalette):
    """The palette of a table's legal commands, with a bounded search box."""

    def __init__(self) -> None:
        super().__init__(providers=[LegalCommandsProvider],
                         placeholder="Search the commands you may send…")

    def on_mount(self) -> None:
        self.query_one(CommandInput).max_length = MAX_SEARCH


def each_once(entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each move once: one entry per command, and one per line shown (three Crystals in hand
    are one 'Play Crystal')."""
    texts: set[str] = set()
    lines: set[tuple[str, str]] = set()
    kept = []
    for text, words in entries:
        line = shown(text, words)
        if text in texts or line in lines:
            continue
        texts.add(text)
        lines.add(line)
        kept.append((text, words))
    return kept


class LegalCommandsProvider(Provider):
    _sent = False

    def _entries(self) -> list[tuple[str, str]]:
        entries = getattr(self.screen, "palette_entries", None)
        return each_once(entries()) if callable(entries) else []

    def _run(self, text: str) -> None:
        screen = self.screen
        if self._sent or not screen.is_attached or screen.app.screen is not screen:
            return
        run = getattr(screen, "run_command_text", None)
        if callable(run):
            self._sent = True
            run(text)

    async def discover(self) -> Hits:
        for text, words in self._entries():
            line, help_ = shown(text, words)
            yield DiscoveryHit(escape(line), partial(self._run, text), help=escape(help_))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, words in self._entries():
            line, help_ = shown(text, words)
            score = max(matcher.match(line), matcher.match(words) * 0.9)
            if score > 0:
                yield Hit(score, matcher.highlight(line), partial(self._run, text), text=line,
                          help=escape(help_))
