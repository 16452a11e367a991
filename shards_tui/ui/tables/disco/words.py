"""What the Disco table says in words (no Textual): the hand-off cover, the game-over summary,
and the heading of the key hints. Everything is read from a view; the cover and the summary
read the public one, so they can tell nothing hidden.
"""

from __future__ import annotations

from shards_tui.games.disco.view import DiscoPlayerFacts, DiscoView

RECENT = 6  # lines of what happened since the last player had the keyboard, on the cover

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
    if view.phase == "place":
        return f"Place a card in the action row ({len(view.row)} of {view.goals.row_size} are in it)."
    if view.phase == "draft":
        return "Take an optional draft cycle, or pass."
    if view.phase == "setup":
        return "Draft before round 1."
    return "Your move."


def handoff_words(view: DiscoView, who: int | None, since: int | None) -> tuple[str, str, list[str]]:
    """The cover's words from the public view: who takes the keyboard, what they are to do,
    both players' standing and what happened since the last player had it."""
    if who is None or not 0 <= who < len(view.players):
        return "Next player", "It is your move.", []
    lines = [standing(view, s) for s in (who, 1 - who)]
    news = [line.text for line in view.log if line.text and (since is None or line.seq > since)]
    if since is not None and news:
        lines += ["", "Since you last played:", *news[-RECENT:]]
    when = "Before round 1." if view.phase == "setup" else f"Round {view.round}."
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
