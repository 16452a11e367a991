"""No internal instance id ('axia#1') in what the Shards table shows: the palette's moves
(exhaust, attack, a question's choices) read as words. The table's own test of the palette
(test_table.py) opens it; the words each seat's view holds are checked over whole random games
in tests/games/shards/test_no_ids_shown.py."""

from __future__ import annotations

from tests.shown_text import INSTANCE_ID
from tests.ui.tables.shards.shards_ui_support import scenario

from shards_tui.games.shards.cards import card_db
from shards_tui.ui.tables.shards.describe import describe_move
from shards_tui.ui.widgets.palette import shown

PLAYERS = [{"name": "Ana", "hand": ["shadow_apostle", "crystal"], "discard": ["crystal", "blaster"],
            "champions": ["systema_ai"]},
           {"name": "Ben", "hand": ["crystal"], "champions": ["evokatus"]}]


def _palette_lines(ctl) -> list[str]:
    view, cards = ctl.view(0), card_db(("base",))
    return [line for m in view.legal for line in shown(m.text, describe_move(m.command, view, cards))]


def test_the_palette_names_cards_not_their_ids() -> None:
    ctl = scenario(PLAYERS, turn={"power": 5})
    assert any(INSTANCE_ID.search(m.text) for m in ctl.view(0).legal)  # ids in the moves...
    lines = _palette_lines(ctl)
    assert "Exhaust Systema A.I." in lines and "Destroy Ben's Evokatus (costs 2 power)" in lines
    assert not [line for line in lines if INSTANCE_ID.search(line)]  # ... none shown
    ctl.apply("play shadow_apostle", 0)  # banish from hand or discard pile: a question
    lines = _palette_lines(ctl)
    assert "Choose Crystal (hand)" in lines
    assert not [line for line in lines if INSTANCE_ID.search(line)]


def test_a_move_without_an_id_shows_as_typed_with_its_words() -> None:
    assert shown("recruit 2", "Recruit Kiln Drone") == ("recruit 2", "Recruit Kiln Drone")
    assert shown("exhaust axia#1", "Exhaust Axia") == ("Exhaust Axia", "")
