"""Messages shared by the app and its screens."""

from __future__ import annotations

from textual.message import Message


class AutosaveFailed(Message):
    """An autosave write failed for the first time in a row (posted from the writer thread).
    ``text`` is the sentence for the player."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
