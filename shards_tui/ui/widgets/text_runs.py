"""Lines of text in styled pieces ("runs"), cut or wrapped to a width: the text layout the
widgets that draw their own rows share."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style


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
