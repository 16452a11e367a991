"""A pending decision: the game pauses until the named seat answers with `choose ...`."""

# No `from __future__ import annotations`: pydantic gets these models' annotations as types,
# not strings it must evaluate (about 20 ms of startup over the rules models).

import re
from itertools import combinations
from typing import Sequence

from pydantic import Field, model_validator

from shards_tui.core.errors import IllegalCommand
from shards_tui.core.state_part import StatePart


# What a decision's data may hold: validation builds new lists, so a validated copy shares none.
DataValue = bool | int | str | None | list[int] | list[str]
_WORDS = re.compile(r"[^\W_]+")  # the words of a label: letters and digits


def _label_starts(option: "Option", word: str) -> bool:
    """Whether ``word`` (folded) starts the option's label or one of its words."""
    words = _WORDS.findall(option.label.casefold())
    return "_".join(words).startswith(word) or any(w.startswith(word) for w in words)


class Option(StatePart):
    id: str = Field(pattern=r"^[^\s]+$")
    label: str
    # Set on an answer that cannot be taken back: a screen asks for it twice before sending it
    # (the sentence it shows then), unless the player ticked it on purpose.
    confirm: str = ""


class Decision(StatePart):
    """Who decides, what they are asked, and how many options they must pick."""

    seat: int
    kind: str
    prompt: str
    options: list[Option]
    min: int = 0
    max: int = 1
    # Game-specific data the rules need to carry out the answer (never shown as-is).
    data: dict[str, DataValue] = Field(default_factory=dict)
    # A decision answered secretly (its options reveal hidden cards of the decider).
    private: bool = False

    @model_validator(mode="after")
    def _bounds(self) -> "Decision":
        if not 0 <= self.min <= self.max:
            raise ValueError("decision bounds must satisfy 0 <= min <= max")
        if self.min > len(self.options):
            raise ValueError("decision asks for more options than it offers")
        return self

    def option_ids(self) -> list[str]:
        return [o.id for o in self.options]

    def match_option(self, word: str, taken: Sequence[str] = ()) -> str | None:
        """The option a player's word names, skipping those ``taken`` already: its id, its id
        without a '#n' copy number ('datic_robes'), or the start of its label or of a word of
        it ('world' for The World Piercer) when that names one kind of option only."""
        word = word.casefold()
        free = [o for o in self.options if o.id not in taken]

        def kind(option: Option) -> str:
            return option.id.split("#")[0].casefold()

        tests = [lambda o: o.id.casefold() == word, lambda o: kind(o) == word]
        if not word.isdigit():  # a number is a position or an id, never a number in a label
            tests.append(lambda o: _label_starts(o, word))
        for test in tests:
            found = [o for o in free if test(o)]
            if found and len({kind(o) for o in found}) == 1:
                return found[0].id
        return None

    def labels_starting(self, word: str) -> list[str]:
        """The labels a word could stand for (to say which ones a word leaves in doubt)."""
        word = word.casefold()
        return list(dict.fromkeys(o.label for o in self.options if _label_starts(o, word)))

    def chosen_ids(self, words: Sequence[str]) -> list[str]:
        """The option ids a `choose` names: each word an id, a position in the list (1, 2, ...)
        or a name (``match_option``). IllegalCommand says which word names none of them, or why
        the number chosen does not answer."""
        ids = self.option_ids()
        listing = ", ".join(f"{k} {o.label}" for k, o in enumerate(self.options, 1))
        chosen: list[str] = []
        for word in words:
            if word in ids and word not in chosen:
                found: str | None = word
            elif word.isdigit() and 1 <= int(word) <= len(ids):
                found = ids[int(word) - 1]
            else:
                found = self.match_option(word, taken=chosen)
            if found is None:
                raise IllegalCommand(f"'{word[:30]}' is not one of the choices (choose 1-{len(ids)} "
                                     f"or a name): {listing[:300]}")
            chosen.append(found)
        problem = self.count_problem(chosen)
        if problem:
            raise IllegalCommand(problem)
        return chosen

    def answer_sets(self, most: int) -> list[tuple[str, ...]]:
        """The sets of option ids an answer may choose, the fewest options first: each count
        from ``min`` to ``max`` while the list stays within ``most`` sets (the first count's
        sets are kept, cut to ``most``, however many there are)."""
        ids = self.option_ids()
        picks: list[tuple[str, ...]] = []
        for k in range(self.min, self.max + 1):
            combos = list(combinations(ids, k))
            if picks and len(picks) + len(combos) > most:
                break
            picks.extend(combos[:most])
        return picks

    def count_problem(self, chosen: Sequence[str]) -> str | None:
        """Why these chosen option ids cannot answer the question (one sentence), or None."""
        if len(set(chosen)) != len(chosen):
            return "Choose each option at most once."
        if not self.min <= len(chosen) <= self.max:
            need = f"exactly {self.min}" if self.min == self.max else f"{self.min} to {self.max}"
            return f"Choose {need} option{'s' if self.max != 1 else ''}."
        return None

    def label_of(self, option_id: str) -> str:
        for option in self.options:
            if option.id == option_id:
                return option.label
        return option_id
