"""The app one SSH connection sees: the lobby, a networked seat, or a hot-seat game.

It is the local ``ShardsApp`` with the lobby as its first screen, drawn by ``SSHDriver`` on the
connection's channel. The hub calls the methods under "told by the hub" through ``tell`` (on
this app's own message queue), and they re-render from the shared game.
"""

from __future__ import annotations

from pathlib import Path
from time import monotonic
from typing import Any, Mapping

from textual.binding import Binding
from textual.css.model import SelectorType
from textual.screen import Screen

from shards_tui.server.auth import Identity
from shards_tui.server.driver import draw_through_ssh
from shards_tui.server.tables import seat_name
from shards_tui.ui import app as ui_app
from shards_tui.ui.app import ShardsApp, at_a_table, lobby_screen
from shards_tui.ui.textual_compat.app_loop import (css_type_names, input_queued,
                                                   last_focused_on_blur, set_last_focused_on_blur)
from shards_tui.ui.textual_compat.widgets import forget_drawn_lines
from shards_tui.core.decks import DeckLibrary
from shards_tui.ui.game_tables import no_table, table_class

LobbyScreen = lobby_screen()


LOBBY_REFRESH = 0.25  # seconds: a table made, joined or left shows in a lobby this soon
# Moves alone (a new turn in a table's row) redraw the lobbies at most this many times a second
# in all, shared among the logins in the lobby: each redraw costs the one loop tens of ms, and
# forty idle logins redrawing at every bot move kept seated players' keys waiting for seconds.
LOBBY_MOVE_REDRAWS = 4.0
LOBBY_MOVE_REFRESH = 1.0  # seconds: the least wait before moves alone redraw a lobby
KEYS_FIRST = 4  # turns a table's redraw after a move may wait behind the app's own input
WATCH_PACE = 1.0  # seconds: a spectator's table draws the moves made within it together


def lobby_delay(moves_only: bool, logins: int) -> float:
    """Seconds a lobby waits before redrawing for a change: soon for a table made, joined or
    left; for moves alone, long enough that the lobby's ``logins`` together stay within
    ``LOBBY_MOVE_REDRAWS`` redraws a second."""
    if not moves_only:
        return LOBBY_REFRESH
    return max(LOBBY_MOVE_REFRESH, logins / LOBBY_MOVE_REDRAWS)


def color_system(env: Mapping[str, str], term: str, choice: str = "auto") -> str:
    """Colours for the client's terminal: the server's ``--colors`` choice, or (auto) from what
    the client told us, never the server's own environment: 24-bit if COLORTERM says so, else
    256 colours, 16 for 'linux'/'vt100'-like terminals."""
    if choice in ("truecolor", "256", "standard"):
        return choice
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        return "truecolor"
    if term in ("dumb", "vt100", "vt102", "linux", "ansi"):
        return "standard"
    return "256"


class ServedApp(ShardsApp):
    """The lobby is the bottom of the screen stack; hot-seat games open above it."""

    MODES = {"main": LobbyScreen}  # a mode (not the default screen): its .tcss is loaded
    DEFAULT_MODE = "main"
    home_name = "the lobby"  # where a finished game leads
    CSS_PATH = str(Path(ui_app.__file__).parent / "app.tcss")  # beside ShardsApp, not here
    BINDINGS = [
        Binding("ctrl+l", "lobby", "Lobby", id="served.lobby",
                tooltip="Back to the lobby; a seat in a started game stays yours and waits for "
                        "you (choose the table again to return)."),
    ]
    KEY_PLACES = {"lobby": "at a table"}  # where the keys list says an app key works

    def __init__(self, hub: Any, who: Identity, *, link: Any, env: Mapping[str, str] | None = None,
                 term: str = "xterm-256color", cursor_blink: bool = True,
                 colors: str = "auto") -> None:
        super().__init__(cursor_blink=cursor_blink, bot_pace=hub.bot_pace)
        self.hub = hub
        self.who = who
        draw_through_ssh(self, link, color_system(env or {}, term, colors))
        self.table: Any = None
        self.table_screen: Any = None
        self._ending = False
        self._lobby_timer: Any = None
        self._lobby_due = 0.0  # (monotonic) when the timer redraws the lobby
        self._redraw_queued = False  # a redraw of the table after a move waits its turn
        self._focus_styled: list[str] | None = None  # what has a style following the app's focus
        hub.enter_lobby(self)

    # ---- for the screens -------------------------------------------------------------------

    @property
    def autosave_path(self) -> Path:
        return self.hub.hotseat_path(self.who)

    @property
    def save_folder(self) -> Path:
        """Where ctrl+s saves a hot-seat game: a folder of this player's on the server."""
        return self.autosave_path.parent / self.autosave_path.stem

    @property
    def history_folder(self) -> Path:
        """This login's finished games, kept on the server (never another's)."""
        return self.hub.history_folder(self.who)

    def deck_library(self, game_id: str) -> Any:
        """This login's own decks, in a folder of theirs on the server (never another's)."""
        return DeckLibrary(game_id, folder=self.hub.deck_folder(self.who, game_id),
                           max_decks=self.hub.max_decks)

    @property
    def player_label(self) -> str:
        return self.who.label()

    def lobby_rows(self, start: int = 0, count: int | None = None) -> list[tuple[int, str, str]]:
        return self.hub.rows(self.who, start, count)

    def lobby_total(self) -> int:
        """How many tables the lobby lists in all (``lobby_rows`` just cleared the finished)."""
        return len(self.hub.tables)

    def lobby_note(self) -> str:
        """What the lobby says about the table this player waits for, while it waits (a
        toast would outlive the wait); empty otherwise."""
        table = self.table
        if (table is None or table.controller is not None or self not in table.apps
                or self.hub.tables.get(table.id) is not table):
            return ""
        n = len(table.open_seats())
        more = f"{n} more player{'s' if n != 1 else ''}"
        role = table.private_role()
        if n == 0 and role is not None:  # every seat taken; its players still pick
            more = f"the players to choose a {role.label.lower()}"
        if table.apps[self] is None:
            return (f"You are watching table {table.id}: it is waiting for {more}, and its game "
                    "will show here when it starts.")
        if n == 0:
            return (f"Your table {table.id} is waiting for {more}; the game opens here when "
                    "they have.")
        return (f"Your table {table.id} is waiting for {more}; the game opens here when every "
                "seat is taken.")

    def table_refusal(self) -> str | None:
        """Why this player can make no table now (one sentence), or None."""
        return self.hub.create_refusal(self.who)

    def create_table(self, settings: Mapping[str, Any]) -> None:
        try:
            table = self.hub.create(self.who, settings["game"], int(settings["players"]),
                                    settings.get("bots") or [],
                                    settings.get("variant") or "standard",
                                    settings.get("options") or {})
        except ValueError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        self.open_table(table.id)

    def open_table(self, table_id: int, watch: bool = False) -> None:
        """Join (or rejoin) the table's seat, or watch it."""
        table = self.hub.tables.get(table_id)
        if table is None:
            self.notify("That table is gone.", severity="warning")
            return
        seat: int | None = None
        if table.seat_of(self.who) is None and (table.controller is not None
                                                or not table.open_seats()):
            watch = True  # a running table without a seat of yours: Enter watches it
        if not watch:
            try:
                seat = self.hub.join(table, self.who)
            except ValueError as exc:
                self.notify(str(exc), severity="warning", markup=False)
                return
        if self._showing(table, seat):
            return  # already on screen (Enter pressed twice): opening it again would close it
        self._leave_table()
        self.table = table
        self.hub.attach(self, table, seat)
        if table.needs_pick(seat):
            self._ask_pick(table)
            return
        if table.controller is None:
            self._refresh_lobby()  # the lobby says the table waits (lobby_note), while it does
            return
        self._show_table(table, seat)

    def _ask_pick(self, table: Any) -> None:
        """This player's pick for their seat, on their own terminal: a deck (the game's
        starters, the decks this login saved on the server, or a deck code) or a role in sight
        of all, which shows what the others took already."""
        role = table.private_role()
        seat = table.seat_of(self.who)
        name = table.seats[seat].name if seat is not None else self.who.user

        def picked(entry: dict[str, Any] | None) -> None:
            if entry is None:  # back to the lobby: the seat stays, Enter on the table asks again
                self._refresh_lobby()
                return
            try:
                self.hub.set_pick(table, self.who, entry)
            except ValueError as exc:
                self.notify(str(exc), severity="warning", markup=False)
                return
            if table.controller is None:
                self._refresh_lobby()  # the lobby says who is still choosing

        self.ask_private_pick(table.game_id, role, name, picked,
                              check=lambda entry: self.hub.pick_refusal(table, self.who, entry),
                              taken=table.taken(but=seat))

    def offer_rematch(self) -> str | None:
        """Rematch (r) on a finished game's result: ask the others, or accept (``Hub.rematch``)."""
        if self.table is None:
            return "This game has no table to play again at."
        return self.hub.rematch(self.table, self.who)

    def give_up_seat(self, table_id: int) -> None:
        table = self.hub.tables.get(table_id)
        if table is None:
            return
        try:
            self.hub.give_up_seat(table, self.who)
        except ValueError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        if self.table is table:
            self._leave_table()
        self.notify(f"You left table {table_id}.")

    def whereabouts(self) -> str:
        """Where this player is, for the server's log: 'table 3, seat 2', 'watching table 3',
        or 'at no table'."""
        table = self.table
        if table is None or self not in table.apps or self.hub.tables.get(table.id) is not table:
            return "at no table"
        seat = table.apps[self]
        return f"watching table {table.id}" if seat is None else f"table {table.id}, seat {seat + 1}"

    def _showing(self, table: Any, seat: int | None) -> bool:
        screen = self.table_screen
        return (self.table is table and screen is not None and screen.fixed_seat == seat
                and screen in self.screen_stack)

    def _show_table(self, table: Any, seat: int | None) -> None:
        screen = table_class(table.controller.game_id)
        if screen is None:
            self.notify(no_table(table.controller.game_id), severity="error", timeout=10)
            return
        self._pop_to_title()
        self.table_screen = screen(table.session, None, seat=seat, networked=True)
        self.controller = table.controller
        self.clear_notifications()  # "choose the table to go back": done
        self.push_screen(self.table_screen)
        lobby = self.screen_stack[0] if self.screen_stack else None
        if isinstance(lobby, LobbyScreen):
            lobby.fold()  # built again when the player comes back to it

    def send_chat(self, text: str) -> None:
        if self.table is not None:
            seat = self.table.apps.get(self)
            if seat is not None:
                name = self.table.names()[seat]
            else:  # a spectator may share a player's login name: never mistaken for them
                name = f"{seat_name(self.who.user)} (watching)"
            self.hub.send_chat(self.table, name, text)

    def return_to_title(self) -> None:
        self._leave_table()
        super().return_to_title()

    def _leave_table(self) -> None:
        if self.table is not None:
            self.hub.detach(self, self.table)
        self.table = None
        self.table_screen = None

    def detach(self) -> None:
        """The connection is over."""
        self.hub.leave(self)
        self.table = None
        self.table_screen = None

    def _at_a_table(self) -> bool:
        """A table (or a hot-seat game's hand-off to its next player) is on screen."""
        return at_a_table(self._shown())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "lobby":
            return self._at_a_table()  # only at a table (networked or hot-seat)
        return super().check_action(action, parameters)

    def action_lobby(self) -> None:
        """Back to the lobby from a table. A seat in a started game stays this player's and
        shows as away to the others, as after a dropped connection; a spectator just leaves."""
        if not self._at_a_table():
            return
        table, ctl = self.table, self.controller
        seat = table.apps.get(self) if table is not None else None
        self.return_to_title()
        if ctl is None or ctl.over:
            return
        if table is None:
            self.notify("Your hot-seat game is saved; choose 'Resume' in the lobby to go on.")
        elif seat is None:
            self.notify(f"You stopped watching table {table.id}.")
        else:
            self.notify(f"Your seat at table {table.id} stays yours; choose the table to go back.")

    def action_suspend_process(self) -> None:
        """Never: ctrl+z would stop the whole server."""

    def app_focus_changed(self, focus: bool) -> bool:
        """The client's terminal gained or lost the focus (a focus report, which a client may
        send as often as keys). Textual restyles the whole screen then, for the styles that
        depend on the app's focus; when no widget on the screen has such a style, only the
        focused widget changes: it is put aside on focus-out and given back on focus-in, as
        Textual does."""
        screen = self._shown()
        if screen is None:
            return True
        if self._styles_follow_focus(screen):
            return False
        if not focus:
            set_last_focused_on_blur(self, screen.focused)
            screen.set_focus(None)
            return True
        last = last_focused_on_blur(self)
        set_last_focused_on_blur(self, None)
        if last is not None and last.screen is screen and screen.focused is None:
            screen.set_focus(last, scroll_visible=False, from_app_focus=True)
        return True

    def _styles_follow_focus(self, screen: Screen) -> bool:
        """Whether a widget on ``screen`` has a style that depends on the app's focus (Textual's
        own ``App:blur HeaderTitle``, say, with a header on the screen)."""
        if self._focus_styled is None:
            names, targets = css_type_names(self), set()
            for rule in self.stylesheet.rules:
                for group in rule.selector_set:
                    chain = group.selectors
                    if any(s.pseudo_classes & {"focus", "blur"}
                           and (s.type == SelectorType.UNIVERSAL or s.name in names)
                           for s in chain):
                        targets.add(chain[-1].css if len(chain) > 1 else "*")
            self._focus_styled = sorted(targets)
        return "*" in self._focus_styled or any(
            screen.query(target) for target in self._focus_styled)

    # ---- told by the hub -----------------------------------------------------------------------

    def lobby_changed(self, moves_only: bool = False) -> None:
        """Redraw the lobby if it is on screen, after ``lobby_delay`` (bots at many tables
        move often; a table made or joined comes sooner, bringing a later redraw forward); a
        covered lobby redraws when it is shown again."""
        shown = self._shown()
        if isinstance(shown, LobbyScreen):
            delay = lobby_delay(moves_only, len(self.hub.lobby))
            due = monotonic() + delay
            if self._lobby_timer is None or due < self._lobby_due:
                if self._lobby_timer is not None:
                    self._lobby_timer.stop()
                self._lobby_timer, self._lobby_due = self.set_timer(delay, self._refresh_lobby), due
        table = self.table
        mark_taken = getattr(shown, "mark_taken", None)  # a pick screen: what another just took
        if mark_taken is not None and table is not None and table.controller is None:
            mark_taken(table.taken(but=table.seat_of(self.who)))

    def _refresh_lobby(self) -> None:
        self._lobby_timer = None
        lobby = self._shown()
        if isinstance(lobby, LobbyScreen):
            lobby.refresh_tables()

    def _shown(self) -> Screen | None:
        """The screen on top, or None in the moment between one screen going and the next
        coming (``self.screen`` raises then: another player's move may arrive just then)."""
        return self.screen_stack[-1] if self.screen_stack else None

    def seat_absence(self, seat: int) -> str:
        """Where the player of ``seat`` at this app's table is while no connection shows the
        table to them: "in the lobby" (they pressed ctrl+l), "at another table" or "disconnected";
        "" when they are at this one."""
        if self.table is None or not self.table.away(seat):
            return ""
        owner = self.table.seats[seat].owner
        theirs = [app for app in self.hub.lobby if app.who == owner]
        if not theirs:
            return "disconnected"
        return ("in the lobby" if any(app.whereabouts() == "at no table" for app in theirs)
                else "at another table")

    def table_changed(self) -> None:
        """Another seat (or a bot) moved, or someone came or went: redraw the table, after any
        input of this app's own that waits (a key is answered first, ``KEYS_FIRST`` turns at
        most), and at a spectator's screen at most once a ``hub.watch_pace`` (the moves made
        meanwhile drawn together), so one bot move's redraws do not all come before a key."""
        if self._redraw_queued:
            return  # the redraw queued draws the newest position
        if self.table is not None and self.table.apps.get(self, 0) is None \
                and self.hub.watch_pace > 0:
            self._redraw_queued = True
            self.set_timer(self.hub.watch_pace, self._redraw)
        else:
            self._redraw_queued = True
            self._redraw()

    def _redraw(self, waited: int = 0) -> None:
        if waited < KEYS_FIRST and input_queued(self):
            self.call_later(self._redraw, waited + 1)  # behind the input queued meanwhile
            return
        self._redraw_queued = False
        screen = self.table_screen
        if screen is not None and screen.is_attached:
            screen.game_changed()

    def takeback_changed(self, text: str) -> None:
        """A take-back at this app's table was asked for, answered or lapsed."""
        screen = self.table_screen
        if screen is not None and screen.is_attached:
            screen.takebacks.changed(text)

    def table_started(self, table: Any, seat: int | None) -> None:
        if self.table is table and self.table_screen is None:
            self._show_table(table, seat)

    def seat_taken_over(self, table_id: int) -> None:
        if self.table is not None and self.table.id == table_id:
            self.table = None
            self.table_screen = None
            super().return_to_title()
            self.notify("You opened this seat from another connection.", severity="warning",
                        timeout=8)

    def chat_received(self, line: str) -> None:
        """The table's log shows the line where it was said; away from the table (the lobby,
        the rules) a note says it too. Not at the table: there the note covered the action
        row at 80x24."""
        screen = self.table_screen
        if screen is None or self._shown() is not screen:
            self.notify(line, title="Chat", timeout=8, markup=False)  # players' words, not markup
        self.table_changed()

    def chat_lines(self, screen: Any) -> list[tuple[int, str]]:
        """The table's chat as (the game log's last sequence number when said, line), for
        that table's own screen only: a replay opened from the lobby (while this player waits
        at a table) is another game, and its log shows none of it."""
        if self.table is None or screen is not self.table_screen:
            return []
        return list(self.table.chat)

    def forget_drawn_lines(self) -> None:
        """This terminal has been idle a while (``server.idle_lines``): its screens drop the
        lines they keep drawn; the next frame draws them again from the widgets."""
        for screen in self.screen_stack:
            forget_drawn_lines(screen)
