"""What a frame writes to the terminal: each widget's part of a line from the first of its
segments that the repaint reaches (Textual writes it from the widget's left edge), never
cutting a segment."""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from textual.strip import Strip

from shards_tui.ui.textual_compat.frame_writes import ChopsUpdate, render_from_the_change


def _written(chops: dict[int, Strip], ends: list[int], span: tuple[int, int]) -> str:
    update = ChopsUpdate([chops], [(0, *span)], [ends])
    return render_from_the_change(update, Console(width=40, color_system=None))


def test_a_line_is_written_from_the_segment_the_change_begins_in() -> None:
    strip = Strip([Segment("aaaa"), Segment("bbbb"), Segment("cccc")], 12)
    out = _written({0: strip}, [12], (5, 7))
    assert "aaaa" not in out and out.startswith("\x1b[1;5H") and "bb" in out
    assert "cccc" not in out  # (cut at the end of the change, as Textual does)
    whole = _written({0: strip}, [12], (0, 12))
    assert "aaaabbbbcccc" in whole.replace("\x1b[0m", "")
    wide = _written({0: Strip([Segment("ab"), Segment("日本")], 6)}, [6], (3, 6))
    assert "日本" in wide and wide.startswith("\x1b[1;3H")  # a wide character stays whole
