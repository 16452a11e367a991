"""What the Disco table says in words (no Textual): the hand-off cover, the game-over summary,
the heading of the key hints, the palette's moves and a move that logged nothing. Everything is read from a view; the cover and the summary
read the public one, so they can tell nothing hidden.
"""

from __future__ import annotations

from shards_tui.core.commands import Choose
from shards_tui.games.disco.commands import Draft, DraftKeep, Pass, Place
from shards_tui.games.disco.view import DiscoPlayerFacts, DiscoView
from shards_tui.games.disco.models import Phase


# The rules F1 opens at while a question of this kind waits (rulesets/disco_infinity.md).
QUESTION_ANCHORS = {"draft": "draft", "token": "tokens", "token_source": "transfer",
                    "token_dest": "transfer", "order": "round-effects", "space_row": "move-row",
                    "space_orbit": "move-satellite", "column": "missiles", "discard": "discard",
                    "retain": "retain", "trash": "trash", "fetch": "trash",
                    "select_reorbit": "move-satellite", "select_steal": "move-satellite",
                    "select_trash": "select"}


def question_anchor(kind: str) -> str:
    """The rules anchor for a question of this kind (selections of row cards: moving them)."""
    return QUESTION_ANCHORS.get(kind, "move-row" if kind.startswith("select") else "select")


def standing(view: DiscoView, seat: int) -> str:
    """'Ana (Felicity Guns): shields 17, research 3/10, tokens 4 (lead +2/15)'."""
    p: DiscoPlayerFacts = view.players[seat]  # type: ignore[assignment]
    other: DiscoPlayerFacts = view.players[1 - seat]  # type: ignore[assignment]
    goals = view.goals
    return (f"{p.name} ({p.faction_name}): shields {p.shields}, research "
            f"{p.research_total}/{goals.research_to_win}, tokens {p.tokens} "
            f"(lead {p.tokens - other.tokens:+d}/{goals.token_lead_to_win})")


def doing(view: DiscoView, seat: int) -> str:
    """What ``seat`` is asked to do now, for them: 'Place a card (3 of 6 are in the row).'"""
    pending = view.pending
    if pending is not None and pending.seat == seat:
        if pending.kind == "draft":
            return "Keep one of the three draft cards."
        return f"Answer: {pending.prompt}"
    if view.phase == Phase.PLACE:
        return f"Place a card in the action row ({len(view.row)} of {view.goals.row_size} are in it)."
    if view.phase == Phase.DRAFT:
        return "Take an optional draft cycle, or pass."
    if view.phase == Phase.SETUP:
        return "Draft before round 1."
    return "Your move."


def handoff_words(view: DiscoView, who: int | None, since: int | None) -> tuple[str, str, list[str]]:
    """The cover's words from the public view: who takes the keyboard, what they are to do,
    both players' standing (the cover itself adds what happened since the player last had
    the keyboard)."""
    if who is None or not 0 <= who < len(view.players):
        return "Next player", "It is your move.", []
    lines = [standing(view, s) for s in (who, 1 - who)]
    when = "Before round 1." if view.phase == Phase.SETUP else f"Round {view.round}."
    return view.players[who].name, f"{when} {doing(view, who)}", lines


def heading(view: DiscoView, seat: int | None) -> str:
    """The key hints' heading: whose move it is and what it is."""
    if view.over:
        return "The game is over."
    if seat is None:
        return f"Round {view.round}."
    if seat in view.acting:
        pending = view.pending
        if pending is not None and pending.seat == seat and pending.kind != "draft":
            # the panel says the question: one line here leaves it rows for the options
            return f"Your move, {view.players[seat].name}: answer in the panel."
        return f"Your move, {view.players[seat].name}: {doing(view, seat)}"
    waiting = [view.players[s].name for s in view.acting]
    return f"Waiting for {', '.join(waiting)}." if waiting else f"Round {view.round}."


def summary(view: DiscoView) -> tuple[str, list[str]]:
    """The game-over screen: who won and why (the log's last word on winning), and each
    player's standing."""
    names = [view.players[s].name for s in view.winners or []]
    headline = (f"{names[0]} wins!" if len(names) == 1 else
                f"{' and '.join(names)} share the win!" if names else "The game is over.")
    why = next((line.text for line in reversed(view.log) if line.anchor == "winning"), "")
    lines = [why] if why else []
    lines += [standing(view, s) for s in range(len(view.players))]
    lines.append(f"{view.round} round{'s' if view.round != 1 else ''} played.")
    return headline, lines


def question_subtitle(at: int | None, count: int, least: int, most: int) -> str:
    """The question panel's lower border: how to answer, in a few words (a short terminal
    hides the rule and the buttons), and which of how many options the cursor is on, so a
    list longer than its rows shows there is more ('Enter chooses · 3 of 7 ↑↓')."""
    if count == 0 or most == 0:
        return "Enter goes on"
    how = "Enter chooses" if most == 1 else "Space ticks, Enter confirms"
    if least == 0:
        how += ", n: none"
    where = f"{(at or 0) + 1} of {count}"
    return f"{how} · {where} ↑↓" if count > 1 else how


def numbers(count: int) -> str:
    """The digit keys for ``count`` choices: '1', '1-4' ('' for none)."""
    return "" if count < 1 else "1" if count == 1 else f"1-{count}"


def _option_words(view: DiscoView, chosen: list[str]) -> str:
    """The labels of the answers ``chosen`` names (positions from 1, ids or card ids)."""
    options = view.pending.options or [] if view.pending is not None else []
    out = []
    for word in chosen:
        if word.isdigit() and 1 <= int(word) <= len(options):
            out.append(options[int(word) - 1].label)
            continue
        label = next((o.label for o in options if word in (o.id, o.id.split("#")[0])), None)
        out.append(label or word.split("#")[0].replace("_", " "))
    return ", ".join(out)


def move_words(view: DiscoView | None, text: str) -> str:
    """A move for the status line when it logged nothing: an answer by its options' labels
    ('You chose Power Plant (your satellite in orbit space 2).'), never by an instance id."""
    verb, _, rest = text.strip().partition(" ")
    if verb.lower() != "choose" or view is None:
        return text
    picked = rest.split()
    if not picked or picked == ["none"]:
        return "You chose none."
    return f"You chose {_option_words(view, picked)}."


def palette_words(view: DiscoView, text: str) -> str:
    """The palette's words for the legal move ``text`` of the viewer (its text if it is none):
    the palette has one entry for each legal move, in their order."""
    for move, (_line, words) in zip(view.legal, palette_entries(view)):
        if move.text == text:
            return words
    return text


def palette_entries(view: DiscoView) -> list[tuple[str, str]]:
    """(command text, words) for each legal move of the viewer, once each; an answer is
    written by its options' positions ('choose 2'), so no instance id shows."""
    previews = {p.command: p for p in view.placements}
    me = view.players[view.you] if view.you is not None else None
    names = {c.card: c.name for c in getattr(me, "hand", None) or []}
    offer = view.offer or []
    options = view.pending.options or [] if view.pending is not None else []
    position = {o.id: str(n) for n, o in enumerate(options, 1)}
    out = []
    for command in (m.command for m in view.legal):
        if isinstance(command, Place):
            text = command.text()
            words = f"Place {names.get(command.card, command.card)} in space {command.gap}"
            preview = previews.get(text)
            if preview is not None:
                ends = next((c.space for c in preview.row if c.card == command.card
                             and c.space != command.gap), None)
                if ends is not None and preview.asks == "":
                    words += f"; it ends in space {ends}"
                if preview.asks:
                    words += f"; then {preview.asks}"
            out.append((text, words))
        elif isinstance(command, DraftKeep):
            n = int(command.options[0])
            name = offer[n - 1].name if n <= len(offer) else f"card {n}"
            out.append((command.text(), f"Keep {name} from the draft cycle"))
        elif isinstance(command, Choose):
            picks = [position.get(o, o) for o in command.options]
            text = "choose " + (" ".join(picks) if picks else "none")
            words = _option_words(view, picks) if picks else "none"
            out.append((text, f"Choose {words}"))
        elif isinstance(command, Draft):
            out.append((command.text(), "Take the optional draft cycle's three cards"))
        elif isinstance(command, Pass):
            out.append((command.text(), "Pass on the optional draft cycle"))
        else:
            out.append((command.text(), command.text()))
    return out
