"""The action phase at a readable pace (no Textual): the log lines a move added, each with
the row to show while it is read.

A move that fills the action row resolves the whole action phase, drift, the end of the round
and cleanup at once; the view after it has an empty row. The table shows the lines one beat
at a time instead, with the row as it began to fire (``view.action_row``) and the space firing
then highlighted ('Space 3: ...' lines move the highlight), until the line that says every
space has fired. Lines outside the action phase come with no row: the table shows its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from shards_tui.games.disco.view import DiscoView
from shards_tui.ui.tables.disco.table_data import RowData, fired_row

SPACE = re.compile(r"Space (\d+): ")
_STARTS = ("action-phase", "cannot-place")  # 'The action row is full...', '...fires with N cards'
_FIRES = ("action-phase", "jam")  # 'Space 3: X fires.', 'Space 3: X is jammed...'


@dataclass(frozen=True)
class Beat:
    seq: int
    text: str
    row: RowData | None  # None: the row of the view itself


def beats(view: DiscoView, since: int) -> list[Beat]:
    """The log lines after ``since`` (a log seq), each with its row. Only the last action
    phase among them is shown firing (the view keeps only its row)."""
    lines = [line for line in view.log if line.seq > since and line.text]
    last_start = max((n for n, line in enumerate(lines) if _starts(line.anchor, line.text)),
                     default=0)
    out: list[Beat] = []
    firing: int | None = None
    acting = False
    for n, line in enumerate(lines):
        if n >= last_start:
            if _starts(line.anchor, line.text):
                acting, firing = True, None
            elif line.anchor in _FIRES and (found := SPACE.match(line.text)):
                acting, firing = True, int(found.group(1))
        done = acting and line.anchor == "round" and line.text.startswith("Every space has fired")
        out.append(Beat(line.seq, line.text, fired_row(view, firing, done) if acting else None))
        if done:
            acting = False
    return out


def _starts(anchor: str | None, text: str) -> bool:
    return anchor in _STARTS and "fire" in text and not SPACE.match(text)


def fires(view: DiscoView, since: int) -> bool:
    """Whether the lines after ``since`` show the row firing (worth playing at a pace)."""
    return any(beat.row is not None and beat.row.firing for beat in beats(view, since))
