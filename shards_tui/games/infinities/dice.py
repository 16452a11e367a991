"""The action check: choosing and rolling dice, rerolls, conversions, the added die, locking,
and spending locked results on actions (never more dice a turn than the leader's Health)."""

from __future__ import annotations

from collections import Counter

from shards_tui.core.errors import IllegalCommand
from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities.board import Board, plural
from shards_tui.games.infinities.models import Die


def face_name(face: str) -> str:
    return "0" if face == "blank" else face.capitalize()


def dice_text(dice: list[Die]) -> str:
    return ", ".join(f"{face_name(d.face)}{' (added)' if d.added else ''}" for d in dice)


def roll(b: Board, seat: int, colours: tuple[str, ...]) -> None:
    """Roll the chosen dice; the strong track's level-3 die (and any lasting added die) join
    them set to their result."""
    state = b.state
    faces = b.c.rules.die
    dice = [Die(colour=c, face=faces[c][state.rng.below(6)]) for c in colours]  # type: ignore[index]
    leader = b.leader(seat)
    if leader is not None and b.level(seat, leader.strong) >= b.limits.added_die_level:
        dice.append(Die(colour=leader.strong, face=leader.strong, added=True))
    for m in b.modifiers(seat):
        if isinstance(m, fx.AddedDie):
            dice.append(Die(colour=m.face, face=m.face, added=True))
    state.turn.dice = dice
    state.mark_reveal()
    b.event(f"{b.who(seat)} rolls {', '.join(c.capitalize() for c in colours)}: {dice_text(dice)}.",
            "action-check", seat)


def rerolls_left(b: Board, seat: int) -> dict[str, int]:
    levels = b.levels(seat)
    out = {a: int(levels[a] >= b.limits.reroll_level) for a in fx.ATTRS}
    for m in b.modifiers(seat):
        if isinstance(m, fx.Reroll):
            out[m.attr] += 1
    for colour in b.state.turn.rerolled:
        out[colour] -= 1
    return out


def conversions(b: Board, seat: int) -> list[fx.Conversion]:
    return [m for m in b.modifiers(seat) if isinstance(m, fx.Conversion)]


def die_at(b: Board, index: int) -> Die:
    dice = b.state.turn.dice
    if not 1 <= index <= len(dice):
        raise IllegalCommand(f"You have {plural(len(dice), 'die')}; there is no die {index}.", "action-check")
    return dice[index - 1]


def check_reroll(b: Board, seat: int, index: int) -> None:
    die = die_at(b, index)
    if die.added:
        raise IllegalCommand("An added die was set, not rolled, so it cannot be rerolled.", "reroll")
    if die.rerolled:
        raise IllegalCommand(f"Die {index} has been rerolled already; a die is rerolled once.", "reroll")
    if die.converted:
        raise IllegalCommand(f"Die {index} has been converted; rerolls come before conversions.", "reroll")
    if rerolls_left(b, seat)[die.colour] <= 0:
        raise IllegalCommand(f"You have no reroll left for {die.colour.capitalize()} dice (level "
                             f"{b.limits.reroll_level} of a track gives one).", "reroll")


def reroll(b: Board, seat: int, index: int) -> None:
    check_reroll(b, seat, index)
    die = b.state.turn.dice[index - 1]
    before = die.face
    die.face = b.c.rules.die[die.colour][b.state.rng.below(6)]  # type: ignore[index]
    die.rerolled = True
    b.state.turn.rerolled.append(die.colour)
    b.state.mark_reveal()
    b.event(f"{b.who(seat)} rerolls die {index} ({face_name(before)}): {face_name(die.face)}.",
            "reroll", seat)


def check_convert(b: Board, seat: int, index: int, face: str) -> None:
    die = die_at(b, index)
    if die.converted:
        raise IllegalCommand(f"Die {index} has been converted already; a die converts once.", "convert")
    if die.face == face:
        raise IllegalCommand(f"Die {index} already shows {face_name(face)}.", "convert")
    if not any(c.attr == die.colour and c.source == die.face and c.result == face
               for c in conversions(b, seat)):
        raise IllegalCommand(f"Nothing lets you convert a {die.colour.capitalize()} die showing "
                             f"{face_name(die.face)} to {face_name(face)}.", "convert")


def convert(b: Board, seat: int, index: int, face: str) -> None:
    check_convert(b, seat, index, face)
    die = b.state.turn.dice[index - 1]
    before = die.face
    die.face = face  # type: ignore[assignment]
    die.converted = True
    b.event(f"{b.who(seat)} converts die {index} from {face_name(before)} to {face_name(face)}.",
            "convert", seat)


def lock(b: Board, seat: int) -> None:
    b.state.turn.locked = True
    free = Counter(d.face for d in b.state.turn.dice if d.face != "blank")
    said = ", ".join(f"{n} {face_name(f)}" for f, n in free.items()) or "nothing usable"
    b.event(f"{b.who(seat)} locks in {said}; they may spend {plural(b.dice_limit(seat), 'die')} "
            "this turn (their Health).", "health-limit", seat)


# ---- spending ----------------------------------------------------------------------------


def unspent(b: Board) -> Counter:
    return Counter(d.face for d in b.state.turn.dice if not d.spent and d.face != "blank")


def spend_problem(b: Board, seat: int, faces: tuple[str, ...] | list[str]) -> str | None:
    """Why these results cannot be spent now (one sentence), or None. (Kept while the board is
    frozen: listing the legal moves asks it of every candidate.)"""
    faces = tuple(faces)
    return b.kept(("spend", seat, faces), lambda: _spend_problem(b, seat, faces))


def _spend_problem(b: Board, seat: int, faces: tuple[str, ...]) -> str | None:
    state = b.state
    if state.flow.active != seat or not state.turn.locked:
        return "Dice are spent on your own turn, once your action check is locked."
    need = Counter(faces)
    have = unspent(b)
    for face, n in need.items():
        if have[face] < n:
            return (f"That needs {plural(n, face_name(face) + ' result')} and you have "
                    f"{have[face]} left.")
    limit = b.dice_limit(seat)
    if state.turn.spent + len(faces) > limit:
        return (f"You may spend only {plural(limit, 'die')} this turn (your leader's Health) and "
                f"have spent {state.turn.spent}.")
    return None


def spend(b: Board, seat: int, faces: tuple[str, ...] | list[str]) -> None:
    problem = spend_problem(b, seat, faces)
    if problem:
        raise IllegalCommand(problem, "health-limit")
    for face in faces:
        die = next(d for d in b.state.turn.dice if not d.spent and d.face == face)
        die.spent = True
        b.state.turn.spent += 1
