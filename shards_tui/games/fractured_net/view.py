"""What one seat may know: the battlefield, each player's public numbers, its own hand (with
what is playable) and nothing of the other's hand, either deck, or a mulligan choice not yet
revealed."""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from typing import Literal

from pydantic import Field

from shards_tui.core.view import Move, PlayerFacts, SeatView, ViewPart, log_lines, question_view
from shards_tui.games.fractured_net import combat, rules
from shards_tui.games.fractured_net.cards import card, card_of
from shards_tui.games.fractured_net.targets import asking
from shards_tui.games.fractured_net.models import FnState, Phase
from shards_tui.games.fractured_net.stats import stats_of


class CreatureView(ViewPart):
    id: str
    card: str
    name: str
    power: int
    defense: int
    damage: int
    tapped: bool
    sick: bool
    token: bool
    keywords: list[str]
    armored: int
    gear: list[str]  # attached equipment, instance ids
    can_attack: bool
    forced: bool  # Reckless: must attack this turn


class CardRef(ViewPart):
    id: str
    card: str
    name: str


class HandCard(CardRef):
    cost: int
    playable: bool
    why_not: str = ""


class GearView(CardRef):
    on: str | None


class FnPlayer(PlayerFacts):
    health: int
    capacity: int
    energy: int  # available now
    spent: int  # used this turn
    resources: list[CardRef]
    resources_tapped: int  # how many of them paid for something this turn
    resource_played: bool
    creatures: list[CreatureView]
    gear: list[GearView]
    hand_count: int
    hand: list[HandCard] | None = None  # only in the owner's own view
    deck_count: int
    discard: list[CardRef]
    mulligan: Literal["undecided", "decided", "keep", "mulligan"]
    timeouts: int
    deck: str  # the deck's name, in its owner's view only (it is picked in private)


class BlockView(ViewPart):
    blocker: str
    attacker: str


class HitView(ViewPart):
    """One combat hit as the rules would deal it now: ``target`` a creature or 'p0'/'p1'."""

    source: str
    target: str
    amount: int


class CombatView(ViewPart):
    attackers: list[str]
    blocks: list[BlockView]
    declared: bool
    # what the combat would do if it were resolved now (combat.forecast): the creatures it
    # would destroy, the damage to the defending player, and each hit of each pairing
    dies: list[str] = Field(default_factory=list)
    to_player: int = 0
    lethal: bool = False  # the defending player would lose
    hits: list[HitView] = Field(default_factory=list)
    then: list[str] = Field(default_factory=list)  # triggered effects the forecast counts
    not_counted: list[str] = Field(default_factory=list)  # those a choice or a chance decides


class AskingView(ViewPart):
    """What the effect an open target question is for does, and how much (its card is public)."""

    do: str
    amount: int


class AnsweringView(ViewPart):
    """What an open Response window answers: the card played (None after attackers or
    blockers) and the log lines since it was played, as the viewer may read them."""

    card: CardRef | None
    lines: list[str]


class FnView(SeatView):
    phase: Phase  # (the base's str, as the game's own enum)
    players: list[FnPlayer]
    first: int
    window: str | None  # the open Response window: after a 'play', 'attack' or 'block'
    combat: CombatView | None
    attacked: bool
    on_clock: list[int]  # the seats whose turn timer runs now (a timeout is sent for them)
    timer: int | None  # seconds a turn, None: no timer
    ranked: bool
    can_respond: bool | None = None  # you hold a playable Response now (your own view only)
    asking: AskingView | None = None  # the effect a target question is for
    answering: AnsweringView | None = None  # what the open Response window answers


def _refs(instances: list[str]) -> list[CardRef]:
    return [CardRef(id=i, card=card_of(i), name=card(i).name) for i in instances]


def _mulligan(state: FnState, s: int, seat: int | None) -> str:
    choice = state.players[s].mulligan
    if choice is None:
        return "undecided"
    both = all(p.mulligan is not None for p in state.players)
    return choice if (both or s == seat) else "decided"


def _asking(state: FnState) -> AskingView | None:
    asked = asking(state)
    return None if asked is None else AskingView(do=asked[0], amount=asked[1])


def _log(state: FnState, seat: int | None) -> list:
    """The log as ``seat`` reads it; a line it may not read is left out altogether (an empty
    line would still tell that something happened)."""
    return [line for line in log_lines(state.log, seat) if line.text]


def _combat(state: FnState, seat: int | None) -> CombatView | None:
    """The combat, with the blocks only for the defender until they are confirmed (the others
    learn them, and what they would do, once confirmed)."""
    if state.combat is None:
        return None
    if state.flow.phase == "block" and seat != state.other(state.flow.active):
        cast, blocks = combat.Forecast([], 0, [], [], []), []
    else:
        cast, blocks = combat.forecast(state), state.combat.blocks
    # only creatures still in play: one that left (to a hand, say) is no longer named here
    here = {c.id for p in state.players for c in p.creatures}
    return CombatView(attackers=[a for a in state.combat.attackers if a in here],
                      blocks=[BlockView(blocker=b.blocker, attacker=b.attacker)
                              for b in blocks if b.blocker in here and b.attacker in here],
                      declared=state.combat.declared, dies=cast.dies, to_player=cast.to_player,
                      lethal=cast.lethal,
                      hits=[HitView(source=s, target=t, amount=n) for s, t, n in cast.hits],
                      then=cast.then, not_counted=cast.not_counted)


def _answering(state: FnState, seat: int | None) -> AnsweringView | None:
    if state.window is None or state.pending is not None or state.window_from is None:
        return None
    since = [e.text_for(seat) for e in state.log[state.window_from:]][-6:]
    played = state.window_card
    return AnsweringView(card=_refs([played])[0] if played else None,
                         lines=[text for text in since if text])


def build_view(state: FnState, seat: int | None, legal: list, acting: list[int],
               light: bool = False) -> FnView:
    """The view of ``seat``; ``light`` (the bots' sampled worlds) leaves out the log."""
    players = []
    for s, p in enumerate(state.players):
        creatures = []
        forced = set(combat.forced_attackers(state, s)) if s == state.flow.active and \
            not state.attacked else set()
        for c in p.creatures:
            st = stats_of(p, c)
            creatures.append(CreatureView(
                id=c.id, card=card_of(c.id), name=card(c.id).name, power=st.power,
                defense=st.defense, damage=c.damage, tapped=c.tapped, sick=c.sick, token=c.token,
                keywords=sorted(st.keywords), armored=st.armored, gear=list(st.gear),
                can_attack=s == state.flow.active and combat.attack_problem(state, s, c.id) is None
                and not state.attacked,
                forced=c.id in forced))
        hand = None
        if s == seat:
            hand = []
            for i in p.hand:
                problem = rules.play_problem(state, s, i)
                hand.append(HandCard(id=i, card=card_of(i), name=card(i).name, cost=card(i).cost,
                                     playable=problem is None, why_not=problem or ""))
        tapped = min(len(p.resources), max(0, p.spent - p.capacity))
        players.append(FnPlayer(
            seat=s, name=p.name, out=p.conceded or (state.over and s not in (state.winners or [])),
            health=p.health, capacity=p.capacity, energy=p.energy, spent=p.spent,
            resources=_refs(p.resources), resources_tapped=tapped,
            resource_played=p.resource_played, creatures=creatures,
            gear=[GearView(id=g.id, card=card_of(g.id), name=card(g.id).name, on=g.on)
                  for g in p.gear],
            hand_count=len(p.hand), hand=hand, deck_count=len(p.deck), discard=_refs(p.discard),
            mulligan=_mulligan(state, s, seat), timeouts=p.timeouts,
            deck=p.deck_name if s == seat else ""))  # (a deck is picked in private)
    cbt = _combat(state, seat)
    return FnView(
        game="fractured_net", you=seat, turn=state.flow.turn, phase=state.flow.phase,
        active=state.flow.active, acting=acting, over=state.over, winners=state.winners,
        players=players, pending=question_view(state.pending, seat),
        legal=[Move.of(c) for c in legal], log=[] if light else _log(state, seat),
        first=state.first, window=state.window, combat=cbt, attacked=state.attacked,
        on_clock=[] if state.timer is None else acting, timer=state.timer, ranked=state.ranked,
        can_respond=rules.has_response(state, seat) if seat is not None and not light else None,
        asking=_asking(state), answering=_answering(state, seat))
