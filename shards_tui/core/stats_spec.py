"""What a game's statistics read of its finished games: the figures worth following turn by
turn (health, shields, points), what each seat played as (a character, a faction, a deck) and
which side it was on. Every name is a field of the game's public player facts
(``view(None).players[seat]``), so the statistics read nothing a seat did not show.

A game registers its ``StatsSpec`` (``GameInfo.stats``). One that registers none still gets
statistics: ``spec_for`` takes its seat role from its ``SetupSpec`` (or the role it names in
``extra["played_role"]``), and ``figures_of`` the whole numbers its public facts hold.
"""

from __future__ import annotations

from dataclasses import dataclass
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

    def title(self, value: Any) -> str:
        text = "" if value is None else str(value)
        return dict(self.titles).get(text, text)


def spec_for(info: Any) -> StatsSpec:
    """The game's registered spec, or one made from its setup (its seat role)."""
    spec = getattr(info, "stats", None)
    if spec is not None:
        return _with_titles(spec, info)
    role = info.setup_spec().role
    if role is not None:
        roles: tuple[Field, ...] = (Field(role.key, role.label),)
    elif "played_role" in info.extra:
        label, key = info.extra["played_role"]
        roles = (Field(str(key), str(label).capitalize()),)
    else:
        roles = ()
    return _with_titles(StatsSpec(roles=roles, team="team"), info)


def _with_titles(spec: StatsSpec, info: Any) -> StatsSpec:
    if spec.titles:
        return spec
    role = info.setup_spec().role
    titles = tuple((c.id, c.title) for c in role.choices) if role is not None else ()
    return StatsSpec(spec.figures, spec.roles, spec.team, titles)


def figures_of(spec: StatsSpec, players: list[dict[str, Any]]) -> tuple[Field, ...]:
    """The figures to follow: the spec's, else every whole number the public facts of a
    player hold that is not a pile's size or a limit."""
    if spec.figures or not players:
        return spec.figures
    return tuple(Field(key, key.replace("_", " ").capitalize())
                 for key, value in players[0].items()
                 if type(value) is int and key not in _NOT_FIGURES
                 and not key.endswith(_NOT_FIGURE_ENDINGS))
