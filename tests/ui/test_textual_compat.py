"""Textual's internals are used through one package, ``shards_tui/ui/textual_compat/``.

- Each private module and name it uses (``PRIVATE_USES``) is still where Textual had it: one
  test per use, which fails (naming it) when an upgrade moves or renames it.
- The list is whole: every private module the adapter's modules import and every private
  name they read, write or override is on it.
- No other module of the app, the server, the tests or the benchmarks imports a private
  module of Textual, or uses one of those private names (an attribute of our own that happens
  to share a name, assigned by our own code, is ours).
"""

from __future__ import annotations

import ast
import asyncio
import importlib
from pathlib import Path

import pytest

from shards_tui.ui import textual_compat
from tests.code_shape import ROOT

ADAPTER = sorted((ROOT / "shards_tui" / "ui" / "textual_compat").glob("*.py"))


def _instance(cls: type) -> object | None:
    """An instance of a Textual class made outside an app (None: it takes more)."""
    from textual.app import App
    from textual.driver import Driver

    if issubclass(cls, Driver):
        class Probe(Driver):
            def write(self, data: str) -> None: ...
            def start_application_mode(self) -> None: ...
            def disable_input(self) -> None: ...
            def stop_application_mode(self) -> None: ...

        async def made() -> object:
            return Probe(App())

        return asyncio.run(made())
    try:
        return cls()
    except Exception:
        return None


def _still_there(where: str, name: str) -> bool:
    module_name, _, class_name = where.partition(":")
    module = importlib.import_module(module_name)
    cls = getattr(module, class_name) if class_name else module
    if hasattr(cls, name):
        return True
    instance = _instance(cls) if class_name else None
    if instance is not None and hasattr(instance, name):
        return True
    # Set only later in an object's life (a watcher's list): named so in its module.
    return f'"{name}"' in Path(module.__file__ or "").read_text(encoding="utf-8")


@pytest.mark.parametrize("where,name", textual_compat.PRIVATE_USES,
                         ids=[f"{w}.{n}" for w, n in textual_compat.PRIVATE_USES])
def test_each_private_use_is_still_where_textual_had_it(where: str, name: str):
    assert _still_there(where, name), f"Textual no longer has {name} in {where}"


def _private_module(name: str) -> bool:
    parts = name.split(".")
    return parts[0] == "textual" and any(p.startswith("_") for p in parts[1:])


def _imports(tree: ast.AST) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def test_the_list_holds_every_private_use_of_the_adapter():
    tree = ast.Module(body=[statement for path in ADAPTER
                            for statement in ast.parse(path.read_text(encoding="utf-8")).body],
                      type_ignores=[])
    listed_modules = {where.partition(":")[0] for where, _ in textual_compat.PRIVATE_USES}
    assert {m for m in _imports(tree) if _private_module(m)} <= listed_modules
    textual_methods = _textual_names()
    defined = {node.name for node in ast.walk(tree)
               if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    defined |= {target.id for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
                for statement in node.body if isinstance(statement, (ast.Assign, ast.AnnAssign))
                for target in (statement.targets if isinstance(statement, ast.Assign)
                               else [statement.target]) if isinstance(target, ast.Name)}
    own = defined - textual_methods  # the adapter's own names (an override is Textual's)
    used = {node.attr for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and _private(node.attr)}
    used |= {node.args[1].value for node in ast.walk(tree)
             if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "getattr"
             and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)
             and _private(node.args[1].value)}
    used |= {name for name in defined & textual_methods if _private(name)}
    listed = {name for _, name in textual_compat.PRIVATE_USES}
    unlisted = used - own - listed
    assert unlisted == set(), f"private names of Textual used but not listed: {sorted(unlisted)}"


def _textual_names() -> set[str]:
    """Every private method name Textual's classes define."""
    import textual

    names = set()
    for path in Path(textual.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names.update(s.name for s in node.body
                             if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                             and _private(s.name))
    return names


def _our_files() -> list[Path]:
    files = [*ROOT.glob("shards_tui/**/*.py"), *ROOT.glob("tests/**/*.py"),
             *ROOT.glob("benchmarks/**/*.py")]
    return [path for path in files if path not in ADAPTER]


def test_no_other_module_imports_a_private_module_of_textual():
    found = [f"{path.relative_to(ROOT)}: {name}" for path in _our_files()
             for name in _imports(ast.parse(path.read_text(encoding="utf-8")))
             if _private_module(name)]
    assert found == []


def test_no_other_module_uses_a_private_name_of_textual():
    listed = {name for _, name in textual_compat.PRIVATE_USES}
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in _our_files()}
    ours = set()  # names our own code gives values to: our attributes, not Textual's
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                    and isinstance(node.value, ast.Name) and node.value.id == "self":
                ours.add(node.attr)
    watched = listed - ours
    found = []
    for path, tree in trees.items():
        methods = [(s.name, s.lineno) for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
                   for s in node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]
        attributes = [(node.attr, node.lineno) for node in ast.walk(tree)
                      if isinstance(node, ast.Attribute)]
        found += [f"{path.relative_to(ROOT)}:{line}: {name}" for name, line in methods + attributes
                  if name in watched]
    assert found == []


def test_the_check_sees_a_private_import_and_a_private_name(tmp_path: Path):
    probe = ast.parse("from textual._context import active_app\nx = app._thread_id\n")
    assert {m for m in _imports(probe) if _private_module(m)} == {"textual._context"}
    assert "_thread_id" in {n.attr for n in ast.walk(probe) if isinstance(n, ast.Attribute)} \
        & {name for _, name in textual_compat.PRIVATE_USES}
