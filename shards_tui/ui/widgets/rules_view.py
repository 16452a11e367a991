"""The text of the rules reference, drawn as lines: each part is rendered once for a width and
kept, and the view shows a list of parts (the whole reference, or a search's) by joining them.

Rendering the reference takes a while (Rich's Markdown: about 40 ms to read it, 60 ms more to
lay it out at a width, on a fast machine); the widgets of Textual's Markdown took seconds to
mount. Here a part is read once per process and laid out once per width; showing, searching
and scrolling then only pick lines. A link to another part (``[text](#anchor)``) is clicked
as a link: the view says which anchor (``LinkClicked``).
"""

from __future__ import annotations

import copy
import io
import threading
from typing import Iterable

from rich.console import Console
from rich.markdown import Markdown
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from rich.theme import Theme
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from shards_tui.core.rules_text import RulesDoc
from shards_tui.ui.textual_compat.widgets import AfterSize
from shards_tui.ui.widgets.unchanged import set_virtual_size

LINK = "rules-link"  # the meta key of a link's target on a drawn line
PADDING = 2  # columns of the view's own beside its text: 1 of padding each side
SCROLLBAR = 1  # the view's scrollbar (always there: the text has one width)
_read: dict[str, list[Markdown]] = {}  # game id -> each part's body, read
_drawn: dict[tuple[str, int, str], list[list[Strip]]] = {}  # (game id, width, accent) -> lines
_lock = threading.Lock()  # the app may lay the rules out ahead, on a thread (``prepare``)


def _theme(accent: str) -> Theme:
    """Markdown's looks in words any colour theme (or none, NO_COLOR) can show."""
    link = f"underline {accent}".strip()
    return Theme({"markdown.code": "bold", "markdown.link": link,
                  "markdown.link_url": link, "markdown.item.bullet": "bold",
                  "markdown.item.number": "bold", "markdown.block_quote": "italic",
                  "markdown.hr": "dim", "markdown.table.border": "dim",
                  "markdown.table.header": "bold", "markdown.em": "italic",
                  "markdown.strong": "bold"}, inherit=True)


def _clickable(line: list[Segment]) -> Strip:
    """A drawn line whose links say their target in the style's meta (not as a terminal
    hyperlink, which the terminal would try to open)."""
    out = []
    for text, style, control in line:
        if style is not None and style.link:
            style = style.update_link(None) + Style.from_meta({LINK: style.link})
        out.append(Segment(text, style, control))
    return Strip(out)


def part_lines(game_id: str, doc: RulesDoc, width: int, accent: str) -> list[list[Strip]]:
    """The lines of each part of ``doc`` at ``width`` cells: its heading, then its text. Made
    once per game, width and accent colour."""
    key = (game_id, width, accent)
    with _lock:
        if key not in _drawn:
            _drawn[key] = _lay_out(game_id, doc, width, accent)
        return _drawn[key]


def _bodies(doc: RulesDoc) -> list[Markdown]:
    """The text of each part (after its heading), read. The whole reference is read at once
    and cut at its headings (reading each part alone cost twice as much), unless the two do
    not find the same headings."""
    whole = Markdown("\n\n".join(section.markdown for section in doc.sections), hyperlinks=True)
    tokens = whole.parsed
    heads = [n for n, token in enumerate(tokens) if token.type == "heading_open" and token.level == 0]
    if len(heads) != len(doc.sections) or \
            any(tokens[n + 2].type != "heading_close" for n in heads):
        return [Markdown(section.markdown.partition("\n")[2], hyperlinks=True)
                for section in doc.sections]
    bodies = []
    for at, start in enumerate(heads):
        body = copy.copy(whole)
        body.parsed = tokens[start + 3:heads[at + 1] if at + 1 < len(heads) else len(tokens)]
        bodies.append(body)
    return bodies


def _lay_out(game_id: str, doc: RulesDoc, width: int, accent: str) -> list[list[Strip]]:
    if game_id not in _read:
        _read[game_id] = _bodies(doc)
    console = Console(width=width, theme=_theme(accent), color_system="truecolor",
                      force_terminal=True, file=io.StringIO(), legacy_windows=False)
    options = console.options.update(width=width)
    drawn: list[list[Strip]] = []
    for section, body in zip(doc.sections, _read[game_id]):
        style = Style(bold=True, color=accent if accent and section.level <= 2 else None,
                      underline=section.level == 2)
        lines = [_clickable(line) for line in
                 console.render_lines(Text(section.title, style), options, pad=False)]
        lines += [_clickable(line) for line in console.render_lines(body, options, pad=False)]
        drawn.append(lines)
    return drawn


def heading_lines(title: str, width: int, style: Style) -> list[Strip]:
    """A line of the view's own (the heading over a search's parts, or a note), wrapped."""
    console = Console(width=width, color_system="truecolor", force_terminal=True,
                      file=io.StringIO(), legacy_windows=False)
    return [Strip(line) for line in console.render_lines(Text(title, style), pad=False)]


class RulesView(AfterSize, ScrollView, can_focus=True):
    """Shows some parts of a game's rules reference, one after another, in one scrolling
    text; arrows and page keys scroll it."""

    DEFAULT_CSS = """
    /* The scrollbar always shows: the text is laid out for one width, not once without it
       and again with it. */
    RulesView { scrollbar-size-vertical: 1; overflow-y: scroll; padding: 0 1; width: 1fr; }
    RulesView:focus { background-tint: $foreground 4%; }
    """

    class LinkClicked(Message):
        """A link in the text was clicked: ``target`` is '#anchor' or an address."""

        def __init__(self, target: str) -> None:
            super().__init__()
            self.target = target

    class PartShown(Message):
        """The part at the top of the view changed (as it scrolls): its index in the doc."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, game_id: str, doc: RulesDoc, **kwargs) -> None:
        super().__init__(**kwargs)
        self.game_id = game_id
        self.doc = doc
        self._parts: list[int] = []  # the indexes of the parts shown, in order
        self._heading = ""
        self._note = ""
        self._lines: list[Strip] = []
        self._tops: dict[int, int] = {}  # part index -> its first line
        self._width = 0
        self._top_part: int | None = None

    # ---- what it shows ----------------------------------------------------------------------

    def show(self, parts: Iterable[int], heading: str = "", note: str = "") -> None:
        """Show these parts (indexes into the doc's sections), under ``heading`` if given;
        ``note`` instead when there are none. Scrolls to the top."""
        self._parts, self._heading, self._note = list(parts), heading, note
        self._width = 0  # lay the lines out again
        self._layout_lines()
        self.scroll_to(y=0, animate=False, immediate=True)

    def _layout_lines(self, width: int | None = None) -> None:
        width = width if width is not None else self.scrollable_content_region.width
        if width <= 0 or width == self._width:
            return
        self._width = width
        accent = str(self.app.get_css_variables().get("accent", ""))  # (as ShardsApp.prepare_rules)
        lines: list[Strip] = heading_lines(self._heading, width, Style(bold=True, color=accent or None)) \
            if self._heading else []
        self._tops = {}
        drawn = part_lines(self.game_id, self.doc, width, accent) if self._parts else []
        for index in self._parts:
            if lines:
                lines.append(Strip.blank(0))
            self._tops[index] = len(lines)
            lines += drawn[index]
        if not self._parts and self._note:
            lines += heading_lines(self._note, width, Style(italic=True))
        self._lines = lines
        set_virtual_size(self, Size(width, len(lines)))
        self.refresh()

    @property
    def lines(self) -> list[Strip]:
        return list(self._lines)

    def top_of(self, index: int) -> int | None:
        """The line where part ``index`` starts (its heading), if it is shown."""
        return self._tops.get(index)

    def part_at(self, y: int) -> int | None:
        """The part shown at line ``y``: the last one that starts at or above it."""
        best = None
        for index, top in self._tops.items():
            if top <= y and (best is None or top >= self._tops[best]):
                best = index
        return best

    def scroll_to_part(self, index: int) -> bool:
        """Put part ``index``'s heading on the top row; False if it is not shown (or the view
        is not laid out yet)."""
        top = self.top_of(index)
        if top is None or not self._lines:
            return False
        self.scroll_to(y=top, animate=False, immediate=True)
        return True

    # ---- drawing ---------------------------------------------------------------------------

    def size_updated(self, changed: bool) -> None:
        self._layout_lines()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        index = round(self.scroll_offset.y) + y
        style = self.rich_style
        if not 0 <= index < len(self._lines):
            return Strip.blank(width, style)
        return self._lines[index].extend_cell_length(width).crop(0, width).apply_style(style)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        part = self.part_at(round(new_value))
        if part is not None and part != self._top_part:
            self._top_part = part
            self.post_message(self.PartShown(part))

    # ---- links ----------------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        target = event.style.meta.get(LINK) if event.style else None
        if target:
            event.stop()
            self.post_message(self.LinkClicked(str(target)))
