"""Hostile scenario files: each is refused in one sentence (exit 2), and no text from the file
reaches the terminal with its control characters."""

from __future__ import annotations

from pathlib import Path

import pytest

from shards_tui import cli

PLAYERS = """
[[setup.players]]
name = "Ana"
hand = ["crystal", "crystal"]
[[setup.players]]
name = "Ben"
"""


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SHARDS_TUI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def check(tmp_path: Path, text: str, capsys) -> tuple[int, str, str]:
    path = tmp_path / "attack.toml"
    path.write_text(text, encoding="utf-8")
    code = cli.main(["scenario", str(path), "--check"])
    out, err = capsys.readouterr()
    return code, out, err


def refused(code: int, out: str, err: str) -> str:
    assert code == 2, (code, out, err)
    assert out == "" and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("shards-tui: "), err
    return lines[0]


def test_deep_nesting_is_a_malformed_file(tmp_path, capsys) -> None:
    deep = "title = 't'\ngame = 'shards'\n[setup]\nx = " + "[" * 5000 + "]" * 5000 + "\n"
    line = refused(*check(tmp_path, deep, capsys))
    assert "nested" in line


def test_deep_nesting_inside_a_valid_field(tmp_path, capsys) -> None:
    deep = ("title = 't'\ngame = 'shards'\n[setup]\n" + PLAYERS
            + "[[step]]\nexpect = { a = " + "{ b = " * 40 + "1" + " }" * 40 + " }\n")
    line = refused(*check(tmp_path, deep, capsys))
    assert "nested" in line


def test_a_huge_file_is_refused_before_it_is_read(tmp_path, capsys) -> None:
    text = "title = 't'\ngame = 'shards'\ndescription = '" + "x" * 2_000_000 + "'\n[setup]\n"
    line = refused(*check(tmp_path, text, capsys))
    assert "too large" in line


@pytest.mark.parametrize("setup, fragment", [("variants = ['nope']", "no variant 'nope'"),
                                             ("sets = ['base', 'moon']", "no card set 'moon'"),
                                             ("turn = { gems = -3 }", "setup is not valid")])
def test_an_unknown_variant_or_set_or_bad_turn_is_refused(tmp_path, capsys, setup,
                                                          fragment) -> None:
    text = f"title = 't'\ngame = 'shards'\n[setup]\n{setup}\n" + PLAYERS
    line = refused(*check(tmp_path, text, capsys))
    assert fragment in line


@pytest.mark.parametrize("field, value", [("health", -10), ("mastery", -1), ("health", 10**6),
                                          ("mastery", 10**6)])
def test_a_setup_value_out_of_bounds_is_a_bad_setup(tmp_path, capsys, field, value) -> None:
    text = ("title = 't'\ngame = 'shards'\n[setup]\n[[setup.players]]\nname = 'Ana'\n"
            f"[[setup.players]]\nname = 'Ben'\n{field} = {value}\n")
    line = refused(*check(tmp_path, text, capsys))
    assert "setup is not valid" in line


@pytest.mark.parametrize("path", ["players.-1.health", "players.1.-0", "center_row.-6.card"])
def test_a_negative_index_in_an_expectation_path_is_refused(tmp_path, capsys, path) -> None:
    text = ("title = 't'\ngame = 'shards'\n[setup]\n" + PLAYERS
            + f"[[step]]\nexpect = {{ \"{path}\" = 50 }}\n")
    line = refused(*check(tmp_path, text, capsys))
    assert path in line


def test_a_negative_index_in_an_expectation_line_is_refused(tmp_path, capsys) -> None:
    text = ("title = 't'\ngame = 'shards'\n[setup]\n" + PLAYERS
            + "[[step]]\nexpect = ['players.-1.health = 50']\n")
    refused(*check(tmp_path, text, capsys))


ESC = "\\u001b[31m"  # as written in the TOML file: the escape character itself once read


def clean_streams(*streams: str) -> None:
    for stream in streams:
        assert not any(ord(c) < 32 and c not in "\n\t" or 0x7f <= ord(c) < 0xa0 for c in stream), \
            repr(stream)


def test_control_characters_from_the_file_never_reach_the_terminal(tmp_path, capsys) -> None:
    text = (f"title = \"T{ESC}itle\"\ngame = 'shards'\ndescription = \"D{ESC}\\u0007\\u009b2J\"\n"
            "[setup]\n"
            f"[[setup.players]]\nname = \"A{ESC}NA\"\nhand = [\"crystal\", \"crystal\"]\n"
            f"[[setup.players]]\nname = \"B\\u0008EN\"\n"
            f"[[step]]\nsay = \"hi {ESC} there\\r\"\ndo = \"play crystal\"\n"
            f"[[step]]\ndo = \"recruit {ESC}\"\nexpect_error = \"no\"\n"
            f"[[step]]\nexpect = {{ \"players.0.name\" = \"A{ESC}NA\" }}\n"
            f"[[step]]\ndo = \"play crystal{ESC}\"\n")
    code, out, err = check(tmp_path, text, capsys)
    clean_streams(out, err)
    assert code == 1  # the last step's card is called 'crystal[31m', which is no card
    assert "A[31mNA: play crystal" in out and "step 2" not in err + out
    assert "hi [31m there" in out and "# T[31mitle" in out


def test_the_scenario_names_are_stored_clean(tmp_path) -> None:
    from shards_tui.core.scenario import build, load_scenario

    path = tmp_path / "s.toml"
    path.write_text(f"title = 't'\ngame = 'shards'\n[setup]\n[[setup.players]]\n"
                    f"name = \"A{ESC}NA\"\n[[setup.players]]\nname = 'B'\n", encoding="utf-8")
    ctl = build(load_scenario(path))
    assert ctl.seat_names()[0] == "A[31mNA"
    assert ctl.view(None).players[0].name == "A[31mNA"
