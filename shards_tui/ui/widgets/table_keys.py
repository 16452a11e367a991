"""The table screen's keys: its bindings and the actions they (and action-row clicks) run.

``TableKeys`` is mixed into ``TableScreen``; it turns a key into a command text for the seat
on screen through the screen's ``run_command_text`` and never touches the game otherwise.
(Textual only merges BINDINGS of DOM classes, so the screen sets ``BINDINGS = TABLE_BINDINGS``.)
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
from shards_tui.core.wording import answer_first
from shards_tui.ui.widgets import selection
from shards_tui.ui.widgets.center_row import CenterRow
from shards_tui.ui.widgets.command_line import CommandHelpScreen, CommandLine
from shards_tui.ui.widgets.decision import AssignPanel, DecisionPanel
from shards_tui.ui.widgets.describe import CardInfo
from shards_tui.ui.widgets.hand import HandView
from shards_tui.ui.widgets.log_view import LogView
from shards_tui.ui.widgets.palette import LegalCommandsPalette

if TYPE_CHECKING:
    from shards_tui.ui.screens.table import TableScreen

TABLE_BINDINGS = [
    *[Binding(str(n), f"select_slot({n})", f"Select center card {n}", show=False,
              id=f"table.slot{n}") for n in range(1, 7)],
    Binding("r", "recruit", "Recruit", id="table.recruit",
            tooltip="Recruit the selected center-row card, or the only one you can (pay its gems)."),
    Binding("f", "fastplay", "Fast-play", id="table.fastplay",
            tooltip="Fast-play the selected center-row mercenary, or the only one you can."),
    Binding("p", "play_selected", "Play", id="table.play",
            tooltip="Play the selected card from your hand (Enter on a card does too)."),
    Binding("a", "play_all", "Play all", id="table.play_all",
            tooltip="Play your hand from the top, stopping at a card that asks a question."),
    Binding("x", "exhaust", "Exhaust a champion", show=False, id="table.exhaust",
            tooltip="Exhaust the selected champion of yours (or your only ready one)."),
    Binding("m", "focus_mastery", "Focus: 1 gem for 1 mastery", show=False, id="table.focus",
            tooltip="Focus: pay 1 gem for 1 mastery, once per turn."),
    Binding("t", "attack", "Attack an enemy champion", show=False, id="table.attack",
            tooltip="Destroy the selected enemy champion with power."),
    Binding("e", "end_turn", "End turn", id="table.end",
            tooltip="End the play phase; leftover power attacks. If cards in hand, the focus, "
                    "a ready champion or your relic would go unused, the first press says so."),
    Binding("u", "undo", "Undo", id="table.undo", tooltip="Take back your last move."),
    Binding("h", "focus_hand", "Select your hand", show=False, id="table.hand",
            tooltip="Move the selection to your hand."),
    Binding("left,up", "step(-1)", "Previous card", show=False, id="table.previous",
            tooltip="Select the card before (with nothing selected: your first card)."),
    Binding("right,down", "step(1)", "Next card", show=False, id="table.next",
            tooltip="Select the card after (with nothing selected: your first card)."),
    Binding("enter", "activate", "Use the selected card", show=False, id="table.activate",
            tooltip="Play, recruit, exhaust or attack the selected card, as its keys say."),
    Binding("space,escape", "back_to_question", "Back to the question", show=False,
            id="table.back_to_question",
            tooltip="While a question waits and a card is selected to read: back to its list."),
    Binding("n", "choose_none", "Choose none", show=False, id="table.choose_none",
            tooltip="Answer the question with 'none' where that is allowed."),
    # A priority binding runs as the key arrives, before the keys typed after it are handed to
    # the selected card: they must reach the command line, not the table.
    Binding("colon", "command_line", "Command", key_display=":", id="table.command", priority=True,
            tooltip="Type a command ('help' lists them; Tab completes)."),
    Binding("ctrl+p", "palette", "Search moves (take a relic here)", show=False,
            id="table.palette", tooltip="Search the commands you may send now."),
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
            tooltip="Scroll the log back a page, to read a long move (a bot's or the Nemesis's)."),
    Binding("pagedown", "log_page(1)", "Log: forward a page", show=False, priority=True,
            id="table.log_forward", tooltip="Scroll the log forward a page, towards the newest line."),
    Binding("f1", "rules", "Rules", id="table.rules",
            tooltip="Open the rules (at the rule behind the last refusal or question)."),
]


# The footer's keys, the ones a player needs most first: the moves, then the command line,
# the keys, the rules, the bots and quit; save (every move is autosaved) last. Narrow, they
# are described in a word or two, so that all of them fit in 80 columns.
FOOTER_FIRST = ("play_selected", "play_all", "recruit", "fastplay", "end_turn", "undo",
                "command_line", "keys", "rules", "toggle_bots", "quit", "save")
FOOTER_SHORT = {"play_selected": "Play", "play_all": "All", "fastplay": "Fast", "end_turn": "End",
                "command_line": "Cmd", "toggle_bots": "Bots"}


class TableKeys:
    """Actions of the table screen (``self`` is the TableScreen)."""

    def action_log_page(self: TableScreen, direction: int) -> None:
        log = self._part(LogView)
        log.scroll_to(y=log.scroll_y + direction * max(1, log.scrollable_content_region.height - 1),
                      animate=False)

    def _focused_info(self: TableScreen, zone: str) -> CardInfo | None:
        info = self._selected
        return info if info is not None and info.zone == zone else None

    def _one_or_selected(self: TableScreen, zone: str, key: str, verb: str,
                         none_left: str) -> CardInfo | None:
        """The champion a champion key (x, t) acts on: the selected one if it can, else the
        only one that can. With several, the first is selected and the player is told how to
        go on; with none, ``none_left`` is said (or the game says why the selected one cannot)."""
        info = self._focused_info(zone)
        if info is not None and key in info.keys:
            return info
        if self.data is None:
            return None
        usable = [c for c in selection.zone_cards(self.data, zone) if key in c.keys]
        if len(usable) == 1:
            return usable[0]
        if usable:
            self._select(usable[0])
            self.say(f"{usable[0].name} selected: press {key} to {verb} it, or pick another "
                     f"of the {len(usable)} with the arrows.")
            return None
        if info is not None:
            return info  # the game says why this one cannot
        self.say(none_left, error=True)
        return None

    # ---- actions (keys and action-row clicks) ---------------------------------------------------

    def _question_open(self: TableScreen) -> bool:
        return self.data is not None and self.data.question_open

    def _question_first(self: TableScreen) -> bool:
        """While this seat's question (or the sharing out of its attack) is open, a key that
        acts on a card says what to do instead, and the question gets the keys back (p in the
        attack phase said 'Your hand is empty', r 'Select a center-row card first'). True
        when the key was answered so."""
        data = self.data
        if data is not None and data.decision_mine and data.pending is not None:
            self.say(answer_first(data.pending["prompt"]), error=True)
        elif data is not None and data.assign_targets:
            self.say("Send your power first: the arrows set the amount, Enter sends it to the "
                     "highlighted opponent.", error=True)
        else:
            return False
        self._restore_focus()
        return True

    def _reading_during_a_question(self: TableScreen) -> None:
        """A card may be selected to read it while a question waits; the player is told how
        the question gets the keys back (Space and the arrows work only in its list)."""
        if self._question_open():
            self.say("Reading a card while the question waits: Space goes back to its list.")

    def action_back_to_question(self: TableScreen) -> None:
        if not self._question_open():
            return
        focused, panels = self.focused, (self._part(DecisionPanel), self._part(AssignPanel))
        if focused is None or not any(p in focused.ancestors_with_self for p in panels):
            self.say("")  # (the note on reading a card is done with)
        self._reading = False
        self._restore_focus()

    def action_select_slot(self: TableScreen, slot: int) -> None:
        self._select(self._part(CenterRow).card(slot))
        self._reading_during_a_question()

    def action_focus_hand(self: TableScreen) -> None:
        hand = self._part(HandView).cards
        if hand:
            self._select(hand[0])
            self._reading_during_a_question()

    def action_step(self: TableScreen, delta: int) -> None:
        """An arrow: the card before or after the selected one in its zone (every opponent's
        champions, one panel after another), or the first card when none is selected."""
        if self.focused is not None or self.data is None or self.seat is None:
            return  # a question's list or the command line has the keys
        target = selection.step(self.data, selection.current(self.data, self._drawn_selection()),
                                delta)
        if target is not None:
            self._select(target)

    def action_activate(self: TableScreen) -> None:
        info = self._drawn_selection()
        if self.focused is None and self.seat is not None and info is not None:
            self.activate(info)

    def _center_action(self: TableScreen, verb: str, key: str, word: str) -> None:
        """r or f: on the selected center-row card (the game says why if it cannot); with
        none selected there, on the only card the key can take, as x and t do."""
        if self._question_first():
            return
        info = self._focused_info("center") or self._one_or_selected(
            "center", key, word, f"No center-row card can be {word}ed now." if key == "r"
            else "No mercenary in the center row can be fast-played now.")
        if info is not None:
            self.run_command_text(f"{verb} {info.label}")

    def action_recruit(self: TableScreen) -> None:
        self._center_action("recruit", "r", "recruit")

    def action_fastplay(self: TableScreen) -> None:
        self._center_action("fastplay", "f", "fast-play")

    def action_play_selected(self: TableScreen) -> None:
        if self._question_first():
            return
        info = self._focused_info("hand")
        if info is None:  # the selection is elsewhere: bring it to the hand, play nothing yet
            if not self._part(HandView).cards:
                self.say("Your hand is empty: there is no card to play.", error=True)
                return
            self.action_focus_hand()
            self.say("Hand selected: arrows pick a card, p plays it.")
            return
        self.run_command_text(f"play {info.id}")

    def action_result(self: TableScreen) -> None:
        from shards_tui.ui.screens.game_over import GameOverScreen

        if self.ctl.over and not isinstance(self.app.screen, GameOverScreen):
            self.app.push_screen(GameOverScreen(self.ctl.view(None), self.cards))

    def action_play_all(self: TableScreen) -> None:
        self.run_command_text("play all")

    def action_exhaust(self: TableScreen) -> None:
        if self._question_first():
            return
        info = self._one_or_selected("champion", "x", "exhaust",
                                     "None of your champions can exhaust now.")
        if info is not None:
            self.run_command_text(f"exhaust {info.id}")

    def action_attack(self: TableScreen) -> None:
        if self._question_first():
            return
        info = self._one_or_selected("enemy", "t", "attack",
                                     "No enemy champion can be attacked now.")
        if info is not None:
            self.run_command_text(f"attack {info.id}")

    def action_focus_mastery(self: TableScreen) -> None:
        self.run_command_text("focus")

    def action_end_turn(self: TableScreen) -> None:
        unused = self.data.end_turn_unused if self.data else None
        if unused and not self._end_armed:
            self._end_armed = True
            # Said as a refusal: it is never cut short, and a lesson's coach shows it at 80x24.
            self.say(f"Press e again to end your turn. Unused: {unused}.", error=True)
            return
        self.run_command_text("end")

    def action_confirm_decision(self: TableScreen) -> None:
        self.query_one(DecisionPanel).confirm()

    def action_choose_none(self: TableScreen) -> None:
        if self.data and self.data.decision_mine:
            self.query_one(DecisionPanel).choose_none()

    def action_confirm_assign(self: TableScreen) -> None:
        self.query_one(AssignPanel)._send()

    def action_undo(self: TableScreen) -> None:
        if self.seat is None:
            return
        try:
            self.ctl.undo(self.seat)
        except (CommandRejected, GameError) as err:
            self.reject(err)
            return
        self.say("Undone.")

    def action_command_line(self: TableScreen) -> None:
        line, focused = self.query_one(CommandLine), self.focused
        if focused is line:  # in order behind the keys the line has yet to take (CommandLine)
            line.post_message(events.Key("colon", ":"))
        elif not isinstance(focused, Input):  # (not in any other field)
            line.open()

    def action_help(self: TableScreen) -> None:
        extra = [("undo", "take back your last move (also the u key)"),
                 ("save", "save the game to a file (also ctrl+s)"),
                 ("rules", "open the rules reference (also F1)"),
                 ("keys", "list the keys of this screen (also ?)")]
        self.app.push_screen(CommandHelpScreen([*self.ctl.commands.help_lines(), *extra],
                                               on_typing=self._start_command))

    def _start_command(self: TableScreen, text: str) -> None:
        """Open the command line with ``text`` typed (typing on the command list starts a
        command: the keys that follow go to the line, never to the table)."""
        line = self._part(CommandLine)
        line.open()
        if text:
            line.insert_text_at_cursor(text)

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
        path = folder / f"shards-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            save(self.ctl, path)
        except GameError as err:
            self.say(str(err), error=True)
            return
        served = getattr(self.app, "save_folder", None) is not None
        self.say(f"Saved as {path.name}." if served else f"Saved to {path}.")  # never the
        # server's own folders to a player over SSH

    def rules_context(self: TableScreen) -> tuple[str, str | None]:
        """(game id, rules anchor) for F1: the question being asked, else the last refusal."""
        pending = self.data.pending if self.data else None
        if pending and self.data and self.data.decision_mine:
            anchor = {"shields": "shields", "banish": "banish"}.get(pending["kind"])
            if anchor:
                return self.ctl.game_id, anchor
        if self.data and self.data.assign_targets:
            return self.ctl.game_id, "attack-phase"
        return self.ctl.game_id, self.last_anchor

    def action_rules(self: TableScreen) -> None:
        open_rules = getattr(self.app, "open_rules", None)
        if not callable(open_rules):
            self.say("The rules reference is not available here; run 'shards-tui rules shards'.")
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
