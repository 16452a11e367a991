"""The generic deck library: files in the data folder, read-only starters, names cleaned,
broken files reported and never overwritten, deck codes that refuse what they cannot read."""

from __future__ import annotations

import pytest

from shards_tui.core.decks import (MAX_CARDS, DeckError, DeckLibrary, DeckRules, clean_name,
                                   decode, encode, read_deck_file, with_copies)

CARDS = {"a": 1, "b": 2, "c": 3}
RULES = DeckRules(
    code_tag="TT", size=4,
    starters=lambda: {"Starter One": {"a": 2, "b": 2}},
    problems=lambda cards: [] if sum(cards.values()) == 4 else
    [f"A deck has exactly 4 cards; this one has {sum(cards.values())}."],
    number_of=lambda cid: CARDS.get(cid), card_of=lambda n: {v: k for k, v in CARDS.items()}.get(n),
    name_of=str.upper, describe=lambda cards: f"{sum(cards.values())} cards")


@pytest.fixture
def library(tmp_path):
    return DeckLibrary("test", rules=RULES, folder=tmp_path / "decks")


def test_save_list_find_copy_rename_delete(library):
    library.save("Mine", {"a": 1, "c": 3})
    assert [d.name for d in library.all()] == ["Starter One", "Mine"]
    assert library.find("mine").cards == {"a": 1, "c": 3}
    library.copy("Starter One", "Copied")
    assert not library.find("Copied").starter and library.find("Copied").cards == {"a": 2, "b": 2}
    library.rename("Mine", "Renamed")
    assert [d.name for d in library.own()[0]] == ["Copied", "Renamed"]
    library.delete("Renamed")
    with pytest.raises(DeckError, match="There is no deck called 'Renamed'"):
        library.find("Renamed")


def test_starters_are_read_only(library):
    for attempt in (lambda: library.save("Starter One", {"a": 4}),
                    lambda: library.rename("Starter One", "X"),
                    lambda: library.delete("starter one")):
        with pytest.raises(DeckError, match="starter"):
            attempt()


def test_names_are_cleaned_and_bounded(library):
    assert clean_name("  My\x1b[31m  deck\n ") == "My [31m deck"
    assert len(clean_name("x" * 100)) == 40
    with pytest.raises(DeckError, match="needs a name"):
        clean_name("\x00\x07 ")
    deck = library.save("Tab\there", {"a": 1})
    assert deck.name == "Tab here" and library.find("Tab here")


def test_sizes_are_bounded(library):
    with pytest.raises(DeckError, match=f"at most {MAX_CARDS}"):
        library.save("Huge", {"a": MAX_CARDS + 1})
    with pytest.raises(DeckError, match="not a card of this game"):
        library.save("Odd", {"zz": 1})
    with pytest.raises(DeckError, match="whole number"):
        library.save("Odd", {"a": 0})


def test_a_broken_file_is_one_sentence_and_never_lost(library):
    library.save("Good", {"a": 1})
    path = library.path_of("Broken")
    path.write_text("name = 'Broken'\n[cards\n", encoding="utf-8")
    decks, broken = library.own()
    assert [d.name for d in decks] == ["Good"]
    assert broken == [f"The deck file {path.name} cannot be read (it is not valid TOML)."]
    with pytest.raises(DeckError, match="cannot be read"):
        library.save("Broken", {"a": 1})
    assert path.read_text(encoding="utf-8") == "name = 'Broken'\n[cards\n"
    path.write_text("name = 'Broken'\n[cards]\na = 'many'\n", encoding="utf-8")
    with pytest.raises(DeckError, match="not a whole number"):
        read_deck_file(path)


def test_codes_round_trip_and_refuse_bad_input(library):
    code = encode({"c": 3, "a": 1}, RULES)
    assert code.startswith("TT-") and decode(code, RULES) == {"a": 1, "c": 3}
    assert decode(f"  {code[:8]}\n{code[8:]} ", RULES) == {"a": 1, "c": 3}  # pasted over two lines
    for bad, sentence in (("", "starts with 'TT-'"), ("XX-ABCD", "starts with 'TT-'"),
                          ("TT-!!!!", "not a deck code"), (code[:-2], "not a deck code"),
                          (code[:-1] + ("A" if code[-1] != "A" else "B"), "not a deck code"),
                          ("TT-" + "A" * 700, "too long")):
        with pytest.raises(DeckError, match=sentence):
            decode(bad, RULES)
    with pytest.raises(DeckError, match="not legal: A deck has exactly 4 cards; this one has 3"):
        library.import_code(encode({"a": 3}, RULES), "Short")
    deck = library.import_code(encode({"a": 1, "c": 3}, RULES), "Shared")
    assert library.find("Shared").cards == deck.cards
    with pytest.raises(DeckError, match="already a deck called"):
        library.import_code(code, "shared")


def test_an_unknown_card_number_is_named(library):
    other = DeckRules(**{**RULES.__dict__, "number_of": lambda cid: 77})
    with pytest.raises(DeckError, match="no. 77"):
        decode(encode({"q": 1}, other), RULES)


def test_the_builder_adds_and_removes_copies_within_bounds():
    cards = with_copies({}, "a", 2, RULES)
    assert cards == {"a": 2} and with_copies(cards, "a", -5, RULES) == {}
    assert with_copies(cards, "b", 1, RULES) == {"a": 2, "b": 1} and cards == {"a": 2}
    with pytest.raises(DeckError, match="not a card"):
        with_copies(cards, "nope", 1, RULES)
    with pytest.raises(DeckError, match=f"at most {MAX_CARDS}"):
        with_copies(cards, "b", MAX_CARDS, RULES)
