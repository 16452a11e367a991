"""`shards-tui replay`: a broken file or a seat the game lacks is one sentence (exit 2)."""

from __future__ import annotations

from shards_tui.cli import main
from tests.core.finished_games import finished_save


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_replay_a_broken_file_is_one_sentence(capsys, tmp_path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "shards-tui-save", "version": 2, "game": "shards"')
    code, out, err = run(capsys, "replay", str(broken))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err == "shards-tui: broken.json is not valid JSON (it may be truncated).\n"
    code, _, err = run(capsys, "replay", str(tmp_path / "gone.json"))
    assert code == 2 and "There is no save file at" in err and err.count("\n") == 1


def test_replay_a_seat_the_game_lacks(capsys, tmp_path) -> None:
    path = tmp_path / "game.json"
    path.write_text(finished_save("disco"))
    code, _, err = run(capsys, "replay", str(path), "--seat", "3")
    assert code == 2 and "--seat must be from 1 to 2 for this game, not 3." in err
