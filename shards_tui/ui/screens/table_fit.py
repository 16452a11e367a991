"""At 80x24 the hand keeps a row for each of its cards; the opponents' area gives up rows.

On a short, narrow screen the opponents are stacked one line each, with their champions under
them, in an area of at most five rows that scrolls. With several champions out it took rows
the hand needed (one card showed, without its bottom border). Once a layout has sized every
widget (``OneFrame.fit_after_layout``), the opponents' area is given the rows the hand can
spare, from one up to five (or fewer, if its lines are fewer), and the screen is arranged
again in the same frame. Squeezed, the area leaves out the line of the opponents' relics
(the card panel names a relic when its owner is selected) so that a champion shows.

A mixin of TableScreen (it uses the screen's parts).
"""

from __future__ import annotations

from shards_tui.ui.widgets.hand import HandView
from shards_tui.ui.widgets.player_panel import OpponentsBar

MOST_ROWS = 5  # the opponents' area at most (table.tcss: -short.-narrow #opponents)


class TableFit:
    _opponent_rows: int | None = None  # the rows given to the opponents (None: as styled)

    def fit_after_layout(self) -> bool:
        if not self._built:
            return False
        bar, hand = self._part(OpponentsBar), self._part(HandView)
        want: int | None = None  # None: as the styles say
        if self.has_class("-short") and self.has_class("-narrow") and hand.display \
                and hand.size.height and bar.size.height:
            need = max(1, len(hand.cards)) + hand.outer_size.height - hand.size.height
            spare = hand.outer_size.height - need
            relics = bar.all_relics_rows()
            lines = sum(panel.stacked_rows() for panel in bar.panels()) + relics
            want = max(1, min(MOST_ROWS, lines, bar.outer_size.height + spare))
            if want >= min(MOST_ROWS, lines):
                want = None
        if want == self._opponent_rows:
            return False
        self._opponent_rows = want
        bar.styles.max_height = want
        bar.set_class(want is not None, "-squeezed")  # (the relics line gives its row too)
        return True
