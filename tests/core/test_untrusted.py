"""Text and data from outside are cleaned of control characters and bounded in nesting."""

from __future__ import annotations

import json

import pytest

from shards_tui.core import saves
from shards_tui.core.errors import SaveFileError
from shards_tui.core.registry import game
from shards_tui.core.untrusted import MAX_DEPTH, TooDeep, cleaned, one_line, printable

NASTY = "A\x1b[31mN\x07A\x9b2J\u202eZ\r"


def no_control(text: str) -> bool:
    return not any(ord(c) < 32 or 0x7f <= ord(c) < 0xa0 or c == "\u202e" for c in text)


def test_printable_takes_out_every_control_character() -> None:
    assert printable(NASTY) == "A[31mNA2JZ"
    assert printable("line\none\ttab", keep="\n") == "line\nonetab"
    assert printable("Zoë 🙂 [b]") == "Zoë 🙂 [b]"  # printable text is left as it is


def test_one_line_is_single_spaced_and_bounded() -> None:
    assert one_line("  a\tb\n\nc \x1b ", 10) == "a b c"
    assert one_line("x" * 50, 24) == "x" * 24


def test_cleaned_cleans_keys_and_values_and_refuses_deep_nesting() -> None:
    assert cleaned({"a\x1b": ["b\x07", {"c": "d\n"}], "n": 3}) == {"a": ["b", {"c": "d\n"}], "n": 3}
    deep: object = 1
    for _ in range(MAX_DEPTH + 1):
        deep = [deep]
    with pytest.raises(TooDeep):
        cleaned(deep)


def test_a_new_games_names_are_kept_without_control_characters() -> None:
    ctl = game("shards").controller.build({"kind": "new", "seed": 1, "players": [
        {"name": NASTY}, {"name": "Ben\x1b]0;owned\x07"}]})
    assert ctl.seat_names() == ["A[31mNA2JZ", "Ben]0;owned"]
    view = json.dumps(ctl.view(0).public(), ensure_ascii=False)
    assert no_control(view)


def test_a_save_with_a_control_character_in_a_name_is_not_shown_raw() -> None:
    ctl = game("shards").controller.build({"kind": "new", "seed": 1, "players": [
        {"name": "Ana"}, {"name": "Ben"}]})
    doc = json.loads(saves.to_json(ctl))
    doc["setup"]["players"][0]["name"] = "A\x1b[2Jna"
    doc["state"]["players"][0]["name"] = "A\x1b[2Jna"
    try:
        loaded = saves.from_json(json.dumps(doc), source="edited.json")
    except SaveFileError as exc:
        assert no_control(str(exc))
    else:
        assert all(no_control(name) for name in loaded.seat_names())


def _saved_game() -> dict:
    ctl = game("shards").controller.build({"kind": "new", "seed": 1, "players": [
        {"name": "Ana"}, {"name": "Ben"}]})
    seat = ctl.who_must_act()
    ctl.apply(ctl.legal_texts(seat)[0], seat, note="plays on")
    return json.loads(saves.to_json(ctl))


def test_a_saved_note_with_control_characters_is_logged_clean() -> None:
    doc = _saved_game()
    doc["history"][0]["note"] = "\x1b[2Jwipes the screen\x07"
    loaded = saves.from_json(json.dumps(doc), source="edited.json")
    assert all(no_control(e.text) for e in loaded.view(None).log)
    assert any("wipes the screen" in e.text for e in loaded.view(None).log)


def test_a_saved_command_with_control_characters_is_quoted_clean() -> None:
    doc = _saved_game()
    doc["history"][0]["text"] = "play \x1b[2Jnothing\x07"
    with pytest.raises(SaveFileError) as caught:
        saves.from_json(json.dumps(doc), source="edited.json")
    assert "nothing" in str(caught.value) and no_control(str(caught.value))
    doc["game"] = "sh\x1b[2Jards"
    with pytest.raises(SaveFileError) as caught:
        saves.from_json(json.dumps(doc), source="edited.json")
    assert no_control(str(caught.value))
