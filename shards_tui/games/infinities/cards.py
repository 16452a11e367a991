"""Cards coming into play: played from hand or timeline (an ability card waits in the middle of
the table while it resolves; a unit joins its group, a full group first losing a unit of its
holder's choice), prepared into a timeline, and a deploy's units (played with no abilities)."""

from __future__ import annotations

from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities import triggers
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.models import Frame, Unit
from shards_tui.games.infinities.steps_combat import make_room


def play_card(b: Board, seat: int, inst: str, unlocked: bool, how: str) -> None:
    """Put a card being played on the queue (its cost, if any, is already paid). ``how``:
    'hand', 'timeline' or 'free' (a card's effect plays it)."""
    state = b.state
    card = b.card(inst)
    p = state.players[seat]
    if inst in p.hand:
        p.hand.remove(inst)
    elif inst in p.timeline:
        p.timeline.remove(inst)
    state.resolving.append(inst)
    play = card.play_ability()
    index = card.abilities.index(play) if play is not None else 0
    where = {"hand": "", "timeline": " from their timeline", "free": " without paying for it"}[how]
    b.event(f"{b.who(seat)} plays {card.name}{where}{' (unlocked)' if unlocked else ''}.",
            "tide-actions", seat)
    args = []
    if card.kind == "unit":
        args = ["join"] if play is not None else ["join", "bare"]
    stage = "pay" if unlocked else ("join" if card.kind == "unit" else "target")
    fr.push(b, seat, f"card:{inst}", index=index, unlocked=unlocked, stage=stage, args=args)
    if how == "timeline":
        triggers.emit(b, "timeline_played", seat)
    if card.kind == "ability":
        triggers.emit(b, "ability_played", seat)


def join_group(b: Board, frame: Frame, chosen: list[str] | None) -> bool:
    """The unit being played joins its group (after a unit is destroyed if the group is full)."""
    inst = fr.instance_of(frame)
    seat = frame.seat
    if not make_room(b, frame, seat, "group", chosen, b.name(inst)):
        return False
    if inst not in b.state.resolving:
        return True
    b.state.resolving.remove(inst)
    b.state.players[seat].group.append(Unit(card=inst, unlocked=frame.unlocked))
    card = b.card(inst)
    icons = ", ".join(a.capitalize() for a in card.attributes)
    b.event(f"{card.name} joins {b.who(seat)}'s group ({icons}); their tracks move up.", "units", seat)
    triggers.emit(b, "unit_played", seat)
    return True


def deploy_unit(b: Board, seat: int, inst: str) -> None:
    p = b.state.players[seat]
    p.hand.remove(inst)
    p.group.append(Unit(card=inst))
    b.event(f"{b.who(seat)} deploys {b.name(inst)}.", "deploy", seat)


def prepare_into(b: Board, seat: int, inst: str, owner: int) -> None:
    """Move a hand card into ``owner``'s timeline (theirs from now on)."""
    p = b.state.players[seat]
    p.hand.remove(inst)
    b.state.players[owner].timeline.append(inst)
    b.state.turn.prepared.append(inst)
    whose = "their" if owner == seat else f"{b.who(owner)}'s"
    b.event(f"{b.who(seat)} prepares {b.name(inst)} in {whose} timeline.", "timeline", seat,
            private_to=None)
    triggers.emit(b, "prepared", seat)
