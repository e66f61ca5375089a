"""No import cycles in engine/ or cwtui/ (issue 12), no import that runs up a layer
(issue 38), none between two packages of one layer unless declared, and no UI library
under the game's services (issue 55): control flows one way, cli → app → screens →
widgets/net/history/learn → shell → batch → game → cores → engine, so a module can be
read knowing only what it imports. Every import counts — at the top, inside a function,
or under TYPE_CHECKING; `from pkg import mod` is an edge to pkg.mod."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
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
    sources = {name: (path.read_text(encoding="utf-8"), path.name == "__init__.py") for name, path in mods.items()}
    return graph_of(sources)


def graph_of(sources: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """The imports between modules, from each one's source (and whether it is a
    package's __init__): every import statement, wherever it stands."""
    mods = set(sources)
    graph: dict[str, set[str]] = {name: set() for name in mods}
    for name, (source, is_package) in sources.items():
        package = name if is_package else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(source)):
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
    ("cwtui.shell",),  # settings, alerts, crash reports, progress bars, the app's collector and Textual fixes
    ("cwtui.batch",),  # self-play, tournaments
    ("cwtui.game",),  # a game's services: words, reasons, logs, the session, saved games, replays, review
    ("cwtui.cores",),  # process pools
    ("cwtui.lang",),  # the languages: reading the catalogs, the glossary (what every layer above says through)
    ("cwtui",),  # the package itself (its version)
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
    graph = {"cwtui.net.commands": {"cwtui.app", "cwtui.game.session"}, "cwtui.app": {"cwtui.screens.home"}}
    assert upward(graph) == {("cwtui.net.commands", "cwtui.app")}


def test_no_module_imports_a_layer_above_it() -> None:
    graph = import_graph()
    assert upward(graph) == set()


def test_the_checker_sees_an_import_inside_a_function() -> None:
    """An import run only when a function is called still runs up a layer."""
    sources = {
        "cwtui.game.session": ("def later():\n    from cwtui.app import CwtuiApp\n", False),
        "cwtui.app": ("", False),
    }
    assert upward(graph_of(sources)) == {("cwtui.game.session", "cwtui.app")}


def package_of(module: str) -> str:
    """The prefix of LAYERS that names `module`: its package in its layer."""
    return next(p for prefixes in LAYERS for p in prefixes if module == p or module.startswith(p + "."))


# Imports between two packages of one layer, each with why: any other is refused (a
# package of a layer is read knowing only the layers below it, and these).
SIBLINGS: dict[tuple[str, str], str] = {
    ("cwtui.__main__", "cwtui.cli"): "python -m cwtui is the command line",
    ("cwtui.screens", "cwtui.navigation"): "the messages screens post for the App to act on",
    ("cwtui.widgets", "cwtui.history"): "the history's chart widget draws a query's result (history.chart)",
    ("cwtui.widgets", "cwtui.learn"): "a rule's link opens the rulebook's section (learn.rulebook)",
    ("cwtui.history", "cwtui.net"): "the history loads a server's rated games (net.ratings)",
}


def sideways(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Imports between two packages of one layer that SIBLINGS does not declare."""
    return {
        (m, t)
        for m, ts in graph.items()
        for t in ts
        if layer(m) == layer(t) and package_of(m) != package_of(t) and (package_of(m), package_of(t)) not in SIBLINGS
    }


def test_the_layer_checker_finds_an_import_between_siblings() -> None:
    graph = {"cwtui.net.server": {"cwtui.widgets.chart", "cwtui.game.words"}, "cwtui.widgets.chart": set()}
    assert sideways(graph) == {("cwtui.net.server", "cwtui.widgets.chart")}


def test_no_package_imports_an_undeclared_sibling() -> None:
    graph = import_graph()
    assert sideways(graph) == set()
    used = {(package_of(m), package_of(t)) for m, ts in graph.items() for t in ts}
    assert set(SIBLINGS) <= used  # each declared one still exists


# The game's services and what lies under them run without a screen (the command line,
# the server, the scripts, the search processes): no UI library is imported by them,
# at the top or through what they import — checked on sys.modules, as Harlequin checks
# its headless core.
HEADLESS: tuple[str, ...] = ("engine", "cwtui.cores", "cwtui.game", "cwtui.batch")
UI: frozenset[str] = frozenset({"textual", "rich"})


def ui_loaded(packages: tuple[str, ...]) -> list[str]:
    """The UI libraries in sys.modules after importing every module of `packages`, in a
    fresh interpreter."""
    code = (
        "import importlib, json, pkgutil, sys\n"
        f"for name in {list(packages)!r}:\n"
        "    package = importlib.import_module(name)\n"
        "    for found in pkgutil.walk_packages(package.__path__, name + '.'):\n"
        "        importlib.import_module(found.name)\n"
        f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({sorted(UI)!r}))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return list(json.loads(done.stdout))


def test_the_game_and_the_engine_import_no_ui() -> None:
    assert ui_loaded(HEADLESS) == []


def test_the_ui_check_finds_a_ui_import() -> None:
    assert ui_loaded(("cwtui.shell",)) == ["rich", "textual"]  # its Textual fixes and progress bars


# docs/architecture.md's table of every package, its layer, what it may import and its
# files, made from LAYERS and SIBLINGS here: the test fails when the doc's differs, and
# `python tests/test_imports.py` writes it.
DOC = ROOT / "docs" / "architecture.md"
BEGIN = "<!-- every package: written by `python tests/test_imports.py`; tests/test_imports.py checks it -->"
END = "<!-- end of every package -->"


def files_of(prefix: str) -> list[str]:
    """The source files of a LAYERS prefix that is a package's folder, relative to it."""
    here = ROOT / prefix.replace(".", "/")
    return sorted(str(path.relative_to(here)) for name, path in modules().items() if package_of(name) == prefix)


def layers_table() -> str:
    """Every package of every layer, top first: what it may import besides the layers
    below it, and its files."""
    rows = ["| layer | package | may also import | files |", "|---|---|---|---|"]
    for number, prefixes in enumerate(LAYERS, 1):
        for prefix in prefixes:
            path = prefix.replace(".", "/") + ("/" if (ROOT / prefix.replace(".", "/")).is_dir() else ".py")
            also = ", ".join(f"`{t.replace('.', '/')}`" for (m, t) in SIBLINGS if m == prefix) or "—"
            shown = ", ".join(files_of(prefix)) if path.endswith("/") else ""
            rows.append(f"| {number} | `{path}` | {also} | {shown} |")
    return "\n".join(rows)


def test_the_architecture_doc_names_every_package_and_file() -> None:
    """docs/architecture.md's table is the one LAYERS and SIBLINGS make (36 of 199 source
    files were named nowhere in it before)."""
    text = DOC.read_text(encoding="utf-8")
    kept = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    assert kept == layers_table(), "docs/architecture.md's table differs: run python tests/test_imports.py"


if __name__ == "__main__":
    text = DOC.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    DOC.write_text(f"{head}{BEGIN}\n\n{layers_table()}\n\n{END}{rest.split(END, 1)[1]}", encoding="utf-8")
