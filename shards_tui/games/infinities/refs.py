"""What the words of a move name (a seat, a hand card, a timeline card) and the sentence for a
move made at the wrong moment; shared by the setup moves and the turn's actions."""

from __future__ import annotations

from shards_tui.core.errors import IllegalCommand
from shards_tui.core.instances import card_of
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.board import Board, plural

TURN_PHASES = {"check": "roll your action check", "adjust": "reroll, convert or lock your dice",
               "act": "spend your dice or end your turn"}


def seat_ref(b: Board, ref: str) -> int:
    """The seat a word names: 'p2' or a player's name (as one word, in lower case)."""
    if ref.startswith("p") and ref[1:].isdigit() and 1 <= int(ref[1:]) <= len(b.state.players):
        return int(ref[1:]) - 1
    for seat, p in enumerate(b.state.players):
        if cm.slug(p.name.split()) == ref:
            return seat
    raise IllegalCommand(f"There is no player '{ref[:30]}' (name a player or use p1, p2, ...).")


def seat_word(b: Board, seat: int) -> str:
    """How legal moves name a seat: the player's name if it is one plain word, else pN."""
    name = cm.slug(b.state.players[seat].name.split())
    clash = sum(1 for p in b.state.players if cm.slug(p.name.split()) == name)
    if name and clash == 1 and cm._REF.match(name) and not (name.startswith("p") and name[1:].isdigit()):
        return name
    return f"p{seat + 1}"


def hand_card(b: Board, seat: int, ref: str) -> str:
    hand = b.state.players[seat].hand
    if not hand:
        raise IllegalCommand("Your hand is empty.", "hand")
    if ref.isdigit():
        k = int(ref)
        if not 1 <= k <= len(hand):
            raise IllegalCommand(f"Your hand has {plural(len(hand), 'card')}; there is no card {k}.")
        return hand[k - 1]
    if ref in hand:  # an instance named exactly
        return ref
    for test in (lambda c: card_of(c) == ref,
                 lambda c: card_of(c).startswith(ref) or cm.slug(b.name(c).split()).startswith(ref)):
        found = [c for c in hand if test(c)]
        if found and len({card_of(c) for c in found}) == 1:
            return found[0]
    raise IllegalCommand(f"You have no '{ref.replace('_', ' ')[:40]}' in your hand.", "hand")


def timeline_card(b: Board, seat: int, k: int) -> str:
    line = b.state.players[seat].timeline
    if not 1 <= k <= len(line):
        whose = "Your" if seat == b.state.flow.active else f"{b.who(seat)}'s"
        raise IllegalCommand(f"{whose} timeline holds {plural(len(line), 'card')}; there is no t{k}.",
                             "timeline")
    return line[k - 1]


def need_phase(b: Board, *phases: str) -> None:
    phase = b.state.flow.phase
    if phase in phases:
        return
    wanted = {"check": "before you roll", "adjust": "after you roll and before you lock",
              "act": "once your dice are locked", "first_tile": "while leaders step out of the Rift",
              "choose_leader": "while leaders are chosen", "deploy": "while you deploy",
              "respawn": "while you deploy"}
    when = " or ".join(dict.fromkeys(wanted.get(p, p) for p in phases))
    now = TURN_PHASES.get(phase, {"first_tile": "step out of the Rift into a new tile ('move DIR')",
                                   "choose_leader": "choose a leader ('leader ID')",
                                   "deploy": "deploy ('redraw', 'keep', 'play', 'done')",
                                   "respawn": "deploy ('redraw', 'keep', 'play', 'done')"}.get(phase, phase))
    raise IllegalCommand(f"That is done {when}; now {now}.", "turn-actions")
