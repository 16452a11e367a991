"""Step functions of the interpreter for plot tokens: taking one from your tile, putting one
there, gaining one from the supply or giving one back, and taking one from the targeted leader.
Each is done in one call (none asks a question)."""

from __future__ import annotations

from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities import plot_vocab as pv
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.models import Frame
from shards_tui.games.infinities.plot_rules import held, token_name

Answer = list[str] | None


def _placed(b: Board, seat: int):
    at = b.state.players[seat].at
    placed = b.state.tiles.get(at) if at else None
    return placed if placed is not None and placed.face_up else None


def _take(b: Board, frame: Frame, step: pv.TakePlot, chosen: Answer) -> bool:
    placed = _placed(b, frame.seat)
    name = token_name(b, step.token)
    if placed is None or step.token not in placed.tokens:
        b.event(f"{fr.source_name(b, frame)}: no {name} lies on {b.who(frame.seat)}'s tile.",
                "adventure", frame.seat)
        return True
    n = min(step.amount, placed.tokens.count(step.token))
    for _ in range(n):
        placed.tokens.remove(step.token)
        b.state.players[frame.seat].plots.append(step.token)
    b.event(f"{b.who(frame.seat)} takes {token_name(b, step.token, n)} from "
            f"{b.tile_def(placed).name} ({held(b, frame.seat, step.token)} held).", "adventure", frame.seat)
    return True


def _place(b: Board, frame: Frame, step: pv.PlacePlot, chosen: Answer) -> bool:
    placed = _placed(b, frame.seat)
    p = b.state.players[frame.seat]
    name = token_name(b, step.token)
    if placed is None or (step.held and step.token not in p.plots):
        return True
    if step.held:
        p.plots.remove(step.token)
    placed.tokens.append(step.token)
    b.event(f"{fr.source_name(b, frame)} puts {name} on {b.tile_def(placed).name}.", "adventure",
            frame.seat)
    return True


def _gain(b: Board, frame: Frame, step: pv.GainPlot, chosen: Answer) -> bool:
    p = b.state.players[frame.seat]
    p.plots.extend([step.token] * step.amount)
    b.event(f"{b.who(frame.seat)} gains {token_name(b, step.token, step.amount)} "
            f"({held(b, frame.seat, step.token)} held).", "adventure", frame.seat)
    return True


def _lose(b: Board, frame: Frame, step: pv.LosePlot, chosen: Answer) -> bool:
    p = b.state.players[frame.seat]
    n = min(step.amount, p.plots.count(step.token))
    for _ in range(n):
        p.plots.remove(step.token)
    if n:
        b.event(f"{b.who(frame.seat)} gives up {token_name(b, step.token, n)}.", "adventure",
                frame.seat)
    return True


def _steal(b: Board, frame: Frame, step: pv.StealPlot, chosen: Answer) -> bool:
    name = token_name(b, step.token)
    for seat in fr.seat_targets(frame):
        victim = b.state.players[seat]
        if step.token in victim.plots:
            victim.plots.remove(step.token)
            b.state.players[frame.seat].plots.append(step.token)
            b.event(f"{b.who(frame.seat)} takes {name} from {b.who(seat)}.", "adventure", frame.seat)
        else:
            b.event(f"{b.who(seat)} holds no {name}.", "adventure", frame.seat)
    return True


PLOT_STEPS = {pv.TakePlot: _take, pv.PlacePlot: _place, pv.GainPlot: _gain, pv.LosePlot: _lose,
              pv.StealPlot: _steal}
