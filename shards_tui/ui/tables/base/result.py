"""The end of a game at a table: rating a ranked game played at this keyboard, and what the
result screen (``ui/screens/game_over.py``) is given: the game's own words (``summary()``),
why it ended (its last log line), its figures (``session.game_story``, worked out once per
table), the rating changes, and the rematch.

Rematch: at one keyboard the same players with the seats rotated and a new secret seed
(``session.seats.rematch_setup``) start at once; at an SSH table the app's ``offer_rematch``
asks everyone seated, and the game starts once each has accepted. A lesson, a demo, or a game
not set up as a new one (a scenario) offers none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from shards_tui.session.game_story import GameStory, tell
from shards_tui.session.seats import rematch_setup
from shards_tui.ui.screens.campaign import campaign_ending
from shards_tui.ui.screens.game_over import GameOverScreen

if TYPE_CHECKING:
    from shards_tui.ui.tables.base.screen import TableScreen


def rate_here(table: TableScreen) -> None:
    """Rate a ranked game that ended at this keyboard (people by name, bots by level)."""
    from shards_tui.core.ratings import bot_player, local_player  # (sqlite, when needed)
    from shards_tui.session.rating_change import rate_and_tell

    levels = table.bots.levels
    players = [bot_player(levels[s]) if s in levels else local_player(name)
               for s, name in enumerate(table.ctl.seat_names())]
    sentence, changes = rate_and_tell(table.ctl.game_id, players, table.ctl.winners or [])
    table.session.rating_changes = changes
    table.notify(sentence, timeout=10)


def result_screen(table: TableScreen) -> GameOverScreen:
    headline, lines = table.summary()
    log = [line.text for line in table.ctl.view(None).log if line.text]
    names = table.ctl.seat_names()
    ratings = {names[seat]: change for seat, change in table.session.rating_changes.items()
               if 0 <= seat < len(names)}
    more, onward = campaign_ending(table)  # a campaign's chapter: recorded; its next offered
    return GameOverScreen(headline, lines + more, why=log[-1] if log else "", story=_story(table),
                          ratings=ratings, rematch=None if onward else _rematch(table),
                          onward=("Next chapter", onward) if onward else None)


def _story(table: TableScreen) -> Callable[[], GameStory]:
    """The figures, worked out once for this table (on the result screen's thread)."""
    controller = table.ctl

    def work_out() -> GameStory:
        known = getattr(table, "_game_story", None)
        if known is None:
            known = tell(controller)
            table._game_story = known
        return known

    return work_out


def _rematch(table: TableScreen) -> Callable[[], str | None] | None:
    if table.guide is not None:
        return None
    if table.networked:
        offer = getattr(table.app, "offer_rematch", None)
        return offer if callable(offer) and table.fixed_seat is not None else None
    setup = rematch_setup(table.ctl.setup)
    start_game = getattr(table.app, "start_game", None)
    if setup is None or not callable(start_game):
        return None

    def start() -> str | None:
        try:
            controller = type(table.ctl).build(setup)
        except Exception as exc:  # (a game that no longer builds from its own setup)
            return f"The rematch could not be set up: {exc}"
        start_game(controller)
        return None

    return start
