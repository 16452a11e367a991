"""The Health Auction (rules reference {#variant-health-auction}): players bid health for the
first turn and the first pick of character, one auction after another.

The game is in phase "setup" while it runs and there is always a pending decision:

- ``bid``: the seat asked may bid a number of health above the current bid (at least 1, and
  low enough to keep 1 health) or ``pass`` (out of this auction). Bids are public. Whoever
  cannot outbid the current bid is out without being asked.
- ``character``: the auction's winner (or the last player) picks one of the characters left.

The decision's ``data`` carries the auction's progress: ``in`` (seats still bidding, in
clockwise order), ``bid`` and ``high`` (the current bid and its bidder), ``first`` (the first
auction's winner, who takes the first turn) and, for a character pick, ``last`` (true for the
player who picks without an auction).

Rulings (the rulebook is silent; also in the rules reference): when everyone else has passed
before anyone bid, the one left wins for 0 health; the first player is the first auction's
winner and turns then go clockwise as usual, so the starting mastery is 0, 1, 2, 3 in that
turn order; hands are dealt before the auction, as in the normal setup.
"""

from __future__ import annotations

from typing import Any

from shards_tui.core.decision import Decision, Option
from shards_tui.core.errors import IllegalCommand
from shards_tui.games.shards import relic_setup
from shards_tui.games.shards.content import ruleset
from shards_tui.games.shards.models import ShardsState
from shards_tui.games.shards.zones import Table

KINDS = ("bid", "character")
ANCHOR = "variant-health-auction"
UNCHOSEN = ""  # a player's character before they pick one


def clockwise_from(n: int, start: int, seats: list[int]) -> list[int]:
    """``seats`` in clockwise order starting at ``start`` (or the first one after it)."""
    return [s for k in range(n) if (s := (start + k) % n) in seats]


def begin(state: ShardsState, starter: int) -> None:
    """Start the first auction among everyone, ``starter`` bidding first."""
    for p in state.players:
        p.character = UNCHOSEN
        p.mastery = 0  # set by turn order when the auctions are over
    state.flow.phase = "setup"
    state.add_event(f"The Health Auction begins: bid health to go first and pick your character first. "
                    f"{state.players[starter].name} bids first.", anchor=ANCHOR, seat=starter)
    _open(state, starter, list(range(len(state.players))), first=None)


def _open(state: ShardsState, starter: int, seats: list[int], first: int | None) -> None:
    bidders = clockwise_from(len(state.players), starter, seats)
    _ask_bid(state, {"in": bidders, "bid": 0, "high": None, "first": first}, bidders[0])


def _after(bidders: list[int], seat: int) -> int:
    """The bidder after ``seat`` (clockwise, among those still in)."""
    return bidders[(bidders.index(seat) + 1) % len(bidders)]


def max_bid(state: ShardsState, seat: int) -> int:
    return state.players[seat].health - 1  # a bid never takes the bidder out of the game


def _ask_bid(state: ShardsState, data: dict[str, Any], seat: int) -> None:
    """Ask ``seat`` to bid; anyone who cannot outbid is out at once; one left wins."""
    bid, high = data["bid"], data["high"]
    bidders: list[int] = data["in"]
    while len(bidders) > 1 and max_bid(state, seat) <= bid:
        state.add_event(f"{state.players[seat].name} cannot bid more than {bid} and keep 1 health, "
                        "and is out of this auction.", anchor=ANCHOR, seat=seat)
        nxt = _after(bidders, seat)
        bidders.remove(seat)
        seat = nxt
    if len(bidders) == 1:
        _won(state, data, bidders[0])
        return
    health = state.players[seat].health
    options = [Option(id="pass", label="pass (drop out of this auction)",
                      confirm="Passing is final: press Enter again to drop out of this auction, "
                              "or pick a bid.")]
    options += [Option(id=str(k), label=f"bid {k} (start at {health - k} health)")
                for k in range(bid + 1, max_bid(state, seat) + 1)]
    now = (f"The bid is {bid} by {state.players[high].name}." if high is not None
           else "No one has bid yet.")
    state.flow.active = seat
    prize = ("go first and pick a character first" if data["first"] is None
             else "pick your character next")
    state.pending = Decision(seat=seat, kind="bid", min=1, max=1, options=options, data=data,
                             prompt=f"Health Auction: {now} Bid more health to {prize}, or pass.")


def check(decision: Decision, chosen: list[str]) -> None:
    """Refuse an answer that is not offered, saying what is."""
    ids = decision.option_ids()
    if len(chosen) != 1:
        raise IllegalCommand("Answer with exactly one choice.", ANCHOR)
    if chosen[0] in ids:
        return
    if decision.kind == "character":
        names = ", ".join(o.label.split(" (")[0] for o in decision.options)
        raise IllegalCommand(f"'{chosen[0][:30]}' is not a character you can pick; choose one of: "
                             f"{names}.", ANCHOR)
    bids = [int(i) for i in ids if i.isdigit()] or [0]  # (whoever cannot outbid is never asked)
    raise IllegalCommand(f"Bid a whole number from {bids[0]} to {bids[-1]}, or choose pass.", ANCHOR)


def answer(t: Table, decision: Decision, chosen: list[str]) -> None:
    if decision.kind == "bid":
        _answer_bid(t, decision, chosen[0])
    else:
        _answer_character(t, decision, chosen[0])


def _answer_bid(t: Table, decision: Decision, choice: str) -> None:
    state = t.state
    data = dict(decision.data)
    seat = decision.seat
    name = state.players[seat].name
    bidders: list[int] = list(data["in"])
    if choice == "pass":
        state.add_event(f"{name} passes and is out of this auction.", anchor=ANCHOR, seat=seat)
    else:
        data["bid"], data["high"] = int(choice), seat
        state.add_event(f"{name} bids {choice} health.", anchor=ANCHOR, seat=seat)
    nxt = _after(bidders, seat)
    if choice == "pass":
        bidders.remove(seat)
    data["in"] = bidders
    _ask_bid(state, data, nxt)


def _won(state: ShardsState, data: dict[str, Any], seat: int) -> None:
    p = state.players[seat]
    bid = data["bid"] if data["high"] == seat else 0
    p.health -= bid
    state.add_event(f"{p.name} wins the auction for {bid} health ({p.health} health left) and picks "
                    f"a character.", anchor=ANCHOR, seat=seat)
    _ask_character(state, seat, {"first": data["first"], "last": False})


def free_characters(state: ShardsState) -> list[str]:
    taken = {p.character for p in state.players}
    return [c.id for c in ruleset().characters if c.id not in taken]


def _ask_character(state: ShardsState, seat: int, data: dict[str, Any]) -> None:
    rules = ruleset()
    free = free_characters(state)
    state.flow.active = seat
    if len(free) == 1:  # nothing to choose
        _take(state, seat, free[0], data)
        return
    options = [Option(id=c, label=f"{rules.character(c).name} ({rules.character(c).faction.capitalize()})",
                      confirm=f"Press Enter again to play {rules.character(c).name} for the whole "
                              "game, or pick another.")
               for c in free]
    state.pending = Decision(seat=seat, kind="character", min=1, max=1, options=options, data=data,
                             prompt="Health Auction: choose your character.")


def _answer_character(t: Table, decision: Decision, choice: str) -> None:
    _take(t.state, decision.seat, choice, dict(decision.data))


def _take(state: ShardsState, seat: int, character: str, data: dict[str, Any]) -> None:
    p = state.players[seat]
    p.character = character
    state.add_event(f"{p.name} takes {ruleset().character(character).name} as their character.", anchor=ANCHOR,
                    seat=seat)
    first = data["first"] if data["first"] is not None else seat
    left = [s for s, q in enumerate(state.players) if q.character == UNCHOSEN]
    n = len(state.players)
    if not left:
        finish(state, first)
    elif len(left) == 1:
        state.add_event(f"{state.players[left[0]].name} is the last without a character: they choose "
                        f"one and keep all {state.players[left[0]].health} health.", anchor=ANCHOR, seat=left[0])
        _ask_character(state, left[0], {"first": first, "last": True})
    else:
        starter = clockwise_from(n, (seat + 1) % n, left)[0]
        state.add_event(f"The next auction: {state.players[starter].name} bids first.", anchor=ANCHOR,
                        seat=starter)
        _open(state, starter, left, first)


def finish(state: ShardsState, first: int) -> None:
    """Every character is chosen: the game starts with the first auction's winner."""
    rules = ruleset()
    n = len(state.players)
    for seat, p in enumerate(state.players):
        p.mastery = ((seat - first) % n) * rules.limits.starting_mastery_step
    state.pending = None
    state.flow.active = first
    state.flow.phase = "play"
    relic_setup.characters_final(state)
    names = ", ".join(f"{p.name} ({rules.character(p.character).name}, {p.health} health)"
                      for p in state.players)
    state.add_event(f"The auction is over: {names}. {state.players[first].name} goes first.",
                    anchor=ANCHOR, seat=first)
