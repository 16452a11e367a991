"""What the shell asks of The Fractured Net: its setup questions, its card table, its bots."""

from __future__ import annotations

from shards_tui.core.bot_adapter import GameAdapter, sim_step
from shards_tui.core.registry import CardTable
from shards_tui.core.setup_spec import Choice, GameOption, SeatRole, SetupSpec
from shards_tui.games.fractured_net.cards import FACTION_NAMES, RARITIES, TYPES, collectible, starters
from shards_tui.games.fractured_net.setup import DEFAULT_TIMER, MAX_TIMER, MIN_TIMER


def setup_spec() -> SetupSpec:
    decks = tuple(Choice(id=d.id, title=d.name, blurb=FACTION_NAMES[d.faction])
                  for d in starters())
    return SetupSpec(
        role=SeatRole(key="deck", label="Deck", choices=decks, private=True,
                      decks=True),
        options=(
            GameOption(key="mode", label="Mode", kind="choice", flag="--mode", default="casual",
                       help="casual (unrated) or ranked (rated, timer on, legal decks only)",
                       choices=(Choice(id="casual", title="Casual", blurb="Unrated"),
                                Choice(id="ranked", title="Ranked", blurb="Rated; timer on"))),
            GameOption(key="timer", label="Turn timer", kind="flag", flag="--timer",
                       default=None, help="default: on in ranked, off in casual"),
            GameOption(key="turn_seconds", label="Seconds a turn", kind="number",
                       flag="--turn-seconds", default=DEFAULT_TIMER, minimum=MIN_TIMER,
                       maximum=MAX_TIMER, help="the turn timer's limit in seconds"),
        ),
    )


def card_table() -> CardTable:
    # Deferred (startup): registering the game loads no card text nor bots.
    from shards_tui.games.fractured_net.text import card_text

    cards = sorted(collectible(), key=lambda c: (c.faction == "neutral", c.faction,
                                                 TYPES.index(c.type), c.cost, c.name))
    rows = tuple((c.name, FACTION_NAMES[c.faction], f"{c.type}, {c.rarity}",
                  str(c.cost), f"{c.power}/{c.defense}" if c.type == "creature" else "—",
                  card_text(c)) for c in cards)
    per = {r: sum(c.rarity == r for c in cards) for r in RARITIES}
    return CardTable(title=f"SHARDS: The Fractured Net: {len(cards)} cards "
                           f"({', '.join(f'{n} {r}' for r, n in per.items())})",
                     columns=("Name", "Faction", "Type", "#Cost", "#P/D", "Text"), rows=rows)


def bots() -> GameAdapter:
    # Deferred (startup): registering the game loads no card text nor bots.
    from shards_tui.games.fractured_net import bots as b

    return GameAdapter("fractured_net", b.greedy_scores, b.world_sampler, sim_step,
                       b.sim_scores, b.evaluate, b.turn_of, obvious=b.OBVIOUS,
                       takes_back=b.takes_back)
