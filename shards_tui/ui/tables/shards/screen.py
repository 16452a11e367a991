"""The table of Shards of Infinity: one game seen from the seat at the keyboard.

``ShardsTable`` is a ``TableScreen`` (``ui.tables.base``): the base follows the game, hands
the keyboard over, plays the bots and runs the shared keys; this screen lays out the Shards
widgets (opponents, center row, play zone, hand, resources, card panel) and draws them from
the seat's view through ``TableData``. Its move keys are ``ShardsKeys``; its selection of
cards is ``TableSelection``; at 80x24 ``TableFit`` shares the rows out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widget import Widget

from shards_tui.core.commands import Command
from shards_tui.core.controller import Controller
from shards_tui.games.shards.cards import card_db, card_of
from shards_tui.games.shards.commands import Assign
from shards_tui.games.shards.content import ruleset
from shards_tui.games.shards.view import ShardsView
from shards_tui.session.driver import Session
from shards_tui.ui.screens.reading import CardText
from shards_tui.ui.tables.base.screen import TableScreen
from shards_tui.ui.tables.shards.card_view import CardView, details_plain
from shards_tui.ui.tables.shards.center_row import CenterRow
from shards_tui.ui.tables.shards.describe import CardInfo, card_info, describe_move
from shards_tui.ui.tables.shards.fit import TableFit
from shards_tui.ui.tables.shards.hand import HandView
from shards_tui.ui.tables.shards.keys import (FOOTER_FIRST, FOOTER_SHORT, SHARDS_BINDINGS,
                                              SEAT_MOVES, ShardsKeys)
from shards_tui.ui.tables.shards.play_zone import PlayZone
from shards_tui.ui.tables.shards.player_panel import OpponentsBar, ResourceBar
from shards_tui.ui.tables.shards.summary import summary_lines
from shards_tui.ui.tables.shards.table_data import TableData, handoff_words
from shards_tui.ui.tables.shards import stops
from shards_tui.ui.tables.shards.table_selection import TableSelection
from shards_tui.ui.widgets.command_line import CommandLine
from shards_tui.ui.widgets.decision import AssignPanel, DecisionPanel
from shards_tui.ui.widgets.key_hints import KeyHint, KeyHints, StatusLine
from shards_tui.ui.widgets.log_view import LogView
from shards_tui.ui.widgets.steady_footer import SteadyFooter


def _character(char_id: str) -> tuple[str, str | None]:
    try:
        c = ruleset().character(char_id)
        return c.name, c.faction
    except KeyError:
        return char_id, None


class ShardsTable(TableSelection, ShardsKeys, TableFit, TableScreen[ShardsView]):
    CSS_PATH = "screen.tcss"
    BINDINGS = SHARDS_BINDINGS
    seat_moves = SEAT_MOVES
    footer_first: tuple[str, ...] = FOOTER_FIRST  # the footer's keys, most needed first

    def __init__(self, game: Controller | Session, autosave_path: Path | None = None,
                 **kwargs: Any) -> None:
        controller = game.controller if isinstance(game, Session) else game
        self.cards = card_db(tuple(controller.view(None).sets))
        self.data: TableData | None = None
        self._asked: bool | None = None  # a question for this seat is open: in its own turn?
        self._unselected = False  # nothing selected until the player selects a card
        self._selected: CardInfo | None = None  # the selected card (drawn by its widget)
        self._selected_at: int | None = None  # its place in its zone when it was selected
        self._reading = False  # a card selected while a question waits (the question's list
        # gets the keys back with Space)
        self._hand_seen: frozenset[str] | None = None  # this seat's hand as last shown
        self._hovered: CardInfo | None = None
        self._public: tuple[object, list[tuple[str, bool]]] | None = None  # (position, players)
        super().__init__(game, autosave_path, **kwargs)

    # ---- what the base asks of a game's table -----------------------------------------------

    def table_parts(self) -> list[Widget]:
        return [OpponentsBar(id="opponents"),
                CenterRow(id="center"),
                Horizontal(Vertical(PlayZone(id="play-zone"),
                                    Vertical(DecisionPanel(id="decision"), AssignPanel(id="assign"),
                                             HandView(id="hand"), id="middle"),
                                    StatusLine(id="status"),
                                    ResourceBar(id="resources"),
                                    KeyHints(id="actions"), id="main"),
                           Vertical(CardView(id="card-view"), LogView(id="log"), id="side"),
                           id="lower"),
                CommandLine(id="command"),
                SteadyFooter(compact=True, first=self.footer_order(), short=FOOTER_SHORT)]

    def show_view(self, view: ShardsView, seat: int | None) -> tuple[str, list[KeyHint]]:
        data = TableData.build(view, self.cards, _character)
        self.data = data
        tags = {s: f"{level} bot" for s, level in self.bots.levels.items()}
        self._part(OpponentsBar).show(data.opponents, tags, self._drawn_in("enemy"))
        self._part(CenterRow).show(data.center, data.center_deck, data.empty_slot_text,
                                   self._drawn_slot())
        me = data.me
        title = "In play" if me is None else f"{escape(me.name)}'s play zone"  # names: no markup
        self._part(PlayZone).show(data.played, data.champions, title, data.turn_text,
                                  self._drawn_in("champion"))
        if data.hand_hidden:
            hidden = ("You are watching: the players' hands stay hidden." if self.networked
                      else "Hidden while the bots play." if self.bots and not self._handoff_open
                      else "Hidden until the next player is ready.")
            self._part(HandView).show([], "Hand", hidden)
        else:
            assert me is not None
            note = "" if data.hand else "Your hand is empty."
            self._part(HandView).show(data.hand, f"{escape(me.title)}: your hand", note,
                                      self._drawn_in("hand"))
        decision, assign = self._part(DecisionPanel), self._part(AssignPanel)
        decision.display = data.decision_mine
        # On #main, not the screen: a class on the screen restyles every widget (~20 ms).
        deciding = data.question_open
        self._part("main").set_class(deciding, "-deciding")
        self._part("side").set_class(data.decision_mine, "-deciding")  # (a coached table
        # gives the log rows then)
        self._part(OpponentsBar).set_class(deciding, "-deciding")
        if not deciding:
            self._reading = False
        pending = data.pending
        if data.decision_mine and pending is not None:
            options = pending.options or []
            decision.show(pending.prompt, [(o.id, o.label) for o in options],
                          pending.min, pending.max, asked=(pending.seat, self._last_seq()),
                          confirm={o.id: o.confirm for o in options})
        assign.display = bool(data.assign_targets)
        if data.assign_targets:
            assign.show(data.assign_power, data.assign_targets)
        self._part(ResourceBar).show(me, data.gems, data.power)
        return data.actions(self.takebacks.hint(seat))

    def guide_anchor(self, placement: str) -> Widget | None:
        if placement == "beside":  # a narration takes the place of the card panel and log
            return self._part("side")
        return self._part("lower")  # a coach goes between the center row and the hand

    def summary(self) -> tuple[str, list[str]]:
        return summary_lines(self.ctl.view(None), self.cards)

    def public_players(self) -> list[tuple[str, bool]]:
        """(name, out of the game) for every seat, read once per position (the base asks two
        or three times after each move) from the view of the seat on screen: names and who
        is out are public, and that view is the one the table is then drawn from. A move
        or an undo puts a new state in place."""
        state = self.ctl.state
        if self._public is None or self._public[0] is not state:
            players = self.view_now(self.seat, keep=True).players
            self._public = (state, [(p.name, p.out) for p in players])
        return list(self._public[1])

    stop_words = stops.WORDS  # each seat's shield stops (default: always ask)

    def stop_answer(self, view: ShardsView, setting: str) -> Command | None:
        return stops.auto_answer(view, setting)

    def seats_that_never_act(self) -> set[int]:
        """The Nemesis (Nemesis Challenge) is played by the rules, never by anyone."""
        return {p.seat for p in self.ctl.view(None).players if p.nemesis}

    def handoff_words(self, who: int | None, since: int | None) -> tuple[str, str, list[str]]:
        return handoff_words(self.ctl.view(None), who, since)

    def welcome(self, seat: int | None) -> str:
        """At the start of their turn, how to use the selection (the base puts it on the
        hand); before a question, nothing."""
        view: ShardsView = self.ctl.view(None)
        if seat is None or view.pending is not None or view.active != seat:
            return ""
        name = view.player(seat).name
        return f"{name}, your turn: Enter plays the selected card; the arrows select another."

    def seat_changed(self) -> None:
        self._selected = self._hovered = None
        self._hand_seen = None
        self._unselected = False
        self._asked = None

    def covered_by_handoff(self) -> None:
        self._show_card()  # not the card they were reading (it may be in their hand)

    def keyboard_taken(self) -> None:
        self._selected = self._hovered = None
        self._unselected = True  # an Enter pressed twice on the cover plays no card

    def _after_a_question(self) -> None:
        """Once the seat on screen has answered its question, nothing is selected: an Enter
        pressed once too often on the question must not play or recruit a card. When the
        question came in another player's turn and the seat's own turn follows at once (it
        answered the last attack of that turn), the next status line begins by saying so."""
        data = self.data
        if data is None or data.me is None:
            return
        own_turn = data.me.active
        if self._asked is not None and not data.decision_mine:
            self._selected = self._hovered = None
            self._unselected = True
            self._draw_selection()  # the table was just drawn with the selection it had
            self._show_card()
            if own_turn and not self._asked:
                self.moves.turn_hint = "Your turn now. "
        self._asked = own_turn if data.decision_mine else None

    # ---- the Shards widgets' messages and room ------------------------------------------------

    def on_decision_panel_highlighted(self, event: DecisionPanel.Highlighted) -> None:
        instance = self.data.option_card(event.option_id) if self.data else event.option_id
        if self.seat is not None:  # an option that is no card (a bid) shows none
            self._hovered = None
            self._selected = card_info(instance, self.cards, zone="option") \
                if card_of(instance) in self.cards else None
            self._show_card()

    def on_assign_panel_assigned(self, event: AssignPanel.Assigned) -> None:
        self.send_move(Assign, target=event.target, amount=event.amount)

    def _short_screen_classes(self) -> None:
        """The classes by which a short screen makes room (table.tcss): the status line is
        hidden when empty, and under a question a refusal takes the rows of the numbers and
        keys (and, if longer, of the rule), never those of the list. They are set on the
        widgets they concern, and only on a short screen: a class restyles its widget (about
        a millisecond each), and a tall screen has no use for them."""
        status = self._part(StatusLine)
        short = self.has_class("-short")
        rows = status.rows(self._part("main").content_size.width - 2) \
            if short and status.error else 0
        status.update_classes({"-error": short and status.error,
                               "-empty": short and not status.message})
        self._part(ResourceBar).set_class(rows > 0, "-refused")
        self._part(KeyHints).set_class(rows > 0, "-refused")
        self._part(DecisionPanel).set_class(rows > 3, "-refused-long")

    def card_under_cursor(self) -> CardText | None:
        """The card the card panel shows (hovered, selected, or the question's highlighted
        option), with all that the panel says of it, none of it cut."""
        info = self._hovered or self._selected
        if info is None or self.data is None or not self.data.still_shown(info):
            return None
        return CardText(info.name, details_plain(info, "").split("\n", 1)[1])

    def move_line(self, view: ShardsView, text: str) -> str:
        move = next((m for m in view.legal if m.text == text), None)
        return describe_move(move.command, view, self.cards) if move is not None else text

    def palette_entries(self) -> list[tuple[str, str]]:
        if self.data is None or self.view is None or self.seat is None:
            return []
        return self.data.palette_entries(self.cards)
