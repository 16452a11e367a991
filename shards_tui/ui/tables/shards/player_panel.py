"""Players: a panel per opponent (numbers, champions to attack) and your own resource bar.

Numbers are shown as short items ('♥ 50 health', 'hand 5') packed into as few lines as the
width allows and never split in the middle, so a narrow terminal wraps instead of cutting.
An opponent's relics have a line of their own; on a short, narrow terminal, where each
opponent has one line, the relics of all opponents share the line(s) under them instead. There,
when the rows run short, an opponent's champions share a line under theirs too (fit.py): a
champion is never out of sight behind a scroll.
"""

from __future__ import annotations

from typing import Awaitable, Mapping

from rich.text import Text
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from shards_tui.ui.widgets._tcss import tcss
from shards_tui.ui.widgets.unchanged import set_border_title, steady_update, unchanged
from shards_tui.ui.tables.shards.card_lines import MARK, cut_runs, plain
from shards_tui.ui.tables.shards.card_region import DrawnRows
from shards_tui.ui.tables.shards.card_rows import CardRows
from shards_tui.ui.widgets.rows_view import runs_line
from shards_tui.ui.tables.shards.describe import CardInfo, PlayerInfo
from shards_tui.games.shards.zones import amount_text

Item = list[tuple[str, str]]  # one item: (text, style) runs that stay on one line
GLUE = ("", "glue")  # an item starting with this follows the one before after one space, not two
DIVIDER = ("│ ", "")  # an item starting with this shows it only when not first on its line


class PackedLine(Widget):
    """Items separated by two spaces (one before a GLUE item), wrapped between items; an item
    wider than the line is broken between its words.

    With a max-height in cells, items that need more lines than that are shown in their short
    forms (``short``, if given, then ``shortest``), and what still does not fit is left out,
    marked '…'."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._items: list[Item] = []
        self._short: list[Item] | None = None
        self._shortest: list[Item] | None = None
        self._fit: tuple[tuple[int, object], list[list[Item]]] | None = None  # (width, max), lines
        self._drawn = DrawnRows()

    def set_items(self, items: list[Item], short: list[Item] | None = None,
                  shortest: list[Item] | None = None) -> None:
        if unchanged(self, "items", repr(items), repr(short), repr(shortest)):
            return
        width = self.content_size.width
        before = self._fitted(width) if width > 0 else None
        self._items, self._short, self._shortest = items, short, shortest
        self._fit = None
        after = self._fitted(width) if width > 0 else None
        if before is None or after is None or len(before) != len(after):
            self.refresh(layout=True)  # another number of lines (the width is the parent's)
            return
        for y, (old, new) in enumerate(zip(before, after)):  # only the lines that changed
            if repr(old) != repr(new):
                self.refresh(Region(0, y, width, 1))

    @property
    def plain(self) -> str:
        return "".join(("" if n == 0 else " " if item[:1] == [GLUE] else "  ")
                       + "".join(t for t, _ in item) for n, item in enumerate(self._items))

    def _lines(self, width: int, items: list[Item] | None = None) -> list[list[Item]]:
        lines: list[list[Item]] = [[]]
        used = 0
        every = self._items if items is None else items
        for item in (piece for whole in every for piece in split_item(whole, width)):
            size = sum(len(t) for t, _ in item)
            gap = (1 if item[:1] == [GLUE] else 2) if lines[-1] else 0
            if lines[-1] and used + gap + size > width:
                lines.append([])
                used, gap = 0, 0
            if not lines[-1] and item[:1] == [DIVIDER]:
                size -= len(DIVIDER[0])  # not drawn first on a line (row_runs)
            lines[-1].append(item)
            used += gap + size
        return lines

    def _fitted(self, width: int) -> list[list[Item]]:
        """The lines drawn (worked out once per width and items): ``_fit_lines``."""
        key = (width, self.styles.max_height)
        if self._fit is None or self._fit[0] != key:
            self._fit = (key, self._fit_lines(width))
        return self._fit[1]

    def _fit_lines(self, width: int) -> list[list[Item]]:
        """The lines drawn: all items if they fit the max-height, else the short forms, else
        as many lines as fit, the last one carrying the rest, cut at the edge with '…' (in the
        long or short forms, whichever shows more items whole; the long ones when equal)."""
        lines = self._lines(width)
        limit = self.styles.max_height
        most = int(limit.value) if limit is not None and limit.is_cells else None
        if most is None or most < 1 or len(lines) <= most:
            return lines
        best = _cut(lines, most)
        for form in (self._short, self._shortest):
            if form is None:
                continue
            short = self._lines(width, form)
            if len(short) <= most:
                return short
            cut = _cut(short, most)
            if _whole_items(cut, width) > _whole_items(best, width):
                best = cut
        return best

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._fitted(width))

    def rows_at(self, width: int) -> int:
        """The lines all its items take at ``width`` cells (its max-height aside)."""
        return len(self._lines(width)) if self._items else 0

    def render_line(self, y: int) -> Strip:
        """One line of items, drawn once for as long as it reads the same."""
        width = self.content_size.width
        lines = self._fitted(width) if width > 0 else []
        style = self.visual_style
        if not 0 <= y < len(lines):
            return Strip.blank(width, style.rich_style)
        line = lines[y]

        def draw() -> Strip:
            return runs_line(row_runs(line), width, style.rich_style)

        return self._drawn.get(self, (repr(line), width), draw)

    @property
    def text(self) -> str:
        """The lines shown, as plain text."""
        width = self.content_size.width or 80
        return "\n".join(row_text(line, width) for line in self._fitted(width))


def row_runs(line: list[Item]) -> list[tuple[str, str]]:
    """One line of items as runs of text: two spaces between items (one before GLUE); a
    DIVIDER is drawn only between items, never first on its line."""
    runs: list[tuple[str, str]] = []
    for k, item in enumerate(line):
        if k:
            runs.append((" " if item[:1] == [GLUE] else "  ", ""))
        elif item[:1] == [DIVIDER]:
            item = item[1:]
        runs += [(part, "" if style == GLUE[1] else style) for part, style in item]
    return runs


def row_text(line: list[Item], width: int) -> str:
    """One line of items as plain text, cut at ``width`` with '…' if it is longer."""
    return plain(cut_runs(row_runs(line), width))


def _cut(lines: list[list[Item]], most: int) -> list[list[Item]]:
    """The first ``most`` lines, the last one also carrying the items after it (drawn up to
    the edge, where an ellipsis shows that there is more)."""
    rest = [item for line in lines[most:] for item in line]
    return lines[:most - 1] + [lines[most - 1] + rest]


def _whole_items(lines: list[list[Item]], width: int) -> int:
    """How many items show whole when each line is cut at ``width`` (less one cell for '…')."""
    count = 0
    for line in lines:
        for n in range(len(line), 0, -1):
            if _line_width(line[:n]) <= (width if n == len(line) else width - 1):
                count += n
                break
    return count


def _line_width(line: list[Item]) -> int:
    return sum(len(t) for t, _ in row_runs(line))


def split_item(item: Item, width: int) -> list[Item]:
    """An item wider than ``width`` broken between words into pieces that fit (a word wider
    than that stays whole and is cut at the edge)."""
    if width < 1 or sum(len(t) for t, _ in item) <= width:
        return [item]
    mark = item[:1] if item[:1] in ([GLUE], [DIVIDER]) else []
    words = [(word, style) for text, style in item[len(mark):] for word in text.split(" ")
             if word]
    pieces: list[Item] = [list(mark)]
    used = len(DIVIDER[0]) if mark == [DIVIDER] else 0
    for word, style in words:
        gap = 1 if pieces[-1] and pieces[-1] not in ([GLUE], [DIVIDER]) else 0
        if gap and used + gap + len(word) > width:
            pieces.append([GLUE])
            used, gap = 0, 0
        pieces[-1].append((" " * gap + word, style))
        used += gap + len(word)
    return pieces


def _stat(symbol: str, colour: str, words: str) -> Item:
    return [(symbol + " ", colour), (words, "bold")]


def relic_items(p: PlayerInfo, owner: bool = False) -> list[Item]:
    """'relics A /', 'B': one item per relic, so the line breaks between relic names.
    ``owner``: 'Ben: A /', 'B', for a line that lists several players' relics."""
    names = p.relics.split(" / ")
    items: list[Item] = [[GLUE, (name + (" /" if n < len(names) - 1 else ""), "")]
                         for n, name in enumerate(names)]
    items[0][0] = (f"{p.name}: ", "bold") if owner else ("relics ", "magenta")
    return items


def all_relic_items(players: list[PlayerInfo]) -> list[Item]:
    """'relics Ben: A / B │ Cid: C / D': the relics of several players on one line (or two);
    with one player, whose they are goes without saying: 'relics A / B'."""
    items: list[Item] = []
    holders = [p for p in players if p.relics and not p.eliminated]
    for p in holders:
        if len(holders) == 1:
            return relic_items(p)
        mine = relic_items(p, owner=True)
        mine[0] = ([("relics ", "magenta")] if not items else [DIVIDER]) + mine[0]
        items += mine
    return items


def opponent_items(p: PlayerInfo, short: bool = False) -> list[Item]:
    """``short``: health and mastery as bare numbers beside their symbols."""
    items: list[Item] = [[(p.title, "bold")]]
    if p.ally or p.across:  # 2v2 Team Attack (the border title says it too, but not when narrow)
        items.append([("your teammate" if p.ally else "across from you", "bold italic")])
    if p.active:
        items.append([("◀ to play", "bold reverse")])
    if p.eliminated:
        return items + [[("OUT of the game", "bold")]]
    items += [_stat("♥", "red", f"{p.health}" if short else f"{p.health} health"),
              _stat("✦", "cyan", f"{p.mastery}" if short else f"{p.mastery} mastery")]
    if p.protected:  # before the counts: a line cut short at 80 columns still says it
        items.append([("PROTECTED", "bold reverse")])
    items.append([(f"hand {p.hand_count} · deck {p.deck_count} · discard {p.discard_count}", "")]
                 if not p.nemesis else [("no cards: plays the center deck · wins at 30 mastery",
                                         "")])
    return items  # (the relics have a line of their own: relic_items)


def champion_items(champions: list[CardInfo], selected: str | None = None) -> list[Item]:
    """'champions Evokatus def 2 (t) │ Systema A.I. def 4 protected': an opponent's champions
    on a line of their own (or two), as their rows say them, the selected one marked."""
    items: list[Item] = []
    for n, card in enumerate(champions):
        chosen = card.id == selected
        item: Item = [("champions ", "yellow")] if n == 0 else [DIVIDER]
        item += [(f"{MARK if chosen else ''}{card.name}", "bold reverse" if chosen else "bold"),
                 (f" def {card.defense}", "")]
        if card.exhausted:
            item.append((" EXHAUSTED", "italic"))
        if card.protected:
            item.append((" protected", "italic"))
        if card.keys:
            item.append((f" ({'/'.join(card.keys)})", "bold"))
        items.append(item)
    return items


class OpponentPanel(Vertical):
    """One opponent. Their champions are rows of cards so they can be selected and attacked."""

    DEFAULT_CSS = tcss(__file__)

    def __init__(self, first: tuple[PlayerInfo, list[CardInfo]] | None = None,
                 tag: str | None = None, selected: str | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self._first = first
        self._tag = tag
        self._selected = selected
        self._built = False
        self.player_name = ""
        self._stats = PackedLine(classes="stats")
        self._relics = PackedLine(classes="relics -none")
        self._in_play = Static("", classes="in-play")
        self.champions = CardRows(classes="champions -none")
        self.champion_line = PackedLine(classes="champion-line -none")  # where rows are short

    def on_mount(self) -> None:
        self._built = True
        if self._first is not None:
            self.show(*self._first, tag=self._tag, selected=self._selected)
            self._first = None

    def compose(self):
        yield self._stats
        yield self._relics
        yield self._in_play
        yield self.champions
        yield self.champion_line

    def show(self, player: PlayerInfo, champions: list[CardInfo],
             tag: str | None = None, selected: str | None = None) -> None:
        """``tag``: what plays this seat if not a person ('greedy bot'); ``selected``: the
        selected card's id, if the selection is among the enemy champions."""
        if not self._built:  # mounted but not composed yet: show this once it is
            self._first, self._tag, self._selected = (player, champions), tag, selected
            return
        self.player_name = player.name
        role = "Teammate" if player.ally else "Opponent, across" if player.across else "Opponent"  # 2v2
        set_border_title(self, "Nemesis" if player.nemesis else f"{role}: {tag}" if tag else role)
        self.update_classes({"-active": player.active, "-out": player.eliminated})
        self._stats.set_items(opponent_items(player), opponent_items(player, short=True))
        relics = self._relics
        relics.set_items(relic_items(player) if player.relics and not player.eliminated else [])
        relics.set_class(not relics.plain, "-none")
        if not unchanged(self, "in-play", player.in_play):
            steady_update(self._in_play,
                          Text(f"In play: {player.in_play}") if player.in_play else "")
            self._in_play.display = bool(player.in_play)
        self.champions.set_class(not champions, "-none")
        self.champions.show(champions, selected)
        self.champion_line.set_class(not champions, "-none")
        self.champion_line.set_items(champion_items(champions, selected))

    def select(self, selected: str | None) -> None:
        if self._built:
            self.champions.select(selected)
            self.champion_line.set_items(champion_items(self.champions.cards, selected))
        else:
            self._selected = selected

    def holds(self, card_id: str) -> bool:
        return any(card.id == card_id for card in self.champions.cards)

    def stacked_rows(self) -> int:
        """The rows it shows stacked (80x24: its numbers on one line, then what is in play
        and a row per champion), however few of them it is given."""
        in_play = max(1, self._in_play.outer_size.height) if self._in_play.display else 0
        return 1 + in_play + len(self.champions.cards)

    def packed_rows(self, width: int) -> int:
        """The rows it shows with its champions on a line of their own (``champion_line``)."""
        in_play = max(1, self._in_play.outer_size.height) if self._in_play.display else 0
        return 1 + in_play + self.champion_line.rows_at(width)


class OpponentsBar(Horizontal):
    """Opponent panels side by side (stacked on narrow screens), one per opponent; under
    them a line with every opponent's relics, shown where the panels have no room for them
    (see the table's styles)."""

    DEFAULT_CSS = tcss(__file__)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._all_relics = PackedLine(classes="all-relics -none")
        self._shown = 0  # how many panels show an opponent
        self._told: tuple[object, ...] | None = None  # what the panels show (None: not known)

    def compose(self):
        yield self._all_relics

    def panels(self) -> list[OpponentPanel]:
        """The panels that show an opponent, in order."""
        return list(self.query_children(OpponentPanel))[:self._shown]

    def all_relics_rows(self) -> int:
        """The row of everyone's relics, where the panels are stacked: 1 if anyone has one
        (whether or not it is shown now)."""
        return 0 if self._all_relics.has_class("-none") else 1

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.tag_owners()

    def tag_owners(self) -> None:
        """Name the owner at the end of their champions' rows while the line that names them
        is scrolled out of sight above (the stacked panels of 80x24); no one's otherwise."""
        top = round(self.scroll_y)
        for panel in self.panels():
            place = panel.virtual_region
            hidden = place.y < top < place.bottom
            panel.champions.tag_owner(panel.player_name if hidden else "")

    def show_owner_of(self, card_id: str) -> None:
        """Keep the selected champion in sight and, where the opponents scroll (80x24), its
        owner's line with it: a champion on top of the rows read as no one's."""
        if self.has_class("-squeezed"):  # champions on their owner's lines: show the owner
            panel = next((p for p in self.panels() if p.holds(card_id)), None)
            if panel is not None:
                self.scroll_to_widget(panel, animate=False, immediate=True)
            return
        for panel in self.panels():
            row = panel.champions.row_region(card_id)
            if row is not None:
                break
        else:
            return
        rows, y = self.scrollable_content_region, self.scroll_y
        top, height = rows.y, rows.height
        panel_top = panel.region.y - top + y  # in the rows of the scrolled content
        card_bottom = row.bottom - top + y
        card_top = row.y - top + y
        if card_bottom - panel_top > height:  # the owner's line and the card do not fit together:
            if card_top < y:  # the card alone, then
                self.scroll_to(y=card_top, animate=False, immediate=True)
            elif card_bottom > y + height:
                self.scroll_to(y=card_bottom - height, animate=False, immediate=True)
            return
        if panel_top < y:
            self.scroll_to(y=panel_top, animate=False, immediate=True)
        elif card_bottom > y + height:
            self.scroll_to(y=card_bottom - height, animate=False, immediate=True)

    def show(self, players: list[tuple[PlayerInfo, list[CardInfo]]],
             tags: Mapping[int, str] | None = None,
             selected: str | None = None) -> list[Awaitable[object]]:
        """``tags``: {seat: 'greedy bot'} for the seats bots play; ``selected``: the selected
        card's id (an enemy champion's, if the selection is one). Returns the mounts under
        way (panels for more opponents than before)."""
        tags = tags or {}
        told = (players, sorted(tags.items()), selected)
        if told == self._told:  # a move that left the opponents as they were (most of yours)
            return []
        self._told = told
        relics = self._all_relics
        relics.set_items(all_relic_items([info for info, _ in players]))
        relics.set_class(not relics.plain, "-none")
        self.set_class(len(players) >= 3, "-crowded")
        panels = list(self.query_children(OpponentPanel))
        waits: list[Awaitable[object]] = []
        for panel, (info, champions) in zip(panels, players):
            panel.show(info, champions, tag=tags.get(info.seat), selected=selected)
            panel.display = True
        # Spare panels are hidden, not removed (a hot-seat hand-off shows every player, then
        # the seat's opponents only): no widget is mounted again at each hand-off.
        for panel in panels[len(players):]:
            panel.display = False
        if len(players) > len(panels):
            waits.append(self.mount_all([OpponentPanel(entry, tags.get(entry[0].seat), selected,
                                                       classes="opponent")
                                         for entry in players[len(panels):]]))
        self._shown = len(players)
        self.call_after_refresh(self.tag_owners)  # the panels may have moved
        return waits

    def select(self, selected: str | None) -> None:
        told = self._told
        if told is not None and told[2] == selected:
            return
        if told is not None:  # what the panels show from now on
            self._told = (told[0], told[1], selected)
        for panel in self.panels():
            panel.select(selected)


class ResourceBar(PackedLine):
    """Your numbers: gems, power (∞ when infinite), mastery, health, deck and discard."""

    DEFAULT_CSS = tcss(__file__)

    def show(self, me: PlayerInfo | None, gems: int | None, power: str | None) -> None:
        """``gems``/``power`` are None when it is not your turn."""
        if unchanged(self, "numbers", me, gems, power):
            return
        self.set_items(self._items_for(me, gems, power), self._items_for(me, gems, power, True),
                       self._items_for(me, gems, power, True, True))

    @staticmethod
    def _items_for(me: PlayerInfo | None, gems: int | None, power: str | None,
                   short: bool = False, shortest: bool = False) -> list[Item]:
        """``short``: mastery and health as bare numbers; ``shortest``: gems and power too
        (so at 80 columns the relics keep a line of their own)."""
        items: list[Item] = []
        if gems is not None:
            items += [_stat("◆", "yellow", f"{gems}" if shortest else amount_text(gems, "gems")),
                      _stat("⚔", "red", f"{power}" if shortest else f"{power} power")]
        if me is not None:
            if me.team is not None:  # 2v2 Team Attack
                items.append([(f"Team {me.team + 1}", "bold")])
            items += [_stat("✦", "cyan", f"{me.mastery}" if short else f"{me.mastery} mastery"),
                      _stat("♥", "red", f"{me.health}" if short else f"{me.health} health"),
                      [DIVIDER, (f"deck {me.deck_count}, discard {me.discard_count}", "")]]
            if me.relics:
                items += relic_items(me)
        return items
