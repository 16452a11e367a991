"""Networked tables: one game shared by several connections in the server process.

The ``Hub`` holds every table. A ``Table`` owns its game's ``Session`` (the one driver every
way of playing uses): seats belong to identities (SSH user and key), bot seats are played by
the session on the server's loop (not by any connection's screen), and every commit is saved
and announced to each attached app on that app's own message queue, never by touching its
widgets from outside. Tables are saved to ``data_dir/tables`` after every move (by a thread
of their own: ``table_files.TableFiles``), so they survive a restart of the server.
"""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any, Callable, Iterable

from rich.markup import escape

from shards_tui.bots.base import LEVELS
from shards_tui.core import saves
from shards_tui.core.controller import Controller
from shards_tui.core.errors import SaveFileError
from shards_tui.core.registry import game
from shards_tui.core.rng import secret_seed
from shards_tui.core.setup_trial import pick_refusal
from shards_tui.core.variants import VariantError, check_choice
from shards_tui.core.untrusted import one_line
from shards_tui.server import login_files
from shards_tui.server.auth import Identity
from shards_tui.server.table import Seat, Table, bot_name, seat_name, tell
from shards_tui.server.table_files import TableFiles, read_table
from shards_tui.server.table_history import keep_if_over
from shards_tui.server.table_rating import rate_if_over
from shards_tui.session.driver import Session

log = logging.getLogger("shards_tui.server")

MAX_TABLES = 200
MAX_WAITING = 3  # tables not yet started one login may have made and still sit at
WAITING_EXPIRY = 15 * 60.0  # seconds a waiting table lasts with none of its players connected
MAX_CHAT = 200  # characters per chat line
MAX_DECKS = 50  # decks one login may keep on the server, per game


class Hub:
    """Every table of the server, the apps in the lobby, and the bots."""

    max_decks = MAX_DECKS

    def __init__(self, data_dir: Path | None = None, bot_pace: float = 0.8,
                 seeds: Callable[[], int] = secret_seed,
                 clock: Callable[[], float] = time.monotonic, watch_pace: float = 0.0) -> None:
        self.data_dir = data_dir
        self.watch_pace = watch_pace  # seconds a spectator's screen gathers moves (served_app)
        self.files = None if data_dir is None else TableFiles(data_dir)
        self.clock = clock  # for waiting tables' expiry
        self.bot_pace = bot_pace
        # Where a new table's seed comes from. Never from a player: the seed decides every
        # shuffle, so whoever knows it can work out every hidden card. (Tests give their own.)
        self.seeds = seeds
        self.tables: dict[int, Table] = {}
        self.lobby: set[Any] = set()
        self._next_id = 1
        self._moved: set[Identity] = set()  # logins whose old hot-seat files were looked for

    # ---- the lobby ---------------------------------------------------------------------------

    def enter_lobby(self, app: Any) -> None:
        self.lobby.add(app)

    def leave(self, app: Any) -> None:
        """An app is gone (its connection ended): forget it everywhere; its seats stay its own."""
        self.lobby.discard(app)
        who = getattr(app, "who", None)
        for table in self.tables.values():
            # A table it showed, or one where its player's seat waits ("in the lobby" no more).
            if table.apps.pop(app, "gone") != "gone" or (
                    who is not None and table.seat_of(who) is not None):
                self._announce(table)
        self._lobby_changed()

    def _lobby_changed(self, moves_only: bool = False) -> None:
        """Tell the lobby's apps their rows changed: ``moves_only`` when only a table's turn
        did (they redraw for that less often)."""
        for app in list(self.lobby):
            tell(app, "lobby_changed", moves_only)

    def rows(self, who: Identity, start: int = 0,
             count: int | None = None) -> list[tuple[int, str, str]]:
        """(table id, description, what Enter does there) for the lobby, the player's own
        tables first, then the newest: ``count`` of them from the ``start``-th (all: None).
        Only those are described, so a page costs the same however many tables there are."""
        order = []
        for table in list(self.tables.values()):
            if table.controller is not None and table.controller.over and not table.apps:
                del self.tables[table.id]  # a finished game nobody looks at any more
                continue
            mine = table.seat_of(who)
            order.append((0 if mine is not None else 1, -table.id, table, mine))
        order.sort(key=lambda row: row[:2])
        page = order[start:] if count is None else order[start:start + count]
        return [(table.id, table.describe(who), table.lobby_action(mine))
                for _, _, table, mine in page]

    def waiting_of(self, who: Identity) -> list[Table]:
        """The tables not yet started at which ``who``'s login (their key, or their name for
        a password login) holds a seat."""
        return [t for t in self.tables.values() if t.controller is None
                and any(s.owner is not None and s.owner.login == who.login for s in t.seats)]

    # ---- making and joining tables ----------------------------------------------------------------

    def create(self, who: Identity, game_id: str, players: int, bots: Iterable[str | None],
               variant: str = "standard", options: dict[str, Any] | None = None) -> Table:
        """A new table with ``who`` in seat 0; ValueError (one sentence) if the settings are bad.
        Its seed is the server's own, drawn from a secure source and never shown."""
        try:
            info = game(game_id)
        except KeyError as exc:
            raise ValueError(str(exc.args[0])) from None
        chosen = [] if variant == "standard" else [variant]
        if not chosen and not info.min_players <= players <= info.max_players:
            raise ValueError(f"{info.title} is for {info.min_players} to {info.max_players} players.")
        try:
            check_choice(info.variants, chosen, players, info.default_sets(),
                         {e.id: e.title for e in info.expansions})
        except VariantError as exc:
            raise ValueError(str(exc)) from None
        levels = list(bots)[:players]
        levels += [None] * (players - len(levels))
        levels[0] = None  # the creator sits in seat 0
        for level in levels:
            if level is not None and level not in LEVELS:
                raise ValueError(f"There is no bot level '{level}'.")
        refusal = self.create_refusal(who)
        if refusal:
            raise ValueError(refusal)
        chosen_options = info.setup_spec().check_options(dict(options or {}), players)
        seats = [Seat(bot=level) for level in levels]
        seats[0].owner = who
        seats[0].name = seat_name(who.user)
        table = Table(self._next_id, game_id, self.seeds(), variant, seats,
                      options=chosen_options)
        self._next_id += 1
        self.tables[table.id] = table
        log.info("%s made table %d (%d players)", who.user, table.id, players)
        self._maybe_start(table)
        self.save(table)
        self._lobby_changed()
        return table

    def create_refusal(self, who: Identity) -> str | None:
        """Why ``who`` may make no table now (one sentence), or None."""
        if len(self.waiting_of(who)) >= MAX_WAITING:
            return (f"You have {MAX_WAITING} tables waiting for players already; leave one (l) "
                    "or wait for it to start before making another.")
        if sum(1 for t in self.tables.values() if t.controller is None or not t.controller.over) \
                >= MAX_TABLES:
            return "The server has as many tables as it can hold; join one instead."
        return None

    def join(self, table: Table, who: Identity) -> int:
        """Seat ``who`` at the table (or give them back their seat); ValueError if it is full."""
        seat = table.seat_of(who)
        if seat is not None:
            return seat
        open_seats = table.open_seats()
        if table.controller is not None or not open_seats:
            raise ValueError(f"Table {table.id} has no open seat; you can watch it.")
        seat = open_seats[0]
        taken = {s.name.casefold() for s in table.seats if s.name}
        name = base = seat_name(who.user)
        n = 2
        while name.casefold() in taken:
            name = f"{base[:21]} {n}"
            n += 1
        table.seats[seat].owner = who
        table.seats[seat].name = name
        log.info("%s joined table %d", who.user, table.id)
        try:
            self._maybe_start(table)
        except ValueError:
            table.seats[seat].owner, table.seats[seat].name = None, ""  # the seat stays open
            raise
        self.save(table)
        self._lobby_changed()
        return seat

    def give_up_seat(self, table: Table, who: Identity) -> None:
        """Leave a table that has not started; an empty one is removed. ValueError if the
        game is on (seats of a running game stay their players')."""
        seat = table.seat_of(who)
        if seat is None:
            raise ValueError(f"You have no seat at table {table.id}.")
        if table.controller is not None:
            raise ValueError(f"The game at table {table.id} has started; your seat stays yours.")
        table.seats[seat].owner = None
        table.seats[seat].name = ""
        table.seats[seat].pick = None  # whoever sits down next picks for themselves
        if all(s.owner is None for s in table.seats):
            del self.tables[table.id]
            if self.files is not None:
                self.files.remove(table)
        else:
            self.save(table)
        self._lobby_changed()

    def rematch(self, table: Table, who: Identity) -> str | None:
        """``who`` asks for, or accepts, the rematch of a finished table: the same players,
        the seats rotated, a new secret seed. Once every person seated has asked, the new
        table is made and each of them is taken to it (None); until then, the sentence for
        ``who``, and the others are told how to accept. A pick each person made at their own
        terminal (a deck, a leader) is asked again, never reused: the others have seen it
        played, so a reused secret deck would be one they know (a bot's pick stays)."""
        seat = table.seat_of(who)
        ctl = table.controller
        if seat is None or ctl is None or not ctl.over:
            return "Only a player of a finished game can ask for its rematch."
        if table.rematch_id in self.tables:
            return f"The rematch is table {table.rematch_id}: choose it in the lobby."
        table.rematch_votes.add(seat)
        waiting = [i for i, s in enumerate(table.seats)
                   if s.bot is None and i not in table.rematch_votes]
        if waiting:
            asker = table.seats[seat].name
            for app, shown in list(table.apps.items()):
                if shown in waiting:
                    tell(app, "notify", f"{escape(asker)} asks for a rematch: r on the result accepts.")
            return ("Rematch asked: it starts once "
                    f"{', '.join(table.seats[i].name for i in waiting)} accept{'s' if len(waiting) == 1 else ''}.")
        seats = [Seat(s.bot, s.owner, s.name,
                      dict(s.pick) if s.pick is not None and s.bot is not None else None)
                 for s in table.seats[1:] + table.seats[:1]]
        again = Table(self._next_id, table.game_id, self.seeds(), table.variant, seats,
                      options=dict(table.options))
        self._next_id += 1
        self.tables[again.id] = again
        table.rematch_id = again.id
        log.info("table %d: rematch at table %d", table.id, again.id)
        self._maybe_start(again)
        self.save(again)
        self._lobby_changed()
        for app, shown in list(table.apps.items()):
            if shown is not None:
                tell(app, "open_table", again.id)
        return None

    def set_pick(self, table: Table, who: Identity, entry: dict[str, Any]) -> None:
        """``who``'s private pick for their seat (what their setup entry gains; {}: random);
        ValueError with the game's sentence for a pick it refuses (an illegal deck, ranked)."""
        seat = table.seat_of(who)
        if seat is None or table.controller is not None:
            raise ValueError(f"You have no seat waiting at table {table.id}.")
        problem = self.pick_refusal(table, who, entry)
        if problem:
            raise ValueError(problem)
        table.seats[seat].pick = dict(entry)
        self._maybe_start(table)
        self.save(table)
        self._lobby_changed()

    def _maybe_start(self, table: Table) -> None:
        if table.controller is not None or table.open_seats():
            return
        if any(table.needs_pick(i) for i in range(len(table.seats))):
            return
        info = game(table.game_id)
        setup = self._setup(table, [s.pick or {} for s in table.seats])
        try:
            controller = info.controller.build(setup)
        except Exception as exc:  # a setup the game refuses must not take a connection down
            log.warning("table %d: the game refused its setup: %s", table.id, exc)
            if any(seat.pick is not None for seat in table.seats):  # a pick refused (ranked)
                reason = escape((str(exc).strip().splitlines() or [""])[0][:200])
                for seat in table.seats:
                    seat.pick = None  # everyone picks again, told why
                for app in list(table.apps):
                    tell(app, "notify", f"The game could not start: {reason} Choose again.")
                return
            raise ValueError(f"Table {table.id} could not start: the game refused its setup.") from None
        self._adopt(table, controller)
        for app, seat in list(table.apps.items()):
            tell(app, "table_started", table, seat)

    def _setup(self, table: Table, picks: list[dict[str, Any]]) -> dict[str, Any]:
        """The setup the table's game is built from, with these picks for its seats."""
        names, used = [], set()
        for i, seat in enumerate(table.seats):
            name = seat.name or bot_name(seat.bot or "player", i)
            while name.casefold() in used:
                name = f"{name[:21]} {i + 1}"
            used.add(name.casefold())
            names.append(name)
        info = game(table.game_id)
        role = info.setup_spec().role
        players = [{"name": n, **({role.key: None} if role is not None else {}),
                    **pick, **({"bot": s.bot} if s.bot else {})}
                   for n, s, pick in zip(names, table.seats, picks)]
        return {"kind": "new", "players": players, "seed": table.seed, "first": None,
                "sets": info.default_sets(), **table.options,
                "variants": [] if table.variant == "standard" else [table.variant]}

    def pick_refusal(self, table: Table, who: Identity, entry: dict[str, Any]) -> str | None:
        """Why the table's game would refuse ``entry`` as ``who``'s pick (one sentence), or
        None. A secret pick is tried with the others' picks left to chance, so none of theirs
        is needed or shown; a pick in sight of all is tried with the others' picks so far, and
        one another player has taken already (a role no two may share) is refused by name."""
        seat = table.seat_of(who)
        if seat is None or table.controller is not None:
            return None
        role = table.private_role()
        if role is not None and not role.private:
            owner = table.taken(but=seat).get(str(entry.get(role.key)))
            if owner is not None:
                return f"{role.title_of(entry.get(role.key))} is taken: {owner} chose it."
            others = [{} if i == seat else (s.pick or {}) for i, s in enumerate(table.seats)]
            setup = self._setup(table, others)
        else:
            setup = self._setup(table, [{} for _ in table.seats])
        return pick_refusal(game(table.game_id).controller, setup, seat, entry)

    def _adopt(self, table: Table, controller: Controller) -> None:
        table.controller = controller
        table.session = Session.open(controller, {i: s.bot for i, s in enumerate(table.seats)
                                                  if s.bot}, pace=self.bot_pace,
                                     forced_moves=True)
        controller.listeners.append(lambda _c, t=table: self._committed(t))
        table.session.listen(lambda event, t=table: self._session_event(t, event))
        self._bot_check(table)

    def _session_event(self, table: Table, event: Any) -> None:
        """Take-backs are told to every app at the table (each shows its own prompt)."""
        if event.kind == "takeback":
            for app in list(table.apps):
                tell(app, "takeback_changed", event.text)

    # ---- apps at a table ----------------------------------------------------------------------------

    def attach(self, app: Any, table: Table, seat: int | None) -> None:
        """``app`` shows ``table`` from ``seat`` (None: as a spectator). A seat shown by another
        connection of the same player moves to this one; the other goes back to its lobby."""
        if seat is not None:
            for other, other_seat in list(table.apps.items()):
                if other is not app and other_seat == seat:
                    del table.apps[other]
                    tell(other, "seat_taken_over", table.id)
        table.apps[app] = seat
        self._announce(table)

    def detach(self, app: Any, table: Table) -> None:
        if table.apps.pop(app, "gone") != "gone":
            self._announce(table)

    def send_chat(self, table: Table, who: str, text: str) -> None:
        words = one_line(text, MAX_CHAT)
        if not words:
            return
        line = f"{who}: {words}"
        # the sequence number of the game's newest log line (each line's seq is its index)
        after = len(table.controller.state.log) - 1 if table.controller is not None else -1
        table.chat = (table.chat + [(after, line)])[-50:]
        for app in list(table.apps):
            tell(app, "chat_received", line)

    def _announce(self, table: Table) -> None:
        """Someone came or went: the lobby rows change, and the table says who is away."""
        for app in list(table.apps):
            tell(app, "table_changed")
        self._lobby_changed()

    # ---- after every move -------------------------------------------------------------------------

    def _committed(self, table: Table) -> None:
        rate_if_over(table)
        keep_if_over(table, self.data_dir)
        self.save(table)
        for app in list(table.apps):
            tell(app, "table_changed")
        self._lobby_changed(moves_only=True)
        self._bot_check(table)

    def _bot_check(self, table: Table) -> None:
        """If a bot seat must act, its session plays it after the pace delay (no running loop,
        as in a restore before the server runs: ``start_bots`` wakes them later)."""
        if table.session is not None:
            table.session.wake()

    def start_bots(self) -> None:
        """Wake the restored tables' bots, and run the turn timers on the server's loop."""
        for table in self.tables.values():
            self._bot_check(table)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._clocks = loop.create_task(self._run_clocks())

    async def _run_clocks(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            self.tick_clocks()

    def tick_clocks(self) -> None:
        """Each table's turn timer: the server's, so no player's screen runs a table's clock.
        And the waiting tables none of whose players is connected expire."""
        self.expire_waiting()
        for table in list(self.tables.values()):
            if table.session is not None:
                try:
                    table.session.tick()
                except Exception:  # one table's trouble must not stop the others' clocks
                    log.exception("the clock of table %d failed", table.id)

    def expire_waiting(self) -> None:
        """Remove each table not yet started that none of its players has been connected to
        the server for ``WAITING_EXPIRY`` seconds (counted from the server's start for tables
        it restored), so tables a player made and left do not pile up."""
        now = self.clock()
        here = {getattr(app, "who", None) for app in self.lobby}
        gone = []
        for table in list(self.tables.values()):
            if table.controller is not None:
                continue
            if any(seat.owner in here for seat in table.seats if seat.owner is not None):
                table.unattended_since = None
            elif table.unattended_since is None:
                table.unattended_since = now
            elif now - table.unattended_since >= WAITING_EXPIRY:
                gone.append(table)
        for table in gone:
            log.info("table %d expired: nobody came back to it while it waited", table.id)
            del self.tables[table.id]
            if self.files is not None:
                self.files.remove(table)
        if gone:
            self._lobby_changed()

    # ---- saving and restoring ----------------------------------------------------------------------

    def save(self, table: Table) -> None:
        """Have the table's file written as it is now; returns at once (the file's own thread
        writes it: ``flush_saves`` waits for that)."""
        if self.files is not None:
            self.files.save(table)

    def save_all(self) -> None:
        """Save every table and wait until all are written (the server's stop)."""
        for table in list(self.tables.values()):
            self.save(table)
        self.flush_saves()

    def flush_saves(self, timeout: float | None = None) -> bool:
        """Wait until every save handed over is on disk (False: ``timeout`` ran out)."""
        return True if self.files is None else self.files.flush(timeout)

    def restore(self) -> int:
        """Load the saved tables (at start-up); bad files are moved aside. Returns how many."""
        if self.files is None:
            return 0
        self.flush_saves()  # what this process handed over is read back as written
        folder = self.files.folder
        count = 0
        for path in sorted(folder.glob("table-*.json")) if folder.is_dir() else []:
            try:
                table, ctl = read_table(path.read_text(encoding="utf-8"), path.name)
                if ctl is not None:
                    self._adopt(table, ctl)
            except (OSError, ValueError, KeyError, TypeError, SaveFileError,
                    RecursionError) as exc:  # RecursionError: JSON nested thousands deep
                moved = saves.quarantine(path)
                log.warning("could not restore %s (%s); kept as %s", path.name, exc, moved)
                continue
            self.tables[table.id] = table
            self._next_id = max(self._next_id, table.id + 1)
            count += 1
        return count

    def hotseat_path(self, who: Identity) -> Path:
        """Where ``who``'s hot-seat games are autosaved (``login_files.hotseat_path``)."""
        path = login_files.hotseat_path(self.data_dir, who)
        if who not in self._moved:  # (once a login: the old names are looked for)
            if len(self._moved) > 10_000:
                self._moved.clear()
            self._moved.add(who)
            login_files.move_old_hotseat(who, path)
        return path

    def history_folder(self, who: Identity) -> Path:
        """The folder of ``who``'s finished games (``login_files.history_folder``)."""
        return login_files.history_folder(self.data_dir, who)

    def deck_folder(self, who: Identity, game_id: str) -> Path:
        """The folder of ``who``'s decks of a game (``login_files.deck_folder``)."""
        return login_files.deck_folder(self.data_dir, who, game_id)
