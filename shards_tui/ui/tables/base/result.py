"""``GameEnd``: the end of a game at a table: rating a ranked game played at this keyboard, and
the result screen (``ui/screens/game_over.py``), given the game's own words (``summary()``),
why it ended (its last log line), its figures (``core.figures``, worked out once per table),
the rating changes, and the rematch.

Rematch: at one keyboard the same players with the seats rotated and a new secret seed
(``session.seats.rematch_setup``) start at once; at an SSH table the app's ``offer_rematch``
asks everyone seated, and the game starts once each has accepted. A lesson, a demo, or a game
not set up as a new one (a scenario) offers none.

A part of the table: it keeps whether the result was shown, whether the game is still owed its
rating, and the figures once worked out.
"""

from __future__ import annotations

from typing import Callable

from shards_tui.core.figures import FigureTrack, follow_game
from shards_tui.session.seats import rematch_setup
from shards_tui.ui.screens.campaign import campaign_ending
from shards_tui.ui.screens.game_over import GameOverScreen
from shards_tui.ui.tables.base.surface import TableSurface


class GameEnd:
    def __init__(self, table: TableSurface) -> None:
        self.table = table
        self.shown = False  # the result screen came up once
        self.rating_owed = not table.ctl.over  # a game that ends at this table is rated once
        self.story: FigureTrack | None = None  # the figures, once worked out

    def reached(self) -> None:
        """The game is over (once): rate it if it is ranked and was played here, and show the
        result (unless the table's guide says it itself)."""
        table = self.table
        if self.shown:
            return
        self.shown = True
        if self.rating_owed and table.ctl.rated and not table.networked and table.guide is None:
            self.rating_owed = False
            self.rate_here()
        if table.check_action("result", ()) is not False:  # (a demo says it itself)
            self.show()

    def show(self) -> None:
        table = self.table
        if table.ctl.over and not isinstance(table.app.screen, GameOverScreen):
            table.app.push_screen(self.screen())

    def rate_here(self) -> None:
        """Rate a ranked game that ended at this keyboard (people by name, bots by level)."""
        # Deferred (startup): the ratings' store (sqlite, openskill) loads when a ranked game ends.
        from shards_tui.core.ratings import bot_player, local_player
        from shards_tui.session.rating_change import rate_and_tell

        table = self.table
        levels = table.bots.levels
        players = [bot_player(levels[s]) if s in levels else local_player(name)
                   for s, name in enumerate(table.ctl.seat_names())]
        sentence, changes = rate_and_tell(table.ctl.game_id, players, table.ctl.winners or [])
        table.session.rating_changes = changes
        table.notify(sentence, timeout=10)

    def screen(self) -> GameOverScreen:
        table = self.table
        headline, lines = table.summary()
        log = [line.text for line in table.ctl.view(None).log if line.text]
        names = table.ctl.seat_names()
        ratings = {names[seat]: change for seat, change in table.session.rating_changes.items()
                   if 0 <= seat < len(names)}
        more, onward = campaign_ending(table)  # a campaign's chapter: recorded; its next offered
        return GameOverScreen(headline, lines + more, why=log[-1] if log else "",
                              story=self._story, ratings=ratings,
                              rematch=None if onward else self._rematch(),
                              onward=("Next chapter", onward) if onward else None)

    def _story(self) -> FigureTrack:
        """The figures, worked out once for this table (on the result screen's thread)."""
        if self.story is None:
            self.story = follow_game(self.table.ctl)
        return self.story

    def _rematch(self) -> Callable[[], str | None] | None:
        table = self.table
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
