"""Shield stops: when a player is attacked and holds no shield, are they still asked, or does
the table take the damage for them? (no Textual; the setting and its key are the tables' own
stops, ``base/stops.py``)

The game asks every attacked player who has cards in hand, shields or not, so that being asked
tells the attacker nothing about the hand ({#shields}). ``ALWAYS`` (the default) keeps it so:
at one keyboard the attacked player takes the keyboard and says "none". ``WHEN_ABLE`` asks
only when the hand holds a shield, and otherwise answers "none" for them at once, without a
hand-off: fewer hand-offs, but whenever they are asked the attacker learns that they hold a
shield (and, when they are not, that they hold none). Over SSH the question is on the player's
own terminal, which answers for its own seat only.
"""

from __future__ import annotations

from shards_tui.core.commands import Choose
from shards_tui.games.shards.view import ShardsView
from shards_tui.ui.tables.base.stops import ALWAYS, WHEN_ABLE, StopWords

KIND = "shields"  # the game's question an attacked player answers

LABELS = {ALWAYS: "Always ask me", WHEN_ABLE: "Only when I hold a shield"}
HINT_LABELS = {ALWAYS: "always ask me", WHEN_ABLE: "when I hold a shield"}
SENTENCES = {  # (short: at 80 columns the status line shows two rows of 48 cells)
    ALWAYS: "Every attack asks you, shield or not: this reveals nothing.",
    WHEN_ABLE: "Being asked then tells your opponents you hold one.",
}
WORDS = StopWords("Shield stops", LABELS, HINT_LABELS, SENTENCES)


def auto_answer(view: ShardsView, setting: str) -> Choose | None:
    """The answer ("none") the table sends for the attacked player, from their own view, when
    their stops say to ask them only when they hold a shield and they hold none; None when
    they are to be asked (or no such question waits for them)."""
    pending = view.pending
    if setting != WHEN_ABLE or view.you is None or pending is None or pending.seat != view.you:
        return None
    if pending.kind != KIND or pending.options is None or pending.options:
        return None
    return next((c for c in view.legal_of(Choose)
                 if isinstance(c, Choose) and not c.options), None)
