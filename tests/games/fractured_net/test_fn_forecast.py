"""The combat forecast each seat is sent counts what the combat sets off (Death effects and the
like) as far as public facts decide it, and names what a choice or a chance decides; Drain's
healing is a line of the log."""

from __future__ import annotations

from tests.games.fractured_net.fn_helpers import fn_position


def _blocked_by(blocker: str):
    ctl = fn_position({"creatures": ["scrap_golem"]}, {"creatures": [blocker], "capacity": 0})
    ctl.apply("attack all", 0)
    ctl.apply("pass", 1)
    ctl.apply(f"block {blocker} scrap_golem", 1)
    ctl.apply("confirm", 1)
    return ctl


def test_the_forecast_counts_a_death_effect_and_names_one_left_to_chance():
    view = _blocked_by("swarm_seed").view(0)
    assert [d.split("#")[0] for d in view.combat.dies] == ["swarm_seed"]
    assert view.combat.then == ["Swarm Seed (Death): Make a Replicant Drone token (1/1)"]
    assert view.combat.not_counted == []
    view = _blocked_by("rupture_acolyte").view(0)
    assert view.combat.then == []
    assert view.combat.not_counted == ["Rupture Acolyte (Death): Deal 2 damage to a random enemy"]


def test_drain_healing_is_a_log_line():
    ctl = fn_position({"creatures": ["void_leech"], "health": 20}, {"capacity": 0})
    for seat, move in ((0, "attack all"), (1, "pass"), (1, "confirm"), (1, "pass")):
        ctl.apply(move, seat)
    log = [line.text for line in ctl.view(1).log]
    assert "Void Leech deals 2 damage to Ben." in log
    assert log[log.index("Void Leech deals 2 damage to Ben.") + 1] == "Drain: Ana gains 2 health."
    assert ctl.state.players[0].health == 22


def test_the_forecast_counts_the_damage_volatile_deals_its_own_controller():
    ctl = fn_position({"creatures": ["unstable_golem"]},
                      {"creatures": ["rift_berserker"], "capacity": 0})
    for seat, move in ((0, "attack all"), (1, "pass"), (1, "block rift_berserker unstable_golem"),
                       (1, "confirm")):
        ctl.apply(move, seat)
    # the Berserker (4/3, Volatile) dies blocking and deals its 4 power to Ben
    assert ctl.view(0).combat.to_player == 4


def test_a_lethal_attack_is_forecast_whole_and_called_lethal():
    """Found vs the greedy bot at 80x24: at 7 health, unblocked attackers of 6, 4 and 3 were
    forecast as 'Damage to you: 7.' (health stops at 0), nothing saying it was lethal."""
    ctl = fn_position({"creatures": ["scrap_golem", "scrap_golem", "scrap_golem"]},
                      {"health": 7, "capacity": 0})
    ctl.apply("attack all", 0)
    combat = ctl.view(1).combat
    power = sum(h.amount for h in combat.hits if h.target == "p1")
    assert power > 7 and combat.to_player == power and combat.lethal
    ctl = fn_position({"creatures": ["scrap_golem"]}, {"health": 30, "capacity": 0})
    ctl.apply("attack all", 0)
    assert not ctl.view(1).combat.lethal
