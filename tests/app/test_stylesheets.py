"""Every screen's stylesheet speaks of that screen alone.

Textual reads each screen's CSS_PATH into the one stylesheet of the app, unscoped: a
rule `#left { height: auto; }` in the replay's file styled the play screen's #left too,
once the replay had been shown (results → replay → play on from here: the play screen's
prompt was laid out below the bottom edge, issue 35.10). So every rule of a screen's
file starts with its screen's class name (a subclass, as PlayScreen of SeatedScreen,
matches its base's name)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

from textual.screen import Screen

import cwtui.screens

IDENT = re.compile(r"[\w-]")


def screens_with_stylesheets() -> list[tuple[type[Screen[object]], Path]]:
    """Each screen with the stylesheets its own CSS_PATH names in its folder (one, or
    a list: the lesson's screen takes the table's, which is SeatedScreen's, and its own)."""
    found = []
    for info in pkgutil.walk_packages(cwtui.screens.__path__, "cwtui.screens."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            paths = cls.__dict__.get("CSS_PATH")
            if not (issubclass(cls, Screen) and cls.__module__ == module.__name__ and paths):
                continue
            folder = Path(inspect.getfile(cls)).parent
            for path in [paths] if isinstance(paths, str) else paths:
                if Path(path).is_absolute() and Path(path).parent != folder:
                    continue  # another screen's, checked with it
                found.append((cls, folder / Path(path).name))
    return found


def selectors(css: str) -> list[str]:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    assert "&" not in css, "nested rules: extend this test to read them"
    return [s.strip() for head in re.findall(r"([^{}]*)\{[^{}]*\}", css) for s in head.split(",")]


def scoped(selector: str, name: str) -> bool:
    """`selector` starts with the type `name` (not a longer name that begins with it)."""
    return selector.startswith(name) and not IDENT.match(selector[len(name) : len(name) + 1])


def test_every_screen_stylesheet_is_found() -> None:
    names = {cls.__name__ for cls, _ in screens_with_stylesheets()}
    assert {"SeatedScreen", "ReplayScreen", "HistoryScreen", "NewGameScreen", "HelpScreen"} <= names


def test_every_rule_of_a_screen_is_scoped_to_it() -> None:
    unscoped = [
        f"{path.name}: {selector}"
        for cls, path in screens_with_stylesheets()
        for selector in selectors(path.read_text())
        if not scoped(selector, cls.__name__)
    ]
    assert not unscoped, unscoped
