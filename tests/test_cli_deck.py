"""`shards-tui deck ...` and `shards-tui ladder`: exit statuses and one-sentence errors."""

from __future__ import annotations

from shards_tui.cli import main
from shards_tui.core.ratings import Ratings, bot_player, local_player


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_list_show_check_export_import(capsys, tmp_path):
    code, out, _ = run(capsys, "deck", "list")
    assert code == 0 and out.splitlines()[:5] == ["Kernel Orthodoxy starter", "The Rupture starter",
                                                  "Archive Conclave starter", "Void Network starter",
                                                  "Autophage Protocol starter"]
    code, out, _ = run(capsys, "deck", "show", "void network starter")
    assert code == 0 and "Null Stalker" in out and out.rstrip().endswith("Legal.")
    assert run(capsys, "deck", "check", "Void Network starter")[0] == 0
    code, out, _ = run(capsys, "deck", "export", "Void Network starter")
    deck_code = out.strip()
    assert code == 0 and deck_code.startswith("FN-")
    code, out, _ = run(capsys, "deck", "import", deck_code, "--name", "Shared Void")
    assert code == 0 and "Saved 'Shared Void'" in out
    assert "Shared Void" in run(capsys, "deck", "list")[1].splitlines()
    code, _, err = run(capsys, "deck", "import", deck_code, "--name", "Shared Void")
    assert code == 2 and "already a deck" in err


def test_bad_input_exits_2_and_an_illegal_deck_1(capsys, tmp_path):
    code, _, err = run(capsys, "deck", "import", "FN-NOTACODE", "--name", "X")
    assert code == 2 and err.count("\n") == 1 and "not a deck code" in err
    code, _, err = run(capsys, "deck", "show", "Nothing Like It")
    assert code == 2 and "There is no deck called 'Nothing Like It'." in err
    bad = tmp_path / "bad.toml"
    bad.write_text("name = 'Bad'\n[cards]\nnull_stalker = 4\nflare = 36\n", encoding="utf-8")
    code, out, _ = run(capsys, "deck", "check", str(bad))
    assert code == 1 and "At most 3 copies of a card: Flare, Null Stalker." in out and "mixes" in out
    broken = tmp_path / "broken.toml"
    broken.write_text("name = [", encoding="utf-8")
    code, _, err = run(capsys, "deck", "check", str(broken))
    assert code == 2 and "cannot be read" in err
    code, _, err = run(capsys, "deck", "--game", "shards", "list")
    assert code == 2 and "has no decks" in err


def test_ladder_prints_the_rated_players(capsys):
    code, out, _ = run(capsys, "ladder", "fractured_net")
    assert code == 0 and "no ranked games yet" in out
    Ratings().record("fractured_net", [[local_player("Ana")], [bot_player("greedy")]], winners=[0])
    code, out, _ = run(capsys, "ladder", "fractured_net")
    assert code == 0 and out.splitlines()[3].split()[1] == "Ana"
    assert run(capsys, "ladder", "chess")[0] == 2


def test_deck_show_lists_the_cards_by_cost_with_their_costs(capsys):
    code, out, _ = run(capsys, "deck", "show", "Void Network starter")
    lines = [line for line in out.splitlines() if line.startswith("cost ")]
    costs = [int(line.split()[1]) for line in lines]
    assert code == 0 and len(lines) > 10 and costs == sorted(costs)
    assert "cost  2  3 x Null Stalker" in lines


def test_play_decks_takes_a_saved_deck_by_name(capsys):
    import argparse

    import pytest

    from shards_tui.cli_games import game_setup
    from shards_tui.cli_setup import UsageError
    from shards_tui.core.decks import DeckLibrary
    from shards_tui.core.registry import game

    library = DeckLibrary("fractured_net")
    cards = dict(library.find("Void Network starter").cards)
    library.save("My Void", cards)
    info = game("fractured_net")
    args = argparse.Namespace(game_roles="My Void,kernel")
    setup = game_setup(info, args, None, 3, None, None)
    assert setup["players"][0]["deck_name"] == "My Void" and setup["players"][0]["cards"] == cards
    assert setup["players"][1]["deck"] == "kernel"
    assert info.controller.build(setup).state.players[0].deck_name == "My Void"
    with pytest.raises(UsageError, match="or the name of one of your decks"):
        game_setup(info, argparse.Namespace(game_roles="No Such Deck,kernel"), None, 3, None, None)


def test_show_finds_a_starter_by_the_short_name_a_new_game_takes(capsys):
    """`play fractured_net --decks kernel` took 'kernel' while `deck show kernel` said there was
    no such deck: each deck choice of the new game's role is found by the deck commands too."""
    from shards_tui.core.registry import game

    role = game("fractured_net").setup_spec().role
    assert role.choices
    for choice in role.choices:
        code, out, err = run(capsys, "deck", "show", choice.id.upper())
        assert code == 0 and f"'{choice.id}' for short" in out and out.rstrip().endswith("Legal."), err
    code, out, _ = run(capsys, "deck", "show", "kernel")
    assert out.splitlines()[1:] == run(capsys, "deck", "show", "Kernel Orthodoxy starter")[1].splitlines()[1:]
