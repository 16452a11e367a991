"""One networked table as the lobby knows it: its game, seed and options, who holds each seat
(a person's identity or a bot), each player's private pick, and the lines the lobby shows.

The ``Hub`` (``server/tables.py``) creates, saves and drives these records; this module holds
no loop and starts nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from shards_tui.core.controller import Controller
from shards_tui.core.registry import game
from shards_tui.core.untrusted import one_line
from shards_tui.server.auth import Identity
from shards_tui.session.driver import Session
from shards_tui.ui.textual_compat.app_loop import current_app


def tell(app: Any, method: str, *args: Any) -> None:
    """Run ``app.<method>(*args)`` in that app: directly if we are already inside it, else
    queued on its own loop (call_later), so no app's widgets are touched from another app."""
    fn = getattr(app, method, None)
    if fn is None:
        return
    if current_app() is app:
        fn(*args)
    else:
        app.call_later(fn, *args)


def bot_name(level: str, seat: int) -> str:
    return f"{level.capitalize()} bot {seat + 1}"


def clean_name(user: str) -> str:
    """The login name with only letters, digits and `` .'-`` (for a file's name)."""
    name = re.sub(r"[^\w .'-]", "", user).strip()[:24]
    return name or "Player"


def seat_name(user: str) -> str:
    """The name a player has at a table: the login name as typed, but printable, with single
    spaces and at most 24 characters. It may hold markup such as '[b]' and is always shown
    as it is (the screens show names as plain text)."""
    return one_line(user, 24) or "Player"


@dataclass
class Seat:
    bot: str | None = None
    owner: Identity | None = None
    name: str = ""
    pick: dict[str, Any] | None = None  # its owner's pick of the table's private role

    def to_json(self) -> dict[str, Any]:
        owner = None if self.owner is None else {"user": self.owner.user, "key": self.owner.key}
        return {"bot": self.bot, "owner": owner, "name": self.name, "pick": self.pick}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> "Seat":
        owner = raw.get("owner")
        who = Identity(str(owner["user"]), str(owner["key"])) if owner else None
        name = str(raw.get("name") or "")
        pick = raw.get("pick")
        return cls(raw.get("bot"), who, seat_name(name) if name else "",
                   dict(pick) if isinstance(pick, dict) else None)


@dataclass
class Table:
    id: int
    game_id: str
    seed: int
    variant: str
    seats: list[Seat]
    controller: Controller | None = None
    apps: dict[Any, int | None] = field(default_factory=dict)  # attached app -> seat (None: watching)
    chat: list[tuple[int, str]] = field(default_factory=list)  # (last log seq then, line)
    session: Session | None = None  # the game in play, once every seat is taken
    options: dict[str, Any] = field(default_factory=dict)  # the game's own (ranked, a timer)
    rated: bool = False  # its result went into the ratings
    kept: bool = False  # its finished game went into its players' histories
    rematch_votes: set[int] = field(default_factory=set)  # seats that asked for a rematch
    rematch_id: int | None = None  # the rematch's table, once everyone accepted
    unattended_since: float | None = None  # (waiting) since when none of its players is here

    @property
    def title(self) -> str:
        return game(self.game_id).title

    @property
    def variant_title(self) -> str:
        """The way the table's game is played, in the game's own words ('Standard' or a
        variant's name, Infinities' 'Skirmish', 'Quickplay' or a chapter), then the game's own
        options chosen away from their default ('Casual, Ranked')."""
        info = game(self.game_id)
        variant = None
        if self.variant != "standard":
            variant = next((v.title for v in info.variants if v.id == self.variant), self.variant)
        return ", ".join(info.setup_spec().setting_words(self.options, variant))

    def seat_of(self, who: Identity) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.owner == who), None)

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.bot is None and s.owner is None]

    def private_role(self) -> Any:
        """The game's seat role that each player picks at their own terminal before the game
        starts (a deck, in secret; a faction, in sight of all), or None."""
        role = game(self.game_id).setup_spec().role
        return role if role is not None and role.picked_by_owner else None

    def taken(self, but: int | None = None) -> dict[str, str]:
        """The picks of a role no two seats may share, when it is no secret: choice id -> the
        name of the player who took it (seat ``but`` left out)."""
        role = self.private_role()
        if role is None or role.private or not role.distinct:
            return {}
        return {str(s.pick[role.key]): s.name or "another player"
                for i, s in enumerate(self.seats)
                if i != but and s.pick and s.pick.get(role.key) is not None}

    def needs_pick(self, seat: int | None) -> bool:
        """The seat's owner has yet to pick their private role (before the game starts)."""
        return (seat is not None and self.controller is None and self.private_role() is not None
                and self.seats[seat].bot is None and self.seats[seat].pick is None)

    def names(self) -> list[str]:
        if self.controller is not None:
            return self.controller.seat_names()
        return [s.name or ("open seat" if s.bot is None else bot_name(s.bot, i))
                for i, s in enumerate(self.seats)]

    def status(self) -> str:
        ctl = self.controller
        if ctl is None:
            n = len(self.open_seats())
            if n == 0 and self.private_role() is not None:
                return f"waiting for the players to choose a {self.private_role().label.lower()}"
            return f"waiting for {n} more player{'s' if n != 1 else ''}"
        if ctl.over:
            won = ", ".join(ctl.seat_names()[s] for s in ctl.winners or [])
            return f"over, won by {won}" if won else "over"
        actor = ctl.who_must_act()
        turn = getattr(ctl.state.flow, "turn", "?")
        who = ctl.seat_names()[actor] if actor is not None else "nobody"
        return f"turn {turn}, {who} to act"

    def away(self, seat: int) -> bool:
        """True when a person's seat of a started game has no connection showing it."""
        held = self.seats[seat]
        return (held.bot is None and held.owner is not None and self.controller is not None
                and all(s != seat for s in self.apps.values()))

    def lobby_action(self, mine: int | None) -> str:
        """What Enter does at this table in the lobby, for a login at seat ``mine`` (None:
        not seated)."""
        if mine is not None and not (self.controller and self.controller.over):
            return "rejoin" if self.controller is not None else "waiting"
        if self.controller is None and self.open_seats():
            return "join"  # (a full table whose players still pick their decks: watch)
        return "watch"

    def describe(self, who: Identity) -> str:
        names = self.names()
        mine = self.seat_of(who)
        seats = []
        for i, (seat, name) in enumerate(zip(self.seats, names)):
            tag = " (you)" if i == mine else ""
            if i != mine and self.away(i):
                tag += " (away)"
            seats.append(name + tag)
        watchers = sum(1 for s in self.apps.values() if s is None)
        extra = f" · {watchers} watching" if watchers else ""
        people = f"{len(self.seats)} player{'s' if len(self.seats) != 1 else ''}"
        return (f"#{self.id} {self.title} · {people} · {self.variant_title} · "
                f"{', '.join(seats)} · {self.status()}{extra}")
