"""The demo: bots play a whole game at reading pace while a narration explains every move.

Every seat is a bot. The screen shows the table from the view of the seat that acts next
(its hand is shown on purpose: this is a lesson, not a game), and, for each move, a narration:
who did what and why (the bot's reason), what happened (the log lines of the move), and which
rule applied ("Rule — Recruiting: To recruit a card…", from the rules anchors the events cite).

The next move is computed in a thread worker as soon as the previous one is applied, and it is
applied ``pace`` seconds after the previous one (at once with pace 0). Space pauses; n or →
steps one move (pausing first); + and - change the pace; F1 opens the rules at the last rule
cited; q or Esc goes back. Only moves change the game, and only this screen applies them.
The demo never writes the autosave.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, RichLog, Static
from textual.worker import Worker, WorkerState

from shards_tui.bots.base import BotMove, act, bot_note, make_bot
from shards_tui.core.controller import Controller
from shards_tui.core.registry import game
from shards_tui.core.rules_text import rule_title
from shards_tui.core.state import one_stop
from shards_tui.core.wording import noted_move
from shards_tui.games.shards.cards import card_db
from shards_tui.games.shards.content import ruleset
from shards_tui.ui import app as app_module
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.tables.shards.center_row import CenterRow
from shards_tui.ui.tables.shards.hand import HandView
from shards_tui.ui.tables.shards.play_zone import PlayZone
from shards_tui.ui.tables.shards.player_panel import OpponentsBar, ResourceBar
from shards_tui.ui.tables.shards.table_data import TableData
from shards_tui.ui.widgets.too_small import TooSmall

# The paces + and - step through (seconds per move).
PACES = (0.0, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 8.0)
DEFAULT_PACE = 1.5
NARRATION_LINES = 2000  # the narration keeps this many lines (older ones scroll away)
DEFAULT_LEVEL = "greedy"  # the bots of a demo started without naming their levels
DEMO_NAMES = ("Ana", "Ben", "Cy", "Di", "Eve", "Fay")


def demo_game(game_id: str, levels: Sequence[str], seed: int) -> Controller:
    """A new game for the demo: one seat per bot level, named Ana, Ben, … in order."""
    players = [{"name": name, "character": None, "bot": level}
               for name, level in zip(DEMO_NAMES, levels)]
    return game(game_id).controller.build({"kind": "new", "seed": seed, "first": None,
                                           "players": players})


def _character(char_id: str) -> tuple[str, str | None]:
    try:
        c = ruleset().character(char_id)
        return c.name, c.faction
    except KeyError:
        return char_id, None


def faster(pace: float) -> float:
    """The next pace down the list (0 stays 0)."""
    return max((p for p in PACES if p < pace - 1e-9), default=PACES[0])


def slower(pace: float) -> float:
    """The next pace up the list (the slowest stays the slowest)."""
    return min((p for p in PACES if p > pace + 1e-9), default=max(pace, PACES[-1]))


def pace_text(pace: float) -> str:
    return "no pause between moves" if pace <= 0 else f"{pace:g} s per move"


class DemoScreen(Screen[None]):
    """Bots play; the narration explains. ``levels``: one bot level per seat."""

    CSS_PATH = "demo.tcss"
    AUTO_FOCUS = ""  # nothing to type or select here; the keys below work everywhere
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    BINDINGS = [
        Binding("space", "toggle_pause", "Pause/play", id="demo.pause", priority=True,
                tooltip="Pause the demo, or carry on."),
        Binding("n,right", "step", "Step", id="demo.step", priority=True,
                tooltip="Pause, and play exactly one move."),
        Binding("plus,equals_sign", "faster", "Faster", key_display="+", id="demo.faster",
                priority=True, tooltip="Less time between moves."),
        Binding("minus,underscore", "slower", "Slower", key_display="-", id="demo.slower",
                priority=True, tooltip="More time between moves."),
        Binding("f1", "rules", "Rule", id="demo.rules",
                tooltip="Open the rules reference at the rule the last move cited."),
        Binding("enter", "finish", "Done", id="demo.finish",
                tooltip="The game is over: go back."),
        Binding("q,escape", "back", "Back", id="demo.back",
                tooltip="Leave the demo."),
    ]

    def __init__(self, controller: Controller, levels: Sequence[str], pace: float = DEFAULT_PACE,
                 *, seed: int | None = None, game_id: str | None = None) -> None:
        super().__init__()
        self.ctl = controller
        self.game_id = game_id or controller.game_id
        names = controller.seat_names()
        if len(levels) != len(names):
            raise ValueError(f"The demo needs one bot level per seat ({len(names)}), "
                             f"not {len(levels)}.")
        self.levels = list(levels)
        base = seed if seed is not None else int(controller.setup.get("seed", 0) or 0)
        self.bots = [make_bot(level, self.game_id, seed=base * 16 + s)
                     for s, level in enumerate(self.levels)]
        self.pace = max(0.0, float(pace))
        self.paused = False
        self.moves = 0  # moves applied by this screen
        self.narration: list[str] = []  # every narration line, plain (tests read it)
        self.last_anchor: str | None = None
        self.failed: str | None = None
        self.cards = card_db(tuple(controller.view(None)["sets"]))
        self._worker: Worker | None = None
        self._ready: tuple[int, BotMove] | None = None  # computed, waiting for its time
        self._timer: Timer | None = None
        self._steps = 0  # moves asked for with n while paused
        self._last_applied = 0.0
        self._shown_seat: int | None = None
        self._quoted: set[tuple[str, int]] = set()  # (anchor, turn) rules quoted in full
        self._over_told = False

    # ---- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TooSmall()
        yield OpponentsBar(id="opponents")
        yield CenterRow(id="center")
        with Horizontal(id="lower"):
            with Vertical(id="main"):
                yield PlayZone(id="play-zone")
                yield HandView(id="hand")
                yield ResourceBar(id="resources")
            yield RichLog(id="narration", wrap=True, markup=False, max_lines=NARRATION_LINES,
                          min_width=10, auto_scroll=True)
        yield Static("", id="demo-status")
        yield Footer(compact=True)

    def on_resize(self, event: events.Resize) -> None:
        self.query_one(TooSmall).fit(event.size, "the demo", "the bots play on")

    def on_mount(self) -> None:
        self.query_one("#narration", RichLog).border_title = "What happens, and why"
        names = self.ctl.seat_names()
        who = ", ".join(f"{n} ({lv} bot)" for n, lv in zip(names, self.levels))
        self._say(Text(f"Demo: {who}. Space pauses, n steps one move, + and - change the "
                       f"speed, F1 opens the rule cited.", style="italic"))
        self._last_applied = time.monotonic()
        self._render_table()
        if self.ctl.over:
            self._game_over()
        else:
            self._think_next()

    # ---- the move loop ------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """A bot is thinking about the next move."""
        return self._worker is not None

    def _think_next(self) -> None:
        if self.ctl.over or self.failed or self._worker is not None or self._ready is not None:
            return
        seat = self.ctl.who_must_act()
        if seat is None:
            return
        bot = self.bots[seat]
        self._worker = self.run_worker(lambda: (seat, act(bot, self.ctl, seat)), thread=True,
                                       group="demo-move", exit_on_error=False,
                                       name=f"{self.levels[seat]} bot, seat {seat}")
        self._show_status()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self._worker:
            return
        if event.state == WorkerState.SUCCESS:
            self._worker = None
            self._ready = event.worker.result
            self._maybe_apply()
        elif event.state == WorkerState.ERROR:
            self._worker = None
            seat = self.ctl.who_must_act()
            level = self.levels[seat] if seat is not None else "a"
            self._fail(f"The {level} bot could not choose a move ({event.worker.error}).")
        elif event.state == WorkerState.CANCELLED:
            self._worker = None

    def _maybe_apply(self) -> None:
        """Apply the ready move now if it is time (or a step was asked for), else wait."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self._ready is None or not self.is_attached:
            return
        if self._steps == 0:
            if self.paused:
                return
            wait = self.pace - (time.monotonic() - self._last_applied)
            if wait > 0:
                self._timer = self.set_timer(wait, self._maybe_apply)
                self._show_status()
                return
        self._apply_ready()

    def _apply_ready(self) -> None:
        assert self._ready is not None
        seat, move = self._ready
        self._ready = None
        self._steps = max(0, self._steps - 1)
        level = self.levels[seat]
        seen = self._last_seq(seat)
        pending = self.ctl.view(None).get("pending")
        asked = pending.get("prompt") if pending and pending.get("seat") == seat else None
        note = bot_note(level, move.reason, self.ctl.seat_names()[seat])
        try:
            self.ctl.apply(move.command, note=note)
        except Exception as exc:  # a rules bug: show it and stop, never crash the app
            self._fail(f"The game refused {self.ctl.seat_names()[seat]}'s move "
                       f"'{move.text()}': {exc}")
            return
        self.moves += 1
        self._last_applied = time.monotonic()
        self._narrate(seat, move, seen, asked, note)
        self._render_table()
        if self.ctl.over:
            self._game_over()
            return
        self._think_next()

    def _fail(self, message: str) -> None:
        self.failed = message
        self.paused = True
        self._say(Text(f"✗ {message}", style="bold red"))
        self.notify(message, severity="error", timeout=10)
        self._show_status()

    # ---- narration ----------------------------------------------------------------------------

    def _last_seq(self, seat: int | None) -> int:
        return max((e["seq"] for e in self.ctl.view(seat)["log"]), default=-1)

    def _say(self, text: Text) -> None:
        self.narration.append(text.plain)
        self.query_one("#narration", RichLog).write(text)

    def _narrate(self, seat: int, move: BotMove, seen: int, asked: str | None,
                 note: str) -> None:
        """Who did what and why, what happened, and the rules the events cite (the bot's
        note, which the log has as well, only once)."""
        view = self.ctl.view(seat)
        names = self.ctl.seat_names()
        name, level = names[seat], self.levels[seat]
        new = [e for e in view["log"] if e["seq"] > seen and e.get("text")]
        logged_note = one_stop(noted_move(name, note))
        events = [e for e in new if e["text"] != logged_note]
        line = Text()
        line.append(f"T{new[0]['turn'] if new else view['turn']['number']} ", style="dim")
        line.append(name, style="bold")
        line.append(f" ({level} bot) ", style="dim")
        line.append(move.reason or move.text())
        line.append(f"  › {move.text()}", style="dim")  # the command, as typed at ':'
        self._say(line)
        if asked:
            self._say(Text(f"  (asked: {asked})", style="italic"))
        anchors: dict[str, int] = {}  # anchor -> turn of its first event in this move
        for event in events:
            style = "bold" if event["text"].startswith("Turn ") else ""
            self._say(Text(f"  {event['text']}", style=style))
            anchor = event.get("anchor")
            if anchor:
                anchors.setdefault(anchor, event["turn"])
        for anchor, turn in anchors.items():
            self._say(self._rule_text(anchor, turn))
        if anchors:
            self.last_anchor = next(iter(anchors))

    def _rule_text(self, anchor: str, turn: int) -> Text:
        """'Rule — Recruiting: To recruit a card… (#recruit)'; only the heading if this rule
        was already quoted in full during this turn."""
        found = rule_title(self.game_id, anchor)
        text = Text("  Rule — ", style="cyan")
        if found is None:
            text.append(f"#{anchor}", style="cyan")
            return text
        heading, sentence = found
        text.append(heading, style="bold cyan")
        if sentence and (anchor, turn) not in self._quoted:
            text.append(f": {sentence}", style="cyan")
            self._quoted.add((anchor, turn))
        text.append(f" (#{anchor})", style="dim")
        return text

    def _game_over(self) -> None:
        if self._over_told:
            return
        self._over_told = True
        self.paused = True
        self._say(Text(f"★ {self.winner_line()}", style="bold reverse"))
        self._show_status()
        self.refresh_bindings()

    def winner_line(self) -> str:
        view = self.ctl.view(None)
        names = [view["players"][s]["name"] for s in (view.get("winners") or [])]
        turns = view["turn"]["number"]
        if len(names) == 1:
            who = f"{names[0]} wins"
        elif names:
            who = f"{' and '.join(names)} win"
        else:
            who = "The game is over"
        return f"{who} after {turns} turn{'s' if turns != 1 else ''} and {self.moves} moves."

    # ---- the table ----------------------------------------------------------------------------

    def _render_table(self) -> None:
        seat = self.ctl.who_must_act()
        if seat is None:  # the game is over: the winner's seat
            seat = next(iter(self.ctl.winners or []), self._shown_seat or 0)
        self._shown_seat = seat
        view = self.ctl.view(seat)
        data = TableData.build(view, self.cards, _character)
        self.query_one(OpponentsBar).show(data.opponents)
        self.query_one(CenterRow).show(data.center, data.center_deck)
        me = data.me
        who = me.title if me is not None else "?"
        self.query_one(PlayZone).show(data.played, data.champions, f"{who}: play zone",
                                      data.turn_text)
        title = f"{me.name}'s hand (shown for the demo)" if me is not None else "Hand"
        self.query_one(HandView).show(data.hand, title, "" if data.hand else "The hand is empty.")
        self.query_one(ResourceBar).show(me, data.gems, data.power)
        self._show_status()

    def _show_status(self) -> None:
        if not self.is_mounted:
            return
        status = self.query_one("#demo-status", Static)
        status.set_class(self.ctl.over, "-over")
        if self.ctl.over:
            status.update(Text(f"Game over: {self.winner_line()}  Enter or q: back.",
                               style="bold"))
            return
        if self.failed:
            status.update(Text(f"Stopped: {self.failed}", style="bold red"))
            return
        seat = self.ctl.who_must_act()
        view = self.ctl.view(None)
        who = view["players"][seat]["name"] if seat is not None else "nobody"
        pending = view.get("pending")
        doing = (pending.get("prompt") if pending and pending.get("seat") == seat
                 else f"{view['turn']['phase']} phase")
        state = "⏸ paused (n: one move)" if self.paused else "▶ playing"
        thinking = " · thinking…" if self.busy and not self.paused else ""
        status.update(Text.assemble((state, "bold"), f" · {pace_text(self.pace)} · move "
                                    f"{self.moves} · next: {who}, {doing}{thinking}"))

    # ---- keys -----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "finish":
            return self.ctl.over
        if action in ("toggle_pause", "step", "faster", "slower"):
            return not self.ctl.over and not self.failed
        return True

    def action_toggle_pause(self) -> None:
        self.paused = not self.paused
        if not self.paused:
            self._steps = 0
            self._last_applied = min(self._last_applied, time.monotonic() - self.pace)
            self._think_next()
            self._maybe_apply()
        self._show_status()

    def action_step(self) -> None:
        if self.ctl.over or self.failed:
            return
        self.paused = True
        self._steps += 1
        self._think_next()
        self._maybe_apply()
        self._show_status()

    def action_faster(self) -> None:
        self.set_pace(faster(self.pace))

    def action_slower(self) -> None:
        self.set_pace(slower(self.pace))

    def set_pace(self, pace: float) -> None:
        self.pace = max(0.0, pace)
        self.notify(f"Pace: {pace_text(self.pace)}.", timeout=1.5)
        self._maybe_apply()
        self._show_status()

    def rules_context(self) -> tuple[str, str | None]:
        """For the app's F1: the rules of this game at the last rule the narration cited."""
        return self.game_id, self.last_anchor

    def action_rules(self) -> None:
        opener = getattr(self.app, "open_rules", None)
        if not callable(opener):
            self.notify("The rules reference is not available here.", severity="warning")
            return
        self.paused = True  # reading the rule should not miss moves
        self._show_status()
        opener(self.game_id, self.last_anchor)

    def action_finish(self) -> None:
        if self.ctl.over:
            self.action_back()

    def action_back(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self.paused = True
        back = getattr(self.app, "return_to_title", None)
        if callable(back):
            back()
        elif len(self.app.screen_stack) > 1:
            self.dismiss()
        else:
            self.app.exit()


class DemoApp(ShardsApp):
    """The app opened on the demo (``shards-tui demo``); leaving the demo shows the title."""

    CSS_PATH = str(Path(app_module.__file__).with_name("app.tcss"))  # not beside this module

    def __init__(self, controller: Controller, levels: Sequence[str], pace: float = DEFAULT_PACE,
                 *, seed: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._demo = (controller, list(levels), pace, seed)

    def on_mount(self) -> None:
        controller, levels, pace, seed = self._demo
        self.push_screen(DemoScreen(controller, levels, pace, seed=seed))
