"""A card as the table writes it: one line (hand, champions in play) or the inside of a box
(center row); what must stay readable when it is cut."""

from __future__ import annotations

from shards_tui.ui.tables.shards.card_lines import MARK, box_lines, card_row, plain
from shards_tui.ui.tables.shards.describe import CardInfo

RU_BO_VAI = CardInfo("ru_bo_vai#1", "ru_bo_vai_the_transcendant", "Ru Bo Vai, The Transcendant",
                     "wraethe", "champion", cost=7, defense=4, zone="enemy")
KILN_DRONE = CardInfo("kiln_drone#1", "kiln_drone", "Kiln Drone", "homodeus", "ally", cost=1,
                      effect="Gain 2 gems. Inspire: gain 4 gems instead.", zone="center",
                      label="2", keys=("r",))


def test_a_long_champion_name_gives_way_to_its_defense_and_state() -> None:
    line = plain(card_row(RU_BO_VAI, 37))
    assert len(line) == 37
    assert line.endswith("[W] def 4 ready"), line
    assert line[1:].startswith("Ru Bo Vai, The") and "…" in line  # [0]: the selection mark


def test_the_selected_card_is_marked_without_colour() -> None:
    assert plain(card_row(RU_BO_VAI, 60, selected=True)).startswith(MARK + "Ru Bo Vai")
    assert plain(card_row(RU_BO_VAI, 60)).startswith(" Ru Bo Vai")


def test_a_box_gives_name_kind_numbers_then_as_much_of_the_effect_as_fits() -> None:
    lines = box_lines(KILN_DRONE, 17, 5)
    assert [text for text, _ in lines] == ["Kiln Drone", "Homodeus ally", "cost 1",
                                           "Gain 2 gems.", "Inspire: gain 4…"]
    assert [style for _, style in lines][:3] == ["bold", "italic", ""]
    narrow = box_lines(KILN_DRONE, 8, 3, selected=True)
    assert narrow[0][0].startswith(MARK) and all(len(text) <= 8 for text, _ in narrow)
    assert narrow[1][0] == "H ally"  # the shortest form of the kind that fits
