"""Bots at the table: bot seats play themselves in a worker, with reasons in the log, and hand
the keyboard back to the humans without a hand-off; the set-up screen and saves keep them."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable

import pytest
from tests.ui.tables.shards.shards_ui_support import NEW_GAME, TableApp, build, scenario, screen_text, settle
from tests.ui.waiting import until
from textual.widgets import Select

from shards_tui.core import autosaves, saves
from shards_tui.ui.app import ShardsApp
from shards_tui.ui.screens.handoff import HandoffScreen
from shards_tui.ui.screens.setup import SetupScreen
from shards_tui.ui.screens.setup_check import validate_setup
from shards_tui.ui.tables.base.bots import TOO_SMALL
from shards_tui.ui.tables.shards.screen import ShardsTable
from shards_tui.session import seats as bot_seats
from shards_tui.ui.widgets.key_hints import StatusLine
from shards_tui.session.seats import bot_seed, bots_from_setup, record_bots
from shards_tui.ui.tables.shards.hand import HandView
from shards_tui.ui.widgets.log_view import LogView

SIZE = (120, 40)


class WatchApp(TableApp):
    """A TableApp that remembers every screen pushed (to prove no hand-off was shown)."""

    def __init__(self, controller, **kwargs: Any) -> None:
        super().__init__(controller, **kwargs)
        self.pushed: list[str] = []

    def push_screen(self, screen, *args, **kwargs):  # type: ignore[override]
        self.pushed.append(type(screen).__name__)
        return super().push_screen(screen, *args, **kwargs)


async def run_until(pilot, done: Callable[[], bool], workers: bool = True) -> None:
    """Let the app (and its session's bots) run until ``done()`` holds; with ``workers``, let
    the screen settle then."""
    await until(pilot, done, poll=0.01, what="the bots")
    if workers:  # (waiting for the CPU to idle would outlast bots that play on and on)
        await settle(pilot)


def humans_turn(app, ctl, seat: int) -> Callable[[], bool]:
    table = app.table
    return lambda: (ctl.over or (ctl.who_must_act() == seat and not table.bot_thinking
                                 and table.seat == seat))


def log_text(table: ShardsTable) -> str:
    return "\n".join(table.query_one(LogView).lines_text)


@pytest.fixture
def hold_bots(monkeypatch: pytest.MonkeyPatch):
    """Bots think until the test sets the returned event."""
    release = threading.Event()
    real = bot_seats.BotJob.run

    def slow(job):
        assert release.wait(20), "the test never released the bot"
        return real(job)

    monkeypatch.setattr(bot_seats.BotJob, "run", slow)
    return release


async def test_the_bot_plays_its_whole_turn_and_hands_back_without_a_handoff() -> None:
    ctl = build(NEW_GAME)  # Ben (seat 1) goes first with seed 7
    app = WatchApp(ctl, bots={1: "random"}, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = app.table
        await run_until(pilot, humans_turn(app, ctl, 0))
        assert ctl.view(None).active == 0 or ctl.state.pending is not None
        assert "(random bot" in log_text(table)
        assert "(random bot: picks a legal move at random)." in log_text(table)
        assert all(entry.seat == 1 for entry in ctl.history)
        assert all(entry.note and entry.note.startswith("(random bot) ") for entry in ctl.history)
        # Ana answers a question first if Ben attacked her; then it is her turn.
        while ctl.state.pending is not None and ctl.who_must_act() == 0:
            await pilot.press("enter")
            await run_until(pilot, humans_turn(app, ctl, 0))
        assert ctl.view(0).active == 0 and table.seat == 0
        assert all(name in screen_text(app) for name in
                   [table.cards[c.card].name for c in ctl.view(0).players[0].hand])
        moves = len(ctl.history)
        await pilot.press("colon", *"end", "enter")  # Ana ends her turn at once
        await run_until(pilot, lambda: humans_turn(app, ctl, 0)() and ctl.history[-1].seat == 1)
        assert ctl.history[moves].seat == 0 and ctl.history[moves].text == "end"
        assert any(e.seat == 1 for e in ctl.history[moves:])  # Ben played a whole turn
        assert app.screen is table and table.seat == 0
        assert "HandoffScreen" not in app.pushed
        # Undo cannot take back the bot's move.
        before = len(ctl.history)
        await pilot.press("u")
        await settle(pilot)
        assert len(ctl.history) == before
        assert table.query_one(StatusLine).message.startswith("✗")


async def test_a_bot_defender_answers_the_shield_question_itself() -> None:
    ctl = scenario([{"name": "Ana", "hand": ["crystal"]},
                    {"name": "Ben", "hand": ["command_seer", "crystal"]}], turn={"power": 7})
    app = WatchApp(ctl, bots={1: "greedy"}, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = app.table
        await settle(pilot)
        assert app.screen is table and table.seat == 0  # one human: no hand-off at all
        await pilot.press("e", "e")  # Ana still holds a Crystal: e twice ends the play phase
        await run_until(pilot, lambda: any(e.seat == 1 for e in ctl.history))
        first = next(e for e in ctl.history if e.seat == 1)
        assert first.text.startswith("choose")
        assert first.note and first.note.startswith("(greedy bot) ")
        assert "HandoffScreen" not in app.pushed
        await run_until(pilot, humans_turn(app, ctl, 0))
        log = log_text(table)
        assert "Ben reveals Command Seer to block 5 (greedy bot" in log
        assert ctl.view(None).players[1].health == 48
        assert "HandoffScreen" not in app.pushed and app.screen is table


async def test_keys_work_while_a_bot_thinks(hold_bots: threading.Event) -> None:
    ctl = scenario([{"name": "Ana", "hand": []}, {"name": "Ben", "hand": ["crystal"]}])
    app = WatchApp(ctl, bots={1: "search"}, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = app.table
        await settle(pilot)
        await pilot.press("e")  # Ana's hand is empty: her turn ends, Ben's bot starts thinking
        await run_until(pilot, lambda: table.session.thinking, workers=False)
        assert table.bot_thinking
        assert table.query_one(StatusLine).message == "Ben (search bot) is thinking…"
        await pilot.press("question_mark")  # (this small app shows Textual's key panel)
        await settle(pilot)
        assert table.query("HelpPanel")  # the UI answered while the bot thinks
        await pilot.press("f1")
        await settle(pilot)
        assert app.calls == ["rules:shards#None"]
        assert app.screen is table and table.session.thinking  # still thinking
        moves = len(ctl.history)
        hold_bots.set()
        await run_until(pilot, lambda: len(ctl.history) > moves)
        assert ctl.history[moves].seat == 1 and "(search bot) " in (ctl.history[moves].note or "")
        table.action_toggle_bots()  # stop Ben's next search before the app closes
        await table.session.settle()


async def test_a_stale_bot_move_is_dropped_when_the_position_changes(
        hold_bots: threading.Event) -> None:
    ctl = scenario([{"name": "Ana", "hand": ["crystal"]},
                    {"name": "Ben", "hand": ["command_seer"]}], turn={"power": 7})
    app = WatchApp(ctl, bots={1: "greedy"}, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = app.table
        await settle(pilot)
        start = ctl.state
        await pilot.press("e", "e")  # the attack: Ben's bot must decide on its shields
        await run_until(pilot, lambda: table.session.thinking, workers=False)
        assert ctl.who_must_act() == 1 and not ctl.can_undo(0)
        await pilot.press("u")  # Ben was asked: Ana's 'end' stays
        await settle(pilot)
        assert ctl.who_must_act() == 1 and "nothing to undo" in table.query_one(StatusLine).message
        ctl.state = start  # the position changes under the thinking bot (a load, say)
        del ctl.history[:]
        ctl.notify()
        await settle(pilot)
        assert ctl.who_must_act() == 0 and not table.bot_thinking
        hold_bots.set()
        await run_until(pilot, lambda: not table.session.thinking)
        assert len(ctl.history) == 0  # the bot's answer to the old position was dropped
        assert ctl.who_must_act() == 0 and table.seat == 0


async def test_with_two_humans_hands_are_hidden_while_the_bot_plays(hold_bots) -> None:
    ctl = scenario([{"name": "Ana", "hand": []}, {"name": "Cy", "hand": ["crystal"]},
                    {"name": "Ben", "hand": ["crystal"]}])
    app = WatchApp(ctl, bots={1: "greedy"}, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = app.table
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)  # two humans: the first one is named
        await pilot.press("enter")
        await settle(pilot)
        assert table.seat == 0
        await pilot.press("e")
        await run_until(pilot, lambda: table.session.thinking, workers=False)
        assert app.screen is table and table.seat is None  # the public view while Cy plays
        assert table.query_one(HandView).cards == []
        hold_bots.set()
        await run_until(pilot, lambda: ctl.who_must_act() == 2 and not table.bot_thinking)
        assert isinstance(app.screen, HandoffScreen)  # Ben, another human, takes the keyboard
        assert "Ben" in screen_text(app)
        assert "(greedy bot" in log_text(table)


async def test_an_all_bot_game_plays_itself_in_the_public_view() -> None:
    ctl = build(NEW_GAME)
    app = WatchApp(ctl, bots={0: "random", 1: "greedy"}, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        table = app.table
        await run_until(pilot, lambda: len(ctl.history) >= 12 or ctl.over, workers=False)
        assert table.seat is None and table.query_one(HandView).cards == []
        assert "HandoffScreen" not in app.pushed
        assert {e.seat for e in ctl.history} == {0, 1}
        table.action_toggle_bots()  # pause
        await pilot.pause(0.05)
        await table.session.settle()
        await settle(pilot)
        moves = len(ctl.history)
        await pilot.pause(0.1)
        assert len(ctl.history) == moves and table.bots_paused
        await pilot.press("e")  # a move key in the bots' turn: told why nothing happens
        await settle(pilot)
        assert len(ctl.history) == moves
        bot = ctl.view(None).players[ctl.who_must_act()].name
        assert table.query_one(StatusLine).message == \
            f"✗ {bot} (a bot) is to move; bots play this game (b pauses or resumes the bots)."
        table.action_toggle_bots()
        await run_until(pilot, lambda: len(ctl.history) > moves or ctl.over, workers=False)
        table.action_toggle_bots()
        await table.session.settle()


async def test_bots_are_reproducible_from_the_seed() -> None:
    games = []
    for _ in range(2):
        ctl = build(NEW_GAME)
        app = TableApp(ctl, bots={0: "random", 1: "random"}, bot_pace=0)
        async with app.run_test(size=SIZE) as pilot:
            await run_until(pilot, lambda: len(ctl.history) >= 8 or ctl.over, workers=False)
            app.table.action_toggle_bots()
            await app.table.session.settle()
        games.append([e.text for e in ctl.history][:8])
    assert games[0] == games[1]
    assert bot_seed(7, 0) != bot_seed(7, 1)


# ---- the set-up screen, the app and saves -------------------------------------------------------

def test_setup_dicts_carry_bot_levels() -> None:
    from shards_tui.core.registry import game

    setup, problem = validate_setup(["A", "B"], [None, None], "3", game("shards"), {},
                                    [None, "greedy"])
    assert problem is None
    assert setup["players"] == [{"name": "A", "character": None},
                                {"name": "B", "character": None, "bot": "greedy"}]
    assert bots_from_setup(setup) == {1: "greedy"}
    assert bots_from_setup({"players": [{"name": "A", "bot": "nonsense"}]}) == {}
    scen = {"kind": "scenario", "players": [{"name": "A"}]}
    assert record_bots(scen, {0: "random"}) is None
    new = {"kind": "new", "players": [{"name": "A", "bot": "random"}, {"name": "B"}]}
    assert record_bots(new, {1: "search"})["players"] == [{"name": "A"},
                                                          {"name": "B", "bot": "search"}]
    assert new["players"][0] == {"name": "A", "bot": "random"}  # the original is untouched


async def test_setup_screen_makes_seats_bots(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    app = ShardsApp(cursor_blink=False, bot_pace=0)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert [r.bot_value for r in screen.rows] == [None, None]  # people by default
        screen.rows[1].query_one(".player-bot", Select).value = "greedy"
        screen.query_one("#seed").value = "7"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        table = next(s for s in app.screen_stack if isinstance(s, ShardsTable))
        assert table.bots.levels == {1: "greedy"}
        assert app.controller.setup["players"][1]["bot"] == "greedy"
        assert "bot" not in app.controller.setup["players"][0]
        autosaves.flush_autosaves()  # written on a thread: wait for it before reading
        assert '"bot": "greedy"' in (tmp_path / "autosave.json").read_text(encoding="utf-8")
        # Ben (the greedy bot) goes first with seed 7 and plays until Ana must act.
        await run_until(pilot, lambda: table.seat == 0 and ctl_waits_for(app.controller, 0)
                        and not table.bot_thinking)
        assert "(greedy bot)" in log_text(table)
        assert not any(isinstance(s, HandoffScreen) for s in app.screen_stack)


def ctl_waits_for(ctl, seat: int) -> bool:
    return ctl.over or ctl.who_must_act() == seat


async def test_a_resumed_autosave_keeps_its_bots(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    setup = {"kind": "new", "seed": 7, "first": None,
             "players": [{"name": "Ana", "character": None},
                         {"name": "Ben", "character": None, "bot": "random"}]}
    ctl = build(setup)
    saves.save(ctl, tmp_path / "autosave.json")
    app = ShardsApp(cursor_blink=False, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Resume is the first entry
        await settle(pilot)
        table = next(s for s in app.screen_stack if isinstance(s, ShardsTable))
        assert table.bots.levels == {1: "random"}
        await run_until(pilot, lambda: ctl_waits_for(app.controller, 0) and not table.bot_thinking)
        assert any(e.note and e.note.startswith("(random bot)") for e in app.controller.history)


async def test_bots_given_to_the_app_are_saved_with_the_game(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path))
    ctl = build(NEW_GAME)
    app = ShardsApp(ctl, cursor_blink=False, bots={1: "greedy"}, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = next(s for s in app.screen_stack if isinstance(s, ShardsTable))
        assert table.bots.levels == {1: "greedy"}
        assert "bot" not in NEW_GAME["players"][1]  # the caller's setup dict is not changed
        await run_until(pilot, lambda: ctl_waits_for(ctl, 0) and not table.bot_thinking)
    loaded = saves.load(tmp_path / "autosave.json")
    assert bots_from_setup(loaded.setup) == {1: "greedy"}
    assert loaded.state_json() == ctl.state_json()


def _bloodbath_ana_at_2_health():
    return scenario([{"name": "Ana", "hand": ["crystal"], "health": 2},
                     {"name": "Ben", "hand": ["crystal"]}, {"name": "Cy", "hand": ["crystal"]}],
                    variants=["bloodbath"], active=2, turn={"power": 5})


async def test_a_human_who_goes_out_is_told_the_others_play_on() -> None:
    from shards_tui.ui.screens.handoff import OutScreen

    ctl = _bloodbath_ana_at_2_health()  # Cy (a bot) is about to hit Ana for 5
    app = TableApp(ctl, bots={1: "greedy", 2: "greedy"}, bot_pace=0)
    async with app.run_test(size=SIZE) as pilot:
        await run_until(pilot, lambda: ctl.who_must_act() == 0)
        await pilot.press("enter")  # no shields: Ana takes the 5 and is out
        await run_until(pilot, lambda: isinstance(app.screen, OutScreen), workers=False)
        text = screen_text(app)
        assert "Ana is out of the game" in text and "Ben and Cy play on." in text
        moves = len(ctl.history)
        await settle(pilot, 10)
        assert len(ctl.history) == moves  # the bots wait until Ana has read it
        await pilot.press("enter")
        await run_until(pilot, lambda: len(ctl.history) > moves or ctl.over)
        table = app.table
        assert "You are out of the game; the others play on." in screen_text(app) or ctl.over
        assert not isinstance(app.screen, OutScreen)
        assert table.seat == 0


async def test_a_networked_player_who_is_out_is_told_so_while_waiting_for_the_others() -> None:
    from textual.app import App

    from shards_tui.ui.widgets.key_hints import KeyHints

    ctl = _bloodbath_ana_at_2_health()
    ctl.apply("end", 2)  # Cy's 5 power goes at Ben and Ana (who plays next, so is asked last)
    ctl.apply("choose none", 1)
    ctl.apply("choose none", 0)  # no shields: Ana is out, Ben plays on
    assert ctl.view(None).players[0].eliminated and ctl.who_must_act() == 1

    class Seat(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ShardsTable(ctl, seat=0, networked=True))

    app = Seat()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        said = app.screen.query_one(KeyHints).text
    assert "You are out of the game; the others play on. Waiting for Ben." in said


async def test_after_bots_play_in_view_of_everyone_even_the_same_human_is_covered(hold_bots) -> None:
    """Ana attacks the bot and Ben (a bloodbath); Ben answers behind a hand-off, then the bot
    plays its turn in the public view, which both may be watching. Ben's own turn then starts
    behind a hand-off too, though he was the last to hold the keyboard."""
    ctl = scenario([{"name": "Ana", "hand": []}, {"name": "Cy", "hand": ["crystal"]},
                    {"name": "Ben", "hand": ["crystal"]}], variants=["bloodbath"],
                   turn={"power": 2})
    app = WatchApp(ctl, bots={1: "greedy"}, bot_pace=0)
    hold_bots.set()
    async with app.run_test(size=SIZE) as pilot:
        table = app.table
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert table.seat == 0
        await pilot.press("e")  # leftover power hits Cy and Ben
        await run_until(pilot, lambda: ctl.who_must_act() == 2 and not table.bot_thinking)
        assert isinstance(app.screen, HandoffScreen) and "Ben" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert table.seat == 2
        assert table.run_command_text("choose none")  # no shields; then Cy, a bot, plays
        await run_until(pilot, lambda: ctl.who_must_act() == 2 and not table.bot_thinking
                        and ctl.view(None).active == 2)
        assert isinstance(app.screen, HandoffScreen) and "Ben" in screen_text(app)
        assert table.seat is None  # nothing of Ben's is drawn behind the cover


async def test_bots_wait_while_the_terminal_is_too_small_to_show_the_table() -> None:
    """The notice says the game waits: a bot does not play a move nobody can see."""
    ctl = scenario([{"name": "Ana", "hand": ["crystal"]}, {"name": "Ben", "hand": ["crystal"]}],
                   active=1)
    app = TableApp(ctl, bots={1: "greedy"}, bot_pace=0)
    async with app.run_test(size=(50, 16)) as pilot:
        await until(pilot, lambda: app.table is not None and app.table.too_small,
                    what="the too-small notice")
        session = app.table.session
        assert TOO_SMALL in session.holds
        await session.settle()  # a move begun before the notice came is dropped, not played
        assert ctl.history == []
        await pilot.resize_terminal(*SIZE)
        await until(pilot, lambda: not app.table.too_small, what="the notice to go")
        await session.settle()  # the bot's turn, now that nothing holds the bots
        assert ctl.history and {entry.seat for entry in ctl.history} == {1}
        assert ctl.who_must_act() == 0


def test_a_bot_seat_named_after_its_level_is_not_labelled_twice() -> None:
    seats = bot_seats.BotSeats({1: "greedy"}, "shards", 0)
    assert seats.label(1, ["Ana", "Ben"]) == "Ben (greedy bot)"
    assert seats.label(1, ["Ana", "Greedy bot 2"]) == "Greedy bot 2"  # not '(greedy bot)' again


async def test_a_move_key_during_a_bots_turn_is_answered_and_the_answer_stays() -> None:
    """'a' or 'u' while a bot played seemed to do nothing: the refusal was replaced by 'Greedy
    bot 2 is thinking…' at the bot's next move. It now stays until the player's turn."""
    ctl = scenario([{"name": "Ana", "hand": ["crystal", "blaster"]},
                    {"name": "Bot", "hand": ["crystal", "crystal", "blaster"]}], active=1)
    app = TableApp(ctl, bots={1: "greedy"}, bot_pace=3600)  # the bot moves when told here
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        status = table.query_one(StatusLine)
        for key in ("a", "u"):
            await pilot.press(key)
            await settle(pilot)
            said = status.message
            assert said.startswith("✗"), said
            if key == "a":
                assert "Bot (a bot) is to move; you can move again at your turn" in said
            moves = len(ctl.history)
            table.session.play_bots(limit=1)  # the bot's next move, now
            await settle(pilot)
            assert len(ctl.history) == moves + 1 and ctl.who_must_act() == 1
            assert status.message == said, status.message
