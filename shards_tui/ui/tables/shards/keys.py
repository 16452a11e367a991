"""The Shards table's move keys: its bindings and the actions they (and key-hint clicks) run.

``ShardsKeys`` is mixed into ``ShardsTable``; it turns a key into a command text for the seat
on screen through the screen's ``run_command_text`` and never touches the game otherwise. The
keys every table shares (undo, the command line, save, rules, ...) are the base's
(``ui.tables.base.keys``); ``SHARDS_BINDINGS`` lists them among the moves, in the order the
keys help shows them.
"""

from __future__ import annotations

from textual.binding import Binding

from shards_tui.games.shards.commands import Attack, End, Exhaust, FastPlay, Focus, Play, Recruit
from shards_tui.games.shards.view import ShardsView
from shards_tui.core.wording import answer_first
from shards_tui.ui.tables.shards import selection
from shards_tui.ui.tables.shards.center_row import CenterRow
from shards_tui.ui.widgets.decision import AssignPanel, DecisionPanel
from shards_tui.ui.tables.shards.describe import CardInfo
from shards_tui.ui.tables.shards.hand import HandView
from shards_tui.ui.tables.shards.table_data import TableData
from shards_tui.ui.tables.base import stops as table_stops
from shards_tui.ui.tables.base.keys import SHARED_BINDINGS
from shards_tui.ui.tables.base.screen import TableScreen


SHARDS_BINDINGS = [
    *[Binding(str(n), f"select_slot({n})", f"Select center card {n}", show=False,
              id=f"table.slot{n}") for n in range(1, 7)],
    Binding("r", "recruit", "Recruit", id="table.recruit",
            tooltip="Recruit the selected center-row card, or the only one you can (pay its gems)."),
    Binding("f", "fastplay", "Fast-play", id="table.fastplay",
            tooltip="Fast-play the selected center-row mercenary, or the only one you can."),
    Binding("p", "play_selected", "Play", id="table.play",
            tooltip="Play the selected card from your hand (Enter on a card does too)."),
    Binding("a", "play_all", "Play all", id="table.play_all",
            tooltip="Play your hand from the top, stopping at a card that asks a question."),
    Binding("x", "exhaust", "Exhaust a champion", show=False, id="table.exhaust",
            tooltip="Exhaust the selected champion of yours (or your only ready one)."),
    Binding("m", "focus_mastery", "Focus: 1 gem for 1 mastery", show=False, id="table.focus",
            tooltip="Focus: pay 1 gem for 1 mastery, once per turn."),
    Binding("t", "attack", "Attack an enemy champion", show=False, id="table.attack",
            tooltip="Destroy the selected enemy champion with power."),
    Binding("e", "end_turn", "End turn", id="table.end",
            tooltip="End the play phase; leftover power attacks. If cards in hand, the focus, "
                    "a ready champion or your relic would go unused, the first press says so."),
    SHARED_BINDINGS[0],  # u: undo
    Binding("h", "focus_hand", "Select your hand", show=False, id="table.hand",
            tooltip="Move the selection to your hand."),
    Binding("left,up", "step(-1)", "Previous card", show=False, id="table.previous",
            tooltip="Select the card before (with nothing selected: your first card)."),
    Binding("right,down", "step(1)", "Next card", show=False, id="table.next",
            tooltip="Select the card after (with nothing selected: your first card)."),
    Binding("enter", "activate", "Use the selected card", show=False, id="table.activate",
            tooltip="Play, recruit, exhaust or attack the selected card, as its keys say."),
    Binding("space,escape", "back_to_question", "Back to the question", show=False,
            id="table.back_to_question",
            tooltip="While a question waits and a card is selected to read: back to its list."),
    Binding("n", "choose_none", "Choose none", show=False, id="table.choose_none",
            tooltip="Answer the question with 'none' where that is allowed."),
    Binding("s", "switch_stops", "Shield stops", show=False, id="table.stops",
            tooltip="When an attack with no shield in your hand should hand you the keyboard."),
    SHARED_BINDINGS[1],  # the command line
    Binding("ctrl+p", "palette", "Search moves (take a relic here)", show=False,
            id="table.palette", tooltip="Search the commands you may send now."),
    *SHARED_BINDINGS[2:],
]


# The actions that are a seat's moves: none works once the game is over, nor (networked) while
# another seat is to act.
SEAT_MOVES = frozenset({"recruit", "fastplay", "play_selected", "play_all", "exhaust", "attack",
                        "focus_mastery", "end_turn", "undo", "choose_none", "confirm_decision",
                        "confirm_assign"})

# The footer's keys, the ones a player needs most first: the moves, then the command line,
# the keys, the rules, the bots and quit; save (every move is autosaved) last. Narrow, they
# are described in a word or two, so that all of them fit in 80 columns.
FOOTER_FIRST = ("play_selected", "play_all", "recruit", "fastplay", "end_turn", "undo",
                "command_line", "keys", "rules", "toggle_bots", "quit", "save")
FOOTER_SHORT = {"play_selected": "Play", "play_all": "All", "fastplay": "Fast", "end_turn": "End",
                "command_line": "Cmd", "toggle_bots": "Bots"}


class ShardsKeys(TableScreen[ShardsView]):
    data: TableData | None
    _selected: CardInfo | None

    """The move actions of the Shards table (``self`` is the ShardsTable)."""

    def _focused_info(self, zone: str) -> CardInfo | None:
        info = self._selected
        return info if info is not None and info.zone == zone else None

    def _one_or_selected(self, zone: str, key: str, verb: str,
                         none_left: str) -> CardInfo | None:
        """The champion a champion key (x, t) acts on: the selected one if it can, else the
        only one that can. With several, the first is selected and the player is told how to
        go on; with none, ``none_left`` is said (or the game says why the selected one cannot)."""
        info = self._focused_info(zone)
        if info is not None and key in info.keys:
            return info
        if self.data is None:
            return None
        usable = [c for c in selection.zone_cards(self.data, zone) if key in c.keys]
        if len(usable) == 1:
            return usable[0]
        if usable:
            self._select(usable[0])
            self.say(f"{usable[0].name} selected: press {key} to {verb} it, or pick another "
                     f"of the {len(usable)} with the arrows.")
            return None
        if info is not None:
            return info  # the game says why this one cannot
        self.say(none_left, error=True)
        return None

    # ---- actions (keys and action-row clicks) ---------------------------------------------------

    def _question_open(self) -> bool:
        return self.data is not None and self.data.question_open

    def _question_first(self) -> bool:
        """While this seat's question (or the sharing out of its attack) is open, a key that
        acts on a card says what to do instead, and the question gets the keys back (p in the
        attack phase said 'Your hand is empty', r 'Select a center-row card first'). True
        when the key was answered so."""
        data = self.data
        if data is not None and data.decision_mine and data.pending is not None:
            self.say(answer_first(data.pending.prompt), error=True)
        elif data is not None and data.assign_targets:
            self.say("Send your power first: the arrows set the amount, Enter sends it to the "
                     "highlighted opponent.", error=True)
        else:
            return False
        self._restore_focus()
        return True

    def _reading_during_a_question(self) -> None:
        """A card may be selected to read it while a question waits; the player is told how
        the question gets the keys back (Space and the arrows work only in its list)."""
        if self._question_open():
            self.say("Reading a card while the question waits: Space goes back to its list.")

    def action_back_to_question(self) -> None:
        if not self._question_open():
            return
        focused, panels = self.focused, (self._part(DecisionPanel), self._part(AssignPanel))
        if focused is None or not any(p in focused.ancestors_with_self for p in panels):
            self.say("")  # (the note on reading a card is done with)
        self._reading = False
        self._restore_focus()

    def action_select_slot(self, slot: int) -> None:
        self._select(self._part(CenterRow).card(slot))
        self._reading_during_a_question()

    def action_focus_hand(self) -> None:
        hand = self._part(HandView).cards
        if hand:
            self._select(hand[0])
            self._reading_during_a_question()

    def action_step(self, delta: int) -> None:
        """An arrow: the card before or after the selected one in its zone (every opponent's
        champions, one panel after another), or the first card when none is selected."""
        if self.focused is not None or self.data is None or self.seat is None:
            return  # a question's list or the command line has the keys
        target = selection.step(self.data, selection.current(self.data, self._drawn_selection()),
                                delta)
        if target is not None:
            self._select(target)

    def action_activate(self) -> None:
        info = self._drawn_selection()
        if self.focused is None and self.seat is not None and info is not None:
            self.activate(info)

    def _center_action(self, kind: type[Recruit | FastPlay], key: str,
                       word: str) -> None:
        """r or f: on the selected center-row card (the game says why if it cannot); with
        none selected there, on the only card the key can take, as x and t do."""
        if self._question_first():
            return
        info = self._focused_info("center") or self._one_or_selected(
            "center", key, word, f"No center-row card can be {word}ed now." if key == "r"
            else "No mercenary in the center row can be fast-played now.")
        if info is not None:
            self.send_move(kind, target=info.label)

    def action_recruit(self) -> None:
        self._center_action(Recruit, "r", "recruit")

    def action_fastplay(self) -> None:
        self._center_action(FastPlay, "f", "fast-play")

    def action_play_selected(self) -> None:
        if self._question_first():
            return
        info = self._focused_info("hand")
        if info is None:  # the selection is elsewhere: bring it to the hand, play nothing yet
            if not self._part(HandView).cards:
                self.say("Your hand is empty: there is no card to play.", error=True)
                return
            self.action_focus_hand()
            self.say("Hand selected: arrows pick a card, p plays it.")
            return
        self.send_move(Play, card=info.id)

    def action_play_all(self) -> None:
        self.send_move(Play, card="all")

    def action_exhaust(self) -> None:
        if self._question_first():
            return
        info = self._one_or_selected("champion", "x", "exhaust",
                                     "None of your champions can exhaust now.")
        if info is not None:
            self.send_move(Exhaust, champion=info.id)

    def action_attack(self) -> None:
        if self._question_first():
            return
        info = self._one_or_selected("enemy", "t", "attack",
                                     "No enemy champion can be attacked now.")
        if info is not None:
            self.send_move(Attack, champion=info.id)

    def action_focus_mastery(self) -> None:
        self.send_move(Focus)

    def action_end_turn(self) -> None:
        unused = self.data.end_turn_unused if self.data else None
        if unused and not self._end_armed:
            self._end_armed = True
            # Said as a refusal: it is never cut short, and a lesson's coach shows it at 80x24.
            self.say(f"Press e again to end your turn. Unused: {unused}.", error=True)
            return
        self.send_move(End)

    def action_confirm_decision(self) -> None:
        self.query_one(DecisionPanel).confirm()

    def action_choose_none(self) -> None:
        if self.data and self.data.decision_mine:
            self.query_one(DecisionPanel).choose_none()

    def action_switch_stops(self) -> None:
        table_stops.switch(self)

    def action_confirm_assign(self) -> None:
        self.query_one(AssignPanel)._send()


    def question_anchor(self) -> str | None:
        """The rule F1 opens at while this seat's question (or the sharing out of its attack)
        is open."""
        data = self.data
        if data is not None and data.pending and data.decision_mine:
            anchor = {"shields": "shields", "banish": "banish"}.get(data.pending.kind)
            if anchor:
                return anchor
        if data is not None and data.assign_targets:
            return "attack-phase"
        return None
