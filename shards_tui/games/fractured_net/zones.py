"""Moving cards and dealing damage: draws, entering play, Echo copies, damage with Armored,
Drain and Deathtouch, destruction with Persistent and Volatile, equipment that follows its
creature out, and the checks that end the game."""

from __future__ import annotations

from dataclasses import dataclass

from shards_tui.games.fractured_net.cards import card, card_of, limits
from shards_tui.games.fractured_net.models import Creature, FnState, Gear, Job
from shards_tui.games.fractured_net.stats import stats_of


@dataclass(frozen=True)
class Source:
    """Who deals damage or makes a change: a controller and, for a creature, its instance."""

    controller: int
    instance: str | None = None


def name(instance: str) -> str:
    return card(instance).name


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def lose(state: FnState, seat: int, why: str, anchor: str) -> None:
    if state.over:
        return
    state.winners = [state.other(seat)]
    state.flow.acting = None
    state.add_event(f"{state.players[seat].name} {why} and loses; "
                    f"{state.players[state.other(seat)].name} wins.", anchor=anchor, seat=seat)


def draw(state: FnState, seat: int, n: int = 1) -> None:
    player = state.players[seat]
    drawn: list[str] = []
    for _ in range(n):
        if not player.deck:
            break
        drawn.append(player.deck.pop(0))
    player.hand.extend(drawn)  # (the cards drawn are in the hand even when the draw loses)
    if drawn:
        _log_draw(state, seat, drawn)
        state.mark_reveal()
    if len(drawn) < n:
        lose(state, seat, "must draw from an empty deck", "deck-out")


def _log_draw(state: FnState, seat: int, drawn: list[str]) -> None:
    who = state.players[seat].name
    state.add_event(f"{who} draws {', '.join(name(i) for i in drawn)}.", seat=seat,
                    visible_to=[seat], public_text=f"{who} draws {plural(len(drawn), 'card')}.",
                    anchor="draw")


def heal(state: FnState, seat: int, amount: int) -> int:
    player = state.players[seat]
    gained = max(0, min(amount, limits().max_health - player.health))
    player.health += gained
    return gained


def hurt_player(state: FnState, seat: int, amount: int) -> int:
    player = state.players[seat]
    player.health = max(0, player.health - amount)
    return amount


def enter_creature(state: FnState, seat: int, instance: str, token: bool = False) -> Creature:
    """Put a creature into play (sick), queue its Enter effects and, for Echo, a copy."""
    creature = Creature(id=instance, token=token)
    state.players[seat].creatures.append(creature)
    c = card(instance)
    if c.enter:
        state.queue.append(Job(card=c.id, trigger="enter", source=instance, controller=seat))
    if "echo" in c.keywords and not token:
        copy = state.new_id(c.id)
        state.add_event(f"Echo: a copy of {c.name} enters play.", anchor="kw-echo", seat=seat)
        enter_creature(state, seat, copy, token=True)
    return creature


def make_token(state: FnState, seat: int, card_id: str) -> str:
    instance = state.new_id(card_id)
    enter_creature(state, seat, instance, token=True)
    return instance


def damage_creature(state: FnState, source: Source, instance: str, amount: int,
                    deathtouch: bool = False) -> int:
    """Deal damage to a creature (not yet destroyed: see ``check_deaths``); returns the damage
    dealt after Armored."""
    found = state.creature(instance)
    if found is None or amount <= 0:
        return 0
    seat, creature = found
    dealt = max(0, amount - stats_of(state.players[seat], creature).armored)
    if dealt:
        creature.damage += dealt
        if deathtouch:
            creature.deathtouched = True
    return dealt


def source_keywords(state: FnState, source: Source) -> frozenset[str]:
    if source.instance is None:
        return frozenset()
    found = state.creature(source.instance)
    if found is None:
        return frozenset()
    seat, creature = found
    return stats_of(state.players[seat], creature).keywords


def deal(state: FnState, source: Source, target: str, amount: int, by: str,
         anchor: str) -> int:
    """Damage from ``source`` (named ``by`` in the log) to a creature (instance id) or a player
    ('p0', 'p1'), with the source's Drain and Deathtouch; logs it, and the health Drain gains;
    returns the damage dealt."""
    keywords = source_keywords(state, source)
    if target in ("p0", "p1"):
        dealt = hurt_player(state, int(target[1]), amount)
        who = state.players[int(target[1])].name
    else:
        dealt = damage_creature(state, source, target, amount, "deathtouch" in keywords)
        who = name(target)
    state.add_event(f"{by} deals {dealt} damage to {who}.", seat=source.controller, anchor=anchor)
    if dealt and "drain" in keywords:
        gained = heal(state, source.controller, dealt)
        full = " (the most there is)" if gained < dealt else ""
        state.add_event(f"Drain: {state.players[source.controller].name} gains {gained} "
                        f"health{full}.", seat=source.controller, anchor="kw-drain")
    return dealt


def destroy(state: FnState, instance: str, why: str = "is destroyed") -> bool:
    """Destroy a creature unless Persistent saves it; True if it left play."""
    found = state.creature(instance)
    if found is None:
        return False
    seat, creature = found
    s = stats_of(state.players[seat], creature)
    if s.has("persistent") and not creature.persisted:
        creature.persisted = True
        creature.damage = 0
        creature.deathtouched = False
        state.add_event(f"{name(instance)} would be destroyed; Persistent keeps it in play "
                        "with full health (once).", anchor="kw-persistent", seat=seat)
        return False
    state.add_event(f"{name(instance)} {why}.", anchor="destruction", seat=seat)
    leave_play(state, instance, "discard", died=True)
    return True


def leave_play(state: FnState, instance: str, to: str, died: bool = False) -> None:
    """A creature leaves play for its owner's discard pile or hand (a token is gone); its
    equipment goes to the discard pile; a dying creature's Volatile and Death effects follow."""
    found = state.creature(instance)
    if found is None:
        return
    seat, creature = found
    player = state.players[seat]
    s = stats_of(player, creature)
    player.creatures = [c for c in player.creatures if c.id != instance]
    for g in [g for g in player.gear if g.on == instance]:
        player.gear.remove(g)
        player.discard.append(g.id)
        state.add_event(f"{name(g.id)} goes to the discard pile with it.", anchor="equipment",
                        seat=seat)
    if not creature.token:
        (player.discard if to == "discard" else player.hand).append(instance)
    if state.combat is not None:
        combat = state.combat
        combat.attackers = [a for a in combat.attackers if a != instance]
        combat.blocks = [b for b in combat.blocks if b.blocker != instance]
    if died:
        c = card(instance)
        if s.has("volatile") and s.power:
            hurt_player(state, seat, s.power)
            state.add_event(f"Volatile: {c.name} deals {s.power} damage to {player.name}.",
                            anchor="kw-volatile", seat=seat)
        if c.death:
            state.queue.append(Job(card=c.id, trigger="death", source=None, controller=seat))


def check_deaths(state: FnState) -> None:
    """Destroy every creature whose damage has reached its defense or that a Deathtouch
    source damaged; those that die together die at once."""
    while True:
        dead = []
        for player in state.players:
            for creature in player.creatures:
                s = stats_of(player, creature)
                if creature.deathtouched or creature.damage >= s.defense:
                    dead.append((creature.id, creature.deathtouched and creature.damage < s.defense))
        if not dead:
            return
        for instance, by_touch in dead:
            destroy(state, instance, "is destroyed by Deathtouch" if by_touch else "is destroyed")


def check_health(state: FnState) -> None:
    """Health 0 loses; both at 0 together: the active player loses."""
    if state.over:
        return
    down = [s for s, p in enumerate(state.players) if p.health <= 0]
    if len(down) == 2:
        lose(state, state.flow.active, "is at 0 health together with the opponent", "win-health")
    elif down:
        lose(state, down[0], "is at 0 health", "win-health")


def attach(state: FnState, seat: int, gear: str, target: str | None) -> None:
    state.players[seat].gear.append(Gear(id=gear, on=target))


def all_instances(state: FnState) -> list[str]:
    """Every card (not token) of the game, wherever it is."""
    out: list[str] = []
    for p in state.players:
        out += p.deck + p.hand + p.discard + p.resources + [g.id for g in p.gear]
        out += [c.id for c in p.creatures if not c.token]
    return out


def find_card(instances: list[str], ref: str) -> str | None:
    """An instance in ``instances`` named by its id, its card id or the start of either."""
    ref = ref.lower()
    for i in instances:
        if i == ref:
            return i
    for i in instances:
        if card_of(i) == ref:
            return i
    for i in instances:
        if i.startswith(ref):
            return i
    return None


def handles(in_play: list[str]) -> dict[str, str]:
    """A name for each card in play that a player can read and type, and that says nothing
    hidden: its card id ('scrap_golem') when it is the only one in play, else the card id and
    its place among those in play ('scrap_golem.2'), counted in ``in_play``'s order (public:
    each player's creatures, equipment and resources in the order they came into play)."""
    counts: dict[str, int] = {}
    for i in in_play:
        counts[card_of(i)] = counts.get(card_of(i), 0) + 1
    seen: dict[str, int] = {}
    out = {}
    for i in in_play:
        cid = card_of(i)
        seen[cid] = seen.get(cid, 0) + 1
        out[i] = cid if counts[cid] == 1 else f"{cid}.{seen[cid]}"
    return out


def in_play(state: FnState) -> list[str]:
    """Every card in play, in the public order ``handles`` counts in."""
    return [i for p in state.players for i in
            [c.id for c in p.creatures] + [g.id for g in p.gear] + list(p.resources)]


def find_in_play(state: FnState, pool: list[str], ref: str) -> str | None:
    """The card of ``pool`` (cards in play) that ``ref`` names: its handle, else as
    ``find_card`` finds it."""
    by_handle = {h: i for i, h in handles(in_play(state)).items()}
    found = by_handle.get(ref.lower())
    if found is not None:
        return found if found in pool else None
    return find_card(pool, ref)


def said(ref: str) -> str:
    """How a sentence names what a player referred to: a card's name when ``ref`` is a card
    instance or id, else the words as typed."""
    try:
        return card(ref).name
    except KeyError:
        return f"'{ref}'"

