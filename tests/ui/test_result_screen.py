"""33.13: the end of every game: who won and why, each player's figures over the game (worked
out by replaying it), a Rematch with the seats rotated, the way back, and in a ranked game
each player's rating change."""

from __future__ import annotations

from shards_tui.core.figures import follow_game
from shards_tui.core.ratings import NEW_PLAYER, Ratings, bot_player, local_player, shown
from shards_tui.core.registry import game
from shards_tui.session.rating_change import rate_and_tell
from shards_tui.session.seats import rematch_setup
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.game_over import GameOverScreen, said_already, sparkline
from tests.ui.part_app import screen_text
from tests.ui.tables.shards.shards_ui_support import scenario, settle
from tests.ui.waiting import until


def test_the_story_follows_the_figures_cards_played_and_damage_dealt() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["crystal", "crystal", "blaster", "blaster"]},
                    {"name": "Ben", "hand": ["crystal"]}])
    ctl.apply("play all", 0)  # four cards in one move: 2 gems, 2 power
    ctl.apply("end", 0)  # the power attacks Ben
    if ctl.view(None).pending is not None:
        ctl.apply("choose none", 1)
    story = follow_game(ctl)
    assert (story.figures[0].key, story.figures[0].label) == ("health", "Health")
    assert story.played[0] == 4 and story.moves[0] >= 2
    health = story.over_the_game("health", 1)
    assert health[0] == 50 and health[-1] == 48
    assert story.damage == [2, 0]
    assert ctl.view(None).players[1].health == 48  # (the game itself is untouched)


def test_how_the_game_ended_is_said_once() -> None:
    """Found playing: a chapter's end ('The chapter ends: ...') was the result's italic line
    and again the first line of its summary."""
    why = "The chapter ends: the Wardens hold the Spine. Ana and Ben win."
    assert GameOverScreen("Ana and Ben share the win!", [why, "Ana: 3 Points"], why=why).why == ""
    assert said_already("Ben has no card left to draw.", ["Ben has no card left to draw"])
    kept = GameOverScreen("Ana wins!", ["Ana: 3 Points", "Ben: 1 Point"], why="Ben concedes.")
    assert kept.why == "Ben concedes."


def test_sparklines() -> None:
    assert sparkline([50, 40, 30, 0]) == "█▇▅▁"
    assert sparkline([5, 5, 5]) == "▁▁▁"
    assert len(sparkline(list(range(100)), 10)) == 10
    assert sparkline([30, 26, 22], scale=(0, 30)) == "█▇▆"


def test_every_player_s_bars_of_one_figure_share_one_scale() -> None:
    """A player who went 30->22 ended on the same low bar as one who went 30->0: each row was
    scaled to itself."""
    from rich.console import Console

    from shards_tui.core.figures import FigureTrack
    from shards_tui.core.stats_spec import Field
    from shards_tui.ui.screens.game_over import figures_table

    story = FigureTrack(names=["Ana", "Ben"], figures=(Field("health", "Health"),), turns=[1, 2],
                        values={"health": [[26, 22], [15, 0]]}, start={"health": [30, 30]},
                        moves=[2, 2], played=[0, 0], damage=[30, 8], counts_played=False,
                        damage_label="")
    console = Console(width=80, record=True)
    console.print(figures_table(story))
    rows = {line.split()[0]: line.split()[2] for line in console.export_text().splitlines()[1:]}
    assert rows == {"Ana": "█▇▆", "Ben": "█▅▁"}


async def test_a_game_ends_on_the_result_with_why_and_each_players_figures(monkeypatch) -> None:
    ctl = scenario([{"name": "Ana", "hand": ["blaster", "blaster"]},
                    {"name": "Ben", "health": 2, "hand": []}])
    app = ShardsApp(ctl, cursor_blink=False, bot_pace=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 5)
        await pilot.press("enter")  # the cover
        await settle(pilot)
        table = app.screen
        table.session.send("play all", 0)
        table.session.send("end", 0)
        if ctl.view(None).pending is not None:
            table.session.send("choose none", 1)
        over = await _result(pilot)
        assert ctl.over
        text = screen_text(app)
        assert "Ana wins!" in text and over.why == ctl.view(None).log[-1].text
        assert over.why in text
        assert "Health" in text and "2→0" in text and "Damage" in text  # at 80x24 too
        assert "Back to the title" in text
        assert "Rematch" not in text  # a scenario's position: no rematch of it


async def _result(pilot) -> GameOverScreen:
    def shown() -> bool:
        over = pilot.app.screen
        return isinstance(over, GameOverScreen) and over.story is not None

    await until(pilot, shown, what="a result with its figures")
    await settle(pilot)
    return pilot.app.screen


async def test_rematch_starts_the_same_players_with_the_seats_rotated(monkeypatch) -> None:
    monkeypatch.setattr(GameOverScreen, "INPUT_GRACE", 0.0)
    setup = {"kind": "new", "seed": 3, "first": 0,
             "players": [{"name": "Ana"}, {"name": "Ben", "bot": "greedy"}]}
    ctl = game("fractured_net").controller.build(setup)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.start_game(ctl)
        await pilot.pause()
        app.screen.session.hold("test")  # the bot waits: the test ends the game itself
        app.screen.session.send("concede", 0)
        await _result(pilot)
        assert "Rematch (r)" in screen_text(app)
        await pilot.press("r")
        await settle(pilot, 5)
        again = app.controller
        assert again is not ctl and not again.over
        assert again.seat_names() == ["Ben", "Ana"]  # the seats rotated
        assert again.setup["players"][0].get("bot") == "greedy"
        assert again.setup["seed"] != 3


def test_a_rematch_keeps_the_players_and_their_choices_and_rotates_the_seats() -> None:
    setup = {"kind": "new", "seed": 5, "first": 0, "variants": ["bloodbath"],
             "players": [{"name": "Ana", "character": "tetra"}, {"name": "Ben", "bot": "greedy"},
                         {"name": "Cy"}]}
    again = rematch_setup(setup)
    assert [p["name"] for p in again["players"]] == ["Ben", "Cy", "Ana"]
    assert again["players"][2]["character"] == "tetra" and again["players"][0]["bot"] == "greedy"
    assert again["variants"] == ["bloodbath"] and again["seed"] != 5
    assert setup["players"][0]["name"] == "Ana"  # (the old setup is left as it was)
    assert rematch_setup({"kind": "scenario", "players": []}) is None


def test_a_ranked_game_says_each_players_rating_change() -> None:
    players = [local_player("Ana"), bot_player("greedy")]
    first, changes = rate_and_tell("fractured_net", players, [0])
    assert "Ratings now:" in first and "first ranked game" in changes[0]
    # A first game says how far it moved from a new player's rating (seen over SSH: '927 (first
    # ranked game)' hid that ana had lost 73).
    from openskill.models import PlackettLuce
    new = PlackettLuce().rating()
    assert shown(new.mu, new.sigma) == NEW_PLAYER
    rows = {r.name: r.rating for r in Ratings().leaderboard("fractured_net")}
    assert changes[0] == f"{rows['Ana']} ({rows['Ana'] - NEW_PLAYER:+d}, first ranked game)"
    assert changes[1] == f"{rows['greedy bot']} ({rows['greedy bot'] - NEW_PLAYER:+d}, first ranked game)"
    assert rows["greedy bot"] < NEW_PLAYER < rows["Ana"]
    _said, changes = rate_and_tell("fractured_net", players, [0])
    ana = {r.name: r for r in Ratings().leaderboard("fractured_net")}["Ana"].rating
    assert changes[0].startswith(f"{ana} (+") and changes[1].split(" (")[1].startswith("-")


async def test_a_ranked_game_at_one_keyboard_shows_the_rating_changes_on_its_result() -> None:
    setup = {"kind": "new", "seed": 3, "mode": "ranked",
             "players": [{"name": "Ana"}, {"name": "Ben", "bot": "greedy"}]}
    ctl = game("fractured_net").controller.build(setup)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.start_game(ctl)
        await pilot.pause()
        table = app.screen
        table.session.hold("test")  # the bot waits: the test ends the game itself
        table.session.send("concede", 0)
        over = await _result(pilot)
        assert set(over.ratings) == {"Ana", "Ben"}
        text = screen_text(app)
        assert "Rating" in text and "first ranked game" in text


def test_a_card_that_draws_still_counts_as_played() -> None:
    """Found on the result of a Fractured Net game: Ana played Study (draw 2), her hand was no
    smaller after it, and the result said she had played 0 cards."""
    from tests.games.fractured_net.fn_helpers import fn_position

    ctl = fn_position({"hand": ["study"], "capacity": 2})
    ctl.apply("play study", 0)
    assert len(ctl.state.players[0].hand) == 2
    assert follow_game(ctl).played[0] == 1
