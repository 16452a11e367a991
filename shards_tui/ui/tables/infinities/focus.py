"""Where the keys go at the Infinities table: the part a turn's phase is played with (the
dice tray for a check, the hand for a deploy, the map otherwise), the discovery's tile list
while it is open, a question's panel while one waits, and the map when the focused part has
gone from the screen. Functions of the table screen (``InfinitiesTable``), which keeps no
state for them.
"""

from __future__ import annotations

from typing import Any

from textual.widget import Widget

from shards_tui.games.infinities.models import Phase
from shards_tui.ui.tables.infinities.discovery import InfDiscovery
from shards_tui.ui.tables.infinities.hand import InfHand
from shards_tui.ui.tables.infinities.tray import InfDiceTray
from shards_tui.ui.widgets.command_line import CommandLine
from shards_tui.ui.widgets.decision import DecisionPanel
from shards_tui.ui.widgets.hex_grid import HexGridView
from shards_tui.ui.widgets.scrolled_pages import ScrolledPages

BASE = "base"  # the question's panel has the keys: the shared table's rule places them


def restore(table: Any) -> str | None:
    """Put the keys back where this seat acts; ``BASE`` when the shared table should."""
    if table.app.screen is not table or table.too_small or table.seat is None or table.view is None:
        return None
    line = table._part(CommandLine)
    if line.display and table.focused is line:
        return None
    picker = table._part(InfDiscovery)
    if discovering(table):
        if table.focused is not picker:
            picker.focus()
        return None
    if table._part(DecisionPanel).display:
        return BASE
    focused = table.focused
    want = phase_part(table)
    if want is not None and focused is not want:
        want.focus()
    elif focused is None or not focused.display or not focused.is_on_screen:
        table._part(HexGridView).focus()
    return None


def discovering(table: Any) -> bool:
    """The discovery's tile list is the lower row's page in sight."""
    return table._part(ScrolledPages).showing(table._part(InfDiscovery))


def out_of_sight(table: Any, part: Widget) -> bool:
    """The hand or the dice asked for while the discovery's list is in sight (they are on
    the lower row's other page): the keys stay with the list, and the line says why."""
    if not discovering(table):
        return False
    name = "hand comes" if isinstance(part, InfHand) else "dice come"
    table.say(f"Place the discovered tile first (Enter); your {name} back after it.", error=True)
    return True


def phase_part(table: Any) -> Widget | None:
    """The part this seat acts with in the turn's phase: the dice tray for a check, the hand
    for a deploy, the map for the first tile (None: not this seat's to act)."""
    view = table.view
    if view is None or table.seat not in view.acting:
        return None
    if view.phase in (Phase.CHECK, Phase.ADJUST):
        return table._part(InfDiceTray)
    if view.phase in (Phase.DEPLOY, Phase.RESPAWN):
        return table._part(InfHand)
    if view.phase == Phase.FIRST_TILE:
        return table._part(HexGridView)
    return None


def to_hand(table: Any) -> None:
    """A turn begins (or an undo gives it back) on the part the phase is played with; in the
    acting phase that is the map, where the pawn's moves are chosen."""
    if table.too_small:
        return
    if discovering(table) or table._part(DecisionPanel).display:
        table._restore_focus()  # a question (a leader to choose) has the keys
    else:
        (phase_part(table) or table._part(HexGridView)).focus()
