"""The keys every table shares, and ``ShellKeys``: what the shell's own keys and words do at a
table: undo, the command line and its words, the palette, the keys help, save, the rules.

A game's table adds its own move keys in its ``BINDINGS`` (Textual merges a screen's
bindings with its base classes'; a key bound again replaces the shared one). The words typed
on the command line that are the shell's own (``help``, ``undo``, ``save``, ``rules``,
``keys``, ``bell``) are in ``UI_WORDS``; everything else typed there is sent to the game.
The table's ``action_*`` methods hand each key to its part: these, the reading overlays
(``overlays.py``), the bots' pause (``bots.py``) and the result (``result.py``).
"""

from __future__ import annotations

import inspect
import time

from textual import events
from textual.binding import Binding
from textual.command import CommandPalette
from textual.widgets import Input

from shards_tui.core.errors import CommandRejected, GameError
from shards_tui.core.paths import save_dir
from shards_tui.core.saves import save
from shards_tui.ui.preferences import TURN_BELL, app_preferences
from shards_tui.ui.tables.base.surface import TableSurface
from shards_tui.ui.widgets.command_line import CommandHelpScreen, CommandLine
from shards_tui.ui.widgets.palette import LegalCommandsPalette

UI_WORDS = ("help", "undo", "save", "rules", "keys", "bell")

SHARED_BINDINGS = [
    Binding("u", "undo", "Undo", id="table.undo", tooltip="Take back your last move."),
    Binding("u", "ask_takeback", "Ask to take back", id="table.ask_takeback",
            tooltip="Ask the other players to let you take back your last move."),
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

WORDS_HELP = [("undo", "take back your last move (also the u key)"),
              ("save", "save the game to a file (also ctrl+s)"),
              ("rules", "open the rules reference (also F1)"),
              ("keys", "list the keys of this screen (also ?)"),
              ("bell", "over SSH: turn the bell on your turn off (or on again)")]


class ShellKeys:
    """The shell's keys and words at a table (a part of it; it keeps no state of its own)."""

    def __init__(self, table: TableSurface) -> None:
        self.table = table

    # ---- the command line ----------------------------------------------------------------------

    def entered(self, text: str) -> None:
        """A line typed on the command line: a shell word, a chat line, or a move."""
        table = self.table
        word = text.lower()
        chat = getattr(table.app, "send_chat", None)
        if table.networked and callable(chat) and word.split(" ", 1)[0] == "say":
            chat(text[3:].strip())
        elif table.networked and word == "save":
            table.say("The server saves this game after every move.")
        elif word == "help":  # keys typed on in the same burst went to the closed line
            self.help(typed=table._part(CommandLine).value)
        elif word in UI_WORDS:
            {"help": self.help, "undo": table.action_undo, "save": self.save,
             "rules": self.rules, "keys": self.keys, "bell": self.switch_bell}[word]()
        elif word.split(" ", 1)[0] in UI_WORDS:
            table.say(f"'{word.split(' ', 1)[0]}' takes no words after it.", error=True)
        else:
            table.run_command_text(text)

    def open_line(self) -> None:
        table = self.table
        line, focused = table.query_one(CommandLine), table.focused
        if focused is line:  # in order behind the keys the line has yet to take (CommandLine)
            line.post_message(events.Key("colon", ":"))
        elif not isinstance(focused, Input):  # (not in any other field)
            line.open()

    def help(self, typed: str = "") -> None:
        table = self.table
        table.app.push_screen(CommandHelpScreen([*table.ctl.commands.help_lines(), *WORDS_HELP],
                                                on_typing=self._start_command, typed=typed))

    def _start_command(self, text: str) -> CommandLine:
        """Open the command line with ``text`` typed (typing on the command list starts a
        command: the keys that follow go to the line, never to the table)."""
        line = self.table._part(CommandLine)
        line.open()
        if text:
            line.insert_text_at_cursor(text)
        return line

    def switch_bell(self) -> None:
        """Turn the bell that rings over SSH when your turn begins off, or on again."""
        table = self.table
        preferences = app_preferences(table.app)
        ring = not preferences.get(TURN_BELL, True)
        kept = preferences.set(TURN_BELL, ring)
        where = "" if table.networked else " (it rings only at a table over SSH)"
        table.say(f"The bell on your turn is {'on' if ring else 'off'}{where}."
                  + ("" if kept else " It could not be kept for next time."))

    # ---- undo, save, rules, the keys, the palette --------------------------------------------

    def undo(self) -> bool:
        """Take back this seat's last move (networked: ask the others). True when undone."""
        table = self.table
        refusal = table.guide.undo_refusal() if table.guide is not None else None
        if refusal:
            table.say(refusal, error=True)
            return False
        if table.seat is None:
            return False
        if table.networked:  # the others have seen the move: they are asked (takeback.py)
            table.takebacks.ask()
            return False
        try:
            table.session.undo(table.seat)
        except (CommandRejected, GameError) as err:
            table.reject(err)
            return False
        table.say("Undone.")
        return True

    def save(self) -> None:
        table = self.table
        folder = getattr(table.app, "save_folder", None) or save_dir()  # the SSH server's: per player
        path = folder / f"{table.ctl.game_id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            save(table.ctl, path)
        except GameError as err:
            table.say(str(err), error=True)
            return
        served = getattr(table.app, "save_folder", None) is not None
        table.say(f"Saved as {path.name}." if served else f"Saved to {path}.")  # never the
        # server's own folders to a player over SSH

    def rules(self) -> None:
        table = self.table
        open_rules = getattr(table.app, "open_rules", None)
        if not callable(open_rules):
            table.say(f"The rules reference is not available here; run 'shards-tui rules "
                      f"{table.ctl.game_id}'.")
            return
        game_id, anchor = table.rules_context()
        try:
            params = inspect.signature(open_rules).parameters
        except (TypeError, ValueError):
            params = {}
        if "game_id" in params and "anchor" in params:
            open_rules(game_id=game_id, anchor=anchor)
        else:
            open_rules()

    def keys(self) -> None:
        table = self.table
        show_keys = getattr(table.app, "action_show_keys", None)
        if callable(show_keys):
            show_keys()
        elif table.query("HelpPanel"):
            table.app.action_hide_help_panel()
        else:
            table.app.action_show_help_panel()

    def palette(self) -> None:
        if not CommandPalette.is_open(self.table.app):
            self.table.app.push_screen(LegalCommandsPalette())
