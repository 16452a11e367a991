"""The rules reference: a searchable Markdown browser with a table of contents.

The reference marks each part with an ``<a id="anchor"></a>`` line before its heading; the log
and rejected commands cite those anchors, so the browser can open at one and follows
``[text](#anchor)`` links between parts.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import PurePath

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, Markdown, MarkdownViewer, Static, Tree
from textual.widgets.markdown import MarkdownTableOfContents

from shards_tui.core.paths import data_dir
from shards_tui.core.registry import game
from shards_tui.ui.widgets.ordered_input import OrderedInput

ANCHOR = re.compile(r'^\s*<a\s+id="([^"]+)"\s*>\s*</a>\s*$')
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
CLOSING_REMARK = re.compile(r"\s+\([^()]*\)$")  # 'Rulings chosen by this app (the rulebook is silent)'


@dataclass
class Section:
    """One heading and the text under it, up to the next heading of any level."""

    level: int
    title: str
    anchor: str | None
    markdown: str  # the heading line and its body, without anchor lines

    def matches(self, words: list[str]) -> bool:
        text = self.markdown.casefold()
        return all(word in text for word in words)


@dataclass
class RulesDoc:
    preamble: str  # text before the first heading (rarely any)
    sections: list[Section]

    @property
    def markdown(self) -> str:
        return "\n\n".join(part for part in [self.preamble, *(s.markdown for s in self.sections)]
                           if part.strip())

    def index_of(self, anchor: str) -> int | None:
        for i, section in enumerate(self.sections):
            if section.anchor == anchor:
                return i
        return None

    def search(self, query: str) -> list[Section]:
        words = query.casefold().split()
        return [s for s in self.sections if s.matches(words)] if words else list(self.sections)


def parse_rules(text: str) -> RulesDoc:
    """Split the reference into sections, remembering which anchor each heading carries."""
    preamble: list[str] = []
    parts: list[tuple[int, str, str | None, list[str]]] = []
    body = preamble
    pending_anchor: str | None = None
    in_fence = False
    for line in text.splitlines():
        if FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence:
            anchor = ANCHOR.match(line)
            if anchor:
                pending_anchor = anchor.group(1)
                continue
            heading = HEADING.match(line)
            if heading:
                body = [line]
                parts.append((len(heading.group(1)), heading.group(2), pending_anchor, body))
                pending_anchor = None
                continue
        body.append(line)
    sections = [Section(level, title, anchor, "\n".join(lines).strip() + "\n")
                for level, title, anchor, lines in parts]
    return RulesDoc("\n".join(preamble).strip(), sections)


def _as_level(markdown: str, level: int) -> str:
    head, _, rest = markdown.partition("\n")
    return "#" * level + " " + head.lstrip("#").strip() + "\n" + rest


def strip_anchors(text: str) -> str:
    """The reference without its anchor lines (for printing)."""
    return "\n".join(line for line in text.splitlines() if not ANCHOR.match(line)) + "\n"


def rules_text(game_id: str) -> str:
    """The rules reference of a game; raises KeyError (unknown game) or OSError."""
    info = game(game_id)
    return (data_dir("rulesets") / info.rules_file).read_text(encoding="utf-8")


def contents_labels(titles: list[str]) -> list[str]:
    """The labels of the contents, one per heading: the heading without a closing remark in
    brackets, unless another heading would then read the same ('Card notes (Relics of the
    Future)' keeps its remark while there is a 'Card notes' too)."""
    short = [CLOSING_REMARK.sub("", title) for title in titles]
    uses = Counter(label.casefold() for label in short)
    return [label if uses[label.casefold()] == 1 else title for label, title in zip(short, titles)]


class RulesContents(MarkdownTableOfContents):
    """The contents of the rules, labelled with ``contents_labels``."""

    GUIDE_DEPTH = 2  # columns of indent a level (Textual's 4 cut the longer labels short)

    def on_mount(self) -> None:
        self.query_one(Tree).guide_depth = self.GUIDE_DEPTH

    def rebuild_table_of_contents(self, table_of_contents: list[tuple[int, str, str | None]]) -> None:
        labels = contents_labels([name for _, name, _ in table_of_contents])
        super().rebuild_table_of_contents([(level, label, block_id) for (level, _, block_id), label
                                           in zip(table_of_contents, labels)])


class RulesViewer(MarkdownViewer):
    """A MarkdownViewer that resolves this app's anchors instead of heading slugs."""

    class AnchorRequested(Message):
        def __init__(self, anchor: str) -> None:
            super().__init__()
            self.anchor = anchor

    class DocumentShown(Message):
        """The document finished (re)building; headings exist now."""

    async def go(self, location: str | PurePath) -> None:
        target = str(location)
        if target.startswith("#"):
            self.post_message(self.AnchorRequested(target[1:]))
        elif re.match(r"^[a-z]+://", target):
            self.app.open_url(target)
        else:
            self.notify(f"The link '{target}' does not point into the rules.", severity="warning")

    def compose(self) -> ComposeResult:  # MarkdownViewer's, with the contents labelled here
        markdown = Markdown(parser_factory=self._parser_factory, open_links=self._open_links)
        markdown.can_focus = True
        yield markdown
        yield RulesContents(markdown)

    def on_markdown_table_of_contents_updated(self, message: Markdown.TableOfContentsUpdated) -> None:
        self.post_message(self.DocumentShown())


class RulesScreen(Screen):
    """Browse and search a game's rules reference; Esc closes it."""

    CSS_PATH = "rules.tcss"
    AUTO_FOCUS = "#rules-search"
    # From 100 columns (where the contents show at first) they may be wider, so that every
    # label can be read in full; below, they are narrow, to leave the text room.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [
        Binding("escape", "close", "Close", id="rules.close"),
        Binding("ctrl+f", "focus_search", "Search", id="rules.search"),
        Binding("ctrl+t", "toggle_contents", "Contents", id="rules.contents"),
    ]

    def __init__(self, game_id: str = "shards", anchor: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.problem: str | None = None
        try:
            self.title_text = f"Rules: {game(game_id).title}"
            self.doc = parse_rules(rules_text(game_id))
        except (KeyError, OSError) as exc:
            self.title_text = "Rules"
            self.problem = str(exc.args[0]) if isinstance(exc, KeyError) else f"The rules reference could not be read ({exc})."
            self.doc = RulesDoc("", [])
        self.shown: list[Section] = list(self.doc.sections)
        self.query_text = ""
        self._pending_anchor = anchor
        self.current_anchor: str | None = None
        self._search_timer: Timer | None = None
        self._built = False

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="rules-title")
        yield OrderedInput(placeholder="Search the rules (e.g. shield, fast-play, mastery)",
                           max_length=80, id="rules-search", compact=True)
        yield Static("", id="rules-status", classes="hint")
        yield RulesViewer(self.problem or self.doc.markdown, open_links=False, id="rules-viewer")
        yield Footer()

    def on_mount(self) -> None:
        viewer = self.query_one(RulesViewer)
        viewer.show_table_of_contents = self.app.size.width >= 100
        self._set_status()

    # ---- navigation ---------------------------------------------------------------------

    def goto(self, anchor: str | None) -> None:
        """Scroll to the part of the rules with this anchor (clearing a search that hides it)."""
        if not anchor:
            return
        if self.doc.index_of(anchor) is None:
            self.notify(f"The rules have no part called '{anchor}'.", severity="warning")
            return
        self._pending_anchor = anchor
        if not any(s.anchor == anchor for s in self.shown):
            self.query_one("#rules-search", Input).value = ""  # rebuilds, then scrolls
            return
        if self._built:
            self._scroll_to_pending()

    def _scroll_to_pending(self) -> None:
        anchor, self._pending_anchor = self._pending_anchor, None
        if anchor is None:
            return
        index = next((i for i, s in enumerate(self.shown) if s.anchor == anchor), None)
        viewer = self.query_one(RulesViewer)
        # The headings as mounted now. (Not Markdown.table_of_contents: read while a rebuild
        # is under way it keeps the old headings, and the contents would show them after.)
        headings = list(viewer.document.query_children("MarkdownHeader"))
        if index is not None and self.query_text:
            index += 1  # past the heading of the search results
        if index is None or index >= len(headings):
            return
        self.call_after_refresh(viewer.scroll_to_widget, headings[index], top=True, animate=False)
        self.current_anchor = anchor

    @on(RulesViewer.DocumentShown)
    def _document_shown(self) -> None:
        if self._search_again:
            return  # another rebuild follows: scroll once it is shown
        self._built = True
        self._scroll_to_pending()

    @on(RulesViewer.AnchorRequested)
    def _anchor_requested(self, event: RulesViewer.AnchorRequested) -> None:
        self.goto(event.anchor)

    # ---- search -------------------------------------------------------------------------

    SEARCH_DELAY = 0.2  # seconds of no typing before the document is rebuilt

    @on(Input.Changed, "#rules-search")
    def _search_changed(self, event: Input.Changed) -> None:
        if self._search_timer is not None:
            self._search_timer.stop()
            self._search_timer = None
        if not event.value.strip() and self._pending_anchor:
            self._search_now()  # goto() cleared it: the whole document, at once
            return
        self._search_timer = self.set_timer(self.SEARCH_DELAY, self._search_now)

    def _search_now(self) -> None:
        self._search_timer = None
        self.run_worker(self._search_latest(), group="rules-search")

    @on(Input.Submitted, "#rules-search")
    async def _search_submitted(self) -> None:
        if self._search_timer is not None:
            self._search_timer.stop()
            self._search_timer = None
        await self._search_latest()
        self.query_one(RulesViewer).document.focus()

    _searching = False  # a rebuild of the document is under way
    _search_again = False  # and the search box changed meanwhile

    async def _search_latest(self) -> None:
        """Show what the search box says now. Rebuilding the document takes a while; one
        rebuild runs at a time, and when the box changed meanwhile, another follows it (two at
        once could finish in either order and leave the document out of step with the box)."""
        if self._searching:
            self._search_again = True
            return
        self._searching = True
        try:
            self._search_again = True
            while self._search_again:
                self._search_again = False
                await self.apply_search(self.query_one("#rules-search", Input).value)
        finally:
            self._searching = False

    async def apply_search(self, query: str) -> None:
        query = query.strip()
        if query == self.query_text and self._built:
            return
        self.query_text = query
        self.shown = self.doc.search(query)
        if self.shown:
            # Matches are shown as a flat list of parts (a subsection without its parent),
            # under one heading that gives the contents a first row.
            markdown = (f"# Parts that mention “{query}”\n\n"
                        + "\n\n".join(_as_level(s.markdown, 2) for s in self.shown) if query
                        else self.doc.markdown)
        else:
            markdown = f"*No part of the rules mentions “{query}”.*"
        self._set_status()
        viewer = self.query_one(RulesViewer)
        self._built = False
        await viewer.document.update(markdown)
        viewer.scroll_home(animate=False)

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
        self.query_one("#rules-search", Input).focus()

    def action_toggle_contents(self) -> None:
        viewer = self.query_one(RulesViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents
