"""``TableScreen``: what every game's table screen is built on (see the package docstring).

Only a table screen talks to the game. It reads ``controller.view(seat)``, lets the game's
own code draw it (``show_view``), and turns keys and widget messages into commands. Every
commit notifies the screen, which re-renders; when the seat that must act changes, hot-seat
play first shows the hand-off cover, with the table already cleared of the previous seat's
hand, and renders the new seat only after the new player is ready.

Networked (``networked=True``, the SSH server): the screen shows one fixed seat (or, with
``seat=None``, the public view for a spectator), never hands off, does not play the bots
(the shared table does) and does not listen to the controller itself: the table calls
``game_changed()`` on this app's own loop after every commit.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable, Mapping, TypeVar

from pydantic import ValidationError
from textual import events
from textual.binding import BindingsMap
from textual._context import active_app
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget

from shards_tui.core.commands import Command
from shards_tui.core.controller import Controller
from shards_tui.core.errors import CommandRejected, GameError
from shards_tui.core.saves import Autosaver
from shards_tui.core.view import SeatView
from shards_tui.core.wording import move_summary
from shards_tui.session.driver import Session, SessionEvent
from shards_tui.session.seats import check_bots
from shards_tui.ui.messages import AutosaveFailed
from shards_tui.ui.screens.one_frame import OneFrame
from shards_tui.ui.screens.reading import CardText, LogScreen
from shards_tui.ui.tables.base.bots import TableBots
from shards_tui.ui.tables.base.guide import TableGuide
from shards_tui.ui.tables.base.handoff import TableHandoff
from shards_tui.ui.tables.base.keys import SharedKeys
from shards_tui.ui.tables.base.result import rate_here
from shards_tui.ui.tables.base.takeback import TakeBacks
from shards_tui.ui.tables.base.turn_start import TurnStart
from shards_tui.ui.widgets.command_line import CommandLine
from shards_tui.ui.widgets.decision import DecisionPanel
from shards_tui.ui.widgets.key_hints import KeyHint, KeyHints, StatusLine
from shards_tui.ui.widgets.log_view import LogView
from shards_tui.ui.widgets.palette import LegalCommandsProvider
from shards_tui.ui.widgets.too_small import GuardedWhenSmall, TooSmall

PartT = TypeVar("PartT", bound=Widget)


def view_log(view: SeatView | None) -> list[tuple[int, str]]:
    """(seq, text) of every log line of a view."""
    return [(line.seq, line.text) for line in view.log] if view is not None else []


def view_legal(view: SeatView | None) -> list[str]:
    """The text of every legal move of a view."""
    return [move.text for move in view.legal] if view is not None else []


class TableScreen(GuardedWhenSmall, TableBots, TableHandoff, SharedKeys, OneFrame, Screen[None]):
    """The base of every game's table screen. A game's table subclasses it and provides
    ``table_parts``, ``show_view`` and ``summary`` (and may refine the other hooks)."""

    COMMANDS = {LegalCommandsProvider}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    AUTO_FOCUS = ""  # the table places the focus itself (_restore_focus), for each seat

    DEFAULT_BOT_PACE = 0.8
    footer_first: tuple[str, ...] = ()  # the footer's keys, most needed first
    seat_moves: frozenset[str] = frozenset({"undo"})  # actions that are a seat's moves
    _moves_seen = 0  # networked: how many moves the game had when this seat was last updated

    def __init__(self, game: Controller | Session, autosave_path: Path | None = None, *,
                 hotseat: bool = True, seat: int | None = None,
                 bots: Mapping[int, str] | None = None, bot_pace: float | None = None,
                 networked: bool = False, guide: TableGuide | None = None) -> None:
        """``game``: the session that plays the game, or a controller for which the table
        opens (and, when it closes, closes) one of its own. ``bots``: {seat: level} of the
        seats bots play (default: the setup's bot seats; a given session's own).
        ``bot_pace``: seconds before each bot move (default: the app's ``bot_pace``, else 0.8).
        ``guide``: a lesson's coach or a demo's narrator (``guide.TableGuide``).
        """
        super().__init__()
        self.guide = guide
        if guide is not None:
            keys = dict(self._bindings.key_to_bindings)  # a guide's key replaces the table's
            keys.update(BindingsMap(guide.BINDINGS).key_to_bindings)
            self._bindings = BindingsMap.from_keys(keys)
            if guide.css_class:
                self.add_class(guide.css_class)
        controller = game.controller if isinstance(game, Session) else game
        self.ctl = controller
        self.networked = networked
        self.takebacks = TakeBacks(self)  # (networked: u asks the others)
        self.hotseat = hotseat and seat is None and not networked
        self.fixed_seat = seat
        self.seat: int | None = None  # the seat whose view is on screen (None: public only)
        seats = len(controller.seat_names())
        self._own_session = not isinstance(game, Session)
        self.session = Session.open(
            controller, check_bots(bots, seats) if bots is not None else None,
            pace=bot_pace or 0.0, forced_moves=guide is None or guide.forced_moves,
        ) if not isinstance(game, Session) else game
        self.bots = self.session.bots
        if guide is not None:
            guide.attach(self)  # (the session is there to listen to)
        never = self.seats_that_never_act()
        self.humans = [s for s in self.bots.humans(seats) if s not in never]
        self._bot_pace = bot_pace
        self._human: int | None = None  # the human who last took the keyboard
        self._bot_key: tuple[int, int, int] | None = None  # (seat, moves, id(state)) announced
        # Written on a thread after each commit (in order); a failure is posted back here.
        self.autosaver = Autosaver(autosave_path, background=True,
                                   on_error=lambda text: self.post_message(AutosaveFailed(text))
                                   ) if autosave_path else None
        self.view: SeatView | None = None  # the view on screen (the game's own kind)
        self._handoff_open = False
        self._keyboard_seq: int | None = None  # the last log entry when a player took over
        self._told_out: set[int] = {s for s, (_name, out) in enumerate(self.public_players())
                                    if out}  # human seats told they are out
        self._notice_open = False
        self._over_shown = False
        self._rating_owed = not controller.over  # a game that ends at this table is rated once
        self.last_anchor: str | None = None
        self._parts: dict[type | str, Widget] = {}
        self._built = True  # compose decides: False while the opening hand-off hides the table
        self._built_then: tuple[int | None] | None = None
        self._building = False
        self.turn_start = TurnStart(self)

    # ---- what a game's table provides -------------------------------------------------------

    def table_parts(self) -> list[Widget]:
        """The table's widgets, top to bottom. They must include one ``StatusLine``,
        ``KeyHints``, ``LogView``, ``CommandLine`` and ``DecisionPanel`` (the base finds them
        by type), and usually a ``SteadyFooter``."""
        raise NotImplementedError

    def show_view(self, view: Any, seat: int | None) -> tuple[str, list[KeyHint]]:
        """Draw the game's own widgets from ``view`` (``controller.view(seat)``; seat None:
        the public view, as behind a hand-off) and return the key hints' heading and items.
        The base then draws the key hints, the log and the command line's completions."""
        raise NotImplementedError

    def summary(self) -> tuple[str, list[str]]:
        """Game over: the headline ('Ana wins!') and a line per player."""
        raise NotImplementedError

    def seats_that_never_act(self) -> set[int]:
        """Seats that are neither human nor bot (a scripted opponent)."""
        return set()

    def public_players(self) -> list[tuple[str, bool]]:
        """(name, out of the game) for every seat, from the public view."""
        return [(p.name, p.out) for p in self.ctl.view(None).players]

    def card_under_cursor(self) -> CardText | None:
        """The card under the cursor (selected, highlighted in a question's list, hovered),
        as ``i`` shows it over the table: its name and whole text, made from the game's data
        for the seat on screen (None: no card is there)."""
        return None

    def question_anchor(self) -> str | None:
        """The rules anchor F1 opens at while this seat answers a question (None: the last
        refusal's)."""
        return None

    def palette_entries(self) -> list[tuple[str, str]]:
        """(command text, words) for each move the palette offers (default: each legal move
        with what kind of move it is, in the game's words: ``move_help``)."""
        if self.view is None or self.seat is None:
            return []
        return [(text, self.move_help(text)) for text in view_legal(self.view)]

    def move_words(self, text: str) -> str:
        """What the status line says of a move that logged nothing, worded for players from
        the view it was sent in (default: the move's text)."""
        return text

    def _after_a_question(self) -> None:
        """Called after each re-render while a human may act (a game may clear a selection
        once a question is answered)."""

    def _restore_focus(self) -> None:
        """After a change: give the keys to what should have them (the question's list, the
        hand, ...)."""
        panel = self._part(DecisionPanel)
        if panel.display and self.app.screen is self and not self.too_small:
            focused = self.focused
            if isinstance(focused, CommandLine) and focused.display:
                return  # a line being typed keeps the keys through a change (a move over SSH)
            if focused is None or panel not in focused.ancestors_with_self:
                panel.focus_choices()

    def _short_screen_classes(self) -> None:
        """Set the classes by which a short screen makes room (after a message or resize)."""

    # ---- a guide (a lesson's coach, a demo's narrator) ------------------------------------

    @property
    def offers_undo(self) -> bool:
        """Whether the key hints may list undo (not during a lesson's steps, nor at a ranked
        networked table, where no move is taken back)."""
        return self.guide.offers_undo if self.guide is not None else not (
            self.networked and self.ctl.rated)

    def footer_order(self) -> tuple[str, ...]:
        """The footer's keys, most needed first: a guide's, then the table's."""
        return (*(self.guide.footer_first if self.guide else ()), *self.footer_first)

    def guide_anchor(self, placement: str) -> Widget | None:
        """The part a guide's panel is mounted before: "above" the table's lower half (a
        coach) or "beside" it (a narration). None: at the top of the table."""
        return None

    @property
    def small_words(self) -> tuple[str, str]:
        """What the too-small notice calls this screen, and what happens meanwhile."""
        if self.guide is not None:
            return self.guide.too_small_words
        return "the table", "the game waits as it is"

    def action_guide(self, name: str) -> None:
        if self.guide is not None:
            getattr(self.guide, f"action_{name}")()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.guide is not None and not self.too_small:
            decided = self.guide.check_action(action, parameters)
            if decided is not None:
                return decided
        return super().check_action(action, parameters)

    def question_is_mine(self) -> bool:
        """The seat on screen has a question to answer."""
        return self.view is not None and self.view.my_question

    # ---- layout ---------------------------------------------------------------------------

    def _part(self, kind: type[PartT] | str) -> PartT:
        """The one widget of this type (or with this id) on the table (looked up once: the
        parts stay)."""
        part = self._parts.get(kind)
        if part is None or part.parent is None:
            found = self.query_one(f"#{kind}" if isinstance(kind, str) else kind)
            part = self._parts[kind] = found
        return part  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        # A hot-seat game opens on the hand-off, which hides the table: its widgets are built
        # after the hand-off is on screen (startup shows its first frame sooner).
        self._built = not self._opens_on_handoff()
        yield TooSmall()
        if self._built:
            yield from self.table_parts()

    def _opens_on_handoff(self) -> bool:
        actor = self.actor()
        return (self.hotseat and actor is not None and actor not in self.bots
                and self._needs_handoff(actor))

    async def _build(self) -> None:
        if self._built or self._building or not self.is_attached:
            return
        self._building = True
        await self.mount_all(self.table_parts())
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
            if self._own_session:
                self.session.pace = self.bot_pace
            self.session.listen(self._heard)
        if self.guide is not None:
            self._mount_guide()
        self._sync()

    def _mount_guide(self) -> None:
        assert self.guide is not None
        parts = self.guide.widgets()
        anchor = self.guide_anchor(self.guide.placement) if self._built else None
        if anchor is not None:
            self.mount_all(parts, before=anchor)
        else:
            self.mount_all(parts, after=self.query_one(TooSmall))
        self.call_after_refresh(self.guide.mounted)

    def game_changed(self) -> None:
        """Networked: another seat (or a bot) moved; re-render from the shared game."""
        if self.is_attached:
            seen, self._moves_seen = self._moves_seen, len(self.ctl.history)
            if self._moves_seen != seen and self.ctl.history[-1:] \
                    and self.ctl.history[-1].seat != self.seat:
                self.say("")  # a move by another seat: what this seat was told is old news now
            self._sync()
            self.refresh_bindings()  # the move keys show only while this seat is to act
            self.takebacks.check()  # (a move lapses a take-back asked for)

    def on_unmount(self) -> None:
        self._bot_key = None
        self.session.unlisten(self._heard)
        if self._own_session:
            self.session.close()
        for listener in (self._on_commit, self.autosaver):
            if listener in self.ctl.listeners:
                self.ctl.listeners.remove(listener)
        if self.autosaver is not None:
            self.autosaver.flush()  # what the title reads next is this game's last position

    # ---- following the game -----------------------------------------------------------------

    def _on_commit(self, _controller: Controller) -> None:
        self._in_app(self._sync)

    def _in_app(self, callback: Callable[..., Any], *args: Any) -> None:
        """Run ``callback`` as part of this app: at once when called from it (a key, a click),
        else queued to it (a bot's move comes from the session's task or a thread)."""
        if threading.get_ident() != self.app._thread_id:
            self.app.call_from_thread(callback, *args)
        elif active_app.get(None) is not self.app:
            self.call_later(callback, *args)
        else:
            callback(*args)

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
                if self._rating_owed and self.ctl.rated and not self.networked \
                        and self.guide is None:
                    self._rating_owed = False
                    rate_here(self)
                if self.check_action("result", ()) is not False:  # (a demo says it itself)
                    self.action_result()
            return
        if not self.networked and self._announce_out():
            return
        actor = self.actor()  # a human seat that may act comes first
        bot_acts = actor is not None and actor in self.bots
        self._bot_check()
        if self.networked or self.fixed_seat is not None:
            who: int | None = self.fixed_seat
        elif bot_acts:
            if self._handoff_open:
                return
            who = actor if self.guide is not None and self.guide.follows_actor \
                else self.watcher()
            if who is None:  # everyone may watch the bots play: the next human is covered too
                self._human = None
        else:
            who = actor
        if who != self.seat and self.hotseat and not bot_acts and self._needs_handoff(who):
            if not self._handoff_open:
                self._cover_for(who)
            return
        if who != self.seat:
            self.seat_changed()
        self.seat = who
        if who is not None and who not in self.bots:
            self._human = who
        self._show_seat(who)
        if not bot_acts:
            self._after_a_question()
            self.turn_start.after_render()

    def cursor_to_hand(self) -> None:
        """Put the cursor on this seat's hand (its turn began, or an undo gave it back): the
        table's ``focus_hand`` action, which its ``h`` key runs, if it has one."""
        focus_hand = getattr(self, "action_focus_hand", None)
        if callable(focus_hand) and not self.too_small:
            focus_hand()

    def on_key(self, event: events.Key) -> None:
        """An Enter pressed again and again from before the cursor landed on the hand at the
        start of a turn was meant for what came before: it plays nothing (``TurnStart``)."""
        if self.turn_start.swallows(event):
            event.stop()
            event.prevent_default()

    def _heard(self, event: SessionEvent) -> None:
        self._in_app(self._session_event, event)

    def seat_changed(self) -> None:
        """Another seat is about to be shown: forget what belonged to the last one."""

    def _show_seat(self, seat: int | None) -> None:
        view = self.ctl.view(seat)
        self.view = view
        heading, items = self.show_view(view, seat)
        self._part(KeyHints).show(items, self._waiting_heading(seat, heading, items))
        entries = self._log_entries(view)
        self._part(LogView).show(entries)
        if self._reading_log is not None:
            self._reading_log.show(entries)
        self._part(CommandLine).set_texts(view_legal(view))
        hidden = self.footer_hidden()
        if hidden != self._footer_hid:
            self._footer_hid = hidden
            self.refresh_bindings()  # (the footer is drawn again only when its keys change)
        self._restore_focus()
        if self.guide is not None:
            self.guide.shown(view)

    def _log_entries(self, view: Any) -> list[tuple[int, str]]:
        """The game's log, with a networked table's chat lines placed after the move they
        followed."""
        entries = view_log(view)
        chat = getattr(self.app, "chat_lines", None) if self.networked else None
        if not callable(chat):
            return entries
        said = [(seq, f"(chat) {line}") for seq, line in chat()]
        return sorted(entries + said, key=lambda entry: entry[0])

    def _last_seq(self) -> int:
        return max((seq for seq, _text in view_log(self.view)), default=-1)

    def _log_since(self, seq: int) -> list[str]:
        """The log lines on screen newer than ``seq``."""
        return [text for s, text in view_log(self.view) if text and s > seq]

    # ---- messages from the shared widgets -----------------------------------------------------

    def on_decision_panel_answered(self, event: DecisionPanel.Answered) -> None:
        self.run_command_text("choose " + (" ".join(event.ids) if event.ids else "none"))

    def on_screen_resume(self) -> None:
        """Back from help, keys or rules: the focus Textual gives back may be the command
        line, hidden since; the question or the selection takes the keys again."""
        self.call_after_refresh(self._after_resume)

    def _after_resume(self) -> None:
        """The table has the keys again (a pop-up or the command line closed): the focus goes
        where it should, and to the hand if the turn began meanwhile."""
        self._restore_focus()
        self.turn_start.resumed()

    def on_resize(self, _event: events.Resize) -> None:
        """The screen may have become short, or tall: once its classes say which (Textual
        sets them after this handler), set the classes that make room."""
        if self._built:
            self.call_next(self._short_screen_classes)

    # ---- talking to the game ---------------------------------------------------------------------

    def say(self, message: str, error: bool = False) -> None:
        self._part(StatusLine).show(message, error)
        self._short_screen_classes()
        if self.guide is not None:
            self.guide.said(message, error)

    def reject(self, err: GameError) -> None:
        self.last_anchor = err.anchor
        hint = " (F1: rules)" if err.anchor else ""
        self.say(f"{err}{hint}", error=True)

    def run_command_text(self, text: str) -> bool:
        """Send one command line for the seat on screen; show the sentence if it is refused.
        A guide sees it first (a lesson checks it against its step)."""
        if self.guide is not None:
            handled = self.guide.send(text)
            if handled is not None:
                return handled
        refusal = self._nobody_here() if self.seat is None else self._bots_turn()
        if refusal is not None:
            self.say(refusal, error=True)
            return False
        seen, fallback = self._last_seq(), self.move_words(text)
        self._turn_hint = ""  # the re-render after the move may set it (_after_a_question)
        try:
            self.session.send(text, self.seat)
        except (CommandRejected, GameError) as err:
            self.reject(err)
            return False
        if not self.bot_thinking:  # else the status says which bot is thinking
            self.say(self._turn_hint + move_summary(self._log_since(seen), fallback))  # first:
            # a short terminal shows only the status line's first two rows
        self._turn_hint = ""
        return True

    def send_move(self, kind: type[Command], **fields: Any) -> bool:
        """Send a move of this kind for the seat on screen, as ``run_command_text`` does (a
        move that is not legal now is refused with the game's sentence)."""
        try:
            command = kind(seat=self.seat or 0, **fields)  # (the text names no seat)
        except ValidationError:
            self.say(f"Write it as '{kind.usage}'.", error=True)
            return False
        return self.run_command_text(command.text())

    _reading_log: LogScreen | None = None  # the whole log, open over the table
    _game_story: Any = None  # the finished game's figures, once worked out (result.py)
    _footer_hid: frozenset[str] = frozenset()  # the move keys the footer leaves out
    _turn_hint = ""  # said before the move that began the player's turn, once
    _end_armed = False  # a game's "press again to end your turn" is armed
