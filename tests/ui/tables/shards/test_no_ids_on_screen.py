"""No internal instance id ('axia#1') on the Shards table: not in the palette's moves (exhaust,
attack, a question's choices), the question, the status line or the key hints. The words each
seat's view holds are checked over whole random games in tests/games/shards/test_no_ids_shown.py."""

from __future__ import annotations

from tests.shown_text import INSTANCE_ID
from tests.ui.tables.shards.shards_ui_support import TableApp, scenario, screen_text, settle

PLAYERS = [{"name": "Ana", "hand": ["shadow_apostle", "crystal"], "discard": ["crystal", "blaster"],
            "champions": ["systema_ai"]},
           {"name": "Ben", "hand": ["crystal"], "champions": ["evokatus"]}]


async def _palette_shows(pilot, query: str) -> str:
    await pilot.press("ctrl+p")
    await settle(pilot)
    await pilot.press(*query)
    await settle(pilot, 6)
    text = screen_text(pilot.app)
    await pilot.press("escape")
    await settle(pilot)
    return text


async def test_the_palette_the_question_and_the_hints_show_no_instance_id() -> None:
    ctl = scenario(PLAYERS, turn={"power": 5})
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert any(INSTANCE_ID.search(m.text) for m in ctl.view(0).legal)  # ids in the moves...
        shown = await _palette_shows(pilot, "exhaust")
        assert "Exhaust Systema A.I." in shown and not INSTANCE_ID.search(shown)  # ... none on screen
        shown = await _palette_shows(pilot, "destroy")
        assert "Destroy Ben's Evokatus" in shown and not INSTANCE_ID.search(shown)
        assert not INSTANCE_ID.search(screen_text(app))

        await pilot.press("p")  # Shadow Apostle: banish from hand or discard pile
        await settle(pilot, 5)
        assert ctl.view(0).pending is not None
        assert not INSTANCE_ID.search(screen_text(app)), screen_text(app)
        shown = await _palette_shows(pilot, "choose")
        assert "Choose Crystal (hand)" in shown and not INSTANCE_ID.search(shown)
