"""What card effects point at: amounts, conditions, scopes of cards, selection and its
protection, and the questions effects put to players (a pending core Decision)."""

from __future__ import annotations

from shards_tui.core.decision import Decision, Option
from shards_tui.games.disco import effects as fx
from shards_tui.games.disco.board import Board, plural
from shards_tui.games.disco.models import Frame

# ---- amounts and conditions ---------------------------------------------------------------


def amount(b: Board, frame: Frame, value: fx.Amount) -> int:
    if isinstance(value, int):
        return value
    base = count(b, frame, value.count)
    total = base * value.times + value.plus
    return min(total, value.most) if value.most is not None else total


def count(b: Board, frame: Frame, source: str) -> int:
    state, seat, space = b.state, frame.seat, b.space_of(frame)
    if source == "spent":
        return frame.spent
    if source == "tokens_here":
        return b.tokens_on(frame.source)
    if source == "column_tokens":
        return sum(b.tokens_on(c) for c in b.column_cards(space))
    if source == "research_here":
        return state.players[seat].research[space - 1]
    if source == "your_satellites":
        return len(b.satellites(seat))
    if source == "stack":
        return len(state.players[seat].orbit[space - 1])
    if source == "tech_value":
        return b.card(frame.source).tech or 0
    if source == "row_tech":
        return row_tech(b)
    if source == "your_upstream":
        mine = b.row_index(frame.source)
        if mine is None:
            return 0
        return sum(1 for i, s in b.row_cards() if i < mine and s.seat == seat)
    raise ValueError(f"unknown count {source!r}")  # pragma: no cover - the vocabulary is closed


def row_tech(b: Board) -> int:
    return sum(b.card(s.card).tech or 0 for _, s in b.row_cards())


def holds(b: Board, frame: Frame, cond: fx.Condition) -> bool:
    space = b.space_of(frame)
    if isinstance(cond, fx.InSpaces):
        return space in cond.spaces
    if isinstance(cond, fx.TokensHere):
        return b.tokens_on(frame.source) >= cond.at_least
    if isinstance(cond, fx.EnemySatelliteHere):
        enemy = b.state.players[b.other(frame.seat)].orbit[space - 1]
        return bool(enemy) == cond.present
    if isinstance(cond, fx.Spent):
        return frame.spent >= cond.at_least
    if isinstance(cond, fx.TechInRow):
        return row_tech(b) >= cond.at_least
    if isinstance(cond, fx.ResearchHere):
        return b.state.players[frame.seat].research[space - 1] >= cond.at_least
    raise ValueError(f"unknown condition {cond!r}")  # pragma: no cover


# ---- scopes ----------------------------------------------------------------------------------


def scope_cards(b: Board, frame: Frame, scope: str) -> list[str]:
    """The cards in play a scope names, in a fixed order (row first, then orbits)."""
    seat, other = frame.seat, b.other(frame.seat)
    row = b.row_cards()
    if scope == "this":
        return [frame.source] if b.in_play(frame.source) else []
    if scope == "yours":
        return [s.card for _, s in row if s.seat == seat] + b.satellites(seat)
    if scope == "your_satellites":
        return b.satellites(seat)
    if scope == "column":
        return b.column_cards(b.space_of(frame))
    if scope == "enemy_column":
        space = b.space_of(frame)
        mine = [s.card for i, s in row if i == space - 1 and s.seat == other]
        return mine + list(b.state.players[other].orbit[space - 1])
    if scope == "upstream":
        at = b.row_index(frame.source)
        return [] if at is None else [s.card for i, s in row if i < at]
    if scope == "any":
        return [s.card for _, s in row] + b.satellites(0) + b.satellites(1)
    raise ValueError(f"unknown scope {scope!r}")  # pragma: no cover


# ---- selection -----------------------------------------------------------------------------


def selectable(b: Board, chooser: int, instance: str) -> bool:
    """Protection from select guards against the opponent's effects only, and only from
    orbit: a satellite still in the action row has not launched, so it protects nothing
    (see the ruling 'Satellite effects begin in orbit')."""
    owner = b.owner(instance)
    place = b.orbit_place(instance)
    if owner is None or owner == chooser or place is None:
        return True
    stack = b.state.players[place[0]].orbit[place[1]]
    return not any(b.card(c).protect == ("self" if c == instance else "stack") for c in stack)


def select(b: Board, chooser: int, instance: str) -> None:
    """A selected card spends half its power tokens, rounded up; then the 'when selected'
    effect of a satellite in orbit is queued for its owner, to happen once the selecting step
    is done (a satellite still in the action row has not launched: no effect)."""
    have = b.tokens_on(instance)
    if have:
        spent = b.remove_tokens(instance, (have + 1) // 2)
        b.event(f"{b.name(instance)} is selected and spends {plural(spent, 'power token')} "
                f"(half of {have}, rounded up).", "select")
    place = b.orbit_place(instance)
    card = b.card(instance)
    if card.on_selected and place is not None:
        b.state.stack.append(Frame(source=instance, seat=place[0], trigger="on_selected",
                                   space=place[1] + 1))
    elif place is None and b.row_index(instance) is not None:
        _say_not_launched(b, chooser, instance)


def _say_not_launched(b: Board, chooser: int, instance: str) -> None:
    """A satellite selected while still in the action row: the log says which of its orbit
    effects did not apply, so that a player who reads the card knows why."""
    card, owner = b.card(instance), b.owner(instance)
    missed = []
    if card.protect and owner is not None and owner != chooser:
        missed.append("protects nothing")
    if card.on_selected:
        missed.append("has no 'When selected' effect")
    if missed:
        b.event(f"{b.name(instance)} has not launched yet: until it is in orbit it "
                f"{' and '.join(missed)}.", "select")


# ---- questions -------------------------------------------------------------------------------


def where_label(b: Board, instance: str, viewer: int | None = None) -> str:
    """'Ion Lance (your card in space 3, 2 tokens)' for ``viewer``; with no viewer, for the
    log: 'Ion Lance (Ben's card in space 3, 2 tokens)'."""
    tokens = b.tokens_on(instance)
    extra = f", {plural(tokens, 'token')}" if tokens else ""
    i = b.row_index(instance)
    if i is not None:
        seat = b.state.row[i].seat  # type: ignore[union-attr]
        whose = "your" if seat == viewer else f"{b.who(seat)}'s"
        return f"{b.name(instance)} ({whose} card in space {i + 1}{extra})"
    place = b.orbit_place(instance)
    if place is not None:
        whose = "your" if place[0] == viewer else f"{b.who(place[0])}'s"
        return f"{b.name(instance)} ({whose} satellite in orbit space {place[1] + 1}{extra})"
    return b.name(instance)


def ask(b: Board, seat: int, kind: str, prompt: str, options: list[Option], *, least: int = 1,
        most: int = 1, private: bool = False, origin: str = "effect") -> bool:
    """Put a question to a player; resolution stops until it is answered. Always False."""
    b.state.pending = Decision(seat=seat, kind=kind, prompt=prompt, options=options,
                               min=min(least, len(options)), max=min(most, len(options)),
                               private=private, data={"origin": origin})
    return False


def card_options(b: Board, cards: list[str], viewer: int) -> list[Option]:
    return [Option(id=c, label=where_label(b, c, viewer)) for c in cards]


def hand_options(b: Board, cards: list[str]) -> list[Option]:
    return [Option(id=c, label=b.name(c)) for c in cards]


def space_options(spaces: list[int], label: str = "Space",
                  there: dict[int, str] | None = None) -> list[Option]:
    """'Space 3', or with ``there`` saying what is in each space: 'Space 3 (Laser Show)'."""
    there = there or {}
    return [Option(id=f"space{s}", label=f"{label} {s}" + (f" ({there[s]})" if there.get(s) else ""))
            for s in spaces]


def column_options(b: Board, viewer: int) -> list[Option]:
    """The six columns, each with the satellites in it named (the opponent's first, which a
    missile down it would hit): 'Column 3 (Ben's Cloak Field, Power Plant; your Bastion)'."""
    other = b.other(viewer)
    there = {}
    for space in range(1, 7):
        theirs = [b.name(c) for c in b.state.players[other].orbit[space - 1]]
        mine = [b.name(c) for c in b.state.players[viewer].orbit[space - 1]]
        parts = ([f"{b.who(other)}'s {', '.join(theirs)}"] if theirs else []) + \
            ([f"your {', '.join(mine)}"] if mine else [])
        there[space] = "; ".join(parts) or "no satellites"
    return space_options(list(range(1, 7)), "Column", there)


def orbit_space_options(b: Board, owner: int, spaces: list[int]) -> list[Option]:
    """Orbit spaces of ``owner``'s row, each with the satellites already there named."""
    return space_options(spaces, "Space", {s: ", ".join(b.name(c) for c in b.state.players[owner].orbit[s - 1])
                                           for s in spaces})


def row_space_options(b: Board, spaces: list[int]) -> list[Option]:
    """Action spaces, each with the card now in it named ('Space 3 (now Laser Show)')."""
    row = b.state.row
    return space_options(spaces, "Space", {s: f"now {b.name(row[s - 1].card)}" for s in spaces  # type: ignore[union-attr]
                                           if s <= len(row) and row[s - 1] is not None})


def space_of_option(option_id: str) -> int:
    return int(option_id.removeprefix("space"))
