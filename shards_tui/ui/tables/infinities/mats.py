"""The leaders' mats: a compact line for every player, and one player's whole mat.

``InfPlayers`` (a list): ``show(view, looks)``, one line each: '▶' for whose turn it is, the
pawn and name (and team), the leader, Health, the three track levels, Points, gambit level and
hand size; with teams, its title adds each team's Points together against what it needs. The
highlighted line chooses whose mat ``InfMat`` shows (``Selected(seat)``).
``InfMat``: ``show(view, looks, seat)``: the leader and faction, where the pawn stands, Health,
each track with its level and what it gives at that level (rerolls, the strong track's die, the
leader's conversions, the timeline's room, the reach, a block's cost), the gambit and its next
condition, the group of units with their Health, the timeline and the attached cards.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.text import steps_text, when_text
from shards_tui.games.infinities.view import InfPlayerFacts, InfView
from shards_tui.ui.tables.infinities.table_data import SeatLook, team_points
from shards_tui.ui.textual_compat.widgets import set_option_prompt
from shards_tui.ui.tables.infinities.words import tile_name_at
from shards_tui.ui.widgets.card_messages import SentBy
from shards_tui.ui.widgets.rows_view import RowsView
from shards_tui.ui.widgets.unchanged import set_border_title, unchanged

TRACKS = ("tide", "power", "fortitude")
STATUS = {"defeated": "defeated", "respawn": "respawns next", "conceded": "conceded"}


def compact(view: InfView, p: InfPlayerFacts, look: SeatLook) -> Content:
    turn = "▶" if p.seat == view.active and not view.over else " "
    levels = " ".join(f"{t[0].upper()}{p.levels.get(t, 0)}" for t in TRACKS)
    state = STATUS.get(p.status, "")
    leader = p.leader_name.split()[0] if p.leader_name else "(no leader yet)"
    return Content.assemble((turn, "bold"), (f"{look.tag}", f"bold {look.colour}"), f"  {leader}  ",
                            (f"♥{p.health}", "bold"), f" {levels}  ", (f"★{p.points}", "bold"),
                            f"  g{p.gambit}  hand {p.hand_count}",
                            (f"  {state}" if state else "", "italic"))


class InfPlayers(OptionList):
    DEFAULT_CSS = """
    InfPlayers {
        border: round $panel-lighten-2; border-title-align: left; height: auto; max-height: 8;
        padding: 0; text-wrap: nowrap; text-overflow: ellipsis;
        &:focus { border: round $accent; }
    }
    """
    BINDINGS = [Binding("enter", "select", "Read the mat", show=False, id="inf.players.read",
                        tooltip="Show this player's whole mat.")]

    class Selected(SentBy):
        def __init__(self, widget: "InfPlayers", seat: int) -> None:
            super().__init__(widget)
            self.seat = seat

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = "Leaders"

    def show(self, view: InfView, seats: list[SeatLook], chosen: int | None) -> None:
        teams = team_points(view, seats)
        set_border_title(self, f"Leaders · {teams}" if teams else "Leaders")
        lines = tuple(compact(view, p, seats[p.seat]) for p in view.players)
        shown = self.__dict__.get("_shown_lines", ())
        if lines != shown:
            self.__dict__["_shown_lines"] = lines
            at = self.highlighted
            with self.prevent(OptionList.OptionHighlighted):
                if len(lines) == len(shown):  # the same players: their lines change in place
                    for n, (old, new) in enumerate(zip(shown, lines)):
                        if old != new:
                            set_option_prompt(self, n, new)  # (that row alone repainted)
                else:
                    self.clear_options()
                    self.add_options([Option(line, id=str(n)) for n, line in enumerate(lines)])
                    self.highlighted = at if at is not None else chosen
        if chosen is not None and self.highlighted != chosen and not self.has_focus:
            with self.prevent(OptionList.OptionHighlighted):
                self.highlighted = chosen

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(self.Selected(self, event.option_index))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Selected(self, event.option_index))


def _bar(level: int, top: int) -> str:
    return "■" * level + "□" * max(0, top - level)


def track_lines(view: InfView, p: InfPlayerFacts) -> list[Content]:
    c = content()
    limits = c.rules.limits
    leader = c.leaders.get(p.leader) if p.leader else None
    out = []
    for track in TRACKS:
        level = p.levels.get(track, 0)
        gives: list[tuple[str, str]] = []
        derived = {"tide": f"timeline {p.timeline_limit}", "power": f"reach {p.reach}",
                   "fortitude": f"block costs {p.block_cost}"}[track]
        gives.append((derived, ""))
        gives.append(("reroll", "" if level >= limits.reroll_level else "dim"))
        if leader is not None and leader.strong == track:
            gives.append((f"L{limits.added_die_level}: +1 die", "" if level >= limits.added_die_level
                          else "dim"))
        for conv in leader.conversions if leader else ():
            if conv.attr == track:
                gives.append((f"L{conv.level}: {conv.source}→{conv.result}",
                               "" if level >= conv.level else "dim"))
        bits: list[tuple[str, str] | str] = [(f"{track.capitalize():<9} ", "bold"),
                                             (_bar(level, limits.max_level), ""), f" {level}  "]
        for n, (text, style) in enumerate(gives):
            bits += [" · " if n else "", (text, style)]
        out.append(Content.assemble(*bits))
    return out


def mat_lines(view: InfView, p: InfPlayerFacts, look: SeatLook) -> list[Content]:
    c = content()
    limits = c.rules.limits
    leader = c.leaders.get(p.leader) if p.leader else None
    faction = c.rules.faction(leader.faction).name if leader else ""
    head = Content.assemble((look.tag, f"bold {look.colour}"), "  ",
                            ((f"{leader.name}, {faction}" if leader else "no leader yet"), "bold"))
    where = tile_name_at(view, p.at)
    place = f"On {where} (Influence {p.influence})" if where else STATUS.get(p.status, "Off the map")
    lines = [head, Content(f"{place} · Health {p.health} of {limits.health} · Points {p.points}"
                           f" · dice {p.dice_limit} a turn")]
    lines += track_lines(view, p)
    if leader is not None:
        if p.gambit < limits.gambit_top:
            rung = leader.gambits[p.gambit - 1]
            lines.append(Content(f"Gambit {p.gambit} of {limits.gambit_top}: when "
                                 f"{when_text(rung.when)}, roll (1-3: {steps_text(rung.reward)})"))
        else:
            lines.append(Content.styled(f"Gambit {limits.gambit_top}: its lasting bonus holds", "bold"))
        cost = ", ".join(x.capitalize() for x in leader.action.cost)
        lines.append(Content(f"Action: {leader.action.name} ({cost}; `a`)"))
    group = " · ".join(f"u{n} {u.name} {u.health - u.damage}/{u.health}" + (" unlocked" if u.unlocked
                                                                            else "")
                       + "".join(f" +{a.name}" for a in u.attached)
                       for n, u in enumerate(p.group, 1))
    lines.append(Content(f"Group ({len(p.group)} of {limits.group}): {group or 'no units'}"))
    timeline = " · ".join(f"t{n} {card.name}" for n, card in enumerate(p.timeline, 1))
    lines.append(Content(f"Timeline ({len(p.timeline)} of {p.timeline_limit}): {timeline or 'empty'}"))
    if p.attached:
        lines.append(Content("Attached: " + ", ".join(a.name for a in p.attached)))
    deck = next((d for d in view.decks if d.id == p.deck), None)
    piles = f" · deck {deck.count} · discard {len(deck.discard)}" if deck else ""
    lines.append(Content(f"Hand {p.hand_count}{piles}"))
    return lines


class InfMat(RowsView):
    """One leader's whole mat, a line each (drawn as rows: a change repaints its rows only)."""

    DEFAULT_CSS = """
    InfMat { border: round $panel-lighten-2; border-title-align: left; padding: 0 1;
             text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def paragraph_text(self, paragraph):  # type: ignore[override]
        return paragraph

    def show(self, view: InfView, seats: list[SeatLook], seat: int | None) -> None:
        if seat is None or not 0 <= seat < len(view.players):
            lines = [Content.styled("No leader chosen.", "italic")]
            title = "Mat"
        else:
            p = view.players[seat]
            deck = next((d for d in view.decks if d.id == p.deck), None)
            if unchanged(self, "mat", p, seats[seat], deck, tile_name_at(view, p.at), view.you):
                return  # (a move that changed nothing of this leader)
            lines = mat_lines(view, p, seats[seat])
            title = "Your mat" if seat == view.you else f"{p.name}'s mat"
        set_border_title(self, title)
        self.show_paragraphs(lines)
