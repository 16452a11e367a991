"""Reading a package's imports from its source, for tests of the code's shape (any game).

``import_circles(folder)``: the modules of one folder that import each other in a loop (every
import counts: at the top, inside a function or under TYPE_CHECKING). ``waiting_imports(folder)``:
the imports made inside functions, each with the comment lines just above it, which must say
why the import waits (``# Deferred (startup): ...``).
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=512)
def _parsed(path: Path, stamp: int) -> tuple[str, ast.Module]:
    source = path.read_text(encoding="utf-8")
    return source, ast.parse(source)


def _read(path: Path) -> tuple[str, ast.Module]:
    """A file's text and syntax tree (read once while it stays unchanged)."""
    return _parsed(path, path.stat().st_mtime_ns)


def _module(path: Path, root: Path) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")


def _imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.ImportFrom) and node.module:
        # "from pkg import mod" names a module of the folder as often as a name in pkg
        return [node.module] + [f"{node.module}.{a.name}" for a in node.names]
    return []


def import_graph(folder: Path, root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of ``folder`` -> the modules of the same folder it imports (module names
    are paths from ``root``, the folder on sys.path)."""
    paths = sorted(folder.glob("*.py"))
    modules = {_module(p, root) for p in paths}
    package = _module(folder / "__init__.py", root)
    graph: dict[str, set[str]] = {}
    for path in paths:
        names = {n for node in ast.walk(_read(path)[1]) for n in _imported(node)}
        graph[_module(path, root)] = {n for n in names if n in modules and n != package} - {_module(path, root)}
    return graph


def import_circles(folder: Path, root: Path = ROOT) -> list[list[str]]:
    """Every loop of imports among the modules of ``folder`` (each found once, as a path)."""
    graph = import_graph(folder, root)
    circles: list[list[str]] = []
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        for nxt in sorted(graph[node]):
            if nxt in path:
                circles.append(path[path.index(nxt):] + [nxt])
            elif nxt not in done:
                visit(nxt, path + [nxt])
        done.add(node)

    for start in sorted(graph):
        if start not in done:
            visit(start, [start])
    return circles


def waiting_imports(folder: Path) -> list[tuple[str, int, str]]:
    """(file, line, the comment lines just above) of each import made inside a function."""
    found = []
    for path in sorted(folder.glob("*.py")):
        source, tree = _read(path)
        lines = source.splitlines()
        for func in ast.walk(tree):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(func):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    above, k = [], node.lineno - 2
                    while k >= 0 and lines[k].strip().startswith(("#", "from ", "import ")):
                        above.append(lines[k].strip())
                        k -= 1
                    comments = " ".join(c for c in above if c.startswith("#"))
                    found.append((path.name, node.lineno, comments))
    return found
