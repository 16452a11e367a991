"""The Relic Draft variant: players draft their two relics from a face-up spread.

After the center row is dealt, two relics per player are dealt face up from all eight (the
rest are out of the game). A random player drafts first, then the others clockwise, one each;
the player who drafted last in that round drafts again first in the second round, which goes
counterclockwise. That same player (the last drafter of round one) takes the first turn, and
the starting mastery of the turn order (0, 1, 2, ...) counts from them.

Each pick is a pending decision (kind ``relic_draft``) in phase "setup"; the last pick, with
one relic left, is made for the player. Rules reference: {#variant-relic-draft}.
"""

from __future__ import annotations

from shards_tui.core.decision import Decision, Option
from shards_tui.core.wording import name_list
from shards_tui.games.shards.cards import card_db, card_of
from shards_tui.games.shards.content import ruleset
from shards_tui.games.shards.models import ShardsState
from shards_tui.games.shards.zones import Table

VARIANT = "relic_draft"
KIND = "relic_draft"
ANCHOR = "variant-relic-draft"


def draft_order(first: int, n: int) -> list[int]:
    """Round one clockwise from ``first``; round two counterclockwise from its last drafter."""
    one = [(first + k) % n for k in range(n)]
    return one + one[::-1]


def start(state: ShardsState, relics: list[str]) -> None:
    n = len(state.players)
    state.rng.shuffle(relics)
    spread, rest = relics[:2 * n], relics[2 * n:]
    state.set_aside = spread + rest
    first = state.rng.below(n)
    order = draft_order(first, n)
    state.flow.phase = "setup"
    state.flow.active = first
    for p in state.players:  # starting mastery waits for the turn order the draft decides
        p.mastery = 0
    names = name_list(_name(state, i) for i in spread)
    state.add_event(f"Relic Draft: {names} are dealt face up. {state.players[first].name} drafts first.",
                    anchor=ANCHOR)
    _ask(state, spread, order, 0)


def _ask(state: ShardsState, spread: list[str], order: list[int], pick: int) -> None:
    seat = order[pick]
    p = state.players[seat]
    round_no = 1 if pick < len(state.players) else 2
    if len(spread) == 1:
        _take(state, seat, spread[0], "the last relic left")
        _finish(state, order)
        return
    state.flow.active = seat
    options = [Option(id=i, label=_name(state, i),
                      confirm=f"A drafted relic is yours for good: press Enter again to take "
                              f"{_name(state, i)}, or pick another.") for i in spread]
    state.pending = Decision(seat=seat, kind=KIND, min=1, max=1, options=options,
                             prompt=f"Relic Draft, round {round_no}: {p.name}, take one relic.",
                             data={"order": order, "pick": pick})


def answer(t: Table, decision: Decision, chosen: list[str]) -> None:
    state = t.state
    order: list[int] = decision.data["order"]
    pick: int = decision.data["pick"]
    _take(state, decision.seat, chosen[0], "")
    spread = [i for i in decision.option_ids() if i != chosen[0]]
    if pick + 1 < len(order):
        _ask(state, spread, order, pick + 1)
    else:
        _finish(state, order)


def _take(state: ShardsState, seat: int, relic: str, why: str) -> None:
    state.set_aside.remove(relic)
    state.players[seat].relics.append(relic)
    state.mark_reveal()  # a drafted relic is kept: a pick is never undone (the confirm says so)
    tail = f" ({why})" if why else ""
    state.add_event(f"{state.players[seat].name} drafts {_name(state, relic)}{tail}.", anchor=ANCHOR, seat=seat)


def _finish(state: ShardsState, order: list[int]) -> None:
    n = len(state.players)
    first = order[n - 1]  # the last drafter of round one
    step = ruleset().limits.starting_mastery_step
    if "team" not in state.variants:  # 2v2 Team Attack starts everyone at 0 mastery
        for seat, p in enumerate(state.players):
            p.mastery = ((seat - first) % n) * step
    state.flow.active = first
    state.flow.phase = "play"
    state.add_event(f"The Relic Draft is over. {state.players[first].name} drafted last in the first round "
                    f"and goes first.", anchor=ANCHOR, seat=first)
    state.add_event(f"Turn {state.flow.turn}: {state.players[first].name} to play.", anchor="turn", seat=first)


def _name(state: ShardsState, instance: str) -> str:
    return card_db(tuple(state.sets))[card_of(instance)].name
