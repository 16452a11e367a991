"""Property tests: no input text and no damaged save file can crash the engine."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shards_tui.core import saves
from shards_tui.core.errors import CommandRejected, SaveFileError
from shards_tui.core.registry import game

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _fresh(seed: int = 3):
    return game("shards").controller.build(
        {"kind": "new", "seed": seed, "players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}]})


def _played(moves: int, seed: int = 3):
    ctl = _fresh(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
    return ctl


BASE = _played(25)
BASE_JSON = BASE.state_json()
VERBS = list(BASE.commands.by_verb)
WORDS = st.one_of(st.sampled_from(VERBS + ["none", "all", "1", "7", "0", "ana", "ben", "cy", "p2",
                                           "crystal", "crystal#1", "zetta", "-1", "'", '"']),
                  st.text(max_size=12))


@SETTINGS
@given(text=st.one_of(st.text(max_size=300),
                      st.lists(WORDS, min_size=1, max_size=6).map(" ".join)),
       seat=st.integers(min_value=-2, max_value=4))
def test_any_text_is_a_move_or_a_rejection(text, seat):
    global BASE, BASE_JSON
    try:
        BASE.apply(text, seat)
    except CommandRejected as exc:
        assert str(exc).strip()
        assert BASE.state_json() == BASE_JSON
    else:  # a legal move: check it left a valid game, then start again from the position
        BASE.check_invariants(BASE.state)
        BASE = _played(25)
        BASE_JSON = BASE.state_json()


SAVE = saves.to_json(_played(12, seed=5))
DOC = json.loads(SAVE)


def _paths(node, prefix=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*prefix, i))
    yield prefix


PATHS = [p for p in _paths(DOC) if p]
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                           max_leaves=6)


def _load(text: str) -> None:
    try:
        saves.from_json(text)
    except SaveFileError as exc:
        assert str(exc).strip()


@SETTINGS
@given(data=st.data())
def test_text_mutations_never_crash(data):
    text = SAVE
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        action = data.draw(st.sampled_from(["delete", "insert", "replace", "truncate", "digit", "digit"]))
        if action == "digit":  # keeps the JSON valid, so loading goes deeper
            digits = [i for i, ch in enumerate(text) if ch.isdigit()]
            if digits:
                i = data.draw(st.sampled_from(digits))
                text = text[:i] + data.draw(st.sampled_from("0123456789")) + text[i + 1:]
        elif action == "truncate":
            text = text[:at]
        elif action == "delete":
            text = text[:at] + text[at + data.draw(st.integers(1, 20)):]
        else:
            piece = data.draw(st.text(min_size=1, max_size=5))
            skip = 1 if action == "replace" else 0
            text = text[:at] + piece + text[at + skip:]
    _load(text)


def _similar(value):
    """A value of the same kind as the one it replaces, so it survives schema validation."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.integers(value - 3, value + 3) | st.integers(-2**70, 2**70)
    if isinstance(value, str):
        return st.sampled_from(["", value + "x", value[:-1], value.upper(), "crystal#1", "end", "ben"])
    return JSON_VALUES


@SETTINGS
@given(path=st.sampled_from(PATHS), data=st.data())
def test_structural_mutations_never_crash(path, data):
    doc = json.loads(SAVE)
    node = doc
    for key in path[:-1]:
        node = node[key]
    old = node[path[-1]]
    node[path[-1]] = data.draw(st.one_of(JSON_VALUES, _similar(old)))
    _load(json.dumps(doc))


# ---- every kind of damage the fault list names, each with its own strategy -----------------

def _sentence(exc: Exception) -> str:
    text = str(exc)
    assert text.strip() and "\n" not in text and "Traceback" not in text
    assert text.rstrip().endswith((".", "?", "!", ")")), text
    return text


def _must_refuse_or_match(text: str) -> None:
    """A damaged save is refused with one sentence; if it loads, it is the same game (the log
    is narration, rebuilt on load, so an edited note may change it)."""
    try:
        loaded = saves.from_json(text)
    except SaveFileError as exc:
        _sentence(exc)
    else:
        assert _game_part(loaded) == ORIGINAL_STATE


def _game_part(ctl) -> dict:
    return ctl.state.model_dump(mode="json", exclude={"log"})


ORIGINAL_STATE = _game_part(saves.from_json(SAVE))
def _at(doc, path):
    node = doc
    for key in path:
        node = node[key]
    return node


DICT_PATHS = [p for p in [(), *PATHS] if isinstance(_at(DOC, p), dict)]
HUGE = st.one_of(st.integers(2**63, 2**200), st.integers(-2**200, -2**63),
                 st.sampled_from([10**4000, -10**4000, 2**64, 2**64 - 1, -1]),
                 st.floats(allow_nan=True, allow_infinity=True))
WRONG_TYPES = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=False), st.text(max_size=6),
                        st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3),
                                                                            st.integers(), max_size=2))


@SETTINGS
@given(cut=st.integers(0, len(SAVE) - 1))
def test_truncated_saves_are_refused(cut):
    with_cut = SAVE[:cut]
    try:
        saves.from_json(with_cut)
    except SaveFileError as exc:
        _sentence(exc)
    else:
        raise AssertionError(f"a save cut at {cut} of {len(SAVE)} characters loaded")


@SETTINGS
@given(path=st.sampled_from(PATHS), value=HUGE)
def test_huge_numbers_anywhere(path, value):
    doc = json.loads(SAVE)
    _at(doc, path[:-1])[path[-1]] = value
    _must_refuse_or_match(json.dumps(doc))


@SETTINGS
@given(path=st.sampled_from(PATHS), value=WRONG_TYPES)
def test_wrong_types_anywhere(path, value):
    doc = json.loads(SAVE)
    _at(doc, path[:-1])[path[-1]] = value
    _must_refuse_or_match(json.dumps(doc))


@SETTINGS
@given(path=st.sampled_from(DICT_PATHS), key=st.text(min_size=1, max_size=12), value=JSON_VALUES)
def test_extra_keys_anywhere(path, key, value):
    doc = json.loads(SAVE)
    target = _at(doc, path)
    if key in target:
        key = key + "_extra"
    target[key] = value
    _must_refuse_or_match(json.dumps(doc))


@settings(max_examples=25, deadline=None, derandomize=True, database=None)
@given(path=st.sampled_from(PATHS), depth=st.sampled_from([50, 500, 5_000, 200_000]),
       brackets=st.sampled_from([("[", "]"), ('{"a":', "}")]))
def test_deep_nesting_anywhere(path, depth, brackets):
    doc = json.loads(SAVE)
    _at(doc, path[:-1])[path[-1]] = "@@HOLE@@"
    opening, closing = brackets
    deep = opening * depth + "1" + closing * depth
    _must_refuse_or_match(json.dumps(doc).replace('"@@HOLE@@"', deep))


@SETTINGS
@given(text=st.one_of(st.text(min_size=1_000, max_size=20_000),
                      st.text(alphabet=st.characters(min_codepoint=0x80), min_size=1, max_size=200),
                      st.builds(lambda verb, n: f"{verb} {n}", st.sampled_from(VERBS),
                                st.integers(-10**30, 10**30)),
                      st.builds(lambda verb, n: f"{verb} " + "9" * n, st.sampled_from(VERBS),
                                st.integers(4_000, 50_000))))
def test_long_unicode_and_numeric_command_text_is_refused_cleanly(text):
    ctl = _played(25)
    before = ctl.state_json()
    history = len(ctl.history)
    seat = ctl.who_must_act()
    try:
        ctl.apply(text, seat)
    except CommandRejected as exc:
        message = _sentence(exc)
        assert len(message) < 400  # the sentence does not echo a huge input back
        assert ctl.state_json() == before and len(ctl.history) == history
    else:  # it was a legal move after all (a short unicode-free verb with a valid number)
        ctl.check_invariants(ctl.state)
