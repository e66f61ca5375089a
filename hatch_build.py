"""Compile the engine's hot modules with mypyc when the project is built or installed.

mypyc (it ships with mypy) turns type-annotated Python into C extension modules; the
engine already passes `mypy --strict`, so its modules compile as they are and play the
same games about 2.5 times as fast. The modules to compile are listed in
pyproject.toml (`[tool.hatch.build.targets.wheel.hooks.custom] compile`).

Where the build cannot compile (no C compiler, mypy or the type check failing, or
CWTUI_PURE=1 set), the install goes on with the pure-Python engine, which plays the very
same games, and `engine/compiled.json` says why. `engine/native.py` decides at import
time which one runs, and `cwtui --version` says it (pip hides a build's own lines).

An editable install (`pip install -e .`, the README's) puts the compiled modules beside
their sources, as `build_ext --inplace` does, with `engine/compiled.json`: each
compiled module's source hash. A module whose source changed since is stale, and then
the whole engine runs as pure Python until the next install (engine/native.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MANIFEST = "engine/compiled.json"

_COMPILE = """
import sys
from mypyc.build import mypycify
from setuptools import setup

out, temp, *modules = sys.argv[1:]
setup(
    name="cwtui-engine",
    packages=[],
    # its C files: not in the checkout. One mypy process: pyproject's num_workers (for
    # `mypy`) made mypyc build modules that lacked their own names (mypy 2.4.1).
    ext_modules=mypycify(["--num-workers=0", *modules], opt_level="3", target_dir=temp),
    script_args=["build_ext", "--build-lib", out, "--build-temp", temp],
)
"""


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class CompileEngine(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        modules: list[str] = self.config.get("compile", [])
        if version == "editable":
            _remove_compiled(root, modules)  # the last editable install's: stale or not, they go
        out = self._out = Path(tempfile.mkdtemp(prefix="cwtui-mypyc-"))  # removed in finalize
        built: list[str] = []
        if os.environ.get("CWTUI_PURE"):
            outcome: dict[str, Any] = {"not compiled": "CWTUI_PURE was set at install"}
        else:
            built, outcome = _compile(root, modules, out)
        if built:
            _say(f"compiled {len(modules)} engine modules with mypyc")
        else:
            _say(f"{outcome['not compiled']}: the engine stays pure Python")
        # what happened, for engine/native.py (and `cwtui --version`) to say
        manifest = out / "compiled.json"
        manifest.write_text(json.dumps(outcome, indent=1, sort_keys=True))
        if version == "editable":  # beside the sources, which the editable install imports
            for so in built:
                shutil.copy2(out / so, root / so)
            shutil.copy2(manifest, root / MANIFEST)
            return
        for so in built:
            build_data["force_include"][str(out / so)] = so
        build_data["force_include"][str(manifest)] = MANIFEST
        if built:
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """The wheel has taken the compiled files (or the sources have copies): the
        build's folder goes, not to pile up in the temporary folder install after install."""
        out = getattr(self, "_out", None)
        if out is not None:
            shutil.rmtree(out, ignore_errors=True)


def _compile(root: Path, modules: list[str], out: Path) -> tuple[list[str], dict[str, Any]]:
    """The extension files built (paths relative to `out`) and the manifest: each
    module's source hash, or why nothing was compiled."""
    temp = out / "temp"
    try:
        done = subprocess.run(
            [sys.executable, "-c", _COMPILE, str(out), str(temp), *modules],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=900,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return [], {"not compiled": f"mypyc did not run ({exc})"}
    if done.returncode:
        last = (done.stderr.strip() or done.stdout.strip() or "no output").splitlines()[-1]
        return [], {"not compiled": f"mypyc failed: {last[:300]}"}
    shutil.rmtree(temp, ignore_errors=True)
    built = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.suffix in (".so", ".pyd"))
    return built, {"modules": {module: source_hash(root / module) for module in modules}}


def _remove_compiled(root: Path, modules: list[str]) -> None:
    (root / MANIFEST).unlink(missing_ok=True)
    for module in modules:
        source = root / module
        for so in source.parent.glob(source.stem + ".*"):
            if so.suffix in (".so", ".pyd"):
                so.unlink()
    for shared in root.glob("*__mypyc.*"):
        if shared.suffix in (".so", ".pyd"):
            shared.unlink()


def _say(line: str) -> None:
    print(f"cwtui build: {line}", file=sys.stderr)
