"""The Infinities table's Adventure parts, shown only while a chapter is played (the words are
in ``adventure_words``).

``InfChapter``: the side column's panel: each win condition with every side's progress, where
the plot tokens are, and the special actions (bright: the viewer may take it now).
``ChapterScreen``: the chapter's whole page (story, sides, tokens, actions, rules, goals), read
before the first move (``before_play``), with o, and with F1 when no question or refusal points
at a rule (F1 on it goes on to the rulebook's Adventure section).
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.content import Content
from textual.widgets import Static

from shards_tui.games.infinities.view import InfView
from shards_tui.ui.screens.campaign import CampaignScreen
from shards_tui.ui.screens.reading import CardText, CardTextScreen
from shards_tui.ui.tables.infinities.adventure_words import status_lines, tile_name
from shards_tui.ui.tables.infinities.table_data import SeatLook
from shards_tui.ui.widgets.unchanged import steady_update, unchanged

RULES_ANCHOR = "adventure"


def chapter_page(view: InfView) -> CardText | None:
    """The chapter's page, its story's paragraphs joined into lines the pop-up wraps."""
    adv = view.adventure
    if adv is None:
        return None
    story = "\n\n".join(" ".join(part.split()) for part in adv.story.split("\n\n"))
    page = adv.page.replace(adv.story, story)
    return CardText(f"{adv.title} ({adv.kind_name})", "\n".join(status_lines(view)) + "\n\n" + page)


class InfChapter(Static):
    DEFAULT_CSS = """
    InfChapter { border: round $accent; border-title-align: left; padding: 0 1; height: auto;
                 max-height: 14; }
    """

    def show(self, view: InfView, seats: list[SeatLook]) -> None:
        adv = view.adventure
        if adv is None or unchanged(self, "chapter", adv, tuple(seats), view.you):
            return
        lines: list[Content] = []
        for cond in adv.conditions:  # each condition, then every side's (or leader's) progress
            marks: list[tuple[str, str] | str] = [("• ", "bold"), cond.text, " "]
            for p in cond.progress:
                who = "".join(seats[s].pawn for s in p.seats if 0 <= s < len(seats))
                done = "✓" if p.have >= p.need and cond.token is not None else f"{p.have}/{p.need}"
                marks += [(f" {who}{done}", "bold" if view.you in p.seats else "")]
            lines.append(Content.assemble(*marks))
        for plot in adv.plots:
            where = [f"{tile_name(view, h)} {n}" for h, n in sorted(plot.tiles.items())]
            where += [f"{view.players[s].name} holds {n}" for s, n in sorted(plot.held.items())
                      if 0 <= s < len(view.players)]
            lines.append(Content.assemble((f"{plot.token} {plot.name}", "bold magenta"), ": ",
                                          ", ".join(where) or "none in play"))
        if adv.actions:
            parts: list[tuple[str, str] | str] = [("Special (a): ", "bold")]
            for n, action in enumerate(adv.actions):
                cost = " ".join(c[0].upper() for c in action.cost)
                parts += [" · " if n else "", (f"{action.name} {cost}",
                                               "bold green" if action.usable else "dim")]
            lines.append(Content.assemble(*parts))
        self.border_title = f"{adv.title} · {adv.kind_name}"
        steady_update(self, Content("\n").join(lines))


class ChapterScreen(CardTextScreen):
    """The chapter's whole page over the table: its story, sides, plot tokens, special
    actions, rules and win conditions. F1 goes on to the rulebook's Adventure rules."""

    BINDINGS = [Binding("escape,o,q,enter", "close", "Back to the table", id="inf.chapter.close",
                        tooltip="Back to the table, as you left it."),
                Binding("f1", "rulebook", "Adventure rules", id="inf.chapter.rules",
                        tooltip="The rulebook's Adventure section.")]
    hint_text = "↑↓ PgUp PgDn · Esc: the table · F1: Adventure rules"

    def action_rulebook(self) -> None:
        self.dismiss(None)
        open_rules = getattr(self.app, "open_rules", None)
        if callable(open_rules):
            open_rules("infinities", RULES_ANCHOR)


def open_chapter(table: Any) -> bool:
    """Show the chapter's page over the table; False if no chapter is played."""
    view = table.ctl.view(table.seat)
    page = chapter_page(view)
    if page is None:
        return False
    table.app.push_screen(ChapterScreen(page))
    return True


def before_play(table: Any) -> None:
    """A chapter's page is read before its first move (every seat's screen shows it)."""
    if table.guide is None and not table.ctl.history and table.ctl.view(None).adventure is not None:
        open_chapter(table)


class AdventureCampaign(CampaignScreen):
    """The title's 'Adventure campaign' entry (about.toml's screens): the shell's campaign
    screen for this game."""

    def __init__(self) -> None:
        super().__init__("infinities")
