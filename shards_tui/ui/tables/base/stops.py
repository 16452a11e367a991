"""Stops: when a game asks a player something that, by their own view, they have no way to
answer but one (a window with nothing they could play, an attack with nothing to block it),
is the player asked, or does the table answer for them? (no Textual)

Each player chooses, at one keyboard and over SSH (each terminal for its own seat). ``ALWAYS``
(the default) asks every time, which reveals nothing: being asked says nothing about the
hand. ``WHEN_ABLE`` asks only when the player could do something, and answers for them
otherwise, without a hand-off: fewer hand-offs and stops, but the others learn, whenever the
player is asked, that they could have answered. The game's table supplies the words
(``StopWords``: what the setting is called and the sentence that says what it reveals) and
the answer it sends for a seat (``TableHooks.stop_answer``, from that seat's own view). A
question that public facts alone settle is the game's to pass, for everyone
(``Controller.forced_move``). Bots decide for themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shards_tui.core.errors import GameError

ALWAYS = "always"
WHEN_ABLE = "when_able"
DEFAULT = ALWAYS


@dataclass(frozen=True)
class StopWords:
    """A game's words for its stops: ``name`` ('Response stops'), and for each setting its
    label (the sentence's), its short label (a key hint's) and the sentence said when a
    player switches to it (what it reveals)."""

    name: str
    labels: dict[str, str]
    hint_labels: dict[str, str]
    sentences: dict[str, str]

    def switched(self, setting: str) -> str:
        return f"{self.name}: {self.labels[setting]}. {self.sentences[setting]}"


def next_setting(setting: str) -> str:
    return WHEN_ABLE if setting == ALWAYS else ALWAYS


def answered_for_a_player(table: Any) -> bool:
    """A question for a player at ``table``'s keyboard (over SSH: its own seat's player)
    whose stops say to ask them only when they can answer, and by their own view they cannot:
    send the table's answer for them (``table.stop_answer``), with no hand-off. True when it
    was sent (the commit re-renders the table)."""
    if table.stop_words is None or not table.stops or table.ctl.over:
        return False
    actor = table.ctl.who_must_act()
    if actor is None or actor in table.bots or table.stops.get(actor, DEFAULT) == ALWAYS:
        return False
    if table.networked and actor != table.fixed_seat:
        return False
    command = table.stop_answer(table.ctl.view(actor), table.stops[actor])
    if command is None:
        return False
    try:
        table.session.send(command)
    except GameError:
        return False
    return True


def switch(table: Any) -> None:
    """The stops of the seat on ``table``'s screen, switched (a game's ``s`` key)."""
    words = table.stop_words
    if words is None:
        return
    if table.seat is None:
        table.say(f"{words.name} are for the players; a spectator is never asked.")
        return
    setting = next_setting(table.stops.get(table.seat, DEFAULT))
    table.stops[table.seat] = setting
    table._show_seat(table.seat)  # (a table's key hints may name the setting)
    table.say(words.switched(setting))
