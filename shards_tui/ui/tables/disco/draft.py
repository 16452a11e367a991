"""The draft: the cards of a draft cycle side by side, to keep one; or, after a round, the
choice to take a draft cycle or pass.

Attributes down: ``show(draft)`` (``DraftData``: only the drafter's view holds the offered
cards). The widget keeps only a cursor on the offered cards. Messages up: ``Highlighted`` (the
cursor is on an offered card), ``Picked`` (Enter or a click: keep that card; it carries the
legal command), ``Taken`` and ``Passed`` (take the optional draft cycle, or pass on it).
"""

from __future__ import annotations

from typing import Hashable

from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.reactive import reactive
from textual.strip import Strip

from shards_tui.games.disco.commands import Draft, DraftKeep, Pass
from shards_tui.ui.tables.disco.drawn import DrawnLines
from shards_tui.ui.widgets.card_messages import CardMessage, SentBy
from shards_tui.ui.tables.disco.paint import HEAVY, ROUND, Line, cells, column_at, column_edges, \
    framed, joined, strip, wrapped
from shards_tui.ui.tables.disco.table_data import CardFace, DraftData
from shards_tui.ui.widgets._tcss import tcss

PREFIX = "draft"
OFFER = 3  # boxes drawn side by side (a short offer leaves the last ones out)


class DiscoDraft(DrawnLines, can_focus=True):
    DEFAULT_CSS = tcss(__file__)
    COMPONENT_CLASSES = {f"{PREFIX}--{name}" for name in ("heading", "card", "cursor", "key")}
    BINDINGS = [
        Binding("left", "move(-1)", "Left", id="disco.draft.left", tooltip="The card to the left."),
        Binding("right", "move(1)", "Right", id="disco.draft.right", tooltip="The card to the right."),
        *[Binding(str(n), f"jump({n})", f"Card {n}", show=False, id=f"disco.draft.card{n}",
                  tooltip=f"Look at offered card {n}.") for n in range(1, OFFER + 1)],
        Binding("enter", "pick", "Keep", id="disco.draft.keep",
                tooltip="Keep the card under the cursor (it goes to your discard pile)."),
        Binding("d", "take", "Draft", id="disco.draft.take",
                tooltip="Take three cards from the draft deck, to keep one."),
        Binding("p", "skip", "Pass", id="disco.draft.pass", tooltip="Pass on this draft cycle."),
    ]

    cursor: reactive[int] = reactive(0, init=False)

    class Highlighted(CardMessage):
        """The cursor is on an offered card (``card``: its id)."""

    class Picked(SentBy):
        """Keep the ``index``-th offered card (from 1): ``command`` is the legal answer."""

        def __init__(self, draft: "DiscoDraft", index: int, card: str, command: DraftKeep) -> None:
            super().__init__(draft)
            self.index = index
            self.card = card
            self.command = command

    class Taken(SentBy):
        """Take the optional draft cycle's cards: ``command`` is the legal ``draft``."""

        def __init__(self, draft: "DiscoDraft", command: Draft) -> None:
            super().__init__(draft)
            self.command = command

    class Passed(SentBy):
        """Pass on the optional draft cycle: ``command`` is the legal ``pass``."""

        def __init__(self, draft: "DiscoDraft", command: Pass) -> None:
            super().__init__(draft)
            self.command = command

    PREFIX = PREFIX

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._draft = DraftData()
        self._clickable: dict[int, str] = {}  # line: the action a click on it takes

    def show(self, draft: DraftData) -> None:
        if draft.offer != self._draft.offer:
            self.set_reactive(DiscoDraft.cursor, 0)
        self._draft = draft
        self.border_title = "Draft"
        self.border_subtitle = self._keys_hint()
        self.refresh()

    @property
    def draft(self) -> DraftData:
        return self._draft

    @property
    def heading(self) -> str:
        d = self._draft
        if d.offer:
            return d.prompt or "Keep one of these cards."
        if d.drafter:
            return f"{d.drafter} is drafting: only they see the cards."
        if d.take or d.skip:
            return (f"You may take a draft cycle: three cards from the draft deck "
                    f"({d.draft_count} left), keep one. Or pass.")
        return "No draft now."

    def _keys_hint(self) -> str:
        d = self._draft
        if d.offer and d.keep:
            return f"←→ or 1-{len(d.offer)}: card · enter: keep"
        keys = [k for k, ok in (("d: take three cards", d.take), ("p: pass", d.skip)) if ok]
        return " · ".join(keys)

    # ---- keys -------------------------------------------------------------------------------

    def action_move(self, delta: int) -> None:
        if self._draft.offer:
            self.cursor = max(0, min(len(self._draft.offer) - 1, self.cursor + delta))

    def action_jump(self, number: int) -> None:
        if 1 <= number <= len(self._draft.offer):
            self.cursor = number - 1

    def action_pick(self) -> None:
        offer = self._draft.offer
        command = self._draft.keep_command(self.cursor + 1)
        if command is not None and self.cursor < len(offer):
            self.post_message(self.Picked(self, self.cursor + 1, offer[self.cursor].id, command))

    def action_take(self) -> None:
        if self._draft.take is not None:
            self.post_message(self.Taken(self, self._draft.take))

    def action_skip(self) -> None:
        if self._draft.skip is not None:
            self.post_message(self.Passed(self, self._draft.skip))

    def watch_cursor(self) -> None:
        if self.cursor < len(self._draft.offer):
            self.post_message(self.Highlighted(self, self._draft.offer[self.cursor].id))
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        event.stop()
        if self._draft.offer:
            if offset.y >= 1:
                index = column_at(offset.x, self.content_size.width, OFFER)
                if index is not None and index < len(self._draft.offer):
                    self.set_reactive(DiscoDraft.cursor, index)
                    self.action_pick()
        elif self._clickable.get(offset.y) == "take":
            self.action_take()
        elif self._clickable.get(offset.y) == "skip":
            self.action_skip()

    # ---- drawing ----------------------------------------------------------------------------

    def shown(self) -> Hashable:
        return (self._draft, self.cursor)

    def draw(self, width: int, height: int) -> list[Strip]:
        base = self.style_of()
        d = self._draft
        short = height < 5  # (a short terminal: one line of heading, the keys right under it)
        heading = wrapped(self.heading, width, 1 if d.offer or short else 2)
        rows = [strip([(line, self.style_of("heading"))], width, base) for line in heading]
        self._clickable = {}
        if d.offer:
            edges = column_edges(width, OFFER)
            boxes = [self._box(n, d.offer[n] if n < len(d.offer) else None,
                               edges[n + 1] - edges[n], height - len(rows)) for n in range(OFFER)]
            rows += joined(boxes, width, height - len(rows))
        else:
            if not short:
                rows.append(strip([], width, base))
            for action, key, words, ok in (("take", "d", "take three cards from the draft deck", d.take),
                                           ("skip", "p", "pass", d.skip)):
                if ok:
                    self._clickable[len(rows)] = action
                    rows.append(strip([(f" {key} ", self.style_of("key")), (f" {words}", base)], width, base))
        return rows[:height]

    def _box(self, n: int, card: CardFace | None, width: int, height: int) -> list[Line]:
        base = self.style_of()
        if card is None:
            return [cells([], width, base)] * height
        cursor = n == self.cursor
        style = self.style_of("card", *(["cursor"] if cursor else []))
        inner = width - 2
        words = card.words
        body = [(line, style + Style(bold=True)) for line in wrapped(card.name, inner, 2)]
        body += [(line, style + Style(italic=True))
                 for line in wrapped(f"{card.kind} · {words.deck}", inner, 2)]
        body += [(line, style) for line in wrapped(card.text, inner, max(1, height - 2 - len(body)))]
        title = f"{n + 1}" + (" ▼ keep?" if cursor and self._draft.keep else "")
        return framed(HEAVY if cursor else ROUND, width, style, title, body, height)
