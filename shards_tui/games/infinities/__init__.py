"""Infinities: Defiance of Fate: a hex map that grows, action dice, leaders, 2-6 players."""

from shards_tui.core.registry import GameInfo, Length, listing, register
from shards_tui.core.stats_spec import Field, StatsSpec
from shards_tui.games.infinities import catalogue
from shards_tui.games.infinities.content import RULES_FILE
from shards_tui.games.infinities.controller import InfinitiesController

register(GameInfo(
    listing=listing("infinities"),
    controller=InfinitiesController,
    rules_file=RULES_FILE,
    setup_spec=catalogue.setup_spec,
    card_table=catalogue.card_table,
    bots="shards_tui.games.infinities.catalogue:bots",
    length=Length("round", "round"),  # played in rounds
    table_screen="shards_tui.ui.tables.infinities.screen:InfinitiesTable",
    fuzz_setups=catalogue.FUZZ_SETUPS,
    campaign="shards_tui.games.infinities.campaign:campaign",
    # Leaders are chosen during play: each seat's is in its public facts.
    stats=StatsSpec(figures=(Field("points", "Points"), Field("health", "Health")),
                    roles=(Field("leader_name", "Leader"),), team="team", damage="health"),
))
