"""The Infinities table's keys (with ids and tooltips) and the hints of those that apply now.

The screen's actions are its own (``InfinitiesTable.action_*``); ``key_hints`` says which of
them the key-hint line offers for a view, from what the screen knows of itself (its width,
the map's mode, the seat's stops, undo).
"""

from __future__ import annotations

from typing import Hashable

from rich.cells import cell_len
from textual.binding import Binding
from textual.content import Content, Span
from textual.strip import Strip
from textual.visual import Visual

from shards_tui.games.infinities.models import Phase
from shards_tui.games.infinities.view import InfView
from shards_tui.ui.tables.base.keys import SHARED_BINDINGS
from shards_tui.ui.widgets.key_hints import KeyHint, KeyHints, hints_content

BINDINGS = [
    Binding("e", "end", "End turn", id="inf.table.end",
            tooltip="End your turn (or finish deploying); press again if dice are left."),
    Binding("a", "own_moves", "Leader & units", id="inf.table.own",
            tooltip="Your leader's action, your units' abilities, your timeline's cards."),
    Binding("m", "focus_map", "Map", id="inf.table.map",
            tooltip="Give the keys to the map: arrows or 7 8 9 1 2 3 move the cursor, Enter acts."),
    Binding("h", "focus_hand", "Hand", id="inf.table.hand", tooltip="Give the keys to your hand."),
    Binding("d", "focus_dice", "Dice", id="inf.table.dice", tooltip="Give the keys to the dice tray."),
    Binding("p", "focus_players", "Leaders", show=False, id="inf.table.players",
            tooltip="Read the leaders' mats (↑↓ chooses whose)."),
    Binding("c,home", "centre", "Centre map", show=False, id="inf.table.centre",
            tooltip="Centre the map on your pawn (or the pawn whose turn it is)."),
    Binding("f", "flip_mode", "Flip", show=False, id="inf.table.flip",
            tooltip="The map's Enter flips the tile next to you (f again: back to moving)."),
    Binding("z", "zoom", "Zoom", show=False, id="inf.table.zoom",
            tooltip="Draw the hexes larger or smaller."),
    Binding("k", "map_key", "Map key", show=False, id="inf.table.map_key",
            tooltip="What the small hexes' short names and signs mean (type and Influence)."),
    Binding("s", "switch_stops", "Stops", show=False, id="inf.table.stops",
            tooltip="Whether a block or trigger on another's turn hands you the keyboard."),
    Binding("n", "choose_none", "Choose none", show=False, id="inf.table.choose_none",
            tooltip="Answer the question with none of its options, where that is allowed."),
    Binding("o", "chapter", "Chapter", show=False, id="inf.table.chapter",
            tooltip="Read the Adventure chapter being played: its story, tokens, actions and goals."),
    Binding("escape", "back", "Back", show=False, id="inf.table.back",
            tooltip="Stop flipping; give the keys back to the map."),
    *SHARED_BINDINGS,
]
SEAT_MOVES = frozenset({"end", "own_moves", "undo", "flip_mode", "choose_none"})


def key_hints(view: InfView, seat: int | None, *, narrow: bool, flips: bool, flip_mode: bool,
              stops_label: str, undo: KeyHint | None, small_map: bool = False) -> list[KeyHint]:
    """The keys the hint line offers: the phase's parts and moves, the leaders, the log at 80
    columns, the map key where the hexes are small (``small_map``), the stops (``stops_label``:
    several people at one keyboard), and `u` as the
    take-backs offer it (``undo``: "undo", "ask to take back" or none)."""
    if seat is None or view.over:
        return [KeyHint("l", "log", "read_log")] if narrow else []
    items: list[KeyHint] = []
    mine = seat in view.acting and not view.my_question
    if mine and view.phase == Phase.ACT:
        items += [KeyHint("m", "map", "focus_map"), KeyHint("h", "hand", "focus_hand"),
                  KeyHint("a", "leader & units", "own_moves")]
        if flips:
            items.append(KeyHint("f", "stop flipping" if flip_mode else "flip", "flip_mode"))
        items.append(KeyHint("e", "end turn", "end"))
    elif mine and view.phase in (Phase.CHECK, Phase.ADJUST):
        items.append(KeyHint("d", "dice", "focus_dice"))
    elif mine and view.phase in (Phase.DEPLOY, Phase.RESPAWN):
        items += [KeyHint("h", "hand", "focus_hand"), KeyHint("a", "keep / done", "own_moves"),
                  KeyHint("e", "done", "end")]
    items.append(KeyHint("p", "leaders", "focus_players"))
    if view.adventure is not None:
        items.append(KeyHint("o", "chapter", "chapter"))
    if small_map:
        items.append(KeyHint("k", "map key", "map_key"))
    if narrow:
        items.append(KeyHint("l", "log", "read_log"))
    if stops_label:
        items.append(KeyHint("s", f"stops: {stops_label}", "switch_stops"))
    if undo is not None:
        items.append(undo)
    return items


class InfKeyHints(KeyHints):
    """The keys' line, kept to one row of keys (it has two rows at most, and wrapped it cut
    keys in half or lost them): the entries one dot apart, those that do not fit left to the
    keys list (``?``) and the footer, and the heading on a row of its own (cut with '…') when
    the two do not share one."""

    BETWEEN = " · "

    def paragraph_rows(self, paragraph: Hashable, width: int) -> list[Strip]:
        items, heading = paragraph  # type: ignore[misc]
        kept, used = [], 0
        for item in items:
            size = cell_len(f"{item.key} {item.label}") + (len(self.BETWEEN) if kept else 0)
            if used + size <= width:
                kept.append(item)
                used += size
        line = hints_content(kept, heading, self.BETWEEN)
        if cell_len(line.plain) <= width or not heading:
            return self._strips(line, width)
        first, rest = _first_row(heading, width)
        room = width - used - 2  # the heading's rest goes before the keys on the second row
        if rest and cell_len(rest) > room:
            rest = rest[:room - 1].rstrip() + "…" if room >= 12 else ""
            if not rest:
                first = (first if cell_len(first) < width else first[:width - 1].rstrip()) + "…"
        return (self._strips(Content(first, [Span(0, len(first), "b")]), width)
                + self._strips(hints_content(kept, rest, self.BETWEEN), width))

    def _strips(self, content: Content, width: int) -> list[Strip]:
        return Visual.to_strips(self, content, width, None, self.visual_style)

    @property
    def text(self) -> str:
        """What the line shows, as plain text (as fitted on screen)."""
        if self._rows:
            return "\n".join(strip.text.rstrip() for strip in self._rows)
        return super().text


def _first_row(text: str, width: int) -> tuple[str, str]:
    """``text`` cut at the last space that leaves its first part within ``width`` cells (or
    at ``width``): (first row, the rest)."""
    if cell_len(text) <= width:
        return text, ""
    cut = text.rfind(" ", 0, width + 1)
    if cut <= 0:
        cut = width
    return text[:cut].rstrip(), text[cut:].strip()
