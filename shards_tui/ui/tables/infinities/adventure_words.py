"""What the Infinities table says of an Adventure chapter (no Textual; all of it public, from
``InfView.adventure``): ``special_words`` (a special action as a move's one line, for the
palette, ``:`` and the menus), ``goal_words`` (the turn bar's goal: the chapter and the
progress of the conditions the viewer may win by), ``plot_marks`` (what the map writes on a
tile that holds plot tokens), ``ending_lines`` (how the chapter ended, for the result) and
``tile_name`` (where tokens lie)."""

from __future__ import annotations

from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.adventure_view import AdventureView, ConditionView
from shards_tui.games.infinities.view import InfView


def special_words(view: InfView, command: cm.Special) -> str:
    """A legal special action in one line: 'Patch the Fault (Fortitude, Tide): take a Fault (P2)
    from your tile' (its conditions are met, or it would not be legal: the chapter's page and
    panel give them)."""
    adv = view.adventure
    action = next((a for a in adv.actions if a.id == command.action), None) if adv else None
    if action is None:
        return command.text()
    cost = ", ".join(c.capitalize() for c in action.cost)
    return f"{action.name} ({cost}): {action.does}"


def _token_name(adv: AdventureView, token: str | None) -> str:
    plot = next((p for p in adv.plots if p.token == token), None)
    return f"{plot.name} {token}" if plot is not None else (token or "")


def _progress_words(adv: AdventureView, cond: ConditionView, seats: list[int] | None) -> str:
    """The short progress of one condition ('Fault P2 4/8'), for the given seats' entry (or the
    best of all when None)."""
    if cond.token is None:  # survive
        return f"last round {adv.last_round}"
    entries = [p for p in cond.progress if seats is None or set(p.seats) & set(seats)]
    if not entries:
        return ""
    best = max(entries, key=lambda p: p.have / max(1, p.need))
    return f"{_token_name(adv, cond.token)} {best.have}/{best.need}"


def goal_words(view: InfView) -> str:
    """The turn bar's goal: the chapter's title and the progress of the conditions the viewer
    may win by (a watcher: every condition's best)."""
    adv = view.adventure
    if adv is None:
        return ""
    you = view.you
    mine = [c for c in adv.conditions
            if you is None or any(you in p.seats for p in c.progress)] or adv.conditions
    parts = [w for w in (_progress_words(adv, c, None if you is None else [you]) for c in mine) if w]
    return f"{adv.title}: " + ("; ".join(parts[:2]) if parts else f"to round {adv.last_round}")


def plot_marks(view: InfView) -> dict[str, str]:
    """{hex: 'P2×2'} for each face-up tile that holds plot tokens."""
    out: dict[str, str] = {}
    for tile in view.tiles:
        if tile.face_up and tile.tokens:
            counts: dict[str, int] = {}
            for token in tile.tokens:
                counts[token] = counts.get(token, 0) + 1
            out[tile.hex] = " ".join(t if n == 1 else f"{t}×{n}" for t, n in sorted(counts.items()))
    return out


def ending_lines(view: InfView) -> list[str]:
    """The result's first line at a chapter's end: which chapter (the rules' own sentence, the
    line after it, says which condition ended it, or that none was met)."""
    adv = view.adventure
    if adv is None or not view.over:
        return []
    return [f"Adventure: {adv.title}, {adv.kind_name}."]


def tile_name(view: InfView, key: str) -> str:
    tile = next((t for t in view.tiles if t.hex == key), None)
    return tile.name if tile is not None else key


def status_lines(view: InfView) -> list[str]:
    """Where the chapter stands, in words: each condition with every side's progress, and
    where the plot tokens are (the top of the chapter's page at the table)."""
    adv = view.adventure
    if adv is None:
        return []
    names = [p.name for p in view.players]
    lines = ["Where the chapter stands:"]
    for cond in adv.conditions:
        marks = "; ".join(f"{', '.join(names[s] for s in p.seats if 0 <= s < len(names))} "
                          f"{p.have}/{p.need}" for p in cond.progress)
        lines.append(f"- {cond.text}" + (f": {marks}" if marks and cond.token else ""))
    for plot in adv.plots:
        where = [f"{tile_name(view, h)} {n}" for h, n in sorted(plot.tiles.items())]
        where += [f"{names[s]} holds {n}" for s, n in sorted(plot.held.items()) if 0 <= s < len(names)]
        lines.append(f"- {plot.token} {plot.name}: {', '.join(where) or 'none in play'}")
    if view.round:
        lines.append(f"- Round {view.round} of {adv.last_round}.")
    return lines
