"""What each part of The Fractured Net's table shows, read from one seat's ``FnView`` (no Textual).

``table_data(view, remaining=None)`` turns the view into plain, hashable display data: both
sides of the battlefield (creatures, resources, equipment, health, energy, piles), the viewer's
hand with what is playable, the combat (attackers, blocks, each pairing's hits and who would
die, as the game's ``combat.forecast`` worked it out), the Response window, the mulligan and the
turn timer. Every command a widget may send is taken from the view's legal moves, so nothing is
worked out here that the rules decide, and nothing the seat may not see can be shown. Card text
is the game's own, generated from the card data (``games.fractured_net.text``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from shards_tui.core.commands import Choose, Command
from shards_tui.games.fractured_net.cards import FACTION_NAMES, card_db, limits
from shards_tui.games.fractured_net.commands import Activate, End, Keep, Mulligan, Pass, Play
from shards_tui.games.fractured_net.text import card_lines, glossary
from shards_tui.games.fractured_net.view import CreatureView, FnPlayer, FnView
from shards_tui.games.fractured_net.models import Phase
from shards_tui.ui.tables.fractured_net.combat_data import CombatData, combat_data

WINDOW_WORDS = {"play": "after a card was played", "attack": "after attackers were declared",
                "block": "after blockers were declared"}


def energy_cost(cost: int) -> str:
    """A cost as the table writes it everywhere: '2 energy' (never '2/4', which reads as a
    creature's power and defense)."""
    return f"{cost} energy"


def energy_left(available: int, capacity: int, used: int = 0) -> str:
    """Energy to spend, as the table writes it everywhere: 'Energy 4 (capacity 3, 1 used)'."""
    return f"Energy {available} (capacity {capacity}" + (f", {used} used)" if used else ")")


@dataclass(frozen=True)
class CardWords:
    """What a card says, whichever copy: name, cost, type line, text and keyword glossary."""

    name: str
    cost: int
    type: str  # 'Creature 3/2', 'Spell', 'Equipment', 'Resource'
    faction: str
    rarity: str
    lines: tuple[str, ...]
    glossary: tuple[tuple[str, str], ...]

    @property
    def text(self) -> str:
        return " ".join(self.lines)


@cache
def card_words(card_id: str) -> CardWords:
    c = card_db()[card_id]
    kind = c.type.capitalize() + (f" {c.power}/{c.defense}" if c.type == "creature" else "")
    return CardWords(c.name, c.cost, kind, FACTION_NAMES[c.faction], c.rarity.capitalize(),
                     tuple(card_lines(c)), tuple(glossary(c)))


@dataclass(frozen=True)
class CardFace:
    id: str  # the instance: 'spark_lance#12'
    card: str  # the card: 'spark_lance'
    name: str
    option: bool = False  # one of the answers to the question put to the viewer

    @property
    def words(self) -> CardWords:
        return card_words(self.card)


@dataclass(frozen=True)
class CreatureFace(CardFace):
    power: int = 0
    defense: int = 0
    damage: int = 0
    tapped: bool = False
    sick: bool = False  # entered this turn, on its owner's turn (it limits nothing otherwise)
    token: bool = False
    keywords: tuple[str, ...] = ()  # as a player reads them: 'Swift', 'Armored 2'
    gear: tuple[CardFace, ...] = ()  # attached equipment
    can_attack: bool = False  # the rules let it be declared as an attacker now
    forced: bool = False  # Reckless: it must attack this turn
    attacking: bool = False
    blocking: str | None = None  # the attacker it blocks
    dies: bool = False  # the combat in progress would destroy it
    activate: Activate | None = None  # its ability, when legal now

    @property
    def left(self) -> int:
        """Defense left after the damage on it."""
        return max(0, self.defense - self.damage)


@dataclass(frozen=True)
class Energy:
    available: int
    used: int  # spent this turn
    capacity: int
    maximum: int

    @property
    def text(self) -> str:
        return energy_left(self.available, self.capacity, self.used)


@dataclass(frozen=True)
class SideData:
    """One player's side of the table."""

    seat: int
    name: str
    mine: bool  # the viewer's own side
    acting: bool  # may move now
    active: bool  # it is their turn
    first: bool  # took the first turn
    deck_name: str
    health: int
    max_health: int
    energy: Energy
    resources: tuple[CardFace, ...]
    resources_tapped: int
    resource_played: bool
    creatures: tuple[CreatureFace, ...]
    loose_gear: tuple[CardFace, ...]  # equipment in play attached to nothing (a passive effect)
    hand_count: int
    deck_count: int
    discard: tuple[CardFace, ...]  # newest last
    mulligan: str  # 'undecided', 'decided' (secret), 'keep', 'mulligan'
    timeouts: int
    out: bool

    @property
    def discard_count(self) -> int:
        return len(self.discard)


@dataclass(frozen=True)
class HandCard(CardFace):
    cost: int = 0
    type: str = ""
    text: str = ""
    response: bool = False
    playable: bool = False
    why_not: str = ""  # the rules' sentence when it cannot be played
    play: Play | None = None  # the legal command playing it
    affordable: bool = False  # its cost is within the energy left


@dataclass(frozen=True)
class WindowData:
    """A Response window: open after the active player's card, attackers or blockers."""

    kind: str | None  # 'play', 'attack', 'block'; None when none is open
    responder: str = ""
    mine: bool = False  # the viewer is the one who may respond
    responses: tuple[Play, ...] = ()  # the legal Responses
    skip: Pass | None = None
    card: str = ""  # after a card: "Ana's Flare"
    did: str = ""  # what it did: "Flare deals 3 damage to Scrap Golem."

    @property
    def when(self) -> str:
        return f"after {self.card}" if self.card else WINDOW_WORDS.get(self.kind or "", "")

    @property
    def open(self) -> bool:
        return self.kind is not None

    @property
    def sentence(self) -> str:
        if self.kind is None:
            return ""
        did = f" ({self.did.rstrip('.')})" if self.did else ""
        if self.mine:
            can = "You may play a Response" if self.responses else "You have no Response to play"
            return f"Response window {self.when}{did}. {can}; pass to go on."
        return f"Response window {self.when}{did}: {self.responder} may respond."

    @property
    def short_sentence(self) -> str:
        """The sentence for a narrow turn bar, whose first line already says 'Response window':
        'After attackers were declared: no Response to play; pass.'"""
        if self.kind is None:
            return ""
        when = self.when[:1].upper() + self.when[1:]
        if self.mine:
            can = "you may play a Response, or pass" if self.responses else "no Response to play; pass"
            return f"{when}: {can}."
        return f"{when}: {self.responder} may respond."


@dataclass(frozen=True)
class MulliganData:
    """The opening hands: the viewer's choice while they have one, and where each player is."""

    active: bool  # the mulligan phase is on
    keep: Keep | None = None
    mulligan: Mulligan | None = None
    status: tuple[tuple[str, str], ...] = ()  # (name, 'deciding' | 'decided' | 'kept' | 'took a mulligan')

    @property
    def mine(self) -> bool:
        return self.keep is not None or self.mulligan is not None


@dataclass(frozen=True)
class TimerData:
    """The turn timer: its limit, whose clock runs and the time left (which the session keeps,
    not the view: None when it was not given)."""

    seconds: int | None  # None: no timer in this game
    running: tuple[str, ...] = ()
    remaining: int | None = None
    ranked: bool = False

    @property
    def on(self) -> bool:
        return self.seconds is not None

    @property
    def text(self) -> str:
        if self.seconds is None:
            return "No turn timer"
        if self.remaining is None:
            return f"Turn timer {self.seconds}s"
        m, s = divmod(max(0, self.remaining), 60)
        return f"{m}:{s:02d} left"


@dataclass(frozen=True)
class TableData:
    you: int | None  # None: a spectator, or a hot-seat table behind its cover
    near: int  # the seat drawn nearer the viewer (the viewer, else the active player)
    turn: int
    phase: str
    active: int
    sides: tuple[SideData, SideData]  # (far, near)
    hand: tuple[HandCard, ...] | None  # the viewer's own only; None otherwise
    combat: CombatData
    window: WindowData
    mulligan: MulliganData
    timer: TimerData
    end: End | None  # legal: end the turn
    question: str = ""  # the prompt of a question put to the viewer
    asking: str = ""  # who answers a question now and what: "Ana is choosing a target"
    options: frozenset[str] = field(default_factory=frozenset)  # the ids that answer it
    over: bool = False
    winners: tuple[str, ...] = ()

    @property
    def near_side(self) -> SideData:
        return self.sides[1]

    @property
    def far_side(self) -> SideData:
        return self.sides[0]

    def creature(self, instance: str) -> CreatureFace | None:
        return next((c for s in self.sides for c in s.creatures if c.id == instance), None)

    @property
    def must_attack(self) -> str:
        """Why the viewer cannot end their turn yet: 'Cinder Hound is Reckless and must attack:
        declare your attackers (t), then end your turn.' ('' when nothing forces an attack)."""
        c = self.combat
        if self.end is not None or not c.forced or not (c.attack or c.attack_all):
            return ""
        names = [(self.creature(f).name if self.creature(f) else f.split("#")[0]) for f in c.forced]
        who = names[0] + " is" if len(names) == 1 else ", ".join(names) + " are"
        return f"{who} Reckless and must attack: declare your attackers (t), then end your turn."

    def every_card(self) -> list[CardFace]:
        """Every card the data shows (what the hidden-information test checks)."""
        out: list[CardFace] = list(self.hand or ())
        for side in self.sides:
            out += list(side.resources) + list(side.creatures) + list(side.loose_gear)
            out += list(side.discard) + [g for c in side.creatures for g in c.gear]
        return out


# ---- building ---------------------------------------------------------------------------------


def keyword_words(creature: CreatureView) -> tuple[str, ...]:
    return tuple(f"Armored {creature.armored}" if k == "armored" else k.capitalize()
                 for k in creature.keywords)


def _face(ref, options: frozenset[str]) -> CardFace:
    return CardFace(ref.id, ref.card, ref.name, ref.id in options)


def _side(view: FnView, p: FnPlayer, options: frozenset[str]) -> SideData:
    lim = limits()
    gear = {g.id: g for g in p.gear}
    cbt = view.combat
    attacking = set(cbt.attackers) if cbt else set()
    blocking = {b.blocker: b.attacker for b in cbt.blocks} if cbt else {}
    dies = set(cbt.dies) if cbt else set()
    abilities = {c.source: c for c in view.legal_of(Activate) if isinstance(c, Activate)}
    creatures = tuple(CreatureFace(
        c.id, c.card, c.name, c.id in options, power=c.power, defense=c.defense, damage=c.damage,
        tapped=c.tapped, sick=c.sick and p.seat == view.active, token=c.token, keywords=keyword_words(c),
        gear=tuple(_face(gear[g], options) for g in c.gear if g in gear),
        can_attack=c.can_attack, forced=c.forced, attacking=c.id in attacking,
        blocking=blocking.get(c.id), dies=c.id in dies, activate=abilities.get(c.id))
        for c in p.creatures)
    return SideData(
        seat=p.seat, name=p.name, mine=p.seat == view.you,
        acting=p.seat in view.acting and not view.over, active=p.seat == view.active,
        first=p.seat == view.first, deck_name=p.deck, health=p.health,
        max_health=lim.max_health,
        energy=Energy(p.energy, p.spent, p.capacity, lim.max_energy),
        resources=tuple(_face(r, options) for r in p.resources),
        resources_tapped=p.resources_tapped, resource_played=p.resource_played,
        creatures=creatures,
        loose_gear=tuple(_face(g, options) for g in p.gear if g.on is None),
        hand_count=p.hand_count, deck_count=p.deck_count,
        discard=tuple(_face(d, options) for d in p.discard), mulligan=p.mulligan,
        timeouts=p.timeouts, out=p.out)


def _hand(view: FnView, p: FnPlayer, options: frozenset[str]) -> tuple[HandCard, ...] | None:
    if p.hand is None or view.you != p.seat:
        return None
    plays = {c.card: c for c in view.legal_of(Play) if isinstance(c, Play)}
    out = []
    for h in p.hand:
        words = card_words(h.card)
        out.append(HandCard(h.id, h.card, h.name, h.id in options, cost=h.cost, type=words.type,
                            text=words.text, response="response" in card_db()[h.card].keywords,
                            playable=h.playable and h.card in plays, why_not=h.why_not,
                            play=plays.get(h.card), affordable=h.cost <= p.energy))
    return tuple(out)


def _window(view: FnView) -> WindowData:
    """The open Response window (none while the card that opens it still asks its player a
    question, such as a target: the window opens once the card has done what it does)."""
    if view.window is None or view.phase != Phase.RESPONSE or view.pending is not None:
        return WindowData(None)
    responder = 1 - view.active
    plays = tuple(c for c in view.legal_of(Play) if isinstance(c, Play))
    card, did = "", ""
    answering = view.answering
    if answering is not None and answering.card is not None:
        owner = "your" if view.you == view.active else f"{view.players[view.active].name}'s"
        card = f"{owner} {answering.card.name}"
        did = " ".join(answering.lines[1:])  # (the first line is the card being played)
    return WindowData(view.window, view.players[responder].name, view.you == responder, plays,
                      next((c for c in view.legal_of(Pass) if isinstance(c, Pass)), None),
                      card, did)


MULLIGAN_WORDS = {"undecided": "deciding", "decided": "decided", "keep": "kept",
                  "mulligan": "took a mulligan"}


def _mulligan(view: FnView) -> MulliganData:
    status = tuple((p.name, MULLIGAN_WORDS[p.mulligan]) for p in view.players)  # type: ignore[attr-defined]
    return MulliganData(
        view.phase == Phase.MULLIGAN,
        next((c for c in view.legal_of(Keep)), None),  # type: ignore[arg-type]
        next((c for c in view.legal_of(Mulligan)), None),  # type: ignore[arg-type]
        status)


def question_options(view: FnView) -> frozenset[str]:
    """The ids of the answers to the question put to the viewer (empty if none is)."""
    if not view.my_question or view.pending is None or not view.pending.options:
        return frozenset()
    return frozenset(o.id for o in view.pending.options)


def answer_command(view: FnView, instance: str) -> Choose | None:
    """The legal answer that picks just this card (a click on a marked card), if one is."""
    return next((c for c in view.legal_of(Choose)
                 if isinstance(c, Choose) and c.options == (instance,)), None)


ASKING_WORDS = {"target": "choosing a target", "attach": "choosing a creature to equip",
                "end_discard": "discarding down to 7", "foresee": "looking at the top of the deck",
                "discard": "choosing cards to discard", "recall": "choosing a card to take back",
                "revive": "choosing a creature to bring back"}


def _asking(view: FnView) -> str:
    q = view.pending
    if q is None:
        return ""
    what = ASKING_WORDS.get(q.kind, "answering a question")
    return what if q.seat == view.you else f"{view.players[q.seat].name} is {what}"


def table_data(view: FnView, remaining: int | None = None) -> TableData:
    """The display data of ``view``; ``remaining``: the seconds left on the running turn
    clock, when the session keeps one (the view carries only the limit)."""
    near = view.you if view.you is not None else view.active
    options = question_options(view)
    sides = tuple(_side(view, view.players[s], options)  # type: ignore[arg-type]
                  for s in (1 - near, near))
    end = next((c for c in view.legal_of(End) if isinstance(c, End)), None)
    running = tuple(view.players[s].name for s in view.on_clock)
    return TableData(
        you=view.you, near=near, turn=view.turn, phase=view.phase, active=view.active,
        sides=sides,  # type: ignore[arg-type]
        hand=_hand(view, view.players[near], options),  # type: ignore[arg-type]
        combat=combat_data(view), window=_window(view), mulligan=_mulligan(view),
        timer=TimerData(view.timer, running, remaining if view.timer is not None else None,
                        view.ranked),
        end=end, question=view.pending.prompt if view.my_question and view.pending else "",
        asking=_asking(view),
        options=options, over=view.over,
        winners=tuple(view.players[w].name for w in view.winners or ()))


def legal_text(command: Command | None) -> str:
    """The command's one line of text ('' for none), for key hints and tooltips."""
    return command.text() if command is not None else ""
