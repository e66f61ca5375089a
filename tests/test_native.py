"""The engine compiled by mypyc (hatch_build.py) and the pure-Python engine play the same
games to the same bytes, and `engine.native` picks the compiled one only when it is
what the sources say."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import engine
from engine import native

# Each game: (seed, seats as name:kind, tag points). Every player count, the solo game,
# the variant without tag points, and the medium bot's search (untimed: deterministic).
GAMES = [
    (101, ["Solo:random"], True),
    (202, ["Ana:greedy", "Bo:random"], True),
    (203, ["Ana:medium", "Bo:greedy"], True),
    (303, ["A:random", "B:greedy", "C:random"], False),
    (404, ["A:greedy", "B:random", "C:greedy", "D:random"], True),
    (405, ["A:random", "B:random", "C:random", "D:random"], True),
]

PLAY = """
import sys
import zipfile
from pathlib import Path
from engine import native, GameConfig, SeatConfig
from cwtui.batch.runner import play_game

print(native.RUNNING)
out = Path(sys.argv[1])
for seed, seats, tags in {games!r}:
    config = GameConfig(tuple(SeatConfig(*s.split(":")) for s in seats), seed, tags)
    play_game(config, out, created="2026-11-24T00:00:00+00:00", log=out / f"game-{{seed}}.jsonl")
"""


def play(out: Path, pure: bool) -> str:
    """Play GAMES into `out` in a fresh interpreter; what engine.native said there."""
    out.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "CWTUI_PURE"}
    if pure:
        env["CWTUI_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", PLAY.format(games=GAMES), str(out)],
        capture_output=True, text=True, env=env, timeout=600, check=True,
    )  # fmt: skip
    return done.stdout.splitlines()[0]


@pytest.mark.slow
def test_pure_and_compiled_engines_write_the_same_logs(tmp_path: Path) -> None:
    pure = play(tmp_path / "pure", pure=True)
    assert pure.startswith("pure Python")
    running = play(tmp_path / "default", pure=False)
    assert running == native.RUNNING  # compiled here if it is in this test run
    logs = sorted(p.name for p in (tmp_path / "pure").iterdir())
    assert len(logs) == len(GAMES)
    for name in logs:
        assert (tmp_path / "default" / name).read_bytes() == (tmp_path / "pure" / name).read_bytes(), name


DRAWS = """
import json
from engine.rng import NATIVE, Rng, stream_seed

out = []
for seed in (0, 1, 2**63 - 1, 2**63, 2**64 - 1, 12345, stream_seed(7, "bag")):
    r = Rng(seed)
    out.append([r.next64() for _ in range(300)])
    out.append([r.below(n) for n in [*range(1, 400), 2**31 - 1, 2**31, 2**40 + 7, 3, 2**62, 2**64 - 1]])
    items = list(range(60))
    r.shuffle(items)
    out += [items, r.state]


def unmix(z):  # SplitMix64's mix undone: the state whose next draw is z
    def unshift(x, k):
        shift = k
        while shift < 64:
            x ^= x >> shift
            shift += k
        return x
    z = unshift(z, 31)
    z = unshift(z * pow(0x94D049BB133111EB, -1, 2**64) % 2**64, 27)
    z = unshift(z * pow(0xBF58476D1CE4E5B9, -1, 2**64) % 2**64, 30)
    return (z - 0x9E3779B97F4A7C15) % 2**64


for n in (2**31 - 1, 3, 1_000_003):  # draws that Lemire's method must look at twice
    for k in range(6):  # z·n at or just past a multiple of 2**64: its low bits < n (0: rejected)
        z = -(-k * 2**64 // n) % 2**64
        r = Rng(unmix(z))
        out.append([r.below(n), r.below(n), r.state])
print(json.dumps({"native": NATIVE, "draws": out}))
"""


def test_pure_and_compiled_random_numbers_are_the_same() -> None:
    """engine.rng runs SplitMix64 on wrapping 64-bit ints when compiled and on Python's
    ints from its sources: the same numbers, states and shuffles, at the edges of the
    state (0, 2**63, 2**64 - 1) and of below()'s bound (the compiled path takes n < 2**31),
    and for the draws Lemire's method looks at twice (made by undoing the mix)."""
    env = {k: v for k, v in os.environ.items() if k != "CWTUI_PURE"}
    runs = [
        json.loads(subprocess.run([sys.executable, "-c", DRAWS], capture_output=True, text=True, check=True,
                                  env={**env, **extra}, timeout=120).stdout)
        for extra in ({"CWTUI_PURE": "1"}, {})
    ]  # fmt: skip
    assert runs[0]["native"] is False
    assert runs[1]["native"] is native.COMPILED
    assert runs[0]["draws"] == runs[1]["draws"]


def test_the_engine_runs_compiled_where_it_could_be_built() -> None:
    """Where a C compiler exists the install compiles the engine, and it runs compiled:
    so CI, which has one, tests the compiled engine (and the test above the pure one)."""
    if os.environ.get("CWTUI_PURE"):
        pytest.skip("CWTUI_PURE is set: the pure engine is what runs")
    if not (shutil.which("cc") or shutil.which("gcc")):
        pytest.skip("no C compiler: the install kept the pure engine")
    assert native.COMPILED, native.RUNNING
    assert Path(engine.game.__file__).suffix in (".so", ".pyd")


def test_a_changed_source_is_stale(tmp_path: Path) -> None:
    """A source edited after it was compiled (an editable checkout) would run old code
    compiled: native.changed finds it, and the engine then runs from its sources."""
    source = tmp_path / "engine" / "game.py"
    source.parent.mkdir()
    source.write_text("x = 1\n")
    manifest = {"engine/game.py": hashlib.sha256(b"x = 1\n").hexdigest()}
    assert native.changed(manifest, tmp_path) == []
    source.write_text("x = 2\n")
    assert native.changed(manifest, tmp_path) == ["engine/game.py"]
    source.unlink()
    assert native.changed(manifest, tmp_path) == ["engine/game.py"]


def test_the_sources_finder_loads_the_py_beside_a_compiled_module(tmp_path: Path) -> None:
    package = tmp_path / "engine"
    package.mkdir()
    (package / "thing.py").write_text("WHERE = 'source'\n")
    spec = native.Sources().find_spec("engine.thing", [str(package)])
    assert spec is not None and spec.origin == str(package / "thing.py")
    assert native.Sources().find_spec("cwtui.thing", [str(package)]) is None
    assert native.Sources().find_spec("engine.missing", [str(package)]) is None


def test_a_wheel_built_without_a_c_compiler_holds_the_pure_engine(tmp_path: Path) -> None:
    """The build's fallback: with no working C compiler (CC=/bin/false) the wheel is
    pure Python, installable anywhere, and says why it is (engine/compiled.json). A
    wheel build leaves an editable checkout's compiled modules where they are."""
    root = Path(__file__).resolve().parents[1]
    before = sorted(root.glob("engine/*.so"))
    env = {k: v for k, v in os.environ.items() if k != "CWTUI_PURE"}
    env["CC"] = "/bin/false"
    # built with this environment's hatchling and mypy (the build's own pins, in the test
    # extras): an isolated build would first install them anew, twice the time
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(root), "--no-deps", "--no-build-isolation", "-q", "-w",
         str(tmp_path)],
        env=env, check=True, timeout=600, capture_output=True,
    )  # fmt: skip
    (wheel,) = tmp_path.glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as built:
        names = built.namelist()
        manifest = json.loads(built.read("engine/compiled.json"))
    assert "engine/game.py" in names and not [n for n in names if n.endswith((".so", ".pyd"))]
    assert manifest["not compiled"].startswith("mypyc failed") and "'/bin/false' failed" in manifest["not compiled"]
    assert sorted(root.glob("engine/*.so")) == before


def test_any_doubt_about_the_compiled_modules_runs_the_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A manifest missing, damaged by hand, saying the build did not compile, or naming
    nothing: each is a pure-Python engine, with the finder for the sources in place (so
    compiled modules lying beside them cannot run unchecked), and the reason said."""
    manifest = tmp_path / "compiled.json"
    monkeypatch.setattr(native, "MANIFEST", manifest)
    monkeypatch.delenv("CWTUI_PURE", raising=False)
    cases = [
        (None, "not installed by pip, so never compiled"),
        ("{not json", "compiled.json cannot be read"),
        ('{"not compiled": "mypyc failed: no cc"}', "not compiled at install: mypyc failed: no cc"),
        ('{"modules": {}}', "no modules were compiled"),
    ]
    for text, why in cases:
        if text is None:
            manifest.unlink(missing_ok=True)
        else:
            manifest.write_text(text)
        finders: list[object] = []
        monkeypatch.setattr(sys, "meta_path", finders)
        assert native._decide().startswith(f"pure Python ({why}")
        assert len(finders) == 1 and isinstance(finders[0], native.Sources)
