"""Watching a kept game again: the game's own table, read-only, at any position of its history.

``replay_screen(replay, seat)`` opens the game's table (the registry's ``table_screen``; a game
without one gets the ``PlainTable``) on the replay's controller, as a spectator's table is
opened (``networked``: one fixed view, no hand-off, no bots), with a ``ReplayGuide``. The guide
moves the replay (``core.replay``) and has the table draw the new position; nobody can send a
move. Whose view is shown: the public one, a seat's own (its hand, nobody else's), or, once
the game is over, every hand (the table shows the seat to act, and a panel lists every hand).
The bar says the move that led here as the watched seat saw it (``move_as_seen``).

Keys: → / n and ← / p a move, ] and [ a turn, Home and End, j jumps to a turn, space plays at
a pace (+ and - change it), v changes whose view, q or Esc goes back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from shards_tui.core.replay import Replay
from shards_tui.core.wording import move_summary, who_won
from shards_tui.ui.game_tables import table_class
from shards_tui.ui.screens.demo import faster, pace_text, slower
from shards_tui.ui.screens.plain_table import PlainTable
from shards_tui.ui.tables.base.guide import TableGuide
from shards_tui.ui.tables.base.screen import TableScreen
from shards_tui.ui.widgets.ordered_input import OrderedInput

DEFAULT_PACE = 1.0  # seconds a move while playing


@dataclass(frozen=True)
class Watch:
    """Whose view the replay shows: a seat's (None: the public view), or every hand."""

    label: str
    seat: int | None = None
    everything: bool = False


INTERNAL_ID = re.compile(r"\w+#\d+")  # a card instance's id ('hollow_knight#18'): never shown
NOT_SHOWN = "a move this view's log says nothing of"


def move_as_seen(replay: Replay, n: int, watch: Watch,
                 move_line: Callable[[Any, str], str]) -> str:
    """The ``n``-th move in words as the watched seat saw it at the table. Its mover (and
    'every hand', shown only once the game is over) reads the table's words from the mover's
    view before the move (``move_line``, an answer by its options' names); any other seat, and
    the public view, reads what the move added to its own log (secrets left out), or
    ``NOT_SHOWN``. A move's command text, with its cards' ids, is never shown."""
    move = replay.move(n)
    if move is None:
        return ""
    seat = watch.seat
    if watch.everything or seat == move.seat:
        seat = move.seat
        view = replay.view_before(n, seat)
        words = move_line(view, move.text) if view is not None else move.text
        if words == move.text and view is not None and view.pending is not None \
                and move.text.split()[:1] == ["choose"]:
            ids = [w for w in move.text.split()[1:] if w != "none"]
            words = view.pending.answer_words(ids) or words
        if words != move.text and not INTERNAL_ID.search(words):
            return words
    return move_summary(replay.log_added(n, seat), NOT_SHOWN)


def watches(replay: Replay) -> list[Watch]:
    """The views a replay offers: the public one, each seat's, every hand once it is over."""
    out = [Watch("the public view")]
    out += [Watch(f"{name}'s view", seat) for seat, name in enumerate(replay.seats)]
    if replay.final_over:
        out.append(Watch("every hand", everything=True))
    return out


class ReplayPanel(Vertical):
    DEFAULT_CSS = "ReplayPanel { height: auto; }"


class ReplayBar(Static):
    """Where the replay is, whose view, and the move that led here (two lines)."""

    DEFAULT_CSS = """
    ReplayBar { height: auto; max-height: 3; padding: 0 1; background: $boost; }
    """


class EveryHand(Static):
    """Every hand at this position (the 'every hand' view of a finished game)."""

    DEFAULT_CSS = """
    EveryHand { height: auto; max-height: 6; padding: 0 1; background: $panel;
                display: none; }
    EveryHand.-shown { display: block; }
    """


class ReplayGuide(TableGuide):
    BINDINGS = [
        Binding("right,n", "guide('next_move')", "Next move", key_display="→", id="replay.next",
                priority=True, tooltip="One move forward."),
        Binding("left,p", "guide('previous_move')", "Back a move", key_display="←", id="replay.back",
                priority=True, tooltip="One move back."),
        Binding("right_square_bracket", "guide('next_turn')", "Next turn", key_display="]",
                id="replay.next_turn", priority=True, tooltip="To the start of the next turn."),
        Binding("left_square_bracket", "guide('previous_turn')", "Turn back", key_display="[",
                id="replay.previous_turn", priority=True,
                tooltip="To the start of this turn, or of the one before."),
        Binding("home", "guide('start')", "Start", id="replay.start", priority=True,
                tooltip="The position before the first move."),
        Binding("end", "guide('end')", "End", id="replay.end", priority=True,
                tooltip="The last position."),
        Binding("j", "guide('jump')", "Jump to turn", id="replay.jump",
                tooltip="Type a turn's number and go to its start."),
        Binding("space", "guide('toggle_play')", "Play/pause", id="replay.play", priority=True,
                tooltip="Play the moves one after another at the pace, or stop."),
        Binding("plus,equals_sign", "guide('faster')", "Faster", key_display="+",
                id="replay.faster", tooltip="Less time between moves."),
        Binding("minus,underscore", "guide('slower')", "Slower", key_display="-",
                id="replay.slower", tooltip="More time between moves."),
        Binding("v", "guide('next_view')", "View", id="replay.view",
                tooltip="Whose view: the public one, each player's own, or (once the game is "
                        "over) every hand."),
        Binding("q,escape", "guide('back')", "Back", id="replay.leave", tooltip="Leave the replay."),
    ]
    footer_first = ("guide('next_move')", "guide('previous_move')", "guide('next_turn')",
                    "guide('previous_turn')", "guide('toggle_play')", "guide('next_view')",
                    "guide('jump')", "guide('back')")
    css_class = "-replay"
    placement = "above"
    too_small_words = ("the replay", "it waits")

    def __init__(self, replay: Replay, watch: int = 0, pace: float = DEFAULT_PACE) -> None:
        self.replay = replay
        self.watches = watches(replay)
        self.watch_index = max(0, min(len(self.watches) - 1, watch))
        self.pace = pace
        self.bar = ReplayBar("", id="replay-bar")
        self.hands = EveryHand("", id="every-hand")
        self._timer: Timer | None = None

    @property
    def watch(self) -> Watch:
        return self.watches[self.watch_index]

    def widgets(self) -> list[Widget]:
        return [ReplayPanel(self.bar, self.hands, id="replay-side")]

    def mounted(self) -> None:
        if self.replay.note:
            self.table.notify(self.replay.note, severity="warning", timeout=10)
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "guide":
            return True
        if action in ("result", "save", "toggle_bots", "command_line", "palette", "undo") \
                or action in self.table.seat_moves:
            return False  # a replay is watched: nothing is sent, saved or asked
        return None

    @property
    def offers_undo(self) -> bool:
        return False

    def send(self, text: str) -> bool:
        self.table.say("This is a replay: moves cannot be made here.", error=True)
        return False

    # ---- drawing -----------------------------------------------------------------------------

    def show(self, fresh: bool = True) -> None:
        """Have the table draw the position from the chosen view, then the bar and hands.
        ``fresh``: the table draws it as a new position, without playing back what led to
        it (as a table may after a single move)."""
        table = self.table
        if not table.is_attached:
            return
        if fresh:
            table.view = None  # (nothing shown yet: nothing to play back from)
        watch = self.watch
        seat = watch.seat
        if watch.everything:
            ctl = self.replay.controller
            seat = ctl.who_must_act()
            if seat is None:
                seat = ctl.state.flow.active
        if seat != table.seat:
            table.seat_changed()
        table.fixed_seat = seat
        table.seat = seat
        table.game_changed()
        self._draw_bar()
        self._draw_hands()

    def _draw_bar(self) -> None:
        r = self.replay
        playing = "▶ playing" if self._timer is not None else "⏸"
        line = Text.assemble(("Replay", "bold"), f" · move {r.position} of {r.length} · "
                             f"{r.turn_word} {r.turn} of {r.last_turn} · ", (self.watch.label, "bold"),
                             f" · {playing} {pace_text(self.pace)}")
        line.append("\n")
        move = r.move(r.position)
        if move is None:
            line.append("The start of the game.", style="dim")
        else:
            line.append(f"Move {r.position}, {r.seats[move.seat]}: ", style="dim")
            line.append(move_as_seen(r, r.position, self.watch, self.table.move_line))
        if r.position == r.length and r.final_over:
            winners = [r.seats[s] for s in r.controller.winners or []]
            line.append(f"  {who_won(winners)}", style="bold")
        self.bar.update(line)

    def _draw_hands(self) -> None:
        shown = self.watch.everything
        self.hands.set_class(shown, "-shown")
        if not shown:
            return
        text = Text()
        names = self.replay.seats
        for n, zone in enumerate(self.replay.hidden_cards()):
            if n:
                text.append("\n")
            who = names[zone.seat] if zone.seat is not None and zone.seat < len(names) else "—"
            text.append(f"{who} · {zone.zone}: ", style="bold")
            text.append(", ".join(zone.cards) or "none")
        self.hands.update(text)

    # ---- moving ----------------------------------------------------------------------------------

    def go(self, position: int) -> None:
        """Show the position after ``position`` moves: a single move forward as the table
        shows a move in play, any other change as a new position."""
        one_on = position == self.replay.position + 1
        self.replay.seek(position)
        if self.replay.position == self.replay.length:
            self._stop()
        self.show(fresh=not one_on)

    def action_next_move(self) -> None:
        self._stop()
        self.go(self.replay.position + 1)

    def action_previous_move(self) -> None:
        self._stop()
        self.go(self.replay.position - 1)

    def action_next_turn(self) -> None:
        self._stop()
        self.go(self.replay.next_turn())

    def action_previous_turn(self) -> None:
        self._stop()
        self.go(self.replay.previous_turn())

    def action_start(self) -> None:
        self._stop()
        self.go(0)

    def action_end(self) -> None:
        self._stop()
        self.go(self.replay.length)

    def action_jump(self) -> None:
        self._stop()
        r = self.replay
        self.table.app.push_screen(JumpDialog(r.turns[0], r.last_turn, r.turn_word), self._jumped)

    def _jumped(self, turn: int | None) -> None:
        if turn is not None:
            self.go(self.replay.turn_start(turn))

    def action_next_view(self) -> None:
        self.watch_index = (self.watch_index + 1) % len(self.watches)
        self.show()

    # ---- playing at a pace ----------------------------------------------------------------------

    def action_toggle_play(self) -> None:
        if self._timer is not None:
            self._stop()
        else:
            if self.replay.position == self.replay.length:
                self.replay.seek(0)
            self._timer = self.table.set_interval(max(0.05, self.pace), self._tick)
        self.show()

    def _tick(self) -> None:
        if self.replay.position >= self.replay.length:
            self._stop()
            self._draw_bar()
            return
        self.go(self.replay.position + 1)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def action_faster(self) -> None:
        self._set_pace(faster(self.pace))

    def action_slower(self) -> None:
        self._set_pace(slower(self.pace))

    def _set_pace(self, pace: float) -> None:
        self.pace = max(0.1, pace)
        if self._timer is not None:
            self._timer.stop()
            self._timer = self.table.set_interval(self.pace, self._tick)
        self._draw_bar()

    def action_back(self) -> None:
        self._stop()
        table = self.table
        if len(table.app.screen_stack) > 1:
            table.dismiss()
        else:
            table.app.exit()


class JumpDialog(ModalScreen[int | None]):
    """Which turn to go to: its number, from ``first`` to ``last`` (``word``: what the game
    calls its turns, 'round')."""

    DEFAULT_CSS = """
    JumpDialog { align: center middle; background: $background 60%; }
    JumpDialog #jump-box { width: 50; max-width: 100%; height: auto; border: round $accent;
                           background: $surface; padding: 0 1; }
    JumpDialog #jump-error { color: $error; }
    """
    AUTO_FOCUS = "#jump-turn"
    BINDINGS = [Binding("escape", "cancel", "Back", id="replay.jump.back")]

    def __init__(self, first: int, last: int, word: str = "turn") -> None:
        super().__init__()
        self.first, self.last, self.word = first, last, word

    def compose(self) -> ComposeResult:
        with Vertical(id="jump-box"):
            yield Static(f"Go to which {self.word}? ({self.first} to {self.last}; Enter goes, Esc stays)")
            yield OrderedInput(id="jump-turn", max_length=6)
            yield Static("", id="jump-error")

    def on_input_submitted(self, event: OrderedInput.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text.isdigit() or not self.first <= int(text) <= self.last:
            self.query_one("#jump-error", Static).update(
                f"Type a whole number from {self.first} to {self.last}.")
            return
        self.dismiss(int(text))

    def action_cancel(self) -> None:
        self.dismiss(None)


def replay_screen(replay: Replay, seat: int | None = None) -> TableScreen:
    """The game's own table (or the plain one) showing ``replay`` from ``seat``'s view (None:
    the public view), with the replay's keys."""
    watch = 0 if seat is None else seat + 1
    replay.seek(0)
    guide = ReplayGuide(replay, watch)
    table = table_class(replay.game_id)
    if table is None:
        table = PlainTable
    return table(replay.controller, None, hotseat=False, seat=guide.watch.seat, bots={},
                 networked=True, guide=guide)
