"""New game set-up: 2-4 players with names, characters and who plays them (a person or a bot
of some level), the expansions and rules variants, a seed, then Start. It opens with the
settings this game was last started with (``setup_memory``), the seed left out; a game for
one number of players offers no Add or Remove player."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from shards_tui.core.errors import GameError
from shards_tui.core.registry import game
from shards_tui.core.setup_trial import error_sentence, pick_refusal
from shards_tui.core.variants import count_words, find, player_counts
from shards_tui.ui.screens.private_pick import pick_in_private
from shards_tui.ui.screens.setup_check import (HUMAN, MAX_NAME, PLAYED_BY, RANDOM, SEED_NOTE,
                                               characters_for, validate_setup, variant_problem)
from shards_tui.ui.screens.setup_memory import SeatMemory, SetupMemory, recall, remember
from shards_tui.ui.screens.setup_options import OptionsBox
from shards_tui.ui.widgets.variant_picker import VariantPicker
from shards_tui.ui.widgets.ordered_input import OrderedInput

class PlayerRow(Horizontal):
    """One seat: its number, a name field, a character choice, who plays it (a person or a
    bot) and a Remove button."""

    def __init__(self, seat: int, name: str, characters: list[tuple[str, str]],
                 bot: str | None = None, role_label: str = "", private: bool = False,
                 role: str | None = None) -> None:
        super().__init__(classes="player-row")
        self.seat = seat
        self._name = name
        self._characters = characters
        self._bot = bot
        self._role = role if role in {cid for _label, cid in characters} else None
        self._role_label = role_label.lower()
        self.private = private  # a person picks in private after Start; a bot's shows here

    def compose(self) -> ComposeResult:
        yield Label(f"{self.seat}.", classes="seat-number")
        yield OrderedInput(self._name, placeholder="name", max_length=MAX_NAME, compact=True,
                    classes="player-name")
        if self._characters:
            choice = Select([(f"Random {self._role_label}".strip(), RANDOM), *self._characters],
                            value=self._role or RANDOM,
                            allow_blank=False, compact=True, classes="player-character")
            choice.display = not self.private or self._bot is not None
            yield choice
        yield Select(PLAYED_BY, value=self._bot or HUMAN, allow_blank=False, compact=True,
                     classes="player-bot")
        yield Button("Remove", compact=True, classes="remove-player")

    @property
    def name_value(self) -> str:
        return self.query_one(".player-name", Input).value

    @property
    def character_value(self) -> str | None:
        selects = self.query(".player-character")
        if not selects:
            return None
        if self.private and self.bot_value is None:
            return None  # picked after Start, out of the others' sight
        value = selects.first(Select).value
        return None if value in (RANDOM, Select.NULL) else str(value)

    @property
    def shown_role(self) -> str | None:
        """The pick on the form (None: random), private or not: what is remembered."""
        selects = self.query(".player-character")
        value = selects.first(Select).value if selects else None
        return None if value in (None, RANDOM, Select.NULL) else str(value)

    @property
    def bot_value(self) -> str | None:
        """The level of the bot that plays this seat, or None for a person."""
        value = self.query_one(".player-bot", Select).value
        return None if value in (HUMAN, Select.NULL) else str(value)

    @bot_value.setter
    def bot_value(self, level: str | None) -> None:
        self.query_one(".player-bot", Select).value = level or HUMAN

    def renumber(self, seat: int) -> None:
        self.seat = seat
        self.query_one(".seat-number", Label).update(f"{seat}.")

    def lock_character(self, locked: bool) -> None:
        """Health Auction: characters are won in the auction, so the choice is random for now."""
        for select in self.query(".player-character").results(Select):
            if locked:
                select.value = RANDOM
            select.disabled = locked


class SetupScreen(Screen):
    """Choose the players and the seed, then start the game."""

    CSS_PATH = "setup.tcss"
    AUTO_FOCUS = ".player-name"
    BINDINGS = [
        Binding("escape", "back", "Back", id="setup.back"),
        Binding("ctrl+s", "start", "Start", id="setup.start"),
        Binding("ctrl+n", "add_player", "Add player", id="setup.add"),
        Binding("ctrl+r", "new_seed", "Random seed", id="setup.seed"),
    ]

    def __init__(self, game_id: str, seed: int | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.info = game(game_id)
        self.spec = self.info.setup_spec()
        self.private = self.spec.role is not None and self.spec.role.private
        self.characters = characters_for(game_id)
        self.role_label = self.spec.role.label if self.spec.role else ""
        self.character_names = {cid: label for label, cid in self.characters}
        self._seed = "" if seed is None else str(seed)  # empty: a secret random seed
        self.memory: SetupMemory | None = None  # the settings last started (on_mount)

    def compose(self) -> ComposeResult:
        with Vertical(id="setup-box"):
            yield Static(f"New game: {self.info.title}", id="setup-title")
            yield Static(self._seats_hint(), id="seats-hint", classes="hint")
            with VerticalScroll(id="players"):
                self.memory = recall(self.app, self.info, set(self.character_names))
                seats = self.memory.seats[:self.info.max_players] if self.memory else []
                seats += [SeatMemory(f"Player {n}")
                          for n in range(len(seats) + 1, self.info.min_players + 1)]
                for seat, kept in enumerate(seats, start=1):
                    yield PlayerRow(seat, kept.name, self.characters, bot=kept.bot,
                                    role_label=self.role_label, private=self.private,
                                    role=kept.role)
            yield Static("", id="seating-note", classes="hint")
            if self.spec.options:  # the game's own questions
                yield OptionsBox(self.spec.options, id="options")
            if self.info.variants or self.info.expansions:
                yield VariantPicker(self.info.variants, self.info.expansions, id="variant-picker")
            with Horizontal(id="seed-row"):
                yield Button("Add player", id="add-player", compact=True)
                yield Label("Seed", id="seed-label")
                yield OrderedInput(self._seed, id="seed", type="integer", max_length=20, compact=True,
                            placeholder="random, kept secret")
                yield Button("Random seed", id="new-seed", compact=True)
            yield Static(SEED_NOTE, id="seed-note", classes="hint")
            yield Static("", id="setup-error", classes="error")
            with Horizontal(id="setup-buttons"):
                yield Button("Start", id="start", variant="primary", compact=True)
                yield Button("Back", id="back", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        if self.memory is not None:
            self._recall(self.memory)
        self._show_options()
        self._update_rows()

    def _recall(self, memory: SetupMemory) -> None:
        """The variants, expansions and options last started (the rows are made with the
        players'): Changed messages then fit the rows to the variants, as a click would."""
        for picker in self.query(VariantPicker).results(VariantPicker):
            for variant in self.info.variants:
                picker.set_variant(variant.id, variant.id in memory.variants)
            for expansion in self.info.expansions:
                if memory.sets:
                    picker.set_expansion(expansion.id, expansion.id in memory.sets)
        for box in self.query(OptionsBox).results(OptionsBox):
            box.set_values(memory.options)

    def _remember(self) -> None:
        """What Start began with, for the next New game of this game (never the seed)."""
        options = self.query_one(OptionsBox).raw_values() if self.spec.options else {}
        seats = [SeatMemory(r.name_value.strip(), r.bot_value, r.shown_role) for r in self.rows]
        remember(self.app, self.game_id, SetupMemory(seats, self.variants, self.sets, options))

    # ---- rows ---------------------------------------------------------------------------

    @property
    def rows(self) -> list[PlayerRow]:
        return list(self.query(PlayerRow))

    # ---- variants -------------------------------------------------------------------------

    @property
    def variants(self) -> list[str]:
        pickers = self.query(VariantPicker)
        return pickers.first().chosen if pickers else []

    @property
    def sets(self) -> list[str]:
        pickers = self.query(VariantPicker)
        return pickers.first().sets if pickers else self.info.default_sets()

    def seat_counts(self) -> list[int]:
        """The player counts the chosen variants allow (the game's own range without any)."""
        counts = player_counts(self.info.variants, self.variants,
                               range(self.info.min_players, self.info.max_players + 1))
        return counts or list(range(self.info.min_players, self.info.max_players + 1))

    @property
    def min_seats(self) -> int:
        return min(self.seat_counts())

    @property
    def max_seats(self) -> int:
        return max(self.seat_counts())

    @property
    def fixed_seats(self) -> bool:
        """The game (with the variants chosen) is for one number of players only."""
        return self.min_seats == self.max_seats

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "add_player" and self.is_mounted and self.fixed_seats:
            return False  # (nor does the footer offer it)
        return True

    @on(VariantPicker.Changed)
    async def _variants_changed(self, event: VariantPicker.Changed) -> None:
        event.stop()
        counts = self.seat_counts()
        rows = self.rows
        while len(rows) > max(counts):
            await rows[-1].remove()
            rows = self.rows
        while len(rows) < min(counts):
            await self.query_one("#players", VerticalScroll).mount(
                PlayerRow(len(rows) + 1, self._free_name(), self.characters,
                          role_label=self.role_label, private=self.private))
            rows = self.rows
        for row in rows:
            row.lock_character(self._roles_won_in_play())
        self._show_options()
        self.query_one("#seats-hint", Static).update(self._seats_hint())
        self._update_rows()
        self.show_error(self._problem())

    def _seats_hint(self) -> str:
        counts = self.seat_counts()
        if counts == [1]:
            titles = " and ".join(find(self.info.variants, v).title for v in self.variants)
            against = f" ({titles})" if titles else ""
            return f"One player at this keyboard{against}; the seat can be a bot."
        low, high = min(counts), max(counts)
        many = f"{low} to {high} players" if low != high else f"{low} players"
        private = ""
        if self.spec.role is not None and self.spec.role.private:
            word = self.spec.role.label.lower()
            private = f" After Start, each person picks their {word} in private."
        return f"{many} take turns at this keyboard; any seat can be a bot.{private}"

    def _clash(self) -> str:
        """The sentence when the chosen variants cannot be combined at a table of any size
        (adding or removing seats cannot help), else ''."""
        every_set = ["base", *(e.id for e in self.info.expansions)]
        problems = {variant_problem(self.info, self.variants, n, every_set)
                    for n in range(1, self.info.max_players + 1)}
        return (problems.pop() or "") if len(problems) == 1 else ""

    def _problem(self) -> str:
        """The sentence saying why the chosen variants or the game's options do not fit this
        table, or ''."""
        problem = variant_problem(self.info, self.variants, len(self.rows), self.sets)
        if problem is None and self.spec.options:
            chosen, _ = self.query_one(OptionsBox).values(self.variants)
            problem = self.spec.players_problem(chosen, len(self.rows))
        return problem or ""

    def _free_name(self) -> str:
        taken = {r.name_value.strip().casefold() for r in self.rows}
        number = len(self.rows) + 1
        while f"player {number}" in taken:
            number += 1
        return f"Player {number}"

    def _seating_note(self) -> str:
        """Who sits with whom, in the game's words (teams), or ''."""
        note = self.info.seating_note
        if note is None:
            return ""
        return note(self.variants, [r.name_value.strip() or f"Player {r.seat}" for r in self.rows])

    def _roles_won_in_play(self) -> bool:
        role = self.spec.role
        return role is not None and any(v in role.won_in_play for v in self.variants)

    def _show_options(self) -> None:
        for box in self.query(OptionsBox):
            box.show_for(self.variants)

    # ---- rows ---------------------------------------------------------------------------

    def _update_rows(self) -> None:
        rows = self.rows
        fixed = self.fixed_seats
        for seat, row in enumerate(rows, start=1):
            row.renumber(seat)
            remove = row.query_one(".remove-player", Button)
            remove.disabled = len(rows) <= self.min_seats
            remove.display = not fixed  # a game of one player count offers no Add/Remove
        add = self.query_one("#add-player", Button)
        add.disabled = len(rows) >= self.max_seats
        add.display = not fixed
        text = self._seating_note()
        note = self.query_one("#seating-note", Static)
        note.update(text)
        note.display = bool(text)
        # With two people at the keyboard, a seed one of them knows shows the other's cards.
        self.query_one("#seed-note").display = sum(r.bot_value is None for r in rows) >= 2

    @on(Select.Changed, ".option-choice")
    def _option_changed(self, event: Select.Changed) -> None:
        self.show_error(self._problem())  # a choice for another number of players says so now

    @on(Select.Changed, ".player-bot")
    def _played_by_changed(self, event: Select.Changed) -> None:
        for row in self.rows:  # a bot's private role is chosen here, a person's after Start
            for choice in row.query(".player-character").results(Select):
                choice.display = not row.private or row.bot_value is not None
        self._update_rows()

    async def action_add_player(self) -> None:
        rows = self.rows
        if self._clash():  # no number of seats helps: say why instead
            self.show_error(self._clash())
            return
        if len(rows) >= self.max_seats:
            self.show_error(self._seat_limit_sentence("at most", self.max_seats))
            return
        taken = {r.name_value.strip().casefold() for r in rows}
        number = len(rows) + 1
        while f"player {number}" in taken:
            number += 1
        row = PlayerRow(len(rows) + 1, f"Player {number}", self.characters,
                        role_label=self.role_label, private=self.private)
        await self.query_one("#players", VerticalScroll).mount(row)
        row.lock_character(self._roles_won_in_play())
        self._update_rows()
        self.show_error(self._problem())
        row.query_one(".player-name", Input).focus()

    def _seat_limit_sentence(self, bound: str, count: int) -> str:
        people = "player" if count == 1 else "players"
        if self.variants:
            if self._clash():
                return self._clash()
            titles = " and ".join(find(self.info.variants, v).title for v in self.variants)
            verb = "is" if len(self.variants) == 1 else "are"
            return f"{titles} {verb} for {count_words(self.seat_counts())}."
        return (f"{self.info.title} is for at most {count} {people}." if bound == "at most"
                else f"{self.info.title} needs at least {count} {people}.")

    async def remove_player(self, row: PlayerRow) -> None:
        if self._clash():
            self.show_error(self._clash())
            return
        if len(self.rows) <= self.min_seats:
            self.show_error(self._seat_limit_sentence("at least", self.min_seats))
            return
        await row.remove()
        self._update_rows()
        self.show_error(self._problem())

    def action_new_seed(self) -> None:
        """Back to a random seed, drawn when the game starts and shown to nobody."""
        self.query_one("#seed", Input).value = ""

    def action_back(self) -> None:
        self.app.pop_screen()

    # ---- events -------------------------------------------------------------------------

    @on(Button.Pressed)
    async def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        button = event.button
        if button.has_class("remove-player"):
            row = next((a for a in button.ancestors if isinstance(a, PlayerRow)), None)
            if row is not None:
                await self.remove_player(row)
        elif button.id == "add-player":
            await self.action_add_player()
        elif button.id == "new-seed":
            self.action_new_seed()
        elif button.id == "start":
            self.action_start()
        elif button.id == "back":
            self.action_back()

    @on(Input.Changed, ".player-name")
    def _renamed(self, event: Input.Changed) -> None:
        if self.info.seating_note is not None:
            self._update_rows()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "seed":
            self.action_start()
        else:
            self.focus_next()

    # ---- start --------------------------------------------------------------------------

    def show_error(self, sentence: str) -> None:
        error = self.query_one("#setup-error", Static)
        error.update(sentence)
        error.display = bool(sentence)
        if sentence:
            error.scroll_visible()  # on a short screen it sits below the variant list

    def current_setup(self) -> tuple[dict[str, Any], None] | tuple[None, str]:
        rows = self.rows
        setup, problem = validate_setup(
            [r.name_value for r in rows], [r.character_value for r in rows],
            self.query_one("#seed", Input).value, self.info, self.character_names,
            [r.bot_value for r in rows], self.variants, self.sets)
        if setup is None:
            return setup, problem
        role = self.spec.role
        chosen_options, problem = (self.query_one(OptionsBox).values(self.variants)
                                   if self.spec.options else ({}, None))
        problem = problem or self.spec.players_problem(chosen_options, len(rows))
        if problem:
            return None, problem
        for key, chosen in chosen_options.items():
            option = self.spec.option(key)
            if role is not None and role.distinct and option.choices == role.choices:
                # a seat's role the option's own may not take too (the Nemesis's character)
                player = next((p for p in setup["players"] if p.get(role.key) == chosen), None)
                if player is not None:
                    label = self.character_names.get(chosen, chosen)
                    return None, (f"{player['name']} and the {option.label} both chose {label}; "
                                  "pick another.")
            setup[key] = chosen
        return setup, None

    def action_start(self) -> None:
        setup, problem = self.current_setup()
        if setup is None:
            self.show_error(problem or "The setup is not valid.")
            return
        role = self.spec.role
        if role is None or not role.private:
            self.start(setup)
            return
        seats = [(p["name"], "bot" not in p) for p in setup["players"]]

        def picked(entries: list[dict[str, Any]] | None) -> None:
            if entries is None:
                self.show_error("Nothing was started: a player went back before choosing.")
                return
            for player, entry in zip(setup["players"], entries):
                player.update(entry)
            self.start(setup)

        pick_in_private(self.app, self.game_id, role, seats, picked,
                        check=lambda seat, entry: pick_refusal(self.info.controller, setup, seat,
                                                               entry))

    def start(self, setup: dict[str, Any]) -> None:
        """Build the game from a setup and open its table (or say why it was refused)."""
        try:
            controller = self.info.controller.build(setup)
        except (ValidationError, ValueError, KeyError, TypeError, GameError) as exc:
            self.show_error(error_sentence(exc))
            return
        self.show_error("")
        self._remember()
        self.app.start_game(controller)  # type: ignore[attr-defined]
