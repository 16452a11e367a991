"""core.campaign with a made-up game's chapters: starting, seating (turned each chapter, bots
filling extra seats), recording outcomes, saving, listing and refusing broken files."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from shards_tui.core import campaign as cp
from shards_tui.core.campaign import CampaignError, CampaignSeat, CampaignSpec, ChapterInfo, Ending

CHAPTERS = [
    ChapterInfo("dawn", "Dawn", "team battle", (2, 4), "The East", "Dawn's page."),
    ChapterInfo("dusk", "Dusk", "cooperative", (2, 3), "The West", "Dusk's page."),
    ChapterInfo("siege", "Siege", "one vs. all", (3, 4), None, "Siege's page."),
    ChapterInfo("end", "The End", "free for all", (2, 3, 4), None, "The last page."),
]
NEXT = {("dawn", "won"): "siege", ("dawn", "none"): "end", ("siege", "won"): "end",
        ("dusk", "won"): "end", ("dusk", "none"): "end", ("end", "won"): None}


def ending(ctl):
    chapter = ctl.setup["chapter"]
    outcome = "won" if ctl.winners else "none"
    return Ending(chapter=chapter, outcome=outcome, next=NEXT[(chapter, outcome)], epilogue=f"After {chapter}.")


SPEC = CampaignSpec(title="Test Thread", chapter_key="chapter", chapters=lambda: CHAPTERS, ending=ending)
ANA, BEN = CampaignSeat(name="Ana"), CampaignSeat(name="Ben", bot="greedy")


def finished_game(setup, winners):
    names = [p["name"] for p in setup["players"]]
    return SimpleNamespace(setup=setup, over=True, winners=winners, seat_names=lambda: names)


def test_a_campaign_starts_only_at_a_starting_chapter_with_named_players():
    c = cp.begin("fake", "dawn", [ANA, BEN], spec=SPEC, campaign_id="one")
    assert c.next == "dawn" and not c.finished and c.played == []
    with pytest.raises(CampaignError, match="not a starting chapter; choose one of: dawn \\(The East\\), dusk"):
        cp.begin("fake", "siege", [ANA], spec=SPEC)
    with pytest.raises(CampaignError, match="a name of their own"):
        cp.begin("fake", "dawn", [ANA, CampaignSeat(name="Ana")], spec=SPEC)


def test_seats_turn_by_one_each_chapter_and_bots_fill_a_bigger_chapter():
    c = cp.begin("fake", "dawn", [ANA, BEN, CampaignSeat(name="Cy")], spec=SPEC, campaign_id="two")
    setup, bots = cp.chapter_setup(c, 7, spec=SPEC)
    assert [p["name"] for p in setup["players"]] == ["Ana", "Ben", "Cy", "Bot 1"]
    assert setup["chapter"] == "dawn" and setup["seed"] == 7 and c.current_seed == 7
    assert bots == {1: "greedy", 3: cp.FILL_BOT}
    cp.record(c, finished_game(setup, [0, 2]), spec=SPEC)
    assert c.next == "siege" and c.current_seed is None
    played = c.played[0]
    assert played.winners == ["Ana", "Cy"] and played.outcome == "won" and played.next == "siege"
    assert [s.name for s in played.seats] == ["Ana", "Ben", "Cy", "Bot 1"]
    setup, _ = cp.chapter_setup(c, 8, spec=SPEC)
    assert [p["name"] for p in setup["players"]] == ["Ben", "Cy", "Ana"]  # turned by one seat


def test_a_chapter_for_fewer_players_than_the_campaign_has_is_refused():
    c = cp.begin("fake", "dusk", [ANA, BEN, CampaignSeat(name="Cy"), CampaignSeat(name="Di")], spec=SPEC)
    with pytest.raises(CampaignError, match="at most 3 players; the campaign has 4"):
        cp.chapter_setup(c, 1, spec=SPEC)


def test_only_the_next_chapter_finished_is_recorded_and_an_ended_thread_has_no_next():
    c = cp.begin("fake", "dusk", [ANA, BEN], spec=SPEC)
    setup, _ = cp.chapter_setup(c, 3, spec=SPEC)
    with pytest.raises(CampaignError, match="Only a finished chapter"):
        cp.record(c, SimpleNamespace(**{**vars(finished_game(setup, [])), "over": False}), spec=SPEC)
    wrong = dict(setup, chapter="dawn")
    with pytest.raises(CampaignError, match="not the campaign's next chapter"):
        cp.record(c, finished_game(wrong, [0]), spec=SPEC)
    cp.record(c, finished_game(setup, [0, 1]), spec=SPEC)
    setup, _ = cp.chapter_setup(c, 4, spec=SPEC)
    cp.record(c, finished_game(setup, [1]), spec=SPEC)
    assert c.finished and [p.chapter for p in c.played] == ["dusk", "end"]
    with pytest.raises(CampaignError, match="has ended"):
        cp.chapter_setup(c, 5, spec=SPEC)


def test_campaigns_are_saved_listed_newest_first_and_loaded_back():
    first = cp.begin("fake", "dawn", [ANA, BEN], spec=SPEC, campaign_id="first")
    first.updated = "2026-01-01T00:00:00+00:00"
    second = cp.begin("fake", "dusk", [ANA], spec=SPEC, campaign_id="second")
    second.updated = "2026-02-01T00:00:00+00:00"
    other = cp.begin("fake", "dawn", [ANA], spec=SPEC, campaign_id="other")
    other.game = "another_game"
    for c in (first, second, other):
        cp.save(c)
    listed = cp.listing("fake")
    assert [c.id for _, c in listed] == ["second", "first"]
    assert cp.load(cp.path_of(first)) == first


@pytest.mark.parametrize("text,words", [
    ("not json", "cannot be read as a campaign"),
    ('{"version": 2}', "not a campaign this version can read"),
    ('{"version": 1, "id": "x", "game": "fake", "start": "dawn", "players": [{"name": "A\\u001b[2J"}],'
     ' "created": "a", "updated": "b", "next": "dawn"}', ""),
    ("[" * 5000 + "]" * 5000, "cannot be read as a campaign"),
])
def test_a_broken_campaign_file_is_one_sentence_and_left_out_of_the_list(tmp_path, text, words):
    folder = cp.folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "broken.json"
    path.write_text(text, encoding="utf-8")
    if words:
        with pytest.raises(CampaignError) as err:
            cp.load(path)
        assert words in str(err.value) and "\n" not in str(err.value)
        assert all(p != path for p, _ in cp.listing())
    else:  # a control character in a name is cleaned away, never kept
        assert cp.load(path).players[0].name == "A[2J"
    path.unlink()


def test_a_campaign_file_too_large_is_refused(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(" " * (cp.MAX_BYTES + 10), encoding="utf-8")
    with pytest.raises(CampaignError, match="too large"):
        cp.load(path)
