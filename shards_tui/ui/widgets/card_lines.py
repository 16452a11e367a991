"""How one card is written on the table: a one-line row (hand, champions) or the lines inside a
box (center row). Text layout only: the widgets colour and frame what these return.

A selected card starts with '▶', so the selection reads without colour.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style

from shards_tui.ui.widgets.describe import CardInfo

MARK = "▶"


def fit(text: str, width: int) -> str:
    """Cut ``text`` to ``width`` cells with an ellipsis."""
    if width <= 0:
        return ""
    if cell_len(text) <= width:
        return text
    out = ""
    for ch in text:
        if cell_len(out + ch) >= width:
            break
        out += ch
    return out.rstrip() + "…"


def wrap(text: str, width: int, lines: int) -> list[str]:
    """Word-wrap ``text`` into at most ``lines`` lines of ``width``, the last one cut."""
    if width <= 0 or lines <= 0:
        return []
    out: list[str] = []
    words = text.split()
    current = ""
    while words:
        word = words[0]
        trial = f"{current} {word}".strip()
        if cell_len(trial) <= width:
            current = trial
            words.pop(0)
            continue
        if not current:  # one word longer than the line
            current = word
            words.pop(0)
        out.append(current)
        current = ""
        if len(out) == lines:
            break
    if current and len(out) < lines:
        out.append(current)
    if words and out:
        out[-1] = fit(out[-1] + " " + " ".join(words), width)
    return out


Run = tuple[str, str]  # a piece of a line and its style: "bold", "italic", "dim" or ""
_RUN_STYLES = {"bold": Style(bold=True), "italic": Style(italic=True), "dim": Style(dim=True),
               "": Style()}  # and any other style met, once parsed


def run_style(kind: str) -> Style:
    """The style of a run: "bold", "italic", "dim", "", or any other style written as Rich
    writes it ('bold reverse', 'magenta'), parsed once."""
    found = _RUN_STYLES.get(kind)
    if found is None:
        found = _RUN_STYLES[kind] = Style.parse(kind)
    return found


def plain(runs: list[Run]) -> str:
    return "".join(text for text, _ in runs)


def cut_runs(runs: list[Run], width: int) -> list[Run]:
    """The runs of a line cut at ``width`` cells, the last cell an ellipsis if anything was
    left out."""
    if sum(cell_len(text) for text, _ in runs) <= width:
        return runs
    out: list[Run] = []
    used = 0
    for text, style in runs:
        size = cell_len(text)
        if used + size <= width - 1:
            out.append((text, style))
            used += size
            continue
        part = ""
        for ch in text:
            if used + cell_len(part + ch) > width - 1:
                break
            part += ch
        out.append((part + "…", style))
        break
    return out


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
