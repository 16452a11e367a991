"""``MoveSender``: a move of the seat on screen, from a typed line or a move's kind and fields,
sent to the game; the status line says what it did, or why it was refused.

A part of the table (``TableScreen.run_command_text`` and ``send_move`` are its doors). A guide
sees each line first (a lesson checks it against its step); a seat that may not move now (the
public view behind a cover, a bot's turn) is told so and nothing is sent; a refused move gets
the game's sentence (``reject``). After a move the status line sums up what the log says of it,
led by ``turn_hint`` when the table set one while drawing the move's result.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from shards_tui.core.commands import Command
from shards_tui.core.errors import CommandRejected, GameError
from shards_tui.core.wording import move_summary
from shards_tui.ui.tables.base.surface import TableSurface


class MoveSender:
    def __init__(self, table: TableSurface) -> None:
        self.table = table
        self.turn_hint = ""  # said before the move that began the player's turn, once

    def send(self, text: str) -> bool:
        """Send one command line for the seat on screen; show the sentence if it is refused.
        A guide sees it first (a lesson checks it against its step)."""
        table = self.table
        if table.guide is not None:
            handled = table.guide.send(text)
            if handled is not None:
                return handled
        refusal = table._nobody_here() if table.seat is None else table._bots_turn()
        if refusal is not None:
            table.say(refusal, error=True)
            return False
        seen, fallback = table._last_seq(), table.move_words(text)
        self.turn_hint = ""  # the re-render after the move may set it (_after_a_question)
        try:
            table.session.send(text, table.seat)
        except (CommandRejected, GameError) as err:
            table.reject(err)
            return False
        if not table.bot_thinking:  # else the status says which bot is thinking
            table.say(self.turn_hint + move_summary(table._log_since(seen), fallback))  # first:
            # a short terminal shows only the status line's first two rows
        self.turn_hint = ""
        return True

    def send_move(self, kind: type[Command], **fields: Any) -> bool:
        """Send a move of this kind for the seat on screen, as a typed line is sent (a move that
        is not legal now is refused with the game's sentence)."""
        try:
            command = kind(seat=self.table.seat or 0, **fields)  # (the text names no seat)
        except ValidationError:
            self.table.say(f"Write it as '{kind.usage}'.", error=True)
            return False
        return self.table.run_command_text(command.text())
