"""Each person picks their seat's role (a deck) out of the others' sight, one after another;
over SSH, also a role picked at each player's own terminal in sight of all (a faction).

At one keyboard every person's pick is covered by a hand-off first (with one person there is
nobody to hide it from); the picker lists only what the picking player may choose and never
shows another player's pick. A role with ``decks`` lists the player's decks (``core.decks``:
the game's starters and the decks saved in the data folder), each with the game's few words
on it and, when it is not legal, why, and a deck code pasted in (a legal deck only). Dismissed with the chosen entry's id, "" for a random
pick, or None (Escape: back to New game).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from shards_tui.core.setup_spec import SeatRole
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.widgets.ordered_input import OrderedInput, focus_now
from shards_tui.core.decks import Deck, DeckError, DeckLibrary, decode, rules_for, seat_entry

RANDOM_ID = ""
CODE_ID = "\x00code"  # (no deck's id: ids are printable)
MAX_CODE = 600


@dataclass(frozen=True)
class PickEntry:
    id: str
    title: str
    note: str = ""  # a few dim words after the title
    problem: str = ""  # why it is not legal ('' when it is)
    entry: dict[str, Any] | None = None  # what the seat's setup gets (None: role.key = id)


def role_entries(game_id: str, role: SeatRole, library: Any = None,
                 taken: dict[str, str] | None = None) -> tuple[list[PickEntry], list[str]]:
    """What a seat may pick for this role, and a sentence for each deck file that cannot be
    read (decks roles only). ``library``: the picking player's decks (``core.decks.DeckLibrary``:
    the data folder's at one keyboard, the SSH player's own over SSH); None: the data folder's.
    ``taken``: choices other players have taken (id -> who), of a role no two may share."""
    if not role.decks:
        taken = taken or {}
        return [PickEntry(c.id, c.title, c.blurb, f"taken by {taken[c.id]}" if c.id in taken else "")
                for c in role.choices], []

    try:
        library = library or DeckLibrary(game_id)
        saved, broken = library.own()
        decks = library.starters() + saved
    except DeckError as exc:
        return [PickEntry(c.id, c.title, c.blurb) for c in role.choices], [str(exc)]
    entries = []
    for deck in decks:
        problems = library.rules.problems(deck.cards)
        kind = "starter" if deck.starter else "yours"
        entries.append(PickEntry(f"{kind}:{deck.name}", deck.name,
                                 f"{library.rules.describe(deck.cards)}, {kind}",
                                 problems[0] if problems else "", seat_entry(deck)))
    return entries, broken


def code_reader(game_id: str) -> Callable[[str], dict[str, Any]]:
    """Turns a pasted deck code into a seat's entry (DeckError: one sentence)."""

    def read(code: str) -> dict[str, Any]:
        rules = rules_for(game_id)
        cards = decode(code.strip()[:MAX_CODE], rules)
        problems = rules.problems(cards)
        if problems:
            raise DeckError(f"That code is a deck that is not legal: {problems[0]}")
        return seat_entry(Deck("Deck from a code", cards))

    return read


class PickCover(HandoffScreen):
    """The hand-off before a person's private pick."""

    def __init__(self, player: str, label: str) -> None:
        super().__init__(player, f"{player} chooses a {label.lower()} in private.")
        self.label = label

    @property
    def button_text(self) -> str:
        return f"I am {self.player}: choose my {self.label.lower()}"


class PrivatePickScreen(Screen[str | None]):
    """One player's pick: their options only."""

    DEFAULT_CSS = """
    PrivatePickScreen { align: center top; }
    #pick-box { width: 90; max-width: 100%; height: auto; max-height: 100%; padding: 0 1; }
    #pick-title { text-style: bold; color: $accent; margin-top: 1; }
    #pick-list { height: auto; max-height: 24; margin: 1 0; }
    #pick-code { width: 100%; }
    PrivatePickScreen.-short #pick-list { max-height: 14; }
    """
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    AUTO_FOCUS = "#pick-list"
    BINDINGS = [Binding("escape", "back", "Back", id="pick.back")]

    def __init__(self, player: str, label: str, entries: list[PickEntry],
                 notes: list[str] | None = None,
                 decode: Callable[[str], dict[str, Any]] | None = None,
                 refusal: Callable[[str, dict[str, Any] | None], str | None] | None = None,
                 secret: bool = True) -> None:
        super().__init__()
        self.player, self.label, self.entries = player, label, entries
        self.secret = secret  # False: a pick the others see (they are told what is taken)
        self.notes = list(notes or [])
        self.decode = decode  # a deck code -> the seat's entry (raises DeckError), if offered
        self.from_code: dict[str, Any] | None = None  # the entry of a pasted code
        # (choice id, a pasted code's entry) -> why the game would refuse it, or None: a pick
        # refused is said here at once, and the player picks again
        self.refusal = refusal
        self._typed = ""  # letters typed at the list in the burst that chose the code field

    def compose(self) -> ComposeResult:
        word = self.label.lower()
        with Vertical(id="pick-box"):
            yield Static(f"{self.player}: choose your {word}", id="pick-title")
            if self.secret:
                hint = (f"Only {self.player} should see this screen. Enter picks; nobody else "
                        f"learns which {word} it is.")
            else:
                hint = f"Enter picks; the other players will see your {word}."
            yield Static(hint, id="pick-hint")
            for note in self.notes:
                yield Static(note, classes="error")
            drawn = ("one of the starters" if self.decode is not None
                     else f"one of the {word}s left") + ", drawn when the game starts"
            options = [Option(Text.assemble((f"Random {word}", "bold"), "  ", (drawn, "dim")),
                              id="random")]
            for entry in self.entries:
                options.append(Option(self._line(entry), id=f"pick:{entry.id}"))
            if self.decode is not None:
                options.append(Option(Text.assemble(("A deck code", "bold"), "  ", (
                    "paste the code of a deck of yours (the deck builder's x exports it)", "dim")),
                    id="code"))
            yield OptionList(*options, id="pick-list")
            code = OrderedInput(placeholder="paste a deck code, then Enter", max_length=MAX_CODE,
                         id="pick-code", compact=True)
            code.display = False
            yield code
            yield Static("", id="pick-error", classes="error")
        yield Footer()

    def _line(self, entry: PickEntry) -> Text:
        line = Text.assemble((entry.title, "bold"), "  ", (entry.note, "dim"))
        if entry.problem:
            reason = "not legal: " if self.secret else ""
            line.append(f"\n   {reason}{entry.problem}", style="italic")
        return line

    def mark_taken(self, taken: dict[str, str]) -> None:
        """Another player took (or freed) a choice of a role no two may share: say so here."""
        if self.secret:
            return  # (a secret pick's list holds the player's decks; nothing of the others')
        for n, entry in enumerate(self.entries):
            problem = f"taken by {taken[entry.id]}" if entry.id in taken else ""
            if problem != entry.problem:
                self.entries[n] = entry = PickEntry(entry.id, entry.title, entry.note, problem,
                                                    entry.entry)
                if self.is_mounted:  # (else the list is composed from the entries)
                    self.query_one("#pick-list", OptionList).replace_option_prompt(
                        f"pick:{entry.id}", self._line(entry))

    def on_key(self, event: events.Key) -> None:
        """Letters that reached the list: in a burst (Enter on "A deck code", then the code,
        sent at once) they come before the list's selection does, and belong in the field."""
        if event.is_printable and event.character and not self.query_one("#pick-code").has_focus:
            self._typed = (self._typed + event.character)[-MAX_CODE:]

    def on_option_list_option_highlighted(self, _event: OptionList.OptionHighlighted) -> None:
        self._typed = ""  # letters typed before moving in the list are nobody's

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id or ""
        if oid == "code":
            code = self.query_one("#pick-code", Input)
            code.display = True
            focus_now(code)
            if self._typed:
                code.insert_text_at_cursor(self._typed)
                self._typed = ""
            return
        self._choose(RANDOM_ID if oid == "random" else oid.partition(":")[2])

    def _choose(self, choice: str) -> None:
        problem = self.refusal(choice, self.from_code) if self.refusal is not None else None
        if problem:
            self.query_one("#pick-error", Static).update(Text(f"{problem} Choose another."))
            return
        self.dismiss(choice)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()

        assert self.decode is not None
        try:
            self.from_code = self.decode(event.value)
        except DeckError as exc:
            self.query_one("#pick-error", Static).update(str(exc))
            return
        self._choose(CODE_ID)

    def action_back(self) -> None:
        self.dismiss(None)


def ask_one(app: Any, game_id: str, role: SeatRole, player: str,
            done: Callable[[dict[str, Any] | None], None],
            check: Callable[[dict[str, Any]], str | None] | None = None,
            taken: dict[str, str] | None = None) -> None:
    """Ask one player for their pick (no hand-off: their own screen) among the decks of the
    app's ``deck_library``; ``done`` gets what their seat's setup entry gains ({} for a random
    pick), or None if they went back. ``check``: why the game would refuse an entry (None: it
    takes it); a refused pick is said on the picker, which stays for another pick. ``taken``:
    what other players took already, of a role no two may share (id -> who)."""
    library = app.deck_library(game_id) if role.decks and hasattr(app, "deck_library") else None
    entries, broken = role_entries(game_id, role, library, taken)
    by_id = {e.id: e for e in entries}

    def entry_of(choice: str, from_code: dict[str, Any] | None) -> dict[str, Any]:
        if choice == CODE_ID and from_code is not None:
            return dict(from_code)
        entry = by_id.get(choice)
        if entry is None:
            return {}
        return dict(entry.entry) if entry.entry is not None else {role.key: entry.id}

    screen = PrivatePickScreen(
        player, role.label, entries, broken, decode=code_reader(game_id) if role.decks else None,
        refusal=(lambda choice, code: check(entry_of(choice, code))) if check else None,
        secret=role.private)

    def picked(choice: str | None) -> None:
        done(None if choice is None else entry_of(choice, screen.from_code))

    app.push_screen(screen, picked)


def pick_in_private(app: Any, game_id: str, role: SeatRole, seats: list[tuple[str, bool]],
                    done: Callable[[list[dict[str, Any]] | None], None],
                    check: Callable[[int, dict[str, Any]], str | None] | None = None) -> None:
    """Ask each person (``seats``: (name, is a person) in seat order) for their pick, covered
    by a hand-off when more than one person shares the keyboard; then ``done`` gets, per seat,
    what its setup entry gains ({} for a random pick and for bots), or None if someone went
    back. ``check(seat, entry)``: why the game would refuse that pick (said at once)."""
    people = [n for n, (_, person) in enumerate(seats) if person]
    picks: list[dict[str, Any]] = [{} for _ in seats]
    cover = len(people) > 1

    def ask(k: int) -> None:
        if k == len(people):
            done(picks)
            return
        seat = people[k]
        name = seats[seat][0]

        def picked(entry: dict[str, Any] | None) -> None:
            if entry is None:
                done(None)
                return
            picks[seat] = entry
            ask(k + 1)

        seat_check = (lambda entry: check(seat, entry)) if check is not None else None
        if cover:
            app.push_screen(PickCover(name, role.label),
                            lambda _: ask_one(app, game_id, role, name, picked, seat_check))
        else:
            ask_one(app, game_id, role, name, picked, seat_check)

    ask(0)
