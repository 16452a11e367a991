"""What a seat is shown in words, for tests that read it (any game): the log lines of its view,
the question it is asked and the labels of its options.

``ids_shown(ctl)`` lists every internal instance id ("crystal#3", "choose x#1") in those words,
for every seat and a spectator: a player is never shown one (the text names cards by name).
``play_watching`` plays a game on and reads every question as it is asked and every log line
(the log in batches: a view holds the last 200 lines).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

INSTANCE_ID = re.compile(r"\w+#\d+")


def shown_texts(view: Any, since: int = 0) -> Iterator[tuple[str, str]]:
    """(where, text) for each log line from ``since`` on, the question's prompt and its labels."""
    for line in view.log:
        if line.seq >= since:
            yield f"log line {line.seq}", line.text
    question = view.pending
    if question is not None:
        yield f"question '{question.kind}'", question.prompt
        for option in question.options or []:
            yield f"option '{option.id}' of '{question.kind}'", option.label


def ids_shown(ctl: Any, since: int = 0) -> list[str]:
    """Every instance id in the words each seat (and a spectator) is shown, where it was seen."""
    found = []
    for seat in [*range(len(ctl.seat_names())), None]:
        for where, text in shown_texts(ctl.view(seat), since):
            if INSTANCE_ID.search(text):
                found.append(f"seat {seat}, {where}: {text}")
    return found


Pick = Callable[[Any, int], tuple[Any, str | None]]  # (controller, seat) -> (command, note)


def random_pick(rng: random.Random) -> Pick:
    return lambda ctl, seat: (rng.choice(ctl.legal_commands(seat)), None)


def play_watching(ctl: Any, pick: Pick, max_moves: int, every: int = 10) -> list[str]:
    """Play up to ``max_moves`` moves (or to the end), reading what every seat is shown after
    each move that leaves a question, and at least every ``every`` moves and at the end (the
    log lines since the last reading); returns the first instance ids found."""
    seen, number, command = 0, 0, None
    for number in range(1, max_moves + 1):
        if ctl.over:
            break
        seat = ctl.who_must_act()
        command, note = pick(ctl, seat)
        ctl.apply(command, seat, note=note)
        if ctl.state.pending is not None or number % every == 0 or ctl.over:
            found = ids_shown(ctl, seen)
            if found:
                return [f"by move {number} ({command.text()}): {f}" for f in found]
            first = ctl.view(None).log[0].seq if ctl.view(None).log else 0
            assert first <= seen, "log lines went unread: read more often"
            seen = ctl.state.log[-1].seq + 1 if ctl.state.log else 0
    return ids_shown(ctl, seen)
