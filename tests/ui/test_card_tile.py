"""A card as one line (hand, champions in play): what must stay readable when it is cut."""

from __future__ import annotations

from textual.app import App, ComposeResult

from shards_tui.ui.widgets.card_tile import CardTile
from shards_tui.ui.widgets.describe import CardInfo

RU_BO_VAI = CardInfo("ru_bo_vai#1", "ru_bo_vai_the_transcendant", "Ru Bo Vai, The Transcendant",
                     "wraethe", "champion", cost=7, defense=4, zone="enemy")


class OneTile(App[None]):
    CSS = "CardTile { width: 38; height: 1; }"

    def compose(self) -> ComposeResult:
        yield CardTile(RU_BO_VAI)


async def test_a_long_champion_name_gives_way_to_its_defense_and_state() -> None:
    app = OneTile()
    async with app.run_test(size=(60, 3)) as pilot:
        await pilot.pause()
        line = app.query_one(CardTile).render().plain
        assert line.endswith("[W] def 4 ready"), line
        assert line[1:].startswith("Ru Bo Vai, The") and "…" in line  # [0]: the selection mark
