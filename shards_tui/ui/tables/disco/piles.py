"""The piles: each player's draw pile, discard pile and hand as counts, the draft and cycled
decks, and the shared face-up trash as a list to browse.

Attributes down: ``show(piles)`` (``Piles``). Messages up: ``TrashHighlighted`` (a trash card
under the cursor or clicked, to read it). Keys: the trash list's own (up, down, home, end,
page up, page down) once it has the focus (``focus_trash``).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from shards_tui.ui.widgets.card_messages import CardMessage
from shards_tui.ui.tables.disco.table_data import PileCounts, Piles
from shards_tui.ui.widgets._tcss import tcss


def counts_line(p: PileCounts) -> str:
    who = "You" if p.mine else p.name
    return f"{who}: draw {p.draw} · discard {p.discard} · hand {p.hand}"


def counts_text(piles: Piles) -> str:
    lines = [counts_line(p) for p in piles.players]
    lines.append(f"Draft deck {piles.draft} · cycled {piles.cycled}")
    lines.append(f"Trash {len(piles.trash)}" + (" (newest first):" if piles.trash else ": empty"))
    return "\n".join(lines)


class DiscoPiles(Vertical):
    DEFAULT_CSS = tcss(__file__)

    class TrashHighlighted(CardMessage):
        """A trash card is under the cursor (``card``: its id)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._piles: Piles | None = None

    def compose(self) -> ComposeResult:
        yield Static("", classes="counts")
        yield OptionList(classes="trash")

    def show(self, piles: Piles) -> None:
        if piles == self._piles:
            return
        before, self._piles = self._piles, piles
        self.border_title = "Piles"
        self.query_one(".counts", Static).update(counts_text(piles))
        if before is None or before.trash != piles.trash:
            trash = self.query_one(".trash", OptionList)
            with trash.prevent(OptionList.OptionHighlighted):
                trash.clear_options()
                trash.add_options([Option(Content.assemble((c.name, "bold"), "  ", (c.kind, "italic")),
                                          id=c.id) for c in piles.trash])
            trash.display = bool(piles.trash)

    @property
    def piles(self) -> Piles | None:
        return self._piles

    @property
    def text(self) -> str:
        """The counts and the trash, as they read."""
        if self._piles is None:
            return ""
        return "\n".join([counts_text(self._piles), *(c.name for c in self._piles.trash)])

    def focus_trash(self) -> bool:
        """Give the trash list the keys (False when the trash is empty)."""
        trash = self.query_one(".trash", OptionList)
        if not trash.option_count:
            return False
        trash.focus()
        if trash.highlighted is None:
            trash.highlighted = 0
        return True

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.TrashHighlighted(self, event.option.id))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.TrashHighlighted(self, event.option.id))
