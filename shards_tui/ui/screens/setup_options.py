"""A game's own New game questions (``SetupSpec.options``): one row each, read back into the
setup. A choice is a list (with "Random" when the game has no default), a flag is On or Off
(or the game's default when it has none), a number an input bounded by the option."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select, Static

from shards_tui.core.setup_spec import GameOption
from shards_tui.ui.widgets.ordered_input import OrderedInput

RANDOM = "random"
DEFAULT = "default"


def _choice_values(option: GameOption) -> tuple[list[tuple[str, str]], str]:
    if option.kind == "choice":
        values = [(c.title, c.id) for c in option.choices]
        if option.default is None:
            return [("Random", RANDOM), *values], RANDOM
        return values, str(option.default)
    values = [("On", "on"), ("Off", "off")]
    if option.default is None:
        return [("Game's default", DEFAULT), *values], DEFAULT
    return values, "on" if option.default else "off"


class OptionsBox(Vertical):
    """The rows of a game's options; ``values`` reads them."""

    DEFAULT_CSS = """
    OptionsBox { height: auto; }
    OptionsBox .option-row { height: auto; margin-bottom: 1; }  /* a long help wraps */
    OptionsBox .option-label { width: 16; }
    OptionsBox .option-choice { width: 24; margin-right: 1; }
    OptionsBox .option-number { width: 10; margin-right: 1; }
    OptionsBox .option-help { width: 1fr; height: auto; color: $text-muted; }
    """

    def __init__(self, options: tuple[GameOption, ...], variants: list[str] | None = None,
                 select: type[Select[Any]] = Select, **kwargs: Any) -> None:
        """``select``: the list widget of a choice (the lobby's dialog leaves Enter to its form)."""
        super().__init__(**kwargs)
        self.options = options
        self.select = select
        self._variants = list(variants or [])  # the variants chosen as the box is made

    def compose(self) -> ComposeResult:
        for option in self.options:
            with Horizontal(id=f"{option.key}-row", classes="option-row") as row:
                row.display = option.needs_variant is None or option.needs_variant in self._variants
                yield Label(option.label, classes="option-label")
                if option.kind == "number":
                    value = "" if option.default is None else str(option.default)
                    yield OrderedInput(value, type="integer", max_length=6, compact=True,
                                id=f"{option.key}-number", classes="option-number")
                else:
                    values, value = _choice_values(option)
                    yield self.select(values, value=value, allow_blank=False, compact=True,
                                 id=f"{option.key}-choice", classes="option-choice")
                yield Static(option.help if option.kind != "choice" else "",
                             classes="option-help")

    def show_for(self, variants: list[str]) -> None:
        """An option shows when it needs no variant, or its variant is chosen."""
        for option in self.options:
            for row in self.query(f"#{option.key}-row"):
                row.display = option.needs_variant is None or option.needs_variant in variants

    def raw_values(self) -> dict[str, str]:
        """What each row holds, as the form shows it (a choice's value, a number's text)."""
        out: dict[str, str] = {}
        for option in self.options:
            if option.kind == "number":
                out[option.key] = self.query_one(f"#{option.key}-number", Input).value.strip()
            else:
                value = self.query_one(f"#{option.key}-choice", Select).value
                if value is not Select.NULL:
                    out[option.key] = str(value)
        return out

    def set_values(self, values: dict[str, str]) -> None:
        """Put back rows as ``raw_values`` read them; a value the row cannot hold (a choice
        no longer offered, a number out of its bounds) leaves the row as it is."""
        for option in self.options:
            value = values.get(option.key)
            if value is None:
                continue
            if option.kind == "number":
                if value == "" or (value.isdigit() and len(value) <= 6):
                    self.query_one(f"#{option.key}-number", Input).value = value
                continue
            choice = self.query_one(f"#{option.key}-choice", Select)
            if value in {v for _label, v in _choice_values(option)[0]}:
                choice.value = value

    def values(self, variants: list[str]) -> tuple[dict[str, Any], str | None]:
        """The setup's fields from the rows shown (a random or default one left out), or one
        sentence saying which is wrong."""
        out: dict[str, Any] = {}
        for option in self.options:
            if option.needs_variant is not None and option.needs_variant not in variants:
                continue
            if option.kind == "number":
                text = self.query_one(f"#{option.key}-number", Input).value.strip()
                if not text:
                    continue
                low = option.minimum if option.minimum is not None else 0
                high = option.maximum if option.maximum is not None else 10**6
                try:
                    number = int(text)
                except ValueError:
                    number = low - 1
                if not low <= number <= high:
                    return {}, f"{option.label} must be a whole number from {low} to {high}."
                out[option.key] = number
                continue
            value = self.query_one(f"#{option.key}-choice", Select).value
            if value in (RANDOM, DEFAULT, Select.NULL):
                continue
            out[option.key] = value == "on" if option.kind == "flag" else str(value)
        return out, None
