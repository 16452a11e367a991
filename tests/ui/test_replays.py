"""The Replays screen and the replay viewer in the real app: a game finished at one keyboard is
kept and listed; Enter opens it on the game's own table; the keys step, jump and change whose
view is drawn; every hand shows only in the view that offers it; nothing can be played."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from shards_tui.core import history, saves
from shards_tui.core.registry import game_ids
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.replay_view import EveryHand, JumpDialog, ReplayBar, ReplayGuide
from shards_tui.ui.screens.replays import ReplaysScreen, row_cells
from tests.core.finished_games import finished_save, played
from tests.ui.waiting import until


def guide_of(app: ShardsApp) -> ReplayGuide:
    guide = getattr(app.screen, "guide", None)
    assert isinstance(guide, ReplayGuide)
    return guide


def listed(app: ShardsApp) -> int:
    """Rows in the Replays list on screen (-1: the list is not there)."""
    if not isinstance(app.screen, ReplaysScreen) or not app.screen.query(DataTable):
        return -1
    return app.screen.query_one(DataTable).row_count


def text_of(widget) -> str:
    return str(widget.render())


async def test_a_game_finished_at_the_table_is_kept_and_watched() -> None:
    """A hot-seat game that ends at the table goes to the history folder; the title's Replays
    lists it; Enter opens it at its start from the public view."""
    ctl = played("fractured_net", moves=40)
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.start_game(ctl)
        await pilot.pause()
        from shards_tui.bots.base import act, make_bot

        bots = [make_bot("greedy", "fractured_net", seed=s) for s in range(2)]
        while not ctl.over:  # the rest of the game, through the table's session
            seat = ctl.who_must_act()
            app.screen_stack[1].session.send(act(bots[seat], ctl, seat).command)
        await pilot.pause()
        assert len(history.entries(app.history_folder)) == 1
        app.return_to_title()
        await pilot.pause()
        await pilot.press("p")
        await until(pilot, lambda: listed(app) == 1)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(getattr(app.screen, "guide", None), ReplayGuide))
        guide = guide_of(app)
        await pilot.pause()
        assert guide.replay.position == 0 and app.screen.seat is None
        assert "move 0 of" in text_of(app.screen.query_one(ReplayBar))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ReplaysScreen))


@pytest.mark.parametrize("game_id", game_ids())
async def test_the_viewer_steps_and_changes_whose_view(game_id: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(finished_save(game_id))
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        from shards_tui.core.replay import Replay
        from shards_tui.ui.screens.replay_view import replay_screen

        replay = Replay.load(path)
        app.push_screen(replay_screen(replay, seat=1))
        await until(pilot, lambda: isinstance(getattr(app.screen, "guide", None), ReplayGuide))
        await pilot.pause()
        table, guide = app.screen, guide_of(app)
        assert table.seat == 1 and table.view.you == 1
        await pilot.press("right", "right", "n")
        assert replay.position == 3
        await pilot.press("left")
        assert replay.position == 2
        await pilot.press("right_square_bracket")
        assert replay.turns[replay.position] > replay.turns[2]
        await pilot.press("end")
        assert replay.position == replay.length and table.view.over
        await pilot.press("home")
        assert replay.position == 0
        hands = table.query_one(EveryHand)
        seen = []
        for _ in range(len(guide.watches)):
            await pilot.press("v")
            seen.append((guide.watch.label, table.view.you, hands.has_class("-shown")))
        assert seen[-1] == ("Ben's view", 1, False)  # round to where it began
        assert seen[0][0] == "every hand" and seen[0][2]  # the seat to act, every hand listed
        assert ("the public view", None, False) in seen and ("Ana's view", 0, False) in seen
        await pilot.press("v")
        assert guide.watch.everything and "hand" in text_of(hands)
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, JumpDialog))
        await pilot.press("x", "enter")
        assert "whole number" in text_of(app.screen.query_one("#jump-error"))
        await pilot.press("backspace", "2", "enter")
        await until(pilot, lambda: app.screen is table)
        assert replay.turns[replay.position] == 2 and replay.turns[replay.position - 1] == 1
        moves = len(replay.controller.history)
        assert table.run_command_text("end") is False  # nothing is played at a replay
        assert len(replay.controller.history) == moves
        # the bar says a move in the table's words (the palette's), not its command text
        worded = next(n for n in range(1, replay.length + 1)
                      if table.move_line(replay.view_before(n, replay.move(n).seat),
                                         replay.move(n).text) != replay.move(n).text)
        move = replay.move(worded)
        words = table.move_line(replay.view_before(worded, move.seat), move.text)
        replay.seek(worded)
        guide.show()
        await pilot.pause()
        bar = text_of(guide.bar)
        assert words in bar and f": {move.text}" not in bar, (words, bar)
        counted = "round" if game_id == "disco" else "turn"  # (Disco's turn is the round)
        assert f" · {counted} {replay.turn} of {replay.last_turn} · " in bar
        assert replay.position == worded  # (reading the move before it moved nothing)


async def test_play_at_a_pace_runs_to_the_end(tmp_path: Path) -> None:
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        from shards_tui.core.replay import Replay
        from shards_tui.ui.screens.replay_view import replay_screen

        replay = Replay.from_text(finished_save("disco"))
        app.push_screen(replay_screen(replay))
        await until(pilot, lambda: isinstance(getattr(app.screen, "guide", None), ReplayGuide))
        guide = guide_of(app)
        for _ in range(5):
            await pilot.press("minus")  # slower, then faster to the quickest
        for _ in range(12):
            await pilot.press("plus")
        assert guide.pace == 0.1
        await pilot.press("end", *["left"] * 6)  # the last six moves, played at the pace
        assert replay.position == replay.length - 6
        await pilot.press("space")
        await until(pilot, lambda: replay.position == replay.length)
        await pilot.pause(0.3)
        assert guide._timer is None and "wins" in text_of(app.screen.query_one(ReplayBar))


async def test_a_broken_kept_file_says_why_in_the_list(tmp_path: Path) -> None:
    history.keep(saves.from_json(finished_save("disco")), tmp_path)
    (tmp_path / "20200101-000000-shards.json").write_text("{")
    app = ShardsApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ReplaysScreen(tmp_path))
        await until(pilot, lambda: listed(app) == 2)
        problem = app.screen.query_one("#replays-problem")
        assert text_of(problem) == ""
        await pilot.press("down", "enter")
        assert "not valid JSON" in text_of(problem)
        assert isinstance(app.screen, ReplaysScreen)


def test_each_game_length_is_said_in_its_own_unit(tmp_path: Path) -> None:
    for game_id in ("shards", "disco"):
        history.keep(saves.from_json(finished_save(game_id)), tmp_path)
    cells = {e.game_id: row_cells(e)[-1] for e in history.entries(tmp_path)}
    assert cells["shards"].endswith(" turns") and cells["disco"].endswith(" rounds")
