"""Events: who may read what."""

from __future__ import annotations

from shards_tui.core.events import Event


def test_public_event():
    e = Event(seq=0, turn=1, text="Ana plays Crystal.")
    assert e.text_for(None) == e.text_for(0) == e.text_for(3) == "Ana plays Crystal."


def test_private_event():
    e = Event(seq=1, turn=1, seat=0, text="Ana draws Crystal, Blaster.", visible_to=[0],
              public_text="Ana draws 2 cards.")
    assert e.text_for(0) == "Ana draws Crystal, Blaster."
    assert e.text_for(1) == e.text_for(None) == "Ana draws 2 cards."
    red = e.view_for(1)
    assert red["text"] == "Ana draws 2 cards." and red["visible_to"] is None
    assert red["public_text"] is None and "Blaster" not in str(red)
    assert Event.model_validate(red).model_dump() == red  # a whole event, nothing more
    assert e.view_for(0)["text"] == "Ana draws Crystal, Blaster."


def test_private_event_without_public_text_is_blank():
    e = Event(seq=2, turn=1, text="secret", visible_to=[2])
    assert e.text_for(0) == ""


def test_a_sentence_ending_on_a_name_with_a_full_stop_keeps_one_stop() -> None:
    from shards_tui.core.state import one_stop

    assert one_stop("Ana exhausts Systema A.I.. Ana gains 1 mastery.") == (
        "Ana exhausts Systema A.I. Ana gains 1 mastery.")
    assert one_stop("Ana recruits Systema A.I..") == "Ana recruits Systema A.I."
    assert one_stop("Ana waits... then plays.") == "Ana waits... then plays."
    from shards_tui.core.rng import Rng
    from shards_tui.core.state import GameState

    state = GameState(game="shards", seed=1, rng=Rng.from_seed(1))
    state.add_event("Ana draws Systema A.I..", visible_to=[0], public_text="Ana draws A.I..")
    assert (state.log[-1].text, state.log[-1].public_text) == (
        "Ana draws Systema A.I.", "Ana draws A.I.")
