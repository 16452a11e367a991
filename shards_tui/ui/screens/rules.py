"""The rules reference: a searchable browser with a table of contents.

The reference marks each part with an ``<a id="anchor"></a>`` line before its heading; the log
and rejected commands cite those anchors, so the browser can open at one and follows
``[text](#anchor)`` links between parts. The text is drawn by ``RulesView``, which lays each
part out once per width and keeps it: opening the browser, searching (the parts that mention
every word typed, at each key) and following a link take no time to speak of.
"""

from __future__ import annotations

import re
from collections import Counter

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from shards_tui.core.registry import game
from shards_tui.core.rules_text import RulesDoc, Section, parse_rules, rules_text
from shards_tui.ui.widgets.ordered_input import OrderedInput, focus_now
from shards_tui.ui.widgets import rules_view
from shards_tui.ui.widgets.rules_view import RulesView

CLOSING_REMARK = re.compile(r"\s+\([^()]*\)$")  # 'Rulings chosen by this app (the rulebook is silent)'


def contents_labels(titles: list[str]) -> list[str]:
    """The labels of the contents, one per heading: the heading without a closing remark in
    brackets, unless another heading would then read the same ('Card notes (Relics of the
    Future)' keeps its remark while there is a 'Card notes' too)."""
    short = [CLOSING_REMARK.sub("", title) for title in titles]
    uses = Counter(label.casefold() for label in short)
    return [label if uses[label.casefold()] == 1 else title for label, title in zip(short, titles)]


WIDE = 100  # from this many columns the contents show at first, and may be wider
CONTENTS_MOST = (34, 50)  # the contents' widest (narrow, wide), their border and scrollbar in


def contents_width(doc: RulesDoc, screen_width: int) -> int:
    """As wide as the longest label of the whole reference (indented), up to a most."""
    labels = contents_labels([s.title for s in doc.sections])
    top = min((s.level for s in doc.sections), default=1)
    longest = max((RulesContents.INDENT * (s.level - top) + len(label)
                   for s, label in zip(doc.sections, labels)), default=10)
    return min(longest + 4, CONTENTS_MOST[screen_width >= WIDE])  # padding, scrollbar, border


def text_width(doc: RulesDoc, screen_width: int, contents: bool) -> int:
    """The width the text is laid out at, on a screen this wide (with the contents or not):
    known before any layout, so that the app can lay the rules out ahead (``prepare``)."""
    beside = contents_width(doc, screen_width) if contents else 0
    return max(10, screen_width - beside - rules_view.PADDING - rules_view.SCROLLBAR)


def prepare(game_id: str, screen_width: int, accent: str) -> None:
    """Read a game's rules and lay them out for this screen width, ahead of their opening
    (the app does it on a thread once it has drawn its first screen)."""
    try:
        doc = _read_rules(game_id)
    except (KeyError, OSError):
        return  # the browser says what is wrong when it opens
    width = text_width(doc, screen_width, contents=screen_width >= WIDE)
    rules_view.part_lines(game_id, doc, width, accent)


class RulesContents(OptionList):
    """The contents: one entry per part shown (labelled with ``contents_labels``, indented by
    level); choosing one scrolls the text to it."""

    INDENT = 2  # columns a level

    def show(self, doc: RulesDoc, parts: list[int], heading: str = "") -> None:
        labels = contents_labels([doc.sections[i].title for i in parts])
        top = min((doc.sections[i].level for i in parts), default=1)
        options = [Option(heading, id="heading", disabled=True)] if heading else []
        options += [Option(" " * (self.INDENT * (doc.sections[i].level - top + bool(heading)))
                           + label, id=str(i)) for i, label in zip(parts, labels)]
        self.clear_options()
        self.add_options(options)

    def labels(self) -> list[str]:
        """The entries as they read (indented)."""
        return [str(self.get_option_at_index(n).prompt) for n in range(self.option_count)]

    def mark(self, index: int) -> None:
        """Highlight the entry of part ``index`` (the part at the top of the text)."""
        try:
            at = self.get_option_index(str(index))
        except Exception:  # not among the entries
            return
        if self.highlighted != at:
            self.highlighted = at


class RulesScreen(Screen):
    """Browse and search a game's rules reference; Esc closes it."""

    # Its styles (rules.tcss) are among the app's (ShardsApp.CSS_PATH): read at each opening,
    # Textual would restyle every open screen.
    AUTO_FOCUS = "#rules-search"
    BINDINGS = [
        Binding("escape", "close", "Close", id="rules.close"),
        # priority: run as the key arrives, so the word typed behind it in one burst already
        # goes to the search field (a plain binding runs after those keys were handed out)
        Binding("ctrl+f", "focus_search", "Search", id="rules.search", priority=True),
        Binding("ctrl+t", "toggle_contents", "Contents", id="rules.contents"),
    ]

    def __init__(self, game_id: str, anchor: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.problem: str | None = None
        try:
            self.title_text = f"Rules: {game(game_id).title}"
            self.doc = _read_rules(game_id)
        except (KeyError, OSError) as exc:
            self.title_text = "Rules"
            self.problem = str(exc.args[0]) if isinstance(exc, KeyError) else f"The rules reference could not be read ({exc})."
            self.doc = RulesDoc("", [])
        self.shown: list[Section] = list(self.doc.sections)
        self.query_text = ""
        self._pending_anchor = anchor
        self.current_anchor: str | None = None

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="rules-title")
        yield OrderedInput(placeholder="Search the rules (a word or a rule's name)",
                           max_length=80, id="rules-search", compact=True)
        yield Static("", id="rules-status", classes="hint")
        with Horizontal(id="rules-body"):
            yield RulesContents(id="rules-contents")
            yield RulesView(self.game_id, self.doc, id="rules-text")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        contents = self.contents
        contents.display = self.app.size.width >= WIDE
        contents.styles.width = contents_width(self.doc, self.app.size.width)
        self.apply_search("")

    def on_resize(self) -> None:
        self.contents.styles.width = contents_width(self.doc, self.app.size.width)
        if self._pending_anchor:
            self.call_after_refresh(self._scroll_to_pending)  # laid out by now

    @property
    def text(self) -> RulesView:
        return self.query_one(RulesView)

    @property
    def contents(self) -> RulesContents:
        return self.query_one(RulesContents)

    # ---- navigation ---------------------------------------------------------------------

    def goto(self, anchor: str | None) -> None:
        """Scroll to the part of the rules with this anchor (clearing a search that hides it)."""
        if not anchor:
            return
        index = self.doc.index_of(anchor)
        if index is None:
            self.notify(f"The rules have no part called '{anchor}'.", severity="warning")
            return
        if not any(s.anchor == anchor for s in self.shown):
            self.query_one("#rules-search", Input).value = ""
            self.apply_search("")
        self._pending_anchor = anchor
        self._scroll_to_pending()

    def _scroll_to_pending(self) -> None:
        """Scroll to the anchor asked for, once the text is laid out (at once, if it is)."""
        anchor = self._pending_anchor
        index = self.doc.index_of(anchor) if anchor else None
        if index is not None and self.text.scroll_to_part(index):
            self._pending_anchor = None
            self.current_anchor = anchor
            self.contents.mark(index)

    @on(RulesView.LinkClicked)
    def _link_clicked(self, event: RulesView.LinkClicked) -> None:
        target = event.target
        if target.startswith("#"):
            self.goto(target[1:])
        elif re.match(r"^[a-z]+://", target):
            self.app.open_url(target)
        else:
            self.notify(f"The link '{target}' does not point into the rules.", severity="warning")

    @on(RulesView.PartShown)
    def _part_shown(self, event: RulesView.PartShown) -> None:
        self.contents.mark(event.index)

    @on(OptionList.OptionSelected, "#rules-contents")
    def _contents_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id and event.option.id.isdigit():
            index = int(event.option.id)
            self.text.scroll_to_part(index)
            self.current_anchor = self.doc.sections[index].anchor

    # ---- search -------------------------------------------------------------------------

    @on(Input.Changed, "#rules-search")
    def _search_changed(self, event: Input.Changed) -> None:
        self.apply_search(event.value)
        self._scroll_to_pending()

    @on(Input.Submitted, "#rules-search")
    def _search_submitted(self) -> None:
        self.text.focus()

    def apply_search(self, query: str) -> None:
        """Show the parts that mention every word of ``query`` (all of them for none)."""
        query = query.strip()
        if query == self.query_text and self.text.lines:
            return
        self.query_text = query
        self.shown = self.doc.search(query)
        parts = [self.doc.sections.index(s) for s in self.shown]
        heading = f"Parts that mention “{query}”" if query and parts else ""
        note = self.problem or (f"No part of the rules mentions “{query}”." if query else "")
        self.text.show(parts, heading, note)
        self.contents.show(self.doc, parts, heading)
        self._set_status()

    def _set_status(self) -> None:
        status = self.query_one("#rules-status", Static)
        if self.problem:
            status.update("")
        elif not self.query_text:
            status.update(f"{len(self.doc.sections)} parts · type to search · Enter reads · Esc closes")
        else:
            count = len(self.shown)
            titles = ", ".join(s.title for s in self.shown[:4]) + (", …" if count > 4 else "")
            noun = "part matches" if count == 1 else "parts match"
            status.update(f"{count} {noun} “{self.query_text}”" + (f": {titles}" if count else ""))

    # ---- actions ------------------------------------------------------------------------

    def action_close(self) -> None:
        self.dismiss()

    def action_focus_search(self) -> None:
        focus_now(self.query_one("#rules-search", Input))  # the word typed behind the key

    def action_toggle_contents(self) -> None:
        contents = self.contents
        contents.display = not contents.display


_docs: dict[str, RulesDoc] = {}


def _read_rules(game_id: str) -> RulesDoc:
    """A game's rules reference, read and split into parts once per process."""
    if game_id not in _docs:
        _docs[game_id] = parse_rules(rules_text(game_id))
    return _docs[game_id]
