"""Every move a seat may send now, one per distinct effect: candidates for the phase, each kept
only if its check passes (the same check the move itself goes through)."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from shards_tui.core.commands import Choose, Command
from shards_tui.core.errors import IllegalCommand
from shards_tui.core.hex import direction_to
from shards_tui.core.instances import card_of
from shards_tui.games.infinities import actions, adventure, dice, moving
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.damage import eligible_units
from shards_tui.games.infinities.refs import seat_word
from shards_tui.games.infinities.targets import flippable

MAX_LISTED_ANSWERS = 256


def legal_commands(b: Board, seat: int) -> list[Command]:
    state = b.state
    if state.pending is not None:
        return _answers(state.pending, seat)
    return [c for c in _candidates(b, seat) if _ok(b, c)]


def _ok(b: Board, command: Command) -> bool:
    try:
        actions.check(b, command)
    except IllegalCommand:
        return False
    return True


def _answers(pending, seat: int) -> list[Command]:
    if pending.kind == "discover":
        return [cm.Discover.shared(seat, options=(o,)) for o in pending.option_ids()]
    if pending.kind == "block":
        return [cm.Block.shared(seat), cm.Allow.shared(seat)]
    return [Choose.shared(seat, options=p) for p in pending.answer_sets(MAX_LISTED_ANSWERS)]


def _distinct(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(card_of(c) for c in cards))


def _candidates(b: Board, seat: int) -> list[Command]:
    state = b.state
    phase = state.flow.phase
    p = state.players[seat]
    if phase == "first_tile":
        return [cm.Move.shared(seat, direction=d) for d in cm.DIRS]
    if phase == "choose_leader":
        return [cm.PickLeader.shared(seat, leader=lid) for lid in b.c.leaders]
    if phase in ("deploy", "respawn"):
        out: list[Command] = [cm.Keep.shared(seat)]
        for k in range(1, len(p.hand) + 1):
            out += [cm.Redraw.shared(seat, cards=pick) for pick in combinations(range(1, len(p.hand) + 1), k)]
        out += [cm.Play.shared(seat, card=c) for c in _distinct(p.hand)]
        return out + [cm.Done.shared(seat)]
    if phase == "check":
        n = b.limits.check_dice
        return [cm.Roll.shared(seat, colours=combo)
                for combo in combinations_with_replacement(cm.COLOURS, n)]
    if phase == "adjust":  # (narrowed by the die alone: a die rerolled, converted or added
        dice = state.turn.dice  # is rerolled no more; a converted one, or to its own face, never)
        out = [cm.Reroll.shared(seat, die=k) for k, d in enumerate(dice, 1)
               if not (d.added or d.rerolled or d.converted)]
        out += [cm.Convert.shared(seat, die=k, face=f) for k, d in enumerate(dice, 1)
                if not d.converted for f in cm.RESULTS if f != d.face]
        return out + [cm.Lock.shared(seat)]
    if phase != "act":
        return []
    return _act(b, seat)


def _act(b: Board, seat: int) -> list[Command]:
    """The spending moves, narrowed cheaply first (what the dice can pay, the ways open, the
    tiles that can flip); legal_commands then puts each through its own check."""
    state = b.state
    p = state.players[seat]
    have = dice.unspent(b)
    hand = _distinct(p.hand)
    cards = b.c.cards
    out: list[Command] = []
    if have["tide"]:
        friends = [None] + [seat_word(b, s) for s in b.allies(seat) if b.in_game(s)]
        out += [cm.Prepare.shared(seat, card=c, to=to) for c in hand for to in friends]
        seen: set[str] = set()
        for k, inst in enumerate(p.timeline, 1):
            if card_of(inst) not in seen:
                seen.add(card_of(inst))
                out += [cm.Play.shared(seat, card=f"t{k}", unlock=u)
                        for u in (False, True) if not u or cards[card_of(inst)].play_unlock()]
    out += [cm.Play.shared(seat, card=c, unlock=u) for c in hand for u in (False, True)
            if cards[c].cost <= have["tide"] and (not u or cards[c].play_unlock())]
    if have["power"]:
        for foe in b.enemies(seat):
            if not b.in_reach(seat, foe):
                continue
            word = seat_word(b, foe)
            group = state.players[foe].group
            out += [cm.Damage.shared(seat, target=word, unit=k) for k in range(1, len(group) + 1)]
            if not eligible_units(b, foe):  # else the damage is dealt to a unit, named
                out.append(cm.Damage.shared(seat, target=word))
            out += [cm.Destroy.shared(seat, target=word, card=k)
                    for k in range(1, len(state.players[foe].timeline) + 1)]
        out += [cm.Cycle.shared(seat, card=c) for c in hand]
    if have["fortitude"]:
        out += [cm.Move.shared(seat, direction=cm.DIRS[d]) for d in moving.directions(b, seat)]
        here = b.where(seat)
        if here is not None:
            out += [cm.Flip.shared(seat, direction=cm.DIRS[direction_to(here, h)])  # type: ignore[index]
                    for h in flippable(b, seat)]
    for k, unit in enumerate(p.group, 1):
        ability = next((a for a in cards[card_of(unit.card)].abilities if a.on == "activate"), None)
        if ability is not None:
            out += [cm.Activate.shared(seat, unit=k, unlock=u)
                    for u in (False, True) if not u or ability.unlock is not None]
    out.append(cm.Lead.shared(seat))
    out += adventure.special_candidates(b, seat)
    return out + [cm.End.shared(seat)]  # (checked once, in legal_commands)
