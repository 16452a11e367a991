"""SHARDS: The Fractured Net: the 1v1 creature card game."""

from shards_tui.core.registry import GameInfo, listing, register
from shards_tui.core.stats_spec import Field, StatsSpec
from shards_tui.games.fractured_net import catalogue
from shards_tui.games.fractured_net.controller import FracturedNetController

register(GameInfo(
    listing=listing("fractured_net"),
    controller=FracturedNetController,
    rules_file="fractured_net.md",
    setup_spec=catalogue.setup_spec,
    card_table=catalogue.card_table,
    bots="shards_tui.games.fractured_net.catalogue:bots",
    table_screen="shards_tui.ui.tables.fractured_net.screen:FracturedNetTable",
    decks="shards_tui.games.fractured_net.decks:deck_rules",
    # benchmarks/fuzz.py also plays these setups: random legal decks instead of the starters
    fuzz_setups={"random-decks": {"random_decks": True}},
    stats=StatsSpec(figures=(Field("health", "Health"), Field("capacity", "Energy capacity")),
                    roles=(Field("deck", "Deck"),), damage="health"),
))
