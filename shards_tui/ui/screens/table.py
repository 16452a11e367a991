"""The table: one game of Shards of Infinity seen from the seat at the keyboard.

Only this screen talks to the controller. It reads ``controller.view(seat)``, hands plain data
down to its widgets (``TableData``), and turns keys and widget messages into command texts for
``controller.apply``. Every commit notifies the screen (a controller listener), which re-renders;
when the seat that must act changes, hot-seat play first shows the hand-off screen, with the
table already cleared of the previous seat's hand, and renders the new seat only after the
new player presses Enter.

Bots: seats in ``bots`` (by default the bot seats of the game's setup) are played by bots.
When a bot seat must act, after ``bot_pace`` seconds its move is computed in a thread worker
(from a snapshot of the position) and applied on the UI thread with the bot's reason as the
log note, unless the game moved on meanwhile. Hand-offs happen only between human seats;
while bots act the table shows the one human's seat, or the public view when there are
several humans (or none).

Networked (``networked=True``, the SSH server): the screen shows one fixed seat (or, with
``seat=None``, the public view for a spectator), never hands off, does not play the bots
(the shared table does) and does not listen to the controller itself: the table calls
``game_changed()`` on this app's own loop after every commit.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Mapping, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.worker import Worker

from shards_tui.core.controller import Controller
from shards_tui.core.errors import CommandRejected, GameError
from shards_tui.core.saves import Autosaver
from shards_tui.core.wording import move_summary
from shards_tui.games.shards.cards import card_db, card_of
from shards_tui.games.shards.content import ruleset
from shards_tui.ui.messages import AutosaveFailed
from shards_tui.ui.screens.one_frame import OneFrame
from shards_tui.ui.screens.table_bots import TableBots
from shards_tui.ui.screens.table_fit import TableFit
from shards_tui.ui.screens.table_handoff import TableHandoff
from shards_tui.ui.screens.table_selection import TableSelection
from shards_tui.ui.widgets.action_row import ActionItem, ActionRow, StatusLine
from shards_tui.session.seats import BotJob, BotSeats, bots_from_setup, check_bots
from shards_tui.ui.widgets.card_view import CardView
from shards_tui.ui.widgets.command_line import CommandLine
from shards_tui.ui.widgets.decision import AssignPanel, DecisionPanel
from shards_tui.ui.widgets.center_row import CenterRow
from shards_tui.ui.widgets.describe import CardInfo, card_info
from shards_tui.ui.widgets.hand import HandView
from shards_tui.ui.widgets.log_view import LogView
from shards_tui.ui.widgets.palette import LegalCommandsProvider
from shards_tui.ui.widgets.play_zone import PlayZone
from shards_tui.ui.widgets.player_panel import OpponentsBar, ResourceBar
from shards_tui.ui.widgets.steady_footer import SteadyFooter
from shards_tui.ui.widgets.table_data import TableData
from shards_tui.ui.widgets.table_keys import FOOTER_FIRST, FOOTER_SHORT, TABLE_BINDINGS, TableKeys
from shards_tui.ui.widgets.too_small import GuardedWhenSmall, TooSmall

UI_WORDS = {"help", "undo", "save", "rules", "keys"}
PartT = TypeVar("PartT", bound=Widget)


def _character(char_id: str) -> tuple[str, str | None]:
    try:
        c = ruleset().character(char_id)
        return c.name, c.faction
    except KeyError:
        return char_id, None


class TableScreen(GuardedWhenSmall, TableBots, TableHandoff, TableSelection, TableKeys, TableFit,
                  OneFrame, Screen[None]):
    CSS_PATH = "table.tcss"
    COMMANDS = {LegalCommandsProvider}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    BINDINGS = TABLE_BINDINGS
    AUTO_FOCUS = ""  # the table places the selection itself (_restore_focus), for each seat

    DEFAULT_BOT_PACE = 0.8
    offers_undo = True  # whether the action row may list undo (not during a lesson's steps)
    footer_first: tuple[str, ...] = FOOTER_FIRST  # the footer's keys, most needed first
    _moves_seen = 0  # networked: how many moves the game had when this seat was last updated

    def __init__(self, controller: Controller, autosave_path: Path | None = None, *,
                 hotseat: bool = True, seat: int | None = None,
                 bots: Mapping[int, str] | None = None, bot_pace: float | None = None,
                 networked: bool = False) -> None:
        """``bots``: {seat: level} of the seats bots play (default: the setup's bot seats).
        ``bot_pace``: seconds before each bot move (default: the app's ``bot_pace``, else 0.8).
        """
        super().__init__()
        self.ctl = controller
        self.networked = networked
        self.hotseat = hotseat and seat is None and not networked
        self.fixed_seat = seat
        self.seat: int | None = None  # the seat whose view is on screen (None: public only)
        seats = len(controller.seat_names())
        levels = check_bots(bots, seats) if bots is not None else bots_from_setup(controller.setup)
        seed = controller.setup.get("seed")
        self.bots = BotSeats(levels, controller.game_id, seed if isinstance(seed, int) else 0)
        nemesis = {p["seat"] for p in controller.view(None)["players"] if p.get("nemesis")}
        self.humans = [s for s in self.bots.humans(seats) if s not in nemesis]  # it never acts
        self._bot_pace = bot_pace
        self._human: int | None = None  # the human who last took the keyboard
        self._asked: bool | None = None  # a question for this seat is open: in its own turn?
        self._unselected = False  # nothing selected until the player selects a card
        self._turn_hint = ""  # said before the move that began the player's turn, once
        self._bot_key: tuple[int, int, int] | None = None  # (seat, moves, id(state)) scheduled
        self._bot_timer: Timer | None = None
        self._bot_jobs: dict[Worker, BotJob] = {}
        self.bots_paused = False
        self.cards = card_db(tuple(controller.view(None)["sets"]))
        # Written on a thread after each commit (in order); a failure is posted back here.
        self.autosaver = Autosaver(autosave_path, background=True,
                                   on_error=lambda text: self.post_message(AutosaveFailed(text))
                                   ) if autosave_path else None
        self.data: TableData | None = None
        self.view: dict[str, Any] | None = None
        self._selected: CardInfo | None = None  # the selected card (drawn by its widget)
        self._selected_at: int | None = None  # its place in its zone when it was selected
        self._reading = False  # a card selected while a question waits (the question's list
        # gets the keys back with Space)
        self._hand_seen: frozenset[str] | None = None  # this seat's hand as last shown
        self._hovered: CardInfo | None = None
        self._handoff_open = False
        self._keyboard_seq: int | None = None  # the last log entry when a player took over
        self._told_out: set[int] = {s for s, p in enumerate(controller.view(None)["players"])
                                    if p["eliminated"]}  # human seats told they are out
        self._notice_open = False
        self._over_shown = False
        self._end_armed = False
        self.last_anchor: str | None = None
        self._parts: dict[type | str, Widget] = {}
        self._built = True  # compose decides: False while the opening hand-off hides the table
        self._built_then: tuple[int | None] | None = None
        self._building = False

    # ---- layout ---------------------------------------------------------------------------

    def _part(self, kind: type[PartT] | str) -> PartT:
        """The one widget of this type (or with this id) on the table (looked up once: the
        parts stay)."""
        part = self._parts.get(kind)
        if part is None or part.parent is None:
            found = self.query_one(f"#{kind}" if isinstance(kind, str) else kind)
            part = self._parts[kind] = found
        return part  # type: ignore[return-value]

    def _parts_tree(self) -> list[Widget]:
        return [OpponentsBar(id="opponents"),
                CenterRow(id="center"),
                Horizontal(Vertical(PlayZone(id="play-zone"),
                                    Vertical(DecisionPanel(id="decision"), AssignPanel(id="assign"),
                                             HandView(id="hand"), id="middle"),
                                    StatusLine(id="status"),
                                    ResourceBar(id="resources"),
                                    ActionRow(id="actions"), id="main"),
                           Vertical(CardView(id="card-view"), LogView(id="log"), id="side"),
                           id="lower"),
                CommandLine(id="command"),
                SteadyFooter(compact=True, first=self.footer_first, short=FOOTER_SHORT)]

    def compose(self) -> ComposeResult:
        # A hot-seat game opens on the hand-off, which hides the table: its widgets are built
        # after the hand-off is on screen (startup shows its first frame sooner).
        self._built = not self._opens_on_handoff()
        yield TooSmall()
        if self._built:
            yield from self._parts_tree()

    def _opens_on_handoff(self) -> bool:
        actor = None if self.ctl.over else self.ctl.who_must_act()
        return (self.hotseat and actor is not None and actor not in self.bots
                and self._needs_handoff(actor))

    async def _build(self) -> None:
        if self._built or self._building or not self.is_attached:
            return
        self._building = True
        await self.mount_all(self._parts_tree())
        self._built = True
        self._short_screen_classes()
        self._show_seat(None)  # the public view, as behind any hand-off
        if self._built_then is not None:  # the player was ready before the table was
            seat, self._built_then = self._built_then, None
            self._after_handoff(*seat)

    def on_mount(self) -> None:
        if self not in self.app.screen_stack:
            return  # closed before it was first drawn: its widgets are already gone
        if self.autosaver is not None:
            self.autosaver.attach(self.ctl)
        if not self.networked:
            self.ctl.listeners.append(self._on_commit)
        self._sync()

    def game_changed(self) -> None:
        """Networked: another seat (or a bot) moved; re-render from the shared game."""
        if self.is_attached:
            seen, self._moves_seen = self._moves_seen, len(self.ctl.history)
            if self._moves_seen != seen and self.ctl.history[-1:] and self.ctl.history[-1].seat != self.seat:
                self.say("")  # a move by another seat: what this seat was told is old news now
            self._sync()
            self.refresh_bindings()  # the move keys show only while this seat is to act

    def on_unmount(self) -> None:
        self._stop_bot_timer()
        self._bot_key = None
        for listener in (self._on_commit, self.autosaver):
            if listener in self.ctl.listeners:
                self.ctl.listeners.remove(listener)
        if self.autosaver is not None:
            self.autosaver.flush()  # what the title reads next is this game's last position

    # ---- following the game -----------------------------------------------------------------

    def _on_commit(self, _controller: Controller) -> None:
        if threading.get_ident() == self.app._thread_id:
            self._sync()
        else:
            self.app.call_from_thread(self._sync)

    def on_autosave_failed(self, message: AutosaveFailed) -> None:
        message.stop()
        self.notify(message.text, severity="warning", timeout=8)

    def _sync(self) -> None:
        """Re-render after a change; hand the keyboard over first if another human must act;
        set the bot going if a bot seat must act."""
        self._end_armed = False
        if self.ctl.over:
            self._bot_check()
            self._show_seat(self.seat)
            if not self._over_shown:
                self._over_shown = True
                self.action_result()
            return
        if not self.networked and self._announce_out():
            return
        actor = self.ctl.who_must_act()
        bot_acts = actor is not None and actor in self.bots
        self._bot_check()
        if self.networked or self.fixed_seat is not None:
            who: int | None = self.fixed_seat
        elif bot_acts:
            if self._handoff_open:
                return
            who = self.watcher()
            if who is None:  # everyone may watch the bots play: the next human is covered too
                self._human = None
        else:
            who = actor
        if who != self.seat and self.hotseat and not bot_acts and self._needs_handoff(who):
            if not self._handoff_open:
                self._cover_for(who)
            return
        if who != self.seat:
            self._selected = self._hovered = None
            self._hand_seen = None
            self._unselected = False
            self._asked = None
        self.seat = who
        if who is not None and who not in self.bots:
            self._human = who
        self._show_seat(who)
        if not bot_acts:
            self._after_a_question()

    def _show_seat(self, seat: int | None) -> None:
        view = self.ctl.view(seat)
        data = TableData.build(view, self.cards, _character)
        self.view, self.data = view, data
        tags = {s: f"{level} bot" for s, level in self.bots.levels.items()}
        self._part(OpponentsBar).show(data.opponents, tags, self._drawn_in("enemy"))
        self._part(CenterRow).show(data.center, data.center_deck, data.empty_slot_text,
                                   self._drawn_slot())
        me = data.me
        title = "In play" if me is None else f"{escape(me.name)}'s play zone"  # names: no markup
        self._part(PlayZone).show(data.played, data.champions, title, data.turn_text,
                                  self._drawn_in("champion"))
        if data.hand_hidden:
            hidden = ("You are watching: the players' hands stay hidden." if self.networked
                      else "Hidden while the bots play." if self.bots and not self._handoff_open
                      else "Hidden until the next player is ready.")
            self._part(HandView).show([], "Hand", hidden)
        else:
            assert me is not None
            note = "" if data.hand else "Your hand is empty."
            self._part(HandView).show(data.hand, f"{escape(me.title)}: your hand", note,
                                      self._drawn_in("hand"))
        decision, assign = self._part(DecisionPanel), self._part(AssignPanel)
        decision.display = data.decision_mine
        # On #main, not the screen: a class on the screen restyles every widget (~20 ms).
        deciding = data.question_open
        self._part("main").set_class(deciding, "-deciding")
        self._part(OpponentsBar).set_class(deciding, "-deciding")
        if not deciding:
            self._reading = False
        if data.decision_mine and data.pending is not None:
            decision.show(data.pending["prompt"],
                          [(o["id"], o["label"]) for o in data.pending["options"]],
                          data.pending["min"], data.pending["max"],
                          asked=(data.pending["seat"], self._last_seq()),
                          confirm={o["id"]: o["confirm"] for o in data.pending["options"]})
        assign.display = bool(data.assign_targets)
        if data.assign_targets:
            assign.show(data.assign_power, data.assign_targets)
        self._part(ResourceBar).show(me, data.gems, data.power)
        can_undo = seat is not None and self.offers_undo and self.ctl.can_undo(seat)
        heading, items = data.actions(can_undo)
        if self.bots and not self.ctl.over:
            actor = self.ctl.who_must_act()
            if actor is not None and actor in self.bots:
                heading = f"Waiting for {self.bots.label(actor, self.ctl.seat_names())}."
        if self.networked and not self.ctl.over:
            actor = self.ctl.who_must_act()
            if actor is not None and actor != seat and actor not in self.bots:
                heading = f"Waiting for {self.ctl.seat_names()[actor]}."
                absence = getattr(self.app, "seat_absence", None)
                if callable(absence) and (where := absence(actor)):
                    heading = (f"Waiting for {self.ctl.seat_names()[actor]}, who is {where};"
                               " the seat is kept for them.")
            if seat is None:
                heading = f"Watching. {heading}".strip()
        elif self.bots and not self.ctl.over:
            items.append(ActionItem("b", "resume the bots" if self.bots_paused
                                    else "pause the bots", "toggle_bots"))
        if me is not None and me.eliminated and not self.ctl.over:
            heading = f"You are out of the game; the others play on. {heading}"
        self._part(ActionRow).show(items, heading)
        self._part(LogView).show(self._log_entries(view["log"]))
        self._part(CommandLine).set_texts(data.legal)
        self._restore_focus()

    def _log_entries(self, log: list[dict[str, Any]]) -> list[tuple[int, str]]:
        """The game's log, with a networked table's chat lines placed after the move they
        followed."""
        entries = [(e["seq"], e["text"]) for e in log]
        chat = getattr(self.app, "chat_lines", None) if self.networked else None
        if not callable(chat):
            return entries
        said = [(seq, f"(chat) {line}") for seq, line in chat()]
        return sorted(entries + said, key=lambda entry: entry[0])

    # ---- messages from widgets -----------------------------------------------------------------

    def on_decision_panel_answered(self, event: DecisionPanel.Answered) -> None:
        self.run_command_text("choose " + (" ".join(event.ids) if event.ids else "none"))

    def on_decision_panel_highlighted(self, event: DecisionPanel.Highlighted) -> None:
        instance = self.data.option_card(event.option_id) if self.data else event.option_id
        if self.seat is not None:  # an option that is no card (a bid) shows none
            self._hovered = None
            self._selected = card_info(instance, self.cards, zone="option") \
                if card_of(instance) in self.cards else None
            self._show_card()

    def on_assign_panel_assigned(self, event: AssignPanel.Assigned) -> None:
        self.run_command_text(f"assign {event.target} {event.amount}")

    def on_command_line_entered(self, event: CommandLine.Entered) -> None:
        word = event.text.lower()
        chat = getattr(self.app, "send_chat", None)
        if self.networked and callable(chat) and word.split(" ", 1)[0] == "say":
            chat(event.text[3:].strip())
        elif self.networked and word == "save":
            self.say("The server saves this game after every move.")
        elif word in UI_WORDS:
            action = {"help": self.action_help, "undo": self.action_undo, "save": self.action_save,
                      "rules": self.action_rules, "keys": self.action_keys}[word]
            action()
        elif word.split(" ", 1)[0] in UI_WORDS:
            self.say(f"'{word.split(' ', 1)[0]}' takes no words after it.", error=True)
        else:
            self.run_command_text(event.text)
        self.call_after_refresh(self._restore_focus)

    def on_command_line_closed(self, _event: CommandLine.Closed) -> None:
        self.call_after_refresh(self._restore_focus)

    def on_screen_resume(self) -> None:
        """Back from help, keys or rules: the focus Textual gives back may be the command
        line, hidden since; the question or the selection takes the keys again."""
        self.call_after_refresh(self._restore_focus)

    # ---- talking to the game ---------------------------------------------------------------------

    def say(self, message: str, error: bool = False) -> None:
        self._part(StatusLine).show(message, error)
        self._short_screen_classes()

    def _short_screen_classes(self) -> None:
        """The classes by which a short screen makes room (table.tcss): the status line is
        hidden when empty, and under a question a refusal takes the rows of the numbers and
        keys (and, if longer, of the rule), never those of the list. They are set on the
        widgets they concern, and only on a short screen: a class restyles its widget (about
        a millisecond each), and a tall screen has no use for them."""
        status = self._part(StatusLine)
        short = self.has_class("-short")
        rows = status.rows(self._part("main").content_size.width - 2) \
            if short and status.error else 0
        status.update_classes({"-error": short and status.error,
                               "-empty": short and not status.message})
        self._part(ResourceBar).set_class(rows > 0, "-refused")
        self._part(ActionRow).set_class(rows > 0, "-refused")
        self._part(DecisionPanel).set_class(rows > 3, "-refused-long")

    def on_resize(self, _event: events.Resize) -> None:
        """The screen may have become short, or tall: once its classes say which (Textual
        sets them after this handler), set the classes that make room."""
        if self._built:
            self.call_next(self._short_screen_classes)

    def reject(self, err: GameError) -> None:
        self.last_anchor = err.anchor
        hint = " (F1: rules)" if err.anchor else ""
        self.say(f"{err}{hint}", error=True)

    def run_command_text(self, text: str) -> bool:
        """Send one command line for the seat on screen; show the sentence if it is refused."""
        refusal = self._nobody_here() if self.seat is None else self._bots_turn()
        if refusal is not None:
            self.say(refusal, error=True)
            return False
        seen = self._last_seq()
        self._turn_hint = ""
        try:
            self.ctl.apply(text, self.seat)
        except (CommandRejected, GameError) as err:
            self.reject(err)
            return False
        if not self.bot_thinking:  # else the status says which bot is thinking
            self.say(self._turn_hint + move_summary(self._log_since(seen), text))  # first:
            # a short terminal shows only the status line's first two rows
        self._turn_hint = ""
        return True

    def palette_entries(self) -> list[tuple[str, str]]:
        if self.data is None or self.view is None or self.seat is None:
            return []
        return self.data.palette_entries(self.view, self.cards)
