"""A burst of keys edits a field in the order typed (a paste, keys queued while the app was
busy, a line over SSH)."""

from __future__ import annotations

from textual import events
from textual.app import App

from shards_tui.ui.widgets.ordered_input import OrderedInput

BURST = [*"old", "ctrl+u", *"bamish", "left", "left", "left", "backspace", "n"]


def _burst(app: App) -> None:
    """Every key queued at once, as the terminal driver does with a burst of input."""
    for key in BURST:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


async def test_editing_keys_in_a_burst_take_effect_in_order() -> None:
    class One(App[None]):
        def compose(self):
            yield OrderedInput()

    app = One()
    async with app.run_test() as pilot:
        _burst(app)
        await pilot.pause(0.2)
        # (Textual's own Input ends empty: its ctrl+u runs after the letters typed behind it)
        assert app.query_one(OrderedInput).value == "banish"


async def test_the_rules_search_and_the_command_line_are_ordered_fields() -> None:
    from shards_tui.ui.screens.rules import RulesScreen
    from shards_tui.ui.widgets.command_line import CommandLine

    assert issubclass(CommandLine, OrderedInput)
    assert any(isinstance(w, OrderedInput) for w in RulesScreen("shards").compose())
