"""The shell knows no game, and imports run one way.

- No module of the app outside a game's own folders names a game id (every game of the
  registry, each with the words it lists in tests/games/<id>/conformance.py), imports a game's
  package (rules or table), or uses a game's words in its code (identifiers and strings;
  comments and docstrings may give examples). The registry's one list of games is the only
  exception. A game's own folders are ``shards_tui/games/<id>/`` and
  ``shards_tui/ui/tables/<id>/`` (and, outside the package, ``cards/<id>/``,
  ``rulesets/<id>*``, ``tutorials/<id>/``, ``tests/games/<id>/``, ``tests/ui/tables/<id>/``).
- ``server/`` imports no screen or widget module (only the app entry, ``ui.app``, and the
  table base to recognise a table).
- The rules layers (core, games) never import Textual: tests/test_imports.py.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from shards_tui.core.registry import game_ids
from tests.fuzz.game_case import words

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "shards_tui"
REGISTRY = PACKAGE / "core" / "registry.py"

# Words that belong to one game: its moves, zones and pieces, as each game gives them in
# tests/games/<id>/conformance.py (WORDS). A word the shell uses in its own sense (focus, place,
# keep, confirm, play, end, pass) is not listed there.
GAMES = sorted(game_ids())
VOCABULARY = {game_id: words(game_id) for game_id in GAMES}


def _code_words(path: Path) -> tuple[set[str], set[str], list[str]]:
    """(identifier parts, string literals, imported modules) of a module's code, docstrings
    and comments left out."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    docstrings = set()
    imports = []
    for node in ast.walk(tree):  # (one walk: the docstrings' lines and the imports)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                docstrings.add(body[0].value.lineno)
        elif isinstance(node, ast.Import):
            imports += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            imports.append(node.module)
            imports += [f"{node.module}.{alias.name}" for alias in node.names]
    names: set[str] = set()
    strings: set[str] = set()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.NAME:
            names.update(part.lower() for part in re.split(r"_|(?<=[a-z])(?=[A-Z])", tok.string)
                         if part)
            names.add(tok.string.lower())
        elif tok.type == tokenize.STRING and tok.start[0] not in docstrings:
            strings.add(tok.string)
    return names, strings, imports


def _own(where: str, game_id: str) -> bool:
    """``where``: a module's path inside the package ('ui/screens/title.py')."""
    return where.startswith((f"games/{game_id}/", f"ui/tables/{game_id}/"))


def _findings(path: Path, where: str | None = None) -> list[str]:
    """What a module of the package (at ``where`` in it) says of the games."""
    names, strings, imports = _code_words(path)
    where = where or path.relative_to(PACKAGE).as_posix()
    rel = f"shards_tui/{where}"
    found = []
    for game_id in GAMES:
        if _own(where, game_id):
            continue
        for module in imports:
            if module.startswith((f"shards_tui.games.{game_id}", f"shards_tui.ui.tables.{game_id}")):
                found.append(f"{rel}: imports {module}")
        said = [s for s in strings if re.search(rf"(?<![\w-]){game_id}(?![\w-])", s)]
        if said:
            found.append(f"{rel}: names the game '{game_id}' ({said[0][:40]})")
        if any(_own(where, other) for other in GAMES):
            continue  # a game may share a word with another (shields), never import it
        text = "\n".join(strings)  # (one search a word: a line break is a word boundary)
        words = sorted(w for w in VOCABULARY[game_id]
                       if w in names or re.search(rf"\b{w}\b", text, re.I))
        if words:
            found.append(f"{rel}: uses {game_id} words {words}")
    return found


def test_no_module_outside_a_games_folders_names_a_game() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == REGISTRY:
            continue  # the one list of games
        found += _findings(path)
    assert not found, "\n".join(found)


def test_the_check_finds_a_game_named_in_the_shell(tmp_path: Path) -> None:
    """The check itself can fail: a shell module that names a game, imports one or speaks a
    game's words is found (the games and their words taken from the registry)."""
    first, second, wordy = GAMES[0], GAMES[1], next(g for g in GAMES if len(VOCABULARY[g]) >= 2)
    said = sorted(VOCABULARY[wordy])[:2]
    shell = tmp_path / "probe.py"  # read as if it were ui/screens/probe.py
    shell.write_text(f'"""Docstrings may say {said[0]}."""\n'
                     f'from shards_tui.games.{first} import rules\n'
                     f'GAME = "{second}"\n'
                     f'def probe(): return "{said[0]} {said[1]}"\n', encoding="utf-8")
    found = "\n".join(_findings(shell, "ui/screens/probe.py"))
    assert f"imports shards_tui.games.{first}" in found
    assert f"names the game '{second}'" in found
    assert f"uses {wordy} words {said}" in found


def test_server_imports_no_screen_or_widget() -> None:
    allowed = ("shards_tui.ui.app", "shards_tui.ui.tables.base")
    found = []
    for path in sorted((PACKAGE / "server").rglob("*.py")):
        for module in _code_words(path)[2]:
            if module.startswith(("shards_tui.ui.screens", "shards_tui.ui.widgets",
                                  "shards_tui.ui.tables")) and not module.startswith(allowed):
                found.append(f"{path.relative_to(ROOT)}: imports {module}")
    assert not found, "\n".join(found)


def test_every_game_lists_its_own_words() -> None:
    """Each registered game says which words are its own, so the check above covers it."""
    for game_id in GAMES:
        assert VOCABULARY[game_id], f"tests/games/{game_id}/conformance.py lists no WORDS"
        assert all(w == w.lower() and " " not in w for w in VOCABULARY[game_id]), game_id
