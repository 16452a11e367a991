"""From one seat's view to what every table widget shows (no Textual here, easy to test).

``TableData.build(view, cards, characters)`` reads only the view dict: the cards in each zone
as ``CardInfo`` with the keys that are legal for them, player numbers as ``PlayerInfo``, the
action-row entries, the palette entries, and the words of the hand-off screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from shards_tui.core.wording import name_list
from shards_tui.games.shards.cards import CardDef
from shards_tui.ui.widgets.key_hints import KeyHint
from shards_tui.ui.tables.shards.describe import (CardInfo, PlayerInfo, card_info, count_names,
                                            describe_command)

CharacterLookup = Callable[[str], tuple[str, str | None]]  # id -> (name, faction)


def _player(p: Mapping[str, Any], view: Mapping[str, Any], cards: Mapping[str, CardDef],
            character: CharacterLookup) -> PlayerInfo:
    name, faction = character(p["character"])
    active = view["turn"]["active"] == p["seat"] and not view["over"]
    in_play = count_names([cards[c["card"]].name for c in p["in_play"]])
    return PlayerInfo(seat=p["seat"], name=p["name"], slug=p["slug"], character=name,
                      faction=faction, health=p["health"], mastery=p["mastery"],
                      hand_count=p["hand_count"], deck_count=p["deck_count"],
                      discard_count=p["discard_count"], banished_count=len(p.get("banished", [])),
                      protected=p["protected"], eliminated=p["eliminated"], active=active,
                      in_play=in_play, relics=relics_text(p, cards), team=p.get("team"),
                      ally=_ally(p, view), across=view.get("across") == p["seat"],
                      nemesis=p.get("nemesis", False))


def relics_text(p: dict, cards) -> str:
    """The set-aside relics as a panel shows them: names, or only a count when secret."""
    if "relics" in p:
        text = " / ".join(cards[c["card"]].name for c in p["relics"])
    else:
        count = p.get("relic_count", 0)
        text = f"{count} secret" if count else ""
    if text and p.get("relic_recruited"):  # what is listed is what was not taken
        taken = p.get("relic_taken")
        text = f"{cards[taken].name if taken else 'one'} recruited; {text} out of the game"
    return text


def _ally(p: Mapping[str, Any], view: Mapping[str, Any]) -> bool:
    """2v2 Team Attack: this player is on the viewer's team (and is not the viewer)."""
    viewer = view["you"]
    if viewer is None or p["seat"] == viewer or p.get("team") is None:
        return False
    return view["players"][viewer].get("team") == p["team"]


@dataclass
class TableData:
    viewer: int | None
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
    turn: int
    phase: str
    legal: list[str]
    pending: dict[str, Any] | None
    decision_mine: bool
    assign_targets: list[tuple[str, str]] = field(default_factory=list)
    assign_power: int = 0
    over: bool = False
    nemesis_turn: bool = False

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
        if self.phase == "shields":
            attack = f"{other}'s attack" if other else "your attack"
            if self.decision_mine:
                return f"Turn {self.turn}, {attack}: your shields"
            seat = (self.pending or {}).get("seat")
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
        if self.phase != "play" or "end" not in self.legal:
            return None
        n = len(self.hand)
        parts = [f"{n} card{'s' if n != 1 else ''} in hand"] if n else []
        if "focus" in self.legal:
            parts.append("your focus (m)")
        parts += [f"{c.name} (x)" for c in self.champions if "x" in c.keys]
        if any(text.startswith("relic ") for text in self.legal):
            parts.append("your relic (ctrl+p)")
        return name_list(parts) or None

    def option_card(self, option_id: str) -> str:
        """The card instance a question's option stands for: itself, or the card in the
        center-row slot it names (Portal Monk's options are slots; a bid's are amounts)."""
        if option_id.isdigit() and (self.pending or {}).get("kind") == "recruit_free":
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
                self.option_card(o["id"]) == info.id for o in self.pending["options"])
        if info is None or info.zone not in ("center", "hand", "champion", "enemy"):
            return True
        shown = [*self.center, *self.hand, *self.champions,
                 *(card for _, champions in self.opponents for card in champions)]
        return any(card is not None and card.id == info.id for card in shown)

    @classmethod
    def build(cls, view: Mapping[str, Any], cards: Mapping[str, CardDef],
              character: CharacterLookup) -> "TableData":
        legal = set(view["legal"])
        viewer = view["you"]
        turn = view["turn"]
        players = view["players"]
        me_raw = players[viewer] if viewer is not None else None
        center: list[CardInfo | None] = []
        for n, entry in enumerate(view["center_row"]):
            if entry is None:
                center.append(None)
                continue
            slot = n + 1
            keys = tuple(k for k, verb in (("r", "recruit"), ("f", "fastplay"))
                         if f"{verb} {slot}" in legal)
            center.append(card_info(entry["id"], cards, zone="center", label=str(slot), keys=keys,
                                    cost=entry["cost"]))
        opponents = []
        after_me = (lambda p: (p["seat"] - viewer) % len(players)) if me_raw is not None \
            else (lambda p: p["seat"])
        for p in sorted(players, key=after_me):  # in turn order from the viewer on
            if me_raw is not None and p["seat"] == viewer:
                continue
            champs = [card_info(c["id"], cards, zone="enemy", exhausted=c["exhausted"],
                                protected=c["protected"], owner=p["name"], defense=c["defense"],
                                keys=("t",) if f"attack {c['id']}" in legal else ())
                      for c in p["champions"]]
            opponents.append((_player(p, view, cards, character), champs))
        hand: list[CardInfo] = []
        champions: list[CardInfo] = []
        played = ""
        if me_raw is not None:
            for c in me_raw.get("hand", []):
                keys = ("p",) if f"play {c['card']}" in legal else ()
                hand.append(card_info(c["id"], cards, zone="hand", keys=keys))
            champions = [card_info(c["id"], cards, zone="champion", exhausted=c["exhausted"],
                                   defense=c["defense"],
                                   keys=("x",) if f"exhaust {c['id']}" in legal else ())
                         for c in me_raw["champions"]]
        mine_active = viewer is not None and turn["active"] == viewer
        counting = mine_active and turn["phase"] != "setup"  # gems and power: not while bidding
        if me_raw is not None:
            fast = {c["id"] for c in turn["fast_played"]}
            # This turn's plays (champions too, though they sit apart) on your turn
            shown = turn["played"] if mine_active else me_raw["in_play"]
            names = [cards[c["card"]].name + (" (fast-played)" if c["id"] in fast else "")
                     for c in shown]
            played = count_names(names)
        power = "∞" if turn["infinite_power"] else str(turn["power"])
        pending = view.get("pending")
        data = cls(viewer=viewer, me=_player(me_raw, view, cards, character) if me_raw else None,
                   opponents=opponents, center=center, center_deck=view["center_deck_count"],
                   hand=hand, hand_hidden=me_raw is None, played=played, champions=champions,
                   gems=turn["gems"] if counting else None,
                   power=power if counting else None, turn=turn["number"],
                   phase=turn["phase"], legal=list(view["legal"]), pending=pending,
                   decision_mine=bool(pending and pending["seat"] == viewer
                                      and "options" in pending),
                   over=bool(view.get("over")), nemesis_turn=bool(view.get("nemesis_turn")))
        if mine_active and turn["phase"] == "attack" and not pending:
            targets = []
            sent = {a["seat"]: a["amount"] for a in turn["assigned"]}
            for text in view["legal"]:
                words = text.split()
                if words[0] == "assign" and words[1] not in [t for t, _ in targets]:
                    seat, target = next((n, p) for n, p in enumerate(players)
                                        if p["slug"] == words[1])
                    so_far = f", {sent[seat]} power sent" if sent.get(seat) else ""
                    targets.append((words[1], f"{target['name']} ({target['health']} health"
                                              f"{so_far})"))
            order = {p["slug"]: (p["seat"] - viewer) % len(players) for p in players}
            data.assign_targets = sorted(targets, key=lambda t: order[t[0]])  # as the panels
            data.assign_power = turn["power"]
        return data

    # ---- what the action row and the palette list ---------------------------------------

    def actions(self, can_undo: bool) -> tuple[str, list[KeyHint]]:
        legal = self.legal
        verbs = [t.split()[0] for t in legal]
        items: list[KeyHint] = []
        if self.over:
            return ("The game is over.", [KeyHint("g", "show the result", "result")])
        if self.decision_mine:
            heading = "Answer the question:"
            choice = bool(self.pending and self.pending["max"] > 0 and self.pending.get("options"))
            items.append(KeyHint("enter", "confirm" if choice else "go on", "confirm_decision"))
            if choice and self.pending and self.pending["min"] == 0:  # none only if some exist
                items.append(KeyHint("n", "choose none", "choose_none"))
        elif self.assign_targets:
            heading = "Attack phase:"
            items.append(KeyHint("enter", "assign to the highlighted opponent", "confirm_assign"))
        elif self.viewer is None or not legal:
            return ("Waiting for another player." if self.viewer is not None else "", [])
        else:
            heading = "You may:"
            if "play" in verbs:
                items.append(KeyHint("p", "play selected", "play_selected"))
            if "play all" in legal:
                items.append(KeyHint("a", "play all", "play_all"))
            for key, verb, word, action in (("r", "recruit", "recruit", "recruit"),
                                            ("f", "fastplay", "fast-play", "fastplay")):
                slots = [t.split()[1] for t in legal if t.startswith(verb + " ")]
                if slots:
                    items.append(KeyHint(key, f"{word} {','.join(slots)}", action))
            exhaust = [c.name for c in self.champions if "x" in c.keys]
            if exhaust:
                items.append(KeyHint("x", "exhaust " + name_list(exhaust), "exhaust"))
            if "focus" in legal:
                items.append(KeyHint("m", "focus", "focus"))
            attack = [c.name for _, champs in self.opponents for c in champs if "t" in c.keys]
            if attack:
                items.append(KeyHint("t", "attack " + name_list(attack), "attack"))
            relics = [t.split()[1] for t in legal if t.startswith("relic ")]
            if relics:  # Relics of the Future: listed in the palette with their names
                items.append(KeyHint("ctrl+p", "take a relic (free, once)", "palette"))
            if "end" in legal:
                items.append(KeyHint("e", "end turn", "end_turn"))
        if can_undo:
            items.append(KeyHint("u", "undo", "undo"))
        items.append(KeyHint(":", "command", "command_line"))
        return heading, items

    def palette_entries(self, view: Mapping[str, Any],
                        cards: Mapping[str, CardDef]) -> list[tuple[str, str]]:
        return [(text, describe_command(text, view, cards)) for text in self.legal]


# The questions before the first turn, whose hand-offs say what the players before did.
OPENING_KINDS = ("bid", "character", "relic_draft")


def handoff_words(view: Mapping[str, Any], seat: int,
                  since: int | None = None) -> tuple[str, str, list[str]]:
    """(player name, why, public lines) for the hand-off to ``seat``, from a public view.

    In the Health Auction and the Relic Draft ``why`` starts with what happened since log entry
    ``since`` (when the previous player took the keyboard): who bid, passed, won or drafted."""
    players = view["players"]
    name = players[seat]["name"]
    turn = view["turn"]
    active = players[turn["active"]]["name"]
    pending = view.get("pending")
    if pending and pending["seat"] == seat and (turn["active"] != seat or turn["phase"] == "setup"):
        if pending["kind"] == "shields":
            hit = next((a for a in turn["assigned"] if a["seat"] == seat), None)
            if hit and hit.get("infinite"):
                why = f"{name}, take the keyboard: {active} attacks you with infinite power."
            else:
                amount = hit["amount"] if hit else 0
                why = f"{name}, take the keyboard: {active} attacks you for {amount}."
        else:
            why = f"{name}, take the keyboard: {pending['prompt']}"
    else:
        why = f"{name}, your turn."
    if pending and pending["kind"] in OPENING_KINDS and since is not None:
        news = [e["text"] for e in view["log"] if e["seq"] > since and e["text"]][-4:]
        why = "\n".join([*news, why])
    lines = [f"Turn {turn['number']}"]
    for p in players:
        state = "out" if p["eliminated"] else f"{p['health']} health, {p['mastery']} mastery"
        team = f" (Team {p['team'] + 1})" if p.get("team") is not None else ""
        lines.append(f"{p['name']}{team}: {state}")
    return name, why, lines
