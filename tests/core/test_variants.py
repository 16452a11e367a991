"""The variant catalogue check: player counts, combinations and needed card sets."""

from __future__ import annotations

import pytest

from shards_tui.core.variants import VariantError, VariantInfo, check_choice, player_counts

CATALOGUE = (
    VariantInfo(id="duel", title="Duel", blurb="", players=(2,), anchor="duel"),
    VariantInfo(id="crowd", title="Crowd", blurb="", players=(3, 4), anchor="crowd", excludes=("duel",)),
    VariantInfo(id="shiny", title="Shiny", blurb="", players=(2, 3, 4), anchor="shiny", needs=("extra",)),
)


def test_a_fitting_choice_passes() -> None:
    check_choice(CATALOGUE, ["duel", "shiny"], 2, ["base", "extra"])
    check_choice(CATALOGUE, [], 5, ["base"])


@pytest.mark.parametrize("chosen, players, sets, sentence", [
    (["nope"], 2, ["base"], "There is no variant 'nope'; the variants are: duel, crowd, shiny."),
    (["duel"], 3, ["base"], "Duel is for 2 players, not 3."),
    (["crowd"], 2, ["base"], "Crowd is for 3 or 4 players, not 2."),
    (["shiny"], 2, ["base"], "Shiny needs the Extra Box cards; turn the expansion back on."),
    (["duel", "duel"], 2, ["base"], "Choose each variant at most once."),
])
def test_a_misfit_is_one_sentence(chosen, players, sets, sentence) -> None:
    with pytest.raises(VariantError) as err:
        check_choice(CATALOGUE, chosen, players, sets, {"extra": "Extra Box"})
    assert str(err.value) == sentence


def test_excluded_variants_cannot_combine_even_when_counts_would_allow() -> None:
    both = (CATALOGUE[1], CATALOGUE[1].model_copy(update={"id": "mob", "title": "Mob", "excludes": ("crowd",)}))
    with pytest.raises(VariantError, match="Crowd and Mob cannot be combined."):
        check_choice(both, ["crowd", "mob"], 3, ["base"])


def test_player_counts_intersect() -> None:
    assert player_counts(CATALOGUE, [], range(2, 5)) == [2, 3, 4]
    assert player_counts(CATALOGUE, ["crowd", "shiny"], range(2, 5)) == [3, 4]
    assert player_counts(CATALOGUE, ["crowd", "duel"], range(2, 5)) == []


def test_variants_for_different_player_counts_name_both() -> None:
    with pytest.raises(VariantError) as err:
        check_choice(CATALOGUE, ["duel", "shiny", "crowd"], 2, ["base", "extra"])
    assert str(err.value) == "Duel and Crowd cannot be combined."  # excluded: said first
    apart = (CATALOGUE[0], CATALOGUE[1].model_copy(update={"excludes": ()}))
    with pytest.raises(VariantError) as err:
        check_choice(apart, ["crowd", "duel"], 3, ["base"])
    assert str(err.value) == "Crowd (3 or 4 players) and Duel (2 players) cannot be combined."
