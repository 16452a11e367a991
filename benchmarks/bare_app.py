"""The baseline for the UI benchmarks: a bare Textual app showing one label.

    python benchmarks/bare_app.py

Each press of space adds one to a reactive counter shown in the label, so a key costs one
reactive update and one repaint; q quits. benchmarks/run.py starts it in a pseudo-terminal
next to shards-tui.
"""

from __future__ import annotations

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


if __name__ == "__main__":
    BareApp().run()
