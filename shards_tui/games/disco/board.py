"""The table of a Disco Infinity game: where cards are, moving them, tokens, research,
shields, draws, the trash, and the three immediate wins. The rules (interpreter.py for card
effects, rounds.py for the round) change the state only through these operations."""

from __future__ import annotations

from shards_tui.games.disco.cards import CardDef, card_def
from shards_tui.games.disco.content import Limits, ruleset
from shards_tui.games.disco.models import DiscoState, Frame, Mark, Slot
from shards_tui.core.wording import name_list


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Board:
    """The state and the operations on it (a thin wrapper: the state is the whole truth)."""

    def __init__(self, state: DiscoState, quiet: bool = False) -> None:
        self.state = state
        self.limits: Limits = ruleset().limits
        self.quiet = quiet  # a bot's sampled world keeps no log

    # ---- names -------------------------------------------------------------------------

    @staticmethod
    def card(instance: str) -> CardDef:
        return card_def(instance)

    @staticmethod
    def name(instance: str) -> str:
        return card_def(instance).name

    def who(self, seat: int) -> str:
        return self.state.players[seat].name

    @staticmethod
    def other(seat: int) -> int:
        return 1 - seat

    def event(self, text: str, anchor: str | None = None, seat: int | None = None,
              private_to: int | None = None, public: str | None = None) -> None:
        if self.quiet:
            return
        self.mark()
        if private_to is None:
            self.state.add_event(text, anchor=anchor, seat=seat)
        else:
            self.state.add_event(text, anchor=anchor, seat=seat, visible_to=[private_to],
                                 public_text=public)

    def mark(self) -> None:
        """Keep the counts toward the wins as they are at the log line about to be written,
        if they changed since the last mark: from the action phase until placing begins
        again, the lines a playback of the row's firing shows step by step."""
        state = self.state
        if self.quiet or not state.action_row or state.flow.phase in ("place", "setup"):
            return
        shields = [p.shields for p in state.players]
        research = [list(p.research) for p in state.players]
        tokens = self.tokens_by_seat()
        orbit = [[list(stack) for stack in p.orbit] for p in state.players]
        held = state.tokens
        orbit_tokens = {c: held[c] for o in orbit for stack in o for c in stack if held.get(c)}
        last = state.marks[-1] if state.marks else None
        if last is None or (last.shields, last.research, last.tokens, last.orbit, last.orbit_tokens) \
                != (shields, research, tokens, orbit, orbit_tokens):
            state.marks.append(Mark.model_construct(seq=len(state.log), shields=shields,
                                                    research=research, tokens=tokens, orbit=orbit,
                                                    orbit_tokens=orbit_tokens))

    # ---- where cards are ---------------------------------------------------------------

    def row_index(self, instance: str) -> int | None:
        for i, slot in enumerate(self.state.row):
            if slot is not None and slot.card == instance:
                return i
        return None

    def orbit_place(self, instance: str) -> tuple[int, int] | None:
        """(owner, space index from 0) of a satellite in orbit."""
        for seat, p in enumerate(self.state.players):
            for i, stack in enumerate(p.orbit):
                if instance in stack:
                    return seat, i
        return None

    def in_play(self, instance: str) -> bool:
        return self.row_index(instance) is not None or self.orbit_place(instance) is not None

    def owner(self, instance: str) -> int | None:
        """Whose card it is while it is on the board: the row card's placer, the orbit's owner."""
        i = self.row_index(instance)
        if i is not None:
            return self.state.row[i].seat  # type: ignore[union-attr]
        place = self.orbit_place(instance)
        return None if place is None else place[0]

    def space_of(self, frame: Frame) -> int:
        """The space (1 to 6) of a frame's card now; its last known space once it has left."""
        i = self.row_index(frame.source)
        if i is not None:
            frame.space = i + 1
        else:
            place = self.orbit_place(frame.source)
            if place is not None:
                frame.space = place[1] + 1
        return frame.space

    def row_cards(self) -> list[tuple[int, Slot]]:
        return [(i, s) for i, s in enumerate(self.state.row) if s is not None]

    def satellites(self, seat: int) -> list[str]:
        return [c for stack in self.state.players[seat].orbit for c in stack]

    def column_cards(self, space: int) -> list[str]:
        """The action space and both orbit spaces of a column (space from 1)."""
        out = [p.orbit[space - 1][k] for p in self.state.players for k in range(len(p.orbit[space - 1]))]
        if space - 1 < len(self.state.row) and self.state.row[space - 1] is not None:
            out.append(self.state.row[space - 1].card)  # type: ignore[union-attr]
        return out

    def placing(self) -> bool:
        """True while cards are being placed: the row is a sequence without gaps."""
        return self.state.flow.phase in ("place", "start", "start_effects", "setup")

    def take_from_row(self, index: int) -> str:
        slot = self.state.row[index]
        assert slot is not None
        if self.placing():
            self.state.row.pop(index)
        else:
            self.state.row[index] = None
        self.state.tokens.pop(slot.card, None)
        return slot.card

    def take_from_orbit(self, instance: str) -> tuple[int, int]:
        place = self.orbit_place(instance)
        assert place is not None
        seat, i = place
        self.state.players[seat].orbit[i].remove(instance)
        return place

    # ---- tokens --------------------------------------------------------------------------

    def tokens_on(self, instance: str) -> int:
        return self.state.tokens.get(instance, 0)

    def add_tokens(self, instance: str, n: int) -> None:
        if n > 0:
            self.state.tokens[instance] = self.tokens_on(instance) + n

    def remove_tokens(self, instance: str, n: int) -> int:
        have = self.tokens_on(instance)
        n = min(n, have)
        if have - n > 0:
            self.state.tokens[instance] = have - n
        else:
            self.state.tokens.pop(instance, None)
        return n

    def tokens_by_seat(self) -> list[int]:
        """Each player's power tokens in play (``player_tokens`` of both, in one pass)."""
        totals = [0] * len(self.state.players)
        tokens = self.state.tokens
        if tokens:
            for slot in self.state.row:
                if slot is not None:
                    totals[slot.seat] += tokens.get(slot.card, 0)
            for seat, p in enumerate(self.state.players):
                totals[seat] += sum(tokens.get(c, 0) for stack in p.orbit for c in stack)
        return totals

    def player_tokens(self, seat: int) -> int:
        """Power tokens on the cards a player owns: their satellites and their row cards."""
        total = sum(self.tokens_on(c) for c in self.satellites(seat))
        return total + sum(self.tokens_on(s.card) for _, s in self.row_cards() if s.seat == seat)

    # ---- shields and research ------------------------------------------------------------

    def gain_shields(self, seat: int, n: int) -> int:
        p = self.state.players[seat]
        gained = max(0, min(n, self.limits.max_shields - p.shields))
        p.shields += gained
        return gained

    def lose_shields(self, seat: int, n: int) -> int:
        p = self.state.players[seat]
        lost = min(n, p.shields)
        p.shields -= lost
        return lost

    def research_total(self, seat: int) -> int:
        return sum(self.state.players[seat].research)

    # ---- cards moving ----------------------------------------------------------------------

    def draw(self, seat: int, n: int) -> list[str]:
        """Draw n cards; an empty draw pile takes the shuffled discard pile first, only when a
        card is actually drawn. With both empty, nothing more is drawn."""
        p = self.state.players[seat]
        drawn: list[str] = []
        for _ in range(n):
            if not p.deck:
                if not p.discard:
                    break
                p.deck = p.discard
                p.discard = []
                self.state.rng.shuffle(p.deck)
                self.event(f"{p.name} shuffles their discard pile into a new draw pile.",
                           "draw", seat)
            drawn.append(p.deck.pop(0))
        p.hand.extend(drawn)
        if drawn:
            self.state.mark_reveal()
            self.event(f"{p.name} draws {name_list(self.name(c) for c in drawn)}.", "draw", seat,
                       private_to=seat, public=f"{p.name} draws {plural(len(drawn), 'card')}.")
        return drawn

    def to_trash(self, instance: str) -> None:
        self.state.tokens.pop(instance, None)
        self.state.trash.append(instance)

    def destroy_satellite(self, instance: str, why: str) -> None:
        seat, _ = self.take_from_orbit(instance)
        lost = self.tokens_on(instance)
        self.to_trash(instance)
        tokens = f" (with {plural(lost, 'power token')})" if lost else ""
        self.event(f"{self.who(seat)}'s {self.name(instance)} is destroyed {why}{tokens} and goes "
                   "to the trash.", "destroyed-satellites")

    # ---- the three wins ------------------------------------------------------------------

    def meets_objective(self, seat: int) -> str | None:
        """Why this player has won now, or None."""
        other = self.other(seat)
        if self.state.players[other].shields <= 0:
            return f"{self.who(other)}'s shields are down"
        if self.research_total(seat) >= self.limits.research_to_win:
            return f"{self.who(seat)} has {self.research_total(seat)} research points"
        if sum(self.state.tokens.values()) >= self.limits.token_lead_to_win:
            lead = self.player_tokens(seat) - self.player_tokens(other)
            if lead >= self.limits.token_lead_to_win:
                return f"{self.who(seat)} has {lead} more power tokens in play"
        return None

    def check_wins(self, cause: int) -> bool:
        """After every step: has anyone won? When one step lets both players meet an
        objective, the player whose card made the step wins (see 'Rulings')."""
        if self.state.winners is not None:
            return True
        met = {s: self.meets_objective(s) for s in (0, 1)}
        winners = [s for s in (0, 1) if met[s]]
        if not winners:
            return False
        winner = cause if len(winners) == 2 else winners[0]
        self.state.winners = [winner]
        self.state.pending = None
        self.state.stack.clear()
        self.event(f"{self.who(winner)} wins: {met[winner]}.", "winning")
        return True
