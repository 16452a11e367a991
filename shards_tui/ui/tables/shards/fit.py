"""At 80x24 the hand keeps a row for each of its cards; the opponents' area gives up rows,
and shows every champion all the same.

On a short, narrow screen the opponents are stacked one line each, with their champions under
them, in an area of at most five rows that scrolls. With several champions out it took rows
the hand needed (one card showed, without its bottom border). Once a layout has sized every
widget (``OneFrame.fit_after_layout``), the rows of the opponents' area, the hand, the status
line and the key hints are shared out again when they do not all fit: the hand gets a row per
card first, then the opponents' first line, the status line's message (a refusal whole, else
its first row), the opponents' other rows (at most five in all), the key hints' rows and the
message's second row (the log beside it has every message whole). Where even that leaves the
hand short (a lesson's coach takes rows), nothing changes. The screen is then arranged again
in the same frame.

Squeezed so, the opponents' area leaves out the line of everyone's relics, and each opponent's
champions share a line under theirs (``OpponentPanel.champion_line``) instead of a row each,
so that none is out of sight behind a scroll. The key hints give up their rows for them (the
footer and ``?`` name the keys too).

A mixin of TableScreen (it uses the screen's parts).
"""

from __future__ import annotations

from shards_tui.ui.widgets.key_hints import KeyHints, StatusLine
from shards_tui.ui.tables.shards.hand import HandView
from shards_tui.ui.tables.shards.player_panel import OpponentsBar

MOST_ROWS = 5  # the opponents' area at most (table.tcss: -short.-narrow #opponents)
HINT_ROWS = 3  # the key hints at most (key_hints.tcss)


class TableFit:
    _opponent_rows: int | None = None  # the rows given to the opponents (None: as styled)
    _hint_rows: int | None = None  # the rows left to the key hints (None: as styled)
    _status_squeezed = False

    def fit_after_layout(self) -> bool:
        if not self._built:
            return False
        bar, hand, status = self._part(OpponentsBar), self._part(HandView), self._part(StatusLine)
        hints = self._part(KeyHints)
        opponents: int | None = None  # None: as the styles say
        hint_rows: int | None = None
        squeeze = False
        if self.has_class("-short") and self.has_class("-narrow") and hand.display \
                and hand.size.height and bar.size.height:
            panels = bar.panels()
            lines = min(MOST_ROWS, sum(panel.stacked_rows() for panel in panels)
                        + bar.all_relics_rows())
            said = status.rows(status.content_size.width) \
                if status.display and status.message else 0  # the rows its message takes
            least_said = said if status.error else min(said, 1)  # a refusal is never cut
            shown = min(HINT_ROWS, hints.rows) if hints.display else 0
            shared = hand.outer_size.height + bar.outer_size.height + status.outer_size.height \
                + (hints.outer_size.height if hints.display else 0)
            borders = hand.outer_size.height - hand.size.height
            rest = shared - (max(1, len(hand.cards)) + borders)  # after the hand's rows
            # else the whole hand cannot show (a lesson's coach has rows): nothing changes
            if rest >= 1 + least_said and lines + said + shown > rest:
                width = bar.content_size.width - 2  # (the panels' padding)
                packed = min(MOST_ROWS, sum(panel.packed_rows(width) for panel in panels))
                left = rest - least_said
                opponents = max(1, min(packed, left))
                left -= opponents
                hint_rows = min(shown, left)
                squeeze = least_said + left - hint_rows < said
        if (opponents, hint_rows, squeeze) == (self._opponent_rows, self._hint_rows,
                                               self._status_squeezed):
            return False
        self._opponent_rows, self._hint_rows = opponents, hint_rows
        self._status_squeezed = squeeze
        bar.styles.max_height = opponents
        bar.set_class(opponents is not None, "-squeezed")  # (the relics line gives its row)
        hints.styles.max_height = hint_rows
        status.squeeze(squeeze)
        return True
