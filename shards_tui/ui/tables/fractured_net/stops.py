"""Response stops: when a Response window opens, is the responder asked, or does the table
pass for them? (no Textual; the setting and its key are the tables' own stops, ``base/stops.py``)

A window that public facts prove useless (no card in hand, no energy for any Response) is
passed by the game itself, for everyone (``Controller.forced_move``). Of the others, each
player chooses, at one keyboard and over SSH. ``ALWAYS`` (the default) asks at every window,
which reveals nothing. ``WHEN_ABLE`` asks only when the responder holds a Response they could
play now, and passes for them otherwise: fewer hand-offs and stops, but the opponent learns,
whenever the player is asked, that a Response could be played. The table says so in plain words
(``SENTENCES``). Bots decide for themselves.
"""

from __future__ import annotations

from shards_tui.games.fractured_net.commands import Pass
from shards_tui.games.fractured_net.view import FnView
from shards_tui.games.fractured_net.models import Phase
from shards_tui.ui.tables.base.stops import ALWAYS, DEFAULT, WHEN_ABLE, StopWords, next_setting

__all__ = ["ALWAYS", "DEFAULT", "HINT_LABELS", "LABELS", "SENTENCES", "WHEN_ABLE", "WORDS", "auto_pass",
           "next_setting"]

LABELS = {ALWAYS: "Always ask me", WHEN_ABLE: "Only when I can play a Response"}
HINT_LABELS = {ALWAYS: "always ask me", WHEN_ABLE: "when I can respond"}  # (the hint line's)
SENTENCES = {
    ALWAYS: "Every Response window waits for you, whether or not you can respond; this tells "
            "your opponent nothing.",
    WHEN_ABLE: "The table passes for you when you hold no Response you could play. Fewer "
               "hand-offs and stops, but whenever you are asked, your opponent learns that you "
               "could have responded.",
}


WORDS = StopWords("Response stops", LABELS, HINT_LABELS, SENTENCES)


def auto_pass(view: FnView, setting: str) -> Pass | None:
    """The pass the table sends for the responder, from their own view, when their stops say
    not to ask them; None when they are to be asked (or no window waits for them)."""
    if setting != WHEN_ABLE or view.you is None or view.phase != Phase.RESPONSE or view.window is None:
        return None
    if view.you not in view.acting or view.pending is not None or view.can_respond:
        return None
    return next((c for c in view.legal_of(Pass) if isinstance(c, Pass)), None)
