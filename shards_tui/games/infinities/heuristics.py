"""The greedy bot's judgement of a move, from a seat's view alone.

It chases the revealed Roles it has not completed (each happening a Role counts is worth more
while that Role is open), spends every die before ending a turn, rolls the colours its hand and
the map call for, moves towards new tiles and high Influence, hits the weakest enemy in reach
and blocks when its hand can spare the cards.
"""

from __future__ import annotations

from typing import Any

from shards_tui.core.commands import Choose, Command
from shards_tui.core.hex import distance, neighbour, parse_hex
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.content import content

DIRS = ("n", "ne", "se", "s", "sw", "nw")


def wanted(view: Any, seat: int) -> dict[str, float]:
    """How much each happening is worth to this seat now: 1 for every open Role counting it,
    more as the Role nears completion."""
    c = content()
    me = view.players[seat]
    out: dict[str, float] = {}
    for role in view.roles:
        if role.id in me.scored:
            continue
        goal = c.roles[role.id].goal
        key = goal.happening or f"measure:{goal.measure}"
        done = me.progress.get(role.id, 0)
        out[key] = out.get(key, 0.0) + 1.0 + 2.0 * done / max(1, goal.need)
    return out


def _tiles(view: Any) -> dict[str, Any]:
    return {t.hex: t for t in view.tiles}


def _foes(view: Any, seat: int) -> list[Any]:
    me = view.players[seat]
    return [p for p in view.players if p.team != me.team and p.status == "active" and p.at]


def _near_foes(view: Any, seat: int) -> int:
    me = view.players[seat]
    if not me.at:
        return 0
    here = parse_hex(me.at)
    return sum(1 for p in _foes(view, seat) if distance(here, parse_hex(p.at)) <= me.reach + 1)


def roll_score(view: Any, seat: int, colours: tuple[str, ...]) -> float:
    me = view.players[seat]
    want = wanted(view, seat)
    hand = me.hand or []
    costs = sorted(content().cards[h.card].cost for h in hand)
    tide = min(4, sum(costs[:2]) + (1 if want.get("prepared") or want.get("timeline_played") else 0))
    power = min(3, 2 * _near_foes(view, seat) + (1 if want.get("cycled") else 0))
    fort = 1 + (1 if want.get("discovered") or want.get("moved") or want.get("flipped") else 0) + \
        (1 if not _near_foes(view, seat) else 0)
    score = 0.0
    for colour, need in (("tide", tide), ("power", power), ("fortitude", fort)):
        n = colours.count(colour)
        score += min(n, need) - 0.4 * max(0, n - need)
    return score


def _move_score(view: Any, seat: int, direction: str) -> tuple[float, str]:
    me = view.players[seat]
    tiles = _tiles(view)
    if not me.at:
        return 0.0, "moves"
    target = neighbour(parse_hex(me.at), DIRS.index(direction))
    key = f"{target.q},{target.r}"
    want = wanted(view, seat)
    tile = tiles.get(key)
    if tile is None or not tile.face_up:
        value = 2.5 + 2.0 * want.get("discovered", 0) + 0.5 * want.get("measure:rift_distance", 0)
        return value, f"explores {direction}"
    value = 0.6 + 0.5 * (tile.influence - me.influence) + want.get("entered", 0) + want.get("moved", 0)
    if tile.type == "sacred" or tile.type == "stealth":
        value += 0.5
    return value, f"moves {direction} into {tile.name}"


def answer_score(view: Any, seat: int, command: Choose) -> tuple[float, str]:
    q = view.pending
    picked = command.options
    if q is None:
        return 0.0, "answers"
    want = wanted(view, seat)
    if q.kind == "gambit":
        return (2.0, "rolls its gambit") if picked == ("roll",) else (0.0, "does not roll")
    if q.kind == "trigger":
        return {"unlock": (2.5, "uses and unlocks a trigger"), "use": (2.0, "uses a trigger")}.get(
            picked[0] if picked else "", (0.0, "lets a trigger pass"))
    if q.kind == "block":
        hand = view.players[seat].hand_count
        worth = 1.5 + want.get("blocked", 0) if hand >= 4 or view.players[seat].health <= 2 else -1.0
        return (worth, "blocks") if picked == ("block",) else (0.0, "lets it resolve")
    if q.kind == "discover":
        tile = content().tiles.get(picked[0].partition("@")[0])
        if tile is None:
            return 0.0, "discovers"
        bonus = 1.0 if tile.type == "sacred" and want.get("moved") else 0.0
        harm = any(s.do == "damage" for e in tile.events for s in e.effects)
        return tile.influence + bonus - (1.5 if harm else 0.0), f"discovers {tile.name}"
    if q.kind in ("target", "allocate", "push"):
        labels = {o.id: o.label for o in q.options or []}
        name = labels.get(picked[0], picked[0]) if picked else "nothing"
        foe = next((p for p in view.players if p.name == name), None)
        if foe is not None:
            mine = foe.team == view.players[seat].team
            return (2.0 if mine else 5.0 - foe.health), f"targets {name}"
        return 1.0, f"chooses {name}"
    if q.kind in ("discard", "block_discard", "unlock_discard", "make_room"):
        costs = [content().cards[o.split("#")[0]].cost for o in picked if "#" in o]
        return -sum(costs), "gives up its cheapest cards"
    if q.kind == "direction":
        if picked == ("stop",):
            return 0.0, "stops"
        return _move_score(view, seat, picked[0])
    return (1.0, "chooses") if picked else (0.0, "chooses nothing")


def _leader(view: Any, word: str) -> Any:
    """The leader a move's target word names (the view's word for them, or pN)."""
    return next((p for p in view.players if word in (p.word, p.name.lower(), f"p{p.seat + 1}")), None)


def _named(view: Any, word: str) -> str:
    leader = _leader(view, word)
    return leader.name if leader is not None else word


def score(view: Any, seat: int, c: Command) -> tuple[float, str]:
    cards = content().cards
    want = wanted(view, seat)
    me = view.players[seat]
    if isinstance(c, Choose):
        return answer_score(view, seat, c)
    if isinstance(c, cm.Roll):
        return roll_score(view, seat, c.colours), f"rolls {', '.join(c.colours)}"
    if isinstance(c, cm.Reroll):
        die = view.dice[c.die - 1]
        return (1.0 if die.face == "blank" else -0.5), f"rerolls die {c.die}"
    if isinstance(c, cm.Convert):
        die = view.dice[c.die - 1]
        return (1.0 if die.face == "blank" else 0.1), f"converts die {c.die}"
    if isinstance(c, cm.Lock):
        return 0.1, "locks its dice"
    if isinstance(c, cm.Play):
        if c.card.startswith("t") and c.card[1:].isdigit():
            return 3.0 + c.unlock + 2.0 * want.get("timeline_played", 0), "plays a timeline card"
        card = cards.get(c.card)
        if card is None:
            return 1.0, f"plays {c.card}"
        value = card.cost + (1.5 if card.kind == "unit" else 1.0)
        if card.kind == "unit":
            value += 1.5 * want.get("unit_played", 0) + want.get("measure:units", 0)
            if len(me.group) >= 4:
                value -= 2.0
        else:
            value += want.get("ability_played", 0)
        if view.phase in ("deploy", "respawn"):
            value += 3.0
        return 2.0 + value + 0.5 * c.unlock, f"plays {card.name}"
    if isinstance(c, cm.Prepare):
        return 1.0 + 2.0 * want.get("prepared", 0) - (0.3 if c.to else 0.0), "prepares a card"
    if isinstance(c, cm.Damage):
        target = _leader(view, c.target)
        health = target.health if target else 5
        lethal = 3.0 * (1 + want.get("defeated_enemy", 0)) if health <= 1 and not c.unit else 0.0
        return 3.0 + (5 - health) * 0.4 + lethal + want.get("dealt_damage", 0) + \
            (0.5 * want.get("destroyed_unit", 0) if c.unit else 0.0), f"damages {_named(view, c.target)}"
    if isinstance(c, cm.Destroy):
        return 2.0, f"destroys {_named(view, c.target)}'s timeline card"
    if isinstance(c, cm.Cycle):
        card = cards.get(c.card)
        return 0.3 - 0.1 * (card.cost if card else 0) + 2.0 * want.get("cycled", 0), "cycles a card"
    if isinstance(c, cm.Move):
        if view.phase == "first_tile":
            return 2.0, f"steps out {c.direction}"
        return _move_score(view, seat, c.direction)
    if isinstance(c, cm.Flip):
        return 0.3 + 2.5 * want.get("flipped", 0), f"flips the tile {c.direction}"
    if isinstance(c, cm.Activate):
        return 2.6 + 0.3 * c.unlock, "activates a unit"
    if isinstance(c, cm.PickLeader):
        leader = content().leaders.get(c.leader)
        return 1.0, f"chooses {leader.name if leader else c.leader}"
    if isinstance(c, cm.Redraw):
        hand = me.hand or []
        dear = sum(1 for k in c.cards if k <= len(hand) and cards[hand[k - 1].card].cost >= 4)
        return dear - 0.6 * (len(c.cards) - dear), "redraws"
    if isinstance(c, cm.Keep):
        return 0.0, "keeps its cards"
    if isinstance(c, cm.Done):
        return -1.0, "finishes deploying"
    if c.verb == "lead":
        return 2.8, "uses its leader action"
    if c.verb == "end":
        return -1.0, "ends its turn"
    return 0.0, c.text()

