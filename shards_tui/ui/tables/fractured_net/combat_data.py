"""The combat as a seat sees it (no Textual): each attacker and what meets it, what would
die, and the combat moves the seat may make now. Part of ``table_data``."""

from __future__ import annotations

from dataclasses import dataclass

from shards_tui.games.fractured_net.commands import Attack, Block, Confirm, Unblock, Withdraw
from shards_tui.games.fractured_net.view import FnView
from shards_tui.games.fractured_net.models import Phase


@dataclass(frozen=True)
class Pairing:
    """One attacker and what meets it: its blockers (in the order declared, with the damage
    each takes from it and deals to it), or the damage it deals the defending player."""

    attacker: str
    blockers: tuple[tuple[str, int, int], ...]  # (blocker, damage it takes, damage it deals)
    to_player: int
    attacker_dies: bool
    dead_blockers: tuple[str, ...]


@dataclass(frozen=True)
class CombatData:
    """The combat as the viewer sees it and what they may do in it.

    ``stage``: 'none' (no combat), 'declaring' (the attacker picks attackers), 'responding'
    (a Response window after attackers or blockers), 'blocking' (the defender assigns).
    """

    stage: str
    attacker_seat: int
    attackers: tuple[str, ...] = ()
    blocks: tuple[tuple[str, str], ...] = ()  # (blocker, attacker) in the order declared
    pairings: tuple[Pairing, ...] = ()
    dies: tuple[str, ...] = ()
    to_player: int = 0
    lethal: bool = False  # the defending player would lose
    then: tuple[str, ...] = ()  # triggered effects the forecast counts (Death, Volatile...)
    not_counted: tuple[str, ...] = ()  # those a choice or a chance decides
    forced: tuple[str, ...] = ()  # Reckless creatures that must still be declared
    attack: tuple[Attack, ...] = ()  # legal: declare one creature ('all' kept apart)
    attack_all: Attack | None = None
    withdraw: tuple[Withdraw, ...] = ()  # legal: take a declared attacker back
    block: tuple[Block, ...] = ()  # legal block assignments
    unblock: tuple[Unblock, ...] = ()
    confirm: Confirm | None = None

    def attack_command(self, creature: str) -> Attack | None:
        return next((c for c in self.attack if c.creature == creature), None)

    def toggle_command(self, creature: str) -> Attack | Withdraw | None:
        """Declare the creature, or take it back if it is a declared attacker."""
        return self.attack_command(creature) or next(
            (c for c in self.withdraw if c.creature == creature), None)

    def block_command(self, blocker: str, attacker: str) -> Block | None:
        return next((c for c in self.block if (c.blocker, c.attacker) == (blocker, attacker)), None)

    def unblock_command(self, blocker: str) -> Unblock | None:
        return next((c for c in self.unblock if c.blocker == blocker), None)

    def blockers_of(self, attacker: str) -> tuple[str, ...]:
        return tuple(b for b, a in self.blocks if a == attacker)

    def can_block_with(self, blocker: str) -> tuple[str, ...]:
        """The attackers this creature may be assigned to now."""
        return tuple(c.attacker for c in self.block if c.blocker == blocker)

    @property
    def declaring(self) -> bool:
        return bool(self.attack or self.attack_all) or (self.stage == "declaring" and
                                                        self.confirm is not None)

    @property
    def assigning(self) -> bool:
        return self.stage == "blocking" and self.confirm is not None



def _pairings(view: FnView) -> tuple[Pairing, ...]:
    cbt = view.combat
    if cbt is None:
        return ()
    dies = set(cbt.dies)
    out = []
    for a in cbt.attackers:
        blockers = [b.blocker for b in cbt.blocks if b.attacker == a]
        takes = {h.target: h.amount for h in cbt.hits if h.source == a}
        deals = {h.source: h.amount for h in cbt.hits if h.target == a}
        player = sum(n for t, n in takes.items() if t in ("p0", "p1"))
        out.append(Pairing(a, tuple((b, takes.get(b, 0), deals.get(b, 0)) for b in blockers),
                           player, a in dies, tuple(b for b in blockers if b in dies)))
    return tuple(out)


def combat_data(view: FnView) -> CombatData:
    cbt = view.combat
    attacks = [c for c in view.legal_of(Attack) if isinstance(c, Attack)]
    confirm = next((c for c in view.legal_of(Confirm) if isinstance(c, Confirm)), None)
    active = view.players[view.active]
    forced = tuple(c.id for c in active.creatures if c.forced)  # type: ignore[attr-defined]
    if cbt is None:
        stage = "none"
    elif view.phase == Phase.BLOCK:
        stage = "blocking"
    elif view.phase == Phase.RESPONSE:
        stage = "responding"
    else:
        stage = "declaring"
    return CombatData(
        stage=stage, attacker_seat=view.active,
        attackers=tuple(cbt.attackers) if cbt else (),
        blocks=tuple((b.blocker, b.attacker) for b in cbt.blocks) if cbt else (),
        pairings=_pairings(view), dies=tuple(cbt.dies) if cbt else (),
        to_player=cbt.to_player if cbt else 0, lethal=bool(cbt and cbt.lethal), forced=forced,
        then=tuple(cbt.then) if cbt else (), not_counted=tuple(cbt.not_counted) if cbt else (),
        attack=tuple(c for c in attacks if c.creature != "all"),
        attack_all=next((c for c in attacks if c.creature == "all"), None),
        withdraw=tuple(c for c in view.legal_of(Withdraw) if isinstance(c, Withdraw)),
        block=tuple(c for c in view.legal_of(Block) if isinstance(c, Block)),
        unblock=tuple(c for c in view.legal_of(Unblock) if isinstance(c, Unblock)),
        confirm=confirm if view.phase in (Phase.ATTACK, Phase.BLOCK) else None)
