"""The text a player reads of an Adventure chapter, made from its data: each special action,
reaction, requirement, plot token and win condition, and the whole chapter as the guide's page
(``shards-tui chapters infinities --show ID``, the table's F1)."""

from __future__ import annotations

from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities import plot_vocab as pv
from shards_tui.games.infinities.chapter_schema import (KIND_NAMES, Chapter, ChapterAction, Reaction,
                                                        WinCondition, plural_name)
from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.text import (HAPPENINGS_OF_A_LEADER, aimed_text, condition_clause,
                                              step_text)


def token_text(ch: Chapter, token: str, n: int = 1, article: bool = True) -> str:
    plot = ch.plot(token)
    name = plot.name if plot else "token"
    if n != 1:
        return f"{n} {plural_name(name)} ({token})"
    a = ("an " if name[0].lower() in "aeiou" else "a ") if article else ""
    return f"{a}{name} ({token})"


def clause(ch: Chapter, cond: object, they: bool = False) -> str:
    """A requirement as a clause: 'you hold a Spine Shard (P1)', 'a Fault (P2) lies on their
    tile' (``they``: said of the leader a rule applies to)."""
    you, your = ("they", "their") if they else ("you", "your")
    if isinstance(cond, pv.Holding):
        if cond.at_most == 0:
            return f"{you} hold no {token_text(ch, cond.token, article=False)}"
        what = token_text(ch, cond.token, cond.at_least) if cond.at_least > 1 else token_text(ch, cond.token)
        most = f" (at most {cond.at_most})" if cond.at_most is not None else ""
        return f"{you} hold {'at least ' if cond.at_least > 1 else ''}{what}{most}"
    if isinstance(cond, pv.TileHas):
        return f"{token_text(ch, cond.token)} lies on {your} tile"
    if isinstance(cond, pv.TileLacks):
        return f"no {token_text(ch, cond.token, article=False)} lies on {your} tile"
    if isinstance(cond, pv.Near):
        space = "space" if cond.within == 1 else "spaces"
        return f"{token_text(ch, cond.token)} lies within {cond.within} {space} of {'them' if they else 'you'}"
    if isinstance(cond, pv.OnTile):
        names = " or ".join(content().tiles[t].name if t in content().tiles else t for t in cond.tiles)
        return f"{you} stand on {names}"
    assert isinstance(cond, (fx.OnTileType, fx.InfluenceAtLeast, fx.UnitsAtLeast, fx.LevelAtLeast))
    return condition_clause(cond, they)


def chapter_step_text(ch: Chapter, step: object) -> str:
    if isinstance(step, pv.TakePlot):
        what = token_text(ch, step.token, step.amount) if step.amount > 1 else token_text(ch, step.token)
        text = f"take {'up to ' if step.amount > 1 else ''}{what} from your tile"
    elif isinstance(step, pv.PlacePlot):
        text = f"put {token_text(ch, step.token)}{' you hold' if step.held else ''} on your tile"
    elif isinstance(step, pv.GainPlot):
        text = f"gain {token_text(ch, step.token, step.amount)}"
    elif isinstance(step, pv.LosePlot):
        text = f"give up {token_text(ch, step.token, step.amount)}"
    elif isinstance(step, pv.StealPlot):
        text = f"take {token_text(ch, step.token)} from the target"
    else:
        return step_text(step)  # type: ignore[arg-type]
    when = getattr(step, "when", None)
    if when is not None:
        text = f"if {clause(ch, when)}, {text}"
    return text


def _steps(ch: Chapter, steps: tuple) -> str:
    return "; ".join(chapter_step_text(ch, s) for s in steps)


def _sides(ch: Chapter, ids: tuple[str, ...]) -> str:
    return " and ".join(ch.side(s).name for s in ids)


def action_effect_text(ch: Chapter, action: ChapterAction) -> str:
    """What a special action does, without its cost or conditions ('place a Beacon (P3) on
    your tile')."""
    return aimed_text(action.target, _steps(ch, action.effects))


def action_text(ch: Chapter, action: ChapterAction) -> str:
    cost = ", ".join(c.capitalize() for c in action.cost)
    parts = [f"spend {cost}"]
    if action.per_turn > 1:
        parts.append(f"up to {action.per_turn} times a turn")
    if action.sides:
        parts.append(f"{_sides(ch, action.sides)} only")
    head = f"{action.name} ({'; '.join(parts)})"
    needs = " and ".join(clause(ch, c) for c in action.requires)
    return f"{head}{', if ' + needs if needs else ''}: {action_effect_text(ch, action)}."


def reaction_text(ch: Chapter, rule: Reaction) -> str:
    who = f"a leader of {_sides(ch, rule.sides)}" if rule.sides else "a leader"
    what = HAPPENINGS_OF_A_LEADER[rule.on]
    if rule.tile_types:
        kinds = " or ".join(t.capitalize() for t in rule.tile_types)
        what = f"discovers a {kinds} tile" if rule.on == "discovered" else f"{what} (on a {kinds} tile)"
    needs = " and ".join(clause(ch, c, they=True) for c in rule.requires)
    cond = f" while {needs}" if needs else ""
    body = _steps(ch, rule.effects).replace("your ", "their ").replace("you ", "they ")
    return f"{rule.name}: when {who} {what}{cond}: {body}."


def condition_text(ch: Chapter, w: WinCondition, players: int | None = None, met: bool = False) -> str:
    """'Wardens of the Spine (Faction): hold 3 Anchored Shards (P2) together'. Without a player
    count, a need that grows with the players is given for each count the chapter takes."""
    need = w.need_for(players) if players is not None else w.need
    scale = ""
    if players is None and w.per_player:
        needs = "/".join(str(w.need_for(n)) for n in ch.players)
        counts = "/".join(str(n) for n in ch.players)
        need = -1
        scale = f" ({needs} with {counts} players)"
    whose = w.side and ch.side(w.side).name
    if w.scope == "faction":
        head = f"{whose} (Faction)"
        alone = ch.kind == "one_vs_all" and w.side == ch.sides[0].id
        together = "" if alone else " together"
    else:
        head = f"{whose + ': each' if whose else 'Each'} leader alone (Self)"
        together = ""
    if w.kind == "survive":
        body = f"still be in the game when round {ch.last_round} ends"
    elif w.kind == "hold":
        body = f"hold {_count(ch, w.token or '', need)}{together}{scale}"
    else:
        body = f"have {_count(ch, w.token or '', need)} on the map{scale}"
    if w.at_end and w.kind != "survive":
        body += f" when round {ch.last_round} ends"
    if met:
        if w.scope == "self":
            return f"a Self condition was met ({body})"
        return f"the Faction condition of {whose} was met ({body})"
    return f"{head}: {body}"


def _count(ch: Chapter, token: str, need: int) -> str:
    """'3 Anchored Shards (P2)', or (a need that depends on the players) 'Faults (P2)'."""
    if need >= 0:
        return token_text(ch, token, need)
    plot = ch.plot(token)
    return f"{plural_name(plot.name if plot else 'token')} ({token})"


def seats_text(ch: Chapter) -> str:
    if ch.kind == "team":
        return "Seats are dealt round the table: the first, third and fifth play " \
               f"{ch.sides[0].name}; the second, fourth and sixth {ch.sides[1].name}."
    if ch.kind == "one_vs_all":
        return f"The first seat plays {ch.sides[0].name}; every other seat {ch.sides[1].name}."
    if ch.kind == "coop":
        return f"Every seat plays {ch.sides[0].name}, together."
    return f"Every leader plays alone: {ch.sides[0].name}."


def chapter_text(ch: Chapter) -> str:
    """The chapter's whole page, as plain text with blank lines between its parts."""
    c = content()
    span = ch.players_text()
    setting = next(s.name for s in c.rules.settings if s.id == ch.setting)
    head = [f"{ch.title} ({KIND_NAMES[ch.kind]}, {setting}, {span}, {ch.last_round} rounds)"]
    if ch.start:
        head.append(f"A starting chapter for {setting}.")
    if ch.last_stand:
        head.append("A last stand: one side is not meant to come through it.")
    out = [" ".join(head), ch.story.strip()]
    sides = [seats_text(ch)]
    for side in ch.sides:
        faction = c.rules.faction(side.faction).name if side.faction else "any faction"
        holds = f" Each starts holding {', '.join(token_text(ch, t) for t in side.holds)}." if side.holds else ""
        sides.append(f"{side.name} ({faction}): {side.blurb}{holds}")
    out.append("\n".join(sides))
    if ch.plots:
        out.append("Plot tokens:\n" + "\n".join(f"{p.token} {p.name}: {p.tracks}" for p in ch.plots))
    if ch.map:
        pieces = ", ".join(c.tiles[m.tile].name + (f" (with {', '.join(m.tokens)})" if m.tokens else "")
                           for m in ch.map)
        out.append(f"On the map from the start: {pieces}.")
    if ch.actions:
        out.append("Special actions:\n" + "\n".join(f"- {action_text(ch, a)}" for a in ch.actions))
    if ch.reactions:
        out.append("Chapter rules:\n" + "\n".join(f"- {reaction_text(ch, r)}" for r in ch.reactions))
    out.append("To win (the game ends when one is met):\n" +
               "\n".join(f"- {condition_text(ch, w)}" for w in ch.win) +
               f"\nIf round {ch.last_round} ends with none met, nobody wins.")
    return "\n\n".join(out)
