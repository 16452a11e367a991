"""The keys every table shares and the actions they run: undo, the command line, the palette,
the keys help, save, the rules, the result, the bots' pause, the log's paging, and reading the
whole log or a card's whole text over the table (``ui/screens/reading.py``).

A game's table adds its own move keys in its ``BINDINGS`` (Textual merges a screen's
bindings with its base classes'; a key bound again replaces the shared one). The words typed
on the command line that are the shell's own (``help``, ``undo``, ``save``, ``rules``,
``keys``) are in ``UI_WORDS``; everything else typed there is sent to the game.
"""

from __future__ import annotations

import inspect
import time
from typing import TYPE_CHECKING

from textual import events
from textual.binding import Binding
from textual.command import CommandPalette
from textual.widgets import Input

from shards_tui.core.errors import CommandRejected, GameError
from shards_tui.core.paths import save_dir
from shards_tui.core.saves import save
from shards_tui.ui.preferences import app_preferences
from shards_tui.ui.tables.base.turn_start import TURN_BELL
from shards_tui.ui.screens.reading import CardTextScreen, LogScreen
from shards_tui.ui.widgets.command_line import CommandHelpScreen, CommandLine
from shards_tui.ui.widgets.log_view import LogView
from shards_tui.ui.widgets.palette import LegalCommandsPalette

if TYPE_CHECKING:
    from shards_tui.ui.tables.base.screen import TableScreen

UI_WORDS = ("help", "undo", "save", "rules", "keys", "bell")
LOG_ROWS_TO_PAGE = 3  # a log on the table with fewer rows than this is read over the table

SHARED_BINDINGS = [
    Binding("u", "undo", "Undo", id="table.undo", tooltip="Take back your last move."),
    # A priority binding runs as the key arrives, before the keys typed after it are handed to
    # the focused widget: they must reach the command line, not the table.
    Binding("colon", "command_line", "Command", key_display=":", id="table.command", priority=True,
            tooltip="Type a command ('help' lists them; Tab completes)."),
    Binding("ctrl+p", "palette", "Search moves", show=False, id="table.palette",
            tooltip="Search the commands you may send now."),
    Binding("question_mark", "keys", "Keys", key_display="?", id="table.keys",
            tooltip="Show the keys."),
    Binding("ctrl+s", "save", "Save", id="table.save", tooltip="Save the game to a file."),
    Binding("b", "toggle_bots", "Pause/resume bots", id="table.bots",
            tooltip="Pause the bots (or let them play on); only in games with bots."),
    Binding("g", "result", "Result", show=False, id="table.result",
            tooltip="When the game is over: show who won (again)."),
    # Priority: the log scrolls while a question's list has the focus too (read, then answer).
    Binding("pageup", "log_page(-1)", "Log: back a page", show=False, priority=True,
            id="table.log_back",
            tooltip="Scroll the log back a page, to read a long move (a bot's, say)."),
    Binding("pagedown", "log_page(1)", "Log: forward a page", show=False, priority=True,
            id="table.log_forward", tooltip="Scroll the log forward a page, towards the newest line."),
    Binding("f1", "rules", "Rules", id="table.rules",
            tooltip="Open the rules (at the rule behind the last refusal or question)."),
    Binding("l", "read_log", "Log", show=False, id="table.read_log",
            tooltip="Read the whole log over the table (Esc comes back to where you were)."),
    Binding("i", "read_card", "Card text", show=False, id="table.read_card",
            tooltip="Read the whole text of the card under the cursor (Esc comes back)."),
]


class SharedKeys:
    """The shared actions of a table screen (``self`` is the TableScreen)."""

    @property
    def keys_title(self: TableScreen) -> str:
        """What the keys list (?) calls this screen: the game's table, in words."""
        from shards_tui.core.registry import listing

        return f"the {listing(self.ctl.game_id).title} table"

    def footer_hidden(self: TableScreen) -> frozenset[str]:
        """The move keys the footer leaves out now: all of them while the seat on screen may
        not move (a bot's or another player's turn, a cover, a spectator), so that it names
        only keys that apply (they still answer, with the sentence that says why not)."""
        if self.seat is not None and not self.ctl.over and self.seat in self.ctl.acting_seats():
            return frozenset()
        return self.seat_moves

    def move_help(self: TableScreen, text: str) -> str:
        """What kind of move a command is, in the game's plain words (its command's summary,
        as 'help' lists it): the palette's words for a table that gives none of its own."""
        kind = self.ctl.commands.by_verb.get(text.split(" ", 1)[0])
        summary = kind.summary if kind is not None else ""
        return summary[:1].upper() + summary[1:]

    def on_command_line_entered(self: TableScreen, event: CommandLine.Entered) -> None:
        word = event.text.lower()
        chat = getattr(self.app, "send_chat", None)
        if self.networked and callable(chat) and word.split(" ", 1)[0] == "say":
            chat(event.text[3:].strip())
        elif self.networked and word == "save":
            self.say("The server saves this game after every move.")
        elif word == "help":  # keys typed on in the same burst went to the closed line
            self.action_help(typed=self._part(CommandLine).value)
        elif word in UI_WORDS:
            self.run_ui_word(word)
        elif word.split(" ", 1)[0] in UI_WORDS:
            self.say(f"'{word.split(' ', 1)[0]}' takes no words after it.", error=True)
        else:
            self.run_command_text(event.text)
        self.call_after_refresh(self._after_resume)

    def on_command_line_closed(self: TableScreen, _event: CommandLine.Closed) -> None:
        self.call_after_refresh(self._after_resume)

    def run_ui_word(self: TableScreen, word: str) -> None:
        {"help": self.action_help, "undo": self.action_undo, "save": self.action_save,
         "rules": self.action_rules, "keys": self.action_keys, "bell": self.switch_bell}[word]()

    def switch_bell(self: TableScreen) -> None:
        """Turn the bell that rings over SSH when your turn begins off, or on again."""
        preferences = app_preferences(self.app)
        ring = not preferences.get(TURN_BELL, True)
        kept = preferences.set(TURN_BELL, ring)
        where = "" if self.networked else " (it rings only at a table over SSH)"
        self.say(f"The bell on your turn is {'on' if ring else 'off'}{where}."
                 + ("" if kept else " It could not be kept for next time."))

    def action_log_page(self: TableScreen, direction: int) -> None:
        """Page the log on the table; where it has no room (80x24), open it over the table
        instead (a page back from the newest line for PageUp)."""
        log = self._part(LogView)
        if log.region.height == 0 or log.scrollable_content_region.height < LOG_ROWS_TO_PAGE:
            self.action_read_log(1 if direction < 0 else 0)
            return
        log.scroll_to(y=log.scroll_y + direction * max(1, log.scrollable_content_region.height - 1),
                      animate=False)

    def action_read_log(self: TableScreen, back_pages: int = 0) -> None:
        if self.view is None or self._reading_log is not None:
            return

        def closed(_result: object) -> None:
            self._reading_log = None

        self._reading_log = LogScreen(self._log_entries(self.view), back_pages)
        self.app.push_screen(self._reading_log, closed)

    def action_read_card(self: TableScreen) -> None:
        card = self.card_under_cursor() if self.view is not None else None
        if card is None:
            self.say("No card is under the cursor: select one, then i shows its whole text.",
                     error=True)
            return
        self.app.push_screen(CardTextScreen(card))

    def close_pop_ups(self: TableScreen) -> None:
        """Close every screen opened over this table (the log, a card's text, the palette, the
        keys): the hand-off cover goes up over the table alone, and nothing the last player
        opened shows to the next."""
        stack = self.app.screen_stack
        if self not in stack:
            return
        for _ in range(len(stack) - 1 - stack.index(self)):
            self.app.pop_screen()
        self._reading_log = None

    def action_result(self: TableScreen) -> None:
        from shards_tui.ui.screens.game_over import GameOverScreen
        from shards_tui.ui.tables.base.result import result_screen

        if self.ctl.over and not isinstance(self.app.screen, GameOverScreen):
            self.app.push_screen(result_screen(self))

    def action_undo(self: TableScreen) -> None:
        refusal = self.guide.undo_refusal() if self.guide is not None else None
        if refusal:
            self.say(refusal, error=True)
            return
        if self.seat is None:
            return
        if self.networked:  # the others have seen the move: they are asked (takeback.py)
            self.takebacks.ask()
            return
        try:
            self.session.undo(self.seat)
        except (CommandRejected, GameError) as err:
            self.reject(err)
            return
        self.say("Undone.")
        view = self.view
        if view is not None and self.seat in view.acting and not view.my_question:
            self.turn_start.again()
            self.cursor_to_hand()  # the move taken back had the cursor: it starts on the hand

    def action_command_line(self: TableScreen) -> None:
        line, focused = self.query_one(CommandLine), self.focused
        if focused is line:  # in order behind the keys the line has yet to take (CommandLine)
            line.post_message(events.Key("colon", ":"))
        elif not isinstance(focused, Input):  # (not in any other field)
            line.open()

    def action_help(self: TableScreen, typed: str = "") -> None:
        extra = [("undo", "take back your last move (also the u key)"),
                 ("save", "save the game to a file (also ctrl+s)"),
                 ("rules", "open the rules reference (also F1)"),
                 ("keys", "list the keys of this screen (also ?)"),
                 ("bell", "over SSH: turn the bell on your turn off (or on again)")]
        self.app.push_screen(CommandHelpScreen([*self.ctl.commands.help_lines(), *extra],
                                               on_typing=self._start_command, typed=typed))

    def _start_command(self: TableScreen, text: str) -> CommandLine:
        """Open the command line with ``text`` typed (typing on the command list starts a
        command: the keys that follow go to the line, never to the table)."""
        line = self._part(CommandLine)
        line.open()
        if text:
            line.insert_text_at_cursor(text)
        return line

    def action_keys(self: TableScreen) -> None:
        show_keys = getattr(self.app, "action_show_keys", None)
        if callable(show_keys):
            show_keys()
        elif self.query("HelpPanel"):
            self.app.action_hide_help_panel()
        else:
            self.app.action_show_help_panel()

    def action_palette(self: TableScreen) -> None:
        if not CommandPalette.is_open(self.app):
            self.app.push_screen(LegalCommandsPalette())

    def action_save(self: TableScreen) -> None:
        folder = getattr(self.app, "save_folder", None) or save_dir()  # the SSH server's: per player
        path = folder / f"{self.ctl.game_id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            save(self.ctl, path)
        except GameError as err:
            self.say(str(err), error=True)
            return
        served = getattr(self.app, "save_folder", None) is not None
        self.say(f"Saved as {path.name}." if served else f"Saved to {path}.")  # never the
        # server's own folders to a player over SSH

    def rules_context(self: TableScreen) -> tuple[str, str | None]:
        """(game id, rules anchor) for F1: the question being asked (the game's
        ``question_anchor``), else the last refusal."""
        return self.ctl.game_id, self.question_anchor() or self.last_anchor

    def action_rules(self: TableScreen) -> None:
        open_rules = getattr(self.app, "open_rules", None)
        if not callable(open_rules):
            self.say(f"The rules reference is not available here; run 'shards-tui rules "
                     f"{self.ctl.game_id}'.")
            return
        game_id, anchor = self.rules_context()
        try:
            params = inspect.signature(open_rules).parameters
        except (TypeError, ValueError):
            params = {}
        if "game_id" in params and "anchor" in params:
            open_rules(game_id=game_id, anchor=anchor)
        else:
            open_rules()
