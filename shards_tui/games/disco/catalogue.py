"""What the shell asks of Disco Infinity: its setup questions, its card table, its bots."""

from __future__ import annotations

from shards_tui.core.bot_adapter import GameAdapter, sim_step
from shards_tui.core.registry import CardTable
from shards_tui.core.setup_spec import Choice, SeatRole, SetupSpec
from shards_tui.games.disco.content import ruleset


def setup_spec() -> SetupSpec:
    factions = tuple(Choice(id=f.id, title=f.name, blurb=f.blurb) for f in ruleset().factions)
    # distinct: the box holds one deck of each faction (see the rules reference, 'Rulings');
    # own_terminal: over SSH each player chooses their own ("each player chooses one").
    return SetupSpec(role=SeatRole(key="faction", label="Faction", choices=factions, distinct=True,
                                   own_terminal=True))


def card_table() -> CardTable:
    # Deferred (startup): registering the game loads no card text nor bots.
    from shards_tui.games.disco.cards import card_db
    from shards_tui.games.disco.text import card_text, kind_text

    names = {f.id: f.name for f in ruleset().factions}
    order = {f.id: n for n, f in enumerate(ruleset().factions)}
    cards = sorted(card_db().values(), key=lambda c: (c.faction is None, order.get(c.faction or "", 9),
                                                      c.kind, c.name))
    rows = tuple((c.name, names.get(c.faction or "", "Draft deck"), kind_text(c),
                  str(c.copies) + (f" +{c.draft_copies} draft" if c.draft_copies else ""),
                  card_text(c))
                 for c in cards)
    total = sum(c.copies + c.draft_copies for c in cards)
    return CardTable(title=f"Disco Infinity: {len(cards)} cards, {total} copies",
                     columns=("Name", "Deck", "Kind", "#Copies", "Text"), rows=rows)


def bots() -> GameAdapter:
    # Deferred (startup): registering the game loads no card text nor bots.
    from shards_tui.games.disco import bots as b

    return GameAdapter("disco", b.greedy_scores, b.world_sampler, sim_step, b.sim_scores,
                       b.evaluate, b.turn_of, obvious=b.OBVIOUS)
