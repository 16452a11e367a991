"""Bracketed pastes stay pastes: an Esc inside one is dropped before the key parser reads it.

A terminal wraps pasted text in ``ESC[200~`` ... ``ESC[201~``. Pasted text that itself holds
an Esc (tmux passes one on as it is) made the parser end the paste there and read the rest as
key presses, handed to the app before the paste's start: a pasted deck name could press keys
at the table, out of order. ``PasteGuard`` removes every Esc between the two markers that does
not begin the end marker, also when a chunk of input ends partway through one. Outside a paste
nothing is held back (a lone Esc is a key press the parser times out on its own).
"""

from __future__ import annotations

START, END = "\x1b[200~", "\x1b[201~"
ESC = "\x1b"


class PasteGuard:
    def __init__(self) -> None:
        self.inside = False
        self._tail = ""  # the last few characters passed on outside a paste (a split START)
        self._held = ""  # inside a paste: the end of the last chunk, perhaps the start of END

    def __call__(self, text: str) -> str:
        text, self._held = self._held + text, ""
        out: list[str] = []
        i = 0
        while i < len(text):
            if not self.inside:
                probe = self._tail + text[i:]
                j = probe.find(START)
                if j < 0:
                    out.append(text[i:])
                    self._tail = probe[-(len(START) - 1):]
                    break
                stop = i + j + len(START) - len(self._tail)
                out.append(text[i:stop])
                i, self.inside, self._tail = stop, True, ""
                continue
            j = text.find(END, i)
            if j >= 0:
                out.append(text[i:j].replace(ESC, "") + END)
                i, self.inside = j + len(END), False
                continue
            cut = len(text)
            for n in range(min(len(END) - 1, len(text) - i), 0, -1):
                if text.endswith(END[:n]):
                    cut = len(text) - n
                    break
            out.append(text[i:cut].replace(ESC, ""))
            self._held = text[cut:]
            break
        return "".join(out)
