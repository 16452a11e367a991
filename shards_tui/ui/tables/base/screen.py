"""``TableScreen``: what every game's table screen is built on (see the package docstring).

Only a table screen talks to the game. It reads ``controller.view(seat)``, lets the game's
own code draw it (``show_view``), and turns keys and widget messages into commands. Every
commit notifies the screen, which re-renders; when the seat that must act changes, hot-seat
play first shows the hand-off cover, with the table already cleared of the previous seat's
hand, and renders the new seat only after the new player is ready.

The screen follows the game; everything else is a part that owns its state: the moves sent
(``MoveSender``), the hand-off (``Handoff``), the bots (``BotWatch``), the shell's keys and
command words (``ShellKeys``), the reading overlays (``Overlays``), the autosave
(``TableAutosave``), take-backs (``TakeBacks``), the turn-start cursor (``TurnStart``) and the
end of the game (``GameEnd``). A part reads the table through ``surface.TableSurface`` and posts its news to
the screen as a message of its own (``Handoff.Taken``, ``BotWatch.NoticeRead``,
``AutosaveFailed``); the screen's handlers tell the other parts what concerns them.

Networked (``networked=True``, the SSH server): the screen shows one fixed seat (or, with
``seat=None``, the public view for a spectator), never hands off, does not play the bots
(the shared table does) and does not listen to the controller itself: the table calls
``game_changed()`` on this app's own loop after every commit.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingsMap
from textual.widget import Widget

from shards_tui.core.commands import Command
from shards_tui.core.controller import Controller
from shards_tui.core.errors import GameError
from shards_tui.core.view import SeatView
from shards_tui.session.driver import Session, SessionEvent
from shards_tui.session.seats import check_bots
from shards_tui.ui.messages import AutosaveFailed
from shards_tui.ui.tables.base.autosave import TableAutosave
from shards_tui.ui.tables.base.bots import BotWatch
from shards_tui.ui.tables.base.guide import TableGuide
from shards_tui.ui.tables.base.handoff import Handoff
from shards_tui.ui.tables.base.hooks import TableHooks, ViewT
from shards_tui.ui.tables.base.keys import ShellKeys
from shards_tui.ui.tables.base.moves import MoveSender
from shards_tui.ui.tables.base.overlays import Overlays
from shards_tui.ui.tables.base import stops
from shards_tui.ui.tables.base.result import GameEnd
from shards_tui.ui.tables.base.takeback import TakeBacks
from shards_tui.ui.tables.base.turn_start import TurnStart
from shards_tui.ui.textual_compat.app_loop import current_app, on_app_thread
from shards_tui.ui.textual_compat.keys import bindings_of, set_bindings
from shards_tui.ui.widgets.command_line import CommandLine
from shards_tui.ui.widgets.decision import DecisionPanel
from shards_tui.ui.widgets.key_hints import KeyHints, StatusLine
from shards_tui.ui.widgets.log_view import LogView
from shards_tui.ui.widgets.palette import LegalCommandsProvider
from shards_tui.ui.widgets.too_small import TooSmall

def view_log(view: SeatView | None) -> list[tuple[int, str]]:
    """(seq, text) of every log line of a view."""
    return [(line.seq, line.text) for line in view.log] if view is not None else []


def view_legal(view: SeatView | None) -> list[str]:
    """The text of every legal move of a view."""
    return [move.text for move in view.legal] if view is not None else []


class TableScreen(TableHooks[ViewT]):
    """The base of every game's table screen. A game's table subclasses ``TableScreen[ItsView]``
    and provides ``table_parts``, ``show_view`` and ``summary`` (and may refine the other
    hooks, ``hooks.py``)."""

    COMMANDS = {LegalCommandsProvider}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    AUTO_FOCUS = ""  # the table places the focus itself (_restore_focus), for each seat

    _moves_seen = 0  # networked: how many moves the game had when this seat was last updated
    _said_at = 0  # how many moves the game had when the status line was last set
    _footer_hid: frozenset[str] = frozenset()  # the move keys the footer leaves out
    _end_armed = False  # a game's "press again to end your turn" is armed

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
            keys = dict(bindings_of(self).key_to_bindings)  # a guide's key replaces the table's
            keys.update(BindingsMap(guide.BINDINGS).key_to_bindings)
            set_bindings(self, BindingsMap.from_keys(keys))
            if guide.css_class:
                self.add_class(guide.css_class)
        controller = game.controller if isinstance(game, Session) else game
        self.ctl = controller
        self.networked = networked
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
        self.view: ViewT | None = None  # the view on screen (the game's own kind)
        self.last_anchor: str | None = None
        self._parts: dict[type | str, Widget] = {}
        self._built = True  # compose decides: False while the opening hand-off hides the table
        self._built_then: tuple[int | None] | None = None
        self._building = False
        # the parts, each owning its state
        self.handoff = Handoff(self)
        self.bot_watch = BotWatch(self, bot_pace)
        self.shell_keys = ShellKeys(self)
        self.overlays = Overlays(self)
        self.autosave = TableAutosave(self, autosave_path)
        self.takebacks = TakeBacks(self)  # (networked: u asks the others)
        self.stops: dict[int, str] = {}  # each seat's stops, where set (stops.py)
        self.moves = MoveSender(self)
        self.turn_start = TurnStart(self)
        self.ending = GameEnd(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.guide is not None and not self.too_small:
            decided = self.guide.check_action(action, parameters)
            if decided is not None:
                return decided
        if self.too_small:
            return False  # nobody can see the table: its keys wait (ctrl+q still quits)
        if action in ("undo", "ask_takeback") \
                and (action == "ask_takeback") != self.takebacks.asks_people():
            return False  # one of the two names of the u key, as the table's seats have it
        return self.bot_watch.allows(action)

    # ---- layout ---------------------------------------------------------------------------

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
                and self.handoff.needed(actor))

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
        self.autosave.start(self.ctl)
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

    def on_unmount(self) -> None:
        self.bot_watch.key = None
        self.session.unlisten(self._heard)
        if self._own_session:
            self.session.close()
        if self._on_commit in self.ctl.listeners:
            self.ctl.listeners.remove(self._on_commit)
        self.autosave.stop(self.ctl)

    def on_resize(self, event: events.Resize) -> None:
        """Cover the table while the terminal is too small (its keys wait, and so do the
        bots); the screen may have become short, or tall: once its classes say which (Textual
        sets them after this handler), set the classes that make room."""
        notice = self.query_one(TooSmall)
        notice.fit(event.size, *self.small_words)
        if bool(notice.display) != self.too_small:
            self.too_small = bool(notice.display)
            if self.too_small:
                notice.focus()
                self.bot_watch.covered()
            else:
                self.bot_watch.uncovered()
                self._restore_focus()
                self.refresh_bindings()  # the footer showed the keys of whatever was on top
        if self._built:
            self.call_next(self._short_screen_classes)

    # ---- following the game -----------------------------------------------------------------

    def game_changed(self) -> None:
        """Networked: another seat (or a bot) moved; re-render from the shared game."""
        if self.is_attached:
            seen, self._moves_seen = self._moves_seen, len(self.ctl.history)
            if self._moves_seen != seen and self.ctl.history[-1:] \
                    and self.ctl.history[-1].seat != self.seat and self._said_at < self._moves_seen:
                self.say("")  # a move by another seat: what this seat was told before is old news
            self._sync()
            self.refresh_bindings()  # the move keys show only while this seat is to act
            self.takebacks.check()  # (a move lapses a take-back asked for)

    def _on_commit(self, _controller: Controller) -> None:
        self._in_app(self._sync)

    def _heard(self, event: SessionEvent) -> None:
        self._in_app(self.bot_watch.heard, event)

    def _in_app(self, callback: Callable[..., Any], *args: Any) -> None:
        """Run ``callback`` as part of this app: at once when called from it (a key, a click),
        else queued to it (a bot's move comes from the session's task or a thread)."""
        if not on_app_thread(self.app):
            self.app.call_from_thread(callback, *args)
        elif current_app() is not self.app:
            self.call_later(callback, *args)
        else:
            callback(*args)

    def _sync(self) -> None:
        """Re-render after a change; hand the keyboard over first if another human must act;
        set the bot going if a bot seat must act."""
        self._end_armed = False
        if stops.answered_for_a_player(self):
            return  # (the commit re-renders)
        if self.ctl.over:
            self.bot_watch.check()
            self._show_seat(self.seat)
            self.ending.reached()
            return
        if not self.networked and self.bot_watch.announce_out():
            return
        actor = self.actor()  # a human seat that may act comes first
        bot_acts = actor is not None and actor in self.bots
        self.bot_watch.check()
        if self.networked or self.fixed_seat is not None:
            who: int | None = self.fixed_seat
        elif bot_acts:
            if self.handoff.open:
                return
            who = actor if self.guide is not None and self.guide.follows_actor \
                else self.watcher()
            if who is None:  # everyone may watch the bots play: the next human is covered too,
                self.handoff.bot_to_act(self.ctl.state.flow.active)  # (unless it is their turn)
        else:
            who = actor
        if who != self.seat and self.hotseat and not bot_acts and self.handoff.needed(who):
            if not self.handoff.open:
                self._cover_for(who)
            return
        if who != self.seat:
            self.seat_changed()
        self.seat = who
        if who is not None and who not in self.bots:
            self.handoff.human = who
        self._show_seat(who)
        if not bot_acts:
            self._after_a_question()
            self.turn_start.after_render()

    def _show_seat(self, seat: int | None) -> None:
        if not self._built:
            return  # the table is built behind the opening cover, and then shows its seat
        view: ViewT = self.view_now(seat)
        self.view = view
        heading, items = self.show_view(view, seat)
        self._part(KeyHints).show(items, self._waiting_heading(seat, heading, items))
        entries = self._log_entries(view)
        self._part(LogView).show(entries)
        self.overlays.follow(entries)
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
        return self._with_chat(view_log(view))

    def _with_chat(self, entries: list[tuple[int, str]]) -> list[tuple[int, str]]:
        chat = getattr(self.app, "chat_lines", None) if self.networked else None
        if not callable(chat):
            return entries
        said = [(seq, f"(chat) {line}") for seq, line in chat(self)]
        return sorted(entries + said, key=lambda entry: entry[0])

    def _last_seq(self) -> int:
        return max((seq for seq, _text in view_log(self.view)), default=-1)

    def _log_since(self, seq: int) -> list[str]:
        """The log lines on screen newer than ``seq``."""
        return [text for s, text in view_log(self.view) if text and s > seq]

    # ---- the hand-off -------------------------------------------------------------------------

    def _cover_for(self, who: int | None) -> None:
        """Clear the table of the last player's seat and put the cover up for ``who``."""
        self.seat = None
        self.handoff.begin()
        self.close_pop_ups()  # (a card of the last hand read over the table, the palette)
        self.seat_changed()
        if self._built:
            self._show_seat(None)  # nothing hidden stays on the table behind the hand-off
            self.set_focus(None)  # nor their selection, drawn again when the table returns
            self._part(DecisionPanel).clear()  # nor the last player's choices or ticks
            self.covered_by_handoff()
        # A table not built yet is built behind the cover once that is drawn.
        self.handoff.show(who, None if self._built else lambda: self.call_later(self._build))

    def on_handoff_taken(self, message: Handoff.Taken) -> None:
        message.stop()
        self._after_handoff(message.seat)

    def _after_handoff(self, seat: int | None) -> None:
        """The named player is ready: show their seat (or hand off again if, meanwhile,
        someone else has to act)."""
        if not self._built:
            self._built_then = (seat,)
            self.call_later(self._build)
            return
        self.handoff.taken(seat)
        self.say(self.welcome(seat))  # never the previous player's messages or selection
        self.keyboard_taken()
        self.seat = seat
        self._sync()
        self.handoff.seen(self._last_seq())

    def close_pop_ups(self) -> None:
        """Close every screen opened over this table (``Overlays.close_all``)."""
        self.overlays.close_all()

    # ---- what the parts and the shared widgets tell the table ---------------------------------

    def on_bot_watch_notice_read(self, message: BotWatch.NoticeRead) -> None:
        message.stop()
        self._sync()

    def on_autosave_failed(self, message: AutosaveFailed) -> None:
        message.stop()
        self.notify(message.text, severity="warning", timeout=8)

    def on_decision_panel_answered(self, event: DecisionPanel.Answered) -> None:
        self.run_command_text("choose " + (" ".join(event.ids) if event.ids else "none"))

    def on_command_line_entered(self, event: CommandLine.Entered) -> None:
        self.shell_keys.entered(event.text)
        self.call_after_refresh(self._after_resume)

    def on_command_line_closed(self, _event: CommandLine.Closed) -> None:
        self.call_after_refresh(self._after_resume)

    def on_screen_resume(self) -> None:
        """Back from help, keys or rules: the focus Textual gives back may be the command
        line, hidden since; the question or the selection takes the keys again."""
        self.call_after_refresh(self._after_resume)

    def _after_resume(self) -> None:
        """The table has the keys again (a pop-up or the command line closed): the focus goes
        where it should, and to the hand if the turn began meanwhile."""
        self._restore_focus()
        self.turn_start.resumed()

    def on_key(self, event: events.Key) -> None:
        """An Enter pressed again and again from before the cursor landed on the hand at the
        start of a turn was meant for what came before: it plays nothing (``TurnStart``)."""
        if self.turn_start.swallows(event):
            event.stop()
            event.prevent_default()

    # ---- talking to the game ---------------------------------------------------------------------

    def say(self, message: str, error: bool = False) -> None:
        self._said_at = len(self.ctl.history)  # (a redraw for a later move clears it)
        self._part(StatusLine).show(message, error)
        self._short_screen_classes()
        if self.guide is not None:
            self.guide.said(message, error)

    def reject(self, err: GameError) -> None:
        self.last_anchor = err.anchor
        hint = " (F1: rules)" if err.anchor else ""
        self.say(f"{err}{hint}", error=True)

    def run_command_text(self, text: str) -> bool:
        """Send one command line for the seat on screen (``MoveSender.send``)."""
        return self.moves.send(text)

    def send_move(self, kind: type[Command], **fields: Any) -> bool:
        """Send a move of this kind for the seat on screen (``MoveSender.send_move``)."""
        return self.moves.send_move(kind, **fields)

    # ---- the shared keys (keys.py), each run by its part --------------------------------------

    def action_undo(self) -> None:
        if not self.shell_keys.undo():
            return
        view = self.view
        if view is not None and self.seat in view.acting and not view.my_question:
            self.turn_start.again()
            self.cursor_to_hand()  # the move taken back had the cursor: it starts on the hand

    def action_ask_takeback(self) -> None:
        """``u`` at a networked table with other people: the take-back request (the undo
        action asks them; see ``TakeBacks``)."""
        self.action_undo()

    def action_toggle_bots(self) -> None:
        """Pause or resume the bots (a human can then read the table at leisure)."""
        self.bot_watch.toggle()
        if self.view is not None and not self.handoff.open:
            self._show_seat(self.seat)  # the key hints offer to pause or to resume

    def action_command_line(self) -> None:
        self.shell_keys.open_line()

    def action_help(self, typed: str = "") -> None:
        self.shell_keys.help(typed)

    def action_keys(self) -> None:
        self.shell_keys.keys()

    def action_palette(self) -> None:
        self.shell_keys.palette()

    def action_save(self) -> None:
        self.shell_keys.save()

    def action_rules(self) -> None:
        self.shell_keys.rules()

    def action_result(self) -> None:
        self.ending.show()

    def action_log_page(self, direction: int) -> None:
        self.overlays.page_log(direction)

    def action_read_log(self, back_pages: int = 0) -> None:
        self.overlays.read_log(back_pages)

    def action_read_card(self) -> None:
        self.overlays.read_card()

    def action_guide(self, name: str) -> None:
        if self.guide is not None:
            getattr(self.guide, f"action_{name}")()
