"""The mulligan panel: the viewer's opening hand, keep or mulligan, and where each player is.

Attributes down: ``show(mulligan, hand)`` (``MulliganData`` and the viewer's ``HandCard``s or
None). It lists the seven cards by cost and name, the choice ('k: keep these 7 · m: mulligan:
shuffle them back and draw 7 new'), and each player's state ('deciding', 'decided': a choice made
in secret, 'kept', 'took a mulligan'). After the viewer has chosen it says they wait.

Keys (ids ``net.mulligan.*``): k keeps, m mulligans. Mouse: a click on the keep or the mulligan
line. Messages: ``Decided(command)``: the legal ``keep`` or ``mulligan``.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.widget import Widget

from shards_tui.ui.tables.fractured_net.combat_panel import CommandMessage
from shards_tui.ui.tables.fractured_net.table_data import HandCard, MulliganData
from shards_tui.ui.widgets._tcss import tcss

KEEP_LINE = "k: keep these 7 cards"
MULLIGAN_LINE = "m: mulligan: shuffle them back and draw 7 new (once)"


class NetMulligan(Widget, can_focus=True):
    DEFAULT_CSS = tcss(__file__)
    BINDINGS = [
        Binding("k", "keep", "Keep", id="net.mulligan.keep", tooltip="Keep your opening hand."),
        Binding("m", "mulligan", "Mulligan", id="net.mulligan.mulligan",
                tooltip="Shuffle your opening hand back and draw 7 new cards."),
    ]

    class Decided(CommandMessage):
        """Keep or mulligan: ``command`` is the legal ``keep`` or ``mulligan``."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._data: MulliganData | None = None
        self._hand: tuple[HandCard, ...] | None = None

    def show(self, mulligan: MulliganData, hand: tuple[HandCard, ...] | None) -> None:
        if (mulligan, hand) != (self._data, self._hand):
            self._data, self._hand = mulligan, hand
            self.border_title = "Opening hand"
            self.refresh(layout=True)

    def lines(self) -> list[Content]:
        m = self._data
        if m is None:
            return []
        out = []
        if self._hand is not None:
            cards = ", ".join(f"{c.name} ({c.cost})" for c in sorted(self._hand, key=lambda c: c.cost))
            out.append(Content.assemble(("Your hand: ", "bold"), cards))
        else:
            out.append(Content.styled("The hand is hidden.", "italic"))
        if m.mine:
            out += [Content.styled(KEEP_LINE, "bold $success"), Content.styled(MULLIGAN_LINE, "bold")]
        elif m.active:
            out.append(Content.styled("You have chosen; waiting for your opponent.", "italic"))
        out.append(Content.assemble(*sum(([(name, "bold"), f" {state}  "] for name, state in m.status),
                                          [])))  # type: ignore[arg-type]
        return out

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, sum(len(line.wrap(max(1, width))) for line in self.lines()))

    def render(self) -> Content:
        return Content("\n").join(self.lines())

    @property
    def text(self) -> str:
        return self.render().plain

    def action_keep(self) -> None:
        if self._data is not None and self._data.keep is not None:
            self.post_message(self.Decided(self, self._data.keep))

    def action_mulligan(self) -> None:
        if self._data is not None and self._data.mulligan is not None:
            self.post_message(self.Decided(self, self._data.mulligan))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        lines = [line.plain for line in self.lines()]
        if offset is None or not 0 <= offset.y < len(lines):
            return
        if lines[offset.y] == KEEP_LINE:
            self.action_keep()
        elif lines[offset.y] == MULLIGAN_LINE:
            self.action_mulligan()
