"""What a game asks when a new game is set up: a role for each seat, and its own options.

The New game screen, the lobby's new-table dialog and the command line are generic: they read
a game's ``SetupSpec`` and build the setup (a dict the game's controller validates) from the
answers. A game's roles are its characters, factions or decks; its options are anything else
it offers (an expansion left out, the Nemesis's character, a turn timer).
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class SpecPart(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Choice(SpecPart):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    title: str
    blurb: str = ""
    players: tuple[int, ...] = ()  # the player counts this choice is for (empty: any)
    short: str = ""  # its name where a line has little room (a lobby's row); '': the title


class SeatRole(SpecPart):
    """What each seat picks before the game: a character, a faction, a deck."""

    key: str = Field(pattern=r"^[a-z_]+$")  # the seat's field in the setup
    label: str  # 'Character', 'Faction', 'Deck'
    choices: tuple[Choice, ...]
    random_allowed: bool = True  # None in the setup: the game picks at random
    distinct: bool = False  # True: no two seats may pick the same
    private: bool = False  # True: each person picks out of the others' sight (a hand-off at
    # one keyboard, their own terminal over SSH); a bot's pick is random
    own_terminal: bool = False  # True: at a networked table each person picks at their own
    # terminal before the game starts, as for a private role, but the pick is no secret (the
    # others see what is taken); at one keyboard the New game screen asks, as for any role
    decks: bool = False  # True: the choices are the player's decks (core.decks: the game's
    # starters and the decks they saved); a pick sets the seat's "cards" and "deck_name"
    won_in_play: tuple[str, ...] = ()  # variants in which the roles are won during the game
    # (an auction), not picked before it: the seats' choices are then random

    @property
    def picked_by_owner(self) -> bool:
        """At a networked table, each person picks this role at their own terminal."""
        return self.private or self.own_terminal

    def title_of(self, choice_id: object) -> str:
        return next((c.title for c in self.choices if c.id == choice_id), str(choice_id)[:30])


class GameOption(SpecPart):
    """One more thing a game asks: a yes/no, one of several, or a number."""

    key: str = Field(pattern=r"^[a-z_]+$")  # the setup's field
    label: str
    help: str
    kind: Literal["flag", "choice", "number"]
    default: bool | int | str | None = None
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    flag: str = Field(pattern=r"^--[a-z][a-z0-9-]*$")  # its command-line flag
    needs_variant: str | None = None  # only with this variant
    names_mode: bool = False  # set away from its default, it names the way the game is played
    # (Infinities' Quickplay, a chapter) in place of the SetupSpec's ``plain_mode``


class SetupSpec(SpecPart):
    role: SeatRole | None = None
    options: tuple[GameOption, ...] = ()
    plain_mode: str = "Standard"  # the game played with no variant and no mode option

    def setting_words(self, options: dict[str, object], variant: str | None = None) -> list[str]:
        """How a table's settings read in one line: its mode first (the variant's title and
        the mode options set away from their defaults, else ``plain_mode``), then each other
        choice set away from its default ('Skirmish, Two teams of 2')."""
        modes: list[str] = [variant] if variant else []
        others: list[str] = []
        for option in self.options:
            value = options.get(option.key, option.default)
            if value == option.default:
                continue
            if option.kind == "choice":
                word = next((c.short or c.title for c in option.choices if c.id == value), None)
            else:  # a flag or a number reads as a mode only ('Quickplay')
                word = option.label if option.names_mode and value else None
            if word:
                (modes if option.names_mode else others).append(word)
        return (modes or [self.plain_mode]) + others

    def option(self, key: str) -> GameOption:
        for option in self.options:
            if option.key == key:
                return option
        raise KeyError(key)

    def players_problem(self, chosen: dict[str, object], players: int) -> str | None:
        """One sentence if a chosen option is not for this many players (a choice's
        ``players``), else None: said on the form, before anything is built."""
        for key, value in chosen.items():
            option = next((o for o in self.options if o.key == key), None)
            choice = next((c for c in option.choices if c.id == value), None) if option else None
            if choice is None or not choice.players or players in choice.players:
                continue
            counts = " or ".join(str(n) for n in choice.players)
            return f"{option.label} '{choice.title}' is for {counts} players, not {players}."  # type: ignore[union-attr]
        return None

    def check_options(self, raw: dict[str, object], players: int | None = None) -> dict[str, object]:
        """The game's options as given from outside (a lobby's new table), checked: ValueError
        (one sentence) for an option the game does not have, a value it does not take, or (with
        ``players``) a choice that is not for that many players."""
        out: dict[str, object] = {}
        for key, value in raw.items():
            try:
                option = self.option(str(key))
            except KeyError:
                raise ValueError(f"There is no option '{str(key)[:30]}'.") from None
            if option.kind == "flag" and isinstance(value, bool):
                out[option.key] = value
            elif option.kind == "choice" and value in {c.id for c in option.choices}:
                out[option.key] = value
            elif option.kind == "number" and isinstance(value, int) and not isinstance(value, bool) \
                    and (option.minimum is None or value >= option.minimum) \
                    and (option.maximum is None or value <= option.maximum):
                out[option.key] = value
            else:
                raise ValueError(f"{option.label} cannot be {str(value)[:30]}.")
        problem = None if players is None else self.players_problem(out, players)
        if problem:
            raise ValueError(problem)
        return out
