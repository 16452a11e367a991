"""What the shell asks of Infinities: its setup questions, its card table, its bots."""

from __future__ import annotations

from shards_tui.core.bot_adapter import GameAdapter, sim_step
from shards_tui.core.registry import CardTable
from shards_tui.core.setup_spec import Choice, GameOption, SetupSpec

# The fuzz runs (benchmarks/fuzz.py) play these too, each at the player counts it allows.
FUZZ_SETUPS = {
    "quickplay": {"quickplay": True, "player_counts": [2, 5]},
    "separate-decks": {"decks": "separate", "player_counts": [3]},
    "teams-2v2": {"teams": "2v2", "player_counts": [4]},
    "teams-3v3": {"teams": "3v3", "player_counts": [6]},
    "teams-2v2v2": {"teams": "2v2v2", "player_counts": [6]},
}


def setup_spec() -> SetupSpec:
    teams = (Choice(id="ffa", title="Free-for-all"),
             Choice(id="2v2", title="Two teams of 2 (4 players)", players=(4,)),
             Choice(id="3v3", title="Two teams of 3 (6 players)", players=(6,)),
             Choice(id="2v2v2", title="Three teams of 2 (6 players)", players=(6,)))
    decks = (Choice(id="shared", title="Shared: one deck per faction"),
             Choice(id="separate", title="Separate: a deck for each leader"))
    # Leaders are chosen in the game, in turn order (setup step 6), so no role is picked here.
    return SetupSpec(options=(
        GameOption(key="chapter", label="Adventure chapter", kind="choice", default="skirmish",
                   choices=chapter_choices(), flag="--chapter",
                   help="play an Adventure chapter: its id ('shards-tui chapters infinities' lists "
                   "them), random, or skirmish (the default: no chapter)", names_mode=True),
        GameOption(key="teams", label="Teams", kind="choice", default="ffa", choices=teams,
                   flag="--teams", help="free-for-all (ffa) or teams: 2v2, 3v3, 2v2v2 (seats dealt "
                   "round the table into teams)"),
        GameOption(key="quickplay", label="Quickplay", kind="flag", default=False,
                   flag="--quickplay", help="4 Roles; the game ends at 3 Points or after round 6",
                   names_mode=True),
        GameOption(key="decks", label="Decks", kind="choice", default="shared", choices=decks,
                   flag="--decks", help="shared (one deck per faction) or separate (one each)"),
    ), plain_mode="Skirmish")


def chapter_choices() -> tuple[Choice, ...]:
    # Deferred (startup): the guide is read only when the setup questions are asked for.
    from shards_tui.games.infinities.chapter_schema import KIND_NAMES
    from shards_tui.games.infinities.chapters import guide

    return (Choice(id="skirmish", title="None: a Skirmish game"),
            Choice(id="random", title="A random chapter for this many players",
                   short="A random chapter"),
            *(Choice(id=ch.id, title=f"{ch.title} ({KIND_NAMES[ch.kind]}, {ch.players_text()})",
                     short=f"{ch.title} ({KIND_NAMES[ch.kind]})",
                     blurb=ch.story.strip().split(". ")[0] + ".") for ch in guide().values()))


def card_table() -> CardTable:
    # Deferred (startup): the card data and its text load only when the table is asked for.
    from shards_tui.games.infinities.content import content
    from shards_tui.games.infinities.text import card_text, kind_text, leader_text, role_text, tile_text

    c = content()
    factions = {f.id: f.name for f in c.rules.factions}
    settings = {s.id: s.name for s in c.rules.settings}
    rows: list[tuple[str, ...]] = []
    for card in c.cards.values():
        rows.append((card.name, factions[card.faction], kind_text(card), str(card.cost),
                     str(card.copies), card_text(card)))
    for leader in c.leaders.values():
        rows.append((leader.name, factions[leader.faction], "Leader", "", "1", leader_text(leader)))
    for tile in c.tiles.values():
        rows.append((tile.name, settings.get(tile.setting, "The Rift"),
                     f"Tile, {tile.type.capitalize()}", f"Influence {tile.influence}", "1",
                     tile_text(tile)))
    for role in sorted(c.roles.values(), key=lambda r: r.name):
        rows.append((role.name, "Roles deck", "Role", "", "1", role_text(role)))
    copies = {f: sum(x.copies for x in c.cards.values() if x.faction == f) for f in factions}
    decks = ", ".join(f"{factions[f]} {n}" for f, n in copies.items())
    return CardTable(title=f"Infinities: {len(c.cards)} cards ({decks} a deck), {len(c.leaders)} "
                           f"leaders, {len(c.tiles)} tiles, {len(c.roles)} Roles",
                     columns=("Name", "Deck", "Kind", "Cost", "#Copies", "Text"), rows=tuple(rows))


def bots() -> GameAdapter:
    # Deferred (startup): the bots' modules load only when a game has a bot.
    from shards_tui.games.infinities import bots as b

    return GameAdapter("infinities", b.greedy_scores, b.world_sampler, sim_step, b.sim_scores,
                       b.evaluate, b.turn_of, obvious=b.OBVIOUS, search_defaults=b.SEARCH)
