"""No import cycles in engine/ or cwtui/ (issue 12), and no import that runs up a layer
(issue 38): control flows one way, cli → app → screens → widgets/net/history → session
→ engine, so a module can be read knowing only what it imports. Every import counts — at
the top, inside a function, or under TYPE_CHECKING; `from pkg import mod` is an edge to
pkg.mod."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "cwtui")


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def import_graph() -> dict[str, set[str]]:
    mods = modules()
    graph: dict[str, set[str]] = {name: set() for name in mods}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
            else:
                continue
            graph[name] |= {t for t in targets if t in mods and t != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_checker_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycles() -> None:
    graph = import_graph()
    assert len(graph) > 90  # both packages were read
    assert cycles(graph) == []


def test_the_engine_imports_nothing_of_the_app() -> None:
    graph = import_graph()
    assert not {(m, t) for m, ts in graph.items() if m.startswith("engine") for t in ts if t.startswith("cwtui")}


# Each module's layer, from the top: the first prefix that names it (a module is its
# prefix or below it). A module may import its own layer and those below.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("cwtui.cli", "cwtui.__main__"),
    ("cwtui.app",),
    ("cwtui.screens", "cwtui.navigation"),
    ("cwtui.widgets", "cwtui.net", "cwtui.history", "cwtui.learn"),
    ("cwtui",),  # the session, its logs, replays, reviews, self-play, words, processes
    ("engine",),
)


def layer(module: str) -> int:
    return next(
        i for i, prefixes in enumerate(LAYERS) if any(module == p or module.startswith(p + ".") for p in prefixes)
    )


def upward(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """The imports that run up a layer (a lower number is a higher layer)."""
    return {(m, t) for m, ts in graph.items() for t in ts if layer(t) < layer(m)}


def test_the_layer_checker_finds_an_import_up() -> None:
    graph = {"cwtui.net.commands": {"cwtui.app", "cwtui.session"}, "cwtui.app": {"cwtui.screens.home"}}
    assert upward(graph) == {("cwtui.net.commands", "cwtui.app")}


def test_no_module_imports_a_layer_above_it() -> None:
    graph = import_graph()
    assert upward(graph) == set()
