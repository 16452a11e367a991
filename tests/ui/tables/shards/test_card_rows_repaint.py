"""A hand that closes up after a play asks Textual for one repaint, of the rows that now show
another card (each repaint asked for costs its bookkeeping), and shows the cards left."""

from __future__ import annotations

from textual.widget import Widget

from tests.ui.tables.shards.shards_ui_support import TableApp, scenario, settle, start_table

from shards_tui.ui.tables.shards.hand import HandView

HAND = [{"name": "Ana", "hand": ["crystal", "blaster", "crystal", "blaster", "crystal"]},
        {"name": "Ben", "hand": ["crystal", "crystal"]}]


async def test_a_hand_that_closes_up_asks_for_one_repaint(monkeypatch) -> None:
    app = TableApp(scenario(HAND))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await start_table(pilot)
        hand = table.query_one(HandView)
        await settle(pilot)
        asked: list[tuple[int, ...]] = []
        original = Widget.refresh

        def counting(self, *regions, **kwargs):  # type: ignore[no-untyped-def]
            if self is hand and regions:
                asked.append(tuple(y for region in regions
                                   for y in range(region.y, region.bottom)))
            return original(self, *regions, **kwargs)

        monkeypatch.setattr(Widget, "refresh", counting)
        await pilot.press("p")  # the first card, a Crystal: the four below it move up a row
        await settle(pilot)
        monkeypatch.setattr(Widget, "refresh", original)
        names = [hand.render_line(y).text.split(" · ")[0].lstrip("▶ ") for y in range(4)]
        assert names == ["Blaster", "Crystal", "Blaster", "Crystal"]
        # The rows the move changed at once (not a repaint a row), the border's card count,
        # the selection drawn on the card now first.
        assert len(asked) <= 3, asked
        assert any(set(range(5)) <= set(rows_asked) for rows_asked in asked), asked
