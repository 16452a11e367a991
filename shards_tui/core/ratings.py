"""Ratings for ranked play, per game: a SQLite database in the data folder, updated after each
ranked match with the openskill library (Plackett-Luce: one-on-one, free-for-all and teams).

A player is a key: a name at one keyboard ("local:Ana"), a login key over SSH ("ssh:<key
fingerprint>"), or a bot ("bot:greedy"); bots are rated too. Each match is one transaction
taken with an immediate write lock, so several tables writing at once (the SSH server) wait
for each other instead of losing an update. A database file that is not one raises
``RatingsError`` with one sentence, and the file is left as it was.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from shards_tui.core.paths import save_dir

FILE_NAME = "ratings.sqlite3"
MAX_KEY = 120
MAX_NAME = 40
SCALE = 40.0  # shown rating = 1000 + SCALE * (mu - 3 sigma): 1000 for a new player
_SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    game TEXT NOT NULL, key TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
    mu REAL NOT NULL, sigma REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game, key));
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, players TEXT NOT NULL,
    winners TEXT NOT NULL);
"""


class RatingsError(Exception):
    """The ratings database cannot be used; the message is one sentence."""


@dataclass(frozen=True)
class Player:
    key: str  # 'local:Ana', 'ssh:SHA256:...', 'bot:greedy'
    name: str

    @property
    def kind(self) -> str:
        return self.key.split(":", 1)[0] if ":" in self.key else "local"


@dataclass(frozen=True)
class Row:
    """One line of a leaderboard."""

    rank: int
    key: str
    name: str
    kind: str
    rating: int
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def kind_label(self) -> str:
        """How the player is known, as a leaderboard says it: by name at one keyboard
        ('hot-seat', wherever that keyboard is), by login key ('SSH'), or a bot."""
        return KIND_LABELS.get(self.kind, self.kind)


KIND_LABELS = {"local": "hot-seat", "ssh": "SSH", "bot": "bot"}


def _clean(text: str, limit: int) -> str:
    return "".join(ch if ch.isprintable() else " " for ch in str(text)).strip()[:limit]


def local_player(name: str) -> Player:
    name = _clean(name, MAX_NAME)
    return Player(f"local:{name.casefold()}", name)


def ssh_player(fingerprint: str, name: str) -> Player:
    """A player who logged in over SSH, known by their key's fingerprint."""
    return Player(f"ssh:{_clean(fingerprint, MAX_KEY - 4)}", _clean(name, MAX_NAME))


def bot_player(level: str) -> Player:
    return Player(f"bot:{_clean(level, 20)}", f"{_clean(level, 20)} bot")


def shown(mu: float, sigma: float) -> int:
    return round(1000 + SCALE * (mu - 3 * sigma))


NEW_PLAYER = 1000  # the shown rating of a player before their first rated game


class Ratings:
    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else save_dir() / FILE_NAME

    def _connect(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            db.execute("PRAGMA busy_timeout = 30000")
            db.executescript(_SCHEMA)
            return db
        except sqlite3.DatabaseError as exc:
            raise RatingsError(f"The ratings file {self.path.name} is not a ratings database "
                               f"({exc}); it was left untouched.") from None
        except OSError as exc:
            raise RatingsError(f"The ratings file {self.path} cannot be opened "
                               f"({exc.strerror or exc}).") from None

    def record(self, game: str, teams: Sequence[Sequence[Player]], winners: Sequence[int]) -> list[Row]:
        """Rate one ranked match: ``teams`` (one player each for a duel), ``winners`` the
        indexes of the winning teams (all others lose, tied with each other). Returns the
        players' rows after the update."""
        # Deferred (startup): the rating model loads when a game is first rated.
        from openskill.models import PlackettLuce

        if len(teams) < 2 or not all(teams):
            raise RatingsError("A rated match needs at least two sides with a player each.")
        if not winners or any(not 0 <= w < len(teams) for w in winners):
            raise RatingsError("A rated match needs a winner among its sides.")
        model = PlackettLuce()
        game = _clean(game, 40)
        keys = [p.key[:MAX_KEY] for team in teams for p in team]
        if len(set(keys)) != len(keys):
            raise RatingsError("A player cannot sit on two sides of a rated match.")
        try:
            with closing(self._connect()) as db:
                db.execute("BEGIN IMMEDIATE")
                try:
                    rated = []
                    for team in teams:
                        side = []
                        for p in team:
                            row = db.execute("SELECT mu, sigma FROM players WHERE game=? AND key=?",
                                             (game, p.key[:MAX_KEY])).fetchone()
                            side.append(model.rating(mu=row[0], sigma=row[1]) if row
                                        else model.rating())
                        rated.append(side)
                    ranks = [1 if t in winners else 2 for t in range(len(teams))]
                    new = model.rate(rated, ranks=ranks)
                    for t, team in enumerate(teams):
                        for p, r in zip(team, new[t]):
                            db.execute(
                                "INSERT INTO players (game, key, name, kind, mu, sigma, games, wins) "
                                "VALUES (?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT (game, key) DO UPDATE "
                                "SET name=excluded.name, mu=excluded.mu, sigma=excluded.sigma, "
                                "games=games+1, wins=wins+excluded.wins",
                                (game, p.key[:MAX_KEY], _clean(p.name, MAX_NAME), p.kind, r.mu,
                                 r.sigma, int(t in winners)))
                    db.execute("INSERT INTO matches (game, players, winners) VALUES (?, ?, ?)",
                               (game, "|".join(keys), ",".join(map(str, sorted(winners)))))
                    db.execute("COMMIT")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
        except sqlite3.DatabaseError as exc:
            raise RatingsError(f"The ratings file {self.path.name} could not be updated ({exc}); "
                               "it was left as it was.") from None
        board = {r.key: r for r in self.leaderboard(game)}
        return [board[k] for k in keys if k in board]

    def record_seats(self, game: str, seats: Sequence[Player],
                     winners: Sequence[int]) -> list[Row]:
        """Rate a finished game in which each seat played for itself (``winners``: the
        controller's winning seats)."""
        return self.record(game, [[p] for p in seats], winners)

    def leaderboard(self, game: str, limit: int = 100) -> list[Row]:
        if not self.path.exists():
            return []
        try:
            with closing(self._connect()) as db:
                rows = db.execute("SELECT key, name, kind, mu, sigma, games, wins FROM players "
                                  "WHERE game=?", (_clean(game, 40),)).fetchall()
        except sqlite3.DatabaseError as exc:
            raise RatingsError(f"The ratings file {self.path.name} cannot be read ({exc}); it was "
                               "left untouched.") from None
        rows.sort(key=lambda r: (-(r[3] - 3 * r[4]), -r[5], r[1]))
        return [Row(n, key, name, kind, shown(mu, sigma), mu, sigma, games, wins)
                for n, (key, name, kind, mu, sigma, games, wins) in enumerate(rows[:limit], 1)]


def ladder_lines(rows: list[Row], title: str) -> list[str]:
    """The leaderboard as text lines (for `shards-tui ladder`)."""
    if not rows:
        return [f"{title}: no ranked games yet."]
    out = [f"{title}: ranked ladder", "",
           f"{'#':>3}  {'player':<24}{'kind':<9}{'rating':>7}{'games':>7}{'win %':>7}"]
    for r in rows:
        out.append(f"{r.rank:>3}  {r.name[:23]:<24}{r.kind_label:<9}{r.rating:>7}{r.games:>7}"
                   f"{100 * r.win_rate:>6.0f}%")
    return out


def rate_local_game(game: str, names: Sequence[str], bots: Mapping[int, str],
                    winners: Sequence[int], ratings: Ratings | None = None) -> str:
    """Rate a ranked game played at one keyboard (people by name, bots by level) and say the
    new ratings in one sentence (or why they could not be updated)."""
    players = [bot_player(bots[s]) if s in bots else local_player(name)
               for s, name in enumerate(names)]
    try:
        rows = (ratings or Ratings()).record_seats(game, players, winners)
    except RatingsError as exc:
        return str(exc)
    return "Ratings now: " + ", ".join(f"{r.name} {r.rating}" for r in rows) + "."
