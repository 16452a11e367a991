"""The table of Disco Infinity: the board, the hand and the card text, on the shared base.

``DiscoTable`` is a ``TableScreen`` (``ui.tables.base``): the base follows the game, hands
the keyboard over, plays the bots and runs the shared keys (command line, palette, undo,
save, rules, keys help). This screen lays out the Disco widgets (``ui.tables.disco``, whose
docstring says what each shows and posts) and wires them: attributes down (each widget's
``show`` from ``table_data(view)``), messages up (each command a widget offers is sent as
its text, the legal move it came from). The hand card being placed and the card being read
are the only things it keeps; the action phase plays at a pace (``pace.py``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Mapping

from textual import on
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from shards_tui.core.controller import Controller
from shards_tui.games.disco.view import DiscoView
from shards_tui.session.driver import Session
from shards_tui.games.disco.models import Phase
from shards_tui.ui.tables.base.keys import SHARED_BINDINGS
from shards_tui.ui.tables.base.screen import TableScreen
from shards_tui.ui.tables.disco.action_row import DiscoActionRow
from shards_tui.ui.tables.disco.board import DiscoBoard, row_title
from shards_tui.ui.tables.disco.card_details import describe
from shards_tui.ui.screens.reading import CardText
from shards_tui.ui.tables.disco.card_text import DiscoCardText, details_plain
from shards_tui.ui.tables.disco.draft import DiscoDraft
from shards_tui.ui.tables.disco.hand import DiscoHand
from shards_tui.ui.tables.disco.orbit_row import DiscoOrbitRow
from shards_tui.ui.tables.disco.pace import PACE_BINDINGS, DiscoPace
from shards_tui.ui.tables.disco.piles import DiscoPiles
from shards_tui.ui.tables.disco.placement import placing
from shards_tui.ui.tables.disco.table_data import (DraftData, TableData, answer_command, at_step,
                                                  table_data)
from shards_tui.ui.tables.disco.words import (handoff_words, heading, move_words, numbers,
                                             palette_entries, palette_words, question_anchor,
                                             question_subtitle, summary)
from shards_tui.ui.widgets.command_line import CommandLine
from shards_tui.ui.widgets.decision import ChoiceList, DecisionPanel
from shards_tui.ui.widgets.key_hints import KeyHint, KeyHints, StatusLine
from shards_tui.ui.widgets.log_view import LogView
from shards_tui.ui.tables.disco.footer import DiscoFooter

HIDDEN_COVER = "Hidden until the next player is ready."
HIDDEN_WATCHING = "You are watching: the players' hands stay hidden."
HIDDEN_BOTS = "Hidden while the bots play."
HIDDEN_PACE = "Hidden while the action row fires."


class DiscoTable(DiscoPace, TableScreen[DiscoView]):
    CSS_PATH = "screen.tcss"
    BINDINGS = [
        *SHARED_BINDINGS,  # the command line, undo, keys, save, rules, the log's pages, ...
        *PACE_BINDINGS,
        Binding("h", "focus_hand", "Hand", id="disco.table.hand",
                tooltip="Give the keys to your hand (pick a card to place)."),
        Binding("r", "focus_row", "Row", id="disco.table.row",
                tooltip="Give the keys to the action row (read its cards)."),
        Binding("t", "piles", "Trash", id="disco.table.piles",
                tooltip="Show the piles and browse the trash (and hide them again)."),
        Binding("o", "focus_orbit", "Orbits", id="disco.table.orbit",
                tooltip="Read the satellites in orbit: your opponent's row first, press again "
                        "for yours."),
        Binding("n", "choose_none", "Choose none", show=False, id="disco.table.choose_none",
                tooltip="Answer the question with 'none' where that is allowed."),
    ]

    def __init__(self, game: Controller | Session, autosave_path: Path | None = None, *,
                 hotseat: bool = True, seat: int | None = None,
                 bots: Mapping[int, str] | None = None, bot_pace: float | None = None,
                 networked: bool = False, **more: Any) -> None:
        """The base's signature; ``more`` goes on to the base as it is (keywords the shell
        adds for every table)."""
        self.card: str | None = None  # the hand card being placed
        self.reading: str | None = None  # the card in the card text panel
        self.reading_row = False  # 'r': the row's keys read its cards, even while placing
        self.data: TableData | None = None
        super().__init__(game, autosave_path, hotseat=hotseat, seat=seat, bots=bots,
                         bot_pace=bot_pace, networked=networked, **more)

    # ---- what the base asks of a game's table -----------------------------------------------

    def table_parts(self) -> list[Widget]:
        below = Horizontal(DecisionPanel(id="decision", enter_takes_highlighted=True),
                           DiscoHand(id="hand"), DiscoCardText(id="card-text"), id="below")
        left = Vertical(DiscoBoard(id="board"), below, StatusLine(id="status"),
                        KeyHints(id="actions"), id="left")
        side = Vertical(DiscoPiles(id="piles"), LogView(id="log"), id="side")
        return [Horizontal(left, side, id="table"), CommandLine(id="command"),
                DiscoFooter(compact=True, first=self.footer_order())]

    def show_view(self, view: DiscoView, seat: int | None) -> tuple[str, list[KeyHint]]:
        data = table_data(view)
        paced = self.beat_row(view)
        if paced is not None:  # the row as it fires, the counts at that step; no draft over it
            data = replace(at_step(data, view, self.beat_seq()), row=paced, draft=DraftData(),
                           phase="action")
        self.data = data
        if self.card not in {c.id for c in data.hand or ()}:
            self.card = None
        offered = {c.id for c in data.draft.offer}
        if offered and self.reading not in offered:
            self.reading = data.draft.offer[0].id  # the draft's cursor starts on the first
        board = self._part(DiscoBoard)
        board.show(data, placing(view, self.card, data) if self.card else None)
        self._part(DiscoHand).show(data.hand, self.card, hidden=self._hidden_words())
        self._part(DiscoPiles).show(data.piles)
        self._show_card()
        panel = self._part(DecisionPanel)
        asked = view.my_question and view.pending is not None and view.pending.kind != "draft" \
            and paced is None  # (a networked seat's question waits for the playback's end)
        panel.display = asked
        self._part(DiscoHand).display = not asked
        self._part("below").set_class(asked, "-asked")
        if asked:
            pending = view.pending
            panel.show(pending.prompt, [(o.id, o.label) for o in pending.options or []],
                       pending.min, pending.max, asked=(pending.seat, self._last_seq()))
            panel.set_class(pending.min >= 1, "-must")  # (a short terminal drops the buttons)
            self._count_options()
        if paced is not None and self.at_the_win:
            return f"Round {view.round}: the game is won.", [
                KeyHint("Enter", "the result", "pace_skip")]
        if paced is not None:
            return f"Round {view.round}: the action row fires.", [
                KeyHint("Space", "show the rest at once", "pace_skip")]
        return heading(view, seat), self._hints(view, data, seat)

    def _hidden_words(self) -> str:
        if self.pacing:
            return HIDDEN_PACE
        if self.networked:
            return HIDDEN_WATCHING
        return HIDDEN_BOTS if self.bots and not self._handoff_open else HIDDEN_COVER

    def _hints(self, view: Any, data: TableData, seat: int | None) -> list[KeyHint]:
        """The keys that do something now, the digits as many as there are choices."""
        items: list[KeyHint] = []
        if seat is not None and data.placing:
            hand = [c for c in data.hand or () if c.placeable]
            gaps = numbers(data.row.placed + 1)
            items += [KeyHint("↑↓ Enter" if len(hand) > 1 else "Enter", "pick a card", "focus_hand"),
                      KeyHint(f"←→ {gaps} Enter" if gaps != "1" else "Enter", "place it",
                              "to_row")]
        elif seat is not None and data.draft.keep:
            items.append(KeyHint(f"{numbers(len(data.draft.keep))} Enter", "keep a card",
                                 "focus_draft"))
        elif seat is not None and (data.draft.take or data.draft.skip):
            items += [KeyHint(key, words, "focus_draft") for key, words, legal in
                      (("d", "draft", data.draft.take), ("p", "pass", data.draft.skip)) if legal]
        if any(o.satellites for o in data.orbits):
            items.append(KeyHint("o", "orbits", "focus_orbit"))
        items.append(KeyHint("t", "trash", "piles"))
        if self.has_class("-narrow"):  # (no log beside the table: l reads it over the table)
            items.append(KeyHint("l", "log", "read_log"))
        if undo := self.takebacks.hint(seat):
            items.append(undo)
        return items

    def palette_entries(self) -> list[tuple[str, str]]:
        if self.view is None or self.seat is None or self.pacing:
            return []
        return palette_entries(self.view)

    def move_line(self, view: DiscoView, text: str) -> str:
        return palette_words(view, text)

    def move_words(self, text: str) -> str:
        return move_words(self.view, text)

    def summary(self) -> tuple[str, list[str]]:
        return summary(self.ctl.view(None))

    def handoff_words(self, who: int | None, since: int | None) -> tuple[str, str, list[str]]:
        return handoff_words(self.ctl.view(None), who, since)

    def question_anchor(self) -> str | None:
        view = self.view
        if view is not None and view.my_question and view.pending is not None:
            return question_anchor(view.pending.kind)
        return None

    def welcome(self, seat: int | None) -> str:
        view = self.ctl.view(None)
        if seat is None or view.phase != Phase.PLACE or view.pending is not None:
            return ""
        return (f"{view.players[seat].name}: ↑↓ and Enter take a card to the row; "
                f"{numbers(len(view.row) + 1)} and Enter place it.")

    def seat_changed(self) -> None:
        self.card = self.reading = None
        self.reading_row = False

    def keyboard_taken(self) -> None:
        self.card = self.reading = None
        self.reading_row = False

    def covered_by_handoff(self) -> None:
        self.card = self.reading = None
        self.reading_row = False
        self._part(DiscoCardText).show(None)

    @property
    def typing(self) -> bool:
        """The command line is open with the keys: whatever changes on the table (the other
        seat's move, the row firing, a question) leaves them there."""
        line = self._part(CommandLine)
        return line.display and self.focused is line

    def _restore_focus(self) -> None:
        if self.app.screen is not self or self.too_small or self.pacing or self.seat is None \
                or self.typing:
            return
        panel = self._part(DecisionPanel)
        if panel.display:
            super()._restore_focus()
            return
        board, hand = self._part(DiscoBoard), self._part(DiscoHand)
        focused = self.focused
        if self.data is not None and self.data.draft.active and board.draft.display:
            if focused is not board.draft:
                board.draft.focus()
        elif focused is None or focused is board.draft or not focused.display \
                or not focused.is_on_screen or (focused is board.action_row and self.card is None
                                                and not self.reading_row
                                                and self.data is not None and self.data.placing):
            hand.focus()
            if hand.highlighted is None and hand.cards:
                hand.highlighted = 0  # its card shows in the row's preview and the card text

    def _short_screen_classes(self) -> None:
        status = self._part(StatusLine)
        status.set_class(not status.message, "-empty")

    # ---- the board's, the hand's and the piles' messages -----------------------------------------

    def _send(self, command: Any) -> None:
        self.card = self.reading = None
        self.reading_row = False
        self.run_command_text(command.text())

    def _redraw(self) -> None:
        if self.view is not None:
            self._show_seat(self.seat)

    def _show_placing(self) -> None:
        """A hand card picked up or put down changes only the action row (its preview) and
        the card text: those are redrawn from the view already on screen, nothing else."""
        view, data = self.view, self.data
        if view is None or data is None or self.pacing or data.draft.active:
            self._redraw()
            return
        row = self._part(DiscoBoard).action_row
        row.show(data.row, placing(view, self.card, data) if self.card else None, row_title(data))
        self._show_card()

    def _show_card(self) -> None:
        card = self.reading or self.card
        data = self.data
        self._part(DiscoCardText).show(describe(data, card) if data and card else None)

    def card_under_cursor(self) -> CardText | None:
        """The card the card panel shows (the hand's, the row's, an orbit's, the trash's, the
        draft's or the question's highlighted one), all of it."""
        details = self._part(DiscoCardText).details
        return details_plain(details) if details is not None else None

    @on(DiscoHand.Selected)
    def _hand_selected(self, message: DiscoHand.Selected) -> None:
        self.card, self.reading = message.card, None  # the row previews it
        self.reading_row = False
        self._show_placing()

    @on(DiscoHand.Chosen)
    @on(DiscoHand.Aimed)
    def _hand_chosen(self, message: DiscoHand.Chosen | DiscoHand.Aimed) -> None:
        if self.data is None or not self.data.placing:
            self.say("You cannot place a card now.", error=True)
            return
        self.card, self.reading = message.card, None
        self.reading_row = False
        row = self._part(DiscoBoard).action_row
        row.focus()
        self._show_placing()
        if isinstance(message, DiscoHand.Aimed):  # the arrow or digit moves the row's cursor
            if message.key in ("left", "right"):
                row.action_move(-1 if message.key == "left" else 1)
            else:
                row.action_jump(int(message.key))

    @on(DiscoActionRow.GapChosen)
    def _gap_chosen(self, message: DiscoActionRow.GapChosen) -> None:
        self._send(message.command)

    @on(DiscoActionRow.Backed)
    def _backed(self) -> None:
        self._part(DiscoHand).focus()
        self._show_placing()

    @on(DiscoDraft.Picked)
    @on(DiscoDraft.Taken)
    @on(DiscoDraft.Passed)
    def _draft(self, message: Any) -> None:
        self._send(message.command)

    @on(DiscoActionRow.CardClicked)
    @on(DiscoOrbitRow.CardClicked)
    def _clicked(self, message: Any) -> None:
        answer = answer_command(self.view, message.card) if self.seat is not None else None
        if answer is not None:
            self._send(answer)  # a card the question may choose: choose it
        else:
            self._read(message.card)

    @on(DiscoActionRow.CardHighlighted)
    @on(DiscoOrbitRow.CardHighlighted)
    @on(DiscoPiles.TrashHighlighted)
    @on(DiscoDraft.Highlighted)
    def _highlighted(self, message: Any) -> None:
        self._read(message.card)

    def on_descendant_focus(self, event: Any) -> None:
        """The keys came to a row (a key or Tab): the card under its cursor is read at once."""
        widget = event.widget
        if isinstance(widget, (DiscoActionRow, DiscoOrbitRow)) and widget.highlighted is not None:
            self._read(widget.highlighted.id)

    def _read(self, card: str | None) -> None:
        self.reading = card
        self._show_card()

    def _count_options(self) -> None:
        """Which option of how many the question's cursor is on, on the panel's border."""
        view, panel = self.view, self._part(DecisionPanel)
        pending = view.pending if view is not None else None
        if pending is None:
            return
        at = panel.query_one(ChoiceList).highlighted
        panel.border_subtitle = question_subtitle(at, len(pending.options or []), pending.min,
                                                  pending.max)

    def on_decision_panel_highlighted(self, event: DecisionPanel.Highlighted) -> None:
        self._count_options()
        data = self.data
        if data is not None and describe(data, event.option_id) is not None:
            self._read(event.option_id)

    # ---- keys ----------------------------------------------------------------------------------

    def action_focus_hand(self) -> None:
        hand = self._part(DiscoHand)
        self.set_focus(hand)  # (now: a key that came with this one is the hand's)
        if hand.highlighted is None and hand.cards and not self.reading_row:
            hand.highlighted = 0  # a cursor on a card: Enter takes it to the row
        if self.reading_row:  # back from reading the row: the highlighted card is previewed
            self.reading_row = False
            self.card, self.reading = hand.selected, None
            self._show_placing()

    def action_to_row(self) -> None:
        """A click on 'place it': the highlighted hand card goes to the row, as Enter takes
        it (not 'r', which puts it down to read the row)."""
        hand = self._part(DiscoHand)
        if hand.selected is not None:
            hand.post_message(DiscoHand.Chosen(hand, hand.selected))

    def action_focus_row(self) -> None:
        """The row's keys read its cards: a hand card being placed is put down (Enter in
        the hand, or h, takes it up again)."""
        self.reading_row = True
        if self.card is not None:
            self.card = None
            self._show_placing()
        self._part(DiscoBoard).action_row.focus()

    def action_focus_orbit(self) -> None:
        board = self._part(DiscoBoard)
        far, near = board.orbit(near=False), board.orbit(near=True)
        row = near if self.focused is far else far
        if row.orbit is None or not row.orbit.satellites:
            other = far if row is near else near
            if other.orbit is None or not other.orbit.satellites:
                self.say("No satellite is in orbit yet.")
                return
            row = other
        row.focus()

    def cursor_to_hand(self) -> None:
        """A turn that begins with a draft cycle offered (take it or pass) begins on the
        draft, whose keys those are, not on the hand."""
        draft = self._part(DiscoBoard).draft
        if self.data is not None and self.data.draft.active and draft.display:
            draft.focus()
            return
        super().cursor_to_hand()

    def action_choose_none(self) -> None:
        panel = self._part(DecisionPanel)
        if panel.display:
            panel.choose_none()

    def action_focus_draft(self) -> None:
        draft = self._part(DiscoBoard).draft
        if draft.display:
            self.set_focus(draft)

    def action_piles(self) -> None:
        side = self._part("side")
        if self.has_class("-narrow"):
            side.toggle_class("-shown")
            if not side.has_class("-shown"):
                self._restore_focus()
                return
        if not self._part(DiscoPiles).focus_trash():
            self.say("The trash is empty.")
