"""End to end: the real OpenSSH client, in tmux, against `shards-tui serve` on 127.0.0.1."""

from __future__ import annotations

import json
import re
import subprocess
import time
from collections import Counter
from pathlib import Path

from conftest import Server, Tmux  # noqa: E402  (tests/server/conftest.py)


def connect(tmux: Tmux, server: Server, name: str, user: str, **size: int) -> None:
    tmux.open(name, ["ssh", "-t", *server.ssh_args(user)[1:]], **size)


def wait_for_log(server: Server, text: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while text not in server.log.read_text():
        assert time.monotonic() < deadline, f"'{text}' never appeared in the server's log"
        time.sleep(0.1)


def hand_lines(screen: str) -> list[str]:
    """The card names listed in the 'your hand' panel of a captured table screen."""
    lines = screen.splitlines()
    start = next(i for i, line in enumerate(lines) if "your hand" in line)
    names = []
    for line in lines[start + 1:]:
        if line.startswith("╰"):
            break
        match = re.match(r"│[▶ ]([^·│]+?) ·", line)
        if match:
            names.append(match.group(1).strip())
    return names


def saved_game(server: Server, table: int, timeout: float = 60) -> dict:
    """The table's file once it holds the started game (a thread of the server writes it)."""
    deadline = time.monotonic() + timeout
    while True:
        doc = json.loads((server.data / "tables" / f"table-{table}.json").read_text())
        if doc["save"] is not None:
            return doc
        assert time.monotonic() < deadline, f"table {table}'s game was never saved"
        time.sleep(0.1)


def saved_hands(server: Server, table: int) -> list[list[str]]:
    players = saved_game(server, table)["save"]["state"]["players"]
    return [[card.split("#")[0] for card in p["hand"]] for p in players]


def card_title(card_id: str) -> str:
    from shards_tui.games.shards.cards import card_db

    return card_db(("base",))[card_id].name


def test_wrong_key_is_refused(server: Server) -> None:
    out = subprocess.run(server.ssh_args("mallory", server.other_key)[:1]
                         + ["-o", "BatchMode=yes"] + server.ssh_args("mallory", server.other_key)[1:]
                         + ["true"], capture_output=True, text=True, timeout=30,
                         stdin=subprocess.DEVNULL)
    assert out.returncode == 255
    assert "Permission denied" in out.stderr


def test_exec_and_no_pty_are_refused_with_a_message(server: Server) -> None:
    exec_run = subprocess.run(server.ssh_args("ana") + ["ls"], capture_output=True, text=True,
                              timeout=30, stdin=subprocess.DEVNULL)
    assert exec_run.returncode == 1
    assert "interactive terminal" in exec_run.stderr
    no_pty = subprocess.run(["ssh", "-T", *server.ssh_args("ana")[1:]], capture_output=True,
                            text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert no_pty.returncode == 1
    assert "interactive terminal" in no_pty.stderr


def test_lobby_renders_and_follows_a_resize(server: Server, tmux: Tmux) -> None:
    connect(tmux, server, "ana", "ana", width=100, height=30)
    screen = tmux.wait_for("ana", "Signed in as ana")
    assert "New table" in screen

    def banner_column(text: str) -> int:
        return next(line.index("S H A R D S") for line in text.splitlines() if "S H A R D S" in line)

    before = banner_column(screen)
    tmux.run("resize-window", "-t", "t:ana", "-x", "140", "-y", "40")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and banner_column(tmux.screen("ana")) == before:
        time.sleep(0.2)
    assert banner_column(tmux.screen("ana")) > before  # re-centred for the wider window
    tmux.keys("ana", "q")


def test_quitting_after_a_resize_leaves_the_terminal_clean(server: Server, tmux: Tmux) -> None:
    connect(tmux, server, "ana", "ana", width=100, height=30)
    tmux.wait_for("ana", "Signed in as ana")
    tmux.run("resize-window", "-t", "t:ana", "-x", "120", "-y", "36")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and "▁" * 100 not in tmux.screen("ana"):
        time.sleep(0.2)  # the lobby is drawn again at the new width
    tmux.keys("ana", "C-q")
    deadline = time.monotonic() + 60
    screen = ""
    while time.monotonic() < deadline and "Goodbye from shards-tui" not in screen:
        time.sleep(0.2)  # (with its history: tmux's "Pane is dead" line scrolls the top away)
        screen = tmux.run("capture-pane", "-p", "-S", "-100", "-t", "t:ana")
    # tmux kept what the app drew last above the goodbye unless the app cleared it first
    assert screen.lstrip().startswith("Goodbye from shards-tui"), screen
    assert "S H A R D S" not in screen and "Signed in as" not in screen


def test_two_seats_each_see_only_their_hand_and_a_seat_survives_a_reconnect(
        server: Server, tmux: Tmux) -> None:
    connect(tmux, server, "ana", "ana")
    connect(tmux, server, "ben", "ben")
    tmux.wait_for("ana", "Signed in as ana")
    tmux.wait_for("ben", "Signed in as ben")
    # Ana makes a 2-player table whose second seat is open for a person.
    tmux.keys("ana", "n")
    tmux.wait_for("ana", "Cancel (esc)")  # the whole dialog is drawn (and focused)
    assert "Seat 2    Open seat (a person)" in tmux.screen("ana")  # the default
    assert "kept secret by the server" in tmux.screen("ana")  # no seed to choose
    tmux.keys("ana", "Tab", "Tab", "Tab", "Tab", "Enter")  # to Create, Enter
    tmux.wait_for("ben", "waiting for 1 more player")
    # The table is the first entry of Ben's lobby: Enter takes the open seat.
    tmux.keys("ben", "Enter")
    ana = tmux.wait_for("ana", "ana (")
    ben = tmux.wait_for("ben", "ben (")
    ana = tmux.wait_for("ana", "your hand")
    ben = tmux.wait_for("ben", "your hand")
    table = int(re.search(r"table-(\d+)", " ".join(
        p.name for p in (server.data / "tables").glob("table-*.json"))).group(1))
    hands = saved_hands(server, table)
    mine = [Counter(card_title(c) for c in hand) for hand in hands]
    assert Counter(hand_lines(ana)) == mine[0]
    assert Counter(hand_lines(ben)) == mine[1]
    assert ana.count("): your hand") == 1 and ben.count("): your hand") == 1
    assert "ana (" in ana.split("): your hand")[0].splitlines()[-1]  # (the card panel may
    assert "ben (" in ben.split("): your hand")[0].splitlines()[-1]  # say "(your hand)" above)
    first = saved_game(server, table)["save"]["state"]["flow"]["active"]
    names = ["ana", "ben"]
    tmux.wait_for(names[1 - first], f"Waiting for {names[first]}")
    # Ben's connection dies; he comes back with the same key and finds his seat as it was.
    tmux.kill_window("ben")
    wait_for_log(server, "'ben': ")  # the server has let the old connection go (lost, or its input closed)
    connect(tmux, server, "ben2", "ben")
    lobby = tmux.wait_for("ben2", "Enter: back to your")
    assert "#" in lobby
    tmux.keys("ben2", "Enter")
    again = tmux.wait_for("ben2", "your hand")
    assert Counter(hand_lines(again)) == mine[1]
    tmux.keys("ana", "q")


def test_a_game_with_a_bot_starts_and_the_bot_moves(server: Server, tmux: Tmux) -> None:
    connect(tmux, server, "cy", "cy")
    tmux.wait_for("cy", "Signed in as cy")
    tmux.keys("cy", "n")
    tmux.wait_for("cy", "Cancel (esc)")
    tmux.keys("cy", "Tab", "Tab", "Tab", "Space")  # seat 2: open its list
    tmux.wait_for("cy", "Search bot")
    tmux.keys("cy", "Down", "Down", "Enter")  # open seat -> greedy bot
    tmux.wait_for("cy", "Seat 2    Greedy bot")
    tmux.keys("cy", "Tab", "Enter")  # Create: you against a greedy bot
    screen = ""
    deadline = time.monotonic() + 40
    while "You may:" not in screen and time.monotonic() < deadline:
        screen = tmux.screen("cy")  # the bot may start, and attack: answer its question
        if "Answer the question" in screen:
            tmux.keys("cy", "Enter", pause=0.5)
        time.sleep(0.2)
    assert "You may:" in screen, screen
    turn = int(re.search(r"Turn (\d+),", screen).group(1))
    tmux.keys("cy", "a", "e", "e")
    deadline = time.monotonic() + 30

    def turn_shown() -> int:  # the bot's whole turn may pass between two looks at the screen
        return max((int(n) for n in re.findall(r"Turn (\d+),", screen)), default=0)

    while turn_shown() <= turn and time.monotonic() < deadline:
        screen = tmux.screen("cy")  # the bot may attack on its turn: answer its question
        if "Answer the question" in screen:
            tmux.keys("cy", "Enter", pause=0.5)
        time.sleep(0.2)
    assert turn_shown() > turn, screen
    assert "Greedy bot 2" in screen
    tmux.keys("cy", "C-q")  # a clean quit is logged with the table and seat
    wait_for_log(server, "'cy': quit (table ")
    assert re.search(r"'cy': quit \(table \d+, seat 1\)", server.log.read_text())


def test_server_log_has_no_tracebacks(server: Server) -> None:
    text = Path(server.log).read_text()
    assert "Traceback" not in text, text[-3000:]


def test_server_start_line_shows_the_command_to_connect_with_a_player_name(server: Server) -> None:
    text = Path(server.log).read_text()
    assert f"connect with: ssh -t -p {server.port} NAME@127.0.0.1" in text, text[:2000]
