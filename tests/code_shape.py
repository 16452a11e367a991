"""Reading a package's imports from its source, for tests of the code's shape.

``import_circles(folder)``: the modules of one folder that import each other in a loop (every
import counts: at the top, inside a function or under TYPE_CHECKING). ``package_circles(folder)``:
the same over a whole package and its subpackages, as groups of modules each of which reaches
every other (``tests/test_import_graph.py`` holds the app to none). ``waiting_imports(folder)``:
the imports made inside functions, each with the comment lines just above it, which must say
why the import waits in a word (``# Deferred (startup): ...``; ``deferred_reason``).
"""

from __future__ import annotations

import ast
import re
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


def package_graph(folder: Path, root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of the package ``folder`` and its subpackages -> the modules of the package
    it imports. ``from pkg import mod`` counts as importing ``pkg.mod`` (and ``pkg`` itself
    only when it also takes a name that is not a module from it)."""
    paths = sorted(folder.rglob("*.py"))
    modules = {_module(p, root): p for p in paths}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(_read(path)[1]):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name in modules}
            elif isinstance(node, ast.ImportFrom) and node.module:
                subs = {f"{node.module}.{a.name}" for a in node.names} & set(modules)
                found |= subs
                if node.module in modules and len(subs) < len(node.names):
                    found.add(node.module)
        graph[name] = found - {name}
    return graph


def package_circles(folder: Path, root: Path = ROOT) -> list[list[str]]:
    """The groups of modules of the package ``folder`` that import one another in a loop
    (each group sorted: every module of it reaches every other), found by Tarjan's walk."""
    graph = package_graph(folder, root)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for start in sorted(graph):
        if start not in index:
            visit(start)
    return sorted(groups)


REASON = re.compile(r"#\s*Deferred \((\w+)\)")


def deferred_reason(comments: str) -> str | None:
    """The word that says why an import waits (``# Deferred (startup): ...``), or None."""
    found = REASON.search(comments)
    return found.group(1) if found else None


def waiting_imports(folder: Path, recursive: bool = False) -> list[tuple[str, int, str]]:
    """(file, line, the comment lines just above and on the line) of each import made inside
    a function (``recursive``: in the subfolders too; the file is then a path from ``folder``)."""
    found = []
    for path in sorted(folder.rglob("*.py") if recursive else folder.glob("*.py")):
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
                    line = lines[node.lineno - 1]
                    own = line[line.index("#"):] if "#" in line else ""
                    comments = " ".join([*(c for c in above if c.startswith("#")), own]).strip()
                    name = path.relative_to(folder).as_posix() if recursive else path.name
                    found.append((name, node.lineno, comments))
    return found
