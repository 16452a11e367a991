"""Statistics of one game, from the finished games kept in a history folder (``core.history``):
games played, wins by player, by what each seat played as (a character, a faction, a deck: the
game's ``StatsSpec`` roles), by seat order, the lengths, each player's win rate over time, and
ratings for every player (openskill, as ``core.ratings`` rates ranked play: free-for-all, or
teams where the game has sides). A game's figures turn by turn are ``core.figures``'s (the
result screen's too). The Statistics screen and ``shards-tui stats`` show the same numbers.

Players are known by name (any capitals), as the ratings know them at one keyboard; a bot by
its name and level ('Ben (greedy bot)'), so two bots of one level at a table are two players.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from statistics import mean
from typing import Any

from shards_tui.core.history import Entry
from shards_tui.core.registry import Length
from shards_tui.core.ratings import SCALE, bot_player, local_player, shown
from shards_tui.core.stats_spec import StatsSpec


@dataclass
class Record:
    """Seats played and wins (a shared win counts whole for each winner of a side)."""

    games: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += int(won)


@dataclass
class PlayerStats:
    key: str
    name: str
    record: Record = field(default_factory=Record)
    rating: int = 1000
    mu: float = 0.0
    sigma: float = 0.0
    rates: list[tuple[int, float]] = field(default_factory=list)  # (game number, win rate then)


@dataclass
class GameStats:
    game_id: str
    title: str
    games: int = 0
    length: Length = field(default_factory=Length)  # the unit the game counts its length in
    lengths: list[int] = field(default_factory=list)  # each game's length, oldest first
    moves: list[int] = field(default_factory=list)
    players: dict[str, PlayerStats] = field(default_factory=dict)
    roles: dict[str, dict[str, Record]] = field(default_factory=dict)  # label -> title -> record
    seats: list[Record] = field(default_factory=list)  # by seat order, the first seat first
    unrated: int = 0  # games left out of the ratings (a player at two seats, say)

    @property
    def mean_length(self) -> float:
        return mean(self.lengths) if self.lengths else 0.0

    @property
    def mean_moves(self) -> float:
        return mean(self.moves) if self.moves else 0.0

    def ranked_players(self) -> list[PlayerStats]:
        """Best rated first (then most wins, then by name)."""
        return sorted(self.players.values(),
                      key=lambda p: (-p.rating, -p.record.wins, p.name.casefold()))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id, "title": self.title, "games": self.games,
            "unit": self.length.unit, "mean_length": round(self.mean_length, 2),
            "mean_moves": round(self.mean_moves, 2), "lengths": list(self.lengths),
            "players": [{"name": p.name, "key": p.key, "games": p.record.games,
                         "wins": p.record.wins, "win_rate": round(p.record.win_rate, 4),
                         "rating": p.rating, "mu": round(p.mu, 4), "sigma": round(p.sigma, 4),
                         "win_rate_over_time": [[n, round(r, 4)] for n, r in p.rates]}
                        for p in self.ranked_players()],
            "roles": {label: [{"name": title, "games": r.games, "wins": r.wins,
                               "win_rate": round(r.win_rate, 4)}
                              for title, r in sorted(by.items(), key=_most_wins)]
                      for label, by in self.roles.items()},
            "seats": [{"seat": n + 1, "games": r.games, "wins": r.wins,
                       "win_rate": round(r.win_rate, 4)} for n, r in enumerate(self.seats)],
            "unrated_games": self.unrated,
        }


def _most_wins(item: tuple[str, Record]) -> tuple[float, int, str]:
    title, record = item
    return (-record.win_rate, -record.games, title)


def player_key(name: str, bot: str | None) -> tuple[str, str]:
    """(key, name) of a seat's player: a person by their name, a bot by its name and level."""
    who = local_player(name)
    if not bot:
        return who.key, who.name
    level = bot_player(bot)
    return f"{level.key}:{who.key.partition(':')[2]}", f"{who.name} ({level.name})"


def game_stats(game_id: str, title: str, spec: StatsSpec, found: list[Entry],
               length: Length | None = None) -> GameStats:
    """The statistics of ``game_id`` from its kept games (any order; broken ones are left out);
    ``length``: how the game counts its length (its registration's)."""
    # Deferred (startup): the rating model loads when a game is first rated.
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    stats = GameStats(game_id, title, length=length or Length())
    kept = sorted((e for e in found if e.problem is None and e.game_id == game_id),
                  key=lambda e: (e.finished, e.file))
    ratings: dict[str, Any] = {}
    for number, entry in enumerate(kept, start=1):
        stats.games += 1
        stats.lengths.append(entry.length)
        stats.moves.append(entry.moves)
        won = set(entry.winners)
        keys = []
        for seat, name in enumerate(entry.players):
            bot = entry.bots[seat] if seat < len(entry.bots) else None
            key, shown_name = player_key(name, bot)
            keys.append(key)
            player = stats.players.setdefault(key, PlayerStats(key, shown_name))
            player.name = shown_name  # the newest spelling
            player.record.add(seat in won)
            player.rates.append((number, player.record.win_rate))
            while len(stats.seats) <= seat:
                stats.seats.append(Record())
            stats.seats[seat].add(seat in won)
            roles = entry.roles[seat] if seat < len(entry.roles) else []
            for role, value in zip(spec.roles, roles):
                if value:
                    stats.roles.setdefault(role.label, {}).setdefault(value, Record()).add(seat in won)
        if not _rate(model, ratings, entry, keys):
            stats.unrated += 1
    for key, player in stats.players.items():
        rating = ratings.get(key)
        if rating is not None:
            player.mu, player.sigma = rating.mu, rating.sigma
            player.rating = shown(rating.mu, rating.sigma)
        else:
            default = model.rating()
            player.mu, player.sigma = default.mu, default.sigma
            player.rating = shown(default.mu, default.sigma)
    return stats


def _rate(model: Any, ratings: dict[str, Any], entry: Entry, keys: list[str]) -> bool:
    """Rate one game: each side (its seats of one team, or each seat alone) ranked first if
    it won, all others tied after. False (nothing changes) when a player sat at two seats or
    there is one side."""
    if len(set(keys)) != len(keys):
        return False
    sides: dict[Any, list[int]] = {}
    for seat in range(len(keys)):
        team = entry.teams[seat] if seat < len(entry.teams) else None
        sides.setdefault(("team", team) if team is not None else ("seat", seat), []).append(seat)
    if len(sides) < 2:
        return False
    groups = list(sides.values())
    won = set(entry.winners)
    teams = [[ratings.get(keys[s]) or model.rating() for s in group] for group in groups]
    ranks = [1 if any(s in won for s in group) else 2 for group in groups]
    for group, rated in zip(groups, model.rate(teams, ranks=ranks)):
        for seat, rating in zip(group, rated):
            ratings[keys[seat]] = rating
    return True


def stats_lines(stats: GameStats, ranked: list[Any] | None = None) -> list[str]:
    """The statistics as text lines (``shards-tui stats``)."""
    if not stats.games:
        return [f"{stats.title}: no finished games kept yet."]
    lines = [f"{stats.title}: {stats.games} finished game{'s' if stats.games != 1 else ''}, "
             f"{stats.length.words(round(stats.mean_length, 1))} ({stats.mean_moves:.0f} moves) on average", "",
             f"{'player':<24}{'games':>7}{'wins':>7}{'win %':>7}{'rating':>8}"]
    for p in stats.ranked_players():
        lines.append(f"{p.name[:23]:<24}{p.record.games:>7}{p.record.wins:>7}"
                     f"{100 * p.record.win_rate:>6.0f}%{p.rating:>8}")
    for label, by in stats.roles.items():
        lines += ["", f"{label.lower():<24}{'games':>7}{'wins':>7}{'win %':>7}"]
        lines += [f"{title[:23]:<24}{r.games:>7}{r.wins:>7}{100 * r.win_rate:>6.0f}%"
                  for title, r in sorted(by.items(), key=_most_wins)]
    lines += ["", f"{'seat':<24}{'games':>7}{'wins':>7}{'win %':>7}"]
    lines += [f"{'seat ' + str(n + 1):<24}{r.games:>7}{r.wins:>7}{100 * r.win_rate:>6.0f}%"
              for n, r in enumerate(stats.seats)]
    lines += ["", f"Ratings: 1000 + {SCALE:g} x (mu - 3 sigma), over every kept game in order"
                  + (f"; {stats.unrated} game(s) left out (a player at two seats)"
                     if stats.unrated else "") + "."]
    if ranked:
        lines += ["", "Ranked ladder (ranked games only):"]
        lines += [f"{r.rank:>3}  {r.name[:23]:<24}{r.rating:>7}{r.games:>7}" for r in ranked]
    return lines
