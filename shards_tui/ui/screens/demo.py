"""The demo: bots play a whole game at reading pace while a narration explains every move.

``demo_screen(controller, levels, pace)`` opens the game's own table (the registry's
``table_screen``) with every seat a bot and a ``DemoGuide``: the table shows the seat that
acts next (its hand shown on purpose: this is a lesson, not a game), and the narration says,
for each move, who did what and why (the bot's reason), what happened (the log lines of the
move), and which rule applied ("Rule — Recruiting: To recruit a card…", from the rules anchors
the events cite).

The bots are the table's ``Session``'s: a move every ``pace`` seconds (at once with pace 0).
Space pauses; n or → plays one move (pausing first); + and - change the pace; F1 opens the
rules at the last rule cited; q or Esc goes back. The demo never writes the autosave.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import RichLog, Static

from shards_tui.core.controller import Controller
from shards_tui.core.registry import game
from shards_tui.core.rules_text import rule_title
from shards_tui.core.state import one_stop
from shards_tui.core.view import SeatView
from shards_tui.core.wording import noted_move, unfolded, who_won
from shards_tui.session.driver import PAUSED, SessionEvent
from shards_tui.ui.game_tables import no_table, table_class
from shards_tui.ui.tables.base.guide import TableGuide
from shards_tui.ui.tables.base.screen import TableScreen

# The paces + and - step through (seconds per move).
PACES = (0.0, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 8.0)
DEFAULT_PACE = 1.5
NARRATION_LINES = 2000  # the narration keeps this many lines (older ones scroll away)
DEFAULT_LEVEL = "greedy"  # the bots of a demo started without naming their levels
DEMO_NAMES = ("Ana", "Ben", "Cy", "Di", "Eve", "Fay")


def demo_game(game_id: str, levels: Sequence[str], seed: int) -> Controller:
    """A new game for the demo: one seat per bot level, named Ana, Ben, … in order."""
    players = [{"name": name, "bot": level} for name, level in zip(DEMO_NAMES, levels)]
    return game(game_id).controller.build({"kind": "new", "seed": seed, "first": None,
                                           "players": players})


def faster(pace: float) -> float:
    """The next pace down the list (0 stays 0)."""
    return max((p for p in PACES if p < pace - 1e-9), default=PACES[0])


def slower(pace: float) -> float:
    """The next pace up the list (the slowest stays the slowest)."""
    return min((p for p in PACES if p > pace + 1e-9), default=max(pace, PACES[-1]))


def pace_text(pace: float) -> str:
    return "no pause between moves" if pace <= 0 else f"{pace:g} s per move"


def _doing(controller: Controller, seat: int) -> str:
    """What ``seat`` is about to do: the question it answers, else the phase."""
    view: SeatView = controller.view(None)
    asked = view.pending.prompt if view.pending and view.pending.seat == seat else None
    return asked or f"{view.phase} phase"


class Narration(RichLog):
    DEFAULT_CSS = """
    Narration {
        height: 1fr;
        border: round $accent;
        border-title-align: left;
        padding: 0 1;
        overflow-x: hidden;
        scrollbar-size-vertical: 1;
    }
    """


class DemoStatus(Static):
    DEFAULT_CSS = """
    DemoStatus { height: auto; max-height: 2; padding: 0 1; background: $boost; }
    DemoStatus.-over { background: $success 30%; }
    """


class DemoGuide(TableGuide):
    """Bots play; the narration explains. ``levels``: one bot level per seat."""

    BINDINGS = [
        Binding("space", "guide('toggle_pause')", "Pause/play", id="demo.pause", priority=True,
                tooltip="Pause the demo, or carry on."),
        Binding("n,right", "guide('step')", "Step", id="demo.step", priority=True,
                tooltip="Pause, and play exactly one move."),
        Binding("plus,equals_sign", "guide('faster')", "Faster", key_display="+",
                id="demo.faster", priority=True, tooltip="Less time between moves."),
        Binding("minus,underscore", "guide('slower')", "Slower", key_display="-",
                id="demo.slower", priority=True, tooltip="More time between moves."),
        Binding("f1", "guide('rules')", "Rule", id="demo.rules",
                tooltip="Open the rules reference at the rule the last move cited."),
        Binding("enter", "guide('finish')", "Done", id="demo.finish",
                tooltip="The game is over: go back."),
        Binding("q,escape", "guide('back')", "Back", id="demo.back", tooltip="Leave the demo."),
    ]
    footer_first = ("guide('toggle_pause')", "guide('step')", "guide('faster')",
                    "guide('slower')", "guide('rules')", "guide('finish')", "guide('back')")
    css_class = "-demo"
    placement = "beside"
    follows_actor = True  # the table shows the seat that acts next, hand and all
    too_small_words = ("the demo", "the demo waits")

    def __init__(self, levels: Sequence[str], pace: float = DEFAULT_PACE) -> None:
        self.levels = list(levels)
        self.pace = max(0.0, float(pace))
        self.moves = 0  # moves played in this demo
        self.narration: list[str] = []  # every narration line, plain (tests read it)
        self.last_anchor: str | None = None
        self.failed: str | None = None
        self._asked: str | None = None  # the question that move answers
        self._quoted: set[tuple[str, int]] = set()  # (anchor, turn) rules quoted in full
        self._over_told = False
        self.log = Narration(id="narration", wrap=True, markup=False,
                             max_lines=NARRATION_LINES, min_width=10, auto_scroll=True)
        self.status = DemoStatus("", id="demo-status")

    @property
    def ctl(self) -> Controller:
        return self.table.ctl

    @property
    def game_id(self) -> str:
        return self.ctl.game_id

    @property
    def paused(self) -> bool:
        return self.table.session.paused

    @property
    def busy(self) -> bool:
        """A bot is thinking about the next move."""
        return self.table.session.thinking

    # ---- the table's parts ----------------------------------------------------------------

    def attach(self, table: TableScreen) -> None:
        super().attach(table)
        table.session.listen(self._heard)  # from the first move on, before the screen shows

    def widgets(self) -> list[Widget]:
        return [Vertical(self.log, self.status, id="demo-side")]

    def mounted(self) -> None:
        self.log.border_title = "What happens, and why"
        names = self.ctl.seat_names()
        who = ", ".join(f"{n} ({lv} bot)" for n, lv in zip(names, self.levels))
        self._say(Text(f"Demo: {who}. Space pauses, n steps one move, + and - change the "
                       f"speed, F1 opens the rule cited.", style="italic"))
        if self.ctl.over:
            self._game_over()
        self._show_status()

    def _heard(self, event: SessionEvent) -> None:
        """What the session says, as it says it: the move is read now (at pace 0 the next
        one follows before the screen runs again); the narration is written in the app."""
        ctl = self.ctl
        if event.kind == "thinking" and event.seat is not None:
            pending = getattr(ctl.state, "pending", None)
            self._asked = pending.prompt if pending is not None and pending.seat == event.seat \
                else None
            self.table._in_app(self._show_status)
        elif event.kind == "moved" and event.bot and event.seat is not None:
            self.moves += 1
            move = ctl.history[-1]
            events = list(ctl.state.log[event.log_from:])
            self.table._in_app(self._moved, event.seat, move, events, self._asked, ctl.over)
        elif event.kind in ("bot_failed", "stuck"):
            self.table._in_app(self._fail, event.text)

    def _moved(self, seat: int, move: Any, events: list[Any], asked: str | None,
               over: bool) -> None:
        if not self.table.is_attached:
            return
        self._narrate(seat, move, events, asked)
        if over:
            self._game_over()
        self._show_status()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "guide":
            if parameters == ("finish",):
                return self.ctl.over
            if parameters and parameters[0] in ("toggle_pause", "step", "faster", "slower"):
                return not self.ctl.over and not self.failed
            return True
        if action in ("result", "save", "toggle_bots", "command_line", "palette") \
                or action in self.table.seat_moves:
            return False  # bots move (and nobody types); the narration says who won; the
            # demo is not saved; space pauses
        return None

    # ---- narration ------------------------------------------------------------------------

    def _say(self, text: Text) -> None:
        self.narration.append(text.plain)
        self.log.write(text)

    def _narrate(self, seat: int, move: Any, logged: list[Any], asked: str | None) -> None:
        """Who did what and why, what happened, and the rules the events cite (the bot's
        note, which the log has as well, only once)."""
        ctl = self.ctl
        names = ctl.seat_names()
        name, level = names[seat], self.levels[seat] if seat < len(self.levels) else "a"
        note = move.note or ""
        reason = note.split(") ", 1)[1] if note.startswith("(") and ") " in note else note
        logged_note = one_stop(noted_move(name, note))
        new = [e for e in logged if e.text_for(seat)]
        events = [e for e in new if e.text_for(seat) != logged_note]
        line = Text()
        turn = new[0].turn if new else getattr(getattr(ctl.state, "flow", None), "turn", 0)
        line.append(f"T{turn} ", style="dim")
        line.append(name, style="bold")
        line.append(f" ({level} bot) ", style="dim")
        line.append(reason or move.text)
        line.append(f"  › {move.text}", style="dim")  # the command, as typed at ':'
        self._say(line)
        if asked:
            self._say(Text(f"  (asked: {asked})", style="italic"))
        anchors: dict[str, int] = {}  # anchor -> turn of its first event in this move
        for event in events:
            text = unfolded(event.text_for(seat), note)  # (its note is the line above)
            self._say(Text(f"  {text}", style="bold" if text.startswith("Turn ") else ""))
            if event.anchor:
                anchors.setdefault(event.anchor, event.turn)
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

    def _fail(self, message: str) -> None:
        self.failed = message
        self.table.session.hold(PAUSED)
        self._say(Text(f"✗ {message}", style="bold red"))
        self.table.notify(message, severity="error", timeout=10)

    def _game_over(self) -> None:
        if self._over_told:
            return
        self._over_told = True
        self._say(Text(f"★ {self.winner_line()}", style="bold reverse"))
        self.table.refresh_bindings()

    def winner_line(self) -> str:
        names = [self.ctl.seat_names()[s] for s in (self.ctl.winners or [])]
        turns = getattr(getattr(self.ctl.state, "flow", None), "turn", 0)
        return f"{who_won(names)} after {turns} turn{'s' if turns != 1 else ''} and {self.moves} moves."

    def _show_status(self) -> None:
        if not self.status.is_mounted:
            return
        self.status.set_class(self.ctl.over, "-over")
        if self.ctl.over:
            self.status.update(Text(f"Game over: {self.winner_line()}  Enter or q: back.",
                                    style="bold"))
            return
        if self.failed:
            self.status.update(Text(f"Stopped: {self.failed}", style="bold red"))
            return
        seat = self.ctl.who_must_act()
        who = self.ctl.seat_names()[seat] if seat is not None else "nobody"
        doing = _doing(self.ctl, seat) if seat is not None else ""
        state = "⏸ paused (n: one move)" if self.paused else "▶ playing"
        thinking = " · thinking…" if self.busy and not self.paused else ""
        self.status.update(Text.assemble((state, "bold"), f" · {pace_text(self.pace)} · move "
                                         f"{self.moves} · next: {who}, {doing}{thinking}"))

    # ---- keys -------------------------------------------------------------------------------

    def action_toggle_pause(self) -> None:
        session = self.table.session
        if session.paused:
            session.release(PAUSED)
        else:
            session.hold(PAUSED)
        self._show_status()

    def action_step(self) -> None:
        if self.ctl.over or self.failed:
            return
        self.table.session.hold(PAUSED)
        self.table.session.step()
        self._show_status()

    def action_faster(self) -> None:
        self.set_pace(faster(self.pace))

    def action_slower(self) -> None:
        self.set_pace(slower(self.pace))

    def set_pace(self, pace: float) -> None:
        self.pace = max(0.0, pace)
        self.table.session.set_pace(self.pace)
        self.table.notify(f"Pace: {pace_text(self.pace)}.", timeout=1.5)
        self._show_status()

    def rules_context(self) -> tuple[str, str | None]:
        """For F1: the rules of this game at the last rule the narration cited."""
        return self.game_id, self.last_anchor

    def action_rules(self) -> None:
        opener = getattr(self.table.app, "open_rules", None)
        if not callable(opener):
            self.table.notify("The rules reference is not available here.", severity="warning")
            return
        self.table.session.hold(PAUSED)  # reading the rule should not miss moves
        self._show_status()
        opener(self.game_id, self.last_anchor)

    def action_finish(self) -> None:
        if self.ctl.over:
            self.action_back()

    def action_back(self) -> None:
        table = self.table
        table.session.hold(PAUSED)
        back = getattr(table.app, "return_to_title", None)
        if callable(back):
            back()
        elif len(table.app.screen_stack) > 1:
            table.dismiss()
        else:
            table.app.exit()


def demo_screen(controller: Controller, levels: Sequence[str], pace: float = DEFAULT_PACE
                ) -> TableScreen:
    """The game's own table, every seat a bot at ``levels``, with the narration."""
    names = controller.seat_names()
    if len(levels) != len(names):
        raise ValueError(f"The demo needs one bot level per seat ({len(names)}), "
                         f"not {len(levels)}.")
    table = table_class(controller.game_id)
    if table is None:
        raise ValueError(no_table(controller.game_id))
    guide = DemoGuide(levels, pace)
    return table(controller, None, hotseat=False, bots=dict(enumerate(levels)),
                 bot_pace=guide.pace, guide=guide)


def demo_of(screen: Screen[Any] | None) -> DemoGuide | None:
    """The demo a screen shows (None: not a demo's table)."""
    guide = getattr(screen, "guide", None)
    return guide if isinstance(guide, DemoGuide) else None
