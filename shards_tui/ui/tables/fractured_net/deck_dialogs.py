"""The deck builder's dialogs: the list of decks to open or delete, and a small form that asks
for a name or a deck code and shows the library's one sentence when it is refused."""

from __future__ import annotations

from typing import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from shards_tui.core.decks import MAX_CODE, MAX_NAME, DeckError, DeckLibrary
from shards_tui.ui.tables.fractured_net.deck_data import DeckDraft, deck_names
from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.ordered_input import OrderedInput, focus_now


def deck_line(draft: DeckDraft, describe: Callable[[dict[str, int]], str]) -> Content:
    tag = ("starter, read-only", "italic") if draft.starter else ("yours", "italic")
    verdict = ", legal" if not draft.problems() else ""  # (else the words say: casual games only)
    return Content.assemble((draft.name, "bold"), "  (", tag, f")  {describe(draft.cards)}{verdict}")


class NetDeckPicker(ModalScreen[str | None]):
    """Every deck, starters first: enter opens one (the name is the result), d twice deletes one
    of the player's own, escape closes. A broken deck file is listed as its sentence."""

    DEFAULT_CSS = tcss(__file__)
    BINDINGS = [
        Binding("escape", "dismiss_none", "Close", id="net.decks.close"),
        Binding("d", "delete", "Delete", id="net.decks.delete",
                tooltip="Delete the highlighted deck of yours (press d twice)."),
    ]

    def __init__(self, lib: DeckLibrary) -> None:
        super().__init__()
        self.lib = lib
        self._armed: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Decks: enter opens one, d deletes one of yours, escape closes.",
                         classes="title")
            yield OptionList()
            yield Static("", classes="note")

    def on_mount(self) -> None:
        self.refill()
        self.query_one(OptionList).focus()

    def refill(self) -> None:
        decks, broken = deck_names(self.lib)
        lst = self.query_one(OptionList)
        lst.clear_options()
        lst.add_options([Option(deck_line(DeckDraft.of(d), self.lib.rules.describe), id=d.name)
                         for d in decks])
        lst.add_options([Option(Content.styled(b, "italic $error"), disabled=True) for b in broken])
        lst.highlighted = 0 if decks else None

    @property
    def note(self) -> str:
        return str(self.query_one(".note", Static).render())

    def _say(self, text: str) -> None:
        self.query_one(".note", Static).update(text)

    @on(OptionList.OptionSelected)
    def _open(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

    def action_delete(self) -> None:
        lst = self.query_one(OptionList)
        if lst.highlighted is None:
            return
        name = lst.get_option_at_index(lst.highlighted).id
        if name is None:
            return
        if any(d.name == name for d in self.lib.starters()):
            self._say(f"'{name}' is a starter deck; starters are read-only.")
            return
        if self._armed != name:
            self._armed = name
            self._say(f"Press d again to delete '{name}' for good.")
            return
        self._armed = None
        try:
            self.lib.delete(name)
        except DeckError as exc:
            self._say(str(exc))
            return
        self._say(f"Deleted '{name}'.")
        self.refill()


class NetAskText(ModalScreen[str | None]):
    """A form of one or two lines (a name; a code and a name). ``submit`` gets the values and
    returns the result (the form closes with it) or raises ``DeckError``, whose sentence is shown
    while the form stays open. Escape closes it with None."""

    DEFAULT_CSS = tcss(__file__)
    BINDINGS = [Binding("escape", "dismiss_none", "Cancel", id="net.ask.cancel"),
                # priority: Enter in a field with another below moves there as the key
                # arrives, so the next field's text typed in the same burst (a pasted code,
                # Enter, a name) goes in that field, not on the end of this one
                Binding("enter", "next_field", "Next field", id="net.ask.next", priority=True,
                        show=False)]

    def __init__(self, title: str, fields: list[tuple[str, str, int]],
                 submit: Callable[[list[str]], str]) -> None:
        super().__init__()
        self.title_text = title
        self.fields = fields  # (placeholder, value, max length)
        self.submit = submit

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="title")
            for n, (placeholder, value, limit) in enumerate(self.fields):
                yield OrderedInput(value=value, placeholder=placeholder, max_length=limit, id=f"field-{n}")
            yield Static("Enter to confirm, escape to cancel.", classes="note")

    def on_mount(self) -> None:
        focus_now(self.query_one("#field-0", Input))

    @property
    def note(self) -> str:
        return str(self.query_one(".note", Static).render())

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        inputs = list(self.query(Input))
        index = inputs.index(event.input)
        if index + 1 < len(inputs):
            focus_now(inputs[index + 1])  # the next field's text may follow in the same burst
            return
        try:
            result = self.submit([i.value for i in inputs])
        except DeckError as exc:
            self.query_one(".note", Static).update(Content.styled(str(exc), "bold $error"))
            return
        self.dismiss(result)

    def _next_field(self) -> Input | None:
        inputs = list(self.query(Input))
        focused = self.app.focused
        if focused in inputs and inputs.index(focused) + 1 < len(inputs):  # type: ignore[arg-type]
            return inputs[inputs.index(focused) + 1]  # type: ignore[arg-type]
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_field":  # in the last field, Enter submits the form
            return self._next_field() is not None
        return True

    def action_next_field(self) -> None:
        field = self._next_field()
        if field is not None:
            focus_now(field)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


def ask_name(title: str, value: str, submit: Callable[[str], str]) -> NetAskText:
    return NetAskText(title, [("Deck name", value, MAX_NAME)], lambda values: submit(values[0]))


def ask_code(lib: DeckLibrary, default_name: str) -> NetAskText:
    """Paste a code, name the deck: the result is the saved deck's name."""
    def submit(values: list[str]) -> str:
        code, name = values
        return lib.import_code(code, name).name

    return NetAskText("Import a deck code", [("Deck code (FN-...)", "", MAX_CODE),
                                             ("Name to save it under", default_name, MAX_NAME)], submit)
