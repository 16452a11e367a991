"""Shards of Infinity: the deckbuilder for 2-4 players."""

from shards_tui.core.registry import GameInfo, register
from shards_tui.games.shards.content import ruleset
from shards_tui.games.shards.controller import ShardsController

register(GameInfo(
    id="shards",
    title="Shards of Infinity",
    blurb="Deckbuilder, also played alone against the Nemesis: recruit allies and champions, "
          "gain mastery, and be the last one standing.",
    min_players=2,
    max_players=4,
    controller=ShardsController,
    rules_file="shards_of_infinity.md",
    variants=ruleset().variants,
    expansions=ruleset().expansions,
))
