"""The turn bar: whose turn and which step, what the table waits for, the turn timer, and the
keys that end a turn or pass in a Response window.

Attributes down: ``show(data)`` (``TableData``). Line one: 'Turn 5 · Ana's turn · main phase' (or the
window, the combat step, the mulligan, the result), the turn timer ('0:42 left', or its limit,
when the game has one) on the right. Line two: what the viewer may do now: the question put to
them, the Response window's sentence with 'p: pass', 'e: end your turn', or whom the table waits
for.

It never takes the focus, so it has no bindings of its own: the screen binds e and p (so they
work whichever part has the focus) to ``action_end`` (ends the turn) and ``action_pass`` (passes
in a Response window); each posts only when the view holds that legal command. Mouse: a click on
line two sends the one command it offers.
Messages: ``Ended(command)`` (the legal ``end``), ``Passed(command)`` (the legal ``pass``).
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.content import Content
from textual.widget import Widget

from shards_tui.games.fractured_net.models import Phase
from shards_tui.ui.tables.fractured_net.combat_panel import CommandMessage
from shards_tui.ui.tables.fractured_net.table_data import TableData
from shards_tui.ui.widgets._tcss import tcss

PHASES = {"main": "main phase", "attack": "declaring attackers", "block": "blocking",
          "response": "Response window",
          "mulligan": "opening hands", "end": "end of turn"}


def headline(data: TableData) -> str:
    if data.over:
        return ("Game over: " + " and ".join(data.winners) + " won." if data.winners
                else "Game over: a draw.")
    if data.phase == Phase.MULLIGAN:
        return "Opening hands: keep or mulligan, in secret."
    active = next(s for s in data.sides if s.seat == data.active)
    whose = "your turn" if active.mine else f"{active.name}'s turn"
    # (a card that opens a window asks its questions first: no window is open yet)
    step = data.asking if data.asking and data.phase == Phase.RESPONSE else \
        PHASES.get(data.phase, data.phase)
    return f"Turn {data.turn} · {whose} · {step}"


def prompt(data: TableData, short: bool = False) -> str:
    """What the viewer may do now, in a sentence (``short``: for a narrow bar)."""
    if data.over:
        return ""
    if data.question:
        return data.question
    if data.window.open:
        sentence = data.window.short_sentence if short else data.window.sentence
        return sentence + (" (p)" if data.window.skip else "")
    if data.mulligan.active:
        return "Choose k or m." if data.mulligan.mine else "Waiting for the opening hands."
    if data.combat.assigning:
        return "Assign your blockers in the combat panel, then confirm (c)."
    if data.phase == Phase.ATTACK and (data.combat.confirm or data.combat.attack or data.combat.withdraw):
        return "Declare your attackers in the combat panel, then confirm (c)."
    if data.end is not None:
        return "Play cards, attack, or end your turn (e)."
    if data.must_attack:  # (no end yet: a new player was left with an empty line)
        return data.must_attack
    acting = [s.name for s in data.sides if s.acting and not s.mine]
    if acting:
        return f"Waiting for {', '.join(acting)}."
    return ""


class NetTurnBar(Widget):
    DEFAULT_CSS = tcss(__file__)

    class Ended(CommandMessage):
        """End the turn: ``command`` is the legal ``end``."""

    class Passed(CommandMessage):
        """Pass in the Response window: ``command`` is the legal ``pass``."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._data: TableData | None = None

    def show(self, data: TableData) -> None:
        if data != self._data:
            self._data = data
            self.refresh()

    def render(self) -> Content:
        data = self._data
        if data is None:
            return Content("")
        width = self.content_size.width or 80
        head = headline(data)
        timer = data.timer.text if data.timer.on else ""
        gap = max(1, width - cell_len(head) - cell_len(timer))
        first = Content.assemble((head, "bold"), " " * gap, (timer, "bold $warning"))
        line = prompt(data)
        if cell_len(line) > width:  # at 80 columns the window's '(p)' was cut off
            line = prompt(data, short=True)
        return Content("\n").join([first, Content(line)])

    @property
    def text(self) -> str:
        return self.render().plain

    def action_end(self) -> None:
        if self._data is not None and self._data.end is not None:
            self.post_message(self.Ended(self, self._data.end))

    def action_pass(self) -> None:
        if self._data is not None and self._data.window.skip is not None:
            self.post_message(self.Passed(self, self._data.window.skip))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y != 1 or self._data is None:
            return
        if self._data.window.skip is not None:
            self.action_pass()
        elif self._data.end is not None:
            self.action_end()
