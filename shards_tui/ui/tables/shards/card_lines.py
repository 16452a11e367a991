"""How one card is written on the table: a one-line row (hand, champions) or the lines inside a
box (center row). Text layout only: the widgets colour and frame what these return.

A selected card starts with '▶', so the selection reads without colour.
"""

from __future__ import annotations

from rich.cells import cell_len

from shards_tui.ui.tables.shards.describe import CardInfo
from shards_tui.ui.widgets.text_runs import Run, cut_runs, fit, plain, run_style, wrap

__all__ = ["MARK", "Run", "box_lines", "card_row", "cut_runs", "fit", "plain", "run_style", "wrap"]

MARK = "▶"


def card_row(info: CardInfo, width: int, selected: bool = False) -> list[Run]:
    """One card on one line: 'Crystal · Gain 1 gem.'; a champion gives its defense and state
    room before its name: 'Evokatus [H] def 5 ready (t)'."""
    runs: list[Run] = [(MARK if selected else " ", "bold")]
    if info.label:
        runs.append((f"{info.label} ", "bold"))
    if info.zone in ("champion", "enemy"):  # a long name gives way to defense and state
        state: list[Run] = [(f" [{info.initial}] def {info.defense}", ""),
                            (" EXHAUSTED", "italic") if info.exhausted else (" ready", "")]
        if info.protected:
            state.append((" protected", "italic"))
        if info.keys:
            state.append((f" ({'/'.join(info.keys)})", "bold"))
        room = width - cell_len(plain(runs)) - cell_len(plain(state))
        runs.append((fit(info.name, max(room, 6)), "bold"))
        runs += state
    else:
        runs.append((info.name, "bold"))
        tag = f" [{info.initial}]" if info.faction else ""
        runs.append((f"{tag} · {info.effect}" if info.effect else tag, ""))
    return cut_runs(runs, width)


def box_lines(info: CardInfo, width: int, height: int, selected: bool = False
              ) -> list[tuple[str, str]]:
    """The lines inside a card's box, each with its style: the name (one or two lines), the
    kind and numbers in the longest forms that fit, EXHAUSTED if so, then as much of the
    effect as there is room for."""
    marker = MARK if selected else ""
    kind = next((k for k in info.kind_forms() if cell_len(k) <= width), info.kind_short)
    numbers = next((n for n in (info.numbers(size) for size in (0, 1, 2))
                    if cell_len(n) <= width), info.numbers(2))
    rest: list[tuple[str, str]] = [(kind, "italic")]
    if numbers:
        rest.append((numbers, ""))
    if info.exhausted:
        rest.append(("EXHAUSTED", "bold"))
    name_room = max(1, min(2, height - len(rest)))
    lines = [(line, "bold") for line in wrap(f"{marker}{info.name}", width, name_room)]
    lines.extend(rest)
    room = height - len(lines)
    if room > 0 and info.effect:
        lines.extend((line, "dim") for line in wrap(info.effect, width, room))
    return [(fit(line, width), style) for line, style in lines[:height]]
