"""The combat panel: declaring attackers, assigning blockers, and what each pairing will do.

Attributes down: ``show(data)`` (the whole ``TableData``: the combat, both sides). It reads one
of three ways:

- declaring (the viewer's main phase or attack step, when a creature could attack): the viewer's
  creatures numbered as on the battlefield, each 'ready', 'attacking', 'must attack' (Reckless),
  or why it cannot ('sick', 'tapped', 'Defender'); a cursor over them. Choosing a creature
  toggles it: declares it, or takes a declared attacker back (until the attack is confirmed).
- blocking (the defender assigns): one line per attacker with its blockers in the order declared,
  the damage each takes and deals and who would die (the rules' forecast, from the view); below
  it the defender's creatures, numbered, each with the attacker it blocks or why it cannot
  block; last the damage to the player. A cursor picks the attacker.
- watching (any other combat): the same pairing lines, read only.

When its lines do not fit the height the screen gives it, the first line (what to do, its keys)
and the totals (the damage to the player, what follows) stay, and the lines between scroll:
they follow the cursor, and the wheel scrolls them; a line above and below says how many more.

Keys (ids ``net.combat.*``): up/down move the cursor; a creature's number toggles creature N
(declaring) or assigns blocker N to the attacker under the cursor, or takes its block back if it
blocks that attacker, or (if it blocks another) takes that block back first (blocking). With ten
creatures or more a number is typed in two digits (1 then 2: creature 12; a first digit no
two-digit number starts with acts at once, and Enter after one digit takes it alone); enter
toggles the creature under the cursor; a attacks with all; c confirms. Mouse: a click on a creature line
toggles or assigns it; on an attacker line moves the cursor there.
Messages: ``Declared(command)`` (a legal ``attack``, 'all' included, or ``withdraw``), ``Assigned(command)`` (a
legal ``block`` or ``unblock``), ``Confirmed(command)`` (the legal ``confirm``), ``Highlighted(card)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.widget import Widget

from shards_tui.core.commands import Command
from shards_tui.ui.widgets.card_messages import CardMessage, SentBy
from shards_tui.ui.tables.fractured_net.combat_data import Pairing
from shards_tui.ui.tables.fractured_net.table_data import CreatureFace, TableData
from shards_tui.ui.widgets._tcss import tcss


class CommandMessage(SentBy):
    def __init__(self, widget: Widget, command: Command) -> None:
        super().__init__(widget)
        self.command = command


@dataclass(frozen=True)
class Line:
    content: Content
    kind: str = ""  # 'attacker' (the cursor may rest on it), 'creature' (a numbered creature),
    # 'head' (the first line) or 'total' (the damage to the player and what follows): these two stay
    # on screen when the lines between them scroll
    card: str | None = None


def mode_of(data: TableData) -> str:
    """'declaring', 'blocking', 'watching' or 'none'."""
    c = data.combat
    if c.assigning:
        return "blocking"
    if c.attack or c.attack_all or c.withdraw or (c.stage == "declaring" and c.confirm is not None):
        return "declaring"
    return "watching" if c.stage != "none" else "none"


def _name(data: TableData, instance: str) -> str:
    c = data.creature(instance)
    return c.name if c else instance.split("#")[0]


def pairing_text(data: TableData, p: Pairing, defender: str) -> str:
    """'Unstable Golem 5/5: blocked by Relay Courier (takes 2, dies), Scrap Golem (takes 3,
    dies); it takes 4, survives.' or 'Net Wolf 3/2: unblocked, 3 to Ben.'"""
    a = data.creature(p.attacker)
    head = f"{_name(data, p.attacker)} {a.power}/{a.defense}" if a else _name(data, p.attacker)
    if not p.blockers:
        return f"{head}: unblocked, {p.to_player} to {defender}."
    parts = [f"{_name(data, b)} (takes {takes}, {'dies' if b in p.dead_blockers else 'survives'})"
             for b, takes, _ in p.blockers]
    back = sum(deals for _, _, deals in p.blockers)
    fate = "dies" if p.attacker_dies else "survives"
    return f"{head}: blocked by {', '.join(parts)}; it takes {back}, {fate}."


def _why_not_attack(c: CreatureFace) -> str:
    if c.attacking:
        return "attacking"
    if c.forced:
        return "must attack"
    if c.can_attack:
        return "ready"
    if "Defender" in c.keywords:
        return "Defender: cannot attack"
    if c.tapped:
        return "tapped"
    if c.sick:
        return "summoning sick"
    return "cannot attack"


class NetCombat(Widget, can_focus=True):
    DEFAULT_CSS = tcss(__file__)
    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False, id="net.combat.up"),
        Binding("down", "move(1)", "Down", show=False, id="net.combat.down"),
        *[Binding(str(n), f"number({n})", str(n), show=False, id=f"net.combat.{n}")
          for n in range(10)],
        Binding("enter", "enter", "Attack / take back", id="net.combat.enter",
                tooltip="Declare the creature under the cursor as an attacker, or take it back."),
        Binding("a", "all", "Attack with all", id="net.combat.all",
                tooltip="Declare every creature that can attack, and confirm."),
        Binding("c", "confirm", "Confirm", id="net.combat.confirm",
                tooltip="Confirm your attackers, or your blocks."),
    ]

    class Declared(CommandMessage):
        """Declare an attacker or take one back: ``command`` is a legal ``attack`` (its creature
        may be 'all') or ``withdraw``."""

    class Assigned(CommandMessage):
        """Assign or take back a block: ``command`` is a legal ``block`` or ``unblock``."""

    class Confirmed(CommandMessage):
        """Confirm the attackers or the blocks: ``command`` is the legal ``confirm``."""

    class Highlighted(CardMessage):
        """The cursor moved to this attacker or creature (``card``)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._data: TableData | None = None
        self.cursor = 0
        self.first = 0  # the first of the scrolling lines shown, when not all fit
        self._follow = True  # the next paint scrolls the cursor's line into view
        self._shown: list[tuple[Line | None, Content]] = []  # the rows painted (for a click)
        self.typed = ""  # the first digit of a creature's number over 9, while one is typed

    @property
    def mode(self) -> str:
        return mode_of(self._data) if self._data else "none"

    def show(self, data: TableData) -> None:
        if data != self._data:
            old = self.mode
            self._data = data
            if self.mode != old:
                self.cursor = 0
                self.typed = ""
                self.refresh_bindings()  # the footer offers Enter and a only while declaring
            self.cursor = min(self.cursor, max(0, len(self._targets()) - 1))
            self._follow = True
            self.refresh(layout=True)

    # ---- what it shows ----------------------------------------------------------------------

    def _mine(self) -> tuple[CreatureFace, ...]:
        return self._data.near_side.creatures if self._data else ()

    def _typing(self) -> str:
        """The first digit typed of a creature's number, and what may follow it ('' : none)."""
        return f"{self.typed}_: its second digit, or Enter for {self.typed}" if self.typed else ""

    def _numbers(self) -> str:
        """The creatures' numbers, for the panel's keys: '1-9', or '1-12 (12: 1 then 2)'."""
        count = len(self._mine())
        return "1-9" if count <= 9 else f"1-{count} ({count}: {str(count)[0]} then {str(count)[1:]})"

    def _targets(self) -> list[str]:
        """What the cursor moves over: the viewer's creatures when declaring, else attackers."""
        if self._data is None:
            return []
        if self.mode == "declaring":
            return [c.id for c in self._mine()]
        return list(self._data.combat.attackers)

    @property
    def current(self) -> str | None:
        targets = self._targets()
        return targets[self.cursor] if 0 <= self.cursor < len(targets) else None

    def lines(self) -> list[Line]:
        data = self._data
        if data is None:
            return []
        mode = self.mode
        here = self.current
        out: list[Line] = []
        if mode == "declaring":
            c = data.combat
            keys = self._typing() or (f"{self._numbers()} or click: declare / take back · a: all"
                                      + (" · c: confirm" if c.confirm else ""))
            out.append(Line(Content.assemble(("Attack ", "bold"), f"({keys})"), "head"))
            if c.forced:
                names = ", ".join(_name(data, f) for f in c.forced)
                out.append(Line(Content.styled(f"Reckless, must attack: {names}.", "$warning")))
            for n, cr in enumerate(self._mine(), 1):
                mark = "▸ " if cr.id == here and self.has_focus else "  "
                state = _why_not_attack(cr)
                style = "bold" if cr.can_attack or cr.attacking else "dim"
                out.append(Line(Content.assemble(mark, (f"[{n}] {cr.name} {cr.power}/{cr.defense}", style),
                                                 "  ", (state, "italic")), "creature", cr.id))
            return out
        if mode == "none":
            return [Line(Content.styled("No combat this turn yet.", "dim"))]
        c = data.combat
        attacker_side = next(s for s in data.sides if s.seat == c.attacker_seat)
        defender = next(s for s in data.sides if s.seat != c.attacker_seat)
        defender_name = "you" if defender.mine else defender.name
        if mode == "blocking":
            keys = self._typing() or (f"↑↓ attacker · {self._numbers()} or click: assign / take "
                                      "back · c: confirm")
            out.append(Line(Content.assemble(("Block ", "bold"), f"({keys})"), "head"))
        else:
            stage = {"declaring": "declaring attackers", "responding": "a Response window",
                     "blocking": f"{defender.name} is blocking"}.get(c.stage, c.stage)
            out.append(Line(Content.assemble((f"{attacker_side.name} attacks", "bold"), f" · {stage}"),
                            "head"))
        if c.stage == "blocking" and mode != "blocking":  # the blocks are the defender's until confirmed
            for a in c.attackers:
                out.append(Line(Content.assemble("  ", (_name(data, a), "bold")), "attacker", a))
            out.append(Line(Content.styled(f"The blocks, and what they would do, show once "
                                           f"{defender.name} confirms them.", "italic dim")))
            return out
        for p in c.pairings:
            mark = "▸ " if p.attacker == here and mode == "blocking" else "  "
            out.append(Line(Content.assemble(mark, pairing_text(data, p, defender_name)),
                            "attacker", p.attacker))
        if mode == "blocking":
            for n, cr in enumerate(self._mine(), 1):
                if cr.blocking:
                    state = f"blocks {_name(data, cr.blocking)}"
                elif c.can_block_with(cr.id):
                    able = c.can_block_with(cr.id)
                    state = "can block" if here in able else "can block another attacker"
                else:
                    state = "tapped: cannot block" if cr.tapped else "cannot block these attackers"
                style = "bold" if cr.blocking or c.can_block_with(cr.id) else "dim"
                out.append(Line(Content.assemble("  ", (f"[{n}] {cr.name} {cr.power}/{cr.defense}", style),
                                                 "  ", (state, "italic")), "creature", cr.id))
        lethal = f": {'you lose' if defender_name == 'you' else f'{defender_name} loses'}" \
            if c.lethal else ""
        out.append(Line(Content.styled(f"Damage to {defender_name}: {c.to_player}{lethal}.", "bold"),
                        "total"))
        for words in c.then:
            out.append(Line(Content.styled(f"Then {words}", "dim"), "total"))
        for words in c.not_counted:
            out.append(Line(Content.styled(f"Not counted (a choice or a chance): {words}", "dim"), "total"))
        return out

    def _wrapped(self, width: int) -> list[tuple[Line, Content]]:
        """Each screen row: the line it belongs to, and its text (a long line wraps)."""
        return [(line, row) for line in self.lines()
                for row in line.content.wrap(max(1, width))]

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self._wrapped(width)))

    def render(self) -> Content:
        width = self.content_size.width or 80
        self._shown = self._fitted(self._wrapped(width), self.content_size.height)
        return Content("\n").join(row for _, row in self._shown)

    def _fitted(self, rows: list[tuple[Line, Content]], height: int) -> list[tuple[Line | None, Content]]:
        """The rows that fit ``height``: all, or the first line and the totals with a window of
        the lines between them (the cursor's line in it, after a move) and how many more."""
        if not height or len(rows) <= height:
            return list(rows)
        head = [r for r in rows if r[0].kind == "head"]
        tail = [r for r in rows if r[0].kind == "total"]
        middle = [r for r in rows if r[0].kind not in ("head", "total")]
        room = height - len(head) - len(tail) - 2  # (a line for 'more above', one for 'below')
        if room < 1:
            return list(rows[:height])
        if self._follow:
            here = [k for k, (line, _) in enumerate(middle) if line.card and line.card == self.current]
            if here:
                if here[0] < self.first:
                    self.first = here[0]
                elif here[-1] >= self.first + room:
                    self.first = here[-1] - room + 1
            self._follow = False
        self.first = max(0, min(self.first, len(middle) - room))
        above, below = self.first, len(middle) - self.first - room

        def more(n: int, where: str) -> tuple[None, Content]:
            return None, Content.styled(f"  {'↑' if where == 'above' else '↓'} {n} more line"
                                        f"{'' if n == 1 else 's'} {where}" if n else "", "dim")

        return [*head, more(above, "above"), *middle[self.first:self.first + room],
                more(below, "below"), *tail]

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._scroll(1, event)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._scroll(-1, event)

    def _scroll(self, delta: int, event: events.MouseEvent) -> None:
        """The wheel scrolls the lines between the first and the totals (when not all fit)."""
        if len(self._shown) < len(self._wrapped(self.content_size.width or 80)):
            event.stop()
            self.first = max(0, self.first + delta)
            self.refresh()

    @property
    def text(self) -> str:
        """The panel's lines, unwrapped."""
        return "\n".join(line.content.plain for line in self.lines())

    # ---- keys and mouse --------------------------------------------------------------------------

    def action_move(self, delta: int) -> None:
        self._type("")
        targets = self._targets()
        if targets:
            self.cursor = max(0, min(len(targets) - 1, self.cursor + delta))
            self._follow = True
            self.refresh()
            self.post_message(self.Highlighted(self, self.current))

    def _creature(self, index: int) -> CreatureFace | None:
        mine = self._mine()
        return mine[index] if 0 <= index < len(mine) else None

    def action_number(self, n: int) -> None:
        typed = self.typed + str(n)
        if len(typed) == 1 and 0 < n and n * 10 <= len(self._mine()):
            self._type(typed)  # a second digit may follow (1 then 2: creature 12)
            return
        self._type("")
        creature = self._creature(int(typed) - 1)
        if creature is not None:
            self._act_on(creature.id)

    def _type(self, typed: str) -> None:
        if typed != self.typed:
            self.typed = typed
            self.refresh()

    def _act_on(self, creature: str) -> None:
        data = self._data
        if data is None:
            return
        c = data.combat
        if self.mode == "declaring":
            command = c.toggle_command(creature)
            if command is not None:
                self.post_message(self.Declared(self, command))
        elif self.mode == "blocking" and self.current is not None:
            mine = data.creature(creature)
            if mine is not None and mine.blocking is not None:
                command = c.unblock_command(creature)
            else:
                command = c.block_command(creature, self.current)
            if command is not None:
                self.post_message(self.Assigned(self, command))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter ('Attack / take back') and a ('Attack with all') are declaring keys: while
        blocking the footer does not offer them (1-9 assign there, c confirms), but Enter
        still takes a first digit typed alone (creature 1 of 12)."""
        if action == "enter":
            return self.mode == "declaring" or bool(self.typed)
        if action == "all":
            return self.mode == "declaring"
        return True

    def action_enter(self) -> None:
        if self.typed:  # a first digit alone: that creature
            number, self.typed = int(self.typed), ""
            self.refresh()
            creature = self._creature(number - 1)
            if creature is not None:
                self._act_on(creature.id)
        elif self.mode == "declaring" and self.current is not None:
            self._act_on(self.current)

    def action_all(self) -> None:
        if self._data is not None and self.mode == "declaring" and self._data.combat.attack_all:
            self.post_message(self.Declared(self, self._data.combat.attack_all))

    def action_confirm(self) -> None:
        if self._data is not None and self._data.combat.confirm is not None:
            self.post_message(self.Confirmed(self, self._data.combat.confirm))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        rows = self._shown
        if offset is None or not 0 <= offset.y < len(rows) or rows[offset.y][0] is None:
            return
        line = rows[offset.y][0]
        if line.kind == "creature" and line.card:
            if self.mode == "declaring":
                self.cursor = self._targets().index(line.card)
                self.refresh()
            self._act_on(line.card)
        elif line.kind == "attacker" and line.card and self.mode == "blocking":
            self.cursor = self._targets().index(line.card)
            self.refresh()
            self.post_message(self.Highlighted(self, line.card))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
