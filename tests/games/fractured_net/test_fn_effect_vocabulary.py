"""The effect vocabulary (effects.py) and its one interpreter (interpreter.py): each kind of
effect takes only the fields it uses, and each kind has its step in the dispatch table."""

from __future__ import annotations

import typing

import pytest
from pydantic import TypeAdapter, ValidationError

from shards_tui.games.fractured_net import effects as fx
from shards_tui.games.fractured_net.cards import card_db
from shards_tui.games.fractured_net.interpreter import STEPS
from shards_tui.games.fractured_net.text import effect_text

EFFECT = TypeAdapter(fx.Effect)
KINDS = typing.get_args(typing.get_args(fx.Effect)[0])


def test_every_kind_of_effect_has_a_step_and_words():
    assert set(KINDS) == set(STEPS)
    for kind in KINDS:
        sample = {"do": kind.model_fields["do"].default, "card": "husk", "keyword": "swift"}
        if issubclass(kind, fx._Aimed):
            sample["target"] = "enemy_creature"
        effect = EFFECT.validate_python({k: v for k, v in sample.items() if k in kind.model_fields})
        assert effect_text(effect).endswith(".")


@pytest.mark.parametrize("data, why", [
    ({"do": "draw", "keyword": "swift"}, "Extra inputs"),  # a draw gives no keyword
    ({"do": "token", "card": "husk", "target": "enemy"}, "Input should be 'none'"),
    ({"do": "heal", "amount": 2, "target": "enemy_creature"}, "Input should be"),
    ({"do": "grant", "target": "friendly_creature"}, "keyword"),
    ({"do": "bounce"}, "needs a target"),
    ({"do": "summon", "target": "you"}, "does not match any of the expected tags"),
])
def test_an_effect_with_fields_its_kind_does_not_take_is_refused(data, why):
    with pytest.raises(ValidationError, match=why):
        EFFECT.validate_python(data)


def test_the_cards_use_every_kind_of_effect():
    used = {type(e) for c in card_db().values()
            for t in ("play", "enter", "death", "attack", "start", "end", "ability")
            for e in c.triggers(t)}
    assert used == set(KINDS)
