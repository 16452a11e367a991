"""The games that exist: one list of their packages, a listing of each read from data (so
the title can offer every game before any is imported), and each game's contract, registered
when its package is imported.

A game's package calls ``register(GameInfo(...))`` in its ``__init__``; everything the shell,
the bots and the command line need of a game is reached through that ``GameInfo``. What lives
outside the rules layer (its table screen, its bot knowledge) is named by a "module:name"
string and imported only when used.
"""

from __future__ import annotations

import importlib
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:  # the title lists the games before pydantic or any rules are imported
    from shards_tui.core.controller import Controller
    from shards_tui.core.setup_spec import SetupSpec
    from shards_tui.core.stats_spec import StatsSpec
    from shards_tui.core.variants import ExpansionInfo, VariantInfo
    from shards_tui.core.view import SeatView

# The one list of games: id -> package. Nothing else in the shell names a game.
_PACKAGES = {"shards": "shards_tui.games.shards", "disco": "shards_tui.games.disco",
             "fractured_net": "shards_tui.games.fractured_net",
             "infinities": "shards_tui.games.infinities"}
_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Listing:
    """What the title's game picker shows: read from the game's about.toml, no import."""

    id: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    # the game's own screens outside a table, for the title to offer: (title, "module:Class"),
    # each built with no arguments (a deck builder, a card collection)
    screens: tuple[tuple[str, str], ...] = ()
    rated: bool = False  # ranked games are rated (core.ratings): the title offers a leaderboard

    @property
    def players_text(self) -> str:
        low, high = self.min_players, self.max_players
        return f"{low} players" if low == high else f"{low}-{high} players"


@dataclass(frozen=True)
class Length:
    """How a game says how long it ran: in its own unit ('turn'; 'round' for a game played
    in rounds), counted by a whole-number field of its public view."""

    unit: str = "turn"
    field: str = "turn"  # the view's field counting units ('round')

    def count(self, view: SeatView) -> int:
        value = getattr(view, self.field, 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def words(self, count: float) -> str:
        """'1 round', '12 rounds', '7.5 turns'."""
        number = f"{count:.1f}" if isinstance(count, float) else str(count)
        return f"{number} {self.unit}{'' if count == 1 else 's'}"

    @property
    def plural(self) -> str:
        return f"{self.unit}s"


@dataclass(frozen=True)
class CardTable:
    """Every card of a game as `shards-tui cards GAME` prints it."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class GameInfo:
    listing: Listing
    controller: type[Controller]
    rules_file: str  # its rules reference under rulesets/
    setup_spec: Callable[[], SetupSpec]
    card_table: Callable[[], CardTable]
    bots: str  # "module:function" returning the bots' GameAdapter for this game
    # "module:Class" of its table screen; None while the game has none (its rules, cards, bots
    # and scenarios work from the command line, and the shell says so when it is picked)
    table_screen: str | None
    variants: tuple[VariantInfo, ...] = ()
    expansions: tuple[ExpansionInfo, ...] = field(default=())
    decks: str | None = None  # "module:function" returning its core.decks.DeckRules, if it has decks
    # Its figures, the one registration the result screen and the statistics both follow
    # (core.figures), with what each seat played as and its side (None: read from its setup).
    stats: StatsSpec | None = None
    # Who sits with whom for these variants and names, as New game says it ('' : nothing).
    seating_note: Callable[[list[str], list[str]], str] | None = None
    # How a Resume entry counts the game's progress from its public view (None: 'round N'
    # for a game whose view has rounds, else 'turn N').
    progress: Callable[[SeatView], str] | None = None
    # How a finished game's length is counted and said (Replays, Statistics).
    length: Length = Length()
    # What its state's turn counter (flow.turn) counts, as players say it: a replay's position
    # and the figures 'by turn' ('round' for a game whose turn is both players' round).
    turn_word: str = "turn"
    # Setups the fuzz benchmark plays besides the plain one: name -> setup keys.
    fuzz_setups: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    campaign: str | None = None  # "module:function" returning its core.campaign.CampaignSpec

    @property
    def id(self) -> str:
        return self.listing.id

    @property
    def title(self) -> str:
        return self.listing.title

    @property
    def blurb(self) -> str:
        return self.listing.blurb

    @property
    def min_players(self) -> int:
        return self.listing.min_players

    @property
    def max_players(self) -> int:
        return self.listing.max_players

    @property
    def lessons_dir(self) -> str:
        return self.id  # tutorials/<id>/

    def default_sets(self, base: str = "base") -> list[str]:
        """The card sets of a new game when the player changes nothing."""
        return [base] + [e.id for e in self.expansions if e.default]


_GAMES: dict[str, GameInfo] = {}


def _unknown(game_id: str) -> KeyError:
    known = ", ".join(sorted(_PACKAGES))
    return KeyError(f"There is no game called '{str(game_id)[:30]}'; the games are: {known}.")


@lru_cache(maxsize=None)
def listing(game_id: str) -> Listing:
    if game_id not in _PACKAGES:
        raise _unknown(game_id)
    path = _ROOT.joinpath(*_PACKAGES[game_id].split(".")[1:], "about.toml")
    with path.open("rb") as fh:
        about = tomllib.load(fh)
    low, high = about["players"]
    screens = tuple((str(title), str(ref)) for title, ref in about.get("screens", {}).items())
    return Listing(game_id, about["title"], about["blurb"], int(low), int(high), screens,
                   bool(about.get("rated", False)))


def listings() -> list[Listing]:
    """Every game, in the order of the list, without importing any of them."""
    return [listing(game_id) for game_id in _PACKAGES]


def game_ids() -> list[str]:
    return list(_PACKAGES)


def first_game() -> str:
    """The game a screen opens on when none was chosen: the first of the list."""
    return next(iter(_PACKAGES))


def register(info: GameInfo) -> None:
    _GAMES[info.id] = info


def game(game_id: str) -> GameInfo:
    """A game's contract; imports its package the first time."""
    if game_id not in _PACKAGES:
        raise _unknown(game_id)
    if game_id not in _GAMES:
        importlib.import_module(_PACKAGES[game_id])
    return _GAMES[game_id]


def games() -> list[GameInfo]:
    return [game(game_id) for game_id in _PACKAGES]


def named_refs(info: GameInfo) -> list[str]:
    """Every "module:name" string a game registers (its bots, table, decks and own screens)."""
    refs = [info.bots, info.table_screen, info.decks, info.campaign,
            *(ref for _, ref in info.listing.screens)]
    return [ref for ref in refs if ref]


def load_named(ref: str) -> Any:
    """The object a "module:name" string names (a table screen, a bots adapter)."""
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)
