"""Answers on another player's turn at one keyboard: a hand-off, or does the table answer?
(no Textual)

The rules ask a leader on someone else's turn only when they could answer: a block when they
hold the cards it costs, a trigger of a unit or timeline card that is theirs, a gambit roll
when its condition is met; all of it is on the table for everyone to see, so the hand-off those
questions bring reveals nothing. Each player chooses. ``ASK`` (the default) hands them the
keyboard for each such question. ``LET_PASS`` answers for them without a hand-off: what targets
them resolves (no block), their triggers and gambit rolls pass until their own turn: fewer
hand-offs, but the others soon see that they never block or trigger out of turn. Over SSH and
for bots nothing is handed off, so stops do not apply there.
"""

from __future__ import annotations

from typing import Any

from shards_tui.core.commands import Command
from shards_tui.core.errors import GameError
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.view import InfView

ASK = "ask"
LET_PASS = "let_pass"
DEFAULT = ASK
LABELS = {ASK: "ask me on others' turns", LET_PASS: "let it pass on others' turns"}
SENTENCES = {  # with 'Stops: LABEL. ', two rows of the status line at 80 columns
    ASK: "A block, trigger or gambit you could answer hands you the keyboard; the table "
         "shows it, so nothing is given away.",
    LET_PASS: "No hand-off: what targets you resolves, your triggers and gambits pass; others "
              "may see you never answer.",
}
# The answer the table gives for a seat that lets questions pass, by question kind.
PASSING = {"block": "allow", "trigger": "skip", "gambit": "skip"}


def auto_answer(view: InfView, setting: str) -> Command | None:
    """The answer the table sends for the seat of ``view`` when their setting lets this
    question pass; None when they are to be asked."""
    pending = view.pending
    if setting != LET_PASS or view.you is None or pending is None or pending.seat != view.you:
        return None
    if view.you == view.active or pending.kind not in PASSING:
        return None
    wanted = PASSING[pending.kind]
    if pending.kind == "block":
        return next((c for c in view.legal_of(cm.Allow)), None)
    for move in view.legal:
        options = getattr(move.command, "options", ())
        if tuple(options) == (wanted,):
            return move.command
    return None


def next_setting(setting: str) -> str:
    return LET_PASS if setting == ASK else ASK


def answered_for_a_player(table: Any) -> bool:
    """A question for a player at this keyboard who lets such questions pass: the table (the
    Infinities table screen) answers it for them (the commit re-renders). True when it did."""
    if table.networked or not table.hotseat or table.ctl.over:
        return False
    actor = table.actor()
    if actor is None or actor in table.bots or table.stops.get(actor, DEFAULT) == ASK:
        return False
    command = auto_answer(table.ctl.view(actor), table.stops[actor])
    if command is None:
        return False
    try:
        table.session.send(command.text(), actor)
    except GameError:
        return False
    return True
