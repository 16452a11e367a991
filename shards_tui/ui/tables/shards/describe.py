"""Plain data the table screen hands to its widgets, and the words used to show it.

Nothing here imports Textual: ``CardInfo`` is what a card widget is told about one card, and
``describe_move`` turns a legal command (``Recruit(target='3')``) into words a player reads
('Recruit Kiln Drone (slot 3, 3 gems)'). The screen builds both from ``controller.view(seat)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from shards_tui.core.commands import Choose, Command
from shards_tui.core.wording import name_list
from shards_tui.games.shards.cards import CardDef, card_of
from shards_tui.games.shards.commands import (Assign, Attack, End, Exhaust, FastPlay, Focus, Play,
                                              Recruit, RecruitRelic)
from shards_tui.games.shards.text import card_text
from shards_tui.games.shards.view import ShardsView
from shards_tui.games.shards.zones import amount_text

FACTION_INITIAL = {"homodeus": "H", "order": "O", "undergrowth": "U", "wraethe": "W"}
TYPE_SHORT = {"ally": "ally", "mercenary": "merc", "champion": "champ", "starter": "starter",
              "relic": "relic"}


@dataclass(frozen=True)
class CardInfo:
    """One card as a widget shows it. ``keys`` are the action keys legal for it right now."""

    id: str  # the instance, e.g. 'crystal#3' ('' for an empty slot)
    card: str  # the card id, e.g. 'crystal'
    name: str
    faction: str | None
    type: str
    cost: int | None = None
    defense: int | None = None
    shield: str | None = None  # '5', or 'mastery' for a shield equal to mastery
    text: str = ""
    effect: str = ""  # the effect lines on one line, for one-line lists
    zone: str = "hand"  # center, hand, played, champion, enemy
    label: str = ""  # slot number or other short tag
    exhausted: bool = False
    protected: bool = False
    fast_played: bool = False
    owner: str = ""
    keys: tuple[str, ...] = ()
    printed_cost: int | None = None  # where the cost or defense in play differs from the card's
    printed_defense: int | None = None

    @property
    def faction_word(self) -> str:
        return self.faction.capitalize() if self.faction else "Neutral"

    @property
    def initial(self) -> str:
        return FACTION_INITIAL.get(self.faction or "", "-")

    @property
    def kind(self) -> str:
        """'Homodeus ally', 'Starter', 'Wraethe champion'."""
        if self.type == "starter" or not self.faction:
            return self.type.capitalize()
        return f"{self.faction_word} {self.type}"

    @property
    def kind_short(self) -> str:
        """'H ally', 'starter', 'W champ' for narrow cards."""
        if self.type == "starter" or not self.faction:
            return TYPE_SHORT.get(self.type, self.type)
        return f"{self.initial} {TYPE_SHORT.get(self.type, self.type)}"

    def kind_forms(self) -> tuple[str, ...]:
        """The card's kind from longest to shortest: 'Undergrowth mercenary', 'Undergrowth
        merc', 'U mercenary', 'U merc'; a narrow card shows the first that fits."""
        if self.type == "starter" or not self.faction:
            return (self.kind, self.kind_short)
        short = TYPE_SHORT.get(self.type, self.type)
        return (self.kind, f"{self.faction_word} {short}", f"{self.initial} {self.type}",
                self.kind_short)

    def numbers(self, size: int = 0) -> str:
        """'cost 3 · def 5 · shield 5'; size 1: 'cost 3 def 5 sh 5'; size 2: '3◆ d5 s5'."""
        words = (("cost ", "def ", "shield "), ("cost ", "def ", "sh "), ("", "d", "s"))[size]
        parts = []
        if self.cost is not None:
            parts.append(f"{self.cost}◆" if size == 2 else f"{words[0]}{self.cost}"
                         + _printed(self.printed_cost, self.cost, size))
        if self.defense is not None:
            parts.append(f"{words[1]}{self.defense}" + _printed(self.printed_defense, self.defense, size))
        if self.shield is not None:
            shield = self.shield if self.shield.isdigit() or size < 2 else "M"
            parts.append(f"{words[2]}{shield}")
        return (" · " if size == 0 else " ").join(parts)


def _printed(printed: int | None, value: int, size: int) -> str:
    """' (printed 7)' after a number that differs from the card's, in the widest form only."""
    return f" (printed {printed})" if size == 0 and printed is not None and printed != value else ""


_INFOS: dict[tuple[Any, ...], tuple[Mapping[str, CardDef], CardInfo]] = {}


def card_info(instance: str, cards: Mapping[str, CardDef], **extra: Any) -> CardInfo:
    """A card as shown; ``extra`` may give its ``cost`` or ``defense`` as they are in play.
    Made once for each card and ``extra`` (the table asks again for every card after each
    move, and a card's text is made from its effects)."""
    key = (instance, id(cards), *sorted(extra.items()))
    known = _INFOS.get(key)
    if known is not None and known[0] is cards:
        return known[1]
    info = _card_info(instance, cards, **extra)
    if len(_INFOS) >= 4096:
        _INFOS.clear()
    _INFOS[key] = (cards, info)
    return info


def _card_info(instance: str, cards: Mapping[str, CardDef], **extra: Any) -> CardInfo:
    card = cards[card_of(instance)]
    shield = "mastery" if card.shield_is_mastery else (str(card.shield) if card.shield else None)
    text = card_text(card)
    effect = " ".join(line for line in text.splitlines()
                      if not line.startswith(("Defense ", "Shield ")))
    fields: dict[str, Any] = {"cost": card.cost, "defense": card.defense, **extra}
    return CardInfo(id=instance, card=card.id, name=card.name, faction=card.faction, type=card.type,
                    shield=shield, text=text, effect=effect, printed_cost=card.cost,
                    printed_defense=card.defense, **fields)


def _instance_name(cards: Mapping[str, CardDef], ref: str) -> str:
    cid = card_of(ref)
    return cards[cid].name if cid in cards else ref


def describe_move(command: Command, view: ShardsView, cards: Mapping[str, CardDef]) -> str:
    """A command in words a player reads, e.g. 'Recruit Kiln Drone (slot 3, 3 gems)'."""
    try:
        if isinstance(command, Play):
            if command.card == "all":
                return "Play your hand from the top, stopping at a card that asks a question"
            return f"Play {_instance_name(cards, command.card)}"
        if isinstance(command, (Recruit, FastPlay)):
            slot = int(command.target)
            entry = view.center_row[slot - 1]
            assert entry is not None
            what = "Recruit" if isinstance(command, Recruit) else "Fast-play"
            return f"{what} {cards[entry.card].name} (slot {slot}, {amount_text(entry.cost, 'gems')})"
        if isinstance(command, Exhaust):
            return f"Exhaust {_instance_name(cards, command.champion)}"
        if isinstance(command, Focus):
            return "Focus: pay 1 gem for 1 mastery"
        if isinstance(command, RecruitRelic):
            return f"Recruit your relic {cards[command.card].name} for free (only one per game)"
        if isinstance(command, Attack):
            found = view.champion(command.champion)
            if found is not None:
                owner, champion = found
                return (f"Destroy {owner.name}'s {cards[champion.card].name} "
                        f"(costs {champion.defense} power)")
            return f"Attack {_instance_name(cards, command.champion)}"
        if isinstance(command, End):
            return "End the play phase (leftover power attacks)"
        if isinstance(command, Assign):
            target = view.by_slug(command.target)
            return f"Assign {command.amount} power to {target.name if target else command.target}"
        if isinstance(command, Choose):
            if not command.options:
                return "Choose nothing"
            labels = {o.id: o.label for o in (view.pending.options or [])} if view.pending else {}
            return "Choose " + ", ".join(labels.get(o, o) for o in command.options)
    except (LookupError, ValueError, AssertionError):
        pass
    return command.text()


@dataclass(frozen=True)
class PlayerInfo:
    """One player's public numbers, as a panel shows them."""

    seat: int
    name: str
    slug: str
    character: str
    faction: str | None
    health: int
    mastery: int
    hand_count: int
    deck_count: int
    discard_count: int
    banished_count: int = 0
    protected: bool = False
    eliminated: bool = False
    active: bool = False
    in_play: str = ""  # 'Crystal ×2, Blaster' (cards played this turn, not champions)
    relics: str = ""  # 'Datic Robes / Terminal Crescents', '2 secret', '' (Relics of the Future)
    team: int | None = None  # 2v2 Team Attack: 0 or 1
    ally: bool = False  # on the viewer's team
    across: bool = False  # sits across from the viewer (the one their power may damage)
    nemesis: bool = False  # the Nemesis Challenge's engine-played seat (no cards of its own)

    @property
    def title(self) -> str:
        faction = f", {self.faction.capitalize()}" if self.faction else ""
        team = f" · Team {self.team + 1}" if self.team is not None else ""
        if not self.character:  # Health Auction: not picked yet
            return f"{self.name} (no character yet){team}"
        return f"{self.name} ({self.character}{faction}){team}"


def count_names(names: list[str]) -> str:
    """'Crystal ×3, Blaster' in first-seen order."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return name_list(n if k == 1 else f"{n} ×{k}" for n, k in counts.items())
