"""Small pieces of English shared by the rules' log and the screens."""

from __future__ import annotations

import re
from typing import Iterable


def name_list(names: Iterable[str]) -> str:
    """Names in a list: 'Crystal, Blaster', or with semicolons when a name has a comma of its
    own ('Crystal; Zetta, The Encryptor'), so that each name still reads as one."""
    names = list(names)
    return ("; " if any("," in n for n in names) else ", ").join(names)


def noted_move(who: str, note: str) -> str:
    """The log line of a move's note, which reads straight on from the mover's name:
    'Ben (search bot) plays Crystal: …', not 'Ben: (search bot) plays Crystal: …'."""
    return f"{who} {note}"


def folded_note(line: str, note: str) -> str:
    """A move's own log line with a bot's note folded in, so that the move is logged once:
    'Ben plays Crystal (greedy bot: nothing left in hand needs to go first).' The note
    ('(greedy bot) plays Crystal: nothing left in hand needs to go first') mostly restates the
    move before its first ': ' (its verb is in the line, or it names a card by its internal id):
    then only its label, an aside in that restatement ('it should fire from space 4') and the
    why after the colon are kept ('picks a legal move at random' is kept whole)."""
    label, reason = "", note
    if note.startswith("(") and ") " in note:
        label, reason = note[1:].split(") ", 1)
    head, _, why = reason.partition(": ")
    stem = re.escape(re.sub(r"(es|s)$", "", head.split(" ", 1)[0]))  # decides: 'decided' too
    if len(stem) > 2 and re.search(rf"\b{stem}", line) or "#" in head:  # it restates the move
        head = head[head.find(" (") + 2:-1] if head.endswith(")") and " (" in head else ""
    inside = ": ".join(p for p in (label, "; ".join(p for p in (head, why) if p)) if p)
    return f"{line.rstrip('.')} ({inside})." if inside else line


def unfolded(line: str, note: str) -> str:
    """A log line without the note ``folded_note`` folded into it (the line as it was when the
    note is not folded into it)."""
    cuts = (i for i in range(len(line)) if line.startswith(" (", i))
    return next((line[:i] + "." for i in cuts if folded_note(line[:i] + ".", note) == line), line)


def move_summary(lines: list[str], fallback: str) -> str:
    """What a move did, for a status line: its log lines, or of a long move (play all) the
    first and the last with how many there are; ``fallback`` when it logged nothing."""
    if len(lines) > 3:
        lines = [lines[0], "…", lines[-1], f"({len(lines)} lines in the log)"]
    return " ".join(lines) if lines else fallback


def answer_first(prompt: str) -> str:
    """What a move sent while a question waits is told, by the game and by the table's keys."""
    return f"Answer the question first (pick in its list or type 'choose'): {prompt}"


def who_won(names: list[str]) -> str:
    """'Ana wins', 'Ana and Ben win', or 'The game is over' when nobody did."""
    if len(names) == 1:
        return f"{names[0]} wins"
    return f"{' and '.join(names)} win" if names else "The game is over"
