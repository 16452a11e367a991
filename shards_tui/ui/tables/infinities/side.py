"""The turn bar, the Roles and the queue.

``InfTurnBar``: ``show(view, looks)``: one line: the round (of how many), Quickplay or
Skirmish, this round's turn order with the player to act marked, what each side needs to win.
``InfRoles``: ``show(view, looks)``: each revealed Role, its goal and every leader's progress
on it (✓ once scored), then the queue while mechanics wait on it (innermost last).
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.text import role_text
from shards_tui.games.infinities.view import InfView
from shards_tui.ui.tables.infinities.adventure_words import goal_words
from shards_tui.ui.tables.infinities.table_data import SeatLook
from shards_tui.ui.tables.infinities.words import PHASE_WORDS
from shards_tui.ui.widgets.rows_view import RowsView
from shards_tui.ui.widgets.unchanged import set_border_title, unchanged

STAGES = {"pay": "paying its costs", "join": "joining the group", "target": "choosing targets",
          "protect": "waiting for blocks", "resolve": "resolving"}


class InfTurnBar(Static):
    DEFAULT_CSS = """
    InfTurnBar { height: 1; background: $panel; padding: 0 1; text-wrap: nowrap;
                 text-overflow: ellipsis; }
    """

    def show(self, view: InfView, seats: list[SeatLook]) -> None:
        mode = "Quickplay" if view.mode == "quickplay" else "Skirmish"
        when = f"Round {view.round} of {view.last_round}" if view.round else "Setup"
        order = view.order or list(range(len(view.players)))
        names = []
        for seat in order:
            look = seats[seat]
            style = f"bold reverse {look.colour}" if seat == view.active and not view.over \
                else look.colour
            names += [(f"{look.pawn}{look.name}", style), " "]
        need = sorted(set(view.points_to_win))
        target = f"{need[0]} Points win" if len(need) == 1 else \
            "Points to win " + "/".join(str(n) for n in need)
        if view.adventure is not None:  # the chapter's goal first: a narrow bar cuts the end
            mode, target = goal_words(view), ""
        ending = [f"· {target}"] if target else []
        phase = PHASE_WORDS.get(view.phase, view.phase) if not view.over else "Game over"
        teams = "" if view.teams == "ffa" else f" · teams {view.teams}"
        line = Content.assemble((f"{when}", "bold"), f" · {mode}{teams} · {phase} · order: ",
                                *names, *ending)
        if not unchanged(self, "line", line):
            self.update(line, layout=False)


class InfRoles(RowsView):
    """(Drawn as rows: a change repaints the rows it changed, not the panel.)"""

    DEFAULT_CSS = """
    InfRoles { border: round $panel-lighten-2; border-title-align: left; padding: 0 1;
               height: auto; overflow-y: hidden; }
    """

    def paragraph_text(self, paragraph):  # type: ignore[override]
        return paragraph

    def show(self, view: InfView, seats: list[SeatLook]) -> None:
        facts = tuple((p.progress, p.scored, p.points, p.name) for p in view.players)
        if unchanged(self, "facts", tuple(view.roles), facts, tuple(view.queue), tuple(seats)):
            return
        c = content()
        lines: list[Content] = []
        for role in view.roles:
            found = c.roles.get(role.id)
            goal = role_text(found) if found else ""
            lines.append(Content.assemble((role.name, "bold"), "  ", (goal, "dim")))
            parts: list[tuple[str, str] | str] = ["  "]
            for p in view.players:
                done = role.id in p.scored
                mark = "✓" if done else f"{p.progress.get(role.id, 0)}/{role.need}"
                parts += [(f"{seats[p.seat].pawn}{mark}", f"{'bold ' if done else ''}{seats[p.seat].colour}"),
                          " "]
            lines.append(Content.assemble(*parts))
        points = " ".join(f"{seats[p.seat].pawn}{p.name} {p.points}" for p in view.players)
        lines.append(Content.assemble(("Points: ", "bold"), points))
        if view.queue:
            lines.append(Content.styled("Queue (the last resolves first):", "bold"))
            for entry in view.queue:
                who = view.players[entry.seat].name if 0 <= entry.seat < len(view.players) else "?"
                lines.append(Content(f"  {who}: {entry.source}, {STAGES.get(entry.stage, entry.stage)}"))
        set_border_title(self, "Roles")
        self.show_paragraphs(lines)
