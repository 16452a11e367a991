"""Shards of Infinity: the deckbuilder for 2-4 players."""

from shards_tui.core.registry import GameInfo, listing, register
from shards_tui.core.stats_spec import Field, StatsSpec
from shards_tui.games.shards import catalogue
from shards_tui.games.shards.content import ruleset
from shards_tui.games.shards.controller import ShardsController

register(GameInfo(
    listing=listing("shards"),
    controller=ShardsController,
    rules_file="shards_of_infinity.md",
    setup_spec=catalogue.setup_spec,
    card_table=catalogue.card_table,
    bots="shards_tui.games.shards.catalogue:bots",
    table_screen="shards_tui.ui.tables.shards.screen:ShardsTable",
    variants=ruleset().variants,
    expansions=ruleset().expansions,
    seating_note=catalogue.seating_note,
    stats=StatsSpec(figures=(Field("health", "Health"), Field("mastery", "Mastery")),
                    roles=(Field("character", "Character"),), team="team", damage="health"),
))
