"""The Infinities controller: the gate's hooks (setup, execution, legal moves, invariants,
views) for every command."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from shards_tui.core.commands import Choose, Command
from shards_tui.core.controller import Controller
from shards_tui.core.errors import GameOver, IllegalCommand, InvalidState, NotYourTurn
from shards_tui.core.hex import parse_hex
from shards_tui.games.infinities import actions, adventure, interpreter, turns
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.damage import defeat
from shards_tui.games.infinities.legal import legal_commands
from shards_tui.games.infinities.models import WAITING_PHASES, InfState
from shards_tui.games.infinities.setup import new_game, scenario_game
from shards_tui.games.infinities.view import build_view


class InfinitiesController(Controller[InfState]):
    game_id: ClassVar[str] = "infinities"
    title: ClassVar[str] = "Infinities: Defiance of Fate"
    commands = cm.COMMANDS
    state_type = InfState
    # False in a bot's sampled worlds: nobody reads their log, and writing it costs time.
    log_events: ClassVar[bool] = True

    @classmethod
    def setup_game(cls, setup: dict[str, Any]) -> "InfinitiesController":
        try:
            state = scenario_game(dict(setup)) if setup.get("kind") == "scenario" else new_game(dict(setup))
        except (ValueError, KeyError, TypeError) as exc:
            raise InvalidState(str(exc).strip("'\"")) from None
        turns.advance(Board(state))
        return cls(state, setup)

    def seat_names(self) -> list[str]:
        return [p.name for p in self.state.players]

    def what_is_awaited(self) -> str:
        phase = self.state.flow.phase
        who = self.seat_name(self.state.flow.active)
        return {"first_tile": f"{who} steps out of the Rift ('move DIR').",
                "choose_leader": f"{who} chooses a leader ('leader ID').",
                "deploy": f"{who} deploys.", "respawn": f"{who} respawns and deploys.",
                "check": f"{who} rolls their action check ('roll D D D D').",
                "adjust": f"{who} rerolls, converts or locks their dice.",
                "act": f"{who} spends dice or ends their turn."}.get(phase, "")

    # ---- the gate -----------------------------------------------------------------------------

    def check_seat(self, command: Command) -> None:
        if isinstance(command, cm.Concede):
            if self.state.over:
                raise GameOver("The game is over; start a new one or load a save.")
            problem = actions.may_concede(Board(self.state), command.seat)
            if problem:
                raise IllegalCommand(problem, "concede")
            return
        super().check_seat(command)

    def execute(self, state: InfState, command: Command) -> None:
        b = Board(state, quiet=not self.log_events)
        if isinstance(command, Choose):
            self._answer(b, command)
        elif isinstance(command, cm.Concede):
            defeat(b, command.seat, by=None, conceded=True)
            if not turns.check_last_standing(b) and command.seat == state.flow.active:
                turns.end_turn(b)
        else:
            if command.seat != state.flow.active:
                raise NotYourTurn(f"It is {self.seat_name(state.flow.active)}'s turn.")
            actions.execute(b, command)
        turns.advance(b)

    def _answer(self, b: Board, cmd: Choose) -> None:
        decision = b.state.pending
        assert decision is not None
        if isinstance(cmd, cm.Discover) and decision.kind != "discover":
            raise IllegalCommand(f"Nothing is being discovered now; {decision.prompt}")
        if isinstance(cmd, (cm.Block, cm.Allow)) and decision.kind != "block":
            raise IllegalCommand(f"No ability waits for your block now; {decision.prompt}")
        named = isinstance(cmd, cm.Discover) or decision.kind == "discover" and \
            len(cmd.options) == 1 and "@" in cmd.options[0]  # ('choose tile@turn' too)
        if named and cmd.options[0] not in decision.option_ids():
            raise IllegalCommand(self._unfit(b, decision, cmd.options[0]), "discover")
        chosen = decision.chosen_ids(list(cmd.options))
        b.state.pending = None
        interpreter.answer(b, chosen, int(decision.data.get("frame", 0) or 0))

    @staticmethod
    def _unfit(b: Board, decision: Any, wanted: str) -> str:
        """Why a discovery's tile and turn are not an answer: not offered, or a turn whose
        walls would close the way in (and the turns that fit)."""
        tile, _, rot = wanted.partition("@")
        fits = sorted(o.partition("@")[2] for o in decision.option_ids() if o.partition("@")[0] == tile)
        found = b.c.tiles.get(tile)
        if found is None or not fits:
            return f"'{tile.replace('_', ' ')[:30]}' is not one of the tiles offered to discover here."
        return (f"{found.name} turned {rot} does not fit: a wall would close the way in. "
                f"It fits turned {', '.join(fits)}.")

    # ---- legal commands -----------------------------------------------------------------------

    def legal_commands(self, seat: int) -> list[Command]:
        if self.state.over or seat not in self.acting_seats():
            return []
        return legal_commands(Board(self.state, frozen=True), seat)

    # ---- invariants ---------------------------------------------------------------------------

    def check_invariants(self, state: InfState) -> None:
        b = Board(state, frozen=True)  # (read only here: the levels it works out are kept)
        limits = b.limits
        everything = state.all_cards()
        if len(everything) != state.total_cards:
            raise InvalidState(f"{state.total_cards} cards should exist but {len(everything)} are in the game.")
        distinct = set(everything)
        if len(distinct) != len(everything):
            dupes = [c for c, k in Counter(everything).items() if k > 1]
            raise InvalidState(f"{dupes[0]} is in two places at once.")
        if distinct != state.deck_of.keys():
            raise InvalidState("A card in the game belongs to no deck.")
        if not 2 <= len(state.players) <= 6:
            raise InvalidState("Infinities is for 2 to 6 players.")
        if state.flow.phase not in WAITING_PHASES and state.pending is None and not state.queue \
                and not state.over:
            raise InvalidState(f"The game stopped in the {state.flow.phase} phase.")
        pawns: dict[str, int] = {}
        for seat, p in enumerate(state.players):
            if len(p.hand) > limits.hand:
                raise InvalidState(f"{p.name} holds {len(p.hand)} cards; the limit is {limits.hand}.")
            if len(p.group) > limits.group:
                raise InvalidState(f"{p.name}'s group has {len(p.group)} units; at most {limits.group}.")
            if p.damage >= limits.health and p.status == "active" and state.flow.phase != "first_tile":
                raise InvalidState(f"{p.name}'s leader has no Health left but is still in the game.")
            if p.gambit > limits.gambit_top:
                raise InvalidState(f"{p.name}'s gambit is past level {limits.gambit_top}.")
            if p.at is not None:
                placed = state.tiles.get(p.at)
                if placed is None or not placed.face_up:
                    raise InvalidState(f"{p.name}'s pawn stands where there is no face-up tile.")
                if p.at in pawns and state.flow.phase != "first_tile":
                    raise InvalidState(f"Two pawns share the tile at {p.at}.")
                pawns[p.at] = seat
            elif p.status == "active" and p.leader is not None:
                raise InvalidState(f"{p.name}'s leader is in the game but off the board.")
            for unit in p.group:
                if unit.damage >= b.unit_health(unit):
                    raise InvalidState(f"{p.name}'s {b.name(unit.card)} should have been destroyed.")
                if b.card(unit.card).kind != "unit":
                    raise InvalidState(f"{b.name(unit.card)} in {p.name}'s group is not a unit.")
            if state.flow.phase != "first_tile" and p.status != "conceded" and p.progress and \
                    any(r not in state.roles for r in p.progress):
                raise InvalidState(f"{p.name} has progress on a Role that is not in play.")
        placed_tiles = [t.tile for t in state.tiles.values()]
        stacked = [t for s in state.stacks.values() for t in s]
        if len(set(placed_tiles)) != len(placed_tiles) or set(placed_tiles) & set(stacked):
            raise InvalidState("A tile is placed twice, or both placed and in a stack.")
        for key in state.tiles:
            parse_hex(key)
        if state.pending is not None and not 0 <= state.pending.seat < len(state.players):
            raise InvalidState("A question waits for a seat that does not exist.")
        problem = adventure.state_problem(state)
        if problem:
            raise InvalidState(problem)

    # ---- views --------------------------------------------------------------------------------

    def view(self, seat: int | None) -> Any:
        return build_view(self, seat)
