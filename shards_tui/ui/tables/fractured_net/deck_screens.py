"""The Fractured Net's collection and deck builder, each a screen of its own.

``NetCollection``: every card through the browser's filters and search, the highlighted card's
whole text and keyword glossary beside it. Escape goes back.

``NetDeckBuilder(deck=None, lib=None)``: the decks of the app's ``deck_library`` (over SSH,
the login's own) unless ``lib`` is given; the browser on the left, the deck on the right (its cards with
their copies, the energy-cost curve as a chart, the curve and the validation each in one
sentence), the highlighted card's text below. Keys (ids ``net.deck.*``): + (or =) adds a copy of
the highlighted card (in the pool or the deck), - removes one, ctrl+s saves, o opens a deck (the
deck list, where d deletes one of yours), c copies this deck under a new name, r renames it, n
starts a new one, x exports its code (shown, and copied to the clipboard), i imports a code,
/ types in the search box (Enter or escape returns to the cards), escape goes back (twice when
there are unsaved changes). Starter decks are read-only: a change
to one says to copy it first. Every refusal is the library's one sentence on the status line.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from shards_tui.core.decks import DeckError, DeckLibrary, clean_name, encode
from shards_tui.games.fractured_net.cards import card_db
from shards_tui.ui.tables.fractured_net.browser import NetCardBrowser, NetPoolList
from shards_tui.ui.tables.fractured_net.deck_data import DeckDraft, curve_lines, free_name, library
from shards_tui.ui.tables.fractured_net.deck_dialogs import NetDeckPicker, ask_code, ask_name
from shards_tui.ui.tables.fractured_net.table_data import card_words, energy_cost
from shards_tui.ui.textual_compat.app_loop import current_app
from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.ordered_input import focus_now


def card_content(card_id: str | None) -> Content:
    """A card's name, cost, type line, text and its keywords explained."""
    if card_id is None or card_id not in card_db():
        return Content.styled("Highlight a card to read it here.", "italic")
    w = card_words(card_id)
    parts: list[tuple[str, str] | str] = [(w.name, "bold"), f"  {energy_cost(w.cost)} · ",
                                          (f"{w.type} · {w.faction} · {w.rarity}", "italic")]
    for line in w.lines or ("No rules text.",):
        parts += ["\n", line]
    for word, meaning in w.glossary:
        parts += ["\n", (word, "bold"), f": {meaning}"]
    return Content.assemble(*parts)


class NetCollection(Screen[None]):
    DEFAULT_CSS = tcss(__file__)
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="net.collection.back")]

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield NetCardBrowser()
            yield Static(card_content(None), classes="card-words")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(NetPoolList).focus()
        self._read(self.query_one(NetCardBrowser).highlighted)

    def _read(self, card: str | None) -> None:
        self.query_one(".card-words", Static).update(card_content(card))

    @on(NetCardBrowser.Highlighted)
    def _highlighted(self, message: NetCardBrowser.Highlighted) -> None:
        self._read(message.card)


class NetDeckList(OptionList):
    """The deck's cards by cost, with their copies."""


class NetDeckBuilder(Screen[None]):
    DEFAULT_CSS = tcss(__file__)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    BINDINGS = [
        Binding("plus,equals_sign", "change(1)", "+1 copy", id="net.deck.add",
                tooltip="Add a copy of the highlighted card to the deck."),
        Binding("minus", "change(-1)", "-1 copy", id="net.deck.remove",
                tooltip="Take a copy of the highlighted card out of the deck."),
        Binding("ctrl+s", "save", "Save", id="net.deck.save", tooltip="Save the deck."),
        Binding("o", "open", "Decks", id="net.deck.open", tooltip="Open or delete a deck."),
        Binding("c", "copy", "Copy", id="net.deck.copy", tooltip="Copy this deck under a new name."),
        Binding("r", "rename", "Rename", id="net.deck.rename", tooltip="Rename this deck."),
        Binding("n", "new", "New", id="net.deck.new", tooltip="Start a new, empty deck."),
        Binding("x", "export", "Export code", id="net.deck.export",
                tooltip="Show this deck's code and copy it to the clipboard."),
        Binding("i", "import_code", "Import code", id="net.deck.import",
                tooltip="Save the deck a code stands for."),
        # priority: run as the key arrives, so the word typed behind it in one burst goes to
        # the search box, not to the cards (where 'r' renames and 'n' starts a new deck)
        Binding("slash", "search", "Search", key_display="/", id="net.deck.search",
                priority=True,
                tooltip="Type in the search box (Enter or escape: back to the cards)."),
        Binding("escape", "back", "Back", id="net.deck.back"),
    ]

    def __init__(self, deck: str | None = None, lib: DeckLibrary | None = None) -> None:
        super().__init__()
        self.lib = lib or library(_active_app())
        self.draft = DeckDraft.of(self.lib.find(deck)) if deck else self._starting_draft()
        self.status = ""
        self._leaving = False

    def _starting_draft(self) -> DeckDraft:
        return DeckDraft(free_name(self.lib, "New deck"), {}, saved=False)

    def compose(self) -> ComposeResult:
        with Horizontal(classes="top"):
            yield NetCardBrowser()
            with Vertical(classes="deck"):
                yield Static("", classes="deck-title")
                yield NetDeckList()
                yield Static("", classes="curve")
                yield Static("", classes="curve-sentence")
                yield Static("", classes="verdict")
        yield Static(card_content(None), classes="card-words")
        yield Static("", classes="status")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(NetPoolList).focus()
        self.refresh_deck()
        self.query_one(".card-words", Static).update(
            card_content(self.query_one(NetCardBrowser).highlighted))

    # ---- showing ----------------------------------------------------------------------------

    def refresh_deck(self, keep: str | None = None) -> None:
        d = self.draft
        tag = " (starter, read-only: c copies it)" if d.starter else ("" if d.saved else " (not saved)")
        self.query_one(".deck-title", Static).update(
            Content.assemble((d.name, "bold"), tag, f" · {d.size} cards"))
        lst = self.query_one(NetDeckList)
        rows = d.rows()
        current = keep or self._deck_card()
        with lst.prevent(OptionList.OptionHighlighted):
            lst.clear_options()
            lst.add_options([Option(Content.assemble((f"×{r.in_deck} ", "bold"), f"{r.cost} ",
                                                     (r.name, "bold"), "  ", (r.type, "italic")),
                                    id=r.id) for r in rows])
            ids = [r.id for r in rows]
            lst.highlighted = ids.index(current) if current in ids else (0 if ids else None)
        self.query_one(".curve", Static).update("\n".join(curve_lines(d.curve(), height=4)))
        self.query_one(".curve-sentence", Static).update(d.curve_sentence())
        legal = not d.problems()
        self.query_one(".verdict", Static).update(
            Content.styled(d.verdict(), "bold $success" if legal else "bold $warning"))
        self.query_one(NetCardBrowser).show_deck(d.cards)
        self.query_one(".status", Static).update(self.status)

    def say(self, text: str) -> None:
        self.status = text
        self.query_one(".status", Static).update(text)

    @property
    def verdict(self) -> str:
        return self.draft.verdict()

    def _deck_card(self) -> str | None:
        lst = self.query_one(NetDeckList)
        if lst.highlighted is None or lst.highlighted >= lst.option_count:
            return None
        return lst.get_option_at_index(lst.highlighted).id

    def _highlighted_card(self) -> str | None:
        if self.query_one(NetDeckList).has_focus:
            return self._deck_card()
        return self.query_one(NetCardBrowser).highlighted

    @on(NetCardBrowser.Highlighted)
    def _read_pool(self, message: NetCardBrowser.Highlighted) -> None:
        self.query_one(".card-words", Static).update(card_content(message.card))

    @on(OptionList.OptionHighlighted, "NetDeckList")
    def _read_deck(self, event: OptionList.OptionHighlighted) -> None:
        self.query_one(".card-words", Static).update(card_content(event.option.id))

    @on(NetCardBrowser.Picked)
    def _picked(self, message: NetCardBrowser.Picked) -> None:
        if message.card:
            self._change(message.card, 1)

    # ---- changing the deck --------------------------------------------------------------------

    def _change(self, card: str, delta: int) -> None:
        try:
            self.draft = self.draft.changed(card, delta)
        except DeckError as exc:
            self.say(str(exc))
            return
        name = card_words(card).name
        copies = self.draft.cards.get(card, 0)
        self.status = f"{name}: {copies} in the deck."
        self._leaving = False
        self.refresh_deck(keep=card)

    def action_change(self, delta: int) -> None:
        card = self._highlighted_card()
        if card is not None:
            self._change(card, delta)

    def action_save(self) -> None:
        if self.draft.starter:
            self.say(f"'{self.draft.name}' is a starter deck; starters are read-only (c copies it).")
            return
        if not self.lib.path_of(self.draft.name).exists():  # never saved: it gets a name first
            def save_as(name: str) -> str:
                self.draft = DeckDraft(free_check(self.lib, name), self.draft.cards, saved=False)
                return self.draft.name

            self.app.push_screen(ask_name("Save this deck as", self.draft.name, save_as),
                                 lambda name: self._save() if name else None)
            return
        self._save()

    def _save(self) -> None:
        try:
            deck = self.lib.save(self.draft.name, self.draft.cards)
        except DeckError as exc:
            self.say(str(exc))
            return
        self.draft = DeckDraft.of(deck)
        self.status = f"Saved '{deck.name}'." + ("" if not self.draft.problems() else
                                                 " It is not legal yet, so it cannot be played ranked.")
        self.refresh_deck()

    def _open(self, name: str | None) -> None:
        if not name:
            return
        try:
            self.draft = DeckDraft.of(self.lib.find(name))
        except DeckError as exc:
            self.say(str(exc))
            return
        self.status = f"Opened '{self.draft.name}'."
        self.refresh_deck()

    def action_open(self) -> None:
        self.app.push_screen(NetDeckPicker(self.lib), self._open)

    def action_copy(self) -> None:
        def submit(name: str) -> str:  # the deck as it is now, changes included
            return self.lib.save(free_check(self.lib, name), self.draft.cards, overwrite=False).name

        self.app.push_screen(ask_name("Copy this deck as", free_name(self.lib, self.draft.name + " copy"),
                                      submit), self._open)

    def action_rename(self) -> None:
        if self.draft.starter:
            self.say(f"'{self.draft.name}' is a starter deck; starters are read-only (c copies it).")
            return
        if not self.lib.path_of(self.draft.name).exists():
            def rename_unsaved(name: str) -> str:
                free_check(self.lib, name)
                self.draft = DeckDraft(name, self.draft.cards, saved=False)
                return ""

            self.app.push_screen(ask_name("Name this deck", self.draft.name, rename_unsaved),
                                 lambda _: self.refresh_deck())
            return
        self.app.push_screen(ask_name("Rename this deck to", self.draft.name,
                                      lambda name: self.lib.rename(self.draft.name, name).name),
                             self._open)

    def action_new(self) -> None:
        self.draft = self._starting_draft()
        self.status = "A new, empty deck: add cards with + or enter."
        self.refresh_deck()

    def action_export(self) -> None:
        try:
            code = encode(self.draft.cards, self.lib.rules)
        except DeckError as exc:
            self.say(str(exc))
            return
        self.app.copy_to_clipboard(code)
        self.say(f"Deck code (copied to the clipboard): {code}")

    def action_import_code(self) -> None:
        self.app.push_screen(ask_code(self.lib, free_name(self.lib, "Imported deck")), self._open)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "search" and self.app.focused is not None and \
                self.app.focused.id == "filter-text":
            return False  # a '/' typed in the search box is text
        return True

    def action_search(self) -> None:
        focus_now(self.query_one("#filter-text"))  # the word typed behind '/' is the search

    def on_input_submitted(self) -> None:
        self.query_one(NetPoolList).focus()

    def action_back(self) -> None:
        if self.focused is not None and self.focused.id == "filter-text":
            self.query_one(NetPoolList).focus()
            return
        if not self.draft.saved and not self.draft.starter and self.draft.cards and not self._leaving:
            self._leaving = True
            self.say("This deck has changes not saved: ctrl+s saves them, escape again leaves without.")
            return
        self.app.pop_screen()


def _active_app() -> object:
    """The app this screen is made in (its ``deck_library`` says whose decks to show)."""
    return current_app()


def free_check(lib: DeckLibrary, name: str) -> str:
    """The cleaned name if no deck (starter or the player's) has it, else DeckError."""
    name = clean_name(name)
    if any(d.name.casefold() == name.casefold() for d in lib.all()):
        raise DeckError(f"There is already a deck called '{name}'.")
    return name

