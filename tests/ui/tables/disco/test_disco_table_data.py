"""What the Disco table shows, from one seat's view (no Textual): the rows in columns, the
meters, the hand for its owner only, the piles, the draft, and the placement preview read from
the legal place commands."""

from __future__ import annotations

import dataclasses
import random

import pytest
from disco_ui_support import disco, mid_round

from shards_tui.games.disco.cards import card_def
from shards_tui.games.disco.commands import Draft, DraftKeep, Pass, Place
from shards_tui.games.disco.text import card_text, kind_text
from shards_tui.ui.tables.disco.card_details import describe
from shards_tui.ui.tables.disco.placement import legal_places, placement_preview, placing
from shards_tui.ui.tables.disco.table_data import DRAFT_DECK, answer_command, card_words, table_data
from tests.games.disco.conftest import new_disco


def names(cards) -> list[str | None]:
    return [None if c is None else c.name for c in cards]


def test_the_viewer_s_rows_are_nearer_and_the_opponent_s_beyond_the_action_row():
    ctl = mid_round()
    ana, ben = table_data(ctl.view(0)), table_data(ctl.view(1))
    assert [o.name for o in ana.orbits] == ["Ben", "Ana"] and [m.name for m in ana.meters] == ["Ben", "Ana"]
    assert [o.name for o in ben.orbits] == ["Ana", "Ben"] and [m.name for m in ben.meters] == ["Ana", "Ben"]
    assert (ana.near, ben.near) == (0, 1) and ana.orbits[1].mine and not ana.orbits[0].mine
    public = table_data(ctl.view(None))  # a spectator, or a table behind its hand-off cover
    assert public.near == 0 and [o.name for o in public.orbits] == ["Ben", "Ana"]
    assert public.hand is None and not any(o.mine for o in public.orbits)


def test_the_action_row_has_every_space_with_owners_tokens_and_what_is_placed():
    data = table_data(mid_round().view(0))
    row = data.row
    assert len(row.spaces) == 6 and row.placed == 2 and row.firing is None
    assert names(row.spaces) == ["Laser Show", "Force Field", None, None, None, None]
    laser, field = row.cards
    assert (laser.owner, laser.mine, laser.tokens, laser.seat) == ("Ben", False, 1, 1)
    assert (field.owner, field.mine, field.tokens) == ("Ana", True, 0)


def test_orbit_spaces_hold_stacks_bottom_first_with_tokens_and_that_player_s_research():
    data = table_data(mid_round().view(0))
    ben, ana = data.orbits
    assert [s.space for s in ana.spaces] == [1, 2, 3, 4, 5, 6]
    assert [s.research for s in ana.spaces] == [0, 2, 0, 0, 1, 0]
    assert [(c.name, c.tokens) for c in ana.spaces[1].stack] == [("Research Satellite", 3), ("Bastion", 0)]
    assert [(c.name, c.tokens) for c in ben.spaces[4].stack] == [("Dry Dock", 4)]
    assert ben.satellites == 1 and ana.satellites == 2 and all(s.research == 0 for s in ben.spaces)


def test_meters_count_toward_the_three_wins_with_the_goals_of_the_view():
    view = mid_round().view(0)
    ben, ana = table_data(view).meters
    goals = view.goals
    assert (ana.shields.value, ana.shields.goal, ana.shields.text) == (17, goals.max_shields, "17/30")
    assert (ana.research.value, ana.research.goal) == (3, goals.research_to_win)
    # Ana has 3 tokens, Ben 5 (4 on his Dry Dock, 1 on his Laser Show): Ben leads by 2.
    assert (ben.lead.value, ben.lead.goal, ben.lead.text) == (2, goals.token_lead_to_win, "5, lead +2/15")
    assert (ana.lead.value, ana.lead.text) == (0, "3, lead -2/15")
    assert ana.acting and not ben.acting and ben.first and not ana.first
    assert (ana.faction, ben.faction) == ("Dr. Blazimir Funkovich", "Captain Blackstar")
    assert ana.shields.share == pytest.approx(17 / 30) and ben.research.share == 0


def test_the_hand_is_shown_to_its_owner_only_with_its_generated_text():
    ctl = mid_round(players=[
        {"name": "Ana", "hand": ["sparkle", "lab_notes"], "retained": ["lab_notes"]},
        {"name": "Ben", "hand": ["star_cannon"]}])
    ana = table_data(ctl.view(0))
    assert [c.name for c in ana.hand] == ["Sparkle", "Lab Notes"]
    assert [c.retained for c in ana.hand] == [False, True]
    assert all(c.placeable for c in ana.hand)
    sparkle = ana.hand[0]
    assert sparkle.text == card_text(card_def("sparkle")) and sparkle.kind == kind_text(card_def("sparkle"))
    ben = table_data(ctl.view(1))
    assert [c.name for c in ben.hand] == ["Star Cannon"] and not any(c.placeable for c in ben.hand)
    assert "sparkle" not in repr(ben) and "star_cannon" not in repr(ana)


def test_card_words_are_the_game_s_generated_text_a_part_a_line():
    words = card_words("research_satellite")
    assert words.text == card_text(card_def("research_satellite"))
    assert words.lines[-1].startswith("End of round:") and words.deck == "Dr. Blazimir Funkovich"
    assert card_words("sparkle").deck == DRAFT_DECK


def test_piles_count_both_players_and_list_the_trash_newest_first():
    piles = table_data(mid_round().view(1)).piles
    assert [(p.name, p.mine, p.draw, p.discard, p.hand) for p in piles.players] == \
        [("Ben", True, 1, 0, 1), ("Ana", False, 0, 0, 3)]
    assert names(piles.trash) == ["Space Mine", "Rocket"]
    assert piles.draft > 0 and piles.cycled == 0


# ---- placement ------------------------------------------------------------------------------


def test_the_gaps_come_from_the_legal_place_commands():
    view = mid_round().view(0)
    sparkle = next(c for c in view.players[0].hand if c.card == "sparkle").id
    places = legal_places(view, sparkle)
    assert sorted(places) == [0, 1, 2]
    assert all(view.is_legal(c) and c.gap == g + 1 for g, c in places.items())
    assert placing(view, sparkle).gaps == (0, 1, 2)


def test_the_preview_says_which_space_every_card_takes():
    view = mid_round().view(0)
    sparkle = next(c for c in view.players[0].hand if c.card == "sparkle").id
    first = placement_preview(view, sparkle, 0)
    assert [(s.space, s.card.name, s.new, s.was, s.moved) for s in first.spaces] == [
        (1, "Sparkle", True, None, False), (2, "Laser Show", False, 1, True),
        (3, "Force Field", False, 2, True)]
    assert first.command == Place(seat=0, card="sparkle", gap=1)
    middle = placement_preview(view, sparkle, 1)
    assert [(s.card.name, s.moved) for s in middle.spaces] == \
        [("Laser Show", False), ("Sparkle", False), ("Force Field", True)]
    last = placement_preview(view, sparkle, 2)
    assert [s.card.name for s in last.spaces] == ["Laser Show", "Force Field", "Sparkle"]
    assert not any(s.moved for s in last.spaces) and last.command.gap == 3


def test_no_preview_for_a_placement_that_is_not_legal():
    ctl = mid_round()
    view = ctl.view(0)
    sparkle = next(c for c in view.players[0].hand if c.card == "sparkle").id
    assert placement_preview(view, sparkle, 3) is None  # past the end
    assert placement_preview(view, sparkle, -1) is None
    assert placement_preview(view, "star_cannon#1", 0) is None  # Ben's card
    assert placing(view, None) is None and placing(view, "star_cannon#1") is None
    ben = ctl.view(1)  # not Ben's turn: nothing of his may be placed
    assert placing(ben, ben.players[1].hand[0].id) is None
    assert table_data(ben).placing is False and table_data(view).placing is True


@pytest.mark.parametrize("gap", [0, 1, 2])
def test_the_preview_is_the_row_the_placement_makes(gap):
    ctl = mid_round()
    view = ctl.view(0)
    sparkle = next(c for c in view.players[0].hand if c.card == "sparkle").id
    preview = placement_preview(view, sparkle, gap)
    ctl.apply(preview.command)
    after = ctl.view(0).row
    assert [c.id for c in after] == [s.card.id for s in preview.spaces]


def test_the_preview_shows_the_row_once_the_placement_effect_is_done():
    """Spin Move swaps with the next card as it is placed: into gap 0 it ends in space 2."""
    view = mid_round(players=[{"name": "Ana", "hand": ["spin_move", "disco_shuffle"]},
                              {"name": "Ben", "hand": ["rocket"]}]).view(0)
    spin = next(c.id for c in view.players[0].hand if c.card == "spin_move")
    first = placement_preview(view, spin, 0)
    assert [(s.space, s.card.name, s.new, s.was) for s in first.spaces] == [
        (1, "Laser Show", False, 1), (2, "Spin Move", True, None), (3, "Force Field", False, 2)]
    assert first.asks == ""
    shuffle = next(c.id for c in view.players[0].hand if c.card == "disco_shuffle")
    asking = placement_preview(view, shuffle, 0)
    assert asking.asks_you and "select a card in the action row" in asking.asks
    assert [s.card.name for s in asking.spaces] == ["Disco Shuffle", "Laser Show", "Force Field"]


def test_copies_of_one_card_share_their_gaps():
    view = mid_round(players=[{"name": "Ana", "hand": ["sparkle", "sparkle"]},
                              {"name": "Ben", "hand": ["rocket"]}]).view(0)
    one, two = (c.id for c in view.players[0].hand)
    assert one != two and placing(view, one).gaps == placing(view, two).gaps == (0, 1, 2)
    assert placement_preview(view, two, 1).spaces[1].card.id == two


# ---- drafts, questions, holes in the row ----------------------------------------------------


def test_a_draft_offer_is_shown_to_its_drafter_with_its_legal_answers():
    ctl = new_disco(seed=3)
    drafter = ctl.who_must_act()
    mine, theirs = table_data(ctl.view(drafter)).draft, table_data(ctl.view(1 - drafter)).draft
    assert len(mine.offer) == 3 and mine.active and not mine.drafter and mine.prompt
    assert all(isinstance(c, DraftKeep) and ctl.view(drafter).is_legal(c) for c in mine.keep)
    assert mine.keep_command(2).options == ("2",) and mine.keep_command(4) is None
    assert theirs.offer == () and theirs.keep == () and theirs.active
    assert theirs.drafter == ctl.view(None).players[drafter].name
    for face in mine.offer:
        assert face.id not in repr(table_data(ctl.view(1 - drafter)))


def test_an_optional_draft_cycle_may_be_taken_or_passed():
    view = disco(phase="draft", round=2, first=0).view(0)
    draft = table_data(view).draft
    assert draft.take == Draft(seat=0) and draft.skip == Pass(seat=0) and draft.active
    assert draft.offer == () and draft.draft_count == view.draft_count
    assert not table_data(mid_round().view(0)).draft.active  # the placement phase: no draft


def test_cards_that_answer_the_viewer_s_question_are_marked_and_a_launched_card_leaves_a_hole():
    ctl = disco(players=[{"name": "Ana", "hand": ["sparkle"]}, {"name": "Ben"}],
                row=[{"card": "groove_turret", "seat": 0}] + [{"card": "force_field", "seat": 1}] * 4,
                active=0)
    ctl.apply("place sparkle 4", 0)  # the row fires; Sparkle asks where its tokens go
    ana = table_data(ctl.view(0))
    assert ana.row.firing == 4 and ana.row.placed == 6 and ana.row.spaces[0] is None
    assert names(ana.orbits[1].spaces[0].stack) == ["Groove Turret"]
    assert ana.options and all(c.option for c in ana.row.cards)
    assert ana.orbits[1].spaces[0].stack[0].option  # the satellite can take a token too
    assert [c.fired for c in ana.row.cards] == [True, True, True, False, False]  # (Sparkle: now)
    ben = table_data(ctl.view(1))  # not Ben's question: nothing marked for him
    assert not ben.options and not any(c.option for c in ben.row.cards)
    turret = ana.orbits[1].spaces[0].stack[0].id
    answer = answer_command(ctl.view(0), turret)  # a click on a marked card answers with it
    assert answer.options == (turret,) and ctl.view(0).is_legal(answer)
    assert answer_command(ctl.view(1), turret) is None
    assert answer_command(ctl.view(0), "rocket#9") is None


def test_card_details_say_where_a_card_is():
    ctl = mid_round()
    data = table_data(ctl.view(0))
    assert describe(data, data.row.cards[0].id).where == "Ben's card in space 1"
    assert describe(data, data.row.cards[0].id).notes == ("1 power token",)
    assert describe(data, data.row.cards[1].id).where == "your card in space 2"
    satellite = data.orbits[1].spaces[1].stack[0]
    assert describe(data, satellite.id).where == "your satellite in orbit space 2, 1 of 2 stacked"
    assert describe(data, data.hand[0].id).where == "in your hand"
    assert describe(data, data.piles.trash[0].id).where == "in the trash"
    ben = table_data(ctl.view(1))
    assert describe(ben, data.hand[0].id) is None  # Ana's hand is not Ben's to read
    offer = table_data((c := new_disco(seed=3)).view(c.who_must_act()))
    assert describe(offer, offer.draft.offer[1].id).where == "offered to you in the draft, card 2"


# ---- nothing hidden, through whole games ----------------------------------------------------


def _ids(value) -> set[str]:
    """Every card instance id anywhere in a piece of table data."""
    if isinstance(value, str):
        return {value} if "#" in value else set()
    if dataclasses.is_dataclass(value):
        return set().union(*(_ids(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, (tuple, list, frozenset, set)):
        return set().union(*(_ids(v) for v in value)) if value else set()
    return set()


def _hidden_from(state, seat: int) -> set[str]:
    """What ``seat`` may not see: the other's hand, both draw piles, the other's discard pile,
    the draft and cycled decks, and a draft offer dealt to the other."""
    other = state.players[1 - seat]
    hidden = {*other.hand, *other.deck, *other.discard, *state.players[seat].deck,
              *state.draft_deck, *state.cycled}
    if state.pending is None or state.pending.seat != seat:
        hidden |= set(state.offer)
    return hidden


@pytest.mark.parametrize("seed", [1, 2])
def test_the_table_data_never_holds_a_card_its_seat_may_not_see(seed):
    ctl = new_disco(seed=seed)
    rng = random.Random(seed)
    for _ in range(160):
        if ctl.over:
            break
        for seat in (0, 1):
            data = table_data(ctl.view(seat))
            assert not _ids(data) & _hidden_from(ctl.state, seat)
            assert {c.id for c in data.hand} == set(ctl.state.players[seat].hand)
        public = table_data(ctl.view(None))
        assert public.hand is None
        assert not _ids(public) & (_hidden_from(ctl.state, 0) | _hidden_from(ctl.state, 1))
        seat = ctl.who_must_act()
        ctl.apply(rng.choice(ctl.legal_commands(seat)))
