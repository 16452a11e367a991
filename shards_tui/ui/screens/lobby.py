"""The lobby of the SSH server: the tables, a new table, hot-seat play on this terminal, and the
games' decks and leaderboards.

The screen asks its app for data (``lobby_rows(start, count)``, ``lobby_total()``,
``player_label``, ``table_refusal()``: why no table can be made now) and for actions (``create_table``, ``open_table``, ``new_game``); it knows
nothing of the server. The app calls ``refresh_tables()`` when the hub says the tables changed.
It lists ``PAGE`` tables at a time, so its cost stays the same however many the server holds.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from shards_tui.ui.screens.game_extras import games_with_entries
from shards_tui.ui.screens.title import BANNER, AutosaveCheck, check_autosaves, describe_game
from shards_tui.ui.widgets.steady_footer import SteadyFooter
from shards_tui.ui.textual_compat.widgets import let_removed_children_go
from shards_tui.core.registry import game_ids

PAGE = 20  # tables listed at a time
ACTION_WORDS = {"rejoin": "Enter: back to your seat", "join": "Enter: take an open seat",
                "watch": "Enter: watch", "waiting": "l: leave this table"}


class LobbyScreen(Screen[None]):
    """Tables of this server, and what this player can do."""

    CSS_PATH = "lobby.tcss"
    AUTO_FOCUS = "#tables"
    BINDINGS = [
        Binding("n", "new_table", "New table", id="lobby.new"),
        Binding("w", "watch", "Watch", id="lobby.watch"),
        Binding("h", "hotseat", "Hot-seat here", id="lobby.hotseat"),
        Binding("l", "leave", "Leave a waiting table", id="lobby.leave"),
        Binding("t", "learn", "Learn to play", id="lobby.learn"),
        Binding("d", "extras", "Decks", id="lobby.extras",
                tooltip="Your decks (kept on this server for your login), the card "
                        "collections, and the ranked leaderboards."),
        Binding("p", "replays", "Replays", id="lobby.replays",
                tooltip="Watch again a finished game you played (kept on this server for "
                        "your login)."),
        Binding("s", "stats", "Statistics", id="lobby.stats",
                tooltip="A game's statistics and charts, from the finished games you played "
                        "on this server."),
        Binding("q", "app.quit", "Quit", id="lobby.quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box"):
            yield Static(BANNER, id="banner")
            yield Static("", id="signed-in")
            yield Static("Tables", classes="section", id="tables-title")
            yield OptionList(id="tables")
            yield Static("", id="lobby-hint")
        yield SteadyFooter()

    hotseat_games: list[AutosaveCheck] = []  # this player's unfinished hot-seat games
    page_start = 0  # the first table listed (PAGE at a time)

    folded = False  # its widgets were removed while a table covers it (``fold``)

    def on_mount(self) -> None:
        self._signed_in()
        self._check_hotseat()
        self.refresh_tables()

    def _signed_in(self) -> None:
        label = getattr(self.app, "player_label", "")
        self.query_one("#signed-in", Static).update(Text(f"Signed in as {label}"))  # no markup

    def fold(self) -> None:
        """A table covers the lobby, maybe for hours: its widgets go until it shows again.
        On a server every seat keeps its lobby under its table; its widgets, their styles
        and drawn lines were about a megabyte of each seat's memory."""
        if self.is_mounted and not self.folded:
            self.folded = True
            self.call_later(self._let_go, self.query_children().remove())

    async def _let_go(self, removal: Any) -> None:
        """Once the widgets are removed, let them go: what the covered screen kept of them
        from its last paint held every one alive, the footer's keys and all."""
        await removal
        let_removed_children_go(self)

    async def on_screen_resume(self) -> None:
        if self.folded:
            self.folded = False
            await self.recompose()
            self._signed_in()
            self.query_one("#tables", OptionList).focus()
        if self.is_mounted:
            self._check_hotseat()
            self.refresh_tables()

    def _check_hotseat(self) -> None:
        """This player's unfinished hot-seat games (read here, not on every refresh)."""
        path = getattr(self.app, "autosave_path", None)
        self.hotseat_games = [check for check in check_autosaves(path) if check.controller] \
            if path is not None else []

    def refresh_tables(self) -> None:
        """Rebuild the list from the app's rows, keeping the highlighted entry."""
        if not self.is_mounted or self.folded:
            return
        rows, total = self._page()
        menu = self.query_one("#tables", OptionList)
        option = menu.highlighted_option
        keep, keep_at = (option.id, menu.highlighted) if option is not None else (None, 0)
        if keep == "new" and not any((o.id or "").startswith("t") for o in menu.options):
            keep = None  # where an empty lobby put it: the first table to come takes it
        # The key on a line of its own: at 80 columns it wrapped as 'l:' / 'leave this table'.
        options = [Option(Text.assemble((text, "bold" if action in ("rejoin", "waiting") else ""),
                                        "\n  ", (ACTION_WORDS[action], "dim")), id=f"t{tid}")
                   for tid, text, action in rows]
        if self.page_start > 0:
            options.insert(0, Option(Text(f"▲ {self.page_start} more tables above", style="dim"),
                                     id="page-up"))
        below = total - self.page_start - len(rows)
        if below > 0:
            options.append(Option(Text(f"▼ {below} more tables below", style="dim"),
                                  id="page-down"))
        title = (f"Tables {self.page_start + 1}-{self.page_start + len(rows)} of {total}"
                 if total > len(rows) else "Tables")
        self.query_one("#tables-title", Static).update(Text(title))
        options.append(Option(Text("New table (n)", style="bold"), id="new"))
        options += [Option(Text.assemble("Resume your hot-seat game  ", (
            describe_game(check.controller), "dim")), id="resume" if n == 0 else f"resume:{n}")  # type: ignore[arg-type]
            for n, check in enumerate(self.hotseat_games)]
        options.append(Option("Hot-seat game on this terminal (h)", id="hotseat"))
        if games_with_entries():
            options.append(Option("Decks and leaderboards (d)", id="extras"))
        options.append(Option("Learn to play (t)", id="learn"))
        options.append(Option("Replays of your finished games (p)", id="replays"))
        options.append(Option("Statistics (s)", id="stats"))
        options.append(Option("Quit (q)", id="quit"))
        menu.clear_options()
        menu.add_options(options)
        ids = [o.id for o in options]
        # Stay on the same entry (a table by its id, or a menu row), whatever came or went
        # above it; if that table is gone, stay at the same place in the list. In a lobby
        # that had no tables, the first table takes the highlight from "New table".
        menu.highlighted = ids.index(keep) if keep in ids else min(keep_at or 0, len(ids) - 1)
        note = getattr(self.app, "lobby_note", lambda: "")()
        hint = note or ("No tables yet: press n to make one." if not rows else
                        "Enter joins or rejoins the highlighted table; w watches it.")
        self.query_one("#lobby-hint", Static).update(Text(hint))  # no markup
        self.query_one("#lobby-hint", Static).set_class(bool(note), "-note")

    def _page(self) -> tuple[list[tuple[int, str, str]], int]:
        """The tables of the page shown, and how many there are in all."""
        rows_of = getattr(self.app, "lobby_rows", lambda start, count: [])
        total = getattr(self.app, "lobby_total", lambda: 0)
        rows = rows_of(self.page_start, PAGE)
        if not rows and self.page_start > 0:  # tables went: show the last page there is
            self.page_start = max(0, (total() - 1) // PAGE * PAGE)
            rows = rows_of(self.page_start, PAGE)
        return rows, max(total(), len(rows))

    def _turn_page(self, step: int) -> None:
        self.page_start = max(0, self.page_start + step * PAGE)
        self.refresh_tables()
        menu = self.query_one("#tables", OptionList)
        ids = [o.id for o in menu.options]
        first = next((i for i, oid in enumerate(ids) if (oid or "").startswith("t")), 0)
        menu.highlighted = first

    def _table_id(self) -> int | None:
        option = self.query_one("#tables", OptionList).highlighted_option
        if option is None or not (option.id or "").startswith("t"):
            return None
        return int(option.id[1:])  # type: ignore[index]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id or ""
        if oid == "new":
            self.action_new_table()
        elif oid == "hotseat":
            self.action_hotseat()
        elif oid == "learn":
            self.action_learn()
        elif oid == "extras":
            self.action_extras()
        elif oid in ("replays", "stats"):
            getattr(self, f"action_{oid}")()
        elif oid.startswith("resume"):
            index = int(oid.partition(":")[2] or 0)
            if index < len(self.hotseat_games):
                check = self.hotseat_games.pop(index)
                self.app.start_game(check.controller, autosave=check.path)  # type: ignore[attr-defined]
        elif oid in ("page-up", "page-down"):
            self._turn_page(-1 if oid == "page-up" else 1)
        elif oid == "quit":
            self.app.exit()
        elif oid.startswith("t"):
            self.app.open_table(int(oid[1:]))  # type: ignore[attr-defined]

    def action_new_table(self) -> None:
        # Deferred (startup): the lobby's first paint imports the lobby alone.
        from shards_tui.ui.screens.lobby_new import NewTableScreen

        def made(settings: dict[str, Any] | None) -> None:
            if settings:
                self.app.create_table(settings)  # type: ignore[attr-defined]

        refusal = getattr(self.app, "table_refusal", lambda: None)()
        if refusal:  # (said before the form is built: no table could come of it)
            self.notify(refusal, severity="error", markup=False)
            return
        self.app.push_screen(NewTableScreen(), made)

    def action_watch(self) -> None:
        tid = self._table_id()
        if tid is None:
            self.notify("Highlight a table first.", severity="warning")
            return
        self.app.open_table(tid, watch=True)  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        tid = self._table_id()
        if tid is None:
            self.notify("Highlight a table first.", severity="warning")
            return
        self.app.give_up_seat(tid)  # type: ignore[attr-defined]

    def _pick_game(self, purpose: str, then: Callable[[str], None]) -> None:
        """Ask which game (with one game in the list, that one)."""
        # Deferred (startup): the lobby's first paint imports the lobby alone.
        from shards_tui.ui.screens.game_picker import GamePickerScreen

        ids = game_ids()
        if len(ids) == 1:
            then(ids[0])
            return
        self.app.push_screen(GamePickerScreen(purpose),
                             lambda chosen: then(chosen) if chosen else None)

    def action_extras(self) -> None:
        """Every game's deck builder, collection and leaderboard; a deck saved there is this
        login's own (the app's ``deck_library``) and is offered at its private deck pick."""
        # Deferred (startup): the lobby's first paint imports the lobby alone.
        from shards_tui.ui.screens.game_extras import GameExtrasScreen

        if games_with_entries():
            self.app.push_screen(GameExtrasScreen())

    def action_learn(self) -> None:
        # Deferred (startup): the lobby's first paint imports the lobby alone.
        from shards_tui.ui.screens.lessons_menu import LessonsMenuScreen

        self._pick_game("Learn to play",
                        lambda game_id: self.app.push_screen(LessonsMenuScreen(game_id)))

    def action_hotseat(self) -> None:
        self._pick_game("Play at this keyboard",
                        lambda game_id: self.app.new_game(game_id))  # type: ignore[attr-defined]

    def action_replays(self) -> None:
        """This login's finished games (the app's ``history_folder``), to watch again."""
        opener = getattr(self.app, "open_replays", None)
        if callable(opener):
            opener()

    def action_stats(self) -> None:
        """A game's statistics over this login's finished games."""
        opener = getattr(self.app, "open_stats", None)
        if callable(opener):
            self._pick_game("Statistics", opener)
