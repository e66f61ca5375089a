"""`cwtui history load|export` and `cwtui sql`: output and exit codes a script can rely on."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import duckdb
import pytest

from cwtui.cli import main
from cwtui.history import schema


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_load_then_query_in_every_format(logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "h.duckdb")
    code, out, _ = cli(capsys, "history", "load", str(logs), "--db", db)
    assert (code, out) == (0, "logs: loaded 8, unchanged 0; reviews loaded: 1\n")
    code, out, _ = cli(capsys, "history", "load", str(logs), "--db", db)
    assert (code, out) == (0, "logs: loaded 0, unchanged 8\n")

    query = "SELECT players, count(*) AS games FROM games GROUP BY players ORDER BY players"
    code, out, _ = cli(capsys, "sql", query, "--db", db, "--format", "csv", "--no-load")
    assert (code, out) == (0, "players,games\n1,2\n2,2\n3,2\n4,2\n")
    code, out, _ = cli(capsys, "sql", query, "--db", db, "--format", "json", "--no-load")
    assert code == 0 and json.loads(out) == [{"players": n, "games": 2} for n in (1, 2, 3, 4)]
    code, out, _ = cli(capsys, "sql", query, "--db", db, "--no-load")
    assert code == 0 and "players" in out and "4 rows" in out
    code, out, _ = cli(capsys, "sql", "SELECT * FROM moves", "--db", db, "--no-load", "--max-rows", "5")
    assert code == 0 and "5 of >5 rows" in out


def test_a_bad_query_exits_1_with_duckdbs_message(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "h.duckdb")
    cli(capsys, "history", "load", str(logs), "--db", db)
    code, out, err = cli(capsys, "sql", "SELEC 1", "--db", db, "--format", "json")
    assert (code, out) == (1, "")
    assert err.startswith("cwtui sql: Parser Error: syntax error")
    code, _, err = cli(capsys, "sql", "SELECT nope FROM games", "--db", db)
    assert code == 1 and "Binder Error" in err and "nope" in err


def test_queries_cannot_change_the_history(logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "h.duckdb")
    cli(capsys, "history", "load", str(logs), "--db", db)
    for statement in ("DELETE FROM games", "DROP TABLE moves", "UPDATE seats SET score = 99", "CREATE TABLE x (a INT)"):
        code, _, err = cli(capsys, "sql", statement, "--db", db, "--no-load")
        assert code == 1 and "read-only" in err, statement
    # --no-load: the replays folder here is the checkout's, whose samples would load
    code, out, _ = cli(capsys, "sql", "SELECT count(*) AS n FROM games", "--db", db, "--format", "csv", "--no-load")
    assert out == "n\n8\n"


def test_sql_loads_new_logs_of_the_replays_folder_first(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(capsys, "--replays-dir", str(logs), "sql", "SELECT count(*) AS n FROM games", "--format", "csv")
    assert (code, out) == (0, "n\n8\n")
    assert (logs / "history.duckdb").exists()


def test_the_readmes_load_of_a_servers_folder_works(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 51.7: the README's `cwtui history load --replays-dir SERVER_FOLDER` exited 2
    ("unrecognized arguments"). The history's commands take --replays-dir after their
    name, as `play` and `serve` do: the folder loaded and the database beside it."""
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    shown = re.findall(r"`cwtui ([^`]*SERVER_FOLDER[^`]*)`", readme)
    assert shown
    for command in shown:
        words = shlex.split(command.replace("SERVER_FOLDER", shlex.quote(str(logs))))
        assert main(words) == 0, command
        capsys.readouterr()
    query = "SELECT count(*) AS n FROM games"
    code, out, _ = cli(capsys, "sql", query, "--replays-dir", str(logs), "--format", "csv", "--no-load")
    assert (code, out) == (0, "n\n8\n")
    code, out, _ = cli(capsys, "history", "export", str(tmp_path / "out"), "--replays-dir", str(logs))
    assert code == 0 and (tmp_path / "out" / "games.parquet").exists()


def test_exit_2_when_there_is_nothing_to_work_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "history", "load", str(tmp_path / "nowhere"))
    assert code == 2 and "no such folder" in err
    code, _, err = cli(capsys, "sql", "SELECT 1", "--db", str(tmp_path / "none.duckdb"), "--no-load")
    assert code == 2 and "no history database" in err
    code, _, err = cli(capsys, "history", "export", str(tmp_path / "out"), "--db", str(tmp_path / "none.duckdb"))
    assert code == 2 and "no history database" in err


def test_load_exits_1_and_names_a_skipped_log(logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (logs / "broken.jsonl").write_text('{"kind":"ply"}\n')
    code, out, err = cli(capsys, "history", "load", str(logs), "--db", str(tmp_path / "h.duckdb"))
    assert code == 1
    assert out == "logs: loaded 8, unchanged 0, skipped 1; reviews loaded: 1\n"
    assert err == f"{logs / 'broken.jsonl'}: skipped: line 1: the first line must be the header, not 'ply'\n"


def test_export_writes_a_parquet_file_per_table(logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "h.duckdb"
    cli(capsys, "history", "load", str(logs), "--db", str(db))
    out_dir = tmp_path / "parquet"
    code, out, _ = cli(capsys, "history", "export", str(out_dir), "--db", str(db))
    assert code == 0 and out == f"wrote {len(schema.TABLES)} tables to {out_dir}\n"
    con = duckdb.connect(str(db), read_only=True)
    for table in schema.TABLE_NAMES:
        exported = duckdb.execute(f"SELECT count(*) FROM '{out_dir / (table + '.parquet')}'").fetchone()
        assert exported == con.execute(f"SELECT count(*) FROM {table}").fetchone(), table
    con.close()


def test_readme_documents_the_schema() -> None:
    """`python scripts/schema_doc.py` rewrites the README section from schema.py."""
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    assert schema.markdown() in readme


def test_load_verify_names_a_forged_game_and_exits_1(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from test_loader import _forge_winner

    forged = logs / "sim-2p-22.jsonl"  # not the reviewed game, whose review would be skipped with it
    _forge_winner(forged)
    db = str(tmp_path / "h.duckdb")
    code, out, err = cli(capsys, "history", "load", str(logs), "--db", db, "--verify")
    assert code == 1
    assert out == "logs: loaded 8, unchanged 0, replayed 8 (1 failed); reviews loaded: 1\n"
    assert err.count("\n") == 1 and err.startswith(f"{forged.resolve()}: loaded, but its replay FAILED at move ")
    query = "SELECT count(*) FILTER (WHERE verified) AS ok, count(*) FILTER (WHERE NOT verified) AS failed FROM games"
    code, out, _ = cli(capsys, "sql", query, "--db", db, "--format", "csv", "--no-load")
    assert (code, out) == (0, "ok,failed\n7,1\n")


def test_ctrl_c_during_a_load_stops_it_at_once_and_leaves_the_history_as_it_was(logs: Path, tmp_path: Path) -> None:
    """Issue 37.5: Ctrl+C was ignored until the load ended, or crashed it ("RuntimeError:
    Query interrupted", exit 70) with tracebacks from the reading workers, and the
    batches loaded so far stayed. The load is one transaction; its workers leave Ctrl+C
    to it."""
    import os
    import signal
    import subprocess
    import sys
    import time

    db = tmp_path / "h.duckdb"
    first = sorted(logs.glob("*.jsonl"))[:3]
    for path in sorted(logs.glob("*.jsonl"))[3:]:
        path.rename(path.with_suffix(".later"))
    assert main(["history", "load", str(logs), "--db", str(db)]) == 0
    for path in logs.glob("*.later"):
        path.rename(path.with_suffix(".jsonl"))
    before = duckdb.connect(str(db), read_only=True).execute("SELECT game FROM games ORDER BY game").fetchall()
    assert len(before) == len(first)
    script = (
        "import sys, time\n"
        "import cwtui.history.loader as loader\n"
        "import cwtui.history.reading as reading\n"
        "reading.BATCH, reading.PROCESSES_FROM = 1, 2\n"  # a batch a log, read on every core
        "write = loader.Loader._write\n"
        "def slow(self, logs, batch):\n"
        "    write(self, logs, batch)\n"
        "    print('written', flush=True)\n"
        "    time.sleep(0.3)\n"
        "loader.Loader._write = slow\n"
        "from cwtui.cli import main\n"
        f"sys.exit(main(['history', 'load', {str(logs)!r}, '--db', {str(db)!r}]))\n"
    )
    env = {**os.environ, "CWTUI_CRASH_DIR": str(tmp_path / "crashes")}
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, start_new_session=True)  # fmt: skip
    assert proc.stdout is not None
    for _ in range(2):  # two batches written, more to come
        assert proc.stdout.readline() == "written\n", proc.communicate()
    sent = time.perf_counter()
    os.killpg(proc.pid, signal.SIGINT)  # as Ctrl+C at a terminal: the load and its workers
    _out, err = proc.communicate(timeout=30)
    took = time.perf_counter() - sent
    assert proc.returncode == 130, err
    assert err.strip() == "cwtui: stopped" and "Traceback" not in err
    assert took < 1.0
    after = duckdb.connect(str(db), read_only=True).execute("SELECT game FROM games ORDER BY game").fetchall()
    assert after == before
    assert not (tmp_path / "crashes").exists()


def test_ctrl_c_after_the_loads_commit_is_too_late_to_stop_it(logs: Path, tmp_path: Path) -> None:
    """Issue 51.14: Ctrl+C landing just after the load's commit (while the database
    closed and the staged lines were removed) printed "stopped" and exited 130 though
    the load was complete (8 of 58 tries). From the commit on the load is done: it says
    so and exits 0."""
    import os
    import signal
    import subprocess
    import sys

    db = tmp_path / "h.duckdb"
    script = (
        "import sys, time\n"
        "import cwtui.history.loader as loader\n"
        "load = loader.Loader.load\n"
        "def then_tidy_up(self, folders, progress=None):\n"  # committed; the rest of the load still to do
        "    report = load(self, folders, progress)\n"
        "    print('committed', flush=True)\n"
        "    time.sleep(0.5)\n"
        "    return report\n"
        "loader.Loader.load = then_tidy_up\n"
        "from cwtui.cli import main\n"
        f"sys.exit(main(['history', 'load', {str(logs)!r}, '--db', {str(db)!r}]))\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)  # fmt: skip
    assert proc.stdout is not None
    assert proc.stdout.readline() == "committed\n", proc.communicate()
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert (proc.returncode, out) == (0, "logs: loaded 8, unchanged 0; reviews loaded: 1\n"), err
    assert err == "cwtui history load: Ctrl+C came after the load was committed: the load is complete\n"
    assert duckdb.connect(str(db), read_only=True).execute("SELECT count(*) FROM games").fetchall() == [(8,)]
