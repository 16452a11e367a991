"""Response stops: 'always ask me' never passes for a player; 'only when I can play a Response'
passes for them exactly when they hold no playable Response, from their own view."""

from __future__ import annotations

from net_ui_support import net_position

from shards_tui.games.fractured_net.commands import Pass
from shards_tui.ui.tables.fractured_net.stops import (ALWAYS, DEFAULT, SENTENCES, WHEN_ABLE,
                                                      auto_pass, next_setting)


def _window(ben_hand: list[str], energy: int):
    ctl = net_position({"creatures": ["scrap_golem"]}, {"hand": ben_hand, "energy": energy})
    ctl.apply("attack scrap_golem", 0)
    ctl.apply("confirm", 0)
    return ctl


def test_the_default_always_asks_and_says_it_reveals_nothing():
    ctl = _window(["wandering_blade"], 0)
    assert DEFAULT == ALWAYS and auto_pass(ctl.view(1), ALWAYS) is None
    assert "tells your opponent nothing" in SENTENCES[ALWAYS]
    assert "your opponent learns that you could have responded" in SENTENCES[WHEN_ABLE]
    assert next_setting(ALWAYS) == WHEN_ABLE and next_setting(WHEN_ABLE) == ALWAYS


def test_when_able_passes_only_for_a_player_with_no_playable_response():
    assert auto_pass(_window(["wandering_blade"], 5).view(1), WHEN_ABLE) == Pass(seat=1)
    assert auto_pass(_window(["backlash"], 0).view(1), WHEN_ABLE) == Pass(seat=1), "no energy for it"
    assert auto_pass(_window(["backlash"], 5).view(1), WHEN_ABLE) is None
    ctl = _window(["wandering_blade"], 5)
    assert auto_pass(ctl.view(0), WHEN_ABLE) is None, "only the responder's own view passes"
    assert auto_pass(ctl.view(None), WHEN_ABLE) is None
    ctl.apply("pass", 1)  # now the blocks, not a window
    assert auto_pass(ctl.view(1), WHEN_ABLE) is None
