"""Every card of Infinities is valid data, reads as generated text, and works in play: each of
its abilities (played, unlocked, activated, triggered, or waiting in a timeline) changes the game
in a way the same card stripped of that ability does not, so a broken card fails here. Leaders
and tiles: test_content_leaders_tiles.py; Roles, completed by real moves: test_content_roles.py."""

from __future__ import annotations

import pytest

from shards_tui.games.infinities import triggers, turns
from shards_tui.games.infinities.board import Board
from shards_tui.games.infinities.content import content
from shards_tui.games.infinities.text import card_text
from tests.games.infinities.helpers import position

C = content()


def test_the_decks_and_stacks_are_full_size():
    for faction in ("wardens", "ascendancy"):
        deck = C.deck_list(faction)
        units = sum(1 for c in deck if C.cards[c].kind == "unit")
        assert len(deck) == 63 and 28 <= units <= 35
        assert sum(1 for lead in C.leaders.values() if lead.faction == faction) >= 4
    for setting in ("obdija", "xilsen"):
        stack = [C.tiles[t] for t in C.stack(setting)]
        assert len(stack) >= 18
        assert {t.influence for t in stack} == {1, 2, 3, 4, 5}
        assert {t.type for t in stack} == {"stealth", "city", "sacred", "wild", "travel"}
        assert {e.on for t in stack for e in t.events} == {"discovery", "entry", "exit", "start",
                                                            "end", "passive"}
    assert len(C.roles) == 18


def test_every_kind_in_the_vocabulary_is_used_by_the_content():
    from shards_tui.games.infinities.effects import MODIFIER_KINDS, STEP_KINDS, UNLOCK_KINDS

    steps, mods, unlocks, keywords = set(), set(), set(), set()
    abilities = [a for c in C.cards.values() for a in (*c.abilities, *([c.constant] if c.constant else []))]
    for a in abilities:
        steps |= {s.do for s in a.all_steps()}
        mods |= {m.kind for m in (*a.modifiers, *(a.unlock.modifiers if a.unlock else ()))}
        if a.unlock:
            unlocks.add(a.unlock.pay.kind)
    for c in C.cards.values():
        mods |= {m.kind for m in c.attach}
        keywords |= {k for k, on in (("fated", c.fated), ("constant", c.constant), ("attach", c.attach)) if on}
    for lead in C.leaders.values():
        mods |= {m.kind for m in lead.summit}
        mods |= {c.as_modifier().kind for c in lead.conversions}
    for t in C.tiles.values():
        mods |= {m.kind for e in t.events for m in e.modifiers}
    assert steps == set(STEP_KINDS)
    assert mods == set(MODIFIER_KINDS)
    assert unlocks == set(UNLOCK_KINDS)
    assert keywords == {"fated", "constant", "attach"}
    assert {a.on for a in abilities} == {"play", "trigger", "activate", "passive"}


# ---- cards: each ability does something a stripped copy of the card does not ---------------

ANA = {"wardens": "orun_stonewarden", "ascendancy": "auditor_sol"}  # dice limit 6 at gambit 4
BEN = {"wardens": "auditor_sol", "ascendancy": "orun_stonewarden"}
BEN_CARDS = {"wardens": ("siege_walker", "data_harvest", "orbital_strike"),  # Ben's unit, timeline
             "ascendancy": ("spine_sentinel", "tidal_insight", "spinefire_bolt")}  # card, and attack
TRIGGER_SEAT = {"you": 0, "enemy": 1}
SPARE_UNIT = {"wardens": "tide_adept", "ascendancy": "patrol_drone"}  # a cheap unit in Ana's hand
LOST_UNIT = {"wardens": "acolyte_of_embers", "ascendancy": "netrunner_adept"}  # in her discard pile


def _strip(card, keep=lambda k, a: False, unlock_only: bool = False):
    """``card`` with its abilities doing nothing (those ``keep`` spares aside); ``unlock_only``:
    only what its unlocks add is taken away."""
    def bare(a):
        unlock = a.unlock and a.unlock.model_copy(update={"effects": (), "modifiers": ()})
        return a.model_copy(update={"unlock": unlock} if unlock_only else
                            {"effects": (), "modifiers": (), "unlock": unlock})
    abilities = tuple(a if keep(k, a) else bare(a) for k, a in enumerate(card.abilities))
    constant = card.constant and (card.constant if keep(-1, card.constant) else bare(card.constant))
    return card.model_copy(update={"abilities": abilities, "constant": constant,
                                   "attach": card.attach if unlock_only else ()})


def _fingerprint(ctl) -> tuple:
    """The whole state but its log, and every leader's standing modifiers (a passive shows
    there, not in the state)."""
    b = Board(ctl.state)
    mods = [sorted(repr(m) for m in b.modifiers(s)) for s in range(len(ctl.state.players))]
    return ctl.state.model_dump_json(exclude={"log"}), mods


def _table(card_id, in_group=False, in_timeline=False, ben_active=False):
    """Ana (hurt by 1) holds the card, or has it in her group or timeline; Ben next to her
    holds three cards and has a unit and a timeline card; a tile to flip."""
    card = C.cards[card_id]
    unit, line, attack = BEN_CARDS[card.faction]
    spare = [SPARE_UNIT[card.faction]] * (2 if card_id != SPARE_UNIT[card.faction] else 1)  # and to discard
    lost = [LOST_UNIT[card.faction]] if card_id != LOST_UNIT[card.faction] else []
    ana = {"leader": ANA[card.faction], "damage": 1, "discard": lost, "units": [],
           "hand": ([card_id, card_id] if card.copies > 1 else [card_id]) + spare}
    if in_group:
        ana.update(hand=spare, units=[card_id])
    if in_timeline:
        ana.update(hand=spare, timeline=[card_id])
    ben = {"leader": BEN[card.faction], "units": [unit], "timeline": [line], "hand": [attack, attack]}
    dice = ["tide"] * 4 + ["power"] * 2 + ["fortitude"]
    ctl = position([ana, ben], active=1 if ben_active else 0, dice=dice,
                   tiles=[{"hex": "0,-1", "tile": "gale_spire", "rot": 1},  # Sacred
                          {"hex": "0,-2", "tile": "sunken_steppe"},
                          {"hex": "1,-1", "tile": "lumen_market"},  # a tile to flip
                          {"hex": "0,-3", "tile": "moonpool", "rot": 2}])  # room to push Ben
    for step in (s for a in card.abilities for s in a.all_steps() if s.when is not None):
        if step.when.kind == "level":  # a step that asks for a track's level gets it
            ctl.state.turn.raised[f"0:{step.when.attr}"] = step.when.at_least
    for pay in (a.unlock.pay for a in card.abilities if a.unlock is not None):
        if pay.kind == "level":  # so does a passive unlocked by a level
            ctl.state.turn.raised[f"0:{pay.attr}"] = pay.at_least
    return ctl


def _answer(ctl) -> None:
    """Answer every question until none waits: triggers are used, nobody blocks, a move goes
    one space and stops (so a push does not come back), any other question gets its first
    answer that picks something."""
    moved = False
    for _ in range(60):
        if ctl.state.pending is None:
            return
        seat = ctl.who_must_act()
        legal = ctl.legal_commands(seat)
        pick = [c for c in legal if c.text() in ("choose use", "allow")]
        if ctl.state.pending.kind == "direction":
            pick = [c for c in legal if (c.text() == "choose stop") == moved]
            moved = True
        some = [c for c in legal if getattr(c, "options", None)]  # an answer that picks something
        ctl.apply((pick or some or legal)[0])
    raise AssertionError("questions kept coming")


def _play(card_id, unlock=False, activate=False) -> tuple:
    ctl = _table(card_id)
    ctl.apply(f"play {card_id}{' unlock' if unlock else ''}")
    _answer(ctl)
    ctl.check_invariants(ctl.state)
    if activate:
        where = [u.card.split("#")[0] for u in ctl.state.players[0].group]
        ctl.apply(f"activate u{where.index(card_id) + 1}")
        _answer(ctl)
        ctl.check_invariants(ctl.state)
    return _fingerprint(ctl)


def _triggered(card_id, when) -> tuple:
    """The card's trigger (in Ana's group, or its Constant in her timeline) set off, and used."""
    if when.happening == "targeted":  # Ben's attack on Ana sets off her Constant's cancel
        ctl = _table(card_id, in_timeline=True, ben_active=True)
        ctl.apply(f"play {BEN_CARDS[C.cards[card_id].faction][2]}", 1)
    else:
        ctl = _table(card_id, in_group=C.cards[card_id].kind == "unit",
                     in_timeline=C.cards[card_id].kind == "ability")
        b = Board(ctl.state)
        triggers.emit(b, when.happening, TRIGGER_SEAT[when.whose], other=1 - TRIGGER_SEAT[when.whose])
        turns.advance(b)
    _answer(ctl)
    ctl.check_invariants(ctl.state)
    return _fingerprint(ctl)


@pytest.mark.parametrize("card_id", sorted(C.cards))
def test_every_card_reads_and_every_ability_does_something(card_id, monkeypatch):
    """Each ability of each card, played, unlocked, activated, triggered or waiting in a
    timeline, changes the game in a way the same card stripped of that ability does not."""
    card = C.cards[card_id]
    assert card_text(card) or card.kind == "unit"
    stripped = {}

    def compare(run, what, *args, **strip):
        real = run(card_id, *args)
        monkeypatch.setitem(C.cards, card_id, _strip(card, **strip))
        bare = run(card_id, *args)
        monkeypatch.setitem(C.cards, card_id, card)
        stripped[what] = real != bare
    if card.play_ability() or card.attach or any(a.on == "passive" for a in card.abilities):
        compare(_play, "play", keep=lambda k, a: a.on not in ("play", "passive"))
    unlock = card.play_unlock()
    if unlock is not None and unlock.pay.kind != "level":
        compare(_play, "unlock", True, unlock_only=True)
    for k, ability in enumerate(card.abilities):
        if ability.on == "activate":
            compare(_play, "activate", False, True, keep=lambda j, a: j != k)
        if ability.on == "trigger":
            compare(_triggered, f"trigger {k}", ability.when, keep=lambda j, a: j != k)
    if card.constant is not None:
        if card.constant.on == "trigger":
            compare(_triggered, "constant", card.constant.when, keep=lambda j, a: j != -1)
        else:
            ctl = _table(card_id, in_timeline=True)
            real = _fingerprint(ctl)
            monkeypatch.setitem(C.cards, card_id, _strip(card, keep=lambda j, a: j != -1))
            stripped["constant"] = real != _fingerprint(_table(card_id, in_timeline=True))
    assert stripped and all(stripped.values()), f"no difference made by: {[w for w, d in stripped.items() if not d]}"
