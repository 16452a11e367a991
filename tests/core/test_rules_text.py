"""Rules anchors as one line: heading and first sentence, parsed from the Markdown."""

from __future__ import annotations

import re

import pytest

from shards_tui.core.paths import data_dir
from shards_tui.core.registry import game
from shards_tui.core.rules_text import (anchor_titles, first_sentence, plain, rule_line,
                                        rule_title, rules_anchors)

DOC = """# A game: rules reference

Intro text that belongs to no anchor.

<a id="shields"></a>
## Shields

Revealed shields stay in **hand**, and each one
blocks [damage](#damage) e.g. from Ana. They are not played! Later text.

<a id="turn"></a>
### Turn structure
A turn has three phases:

1. Play phase.

<a id="empty"></a>
## Empty heading
### A sub-heading with its own text

Sub text.

<a id="lists"></a>
## Lists first

- **Cache Warden**: its gain
  comes first. Then more.
- Second item.

<a id="code"></a>
## Code

```
<a id="not-an-anchor"></a>
## not a heading
```

`play crystal` plays a *Crystal*.

<a id="first"></a>
<a id="second"></a>
## Two anchors, one heading

> Quoted rule text. More.
"""


def test_heading_and_first_sentence() -> None:
    titles = anchor_titles(DOC)
    assert titles["shields"] == ("Shields", "Revealed shields stay in hand, and each one blocks "
                                            "damage e.g. from Ana.")
    assert titles["turn"] == ("Turn structure", "A turn has three phases:")


def test_heading_without_text_of_its_own() -> None:
    assert anchor_titles(DOC)["empty"] == ("Empty heading", "")


def test_list_item_spanning_lines() -> None:
    assert anchor_titles(DOC)["lists"] == ("Lists first", "Cache Warden: its gain comes first.")


def test_fenced_code_is_skipped_and_inline_code_is_plain() -> None:
    titles = anchor_titles(DOC)
    assert "not-an-anchor" not in titles
    assert titles["code"] == ("Code", "play crystal plays a Crystal.")


def test_several_anchors_share_a_heading_and_quotes_count() -> None:
    titles = anchor_titles(DOC)
    assert titles["first"] == titles["second"] == ("Two anchors, one heading", "Quoted rule text.")
    assert set(titles) == {"shields", "turn", "empty", "lists", "code", "first", "second"}


@pytest.mark.parametrize(("text", "expected"), [
    ("One. Two.", "One."),
    ("No end here", "No end here"),
    ('He said "go." Then left.', 'He said "go."'),
    ("Costs 3 (i.e. three). More.", "Costs 3 (i.e. three)."),
    ("Ends with 2.5 gems. Then.", "Ends with 2.5 gems."),
    ("Why? Because.", "Why?"),
])
def test_first_sentence(text: str, expected: str) -> None:
    assert first_sentence(text) == expected


def test_plain_strips_markdown() -> None:
    assert plain("**Echo** ([rules](#echo)) and __x__ `y` <b>z</b>") == "Echo (rules) and x y z"


def test_shards_reference_every_anchor_has_a_heading() -> None:
    text = (data_dir("rulesets") / game("shards").rules_file).read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', text))
    titles = rules_anchors("shards")
    assert set(titles) == anchors
    assert all(heading for heading, _ in titles.values())
    heading, sentence = titles["shields"]
    assert heading == "Shields" and sentence.endswith(".") and "shield" in sentence


def test_rule_line_and_unknowns() -> None:
    assert rule_line("shards", "recruit") == ("Recruiting: To recruit a card from the center row, "
                                              "pay its gem cost.")
    assert rule_line("shards", "recruit", sentence=False) == "Recruiting"
    assert rule_line("shards", "no-such-anchor") is None
    assert rule_line("shards", None) is None
    assert rule_title("no-such-game", "recruit") is None
    assert rules_anchors("shards") is rules_anchors("shards")  # read once
