"""The rules reference (`shards-tui rules disco`, the F1 browser): every anchor the game cites
in its log or its refusals exists, and the reference speaks of every glossary term."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from shards_tui.core.errors import IllegalCommand
from shards_tui.core.rules_text import rules_anchors
from shards_tui.games.disco.glossary import TERMS
from tests.games.disco.conftest import new_disco

SOURCES = Path(__file__).resolve().parents[3] / "shards_tui" / "games" / "disco"


def test_every_anchor_in_a_games_log_exists():
    anchors = rules_anchors("disco")
    cited = set()
    for seed in (1, 2, 3, 4):
        ctl, rng = new_disco(seed=seed), random.Random(seed)
        while not ctl.over:
            ctl.apply(rng.choice(ctl.legal_commands(ctl.who_must_act())))
        cited |= {e.anchor for e in ctl.state.log if e.anchor}
    assert len(cited) > 15
    assert cited <= set(anchors), cited - set(anchors)


def _cited(tree: ast.AST) -> set[str]:
    """The anchors a module's code cites: an event's second argument or ``anchor=``, a
    refusal's second argument."""
    out = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name in ("event", "add_event", "IllegalCommand"):
            args = node.args[1:2] + [k.value for k in node.keywords if k.arg == "anchor"]
            out |= {a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return out


def test_every_anchor_named_in_the_code_exists():
    anchors = set(rules_anchors("disco"))
    named = set()
    for path in SOURCES.glob("*.py"):
        named |= _cited(ast.parse(path.read_text(encoding="utf-8")))
    assert {"draft", "placement", "missiles", "winning", "setup"} <= named
    assert named <= anchors, named - anchors


def test_a_refusal_points_to_its_rule():
    ctl = new_disco(seed=1)
    while ctl.state.flow.phase == "setup":
        ctl.apply("draft 1", ctl.who_must_act())
    seat = ctl.who_must_act()
    try:
        ctl.apply("place 1 99", seat)
    except IllegalCommand as exc:
        assert exc.anchor == "placement" and exc.anchor in rules_anchors("disco")


def test_the_reference_explains_every_glossary_term():
    text = (Path(__file__).resolve().parents[3] / "rulesets" / "disco_infinity.md").read_text(
        encoding="utf-8").lower()
    missing = [t for t in TERMS if t not in text]
    assert not missing, missing
    assert "## rulings" in text and "## commands" in text


def test_the_command_line_prints_the_reference(capsys):
    from shards_tui.cli import main

    assert main(["rules", "disco"]) == 0
    out = capsys.readouterr().out
    assert "Disco Infinity: rules reference" in out and "Rulings" in out


def test_no_word_is_broken_across_two_lines_of_the_reference():
    """The browser joins a paragraph's lines with a space: 'start-of-' ending a line read
    'start-of- round' in F1."""
    text = (SOURCES.parents[2] / "rulesets" / "disco_infinity.md").read_text(encoding="utf-8")
    broken = [line for line in text.splitlines() if line.rstrip().endswith("-")
              and line.rstrip()[-2:-1].isalpha()]
    assert broken == []
