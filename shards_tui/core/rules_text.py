"""What a rules anchor says, in one line: its heading and the first sentence under it.

The rules reference of each game (``rulesets/<game>.md``) puts ``<a id="anchor"></a>`` on the
line before a heading; log events and refusals cite those anchors. The demo and the bots'
narration quote a rule as "Shields: Revealed shields stay in hand…", which this module finds
without Textual (plain text in, plain text out). It also splits a reference into its parts
(``parse_rules``: a ``RulesDoc`` of ``Section``), which the rules browser shows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from shards_tui.core.paths import data_dir
from shards_tui.core.registry import game

ANCHOR = re.compile(r'^\s*<a\s+id="([^"]+)"\s*>\s*</a>\s*$')
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
# Inline Markdown reduced to its words: links and images, emphasis, code, html tags.
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"(\*\*|__|\*|_)(\S(?:.*?\S)?)\1")
_CODE = re.compile(r"`([^`]*)`")
_TAG = re.compile(r"<[^>]+>")
# A sentence ends at . ! or ? (maybe inside a closing quote or bracket) before a space and a
# capital, digit, quote or bracket; 'e.g.' and 'i.e.' never end one.
_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\betc)([.!?][\"')\]]?)\s+(?=[A-Z0-9\"'(\[])")


def plain(text: str) -> str:
    """Inline Markdown as plain words: '**Echo** ([rules](#echo))' -> 'Echo (rules)'."""
    text = _LINK.sub(r"\1", text)
    text = _CODE.sub(r"\1", text)
    text = _TAG.sub("", text)
    previous = None
    while previous != text:  # nested emphasis: ***x***
        previous, text = text, _EMPHASIS.sub(r"\2", text)
    return " ".join(text.split())


def first_sentence(paragraph: str) -> str:
    """The first sentence of a paragraph of plain text (the whole of it if there is no end)."""
    text = " ".join(paragraph.split())
    match = _SENTENCE_END.search(text)
    return text[:match.end(1)] if match else text


def anchor_titles(markdown_text: str) -> dict[str, tuple[str, str]]:
    """``{anchor: (heading, first sentence)}`` for every anchored heading of a rules text.

    The first sentence is that of the first paragraph (or list item, or quote) under the
    heading, before any sub-heading; it is "" when the heading has no text of its own.
    An anchor followed by something other than a heading belongs to the next heading.
    """
    out: dict[str, tuple[str, str]] = {}
    pending: list[str] = []  # anchors waiting for their heading
    current: list[str] = []  # anchors of the heading whose first paragraph we are reading
    heading = ""
    paragraph: list[str] = []
    in_fence = False

    def close() -> None:
        nonlocal current, paragraph
        if current:
            sentence = first_sentence(plain(" ".join(paragraph))) if paragraph else ""
            for anchor in current:
                out.setdefault(anchor, (heading, sentence))
        current, paragraph = [], []

    for line in markdown_text.splitlines():
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        anchor = ANCHOR.match(line)
        if anchor:
            pending.append(anchor.group(1))
            continue
        found = HEADING.match(line)
        if found:
            close()
            heading, current, pending = plain(found.group(2)), pending, []
            continue
        if not current:
            continue
        stripped = line.strip()
        if not stripped:
            if paragraph:
                close()
            continue
        if stripped.startswith("|") or set(stripped) <= set("-=*_ "):
            if paragraph:  # a table or a rule ends the paragraph; neither starts one
                close()
            continue
        item = LIST_ITEM.match(stripped)
        if item and paragraph:  # a list (or its next item) ends the paragraph or item before
            close()
            continue
        paragraph.append(stripped[item.end():] if item else stripped.lstrip("> ").strip())
    close()
    return out


@lru_cache(maxsize=None)
def rules_anchors(game_id: str) -> dict[str, tuple[str, str]]:
    """The anchors of a game's rules reference (read once). Unknown game: KeyError; a missing
    or unreadable reference gives no anchors rather than an error."""
    try:
        text = rules_text(game_id)
    except (OSError, UnicodeDecodeError):
        return {}
    return anchor_titles(text)


def rule_title(game_id: str, anchor: str | None) -> tuple[str, str] | None:
    """(heading, first sentence) of ``anchor`` in ``game_id``'s rules, or None if unknown."""
    if not anchor:
        return None
    try:
        return rules_anchors(game_id).get(anchor)
    except KeyError:
        return None


def rule_line(game_id: str, anchor: str | None, *, sentence: bool = True) -> str | None:
    """'Shields: A card with a shield value can protect you…' (or just 'Shields')."""
    found = rule_title(game_id, anchor)
    if found is None:
        return None
    heading, first = found
    return f"{heading}: {first}" if sentence and first else heading


# ---- the reference as parts (the rules browser, `shards-tui rules`) ---------------------------

@dataclass
class Section:
    """One heading and the text under it, up to the next heading of any level."""

    level: int
    title: str
    anchor: str | None
    markdown: str  # the heading line and its body, without anchor lines

    def matches(self, words: list[str]) -> bool:
        text = self.markdown.casefold()
        return all(word in text for word in words)


@dataclass
class RulesDoc:
    preamble: str  # text before the first heading (rarely any)
    sections: list[Section]

    @property
    def markdown(self) -> str:
        return "\n\n".join(part for part in [self.preamble, *(s.markdown for s in self.sections)]
                           if part.strip())

    def index_of(self, anchor: str) -> int | None:
        for i, section in enumerate(self.sections):
            if section.anchor == anchor:
                return i
        return None

    def search(self, query: str) -> list[Section]:
        words = query.casefold().split()
        return [s for s in self.sections if s.matches(words)] if words else list(self.sections)


def parse_rules(text: str) -> RulesDoc:
    """Split the reference into sections, remembering which anchor each heading carries."""
    preamble: list[str] = []
    parts: list[tuple[int, str, str | None, list[str]]] = []
    body = preamble
    pending_anchor: str | None = None
    in_fence = False
    for line in text.splitlines():
        if FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence:
            anchor = ANCHOR.match(line)
            if anchor:
                pending_anchor = anchor.group(1)
                continue
            heading = HEADING.match(line)
            if heading:
                body = [line]
                parts.append((len(heading.group(1)), heading.group(2), pending_anchor, body))
                pending_anchor = None
                continue
        body.append(line)
    sections = [Section(level, title, anchor, "\n".join(lines).strip() + "\n")
                for level, title, anchor, lines in parts]
    return RulesDoc("\n".join(preamble).strip(), sections)


def _as_level(markdown: str, level: int) -> str:
    head, _, rest = markdown.partition("\n")
    return "#" * level + " " + head.lstrip("#").strip() + "\n" + rest


def strip_anchors(text: str) -> str:
    """The reference without its anchor lines (for printing)."""
    return "\n".join(line for line in text.splitlines() if not ANCHOR.match(line)) + "\n"


def rules_text(game_id: str) -> str:
    """The rules reference of a game; raises KeyError (unknown game) or OSError."""
    info = game(game_id)
    return (data_dir("rulesets") / info.rules_file).read_text(encoding="utf-8")
