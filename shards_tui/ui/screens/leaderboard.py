"""A rated game's leaderboard: each player's rating, games and win rate from ``core.ratings``
(people at this keyboard by name, SSH players by their key, bots by level). Escape: back."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from shards_tui.core.ratings import Ratings, RatingsError, Row
from shards_tui.core.registry import listing

COLUMNS = ("#", "Player", "Kind", "Rating", "Games", "Win %")


def row_cells(row: Row) -> tuple[str, ...]:
    return (str(row.rank), row.name, row.kind_label, str(row.rating),
            str(row.games), f"{100 * row.win_rate:.0f}%")


class LeaderboardScreen(Screen[None]):
    DEFAULT_CSS = """
    LeaderboardScreen { align: center top; }
    #board-box { width: 76; max-width: 100%; height: 1fr; padding: 0 1; }
    #board-title { text-style: bold; color: $accent; margin-top: 1; }
    #board-note { color: $text-muted; margin-bottom: 1; }
    #board { height: 1fr; }
    """
    AUTO_FOCUS = "#board"
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="leaderboard.back")]

    def __init__(self, game_id: str, ratings: Ratings | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.ratings = ratings or Ratings()

    def compose(self) -> ComposeResult:
        title = listing(self.game_id).title
        try:
            rows, problem = self.ratings.leaderboard(self.game_id), ""
        except RatingsError as exc:
            rows, problem = [], str(exc)
        with Vertical(id="board-box"):
            yield Static(f"{title}: leaderboard", id="board-title")
            note = problem or ("No ranked games yet: choose Ranked in New game, or play a ranked "
                               "table in the SSH lobby." if not rows else
                               "Ranked games only. The rating is cautious: it rises as a player "
                               "wins and as the system grows sure of them.")
            yield Static(note, id="board-note", classes="error" if problem else "")
            table: DataTable[str] = DataTable(id="board", cursor_type="row", zebra_stripes=True)
            table.add_columns(*COLUMNS)
            for row in rows:
                table.add_row(*row_cells(row), key=row.key)
            table.display = bool(rows)
            yield table
        yield Footer()
