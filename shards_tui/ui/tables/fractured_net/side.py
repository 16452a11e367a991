"""One side of the battlefield: a player's creatures as cells of three lines, their resources
and unattached equipment on a line above.

Attributes down: ``show(side)`` (``SideData``). Each creature cell reads, line by line: name and
power/defense (with the damage on it: '3/2 ·1'), keywords and equipment, and its state
(tapped, sick, attacking, blocking, must attack, would die, an answer to your question). The
cells wrap to the width. With the class ``-compact`` (a short screen) a cell has two lines, its
state and then its keywords on the second. A cursor moves over the creatures (only when the side has the focus
does it show). The screen caps the side's height (``max-height``): when its rows of creatures do
not fit, it shows the rows around the cursor and says on its top line which creatures those are
('5-10 of 11 ↕'); the wheel scrolls them too, and ``reveal(card)`` brings a creature into view.

Keys (ids ``net.side.*``): left/right/up/down move (up from the first row of creatures reaches
the resources and unattached equipment on the line above, to read them), enter chooses the
card, a uses the creature's ability when that is legal (not u: that is the tables' undo). Mouse: a click on a creature chooses it.
Messages: ``Highlighted(card)`` (the cursor moved: a creature to read), ``Chosen(card)``
(enter or a click: the screen answers a question with it, or shows it), ``Activated(command)``
(the legal ``activate`` of the creature under the cursor).
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.widget import Widget

from shards_tui.core.commands import Command
from shards_tui.ui.widgets.card_messages import CardMessage, SentBy
from shards_tui.ui.tables.fractured_net.table_data import CardFace, CreatureFace, SideData
from shards_tui.ui.widgets._tcss import tcss

CELL = 26  # a creature's cell, its gap included
LINES = 3  # per creature (2 when compact: keywords and equipment go to the card text panel)


def _fit(text: str, width: int) -> str:
    if cell_len(text) <= width:
        return text + " " * (width - cell_len(text))
    return text[: max(0, width - 1)] + "…"


def stats_text(c: CreatureFace) -> str:
    return f"{c.power}/{c.defense}" + (f" ·{c.damage}" if c.damage else "")


def state_words(c: CreatureFace) -> list[tuple[str, str]]:
    """The creature's state as (word, style), most pressing first."""
    out = []
    if c.option:
        out.append(("pick me", "bold $accent"))
    if c.dies:
        out.append(("would die", "bold $error"))
    if c.attacking:
        out.append(("attacking", "bold $warning"))
    if c.blocking:
        out.append(("blocking", "bold $primary"))
    if c.forced:
        out.append(("must attack", "$warning"))
    if c.tapped:
        out.append(("tapped", "dim"))
    if c.sick and not c.can_attack and not c.attacking:
        out.append(("sick", "dim"))
    if c.can_attack and not c.attacking:
        out.append(("ready", "$success"))
    if c.activate is not None:
        out.append(("a: ability", "$accent"))
    return out


def resources_line(side: SideData) -> str:
    return top_line(side, None).plain


def items(side: SideData) -> tuple[CardFace, ...]:
    """The cards of the side's top line, in its order: resources, then unattached equipment."""
    return side.resources + side.loose_gear


def top_line(side: SideData, selected: int | None) -> Content:
    """Resources and unattached equipment; ``selected``: the item under the cursor."""
    cards = items(side)

    def name(k: int) -> Content:
        return Content.styled(cards[k].name, "reverse" if k == selected else "")

    count = len(side.resources)
    parts: list[Content | str] = [f"Resources {count}"
                                  + (f" ({side.resources_tapped} used)" if side.resources_tapped else "")]
    if count:
        parts += [": ", Content(", ").join(name(k) for k in range(count))]
    if side.resource_played and side.active:
        parts.append(" · resource played this turn")
    if side.loose_gear:
        parts += [" · Equipment: ", Content(", ").join(name(k) for k in range(count, len(cards)))]
    return Content.assemble(*parts)


def abilities_text(c: CreatureFace) -> str:
    """The second line of a creature's cell: its equipment and keywords, then the first of its
    other abilities (Enter, Death, Attack, an ability...): never a blank for a creature that
    has text."""
    words = ["+" + g.name for g in c.gear] + list(c.keywords)
    lines = c.words.lines[1:] if c.words.lines and c.keywords else c.words.lines
    more = [line for line in lines if line]
    if more:
        words.append(more[0])
    return ", ".join(words) or "no abilities"


class NetSide(Widget, can_focus=True):
    DEFAULT_CSS = tcss(__file__)
    BINDINGS = [
        Binding("left", "move(-1)", "Left", show=False, id="net.side.left"),
        Binding("right", "move(1)", "Right", show=False, id="net.side.right"),
        Binding("up", "row(-1)", "Up", show=False, id="net.side.up"),
        Binding("down", "row(1)", "Down", show=False, id="net.side.down"),
        # (enter and a are not in the footer, as the hand's Enter is not: a footer that changed
        # with the focus rebuilt itself at every move; the cells say 'a: ability')
        Binding("enter", "choose", "Choose", show=False, id="net.side.choose",
                tooltip="Choose the creature under the cursor (to answer a question, or read it)."),
        Binding("a", "use", "Use ability", show=False, id="net.side.use",
                tooltip="Use the activated ability of the creature under the cursor."),
    ]

    class Highlighted(CardMessage):
        """The cursor moved to this creature (``card``), or to none."""

    class Chosen(CardMessage):
        """Enter or a click on this creature (``card``)."""

    class Activated(SentBy):
        """Use this creature's ability: ``command`` is the legal ``activate``."""

        def __init__(self, widget: Widget, command: Command) -> None:
            super().__init__(widget)
            self.command = command

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._side: SideData | None = None
        self.cursor = 0
        self.top: int | None = None  # the cursor is on the top line's card of this index
        self.first_row = 0  # the first row of creatures shown (the rest scroll, when capped)

    def show(self, side: SideData) -> None:
        if side != self._side:
            if self._side is not None and self._side.seat != side.seat:
                self.cursor, self.top, self.first_row = 0, None, 0  # another player's side now
            self._side = side
            self.cursor = min(self.cursor, max(0, len(side.creatures) - 1))
            self._follow()
            if self.top is not None:
                self.top = min(self.top, len(items(side)) - 1) if items(side) else None
            self.border_title = "Your creatures" if side.mine else f"{side.name}'s creatures"
            self.refresh(layout=True)

    @property
    def side(self) -> SideData | None:
        return self._side

    @property
    def creatures(self) -> tuple[CreatureFace, ...]:
        return self._side.creatures if self._side else ()

    @property
    def current(self) -> CreatureFace | None:
        cs = self.creatures
        return cs[self.cursor] if 0 <= self.cursor < len(cs) else None

    @property
    def current_id(self) -> str | None:
        """The card under the cursor: a creature, or a card of the top line."""
        if self.top is not None and self._side is not None and self.top < len(items(self._side)):
            return items(self._side)[self.top].id
        current = self.current
        return current.id if current is not None else None

    @property
    def lines_per_creature(self) -> int:
        return 2 if self.has_class("-compact") else LINES

    def _columns(self) -> int:
        return max(1, (self.content_size.width or CELL) // CELL)

    def get_content_height(self, container, viewport, width: int) -> int:
        if not self.creatures:
            return 2
        return 1 + -(-len(self.creatures) // max(1, width // CELL)) * self.lines_per_creature

    # ---- the rows shown (a capped height scrolls them) ---------------------------------------

    def _rows(self) -> int:
        return -(-len(self.creatures) // self._columns())

    def rows_shown(self) -> int:
        """How many rows of creatures fit in the height the screen gives (all before layout)."""
        height = self.content_size.height
        if not height:
            return self._rows()
        return max(1, (height - 1) // self.lines_per_creature)

    def _window(self) -> tuple[int, int]:
        """The first row shown and how many, kept inside the rows there are."""
        fit = min(self.rows_shown(), self._rows())
        self.first_row = max(0, min(self.first_row, self._rows() - fit))
        return self.first_row, fit

    def _follow(self) -> None:
        """Scroll the rows so that the cursor's creature shows."""
        if not self.creatures:
            self.first_row = 0
            return
        row, fit = self.cursor // self._columns(), self.rows_shown()
        if row < self.first_row:
            self.first_row = row
        elif row >= self.first_row + fit:
            self.first_row = row - fit + 1
        self._window()

    def reveal(self, card: str | None) -> bool:
        """Put the cursor on this creature and scroll it into view; False: not on this side."""
        for k, c in enumerate(self.creatures):
            if c.id == card:
                self.cursor, self.top = k, None
                self._follow()
                self.refresh()
                return True
        return False

    def window_words(self) -> str:
        """Which creatures show, when not all do ('' when all do)."""
        first, fit = self._window()
        if fit >= self._rows():
            return ""
        cols = self._columns()
        last = min(len(self.creatures), (first + fit) * cols)
        return f"{first * cols + 1}-{last} of {len(self.creatures)} ↕"

    # ---- drawing ----------------------------------------------------------------------------

    def render(self) -> Content:
        side = self._side
        if side is None:
            return Content("")
        width = self.content_size.width or 80
        top = top_line(side, self.top if self.has_focus else None)
        more = self.window_words() if side.creatures else ""
        room = width - (cell_len(more) + 1 if more else 0)
        if cell_len(top.plain) > room:
            top = top[:max(0, room - 1)] + "…"
        top = top.stylize("dim") if self.top is None or not self.has_focus else top
        if more:
            top = top + " " * max(1, room - cell_len(top.plain) + 1) + Content.styled(more, "bold")
        lines: list[Content] = [top]
        if not side.creatures:
            lines.append(Content.styled("No creatures in play.", "italic dim"))
            return Content("\n").join(lines)
        cols = self._columns()
        first, fit = self._window()
        for start in range(first * cols, min(len(side.creatures), (first + fit) * cols), cols):
            row = side.creatures[start:start + cols]
            cells = [self._cell(c, start + k) for k, c in enumerate(row)]
            for n in range(self.lines_per_creature):
                lines.append(Content(" ").join(cell[n] for cell in cells))
        return Content("\n").join(lines)

    def _cell(self, c: CreatureFace, index: int) -> list[Content]:
        w = CELL - 1
        stats = stats_text(c)
        here = self.has_focus and index == self.cursor and self.top is None
        head = _fit(c.name, w - len(stats) - 1) + " " + stats
        base = "reverse" if here else ("bold" if not c.tapped else "dim")
        words = ["+" + g.name for g in c.gear] + list(c.keywords)
        state = state_words(c)
        third = Content.assemble(*sum(([(t, s), " "] for t, s in state), []))  # type: ignore[arg-type]
        if self.lines_per_creature == 2:
            third = third + Content.styled(", ".join(words), "italic")
        third = third[:w - 1] + "…" if cell_len(third.plain) > w else third  # (i reads it all)
        third = third + " " * max(0, w - cell_len(third.plain))
        if self.lines_per_creature == 2:
            return [Content.styled(head, base), third]
        return [Content.styled(head, base), Content.styled(_fit(abilities_text(c), w), "italic"),
                third]

    # ---- keys and mouse ------------------------------------------------------------------------

    def _moved(self) -> None:
        self._follow()
        self.refresh()
        self.post_message(self.Highlighted(self, self.current_id))

    def action_move(self, delta: int) -> None:
        if self.top is not None and self._side is not None:
            self.top = max(0, min(len(items(self._side)) - 1, self.top + delta))
            self._moved()
        elif self.creatures:
            self.cursor = max(0, min(len(self.creatures) - 1, self.cursor + delta))
            self._moved()

    def action_row(self, delta: int) -> None:
        """Up from the first row of creatures reaches the resources and equipment above them;
        down from there comes back."""
        cols = self._columns()
        has_top = self._side is not None and bool(items(self._side))
        if self.top is not None:
            if delta > 0 and self.creatures:
                self.top = None
                self._moved()
            return
        if delta < 0 and (self.cursor < cols or not self.creatures) and has_top:
            self.top = 0
            self._moved()
            return
        self.action_move(delta * cols)

    def action_choose(self) -> None:
        if self.current_id is not None:
            self.post_message(self.Chosen(self, self.current_id))

    def action_use(self) -> None:
        if self.top is None and self.current is not None and self.current.activate is not None:
            self.post_message(self.Activated(self, self.current.activate))

    def index_at(self, x: int, y: int) -> int | None:
        """The creature under a point of the content (None: none)."""
        if y < 1 or x % CELL == CELL - 1:
            return None
        row = self._window()[0] + (y - 1) // self.lines_per_creature
        index = row * self._columns() + x // CELL
        return index if x // CELL < self._columns() and index < len(self.creatures) else None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.index_at(offset.x, offset.y)
        if index is not None:
            self.cursor = index
            self._moved()
            self.action_choose()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._scroll(1, event)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._scroll(-1, event)

    def _scroll(self, delta: int, event: events.MouseEvent) -> None:
        """The wheel scrolls the rows of a capped side (the cursor stays where it is)."""
        first = self.first_row
        self.first_row += delta
        if self._window()[0] != first:
            event.stop()
            self.refresh()

    def on_resize(self) -> None:
        self._follow()

    def on_focus(self) -> None:
        if not self.creatures and self._side is not None and items(self._side):
            self.top = 0  # (nothing else to read on this side)
        self.refresh()
        if self.current_id is not None:
            self.post_message(self.Highlighted(self, self.current_id))

    def on_blur(self) -> None:
        self.refresh()
