"""No internal id ('hollow_knight#18') reaches a Fractured Net player: not in the log, a prompt,
an option's label, the palette or the command line's lines; and the lines typed without ids
make exactly the moves the ids name."""

from __future__ import annotations

import random

import pytest

from net_ui_support import net_game, net_position

from shards_tui.core.commands import Choose
from shards_tui.ui.tables.fractured_net.move_words import palette, typed, view_handles, words


def _seen_by(view) -> list[str]:
    out = [line.text for line in view.log]
    if view.pending is not None:
        out.append(view.pending.prompt)
        out += [o.label for o in view.pending.options or ()]
    for line, sentence in palette(view):
        out += [line, sentence]
    return out


@pytest.mark.parametrize("seed", [3, 11])
def test_random_games_show_no_instance_id_and_typed_lines_make_the_same_moves(seed):
    rng = random.Random(seed)
    by_id, by_handle = net_game(seed=seed), net_game(seed=seed)
    for _ in range(400):
        if by_id.over:
            break
        seat = by_id.who_must_act()
        view = by_id.view(seat)
        for s in (0, 1, None):
            shown = _seen_by(by_id.view(s))
            assert not [t for t in shown if "#" in t], shown
        move = rng.choice(view.legal).command
        by_id.apply(move.text(), seat)
        by_handle.apply(typed(view, move), seat)
        assert by_handle.state.model_dump(exclude={"log"}) == by_id.state.model_dump(exclude={"log"})
    assert by_id.over


def test_two_copies_in_play_are_told_apart_by_their_place():
    ctl = net_position({"creatures": ["scrap_golem", "scrap_golem", "relay_courier"]},
                       {"creatures": ["relay_courier"]})
    view = ctl.view(0)
    names = view_handles(view)
    assert sorted(names.values()) == ["relay_courier.1", "relay_courier.2", "scrap_golem.1",
                                      "scrap_golem.2"]
    second = view.players[0].creatures[1].id
    attack = next(m.command for m in view.legal if m.text == f"attack {second}")
    assert typed(view, attack) == "attack scrap_golem.2"
    assert words(view, attack) == "Attack with Scrap Golem (2)"
    ctl.apply(typed(view, attack), 0)
    assert ctl.state.combat.attackers == [second]


def test_a_refusal_names_the_card_not_its_id():
    ctl = net_position({"creatures": ["scrap_golem"]}, {"creatures": ["relay_courier"]})
    ctl.apply("attack all", 0)
    ctl.apply("pass", 1)
    courier = ctl.state.players[1].creatures[0].id
    with pytest.raises(Exception) as refused:
        ctl.apply(f"unblock {courier}", 1)
    assert str(refused.value) == "Relay Courier is not blocking."
    with pytest.raises(Exception) as refused:
        ctl.apply(Choose(seat=1, options=("nothing",)))
    assert "#" not in str(refused.value)


def test_the_palette_writes_a_cost_as_the_hand_does():
    """The palette said '(free)' where the hand said '0 energy': one format for a cost."""
    from net_ui_support import net_position

    from shards_tui.ui.tables.fractured_net.table_data import energy_cost, table_data

    view = net_position({"hand": ["kernel_node", "flare"], "energy": 5}).view(0)
    hand = {c.name: c.cost for c in table_data(view).hand}
    entries = [text for _, text in palette(view)]
    for name, cost in hand.items():
        assert f"Play {name} ({energy_cost(cost)})" in entries, (name, entries)
    assert 0 in hand.values() and not [e for e in entries if "free" in e]
