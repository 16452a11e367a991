"""A new networked table: game, players, variant, the game's own options (``SetupSpec``: ranked,
a turn timer), and who plays each other seat. (No seed:
the server draws each table's seed itself, since whoever knows it can work out every hand.)

Seat 1 is the player making the table; by default seat 2 is open for a person and any further
seats are greedy bots. Focus starts on the first field, and Tab leads down the form to Create;
Enter, space or the arrows open a list (Enter in the open list picks), and Enter on the Create
button creates the table.
Returns the settings as a dict (or None on cancel).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from shards_tui.core.registry import game, listings
from shards_tui.core.variants import VariantError, check_choice
from shards_tui.ui.screens.setup_options import OptionsBox

SEAT_CHOICES = [("Open seat (a person)", "human"), ("Random bot", "random"),
                ("Greedy bot", "greedy"), ("Search bot", "search")]


def most_seats() -> int:
    """The most seats a table of any game may have (each game's listing says its own)."""
    return max(g.max_players for g in listings())


def variants_for(game_id: str) -> list[tuple[str, str]]:
    """The game without a variant (named as the game names it) and each variant it offers,
    as (label, id) choices."""
    info = game(game_id)
    return [(info.setup_spec().plain_mode, "standard")] + [(v.title, v.id) for v in info.variants]


def player_choices(game_id: str) -> list[int]:
    """Every number of people the game or one of its variants (the solo Nemesis) allows."""
    info = game(game_id)
    counts = set(range(info.min_players, info.max_players + 1))
    for v in info.variants:
        counts |= set(v.players)
    return sorted(counts)


def read_settings(game_id: str, players: int, variant: str,
                  seats: list[str]) -> tuple[dict[str, Any] | None, str | None]:
    """The table settings, or one sentence saying what is wrong."""
    info = game(game_id)
    chosen = [] if variant == "standard" else [variant]
    if not chosen and not info.min_players <= players <= info.max_players:
        return None, f"{info.title} is for {info.min_players} to {info.max_players} players, not {players}."
    try:
        check_choice(info.variants, chosen, players, info.default_sets(),
                     {e.id: e.title for e in info.expansions})
    except VariantError as exc:
        return None, str(exc)
    bots = [None] + [None if s == "human" else s for s in seats[: players - 1]]
    return {"game": game_id, "players": players, "variant": variant, "bots": bots}, None


class FormSelect(Select[Any], inherit_bindings=False):
    """A list on the form: Enter, space or the arrows open it, as on any Textual Select (a
    player presses Enter on Game to choose the game, not to create a table of the first one)."""

    BINDINGS = [Binding("enter,down,space,up", "show_overlay", "Show the choices", show=False)]


class NewTableScreen(ModalScreen[dict[str, Any] | None]):
    CSS_PATH = "lobby.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="lobby.cancel"),
                Binding("enter", "create", "Create", id="lobby.create", show=False),
                # Priority: the focus moves as the Tab arrives, so keys typed after it in the
                # same read (a line over SSH) reach the next field, not the one it left.
                Binding("tab", "app.focus_next", "Next field", show=False, priority=True,
                        id="lobby.next"),
                Binding("shift+tab", "app.focus_previous", "Previous field", show=False,
                        priority=True, id="lobby.previous")]

    def __init__(self) -> None:
        super().__init__()
        self._games = listings()  # their titles and counts; a game is imported when chosen
        self._error = ""  # the error on screen, if any

    def compose(self) -> ComposeResult:
        first = self._games[0]
        with Vertical(id="new-table"):
            yield Static("A new table", classes="section")
            with Horizontal(classes="row"):
                yield Label("Game", classes="label")
                yield FormSelect([(g.title, g.id) for g in self._games], value=first.id,
                             allow_blank=False, id="game", compact=True)
            with Horizontal(classes="row"):
                yield Label("Players", classes="label")
                yield FormSelect([(str(n), n) for n in player_choices(first.id)],
                             value=first.min_players, allow_blank=False, id="players",
                             compact=True)
            with Horizontal(classes="row"):
                yield Label("Variant", classes="label")
                yield FormSelect(variants_for(first.id), value="standard", allow_blank=False,
                             id="variant", compact=True)
            with Horizontal(classes="row"):
                yield Label("Seed", classes="label")
                yield Static("random, kept secret by the server", classes="seed-secret")
            yield Vertical(OptionsBox(game(first.id).setup_spec().options, select=FormSelect),
                           id="game-options")
            yield Static("Seat 1: you", classes="seat-you")
            for seat in range(2, most_seats() + 1):
                with Horizontal(classes="row", id=f"seat-row-{seat}"):
                    yield Label(f"Seat {seat}", classes="label")
                    yield FormSelect(SEAT_CHOICES, value="human" if seat == 2 else "greedy",
                                 allow_blank=False, id=f"seat-{seat}", compact=True)
            yield Static("", id="new-error", classes="error")
            with Horizontal(id="new-buttons"):
                yield Button("Create (enter)", variant="primary", id="create", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True)

    def on_mount(self) -> None:
        self._show_options()
        self._show_seats()
        self.query_one("#game", Select).focus()

    def _players(self) -> int:
        value = self.query_one("#players", Select).value
        return value if isinstance(value, int) else 2

    def _show_seats(self) -> None:
        n = self._players()
        for seat in range(2, most_seats() + 1):
            self.query_one(f"#seat-row-{seat}").display = seat <= n

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game" and isinstance(event.value, str):
            self._game_chosen(event.value)
        if event.select.id in ("game", "players"):
            self._show_seats()
        if event.select.id in ("game", "variant"):
            self.call_after_refresh(self._show_options)
        self._check_again()

    def _game_chosen(self, game_id: str) -> None:
        """Another game: its player counts and its variants."""
        players = self.query_one("#players", Select)
        counts = player_choices(game_id)
        keep = players.value if players.value in counts else counts[0]
        players.set_options([(str(n), n) for n in counts])
        players.value = keep
        variant = self.query_one("#variant", Select)
        variant.set_options(variants_for(game_id))
        # (set to the value it had, the Select would keep showing the last game's name for it)
        variant.set_reactive(Select.value, Select.BLANK)
        variant.value = "standard"
        holder = self.query_one("#game-options", Vertical)
        holder.remove_children()
        holder.mount(OptionsBox(game(game_id).setup_spec().options, select=FormSelect))

    def _show_options(self) -> None:
        """A game's option shows when it needs no variant or its variant is chosen."""
        variant = str(self.query_one("#variant", Select).value)
        for box in self.query(OptionsBox):
            box.show_for([] if variant == "standard" else [variant])

    def _check_again(self) -> None:
        """A field changed: an error on screen is said again for the new settings, or goes; a
        game's option that is not for this many players is said at once."""
        if self._error or self._players_problem():
            self._say(self._read()[1] or "")

    def _players_problem(self) -> str | None:
        boxes = self.query(OptionsBox)
        if not boxes:
            return None
        variant = str(self.query_one("#variant", Select).value)
        options, _ = boxes.first().values([] if variant == "standard" else [variant])
        spec = game(str(self.query_one("#game", Select).value)).setup_spec()
        return spec.players_problem(options, self._players())

    def _say(self, error: str) -> None:
        self._error = error
        self.query_one("#new-error", Static).update(Text(error))  # no markup

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self._create()
        else:
            self.dismiss(None)

    def _read(self) -> tuple[dict[str, Any] | None, str | None]:
        seats = [str(self.query_one(f"#seat-{s}", Select).value) for s in range(2, most_seats() + 1)]
        variant = str(self.query_one("#variant", Select).value)
        settings, problem = read_settings(str(self.query_one("#game", Select).value),
                                          self._players(), variant, seats)
        if settings is None:
            return settings, problem
        boxes = self.query(OptionsBox)
        if boxes:  # the game's own options (ranked, a turn timer)
            options, problem = boxes.first().values([] if variant == "standard" else [variant])
            problem = problem or self._players_problem()
            if problem:
                return None, problem
            if options:
                settings["options"] = options
        return settings, None

    def _create(self) -> None:
        settings, error = self._read()
        if error:
            self._say(error)
            return
        self.dismiss(settings)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()  # Enter in a game's number field creates the table, as anywhere on the form
        self._create()

    def action_create(self) -> None:
        self._create()

    def action_cancel(self) -> None:
        self.dismiss(None)
