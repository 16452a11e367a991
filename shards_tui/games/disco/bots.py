"""Disco Infinity's knowledge for the game-agnostic bots: greedy scores from a seat's view,
and the search bot's sampled worlds (their stepping, scoring and evaluation).

Greedy: every legal command is scored by how much it changes the worth of the position to
the seat (heuristics.py): a placement by the row's worth before and after it, an answer by
what it takes or saves. The same scorer reads a view (``greedy_scores``) or a sampled state
(``sim_scores``), both turned into a :class:`Pos` first.
"""

from __future__ import annotations

import math
from typing import Any

from shards_tui.core.caches import cached
from shards_tui.core.commands import Choose, Command
from shards_tui.games.disco import heuristics as h
from shards_tui.games.disco import reasons
from shards_tui.games.disco.cards import card_of
from shards_tui.games.disco.commands import Draft, DraftKeep, Pass, Place
from shards_tui.games.disco.worlds import world_sampler  # noqa: F401 - the adapter's sampler

Question = tuple[str, list[str]] | None  # (kind, option ids) of the seat's pending question
OBVIOUS = 900.0  # a move scored this high is made without searching (taking a draft, a sure win)
_LATER = {"discard", "retain", "trash", "fetch"}  # questions whose answers pay off in later rounds


# ---- positions -------------------------------------------------------------------------------


def pos_from_view(view: Any, seat: int) -> h.Pos:
    row = [None if s is None else (s.card, s.seat, s.tokens, s.id) for s in view.row]
    orbit = [[[(c.card, c.tokens, c.id) for c in stack] for stack in p.orbit] for p in view.players]
    me = view.players[seat]
    return h.Pos(me=seat, row=row, orbit=orbit, research=[list(p.research) for p in view.players],
                 shields=[p.shields for p in view.players],
                 hand=[c.card for c in me.hand or []], phase=view.phase,
                 left_to_place=_left(len(row), view.phase),
                 goals=(view.goals.max_shields, view.goals.research_to_win,
                        view.goals.token_lead_to_win),
                 retained=[card_of(c) for c in me.retained or []])


def pos_from_state(state: Any, seat: int) -> h.Pos:
    tokens = state.tokens
    row = [None if s is None else (card_of(s.card), s.seat, tokens.get(s.card, 0), s.card)
           for s in state.row]
    orbit = [[[(card_of(c), tokens.get(c, 0), c) for c in stack] for stack in p.orbit]
             for p in state.players]
    return h.Pos(me=seat, row=row, orbit=orbit, research=[list(p.research) for p in state.players],
                 shields=[p.shields for p in state.players],
                 hand=[card_of(c) for c in state.players[seat].hand], phase=state.flow.phase,
                 left_to_place=_left(len(row), state.flow.phase),
                 retained=[card_of(c) for c in state.round.retained])


def _left(length: int, phase: str) -> int:
    return max(0, 6 - length - 1) if phase == "place" else 0


# ---- scoring -------------------------------------------------------------------------------------


def greedy_scores(view: Any, legal: list[Command], seat: int, notes: dict) -> list[tuple[float, str]]:
    pos = pos_from_view(view, seat)
    pending = view.pending
    question = (pending.kind, [o.id for o in pending.options or []]) if pending is not None else None
    offer = [c.card for c in view.offer or []]
    scored = score_moves(pos, question, offer, legal, notes)
    names = [p.name for p in view.players]
    return [(score, reasons.place_reason(*placed(pos, command), command.card, command.gap, names)
             if isinstance(command, Place) else why)
            for (score, why), command in zip(scored, legal)]


def sim_scores(sim: Any, seat: int, legal: list[Command]) -> list[float]:
    """The greedy scores inside a sampled world, with placements valued quickly: the card
    alone at the space it will probably fire from (the search's playouts make many)."""
    state = sim.state
    pos = pos_from_state(state, seat)
    pending = state.pending
    question = (pending.kind, pending.option_ids()) if pending is not None else None
    notes = sim.__dict__.setdefault("_bot_notes", {})
    memo = _public_memo(pos)
    return [s for s, _ in score_moves(pos, question, [card_of(c) for c in state.offer], legal, notes,
                                      quick=True, memo=memo)]


_MEMOS: dict[tuple, dict[tuple, float]] = {}


def _public_memo(pos: h.Pos) -> dict[tuple, float]:
    """Values already worked out for this public position (quick placements, rearranged
    rows): the search's sampled worlds differ only in hidden cards, so they meet the same
    positions again and again. The key is everything those values read."""
    key = (pos.me, pos.phase, pos.left_to_place, tuple(pos.row),
           tuple(tuple(map(tuple, seat)) for seat in pos.orbit), tuple(pos.shields),
           tuple(map(tuple, pos.research)))
    return cached(_MEMOS, key, dict, 5_000)


def score_moves(pos: h.Pos, question: Question, offer: list[str], legal: list[Command],
                notes: dict, quick: bool = False,
                memo: dict[tuple, float] | None = None) -> list[tuple[float, str]]:
    out = []
    placing = any(isinstance(c, Place) for c in legal)
    before = h.row_value(pos, pos.me) if placing and not quick else 0.0
    memo = {} if memo is None else memo
    for command in legal:
        if isinstance(command, Place):
            out.append(_quick_place(pos, command, memo) if quick else _score_place(pos, command, before))
        elif isinstance(command, DraftKeep):
            k = int(command.options[0])
            worth = h.standalone_value(offer[k - 1]) if k <= len(offer) else 0.0
            out.append((OBVIOUS + worth, f"drafts card {k}: the most useful of the three"))
        elif isinstance(command, Draft):
            out.append((OBVIOUS, "takes the draft cycle's cards"))
        elif isinstance(command, Pass):
            out.append((0.0, "passes on the draft cycle"))
        elif isinstance(command, Choose) and question is not None:
            out.append(_score_answer(pos, question, command, notes, memo))
        else:
            out.append((0.0, "makes the only move"))
    return out


def placed(pos: h.Pos, command: Place) -> tuple[h.Pos, int]:
    """The position after the placement (with the moves its placement makes without a
    choice) and the card's index in the row."""
    index = command.gap - 1
    after_pos = h.Pos(**{**pos.__dict__, "row": list(pos.row)})
    after_pos.row.insert(index, (command.card, pos.me, 0, ""))
    at = index
    for step in h.card(command.card).placement:  # moves that need no choice change the row at once
        if getattr(step, "how", None) in ("swap_next", "swap_upstream"):
            other = at + (1 if step.how == "swap_next" else -1)  # type: ignore[union-attr]
            if 0 <= other < len(after_pos.row):
                after_pos.row[at], after_pos.row[other] = after_pos.row[other], after_pos.row[at]
                at = other
    hand_left = list(pos.hand)
    if command.card in hand_left:
        hand_left.remove(command.card)
    after_pos.hand = hand_left
    return after_pos, at


def _score_place(pos: h.Pos, command: Place, before: float) -> tuple[float, str]:
    me = pos.me
    after_pos, at = placed(pos, command)
    c = h.card(command.card)
    score = h.row_value(after_pos, me) - before + h.placement_value(after_pos, command.card, me, at)
    # A card that retains itself is better kept for later; so is one saved by a retain effect.
    if c.retain or command.card in pos.retained:
        score -= 0.5
    return score, f"places {c.name} in space {command.gap}"


def _quick_place(pos: h.Pos, command: Place, memo: dict[tuple, float]) -> tuple[float, str]:
    length, index = len(pos.row) + 1, command.gap - 1
    left = pos.left_to_place
    space = min(6, max(1, round(index + 1 + left * (index + 1) / (length + 1))))
    c = h.card(command.card)
    fires = memo.get((command.card, space))
    if fires is None:
        fires = memo[(command.card, space)] = h.fire_value(pos, command.card, pos.me, space, None, 0)
    placed = memo.get((command.card, -index))
    if placed is None:
        placed = memo[(command.card, -index)] = h.placement_value(pos, command.card, pos.me, index)
    return fires + placed - (0.5 if c.retain else 0.0), f"places {c.name} in space {command.gap}"


def _board_card(pos: h.Pos, instance: str) -> tuple[str, int, int, int, bool] | None:
    """(card id, owner, space, tokens, in orbit) of a card in play."""
    for i, s in enumerate(pos.row):
        if s is not None and s[3] == instance:
            return s[0], s[1], i + 1, s[2], False
    for seat in (0, 1):
        for k, stack in enumerate(pos.orbit[seat]):
            for cid, t, inst in stack:
                if inst == instance:
                    return cid, seat, k + 1, t, True
    return None


def _worth(pos: h.Pos, instance: str) -> float:
    """What a card in play is worth to its owner."""
    found = _board_card(pos, instance)
    if found is None:
        return 0.0
    cid, owner, space, tokens, orbit = found
    if orbit:
        return h.satellite_worth(pos, cid, owner, space, tokens)
    return h.fire_value(pos, cid, owner, space, space - 1, tokens)


def _signed(pos: h.Pos, instance: str) -> float:
    found = _board_card(pos, instance)
    worth = _worth(pos, instance)
    return worth if found is not None and found[1] == pos.me else -worth


def _token_home(pos: h.Pos, instance: str, taking: bool = False) -> float:
    """How good a card is as a place for my tokens (or, ``taking``, to take tokens from)."""
    found = _board_card(pos, instance)
    if found is None:
        return 0.0
    _, owner, _, tokens, orbit = found
    worth = (h.TOKEN if orbit else h.TOKEN_ROW) * (1 if owner == pos.me else -1)
    return -worth + 0.01 * tokens if taking else worth


def _score_answer(pos: h.Pos, question: tuple[str, list[str]], command: Choose,
                  notes: dict, memo: dict[tuple, float]) -> tuple[float, str]:
    kind, _ = question
    picked = list(command.options)
    if not picked:
        return (OBVIOUS if kind in _LATER else 0.0), "chooses none"
    name = ", ".join(h.card(card_of(p)).name if "#" in p else p for p in picked)
    if kind == "token":
        return _token_home(pos, picked[0]), reasons.token_reason(pos, _board_card(pos, picked[0]), name)
    if kind == "token_source":
        return _token_home(pos, picked[0], taking=True), f"moves tokens from {name}"
    if kind == "token_dest":
        return _token_home(pos, picked[0]), f"moves tokens onto {name}"
    if kind in ("select_trash", "select_steal"):
        return sum(-_signed(pos, p) for p in picked), f"selects {name}"
    if kind == "select_reorbit":
        notes["moving"] = picked[0]
        return _worth(pos, picked[0]) * (1 if _board_card(pos, picked[0])[1] == pos.me else 0.1), \
            f"selects {name} to move"  # type: ignore[index]
    if kind in ("select_shift", "select_to_end", "select_swap"):
        return _row_move(pos, kind, picked, notes, memo), f"selects {name}"
    if kind == "space_row":
        return (_row_dest(pos, notes.get("moving"), picked[0], memo),
                f"moves it to space {picked[0].removeprefix('space')}")
    if kind == "space_orbit":
        return (_orbit_dest(pos, notes.get("moving"), picked[0]),
                f"moves it to orbit space {picked[0].removeprefix('space')}")
    if kind == "order":
        return OBVIOUS if picked[0] == question[1][0] else 0.0, f"lets {name} go next"
    if kind == "column":
        column = int(picked[0].removeprefix("space"))
        return h.missile_value(pos, pos.me, column, 2), f"fires down column {column}"
    # Choices about cards in hand and in the deck pay off in later rounds, past what a search
    # looks at: they are scored above OBVIOUS, so the search bot takes the greedy choice.
    hand_worth = sum(h.standalone_value(card_of(p)) for p in picked)
    if kind == "discard":
        return OBVIOUS - hand_worth, f"discards {name}"
    if kind == "retain":  # which cards stay in hand is secret: the note (logged for all) says how many
        return OBVIOUS + hand_worth - 0.5 * len(picked), \
            f"retains {len(picked)} card{'s' if len(picked) != 1 else ''}"
    if kind == "trash":
        return OBVIOUS + 1.0 - hand_worth, f"trashes {name}"
    if kind == "fetch":
        return OBVIOUS + hand_worth, f"takes {name} from the trash"
    return 0.0, f"chooses {name}"


def _index(pos: h.Pos, instance: str | None) -> int | None:
    for i, s in enumerate(pos.row):
        if s is not None and s[3] == instance:
            return i
    return None


def _row_worth(pos: h.Pos, row: list, memo: dict[tuple, float]) -> float:
    """The worth of the row as rearranged (remembered in ``memo`` for this position)."""
    key = ("row", tuple(row))
    worth = memo.get(key)
    if worth is None:
        worth = memo[key] = h.row_value(h.Pos(**{**pos.__dict__, "row": row}), pos.me)
    return worth


def _moved(row: list, index: int, dest: int) -> list:
    row = list(row)
    row.insert(dest, row.pop(index))
    return row


def _row_move(pos: h.Pos, kind: str, picked: list[str], notes: dict, memo: dict[tuple, float]) -> float:
    base = _row_worth(pos, pos.row, memo)
    indices = [_index(pos, p) for p in picked]
    if None in indices:
        return 0.0
    if kind == "select_swap":
        row = list(pos.row)
        i, j = indices  # type: ignore[misc]
        row[i], row[j] = row[j], row[i]
        return _row_worth(pos, row, memo) - base
    i = indices[0]
    assert i is not None
    if kind == "select_to_end":
        return _row_worth(pos, _moved(pos.row, i, len(pos.row) - 1), memo) - base
    notes["moving"] = picked[0]
    reach = range(max(0, i - 3), min(len(pos.row), i + 4))
    return max(_row_worth(pos, _moved(pos.row, i, k), memo) - base for k in reach)


def _row_dest(pos: h.Pos, instance: str | None, option: str, memo: dict[tuple, float]) -> float:
    i = _index(pos, instance)
    if i is None:
        return 0.0
    dest = int(option.removeprefix("space")) - 1
    return _row_worth(pos, _moved(pos.row, i, min(dest, len(pos.row) - 1)), memo)


def _orbit_dest(pos: h.Pos, instance: str | None, option: str) -> float:
    found = _board_card(pos, instance) if instance else None
    if found is None:
        return 0.0
    cid, owner, _, tokens, _ = found
    dest = int(option.removeprefix("space"))
    orbit = [[list(stack) for stack in seat] for seat in pos.orbit]
    for stack in orbit[owner]:
        stack[:] = [e for e in stack if e[2] != instance]
    orbit[owner][dest - 1].append((cid, tokens, instance or ""))
    moved = h.Pos(**{**pos.__dict__, "orbit": orbit})
    # Out of the way of the other player's missiles in the row, into the way of mine.
    worth = h.satellite_worth(moved, cid, owner, dest, tokens)
    return h.row_value(moved, pos.me) + (worth if owner == pos.me else -worth)


# ---- the search bot's worlds ---------------------------------------------------------------------


_STAGE = {"action": 1, "drift": 1, "end": 1, "cleanup": 2, "draft": 2}


def turn_of(sim: Any) -> int:
    """Three 'turns' a round: placements, the action phase to the end-of-round effects, and
    the draft cycles; a search two turns deep from a placement sees the round resolved."""
    state = sim.state
    return 3 * state.flow.turn + _STAGE.get(state.flow.phase, 0)


# Weights of the evaluation, fitted by logistic regression on the end-of-round positions of
# 1,200 greedy-vs-greedy games (random factions; 6,000 positions, 80% to fit, 20% to test:
# 71% of winners called right). Each is for seat 0's figure minus seat 1's.
EVAL = {"shields": 0.076, "danger": 1.25, "research": -0.10, "research_squared": 0.044,
        "tokens": 0.007, "satellites": 0.34}


def _features(state: Any, seat: int) -> list[float]:
    me, them = state.players[seat], state.players[1 - seat]
    tokens = state.tokens
    mine = sum(tokens.get(c, 0) for stack in me.orbit for c in stack)
    theirs = sum(tokens.get(c, 0) for stack in them.orbit for c in stack)
    research, their_research = sum(me.research), sum(them.research)
    return [me.shields - them.shields, 10 / (them.shields + 2) - 10 / (me.shields + 2),
            research - their_research, research ** 2 - their_research ** 2, mine - theirs,
            sum(len(s) for s in me.orbit) - sum(len(s) for s in them.orbit)]


def evaluate(sim: Any) -> list[float]:
    """Each seat's chance to win the (sampled) world, estimated."""
    state = sim.state
    if state.winners is not None:
        return [1.0 if s in state.winners else 0.0 for s in (0, 1)]
    lead = sum(w * f for w, f in zip(EVAL.values(), _features(state, 0)))
    p0 = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead))))
    return [p0, 1.0 - p0]
