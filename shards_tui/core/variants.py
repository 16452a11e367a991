"""Rules variants and expansions a game offers, and the check that a chosen set of them fits.

A game lists its variants as data (its ruleset file); the setup screen and the CLI show them
and refuse a choice that does not fit in one sentence, before any game is built.
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types,
# not strings it must evaluate (about 20 ms of startup over the rules models).

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
    for n, a in enumerate(picked):
        for b in picked[n + 1:]:
            if b.id in a.excludes or a.id in b.excludes:
                raise VariantError(f"{a.title} and {b.title} cannot be combined.")
            if not set(a.players) & set(b.players):
                raise VariantError(f"{a.title} ({count_words(a.players)}) and {b.title} "
                                   f"({count_words(b.players)}) cannot be combined.")
    if picked and not player_counts(catalogue, chosen, range(0)):
        raise VariantError(f"No number of players fits {_and(v.title for v in picked)} together.")
    for v in picked:
        if players not in v.players:
            raise VariantError(f"{v.title} is for {count_words(v.players)}, not {players}.")
    for v in picked:
        for need in v.needs:
            if need not in sets:
                raise VariantError(f"{v.title} needs the {titles.get(need, need)} cards; "
                                   "turn the expansion back on.")


def _and(words) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def count_words(counts) -> str:
    """(1,) -> '1 player'; (2, 3, 4) -> '2, 3 or 4 players'."""
    counts = sorted(counts)
    numbers = [str(n) for n in counts]
    text = numbers[0] if len(numbers) == 1 else f"{', '.join(numbers[:-1])} or {numbers[-1]}"
    return f"{text} player{'' if counts == [1] else 's'}"


def player_counts(catalogue: tuple[VariantInfo, ...], chosen: list[str],
                  default: range) -> list[int]:
    """The player counts every chosen variant allows (the game's own range if none is chosen)."""
    counts = set(default)
    if chosen:
        counts = set.intersection(*(set(find(catalogue, v).players) for v in chosen))
    return sorted(counts)
