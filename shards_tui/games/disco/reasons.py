"""Why a bot makes a Disco Infinity move, in one line a watcher can follow.

The greedy bot's reasons become the log's bot notes and the demo's narration ("Ana (greedy
bot) places Rocket in space 4: a missile of 3 to shoot down Ben's Power Plant in orbit space
4"). A placement's reason names the effect that makes the card worth most where it will
probably fire, in the card's own text (``text.step_text``), and what it aims at. The notes are
logged for every seat, so they say nothing a seat may not know: a kept draft card or a
retained card is never named.
"""

from __future__ import annotations

from shards_tui.games.disco import effects as fx
from shards_tui.games.disco import heuristics as h
from shards_tui.games.disco.text import step_text

Names = list[str]  # the players' names, by seat


def _joined(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _lower(text: str) -> str:
    return text[0].lower() + text[1:] if text else text


def _missile(pos: h.Pos, step: fx.Missile, space: int, names: Names) -> str:
    other = 1 - pos.me
    them = names[other]
    if step.column == "choose":
        return f"a missile it may fire down any column at {them}'s satellites or shields"
    stack = pos.orbit[other][space - 1]
    if stack:
        guards = [cid for cid, _, _ in stack if h.card(cid).guard]
        hit = guards[:1] or [cid for cid, _, _ in stack]
        return (f"a missile to shoot down {them}'s {_joined([h.card(c).name for c in hit])} "
                f"in orbit space {space}")
    if isinstance(step.amount, int):
        n = step.amount + (step.boost.plus if step.boost and space in step.boost.spaces else 0)
        return f"a missile of {n} at {them}'s shields, down column {space}"
    return f"a missile at {them}'s shields, down column {space}"


def _here(text: str, space: int) -> str:
    """The card's text with 'here' made its space."""
    text = text.replace("orbit space here", f"orbit space {space}")
    head, found, tail = text.rpartition(" here")
    return f"{head} in space {space}{tail}" if found else text


def _effect(pos: h.Pos, step: fx.Step, space: int, names: Names) -> str:
    """What one step does for the bot, in words."""
    if isinstance(step, fx.Missile):
        return _missile(pos, step, space, names)
    return "to " + _here(_lower(step_text(step)), space)


def place_reason(after: h.Pos, at: int, card_id: str, gap: int, names: Names) -> str:
    """``after``: the position with the card placed (its own placement moves made), the card
    at index ``at``."""
    c = h.card(card_id)
    space = h.final_spaces(after)[at]
    where = f"space {gap}" if space == gap else f"space {gap} (it should fire from space {space})"
    best, why = 0.0, ""
    now = h.Ctx(after, after.me, at + 1, at, 0, card_id, late=False)
    for step in c.placement:
        worth = h.step_value(now, step)
        if worth > best:
            best, why = worth, f"on placement, {_effect(after, step, at + 1, names)}"
    fire = h.Ctx(after, after.me, space, at, 0, card_id, late=True)
    for step in c.action:  # in order: a step may count what an earlier one spent
        worth = h.step_value(fire, step)
        if worth > best:
            best, why = worth, _effect(after, step, space, names)
    if c.is_satellite and c.launch_to != "opponent":
        worth = h.SAT_RISK * h.satellite_worth(after, card_id, after.me, space, fire.tokens)
        if worth > best:
            rounds = [step_text(s) for s in (*c.start_of_round, *c.end_of_round)]
            then = f", then {_here(_lower(rounds[0]), space)} every round" if rounds else ""
            best, why = worth, f"to launch it into orbit space {space}{then}"
    elif c.is_satellite:
        best, why = max(best, 0.1), why or f"to launch it into {names[1 - after.me]}'s orbit row"
    if not why:
        why = "the card that costs least to play now"
    return f"places {c.name} in {where}: {why}"


def token_reason(pos: h.Pos, found: tuple[str, int, int, int, bool] | None, name: str) -> str:
    """``found``: (card id, owner, space, tokens, in orbit) of the card the token goes on."""
    if found is None:
        return f"puts the token on {name}"
    _, owner, _, _, orbit = found
    if owner != pos.me:
        return f"puts the token on {name}, where it does the least for its owner"
    if orbit:
        return f"puts the token on {name}: tokens on a satellite stay from round to round"
    return f"puts the token on {name}, to be spent or counted this round"
