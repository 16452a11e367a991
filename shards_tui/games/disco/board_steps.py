"""Steps of the effect vocabulary that move cards on the board: rearranging the action row,
moving and stealing satellites, a mine's blast and a jam. Part of the one interpreter
(interpreter.py holds the table of every step); each returns True when done, or False after
putting a question to a player."""

from __future__ import annotations

from shards_tui.games.disco import effects as fx
from shards_tui.games.disco import targets as tg
from shards_tui.games.disco.board import Board
from shards_tui.games.disco.models import Frame, Slot

Answer = list[str] | None


def move(b: Board, frame: Frame, step: fx.Move, chosen: Answer) -> bool:
    row, seat = b.state.row, frame.seat
    at = b.row_index(frame.source)
    if step.how in ("swap_next", "swap_upstream"):
        other = None if at is None else at + (1 if step.how == "swap_next" else -1)
        if other is None or not 0 <= other < len(row):
            return True
        row[at], row[other] = row[other], row[at]  # type: ignore[index]
        b.event(f"{b.name(frame.source)} swaps places with the card "
                f"{'after' if step.how == 'swap_next' else 'before'} it.", "move-row", seat)
        return True
    if chosen is not None:
        frame.picked.extend(chosen)
        frame.sub += 1
    if frame.sub == 0:
        pool = [s.card for _, s in b.row_cards() if s.card != frame.source and tg.selectable(b, seat, s.card)]
        need = 2 if step.how == "select_swap" else 1
        if len(pool) < need:  # said, so that a player who reads the card knows why
            b.event(f"{b.name(frame.source)}: the action row has "
                    f"{'not two other cards' if need == 2 else 'no other card'} it may select, "
                    f"so nothing moves.", "move-row", seat)
            return True
        prompt = {"select_swap": "select two cards in the action row to swap",
                  "select_shift": f"select a card in the action row to move up to {step.by} spaces",
                  "select_to_end": "select a card in the action row to send to the last space"}
        return tg.ask(b, seat, step.how, f"{b.name(frame.source)}: {prompt[step.how]}.",
                      tg.card_options(b, pool, seat), least=need, most=need)
    picked = frame.picked
    if step.how == "select_swap":
        i, j = b.row_index(picked[0]), b.row_index(picked[1])
        for card in picked:
            tg.select(b, seat, card)
        row[i], row[j] = row[j], row[i]  # type: ignore[index]
        b.event(f"{b.name(picked[0])} and {b.name(picked[1])} swap places.", "move-row", seat)
        return True
    i = b.row_index(picked[0])
    assert i is not None
    if step.how == "select_shift":
        if frame.sub == 1:
            reach = [k for k in range(max(0, i - step.by), min(len(row) - 1, i + step.by) + 1) if k != i]
            if not reach:
                return True
            return tg.ask(b, seat, "space_row", f"{b.name(frame.source)}: move {b.name(picked[0])} to "
                          "which space?", tg.row_space_options(b, [k + 1 for k in reach]))
        dest = tg.space_of_option(picked[1]) - 1
    else:
        dest = len(row) - 1
    tg.select(b, seat, picked[0])
    row.insert(dest, row.pop(i))
    b.event(f"{b.name(picked[0])} moves to space {dest + 1}.", "move-row", seat)
    return True


def reorbit(b: Board, frame: Frame, step: fx.Reorbit, chosen: Answer) -> bool:
    seat = frame.seat
    if chosen is not None:
        frame.picked.extend(chosen)
        frame.sub += 1
    if frame.sub == 0:
        pool = b.satellites(seat) if step.whose == "yours" else b.satellites(0) + b.satellites(1)
        pool = [c for c in pool if tg.selectable(b, seat, c)]
        if not pool:
            return True
        return tg.ask(b, seat, "select_reorbit", f"{b.name(frame.source)}: select a satellite to move.",
                      tg.card_options(b, pool, seat))
    satellite = frame.picked[0]
    owner, i = b.orbit_place(satellite)  # type: ignore[misc]
    if frame.sub == 1:
        spaces = [k for k in range(6) if k != i and (step.to == "any" or abs(k - i) == 1)]
        return tg.ask(b, seat, "space_orbit", f"{b.name(frame.source)}: move {b.name(satellite)} to "
                      f"which of {b.who(owner)}'s orbit spaces?",
                      tg.orbit_space_options(b, owner, [k + 1 for k in spaces]))
    dest = tg.space_of_option(frame.picked[1]) - 1
    tg.select(b, seat, satellite)
    b.take_from_orbit(satellite)
    b.state.players[owner].orbit[dest].append(satellite)
    b.event(f"{b.name(satellite)} moves to orbit space {dest + 1}.", "move-satellite", seat)
    return True


def steal(b: Board, frame: Frame, step: fx.Steal, chosen: Answer) -> bool:
    seat, space = frame.seat, b.space_of(frame)
    if chosen is None:
        pool = [c for c in b.state.players[b.other(seat)].orbit[space - 1] if tg.selectable(b, seat, c)]
        if not pool:
            return True
        return tg.ask(b, seat, "select_steal", f"{b.name(frame.source)}: select a satellite to steal.",
                      tg.card_options(b, pool, seat))
    satellite = chosen[0]
    tg.select(b, seat, satellite)
    b.take_from_orbit(satellite)
    b.state.players[seat].orbit[space - 1].append(satellite)
    b.event(f"{b.who(seat)} steals {b.name(satellite)} into their orbit space {space}.",
            "move-satellite", seat)
    return True


def detonate(b: Board, frame: Frame, step: fx.Detonate, chosen: Answer) -> bool:
    place = b.orbit_place(frame.source)
    if place is None:
        return True
    others = [c for c in b.state.players[place[0]].orbit[place[1]] if c != frame.source]
    if not others:
        return True
    for victim in others:
        b.destroy_satellite(victim, f"by {b.name(frame.source)}")
    b.destroy_satellite(frame.source, "in its own blast")
    return True


def jam(b: Board, frame: Frame, step: fx.Jam, chosen: Answer) -> bool:
    at = b.row_index(frame.source)
    if at is None or at + 1 >= len(b.state.row) or b.state.row[at + 1] is None:
        return True
    target: Slot = b.state.row[at + 1]  # type: ignore[assignment]
    if target.card not in b.state.round.jammed:
        b.state.round.jammed.append(target.card)
        b.event(f"{b.name(frame.source)} jams {b.name(target.card)}: it will not fire this round.",
                "jam", frame.seat)
    return True
