"""One card on the table: a box (center row) or a one-line row (hand, champions).

The tile is told a ``CardInfo`` by its zone and draws it to fit its size. Focus is the
selection: a focused tile is marked with '▶' and a heavy border, so it reads without colour.
It posts ``Focused``/``Hovered`` (for the details panel) and ``Activated`` (Enter or a double
click: the card's main action) and never talks to the game itself.
"""

from __future__ import annotations

from typing import Awaitable

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.describe import CardInfo
from shards_tui.ui.widgets.unchanged import set_border_title

FACTIONS = ("homodeus", "order", "undergrowth", "wraethe")


def _fit(text: str, width: int) -> str:
    """Cut ``text`` to ``width`` cells with an ellipsis."""
    if width <= 0:
        return ""
    if cell_len(text) <= width:
        return text
    out = ""
    for ch in text:
        if cell_len(out + ch) >= width:
            break
        out += ch
    return out.rstrip() + "…"


def _wrap(text: str, width: int, lines: int) -> list[str]:
    """Word-wrap ``text`` into at most ``lines`` lines of ``width``, the last one cut."""
    if width <= 0 or lines <= 0:
        return []
    out: list[str] = []
    words = text.split()
    current = ""
    while words:
        word = words[0]
        trial = f"{current} {word}".strip()
        if cell_len(trial) <= width:
            current = trial
            words.pop(0)
            continue
        if not current:  # one word longer than the line
            current = word
            words.pop(0)
        out.append(current)
        current = ""
        if len(out) == lines:
            break
    if current and len(out) < lines:
        out.append(current)
    if words and out:
        out[-1] = _fit(out[-1] + " " + " ".join(words), width)
    return out


class CardTile(Widget, can_focus=True):
    """A card. ``info`` is None for an empty center-row slot."""

    DEFAULT_CSS = tcss(__file__)
    BINDINGS = [
        Binding("enter", "activate", "Use card", show=False),
        Binding("left,up", "step(-1)", "Previous card", show=False),
        Binding("right,down", "step(1)", "Next card", show=False),
    ]

    info: reactive[CardInfo | None] = reactive(None, layout=False)

    class Focused(Message):
        """The player selected this card (focus or click)."""

        def __init__(self, tile: "CardTile", info: CardInfo | None) -> None:
            super().__init__()
            self.tile = tile
            self.info = info

    class Hovered(Message):
        """The mouse is over this card (info) or left it (None)."""

        def __init__(self, tile: "CardTile", info: CardInfo | None) -> None:
            super().__init__()
            self.tile = tile
            self.info = info

    class Activated(Message):
        """Enter (``by_key``) or double click: do this card's main action."""

        def __init__(self, tile: "CardTile", info: CardInfo, by_key: bool = True) -> None:
            super().__init__()
            self.tile = tile
            self.info = info
            self.by_key = by_key

    def __init__(self, info: CardInfo | None = None, *, box: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.box = box
        self.empty_text = "(empty)"  # what an empty center-row slot says
        self.spare = False  # kept in its row with no card (sync_tiles): blank, never selected
        if box:
            self.add_class("-box")
        self.set_reactive(CardTile.info, info)

    def on_mount(self) -> None:
        self._restyle(self.info)

    def watch_info(self, info: CardInfo | None) -> None:
        self._restyle(info)
        self.refresh()

    def _restyle(self, info: CardInfo | None) -> None:
        faction = info.faction if info and info.faction in FACTIONS else None
        # One batch: each class changed on its own would restyle the tile again.
        self.update_classes({**{f"-{f}": f == faction for f in FACTIONS},
                             "-neutral": info is not None and faction is None,
                             "-empty": info is None,
                             "-exhausted": bool(info and info.exhausted)})
        if self.box:  # the keys in colour by markup: a class would restyle the tile (~0.5 ms)
            set_border_title(self, info.label if info and info.label else None,
                             f"[$success]{' '.join(info.keys)}[/]" if info and info.keys
                             else None)

    # ---- rendering ------------------------------------------------------------------------

    def render(self) -> Text:
        info = self.info
        width, height = self.content_size.width, self.content_size.height
        if self.spare:
            return Text("")
        if info is None:
            return Text(self.empty_text if self.box else _fit(self.empty_text, width),
                        style="italic")
        marker = "▶" if self.has_focus else ""
        if height <= 1 or not self.box:
            return self._render_line(info, marker, width)
        return self._render_box(info, marker, width, height)

    def _render_line(self, info: CardInfo, marker: str, width: int) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"{marker or ' '}", style="bold")
        if info.label:
            text.append(f"{info.label} ", style="bold")
        if info.zone in ("champion", "enemy"):  # a long name gives way to defense and state
            state = Text(f" [{info.initial}] def {info.defense}")
            state.append(" EXHAUSTED" if info.exhausted else " ready",
                         style="italic" if info.exhausted else "")
            if info.protected:
                state.append(" protected", style="italic")
            if info.keys:
                state.append(f" ({'/'.join(info.keys)})", style="bold")
            room = width - text.cell_len - state.cell_len
            text.append(_fit(info.name, max(room, 6)), style="bold")
            text.append_text(state)
        else:
            text.append(info.name, style="bold")
            tag = f" [{info.initial}]" if info.faction else ""
            text.append(f"{tag} · {info.effect}" if info.effect else tag)
        text.truncate(width, overflow="ellipsis")
        return text

    def _render_box(self, info: CardInfo, marker: str, width: int, height: int) -> Text:
        kind = next((k for k in info.kind_forms() if cell_len(k) <= width), info.kind_short)
        numbers = next((n for n in (info.numbers(size) for size in (0, 1, 2))
                        if cell_len(n) <= width), info.numbers(2))
        rest: list[tuple[str, str]] = [(kind, "italic")]
        if numbers:
            rest.append((numbers, ""))
        if info.exhausted:
            rest.append(("EXHAUSTED", "bold"))
        name_room = max(1, min(2, height - len(rest)))
        lines = [(line, "bold") for line in _wrap(f"{marker}{info.name}", width, name_room)]
        lines.extend(rest)
        room = height - len(lines)
        if room > 0 and info.effect:
            lines.extend((line, "dim") for line in _wrap(info.effect, width, room))
        text = Text(no_wrap=True)
        for n, (line, style) in enumerate(lines[:height]):
            if n:
                text.append("\n")
            text.append(_fit(line, width), style=style)
        return text

    # ---- input ------------------------------------------------------------------------------

    def on_focus(self) -> None:
        self.refresh()
        self.post_message(self.Focused(self, self.info))

    def on_blur(self) -> None:
        self.refresh()

    def on_enter(self, event: events.Enter) -> None:
        if event.node is self:
            self.post_message(self.Hovered(self, self.info))

    def on_leave(self, event: events.Leave) -> None:
        if event.node is self:
            self.post_message(self.Hovered(self, None))

    def on_click(self, event: events.Click) -> None:
        if event.chain >= 2 and self.info is not None:
            self.post_message(self.Activated(self, self.info, by_key=False))

    def action_activate(self) -> None:
        if self.info is not None:
            self.post_message(self.Activated(self, self.info))

    def action_step(self, delta: int) -> None:
        """Move the selection to the previous or next card of the same zone: the tiles beside
        this one and those of its zone elsewhere on the screen (every opponent's champions,
        one panel after another), never a spare tile hidden with a card that has gone."""
        if self.parent is None or not self.is_attached:
            return
        zone = self.info.zone if self.info is not None else None
        tiles = [t for t in shown_tiles(self.screen) if t.focusable
                 and (t.parent is self.parent or (zone is not None and t.info is not None
                                                  and t.info.zone == zone))]
        if self not in tiles or len(tiles) < 2:
            return
        tiles[(tiles.index(self) + delta) % len(tiles)].focus()


def sync_tiles(container: Widget, infos: list[CardInfo], *, box: bool = False,
               classes: str = "", rows_kept: int = 0) -> list[Awaitable[object]]:
    """Show ``infos`` in ``container``'s tiles, reusing tiles by position.

    Tiles are kept when the row gets shorter: the spare ones are hidden (``display`` off) and
    shown again, with their new card, when it grows, so playing or undoing a card neither removes nor
    mounts a widget (a removal finishes frames later and costs another layout and repaint).
    ``rows_kept``: while there are at most this many tiles, a spare one stays in its row, blank
    and never selected, instead of being hidden: the container's height does not change, so
    playing a card repaints rows and lays out nothing.
    Returns the mounts under way; await them before moving the focus.
    """
    tiles = list(container.query_children(CardTile))
    for tile, info in zip(tiles, infos):
        if tile.spare:
            tile.spare = False
            tile.can_focus = True
        tile.info = info
        if not tile.display:
            tile.display = True
    waits: list[Awaitable[object]] = []
    if len(infos) > len(tiles):
        waits.append(container.mount_all([CardTile(info, box=box, classes=classes)
                                          for info in infos[len(tiles):]]))
    keep = len(tiles) <= rows_kept
    for tile in tiles[len(infos):]:
        if tile.has_focus:  # the table places the selection itself; blur() would hand it
            tile.screen.set_focus(None)  # to the tile before, in another zone
        if keep:
            if not tile.spare:
                tile.spare = True
                tile.can_focus = False
                tile.info = None
                tile.refresh()
            if not tile.display:
                tile.display = True
        elif tile.display:  # hidden with the card it showed: it is restyled when shown again
            tile.display = False
    return waits


def shown_tiles(container: Widget) -> list[CardTile]:
    """The tiles of ``container`` (and below it) that show a card, not the spare hidden ones
    (nor those in a hidden part of it)."""
    def shown(tile: Widget) -> bool:
        node: Widget | None = tile
        while node is not None and node is not container:
            if not node.display:
                return False
            node = node.parent if isinstance(node.parent, Widget) else None
        return True

    return [t for t in container.query(CardTile) if not t.spare and shown(t)]


OWN_ZONES = ("center", "champion")  # after the hand, where a first selection goes, in order


def first_selection(hand: list[CardTile], tiles: list[CardTile]) -> CardTile | None:
    """The card an arrow key selects when nothing is: the first in hand, else the center row or
    one's own champions, never an opponent's champion while one's own places have a card."""
    if hand:
        return hand[0]
    rank = {zone: n for n, zone in enumerate(OWN_ZONES)}
    shown = [t for t in tiles if t.info is not None]
    return min(shown, key=lambda t: rank.get(t.info.zone, len(rank)), default=None)


def pick_selection(hand: list[CardTile], tiles: list[CardTile], want: CardInfo | None,
                   focused: Widget | None, seen: frozenset[str]) -> CardTile | None:
    """The tile to select after the table changed: the card selected before (``want``), else
    the tile now in its place, else the first card in hand, else none; a hand card only if it
    was in the hand before the change (``seen``).

    The selection never moves by itself to a card the player has not looked at: not to the
    center row or the champions, where Enter recruits or exhausts (a player who pressed Enter
    once too often after playing out their hand must not buy a card), not to a card just drawn
    or returned to the hand, and not to the card that refilled a recruited center slot."""
    tiles = [t for t in tiles if t.info is not None]
    if want is not None:
        same = next((t for t in tiles if t.info.id == want.id and t.info.zone == want.zone), None)
        if same is not None:
            return same
        if want.zone == "center":
            return None
        if isinstance(focused, CardTile) and focused.info is not None \
                and focused.info.zone == want.zone and focused.info.id in seen:
            return focused  # the same place in the same zone, now showing the next card
    return next((t for t in hand if t.info is not None and t.info.id in seen), None)
