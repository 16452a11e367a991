"""What a creature is right now: its power, defense, keywords and Armored value, from its
card, its lasting and this turn's changes, the equipment attached to it and the auras of its
controller's other cards in play."""

from __future__ import annotations

from dataclasses import dataclass

from shards_tui.games.fractured_net.cards import card
from shards_tui.games.fractured_net.models import Creature, FnState, Player


@dataclass(frozen=True)
class Stats:
    power: int
    defense: int
    keywords: frozenset[str]
    armored: int
    gear: tuple[str, ...]

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def left(self) -> int:
        """Damage it can still take before it is destroyed (ignoring Armored)."""
        return self.defense


def _auras(player: Player, creature: Creature):
    if not player.gear and not any(card(o.id).aura for o in player.creatures):
        return
    for other in player.creatures:
        aura = card(other.id).aura
        if aura is None:
            continue
        if aura.who == "your_other_creatures" and other.id == creature.id:
            continue
        if aura.who == "your_tokens" and not creature.token:
            continue
        yield aura
    for gear in player.gear:
        aura = card(gear.id).aura
        if aura is not None and gear.on is None:
            if aura.who == "your_tokens" and not creature.token:
                continue
            yield aura


def stats_of(player: Player, creature: Creature) -> Stats:
    base = card(creature.id)
    power = base.power + creature.power + creature.turn_power
    defense = base.defense + creature.defense + creature.turn_defense
    keywords = set(base.keywords) | set(creature.keywords) | set(creature.turn_keywords)
    armored = base.armored
    gear = []
    for g in player.gear:
        if g.on == creature.id:
            gear.append(g.id)
            bonus = card(g.id).attach
            power += bonus.power
            defense += bonus.defense
            keywords.update(bonus.keywords)
            armored += bonus.armored
    for aura in _auras(player, creature):
        power += aura.power
        defense += aura.defense
        keywords.update(aura.keywords)
    if creature.token:
        keywords.discard("echo")  # an Echo copy has no Echo
    if armored:
        keywords.add("armored")
    keywords.discard("response")
    return Stats(max(0, power), max(0, defense), frozenset(keywords), armored, tuple(gear))


def stats(state: FnState, instance: str) -> Stats:
    found = state.creature(instance)
    if found is None:
        raise KeyError(instance)
    seat, creature = found
    return stats_of(state.players[seat], creature)


def can_attack(player: Player, creature: Creature) -> bool:
    s = stats_of(player, creature)
    return (not creature.tapped and not s.has("defender")
            and (not creature.sick or s.has("swift")))


def lethal(stats_: Stats, damage: int, deathtouch: bool) -> int:
    """How much damage a source must deal to destroy a creature with these stats and
    ``damage`` already on it (Armored counted)."""
    need = 1 if deathtouch else max(1, stats_.defense - damage)
    return need + stats_.armored
