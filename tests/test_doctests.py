"""The engine's doctests run in the suite (its docstrings show the API; they must work)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine

MODULES = sorted(
    ["engine", *(m.name for m in pkgutil.walk_packages(engine.__path__, "engine."))],
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_engine_has_doctests() -> None:
    finder = doctest.DocTestFinder()
    examples = sum(len(t.examples) for name in MODULES for t in finder.find(importlib.import_module(name)))
    assert examples >= 3
