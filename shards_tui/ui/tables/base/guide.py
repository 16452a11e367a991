"""A guide at the table: a lesson's coach or a demo's narrator, added to any game's table.

A ``TableGuide`` is handed to the table screen (``MyTable(..., guide=LessonGuide(...))``); the
table stays the game's own, and the guide adds to it by composition:
- ``widgets()``: its panel(s), which the table mounts before its ``guide_anchor()`` part (by
  default at the top of the table); ``mounted()`` is called once they are on screen;
- ``BINDINGS``: its keys; an action ``guide('name')`` runs the guide's ``action_name()``
  (through the table's ``action_guide``); ``footer_first`` puts them first in the footer;
- ``css_class``: a class the table screen gets, by which its layout makes room;
  ``placement``: "above" the table's lower half (a coach) or "beside" it (a narration);
- ``follows_actor``: the table shows whichever seat acts, a bot's too, its hand and all (a
  demo); ``forced_moves``: the game plays the moves a seat has no choice about (off: a
  lesson's steps name every move); ``too_small_words``: what the too-small notice calls the screen and the wait;
- ``send(text)``: every command the player sends (a key, a click, the palette, the command
  line) reaches the guide first; it returns True or False when it has dealt with it (a
  lesson checks it against its step; True: the move was made), None to let the table send
  it to the game as usual;
- ``check_action(action, parameters)``: True or False to allow or refuse a table action,
  None to let the table decide; ``offers_undo`` (may the key hints offer undo) and
  ``undo_refusal()`` (why the undo key does nothing now);
- ``shown(view)`` after every re-render, ``said(message, error)`` after every status line.

A guide never touches the game except through its table (``table.session``,
``table.run_command_text``) or its own object (a lesson's ``Lesson``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding
from textual.widget import Widget

from shards_tui.ui.tables.base.surface import TableSurface


class TableGuide:
    BINDINGS: ClassVar[list[Binding]] = []
    footer_first: ClassVar[tuple[str, ...]] = ()
    css_class: ClassVar[str] = ""
    placement: ClassVar[str] = "above"  # its panel goes "above" the table's lower half, or
    # "beside" it (the table's guide_anchor places it)
    follows_actor: ClassVar[bool] = False  # show the seat that acts, bots' seats too
    forced_moves: ClassVar[bool] = False  # let the game play forced moves (a lesson names each)
    too_small_words: ClassVar[tuple[str, str]] = ("the table", "the game waits as it is")

    table: TableSurface

    def attach(self, table: TableSurface) -> None:
        self.table = table

    def widgets(self) -> list[Widget]:
        return []

    def mounted(self) -> None:
        """The guide's widgets are on screen."""

    def send(self, text: str) -> bool | None:
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None

    @property
    def offers_undo(self) -> bool:
        return True

    def undo_refusal(self) -> str | None:
        """Why undo is refused now (None: it is not)."""
        return None

    def shown(self, view: Any) -> None:
        """The table was drawn again from ``view``."""

    def said(self, message: str, error: bool) -> None:
        """The table's status line says ``message``."""
