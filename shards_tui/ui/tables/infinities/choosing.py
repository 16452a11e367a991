"""What choosing a hex on the map does, and which moves a thing offers (no Textual).

``on_hex(view, aims, hex, flip_mode)`` is an ``Outcome``: a legal move to send (a step, a
flip, a question's answer), a list of moves to choose from (the Power actions on a leader), a
move to send so that the rules say why it cannot be made (a step across a wall or onto a pawn,
a leader out of reach: the refusal is the one line, and nothing changes), or a sentence (a
space too far away, a click off the map, nothing to do there now).
"""

from __future__ import annotations

from dataclasses import dataclass

from shards_tui.core.hex import DIRECTION_NAMES, Hex, direction_to, distance, hex_text, parse_hex
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.view import InfView
from shards_tui.games.infinities.models import Phase
from shards_tui.ui.tables.infinities.table_data import Targets, pawn_hex
from shards_tui.ui.tables.infinities.words import describe


@dataclass(frozen=True)
class Outcome:
    send: str = ""  # a move's text (legal, or sent for the rules' own refusal)
    menu: tuple[tuple[str, str], ...] = ()  # (text, words) to choose from
    title: str = ""
    say: str = ""  # a sentence (nothing is sent)


def on_hex(view: InfView, aims: Targets, h: Hex, flip_mode: bool = False) -> Outcome:
    you = view.you
    key = hex_text(h)
    tile = next((t for t in view.tiles if t.hex == key), None)
    on_map = tile is not None or any(distance(h, parse_hex(t.hex)) == 1 for t in view.tiles if t.face_up)
    if h in aims.answers:
        return Outcome(send=aims.answers[h].text())
    if you is None or you not in view.acting:
        return Outcome(say="It is not your move: read the map with the cursor (i reads a tile).")
    if view.pending is not None and view.pending.seat == you:
        return Outcome(say="Answer the question first: that space is not one of its answers.")
    here = pawn_hex(view, you)
    step = direction_to(here, h) if here is not None else None
    if flip_mode:
        if h in aims.flips:
            return Outcome(send=aims.flips[h].text())
        if step is not None and view.phase == Phase.ACT:
            return Outcome(send=cm.Flip(seat=you, direction=DIRECTION_NAMES[step]).text())
        return Outcome(say="Only a tile next to your pawn can be flipped (f again stops flipping).")
    if h in aims.moves:
        return Outcome(send=aims.moves[h].text())
    if h in aims.foes:
        moves = aims.foes[h]
        if len(moves) == 1:
            return Outcome(send=moves[0].text())
        who = view.players[tile.pawn].name if tile is not None and tile.pawn is not None else "them"
        return Outcome(menu=tuple((m.text(), describe(view, m)) for m in moves),
                       title=f"Power actions on {who}")
    if not on_map:
        return Outcome(say="Off the map: nothing is there.")
    if view.phase == Phase.FIRST_TILE:
        if step is not None:
            return Outcome(send=cm.Move(seat=you, direction=DIRECTION_NAMES[step]).text())
        return Outcome(say="Your first tile goes in an empty space next to the Rift.")
    if view.phase in (Phase.CHOOSE_LEADER, Phase.DEPLOY, Phase.RESPAWN):
        return Outcome(say="The map's moves come with your turn's dice; first "
                           + ("choose your leader." if view.phase == Phase.CHOOSE_LEADER else "deploy."))
    if view.phase != Phase.ACT:
        return Outcome(say="The map's moves come once your dice are locked.")
    if tile is not None and tile.pawn is not None and tile.pawn != you:
        if view.players[tile.pawn].team == view.players[you].team and view.teams != "ffa":
            return Outcome(say=f"{view.players[tile.pawn].name} is your ally: Power actions target enemies.")
        return Outcome(send=cm.Damage(seat=you, target=view.players[tile.pawn].word).text())
    if h == here:
        return Outcome(say="Your own pawn: Enter on a tile next to it moves there; "
                           "a leads your leader's action.")
    if step is not None:
        return Outcome(send=cm.Move(seat=you, direction=DIRECTION_NAMES[step]).text())
    return Outcome(say="Out of reach: a move goes one space, to a tile next to your pawn "
                       "(1 Fortitude each).")
