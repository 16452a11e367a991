"""Happenings and what listens to them: Role progress, triggers and gambits.

``emit`` is called wherever something happens (a discovery, damage, a unit lost). It moves
each Role's progress, then gathers the triggers the happening sets off (units in a group,
Constant cards in a timeline, each leader's gambit condition) in order, the current player's
first, then the others in turn order, and puts them on the queue as one trigger window. The
window offers them one at a time; a trigger used is resolved whole before the next is offered.
Each trigger of a card works at most once a turn (ruling 'triggers once a turn'). An Adventure
chapter's reactions to the happening (``plot_rules.react``) go on the queue after the window,
so the chapter's rules resolve before anyone's triggers.
"""

from __future__ import annotations

from shards_tui.core.decision import Option
from shards_tui.games.infinities import effects as fx
from shards_tui.games.infinities import frames as fr
from shards_tui.games.infinities import plot_rules, roles
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.models import Frame
from shards_tui.games.infinities.targets import target_options
from shards_tui.games.infinities.text import unlock_cost_text
from shards_tui.games.infinities.unlocks import can_pay, pay_problem


def matches(b: Board, when: fx.When, owner: int, seat: int) -> bool:
    if when.whose == "you":
        return seat == owner
    if when.whose == "enemy":
        return b.is_enemy(owner, seat)
    if when.whose == "ally":
        return seat != owner and not b.is_enemy(owner, seat)
    return True


def emit(b: Board, happening: str, seat: int, *, other: int | None = None, amount: int = 1,
         tile: str | None = None, context: int | None = None) -> None:
    state = b.state
    if state.over:
        return
    roles.progress(b, happening, seat, amount, tile)
    if state.flow.phase in ("first_tile", "choose_leader", "deploy"):
        plot_rules.react(b, happening, seat, tile)
        return  # setup: no abilities
    candidates: list[str] = []
    for owner in b.turn_order_from(state.flow.active):
        if not b.in_game(owner):
            continue
        p = state.players[owner]
        leader = b.leader(owner)
        if leader is not None and p.gambit < b.limits.gambit_top:
            when = leader.gambits[p.gambit - 1].when
            if when.happening == happening and matches(b, when, owner, seat):
                candidates.append(f"{owner}/gambit/{p.gambit}")
        for unit in p.group:
            for i, ability in enumerate(b.card(unit.card).abilities):
                if ability.on == "trigger" and ability.when is not None and \
                        ability.when.happening == happening and matches(b, ability.when, owner, seat) \
                        and f"{unit.card}/{i}" not in state.turn.fired:
                    candidates.append(f"{owner}/{unit.card}/{i}")
        for inst in p.timeline:
            const = b.card(inst).constant
            if const is not None and const.on == "trigger" and const.when is not None and \
                    const.when.happening == happening and matches(b, const.when, owner, seat) \
                    and f"{inst}/-1" not in state.turn.fired:
                candidates.append(f"{owner}/{inst}/-1")
    if happening != "targeted":
        candidates = [c for c in candidates if not _is_cancel(b, c)]
    candidates = [c for c in candidates if c.split("/")[1] == "gambit" or _has_target(b, c)]
    if candidates:
        fr.push_window(b, candidates, happening, context)
    plot_rules.react(b, happening, seat, tile)  # a chapter's rules: on top, so they resolve first


def _ability(b: Board, candidate: str):
    _, inst, index = candidate.split("/")
    card = b.card(inst)
    return card.constant if int(index) < 0 else card.abilities[int(index)]


def _is_cancel(b: Board, candidate: str) -> bool:
    if candidate.split("/")[1] == "gambit":
        return False
    return any(s.do == "cancel" for s in _ability(b, candidate).all_steps())


def _has_target(b: Board, candidate: str) -> bool:
    owner = int(candidate.split("/")[0])
    spec = _ability(b, candidate).target
    return spec.who == "none" or bool(target_options(b, owner, spec, enemy_ability=True))


def _still_there(b: Board, owner: int, inst: str, index: int) -> bool:
    if not b.in_game(owner):
        return False
    if index < 0:
        return inst in b.state.players[owner].timeline
    found = b.find_unit(inst)
    return found is not None and found[0] == owner


def step_window(b: Board, frame: Frame, chosen: list[str] | None) -> None:
    """Offer the window's next trigger to its owner, or carry out their answer."""
    state = b.state
    while frame.candidates:
        candidate = frame.candidates[0]
        owner_text, inst, index_text = candidate.split("/")
        owner = int(owner_text)
        if inst == "gambit":
            if chosen is None:
                if not b.in_game(owner) or state.players[owner].gambit != int(index_text):
                    frame.candidates.pop(0)
                    continue
                return _ask(b, frame, owner, "gambit", f"{b.who(owner)}: your gambit's condition "
                            "is met. Roll for it (1-3 climbs with its reward, 4-6 slides down)?",
                            [Option(id="roll", label="Roll the gambit die"),
                             Option(id="skip", label="Do not roll")])
            frame.candidates.pop(0)
            if chosen[0] == "roll":
                roll_gambit(b, owner)
                return
            chosen = None
            continue
        index = int(index_text)
        if not _still_there(b, owner, inst, index) or f"{inst}/{index}" in state.turn.fired:
            frame.candidates.pop(0)
            continue
        ability = b.card(inst).constant if index < 0 else b.card(inst).abilities[index]
        if chosen is None:
            options = [Option(id="use", label=f"Use {b.name(inst)}")]
            if ability.unlock is not None and can_pay(b, owner, ability.unlock.pay, hand_spare=0):
                options.append(Option(id="unlock", label=f"Use {b.name(inst)} and unlock it "
                                      f"({pay_problem_label(ability.unlock.pay)})"))
            options.append(Option(id="skip", label="Let it pass"))
            what = frame.happening.replace("_", " ")
            return _ask(b, frame, owner, "trigger", f"{b.who(owner)}: {b.name(inst)} may trigger "
                        f"({what}). Use it?", options)
        frame.candidates.pop(0)
        if chosen[0] == "skip":
            chosen = None
            continue
        state.turn.fired.append(f"{inst}/{index}")
        unlocked = chosen[0] == "unlock" and pay_problem(b, owner, ability.unlock.pay) is None  # type: ignore[union-attr]
        b.event(f"{b.who(owner)} uses {b.name(inst)}{' (unlocked)' if unlocked else ''}.",
                "triggers", owner)
        fr.push(b, owner, f"card:{inst}", index=index, unlocked=unlocked,
                stage="pay" if unlocked else "target", context=frame.context)
        return
    state.queue.remove(frame)


def pay_problem_label(pay: fx.UnlockCost) -> str:
    return unlock_cost_text(pay)


def _ask(b: Board, frame: Frame, seat: int, kind: str, prompt: str, options: list[Option]) -> None:
    fr.ask(b, frame, seat, kind, prompt, options)


def roll_gambit(b: Board, seat: int) -> None:
    state = b.state
    p = state.players[seat]
    level = p.gambit
    roll = state.rng.below(6) + 1
    state.mark_reveal()
    if roll <= b.limits.gambit_success_below:
        p.gambit = level + 1
        b.event(f"{b.who(seat)} rolls {roll} for their gambit: success. They climb to level "
                f"{p.gambit} and gain its reward.", "gambits", seat)
        fr.push(b, seat, f"gambit:{seat}:{level}", stage="resolve")
    else:
        p.gambit = max(1, level - 1)
        fell = "stay at level 1, the bottom" if level == 1 else f"slide down to level {p.gambit}"
        b.event(f"{b.who(seat)} rolls {roll} for their gambit: failure. They {fell}.",
                "ruling-gambit-floor" if level == 1 else "gambits", seat)
