"""The measuring scripts in scripts/ run: each with the smallest work that exercises its
whole path (a corpus of four games, three jumps, one room…) exits 0 and prints its
figures, and those that report times write them as JSON lines (scripts/timings.py)
for scripts/bench_versus.py, which is run end to end against this checkout's HEAD.

What they measure is not checked here (the machine's speed is nobody's assertion);
that they still run is. Left out: the scripts that drive a real terminal (bench_app,
bench_startup, tmux_demo: tmux), that measure against a fixed old commit (bench_engine's
and bench_ismcts's comparisons: their measuring processes are run here), or that play
or judge hundreds of games (calibrate_review, train_evaluation; strength.py and
balance_report.py have tests of their own)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"
GOLDEN_2P = ROOT / "tests" / "golden" / "sim-2p-202.jsonl"
NUMBER = re.compile(r"\d+(\.\d+)? ?(ms|s)\b")


def run_script(name: str, *args: str, results: Path | None = None, timeout: float = 120) -> str:
    """`python scripts/NAME ARGS…` from the repository; its output, once it exited 0."""
    env = {k: v for k, v in os.environ.items() if k != "CWTUI_BENCH_RESULTS"}
    if results is not None:
        env["CWTUI_BENCH_RESULTS"] = str(results)
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / name), *args],
        cwd=ROOT, capture_output=True, text=True, timeout=timeout, env=env,
    )  # fmt: skip
    assert done.returncode == 0, f"{name} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def reported(results: Path) -> list[dict[str, object]]:
    lines = results.read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    for record in records:
        assert set(record) == {"label", "median_ms", "p95_ms", "max_ms", "n"}, record
        assert 0 <= record["median_ms"] <= record["p95_ms"] <= record["max_ms"]  # type: ignore[operator]
    return records


def load_script(name: str) -> ModuleType:
    sys.path.insert(0, str(SCRIPTS))  # the scripts import their shared modules by name
    try:
        spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(SCRIPTS))


# --- the shared modules ----------------------------------------------------------------


def test_one_percentile_by_nearest_rank() -> None:
    timings = load_script("timings")
    values = [float(v) for v in range(1, 21)]  # 1 … 20
    assert timings.percentile(values, 0.95) == 19.0  # the 19th of 20: 95% at or below it
    assert timings.percentile(values, 0.5) == 10.0
    assert timings.percentile(values, 1.0) == 20.0
    assert timings.percentile([7.0], 0.95) == 7.0


def test_a_report_is_a_line_and_a_json_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    timings = load_script("timings")
    results = tmp_path / "results.jsonl"
    monkeypatch.setenv(timings.RESULTS_ENV, str(results))
    timings.report("a jump", [0.010, 0.020, 0.030])
    assert capsys.readouterr().out.startswith("a jump: median  20.00 ms  p95  30.00 ms")
    assert reported(results) == [{"label": "a jump", "median_ms": 20.0, "p95_ms": 30.0, "max_ms": 30.0, "n": 3}]


def test_the_corpus_is_the_projects_own_self_play(tmp_path: Path) -> None:
    """Made twice into one folder, the same games: the second finds them done."""
    corpus = load_script("corpus")
    folders = corpus.simulate(tmp_path, 2, players=(1, 3), workers=1)
    assert [f.name for f in folders] == ["p1", "p3"]
    logs = corpus.logs_in([tmp_path])
    assert [p.name for p in logs] == [
        "sim-1p-1000000.jsonl", "sim-1p-1000001.jsonl", "sim-3p-3000000.jsonl", "sim-3p-3000001.jsonl",
    ]  # fmt: skip
    made = {p: p.stat().st_mtime_ns for p in logs}
    corpus.simulate(tmp_path, 2, players=(1, 3), workers=1)
    assert {p: p.stat().st_mtime_ns for p in corpus.logs_in([tmp_path])} == made


def test_the_corpus_decisions_are_real_choices_of_greedy_games() -> None:
    corpus = load_script("corpus")
    from engine import legal_moves

    found = corpus.decisions(2, 1)
    assert found and all(len(legal_moves(s)) > 1 and not s.over for s in found)
    assert [s.ply for s in found] == sorted(s.ply for s in found)


# Shared helpers of scripts/, each tested here: a script imports the package and these,
# never another script (issue 55: bench_hint took a function of bench_app's, and
# train_evaluation one of bench_ismcts's).
HELPERS = {"timings", "corpus", "baseline", "frame_timing", "app_driving", "catalog_messages"}


def test_scripts_import_only_the_package_and_the_shared_helpers() -> None:
    import ast

    scripts = {p.stem for p in SCRIPTS.glob("*.py")}
    wrong = set()
    for path in SCRIPTS.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module]
            wrong |= {(path.stem, n) for n in names if n.split(".")[0] in scripts - HELPERS}
    assert wrong == set()
    assert scripts >= HELPERS


# --- the scripts, end to end -------------------------------------------------------------


def test_bench_decode(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    out = run_script("bench_decode.py", "--plies", "20", "--repeats", "3", results=results)
    assert "decode a table:" in out and "decode a table with a name to clean:" in out
    assert [r["label"] for r in reported(results)] == ["decode a table", "decode a table with a name to clean"]


def test_luck_check() -> None:
    out = run_script("luck_check.py", "--games", "4", "--bots", "random,easy", "--workers", "2")
    assert "4 two-player games, random and greedy" in out
    assert (
        "luck accounts for" in out
        and "start + luck + play less the final lead" in out
        and "random: mean final lead" in out
        and "greedy: mean final lead" in out
    )
    ahead = run_script("luck_check.py", "--games", "2", "--bots", "easy,easy", "--ahead", "1", "--rollouts", "2")
    assert "2 two-player games, greedy and greedy" in ahead and "luck accounts for" in ahead


def test_bench_history(tmp_path: Path) -> None:
    out = run_script("bench_history.py", "--simulate", "1", "--out", str(tmp_path / "corpus"), "--rounds", "1")
    assert "4 logs" in out and "first load:" in out and "× the raw scan" in out
    assert re.search(r"the loader's own parts, .* its SQL filling every table \d+\.\d\d cpu-s", out)
    assert "rows: games 4," in out


def test_bench_verify(tmp_path: Path) -> None:
    out = run_script("bench_verify.py", "--simulate", "1", "--out", str(tmp_path))
    assert out.startswith("4 logs")
    assert re.search(r"read \+ replay \+ bots .* logs/s", out)


def test_bench_replay(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    out = run_script("bench_replay.py", str(GOLDEN_2P), "--jumps", "3", "--steps", "3", "--cold", results=results)
    assert "jump to a random ply, drawn 140×40" in out and NUMBER.search(out)
    assert {"step one move forward, drawn 140×40 (everything view)"} <= {r["label"] for r in reported(results)}


def test_bench_chart(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    run_script("bench_chart.py", "--repeats", "1", results=results)
    assert [r["label"] for r in reported(results)] == ["score chart at 80×24", "score chart at 140×40"]


def test_bench_languages(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    out = run_script("bench_languages.py", "--rounds", "1", "--every", "40", results=results)
    assert "fr/en" in out and "ja/en" in out
    assert len(reported(results)) == 3


def test_bench_server(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    out = run_script("bench_server.py", "--games", "1", "--rooms", "2", results=results)
    assert "refused: 0" in out and "it stopped with code 0" in out
    assert reported(results)


def test_the_engine_benchmarks_measuring_processes() -> None:
    """bench_engine and bench_ismcts compare against an old commit by running these
    measuring processes on each side."""
    rates = json.loads(run_script("bench_engine.py", "--measure", "2"))
    assert rates["running"] and all(v > 0 for k, v in rates.items() if k != "running")
    assert json.loads(run_script("bench_ismcts.py", "--rate-only", "--games", "1", "--iterations", "50",
                                 "--sample", "2"))["rate"] > 0  # fmt: skip


def test_panel_heights() -> None:
    out = run_script("panel_heights.py", "--games", "1", "--every", "50")
    assert re.search(r"4p F4 at 80x24: tallest \d+ rows of 11", out)


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs a git checkout")
def test_bench_versus_against_head() -> None:
    """Both sides' JSON lines read back, and each line's ratio printed."""
    out = run_script("bench_versus.py", "HEAD", "scripts/bench_chart.py", "--rounds", "1", "--", "--repeats", "1")
    rows = [line for line in out.splitlines() if line.startswith("score chart at")]
    assert len(rows) == 4, out  # two charts, each median and p95
    assert all(re.search(r"ms +[\d.]+ ms +\d+\.\d\d$", row) for row in rows), out


def test_hint_vs_review() -> None:
    out = run_script("hint_vs_review.py", "--positions", "2")
    assert "positions: 2," in out and "the hint's move reviewed at medium: best 2," in out
    assert "not the medium review's: 0 of" in out and "of which the review at hard flags" in out


def test_bench_hint() -> None:
    out = run_script("bench_hint.py", "--hints", "2")
    assert re.search(r"hint, h to drawn, 120x40: median +[\d.]+ ms .*\(n=2\)", out), out
    assert "the judge alone (weigh)" in out and "hint, h to drawn, 80x24" in out


def test_planted_moves(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(GOLDEN_2P, games)
    out = run_script("planted_moves.py", str(games), "--per-game", "1", "--worlds", "20", "--workers", "1")
    assert "1 planted moves judged in" in out and "| sim-2p-202 |" in out
    assert "worth 3 points or more by the reference:" in out


def test_truncation_check(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(GOLDEN_2P, games)
    out = run_script(
        "truncation_check.py", str(games), "--per-game", "2", "--turns", "4", "--rollouts", "8",
        "--reference", "16", "--workers", "1",
    )  # fmt: skip
    assert "2 decisions in" in out and "| to the end |" in out and "| 4 turns |" in out


def test_paired_dice_check(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(GOLDEN_2P, games)
    out = run_script("paired_dice_check.py", str(games), "--per-game", "2", "--rollouts", "8", "--workers", "1")
    assert "2 decisions, 8 rollouts" in out and "| numbered (the review's) |" in out and "| in order (before) |" in out


def test_subset_presentations() -> None:
    out = run_script("subset_presentations.py", str(GOLDEN_2P.parent))
    assert "contest decisions presented a subset" in out


def test_contest_pruning_check() -> None:
    out = run_script("contest_pruning_check.py", "--games", "2", "--workers", "1", timeout=300)
    assert "games that differ" in out


def test_lead_search(tmp_path: Path) -> None:
    """The lead evaluation's scale and a match between levels, resumed from its file."""
    out = run_script("lead_search.py", "temperature", "--games", "1")
    assert "scale" in out and "2 players" in out
    results = tmp_path / "match.jsonl"
    match = ("lead_search.py", "match", "easy", "random", "--games", "2", "--out", str(results), "--workers", "1")
    first = run_script(*match)
    assert "easy against random, 2 games" in first and len(results.read_bytes().splitlines()) == 2
    again = run_script(*match)
    assert again.splitlines()[0] == first.splitlines()[0], "resumed: nothing played again"
