"""What The Fractured Net's table shows, from one seat's view (no Textual): both sides, the hand
for its owner only with what is playable, combat and blocking with the rules' forecast, Response
windows, the mulligan and the timer; and, over whole games, no card a seat may not see."""

from __future__ import annotations

import random

from net_ui_support import blocking_position, net_game, net_position

from shards_tui.games.fractured_net.commands import (Attack, Block, Confirm, Keep, Pass, Play,
                                                     Withdraw)
from shards_tui.ui.tables.fractured_net.table_data import card_words, table_data
from tests.games.fractured_net.fn_helpers import hidden_from


def test_the_viewer_s_side_is_nearer_with_health_energy_and_piles():
    ctl = net_position({"hand": ["flare", "iron_bulwark"], "capacity": 3, "health": 21,
                        "resources": ["power_cell"], "discard": ["flare"],
                        "creatures": ["net_wolf", {"card": "fuse_rat", "sick": True, "damage": 1,
                                                   "gear": ["arc_gauntlet"]}]},
                       {"creatures": ["iron_bulwark"], "hand": ["flare"]})
    ana, ben = table_data(ctl.view(0)), table_data(ctl.view(1))
    assert [s.name for s in ana.sides] == ["Ben", "Ana"] and ana.near_side.mine
    assert [s.name for s in ben.sides] == ["Ana", "Ben"] and not ben.far_side.mine
    me = ana.near_side
    assert (me.health, me.max_health, me.acting, me.active) == (21, 30, True, True)
    assert (me.energy.available, me.energy.used, me.energy.capacity) == (4, 0, 3)
    assert [r.card for r in me.resources] == ["power_cell"] and not me.resource_played
    assert (me.deck_count, me.discard_count, me.hand_count) == (6, 1, 2)
    wolf, rat = me.creatures
    assert (rat.power, rat.defense, rat.damage, rat.left, rat.sick) == (5, 2, 1, 1, True)
    assert "Reckless" in rat.keywords and [g.card for g in rat.gear] == ["arc_gauntlet"]
    assert wolf.can_attack and not rat.can_attack
    assert ana.far_side.creatures[0].keywords == ("Armored 1",)


def test_the_hand_is_the_viewer_s_own_with_playable_cards_and_their_cost():
    ctl = net_position({"hand": ["flare", "iron_bulwark"], "capacity": 3, "resources": ["power_cell"]},
                       {"hand": ["flare"]})
    hand = table_data(ctl.view(0)).hand
    flare, bulwark = hand
    assert (flare.playable, flare.cost, flare.affordable, flare.play) == (
        True, flare.cost, True, Play(seat=0, card="flare"))
    assert (bulwark.playable, bulwark.affordable, bulwark.play) == (False, False, None)
    assert bulwark.why_not == "You have 4 energy; Iron Bulwark costs 5."
    assert bulwark.type == "Creature 4/6" and bulwark.text == card_words("iron_bulwark").text
    assert table_data(ctl.view(1)).hand[0].card == "flare"
    assert table_data(ctl.view(None)).hand is None


def test_attacking_offers_the_legal_declarations_and_marks_reckless_as_forced():
    ctl = net_position({"creatures": ["net_wolf", "fault_runner", {"card": "scrap_golem", "sick": True}]})
    data = table_data(ctl.view(0))
    combat = data.combat
    assert combat.stage == "none" and combat.forced == ("fault_runner#8",)
    assert {c.creature for c in combat.attack} == {"net_wolf#7", "fault_runner#8"}
    assert combat.attack_all == Attack(seat=0, creature="all") and data.end is None
    rat = data.creature("fault_runner#8")
    assert rat.forced and rat.can_attack and not data.creature("scrap_golem#9").can_attack
    ctl.apply("attack net_wolf", 0)
    combat = table_data(ctl.view(0)).combat
    assert combat.stage == "declaring" and combat.attackers == ("net_wolf#7",)
    assert combat.confirm is None, "a Reckless creature must attack before the attack is confirmed"
    assert combat.toggle_command("net_wolf#7") == Withdraw(seat=0, creature="net_wolf#7")
    assert combat.toggle_command("fault_runner#8") == Attack(seat=0, creature="fault_runner#8")
    ctl.apply("attack fault_runner", 0)
    combat = table_data(ctl.view(0)).combat
    assert combat.confirm == Confirm(seat=0) and table_data(ctl.view(0)).creature("net_wolf#7").attacking
    assert table_data(ctl.view(1)).combat.confirm is None


def test_blocking_shows_each_pairing_its_hits_and_who_would_die():
    ctl = blocking_position()
    data = table_data(ctl.view(1))
    combat = data.combat
    assert combat.stage == "blocking" and combat.assigning
    assert combat.can_block_with("scrap_golem#16") == ("unstable_golem#7", "relay_courier#8")
    assert combat.can_block_with("iron_bulwark#17") == (), "a tapped creature cannot block"
    assert combat.to_player == 6 and [p.to_player for p in combat.pairings] == [5, 1]
    ctl.apply(combat.block_command("relay_courier#15", "unstable_golem#7"))
    ctl.apply(table_data(ctl.view(1)).combat.block_command("scrap_golem#16", "unstable_golem#7"))
    data = table_data(ctl.view(1))
    golem = data.combat.pairings[0]
    assert golem.attacker == "unstable_golem#7" and golem.to_player == 0
    assert golem.blockers == (("relay_courier#15", 2, 1), ("scrap_golem#16", 3, 3))
    assert golem.dead_blockers == ("relay_courier#15", "scrap_golem#16") and not golem.attacker_dies
    assert data.combat.blockers_of("unstable_golem#7") == ("relay_courier#15", "scrap_golem#16")
    assert data.creature("scrap_golem#16").blocking == "unstable_golem#7"
    assert data.creature("scrap_golem#16").dies and data.combat.to_player == 1
    assert data.combat.unblock_command("scrap_golem#16") is not None
    # the attacker sees no block until they are confirmed, and has nothing to send
    ana = table_data(ctl.view(0))
    assert not ana.combat.blockers_of("unstable_golem#7") and not ana.combat.block
    ctl.apply(data.combat.confirm)
    assert table_data(ctl.view(1)).combat.stage == "responding"
    assert table_data(ctl.view(0)).combat.pairings == table_data(ctl.view(1)).combat.pairings


def test_a_response_window_says_who_may_respond_and_offers_the_legal_responses():
    ctl = net_position({"creatures": ["scrap_golem"]},
                       {"hand": ["predictive_strike", "flare"], "capacity": 5})
    ctl.apply("attack scrap_golem", 0)
    ctl.apply("confirm", 0)
    ben, ana = table_data(ctl.view(1)).window, table_data(ctl.view(0)).window
    assert ben.open and ben.kind == "attack" and ben.mine
    assert ben.responses == (Play(seat=1, card="predictive_strike"),) and ben.skip == Pass(seat=1)
    assert ben.sentence.startswith("Response window after attackers were declared. You may play")
    assert not ana.mine and not ana.responses and ana.sentence.endswith("Ben may respond.")
    assert "predictive_strike" not in repr(table_data(ctl.view(0)))


def test_the_mulligan_is_offered_to_each_seat_and_its_choice_stays_secret():
    ctl = net_game()
    data = table_data(ctl.view(0))
    assert data.mulligan.active and data.mulligan.mine and data.mulligan.keep == Keep(seat=0)
    assert len(data.hand) == 7 and not any(c.playable for c in data.hand)
    ctl.apply(data.mulligan.mulligan)
    assert table_data(ctl.view(0)).mulligan.status[0] == ("Ana", "took a mulligan")
    assert table_data(ctl.view(1)).mulligan.status[0] == ("Ana", "decided")
    assert not table_data(ctl.view(0)).mulligan.mine


def test_the_timer_shows_its_limit_whose_clock_runs_and_the_time_left_it_is_given():
    ctl = net_game(mode="ranked")
    data = table_data(ctl.view(0), remaining=75)
    assert data.timer.on and data.timer.ranked and data.timer.seconds == 90
    assert data.timer.running == ("Ana", "Ben") and data.timer.text == "1:15 left"
    assert table_data(ctl.view(0)).timer.text == "Turn timer 90s"
    assert table_data(net_game().view(0), remaining=5).timer.text == "No turn timer"


def test_a_question_marks_its_answers():
    ctl = net_position({"hand": ["arc_gauntlet"], "creatures": ["net_wolf", "scrap_golem"],
                        "capacity": 5})
    ctl.apply("play arc_gauntlet", 0)
    data = table_data(ctl.view(0))
    assert data.question and data.options == {"net_wolf#8", "scrap_golem#9"}
    assert all(c.option for c in data.near_side.creatures)
    assert not table_data(ctl.view(1)).options


def test_no_card_a_seat_may_not_see_gets_into_its_data_through_whole_games():
    for seed in (3, 4):
        ctl = net_game(seed=seed)
        rng = random.Random(seed)
        checked = 0
        while not ctl.over and checked < 600:
            for seat in (0, 1, None):
                data = table_data(ctl.view(seat))
                text = repr(data)
                leaked = [i for i in hidden_from(ctl, seat) if repr(i) in text]
                assert not leaked, f"seat {seat} sees {leaked[:3]}"
                if seat is not None:
                    own = set(ctl.state.players[seat].hand)
                    assert {c.id for c in data.hand} == own
            checked += 1
            mover = ctl.who_must_act()
            ctl.apply(rng.choice(ctl.legal_commands(mover)))
        assert ctl.over, "a random game ends within 600 moves"


def test_every_command_in_the_data_is_legal_for_its_seat():
    ctl = blocking_position()
    data = table_data(ctl.view(1))
    view = ctl.view(1)
    for command in data.combat.block + data.combat.unblock + (data.combat.confirm,):
        assert view.is_legal(command)
    assert all(isinstance(c, Block) for c in data.combat.block)


def test_a_reckless_creature_that_blocks_the_end_of_the_turn_is_named_in_the_turn_bar():
    """Played after the wish to end the turn, a Reckless creature took 'e' away; the turn bar's
    line was left empty, and a new player did not know why the turn would not end."""
    from shards_tui.ui.tables.fractured_net.turn_bar import prompt

    ctl = net_position({"creatures": ["net_wolf", "fault_runner"]})
    data = table_data(ctl.view(0))
    assert data.end is None
    assert prompt(data) == data.must_attack == (
        "Fault Runner is Reckless and must attack: declare your attackers (t), then end your turn.")
    assert table_data(ctl.view(1)).must_attack == ""  # not the other player's to do
    ctl.apply("attack all", 0)
    assert table_data(ctl.view(0)).must_attack == ""


def test_no_response_window_shows_while_a_card_asks_for_its_target_then_it_shows_what_it_answers():
    from shards_tui.ui.tables.fractured_net.turn_bar import headline, prompt

    ctl = net_position({"hand": ["flare"], "capacity": 2},
                       {"creatures": ["scrap_golem"], "hand": ["backlash"], "capacity": 2})
    ctl.apply("play flare", 0)
    assert ctl.state.pending is not None and ctl.state.pending.kind == "target"
    for seat in (0, 1):
        data = table_data(ctl.view(seat))
        assert not data.window.open and "Response window" not in headline(data) + prompt(data)
    assert headline(table_data(ctl.view(0))).endswith("choosing a target")
    assert headline(table_data(ctl.view(1))).endswith("Ana is choosing a target")
    golem = ctl.state.players[1].creatures[0].id
    ctl.apply(f"choose {golem}", 0)
    answering = ctl.view(1).answering
    assert answering.card.name == "Flare" and "Flare deals 3 damage to Scrap Golem." in answering.lines
    data = table_data(ctl.view(1))
    assert data.window.open and "Response window after Ana's Flare" in data.window.sentence
    assert "Flare deals 3 damage to Scrap Golem" in data.window.sentence
    assert "after your Flare" in table_data(ctl.view(0)).window.sentence


def test_summoning_sickness_shows_only_on_its_owner_s_turn():
    """Played at 80x24 (issue 33): Ben's new creatures said 'sick' all through Ana's turn, where
    sickness limits nothing (it only keeps a creature from attacking on its owner's turn)."""
    from shards_tui.ui.tables.fractured_net.side import state_words

    ctl = net_position({"creatures": [{"card": "scrap_golem", "sick": True}]},
                       {"creatures": [{"card": "relay_courier", "sick": True}]})
    data = table_data(ctl.view(0))
    ana, ben = data.near_side.creatures[0], data.far_side.creatures[0]
    assert ana.sick and ("sick", "dim") in state_words(ana)
    assert not ben.sick and all(word != "sick" for word, _ in state_words(ben))
