"""The dice tray: the action check being chosen, then the dice with their faces.

Attributes down: ``show(tray)`` (``table_data.Tray``). While the viewer makes their action
check, t, p and f add a die of that colour (Backspace takes the last back) and Enter rolls the
four. Once rolled, ←→ (or 1-6) pick a die, r rerolls it and c converts it (as the tracks allow),
Enter locks the dice. Spent dice are struck through; the line under the dice says how many of
the turn's dice the leader's Health lets them spend. Messages up: ``Send(command)`` (a legal
move of the view), ``Offer(commands)`` (several legal conversions of one die: the screen asks
which) and ``Refused(words)`` (a key that does nothing now, with why). The tray keeps only its cursor and the colours being
chosen.
"""

from __future__ import annotations

from textual.actions import SkipAction
from textual.binding import Binding
from textual.content import Content

from shards_tui.core.commands import Command
from shards_tui.games.infinities.models import Phase
from shards_tui.ui.tables.infinities.table_data import (DIE_COLOURS, FACE_MARKS, FACE_WORDS, Tray,
                                                       roll_for)
from shards_tui.ui.widgets.card_messages import SentBy
from shards_tui.ui.widgets.rows_view import RowsView
from shards_tui.ui.widgets.unchanged import set_border_title

CHECK_DICE = 4


def cursor_words(die) -> str:
    """The die under the cursor in words: its colour, which rerolls go by, is otherwise shown
    only by the colour of its face (nothing without colours, NO_COLOR)."""
    colour = FACE_WORDS.get(die.colour, die.colour).replace("Fort", "Fortitude")
    face = FACE_WORDS.get(die.face, die.face).replace("Fort", "Fortitude")
    return f"Die {die.number}: a {colour} die showing {face if die.face != 'blank' else '0'}."


class InfDiceTray(RowsView, can_focus=True):
    DEFAULT_CSS = """
    InfDiceTray {
        border: round $panel-lighten-2; border-title-align: left; padding: 0 1;
        &:focus { border: round $accent; }
    }
    """
    BINDINGS = [
        Binding("t", "add('tide')", "Tide die", show=False, id="inf.tray.tide",
                tooltip="Add a Tide die to your action check."),
        Binding("p", "add('power')", "Power die", show=False, id="inf.tray.power",
                tooltip="Add a Power die to your action check."),
        Binding("f", "add('fortitude')", "Fortitude die", show=False, id="inf.tray.fortitude",
                tooltip="Add a Fortitude die to your action check."),
        Binding("backspace", "take_back", "Take a die back", show=False, id="inf.tray.back",
                tooltip="Take the last die you chose back."),
        Binding("left", "pick(-1)", "Die left", show=False, id="inf.tray.left",
                tooltip="The die to the left."),
        Binding("right", "pick(1)", "Die right", show=False, id="inf.tray.right",
                tooltip="The die to the right."),
        Binding("r", "reroll", "Reroll", show=False, id="inf.tray.reroll",
                tooltip="Reroll the die under the cursor (a track at level 2 gives a reroll)."),
        Binding("c", "convert", "Convert", show=False, id="inf.tray.convert",
                tooltip="Convert the die under the cursor, as your tracks allow."),
        Binding("enter", "confirm", "Roll / lock", show=False, id="inf.tray.confirm",
                tooltip="Roll the four dice you chose, or lock your dice."),
        *[Binding(str(n), f"goto({n})", f"Die {n}", show=False, id=f"inf.tray.die{n}")
          for n in range(1, 7)],
    ]

    class Send(SentBy):
        def __init__(self, widget: "InfDiceTray", command: Command) -> None:
            super().__init__(widget)
            self.command = command

    class Offer(SentBy):
        def __init__(self, widget: "InfDiceTray", commands: tuple[Command, ...]) -> None:
            super().__init__(widget)
            self.commands = commands

    class Refused(SentBy):
        def __init__(self, widget: "InfDiceTray", words: str) -> None:
            super().__init__(widget)
            self.words = words

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.tray: Tray | None = None
        self.colours: list[str] = []  # the action check being chosen
        self.at = 0  # the die under the cursor

    def show(self, tray: Tray | None) -> None:
        if tray == self.tray and tray is not None:
            return
        if tray is None or tray.phase != Phase.CHECK:
            self.colours = []
        if tray is not None and tray.dice:
            self.at = min(self.at, len(tray.dice) - 1)
        self.tray = tray
        self._draw()

    def paragraph_text(self, paragraph):  # type: ignore[override]
        return paragraph

    def _draw(self) -> None:
        tray = self.tray
        self.show_paragraphs(self._lines(tray))  # (a change repaints the rows it changed)
        set_border_title(self, "Dice", self._subtitle(tray))

    def on_focus(self) -> None:
        self._draw()  # (the cursor's die is marked while the tray has the keys)

    def on_blur(self) -> None:
        self._draw()

    def _subtitle(self, tray: Tray | None) -> str:
        if tray is None:
            return ""
        if tray.phase == Phase.CHECK:
            return "t p f · Backspace · Enter rolls"
        if tray.phase == Phase.ADJUST:
            return "←→ · r reroll · c convert · Enter locks"
        return ""

    def _lines(self, tray: Tray | None) -> list[Content]:
        if tray is None:
            return [Content.styled("No dice to show.", "italic")]
        if tray.phase == Phase.CHECK:
            chosen = [self._box(c, c, False, False) for c in self.colours]
            chosen += [Content.styled("  ?   ", "dim")] * (CHECK_DICE - len(self.colours))
            return [Content("Your action check: four dice, any colours."), Content(" ").join(chosen),
                    Content.styled("A die: 3 faces of its colour, 1 of each other, a 0.", "dim")]
        if not tray.dice:
            who = "your" if tray.phase else f"{tray.whose}'s"
            return [Content.styled(f"No dice rolled yet this turn ({who} action check comes "
                                   "first).", "italic")]
        boxes = []
        for n, die in enumerate(tray.dice):
            box = Content.styled(f"{die.number}:", "dim") + self._box(die.colour, die.face, die.spent,
                                                      tray.phase == Phase.ADJUST and n == self.at and self.has_focus)
            notes = "".join(mark for flag, mark in ((die.rerolled, "↻"), (die.converted, "⇄"),
                                                   (die.added, "+")) if flag)
            boxes.append(box + Content.styled(notes, "dim"))
        whose = "Your" if tray.phase else f"{tray.whose}'s"
        left = max(0, tray.limit - tray.spent)
        spend = f"{whose} dice: {tray.spent} spent, {left} more may be spent (Health {tray.limit})."
        lines = [Content(" ").join(boxes), Content.styled(spend, "dim")]
        if tray.phase == Phase.ADJUST:
            lines.append(Content.styled("↻ rerolled  ⇄ converted  + added", "dim"))
            if self.has_focus and 0 <= self.at < len(tray.dice):
                lines.append(Content.styled(cursor_words(tray.dice[self.at]), "dim"))
        return lines

    @staticmethod
    def _box(colour: str, face: str, spent: bool, cursor: bool) -> Content:
        style = f"bold {DIE_COLOURS.get(colour, '')}".strip()
        if spent:
            style = "dim strike"
        if cursor:
            style += " reverse"
        return Content.styled(f"{FACE_MARKS.get(face, '?')}{FACE_WORDS.get(face, face):<5}", style)

    # ---- keys ---------------------------------------------------------------------------------

    def _refuse(self, words: str) -> None:
        self.post_message(self.Refused(self, words))

    def action_add(self, colour: str) -> None:
        tray = self.tray
        if tray is None or tray.phase != Phase.CHECK:
            # Outside the check the key is the table's (p: the leaders, f: flip), as its
            # hints say: passed on, not refused.
            raise SkipAction()
        if len(self.colours) >= CHECK_DICE:
            self._refuse(f"An action check rolls {CHECK_DICE} dice: Enter rolls them, "
                         "Backspace takes one back.")
            return
        self.colours.append(colour)
        self._draw()

    def action_take_back(self) -> None:
        if self.colours:
            self.colours.pop()
            self._draw()

    def action_pick(self, step: int) -> None:
        if self.tray is not None and self.tray.dice:
            self.at = (self.at + step) % len(self.tray.dice)
            self._draw()

    def action_goto(self, n: int) -> None:
        if self.tray is not None and 1 <= n <= len(self.tray.dice):
            self.at = n - 1
            self._draw()

    def _die(self):
        tray = self.tray
        if tray is None or not tray.dice or tray.phase != Phase.ADJUST:
            self._refuse("Dice are rerolled and converted after the roll, before they are locked.")
            return None
        return tray.dice[self.at]

    def action_reroll(self) -> None:
        die = self._die()
        if die is None:
            return
        if die.reroll is None:
            why = ("it was rerolled already" if die.rerolled else "it was converted" if die.converted
                   else "it was set, not rolled" if die.added else
                   f"no reroll of a {die.colour.capitalize()} die is left (a track at level 2 gives one)")
            self._refuse(f"Die {die.number} cannot be rerolled: {why}.")
            return
        self.post_message(self.Send(self, die.reroll))

    def action_convert(self) -> None:
        die = self._die()
        if die is None:
            return
        if not die.converts:
            why = "it was converted already" if die.converted else \
                "no track of yours converts that result now"
            self._refuse(f"Die {die.number} cannot be converted: {why}.")
            return
        if len(die.converts) > 1:
            self.post_message(self.Offer(self, die.converts))
        else:
            self.post_message(self.Send(self, die.converts[0]))

    def action_confirm(self) -> None:
        tray = self.tray
        if tray is None or not tray.phase:
            self._refuse("These are not your dice to roll or lock now.")
            return
        if tray.phase == Phase.CHECK:
            if len(self.colours) < CHECK_DICE:
                self._refuse(f"Choose {CHECK_DICE - len(self.colours)} more: t Tide, p Power, "
                             "f Fortitude.")
                return
            roll = roll_for(tray.rolls, self.colours)
            if roll is None:
                self._refuse("That roll is not possible now.")
                return
            self.colours = []
            self.post_message(self.Send(self, roll))
        elif tray.phase == Phase.ADJUST and tray.lock is not None:
            self.post_message(self.Send(self, tray.lock))
        else:
            self._refuse("Your dice are locked: spend them on the map, your hand or your units.")
