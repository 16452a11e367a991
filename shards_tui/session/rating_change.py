"""Rating a ranked game and saying what it changed: each player's new rating and how far it
moved ('1012 (+12)'), for the result screen, at one keyboard and at an SSH table alike."""

from __future__ import annotations

from typing import Sequence

from shards_tui.core.ratings import MAX_KEY, NEW_PLAYER, Player, Ratings, RatingsError

EVERYONE = 10**6  # the leaderboard's limit when looking up every rated player


def rate_and_tell(game_id: str, players: Sequence[Player], winners: Sequence[int],
                  ratings: Ratings | None = None) -> tuple[str, dict[int, str]]:
    """Rate the game; returns the sentence ('Ratings now: Ana 1012, Ben 988.', or why they
    could not be updated) and {seat: '1012 (+12)'} ('927 (-73, first ranked game)' for one new
    to the ladder, who had the new player's 1000)."""
    ratings = ratings or Ratings()
    try:
        before = {row.key: row.rating for row in ratings.leaderboard(game_id, EVERYONE)}
        rows = ratings.record_seats(game_id, list(players), winners)
    except RatingsError as exc:
        return str(exc), {}
    after = {row.key: row for row in rows}
    changes: dict[int, str] = {}
    for seat, player in enumerate(players):
        row = after.get(player.key[:MAX_KEY])
        if row is None:
            continue
        was = before.get(row.key)
        change = f"{row.rating - (NEW_PLAYER if was is None else was):+d}"
        changes[seat] = (f"{row.rating} ({change}, first ranked game)" if was is None
                         else f"{row.rating} ({change})")
    sentence = "Ratings now: " + ", ".join(f"{r.name} {r.rating}" for r in rows) + "."
    return sentence, changes
