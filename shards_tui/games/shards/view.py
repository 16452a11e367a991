"""What one seat of Shards of Infinity may know, as a typed view: its own hand, every public
zone, counts for everything hidden.

``ShardsView`` is a ``core.view.SeatView``: the UI, the network server, bots and scenario
checks all read it, so nothing a seat may not see ever leaves the rules layer. Another seat's
hand is never put in it (``hand`` is None for everyone but its owner), nor another's secret
relics in Mystery Relics. ``public()`` gives it as the plain JSON data that scenario
expectations read (``players.0.health``, ``turn.gems``, ``center_row.2.card``).
"""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types.

from functools import lru_cache
from typing import Any

from shards_tui.core.view import (Move, PlayerFacts, SeatView, ViewPart, log_lines,
                                  question_view)
from shards_tui.games.shards import versus
from shards_tui.games.shards.cards import card_of
from shards_tui.games.shards.relic_rules import champion_defense, cost_for
from shards_tui.games.shards.relic_view import relic_facts
from shards_tui.games.shards.turns import champion_attackable
from shards_tui.games.shards.versus import guard_of
from shards_tui.games.shards.zones import Table
from shards_tui.games.shards.models import Phase


class CardRef(ViewPart):
    """A card instance ('crystal#3') and the card it is ('crystal')."""

    id: str
    card: str


class ChampionFacts(CardRef):
    defense: int
    exhausted: bool
    protected: bool  # another of its owner's champions must be destroyed first (a guard)


class CenterCard(CardRef):
    slot: int  # from 1
    cost: int  # what it costs the seat viewing (Axia costs less), else the printed cost


class Assigned(ViewPart):
    """Power sent at a player in the attack phase."""

    seat: int
    amount: int
    infinite: bool = False


class TurnFacts(ViewPart):
    """The active player's resources and plays this turn."""

    gems: int
    power: int
    infinite_power: bool
    focused: bool  # the once-a-turn focus is used
    played: list[CardRef]  # in order, fast-played ones included
    fast_played: list[CardRef]
    assigned: list[Assigned]


class NemesisTurnFacts(ViewPart):
    step: str
    revealed: str | None = None  # the card revealed from the center deck


class ShardsPlayer(PlayerFacts):
    slug: str  # the word commands name the player by ('assign ana 3')
    character: str  # '' until picked (Health Auction)
    health: int
    mastery: int
    hand_count: int
    deck_count: int
    discard_count: int
    discard: list[CardRef]
    in_play: list[CardRef]  # this turn's allies and fast-played mercenaries
    champions: list[ChampionFacts]
    banished: list[CardRef]
    protected: bool  # a champion guards the player: it must be destroyed before power hits
    team: int | None = None  # 2v2 Team Attack: 0 or 1
    nemesis: bool = False  # Nemesis Challenge: the seat the rules play
    relic_count: int = 0
    relic_recruited: bool = False
    relics: list[CardRef] | None = None  # set aside; None when secret (Mystery Relics)
    relic_taken: str | None = None  # the card of the relic recruited, once it is public
    hand: list[CardRef] | None = None  # only for the player themself

    @property
    def eliminated(self) -> bool:
        return self.out


class ShardsView(SeatView):
    phase: Phase  # (the base's str, as the game's own enum)
    players: list[ShardsPlayer]
    sets: list[str]
    variants: list[str]
    across: int | None = None  # 2v2 Team Attack: the seat across from the viewer
    this_turn: TurnFacts
    center_row: list[CenterCard | None]
    center_deck_count: int
    set_aside_count: int  # relics out of the game (Relics of the Future)
    nemesis_turn: NemesisTurnFacts | None = None
    can_undo: bool = False

    # ---- questions the Shards table and bots ask ----------------------------------------------

    @property
    def me(self) -> ShardsPlayer | None:
        return self.players[self.you] if self.you is not None else None

    def player(self, seat: int) -> ShardsPlayer:
        return self.players[seat]

    def by_slug(self, slug: str) -> ShardsPlayer | None:
        return next((p for p in self.players if p.slug == slug), None)

    def champion(self, instance: str) -> tuple[ShardsPlayer, ChampionFacts] | None:
        """A champion in play and its owner."""
        return next(((p, c) for p in self.players for c in p.champions if c.id == instance), None)

    def public(self) -> dict[str, Any]:
        """The view as the plain data scenario files read: the turn's facts under ``turn``
        (``turn.number``, ``turn.gems``), ``eliminated`` for each player, and no key at all
        for what this seat may not see (another's hand, secret relics, a private question's
        options)."""
        data = self.model_dump(mode="json", exclude={"legal", "this_turn", "turn", "phase",
                                                     "active", "acting"})
        data["turn"] = {"number": self.turn, "active": self.active, "phase": self.phase,
                        **self.this_turn.model_dump(mode="json")}
        for p in data["players"]:
            p["eliminated"] = p.pop("out")
            for key in ("hand", "relics", "relic_taken"):
                if p[key] is None:
                    del p[key]
        if data["pending"] is not None and data["pending"]["options"] is None:
            del data["pending"]["options"]
        data["legal"] = [m.text for m in self.legal]
        return data


def _cards(instances: list[str]) -> list[CardRef]:
    return [_card(i) for i in instances]


@lru_cache(maxsize=4096)
def _card(instance: str) -> CardRef:
    """A card reference, built once per instance (views share them: they never change)."""
    return CardRef.model_construct(id=instance, card=card_of(instance))


@lru_cache(maxsize=4096)
def _champion(instance: str, defense: int, exhausted: bool, protected: bool) -> ChampionFacts:
    return ChampionFacts.model_construct(id=instance, card=card_of(instance), defense=defense,
                                         exhausted=exhausted, protected=protected)


def _player(t: Table, s: int, seat: int | None) -> ShardsPlayer:
    p = t.state.players[s]
    relics = relic_facts(t.state, s, seat, lambda i: t.card(i).type == "relic")
    champions = [_champion(c, champion_defense(t, s, c), c in p.exhausted,
                           champion_attackable(t, s, c) is not None) for c in p.champions]
    return ShardsPlayer.model_construct(
        seat=s, name=p.name, out=p.eliminated, slug=t.seat_slug(s), character=p.character,
        health=p.health, mastery=p.mastery, hand_count=len(p.hand), deck_count=len(p.deck),
        discard_count=len(p.discard), discard=_cards(p.discard), in_play=_cards(p.in_play),
        champions=champions, banished=_cards(p.banished), protected=guard_of(t, s) is not None,
        team=p.team, nemesis=p.nemesis, relic_count=relics["relic_count"],
        relic_recruited=relics["relic_recruited"],
        relics=None if relics["relics"] is None else _cards(relics["relics"]),
        relic_taken=relics["relic_taken"], hand=_cards(p.hand) if seat == s else None)


def build_view(ctl: Any, seat: int | None) -> ShardsView:
    t: Table = ctl.table()
    state = t.state
    turn = state.turn
    nemesis_turn = state.nemesis_turn
    this_turn = TurnFacts.model_construct(
        gems=turn.gems, power=turn.power, infinite_power=turn.infinite_power,
        focused=turn.focused, played=_cards(turn.played), fast_played=_cards(turn.fast_played),
        assigned=[Assigned.model_construct(seat=a.seat, amount=a.amount, infinite=a.infinite)
                  for a in turn.assigned])
    center = [None if i is None else CenterCard.model_construct(
        id=i, card=card_of(i), slot=n + 1,
        cost=cost_for(t, seat, i) if seat is not None else t.card(i).cost)
        for n, i in enumerate(state.center_row)]
    return ShardsView.model_construct(
        game="shards", you=seat, turn=state.flow.turn, phase=Phase(state.flow.phase),
        active=state.flow.active, acting=ctl.acting_seats(), over=state.over,
        winners=state.winners, players=[_player(t, s, seat) for s in range(len(state.players))],
        pending=question_view(state.pending, seat),
        legal=[Move.of(c) for c in ctl.legal_commands(seat)] if seat is not None else [],
        log=log_lines(state.log, seat),
        sets=list(state.sets), variants=list(state.variants),
        across=versus.across(seat) if seat is not None and versus.is_team(state) else None,
        this_turn=this_turn, center_row=center, center_deck_count=len(state.center_deck),
        set_aside_count=len(state.set_aside),
        nemesis_turn=None if nemesis_turn is None else NemesisTurnFacts.model_construct(
            step=nemesis_turn.step, revealed=nemesis_turn.revealed),
        can_undo=seat is not None and ctl.can_undo(seat))
