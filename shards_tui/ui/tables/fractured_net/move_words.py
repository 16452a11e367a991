"""Moves as a player reads and types them (no Textual): never an instance id.

A legal move names cards in play by instance id ('block scrap_golem#16 net_wolf#7'), which is
how the game keeps them apart. On screen a card in play is named by its handle instead (the
rules' ``zones.handles``: 'scrap_golem', or 'scrap_golem.2' when two are in play), which the
rules read back as the same card; a card elsewhere (a hand, the top of a deck) by its card id.
``typed`` is the line the command line completes to and the table sends; ``words`` says the
move in a sentence, for the palette.
"""

from __future__ import annotations

from shards_tui.core.commands import Choose, Command
from shards_tui.games.fractured_net.cards import card, card_of
from shards_tui.games.fractured_net.commands import (Activate, Attack, Block, Concede, Confirm,
                                                     End, Keep, Mulligan, Pass, Play, Unblock,
                                                     Withdraw)
from shards_tui.games.fractured_net.view import FnView
from shards_tui.games.fractured_net.zones import handles
from shards_tui.games.fractured_net.models import Phase
from shards_tui.ui.tables.fractured_net.table_data import energy_cost


def view_handles(view: FnView) -> dict[str, str]:
    """Each card in play of the view, with its handle."""
    return handles([i for p in view.players for i in
                    [c.id for c in p.creatures] + [g.id for g in p.gear]
                    + [r.id for r in p.resources]])


def _ref(names: dict[str, str], word: str) -> str:
    return names.get(word) or (card_of(word) if "#" in word else word)


def typed(view: FnView, command: Command, names: dict[str, str] | None = None) -> str:
    """The command's line with every card named by its handle or card id."""
    names = view_handles(view) if names is None else names
    return " ".join([command.verb, *(_ref(names, a) for a in command.args())])


def _name(names: dict[str, str], instance: str) -> str:
    """A card's name, with its place when several of that card are in play."""
    handle = names.get(instance, "")
    place = f" ({handle.rsplit('.', 1)[1]})" if "." in handle else ""
    try:
        return card(instance).name + place
    except KeyError:
        return instance


def words(view: FnView, command: Command, names: dict[str, str] | None = None) -> str:
    """The move in a plain sentence, for the palette."""
    names = view_handles(view) if names is None else names
    n = lambda instance: _name(names, instance)  # noqa: E731
    if isinstance(command, Play):
        c = card(command.card)
        return f"Play {c.name} ({energy_cost(c.cost)})"  # (as the hand writes it: '0 energy')
    if isinstance(command, Activate):
        return f"Use the ability of {n(command.source)}"
    if isinstance(command, Attack):
        if command.creature == "all":
            return "Attack with every creature that can, and confirm"
        return f"Attack with {n(command.creature)}"
    if isinstance(command, Withdraw):
        return f"Take back the attack by {n(command.creature)}"
    if isinstance(command, Block):
        return f"Block {n(command.attacker)} with {n(command.blocker)}"
    if isinstance(command, Unblock):
        return f"Take back the block by {n(command.blocker)}"
    if isinstance(command, Confirm):
        return "Confirm your blocks" if view.phase == Phase.BLOCK else "Confirm your attackers"
    if isinstance(command, Choose):
        labels = {o.id: o.label for o in (view.pending.options or ())} if view.pending else {}
        chosen = [labels.get(o) or n(o) for o in command.options]
        return "Choose " + (", ".join(chosen) if chosen else "none")
    plain = {Pass: "Pass: play no more Responses now", End: "End your turn",
             Keep: "Keep your opening hand", Mulligan: "Mulligan: draw 7 new cards",
             Concede: "Concede the game"}
    return plain.get(type(command), command.summary.capitalize())


def palette(view: FnView) -> list[tuple[str, str]]:
    """(line, sentence) for each legal move, each move once."""
    names = view_handles(view)
    out: dict[str, str] = {}
    for move in view.legal:
        out.setdefault(typed(view, move.command, names), words(view, move.command, names))
    return list(out.items())
