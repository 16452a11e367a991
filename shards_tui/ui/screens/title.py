"""The title screen: the games that exist, Resume (one entry per unfinished autosaved game),
New game, the chosen game's own screens (its about.toml ``[screens]``: a deck builder, a
collection) and, for a rated game, its leaderboard, Learn to play (the lessons), Watch a demo
(bots play), Load a save, Rules, Quit (the game's own entries: ``game_extras``)."""

from __future__ import annotations

import datetime
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from shards_tui.core import autosaves, saves
from shards_tui.core.errors import SaveFileError
from shards_tui.core.registry import Listing, game, listings
from shards_tui.ui.screens.campaign import chapter_title
from shards_tui.ui.screens.game_extras import LEADERBOARD, entries, open_entry
from shards_tui.ui.screens.game_picker import game_prompt

if TYPE_CHECKING:
    from shards_tui.core.controller import Controller

BANNER = "S H A R D S · T U I"
SHORT_BELOW = 25  # rows: the title's short layout (its VERTICAL_BREAKPOINTS)
SHORT_MENU_ROWS = 8  # the menu's entries below 25 rows, at least (more where they fit)
MENU_WIDTH = 76  # the title's box (title.tcss: #title-box) ...
MENU_EDGES = 9  # ... less its padding, the menu's edges and padding, and a scrollbar's room
TAGLINE = "Infinity card and board games at one keyboard"


@dataclass
class AutosaveCheck:
    """What an autosave holds: a game to resume, nothing, or a problem (already handled)."""

    controller: Controller | None = None
    message: str | None = None
    path: Path | None = None


def check_autosave(path: Path) -> AutosaveCheck:
    """Load the autosave if there is one; a bad file is moved aside (never deleted)."""
    autosaves.flush_autosaves()  # a game just left may still be writing its last move
    if not path.exists():
        return AutosaveCheck()
    try:
        controller = saves.load(path)
    except SaveFileError as exc:
        try:
            moved = saves.quarantine(path)
        except OSError as err:
            return AutosaveCheck(message=f"The autosaved game cannot be resumed: {_clause(exc)}, "
                                         f"and it could not be moved aside ({err.strerror or err}).")
        return AutosaveCheck(message=f"The autosaved game cannot be resumed: {_clause(exc)}. "
                                     f"The file was kept as {moved.name} in {moved.parent}.")
    if controller.over:
        return AutosaveCheck()
    return AutosaveCheck(controller=controller, path=path)


def check_autosaves(first: Path) -> list[AutosaveCheck]:
    """Every autosave named after ``first`` (``autosaves.autosaves``), newest first: the games to
    resume, and what was wrong with any that cannot be (moved aside)."""
    autosaves.flush_autosaves()
    return [check for path in autosaves.autosaves(first)
            if (check := check_autosave(path)).controller is not None or check.message]


def _clause(exc: Exception) -> str:
    return str(exc).rstrip(".")


def variant_titles(controller: Controller) -> list[str]:
    """The titles of the variants a game is played with ('3 Player Bloodbath'), in order."""
    chosen = controller.setup.get("variants") if isinstance(controller.setup, dict) else None
    if not chosen:
        return []
    try:
        catalogue = {v.id: v.title for v in game(controller.game_id).variants}
    except KeyError:
        catalogue = {}
    return [catalogue.get(v, str(v)) for v in chosen]


def progress_words(controller: Controller) -> str:
    """How far a game has gone, counted as the game counts it: its registration's
    ``progress(view)`` if it has one, else 'round N' for a game played in rounds
    (its view has a round), else 'turn N'."""
    view = controller.view(None)
    try:
        hook = game(controller.game_id).progress
    except KeyError:
        hook = None
    if hook is not None:
        return str(hook(view))
    rounds = getattr(view, "round", None)
    if isinstance(rounds, int) and not isinstance(rounds, bool):
        return f"round {rounds}"
    return f"turn {view.turn}"


def played_when(path: Path | None, now: float | None = None) -> str:
    """When a game's autosave was last written, for people: 'just now', '5 min ago',
    '3 h ago', 'yesterday', '4 days ago', else the date ('12 Mar')."""
    if path is None:
        return ""
    try:
        then = path.stat().st_mtime
    except OSError:
        return ""
    now = time.time() if now is None else now
    ago = max(0.0, now - then)
    if ago < 60:
        return "just now"
    if ago < 3600:
        return f"{int(ago // 60)} min ago"
    if ago < 86400 and time.localtime(then).tm_yday == time.localtime(now).tm_yday:
        return f"{int(ago // 3600)} h ago"
    days = (datetime.date.fromtimestamp(now) - datetime.date.fromtimestamp(then)).days
    if days <= 1:
        return "yesterday"
    if days < 7:
        return f"{days} days ago"
    return time.strftime("%d %b", time.localtime(then)).lstrip("0")


def describe_game(controller: Controller) -> str:
    """'Ana, Ben · Shards of Infinity (3 Player Bloodbath) · turn 7' for the Resume entry
    (a game played in rounds says 'round 3')."""
    names = ", ".join(controller.seat_names()) or "a game"

    variants = variant_titles(controller) + [t for t in [chapter_title(controller)] if t]
    parts = [names, controller.title + (f" ({', '.join(variants)})" if variants else "")]
    try:
        parts.append(progress_words(controller))
    except Exception:  # a game whose view cannot be made still resumes (and says why there)
        pass
    return " · ".join(parts)


def resume_prompt(check: AutosaveCheck, label: str = "Resume", width: int = 0) -> Text:
    """'Resume  3 h ago · Ana, Ben · Disco Infinity · round 3' (``width``: cut with '…' to
    one line of that many cells)."""
    when = played_when(check.path)
    text = Text.assemble((label, "bold"), "  " if label else "", (f"{when} · " if when else "", ""),
                         (describe_game(check.controller), "dim"))  # type: ignore[arg-type]
    if width > 0:
        text.truncate(width, overflow="ellipsis")
    return text


class TitleScreen(Screen):
    """Where the app starts. Offers to resume each unfinished autosaved game."""

    CSS_PATH = "title.tcss"
    AUTO_FOCUS = "#menu"
    # Below 25 rows the menu starts on the top row, so that it fits with Resume in it.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (SHORT_BELOW, "-tall")]
    BINDINGS = [
        Binding("r", "resume", "Resume", id="title.resume"),
        Binding("g", "next_game", "Game", id="title.game",
                tooltip="Choose the next game of the list (the menu below is for that game)."),
        Binding("n", "new_game", "New game", id="title.new"),
        Binding("t", "learn", "Learn to play", id="title.learn"),
        Binding("d", "demo", "Demo", id="title.demo",
                tooltip="Watch bots play a whole game, with every move and rule explained."),
        Binding("l", "load", "Load", id="title.load"),
        Binding("p", "replays", "Replays", id="title.replays", show=False,
                tooltip="Watch a finished game again."),
        Binding("s", "stats", "Statistics", id="title.stats", show=False,
                tooltip="The chosen game's statistics and charts, from your finished games."),
        Binding("q", "app.quit", "Quit", id="title.quit", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._short = False  # below 25 rows: the menu holds fewer Resume entries
        self.resumable: list[AutosaveCheck] = []  # the unfinished games, newest first
        self.autosave_message: str | None = None
        self._games = listings()  # read from each game's about.toml: no game is imported
        self.game_id = self._games[0].id

    def _parts(self) -> list[Widget]:
        return [Vertical(Static(BANNER, id="banner"), Static(TAGLINE, id="tagline"),
                         Static("", id="resume-banner"),
                         Static("", id="title-message", classes="error"),
                         Static("Games", classes="section"),
                         OptionList(*self._game_options(), id="games"),
                         OptionList(id="menu"), id="title-box"),
                Footer(compact=True)]  # compact: every key fits in 80 columns, Resume too

    def _game_options(self) -> list[Option]:
        """One entry per registered game: its title and players over its line, or, below
        25 rows, the one line alone, so that every game shows at 80x24."""
        short = self.app.size.height < SHORT_BELOW
        return [Option(game_prompt(g, short), id=g.id) for g in self._games]

    def _menu_rows(self) -> int:
        """The menu's entries that fit under the list of games below 25 rows (the banner,
        the games and their gap, the menu's edges and the footer take the rest; the games'
        heading is hidden there)."""
        return max(SHORT_MENU_ROWS, self.app.size.height - 7 - len(self._games))

    def compose(self) -> ComposeResult:
        # Under a game (or another screen) the app opens on, the title is built when it is
        # first shown: startup does not build, nor check the autosave for, a hidden screen.
        self._built = not getattr(self.app, "opens_covered", False)
        if self._built:
            yield from self._parts()

    def on_mount(self) -> None:
        self._short = self.app.size.height < SHORT_BELOW
        if self._built:
            self.refresh_autosave()

    def on_resize(self) -> None:
        short = self.app.size.height < SHORT_BELOW
        if short != self._short:
            self._short = short
            if self._built and self.is_mounted and self.query("#menu"):
                games = self.query_one("#games", OptionList)
                at = games.highlighted
                games.clear_options()
                games.add_options(self._game_options())
                games.highlighted = at
                self._build_menu()

    _resumed = False

    async def on_screen_resume(self) -> None:
        # Back from a game, a setup or a load: the autosave may have appeared or gone.
        first, self._resumed = not self._resumed, True
        if first and getattr(self.app, "opens_covered", False):
            return  # the app's start, just before the screen that covers the title opens
        if not self.is_mounted or not self.is_current:
            return
        if not self._built:
            self._built = True
            await self.mount_all(self._parts())
            self._focus_menu()
        self.refresh_autosave()

    def _focus_menu(self) -> None:
        if self.focused is None:
            self.query_one("#menu", OptionList).focus()

    # ---- the autosave -------------------------------------------------------------------

    @property
    def resume_controller(self) -> Controller | None:
        """The newest unfinished game (what r resumes), if any."""
        return self.resumable[0].controller if self.resumable else None

    def refresh_autosave(self) -> None:
        checks = check_autosaves(self.app.autosave_path)  # type: ignore[attr-defined]
        self.resumable = [check for check in checks if check.controller is not None]
        problems = [check.message for check in checks if check.message]
        if problems:
            self.autosave_message = " ".join(problems)
        message = self.query_one("#title-message", Static)
        message.update(self.autosave_message or "")
        message.display = bool(self.autosave_message)
        banner = self.query_one("#resume-banner", Static)
        if len(self.resumable) == 1:
            banner.update(f"An unfinished game was autosaved: {describe_game(self.resumable[0].controller)}. "  # type: ignore[arg-type]
                          "Choose Resume (r) to continue it.")
        elif self.resumable:
            banner.update(f"{len(self.resumable)} unfinished games were autosaved: Resume "
                          "one below (r: the newest).")  # one line at 80 columns
        banner.set_class(bool(self.resumable), "-shown")  # not below 25 rows: the menu says it
        self._build_menu()
        self.refresh_bindings()

    def _build_menu(self) -> None:
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted_option.id if menu.highlighted_option else None
        menu.clear_options()
        many = len(self._games) > 1
        chosen = self.chosen_listing
        options: list[Option] = [
            Option(f"New game{' of the chosen game' if many else ''}", id="new"),
            *[Option(label, id=entry) for label, entry in entries(chosen)],
            Option("Learn to play", id="learn"),
            Option("Watch a demo: bots play, every move explained", id="demo"),
            Option("Replays: watch a finished game again", id="replays"),
            Option("Statistics of the chosen game", id="stats"),
            Option("Load a save", id="load"),
            Option("Rules", id="rules"),
            Option("Quit", id="quit"),
        ]
        # below 25 rows one line each, cut (the menu's rows are counted); else whole, wrapped
        width = min(MENU_WIDTH, self.app.size.width) - MENU_EDGES if self._short else 0
        resume = [Option(resume_prompt(check, width=width), id="resume" if n == 0 else f"resume:{n}")
                  for n, check in enumerate(self.resumable)]
        room = self._menu_rows()
        if self._short and len(resume) + len(options) > room:
            # Below 25 rows the menu fits without scrolling: the newest games, then the rest
            # behind one entry.
            keep = max(1, room - len(options) - 1)
            resume = resume[:keep] + [Option(Text.assemble(
                ("Resume another game", "bold"), "  ",
                (f"{len(self.resumable) - keep} more unfinished", "dim")), id="resume-more")]
        options = resume + options
        menu.add_options(options)
        ids = [o.id for o in options]
        if self.resumable:
            menu.highlighted = 0  # the newest game
        elif highlighted in ids:
            menu.highlighted = ids.index(highlighted)
        else:
            menu.highlighted = ids.index("new")

    # ---- choices ------------------------------------------------------------------------

    @property
    def chosen_listing(self) -> Listing:
        return next((g for g in self._games if g.id == self.game_id), self._games[0])

    def action_next_game(self) -> None:
        """The menu has the keys at first, so arrows move in it: g goes through the games."""
        games = self.query_one("#games", OptionList)
        at = next((n for n, g in enumerate(self._games) if g.id == self.game_id), 0)
        games.highlighted = (at + 1) % len(self._games)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "games" and event.option.id and event.option.id != self.game_id:
            self.game_id = event.option.id
            self._build_menu()  # the chosen game's own entries (its screens, a leaderboard)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "games":
            self.game_id = event.option.id or self.game_id
            self.action_new_game()
            return
        oid = event.option.id or ""
        if oid == "resume-more":
            self.app.push_screen(ResumePicker([resume_prompt(c, "") for c in self.resumable]),
                                 lambda index: self.action_resume(index) if index is not None else None)
            return
        if oid.startswith("resume"):
            self.action_resume(int(oid.partition(":")[2] or 0))
            return
        if oid.startswith("screen:") or oid == LEADERBOARD:
            open_entry(self.app, self.game_id, oid)  # the game's own screens, its leaderboard
            return
        action = {"new": self.action_new_game,
                  "learn": self.action_learn, "demo": self.action_demo,
                  "load": self.action_load, "replays": self.action_replays,
                  "stats": self.action_stats,
                  "rules": self.action_rules,
                  "quit": self.app.exit}.get(oid)
        if action is not None:
            action()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return bool(self.resumable)
        return True

    def action_resume(self, index: int = 0) -> None:
        """Go on with an unfinished game (the newest by default), in its own autosave."""
        if not 0 <= index < len(self.resumable):
            return
        check = self.resumable.pop(index)
        self.autosave_message = None
        self.app.start_game(check.controller, autosave=check.path)  # type: ignore[attr-defined]

    def action_new_game(self) -> None:
        self.app.new_game(self.game_id)  # type: ignore[attr-defined]

    def action_learn(self) -> None:
        # Deferred (startup): the title's first paint imports the title alone.
        from shards_tui.ui.screens.lessons_menu import LessonsMenuScreen

        self.app.push_screen(LessonsMenuScreen(self.game_id))

    def action_demo(self) -> None:
        self.app.open_demo(self.game_id)  # type: ignore[attr-defined]

    def action_load(self) -> None:
        self.app.open_load()  # type: ignore[attr-defined]

    def action_replays(self) -> None:
        self.app.open_replays()  # type: ignore[attr-defined]

    def action_stats(self) -> None:
        self.app.open_stats(self.game_id)  # type: ignore[attr-defined]

    def action_rules(self) -> None:
        self.app.open_rules(self.game_id)  # type: ignore[attr-defined]


class ResumePicker(ModalScreen[int | None]):
    """Which unfinished game to resume, when the short title's menu has no room for each
    (dismissed with its index, newest first, or None)."""

    DEFAULT_CSS = """
    ResumePicker { align: center middle; background: $background 60%; }
    ResumePicker #resume-box { width: 76; max-width: 100%; height: auto; max-height: 100%;
                               border: round $accent; background: $surface; padding: 0 1; }
    ResumePicker #resume-games { height: auto; max-height: 18; }
    """
    AUTO_FOCUS = "#resume-games"
    BINDINGS = [Binding("escape", "cancel", "Back", id="title.resume_picker.back")]

    def __init__(self, games: list[str | Text]) -> None:
        super().__init__()
        self.games = games

    def compose(self) -> ComposeResult:
        with Vertical(id="resume-box"):
            yield Static(Text("Resume which game? (the newest first)", style="bold"))
            yield OptionList(*[Option(text, id=str(n)) for n, text in enumerate(self.games)],
                             id="resume-games")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)
