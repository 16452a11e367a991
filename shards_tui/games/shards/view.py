"""What one seat may know: its own hand, every public zone, counts for everything hidden.

The view is plain JSON-ready data. The UI, the network server, bots and scenario checks all
read it, so nothing a seat may not see ever leaves the rules layer.
"""

from __future__ import annotations

from typing import Any

from shards_tui.games.shards import versus
from shards_tui.games.shards.cards import card_of
from shards_tui.games.shards.relic_rules import champion_defense, cost_for
from shards_tui.games.shards.relic_view import relic_entries, set_aside_entry
from shards_tui.games.shards.turns import champion_attackable, guard_of
from shards_tui.games.shards.zones import Table


def _cards(instances: list[str]) -> list[dict[str, str]]:
    return [{"id": i, "card": card_of(i)} for i in instances]


def build_view(t: Table, seat: int | None, legal: list[str]) -> dict[str, Any]:
    state = t.state
    players = []
    for s, p in enumerate(state.players):
        entry: dict[str, Any] = {
            "seat": s,
            "name": p.name,
            "slug": t.seat_slug(s),
            "character": p.character,
            "health": p.health,
            "mastery": p.mastery,
            "eliminated": p.eliminated,
            "hand_count": len(p.hand),
            "deck_count": len(p.deck),
            "discard_count": len(p.discard),
            "discard": _cards(p.discard),
            "in_play": _cards(p.in_play),
            "champions": [{"id": c, "card": card_of(c), "defense": champion_defense(t, s, c),
                           "exhausted": c in p.exhausted,
                           "protected": champion_attackable(t, s, c) is not None}
                          for c in p.champions],
            "banished": _cards(p.banished),
            "protected": guard_of(t, s) is not None,
            "team": p.team,  # 2v2 Team Attack: 0 or 1, else None
            "nemesis": p.nemesis,
        }
        entry.update(relic_entries(state, s, seat, lambda i: t.card(i).type == "relic"))
        if seat == s:
            entry["hand"] = _cards(p.hand)
        players.append(entry)
    pending = None
    if state.pending is not None:
        d = state.pending
        pending = {"seat": d.seat, "kind": d.kind, "prompt": d.prompt, "min": d.min, "max": d.max}
        if not d.private or d.seat == seat:
            pending["options"] = [o.model_dump() for o in d.options]
    turn = state.turn
    return {
        "game": "shards",
        "sets": list(state.sets),
        "variants": list(state.variants),
        # 2v2 Team Attack: the seat across from the viewer (the one their power damages)
        "across": versus.across(seat) if seat is not None and versus.is_team(state) else None,
        "you": seat,
        "over": state.over,
        "winners": state.winners,
        "turn": {
            "number": state.flow.turn,
            "active": state.flow.active,
            "phase": state.flow.phase,
            "gems": turn.gems,
            "power": turn.power,
            "infinite_power": turn.infinite_power,
            "focused": turn.focused,
            "played": _cards(turn.played),
            "fast_played": _cards(turn.fast_played),
            "assigned": [a.model_dump() for a in turn.assigned],
        },
        "players": players,
        # "cost": what the card costs the seat viewing (Axia costs less), else the printed cost
        "center_row": [None if i is None else {"id": i, "card": card_of(i), "slot": n + 1,
                                               "cost": cost_for(t, seat, i) if seat is not None
                                               else t.card(i).cost}
                       for n, i in enumerate(state.center_row)],
        "center_deck_count": len(state.center_deck),
        **set_aside_entry(state),
        "pending": pending,
        "nemesis_turn": None if state.nemesis_turn is None else {
            "step": state.nemesis_turn.step, "revealed": state.nemesis_turn.revealed},
        "legal": legal,
        "log": [e.view_for(seat) for e in state.log[-200:]],
    }
