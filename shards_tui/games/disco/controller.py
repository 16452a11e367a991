"""The Disco Infinity controller: legality, execution and invariants for every command."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from shards_tui.core.commands import Choose, Command
from shards_tui.core.controller import Controller
from shards_tui.core.errors import IllegalCommand, InvalidState
from shards_tui.core.instances import hand_position
from shards_tui.core.view import HiddenCards
from shards_tui.games.disco import interpreter, rounds
from shards_tui.games.disco.board import Board
from shards_tui.games.disco.cards import card_db, card_of
from shards_tui.games.disco.commands import COMMANDS, Draft, DraftKeep, Pass, Place
from shards_tui.games.disco.content import ruleset
from shards_tui.games.disco.models import SPACES, DiscoState
from shards_tui.games.disco.setup import new_game, scenario_game
from shards_tui.games.disco.view import build_view

MAX_LISTED_ANSWERS = 256


class DiscoController(Controller[DiscoState]):
    game_id: ClassVar[str] = "disco"
    title: ClassVar[str] = "Disco Infinity"
    commands = COMMANDS
    state_type = DiscoState
    # False in a bot's sampled worlds: nobody reads their log, and writing it costs time.
    log_events: ClassVar[bool] = True

    @classmethod
    def setup_game(cls, setup: dict[str, Any]) -> "DiscoController":
        state = scenario_game(setup) if setup.get("kind") == "scenario" else new_game(setup)
        rounds.advance(Board(state))
        return cls(state, setup)

    def seat_names(self) -> list[str]:
        return [p.name for p in self.state.players]

    def what_is_awaited(self) -> str:
        phase = self.state.flow.phase
        who = self.seat_name(self.state.flow.active)
        if phase == "place":
            return f"{who} places a card ('place CARD GAP')."
        if phase == "draft":
            return f"{who} may draft ('draft') or pass ('pass')."
        return ""

    def forced_move(self) -> Command | None:
        """The answer to a question that offers exactly the cards it asks for (Reorder Ray
        beside two other cards: select two of two), played at once: a stop that asks for
        nothing. Never a private question (its options are the asker's secret)."""
        return forced_answer(self.state)

    # ---- execution --------------------------------------------------------------------------

    def execute(self, state: DiscoState, command: Command) -> None:
        b = Board(state, quiet=not self.log_events)
        if isinstance(command, Choose):
            self._answer(b, command)
        elif isinstance(command, Place):
            self._place(b, command)
        elif isinstance(command, Draft):
            self._draft(b, command.seat)
        elif isinstance(command, Pass):
            self._pass(b, command.seat)
        else:  # pragma: no cover - the command set is closed
            raise IllegalCommand(f"'{command.text()}' is not a Disco Infinity move.")
        rounds.advance(b)

    def placement_outcome(self, command: Place) -> DiscoState:
        """The state right after ``command`` and its card's Placement effect, as far as the
        effect goes before it asks a question (``pending`` then holds it): worked out by the
        move's own code (``_place``) on a scratch copy, so a preview and the move cannot
        differ. Raises IllegalCommand as the move would. The real state is not touched."""
        scratch = self.state.working_copy()
        self._place(Board(scratch, quiet=True), command)
        for _ in range(SPACES):  # a question with one possible answer is answered, as the move is
            forced = forced_answer(scratch) if self.forced_moves else None
            if forced is None:
                break
            self._answer(Board(scratch, quiet=True), forced)
        return scratch

    def _place(self, b: Board, cmd: Place) -> None:
        state = b.state
        if state.flow.phase != "place":
            raise IllegalCommand(f"Cards are placed in the placement phase; {self._now(b)}",
                                 "placement")
        card = self.hand_card(state, cmd.seat, cmd.card)
        size = len(state.row) + 1
        if not 1 <= cmd.gap <= size:
            where = "1" if size == 1 else f"1 to {size}"
            raise IllegalCommand(f"The row has {len(state.row)} cards, so a card goes in space "
                                 f"{where}, not {cmd.gap}.", "placement")
        rounds.place(b, cmd.seat, card, cmd.gap)

    @staticmethod
    def hand_card(state: DiscoState, seat: int, ref: str) -> str:
        """The hand card a word names: its position, instance id, card id, or a name's start.
        Of two copies the one not retained goes first."""
        hand = state.players[seat].hand
        by_position = hand_position(hand, ref, "placement")
        if by_position is not None:
            return by_position
        ordered = sorted(hand, key=lambda c: c in state.round.retained)
        cards = card_db()
        for test in (lambda c: c == ref, lambda c: card_of(c) == ref,
                     lambda c: card_of(c).startswith(ref) or cards[card_of(c)].name.lower().startswith(
                         ref.replace("_", " "))):
            found = [c for c in ordered if test(c)]
            if found and len({card_of(c) for c in found}) == 1:
                return found[0]
        raise IllegalCommand(f"You have no '{ref.replace('_', ' ')[:40]}' in your hand.", "placement")

    def _draft(self, b: Board, seat: int) -> None:
        state = b.state
        if state.flow.phase != "draft":
            raise IllegalCommand(f"The optional draft cycle comes after a round; {self._now(b)}",
                                 "draft")
        if seat not in state.round.drafting:
            raise IllegalCommand("You have already drafted or passed this round.", "draft")
        rounds.take_draft(b, seat)

    def _pass(self, b: Board, seat: int) -> None:
        if b.state.flow.phase != "draft" or seat not in b.state.round.drafting:
            raise IllegalCommand(f"There is no draft cycle to pass on now; {self._now(b)}", "draft")
        rounds.pass_draft(b, seat)

    def _now(self, b: Board) -> str:
        return self.what_is_awaited() or "it is not that time now."

    def _answer(self, b: Board, cmd: Choose) -> None:
        decision = b.state.pending
        assert decision is not None
        if isinstance(cmd, DraftKeep) and decision.kind != "draft":
            raise IllegalCommand(f"There is no draft offer to keep a card from; {decision.prompt}")
        chosen = decision.chosen_ids(list(cmd.options))
        b.state.pending = None
        origin = decision.data.get("origin")
        if decision.kind == "draft" and origin != "effect":
            rounds.answer_draft(b, decision.seat, chosen[0], str(origin))
        elif decision.kind == "order":
            rounds.answer_order(b, chosen[0])
        else:
            interpreter.answer(b, chosen)

    # ---- legal commands ---------------------------------------------------------------------

    def legal_commands(self, seat: int) -> list[Command]:
        state = self.state
        if state.over or seat not in self.acting_seats():
            return []
        pending = state.pending
        if pending is not None:
            if pending.kind == "draft":
                return [DraftKeep.shared(seat, options=(str(k),))
                        for k in range(1, len(pending.options) + 1)]
            return [Choose.shared(seat, options=p) for p in pending.answer_sets(MAX_LISTED_ANSWERS)]
        if state.flow.phase == "place":
            gaps = range(1, len(state.row) + 2)
            cards = dict.fromkeys(card_of(c) for c in state.players[seat].hand)
            return [Place.shared(seat, card=c, gap=g) for c in cards for g in gaps]
        if state.flow.phase == "draft":
            return [Draft.shared(seat), Pass.shared(seat)]
        return []

    # ---- invariants -------------------------------------------------------------------------

    def check_invariants(self, state: DiscoState) -> None:
        limits = ruleset().limits
        everything = state.all_cards()
        if len(everything) != state.total_cards:
            raise InvalidState(f"{state.total_cards} cards should exist but {len(everything)} "
                               "are in the game.")
        present = set(everything)
        if len(present) != len(everything):
            dupes = [c for c, k in Counter(everything).items() if k > 1]
            raise InvalidState(f"{dupes[0]} is in two places at once.")
        cards = card_db()
        unknown = [c for c in present if card_of(c) not in cards]
        if unknown:
            raise InvalidState(f"{unknown[0]} is not a Disco Infinity card.")
        if len(state.players) != 2:
            raise InvalidState("Disco Infinity is for exactly two players.")
        for p in state.players:
            if not 0 <= p.shields <= limits.max_shields:
                raise InvalidState(f"{p.name}'s shields {p.shields} are outside 0 to {limits.max_shields}.")
            if len(p.research) != SPACES or min(p.research) < 0:
                raise InvalidState(f"{p.name}'s research points are not six spaces of 0 or more.")
            if len(p.orbit) != SPACES:
                raise InvalidState(f"{p.name}'s orbit row does not have six spaces.")
            if any(not cards[card_of(c)].is_satellite for stack in p.orbit for c in stack):
                raise InvalidState(f"{p.name} has a card in orbit that is not a satellite.")
        if len(state.row) > limits.row_size:
            raise InvalidState(f"The action row holds {len(state.row)} cards; at most {limits.row_size}.")
        if state.flow.phase == "place" and None in state.row:
            raise InvalidState("The action row has a gap while cards are being placed.")
        board = Board(state)
        for card, n in state.tokens.items():
            if n < 1:
                raise InvalidState(f"{card} has {n} power tokens; a card without tokens has none listed.")
            if not board.in_play(card):
                raise InvalidState(f"Power tokens sit on {card}, which is not in play.")
        hands = {c for p in state.players for c in p.hand}
        if not set(state.round.retained) <= hands:
            raise InvalidState("A retained card is not in a hand.")
        drafting = state.pending is not None and state.pending.kind == "draft"
        if bool(state.offer) != drafting and not state.over:
            raise InvalidState("Draft cards are dealt out but no draft question waits, or the reverse.")
        if state.pending is not None and state.pending.seat not in (0, 1):
            raise InvalidState("A question waits for a seat that does not exist.")
        if not state.over and state.pending is None:
            if state.stack or state.flow.phase not in ("place", "draft"):
                raise InvalidState(f"The game stopped in the middle of the {state.flow.phase} phase.")
            if state.flow.phase == "place" and not state.players[state.flow.active].hand:
                raise InvalidState("The player to place has no card in hand.")

    # ---- views ----------------------------------------------------------------------------

    def view(self, seat: int | None) -> Any:
        return build_view(self, seat)

    def hidden_cards(self) -> list[HiddenCards]:
        """Each hand and discard pile (only its owner may look through it), and the draft
        offer while a player drafts."""
        def name(instance: str) -> str:
            return card_db()[card_of(instance)].name

        out = [HiddenCards(seat=s, zone=zone, cards=[name(c) for c in cards])
               for s, p in enumerate(self.state.players)
               for zone, cards in (("hand", p.hand), ("discard pile", p.discard))]
        pending = self.state.pending
        if self.state.offer and pending is not None:
            out.append(HiddenCards(seat=pending.seat, zone="draft offer",
                                   cards=[name(c) for c in self.state.offer]))
        return out


def forced_answer(state: DiscoState) -> Choose | None:
    """'choose' every option of a public question that must take all of them, or None."""
    pending = state.pending
    if state.over or pending is None or pending.private or not pending.options:
        return None
    if pending.min == pending.max == len(pending.options):
        return Choose(seat=pending.seat, options=tuple(pending.option_ids()))
    return None
