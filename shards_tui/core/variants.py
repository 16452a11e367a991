"""Rules variants and expansions a game offers, and the check that a chosen set of them fits.

A game lists its variants as data (its ruleset file); the setup screen and the CLI show them
and refuse a choice that does not fit in one sentence, before any game is built.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class VariantInfo(BaseModel):
    """One way to play: who it is for and what it cannot be combined with."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    title: str
    blurb: str
    players: tuple[int, ...]  # the numbers of people at the table it allows
    anchor: str  # its section in the game's rules reference
    needs: tuple[str, ...] = ()  # card sets (expansions) it cannot do without
    excludes: tuple[str, ...] = ()  # variants it cannot be combined with


class ExpansionInfo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    title: str
    default: bool = True  # on unless the player turns it off


class VariantError(ValueError):
    """A choice of variants, expansions and player count that does not fit; one sentence."""


def find(catalogue: tuple[VariantInfo, ...], variant_id: str) -> VariantInfo:
    for v in catalogue:
        if v.id == variant_id:
            return v
    known = ", ".join(v.id for v in catalogue) or "none"
    raise VariantError(f"There is no variant '{variant_id}'; the variants are: {known}.")


def check_choice(catalogue: tuple[VariantInfo, ...], chosen: list[str], players: int,
                 sets: list[str], set_titles: dict[str, str] | None = None) -> None:
    """Raise VariantError naming the first thing wrong with this choice, else return None."""
    picked = [find(catalogue, v) for v in chosen]
    if len(set(chosen)) != len(chosen):
        raise VariantError("Choose each variant at most once.")
    titles = set_titles or {}
    for v in picked:
        if players not in v.players:
            allowed = " or ".join(str(n) for n in v.players)
            people = "player" if v.players == (1,) else "players"
            raise VariantError(f"{v.title} is for {allowed} {people}, not {players}.")
    for a in picked:
        for b in picked:
            if b.id in a.excludes or a.id in b.excludes:
                raise VariantError(f"{a.title} and {b.title} cannot be combined.")
    for v in picked:
        for need in v.needs:
            if need not in sets:
                raise VariantError(f"{v.title} needs the {titles.get(need, need)} cards; "
                                   "turn the expansion back on.")


def player_counts(catalogue: tuple[VariantInfo, ...], chosen: list[str],
                  default: range) -> list[int]:
    """The player counts every chosen variant allows (the game's own range if none is chosen)."""
    counts = set(default)
    if chosen:
        counts = set.intersection(*(set(find(catalogue, v).players) for v in chosen))
    return sorted(counts)
