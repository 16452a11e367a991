"""The command palette (ctrl+p) lists the legal commands of the table screen it opens on.

The provider asks its screen for ``palette_entries()`` (pairs of command text and words),
lists each move once by its words (with ``move_help(text)``, the kind of move in plain words,
under it) and runs ``run_command_text(text)`` on it, so the screen stays the one that talks
to the game. The command text itself is never shown: a command may name a card by its
internal id ('exhaust axia#1'), which no player is shown.
A palette sends at most one command, and only while its screen is the one shown: input queued
for a palette that already closed (two Enters at once), or a command arriving after its table
was closed or replaced, is ignored. Its search box takes at most ``MAX_SEARCH`` characters:
every key searches again, so a longer query only costs more (over SSH, everyone's time).
"""

from __future__ import annotations

from functools import partial

from textual.command import CommandInput, CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.markup import escape

MAX_SEARCH = 60  # characters in the search box (the longest command is about 40)


class LegalCommandsPalette(CommandPalette):
    """The palette of a table's legal commands, with a bounded search box."""

    def __init__(self) -> None:
        super().__init__(providers=[LegalCommandsProvider],
                         placeholder="Search the commands you may send…")

    def on_mount(self) -> None:
        self.query_one(CommandInput).max_length = MAX_SEARCH


def each_once(entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each move once: one entry per command text, and one per description (three Crystals
    in hand are one 'Play Crystal')."""
    texts: set[str] = set()
    words_seen: set[str] = set()
    kept = []
    for text, words in entries:
        if text in texts or words in words_seen:
            continue
        texts.add(text)
        words_seen.add(words)
        kept.append((text, words))
    return kept


class LegalCommandsProvider(Provider):
    """Shows each move by its words (the table's description), with what kind of move it is
    in plain words under it (the game's own summary of the command, ``move_help``)."""

    _sent = False

    def _entries(self) -> list[tuple[str, str]]:
        entries = getattr(self.screen, "palette_entries", None)
        return each_once(entries()) if callable(entries) else []

    def _help(self, text: str) -> str:
        move_help = getattr(self.screen, "move_help", None)
        return escape(move_help(text)) if callable(move_help) else ""

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
            yield DiscoveryHit(escape(words), partial(self._run, text), text=words,
                               help=self._help(text))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, words in self._entries():
            score = max(matcher.match(words), matcher.match(text) * 0.9)
            if score > 0:
                yield Hit(score, matcher.highlight(words), partial(self._run, text), text=words,
                          help=self._help(text))
