"""``TableHooks``: what a game's table provides, and the defaults of what it may refine.

``TableScreen`` (``screen.py``) is built on this class and calls these hooks; a game's table
subclasses ``TableScreen[ItsView]`` and overrides them (the package docstring is the guide).
``ViewT`` is the game's typed view (a ``core.view.SeatView``): ``show_view`` gets it, and
``self.view`` holds it while it is on screen. The attributes declared here are set by
``TableScreen``.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from textual.widget import Widget

from shards_tui.core.commands import Command
from shards_tui.core.controller import Controller
from shards_tui.core.registry import listing
from shards_tui.core.view import SeatView
from shards_tui.ui.screens.reading import CardText
from shards_tui.ui.tables.base.bots import BotWatch
from shards_tui.ui.tables.base.handoff import Handoff
from shards_tui.ui.tables.base.stops import StopWords
from shards_tui.ui.textual_compat.one_frame import OneFrame
from shards_tui.ui.widgets.command_line import CommandLine
from shards_tui.ui.widgets.decision import DecisionPanel
from shards_tui.ui.widgets.key_hints import KeyHint

ViewT = TypeVar("ViewT", bound=SeatView)
PartT = TypeVar("PartT", bound=Widget)


class TableHooks(OneFrame, Generic[ViewT]):
    footer_first: tuple[str, ...] = ()  # the footer's keys, most needed first
    seat_moves: frozenset[str] = frozenset({"undo"})  # actions that are a seat's moves
    too_small = False  # the terminal is too small: a notice covers the table, its keys wait
    ctl: Controller
    view: ViewT | None  # the view on screen
    seat: int | None  # the seat on screen (None: the public view)
    networked: bool
    guide: Any  # a lesson's coach or a demo's narrator (guide.TableGuide), or None
    last_anchor: str | None  # the rules anchor of the last refusal

    bot_watch: BotWatch
    handoff: Handoff
    _parts: dict[type | str, Widget]

    def _part(self, kind: type[PartT] | str) -> PartT:
        """The one widget of this type (or with this id) on the table (looked up once: the
        parts stay)."""
        part = self._parts.get(kind)
        if part is None or part.parent is None:
            found = self.query_one(f"#{kind}" if isinstance(kind, str) else kind)
            part = self._parts[kind] = found
        return part  # type: ignore[return-value]

    # ---- required -------------------------------------------------------------------------------

    def table_parts(self) -> list[Widget]:
        """The table's widgets, top to bottom. They must include one ``StatusLine``,
        ``KeyHints``, ``LogView``, ``CommandLine`` and ``DecisionPanel`` (the base finds them
        by type), and usually a ``SteadyFooter``."""
        raise NotImplementedError

    def show_view(self, view: ViewT, seat: int | None) -> tuple[str, list[KeyHint]]:
        """Draw the game's own widgets from ``view`` (``controller.view(seat)``; seat None:
        the public view, as behind a hand-off) and return the key hints' heading and items.
        The base then draws the key hints, the log and the command line's completions."""
        raise NotImplementedError

    def summary(self) -> tuple[str, list[str]]:
        """Game over: the headline ('Ana wins!') and a line per player."""
        raise NotImplementedError

    # ---- optional: the game's words ------------------------------------------------------------

    def handoff_words(self, who: int | None, since: int | None) -> tuple[str, str, list[str]]:
        """The cover's words: the player's name, why they take the keyboard, and public
        lines (everyone's standing; what happened since ``since``, the last log entry the
        previous player saw). Default: "It is your move."."""
        names = self.ctl.seat_names()
        name = names[who] if who is not None and 0 <= who < len(names) else "Next player"
        return name, "It is your move.", []

    def welcome(self, seat: int | None) -> str:
        """What the status line says as ``seat`` takes the keyboard (default: nothing)."""
        return ""

    def move_words(self, text: str) -> str:
        """What the status line says of a move that logged nothing, worded for players from
        the view it was sent in (default: the move's text)."""
        return text

    def move_line(self, view: Any, text: str) -> str:
        """A move made from ``view`` (its mover's view just before it) in one line of the
        table's words, as the palette says it: a replay's bar shows it when watched from the
        mover's own view or every hand; other seats read their log (default: its text)."""
        return text

    def card_under_cursor(self) -> CardText | None:
        """The card under the cursor (selected, highlighted in a question's list, hovered),
        as ``i`` shows it over the table: its name and whole text, made from the game's data
        for the seat on screen (None: no card is there)."""
        return None

    def question_anchor(self) -> str | None:
        """The rules anchor F1 opens at while this seat answers a question (None: the last
        refusal's)."""
        return None

    def seats_that_never_act(self) -> set[int]:
        """Seats that are neither human nor bot (a scripted opponent)."""
        return set()

    # A game whose questions a player may let the table answer (``stops.py``): its words.
    stop_words: StopWords | None = None

    def stop_answer(self, view: Any, setting: str) -> Command | None:
        """The move the table sends for the seat of ``view`` (its own view), whose stops are
        ``setting``, when they are not to be asked; None when they are (the default: always)."""
        return None

    def guide_anchor(self, placement: str) -> Widget | None:
        """The part a guide's panel is mounted before: "above" the table's lower half (a
        coach) or "beside" it (a narration). None: at the top of the table."""
        return None

    # ---- optional: moments of the table ----------------------------------------------------------

    def seat_changed(self) -> None:
        """Another seat is about to be shown: forget what belonged to the last one."""

    def covered_by_handoff(self) -> None:
        """The cover goes up: clear whatever showed the last player's cards (the card panel)."""

    def keyboard_taken(self) -> None:
        """The named player pressed ready: nothing of theirs is selected yet (an Enter pressed
        twice on the cover must do nothing)."""

    def _after_a_question(self) -> None:
        """Called after each re-render while a human may act (a game may clear a selection
        once a question is answered)."""

    def _short_screen_classes(self) -> None:
        """Set the classes by which a short screen makes room (after a message or resize)."""

    # ---- optional: what the base does by default ------------------------------------------------

    def public_players(self) -> list[tuple[str, bool]]:
        """(name, out of the game) for every seat, from the public view."""
        return [(p.name, p.out) for p in self.ctl.view(None).players]

    _view_kept: tuple[object, int, int | None, Any] | None = None

    def view_now(self, seat: int | None, keep: bool = False) -> Any:
        """``seat``'s view of the position now. One made with ``keep`` (read for public facts
        just before the table is drawn) is the one the drawing then uses, not made twice (a
        view takes a few tenths of a millisecond); it serves once, and only at the position
        it was made for."""
        kept, self._view_kept = self._view_kept, None
        ctl = self.ctl
        if kept is not None and kept[0] is ctl.state and kept[1] == len(ctl.history) \
                and kept[2] == seat:
            view = kept[3]
        else:
            view = ctl.view(seat)
        if keep:
            self._view_kept = (ctl.state, len(ctl.history), seat, view)
        return view

    def palette_entries(self) -> list[tuple[str, str]]:
        """(command text, words) for each move the palette offers (default: each legal move
        with what kind of move it is, in the game's words: ``move_help``)."""
        if self.view is None or self.seat is None:
            return []
        return [(text, self.move_help(text)) for text in (move.text for move in self.view.legal)]

    def move_help(self, text: str) -> str:
        """What kind of move a command is, in the game's plain words (its command's summary,
        as 'help' lists it): the palette's words for a table that gives none of its own."""
        kind = self.ctl.commands.by_verb.get(text.split(" ", 1)[0])
        summary = kind.summary if kind is not None else ""
        return summary[:1].upper() + summary[1:]

    def footer_hidden(self) -> frozenset[str]:
        """The move keys the footer leaves out now: all of them while the seat on screen may
        not move (a bot's or another player's turn, a cover, a spectator), so that it names
        only keys that apply (they still answer, with the sentence that says why not)."""
        if self.seat is not None and not self.ctl.over and self.seat in self.ctl.acting_seats():
            return frozenset()
        return self.seat_moves

    def footer_order(self) -> tuple[str, ...]:
        """The footer's keys, most needed first: a guide's, then the table's."""
        return (*(self.guide.footer_first if self.guide else ()), *self.footer_first)

    @property
    def keys_title(self) -> str:
        """What the keys list (?) calls this screen: the game's table, in words."""
        return f"the {listing(self.ctl.game_id).title} table"

    def rules_context(self) -> tuple[str, str | None]:
        """(game id, rules anchor) for F1: the question being asked (the game's
        ``question_anchor``), else the last refusal."""
        return self.ctl.game_id, self.question_anchor() or self.last_anchor

    def _restore_focus(self) -> None:
        """After a change: give the keys to what should have them (the question's list, the
        hand, ...)."""
        panel = self._part(DecisionPanel)
        if panel.display and self.app.screen is self and not self.too_small:
            focused = self.focused
            if isinstance(focused, CommandLine) and focused.display:
                return  # a line being typed keeps the keys through a change (a move over SSH)
            if focused is None or panel not in focused.ancestors_with_self:
                panel.focus_choices()

    def cursor_to_hand(self) -> None:
        """Put the cursor on this seat's hand (its turn began, or an undo gave it back): the
        table's ``focus_hand`` action, which its ``h`` key runs, if it has one."""
        focus_hand = getattr(self, "action_focus_hand", None)
        if callable(focus_hand) and not self.too_small:
            focus_hand()

    @property
    def offers_undo(self) -> bool:
        """Whether the key hints may list undo (not during a lesson's steps, nor at a ranked
        networked table, where no move is taken back)."""
        return self.guide.offers_undo if self.guide is not None else not (
            self.networked and self.ctl.rated)

    @property
    def small_words(self) -> tuple[str, str]:
        """What the too-small notice calls this screen, and what happens meanwhile."""
        if self.guide is not None:
            return self.guide.too_small_words
        return "the table", "the game waits as it is"

    def question_is_mine(self) -> bool:
        """The seat on screen has a question to answer."""
        return self.view is not None and self.view.my_question

    # ---- what the parts keep, as a table reads (and may refine) it -------------------------------

    @property
    def _handoff_open(self) -> bool:
        """The hand-off cover is up (the table behind it shows the public view)."""
        return self.handoff.open

    @property
    def bot_pace(self) -> float:
        return self.bot_watch.pace

    @property
    def bot_thinking(self) -> bool:
        """True while a bot seat owes a move (held, pacing or thinking)."""
        return self.bot_watch.thinking

    @property
    def bots_paused(self) -> bool:
        return self.bot_watch.paused

    def actor(self) -> int | None:
        """The seat this table waits for (``BotWatch.actor``)."""
        return self.bot_watch.actor()

    def watcher(self) -> int | None:
        """The seat shown while bots act (``BotWatch.watcher``)."""
        return self.bot_watch.watcher()

    def _nobody_here(self) -> str:
        return self.bot_watch.nobody_here()

    def _bots_turn(self) -> str | None:
        """What a move of the seat on screen is told while a bot is to move (``BotWatch``)."""
        return self.bot_watch.bots_turn()

    def _waiting_heading(self, seat: int | None, heading: str, items: list[KeyHint]) -> str:
        return self.bot_watch.heading(seat, heading, items)
