"""The table of The Fractured Net: one game seen from the seat at the keyboard.

``FracturedNetTable`` is a ``TableScreen`` (``ui.tables.base``): the base follows the game,
hands the keyboard over, plays the bots and runs the shared keys; this screen lays out the
Fractured Net widgets (turn bar, battlefield, mulligan and combat panels, hand, card text) and
draws them from the seat's view through ``table_data``. Every widget message carries a legal
command from the view; the screen sends its text. Its own keys are ``NetKeys``.

Two things the table adds: each player's Response stops (``stops``: a window is asked of a
player unless they chose to be asked only when they could respond, and then the table passes
for them; at one keyboard for each player, networked for this seat's), and at one keyboard,
ticking the session's turn timer (``session.tick``, which sends the game's timeout for a seat
whose time runs out; networked, the server's hub ticks the table's session, and the table only
shows the time left).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from textual import on
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from shards_tui.core.controller import Controller
from shards_tui.session.driver import Session
from shards_tui.core.errors import GameError
from shards_tui.core.commands import Command
from shards_tui.games.fractured_net.cards import card_of
from shards_tui.games.fractured_net.commands import Play
from shards_tui.games.fractured_net.view import FnView
from shards_tui.games.fractured_net.models import Phase
from shards_tui.ui.tables.base.screen import TableScreen
from shards_tui.ui.tables.fractured_net import move_words, stops
from shards_tui.ui.tables.fractured_net.battlefield import NetBattlefield
from shards_tui.ui.tables.fractured_net.card_details import describe
from shards_tui.ui.tables.base import CardText
from shards_tui.ui.tables.fractured_net.card_text import NetCardText, details_content
from shards_tui.ui.tables.fractured_net.combat_panel import NetCombat, mode_of
from shards_tui.ui.tables.fractured_net.hand import NetHand
from shards_tui.ui.widgets.card_messages import SentBy
from shards_tui.ui.tables.fractured_net.mulligan import NetMulligan
from shards_tui.ui.tables.fractured_net.screen_keys import NET_BINDINGS, SEAT_MOVES, NetKeys
from shards_tui.ui.tables.fractured_net.side import NetSide
from shards_tui.ui.tables.fractured_net.table_data import TableData, answer_command, table_data
from shards_tui.ui.tables.fractured_net.turn_bar import NetTurnBar, headline
from shards_tui.ui.widgets.command_line import CommandLine
from shards_tui.ui.widgets.decision import DecisionPanel
from shards_tui.ui.widgets.key_hints import KeyHint, KeyHints, StatusLine
from shards_tui.ui.widgets.log_view import LogView
from shards_tui.ui.widgets.steady_footer import SteadyFooter


class FracturedNetTable(NetKeys, TableScreen[FnView]):
    CSS_PATH = "screen.tcss"
    BINDINGS = NET_BINDINGS
    seat_moves = SEAT_MOVES

    def __init__(self, game: Controller | Session, autosave_path: Path | None = None, *,
                 hotseat: bool = True, seat: int | None = None,
                 bots: Mapping[int, str] | None = None, bot_pace: float | None = None,
                 networked: bool = False, **more: Any) -> None:
        """The base's signature; ``more`` (a lesson's or a demo's ``guide``) goes on to it."""
        self.data: TableData | None = None
        self.reading: str | None = None  # the card in the card text panel
        self._declaring = False  # the player opened the combat panel to declare attackers
        super().__init__(game, autosave_path, hotseat=hotseat, seat=seat, bots=bots,
                         bot_pace=bot_pace, networked=networked, **more)

    # ---- what the base asks of a game's table -----------------------------------------------

    def table_parts(self) -> list[Widget]:
        return [NetTurnBar(id="turn"),
                # (#play takes the rows the status line and the hints leave: however big the
                # board, they stay on screen)
                Horizontal(Vertical(Vertical(NetBattlefield(id="field"), NetMulligan(id="mulligan"),
                                             NetCombat(id="combat"), DecisionPanel(id="decision"),
                                             Horizontal(NetHand(id="hand"),
                                                        NetCardText(id="card-text"), id="below"),
                                             id="play"),
                                    StatusLine(id="status"), KeyHints(id="actions"), id="main"),
                           Vertical(LogView(id="log"), id="side"), id="lower"),
                CommandLine(id="command"),
                SteadyFooter(compact=True)]

    def on_mount(self) -> None:
        # (Textual runs the base's on_mount too, before this one: calling it again mounted a
        # guide's panel twice)
        if self.session.clock is not None:
            self.set_interval(1.0, self._tick)

    def _remaining(self) -> int | None:
        return self.session.remaining(self.seat)

    def show_view(self, view: FnView, seat: int | None) -> tuple[str, list[KeyHint]]:
        data = table_data(view, self._remaining())
        self.data = data
        self._part(NetTurnBar).show(data)
        self._part(NetBattlefield).show(data)
        mulligan = self._part(NetMulligan)
        mulligan.display = data.mulligan.active and seat is not None
        mulligan.show(data.mulligan, data.hand)
        mode = mode_of(data)
        if mode != "declaring" or data.combat.stage == "none" and not data.combat.attackers:
            self._declaring = self._declaring and mode == "declaring"
        combat = self._part(NetCombat)
        combat.display = mode in ("blocking", "watching") or (
            mode == "declaring" and (bool(data.combat.attackers) or self._declaring))
        combat.show(data)
        # on a short screen a combat takes the hand's rows, except in the viewer's own window
        self._part("main").set_class(combat.display and not data.window.mine, "-fighting")
        decision = self._part(DecisionPanel)
        decision.display = view.my_question
        self._part("main").set_class(view.my_question, "-deciding")
        if view.my_question and view.pending is not None:
            decision.show(view.pending.prompt, [(o.id, o.label) for o in view.pending.options or ()],
                          view.pending.min, view.pending.max, asked=(view.pending.seat, self._last_seq()))
        hand = self._part(NetHand)
        hand.display = not mulligan.display
        hand.show(data.hand, data.near_side.energy.available, hidden=self._hidden_words())
        if self.reading is not None and describe(data, self.reading) is None:
            self.reading = None
        self._part(NetCardText).show(describe(data, self.reading or hand.selected))
        return self._hints(data, seat)

    def _hidden_words(self) -> str:
        if self.networked:
            return "You are watching: the players' hands stay hidden."
        if self.bots and not self._handoff_open:
            return "Hidden while the bots play."
        return "Hidden until the next player is ready."

    def _hints(self, data: TableData, seat: int | None) -> tuple[str, list[KeyHint]]:
        if seat is None or data.over:
            return headline(data), []
        items: list[KeyHint] = []
        c = data.combat
        if data.mulligan.mine:
            heading = ("Keep or mulligan (k / m in the panel).", "Keep or mulligan: k / m.")
        elif data.question:
            heading = ("Answer the question.",) * 2
        elif data.window.mine:
            heading = ("Your Response window: play a Response, or pass.", "Your Response window.")
            items.append(KeyHint("p", "pass", "pass_window"))
        elif c.assigning:
            heading = ("Assign blockers: ↑↓ picks the attacker, a creature's number blocks it, "
                       "c confirms.", "Block: ↑↓ attacker, its blockers' numbers, c confirms.")
        elif mode_of(data) == "declaring" and (c.attackers or self._declaring):
            heading = ("Declare attackers: a creature's number toggles it, a all, c confirms.",
                       "Attack: numbers toggle, a all, c confirms.")
        elif data.end is not None:
            heading = ("Your turn: Enter plays a card.", "Your turn: Enter plays.")
            if c.attack or c.attack_all:
                items.append(KeyHint("t", "attack", "attack_panel"))
            items.append(KeyHint("e", "end turn", "end_turn"))
        elif data.must_attack:
            heading = ("Your turn: a Reckless creature must attack before it ends.",
                       "A Reckless creature must attack.")
            items.append(KeyHint("t", "attack", "attack_panel"))
        else:
            heading = ("",) * 2
        label = stops.HINT_LABELS[self.stops.get(seat, stops.DEFAULT)]
        items.append(KeyHint("s", f"stops: {label}", "switch_stops"))
        if self.has_class("-short"):  # (no card text panel: i reads the card over the table)
            items.append(KeyHint("i", "card text", "read_card"))
        if self.has_class("-narrow"):  # (no log beside the table: l reads it over the table)
            items.append(KeyHint("l", "log", "read_log"))
        if undo := self.takebacks.hint(seat):
            items.append(undo)
        items.append(KeyHint("x", "concede", "concede"))
        return self._one_row(heading, items)

    # The hints a short row leaves out (each is in the keys list, ?): these first, then the
    # heading's longer words, then the others.
    SPARED_FIRST = ("concede", "switch_stops")
    SPARED_THEN = ("read_card", "read_log", "undo", "ask_takeback")

    def _one_row(self, heading: tuple[str, str],
                 items: list[KeyHint]) -> tuple[str, list[KeyHint]]:
        """The hint line in one row of the terminal's width (at 80 columns it wrapped): the
        keys of the moment stay; the settings go first, then the heading says less, then
        the reading keys go."""
        # the line's own width (its content, inside its padding), the screen's before it is laid out
        room = self._part(KeyHints).size.width or self.app.size.width - 2
        bots = 5 + len("b resume the bots") if self.bots and not self.networked else 0

        def fits(head: str, keys: list[KeyHint]) -> bool:
            parts = [f"{k.key} {k.label}" for k in keys]
            used = len(head) + (2 if head and parts else 0) + len("  ·  ".join(parts)) + bots
            return used <= room

        for action in self.SPARED_FIRST:
            if not fits(heading[0], items):
                items = [k for k in items if k.action != action]
        head = heading[0] if fits(heading[0], items) else heading[1]
        for action in self.SPARED_THEN:
            if not fits(head, items):
                items = [k for k in items if k.action != action]
        return head, items

    def summary(self) -> tuple[str, list[str]]:
        """The winner and each player's standing; why the game ended is the result's line
        above them (the last log line), said once."""
        view = self.ctl.view(None)
        winners = [view.players[w].name for w in view.winners or ()]
        head = f"{' and '.join(winners)} wins!" if len(winners) == 1 else \
            ("A draw." if not winners else f"{' and '.join(winners)} win!")
        def count(n: int, word: str) -> str:
            return f"{n} {word}{'' if n == 1 else 's'}"

        lines = [f"{p.name}: {p.health} health, {count(len(p.creatures), 'creature')} in play, "
                 f"{count(p.deck_count, 'card')} left in the deck"
                 for p in view.players]
        return head, lines

    def handoff_words(self, who: int | None, since: int | None) -> tuple[str, str, list[str]]:
        view = self.ctl.view(None)
        name = view.players[who].name if who is not None else "Next player"
        window = table_data(view).window
        if view.phase == Phase.MULLIGAN:
            why = "Keep or mulligan your opening hand (in secret)."
        elif view.pending is not None:
            why = "A question waits for your answer."
        elif window.open:
            why = f"A Response window is open for you, {window.when}."
        elif view.phase == Phase.BLOCK:
            why = "You are attacked: assign your blockers."
        else:
            why = "It is your turn."
        lines = [f"{p.name}: {p.health} health, {p.energy} energy, {p.hand_count} cards in hand"
                 for p in view.players]
        return name, why, lines

    def seat_changed(self) -> None:
        self.reading = None
        self._declaring = False

    def covered_by_handoff(self) -> None:
        self.reading = None
        self._part(NetCardText).show(None)

    # ---- reading over the table ------------------------------------------------------------

    def card_under_cursor(self) -> CardText | None:
        """The card the keys are on (a creature or a card of the top line of a side, the hand's,
        a question's highlighted option), else the one the card panel shows: all of it."""
        if self.data is None:
            return None
        focused = self.focused
        card = None
        if isinstance(focused, NetSide):
            card = focused.current_id
        elif isinstance(focused, NetHand):
            card = focused.selected
        elif isinstance(focused, NetCombat):
            card = focused.current
        details = describe(self.data, card or self.reading or self._part(NetHand).selected)
        if details is None:
            return None
        return CardText(details.words.name, details_content(details).plain)

    # ---- moves as the player reads them ------------------------------------------------------

    def _typed(self, command: Command) -> str:
        """The line sent for a move a widget made: cards in play by handle, never by id (the
        status line repeats it when the move logs nothing)."""
        return move_words.typed(self.view, command) if self.view is not None else command.text()

    def footer_hidden(self) -> frozenset[str]:
        """The base's (every move key while this seat may not move), and, while it may, the turn
        keys this step has no use for: no End turn during the mulligan or a Response window, no
        Pass outside a window, no Attack while no creature can be declared (blocking)."""
        hidden = super().footer_hidden()
        data = self.data
        if data is None or hidden:
            return hidden
        idle = {"end_turn": data.end is None, "pass_window": data.window.skip is None,
                "attack_panel": not (data.combat.attack or data.combat.withdraw)}
        return frozenset(action for action, unused in idle.items() if unused)

    def move_line(self, view: FnView, text: str) -> str:
        move = next((m for m in view.legal if m.text == text), None)
        return move_words.words(view, move.command) if move is not None else text

    def palette_entries(self) -> list[tuple[str, str]]:
        if self.view is None or self.seat is None:
            return []
        return move_words.palette(self.view)

    def _show_seat(self, seat: int | None) -> None:
        super()._show_seat(seat)
        if self.view is not None:  # the command line completes to lines without instance ids
            names = move_words.view_handles(self.view)
            self._part(CommandLine).set_texts(list(dict.fromkeys(
                move_words.typed(self.view, m.command, names) for m in self.view.legal)))

    # ---- focus ------------------------------------------------------------------------------

    def _restore_focus(self) -> None:
        if self.app.screen is not self or self.too_small or self.data is None:
            return
        if self._part(DecisionPanel).display:
            super()._restore_focus()
            return
        data = self.data
        mulligan, combat, hand = self._part(NetMulligan), self._part(NetCombat), self._part(NetHand)
        if mulligan.display and data.mulligan.mine:
            mulligan.focus(scroll_visible=False)
        elif combat.display and (data.combat.assigning or mode_of(data) == "declaring"):
            combat.focus(scroll_visible=False)
        else:
            focused = self.focused  # (a command line being typed keeps the keys; a closed one
            # is not displayed; the question just answered is hidden with its panel, and
            # Textual would leave no part with the keys)
            if focused is None or not focused.display or focused in (mulligan, combat) \
                    or self._part(DecisionPanel) in focused.ancestors:
                hand.focus(scroll_visible=False)

    def _short_screen_classes(self) -> None:
        short = self.has_class("-short")
        field = self._part(NetBattlefield)
        for near in (True, False):
            field.side(near).set_class(short, "-compact")
        status = self._part(StatusLine)
        status.set_class(short and not status.message, "-empty")

    # ---- the widgets' messages ------------------------------------------------------------------

    @on(SentBy)
    def _from_a_part(self, message: SentBy) -> None:
        command = getattr(message, "command", None)
        if isinstance(message, NetHand.Played) and command is None:
            if self.guide is not None and self.seat is not None:
                # a lesson may ask for the attempt (to show the refusal): the rules refuse it
                self.run_command_text(Play(seat=self.seat, card=card_of(message.card)).text())
                return
            self.say(message.why_not or "That card cannot be played now.", error=True)
            return
        if isinstance(message, NetSide.Chosen) and message.card and self.view is not None:
            command = answer_command(self.view, message.card)
        if command is not None:
            if isinstance(message, NetCombat.Confirmed):
                self._declaring = False
            self.reading = None
            self.run_command_text(self._typed(command))
            return
        card = getattr(message, "card", None)
        if card:
            self.reading = card
            if self.data is not None:
                self._part(NetCardText).show(describe(self.data, card))

    def on_decision_panel_highlighted(self, event: DecisionPanel.Highlighted) -> None:
        field = self._part(NetBattlefield)
        for near in (False, True):  # a creature to pick scrolls into view on its side
            field.side(near).reveal(event.option_id)
        if self.data is not None and describe(self.data, event.option_id) is not None:
            self.reading = event.option_id
            self._part(NetCardText).show(describe(self.data, event.option_id))

    # ---- stops and the clock ------------------------------------------------------------------------

    stop_words = stops.WORDS  # each seat's Response stops (default: always ask)

    def stop_answer(self, view: FnView, setting: str) -> Command | None:
        return stops.auto_pass(view, setting)

    def _tick(self) -> None:
        """Once a second: at one keyboard, run the session's turn timer (it sends the timeout of
        a seat whose time ran out; networked, the server runs it); redraw the turn bar's time."""
        if self.ctl.over or self.view is None or not self._built:
            return
        if not self.networked and self.session.tick() is not None:
            return  # the commit re-rendered the table
        if self.data is not None:
            self._part(NetTurnBar).show(table_data(self.view, self._remaining()))

