"""Answering the game: a pending decision (pick options) and the attack-phase power split.

``DecisionPanel`` shows a prompt and its options as a list. Space or a click ticks an option
('[x]', so it reads without colour), Enter confirms. With ``max`` 1 it behaves like radio
buttons and Enter on an unticked list takes the highlighted option. Where none may be chosen,
Enter with nothing ticked asks to be pressed again (a second Enter that was meant for the
hand-off cover must not give up a player's shields), and so does Enter on a highlighted option
that has a ``confirm`` sentence (dropping out of an auction). The bounds are checked before
``Answered`` is posted; the screen turns it into 'choose a b' or 'choose none'.
The prompt is docked at the top and the rule and buttons at the bottom, so when the screen gives
the panel fewer rows than it has options, only the list between them shrinks (and scrolls).
"""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.ordered_input import OrderedInput


class ChoiceList(OptionList):
    """An option list whose Enter confirms and whose Space/click ticks."""

    BINDINGS = [
        Binding("space", "toggle", "Tick", show=False),
        Binding("enter", "confirm", "Confirm", show=False),
    ]

    class Toggle(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class Confirm(Message):
        pass

    def on_resize(self) -> None:
        """Given fewer rows (a smaller terminal), the list still shows its highlighted option:
        the one Enter takes."""
        self.scroll_to_highlight()

    def action_select(self) -> None:  # a click
        self.action_toggle()

    def action_toggle(self) -> None:
        if self.highlighted is not None:
            self.post_message(self.Toggle(self.highlighted))

    def action_confirm(self) -> None:
        self.post_message(self.Confirm())


class DecisionPanel(Vertical):
    DEFAULT_CSS = tcss(__file__)

    class Answered(Message):
        """The player's answer: the chosen option ids (empty: none)."""

        def __init__(self, ids: tuple[str, ...]) -> None:
            super().__init__()
            self.ids = ids

    class Highlighted(Message):
        """The option under the cursor changed (the screen may show that card)."""

        def __init__(self, option_id: str) -> None:
            super().__init__()
            self.option_id = option_id

    def __init__(self, *, enter_takes_highlighted: bool = False, **kwargs) -> None:
        """``enter_takes_highlighted``: on a one-option list where none may be chosen too,
        Enter on an unticked list takes the highlighted option (none is n or its button), as
        a table whose border says 'Enter chooses, n: none' promises; without it, Enter there
        asks to be pressed again to choose none (Shards' shields after a hand-off)."""
        super().__init__(**kwargs)
        self.enter_takes_highlighted = enter_takes_highlighted
        self._key: object = None
        self._options: list[tuple[str, str]] = []
        self._ticked: list[str] = []
        self._min = 0
        self._max = 1
        self._none_armed = False  # Enter with nothing ticked was pressed once already
        self._confirm: dict[str, str] = {}  # option id: the sentence asking for a second Enter
        self._armed = ""  # the option whose second Enter is awaited

    def compose(self):
        yield Static("", classes="prompt")
        yield ChoiceList(classes="choices")
        with Vertical(classes="bottom"):
            yield Static("", classes="rule")
            with Horizontal(classes="buttons"):
                yield Button("Confirm (enter)", id="decision-confirm", variant="primary",
                             compact=True)
                yield Button("Choose none (n)", id="decision-none", compact=True)

    def show(self, prompt: str, options: list[tuple[str, str]], min_: int, max_: int,
             asked: object = None, confirm: dict[str, str] | None = None) -> None:
        """Show a decision; showing the same one again keeps the ticks. ``asked`` tells
        decisions that read alike apart (who is asked, and when): a new one starts fresh.
        ``confirm`` maps the options that Enter takes only when pressed twice to what it says."""
        key = (prompt, tuple(options), min_, max_, asked)
        if key == self._key:
            return
        self._key, self._options, self._min, self._max = key, list(options), min_, max_
        self._ticked = []
        self._none_armed, self._armed = False, ""
        self._confirm = {oid: text for oid, text in (confirm or {}).items() if text}
        self.border_title = "Your decision"
        self.query_one(".prompt", Static).update(Content(prompt))
        self.query_one("#decision-none", Button).display = min_ == 0 and max_ > 0
        self.query_one("#decision-confirm", Button).label = (
            "Go on (enter)" if max_ == 0 else "Confirm (enter)")
        self._redraw(highlight=0)

    def clear(self) -> None:
        """Forget the decision shown (its options and ticks): the next one starts fresh."""
        self._key, self._options, self._ticked = None, [], []
        self.query_one(".prompt", Static).update("")
        self.query_one(ChoiceList).clear_options()

    @property
    def ticked(self) -> list[str]:
        return list(self._ticked)

    def _rule(self) -> str:
        lo, hi = self._min, self._max
        if hi == 0 or not self._options:
            return "Nothing to choose: press Enter to go on."
        if hi == 1 and lo == 1 and not self._ticked:
            return "Choose one option: Enter takes the highlighted one."
        if hi == 1 and self.enter_takes_highlighted and not self._ticked:
            return "Choose at most one option: Enter takes the highlighted one, n chooses none."
        if hi == 1:
            need = "one option" if lo == 1 else "at most one option"
        elif lo == hi:
            need = f"exactly {lo} options"
        else:
            need = f"{lo} to {hi} options"
        return f"Choose {need}: Space/click ticks, Enter confirms ({len(self._ticked)} ticked)."

    def _redraw(self, highlight: int | None = None) -> None:
        choices = self.query_one(ChoiceList)
        old = choices.highlighted if highlight is None else highlight
        prompts = [Option(self._prompt(n, False), id=oid)
                   for n, (oid, _) in enumerate(self._options)]
        choices.set_options(prompts)
        if prompts:
            choices.highlighted = min(old or 0, len(prompts) - 1)
        self.query_one(".rule", Static).update(Content(self._rule()))

    def _prompt(self, index: int, highlighted: bool) -> Content:
        """'▶ [x] Command Seer (shield 5)': the arrow marks the highlight without colour."""
        oid, label = self._options[index]
        on = oid in self._ticked
        if self._min == self._max == 1:
            box = "(•) " if on else "( ) "
        else:
            box = "[x] " if on else "[ ] "
        return Content(("▶ " if highlighted else "  ") + box + label)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        choices = self.query_one(ChoiceList)
        for n in range(len(self._options)):
            choices.replace_option_prompt_at_index(n, self._prompt(n, n == event.option_index))
        if self._armed:
            self._armed = ""
            self.query_one(".rule", Static).update(Content(self._rule()))
        if 0 <= event.option_index < len(self._options):
            self.post_message(self.Highlighted(self._options[event.option_index][0]))

    def focus_choices(self) -> None:
        self.query_one(ChoiceList).focus()

    def on_choice_list_toggle(self, event: ChoiceList.Toggle) -> None:
        event.stop()
        oid = self._options[event.index][0]
        if oid in self._ticked:
            self._ticked.remove(oid)
        elif self._max == 1:
            self._ticked = [oid]
        elif len(self._ticked) >= self._max:
            self.query_one(".rule", Static).update(
                Content(f"You may tick at most {self._max}; untick one first."))
            return
        else:
            self._ticked.append(oid)
        self._none_armed = False
        self._redraw()

    def on_choice_list_confirm(self, event: ChoiceList.Confirm) -> None:
        event.stop()
        self.confirm()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "decision-none":
            self.choose_none()
        else:
            self.confirm()

    def choose_none(self) -> None:
        if self._min > 0:
            self._armed = ""  # the line asking for a second Enter is gone: so is its arming
            self.query_one(".rule", Static).update(Content(f"You must choose {self._min}."))
            return
        self.post_message(self.Answered(()))

    def confirm(self) -> None:
        chosen = [oid for oid, _ in self._options if oid in self._ticked]
        choices = self.query_one(ChoiceList)
        takes = self._min >= 1 or self.enter_takes_highlighted
        if not chosen and takes and self._max == 1 and choices.highlighted is not None:
            chosen = [self._options[choices.highlighted][0]]
            if chosen[0] in self._confirm and self._armed != chosen[0]:
                self._armed = chosen[0]
                self.query_one(".rule", Static).update(Content(self._confirm[chosen[0]]))
                return
        if not self._min <= len(chosen) <= self._max:
            self.query_one(".rule", Static).update(Content("Not yet: " + self._rule()))
            return
        if not chosen and self._options and self._max > 0 and not self._none_armed:
            self._none_armed = True
            self.query_one(".rule", Static).update(Content(
                "Nothing is ticked: press Enter again to choose none, or Space to tick one."))
            return
        self.post_message(self.Answered(tuple(chosen)))


class AssignPanel(Vertical):
    """The attack phase with several opponents: send some of your power at one of them."""

    DEFAULT_CSS = tcss(__file__)
    BINDINGS = [
        Binding("left,minus", "amount(-1)", "Less power", show=False),
        Binding("right,plus", "amount(1)", "More power", show=False),
    ]

    class Assigned(Message):
        def __init__(self, target: str, amount: int) -> None:
            super().__init__()
            self.target = target
            self.amount = amount

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._targets: list[tuple[str, str]] = []
        self._power = 0

    def compose(self):
        yield Static("", classes="prompt")
        yield ChoiceList(classes="choices")
        with Horizontal(classes="amount-row"):
            yield Static("Amount (←/→ change it, Enter sends):", classes="amount-label")
            yield OrderedInput("", type="integer", id="assign-amount", max_length=6, compact=True)

    def show(self, power: int, targets: list[tuple[str, str]]) -> None:
        """``targets`` are (player slug, label) pairs."""
        self.border_title = "Attack phase"
        changed = (targets, power) != (self._targets, self._power)
        choices = self.query_one(ChoiceList)
        before = [slug for slug, _ in self._targets]
        after = choices.highlighted
        if after is not None and before == [slug for slug, _ in targets] and power < self._power:
            after = (after + 1) % len(targets)  # some power was sent: on to the next opponent
        elif changed:
            after = 0 if targets else None
        self._targets, self._power = list(targets), power
        self.query_one(".prompt", Static).update(Content(  # short: at 80x24, 3 opponents fit
            f"Assign all {power} of your power to opponents." if power != 1
            else "Assign your 1 power to an opponent."))
        if changed:
            choices.set_options([Option(Content(label), id=slug) for slug, label in targets])
            choices.highlighted = after
            self.query_one("#assign-amount", Input).value = str(power)

    def focus_choices(self) -> None:
        self.query_one(ChoiceList).focus()

    def action_amount(self, delta: int) -> None:
        box = self.query_one("#assign-amount", Input)
        raw = box.value.strip()
        amount = int(raw) if raw.isdigit() else self._power
        box.value = str(min(self._power, max(1, amount + delta)))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        choices = self.query_one(ChoiceList)
        for n, (_, label) in enumerate(self._targets):
            mark = "▶ " if n == event.option_index else "  "
            choices.replace_option_prompt_at_index(n, Content(mark + label))

    def _send(self) -> None:
        choices = self.query_one(ChoiceList)
        if choices.highlighted is None or not self._targets:
            return
        raw = self.query_one("#assign-amount", Input).value.strip()
        amount = int(raw) if raw.isdigit() else self._power
        self.post_message(self.Assigned(self._targets[choices.highlighted][0], amount))

    def on_choice_list_toggle(self, event: ChoiceList.Toggle) -> None:
        event.stop()

    def on_choice_list_confirm(self, event: ChoiceList.Confirm) -> None:
        event.stop()
        self._send()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._send()
