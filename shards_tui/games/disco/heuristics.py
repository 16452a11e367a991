"""What the bots think a card, a row or a position is worth, for one player.

:class:`Pos` is a position as the heuristics read it, built from a seat's view (the greedy
bot) or from a state (inside the search bot's sampled worlds). Values are in "damage points":
one point of damage to the opponent is worth 1. A card's worth depends on where it fires
(its space, the column's satellites and tokens, its neighbours), so the row is valued whole:
each card at the space it will probably end in, its owner's gain counted for and the other's
against. A placement's score is how much it changes that value.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shards_tui.games.disco import effects as fx
from shards_tui.games.disco.cards import CardDef, card_db

WIN = 1000.0
DMG, RES, SHIELD, TOKEN, TOKEN_ROW = 1.0, 2.1, 0.55, 0.65, 0.12
DRAW_EARLY, DRAW_LATE, RETAIN, DRAFT = 0.9, 0.1, 0.8, 1.2
SAT_ROUNDS = 2.5  # rounds a satellite is expected to stay in orbit
SAT_RISK = 0.8  # a fresh satellite may be shot down before it does much
MOVE_BONUS = 0.6  # a placement that may rearrange the row, per space of reach

Board = list[list[list[tuple[str, int, str]]]]  # [seat][space] -> stack of (card id, tokens, id)


@dataclass
class Pos:
    me: int
    row: list[tuple[str, int, int, str] | None]  # (card id, seat, tokens, instance id)
    orbit: Board
    research: list[list[int]]
    shields: list[int]
    hand: list[str]  # my hand, card ids
    phase: str
    left_to_place: int = 0  # cards still to be placed this round after this one
    goals: tuple[int, int, int] = (30, 10, 15)  # max shields, research to win, token lead
    retained: list[str] = field(default_factory=list)

    def tokens(self, seat: int) -> int:
        mine = sum(t for stack in self.orbit[seat] for _, t, _ in stack)
        return mine + sum(s[2] for s in self.row if s is not None and s[1] == seat)


CARDS: dict[str, CardDef] = {}


def card(card_id: str) -> CardDef:
    if not CARDS:
        CARDS.update(card_db())
    return CARDS[card_id]


# ---- one card's worth ---------------------------------------------------------------------


@dataclass
class Ctx:
    pos: Pos
    owner: int
    space: int  # 1..6
    index: int | None  # in the row (None: in orbit)
    tokens: int  # on this card
    source: str  # card id
    late: bool  # action phase or later: cards drawn now will not be placed this round
    spent: int = 0
    shallow: bool = False  # inside a satellite's worth: other satellites get a rough worth
    # Tokens each player is expected to have on action-row cards by now this round (gained by
    # cards upstream), which a card firing later may spend or count.
    pool: list[int] = field(default_factory=lambda: [0, 0])


def damage_value(pos: Pos, target: int, n: int) -> float:
    left = pos.shields[target]
    if n >= left:
        return WIN
    return DMG * n * (1.0 + max(0, 8 - (left - n)) / 8)


def research_value(pos: Pos, owner: int, n: int) -> float:
    total = sum(pos.research[owner])
    if total + n >= pos.goals[1]:
        return WIN
    return RES * n * (1.0 + total / pos.goals[1])


def shield_value(pos: Pos, owner: int, n: int) -> float:
    have = pos.shields[owner]
    room = max(0, pos.goals[0] - have)
    return SHIELD * min(n, room) * (1.6 if have < 10 else 1.0)


def satellite_worth(pos: Pos, card_id: str, owner: int, space: int, tokens: int) -> float:
    """What a satellite in orbit is worth to its owner: its round effects over the rounds it
    is expected to last, its standing properties and its tokens."""
    c = card(card_id)
    ctx = Ctx(pos, owner, space, None, tokens, card_id, late=False, shallow=True)
    per_round = sum(step_value(ctx, s) for s in c.end_of_round) + \
        sum(step_value(ctx, s) for s in c.start_of_round)
    worth = per_round * SAT_ROUNDS + TOKEN * tokens + 0.6
    if c.guard or c.protect:
        worth += 1.0
    if c.boost:
        worth += 2.0
    if c.drift:
        worth *= 0.6
    return worth


def missile_value(pos: Pos, owner: int, column: int, n: int, shallow: bool = False) -> float:
    other = 1 - owner
    stack = pos.orbit[other][column - 1]
    if stack:
        guards = [s for s in stack if card(s[0]).guard]
        hit = guards[:1] if guards else stack
        if shallow:
            return sum(2.0 + TOKEN * t for _, t, _ in hit)
        return sum(satellite_worth(pos, cid, other, column, t) for cid, t, _ in hit)
    boosts = sum(1 for cid, _, _ in pos.orbit[owner][column - 1] if card(cid).boost)
    return damage_value(pos, other, n * 2 ** boosts)


def amount(ctx: Ctx, value: fx.Amount) -> int:
    if isinstance(value, int):
        return value
    pos, src = ctx.pos, value.count
    if src == "spent":
        base = ctx.spent
    elif src == "tokens_here":
        base = ctx.tokens
    elif src == "column_tokens":
        base = orbit_tokens(pos, ctx.space) + (ctx.tokens if ctx.index is not None else 0)
    elif src == "research_here":
        base = pos.research[ctx.owner][ctx.space - 1]
    elif src == "your_satellites":
        base = sum(len(s) for s in pos.orbit[ctx.owner])
    elif src == "stack":
        base = len(pos.orbit[ctx.owner][ctx.space - 1])
    elif src == "tech_value":
        base = card(ctx.source).tech or 0
    elif src == "row_tech":
        base = sum(card(s[0]).tech or 0 for s in pos.row if s is not None)
    else:  # your_upstream
        base = 0 if ctx.index is None else sum(
            1 for s in pos.row[:ctx.index] if s is not None and s[1] == ctx.owner)
    total = base * value.times + value.plus
    return min(total, value.most) if value.most is not None else total


def orbit_tokens(pos: Pos, space: int) -> int:
    return sum(t for seat in (0, 1) for _, t, _ in pos.orbit[seat][space - 1])


def column_tokens(pos: Pos, space: int) -> int:
    total = sum(t for seat in (0, 1) for _, t, _ in pos.orbit[seat][space - 1])
    if space - 1 < len(pos.row) and pos.row[space - 1] is not None:
        total += pos.row[space - 1][2]  # type: ignore[index]
    return total


def holds(ctx: Ctx, cond: fx.Condition) -> bool:
    pos = ctx.pos
    if isinstance(cond, fx.InSpaces):
        return ctx.space in cond.spaces
    if isinstance(cond, fx.TokensHere):
        return ctx.tokens >= cond.at_least
    if isinstance(cond, fx.EnemySatelliteHere):
        return bool(pos.orbit[1 - ctx.owner][ctx.space - 1]) == cond.present
    if isinstance(cond, fx.Spent):
        return ctx.spent >= cond.at_least
    if isinstance(cond, fx.TechInRow):
        return sum(card(s[0]).tech or 0 for s in pos.row if s is not None) >= cond.at_least
    return pos.research[ctx.owner][ctx.space - 1] >= cond.at_least


def my_tokens_in(ctx: Ctx, scope: str) -> tuple[int, int]:
    """(tokens on row cards, tokens on satellites) of the owner within a spend scope."""
    pos, owner, col = ctx.pos, ctx.owner, ctx.space - 1
    if scope == "this":
        return ctx.tokens, 0
    row = 0 if scope == "your_satellites" else sum(
        s[2] for i, s in enumerate(pos.row) if s is not None and s[1] == owner
        and (scope != "column" or i == col)) + (ctx.pool[owner] if scope != "column" else ctx.tokens)
    stacks = [pos.orbit[owner][col]] if scope == "column" else pos.orbit[owner]
    return row, sum(t for stack in stacks for _, t, _ in stack)


def step_value(ctx: Ctx, step: fx.Step) -> float:  # noqa: C901 - one branch per step kind
    if step.when is not None and not holds(ctx, step.when):
        return 0.0
    pos, owner, other = ctx.pos, ctx.owner, 1 - ctx.owner
    if isinstance(step, fx.Damage):
        n = amount(ctx, step.amount)
        return damage_value(pos, other, n) - (damage_value(pos, owner, n) if step.each else 0)
    if isinstance(step, fx.Missile):
        n = amount(ctx, step.amount)
        if step.boost is not None and ctx.space in step.boost.spaces:
            n += step.boost.plus
        if step.column == "choose":
            return max(missile_value(pos, owner, c, n, ctx.shallow) for c in range(1, 7))
        return missile_value(pos, owner, ctx.space, n, ctx.shallow)
    if isinstance(step, fx.Shields):
        return shield_value(pos, owner, amount(ctx, step.amount))
    if isinstance(step, fx.Research):
        return research_value(pos, owner, amount(ctx, step.amount))
    if isinstance(step, fx.StealResearch):
        n = min(amount(ctx, step.amount), pos.research[other][ctx.space - 1])
        return research_value(pos, owner, n) + RES * n
    if isinstance(step, fx.WipeResearch):
        return RES * min(amount(ctx, step.amount), pos.research[other][ctx.space - 1])
    if isinstance(step, fx.Gain):
        n = amount(ctx, step.amount)
        if step.on == "any":
            if any(pos.orbit[owner][k] for k in range(6)):
                return n * TOKEN
            ctx.pool[owner] += n
            return n * TOKEN_ROW
        if step.on == "your_satellites":
            return n * TOKEN * sum(len(s) for s in pos.orbit[owner])
        if ctx.index is None:
            return 0.0
        after = [s for s in pos.row[ctx.index + 1:] if s is not None]
        if step.on == "next":
            if not after:
                return 0.0
            mine = after[0][1] == owner
            ctx.pool[owner] += n if mine else 0
            return n * TOKEN_ROW * (1 if mine else -1)
        mine = sum(1 for s in after if s[1] == owner)
        ctx.pool[owner] += n * mine
        return n * TOKEN_ROW * mine
    if isinstance(step, fx.Accumulate):
        n = amount(ctx, step.amount)
        ctx.tokens += n
        persistent = ctx.index is None or card(ctx.source).is_satellite
        if not persistent:
            ctx.pool[owner] += n
        return n * (TOKEN if persistent else TOKEN_ROW)
    if isinstance(step, fx.Transfer):
        if step.source == "enemy_column":
            theirs = column_tokens(pos, ctx.space)
            n = min(step.amount, theirs)
            ctx.tokens += n if step.dest == "this" else 0
            return n * TOKEN
        row, orbit = my_tokens_in(ctx, "yours")
        if step.dest in ("your_satellites", "yours") and any(pos.orbit[owner][k] for k in range(6)):
            moved = min(step.amount, row)
            ctx.pool[owner] -= min(moved, ctx.pool[owner])
            return moved * (TOKEN - TOKEN_ROW) + (0.3 if step.source == "any" else 0.0)
        return 0.05 * min(step.amount, row) + (0.3 if step.source == "any" else 0.0)
    if isinstance(step, fx.Spend):
        row, orbit = my_tokens_in(ctx, step.source)
        want = step.amount if not step.exact or row + orbit >= step.amount else 0
        spent = min(want, row + orbit)
        from_row = min(spent, row)
        ctx.pool[owner] -= min(from_row, ctx.pool[owner])
        ctx.spent += spent
        return -(from_row * TOKEN_ROW + (spent - from_row) * TOKEN)
    if isinstance(step, fx.Draw):
        return amount(ctx, step.amount) * (DRAW_LATE if ctx.late else DRAW_EARLY)
    if isinstance(step, fx.Discard):
        per = 0.2 if ctx.late else 0.7
        return -per * step.amount if step.who == "you" else per * step.amount
    if isinstance(step, fx.Retain):
        return RETAIN * min(step.amount, max(0, len(pos.hand) - 1)) if owner == pos.me else RETAIN
    if isinstance(step, fx.Trash):
        return trash_value(ctx, step)
    if isinstance(step, fx.Fetch):
        return 1.5
    if isinstance(step, fx.Move):
        return MOVE_BONUS * (step.by if step.how == "select_shift" else 1.5) \
            if step.how.startswith("select") else 0.0
    if isinstance(step, fx.Reorbit):
        return 1.0 if any(pos.orbit[owner][k] for k in range(6)) else 0.0
    if isinstance(step, fx.Steal):
        stack = pos.orbit[other][ctx.space - 1]
        return max((2 * satellite_worth(pos, cid, other, ctx.space, t) for cid, t, _ in stack),
                   default=0.0)
    if isinstance(step, fx.Detonate):
        return 0.0
    if isinstance(step, fx.Jam):
        if ctx.index is None or ctx.index + 1 >= len(pos.row) or pos.row[ctx.index + 1] is None:
            return 0.0
        nxt = pos.row[ctx.index + 1]
        worth = fire_value(pos, nxt[0], nxt[1], ctx.index + 2, ctx.index + 1, nxt[2])  # type: ignore[index]
        return worth if nxt[1] != owner else -worth  # type: ignore[index]
    if isinstance(step, fx.DraftStep):
        return DRAFT
    return 0.0


def trash_value(ctx: Ctx, step: fx.Trash) -> float:
    pos, owner, other = ctx.pos, ctx.owner, 1 - ctx.owner
    if step.what == "hand":
        return 0.4
    if step.what == "this":
        return -0.5
    if step.what == "satellite":
        return max((satellite_worth(pos, cid, other, k + 1, t) for k in range(6)
                    for cid, t, _ in pos.orbit[other][k]), default=0.0)
    best = 0.0
    for i, s in enumerate(pos.row):
        if s is not None and s[1] == other and i != ctx.index:
            best = max(best, fire_value(pos, s[0], other, i + 1, i, s[2]))
    return best


def fire_value(pos: Pos, card_id: str, owner: int, space: int, index: int | None, tokens: int,
               late: bool = True, pool: list[int] | None = None) -> float:
    """What a card in the action row is worth to its owner when it fires at ``space``
    (``pool``: the tokens the row's earlier cards left on action-row cards, by player)."""
    c = card(card_id)
    ctx = Ctx(pos, owner, space, index, tokens, card_id, late=late,
              pool=pool if pool is not None else [0, 0])
    total = sum(step_value(ctx, s) for s in c.action)
    if c.is_satellite:
        if c.launch_to == "opponent":
            downstream = [satellite_worth(pos, cid, 1 - owner, k + 1, t)
                          for k in range(space, 6) for cid, t, _ in pos.orbit[1 - owner][k]]
            total += 0.5 * max(downstream, default=0.0)
        else:
            total += SAT_RISK * satellite_worth(pos, card_id, owner, space, ctx.tokens)
    return total


def placement_value(pos: Pos, card_id: str, owner: int, index: int) -> float:
    c = card(card_id)
    ctx = Ctx(pos, owner, index + 1, index, 0, card_id, late=False)
    return sum(step_value(ctx, s) for s in c.placement)


# ---- the row as a whole --------------------------------------------------------------------


def final_spaces(pos: Pos) -> list[int]:
    """The space each row card will probably fire from: cards still to be placed are assumed
    to land in any gap alike, so a card's space grows with the cards still to come."""
    length, left = len(pos.row), pos.left_to_place
    if not left:
        return [i + 1 for i in range(length)]
    return [min(6, max(1, round(i + 1 + left * (i + 1) / (length + 1)))) for i in range(length)]


def row_value(pos: Pos, viewer: int) -> float:
    """The worth of the whole row to ``viewer``: their cards' worth minus the other's."""
    spaces = final_spaces(pos)
    total = 0.0
    pool = [0, 0]
    for i, slot in enumerate(pos.row):
        if slot is None:
            continue
        worth = fire_value(pos, slot[0], slot[1], spaces[i], i, slot[2], pool=pool)
        total += worth if slot[1] == viewer else -worth
    return total


def standalone_value(card_id: str) -> float:
    """A card's worth with nothing known about the table (for drafting, discarding, retaining)."""
    cached = _STANDALONE.get(card_id)
    if cached is None:
        empty: Board = [[[] for _ in range(6)] for _ in range(2)]
        pos = Pos(me=0, row=[], orbit=empty, research=[[0] * 6, [0] * 6], shields=[20, 20],
                  hand=[], phase="place")
        c = card(card_id)
        worth = sum(fire_value(pos, card_id, 0, space, None, 0, late=True) for space in range(1, 7)) / 6
        worth += placement_value(pos, card_id, 0, 0)
        if c.retain:
            worth += 0.5
        cached = _STANDALONE[card_id] = worth
    return cached


_STANDALONE: dict[str, float] = {}
