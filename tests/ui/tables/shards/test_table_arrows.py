"""The arrow keys move the selection through a zone of the table: the hand, the center row,
your champions, and every opponent's champions (one panel after the other)."""

from __future__ import annotations

from tests.ui.tables.shards.shards_ui_support import TableApp, scenario, screen_text, settle

from shards_tui.ui.tables.shards.player_panel import OpponentsBar


def row_of(bar: OpponentsBar, card_id: str):
    """Where an enemy champion's row is on the screen."""
    return next(r for p in bar.panels() if (r := p.champions.row_region(card_id)) is not None)

# At 80x24 the opponents' rows scroll after five: Cid's champions start below them.
CHAMPIONS = {"Ben": ["drakonarius", "evokatus", "general_decurion", "additri_gaiamancer",
                     "fao_cutul_the_formless", "li_hin_the_shattered"],
             "Cid": ["systema_ai", "giga_source_adept"]}


def ana_against_champions():
    """Ana, with power to attack, against Ben's six champions and Cid's two."""
    return scenario([{"name": n, "hand": ["crystal"] * 3, "champions": CHAMPIONS.get(n, [])}
                     for n in ("Ana", "Ben", "Cid")], turn={"power": 20})


async def test_at_80x24_the_arrows_reach_every_opponents_champions() -> None:
    ctl = ana_against_champions()
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("t")  # several can be attacked: the first of them is selected
        await settle(pilot)
        assert table.selected.name == "Evokatus"
        seen = []
        for _ in range(7):
            await pilot.press("down")
            await settle(pilot)
            seen.append(table.selected.name)
        assert seen == ["General Decurion", "Additri, Gaiamancer", "Fao Cu'tul, The Formless",
                        "Li Hin, The Shattered", "Systema A.I.", "Giga, Source Adept",
                        "Drakonarius"]  # on from Ben's panel to Cid's, then round again
        await pilot.press("up")
        await settle(pilot)
        card = table.selected
        assert card.name == "Giga, Source Adept"
        bar = table.query_one(OpponentsBar)
        assert bar.region.contains_region(row_of(bar, card.id)), screen_text(app)  # scrolled to it
        assert "▶Giga, Source Adept" in screen_text(app)
        await pilot.press("t")
        await settle(pilot)
        assert "giga_source_adept" not in str(ctl.view(0).players[2].champions)


async def test_at_80x24_a_selected_champion_keeps_its_owners_line_in_sight() -> None:
    """Going up through Ben's champions, the top row showed a champion and not whose it was.
    Where the owner's line and the champion fit in the opponents' rows together (at most five:
    the hand keeps its own), both show; where they do not, the champion's row names him."""
    ctl = ana_against_champions()
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("t", *["down"] * 6, *["up"] * 4)  # to Cid's last, back to Ben's
        await settle(pilot)
        for name in ("General Decurion", "Evokatus", "Drakonarius"):  # Ben's 3rd, 2nd, 1st
            await pilot.press("up")
            await settle(pilot)
            card = table.selected
            assert card.name == name
            bar = table.query_one(OpponentsBar)
            assert bar.region.contains_region(row_of(bar, card.id))
            text = screen_text(app)
            row = next(line for line in text.splitlines() if f"▶{name}" in line)
            assert text.startswith(" Ben (") or row.rstrip(" ▁▂▃▄▅▆▇█▀").endswith("Ben"), \
                (name, text[:200])


async def test_at_80x24_champions_scrolled_below_their_owners_line_name_the_owner() -> None:
    """Scrolled past Ben's line, his champions' rows end with his name; Cid's, under his own
    line, do not, and nothing is named before anything scrolls."""
    ctl = ana_against_champions()
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one(OpponentsBar)
        top = screen_text(app).splitlines()[:5]
        assert top[0].startswith(" Ben (") and not any(line.rstrip().endswith("Ben") for line in top)
        bar.scroll_to(y=4, animate=False, immediate=True)  # as the mouse wheel scrolls it
        await settle(pilot)
        top = [line.rstrip(" ▄▀") for line in screen_text(app).splitlines()[:5]]
        assert top[0].startswith("  Additri") and top[0].endswith("Ben"), top
        assert top[3].startswith(" Cid (")
        assert top[4].startswith("  Systema") and not top[4].endswith("Cid"), top
        bar.scroll_to(y=0, animate=False, immediate=True)
        await settle(pilot)
        assert not screen_text(app).splitlines()[1].rstrip(" ▄▀").endswith("Ben")


async def test_the_arrows_skip_the_place_of_a_card_just_played() -> None:
    """After a card left the hand, Down went to its (hidden) row and selected a card no
    longer there."""
    ctl = scenario([{"name": "Ana", "hand": ["crystal", "blaster", "crystal"]},
                    {"name": "Ben", "hand": ["crystal"]}])
    app = TableApp(ctl, hotseat=False, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("p")  # the first Crystal
        await settle(pilot)
        hand = [c.id for c in ctl.view(0).players[0].hand]
        for _ in range(4):
            await pilot.press("down")
            await settle(pilot)
            card = table.selected
            assert card.id in hand, card
