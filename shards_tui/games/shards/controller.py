"""The Shards of Infinity controller: legality, execution and invariants for every command."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any, ClassVar

from shards_tui.core.commands import Choose, Command
from shards_tui.core.controller import Controller
from shards_tui.core.errors import IllegalCommand, InvalidState
from shards_tui.core.instances import hand_position
from shards_tui.core.decision import Decision
from shards_tui.core.view import HiddenCards
from shards_tui.games.shards import (auction, interpreter, nemesis, nemesis_seat, nemesis_setup, relic_draft,
                                     relic_rules, relic_view, turns)
from shards_tui.games.shards.cards import CardDef, card_db, card_of
from shards_tui.games.shards.commands import (COMMANDS, Assign, Attack, End, Exhaust, FastPlay, Focus,
                                              Play, Recruit, RecruitRelic)
from shards_tui.games.shards.content import ruleset
from shards_tui.games.shards.models import Frame, ShardsState
from shards_tui.games.shards.setup import new_game, scenario_game
from shards_tui.games.shards.view import ShardsView, build_view
from shards_tui.games.shards.zones import Table, amount_text, slug

LISTED_CHOICES = 6  # a refusal names the options of a question with at most this many


class ShardsController(Controller[ShardsState]):
    game_id: ClassVar[str] = "shards"
    title: ClassVar[str] = "Shards of Infinity"
    commands = COMMANDS
    state_type = ShardsState

    def __init__(self, state: ShardsState, setup: dict[str, Any], history=None) -> None:
        self._known_instances: set[str] = set()  # instance ids the state check found known
        # The card of each instance id the rules looked up (Table.card). Kept apart from the
        # set above: the state check compares sets, and a set against dict keys is slower.
        self._instance_cards: dict[str, CardDef] = {}
        super().__init__(state, setup, history)
        self.cards: dict[str, CardDef] = card_db(tuple(state.sets))
        self.rules = ruleset()

    @classmethod
    def setup_game(cls, setup: dict[str, Any]) -> "ShardsController":
        if setup.get("kind") == "scenario":
            state = scenario_game(setup)
        else:
            state = new_game(setup)
        return cls(state, setup)

    @classmethod
    def upgrade_save(cls, doc: dict[str, Any], version: int) -> dict[str, Any]:
        """Before format 2, shields were asked clockwise from the attacker: an older game keeps
        that order (its moves answer the questions in it)."""
        if version < 2:
            for part in ("setup", "state"):
                if isinstance(doc.get(part), dict):
                    doc[part].setdefault("shield_order", "clockwise")
        return doc

    def seat_names(self) -> list[str]:
        return [p.name for p in self.state.players]

    def table(self, state: ShardsState | None = None) -> Table:
        return Table(state or self.state, self.cards, self.rules, self._instance_cards)

    def what_is_awaited(self) -> str:
        return _assign_first(self.state) if self.state.flow.phase == "attack" else ""

    # ---- execution ------------------------------------------------------------------------

    def execute(self, state: ShardsState, command: Command) -> None:
        t = self.table(state)
        if isinstance(command, Choose):
            self._answer(t, command)
        elif isinstance(command, Assign):
            if state.flow.phase != "attack":
                raise IllegalCommand("You assign power only after ending your play phase with 'end'.",
                                     "attack-phase")
            self._assign(t, command)
        elif state.flow.phase != "play":
            raise IllegalCommand(_assign_first(state), "attack-phase")
        else:
            handler = {Play: self._play, Recruit: self._recruit, FastPlay: self._fastplay,
                       Exhaust: self._exhaust, Focus: self._focus, Attack: self._attack,
                       End: self._end, RecruitRelic: relic_rules.recruit_relic}[type(command)]
            handler(t, command)
        _carry_on(t)

    def _find_in_hand(self, t: Table, ref: str) -> str:
        hand = t.state.me.hand
        found = hand_position(hand, ref, "playing-cards") or self._match(t, hand, ref)
        if found is None:
            raise IllegalCommand(self._not_found(ref, "You have no '{}' in your hand.",
                                                 "That {} is not in your hand."), "playing-cards")
        return found

    def _not_found(self, ref: str, typed: str, copy: str) -> str:
        """The refusal for a card reference that matches nothing: ``typed`` with the reference
        as typed, or, where it named a copy by its id ('axia#1', as a table's keys send it),
        ``copy`` with the card's name (no id is shown to a player)."""
        card = self.cards.get(card_of(ref)) if "#" in ref else None
        return copy.format(card.name) if card is not None else typed.format(ref)

    @staticmethod
    def _match(t: Table, instances: list[str], ref: str) -> str | None:
        for i in instances:
            if ref == i:
                return i
        for i in instances:
            if ref == card_of(i) or ref == slug(t.name(i)):
                return i
        for i in instances:  # a unique prefix is enough: 'play reactor'
            if card_of(i).startswith(ref) or slug(t.name(i)).startswith(ref):
                return i
        return None

    def _play(self, t: Table, cmd: Play) -> None:
        if cmd.card == "all":
            self._play_all(t)
            return
        self._play_one(t, self._find_in_hand(t, cmd.card))

    def _play_one(self, t: Table, instance: str) -> None:
        state = t.state
        card = t.card(instance)
        if state.stack:
            raise IllegalCommand("Finish resolving the card you are playing first.")
        t.move(instance, state.flow.active, "hand", "champions" if card.is_champion else "in_play")
        self._enter_play(t, instance, card)
        if card.is_champion:
            relic_rules.on_champion_played(t, state.flow.active)

    def _enter_play(self, t: Table, instance: str, card: CardDef) -> None:
        state = t.state
        state.turn.played.append(instance)
        t.event(f"{state.me.name} plays {card.name}.", "champions" if card.is_champion else "playing-cards")
        if card.is_ally and card.faction in state.turn.copy_allies_of:
            copier = next((c for c in state.me.champions if card_of(c) == "general_decurion"), instance)
            state.stack.append(Frame(source=instance, part="play", via=copier))
        state.stack.append(Frame(source=instance, part="play"))

    def _play_all(self, t: Table) -> None:
        state = t.state
        if not state.me.hand:
            raise IllegalCommand("Your hand is empty.", "playing-cards")
        while state.me.hand and state.pending is None:
            self._play_one(t, state.me.hand[0])
            interpreter.run(t)

    def _row_slot(self, t: Table, ref: str) -> int:
        row = t.state.center_row
        if ref.isdigit():
            k = int(ref)
            if not 1 <= k <= len(row) or row[k - 1] is None:
                raise IllegalCommand(f"There is no card in center-row slot {ref}.", "center-row")
            return k - 1
        live = [i for i in row if i is not None]
        found = self._match(t, live, ref)
        if found is None:
            raise IllegalCommand(f"There is no '{ref.replace('_', ' ')[:40]}' in the center row.",
                                 "center-row")
        return row.index(found)

    def _pay(self, t: Table, instance: str) -> str:
        """Take the card's cost (to this player) in gems; the amount, in words, for the log."""
        card = t.card(instance)
        cost = relic_rules.cost_for(t, t.state.flow.active, instance)
        if t.state.turn.gems < cost:
            raise IllegalCommand(f"You have {amount_text(t.state.turn.gems, 'gems')}; {card.name} costs {cost}.",
                                 "recruit")
        t.state.turn.gems -= cost
        return amount_text(cost, "gems")

    def _recruit(self, t: Table, cmd: Recruit) -> None:
        state = t.state
        slot = self._row_slot(t, cmd.target)
        instance = state.center_row[slot]
        assert instance is not None
        card = t.card(instance)
        paid = self._pay(t, instance)
        if t.recruit_from_row(slot, state.flow.active, "discard") == "champions":
            t.event(f"{state.me.name} recruits {card.name} for {paid}, straight into play.", "recruit")
        else:
            t.event(f"{state.me.name} recruits {card.name} for {paid}.", "recruit")
        t.refill_row()

    def _fastplay(self, t: Table, cmd: FastPlay) -> None:
        state = t.state
        slot = self._row_slot(t, cmd.target)
        instance = state.center_row[slot]
        assert instance is not None
        card = t.card(instance)
        if card.type != "mercenary":
            raise IllegalCommand(f"{card.name} is not a mercenary; only mercenaries can be fast-played.",
                                 "fast-play")
        if state.stack:
            raise IllegalCommand("Finish resolving the card you are playing first.")
        paid = self._pay(t, instance)
        t.take_from_row(slot, state.flow.active, "in_play")
        state.turn.fast_played.append(instance)
        t.event(f"{state.me.name} fast-plays {card.name} for {paid}.", "fast-play")
        t.refill_row()
        self._enter_play(t, instance, card)

    def _exhaust(self, t: Table, cmd: Exhaust) -> None:
        state = t.state
        me = state.me
        found = self._match(t, me.champions, cmd.champion)
        if found is None:
            raise IllegalCommand(self._not_found(cmd.champion, "You have no champion '{}' in play.",
                                                 "That {} is not one of your champions in play."), "exhaust")
        card = t.card(found)
        if found in me.exhausted:
            raise IllegalCommand(f"{card.name} is already exhausted this turn.", "exhaust")
        if not card.exhaust:
            raise IllegalCommand(f"{card.name} has no exhaust ability.", "exhaust")
        me.exhausted.append(found)
        t.event(f"{me.name} exhausts {card.name}.", "exhaust")
        state.stack.append(Frame(source=found, part="exhaust"))

    def _focus(self, t: Table, cmd: Focus) -> None:
        state = t.state
        limits = self.rules.limits
        if state.turn.focused:
            raise IllegalCommand("You have already used Focus this turn.", "focus")
        if state.turn.gems < limits.focus_cost_gems:
            raise IllegalCommand(f"Focus costs {limits.focus_cost_gems} gem and you have none.", "focus")
        if state.me.mastery >= limits.max_mastery:
            raise IllegalCommand(f"Your mastery is already at its maximum of {limits.max_mastery}.", "focus")
        state.turn.focused = True
        state.turn.gems -= limits.focus_cost_gems
        t.gain(state.flow.active, "mastery", limits.focus_gain_mastery,
               f"Focus, for {amount_text(limits.focus_cost_gems, 'gems')}")

    def _enemy_champion(self, t: Table, ref: str) -> tuple[int, str]:
        state = t.state
        for owner in state.opponents(state.flow.active):
            found = self._match(t, state.players[owner].champions, ref)
            if found is not None:
                return owner, found
        raise IllegalCommand(self._not_found(ref, "No opponent has a champion '{}' in play.",
                                             "That {} is not an opponent's champion in play."),
                             "attack-champions")

    def _attack(self, t: Table, cmd: Attack) -> None:
        state = t.state
        owner, champion = self._enemy_champion(t, cmd.champion)
        reason = turns.champion_attackable(t, owner, champion)
        if reason:
            raise IllegalCommand(reason, "attack-champions")
        defense = relic_rules.champion_defense(t, owner, champion)
        if not state.turn.infinite_power:
            if state.turn.power < defense:
                raise IllegalCommand(f"You have {state.turn.power} power; {t.name(champion)} needs "
                                     f"{defense} in one go.", "attack-champions")
            state.turn.power -= defense
        t.destroy_champion(owner, champion, f"by {state.me.name}'s attack")

    def _end(self, t: Table, cmd: End) -> None:
        if t.state.stack:
            raise IllegalCommand("Finish resolving the card you are playing first.")
        turns.begin_attack(t)

    def _assign(self, t: Table, cmd: Assign) -> None:
        state = t.state
        target = t.seat_from_slug(cmd.target)
        if target == state.flow.active:
            raise IllegalCommand("You cannot attack yourself.", "attack-phase")
        if target not in turns.attackable_players(t, state.flow.active):
            raise IllegalCommand(f"{state.players[target].name} cannot be attacked now.", "attack-phase")
        if cmd.amount > state.turn.power:
            raise IllegalCommand(f"You have only {state.turn.power} power left to assign.", "attack-phase")
        turns.assign(t, target, cmd.amount)

    def _answer(self, t: Table, cmd: Choose) -> None:
        state = t.state
        decision = state.pending
        assert decision is not None
        ids = decision.option_ids()
        chosen = list(cmd.options)
        # 'choose 2' may name the 2nd option, unless the ids are numbers themselves (center
        # slots): then '2' means slot 2 only, never the 2nd option offered.
        by_position = not any(i.isdigit() for i in ids)
        offered = (f"(choose 1-{len(ids)} or a name): "
                   + ", ".join(f"{k} {o.label}" for k, o in enumerate(decision.options, 1))
                   if by_position else ": " + ", ".join(ids))
        if by_position and len(ids) > LISTED_CHOICES:  # too long for a status line
            offered = f"(choose 1-{len(ids)} or a name; the question lists them)"
        if len(chosen) > 1 and decision.max == 1:  # 'choose the world piercer': one name
            whole = decision.match_option("_".join(chosen))
            if whole is None and not all(c in ids or c.isdigit() for c in chosen):
                raise IllegalCommand(f"'{' '.join(chosen)[:40]}' is not one of the choices {offered}.")
            chosen = [whole] if whole else chosen
        if decision.kind in auction.KINDS:
            auction.check(decision, [decision.match_option(c) or c for c in chosen])
        for n, c in enumerate(chosen):
            if c not in ids:
                if by_position and c.isdigit() and 1 <= int(c) <= len(ids):
                    chosen[n] = ids[int(c) - 1]
                    continue
                named = decision.match_option(c, taken=chosen[:n])
                if named is None:
                    doubt = decision.labels_starting(c)
                    if len(doubt) > 1:
                        raise IllegalCommand(f"'{c[:30]}' could be {' or '.join(doubt)}: say which.")
                    raise IllegalCommand(f"'{c[:30]}' is not one of the choices {offered}.")
                chosen[n] = named
        problem = decision.count_problem(chosen)
        if problem:
            raise IllegalCommand(problem)
        state.pending = None
        ANSWERS.get(decision.kind, interpreter.answer)(t, decision, chosen)

    # ---- legal commands -----------------------------------------------------------------

    def legal_commands(self, seat: int) -> list[Command]:
        state = self.state
        if state.over:
            return []
        t = self.table()
        if state.pending is not None:
            return self._legal_choices(seat) if state.pending.seat == seat else []
        if seat != state.flow.active:
            return []
        turn = state.turn
        if state.flow.phase == "attack":
            return [Assign.shared(seat, target=t.seat_slug(o), amount=k)
                    for o in turns.attackable_players(t, seat) for k in range(1, turn.power + 1)]
        me = state.me
        out: list[Command] = []
        for cid in dict.fromkeys(card_of(i) for i in me.hand):
            out.append(Play.shared(seat, card=cid))
        if len(me.hand) > 1:
            out.append(Play.shared(seat, card="all"))
        for slot, i in enumerate(state.center_row):
            if i is not None and relic_rules.cost_for(t, seat, i) <= turn.gems:
                out.append(Recruit.shared(seat, target=str(slot + 1)))
                if t.card(i).type == "mercenary":
                    out.append(FastPlay.shared(seat, target=str(slot + 1)))
        for c in me.champions:
            if c not in me.exhausted and t.card(c).exhaust:
                out.append(Exhaust.shared(seat, champion=c))
        out.extend(relic_rules.legal_relics(t, seat))
        if (not turn.focused and turn.gems >= self.rules.limits.focus_cost_gems
                and me.mastery < self.rules.limits.max_mastery):
            out.append(Focus.shared(seat))
        for o in state.opponents(seat):
            for c in state.players[o].champions:
                if turns.champion_attackable(t, o, c) is None and (
                        turn.infinite_power or turn.power >= relic_rules.champion_defense(t, o, c)):
                    out.append(Attack.shared(seat, champion=c))
        out.append(End.shared(seat))
        return out

    def _legal_choices(self, seat: int) -> list[Command]:
        d = self.state.pending
        assert d is not None
        ids = d.option_ids()
        picks: list[tuple[str, ...]] = []
        for k in range(d.min, d.max + 1):
            combos = list(combinations(ids, k))
            if len(picks) + len(combos) > 256:
                break
            picks.extend(combos)
        return [Choose.shared(seat, options=p) for p in picks]

    # ---- invariants -------------------------------------------------------------------------

    def check_invariants(self, state: ShardsState) -> None:
        limits = self.rules.limits
        everything = state.all_instances()
        if len(everything) != state.total_cards:
            raise InvalidState(f"{state.total_cards} cards should exist but {len(everything)} are on the table.")
        present = set(everything)
        if len(present) != len(everything):
            dupes = [i for i, k in Counter(everything).items() if k > 1]
            raise InvalidState(f"{dupes[0]} is in two places at once.")
        if not present <= self._known_instances:  # each instance id is looked up once
            unknown = [i for i in everything
                       if i not in self._known_instances and card_of(i) not in self.cards]
            if unknown:
                raise InvalidState(f"{unknown[0]} is not a known card.")
            self._known_instances |= present
        for p in state.players:
            if not 0 <= p.health <= limits.max_health:
                raise InvalidState(f"{p.name}'s health {p.health} is out of bounds.")
            if not 0 <= p.mastery <= limits.max_mastery:
                raise InvalidState(f"{p.name}'s mastery {p.mastery} is out of bounds.")
            if p.eliminated != (p.health <= 0):
                raise InvalidState(f"{p.name}'s elimination does not match their health.")
            if p.exhausted and not set(p.exhausted) <= set(p.champions):
                raise InvalidState(f"{p.name} has an exhausted card that is not a champion in play.")
            if p.champions and any(not self.cards[card_of(c)].is_champion for c in p.champions):
                raise InvalidState(f"{p.name} has a non-champion among their champions.")
        relic_problem = relic_rules.check_relics(state, self.cards)
        if relic_problem:
            raise InvalidState(relic_problem)
        if len(state.center_row) != limits.center_row_size:
            raise InvalidState("The center row has the wrong number of slots.")
        if None in state.center_row and state.center_deck and state.nemesis_turn is None:
            raise InvalidState("The center row has a gap while the center deck still has cards.")
        if state.turn.fast_played and not set(state.turn.fast_played) <= set(state.me.in_play):
            raise InvalidState("A fast-played mercenary is not in the play zone.")
        if state.pending is not None and state.pending.seat not in range(len(state.players)):
            raise InvalidState("A decision is owed by a seat that does not exist.")
        if state.flow.phase not in ("play", "nemesis") and state.stack:
            raise InvalidState("Card effects are still resolving outside the play phase.")
        if nemesis_seat.active(state):
            nemesis_setup.check_invariants(state)

    # ---- views ----------------------------------------------------------------------------------

    def view(self, seat: int | None) -> ShardsView:
        return build_view(self, seat)

    def hidden_cards(self) -> list[HiddenCards]:
        """Each hand and, in Mystery Relics, each player's secret relics."""
        out = []
        for s, p in enumerate(self.state.players):
            zones = [("hand", p.hand)]
            if relic_view.relics_hidden(self.state, s, None):
                zones.append(("relics set aside", p.relics))
            out += [HiddenCards(seat=s, zone=zone, cards=[self.cards[card_of(i)].name for i in cards])
                    for zone, cards in zones]
        return out


def _carry_on(t: Table) -> None:
    """After a move: carry out the card effects on the stack, then the Nemesis's turn if it is
    under way, until someone must choose or the game is over."""
    interpreter.run(t)
    nemesis.run(t)


def _shields(t: Table, decision: Decision, chosen: list[str]) -> None:
    turns.answer_shields(t, decision.seat, chosen)


# decision kind -> its answer, for the questions asked outside card effects (interpreter.answer
# carries out the rest)
ANSWERS = {"shields": _shields, relic_draft.KIND: relic_draft.answer,
           **{kind: auction.answer for kind in auction.KINDS},  # Health Auction, before the first turn
           "nemesis_target": nemesis.answer_target}


def _assign_first(state: ShardsState) -> str:
    return f"Finish assigning your {state.turn.power} power first ('assign PLAYER N')."
