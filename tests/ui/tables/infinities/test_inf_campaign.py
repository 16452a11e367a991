"""An Adventure campaign from the title: the game's 'Adventure campaign' entry, a new campaign
at a starting chapter (its players named, a bot filling the chapter's other seat), the chapter
at its table; at its end the result records it, says where the thread goes and c starts the
next chapter; a chapter left unfinished is resumed from its autosave."""

from __future__ import annotations

from inf_ui_support import settle, table

from shards_tui.bots.base import act, make_bot
from shards_tui.core import campaign as cp
from shards_tui.ui.app import ShardsApp
from shards_tui.core.registry import game
from shards_tui.ui.screens.campaign import CampaignScreen, _root, parse_players, story_text
from shards_tui.ui.screens.game_over import GameOverScreen
from shards_tui.ui.screens.title import TitleScreen, describe_game
from shards_tui.ui.tables.infinities.adventure import ChapterScreen


def test_players_are_named_with_bot_levels_and_bad_lists_refused() -> None:
    seats = parse_players("Ana, greedy,  Ben ")
    assert [(s.name, s.bot) for s in seats] == [("Ana", None), ("Bot 2 (greedy)", "greedy"),
                                                ("Ben", None)]
    for bad, words in (("", "at least one"), ("Ana, Ana", "own"), ("greedy", "person"),
                       (",".join("abcdefg"), "at most 6")):
        try:
            parse_players(bad)
        except ValueError as exc:
            assert words in str(exc)
        else:
            raise AssertionError(bad)


def _finish_with_bots(ctl, seed: int = 1) -> None:
    bots = [make_bot("greedy", "infinities", seed=seed + s) for s in range(len(ctl.seat_names()))]
    for _ in range(6000):
        if ctl.over:
            return
        seat = ctl.who_must_act()
        ctl.apply(act(bots[seat], ctl, seat).command)
    raise AssertionError("the chapter did not end")


async def test_a_campaign_starts_at_the_title_and_its_chapter_leads_to_the_next() -> None:
    app = ShardsApp(cursor_blink=False, bot_pace=30)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        app.push_screen(CampaignScreen("infinities"))
        await settle(pilot)
        text = "\n".join(str(o.prompt) for o in app.screen.query_one("OptionList").options)
        assert "New campaign: Cold Boot" in text and "New campaign: Embers at the Spine" in text
        menu = app.screen.query_one("OptionList")
        menu.highlighted = next(n for n, o in enumerate(menu.options) if o.id == "new:cold_boot")
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+a", "ctrl+k", *"Ana", "enter")
        await settle(pilot, 6)
        assert isinstance(app.screen, ChapterScreen)  # the chapter, read before play
        await pilot.press("escape")
        await settle(pilot)
        ctl = table(app).ctl
        assert ctl.setup["chapter"] == "cold_boot" and ctl.seat_names() == ["Ana", "Bot 1"]
        [(_, saved)] = cp.listing("infinities")
        assert saved.next == "cold_boot" and saved.current_seed == ctl.setup["seed"]
        # leave the chapter unfinished: the campaign resumes it from its autosave
        app.return_to_title()
        await settle(pilot)
        app.push_screen(CampaignScreen("infinities"))
        await settle(pilot)
        assert str(app.screen.query_one("OptionList").options[0].prompt).startswith("Resume: Ana")
        await pilot.press("enter")
        await settle(pilot, 6)
        if isinstance(app.screen, ChapterScreen):
            await pilot.press("escape")
            await settle(pilot)
        resumed = table(app).ctl
        assert resumed.setup["seed"] == ctl.setup["seed"] and resumed.setup["chapter"] == "cold_boot"
        # the chapter's end (played out by bots) is recorded; c plays the next chapter
        _finish_with_bots(resumed)
        await settle(pilot, 6)  # the table shows its result
        over = app.screen
        assert isinstance(over, GameOverScreen) and over.onward is not None
        [(_, saved)] = cp.listing("infinities")
        assert [p.chapter for p in saved.played] == ["cold_boot"]
        assert saved.next in ("signal_from_beyond", "dark_grid") and saved.current_seed is None
        assert "next comes" in " ".join(over.lines)
        over._shown_at -= 5
        await pilot.press("c")
        await settle(pilot, 6)
        if isinstance(app.screen, ChapterScreen):
            await pilot.press("escape")
            await settle(pilot)
        assert table(app).ctl.setup["chapter"] == saved.next


def test_the_resume_line_names_the_chapter() -> None:
    ctl = game("infinities").controller.build({"kind": "new", "seed": 1, "chapter": "cold_boot",
                                               "players": [{"name": "Ana"}, {"name": "Ben"}]})
    assert describe_game(ctl).startswith("Ana, Ben · Infinities: Defiance of Fate (Cold Boot) · ")


def test_a_served_logins_campaigns_stay_in_its_own_folder(tmp_path) -> None:
    class Served:  # the SSH app gives each login a save folder of its own
        save_folder = tmp_path / "ana"

    campaign = cp.begin("infinities", "cold_boot", parse_players("Ana"))
    cp.save(campaign, _root(Served()))
    assert [c.id for _, c in cp.listing("infinities", Served.save_folder)] == [campaign.id]
    assert cp.listing("infinities") == []  # nothing in the shared save folder


def test_a_campaigns_story_lists_its_chapters_winners_and_epilogues() -> None:
    spec = cp.spec_of("infinities")
    campaign = cp.begin("infinities", "cold_boot", parse_players("Ana"), spec)
    setup, bots = cp.chapter_setup(campaign, 7, spec)
    ctl = game("infinities").controller.build(setup)
    _finish_with_bots(ctl)
    played = cp.record(campaign, ctl, spec)
    text = story_text(campaign, spec)
    won = ", ".join(played.winners) or "nobody"
    assert f"1. Cold Boot: won by {won}." in text and played.epilogue in text
    assert text.endswith(f"Next: {spec.chapter(campaign.next).title}.")
