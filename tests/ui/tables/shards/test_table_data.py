"""TableData, the table's words built from a seat's view: no Textual app needed."""

from __future__ import annotations

from tests.ui.tables.shards.shards_ui_support import ROW, scenario

from shards_tui.games.shards.cards import card_db
from shards_tui.ui.tables.shards.screen import _character
from shards_tui.ui.tables.shards.table_data import TableData

CARDS = card_db(("base", "relics"))


def test_the_turn_line_names_whose_attack_and_whose_shields_for_every_seat() -> None:
    """A spectator read 'Turn 1, Ana's shields phase' while Ben was the one choosing."""
    ctl = scenario([{"name": "Ana", "hand": ["crystal"]},
                    {"name": "Ben", "hand": ["command_seer"]}, {"name": "Cy", "hand": ["crystal"]}],
                   turn={"power": 4})
    ctl.apply("end", 0)
    ctl.apply("assign ben 4", 0)
    assert ctl.view(None).pending.seat == 1

    def line(seat):
        return TableData.build(ctl.view(seat), CARDS, _character).turn_text

    assert line(1) == "Turn 1, Ana's attack: your shields"
    assert line(0) == "Turn 1, your attack: Ben's shields"
    assert line(2) == line(None) == "Turn 1, Ana's attack: Ben's shields"


def test_an_option_naming_a_center_slot_stands_for_the_card_there() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["portal_monk"]}, {"name": "Ben"}])
    ctl.apply("play portal_monk", 0)
    data = TableData.build(ctl.view(0), CARDS, _character)
    assert data.option_card("3").startswith(ROW[2] + "#")
    assert data.option_card("crystal#1") == "crystal#1"
    assert data.option_card("9") == ""


def test_a_bid_is_an_amount_not_a_center_slot() -> None:
    """The card panel showed the center card in slot 3 for 'bid 3' in the Health Auction."""
    from tests.conftest import new_shards

    ctl = new_shards(2, seed=2, variants=["health_auction"])
    seat = ctl.state.pending.seat
    data = TableData.build(ctl.view(seat), CARDS, _character)
    assert data.pending.kind != "recruit_free" and "3" in [o.id for o in data.pending.options]
    assert data.option_card("3") == "3"


def test_protected_comes_before_the_counts_that_a_short_line_cuts() -> None:
    """At 80x24 an opponent's line is cut at the terminal's edge: PROTECTED came last, after
    the relics, and was the part cut."""
    from shards_tui.ui.tables.shards.player_panel import opponent_items

    ctl = scenario([{"name": "Ana"}, {"name": "Ben", "champions": ["zetta_the_encryptor"]}])
    ben = TableData.build(ctl.view(0), CARDS, _character).opponents[0][0]
    assert ben.protected
    words = [" ".join(text for text, _ in item) for item in opponent_items(ben, short=True)]
    assert words.index("PROTECTED") < next(n for n, w in enumerate(words) if w.startswith("hand"))


def test_an_option_card_stays_in_the_card_panel_only_while_its_question_is_open() -> None:
    """After the Relic Draft the card panel still showed a relic as '(one of the choices)'."""
    from shards_tui.ui.tables.shards.describe import card_info

    ctl = scenario([{"name": "Ana", "hand": ["portal_monk"]}, {"name": "Ben"}])
    ctl.apply("play portal_monk", 0)
    data = TableData.build(ctl.view(0), CARDS, _character)
    option = card_info(data.option_card("2"), CARDS, zone="option")
    assert data.still_shown(option)
    ctl.apply("choose 2", 0)
    assert not TableData.build(ctl.view(0), CARDS, _character).still_shown(option)


def test_ending_the_play_phase_names_what_would_go_unused() -> None:
    """Unplayed cards, the focus (1 gem for 1 mastery, kept for good) and a ready champion are
    named; an affordable center card is not (leaving the row alone is a choice)."""
    def reminder(hand, champions, turn):
        ctl = scenario([{"name": "Ana", "hand": hand, "champions": champions}, {"name": "Ben"}],
                       turn=turn)
        return TableData.build(ctl.view(0), CARDS, _character).end_turn_unused

    assert reminder(["crystal"], ["systema_ai"], {"gems": 2}) == (
        "1 card in hand, your focus (m), Systema A.I. (x)")
    assert reminder(["crystal", "blaster"], [], {}) == "2 cards in hand"
    assert reminder([], [], {"gems": 6}) == "your focus (m)"
    assert reminder([], [], {"gems": 6, "focused": True}) is None  # 6 gems, row untouched
    assert reminder([], ["systema_ai"], {"gems": 0}) == "Systema A.I. (x)"
    assert reminder([], ["systema_ai", "giga_source_adept"], {}) == \
        "Systema A.I. (x); Giga, Source Adept (x)"  # a name with a comma of its own
    ctl = scenario([{"name": "Ana", "hand": [], "mastery": 10, "relics": ["terminal_crescents"]},
                    {"name": "Ben"}], sets=["base", "relics"], turn={"focused": True})
    assert TableData.build(ctl.view(0), CARDS, _character).end_turn_unused == \
        "your relic (ctrl+p)"


def test_no_reminder_outside_the_seats_own_play_phase() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["crystal"]}, {"name": "Ben", "hand": ["crystal"]}],
                   turn={"gems": 3})
    assert TableData.build(ctl.view(1), CARDS, _character).end_turn_unused is None
    assert TableData.build(ctl.view(None), CARDS, _character).end_turn_unused is None
