"""The setup screen's choice of expansions and rules variants: one checkbox each, with its blurb.

Attributes down (the game's catalogue), messages up (``VariantPicker.Changed`` whenever a box
is ticked); the screen decides what the choice means for the seats and whether it fits.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Checkbox, Label, Static

from shards_tui.core.variants import ExpansionInfo, VariantInfo
from shards_tui.ui.widgets._tcss import tcss


def players_text(v: VariantInfo) -> str:
    counts = list(v.players)
    if len(counts) == 1:
        return f"{counts[0]} player{'s' if counts[0] != 1 else ''}"
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]} players"
    return " or ".join(str(c) for c in counts) + " players"


class TickBox(Checkbox):
    """A compact checkbox whose mark shows its state without colour: [X] on, [ ] off."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802
        return "X" if self.value else " "


class VariantPicker(Vertical):
    """Checkboxes for the expansions (on by default where the game says so) and the variants."""

    DEFAULT_CSS = tcss(__file__)

    class Changed(Message):
        """The chosen expansions or variants changed."""

        def __init__(self, picker: "VariantPicker") -> None:
            super().__init__()
            self.picker = picker

    def __init__(self, variants: tuple[VariantInfo, ...], expansions: tuple[ExpansionInfo, ...],
                 **kwargs) -> None:
        super().__init__(**kwargs)
        self.variants = variants
        self.expansions = expansions

    def compose(self) -> ComposeResult:
        if self.expansions:
            yield Label("Expansions", classes="picker-heading")
            for e in self.expansions:
                with Horizontal(classes="picker-row"):
                    yield TickBox(e.title, value=e.default, compact=True, id=f"set-{e.id}",
                                   classes="picker-box")
                    yield Static("its cards join the center deck", classes="picker-blurb")
        if self.variants:
            yield Label("Variants (leave all off for the standard game)", classes="picker-heading")
            for v in self.variants:
                with Horizontal(classes="picker-row"):
                    yield TickBox(v.title, compact=True, id=f"variant-{v.id}", classes="picker-box")
                    yield Static(f"{players_text(v)}. {v.blurb}", classes="picker-blurb")

    @property
    def chosen(self) -> list[str]:
        """The ticked variants, in catalogue order."""
        return [v.id for v in self.variants if self.query_one(f"#variant-{v.id}", Checkbox).value]

    @property
    def sets(self) -> list[str]:
        """The card sets: the base set and every ticked expansion."""
        return ["base"] + [e.id for e in self.expansions if self.query_one(f"#set-{e.id}", Checkbox).value]

    def set_variant(self, variant_id: str, on: bool) -> None:
        self.query_one(f"#variant-{variant_id}", Checkbox).value = on

    def set_expansion(self, set_id: str, on: bool) -> None:
        self.query_one(f"#set-{set_id}", Checkbox).value = on

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.stop()
        self.post_message(self.Changed(self))
