"""The table of Infinities: the hex map, the dice tray, the hand and the leaders' mats.

``InfinitiesTable`` is a ``TableScreen`` (``ui.tables.base``): the base follows the game, hands the
keyboard over, plays the bots and runs the shared keys. This screen lays out the Infinities parts
(``ui.tables.infinities``, whose docstring says what each shows and posts), draws them from the
seat's view and sends each legal move a part offers as its text. It keeps only what is on
screen: the map's mode (flipping or not), the discovery being previewed, whose mat is read, the
map's zoom, each player's stops at one keyboard.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from textual import on
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from shards_tui.core.controller import Controller
from shards_tui.core.instances import card_of
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.board import plural
from shards_tui.games.infinities.models import Phase
from shards_tui.games.infinities.view import InfView
from shards_tui.session.driver import Session
from shards_tui.ui.screens.reading import CardText, CardTextScreen
from shards_tui.ui.tables.base.screen import TableScreen
from shards_tui.ui.tables.infinities import adventure, focus, stops
from shards_tui.ui.tables.infinities.adventure import InfChapter
from shards_tui.ui.tables.infinities.card_text import (card_words, leader_choice_words, leader_words,
                                                      map_key, tile_words)
from shards_tui.ui.tables.infinities.discovery import InfDiscovery
from shards_tui.ui.tables.infinities.hand import InfHand
from shards_tui.ui.tables.infinities.map_data import edge_words
from shards_tui.ui.tables.infinities.keys import BINDINGS, SEAT_MOVES, InfKeyHints, key_hints
from shards_tui.ui.tables.infinities.mats import InfMat, InfPlayers
from shards_tui.ui.tables.infinities.menu import MoveMenu
from shards_tui.ui.tables.infinities.side import InfRoles, InfTurnBar
from shards_tui.ui.tables.infinities.table_map import NO_FLIP, TableMap
from shards_tui.ui.tables.infinities.table_data import looks, moves_on_card, own_moves, pawn_hex, tray
from shards_tui.ui.tables.infinities.tray import InfDiceTray
from shards_tui.ui.tables.infinities.words import (CitedLines, card_refusal, describe,
                                                  handoff_words, heading, how_to_answer,
                                                  move_words, palette_entries, question_anchor,
                                                  summary)
from shards_tui.ui.widgets.card_messages import SentBy
from shards_tui.ui.widgets.command_line import CommandLine
from shards_tui.ui.widgets.decision import DecisionPanel
from shards_tui.ui.widgets.hex_grid import HexGridView
from shards_tui.ui.widgets.key_hints import KeyHint, KeyHints, StatusLine
from shards_tui.ui.widgets.log_view import LogView
from shards_tui.ui.widgets.line_footer import LineFooter
from shards_tui.ui.widgets.scrolled_pages import ScrolledPages
from shards_tui.ui.widgets.unchanged import set_border_title, set_display

HIDDEN_COVER = "Hidden until the next player is ready."
HIDDEN_WATCHING = "You are watching: the players' hands stay hidden."
HIDDEN_BOTS = "Hidden while the bots play."


class InfinitiesTable(TableScreen[InfView]):
    CSS_PATH = "screen.tcss"
    BINDINGS = BINDINGS
    seat_moves = SEAT_MOVES

    def __init__(self, game: Controller | Session, autosave_path: Path | None = None, *,
                 hotseat: bool = True, seat: int | None = None,
                 bots: Mapping[int, str] | None = None, bot_pace: float | None = None,
                 networked: bool = False, **more: Any) -> None:
        """The base's signature; ``more`` (a lesson's or a demo's ``guide``) goes on to it."""
        self.map = TableMap()
        self.mat_seat: int | None = None
        self.stops: dict[int, str] = {}
        self._option: str | None = None  # the question's option under the cursor
        self._seen: tuple[tuple | None, Any] = (None, None)  # ((position, seat, undo), view)
        self._cited = CitedLines()
        super().__init__(game, autosave_path, hotseat=hotseat, seat=seat, bots=bots,
                         bot_pace=bot_pace, networked=networked, **more)

    # ---- what the base asks of a game's table -----------------------------------------------

    def table_parts(self) -> list[Widget]:
        # (Enter takes the highlighted answer, as the panel's border says: 'Enter chooses')
        below = ScrolledPages(Horizontal(InfDiceTray(id="tray"), InfHand(id="hand"),
                                         DecisionPanel(id="decision", enter_takes_highlighted=True),
                                         id="cards"), InfDiscovery(id="discovery"), id="below")
        left = Vertical(HexGridView(id="board"), below, StatusLine(id="status"),
                        InfKeyHints(id="actions"), id="left")
        side = Vertical(InfPlayers(id="players"), InfMat(id="mat"), InfChapter(id="chapter"),
                        InfRoles(id="roles"), LogView(id="log"), id="side")
        return [InfTurnBar(id="turn"), Horizontal(left, side, id="table"), CommandLine(id="command"),
                LineFooter()]

    @property
    def hex_size(self) -> int:
        return self.map.size(self.has_class("-short"))

    def show_view(self, view: InfView, seat: int | None) -> tuple[str, list[KeyHint]]:
        seats = looks(view)
        pending = view.pending
        discovering = view.my_question and pending is not None and pending.kind == "discover"
        asked = view.my_question and pending is not None and not discovering
        choosing_leader = seat is not None and seat in view.acting and view.phase == Phase.CHOOSE_LEADER
        picker = self._part(InfDiscovery)
        if discovering:
            picker.show(view)
        self._part(ScrolledPages).show_page(picker if discovering else self._part("cards"))
        self.map.follow(view, seat, discovering, (picker.tile, picker.rot))
        self._draw_map(view)
        self._part(InfTurnBar).show(view, seats)
        players = self._part(InfPlayers)
        if self.mat_seat is None or not 0 <= self.mat_seat < len(view.players) or (
                seat is None and not players.has_focus):
            self.mat_seat = seat if seat is not None else view.active  # (watching: whose turn)
        players.show(view, seats, self.mat_seat)
        self._part(InfMat).show(view, seats, self.mat_seat)
        chapter = self._part(InfChapter)
        set_display(chapter, view.adventure is not None)
        chapter.show(view, seats)
        roles = self._part(InfRoles)  # a chapter without Roles has its own panel for the goals
        set_display(roles, view.adventure is None or bool(view.roles or view.queue))
        roles.show(view, seats)
        dice = self._part(InfDiceTray)
        deploying = seat in view.acting and view.phase in (Phase.DEPLOY, Phase.RESPAWN)
        # (while its hand deploys, or a question wants the width at 80 columns, the dice go)
        set_display(dice, view.round > 0 and not deploying and not (asked and self.has_class("-narrow")))
        dice.show(tray(view))
        me = view.players[seat] if seat is not None else None
        hand = self._part(InfHand)
        set_display(hand, not (asked or choosing_leader))
        hand.show(tuple(me.hand) if me is not None and me.hand is not None else None,
                  redraw=bool(view.legal_of(cm.Redraw)), hidden=self._hidden_words())
        panel = self._part(DecisionPanel)
        set_display(panel, asked or choosing_leader)
        if asked:
            panel.show(pending.prompt, [(o.id, o.label) for o in pending.options or []],
                       pending.min, pending.max, asked=(pending.seat, self._last_seq()))
            set_border_title(panel, "Your decision", how_to_answer(pending.min, pending.max))
        elif choosing_leader:
            leaders = view.legal_of(cm.PickLeader)
            panel.show("Choose your leader (i reads the highlighted one whole).",
                       [(c.text(), describe(view, c)) for c in leaders], 1, 1,
                       asked=(seat, self._last_seq()))
        self.map.keep_cursor(self._part(HexGridView), view, seat, self.call_after_refresh)
        return heading(view, seat), self._hints(view, seat)

    def _draw_map(self, view: InfView) -> None:
        self.map.draw(self._part(HexGridView), view, self.has_class("-short"))

    def _hidden_words(self) -> str:
        if self.networked:
            return HIDDEN_WATCHING
        return HIDDEN_BOTS if self.bots and not self._handoff_open else HIDDEN_COVER

    def _hints(self, view: InfView, seat: int | None) -> list[KeyHint]:
        label = stops.LABELS[self.stops.get(seat, stops.DEFAULT)] if seat is not None else ""
        return key_hints(view, seat, narrow=self.has_class("-narrow"), flips=bool(self.map.aims.flips),
                         flip_mode=self.map.flip_mode,
                         stops_label=label if self.hotseat and len(self.humans) > 1 else "",
                         undo=self.takebacks.hint(seat), small_map=self.hex_size < 3)

    def _log_entries(self, view: Any) -> list[tuple[int, str]]:
        """The log, each line followed by the rule it cites ('… [Discovery]'), and the chat."""
        return self._with_chat(self._cited.entries(self.ctl.game_id, view.log))

    def guide_anchor(self, placement: str) -> Widget | None:
        if placement == "beside":  # a demo's narration heads the right column
            return self._part(InfPlayers)
        return self._part("below")  # a lesson's coach goes between the map and the hand

    def palette_entries(self) -> list[tuple[str, str]]:
        if self.view is None or self.seat is None:
            return []
        return palette_entries(self.view)

    def footer_hidden(self) -> frozenset[str]:
        """The base's (every move key while this seat may not move), and, while it may, End
        turn where there is no turn or deploy of its to end (a question, the first step out
        of the Rift, the leader choice)."""
        hidden = super().footer_hidden()
        view = self.view
        if view is None or hidden or view.legal_of(cm.Done) or view.legal_of(cm.End):
            return hidden
        return frozenset({"end"})

    def move_line(self, view: InfView, text: str) -> str:
        move = next((m for m in view.legal if m.text == text), None)
        return describe(view, move.command) if move is not None else text

    def move_words(self, text: str) -> str:
        return move_words(self.view, text)

    def view_now(self, seat: int | None, keep: bool = False) -> InfView:
        """The seat's view, made once for each position (and whether the seat may undo)."""
        ctl = self.ctl
        key = (ctl.state, seat, seat is not None and ctl.can_undo(seat))
        held, view = self._seen
        if held is None or held[0] is not key[0] or held[1:] != key[1:]:
            view = ctl.view(seat)
            self._seen = (key, view)
        return view

    def public_players(self) -> list[tuple[str, bool]]:
        """(name, out) of each seat: public in every seat's view, so read from the one shown
        (the bots' heading and the notice of a player gone out both ask after every move)."""
        return [(p.name, p.out) for p in self.view_now(self.seat).players]

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
        view = self.ctl.view(seat)
        if seat is None or view.pending is not None:
            return ""
        return {"first_tile": "Pick a glowing space next to the Rift on the map and press Enter.",
                "check": "Choose your four dice: t, p and f, then Enter rolls.",
                "choose_leader": "Choose your leader in the list (i reads one whole)."}.get(view.phase, "")

    def seat_changed(self) -> None:
        self.map.forget()
        self.mat_seat = None

    def keyboard_taken(self) -> None:
        self.seat_changed()

    def covered_by_handoff(self) -> None:
        self.seat_changed()

    def card_under_cursor(self) -> CardText | None:
        view, focused = self.view, self.focused
        if view is None:
            return None
        if isinstance(focused, InfHand) and focused.selected:
            return card_words(focused.selected, "In your hand.")
        if isinstance(focused, InfDiscovery) and focused.tile:
            return tile_words(view, focused.tile)
        if isinstance(focused, InfPlayers) and self.mat_seat is not None:
            return leader_words(view, self.mat_seat)
        panel = self._part(DecisionPanel)
        if panel.display and focused is not None and panel in focused.ancestors_with_self:
            option = self._option
            if option:
                return card_words(option) or leader_choice_words(option.split()[-1])
        board = self._part(HexGridView)
        key = f"{board.cursor.q},{board.cursor.r}"
        placed = next((t for t in view.tiles if t.hex == key), None)
        return tile_words(view, placed.tile, key) if placed is not None else None

    def _short_screen_classes(self) -> None:
        status = self._part(StatusLine)
        status.set_class(not status.message and self.has_class("-short"), "-empty")
        board = self._part(HexGridView)
        if self.view is not None and board.hex_size != self.hex_size:
            self._draw_map(self.view)  # (the hexes' size follows the screen's height)

    # ---- focus (focus.py) ------------------------------------------------------------------

    def _restore_focus(self) -> None:
        if focus.restore(self) == focus.BASE:
            super()._restore_focus()

    def cursor_to_hand(self) -> None:
        focus.to_hand(self)

    # ---- the parts' messages -------------------------------------------------------------------

    def _send(self, text: str) -> None:
        self.map.flip_mode = False
        self.run_command_text(text)

    @on(HexGridView.Chosen)
    def _hex_chosen(self, message: HexGridView.Chosen) -> None:
        message.stop()  # (handled: bubbled on, it was one more message the frame waited on)
        if self.view is None:
            return
        outcome = self.map.chosen(self.view, message.hex)
        if outcome.send:
            self._send(outcome.send)
        elif outcome.menu:
            self._offer(outcome.title, list(outcome.menu))
        elif outcome.say:
            self.say(outcome.say, error=True)

    @on(HexGridView.CursorMoved)
    def _cursor_moved(self, message: HexGridView.CursorMoved) -> None:
        message.stop()
        if self.view is not None:
            self.say(self.map.describe(self.view, message.hex))

    @on(HexGridView.Stopped)
    def _cursor_stopped(self, message: HexGridView.Stopped) -> None:
        message.stop()
        self.say(edge_words(message.direction), error=True)

    @on(InfDiceTray.Send)
    @on(InfDiscovery.Send)
    def _part_sends(self, message: Any) -> None:
        self._send(message.command.text())

    @on(InfDiceTray.Offer)
    def _tray_offers(self, message: InfDiceTray.Offer) -> None:
        if self.view is not None:
            self._offer("Convert the die to", [(c.text(), describe(self.view, c))
                                               for c in message.commands])

    @on(InfDiceTray.Refused)
    @on(InfHand.Refused)
    def _part_refuses(self, message: Any) -> None:
        self.say(message.words, error=True)

    @on(InfDiscovery.Previewed)
    def _previewed(self, message: InfDiscovery.Previewed) -> None:
        preview = (message.tile, message.rot)
        if preview == self.map.preview:  # (the tile the map was drawn with: a discovery just
            return  # opened, whose view drew it)
        self.map.preview = preview
        if self.view is not None:
            self._draw_map(self.view)

    @on(InfHand.Chosen)
    def _card_chosen(self, message: InfHand.Chosen) -> None:
        view = self.view
        if view is None or message.card is None:
            return
        moves = moves_on_card(view, card_of(message.card))
        if not moves and view.you in view.acting and view.phase not in (Phase.CHECK, Phase.ADJUST):
            # the rules say why (the card's cost against the Tide left, a full group...)
            self._send(cm.Play(seat=view.you, card=message.card).text())
            return
        if not moves:
            self.say(card_refusal(view), error=True)
            return
        me = view.players[view.you] if view.you is not None else None
        name = next((c.name for c in me.hand or () if c.id == message.card), "") if me else ""
        self._offer(name or "This card", [(c.text(), describe(view, c)) for c in moves])

    @on(InfHand.Redraw)
    def _redraw(self, message: InfHand.Redraw) -> None:
        self._send(cm.Redraw(seat=self.seat or 0, cards=message.positions).text())

    @on(InfPlayers.Selected)
    def _player_selected(self, message: InfPlayers.Selected) -> None:
        self.mat_seat = message.seat
        if self.view is not None:
            self._part(InfMat).show(self.view, looks(self.view), message.seat)

    def on_decision_panel_highlighted(self, event: DecisionPanel.Highlighted) -> None:
        self._option = event.option_id

    def on_decision_panel_answered(self, event: DecisionPanel.Answered) -> None:
        event.prevent_default()  # Textual would call the base table's handler too: sent twice
        view = self.view
        if view is not None and view.phase == Phase.CHOOSE_LEADER and view.pending is None:
            self._send(event.ids[0] if event.ids else "")
            return
        super().on_decision_panel_answered(event)

    def _offer(self, title: str, moves: list[tuple[str, str]]) -> None:
        def chosen(text: str | None) -> None:
            if text:
                self._send(text)

        self.app.push_screen(MoveMenu(title, moves), chosen)

    @on(SentBy)
    def _unhandled(self, message: SentBy) -> None:
        """(Every part's message is handled above.)"""

    # ---- keys ----------------------------------------------------------------------------------

    def action_end(self) -> None:
        view = self.view
        if view is None or self.seat is None:
            return
        done = view.legal_of(cm.Done) or view.legal_of(cm.End)
        if not done:
            self.say("Answer the question below first; then e ends your turn." if view.my_question
                     else "There is no turn of yours to end now.", error=True)
            return
        left = sum(1 for d in view.dice if not d.spent and d.face != "blank")
        if view.legal_of(cm.End) and left and not self._end_armed:
            self._end_armed = True
            verb = "is" if left == 1 else "are"
            self.say(f"{plural(left, 'die')} {verb} not spent yet. Press e again to end your turn.")
            return
        self._send(done[0].text())

    def action_choose_none(self) -> None:
        panel = self._part(DecisionPanel)
        if panel.display:
            panel.choose_none()

    def action_own_moves(self) -> None:
        view = self.view
        if view is None:
            return
        moves = own_moves(view)
        if not moves:
            self.say("Your leader and units have nothing to do now.", error=True)
            return
        self._offer("Your leader, units and timeline", [(c.text(), describe(view, c)) for c in moves])

    def action_focus_map(self) -> None:
        self.set_focus(self._part(HexGridView))  # (now: a key that came with this one is the map's)

    def action_focus_hand(self) -> None:
        hand = self._part(InfHand)
        if not focus.out_of_sight(self, hand) and hand.display:
            self.set_focus(hand)

    def action_focus_dice(self) -> None:
        if not focus.out_of_sight(self, tray := self._part(InfDiceTray)):
            self.set_focus(tray)

    def action_focus_players(self) -> None:
        side = self._part("side")
        if self.has_class("-narrow"):
            side.toggle_class("-shown")
            if not side.has_class("-shown"):
                self._restore_focus()
                return
        self.set_focus(self._part(InfPlayers))

    def action_centre(self) -> None:
        view = self.view
        if view is None:
            return
        where = pawn_hex(view, self.seat) or pawn_hex(view, view.active)
        if where is None:
            self.say("No pawn of yours is on the map.")
            return
        self._part(HexGridView).move_cursor(where, centre=True, always=True)

    def action_flip_mode(self) -> None:
        said = self.map.switch_flipping()
        if said is None:
            self.say(NO_FLIP, error=True)
            return
        if self.view is not None:
            self._draw_map(self.view)
        self._part(HexGridView).focus()
        self.say(said)

    def action_zoom(self) -> None:
        self.map.switch_zoom(self.has_class("-short"))
        if self.view is not None:
            self._draw_map(self.view)
            self._part(HexGridView).show_hex(self._part(HexGridView).cursor, centre=True)

    def action_map_key(self) -> None:
        if self.view is not None:
            self.app.push_screen(CardTextScreen(map_key(self.view)))

    def action_chapter(self) -> None:
        if not adventure.open_chapter(self):
            self.say("This game is not an Adventure chapter.", error=True)

    def action_rules(self) -> None:
        """F1 at a chapter's table: its page (F1 there goes on to the rules), unless a question
        or a refusal points at a rule."""
        if self.rules_context()[1] is not None or not adventure.open_chapter(self):
            super().action_rules()

    def on_mount(self) -> None:
        self.call_after_refresh(adventure.before_play, self)

    def action_back(self) -> None:
        if self.map.flip_mode:
            self.action_flip_mode()
            return
        side = self._part("side")
        if side.has_class("-shown"):
            side.remove_class("-shown")
        self._part(HexGridView).focus()

    def action_switch_stops(self) -> None:
        if self.seat is None or not self.hotseat:
            self.say("Stops are for players sharing one keyboard.")
            return
        setting = stops.next_setting(self.stops.get(self.seat, stops.DEFAULT))
        self.stops[self.seat] = setting
        self._show_seat(self.seat)
        self.say(f"Stops: {stops.LABELS[setting]}. {stops.SENTENCES[setting]}")

    # ---- stops ---------------------------------------------------------------------------------

    def _sync(self) -> None:
        if not stops.answered_for_a_player(self):
            super()._sync()
