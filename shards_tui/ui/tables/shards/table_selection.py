"""The selection on the table: which card is selected, how the card widgets draw it, where it
goes after a move, and what Enter or a double click does to it.

The selection belongs to the screen, not to a widget: the hand, the center row and the
champions only draw it. While a question's list has the keys nothing is drawn selected,
unless the player went to read a card. After a move the selection moves on only to a card
that was already in the hand (``selection.after_change``); after the hand-off cover, an
answer or a recruit there is none, so a stray Enter does nothing.

A mixin of TableScreen (it uses the screen's data, parts and commands); kept apart so the
screen module holds layout and the flow of the game.
"""

from __future__ import annotations

from shards_tui.games.shards.commands import Attack, Exhaust, FastPlay, Play, Recruit
from shards_tui.ui.tables.shards import selection
from shards_tui.ui.tables.shards.card_region import CardRegion
from shards_tui.ui.tables.shards.card_view import CardView
from shards_tui.ui.tables.shards.center_row import CenterRow
from shards_tui.ui.widgets.command_line import CommandLine
from shards_tui.ui.widgets.decision import AssignPanel, DecisionPanel
from shards_tui.ui.tables.shards.describe import CardInfo
from shards_tui.ui.tables.shards.hand import HandView
from shards_tui.ui.tables.shards.play_zone import PlayZone
from shards_tui.ui.tables.shards.player_panel import OpponentsBar


class TableSelection:
    @property
    def selected(self) -> CardInfo | None:
        """The card selected on the table, as drawn (None while a question has the keys)."""
        return self._drawn_selection()

    def _drawn_selection(self) -> CardInfo | None:
        """The selection the card widgets draw: none while a question's list has the keys
        (unless the player went to read a card), and none of a card that is not on the table
        (a question's option shown in the card panel)."""
        info = self._selected
        if info is None or info.zone not in selection.ZONES:
            return None
        if self.data is not None and self.data.question_open and not self._reading:
            return None
        return info

    def _drawn_in(self, zone: str) -> str | None:
        info = self._drawn_selection()
        return info.id if info is not None and info.zone == zone else None

    def _drawn_slot(self) -> int | None:
        info = self._drawn_selection()
        return int(info.label) if info is not None and info.zone == "center" else None

    def _draw_selection(self) -> None:
        """Tell every card widget which card is selected (if it is one of theirs)."""
        if not self._built:
            return
        self._part(HandView).select(self._drawn_in("hand"))
        self._part(CenterRow).select(self._drawn_slot())
        self._part(PlayZone).champions.select(self._drawn_in("champion"))
        bar = self._part(OpponentsBar)
        bar.select(self._drawn_in("enemy"))
        if (enemy := self._drawn_in("enemy")) is not None:
            bar.show_owner_of(enemy)

    def _select(self, info: CardInfo | None) -> None:
        """The player selects a card (a key or the mouse); during a question, to read it."""
        self._selected = info
        self._selected_at = selection.index_in_zone(self.data, info) if self.data else None
        self._unselected = info is None
        if self.data is not None and self.data.question_open:
            self._reading = True
            self.set_focus(None)  # the keys go to the cards; Space gives them back
        self._draw_selection()
        self._show_card()

    def _restore_focus(self) -> None:
        """After a change: the question's list takes the keys, or the selection moves to the
        card it should (``selection.after_change``), or to none."""
        data = self.data
        if data is None or self.app.screen is not self or self.too_small:
            return  # (too small: the notice keeps the keys, a question's list among them)
        shown = frozenset(card.id for card in data.hand)  # seen: the hand before this change
        seen, self._hand_seen = shown if self._hand_seen is None else self._hand_seen, shown
        decision, assign = self._part(DecisionPanel), self._part(AssignPanel)
        focused = self.focused
        for panel in (decision, assign):
            if panel.display:
                if focused is None or panel not in focused.ancestors_with_self:
                    panel.focus_choices()
                    self._reading = False
                if panel is assign:  # the play phase is over: its last card is not the point
                    self._selected = None
                self._draw_selection()
                self._show_card()
                return
        if isinstance(focused, CommandLine) and focused.display:
            return
        if focused is not None:
            self.set_focus(None)  # the keys are on the cards
        if self._unselected:  # after the cover, an answer or a recruit: a stray Enter does nothing
            self._selected = None
        else:
            self._selected = selection.after_change(data, self._selected, self._selected_at, seen)
            self._selected_at = selection.index_in_zone(data, self._selected)
            self._unselected = self._selected is None
        self._draw_selection()
        self._show_card()

    def _show_card(self) -> None:
        info = self._hovered or self._selected
        self._part(CardView).show(info if self.data is None or self.data.still_shown(info) else None)

    def activate(self, info: CardInfo, by_key: bool = True) -> None:
        """Enter on the selected card, or a double click: the card's main action."""
        if self.data is not None and not self.data.still_shown(info):
            return  # keys sent together: this Enter was for a card the one before has played
        self._selected = info
        if by_key and self.data is not None and self.data.decision_mine:
            self.action_confirm_decision()  # Enter answers the question, as the action row says
            return
        if info.zone == "center":
            kind = FastPlay if "f" in info.keys and "r" not in info.keys else Recruit
            self.send_move(kind, target=info.label)
        elif info.zone == "hand":
            self.send_move(Play, card=info.id)
        elif info.zone == "champion":
            self.send_move(Exhaust, champion=info.id)
        elif info.zone == "enemy":
            self.send_move(Attack, champion=info.id)

    def on_card_region_hovered(self, event: CardRegion.Hovered) -> None:
        self._hovered = event.info
        self._show_card()

    def on_card_region_clicked(self, event: CardRegion.Clicked) -> None:
        if self.seat is None:
            return
        self._select(event.info)
        if event.double:
            self.activate(event.info, by_key=False)
