"""What the Infinities table says in words (no Textual): each legal move as a sentence (the
palette's, the menus'), the key hints' heading, the hand-off cover, the game-over summary and
the rules anchor of a question. Everything is read from a view; the cover and the summary read
the public one, so they can tell nothing hidden."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from shards_tui.core.commands import Choose, Command
from shards_tui.core.hex import DIRECTION_NAMES, DIRECTION_WORDS, neighbour
from shards_tui.core.instances import card_of
from shards_tui.core.rules_text import rule_title
from shards_tui.games.infinities import commands as cm
from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.text import unlock_cost_text
from shards_tui.games.infinities.models import Phase
from shards_tui.games.infinities.view import InfView
from shards_tui.ui.tables.infinities.adventure_words import ending_lines, special_words
from shards_tui.ui.tables.infinities.table_data import pawn_hex, seat_of_word
from shards_tui.ui.widgets.palette import INSTANCE_ID

QUESTION_ANCHORS = {"discover": "discover", "block": "block", "block_discard": "block",
                    "trigger": "triggers", "gambit": "gambits", "target": "order-of-activation",
                    "direction": "movement", "push": "flip", "make_room": "units",
                    "discard": "discard", "recover": "recover", "play_free": "tide-actions",
                    "prepare": "timeline", "allocate": "damage", "unlock_discard": "unlocks"}
PHASE_WORDS = {"first_tile": "Setup: step out of the Rift", "choose_leader": "Setup: choose leaders",
               "deploy": "Setup: deploy", "respawn": "Respawn and deploy", "start": "Start of turn",
               "check": "Action check", "adjust": "Adjust the dice", "act": "Spend the dice",
               "ending": "End of turn"}


@lru_cache(maxsize=4096)
def cited(game_id: str, text: str, anchor: str | None) -> str:
    """A log line with the heading of the rule it cites: 'Ana moves … [Fortitude actions:
    moving]' (the line as it is when it cites none)."""
    found = rule_title(game_id, anchor)
    return f"{text} [{found[0]}]" if found and text else text


class CitedLines:
    """The log's lines, each with the rule it cites (``cited``), each line's words made once:
    the view after a move holds the same lines as the one before (``core.view.log_lines``
    shares them) but for the move's own."""

    def __init__(self) -> None:
        self._held: dict[int, tuple[Any, tuple[int, str]]] = {}  # id(line): (line, entry)

    def entries(self, game_id: str, lines: Sequence[Any]) -> list[tuple[int, str]]:
        held, kept, entries = self._held, {}, []
        for line in lines:
            found = held.get(id(line))
            if found is None or found[0] is not line:
                found = (line, (line.seq, cited(game_id, line.text, line.anchor)))
            kept[id(line)] = found
            entries.append(found[1])
        self._held = kept
        return entries


def question_anchor(kind: str) -> str:
    return QUESTION_ANCHORS.get(kind, "resolution")


def _card_name(card: str) -> str:
    found = content().cards.get(card_of(card))
    return found.name if found is not None else card.replace("_", " ")


def _tile_name(view: InfView, h) -> str:
    return tile_name_at(view, f"{h.q},{h.r}")


def tile_name_at(view: InfView, key: str | None) -> str:
    """The name of the face-up tile at hex ``key`` ('' if none)."""
    tile = next((t for t in view.tiles if t.hex == key), None) if key else None
    return tile.name if tile is not None and tile.face_up else ""


def _who(view: InfView, word: str) -> str:
    seat = seat_of_word(view, word)
    return view.players[seat].name if seat is not None else word


def describe(view: InfView, command: Command) -> str:
    """One legal move as a sentence, with what it costs."""
    you = view.players[view.you] if view.you is not None else None
    if isinstance(command, cm.Move):
        word = DIRECTION_WORDS[command.direction]
        here = pawn_hex(view, view.you)
        name = _tile_name(view, neighbour(here, DIRECTION_NAMES.index(command.direction))) if here else ""
        if view.phase == Phase.FIRST_TILE:
            return f"Step out of the Rift to the {word} and discover your first tile"
        into = f"into {name}" if name else "and discover a tile"
        return f"Move {word} {into} (1 Fortitude)"
    if isinstance(command, cm.Flip):
        here = pawn_hex(view, view.you)
        name = _tile_name(view, neighbour(here, DIRECTION_NAMES.index(command.direction))) if here else ""
        return f"Flip {name or 'the tile'} ({DIRECTION_WORDS[command.direction]}) face down (1 Fortitude)"
    if isinstance(command, cm.Damage):
        target = _who(view, command.target)
        seat = seat_of_word(view, command.target)
        if command.unit and seat is not None and command.unit <= len(view.players[seat].group):
            unit = view.players[seat].group[command.unit - 1]
            return f"Deal 1 damage to {target}'s {unit.name} ({unit.health - unit.damage} Health left; 1 Power)"
        return f"Deal 1 damage to {target}'s leader (1 Power)"
    if isinstance(command, cm.Destroy):
        seat = seat_of_word(view, command.target)
        line = view.players[seat].timeline if seat is not None else []
        name = line[command.card - 1].name if command.card <= len(line) else f"t{command.card}"
        return f"Destroy {_who(view, command.target)}'s {name}, timeline card {command.card} (1 Power)"
    if isinstance(command, cm.Cycle):
        return f"Cycle {_card_name(command.card)}: discard it, then draw a card (1 Power)"
    if isinstance(command, cm.Prepare):
        whose = f"{_who(view, command.to)}'s timeline" if command.to else "your timeline"
        return f"Prepare {_card_name(command.card)} in {whose} (1 Tide)"
    if isinstance(command, cm.Play):
        return _play_words(view, command)
    if isinstance(command, cm.Activate):
        unit = you.group[command.unit - 1] if you and command.unit <= len(you.group) else None
        card = content().cards.get(unit.card) if unit else None
        ability = next((a for a in card.abilities if a.on == "activate"), None) if card else None
        cost = ", ".join(c.capitalize() for c in ability.cost) if ability else "dice"
        extra = f" and unlock it ({unlock_cost_text(ability.unlock.pay)})" \
            if command.unlock and ability and ability.unlock else ""
        return f"Use {unit.name if unit else 'a unit'}'s ability ({cost}){extra}"
    if isinstance(command, cm.Lead):
        leader = content().leaders.get(you.leader) if you and you.leader else None
        if leader is None:
            return "Use your leader's action"
        cost = ", ".join(c.capitalize() for c in leader.action.cost)
        return f"Use {leader.action.name}, your leader's action ({cost}; once a turn)"
    if isinstance(command, cm.PickLeader):
        leader = content().leaders.get(command.leader)
        if leader is None:
            return command.text()
        faction = content().rules.faction(leader.faction).name
        return f"Lead as {leader.name} ({faction}; strong {leader.strong.capitalize()})"
    if isinstance(command, cm.Roll):
        return "Roll " + ", ".join(c.capitalize() for c in command.colours)
    if isinstance(command, cm.Reroll):
        return f"Reroll die {command.die}"
    if isinstance(command, cm.Convert):
        return f"Turn die {command.die} to {command.face.capitalize()}"
    if isinstance(command, cm.Redraw):
        names = [_card_name(you.hand[k - 1].card) for k in command.cards
                 if you and you.hand and k <= len(you.hand)]
        return "Redraw " + (", ".join(names) or "cards")
    if isinstance(command, cm.Special):
        return special_words(view, command)
    if isinstance(command, cm.Discover):
        tile, _, rot = command.options[0].partition("@")
        found = content().tiles.get(tile)
        return f"Discover {found.name if found else tile}, turned {rot}"
    if type(command) is Choose and view.pending is not None:  # an answer, by its options' names
        said = view.pending.answer_words(command.options)
        if said is not None:
            return said
    return {"lock": "Lock your dice", "end": "End your turn", "keep": "Keep your five cards",
            "done": "Finish deploying", "concede": "Concede (leave the game for good)",
            "block": "Block it", "allow": "Let it resolve"}.get(command.verb, command.text())


def _play_words(view: InfView, command: cm.Play) -> str:
    you = view.players[view.you] if view.you is not None else None
    ref = command.card
    from_line = ref.startswith("t") and ref[1:].isdigit()
    if from_line:
        k = int(ref[1:])
        name = you.timeline[k - 1].name if you and k <= len(you.timeline) else ref
        card = content().cards.get(you.timeline[k - 1].card) if you and k <= len(you.timeline) else None
        cost = "1 Tide"
    else:
        card = content().cards.get(card_of(ref))
        name = card.name if card else ref
        cost = f"{card.cost} Tide" if card else "Tide"
        if view.phase in (Phase.DEPLOY, Phase.RESPAWN):
            return f"Deploy {name} ({cost} of the deploy's Tide)"
    unlock = card.play_unlock() if card is not None else None
    extra = f" and pay its unlock ({unlock_cost_text(unlock.pay)})" if command.unlock and unlock else ""
    where = " from your timeline" if from_line else ""
    return f"Play {name}{where} ({cost}){extra}"


def how_to_answer(least: int, most: int) -> str:
    """The question panel's lower border (a short screen hides its rule line): how to answer."""
    if most == 0:
        return "Enter goes on"
    if most == 1:
        return "↑↓ Enter chooses" + (" · n: none" if least == 0 else "")
    count = f"{least}" if least == most else f"{least}-{most}"
    return f"Space ticks {count}, Enter confirms" + (" · n: none" if least == 0 else "")


def palette_entries(view: InfView) -> list[tuple[str, str]]:
    """(command text, words) for every legal move; an answer is shown by its options'
    positions ('choose 2'), which the game takes too, so no instance id shows. The palette
    shows a command with its words under it, or, where the command names an instance, the
    words alone: only those words begin with the command as shown."""
    out = []
    for move in view.legal:
        words = describe(view, move.command)
        if INSTANCE_ID.search(move.text):
            words = f"{shown_text(view, move.command, move.text)}  ·  {words}"
        out.append((move.text, words))
    return out


def shown_text(view: InfView, command: Command, text: str) -> str:
    """A move's command text as the palette shows it: an answer to a question by its options'
    positions in the question's list, every other move as it is typed."""
    options = view.pending.options if view.pending is not None else None
    if type(command) is not Choose or not command.options or not options:
        return text
    position = {o.id.casefold(): str(n) for n, o in enumerate(options, 1)}
    words = [position.get(o.casefold()) for o in command.options]
    return text if None in words else "choose " + " ".join(w for w in words if w)


def move_words(view: InfView | None, text: str) -> str:
    """What the status line says of a move that logged nothing: its sentence if it is legal."""
    if view is None:
        return text
    move = next((m for m in view.legal if m.text == text), None)
    if move is None and text.startswith("choose "):  # the question panel's 'choose block'
        move = next((m for m in view.legal if m.text == text[len("choose "):]), None)
    return describe(view, move.command) + "." if move is not None else text


def doing(view: InfView, seat: int) -> str:
    """What ``seat`` is asked to do now, for them."""
    pending = view.pending
    if pending is not None and pending.seat == seat:
        return f"Answer: {pending.prompt}"
    return {"first_tile": "Step out of the Rift: pick a space next to it on the map.",
            "choose_leader": "Choose your leader.",
            "deploy": "Deploy: redraw once if you like, then play units with 4 Tide.",
            "respawn": "Respawn: redraw once if you like, then play units with 4 Tide.",
            "check": "Roll your action check: choose four dice.",
            "adjust": "Reroll or convert your dice, then lock them.",
            "act": "Spend your dice, then end your turn."}.get(view.phase, "Your move.")


def standing(view: InfView, seat: int) -> str:
    """'Ana (Vessa Emberborn): 2 Points, Health 4, on Lumen Market'."""
    p = view.players[seat]
    team = f", team {'ABC'[p.team % 3]}" if view.teams != "ffa" else ""
    where = f", on {tile_name_at(view, p.at)}" if p.at else f" ({p.status})" \
        if p.status != "active" else ""
    leader = f" ({p.leader_name})" if p.leader_name else ""
    return f"{p.name}{leader}{team}: {p.points} Point{'s' if p.points != 1 else ''}, Health {p.health}{where}"


def handoff_words(view: InfView, who: int | None,
                  since: int | None) -> tuple[str, str, list[str]]:
    """The cover's name, reason and public lines: everyone's standing (the cover itself adds
    what happened since the player last had the keyboard)."""
    if who is None or not 0 <= who < len(view.players):
        return "Next player", "It is your move.", []
    lines = [standing(view, s) for s in range(len(view.players))]
    when = f"Round {view.round}." if view.round else "Setup."
    pending = view.pending
    if pending is not None and pending.seat == who and who != view.active:
        what = f"{view.players[view.active].name}'s turn: a question for you."
    else:
        what = doing(view, who) if pending is None else "A question for you."
    return view.players[who].name, f"{when} {what}", lines


def heading(view: InfView, seat: int | None) -> str:
    if view.over:
        return "The game is over."
    round_words = f"Round {view.round}" if view.round else "Setup"
    if seat is None:
        return f"{round_words}: {view.players[view.active].name}'s turn."
    if seat in view.acting:
        if view.pending is not None and view.pending.seat == seat:
            return f"Your move, {view.players[seat].name}: answer below."
        return f"Your move, {view.players[seat].name}: {doing(view, seat)}"
    waiting = [view.players[s].name for s in view.acting]
    return f"Waiting for {', '.join(waiting)}." if waiting else f"{round_words}."


def summary(view: InfView) -> tuple[str, list[str]]:
    names = [view.players[s].name for s in view.winners or []]
    headline = (f"{names[0]} wins!" if len(names) == 1 else
                f"{' and '.join(names)} share the win!" if names else "The game is over.")
    lines = [view.ended_by[:1].upper() + view.ended_by[1:] + "."] if view.ended_by else []
    ending = next((line.text for line in reversed(view.log) if line.text.startswith("The game ends:")), "")
    if "(tied on Points" in ending:  # why the winner beat a side with as many Points
        tie = ending[ending.index("(tied") + 1:ending.rindex(")")]
        lines.append(tie[:1].upper() + tie[1:] + ".")
    lines += [standing(view, s) for s in range(len(view.players))]
    lines.append(f"{view.round} round{'s' if view.round != 1 else ''} played.")
    if view.adventure is not None:
        lines = ending_lines(view) + lines
    return headline, lines


def card_refusal(view: InfView) -> str:
    """Why a card in the hand offers no move now."""
    if view.you not in view.acting:
        return "It is not your turn to play cards."
    return "Lock your dice first: cards are paid with the dice's Tide."
