"""The Adventure guide as a campaign, headless: a group starts at a setting's starting chapter,
plays two chapters in a row (bots at the seats), leaves, and resumes at the third, which is
the one the second chapter's outcome named."""

from __future__ import annotations

from shards_tui.bots.base import act, make_bot
from shards_tui.core import campaign as cp
from shards_tui.core.registry import game
from shards_tui.games.infinities.chapters import guide


def play_out(setup: dict, level: str = "random"):
    ctl = game("infinities").controller.build(setup)
    ctl.validate_transitions = False
    bots = [make_bot(level, "infinities", seed=setup["seed"] * 8 + k) for k in range(len(setup["players"]))]
    for _ in range(6000):
        if ctl.over:
            break
        seat = ctl.who_must_act()
        ctl.apply(act(bots[seat], ctl, seat).command)
    assert ctl.over
    return ctl


def test_the_guide_is_the_games_campaign_with_a_start_in_each_setting():
    spec = cp.spec_of("infinities")
    assert spec is not None and spec.chapter_key == "chapter"
    assert {c.id for c in spec.chapters()} == set(guide())
    assert sorted(c.start for c in spec.starts()) == ["Ob'dija", "Xilsen"]
    assert all(4 in c.players for c in spec.chapters()), "a campaign of up to 4 always fits"


def test_two_chapters_in_a_row_then_resume_at_the_third():
    players = [cp.CampaignSeat(name="Ana"), cp.CampaignSeat(name="Ben", bot="greedy")]
    c = cp.begin("infinities", "cold_boot", players, campaign_id="rift-test")
    cp.save(c)
    chapters_played = []
    for seed in (11, 12):
        setup, bots = cp.chapter_setup(c, seed)
        assert setup["chapter"] == c.next and bots == {k: "greedy" for k, p in enumerate(setup["players"])
                                                       if p["name"] == "Ben"}
        cp.save(c)  # a chapter in progress is remembered with its seed
        assert cp.load(cp.path_of(c)).current_seed == seed
        ctl = play_out(setup)
        played = cp.record(c, ctl)
        chapters_played.append(played.chapter)
        assert played.next == dict(guide()[played.chapter].outcomes())[played.outcome].next
        assert played.winners == [ctl.seat_names()[s] for s in ctl.winners]
        cp.save(c)
    # the group leaves; later the campaign is found again and goes on at the third chapter
    (path, resumed), = [(p, x) for p, x in cp.listing("infinities") if x.id == "rift-test"]
    assert [p.chapter for p in resumed.played] == chapters_played
    assert chapters_played[0] == "cold_boot" and resumed.next == c.next
    assert resumed.next is not None and resumed.next not in ("cold_boot",)
    setup, _ = cp.chapter_setup(resumed, 13)
    ctl = game("infinities").controller.build(setup)
    assert ctl.state.chapter == resumed.next and not ctl.over
