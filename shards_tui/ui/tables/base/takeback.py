"""Take-backs at a networked table (``session/takeback.py`` has the rule): ``u`` asks the other
seats, each of which gets a prompt naming the asker and showing the move as its own log shows
it, with "Allow" (y) and "Refuse" (n or Esc). Every seat's status line says how it went. The
table holds one ``TakeBacks`` (composed, not inherited); at one keyboard it is not used.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from shards_tui.core.errors import CommandRejected, GameError
from shards_tui.ui.tables.base.surface import TableSurface
from shards_tui.ui.widgets.key_hints import KeyHint


class TakeBackPrompt(ModalScreen[bool]):
    """Another player asks to take back their last move: allow it or refuse."""

    DEFAULT_CSS = """
    TakeBackPrompt { align: center middle; }
    TakeBackPrompt > Vertical { width: 64; max-width: 100%; height: auto; border: thick $warning;
                                background: $surface; padding: 0 1; }
    TakeBackPrompt .move { color: $text-muted; margin: 1 0; }
    TakeBackPrompt Horizontal { height: auto; }
    TakeBackPrompt Button { margin-right: 2; }
    """
    BINDINGS = [
        Binding("y", "answer(True)", "Allow", id="takeback.allow",
                tooltip="Let them take the move back: the game goes back to before it."),
        Binding("n", "answer(False)", "Refuse", id="takeback.refuse",
                tooltip="The move stands (they cannot ask again for it)."),
        Binding("escape", "answer(False)", "Refuse", show=False, id="takeback.escape"),
    ]

    def __init__(self, asker: str, lines: list[str]) -> None:
        super().__init__()
        self.asker = asker
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"{self.asker} asks to take back their last move:", style="bold"))
            yield Static(Text("\n".join(self.lines[-6:]) or "(a move that wrote nothing to "
                                                          "the log)"), classes="move")
            yield Static("Allow it? If you do, the game goes back to before that move.")
            with Horizontal():
                yield Button("Allow (y)", id="allow", variant="warning")
                yield Button("Refuse (n)", id="refuse", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#refuse", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "allow")

    def action_answer(self, allow: bool) -> None:
        self.dismiss(allow)


class TakeBacks:
    """A networked table's side of take-backs: asking, and the prompt when asked."""

    def __init__(self, table: TableSurface) -> None:
        self.table = table
        self.prompt: TakeBackPrompt | None = None

    def ask(self) -> None:
        """``u``: ask the others to allow taking this seat's last move back."""
        table = self.table
        if table.seat is None:
            return
        try:
            table.session.ask_takeback(table.seat)
        except (CommandRejected, GameError) as err:
            table.reject(err)

    def asks_people(self) -> bool:
        """Whether ``u`` at this table asks other people (a networked seat with people
        around it): the footer then names the key "Ask to take back", not "Undo"."""
        table = self.table
        return table.networked and table.fixed_seat is not None \
            and table.session.takeback_asks_people(table.fixed_seat)

    def hint(self, seat: int | None) -> KeyHint | None:
        """What the key hints offer for ``u`` now, if anything: "undo" at one keyboard (or
        where only bots would be asked: they allow it at once), "ask to take back" where
        other people must allow it; nothing where it would be refused (a ranked networked
        game, nothing of this seat's to take back, a request already asked or refused)."""
        table = self.table
        if seat is None or not table.offers_undo:
            return None
        if not table.networked:
            return KeyHint("u", "undo", "undo") if table.ctl.can_undo(seat) else None
        session = table.session
        if session.takeback_refusal(seat) is not None:
            return None
        return KeyHint("u", "ask to take back" if session.takeback_asks_people(seat) else "undo",
                       "undo")

    def changed(self, text: str) -> None:
        """A take-back was asked for, answered or lapsed: say so, show or close the prompt,
        and let the key hints say whether ``u`` may ask again."""
        table = self.table
        if text:
            table.say(text)
        self.check()
        if table.is_attached and table.view is not None:
            table._show_seat(table.seat)  # (drawn again from the view: the hints with it)

    def check(self) -> None:
        """Show the prompt while this seat owes an answer; close it once it does not (the
        request was settled or lapsed)."""
        table = self.table
        pending = table.session.takeback
        owes = pending is not None and pending.waits_for(table.seat)
        if owes and self.prompt is None and table.is_attached:
            assert pending is not None
            view = table.ctl.view(table.seat)
            lines = [line.text for line in view.log if line.seq >= pending.log_from and line.text]
            self.prompt = TakeBackPrompt(table.ctl.seat_name(pending.seat), lines)
            table.app.push_screen(self.prompt, self._answered)
        elif not owes and self.prompt is not None:
            prompt, self.prompt = self.prompt, None
            if prompt.is_attached:
                prompt.dismiss(None)

    def _answered(self, allow: bool | None) -> None:
        self.prompt = None
        table = self.table
        if allow is None or table.seat is None:
            return  # (closed because the request was settled without this seat)
        try:
            table.session.answer_takeback(table.seat, allow)
        except (CommandRejected, GameError) as err:
            table.reject(err)

