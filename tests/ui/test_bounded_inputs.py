"""Every box a player can type into is bounded in length: each key re-measures and re-searches
what the box holds, so an unbounded box lets one player's typing cost ever more (over SSH,
everyone's time)."""

from __future__ import annotations

import ast
from pathlib import Path

from textual.command import CommandInput

from shards_tui.ui.widgets.command_line import CommandLine
from shards_tui.ui.widgets.palette import MAX_SEARCH, LegalCommandsPalette
from tests.conftest import new_shards
from tests.ui.tables.shards.shards_ui_support import TableApp

SOURCE = Path(__file__).resolve().parents[2] / "shards_tui"
TEXT_FIELDS = {"Input", "OrderedInput", "TextArea"}
LONGEST = 1024  # a file path; every other box is far shorter


def _name(node: ast.AST) -> str:
    return node.id if isinstance(node, ast.Name) else getattr(node, "attr", "")


def test_every_text_field_in_the_source_has_a_maximum_length() -> None:
    unbounded = []
    for path in SOURCE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in TEXT_FIELDS:
                lengths = [k.value for k in node.keywords if k.arg == "max_length"]
                if not lengths or (isinstance(lengths[0], ast.Constant)
                                   and not 0 < lengths[0].value <= LONGEST):
                    unbounded.append(f"{path.relative_to(SOURCE)}:{node.lineno}")
            elif isinstance(node, ast.ClassDef) and any(_name(b) in TEXT_FIELDS for b in node.bases):
                init = next((f for f in node.body if isinstance(f, ast.FunctionDef)
                             and f.name == "__init__"), None)  # (one that makes itself)
                if init is not None and "max_length" not in ast.unparse(init):
                    unbounded.append(f"{path.relative_to(SOURCE)}:{node.lineno} ({node.name})")
            elif isinstance(node, ast.Call) and _name(node.func) == "CommandPalette":
                unbounded.append(f"{path.relative_to(SOURCE)}:{node.lineno} (use "
                                 "LegalCommandsPalette: its search box is bounded)")
    assert not unbounded, unbounded


class PlainTableApp(TableApp):
    ENABLE_COMMAND_PALETTE = False  # ctrl+p is the table's, as in shards-tui


async def test_the_palette_and_the_command_line_take_no_more_than_their_limit() -> None:
    app = PlainTableApp(new_shards(), seat=0, networked=True)  # (no hand-off cover)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, LegalCommandsPalette)
        box = app.screen.query_one(CommandInput)
        for _ in range(300):
            box.insert_text_at_cursor("x")
        assert box.max_length == MAX_SEARCH and len(box.value) == MAX_SEARCH
        await pilot.press("escape")
        await pilot.pause()
        line = app.screen.query_one(CommandLine)
        for _ in range(300):
            line.insert_text_at_cursor("y")
        assert 0 < len(line.value) == line.max_length <= 200
