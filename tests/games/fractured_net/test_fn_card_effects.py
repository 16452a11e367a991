"""Every card's effects, played for real: each card is put where its trigger fires (played
from hand, attacking, dying, at the start or end of a turn, its ability activated, in a
Response window for the combat Responses), every question is answered with the first
choice, and each effect must leave its mark on the game (damage dealt, a card drawn, a token
made...). Keywords are shown by the kw_* scenarios."""

from __future__ import annotations

import pytest

from shards_tui.core.commands import Choose
from shards_tui.games.fractured_net import turns
from shards_tui.games.fractured_net.cards import Effect, card_db, collectible
from shards_tui.games.fractured_net.stats import stats_of
from shards_tui.games.fractured_net.zones import destroy
from tests.games.fractured_net.fn_helpers import fn_position

COMBAT_TARGETS = {"attacker", "each_attacker", "blocker"}


def _ana(card_id: str, where: str) -> dict:
    spec = {"health": 20, "capacity": 10, "discard": ["scrap_golem", "flare"],
            "creatures": ["scrap_golem", {"card": "relay_courier", "tapped": True}],
            "deck": ["relay_courier"] * 8}
    if where == "hand":
        spec["hand"] = [card_id]
    elif card_db()[card_id].type == "equipment":
        spec["gear"] = [card_id]
    elif card_db()[card_id].type == "resource":
        spec["resources"] = [card_id]
    else:
        spec["creatures"] = [card_id] + spec["creatures"]
    return spec


BEN = {"health": 20, "creatures": ["scrap_golem", "relay_courier"], "hand": ["relay_courier"] * 3,
       "gear": ["field_generator"], "deck": ["relay_courier"] * 8, "capacity": 5}


def snapshot(ctl) -> dict:
    out = {}
    for s, p in enumerate(ctl.state.players):
        out[s] = {
            "health": p.health, "hand": len(p.hand), "deck": len(p.deck), "discard": len(p.discard),
            "energy": p.energy, "gear": len(p.gear),
            "creatures": {c.id: (stats_of(p, c).power, stats_of(p, c).defense, c.damage, c.tapped,
                                 tuple(sorted(stats_of(p, c).keywords))) for c in p.creatures}}
    return out


def settle(ctl, asked: list[str], stop_at_main: bool = True) -> None:
    """Answer every question with its first choice and pass every window."""
    for _ in range(50):
        if ctl.over:
            return
        pending = ctl.state.pending
        seat = ctl.who_must_act()
        legal = ctl.legal_commands(seat)
        if pending is not None:
            asked.append(pending.kind)
            ctl.apply(next(c for c in legal if isinstance(c, Choose)))
        elif ctl.state.flow.phase == "response":
            ctl.apply("pass", seat)
        elif ctl.state.flow.phase == "block":
            ctl.apply("confirm", seat)
        else:
            return


def _changed(before: dict, after: dict, effect: Effect, asked: list[str], cost: int) -> bool:
    b0, b1, a0, a1 = before[0], before[1], after[0], after[1]
    sides = ((b0, a0), (b1, a1))
    creatures = lambda side: side["creatures"]  # noqa: E731
    do = effect.do
    if do == "damage":
        return any(sum(v[2] for v in creatures(a).values()) > sum(
            v[2] for k, v in creatures(b).items() if k in creatures(a)) or a["health"] < b["health"]
                   or len(creatures(a)) < len(creatures(b)) for b, a in sides)
    if do == "heal":
        return any(a["health"] > b["health"] for b, a in sides)
    if do == "draw":
        return any(a["deck"] < b["deck"] for b, a in sides)
    if do == "discard":
        return any(a["discard"] > b["discard"] and a["hand"] < b["hand"] + 1 for b, a in sides)
    if do == "destroy":
        return any(len(creatures(a)) < len(creatures(b)) or a["gear"] < b["gear"] for b, a in sides)
    if do == "bounce":
        return any(len(creatures(a)) < len(creatures(b)) for b, a in sides)
    if do in ("buff", "grant", "tap", "untap"):
        index = {"buff": (0, 1), "grant": (4,), "tap": (3,), "untap": (3,)}[do]

        def was(k: str) -> tuple:
            base = card_db()[k.split("#")[0]]
            return (base.power, base.defense, 0, False, tuple(sorted(base.keywords)))
        return any(any(v[i] != creatures(b).get(k, was(k))[i] for i in index)
                   for b, a in sides for k, v in creatures(a).items())
    if do == "token":
        return any("#t" in k for b, a in sides for k in creatures(a) if k not in creatures(b))
    if do == "energy":
        return a0["energy"] > b0["energy"] - cost
    if do == "recall":
        return a0["discard"] < b0["discard"] + (1 if cost or True else 0) and a0["hand"] >= b0["hand"]
    if do == "revive":
        return len(creatures(a0)) > len(creatures(b0)) - 0 and a0["discard"] <= b0["discard"]
    return "foresee" in asked


def _cases() -> list[tuple[str, str]]:
    out = []
    for c in collectible():
        for trigger in ("play", "enter", "attack", "death", "start", "end", "ability"):
            if c.triggers(trigger):
                out.append((c.id, trigger))
    return out


@pytest.mark.parametrize("card_id, trigger", _cases(), ids=lambda x: str(x))
def test_the_effects_of_each_card_happen(card_id, trigger):
    c = card_db()[card_id]
    combat = trigger == "play" and any(e.target in COMBAT_TARGETS for e in c.play)
    where = "hand" if trigger in ("play", "enter", "ability") else "play"
    asked: list[str] = []
    if combat:  # a combat Response: Ben attacks, Ana answers in the window
        ctl = fn_position(_ana(card_id, "hand"), BEN, active=1)
        ctl.apply("attack all", 1)
        before = snapshot(ctl)
        ctl.apply(f"play {card_id}", 0)
        settle(ctl, asked)
    elif trigger == "start":
        ctl = fn_position(_ana(card_id, where), {**BEN, "gear": []}, active=1)
        before = snapshot(ctl)
        ctl.apply("end", 1)
        settle(ctl, asked)
    else:
        ctl = fn_position(_ana(card_id, where), BEN)
        before = snapshot(ctl)
        if trigger in ("play", "enter", "ability"):
            ctl.apply(f"play {card_id}", 0)
            settle(ctl, asked)
            assert card_id not in [i.split("#")[0] for i in ctl.state.players[0].hand]
        if trigger == "ability":
            before = snapshot(ctl)
            ctl.apply(f"activate {card_id}", 0)
            settle(ctl, asked)
        elif trigger == "attack":
            ctl.apply(f"attack {card_id}", 0)
            ctl.apply("confirm", 0)
            settle(ctl, asked)
        elif trigger == "death":
            instance = ctl.state.players[0].creatures[0].id
            work = ctl.state.working_copy()
            destroy(work, instance)
            destroy(work, instance)  # twice: Persistent saves it the first time
            turns.proceed(work)
            ctl.validate(work)
            ctl.state = work
            settle(ctl, asked)
        elif trigger == "end":
            ctl.apply("end", 0)
            settle(ctl, asked)
    after = snapshot(ctl)
    cost = c.cost if trigger in ("play", "enter") else (c.ability.cost if c.ability else 0)
    for effect in c.triggers(trigger):
        assert _changed(before, after, effect, asked, cost), f"{card_id} {trigger}: {effect.do} left no mark"


@pytest.mark.parametrize("card_id", [c.id for c in collectible() if c.aura or c.attach])
def test_auras_and_attachments_change_the_creatures(card_id):
    c = card_db()[card_id]
    ctl = fn_position(_ana("relay_courier", "play"), BEN)
    before = snapshot(ctl)
    spec = _ana(card_id, "hand" if c.type == "equipment" else "play")
    spec["creatures"] = spec["creatures"][1:] if c.type == "equipment" else spec["creatures"]
    spec["hand"] = [card_id] if c.type == "equipment" else []
    if c.aura and c.aura.who == "your_tokens":
        spec["creatures"] = spec["creatures"] + [{"card": "replicant_drone", "token": True}]
    ctl = fn_position(spec, BEN)
    before = snapshot(ctl)
    if c.type == "equipment":
        ctl.apply(f"play {card_id}", 0)
        settle(ctl, [])
    after = snapshot(ctl)
    stats_after = set(after[0]["creatures"].values())
    if c.type != "equipment":
        base = {k: v for k, v in after[0]["creatures"].items() if not k.startswith(card_id)}
        plain = {k: (card_db()[k.split("#")[0]].power, card_db()[k.split("#")[0]].defense) for k in base}
        assert any(v[:2] != plain[k] or v[4] for k, v in base.items()), card_id
    else:
        assert stats_after != set(before[0]["creatures"].values()), card_id


def test_defragment_clears_a_wide_board_of_small_creatures_and_draws():
    """Archive's answer to a swarm: each enemy creature of power 1 or less is destroyed (tokens
    and cards alike), larger ones and the caster's own small creatures stay, and a card is drawn."""
    ana = {"capacity": 3, "hand": ["defragment"], "creatures": ["relay_courier"], "deck": ["study"] * 3}
    ben = {"creatures": ["replicant_drone", "replicant_drone", "relay_courier", "scrap_golem"]}
    ctl = fn_position(ana, ben)
    ctl.apply("play defragment", 0)
    settle(ctl, [])
    ana_after, ben_after = ctl.state.players
    assert [c.id.split("#")[0] for c in ben_after.creatures] == ["scrap_golem"]
    assert [c.id.split("#")[0] for c in ana_after.creatures] == ["relay_courier"]
    assert [c.split("#")[0] for c in ana_after.hand] == ["study"]
    assert "relay_courier" in [c.split("#")[0] for c in ben_after.discard]  # the card is discarded, the tokens are gone
    assert not any("replicant_drone" in c for c in ben_after.discard)


def test_an_effect_with_no_target_says_that_it_does_nothing():
    """Found playing: Defragment against larger creatures only left no line in the log, as
    if the card had been ignored."""
    ctl = fn_position({"capacity": 3, "hand": ["defragment"], "deck": ["study"] * 3},
                      {"creatures": ["scrap_golem"]})
    ctl.apply("play defragment", 0)
    settle(ctl, [])
    lines = [e.text for e in ctl.state.log]
    assert ("Defragment: no target, so “Destroy each enemy creature with power 1 or less” does "
            "nothing.") in lines
    assert len(ctl.state.players[1].creatures) == 1
