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
    """'Patch the Fault (spend Fortitude, Tide), if a Fault (P2) lies on your tile: take …'"""
    adv = view.adventure
    action = next((a for a in adv.actions if a.id == command.action), None) if adv else None
    return action.text.rstrip(".") if action is not None else command.text()


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
    """How the chapter ended: the condition that ended it (or that nobody won)."""
    adv = view.adventure
    if adv is None or not view.over:
        return []
    cond = next((c for c in adv.conditions if c.id == adv.outcome), None)
    if cond is None:
        return [f"{adv.title}: round {adv.last_round} ended with no win condition met."]
    return [f"{adv.title}: won by the condition '{cond.text}'."]


def tile_name(view: InfView, key: str) -> str:
    tile = next((t for t in view.tiles if t.hex == key), None)
    return tile.name if tile is not None else key
