"""A game's campaign from the title (``core.campaign``): start one at a starting chapter, go on
with one (the chapter in progress is resumed from its autosave; else the next chapter is set
up), read one's story so far. A game offers the screen as one of its own title entries
(``campaign_screen(game_id)``); nothing here knows a game.

At a chapter's end the result (``campaign_ending``) records it in its campaign, says where the
thread goes and offers to play the next chapter at once.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any, Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from shards_tui.core import campaign as cp
from shards_tui.core import autosaves, saves
from shards_tui.core.registry import game
from shards_tui.core.untrusted import printable_name
from shards_tui.ui.screens.reading import CardText, CardTextScreen

BOT_LEVELS = ("random", "greedy", "search")
MAX_NAMES_TEXT = 200


def _root(app: Any) -> Path | None:
    """Where the app keeps a player's files: an SSH login's own folder; None: the save folder."""
    return getattr(app, "save_folder", None)


def parse_players(text: str) -> list[cp.CampaignSeat]:
    """'Ana, Ben, greedy': two people and a greedy bot. ValueError (one sentence) if not."""
    names = [n.strip() for n in text[:MAX_NAMES_TEXT].split(",") if n.strip()]
    if not names:
        raise ValueError("Name at least one player (names separated by commas).")
    if len(names) > 6:
        raise ValueError("A campaign has at most 6 players.")
    seats: list[cp.CampaignSeat] = []
    for n, name in enumerate(names):
        if name.lower() in BOT_LEVELS:
            seats.append(cp.CampaignSeat(name=f"Bot {n + 1} ({name.lower()})", bot=name.lower()))
            continue
        clean = printable_name(name)[:30].strip()
        if not clean:
            raise ValueError(f"'{name[:30]}' is not a name that can be shown.")
        seats.append(cp.CampaignSeat(name=clean))
    if len({s.name for s in seats}) != len(seats):
        raise ValueError("Each player needs a name of their own.")
    if all(s.bot for s in seats):
        raise ValueError("A campaign needs at least one person playing.")
    return seats


def _in_progress(app: Any, campaign: cp.Campaign) -> tuple[Any, Any] | None:
    """(autosave path, controller) of the campaign's chapter in progress, if it was autosaved."""

    if campaign.current_seed is None:
        return None
    for path in autosaves.autosaves(app.autosave_path):
        try:
            controller = saves.load(path)
        except Exception:  # an unreadable autosave is the title's to report
            continue
        if not controller.over and cp.plays(campaign, controller):
            return path, controller
    return None


def play_next(app: Any, campaign: cp.Campaign) -> str | None:
    """Resume the campaign's chapter in progress, or set up its next chapter and start it.
    Returns a sentence if it cannot."""
    found = _in_progress(app, campaign)
    if found is not None:
        app.start_game(found[1], autosave=found[0])
        return None
    try:
        setup, bots = cp.chapter_setup(campaign, secrets.randbelow(2**31))
        controller = game(campaign.game).controller.build(setup)
        cp.save(campaign, _root(app))
    except cp.CampaignError as exc:
        return str(exc)
    app.start_game(controller, bots=bots)
    return None


def story_text(campaign: cp.Campaign, spec: cp.CampaignSpec) -> str:
    """The campaign so far: each chapter played, who won, its epilogue; then what comes next."""
    lines = [f"Players: {', '.join(p.name for p in campaign.players)}.", ""]
    for n, played in enumerate(campaign.played, 1):
        found = spec.chapter(played.chapter)
        title = found.title if found else played.chapter
        won = ", ".join(played.winners) or "nobody"
        lines += [f"{n}. {title}: won by {won}.", played.epilogue, ""]
    nxt = spec.chapter(campaign.next) if campaign.next else None
    lines.append(f"Next: {nxt.title}." if nxt else "The thread has ended.")
    return "\n".join(lines)


def _label(campaign: cp.Campaign, spec: cp.CampaignSpec) -> str:
    people = ", ".join(p.name for p in campaign.players if not p.bot)
    count = len(campaign.played)
    done = f"{count} chapter{'s' if count != 1 else ''} played"
    if campaign.next is None:
        return f"Read: {people} · {done} · the thread has ended"
    nxt = spec.chapter(campaign.next)
    verb = "Resume" if campaign.current_seed is not None else "Continue"
    return f"{verb}: {people} · {done} · next: {nxt.title if nxt else campaign.next}"


class PageScreen(CardTextScreen):
    """A chapter's page or a campaign's story, read from the campaign screen."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="reading-box reading-card"):
            with VerticalScroll() as box:
                box.border_title = self.card.title
                yield Static(self.card.text, markup=False, classes="card-text")
            yield Static("↑ ↓ PgUp PgDn: scroll · Esc: back", classes="reading-hint")


class CampaignPlayers(ModalScreen[str | None]):
    """Who plays a new campaign: names, commas between; a bot level names a bot seat."""

    DEFAULT_CSS = """
    CampaignPlayers { align: center middle; background: $background 60%; }
    CampaignPlayers > Vertical { width: 70; max-width: 100%; height: auto; border: round $accent;
                                 background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "Back", id="campaign.players.back")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Who plays? Names separated by commas; random, greedy or search "
                         "seats a bot. A chapter for more players fills its other seats with bots.")
            yield Input(value="Player 1", max_length=MAX_NAMES_TEXT, id="campaign-names")
            yield Static("", id="campaign-problem")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            parse_players(event.value)
        except ValueError as exc:
            self.query_one("#campaign-problem", Static).update(str(exc))
            return
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class CampaignScreen(Screen[None]):
    """The campaigns of one game: go on with one, or start one at a starting chapter."""

    DEFAULT_CSS = """
    CampaignScreen { align: center middle; }
    CampaignScreen > Vertical { width: 90; max-width: 100%; height: auto; max-height: 100%;
                                border: round $accent; padding: 0 1; }
    CampaignScreen #campaigns { height: auto; max-height: 18; }
    """
    BINDINGS = [Binding("escape", "back", "Back", id="campaign.back",
                        tooltip="Back to the title."),
                Binding("r", "read", "Read", id="campaign.read",
                        tooltip="Read the highlighted campaign's story so far, or the "
                                "highlighted starting chapter.")]
    AUTO_FOCUS = "#campaigns"

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id
        spec = cp.spec_of(game_id)
        if spec is None:
            raise ValueError(f"{game_id} has no campaign.")
        self.spec = spec

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"{self.spec.title}: a campaign of {game(self.game_id).title}. Each "
                         "chapter's outcome chooses the next. Enter plays; r reads.")
            yield OptionList(id="campaigns")
            yield Static("", id="campaign-note")
        yield Footer()

    def on_mount(self) -> None:
        self._fill()

    def on_screen_resume(self) -> None:
        self._fill()

    def _fill(self) -> None:
        menu = self.query_one("#campaigns", OptionList)
        menu.clear_options()
        options = [Option(_label(c, self.spec), id=f"go:{c.id}")
                   for _, c in cp.listing(self.game_id, _root(self.app))]
        options += [Option(f"New campaign: {c.title} ({c.kind}; the start for {c.start})",
                           id=f"new:{c.id}") for c in self.spec.starts()]
        menu.add_options(options)
        menu.highlighted = 0

    def _campaign(self, campaign_id: str) -> cp.Campaign | None:
        return next((c for _, c in cp.listing(self.game_id, _root(self.app)) if c.id == campaign_id), None)

    def say(self, text: str) -> None:
        self.query_one("#campaign-note", Static).update(text)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        kind, _, key = (event.option.id or "").partition(":")
        if kind == "new":
            self.app.push_screen(CampaignPlayers(), lambda names: self._begin(key, names))
            return
        campaign = self._campaign(key)
        if campaign is None:
            self.say("That campaign can no longer be read.")
        elif campaign.next is None:
            self._read(campaign)
        else:
            self.say(play_next(self.app, campaign) or "")

    def _begin(self, start: str, names: str | None) -> None:
        if names is None:
            return
        try:
            campaign = cp.begin(self.game_id, start, parse_players(names), self.spec)
        except (ValueError, cp.CampaignError) as exc:
            self.say(str(exc))
            return
        self.say(play_next(self.app, campaign) or "")

    def _read(self, campaign: cp.Campaign) -> None:
        self.app.push_screen(PageScreen(CardText(self.spec.title, story_text(campaign, self.spec))))

    def action_read(self) -> None:
        option = self.query_one("#campaigns", OptionList).highlighted_option
        kind, _, key = (option.id or "").partition(":") if option else ("", "", "")
        if kind == "new":
            found = self.spec.chapter(key)
            if found is not None:
                self.app.push_screen(PageScreen(CardText(found.title, found.page)))
        elif (campaign := self._campaign(key)) is not None:
            self._read(campaign)

    def action_back(self) -> None:
        self.dismiss(None)


def campaign_ending(table: Any) -> tuple[list[str], Callable[[], str | None] | None]:
    """At a chapter's end at this keyboard: record it in its campaign (once a table) and say
    where the thread goes; the callable plays the next chapter (None: none, or no campaign)."""
    known = getattr(table, "_campaign_ending", None)
    if known is not None:
        return known
    out: tuple[list[str], Callable[[], str | None] | None] = ([], None)
    if not table.networked and table.guide is None and table.ctl.over:
        campaign = cp.campaign_of(table.ctl, _root(table.app))
        spec = cp.spec_of(table.ctl.game_id) if campaign is not None else None
        if campaign is not None and spec is not None:
            try:
                played = cp.record(campaign, table.ctl, spec)
                cp.save(campaign, _root(table.app))
            except cp.CampaignError as exc:
                out = ([str(exc)], None)
            else:
                nxt = spec.chapter(campaign.next) if campaign.next else None
                lines = ["", played.epilogue,
                         f"{spec.title}: next comes {nxt.title} (c plays it now, or later from "
                         "the title)." if nxt else f"{spec.title}: the thread has ended."]
                app = table.app
                out = (lines, (lambda: play_next(app, campaign)) if nxt else None)
    table._campaign_ending = out
    return out


def campaign_screen_for(game_id: str) -> Callable[[], CampaignScreen]:
    return lambda: CampaignScreen(game_id)


def chapter_title(controller: Any) -> str | None:
    """The title of the campaign chapter a game plays ('Cold Boot'), if it plays one."""
    setup = getattr(controller, "setup", None)
    if not isinstance(setup, dict):
        return None
    try:
        spec = cp.spec_of(controller.game_id)
    except KeyError:
        return None
    chosen = setup.get(spec.chapter_key) if spec is not None else None
    found = spec.chapter(str(chosen)) if spec is not None and chosen else None
    return found.title if found is not None else None
