"""The end of a Shards of Infinity game in words: the headline and one line per player."""

from __future__ import annotations

from typing import Mapping

from shards_tui.core.wording import who_won
from shards_tui.games.shards.cards import CardDef
from shards_tui.games.shards.content import ruleset
from shards_tui.games.shards.view import ShardsView


def _character(char_id: str) -> str:
    try:
        return ruleset().character(char_id).name
    except KeyError:
        return char_id


def summary_lines(view: ShardsView, cards: Mapping[str, CardDef]) -> tuple[str, list[str]]:
    """The headline ('Ana wins!') and one line per player, from a public view."""
    players = view.players
    won = view.winners or []
    winners = [players[s].name for s in won]
    headline = who_won(winners) + ("!" if winners else ".")
    turns = view.turn
    lines = [f"The game lasted {turns} turn{'s' if turns != 1 else ''}."]
    for p in players:
        status = "out" if p.out else f"{p.health} health"
        champions = ", ".join(cards[c.card].name if c.card in cards else c.card
                              for c in p.champions) or "no champions"
        crown = "★ " if p.seat in won else "  "
        team = f", Team {p.team + 1}" if p.team is not None else ""  # 2v2 Team Attack
        lines.append(f"{crown}{p.name} ({_character(p.character)}{team}): {status}, "
                     f"{p.mastery} mastery, {champions}")
    if any(p.nemesis for p in players) and view.log:
        lines.append(view.log[-1].text)  # Nemesis Challenge: how it ended
    return headline, lines
