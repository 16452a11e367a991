"""At 80x24 the hand keeps a row for each of its cards; the opponents' area gives up rows.

On a short, narrow screen the opponents are stacked one line each, with their champions under
them, in an area of at most five rows that scrolls. With several champions out it took rows
the hand needed (one card showed, without its bottom border). Once a layout has sized every
widget (``OneFrame.fit_after_layout``), the rows of the opponents' area, the hand and the
status line are shared out again: the hand gets a row per card first, then the opponents'
first line, the status line's message, and the opponents' other rows (at most five in all);
the status line gives up its second row if need be (the log beside it has every message
whole; a refusal is never cut). Where even that leaves the hand short (a lesson's coach
takes rows), nothing changes. The screen is then arranged again in the same frame.
Squeezed, the opponents' area leaves out the line of everyone's relics so that a champion
shows.

A mixin of TableScreen (it uses the screen's parts).
"""

from __future__ import annotations

from shards_tui.ui.widgets.key_hints import StatusLine
from shards_tui.ui.tables.shards.hand import HandView
from shards_tui.ui.tables.shards.player_panel import OpponentsBar

MOST_ROWS = 5  # the opponents' area at most (table.tcss: -short.-narrow #opponents)


class TableFit:
    _opponent_rows: int | None = None  # the rows given to the opponents (None: as styled)
    _status_squeezed = False

    def fit_after_layout(self) -> bool:
        if not self._built:
            return False
        bar, hand, status = self._part(OpponentsBar), self._part(HandView), self._part(StatusLine)
        opponents: int | None = None  # None: as the styles say
        squeeze = False
        if self.has_class("-short") and self.has_class("-narrow") and hand.display \
                and hand.size.height and bar.size.height:
            lines = min(MOST_ROWS, sum(panel.stacked_rows() for panel in bar.panels())
                        + bar.all_relics_rows())
            said = status.rows(status.content_size.width) \
                if status.display and status.message else 0  # the rows its message takes
            shared = hand.outer_size.height + bar.outer_size.height + status.outer_size.height
            borders = hand.outer_size.height - hand.size.height
            rest = shared - (max(1, len(hand.cards)) + borders)  # after the hand's rows
            least = 1 + (min(said, 1) if not status.error else said)  # a line each
            if rest >= least:  # else the whole hand cannot show (a lesson's coach has rows)
                rows = max(1, min(lines, rest - said))
                if rows < lines:
                    opponents = rows
                squeeze = said > 1 and not status.error and rest - rows < said
        if (opponents, squeeze) == (self._opponent_rows, self._status_squeezed):
            return False
        self._opponent_rows, self._status_squeezed = opponents, squeeze
        bar.styles.max_height = opponents
        bar.set_class(opponents is not None, "-squeezed")  # (the relics line gives its row)
        status.squeeze(squeeze)
        return True
