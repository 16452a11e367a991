"""Response stops at one keyboard: when a Response window opens, is it a hand-off to the
responder, or does the table pass for them? (no Textual)

Each player chooses. ``ALWAYS`` (the default) hands the keyboard over at every window, which
reveals nothing. ``WHEN_ABLE`` hands it over only when the responder holds a Response they could
play now, and passes for them otherwise: fewer hand-offs, but the opponent learns, whenever the
keyboard does come over, that a Response could be played. The table says so in plain words
(``SENTENCES``). Over SSH and for bots no window is a hand-off, so stops do not apply there.
"""

from __future__ import annotations

from shards_tui.games.fractured_net.commands import Pass
from shards_tui.games.fractured_net.view import FnView
from shards_tui.games.fractured_net.models import Phase

ALWAYS = "always"
WHEN_ABLE = "when_able"
DEFAULT = ALWAYS
LABELS = {ALWAYS: "Always ask me", WHEN_ABLE: "Only when I can play a Response"}
SENTENCES = {
    ALWAYS: "Every Response window hands you the keyboard, whether or not you can respond; "
            "this tells your opponent nothing.",
    WHEN_ABLE: "The table passes for you when you hold no Response you could play. Fewer hand-offs, "
               "but whenever the keyboard does come over, your opponent learns that you could "
               "have responded.",
}


def auto_pass(view: FnView, setting: str) -> Pass | None:
    """The pass the table sends for the responder, from their own view, when their stops say
    not to ask them; None when they are to be asked (or no window waits for them)."""
    if setting != WHEN_ABLE or view.you is None or view.phase != Phase.RESPONSE or view.window is None:
        return None
    if view.you not in view.acting or view.pending is not None or view.can_respond:
        return None
    return next((c for c in view.legal_of(Pass) if isinstance(c, Pass)), None)


def next_setting(setting: str) -> str:
    return WHEN_ABLE if setting == ALWAYS else ALWAYS
