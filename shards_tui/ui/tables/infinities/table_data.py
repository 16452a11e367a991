"""What the Infinities table shows, read from one seat's view (no Textual).

``looks(view)``: each seat's colour, pawn symbol (for NO_COLOR) and team letter. ``targets
(view)``: the legal moves of the map, by hex: where the viewer may step or discover, which
tiles they may flip, which leaders their Power actions reach and the moves against each, and
the hexes a question may be answered with (a push, a direction, a target). Every command here
is a legal move of the view (its text is what the table sends); nothing is built by matching
text the player typed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shards_tui.core.commands import Choose, Command
from shards_tui.core.hex import DIRECTION_NAMES, Hex, neighbour, parse_hex
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.view import InfView
from shards_tui.games.infinities.models import Phase

COLOURS = ("#e06c75", "#61afef", "#98c379", "#e5c07b", "#c678dd", "#56b6c2")
PAWNS = ("●", "▲", "■", "◆", "★", "✚")
TEAMS = "ABC"
FACE_MARKS = {"tide": "≈", "power": "✦", "fortitude": "▣", "blank": "0"}
FACE_WORDS = {"tide": "Tide", "power": "Power", "fortitude": "Fort", "blank": "blank"}
DIE_COLOURS = {"tide": "#61afef", "power": "#e06c75", "fortitude": "#98c379"}


@dataclass(frozen=True)
class SeatLook:
    seat: int
    name: str
    colour: str
    pawn: str
    team: str  # 'A', 'B', 'C' in a team game, else ''

    @property
    def tag(self) -> str:
        """'● Ana' or, with teams, '● Ana [A]'."""
        return f"{self.pawn} {self.name}" + (f" [{self.team}]" if self.team else "")


def looks(view: InfView) -> list[SeatLook]:
    teams = view.teams != "ffa"
    return [SeatLook(p.seat, p.name, COLOURS[p.seat % 6], PAWNS[p.seat % 6],
                     TEAMS[p.team % 3] if teams else "") for p in view.players]


def team_points(view: InfView, seats: list[SeatLook]) -> str:
    """'team A 3 of 8 · team B 1 of 8': each team's Points together, against what it needs
    (teammates' Points count together); '' without teams."""
    if view.teams == "ffa":
        return ""
    totals: dict[str, list[int]] = {}
    for p in view.players:
        total = totals.setdefault(seats[p.seat].team, [0, view.points_to_win[p.seat]])
        total[0] += p.points
    return " · ".join(f"team {team} {points} of {need}"
                      for team, (points, need) in sorted(totals.items()))


def seat_of_word(view: InfView, word: str) -> int | None:
    """The seat a legal move's LEADER word names (the view says each leader's word)."""
    return next((p.seat for p in view.players if p.word == word), None)


def pawn_hex(view: InfView, seat: int | None) -> Hex | None:
    if seat is None or not 0 <= seat < len(view.players):
        return None
    at = view.players[seat].at
    return parse_hex(at) if at else None


@dataclass(frozen=True)
class Targets:
    """The map's legal moves for the viewer, by hex."""

    moves: dict[Hex, Command] = field(default_factory=dict)  # a step (into a tile or a discovery)
    flips: dict[Hex, Command] = field(default_factory=dict)
    foes: dict[Hex, tuple[Command, ...]] = field(default_factory=dict)  # Power moves on the leader there
    answers: dict[Hex, Command] = field(default_factory=dict)  # a question answered with a hex
    reach: frozenset[Hex] = frozenset()
    discovering: Hex | None = None


def targets(view: InfView) -> Targets:
    you = view.you
    here = pawn_hex(view, you)
    moves: dict[Hex, Command] = {}
    flips: dict[Hex, Command] = {}
    foes: dict[Hex, list[Command]] = {}
    answers: dict[Hex, Command] = {}
    if here is not None:
        for move in view.legal_of(cm.Move):
            moves[neighbour(here, DIRECTION_NAMES.index(move.direction))] = move  # type: ignore[attr-defined]
        for flip in view.legal_of(cm.Flip):
            flips[neighbour(here, DIRECTION_NAMES.index(flip.direction))] = flip  # type: ignore[attr-defined]
    for kind in (cm.Damage, cm.Destroy):
        for command in view.legal_of(kind):
            seat = seat_of_word(view, command.target)  # type: ignore[attr-defined]
            where = pawn_hex(view, seat)
            if where is not None:
                foes.setdefault(where, []).append(command)
    question = view.pending
    if question is not None and view.my_question and question.options:
        for option in question.options:
            h = _option_hex(view, option.id, here)
            if h is not None:
                answers[h] = Choose(seat=you or 0, options=(option.id,))
    return Targets(moves, flips, {h: tuple(c) for h, c in foes.items()}, answers,
                   frozenset(parse_hex(h) for h in view.in_reach),
                   parse_hex(view.discovering) if view.discovering else None)


def _option_hex(view: InfView, option: str, here: Hex | None) -> Hex | None:
    """The hex an answer names: a hex ('q,r'), a direction from the viewer's pawn (a move
    being made), or a leader ('p2': where their pawn stands)."""
    if "," in option:
        try:
            return parse_hex(option)
        except ValueError:
            return None
    if option in DIRECTION_NAMES and here is not None:
        return neighbour(here, DIRECTION_NAMES.index(option))
    if option.startswith("p") and option[1:].isdigit():
        return pawn_hex(view, int(option[1:]) - 1)
    return None


# ---- the dice tray -------------------------------------------------------------------------------

@dataclass(frozen=True)
class DieFace:
    number: int
    colour: str
    face: str
    rerolled: bool
    converted: bool
    added: bool
    spent: bool
    reroll: Command | None  # the legal reroll of this die
    converts: tuple[Command, ...]  # its legal conversions


@dataclass(frozen=True)
class Tray:
    phase: Phase | None  # check, adjust or act (None: not the viewer's dice to handle)
    dice: tuple[DieFace, ...]
    spent: int
    limit: int  # dice a turn may spend: the leader's Health (and any bonus)
    whose: str  # the name of the leader whose dice these are
    lock: Command | None
    rolls: tuple[Command, ...]  # the legal action checks


def tray(view: InfView) -> Tray:
    rerolls = {c.die: c for c in view.legal_of(cm.Reroll)}  # type: ignore[attr-defined]
    converts: dict[int, list[Command]] = {}
    for command in view.legal_of(cm.Convert):
        converts.setdefault(command.die, []).append(command)  # type: ignore[attr-defined]
    dice = tuple(DieFace(n, d.colour, d.face, d.rerolled, d.converted, d.added, d.spent,
                         rerolls.get(n), tuple(converts.get(n, ())))
                 for n, d in enumerate(view.dice, 1))
    active = view.players[view.active] if 0 <= view.active < len(view.players) else None
    mine = view.you is not None and view.you == view.active and view.phase in (Phase.CHECK, Phase.ADJUST, Phase.ACT)
    locks = view.legal_of(cm.Lock)
    return Tray(view.phase if mine else None, dice, view.dice_spent,
                active.dice_limit if active else 0, active.name if active else "",
                locks[0] if locks else None, tuple(view.legal_of(cm.Roll)))


def roll_for(rolls: tuple[Command, ...], colours: list[str]) -> Command | None:
    """The legal action check with these colours (in any order), if there is one."""
    wanted = sorted(colours, key=cm.COLOURS.index)
    return next((r for r in rolls if list(r.colours) == wanted), None)  # type: ignore[attr-defined]


def moves_on_card(view: InfView, card: str) -> list[Command]:
    """The legal moves that use this hand card (by its card id)."""
    out: list[Command] = []
    for kind in (cm.Play, cm.Prepare, cm.Cycle):
        out += [c for c in view.legal_of(kind) if getattr(c, "card", None) == card]
    return out


def own_moves(view: InfView) -> list[Command]:
    """The viewer's moves that need no map, hand card or die: the leader action, a chapter's
    special actions, units' abilities, timeline cards, a deploy's keep and done, ending the
    turn."""
    out: list[Command] = list(view.legal_of(cm.Lead)) + list(view.legal_of(cm.Special))
    out += list(view.legal_of(cm.Activate))
    out += [c for c in view.legal_of(cm.Play) if str(getattr(c, "card", "")).startswith("t")
            and str(getattr(c, "card", ""))[1:].isdigit()]
    out += list(view.legal_of(cm.Keep)) + list(view.legal_of(cm.Done)) + list(view.legal_of(cm.End))
    return out
