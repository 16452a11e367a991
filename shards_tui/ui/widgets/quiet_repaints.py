"""Repaints Textual makes that a widget drawing its own looks does not need.

``OwnFocusLook``: a widget that repaints what its focus changes (a map's cursor) keeps
Textual from repainting the whole of it as the focus comes or goes, and from working out its
styles again (and its scrollbars' and component classes') when no rule of the style sheet
that could match them depends on focus. ``SteadyOptionList``: an
option list shown again keeps its lines through the resize Textual tells it after the frame
that laid it out. Both are mixins, put before the Textual class. Neither uses a private name
of Textual; each leans on how Textual 8.2.8 calls its handlers (each class's in turn, from the
widget's own class down, until a default is prevented).
"""

from __future__ import annotations

from typing import Any

from textual.events import Blur, Focus, Resize
from textual.geometry import Region
from textual.strip import Strip

from shards_tui.ui.textual_compat.widgets import styled_by_focus


class OwnFocusLook:
    """A widget mixin (before the Textual class) for a widget that repaints, in its own focus
    and blur handlers, the cells its focus changes (a map's cursor): Textual's handlers run
    after those and repaint the whole widget, as ``focus()`` does; those repaints are skipped. (Only for a widget
    whose styles have no :focus rule: a style change repaints it anyway.)"""

    _focus_painted = False

    def focus(self, scroll_visible: bool = True) -> Any:
        self._focus_painted = True  # (Textual's focus() repaints the whole widget at once)
        return super().focus(scroll_visible)  # type: ignore[misc]

    def on_focus(self, event: Focus) -> None:
        self._focus_painted = True  # (after the widget's own handler, before Textual's)

    def on_blur(self, event: Blur) -> None:
        self._focus_painted = True

    def watch_has_focus(self, has_focus: bool) -> None:
        # Textual works the widget's styles out again at each focus change: a third of a
        # discovery's restyling, for the map, its two scrollbars, their corner and its five
        # component classes, though no rule for them says :focus.
        if styled_by_focus(self):  # type: ignore[arg-type]
            super().watch_has_focus(has_focus)  # type: ignore[misc]

    def refresh(self, *regions: Region, **kwargs: Any) -> Any:
        if self._focus_painted:
            self._focus_painted = False
            if not regions and not kwargs:
                return self
        return super().refresh(*regions, **kwargs)  # type: ignore[misc]


class SteadyOptionList:
    """An option list mixin (before ``OptionList``): a resize to the width its lines were last
    drawn at keeps them. Textual drops an option list's lines at every resize, and the resize
    is told after the frame that laid the list out, so a list shown for the first time (a
    discovery's tiles, after the hand) was drawn in that frame and again in the next."""

    _lines_width = -1

    def render_lines(self, crop: Region) -> list[Strip]:
        self._lines_width = self.scrollable_content_region.width  # type: ignore[attr-defined]
        return super().render_lines(crop)  # type: ignore[misc, no-any-return]

    def on_resize(self, event: Resize) -> None:
        # (Textual calls each class's handler in turn, this one before the option list's, which
        # a default prevented skips)
        if self.scrollable_content_region.width == self._lines_width:  # type: ignore[attr-defined]
            event.prevent_default()
