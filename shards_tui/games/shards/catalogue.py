"""What the shell asks of Shards of Infinity: its setup questions, its card table, its bots."""

from __future__ import annotations

from shards_tui.core.bot_adapter import GameAdapter, sim_step
from shards_tui.core.registry import CardTable
from shards_tui.core.setup_spec import Choice, GameOption, SeatRole, SetupSpec
from shards_tui.games.shards.cards import card_db
from shards_tui.games.shards.content import ruleset
from shards_tui.games.shards.text import card_text


def setup_spec() -> SetupSpec:
    characters = tuple(Choice(id=c.id, title=c.name, blurb=c.faction.capitalize())
                       for c in ruleset().characters)
    return SetupSpec(
        role=SeatRole(key="character", label="Character", choices=characters, distinct=True,
                      won_in_play=("health_auction",)),
        options=(GameOption(key="nemesis", label="Nemesis", kind="choice", flag="--nemesis",
                            help="with --variant nemesis: the Nemesis's character "
                                 "(default: random)",
                            choices=characters, needs_variant="nemesis"),),
    )


def seating_note(variants: list[str], names: list[str]) -> str:
    """Who plays with whom in 2v2 Team Attack, as the New game screen says it ('' without)."""
    if "team" not in variants or len(names) != 4:
        return ""
    return (f"Team 1: {names[0]} and {names[1]}. Team 2: {names[2]} and {names[3]}. "
            f"{names[0]} sits across from {names[3]}, {names[1]} across from {names[2]}.")


def _num(value: int | None) -> str:
    return "—" if value is None else str(value)


def card_table() -> CardTable:
    every_set = ("base", *(e.id for e in ruleset().expansions))  # the expansions' cards too
    cards = sorted(card_db(every_set).values(),
                   key=lambda c: (c.type != "starter", c.faction or "", c.cost or 0, c.name))
    rows = tuple((c.name, (c.faction or "—").capitalize(), c.type, _num(c.cost), str(c.copies),
                  _num(c.defense), "mastery" if c.shield_is_mastery else _num(c.shield),
                  card_text(c))
                 for c in cards)
    return CardTable(title=f"Shards of Infinity: {len(cards)} cards, "
                           f"{sum(c.copies for c in cards)} copies",
                     columns=("Name", "Faction", "Type", "#Cost", "#Copies", "#Defense",
                              "#Shield", "Text"),
                     rows=rows)


def bots() -> GameAdapter:
    # Deferred (startup): the bots' modules load only when a game has a bot.
    from shards_tui.games.shards import determinize as d
    from shards_tui.games.shards import heuristics as h

    return GameAdapter("shards", d.greedy_scores, d.world_sampler, sim_step, d.sim_scores,
                       d.evaluate, d.turn_of, obvious=h.EXHAUST - 100)
