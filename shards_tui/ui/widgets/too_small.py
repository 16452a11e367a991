"""A notice that covers a screen while the terminal is too small to show it.

Below 60x20 the table can no longer show a hand: instead of a clipped table the player sees
how big the terminal is, how big it must be, and that the game waits. The screen keeps its
widgets and state; making the window larger brings the table back as it was.
"""

from __future__ import annotations

from textual import events
from textual.geometry import Size
from textual.widgets import Static

MIN_COLS, MIN_ROWS = 60, 20


def too_small(size: Size) -> bool:
    return size.width < MIN_COLS or size.height < MIN_ROWS


class TooSmall(Static, can_focus=True):
    """Put it in a screen's compose, give the screen the layers ``default notice``, and call
    ``fit`` from the screen's resize (the table's ``on_resize`` does, and refuses its own
    actions while it shows). Focused, it keeps the keys that reach it."""

    DEFAULT_CSS = """
    TooSmall {
        dock: top;
        layer: notice;  /* over the whole screen, which stays laid out beneath */
        width: 100%;
        height: 100%;
        display: none;
        content-align: center middle;
        text-align: center;
        padding: 0 1;
        background: $background;
    }
    """

    def fit(self, size: Size, what: str = "the table",
            meanwhile: str = "the game waits as it is") -> None:
        """``what``: the thing that does not fit; ``meanwhile``: what happens until it does."""
        small = too_small(size)
        if small:
            self.update(f"This terminal is {size.width}x{size.height}: {what} needs at least "
                        f"{MIN_COLS}x{MIN_ROWS}. Make the window larger to go on; {meanwhile}.")
        if self.display != small:
            self.display = small

    def on_key(self, event: events.Key) -> None:
        event.stop()  # not on to the screen's key bindings
        event.prevent_default()
