"""The Fractured Net's controller: the gate's hooks (setup, execute, legal commands,
invariants, view). Concede may be sent by either seat at any time; a timeout only for a seat
whose clock runs (a seat that may act now) in a game with a timer."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from shards_tui.core.commands import Choose, Command
from shards_tui.core.controller import Controller
from shards_tui.core.errors import GameOver, IllegalCommand, InvalidState, NotYourTurn
from shards_tui.core.view import HiddenCards
from shards_tui.games.fractured_net import combat, interpreter, rules, turns
from shards_tui.games.fractured_net.cards import card, card_db, limits
from shards_tui.games.fractured_net.commands import (COMMANDS, Activate, Attack, Block, Concede,
                                                     Confirm, End, Keep, Mulligan, Pass, Play,
                                                     Timeout, Unblock, Withdraw)
from shards_tui.games.fractured_net.models import FnState
from shards_tui.games.fractured_net.setup import new_game, scenario_game
from shards_tui.games.fractured_net.view import FnView, build_view
from shards_tui.games.fractured_net.zones import all_instances, find_in_play, handles, in_play


class FracturedNetController(Controller[FnState]):
    game_id: ClassVar[str] = "fractured_net"
    title: ClassVar[str] = "SHARDS: The Fractured Net"
    commands = COMMANDS
    state_type = FnState

    @classmethod
    def setup_game(cls, setup: dict[str, Any]) -> "FracturedNetController":
        state = scenario_game(setup) if setup.get("kind") == "scenario" else new_game(setup)
        return cls(state, setup)

    def seat_names(self) -> list[str]:
        return [p.name for p in self.state.players]

    def private_move(self, command: Command) -> bool:
        """Blocks and taken-back blocks: the attacker reads the blocks once confirmed."""
        return isinstance(command, (Block, Unblock))

    def forced_move(self) -> Command | None:
        """A pass in a Response window, or confirming no blocks, when public facts prove the
        defender can do nothing else (``rules.no_response_reason``, ``combat.can_block``)."""
        state = self.state
        if state.over or state.pending is not None or state.flow.phase == "mulligan":
            return None
        defender = state.other(state.flow.active)
        if state.flow.phase == "response" and rules.no_response_reason(state, defender):
            return Pass(seat=defender)
        if state.flow.phase == "block" and not state.combat.blocks \
                and not combat.can_block(state, defender):
            return Confirm(seat=defender)
        return None

    def what_is_awaited(self) -> str:
        phase = self.state.flow.phase
        if phase == "block":
            return "The defender is assigning blockers."
        if phase == "response":
            return "A Response window is open."
        return ""

    # ---- the gate ------------------------------------------------------------------------

    def check_seat(self, command: Command) -> None:
        if isinstance(command, (Concede, Timeout)):
            if self.state.over:
                raise GameOver("The game is over; start a new one or load a save.")
            if isinstance(command, Timeout):
                if self.state.timer is None:
                    raise IllegalCommand("This game has no turn timer.", "timeouts")
                if command.seat not in self.acting_seats():
                    raise NotYourTurn(f"{self.seat_name(command.seat)}'s clock is not running.")
            return
        super().check_seat(command)

    def execute(self, state: FnState, command: Command) -> None:
        seat = command.seat
        if isinstance(command, Concede):
            turns.concede(state, seat)
            return
        if isinstance(command, Timeout):
            turns.timeout(state, seat)
            turns.proceed(state)
            return
        state.players[seat].timeouts = 0
        if isinstance(command, Choose):
            self._answer(state, command)
        elif isinstance(command, (Keep, Mulligan)):
            if state.flow.phase != "mulligan" or state.players[seat].mulligan is not None:
                raise IllegalCommand("The opening hands have been decided.", "mulligan")
            turns.decide_mulligan(state, seat, command.verb)
        elif state.flow.phase == "mulligan":
            raise IllegalCommand("First keep your opening hand or mulligan.", "mulligan")
        else:
            self._move(state, command)
        turns.proceed(state)

    def _move(self, state: FnState, command: Command) -> None:
        seat, phase = command.seat, state.flow.phase
        if isinstance(command, Play):
            rules.play(state, seat, command.card)
        elif isinstance(command, Activate):
            rules.activate(state, seat, command.source)
        elif isinstance(command, Attack):
            self._attack(state, command)
        elif isinstance(command, Withdraw):
            if phase != "attack":
                raise IllegalCommand("Attackers are taken back before you confirm them.",
                                     "r-withdraw")
            mine = [c.id for c in state.players[seat].creatures]
            combat.withdraw(state, seat, find_in_play(state, state.combat.attackers, command.creature)
                            or find_in_play(state, mine, command.creature) or command.creature)
        elif isinstance(command, (Block, Unblock)):
            if phase != "block":
                raise IllegalCommand("Blockers are assigned after the attackers are declared.",
                                     "blocking")
            mine = [c.id for c in state.players[seat].creatures]
            blocker = find_in_play(state, mine, command.blocker) or command.blocker
            if isinstance(command, Block):
                attacker = (find_in_play(state, state.combat.attackers, command.attacker)
                            or command.attacker)
                combat.block(state, seat, blocker, attacker)
            else:
                combat.unblock(state, seat, blocker)
        elif isinstance(command, Confirm):
            if phase == "attack":
                forced = combat.forced_attackers(state, seat)
                if forced:
                    raise IllegalCommand(f"{card_db()[forced[0].split('#')[0]].name} is Reckless "
                                         "and must attack.", "kw-reckless")
                turns.confirm_attackers(state)
            elif phase == "block":
                turns.confirm_blocks(state)
            else:
                raise IllegalCommand("There is nothing to confirm now.", "combat")
        elif isinstance(command, Pass):
            if phase != "response":
                raise IllegalCommand("There is no Response window to pass in.", "responses")
            turns.close_window(state, rules.no_response_reason(state, seat))
        elif isinstance(command, End):
            if phase == "response":
                raise IllegalCommand("A Response window is open: play a Response or pass.",
                                     "responses")
            if phase != "main":
                raise IllegalCommand("Finish the combat before you end your turn.", "combat")
            problem = rules.end_problem(state, seat)
            if problem:
                raise IllegalCommand(problem, "kw-reckless")
            turns.end_turn(state)

    def _attack(self, state: FnState, command: Attack) -> None:
        seat, phase = command.seat, state.flow.phase
        if phase == "main":
            if state.attacked:
                raise IllegalCommand("You have already attacked this turn.", "combat")
        elif phase != "attack":
            raise IllegalCommand("You declare attackers in your main phase.", "attacking")
        if command.creature == "all":
            able = [c.id for c in state.players[seat].creatures
                    if combat.attack_problem(state, seat, c.id) is None]
            if not able:
                raise IllegalCommand("None of your creatures can attack now.", "attacking")
            for a in able:
                combat.declare(state, seat, a)
            turns.confirm_attackers(state)
            return
        mine = [c.id for c in state.players[seat].creatures]
        combat.declare(state, seat, find_in_play(state, mine, command.creature) or command.creature)

    def _answer(self, state: FnState, command: Choose) -> None:
        pending = state.pending
        chosen: list[str] = []
        ids = set(pending.option_ids())
        by_handle = {h: i for i, h in handles(in_play(state)).items() if i in ids}
        for word in command.options:
            match = pending.match_option(by_handle.get(word.lower(), word), chosen)
            if match is None:
                raise IllegalCommand(f"'{word}' is not one of the choices: "
                                     f"{', '.join(o.label for o in pending.options[:8])}.")
            chosen.append(match)
        if not pending.min <= len(chosen) <= pending.max:
            wanted = (str(pending.min) if pending.min == pending.max
                      else f"{pending.min} to {pending.max}")
            raise IllegalCommand(f"Choose {wanted} of the options, not {len(chosen)}.")
        if pending.kind == "end_discard":
            turns.discard_at_end(state, chosen)
        else:
            interpreter.answer(state, chosen)

    # ---- lists, checks and the view ------------------------------------------------------

    def legal_commands(self, seat: int) -> list[Command]:
        return rules.legal_commands(self.state, seat)

    _cards: frozenset[str] | None = None  # every card of the game, as its first state held them

    def check_invariants(self, state: FnState) -> None:
        lim = limits()
        seen = Counter(all_instances(state))
        twice = [i for i, n in seen.items() if n > 1]
        if twice:
            raise InvalidState(f"A card is in two places at once: {twice[0]}.")
        if self._cards is None:
            self._cards = frozenset(seen)
        lost = sorted(self._cards - set(seen))
        if lost:
            raise InvalidState(f"A card is in no zone: {lost[0]}.")
        db = card_db()
        for p in state.players:
            if not 0 <= p.health <= lim.max_health:
                raise InvalidState(f"{p.name}'s health {p.health} is out of bounds.")
            if not 0 <= p.capacity <= lim.max_capacity or p.energy > lim.max_energy:
                raise InvalidState(f"{p.name}'s energy is out of bounds.")
            ids = [c.id for c in p.creatures]
            for g in p.gear:
                if g.on is not None and g.on not in ids:
                    raise InvalidState(f"{g.id} is attached to a creature not in play.")
        for instance in seen:
            if instance.split("#")[0] not in db:
                raise InvalidState(f"Unknown card {instance}.")
        if state.pending is not None and state.flow.phase == "mulligan":
            raise InvalidState("A question is pending during the mulligan.")
        if state.flow.phase in ("attack", "block") and state.combat is None:
            raise InvalidState("Combat steps need a combat.")
        if state.window is not None and state.flow.phase != "response" and state.pending is None:
            raise InvalidState("A Response window is open outside the response step.")
        if not state.over and not self._acting(state):
            raise InvalidState("Nobody can act, yet the game is not over.")

    @staticmethod
    def _acting(state: FnState) -> list[int]:
        if state.over:
            return []
        if state.pending is not None:
            return [state.pending.seat]
        return list(state.flow.acting) if state.flow.acting is not None else [state.flow.active]

    def view(self, seat: int | None) -> FnView:
        legal = self.legal_commands(seat) if seat is not None else []
        return build_view(self.state, seat, legal, self.acting_seats())

    def hidden_cards(self) -> list[HiddenCards]:
        """Each hand."""
        return [HiddenCards(seat=s, zone="hand", cards=[card(i).name for i in p.hand])
                for s, p in enumerate(self.state.players)]

    # ---- helpers the session and bots use ---------------------------------------------------

    def clock_seconds(self) -> int | None:
        return self.state.timer

    def clock_turn(self) -> Any:
        """The turn, whose it is, and the opening hands apart (the first player's turn 1 must
        not inherit the time the mulligan took)."""
        flow = self.state.flow
        return flow.turn, flow.active, flow.phase == "mulligan"

    @property
    def rated(self) -> bool:
        return self.state.ranked

    def clock_seats(self) -> list[int]:
        """The seats a timeout may be sent for now (their clock runs); none without a timer."""
        return [] if self.state.timer is None else self.acting_seats()

    def has_response(self, seat: int) -> bool:
        return rules.has_response(self.state, seat)
