"""The shape of the whole app's code: no modules import each other in a loop, and an import
made inside a function says why it waits, in a word (``# Deferred (startup): ...``).

A loop of imports (even one kept alive by an import inside a function, or under
TYPE_CHECKING) means two modules that cannot be read, tested or changed apart; what both need
belongs where both may import it. An import inside a function is kept only where it defers a
heavy module on purpose (the command line and the title's first paint import only what they
use), and then says so. ``tests/code_shape.py`` reads the imports.
"""

from __future__ import annotations

from pathlib import Path

from tests.code_shape import ROOT, deferred_reason, package_circles, waiting_imports

PACKAGE = ROOT / "shards_tui"


def test_no_modules_of_the_app_import_each_other_in_a_loop():
    circles = package_circles(PACKAGE)
    assert circles == [], "import circles: " + "; ".join(" <-> ".join(c) for c in circles)


def test_every_import_inside_a_function_says_why_it_waits():
    unexplained = [f"{path}:{line}" for path, line, why in waiting_imports(PACKAGE, recursive=True)
                   if deferred_reason(why) is None]
    assert unexplained == []


def test_the_checks_find_a_circle_and_an_unexplained_import(tmp_path: Path):
    package = tmp_path / "probe"
    (package / "inner").mkdir(parents=True)
    for init in (package / "__init__.py", package / "inner" / "__init__.py"):
        init.write_text("")
    (package / "a.py").write_text("def f():\n    from probe.inner import b\n")
    (package / "inner" / "b.py").write_text("from probe.a import f\n")
    (package / "c.py").write_text(
        "def g():\n    # Deferred (startup): the probe waits.\n    import probe.a\n"
        "def h():\n    import probe.c  # Deferred (tests)\n")
    assert package_circles(package, tmp_path) == [["probe.a", "probe.inner.b"]]
    waits = {(path, line): deferred_reason(why)
             for path, line, why in waiting_imports(package, recursive=True)}
    assert waits == {("a.py", 2): None, ("c.py", 3): "startup", ("c.py", 5): "tests"}
