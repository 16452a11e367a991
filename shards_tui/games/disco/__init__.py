"""Disco Infinity: sequence building for two players."""

from shards_tui.core.registry import GameInfo, Length, listing, register
from shards_tui.core.stats_spec import Field, StatsSpec
from shards_tui.games.disco import catalogue
from shards_tui.games.disco.content import RULES_FILE
from shards_tui.games.disco.controller import DiscoController

register(GameInfo(
    listing=listing("disco"),
    controller=DiscoController,
    rules_file=RULES_FILE,
    setup_spec=catalogue.setup_spec,
    card_table=catalogue.card_table,
    bots="shards_tui.games.disco.catalogue:bots",
    length=Length("round", "round"),  # played in rounds
    turn_word="round",  # (its turn counter is the round)
    table_screen="shards_tui.ui.tables.disco.screen:DiscoTable",
    stats=StatsSpec(figures=(Field("shields", "Shields"), Field("research_total", "Research points"),
                             Field("tokens", "Power tokens")),
                    roles=(Field("faction", "Faction"),), damage="shields"),
))
