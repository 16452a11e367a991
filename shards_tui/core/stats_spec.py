"""A game's figures: what its result screen and its statistics follow of a game. The figures
worth following turn by turn (health, shields, points; the first is the one the game is
decided by), which of them is lost as damage and which moves play a card, what each seat
played as (a character, a faction, a deck) and which side it was on. Every name is a field of
the game's public player facts (``view(None).players[seat]``), so nothing a seat did not show
is read. ``core.figures.follow`` reads them over a game's history, for both.

A game registers its ``StatsSpec`` (``GameInfo.stats``). One that registers none still gets
figures: ``spec_for`` takes its seat role from its ``SetupSpec``, and ``figures_of`` the whole
numbers its public facts hold.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

# Whole numbers of the public facts that are not figures a player follows (sizes of piles,
# limits and counters), for a game that names no figures.
_NOT_FIGURES = ("seat", "team")
_NOT_FIGURE_ENDINGS = ("_count", "_limit", "_cost", "timeouts")


@dataclass(frozen=True)
class Field:
    """One field of the public player facts and what to call it."""

    key: str
    label: str


@dataclass(frozen=True)
class StatsSpec:
    figures: tuple[Field, ...] = ()  # numbers followed by turn (the first is charted first)
    roles: tuple[Field, ...] = ()  # what each seat played as, its value named by ``titles``
    team: str | None = None  # the field of a seat's side (None: each seat plays for itself)
    titles: tuple[tuple[str, str], ...] = ()  # role value -> its name (ids of a SetupSpec)
    damage: str | None = None  # the figure whose loss is damage dealt (None: the first)
    played: tuple[str, ...] = ()  # the verbs that play a card from the hand (() : the shell's)

    def title(self, value: Any) -> str:
        text = "" if value is None else str(value)
        return dict(self.titles).get(text, text)


def spec_for(info: Any) -> StatsSpec:
    """The game's registered spec, or one made from its setup (its seat role)."""
    spec = getattr(info, "stats", None)
    if spec is not None:
        return _with_titles(spec, info)
    role = info.setup_spec().role
    roles = (Field(role.key, role.label),) if role is not None else ()
    return _with_titles(StatsSpec(roles=roles, team="team"), info)


def _with_titles(spec: StatsSpec, info: Any) -> StatsSpec:
    if spec.titles:
        return spec
    role = info.setup_spec().role
    titles = tuple((c.id, c.title) for c in role.choices) if role is not None else ()
    return replace(spec, titles=titles)


def figures_of(spec: StatsSpec, players: list[dict[str, Any]]) -> tuple[Field, ...]:
    """The figures to follow: the spec's, else every whole number the public facts of a
    player hold that is not a pile's size or a limit."""
    if spec.figures or not players:
        return spec.figures
    return tuple(Field(key, key.replace("_", " ").capitalize())
                 for key, value in players[0].items()
                 if type(value) is int and key not in _NOT_FIGURES
                 and not key.endswith(_NOT_FIGURE_ENDINGS))
