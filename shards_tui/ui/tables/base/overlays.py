"""``Overlays``: reading over the table: the whole log (``l``, and PageUp/PageDown where the
table has no room for its log) and the whole text of the card under the cursor (``i``), both
``ui/screens/reading.py``; and closing whatever was opened over the table before a hand-off.

A part of the table: it keeps the log screen while it is open, which follows the game
(``follow``) until Esc closes it.
"""

from __future__ import annotations

from shards_tui.ui.screens.reading import CardTextScreen, LogScreen
from shards_tui.ui.tables.base.surface import TableSurface
from shards_tui.ui.widgets.log_view import LogView

LOG_ROWS_TO_PAGE = 3  # a log on the table with fewer rows than this is read over the table


class Overlays:
    def __init__(self, table: TableSurface) -> None:
        self.table = table
        self.log: LogScreen | None = None  # the whole log, open over the table

    def follow(self, entries: list[tuple[int, str]]) -> None:
        """The log changed: the whole log open over the table shows it too."""
        if self.log is not None:
            self.log.show(entries)

    def page_log(self, direction: int) -> None:
        """Page the log on the table; where it has no room (80x24), open it over the table
        instead (a page back from the newest line for PageUp)."""
        log = self.table._part(LogView)
        if log.region.height == 0 or log.scrollable_content_region.height < LOG_ROWS_TO_PAGE:
            self.read_log(1 if direction < 0 else 0)
            return
        log.scroll_to(y=log.scroll_y + direction * max(1, log.scrollable_content_region.height - 1),
                      animate=False)

    def read_log(self, back_pages: int = 0) -> None:
        table = self.table
        if table.view is None or self.log is not None:
            return

        def closed(_result: object) -> None:
            self.log = None

        self.log = LogScreen(table._log_entries(table.view), back_pages)
        table.app.push_screen(self.log, closed)

    def read_card(self) -> None:
        table = self.table
        card = table.card_under_cursor() if table.view is not None else None
        if card is None:
            table.say("No card is under the cursor: select one, then i shows its whole text.",
                      error=True)
            return
        table.app.push_screen(CardTextScreen(card))

    def close_all(self) -> None:
        """Close every screen opened over this table (the log, a card's text, the palette, the
        keys): the hand-off cover goes up over the table alone, and nothing the last player
        opened shows to the next."""
        table = self.table
        stack = table.app.screen_stack
        if table not in stack:
            return
        for _ in range(len(stack) - 1 - stack.index(table)):
            table.app.pop_screen()
        self.log = None
