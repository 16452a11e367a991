"""The baseline for the UI benchmarks: a bare Textual app showing one label.

    python benchmarks/bare_app.py

Each press of space adds one to a reactive counter shown in the label, so a key costs one
reactive update and one repaint; q quits. benchmarks/run.py starts it in a pseudo-terminal
next to shards-tui.

    python benchmarks/bare_app.py --pydantic

first imports pydantic and validates one small model, as any app built on pydantic must before
it shows a game: the startup floor of the packages this project is required to use.
"""

from __future__ import annotations

import sys

from textual.app import App, ComposeResult
from textual.reactive import reactive
from textual.widgets import Label


class BareApp(App[None]):
    count: reactive[int] = reactive(0)

    def compose(self) -> ComposeResult:
        yield Label("bare label 0", id="label")

    def watch_count(self, count: int) -> None:
        if self.is_mounted:
            self.query_one(Label).update(f"bare label {count}")

    def on_key(self, event) -> None:
        if event.key == "space":
            self.count += 1
        elif event.key == "q":
            self.exit()


def _validate_one_model() -> None:
    from pydantic import BaseModel

    class Seat(BaseModel):
        name: str
        hand: list[str] = []

    Seat(name="bare", hand=["label"])


if __name__ == "__main__":
    if "--pydantic" in sys.argv[1:]:
        _validate_one_model()
    BareApp().run()
