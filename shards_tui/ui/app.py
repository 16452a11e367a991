"""The Textual application: the screen stack, app-wide keys, and starting a game.

Screens call three methods on the app: ``start_game(controller, bots=None)``,
``return_to_title()`` and ``open_rules(game_id, anchor)``. The title screen is the default screen and is never popped.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from textual import events
from textual.actions import SkipAction
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.screen import Screen
from textual.worker import WorkerFailed, active_worker

from shards_tui.core import autosaves
from shards_tui.core.registry import first_game, game, game_ids
from shards_tui.ui.game_tables import no_table, table_class, table_styles
from shards_tui.ui.idle_gc import IdleCollector
from shards_tui.ui.key_bursts import KeyBursts
from shards_tui.ui.messages import AutosaveFailed
from shards_tui.ui.screens.title import TitleScreen
from shards_tui.ui.textual_compat.app_loop import HookedApp, current_pump, screen_is_open
from shards_tui.ui.textual_compat.keys import key_bound

if TYPE_CHECKING:
    from shards_tui.core.controller import Controller

def _asking_screen() -> Screen[Any] | None:
    """The screen whose message (or whose widget's message) is being handled now; None when
    the app itself is handling one."""
    pump = current_pump()
    if isinstance(pump, App) or pump is None:
        return None
    try:
        return pump.screen  # type: ignore[attr-defined,no-any-return]
    except (NoScreen, AttributeError):
        return None


def _pump_is_closed(app: App[Any], error: Exception) -> bool:
    """True when the message being handled, or the worker that failed, belongs to a screen
    that is no longer open (or to a widget already taken off the screen)."""
    pump: Any = current_pump()
    if isinstance(error, WorkerFailed):
        worker = active_worker.get(None)
        pump = worker.node if worker is not None else None
    if pump is None or pump is app:
        return False
    node: Any = pump
    while node is not None and not isinstance(node, Screen):
        node = node.parent
    if node is None:
        return not getattr(pump, "is_attached", True)
    return not screen_is_open(app, node)


async def _nothing() -> None:
    """What an ignored pop_screen waits for."""


def lobby_screen() -> type[Screen[Any]]:
    """The SSH lobby's screen class (for the server's app, which imports no screen)."""
    # Deferred (startup): the title's first paint imports the title alone.
    from shards_tui.ui.screens.lobby import LobbyScreen

    return LobbyScreen


def at_a_table(screen: Screen[Any] | None) -> bool:
    """A game's table, or the hand-off cover of a hot-seat game, is ``screen``."""
    # Deferred (startup): the title's first paint imports the title alone.
    from shards_tui.ui.screens.handoff import HandoffScreen
    from shards_tui.ui.tables.base.screen import TableScreen

    return isinstance(screen, (TableScreen, HandoffScreen))


class ShardsApp(KeyBursts, HookedApp[int]):
    """shards-tui: play the infinity games in a terminal."""

    TITLE = "shards-tui"
    home_name = "the title"  # where a finished game leads
    # The screens a game opens on are read with the app's own styles: a screen whose .tcss is
    # read when it is pushed makes Textual parse every style sheet again and restyle every
    # widget of every open screen (~100 ms at startup, for the table and then the hand-off;
    # hundreds of ms for the rules, opened over a table).
    CSS_PATH = ["app.tcss", "screens/title.tcss", "screens/handoff.tcss", "screens/rules.tcss"]
    # ... and the styles of the table of a game named at the start (table_styles)
    ENABLE_COMMAND_PALETTE = False
    # Textual's mouse text selection fails on a press over a widget that is being removed (a
    # card tile just played): fuzzed input over SSH ended seats that way. The terminal's own
    # selection (shift + drag in most terminals) still copies text.
    ALLOW_SELECT = False
    BINDINGS = [
        Binding("f1", "open_rules", "Rules", id="app.rules",
                tooltip="Open the rules reference (at the rule that matters now, if any)."),
        Binding("question_mark", "show_keys", "Keys", key_display="?", id="app.keys",
                tooltip="List the keys that work on this screen."),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True,
                tooltip="Quit; a game in progress is autosaved and can be resumed."),
        # priority: the focus moves as the key arrives, so what is typed behind Tab in one
        # burst (a line over SSH) goes to the next field, not to the one it left
        Binding("tab", "move_focus('tab')", "Next field or list", show=False, priority=True,
                id="app.next", tooltip="Move to the next field or list."),
        Binding("shift+tab", "move_focus('shift+tab')", "Previous field or list", show=False,
                priority=True, id="app.previous", tooltip="Move to the previous field or list."),
    ]

    def __init__(self, controller: Controller | None = None, *, open_screen: str | None = None,
                 game_id: str | None = None, rules_anchor: str | None = None,
                 cursor_blink: bool = True, bots: Mapping[int, str] | None = None,
                 bot_pace: float = 0.8, collect_when_idle: bool = False,
                 prepare_rules: bool = False) -> None:
        """``controller``: go straight to the table with this game (``play``/``load``).

        ``open_screen``: "setup", "load" or "rules" to open on top of the title at start.
        ``cursor_blink``: False for tests and snapshots (text inputs do not blink).
        ``bots``: {seat: level} of the seats of ``controller`` that bots play (by default the
        bot seats its setup names). ``bot_pace``: seconds before each bot move, in every game.
        ``collect_when_idle``: collect garbage between keys, not during them (``IdleCollector``;
        for a process that runs only this app).
        ``prepare_rules``: once the first screen is drawn, lay the rules reference out on a
        thread, so that the first F1 opens it at once (``rules.prepare``).
        """
        super().__init__()
        if controller is not None:
            self.css_path = [*self.css_path, *table_styles(controller.game_id)]
        self._initial_controller = controller
        self._initial_bots = dict(bots) if bots is not None else None
        self.bot_pace = max(0.0, float(bot_pace))
        self._open_screen = open_screen
        self._game_id = game_id  # the game of open_screen (None: the first of the list)
        self._rules_anchor = rules_anchor
        self.cursor_blink = cursor_blink
        self.controller: Controller | None = None
        self.game_autosave: Path | None = None  # where the game on screen is autosaved
        # The title is built when first shown if another screen covers it from the start.
        self.opens_covered = controller is not None or open_screen in ("setup", "load", "rules")
        self.idle_gc = IdleCollector() if collect_when_idle else None
        self._prepare_rules = prepare_rules
        self.rules_ahead: threading.Thread | None = None  # laying the rules out (prepare_rules)

    # ---- start-up ------------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        # The title is the bottom of the one screen stack. As the default screen (its styles
        # are among the app's), it opens without the full restyle a mode's screen costs.
        return TitleScreen()

    def on_mount(self) -> None:
        if self._prepare_rules:
            self.call_after_refresh(self.prepare_rules)
        if self.idle_gc is not None:
            self.idle_gc.start()
            self.set_interval(IdleCollector.TICK, self.idle_gc.tick, name="idle-gc")
        if self._initial_controller is not None:
            controller, self._initial_controller = self._initial_controller, None
            bots, self._initial_bots = self._initial_bots, None
            self.start_game(controller, bots)
        elif self._open_screen == "setup":
            self.new_game(self._game_id or first_game())
        elif self._open_screen == "load":
            self.open_load()
        elif self._open_screen == "rules":
            self.open_rules(self._game_id, self._rules_anchor)

    def prepare_rules(self) -> None:
        """Read and lay out the rules reference of the game the app opens on (or of the
        first game, the title's choice until another is picked), for this terminal's width,
        on a thread: the first F1 then only shows them (laying them out takes a few hundred
        ms). No other game is imported for it."""
        width, ids = self.size.width, [self._game_id or first_game()]
        accent = str(self.get_css_variables().get("accent", ""))

        def work() -> None:
            # Deferred (startup): the title's first paint imports the title alone.
            from shards_tui.ui.screens.rules import prepare

            for game_id in ids:
                prepare(game_id, width, accent)

        self.rules_ahead = threading.Thread(target=work, name="rules-ahead", daemon=True)
        self.rules_ahead.start()

    def on_unmount(self) -> None:
        if self.idle_gc is not None:
            self.idle_gc.stop()

    async def on_event(self, event: events.Event) -> None:
        if self.idle_gc is not None and isinstance(event, (events.Key, events.MouseDown)):
            self.idle_gc.input_seen()
        await super().on_event(event)  # (KeyBursts first)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """With cursor_blink off (tests), no text cursor blinks anywhere in the app."""
        if not self.cursor_blink:
            # Deferred (startup): the title's first paint imports the title alone.
            from textual.widgets import Input, TextArea  # here: TextArea costs ~30 ms to import

            if isinstance(event.widget, (Input, TextArea)):
                event.widget.cursor_blink = False

    # ---- what screens call ---------------------------------------------------------------

    @property
    def autosave_path(self) -> Path:
        """The first autosave: the others are named after it (``autosaves.autosaves``)."""
        return autosaves.autosave_path()

    @property
    def history_folder(self) -> Path:
        """Where finished games are kept (``core.history``): over SSH, the login's own."""
        # Deferred (startup): the title's first paint imports the title alone.
        from shards_tui.core.history import history_dir

        return history_dir()

    def start_game(self, controller: Controller, bots: Mapping[int, str] | None = None,
                   autosave: Path | None = None) -> None:
        """Show this game's table (above the title); it is autosaved after every move.

        ``autosave``: the file of a resumed game, which it goes on writing; any other game
        (new or loaded) gets a file no other game uses, so no unfinished game is replaced.
        The table screen attaches the Autosaver for it while it is open; the app writes the
        autosave once at the start, so a game quit before its first move can still be
        resumed.

        ``bots`` ({seat: level}) overrides the bot seats named in the game's setup; they are
        written into a new game's setup so that its saves (and a resume) keep them.
        """
        table = table_class(controller.game_id)  # the game's own table, as its contract names it
        if table is None:  # nothing to play it on: no autosave offering a game nobody can resume
            self._pop_to_title()
            self.notify(no_table(controller.game_id), severity="error", timeout=10)
            return
        path = autosave if autosave is not None else autosaves.new_autosave(self.autosave_path)
        kwargs: dict[str, Any] = {}
        if bots is not None:
            # Deferred (startup): the title's first paint imports the title alone.
            from shards_tui.session.seats import check_bots, record_bots

            try:
                bots = check_bots(bots, len(controller.seat_names()))
            except ValueError as exc:
                self.notify(str(exc), severity="error", timeout=8)
                bots = {}
            recorded = record_bots(controller.setup, bots)
            if recorded is not None:
                controller.setup = recorded
            kwargs["bots"] = bots
        if not controller.over:  # written on a thread: a failure is posted back to the app
            autosaves.Autosaver(path, background=True,
                            on_error=lambda text: self.post_message(AutosaveFailed(text)))(controller)
        # Deferred (startup): the title's first paint imports the title alone.
        from shards_tui.core.history import HistoryKeeper

        HistoryKeeper(lambda: self.history_folder,
                      on_error=lambda text: self.post_message(AutosaveFailed(text))).attach(controller)
        self.controller = controller
        self.game_autosave = None if controller.over else path
        self._pop_to_title()
        self.push_screen(table(controller, path, **kwargs))

    def parting_words(self) -> str | None:
        """The line for the terminal once the app has closed: where the unfinished game on
        screen was autosaved (None when there was none)."""
        path, controller = self.game_autosave, self.controller
        if path is None or controller is None or controller.over:
            return None
        autosaves.flush_autosaves()
        if not path.exists():
            return f"Your game could not be autosaved to {path}."
        return (f"Your game is autosaved in {path}; run 'shards-tui' and choose Resume to go on "
                "with it.")

    def on_autosave_failed(self, message: AutosaveFailed) -> None:
        self.notify(message.text, severity="warning", timeout=8)

    def return_to_title(self) -> None:
        """Close every screen above the title (the title refreshes its Resume entries)."""
        self.controller = None
        self.game_autosave = None
        self._pop_to_title()

    def open_rules(self, game_id: str | None = None, anchor: str | None = None) -> None:
        """Show the rules reference of ``game_id``, scrolled to ``anchor`` if given.

        ``open_rules("shields")`` (an anchor where a game id belongs) opens the rules of the
        current game at that anchor.
        """
        # Deferred (startup): the title's first paint imports the title alone.
        from shards_tui.ui.screens.rules import RulesScreen

        if game_id is None:
            game_id = self.rules_context()[0]
        elif anchor is None and game_id not in game_ids():
            game_id, anchor = self.rules_context()[0], game_id
        if isinstance(self.screen, RulesScreen) and self.screen.game_id == game_id:
            self.screen.goto(anchor)
            return
        self.push_screen(RulesScreen(game_id, anchor))

    def new_game(self, game_id: str) -> None:
        # Deferred (startup): the title's first paint imports the title alone.
        from shards_tui.ui.screens.setup import SetupScreen

        self.push_screen(SetupScreen(game_id))

    def ask_private_pick(self, game_id: str, role: Any, player: str,
                         done: Callable[[dict[str, Any] | None], None],
                         check: Callable[[dict[str, Any]], str | None] | None = None,
                         taken: dict[str, str] | None = None) -> None:
        """One player's pick of a seat role (their deck, their faction) on this screen;
        ``check`` says at once why the game would refuse a pick (the player then picks again);
        ``taken``: what the others took already, of a role no two may share."""
        # Deferred (startup): the title's first paint imports the title alone.
        from shards_tui.ui.screens.private_pick import ask_one

        ask_one(self, game_id, role, player, done, check, taken)

    def deck_library(self, game_id: str) -> Any:
        """The decks of whoever sits at this app (``core.decks.DeckLibrary``): at one keyboard,
        the data folder's; the SSH app gives each login a library of its own."""
        # Deferred (startup): the title's first paint imports the title alone.
        from shards_tui.core.decks import DeckLibrary

        return DeckLibrary(game_id)

    def open_demo(self, game_id: str) -> None:
        """Bots play a new game of ``game_id`` (as many greedy bots as the game's fewest
        players) on the demo screen, as ``shards-tui demo`` does; leaving it shows the title."""
        # Deferred (startup): the title's first paint imports the title alone.
        from shards_tui.ui.screens.demo import DEFAULT_LEVEL, demo_game, demo_screen
        from shards_tui.ui.screens.setup_check import new_seed

        levels = [DEFAULT_LEVEL] * game(game_id).min_players
        if table_class(game_id) is None:
            self.notify(no_table(game_id), severity="error", timeout=10)
            return
        self.push_screen(demo_screen(demo_game(game_id, levels, new_seed()), levels))

    def open_replays(self) -> None:
        """The finished games of whoever sits at this app (``history_folder``)."""
        # Deferred (startup): the title's first paint imports the title alone.
        from shards_tui.ui.screens.replays import ReplaysScreen

        self.push_screen(ReplaysScreen(self.history_folder))

    def open_stats(self, game_id: str) -> None:
        """A game's statistics over the finished games of whoever sits at this app."""
        # Deferred (startup): the title's first paint imports the title alone.
        from shards_tui.ui.screens.stats import StatsScreen

        self.push_screen(StatsScreen(game_id, self.history_folder))

    def open_load(self) -> None:
        # Deferred (startup): the title's first paint imports the title alone.
        from shards_tui.ui.screens.load import LoadScreen

        self.push_screen(LoadScreen())

    def _pop_to_title(self) -> None:
        while len(self.screen_stack) > 1:
            super().pop_screen()

    def pop_screen(self) -> AwaitComplete:
        """Close the top screen, unless the request comes from a screen that is already closed.

        Input that arrived together (a double click on a dialog's background, two Enters) is
        queued for the screen it was sent to; once the first closes that screen, the rest would
        close the screen beneath it instead, and fail when only the bottom screen is left.
        Such a late request is ignored."""
        asking = _asking_screen()
        if len(self.screen_stack) <= 1 or (asking is not None
                                           and asking not in self.screen_stack):
            return AwaitComplete(_nothing()).call_next(self)
        return super().pop_screen()

    def error_ignored(self, error: Exception) -> bool:
        """An error raised for a screen that is already closed, or a missing widget of a screen
        not yet drawn, ends nothing: keys that open and close a screen faster than it is drawn
        reach handlers whose widgets are gone or not there yet. It is logged and the game goes
        on; any other error stays fatal."""
        if _pump_is_closed(self, error) or (isinstance(error, NoMatches) and not self.screen.is_mounted):
            self.log.error(f"ignored an error in a closed screen: {error!r}")
            return True
        return False

    # ---- app-wide actions ----------------------------------------------------------------

    def rules_context(self) -> tuple[str, str | None]:
        """Which game's rules, and which anchor, F1 should open on the current screen.

        A screen may define ``rules_context() -> (game_id, anchor | None)`` (the table can
        point at the rule its pending decision is about), or just a ``game_id`` attribute.
        """
        screen: Any = self.screen
        hook = getattr(screen, "rules_context", None)
        if callable(hook):
            try:
                game_id, anchor = hook()
                return game_id or first_game(), anchor
            except Exception:  # a screen's hint must never stop the rules from opening
                pass
        game_id = getattr(screen, "game_id", None)
        if not isinstance(game_id, str) and self.controller is not None:
            game_id = self.controller.game_id
        return (game_id if isinstance(game_id, str) else first_game()), None

    def action_move_focus(self, key: str) -> None:
        """Tab and shift+tab, unless the focused widget binds the key itself (the command
        line completes with Tab): then its binding runs instead."""
        focused = self.focused
        if focused is not None and key_bound(focused, key):
            raise SkipAction()
        if key == "tab":
            self.screen.focus_next()
        else:
            self.screen.focus_previous()

    def action_open_rules(self) -> None:
        game_id, anchor = self.rules_context()
        self.open_rules(game_id, anchor)

    def action_show_keys(self) -> None:
        # Deferred (startup): the title's first paint imports the title alone.
        from shards_tui.ui.screens.keys import KeysScreen

        if isinstance(self.screen, KeysScreen):
            self.pop_screen()
            return
        self.push_screen(KeysScreen.for_screen(self.screen))
