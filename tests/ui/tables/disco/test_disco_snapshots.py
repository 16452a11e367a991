"""Two snapshots of the Disco table's widgets laid out as a screen would: a placement preview
at 120x40 (both orbit rows, tokens and research, piles and trash) and a draft offer at 80x24."""

from __future__ import annotations

from disco_ui_support import TablePlayApp, mid_round

from tests.games.disco.conftest import new_disco


def test_placement_preview_120x40(snap_compare) -> None:
    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press("left")  # Sparkle between Laser Show and Force Field
        await pilot.pause()

    app = TablePlayApp(mid_round(), seat=0, card="sparkle#1", follow=False)
    assert snap_compare(app, run_before=run_before, terminal_size=(120, 40))


def test_draft_offer_80x24(snap_compare) -> None:
    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press("right")  # the second card under the cursor
        await pilot.pause()

    assert snap_compare(TablePlayApp(new_disco(seed=3)), run_before=run_before,
                        terminal_size=(80, 24))
