"""Users' queries read the history and nothing else: every write or escape is refused
with DuckDB's own message and leaves the database and the logs byte for byte as they
were; exports write only the file named; long queries stop on time or on Ctrl+C; and a
query that fails half way prints nothing."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cwtui.cli import main
from cwtui.history.loader import load
from cwtui.history.sandbox import QueryError, export, open_history, run

SLOW = "SELECT sum(a.move * b.move + c.move) FROM events a, events b, events c"

ESCAPES = [
    ("COPY (SELECT 'x') TO '{db}' (FORMAT csv)", "file system operations are disabled"),
    ("COPY (SELECT 'x') TO '{log}' (FORMAT csv)", "file system operations are disabled"),
    ("COPY games TO '{folder}/games.csv'", "file system operations are disabled"),
    ("EXPORT DATABASE '{folder}/dump'", "file system operations are disabled"),
    ("ATTACH '{folder}/other.duckdb' AS other", "file system operations are disabled"),
    ("INSTALL httpfs", "file system operations are disabled"),
    ("LOAD httpfs", "disabled through configuration"),
    ("SET enable_external_access = true", "the configuration has been locked"),
    ("SET lock_configuration = false", "the configuration has been locked"),
    ("RESET lock_configuration", "the configuration has been locked"),
    ("SET allowed_paths = ['/']", "the configuration has been locked"),
    ("SET allowed_directories = ['/']", "the configuration has been locked"),
    ("SET temp_directory = '{folder}'", "the configuration has been locked"),
    ("SET autoinstall_known_extensions = true", "the configuration has been locked"),
    ("PRAGMA enable_profiling", "the configuration has been locked"),
    ("SELECT * FROM read_text('/etc/passwd')", "file system operations are disabled"),
    ("SELECT * FROM read_text('{log}')", "file system operations are disabled"),
    ("SELECT * FROM read_json('{log}')", "file system operations are disabled"),
    ("SELECT * FROM '{log}'", "file system operations are disabled"),
    ("SELECT * FROM glob('{folder}/*')", "file system operations are disabled"),
    ("SELECT * FROM read_csv('https://example.com/x.csv')", "file system operations are disabled"),
    ("CREATE TABLE x AS SELECT 1", "read-only mode"),
    ("DELETE FROM games", "read-only mode"),
    ("CREATE SECRET s (TYPE s3, KEY_ID 'a', SECRET 'b')", "file system operations are disabled"),
]


@pytest.fixture
def history(logs: Path, tmp_path: Path) -> tuple[Path, Path]:
    """A history database in the replays folder, as cwtui keeps it: (db, folder)."""
    db = logs / "history.duckdb"
    assert load(db, [logs]).ok
    return db, logs


def fingerprint(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


def fill(sql: str, db: Path, folder: Path) -> str:
    return sql.format(db=db, log=next(folder.glob("*.jsonl")), folder=folder)


@pytest.mark.parametrize(("sql", "refusal"), ESCAPES, ids=[s for s, _ in ESCAPES])
def test_the_command_line_refuses_every_write_and_escape(
    sql: str, refusal: str, history: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    db, folder = history
    before = fingerprint(folder)
    code = main(["sql", fill(sql, db, folder), "--db", str(db), "--no-load"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert refusal in err and err.startswith("cwtui sql: ") and err.count("\n") == 1
    assert fingerprint(folder) == before


@pytest.mark.parametrize(("sql", "refusal"), ESCAPES, ids=[s for s, _ in ESCAPES])
def test_the_history_screen_refuses_every_write_and_escape(sql: str, refusal: str, history: tuple[Path, Path]) -> None:
    """The History screen runs its queries through the same `run` on the same sandbox."""
    db, folder = history
    before = fingerprint(folder)
    con = open_history(db)
    try:
        with pytest.raises(QueryError, match=refusal):
            run(con, fill(sql, db, folder), 10)
    finally:
        con.close()
    assert fingerprint(folder) == before


def test_a_second_connection_finds_the_sandbox_still_locked(history: tuple[Path, Path]) -> None:
    db, folder = history
    first = open_history(db)
    second = open_history(db)  # shares DuckDB's instance, settings and all
    try:
        for con in (first, second):
            with pytest.raises(QueryError, match="disabled"):
                run(con, fill("COPY games TO '{folder}/x.csv'", db, folder), 1)
    finally:
        first.close()
        second.close()


def test_an_export_writes_only_the_file_named(history: tuple[Path, Path], tmp_path: Path) -> None:
    db, folder = history
    out = tmp_path / "exports"
    target = out / "result.csv"
    before = fingerprint(folder)
    export(db, "SELECT game, winner FROM games ORDER BY game", target, "csv")
    assert sorted(p.name for p in out.iterdir()) == ["result.csv"]
    assert target.read_text().startswith("game,winner\n")
    for sql in (
        fill("COPY games TO '{folder}/x.csv'", db, folder),
        "SELECT 1; SELECT 2",
        fill("SELECT * FROM read_text('{log}')", db, folder),
        "INSTALL httpfs",
    ):
        with pytest.raises(QueryError):
            export(db, sql, out / "other.parquet", "parquet")
    assert sorted(p.name for p in out.iterdir()) == ["result.csv"]
    assert fingerprint(folder) == before


def test_a_query_that_fails_half_way_prints_nothing(
    history: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """csv and json write every row, so a failure at row 90,000 leaves them nothing to
    print; a table shows its first rows (--max-rows), so a failure among them does. (A
    table of a query failing past the rows it shows may show them or fail, as far as
    DuckDB's threads had run when the rows were taken: CI once saw both.)"""
    db, _ = history
    failing = "SELECT CASE WHEN x < {} THEN x ELSE error('boom') END AS v FROM range(100000) t(x)"
    for fmt, at in (("csv", 90_000), ("json", 90_000), ("table", 30)):
        code = main(["sql", failing.format(at), "--db", str(db), "--no-load", "--format", fmt, "--max-rows", "40"])
        out, err = capsys.readouterr()
        assert (code, out) == (1, ""), fmt
        assert "boom" in err


def test_a_query_past_its_time_limit_is_stopped(history: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    db, _ = history
    start = time.perf_counter()
    code = main(["sql", SLOW, "--db", str(db), "--no-load", "--timeout", "0.5"])
    took = time.perf_counter() - start
    out, err = capsys.readouterr()
    assert (code, out) == (1, "")
    assert "ran for more than 0.5 s (--timeout)" in err and err.count("\n") == 1
    assert took < 3.0


def query_at_work(pid: int, cpu: float = 0.3, timeout: float = 30) -> bool:
    """Wait until a process `pid` started (the query's own, cwtui.history.apart) has
    used `cpu` seconds of processor: the query is running. (Its resource tracker, the
    other child, uses next to none.)"""
    tick = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for child in _children(pid):
            try:
                fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # gone meanwhile
            if (int(fields[11]) + int(fields[12])) / tick >= cpu:  # utime + stime
                return True
        time.sleep(0.02)
    return False


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="watches the query's process through /proc")
def test_ctrl_c_stops_a_query_at_once(history: tuple[Path, Path], tmp_path: Path) -> None:
    """In a process of its own: Ctrl+C (SIGINT) ends `cwtui sql` within a second, with
    exit status 130, one line and no partial output."""
    db, _ = history
    env = {**os.environ, "CWTUI_CRASH_DIR": str(tmp_path / "crashes")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "cwtui", "sql", SLOW, "--db", str(db), "--no-load", "--timeout", "0", "--format", "csv"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert query_at_work(proc.pid), proc.communicate()  # started, loaded DuckDB, and at work on it
    assert proc.poll() is None, proc.communicate()
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=10)
    took = time.perf_counter() - sent
    assert proc.returncode == 130
    assert out == "" and err == "cwtui sql: stopped; the query was interrupted\n"
    assert took < 1.5


def test_sql_with_no_history_creates_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CWTUI_REPLAYS", raising=False)
    code = main(["sql", "SELECT 1"])
    _, err = capsys.readouterr()
    assert code == 0 and "the history has no games yet" in err  # answered by an empty history (issue 52.7)
    assert not (tmp_path / "replays").exists()


# Issue 37.7: DuckDB's own limits did not reach these: `--timeout 5` stopped the first
# after 17 s at 7 GB, and the second reached 8 GB in 8 s. A query's process is capped
# and killed.
HUNGRY = "SELECT list(range(1000000000))"
# 50 lists of 100 million numbers, built one by one: in one vector, which DuckDB's
# interrupt does not break into
ENDLESS = "SELECT count(*) FROM (SELECT list(range(100000000)) AS l FROM range(50)) WHERE len(l) > 0"


def test_a_query_that_needs_too_much_memory_is_stopped_within_its_limit(history: tuple[Path, Path]) -> None:
    db, _ = history
    script = (
        "import resource, subprocess, sys\n"
        f"done = subprocess.run([sys.executable, '-m', 'cwtui', 'sql', {HUNGRY!r}, '--db', {str(db)!r}, '--no-load',"
        " '--memory-limit', '256MB'], capture_output=True, text=True)\n"
        "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss >> 10)\n"
        "print(done.stderr, end='')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    first, err = done.stdout.split("\n", 1)
    code, peak_mb = map(int, first.split())
    assert code == 1
    assert err == "cwtui sql: the query needed more than its 256 MB of memory (--memory-limit) and was stopped\n"
    assert peak_mb < 256 + 768  # the cap: the query's memory and the process's own (cwtui.history.apart)


def test_a_time_limit_holds_whatever_duckdb_is_doing(
    history: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    db, _ = history
    start = time.perf_counter()
    code = main(["sql", ENDLESS, "--db", str(db), "--no-load", "--timeout", "2", "--memory-limit", "4GB"])
    took = time.perf_counter() - start
    out, err = capsys.readouterr()
    assert (code, out) == (1, "")
    assert err == "cwtui sql: the query ran for more than 2 s (--timeout) and was stopped\n"
    assert took < 3.5  # the time limit, and a second at most (an interrupt alone took 22 s more, measured)


def test_a_result_too_big_for_the_temporary_folder_is_one_line(history: tuple[Path, Path], tmp_path: Path) -> None:
    """Issue 37.5: a full $TMPDIR under the output spool was a crash report (exit 70)."""
    db, _ = history
    script = (
        "import resource, signal, sys\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"  # a write past the limit fails, as on a full disk
        "resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))\n"
        "from cwtui.cli import main\n"
        f"sys.exit(main(['sql', 'SELECT * FROM range(1000000)', '--db', {str(db)!r}, '--no-load', "
        "'--format', 'csv']))\n"
    )
    spool = tmp_path / "spool"
    spool.mkdir()
    env = {**os.environ, "TMPDIR": str(spool), "CWTUI_CRASH_DIR": str(tmp_path / "crashes")}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        f"cwtui sql: cannot hold the result in {spool}: File too large; set TMPDIR to a folder with room\n"
    )
    assert list(spool.iterdir()) == []  # nothing half-written left behind
