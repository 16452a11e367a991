"""Statistics of one game, from the finished games of whoever sits at this app (the app's
``history_folder``: over SSH, the login's own): the numbers (``core.game_stats``: games, wins
by player, by role, by seat order, lengths, ratings; for a rated game its ranked ladder from
the ratings database too) and three charts drawn by
textual-plotext: each player's win rate over time, the game lengths, and, for a chosen game,
each player's figures (health, shields, points) turn by turn.

Keys: 1-4 the tabs, g the next game, f the next figure and [ ] another game (By turn), Esc back.
Everything is read on a thread; the numbers are the ones `shards-tui stats GAME` prints.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static, TabbedContent, TabPane
from textual_plotext import PlotextPlot

from shards_tui.core.errors import SaveFileError
from shards_tui.core.figures import FigureTrack, follow
from shards_tui.core.game_stats import GameStats, Record, game_stats
from shards_tui.core.history import Entry, entries
from shards_tui.core.ratings import Ratings, RatingsError
from shards_tui.core.registry import game, game_ids, listing
from shards_tui.core.replay import Replay
from shards_tui.core.stats_spec import spec_for
from shards_tui.ui.screens.replays import ended_text

TABS = ("numbers", "win-rate", "lengths", "by-turn")
MAX_LINES = 8  # players a chart draws a line for (those with the most games)


def _table(title: str, first: str, rows: list[tuple[str, Record]], rating: dict[str, int] | None
           = None) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold", expand=False,
                  box=None, padding=(0, 1), header_style="dim")
    table.add_column(first)
    for column in ("games", "wins", "win %"):
        table.add_column(column, justify="right")
    if rating is not None:
        table.add_column("rating", justify="right")
    for name, record in rows:
        cells = [Text(name), str(record.games), str(record.wins), f"{100 * record.win_rate:.0f}%"]
        if rating is not None:
            cells.append(str(rating[name]))
        table.add_row(*cells)
    return table


def ladder_table(rows: list[Any]) -> Table:
    """A rated game's ranked ladder (``core.ratings``), as the leaderboard has it."""
    table = Table(title="Ranked ladder (ranked games only)", title_justify="left",
                  title_style="bold", box=None, padding=(0, 1), header_style="dim")
    for column, justify in (("#", "right"), ("player", "left"), ("kind", "left"),
                            ("rating", "right"), ("games", "right"), ("win %", "right")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(str(row.rank), Text(row.name), row.kind_label, str(row.rating),
                      str(row.games), f"{100 * row.win_rate:.0f}%")
    return table


def numbers(stats: GameStats, ranked: list[Any] | None = None) -> Group:
    """The numbers of the Statistics screen, as rich tables (``ranked``: the ranked ladder of a
    rated game, from the ratings database)."""
    players = stats.ranked_players()
    parts: list[Any] = [_table("Players (rated over every kept game)", "player",
                               [(p.name, p.record) for p in players],
                               {p.name: p.rating for p in players})]
    for label, by in stats.roles.items():
        rows = sorted(by.items(), key=lambda item: (-item[1].win_rate, -item[1].games, item[0]))
        parts += [Text(""), _table(f"By {label.lower()}", label.lower(), rows)]
    parts += [Text(""), _table("By seat order", "seat",
                               [(f"seat {n + 1}", r) for n, r in enumerate(stats.seats)])]
    if ranked:
        parts += [Text(""), ladder_table(ranked)]
    return Group(*parts)


def _marker(points: int) -> str:
    """Fine dots for a long line; a few points each drawn as a dot that shows."""
    return "braille" if points > 24 else "•"


def _whole_ticks(plt: Any, first: int, last: int) -> None:
    """Whole numbers on the x axis (games and turns have no halves)."""
    if last - first <= 12:
        plt.xticks(list(range(first, last + 1)))


class StatsScreen(Screen[None]):
    DEFAULT_CSS = """
    StatsScreen { align: center top; }
    #stats-box { width: 110; max-width: 100%; height: 1fr; padding: 0 1; }
    #stats-title { text-style: bold; color: $accent; }
    #stats-summary { color: $text-muted; height: auto; }
    #stats-tabs { height: 1fr; }
    #stats-tabs TabPane { padding: 0; height: 1fr; }
    #stats-numbers { height: 1fr; }
    StatsScreen PlotextPlot { height: 1fr; min-height: 8; }
    #turn-game { height: auto; color: $text-muted; }
    """
    BINDINGS = [
        Binding("1", "tab('numbers')", "Numbers", id="stats.numbers"),
        Binding("2", "tab('win-rate')", "Win rate", id="stats.win_rate"),
        Binding("3", "tab('lengths')", "Lengths", id="stats.lengths"),
        Binding("4", "tab('by-turn')", "By turn", id="stats.by_turn"),
        Binding("g", "next_game", "Game", id="stats.game",
                tooltip="The statistics of the next game of the list."),
        Binding("f", "next_figure", "Figure", id="stats.figure",
                tooltip="By turn: the next figure (health, shields, points...)."),
        Binding("right_square_bracket", "other_game(1)", "Older game", key_display="]",
                id="stats.older", tooltip="By turn: the game before this one."),
        Binding("left_square_bracket", "other_game(-1)", "Newer game", key_display="[",
                id="stats.newer", tooltip="By turn: the game after this one."),
        Binding("escape", "app.pop_screen", "Back", id="stats.back"),
    ]

    def __init__(self, game_id: str, folder: Path | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.folder = folder
        self.stats: GameStats | None = None
        self.kept: list[Entry] = []  # this game's finished games, the newest first
        self.track: FigureTrack | None = None
        self.track_game = 0  # which of ``kept`` By turn follows
        self.figure = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="stats-box"):
            yield Static("", id="stats-title")
            yield Static("Reading your finished games…", id="stats-summary")
            with TabbedContent(id="stats-tabs"):
                with TabPane("1 Numbers", id="numbers"):
                    yield VerticalScroll(Static("", id="stats-table"), id="stats-numbers")
                with TabPane("2 Win rate", id="win-rate"):
                    yield PlotextPlot(id="win-rate-plot")
                with TabPane("3 Lengths", id="lengths"):
                    yield PlotextPlot(id="lengths-plot")
                with TabPane("4 By turn", id="by-turn"):
                    yield Static("", id="turn-game")
                    yield PlotextPlot(id="turn-plot")
        yield Footer()

    def on_mount(self) -> None:
        if self.folder is None:
            self.folder = getattr(self.app, "history_folder", None)
        self.refresh_stats()

    # ---- reading ----------------------------------------------------------------------------

    def refresh_stats(self) -> None:
        self.stats, self.track, self.track_game, self.figure = None, None, 0, 0
        self.query_one("#stats-title", Static).update(
            f"Statistics: {listing(self.game_id).title}  (g: the next game)")
        self.query_one("#stats-summary", Static).update("Reading your finished games…")
        self._read(self.game_id)

    @work(thread=True, exclusive=True, group="stats-read")
    def _read(self, game_id: str) -> None:
        info = game(game_id)
        found = entries(self.folder, game_id) if self.folder is not None else []
        stats = game_stats(game_id, info.title, spec_for(info), found, info.length)
        ranked: list[Any] = []
        if info.listing.rated:
            try:
                ranked = Ratings().leaderboard(game_id)
            except RatingsError:
                ranked = []  # (the leaderboard screen says why)
        self.app.call_from_thread(self._show, game_id, stats,
                                  [e for e in found if e.problem is None], ranked)

    def _show(self, game_id: str, stats: GameStats, kept: list[Entry],
              ranked: list[Any]) -> None:
        if not self.is_attached or game_id != self.game_id:
            return
        self.stats, self.kept = stats, kept
        summary = self.query_one("#stats-summary", Static)
        if not stats.games:
            summary.update(f"No finished game of {stats.title} is kept yet: every game played "
                           "to its end is counted here.")
        else:
            summary.update(f"{stats.games} finished game{'s' if stats.games != 1 else ''} · "
                           f"{stats.length.words(round(stats.mean_length, 1))} on average "
                           f"({stats.mean_moves:.0f} "
                           f"moves)" + (f" · {stats.unrated} not rated (a player at two seats)"
                                        if stats.unrated else ""))
        self.query_one("#stats-table", Static).update(numbers(stats, ranked) if stats.games
                                                      else ladder_table(ranked) if ranked else "")
        self._draw_win_rate()
        self._draw_lengths()
        self._follow_game()

    # ---- charts ---------------------------------------------------------------------------------

    def _draw_win_rate(self) -> None:
        plot = self.query_one("#win-rate-plot", PlotextPlot)
        plt = plot.plt
        plt.clear_figure()
        plt.title("Win rate after each game")
        stats = self.stats
        if stats is not None and stats.games:
            players = sorted(stats.players.values(), key=lambda p: -p.record.games)[:MAX_LINES]
            for player in players:
                xs = [n for n, _ in player.rates]
                ys = [100 * rate for _, rate in player.rates]
                plt.plot(xs, ys, label=player.name, marker=_marker(len(xs)))
            _whole_ticks(plt, 1, stats.games)
            plt.ylim(0, 100)
            plt.xlabel("game")
            plt.ylabel("win %")
        plot.refresh()

    def _draw_lengths(self) -> None:
        plot = self.query_one("#lengths-plot", PlotextPlot)
        plt = plot.plt
        plt.clear_figure()
        stats = self.stats
        plt.title(f"Game lengths ({stats.length.plural if stats is not None else 'turns'})")
        if stats is not None and stats.lengths:
            counts: dict[int, int] = {}
            for length in stats.lengths:
                counts[length] = counts.get(length, 0) + 1
            lengths = sorted(counts)
            plt.bar([str(n) for n in lengths], [counts[n] for n in lengths])
            plt.xlabel(stats.length.plural)
            plt.ylabel("games")
        plot.refresh()

    def _follow_game(self) -> None:
        """Read the chosen game's figures turn by turn (on a thread: it is replayed)."""
        label = self.query_one("#turn-game", Static)
        if not self.kept:
            label.update("No finished game to follow yet.")
            self._draw_track()
            return
        entry = self.kept[self.track_game]
        label.update(Text(f"{ended_text(entry)} · {', '.join(entry.players)} · "
                          f"{entry.length_words}  ([ ]: game, f: figure)"))
        self._read_track(self.game_id, self.folder / entry.file if self.folder else None)

    @work(thread=True, exclusive=True, group="stats-track")
    def _read_track(self, game_id: str, path: Path | None) -> None:
        track: FigureTrack | str | None = None
        if path is not None:
            try:
                replay = Replay.load(path)  # (checked as loading checks it)
                info = game(game_id)
                track = follow(info.controller, replay.setup, replay.history, spec_for(info))
            except SaveFileError as exc:
                track = str(exc)
        self.app.call_from_thread(self._tracked, game_id, track)

    def _tracked(self, game_id: str, track: FigureTrack | str | None) -> None:
        if not self.is_attached or game_id != self.game_id:
            return
        if isinstance(track, str):
            self.query_one("#turn-game", Static).update(Text(track))
            track = None
        self.track = track
        self._draw_track()

    def _draw_track(self) -> None:
        plot = self.query_one("#turn-plot", PlotextPlot)
        plt = plot.plt
        plt.clear_figure()
        track = self.track
        word = game(self.game_id).turn_word  # ('round' for a game whose turn is a round)
        if track is not None and track.figures:
            figure = track.figures[self.figure % len(track.figures)]
            plt.title(f"{figure.label} by {word}")
            for seat, name in enumerate(track.names):
                points = [(t, v) for t, v in zip(track.turns, track.series(figure.key, seat))
                          if v is not None]
                if points:
                    plt.plot([t for t, _ in points], [v for _, v in points], label=name,
                             marker=_marker(len(points)))
            _whole_ticks(plt, track.turns[0], track.turns[-1])
            plt.xlabel(word)
        else:
            plt.title(f"By {word}")
        plot.refresh()

    # ---- keys ---------------------------------------------------------------------------------

    def action_tab(self, tab: str) -> None:
        self.query_one("#stats-tabs", TabbedContent).active = tab

    def action_next_game(self) -> None:
        ids = game_ids()
        self.game_id = ids[(ids.index(self.game_id) + 1) % len(ids)]
        self.refresh_stats()

    def action_next_figure(self) -> None:
        self.figure += 1
        self.action_tab("by-turn")
        self._draw_track()

    def action_other_game(self, step: int) -> None:
        if not self.kept:
            return
        self.track_game = (self.track_game + step) % len(self.kept)
        self.track = None
        self.action_tab("by-turn")
        self._follow_game()
