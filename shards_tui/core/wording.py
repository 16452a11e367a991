"""Small pieces of English shared by the rules' log and the screens."""

from __future__ import annotations

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
