"""The Adventure words added to the effect vocabulary: steps that move plot tokens (P0-P9)
and the conditions a chapter's special actions and reactions ask for.

A plot token is held by a leader (``Player.plots``), lies on a tile (``PlacedTile.tokens``)
or waits in the supply; a token may be held or lie in several copies, each one a count of what
it tracks. The steps below join the card steps of ``effects.py`` in a chapter's ``ChapterStep``
union; the one interpreter carries them out (``plot_steps.PLOT_STEPS``).
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

import typing
from typing import Annotated, Literal, Union

from pydantic import Field

from shards_tui.games.infinities import effects as fx

PlotId = Annotated[str, Field(pattern=r"^P[0-9]$")]


class _PlotStep(fx._Frozen):
    when: fx.Condition | None = None


class TakePlot(_PlotStep):
    """Take up to ``amount`` of this token from the tile you stand on."""

    do: Literal["take_plot"] = "take_plot"
    token: PlotId
    amount: int = Field(default=1, ge=1, le=3)


class PlacePlot(_PlotStep):
    """Put this token on the tile you stand on: from the supply, or (``held``) one you hold."""

    do: Literal["place_plot"] = "place_plot"
    token: PlotId
    held: bool = False


class GainPlot(_PlotStep):
    """Take this token from the supply: you hold it."""

    do: Literal["gain_plot"] = "gain_plot"
    token: PlotId
    amount: int = Field(default=1, ge=1, le=3)


class LosePlot(_PlotStep):
    """Give up to ``amount`` of this token you hold back to the supply."""

    do: Literal["lose_plot"] = "lose_plot"
    token: PlotId
    amount: int = Field(default=1, ge=1, le=3)


class StealPlot(_PlotStep):
    """Take one of this token from the targeted leader, if they hold one."""

    do: Literal["steal_plot"] = "steal_plot"
    token: PlotId
    who: Literal["target"] = "target"


PlotStep = Union[TakePlot, PlacePlot, GainPlot, LosePlot, StealPlot]
PLOT_STEP_KINDS = ("take_plot", "place_plot", "gain_plot", "lose_plot", "steal_plot")
# A chapter's steps: every card step and the plot steps, one vocabulary.
ChapterStep = Annotated[Union[typing.get_args(typing.get_args(fx.Step)[0]) + typing.get_args(PlotStep)],  # type: ignore[misc]
                        Field(discriminator="do")]


# --- what a special action or a reaction asks of the leader -------------------------------------

class Holding(fx._Frozen):
    """You hold at least ``at_least`` of this token (``at_most``: and no more than that)."""

    kind: Literal["holding"] = "holding"
    token: PlotId
    at_least: int = Field(default=1, ge=0, le=12)
    at_most: int | None = Field(default=None, ge=0, le=12)


class TileHas(fx._Frozen):
    """The tile you stand on carries this token."""

    kind: Literal["tile_has"] = "tile_has"
    token: PlotId


class TileLacks(fx._Frozen):
    """The tile you stand on carries none of this token."""

    kind: Literal["tile_lacks"] = "tile_lacks"
    token: PlotId


class Near(fx._Frozen):
    """A face-up tile at most ``within`` spaces from yours (yours included) carries this token."""

    kind: Literal["near"] = "near"
    token: PlotId
    within: int = Field(default=1, ge=1, le=3)


class OnTile(fx._Frozen):
    """You stand on one of these tiles."""

    kind: Literal["on"] = "on"
    tiles: tuple[str, ...] = Field(min_length=1, max_length=6)


PlotCondition = Annotated[Union[Holding, TileHas, TileLacks, Near, OnTile, fx.OnTileType, fx.InfluenceAtLeast,
                                fx.UnitsAtLeast, fx.LevelAtLeast], Field(discriminator="kind")]


def tokens_of_step(step: object) -> list[str]:
    """The plot tokens a step names (none for a card step)."""
    token = getattr(step, "token", None)
    return [token] if isinstance(token, str) else []


def acts_on_target(step: object) -> bool:
    return getattr(step, "to", None) in ("target", "target_unit") or \
        getattr(step, "who", None) == "target" or getattr(step, "do", "") in ("destroy", "steal", "attach")
