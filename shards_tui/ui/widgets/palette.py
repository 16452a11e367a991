"""The command palette (ctrl+p) lists the legal commands of the table screen it opens on.

The provider asks its screen for ``palette_entries()`` (pairs of command text and words) and
runs ``run_command_text(text)`` on it, so the screen stays the one that talks to the game.
"""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider


class LegalCommandsProvider(Provider):
    def _entries(self) -> list[tuple[str, str]]:
        entries = getattr(self.screen, "palette_entries", None)
        return entries() if callable(entries) else []

    def _run(self, text: str) -> None:
        run = getattr(self.screen, "run_command_text", None)
        if callable(run):
            run(text)

    async def discover(self) -> Hits:
        for text, words in self._entries():
            yield DiscoveryHit(text, partial(self._run, text), help=words)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, words in self._entries():
            score = max(matcher.match(text), matcher.match(words) * 0.9)
            if score > 0:
                yield Hit(score, matcher.highlight(text), partial(self._run, text), text=text,
                          help=words)
