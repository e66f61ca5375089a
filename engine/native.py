"""Which engine runs: the one compiled by mypyc at install (hatch_build.py), or pure Python.

Both play the very same games (tests/test_native.py compares their logs byte for byte).
The compiled modules sit beside their sources with `compiled.json`, the hash of each
source they were compiled from. They run unless:

- CWTUI_PURE is set (to compare, or to debug with the Python tools), or
- a source changed since it was compiled (an editable checkout after an edit or a pull):
  a compiled module would then run the old code, so the whole engine runs from its
  sources until the next install compiles it again.

Otherwise Python's import system prefers an extension module to the source beside it;
to run the sources this puts a finder for the engine's modules ahead of it. This
module is imported first by `engine/__init__.py` and is never compiled itself.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "compiled.json"


class Sources(MetaPathFinder):
    """Finds the engine's modules as their .py sources, ahead of compiled ones."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not fullname.startswith("engine.") or path is None:
            return None
        name = fullname.rpartition(".")[2]
        for entry in path:
            source = Path(entry) / f"{name}.py"
            if source.is_file():
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def changed(manifest: dict[str, str], root: Path) -> list[str]:
    """The compiled modules (paths from `root`) whose source is not what was compiled."""
    out = []
    for module, digest in sorted(manifest.items()):
        source = root / module
        if not source.is_file() or hashlib.sha256(source.read_bytes()).hexdigest() != digest:
            out.append(module)
    return out


def _decide() -> str:
    """ "compiled (mypyc)", or "pure Python" and why. Whenever it is the second, the
    engine's modules are imported from their sources, even if compiled ones lie beside
    them (a manifest deleted or damaged by hand must not let them run unchecked)."""
    why = _why_pure()
    if why is None:
        return "compiled (mypyc)"
    sys.meta_path.insert(0, Sources())
    return f"pure Python ({why})"


def _why_pure() -> str | None:
    try:
        manifest = json.loads(MANIFEST.read_text())
        compiled: dict[str, str] = manifest.get("modules", {})
        not_compiled = manifest.get("not compiled")
    except FileNotFoundError:
        return "not installed by pip, so never compiled"
    except (OSError, ValueError, AttributeError) as exc:
        return f"{MANIFEST.name} cannot be read ({exc})"
    if not_compiled:
        return f"not compiled at install: {not_compiled}"
    if os.environ.get("CWTUI_PURE"):
        return "CWTUI_PURE is set"
    stale = changed(compiled, HERE.parent)
    if stale:
        return f"{stale[0]} changed since it was compiled; install again to compile it"
    return None if compiled else "no modules were compiled"


RUNNING = _decide()
COMPILED = RUNNING.startswith("compiled")
