"""Campaigns: a game played as a thread of chapters, the outcome of each game choosing the next.

A game that has one registers ``campaign``: "module:function" returning a
``CampaignSpec`` (its chapters, which of them start a thread, the setup field that names a
chapter, and the ending of a finished game: its outcome and the chapter it leads to). Nothing
here knows a game.

A ``Campaign`` is one group's progress through a thread: who plays (a name each, and a bot
level for a seat a bot takes), the chapters played with their outcomes, the chapter to play
next (None once the thread has ended) and the seed of a chapter in progress. It is saved as a
small JSON file in the ``campaigns`` folder of the save folder and resumed from there.

Seats: a chapter is played by the campaign's players in an order that turns by one seat each
chapter (so the lone seat of a one-against-all chapter passes round); a chapter for more
players than the campaign has fills the extra seats with bots, at the smallest count the
chapter takes.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from shards_tui.core.paths import save_dir
from shards_tui.core.untrusted import cleaned, printable_name

FOLDER = "campaigns"
MAX_BYTES = 256 * 1024
MAX_CHAPTERS_PLAYED = 200
FILL_BOT = "greedy"  # the level of a bot that fills a seat the campaign has no player for


class CampaignError(ValueError):
    """A campaign cannot be started, read or continued (said in one sentence)."""


@dataclass(frozen=True)
class ChapterInfo:
    id: str
    title: str
    kind: str  # its kind as players read it ('team battle', 'cooperative', ...)
    players: tuple[int, ...]  # the player counts it takes
    start: str | None  # a starting chapter: the starting choice it is ('Ob'dija'); else None
    page: str  # its whole text, story and rules


@dataclass(frozen=True)
class Ending:
    """How a finished chapter game came out."""

    chapter: str  # the chapter it played
    outcome: str  # the game's own id of the outcome
    next: str | None  # the chapter it leads to; None: the thread ends
    epilogue: str


@dataclass(frozen=True)
class CampaignSpec:
    title: str
    chapter_key: str  # the field of a game's setup that names its chapter
    chapters: Callable[[], list[ChapterInfo]]
    ending: Callable[[Any], Ending | None]  # from a finished game's controller

    def chapter(self, chapter_id: str) -> ChapterInfo | None:
        return next((c for c in self.chapters() if c.id == chapter_id), None)

    def starts(self) -> list[ChapterInfo]:
        return [c for c in self.chapters() if c.start is not None]


def spec_of(game_id: str) -> CampaignSpec | None:
    """The game's campaign, or None if it has none (the game is imported)."""
    from shards_tui.core.registry import game, load_named

    ref = game(game_id).campaign
    return load_named(ref)() if ref else None


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CampaignSeat(_Model):
    name: str = Field(min_length=1, max_length=30)
    bot: Literal["random", "greedy", "search"] | None = None  # None: a person

    _name = field_validator("name", mode="before")(printable_name)


class PlayedChapter(_Model):
    chapter: str = Field(max_length=40)
    seed: int = Field(ge=0)
    seats: list[CampaignSeat] = Field(max_length=6)  # who sat where, in seat order
    winners: list[str] = Field(max_length=6)  # their names
    outcome: str = Field(max_length=40)
    epilogue: str = Field(max_length=1000)
    next: str | None = Field(default=None, max_length=40)
    finished: str = Field(max_length=40)


class Campaign(_Model):
    version: Literal[1] = 1
    id: str = Field(pattern=r"^[a-z0-9-]{1,40}$")
    game: str = Field(pattern=r"^[a-z0-9_]{1,40}$")
    start: str = Field(max_length=40)
    players: list[CampaignSeat] = Field(min_length=1, max_length=6)
    played: list[PlayedChapter] = Field(default_factory=list, max_length=MAX_CHAPTERS_PLAYED)
    next: str | None = Field(default=None, max_length=40)  # None: the thread has ended
    current_seed: int | None = Field(default=None, ge=0)  # the chapter in progress, if any
    created: str = Field(max_length=40)
    updated: str = Field(max_length=40)

    @property
    def finished(self) -> bool:
        return self.next is None


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def folder(root: Path | None = None) -> Path:
    """The campaigns' folder in the save folder (``root``: another, e.g. an SSH login's own)."""
    return (root if root is not None else save_dir()) / FOLDER


def path_of(campaign: Campaign, root: Path | None = None) -> Path:
    return folder(root) / f"{campaign.id}.json"


def begin(game_id: str, start: str, players: list[CampaignSeat], spec: CampaignSpec | None = None,
          campaign_id: str | None = None) -> Campaign:
    """A new campaign of ``game_id`` from the starting chapter ``start``."""
    spec = spec or spec_of(game_id)
    if spec is None:
        raise CampaignError(f"{game_id} has no campaign.")
    starts = {c.id: c for c in spec.starts()}
    if start not in starts:
        names = ", ".join(f"{c.id} ({c.start})" for c in starts.values())
        raise CampaignError(f"'{start[:40]}' is not a starting chapter; choose one of: {names}.")
    if not players or len({p.name for p in players}) != len(players):
        raise CampaignError("A campaign needs at least one player, each with a name of their own.")
    now = _now()
    return Campaign(id=campaign_id or f"{datetime.now(timezone.utc):%Y%m%d-%H%M%S}-{secrets.token_hex(2)}",
                    game=game_id, start=start, players=list(players), next=start,
                    created=now, updated=now)


def seats_for(campaign: Campaign, chapter: ChapterInfo) -> list[CampaignSeat]:
    """Who sits where in this chapter: the players, turned by one seat a chapter played, then
    bots in the seats the chapter needs beyond them."""
    people = list(campaign.players)
    turn = len(campaign.played) % len(people)
    order = people[turn:] + people[:turn]
    want = next((n for n in chapter.players if n >= len(order)), None)
    if want is None:
        raise CampaignError(f"{chapter.title} is for at most {max(chapter.players)} players; "
                            f"the campaign has {len(order)}.")
    bots = [CampaignSeat(name=f"Bot {k + 1}", bot=FILL_BOT) for k in range(want - len(order))]
    return order + bots


def chapter_setup(campaign: Campaign, seed: int, spec: CampaignSpec | None = None
                  ) -> tuple[dict[str, Any], dict[int, str]]:
    """(the new game's setup, {seat: bot level}) for the campaign's next chapter. Marks the
    chapter as in progress with this seed (save the campaign after)."""
    spec = spec or spec_of(campaign.game)
    if spec is None or campaign.next is None:
        raise CampaignError("This campaign has ended; there is no chapter to play.")
    chapter = spec.chapter(campaign.next)
    if chapter is None:
        raise CampaignError(f"The campaign's next chapter '{campaign.next}' is not in the game.")
    seats = seats_for(campaign, chapter)
    campaign.current_seed = seed
    campaign.updated = _now()
    setup = {"kind": "new", "seed": seed, spec.chapter_key: chapter.id,
             "players": [{"name": s.name} for s in seats]}
    return setup, {k: s.bot for k, s in enumerate(seats) if s.bot}


def record(campaign: Campaign, controller: Any, spec: CampaignSpec | None = None) -> PlayedChapter:
    """Add a finished chapter game to the campaign; its outcome sets the next chapter."""
    spec = spec or spec_of(campaign.game)
    ending = spec.ending(controller) if spec is not None else None
    if ending is None or not controller.over:
        raise CampaignError("Only a finished chapter of this campaign can be recorded.")
    names = controller.seat_names()
    chapter_id = ending.chapter
    if chapter_id != campaign.next:
        raise CampaignError(f"That game is not the campaign's next chapter ({campaign.next}).")
    people = {p.name: p for p in campaign.players}
    seats = [people.get(n) or CampaignSeat(name=n, bot=FILL_BOT) for n in names]
    played = PlayedChapter(chapter=str(chapter_id), seed=int(controller.setup.get("seed") or 0),
                           seats=seats, winners=[names[s] for s in controller.winners or []],
                           outcome=ending.outcome, epilogue=ending.epilogue, next=ending.next,
                           finished=_now())
    campaign.played.append(played)
    campaign.next = ending.next
    campaign.current_seed = None
    campaign.updated = played.finished
    return played


def save(campaign: Campaign, root: Path | None = None) -> Path:
    from shards_tui.core.saves import write_atomic

    path = path_of(campaign, root)
    try:
        write_atomic(path, campaign.model_dump_json(indent=1))
    except OSError as exc:
        raise CampaignError(f"Could not save the campaign to {path}: {exc.strerror or exc}.") from None
    return path


def load(path: Path) -> Campaign:
    """A campaign file, read and checked; CampaignError (one sentence) if it is not one."""
    path = Path(path)
    try:
        if not path.is_file():
            raise CampaignError(f"There is no campaign file at {path}.")
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise CampaignError(f"{path.name} is too large to be a campaign.")
        raw = cleaned(json.loads(data.decode("utf-8")))
        return Campaign.model_validate(raw)
    except CampaignError:
        raise
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        if isinstance(exc, ValidationError):
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise CampaignError(f"{path.name} is not a campaign this version can read ({where}: "
                                f"{err['msg']}).") from None
        raise CampaignError(f"{path.name} cannot be read as a campaign.") from None


def listing(game_id: str | None = None, root: Path | None = None) -> list[tuple[Path, Campaign]]:
    """Every readable campaign (of one game), the most recently played first; unreadable
    files are left out."""
    out: list[tuple[Path, Campaign]] = []
    where = folder(root)
    if not where.is_dir():
        return out
    for path in where.glob("*.json"):
        try:
            c = load(path)
        except CampaignError:
            continue
        if game_id is None or c.game == game_id:
            out.append((path, c))
    out.sort(key=lambda pc: pc[1].updated, reverse=True)
    return out


def plays(campaign: Campaign, controller: Any, spec: CampaignSpec | None = None) -> bool:
    """This game is the campaign's chapter in progress (its game, next chapter and seed)."""
    spec = spec or spec_of(campaign.game)
    setup = getattr(controller, "setup", None) or {}
    return (spec is not None and campaign.current_seed is not None
            and getattr(controller, "game_id", None) == campaign.game
            and setup.get(spec.chapter_key) == campaign.next
            and setup.get("seed") == campaign.current_seed)


def campaign_of(controller: Any, root: Path | None = None) -> Campaign | None:
    """The saved campaign whose chapter in progress this game is, if any."""
    spec = spec_of(controller.game_id)
    if spec is None:
        return None
    return next((c for _, c in listing(controller.game_id, root) if plays(c, controller, spec)), None)
