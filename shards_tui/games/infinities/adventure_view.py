"""What every seat may know of the chapter being played (all of it is public): its story, its
sides with their leaders and win conditions with progress, its plot tokens and where they are,
its special actions (with whether the viewer may take each now) and its rules, as a typed part
of the Infinities view (``InfView.adventure``)."""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from functools import lru_cache

from shards_tui.core.view import ViewPart
from shards_tui.games.infinities import adventure
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.adventure_text import (action_effect_text, action_text, chapter_text,
                                                        condition_text,
                                                        reaction_text, seats_text)
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.chapter_schema import KIND_NAMES
from shards_tui.games.infinities.chapters import chapter
from shards_tui.games.infinities.plot_rules import chapter_of


class ProgressView(ViewPart):
    seats: list[int]  # the leader (Self) or the side's leaders (Faction)
    have: int
    need: int


class ConditionView(ViewPart):
    id: str
    scope: str  # "self" or "faction"
    side: str | None
    text: str
    at_end: bool  # checked only when the last round ends
    token: str | None = None  # the plot token it counts (None: a survive condition)
    progress: list[ProgressView]


class SideView(ViewPart):
    id: str
    name: str
    faction: str | None
    blurb: str
    seats: list[int]


class PlotView(ViewPart):
    token: str
    name: str
    tracks: str
    held: dict[int, int]  # seat -> how many they hold
    tiles: dict[str, int]  # hex -> how many lie there


class ActionView(ViewPart):
    id: str
    name: str
    cost: list[str]
    text: str
    does: str = ""  # what it does, without its cost and conditions (a legal move's words)
    usable: bool  # the viewer may take it now


class AdventureView(ViewPart):
    id: str
    title: str
    kind: str  # team, one_vs_all, coop, ffa
    kind_name: str
    story: str
    seating: str
    last_round: int
    last_stand: bool
    sides: list[SideView]
    conditions: list[ConditionView]
    plots: list[PlotView]
    actions: list[ActionView]
    rules: list[str]  # the chapter's reactions, as text
    page: str  # the chapter's whole text (F1)
    outcome: str  # once the game is over: the condition that ended it, or "none"


@lru_cache(maxsize=64)
def _texts(chapter_id: str) -> tuple[str, tuple[str, ...], tuple[str, ...], str, tuple[str, ...]]:
    ch = chapter(chapter_id)
    return (chapter_text(ch), tuple(action_text(ch, a) for a in ch.actions),
            tuple(reaction_text(ch, r) for r in ch.reactions), seats_text(ch),
            tuple(action_effect_text(ch, a) for a in ch.actions))


def build(b: Board, seat: int | None, legal: list) -> AdventureView | None:
    ch = chapter_of(b)
    if ch is None:
        return None
    state = b.state
    n = len(state.players)
    page, actions, rules, seating, does = _texts(ch.id)
    usable = {c.action for c in legal if isinstance(c, cm.Special)}
    conditions = [ConditionView(id=w.id, scope=w.scope, side=w.side, text=condition_text(ch, w, n),
                                at_end=w.ends_at_last_round(),
                                token=None if w.kind == "survive" else w.token,
                                progress=[ProgressView(seats=s, have=have, need=need)
                                          for s, have, need in adventure.progress(b, ch, w)])
                  for w in ch.win]
    plots = []
    for p in ch.plots:
        held = {s: pl.plots.count(p.token) for s, pl in enumerate(state.players) if p.token in pl.plots}
        tiles = {k: t.tokens.count(p.token) for k, t in state.tiles.items()
                 if t.face_up and p.token in t.tokens}
        plots.append(PlotView(token=p.token, name=p.name, tracks=p.tracks, held=held, tiles=tiles))
    return AdventureView(
        id=ch.id, title=ch.title, kind=ch.kind, kind_name=KIND_NAMES[ch.kind], story=ch.story.strip(),
        seating=seating, last_round=ch.last_round, last_stand=ch.last_stand,
        sides=[SideView(id=s.id, name=s.name, faction=s.faction, blurb=s.blurb,
                        seats=[k for k in range(n) if ch.side_index(k, n) == i])
               for i, s in enumerate(ch.sides)],
        conditions=conditions, plots=plots,
        actions=[ActionView(id=a.id, name=a.name, cost=list(a.cost), text=actions[i], does=does[i],
                            usable=a.id in usable) for i, a in enumerate(ch.actions)],
        rules=list(rules), page=page, outcome=adventure.outcome_of(state) or "")
