"""From one seat's view to what every table widget shows (no Textual here, easy to test).

``TableData.build(view, cards, characters)`` reads the seat's ``ShardsView``: the cards in each
zone as ``CardInfo`` with the keys whose moves are legal for them, player
numbers as ``PlayerInfo``, the key hints, the palette entries, and the words of the hand-off
screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from shards_tui.core.view import QuestionView
from shards_tui.core.wording import name_list
from shards_tui.games.shards.cards import CardDef
from shards_tui.games.shards.commands import (Assign, Attack, End, Exhaust, FastPlay, Focus, Play,
                                              Recruit, RecruitRelic)
from shards_tui.games.shards.view import ShardsPlayer, ShardsView
from shards_tui.games.shards.models import Phase
from shards_tui.ui.widgets.key_hints import KeyHint
from shards_tui.ui.tables.shards.describe import (CardInfo, PlayerInfo, card_info, count_names,
                                                  describe_move)

CharacterLookup = Callable[[str], tuple[str, str | None]]  # id -> (name, faction)


def _player(p: ShardsPlayer, view: ShardsView, cards: Mapping[str, CardDef],
            character: CharacterLookup) -> PlayerInfo:
    name, faction = character(p.character)
    return PlayerInfo(seat=p.seat, name=p.name, slug=p.slug, character=name,
                      faction=faction, health=p.health, mastery=p.mastery,
                      hand_count=p.hand_count, deck_count=p.deck_count,
                      discard_count=p.discard_count, banished_count=len(p.banished),
                      protected=p.protected, eliminated=p.out,
                      active=view.active == p.seat and not view.over,
                      in_play=count_names([cards[c.card].name for c in p.in_play]),
                      relics=relics_text(p, cards), team=p.team, ally=_ally(p, view),
                      across=view.across == p.seat, nemesis=p.nemesis)


def relics_text(p: ShardsPlayer, cards: Mapping[str, CardDef]) -> str:
    """The set-aside relics as a panel shows them: names, or only a count when secret."""
    if p.relics is not None:
        text = " / ".join(cards[c.card].name for c in p.relics)
    else:
        text = f"{p.relic_count} secret" if p.relic_count else ""
    if text and p.relic_recruited:  # what is listed is what was not taken
        taken = p.relic_taken
        text = f"{cards[taken].name if taken else 'one'} recruited; {text} out of the game"
    return text


def _ally(p: ShardsPlayer, view: ShardsView) -> bool:
    """2v2 Team Attack: this player is on the viewer's team (and is not the viewer)."""
    me = view.me
    if me is None or p.seat == me.seat or p.team is None:
        return False
    return me.team == p.team


@dataclass
class TableData:
    view: ShardsView
    me: PlayerInfo | None
    opponents: list[tuple[PlayerInfo, list[CardInfo]]]
    center: list[CardInfo | None]
    center_deck: int
    hand: list[CardInfo]
    hand_hidden: bool
    played: str
    champions: list[CardInfo]
    gems: int | None
    power: str | None
    assign_targets: list[tuple[str, str]] = field(default_factory=list)
    assign_power: int = 0

    @property
    def viewer(self) -> int | None:
        return self.view.you

    @property
    def turn(self) -> int:
        return self.view.turn

    @property
    def phase(self) -> str:
        return self.view.phase

    @property
    def over(self) -> bool:
        return self.view.over

    @property
    def pending(self) -> QuestionView | None:
        return self.view.pending

    @property
    def decision_mine(self) -> bool:
        """This seat is asked a question and may see its options."""
        return self.view.my_question and self.view.pending.options is not None  # type: ignore[union-attr]

    @property
    def nemesis_turn(self) -> bool:
        return self.view.nemesis_turn is not None

    @property
    def empty_slot_text(self) -> str:
        """In the Nemesis turn a slot is empty because the Nemesis played its card."""
        return "(played by the Nemesis; refilled after its turn)" if self.nemesis_turn \
            else "(empty)"

    @property
    def turn_text(self) -> str:
        """'Turn 5, play phase' (yours), 'Turn 5, Ben's play phase', 'Turn 5, Ben's attack: your
        shields' (you decide), 'Turn 5, Ben's attack: Cy's shields' (Cy decides) or 'Turn 23,
        the game is over'."""
        if self.over:
            return f"Turn {self.turn}, the game is over"
        other = next((p.name for p, _ in self.opponents if p.active), None)
        if self.phase == Phase.SHIELDS:
            attack = f"{other}'s attack" if other else "your attack"
            if self.decision_mine:
                return f"Turn {self.turn}, {attack}: your shields"
            seat = self.pending.seat if self.pending is not None else None
            who = next((p.name for p, _ in self.opponents if p.seat == seat), None)
            if who is not None:
                return f"Turn {self.turn}, {attack}: {who}'s shields"
        return f"Turn {self.turn}, " + (f"{other}'s " if other else "") + f"{self.phase} phase"

    @property
    def question_open(self) -> bool:
        """This seat is asked something: a question, or how to share out its attack."""
        return self.decision_mine or bool(self.assign_targets)

    @property
    def end_turn_unused(self) -> str | None:
        """What ending the play phase now would leave unused, free or nearly so, each with its
        key: '2 cards in hand, your focus (m), Systema A.I. (x)'; None when nothing is, or
        when it is not this seat's play phase. Recruits are not counted: leaving the center row
        alone is a choice, while an unplayed card, an unused focus (1 gem for 1 mastery, kept
        for good) or a ready champion is almost always a slip."""
        view = self.view
        if self.phase != Phase.PLAY or not view.legal_of(End):
            return None
        n = len(self.hand)
        parts = [f"{n} card{'s' if n != 1 else ''} in hand"] if n else []
        if view.legal_of(Focus):
            parts.append("your focus (m)")
        parts += [f"{c.name} (x)" for c in self.champions if "x" in c.keys]
        if view.legal_of(RecruitRelic):
            parts.append("your relic (ctrl+p)")
        return name_list(parts) or None

    def option_card(self, option_id: str) -> str:
        """The card instance a question's option stands for: itself, or the card in the
        center-row slot it names (Portal Monk's options are slots; a bid's are amounts)."""
        if option_id.isdigit() and self.pending is not None and self.pending.kind == "recruit_free":
            slot = int(option_id)
            card = self.center[slot - 1] if 0 < slot <= len(self.center) else None
            return card.id if card is not None else ""
        return option_id

    def still_shown(self, info: CardInfo | None) -> bool:
        """Whether a card on the table is still there (a center card the Nemesis played, or one
        recruited by a bot, is not; nor an option of a question answered): the card panel stops
        showing a card that has gone."""
        if info is not None and info.zone == "option":  # while its question is open
            return self.decision_mine and self.pending is not None and any(
                self.option_card(o.id) == info.id for o in self.pending.options or [])
        if info is None or info.zone not in ("center", "hand", "champion", "enemy"):
            return True
        shown = [*self.center, *self.hand, *self.champions,
                 *(card for _, champions in self.opponents for card in champions)]
        return any(card is not None and card.id == info.id for card in shown)

    @classmethod
    def build(cls, view: ShardsView, cards: Mapping[str, CardDef],
              character: CharacterLookup) -> "TableData":
        viewer = view.you
        me_facts = view.me
        players = view.players
        # What the legal moves act on (one pass over the legal moves each)
        recruits = {c.target for c in view.legal_of(Recruit)}
        fastplays = {c.target for c in view.legal_of(FastPlay)}
        attacks = {c.champion for c in view.legal_of(Attack)}
        exhausts = {c.champion for c in view.legal_of(Exhaust)}
        plays = {c.card for c in view.legal_of(Play)}
        center: list[CardInfo | None] = []
        for entry in view.center_row:
            if entry is None:
                center.append(None)
                continue
            slot = str(entry.slot)
            keys = tuple(key for key, legal in (("r", recruits), ("f", fastplays)) if slot in legal)
            center.append(card_info(entry.id, cards, zone="center", label=slot, keys=keys,
                                    cost=entry.cost))
        opponents = []
        for p in sorted(players, key=lambda p: (p.seat - (viewer or 0)) % len(players)):
            if p.seat == viewer:  # (in turn order from the viewer on)
                continue
            champs = [card_info(c.id, cards, zone="enemy", exhausted=c.exhausted,
                                protected=c.protected, owner=p.name, defense=c.defense,
                                keys=("t",) if c.id in attacks else ())
                      for c in p.champions]
            opponents.append((_player(p, view, cards, character), champs))
        hand: list[CardInfo] = []
        champions: list[CardInfo] = []
        played = ""
        if me_facts is not None:
            for c in me_facts.hand or []:
                hand.append(card_info(c.id, cards, zone="hand",
                                      keys=("p",) if c.card in plays else ()))
            champions = [card_info(c.id, cards, zone="champion", exhausted=c.exhausted,
                                   defense=c.defense,
                                   keys=("x",) if c.id in exhausts else ())
                         for c in me_facts.champions]
        turn = view.this_turn
        mine_active = viewer is not None and view.active == viewer
        counting = mine_active and view.phase != Phase.SETUP  # gems and power: not while bidding
        if me_facts is not None:
            fast = {c.id for c in turn.fast_played}
            # This turn's plays (champions too, though they sit apart) on your turn
            shown = turn.played if mine_active else me_facts.in_play
            played = count_names([cards[c.card].name + (" (fast-played)" if c.id in fast else "")
                                  for c in shown])
        power = "∞" if turn.infinite_power else str(turn.power)
        data = cls(view=view,
                   me=_player(me_facts, view, cards, character) if me_facts else None,
                   opponents=opponents, center=center, center_deck=view.center_deck_count,
                   hand=hand, hand_hidden=me_facts is None, played=played, champions=champions,
                   gems=turn.gems if counting else None,
                   power=power if counting else None)
        if mine_active and view.phase == Phase.ATTACK and view.pending is None:
            data.assign_targets = _assign_targets(view)
            data.assign_power = turn.power
        return data

    # ---- what the action row and the palette list ---------------------------------------

    def actions(self, undo: KeyHint | None) -> tuple[str, list[KeyHint]]:
        """The heading and key hints; ``undo`` is what ``u`` offers now, if anything."""
        view = self.view
        items: list[KeyHint] = []
        if self.over:
            return ("The game is over.", [KeyHint("g", "show the result", "result")])
        if self.decision_mine:
            heading = "Answer the question:"
            pending = self.pending
            choice = bool(pending and pending.max > 0 and pending.options)
            items.append(KeyHint("enter", "confirm" if choice else "go on", "confirm_decision"))
            if choice and pending and pending.min == 0:  # none only if some exist
                items.append(KeyHint("n", "choose none", "choose_none"))
        elif self.assign_targets:
            heading = "Attack phase:"
            items.append(KeyHint("enter", "assign to the highlighted opponent", "confirm_assign"))
        elif self.viewer is None or not view.legal:
            return ("Waiting for another player." if self.viewer is not None else "", [])
        else:
            heading = "You may:"
            plays = view.legal_of(Play)
            if plays:
                items.append(KeyHint("p", "play selected", "play_selected"))
            if any(c.card == "all" for c in plays):
                items.append(KeyHint("a", "play all", "play_all"))
            for key, kind, word, action in (("r", Recruit, "recruit", "recruit"),
                                            ("f", FastPlay, "fast-play", "fastplay")):
                slots = [c.target for c in view.legal_of(kind)]
                if slots:
                    items.append(KeyHint(key, f"{word} {','.join(slots)}", action))
            exhaust = [c.name for c in self.champions if "x" in c.keys]
            if exhaust:
                items.append(KeyHint("x", "exhaust " + name_list(exhaust), "exhaust"))
            if view.legal_of(Focus):
                items.append(KeyHint("m", "focus", "focus"))
            attack = [c.name for _, champs in self.opponents for c in champs if "t" in c.keys]
            if attack:
                items.append(KeyHint("t", "attack " + name_list(attack), "attack"))
            if view.legal_of(RecruitRelic):  # Relics of the Future: in the palette with names
                items.append(KeyHint("ctrl+p", "take a relic (free, once)", "palette"))
            if view.legal_of(End):
                items.append(KeyHint("e", "end turn", "end_turn"))
        if undo is not None:
            items.append(undo)
        items.append(KeyHint(":", "command", "command_line"))
        return heading, items

    def palette_entries(self, cards: Mapping[str, CardDef]) -> list[tuple[str, str]]:
        return [(m.text, describe_move(m.command, self.view, cards)) for m in self.view.legal]


def _assign_targets(view: ShardsView) -> list[tuple[str, str]]:
    """(slug, 'Ben (12 health, 3 power sent)') for each opponent power may be sent at, in the
    order of the panels (turn order from the viewer on)."""
    sent = {a.seat: a.amount for a in view.this_turn.assigned}
    targets: dict[str, ShardsPlayer] = {}
    for command in view.legal_of(Assign):
        target = view.by_slug(command.target)
        if target is not None:
            targets.setdefault(command.target, target)
    n, viewer = len(view.players), view.you or 0
    out = []
    for slug, p in sorted(targets.items(), key=lambda item: (item[1].seat - viewer) % n):
        so_far = f", {sent[p.seat]} power sent" if sent.get(p.seat) else ""
        out.append((slug, f"{p.name} ({p.health} health{so_far})"))
    return out


def handoff_words(view: ShardsView, seat: int,
                  since: int | None = None) -> tuple[str, str, list[str]]:
    """(player name, why, public lines) for the hand-off to ``seat``, from a public view (what
    happened since the player last had the keyboard, who bid, passed, won or drafted, is the
    shared cover's news, not part of ``why``)."""
    players = view.players
    name = players[seat].name
    active = players[view.active].name
    pending = view.pending
    if pending and pending.seat == seat and (view.active != seat or view.phase == Phase.SETUP):
        if pending.kind == "shields":
            hit = next((a for a in view.this_turn.assigned if a.seat == seat), None)
            if hit and hit.infinite:
                why = f"{name}, take the keyboard: {active} attacks you with infinite power."
            else:
                amount = hit.amount if hit else 0
                why = f"{name}, take the keyboard: {active} attacks you for {amount}."
        else:
            why = f"{name}, take the keyboard: {pending.prompt}"
    else:
        why = f"{name}, your turn."
    lines = [f"Turn {view.turn}"]
    for p in players:
        state = "out" if p.out else f"{p.health} health, {p.mastery} mastery"
        team = f" (Team {p.team + 1})" if p.team is not None else ""
        lines.append(f"{p.name}{team}: {state}")
    return name, why, lines
