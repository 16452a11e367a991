"""Bots playing each other: win rates per seat, per bot level and per seat role (the
character, faction or deck that the game's SetupSpec names), and errors.

Seats get the levels in order, rotated by one seat each game, so every level sits in every
seat. Any exception from the engine (or a bot) ends that game and is recorded as an error with
the game's seed and the move that failed, so a selfplay run doubles as a rules fuzzer.
"""

from __future__ import annotations

import json
import time
import traceback
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from shards_tui.bots.base import LEVELS, act, make_bot
from shards_tui.core.registry import game
from shards_tui.core.stats_spec import spec_for
from shards_tui.core.variants import check_choice, player_counts
from shards_tui.core.errors import GameError


@dataclass
class SelfplayReport:
    game_id: str
    games: int
    players: int
    levels: list[str]
    seed: int
    finished: int = 0
    turns: list[int] = field(default_factory=list)
    wins_by_seat: list[float] = field(default_factory=list)
    seats_by_level: dict[str, int] = field(default_factory=dict)
    wins_by_level: dict[str, float] = field(default_factory=dict)
    # Per seat role (the name is kept from when every game had characters): seats and wins.
    role: str = "character"  # what the game calls its seats' role, in lower case
    role_key: str = "character"  # the role's field in each seat's public facts
    seats_by_character: dict[str, int] = field(default_factory=dict)
    wins_by_character: dict[str, float] = field(default_factory=dict)
    move_seconds: dict[str, float] = field(default_factory=dict)  # per level: total thinking time
    moves: dict[str, int] = field(default_factory=dict)  # per level: moves made
    bot_stats: dict[str, dict[str, float]] = field(default_factory=dict)  # per level: bots' counters
    seconds: float = 0.0
    errors: list[dict[str, Any]] = field(default_factory=list)

    @property
    def mean_turns(self) -> float:
        return sum(self.turns) / len(self.turns) if self.turns else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def win_rate(self, level: str) -> float:
        return self.wins_by_level.get(level, 0.0) / max(1, self.seats_by_level.get(level, 0))

    def seconds_per_move(self, level: str) -> float:
        return self.move_seconds.get(level, 0.0) / max(1, self.moves.get(level, 0))

    def seconds_per_search(self, level: str) -> float:
        stats = self.bot_stats.get(level, {})
        return stats.get("search_seconds", 0.0) / max(1, stats.get("searches", 0))

    def to_json(self) -> str:
        data = asdict(self)
        data.update(mean_turns=self.mean_turns, games_per_second=self.games_per_second,
                    win_rate={lv: self.win_rate(lv) for lv in self.seats_by_level},
                    seconds_per_move={lv: self.seconds_per_move(lv) for lv in self.moves},
                    seconds_per_search={lv: self.seconds_per_search(lv) for lv in self.bot_stats})
        return json.dumps(data, indent=2, sort_keys=True)


def _add(d: dict, key: str, amount: float) -> None:
    d[key] = d.get(key, 0) + amount


def run_selfplay(game_id: str, games: int, seed: int, levels: list[str], players: int | None = None,
                 budgets: dict[str, dict[str, Any]] | None = None, max_moves: int = 4000,
                 on_game: Callable[[int, SelfplayReport], None] | None = None,
                 variants: list[str] | None = None, sets: list[str] | None = None,
                 options: dict[str, Any] | None = None, **search_budget: Any) -> SelfplayReport:
    """Play ``games`` games; ``search_budget`` (iterations=, seconds=) goes to search bots.
    ``variants`` and ``sets`` go into every game's setup (default: none, the game's default sets),
    and so do the game's own ``options`` (its ``SetupSpec`` options: teams, a shorter game)."""
    info = game(game_id)
    levels = list(levels)
    if not levels:
        raise ValueError("Name at least one bot level.")
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"There is no bot level '{level}'; choose from {', '.join(LEVELS)}.")
    variants = list(variants or [])
    sets = list(sets) if sets is not None else info.default_sets()
    allowed = player_counts(info.variants, variants, range(info.min_players, info.max_players + 1))
    n = players or max(len(levels), min(allowed) if allowed else info.min_players)
    if not variants and not info.min_players <= n <= info.max_players:
        raise ValueError(f"{info.title} is for {info.min_players} to {info.max_players} players, not {n}.")
    check_choice(info.variants, variants, n, sets, {e.id: e.title for e in info.expansions})
    extra = {**(options or {}), "variants": variants, "sets": sets}
    budgets = dict(budgets or {})
    if search_budget:
        budgets["search"] = {**budgets.get("search", {}), **search_budget}
    # What each seat played as: its game's first role (a field of its public facts; a role
    # taken during play, as leaders are, is named by the game's StatsSpec).
    roles = spec_for(info).roles
    label, key = (roles[0].label.lower(), roles[0].key) if roles else ("character", "character")
    report = SelfplayReport(game_id, games, n, levels, seed, wins_by_seat=[0.0] * n,
                            role=label, role_key=key)
    _check_setup(info, seed, n, extra)
    start = time.perf_counter()
    for g in range(games):
        _play_one(info, report, g, seed + g, [levels[(s + g) % len(levels)] for s in range(n)],
                  budgets, max_moves, extra)
        if on_game is not None:
            on_game(g, report)
    report.seconds = time.perf_counter() - start
    return report


def _check_setup(info: Any, seed: int, players: int, extra: dict[str, Any]) -> None:
    """A setup the game refuses (teams that need another number of players) is said once, as
    a ValueError, rather than once for every game."""
    setup = {"kind": "new", "seed": seed, **extra, "players": [{"name": f"P{s + 1}"} for s in range(players)]}
    try:
        info.controller.build(setup)
    except (GameError, ValueError) as exc:
        raise ValueError(str(exc)) from None


def _play_one(info: Any, report: SelfplayReport, g: int, game_seed: int, seat_levels: list[str],
              budgets: dict[str, dict[str, Any]], max_moves: int,
              extra: dict[str, Any] | None = None) -> None:
    setup = {"kind": "new", "seed": game_seed, **(extra or {}),
             "players": [{"name": f"{lv}{s + 1}", "bot": lv} for s, lv in enumerate(seat_levels)]}
    where = {"game": g, "seed": game_seed, "levels": seat_levels}
    try:
        ctl = info.controller.build(setup)
    except Exception as exc:
        report.errors.append({**where, "move": None, "error": f"{type(exc).__name__}: {exc}"})
        return
    bots = [make_bot(lv, info.id, seed=game_seed * 16 + s, **budgets.get(lv, {}))
            for s, lv in enumerate(seat_levels)]
    try:
        _moves(ctl, bots, report, where, seat_levels, max_moves)
    finally:
        for lv, b in zip(seat_levels, bots):
            for key, amount in b.stats.items():
                _add(report.bot_stats.setdefault(lv, {}), key, amount)


def _moves(ctl: Any, bots: list, report: SelfplayReport, where: dict, seat_levels: list[str],
           max_moves: int) -> None:
    for _ in range(max_moves):
        seat = ctl.who_must_act()
        if seat is None:
            break
        move_text = None
        try:
            t0 = time.perf_counter()
            move = act(bots[seat], ctl, seat)
            _add(report.move_seconds, seat_levels[seat], time.perf_counter() - t0)
            _add(report.moves, seat_levels[seat], 1)
            move_text = move.text()
            ctl.apply(move.command)
        except Exception as exc:
            report.errors.append({**where, "seat": seat, "move": move_text,
                                  "error": f"{type(exc).__name__}: {exc}",
                                  "trace": traceback.format_exc(limit=3)})
            return
    if not ctl.over:
        report.errors.append({**where, "move": None, "error": f"no winner after {max_moves} moves"})
        return
    public = ctl.view(None)
    report.finished += 1
    report.turns.append(public.turn)
    winners = set(ctl.winners or [])
    share = 1.0 / max(1, len(winners))
    for s, lv in enumerate(seat_levels):
        # (each seat's own view: a role picked in private is in no other seat's)
        character = getattr(ctl.view(s).players[s], report.role_key, None) or "?"
        _add(report.seats_by_level, lv, 1)
        _add(report.seats_by_character, character, 1)
        if s in winners:
            report.wins_by_seat[s] += share
            _add(report.wins_by_level, lv, share)
            _add(report.wins_by_character, character, share)


def format_report(r: SelfplayReport) -> str:
    lines = [f"{r.game_id}: {r.games} games, {r.players} players, bots {','.join(r.levels)}, seed {r.seed}",
             f"finished {r.finished}, mean turns {r.mean_turns:.1f}, {r.games_per_second:.2f} games/s, "
             f"errors {len(r.errors)}", "",
             f"{'bot level':<12}{'seats':>7}{'wins':>8}{'win %':>8}{'s/move':>9}{'s/search':>10}"]
    for lv in r.seats_by_level:
        search = f"{r.seconds_per_search(lv):>10.3f}" if lv in r.bot_stats else f"{'-':>10}"
        lines.append(f"{lv:<12}{r.seats_by_level[lv]:>7}{r.wins_by_level.get(lv, 0):>8.1f}"
                     f"{100 * r.win_rate(lv):>7.1f}%{r.seconds_per_move(lv):>9.3f}{search}")
    lines += ["", f"{'seat':<12}{'wins':>8}"]
    lines += [f"{s + 1:<12}{w:>8.1f}" for s, w in enumerate(r.wins_by_seat)]
    width = max([12, *(len(ch) + 2 for ch in r.seats_by_character)])  # long names keep the columns
    lines += ["", f"{r.role:<{width}}{'seats':>7}{'wins':>8}"]
    for ch in sorted(r.seats_by_character):
        lines.append(f"{ch:<{width}}{r.seats_by_character[ch]:>7}{r.wins_by_character.get(ch, 0):>8.1f}")
    for e in r.errors[:20]:
        lines.append(f"ERROR game {e['game']} seed {e['seed']} move {e.get('move')!r}: {e['error']}")
    return "\n".join(lines)


def selfplay_main(args: Any) -> int:
    """CLI entry: ``args`` has game, games, seed, bots ('greedy,random' or a list), players,
    json, and optionally search_iterations / search_seconds. Non-zero if any game erred."""
    bots = args.bots.split(",") if isinstance(args.bots, str) else list(args.bots)
    budget = {k: v for k, v in (("iterations", getattr(args, "search_iterations", None)),
                                ("seconds", getattr(args, "search_seconds", None))) if v is not None}
    try:
        report = run_selfplay(args.game, args.games, args.seed, [b.strip() for b in bots if b.strip()],
                              getattr(args, "players", None), budgets={"search": budget} if budget else None)
    except (ValueError, KeyError) as exc:
        print(str(exc).strip("'\""))
        return 2
    print(report.to_json() if getattr(args, "json", False) else format_report(report))
    return 1 if report.errors else 0
