"""The history loader: counts match the logs, loads are incremental and idempotent, and
bad logs are skipped with a reason while the rest load."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import Any

import duckdb
import pytest
from helpers import reseal

from cwtui.game.logfile import read_log
from cwtui.history import reading, schema
from cwtui.history.loader import connect, load, refresh
from engine.cards import load_cards
from engine.components import COLORS, LOCATION_OF_COLOR, LOCATIONS
from engine.events import FishCaught, MasterAnglerCaught, MasterAnglerTaken, Presented, TrophyTaken
from engine.log import FORMAT_VERSION


def rows(db: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql, list(params)).fetchall()
    finally:
        con.close()


def count(db: Path, table: str) -> int:
    return rows(db, f"SELECT count(*) FROM {table}")[0][0]


def counts(db: Path) -> dict[str, int]:
    return {name: count(db, name) for name in schema.TABLE_NAMES if name != "log_files"}


def test_counts_match_the_logs(sim_logs: Path, loaded_db: Path) -> None:
    logs = [read_log(p) for p in sorted(sim_logs.glob("*.jsonl"))]
    events = [e for log in logs for ply in log.plies for e in ply.events]
    solo = sum(1 for log in logs if len(log.header.config.seats) == 1)
    assert count(loaded_db, "games") == len(logs)
    assert count(loaded_db, "moves") == sum(len(log.plies) for log in logs)
    assert count(loaded_db, "events") == len(events)
    assert count(loaded_db, "catches") == sum(isinstance(e, FishCaught) for e in events)
    # R12.1: the silent player's Small Species tile is dealt at setup, not taken by a move
    assert count(loaded_db, "trophies") == sum(isinstance(e, TrophyTaken) for e in events) + solo
    assert count(loaded_db, "contests") == sum(isinstance(e, Presented) for e in events)
    assert count(loaded_db, "scores") == sum(len(log.footer.scores) for log in logs if log.footer)
    assert count(loaded_db, "seats") == sum(len(log.header.config.seats) for log in logs) + solo


def test_games_rows_match_headers_and_footers(sim_logs: Path, loaded_db: Path) -> None:
    for path in sim_logs.glob("*.jsonl"):
        log = read_log(path)
        assert log.footer is not None
        (row,) = rows(
            loaded_db,
            "SELECT file, seed, players, solo, tag_points, finished, moves, winner, end_reason "
            "FROM games WHERE game = ?",
            log.header.game,
        )
        config = log.header.config
        assert row[:7] == (str(path.resolve()), config.seed, len(config.seats), config.solo, config.tag_points, True,
                           len(log.plies))  # fmt: skip
        assert row[7] == log.footer.winner
        assert row[8] in ("twelve_fish", "location_short")


def test_the_easy_bot_is_easy_in_the_history(sim_logs: Path, loaded_db: Path) -> None:
    """Issue 35.11: the history said "greedy" where the table says "easy"; the logs keep
    the kind they record ("greedy"), the history the name a player knows."""
    logged = {s.kind for path in sim_logs.glob("*.jsonl") for s in read_log(path).header.config.seats}
    assert "greedy" in logged
    kinds = {k for (k,) in rows(loaded_db, "SELECT DISTINCT kind FROM seats")}
    winners = {k for (k,) in rows(loaded_db, "SELECT DISTINCT winner_kind FROM games")}
    assert "easy" in kinds and "greedy" not in kinds | winners


def test_scores_add_up_from_trophies_and_master_anglers(loaded_db: Path) -> None:
    """R11.1 — the trophies and caught Master Angler cards loaded explain every score."""
    mismatched = rows(
        loaded_db,
        """
        SELECT s.game, s.seat FROM scores s
        LEFT JOIN (SELECT game, seat, sum(points) AS points FROM trophies GROUP BY ALL) t USING (game, seat)
        LEFT JOIN (SELECT game, seat, count(*) FILTER (WHERE caught) AS caught FROM master_anglers GROUP BY ALL) m
             USING (game, seat)
        WHERE coalesce(t.points, 0) <> s.trophies OR coalesce(m.caught, 0) <> s.master_anglers
           OR s.trophies + s.master_anglers + s.tags <> s.total
        """,
    )
    assert mismatched == []
    assert rows(loaded_db, "SELECT count(*) FROM seats WHERE won") == [(count(loaded_db, "games"),)]


def test_catches_carry_the_card_data(loaded_db: Path) -> None:
    cards = load_cards()
    for card, species, weight, time, tag in rows(loaded_db, "SELECT card, species, weight, time, tag FROM catches"):
        assert species == cards.species_names[cards.fish_species[card]]
        assert (weight, time, tag) == (cards.fish_weight[card], cards.fish_time[card], cards.fish_tag[card])


def test_catch_bait_color_points_at_the_location(loaded_db: Path) -> None:
    """R5.3 — a catch without a Rod is at the location of its bait's color (R7.1: a Rod
    moves it to a different one)."""
    location_of = {COLORS[c]: LOCATIONS[loc] for c, loc in enumerate(LOCATION_OF_COLOR)}
    catches = rows(loaded_db, "SELECT how, bait_color, location FROM catches")
    assert catches and all(color is not None for _, color, _ in catches)
    for how, color, location in catches:
        assert (location_of[color] == location) == ("rod" not in how), (how, color, location)


def test_contests_rank_and_points(loaded_db: Path) -> None:
    bad = rows(
        loaded_db,
        """
        SELECT game, location FROM contests GROUP BY ALL
        HAVING list(rank::BIGINT ORDER BY rank) <> range(1, count(*) + 1) OR bool_or(fish_count <> len(species))
        """,
    )
    assert bad == []
    heavier_ranked_lower = rows(
        loaded_db,
        "SELECT count(*) FROM contests a JOIN contests b USING (game, location) "
        "WHERE a.rank < b.rank AND a.weight < b.weight",
    )
    assert heavier_ranked_lower == [(0,)]


def test_reloading_adds_nothing(loaded_db: Path, sim_logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "h.duckdb"
    load(db, [sim_logs])
    before = counts(db)
    report = load(db, [sim_logs])
    assert (report.loaded, report.unchanged, report.skipped) == (0, len(list(sim_logs.glob("*.jsonl"))), [])
    assert counts(db) == before == counts(loaded_db)


def load_with_a_game_in_play(logs: Path, db: Path, pattern: str, lines: int) -> tuple[Path, bytes]:
    """Load `logs` with one game (the first named like `pattern`) cut to its first
    `lines`, as a game still being played; that log, and its whole bytes."""
    path = next(logs.glob(pattern))
    full = path.read_bytes()
    path.write_bytes(b"".join(full.splitlines(keepends=True)[:lines]))
    load(db, [logs])
    return path, full


def test_a_changed_log_is_reloaded_once(logs: Path, tmp_path: Path) -> None:
    """A game still being played grows; the next load replaces its rows."""
    db = tmp_path / "h.duckdb"
    path, full = load_with_a_game_in_play(logs, db, "sim-2p-*.jsonl", 40)
    assert rows(db, "SELECT finished, moves, winner FROM games WHERE file = ?", str(path.resolve())) == [
        (False, 39, None)
    ]
    path.write_bytes(full)
    report = load(db, [logs])
    assert report.loaded == 1
    game = read_log(path)
    assert rows(db, "SELECT finished, moves FROM games WHERE file = ?", str(path.resolve())) == [
        (True, len(game.plies))
    ]
    assert rows(db, "SELECT count(*) FROM moves WHERE game = ?", game.header.game) == [(len(game.plies),)]


def test_a_deleted_log_drops_its_game(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "h.duckdb"
    load(db, [logs])
    path = next(logs.glob("sim-3p-*.jsonl"))
    game = read_log(path).header.game
    path.unlink()
    report = load(db, [logs])
    assert report.removed == 1
    for table in schema.GAME_TABLES:
        assert rows(db, f"SELECT count(*) FROM {table} WHERE game = ?", game) == [(0,)]


def _damage(path: Path, line: int, text: bytes) -> None:
    lines = path.read_bytes().splitlines(keepends=True)
    lines[line - 1] = text
    path.write_bytes(b"".join(lines))


def test_a_corrupt_log_is_reported_and_the_rest_load(logs: Path, tmp_path: Path) -> None:
    files = sorted(logs.glob("*.jsonl"))
    _damage(files[0], 5, b'{"kind":"ply", "ply": 3, oops\n')
    _damage(files[1], 1, b'{"kind":"header","format":' + str(FORMAT_VERSION + 1).encode() + b"}\n")
    (logs / "empty.jsonl").write_bytes(b"")
    (logs / "notes.jsonl").write_bytes(b"this is not a log\n")
    report = load(tmp_path / "h.duckdb", [logs])
    reasons = {p.name: r for p, r in report.skipped}
    assert reasons[files[0].name].startswith("line 5:")
    assert "newer than this cwtui reads" in reasons[files[1].name]
    assert "empty" in reasons["empty.jsonl"] or "header" in reasons["empty.jsonl"]
    assert "header" in reasons["notes.jsonl"]
    assert report.loaded == len(files) - 2
    assert count(tmp_path / "h.duckdb", "games") == len(files) - 2
    # skipped logs are remembered, and reported again until they change
    again = load(tmp_path / "h.duckdb", [logs])
    assert {p.name for p, _ in again.skipped} == set(reasons)
    assert again.loaded == 0


def test_a_missing_move_is_caught(logs: Path, tmp_path: Path) -> None:
    path = sorted(logs.glob("*.jsonl"))[2]
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:10] + lines[11:]))
    report = load(tmp_path / "h.duckdb", [logs])
    reason = "line 11: expected ply 9, found ply 10"
    assert path.name == "sim-2p-21.jsonl"  # the reviewed game: its review is no review of a log (issue 51.12)
    assert [(p.name, r) for p, r in report.skipped] == [
        (path.name, reason),
        ("sim-2p-21.review.json", f"its log {path.name} cannot be read: {reason}"),
    ]


def test_a_repeated_move_is_caught(logs: Path, tmp_path: Path) -> None:
    path = sorted(logs.glob("*.jsonl"))[3]
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:10] + lines[9:10] + lines[11:]))
    report = load(tmp_path / "h.duckdb", [logs])
    assert [p.name for p, _ in report.skipped] == [path.name]
    assert "expected ply" in report.skipped[0][1]


def test_a_line_cut_off_by_a_crash_loads_the_game_so_far(logs: Path, tmp_path: Path) -> None:
    path = next(logs.glob("sim-4p-*.jsonl"))
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:30]) + lines[30][:25])
    db = tmp_path / "h.duckdb"
    report = load(db, [logs])
    assert report.ok
    assert rows(db, "SELECT finished, truncated, moves FROM games WHERE file = ?", str(path.resolve())) == [
        (False, True, 29)
    ]


def test_a_copy_of_a_log_is_loaded_once(logs: Path, tmp_path: Path) -> None:
    path = next(logs.glob("sim-2p-*.jsonl"))
    (logs / "zz-copy.jsonl").write_bytes(path.read_bytes())
    report = load(tmp_path / "h.duckdb", [logs])
    assert [(p.name, "the same game") for p, _ in report.skipped] == [("zz-copy.jsonl", "the same game")]
    assert "already loaded" in report.skipped[0][1]


def test_refresh_reloads_every_folder_loaded_before(logs: Path, sim_logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "h.duckdb"
    replays = tmp_path / "empty-replays"
    replays.mkdir()
    load(db, [logs])
    path = next(logs.glob("sim-1p-*.jsonl"))
    path.unlink()
    report = refresh(db, replays)
    assert report.removed == 1
    assert count(db, "games") == len(list(sim_logs.glob("*.jsonl"))) - 1


def test_an_older_schema_is_rebuilt(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "h.duckdb"
    load(db, [logs])
    con = duckdb.connect(str(db))
    con.execute("UPDATE schema_info SET version = 0")
    con.close()
    con = connect(db)  # rebuilt: empty tables of the current schema
    assert con.execute("SELECT count(*) FROM games").fetchone() == (0,)
    con.close()
    assert load(db, [logs]).loaded == len(list(logs.glob("*.jsonl")))


def test_a_file_that_is_not_a_database_is_set_aside_and_rebuilt(logs: Path, tmp_path: Path) -> None:
    """The database is a cache of the logs: one DuckDB cannot read is made again."""
    db = tmp_path / "history.duckdb"
    db.write_text("not a database")
    report = load(db, [logs])
    assert report.rebuilt is not None and "is damaged" in report.rebuilt and "moved to" in report.rebuilt
    assert report.loaded == len(list(logs.glob("*.jsonl")))
    (aside,) = tmp_path.glob("history.duckdb.damaged-*")
    assert aside.read_text() == "not a database"
    assert count(db, "games") == report.loaded


def test_loading_is_bulk_not_row_by_row(logs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every statement the loader sends covers a whole batch: the number of statements
    does not grow with the number of logs."""
    sent: Counter[str] = Counter()
    real = duckdb.DuckDBPyConnection.execute

    class Spy:
        def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
            self.con = con

        def execute(self, sql: str, *args: Any) -> Any:
            sent[sql] += 1
            return real(self.con, sql, *args)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.con, name)

    import cwtui.history.loader as loader

    original = loader.connect
    monkeypatch.setattr(loader, "connect", lambda db, read_only=False: Spy(original(db, read_only)))
    load(tmp_path / "h.duckdb", [logs])
    few = sum(sent.values())
    template = next(logs.glob("sim-2p-*.jsonl")).read_bytes()
    for i in range(20):
        changed = template.replace(b'"game":"sim-2p-', f'"game":"extra{i}-'.encode(), 1)
        (logs / f"extra-{i}.jsonl").write_bytes(b"".join(reseal(changed.splitlines(keepends=True))))
    sent.clear()
    assert load(tmp_path / "h2.duckdb", [logs]).loaded == len(list(logs.glob("*.jsonl")))
    assert sum(sent.values()) == few


def test_a_copy_takes_the_place_of_its_deleted_original(logs: Path, tmp_path: Path) -> None:
    db = tmp_path / "h.duckdb"
    original = next(logs.glob("sim-2p-*.jsonl"))
    copy = logs / "zz-copy.jsonl"
    copy.write_bytes(original.read_bytes())
    game = read_log(original).header.game
    load(db, [logs])
    assert rows(db, "SELECT file FROM games WHERE game = ?", game) == [(str(original.resolve()),)]
    assert rows(db, "SELECT status FROM log_files WHERE file = ?", str(copy.resolve())) == [("copy",)]
    original.unlink()
    report = load(db, [logs])
    assert report.removed == 1 and report.loaded == 1 and report.ok
    assert rows(db, "SELECT file FROM games WHERE game = ?", game) == [(str(copy.resolve()),)]
    assert rows(db, "SELECT count(*) FROM moves WHERE game = ?", game) == [(len(read_log(copy).plies),)]


def test_a_reader_never_sees_a_game_half_replaced(logs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A changed log's old rows are dropped and its new ones inserted in one transaction:
    a connection reading between the two still sees the old game whole."""
    import cwtui.history.loader as loader

    db = tmp_path / "h.duckdb"
    path, full = load_with_a_game_in_play(logs, db, "sim-3p-*.jsonl", 60)
    game = read_log(path).header.game
    path.write_bytes(full)
    seen: list[tuple[int, int]] = []
    real = loader.stage

    def stage_and_look(con: Any, logs_read: list[Any], staged: list[str], cards: Any) -> None:
        real(con, logs_read, staged, cards)  # the old rows are deleted, the new ones not yet in
        reader = con.cursor()  # another connection to the same database
        try:
            seen.append(reader.execute("SELECT count(*), max(games.moves) FROM moves JOIN games USING (game) "
                                       "WHERE game = ?", [game]).fetchone())  # fmt: skip
        finally:
            reader.close()

    monkeypatch.setattr(loader, "stage", stage_and_look)
    assert load(db, [logs]).loaded == 1
    assert seen == [(59, 59)]  # the game as it was, whole
    assert rows(db, "SELECT moves FROM games WHERE game = ?", game) == [(len(full.splitlines()) - 2,)]


def test_a_load_that_fails_half_way_leaves_the_history_as_it_was(
    logs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cwtui.history.loader as loader

    db = tmp_path / "h.duckdb"
    path, full = load_with_a_game_in_play(logs, db, "sim-4p-*.jsonl", 50)
    before = counts(db)
    path.write_bytes(full)
    real = loader.fill

    def broken(con: Any) -> None:  # DuckDB fails on this log's rows, half way through the load
        real(con)
        con.execute("SELECT no_such_column FROM stage_lines")

    monkeypatch.setattr(loader, "fill", broken)
    report = load(db, [logs])
    assert [p.name for p, _ in report.skipped] == [path.name]
    assert "the history could not take it" in report.skipped[0][1]
    after = counts(db)
    assert after["games"] == before["games"] - 1  # this log's old rows went with it, and only those
    assert after["moves"] == before["moves"] - 49


@pytest.mark.parametrize("damage", ["cut to its first blocks", "not a database", "empty", "a flipped block"])
def test_a_damaged_database_is_moved_aside_and_rebuilt(logs: Path, tmp_path: Path, damage: str) -> None:
    db = tmp_path / "h.duckdb"
    load(db, [logs])
    good = counts(db)
    data = db.read_bytes()
    if damage == "cut to its first blocks":
        db.write_bytes(data[:12288])
    elif damage == "not a database":
        db.write_bytes(b"SQLite format 3\0" + data[16:4096])
    elif damage == "empty":
        db.write_bytes(b"")
    else:  # every block after the file headers: the load meets one, whatever it reads
        flipped = bytearray(data)
        for at in range(12288, len(data), 4096):
            flipped[at + 100] ^= 0xFF
        db.write_bytes(bytes(flipped))
    (logs / "new.jsonl").write_bytes(b"")  # something new to load, so the load reads the database
    report = load(db, [logs])
    assert report.rebuilt is not None and "moved to" in report.rebuilt
    assert counts(db) == good
    assert len(list(tmp_path.glob("h.duckdb.damaged-*"))) == 1


def test_sql_rebuilds_a_database_whose_damage_a_query_meets(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cwtui.cli import main

    db = logs / "history.duckdb"
    load(db, [logs])
    data = bytearray(db.read_bytes())
    for at in range(12288, len(data), 4096):  # every block after the file headers
        data[at + 100] ^= 0xFF
    db.write_bytes(bytes(data))
    code = main(["--replays-dir", str(logs), "sql", "SELECT count(*) AS n, sum(moves) AS p FROM games", "--format",
                 "csv"])  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.startswith("n,p\n8,")
    assert "moved to" in err


def test_a_disk_that_fills_during_a_first_load(logs: Path, tmp_path: Path) -> None:
    """The load fails with one line and exit 2; the next load, with room again, ends with
    the whole history (the half-written database is used or rebuilt)."""
    import subprocess
    import sys

    db = tmp_path / "h.duckdb"
    script = (
        "import resource, signal, sys\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"  # a write past the limit fails, as on a full disk
        "resource.setrlimit(resource.RLIMIT_FSIZE, (300_000, 300_000))\n"
        "from cwtui.cli import main\n"
        f"sys.exit(main(['history', 'load', {str(logs)!r}, '--db', {str(db)!r}]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "File too large" in done.stderr  # the disk's own complaint, not a follow-on one
    report = load(db, [logs])
    assert count(db, "games") == len(list(logs.glob("*.jsonl"))), report


def _another_game(path: Path, game: str) -> bytes:
    """The log at `path` as another game's (its id changed, digests recomputed)."""
    text = path.read_bytes()
    old = read_log(path).header.game
    return b"".join(reseal(text.replace(f'"game":"{old}"'.encode(), f'"game":"{game}"'.encode(), 1)
                           .splitlines(keepends=True)))  # fmt: skip


def test_file_names_are_never_read_as_globs(logs: Path, tmp_path: Path) -> None:
    template = next(logs.glob("sim-2p-*.jsonl"))
    names = ["*.jsonl", "a[1].jsonl", "b?.jsonl", "c{d,e}.jsonl", "**.jsonl"]
    for i, name in enumerate(names):
        (logs / name).write_bytes(_another_game(template, f"glob-{i}"))
    db = tmp_path / "h.duckdb"
    report = load(db, [logs])
    assert report.ok and report.loaded == len(list(logs.glob("*.jsonl")))
    for i, name in enumerate(names):
        assert rows(db, "SELECT game, status FROM log_files WHERE file = ?", str((logs / name).resolve())) == [
            (f"glob-{i}", "loaded")
        ]
        assert rows(db, "SELECT count(*) > 0 FROM moves WHERE game = ?", f"glob-{i}") == [(True,)]


@pytest.mark.parametrize(
    ("line", "old", "new", "reason"),
    [
        (1, b'"type":"place"', b'"type":"citch"', "Invalid value 'citch'"),
        (0, b'"created":"2026-11-22T12:00:00+00:00"', b'"created":"yesterday"', "created must be an ISO 8601"),
        (0, b'"created":"2026-11-22T12:00:00+00:00"', b'"created":""', "created must be an ISO 8601"),
        (0, b'"seed":21', b'"seed":18446744073709551616', "line 1:"),
        (-1, b'"winner":', b'"winner":1', "the footer names seat"),
    ],
)
def test_what_the_reader_refuses_is_skipped_with_its_reason_and_the_rest_load(
    logs: Path, tmp_path: Path, line: int, old: bytes, new: bytes, reason: str
) -> None:
    """Even when the digests were recomputed: the loader takes exactly what the reader
    takes. One bad header value costs only its own log."""
    path = logs / "sim-2p-21.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    if line == -1:
        winner = read_log(path).footer.winner  # type: ignore[union-attr]
        old, new = f'"winner":{winner}'.encode(), f'"winner":{1 - winner}'.encode()
    assert old in lines[line], old
    lines[line] = lines[line].replace(old, new, 1)
    path.write_bytes(b"".join(reseal(lines)))
    db = tmp_path / "h.duckdb"
    report = load(db, [logs])
    assert [p.name for p, _ in report.skipped] == [path.name, "sim-2p-21.review.json"]  # its review with it
    assert reason in report.skipped[0][1]
    assert report.loaded == len(list(logs.glob("*.jsonl"))) - 1
    assert rows(db, "SELECT count(*) FROM games g JOIN seats s ON s.game = g.game AND s.won "
                    "WHERE g.winner <> s.seat") == [(0,)]  # fmt: skip


def test_of_two_files_of_one_game_the_fuller_is_loaded(logs: Path, tmp_path: Path) -> None:
    """A game still being played in one file and finished in another: the history has
    the finished one, whichever came first."""
    db = tmp_path / "h.duckdb"
    whole = next(logs.glob("sim-3p-*.jsonl"))
    game = read_log(whole).header.game
    part = whole.read_bytes().splitlines(keepends=True)
    partial = logs / "aa-in-play.jsonl"  # sorts first
    partial.write_bytes(b"".join(part[:50]))
    load(db, [logs])
    assert rows(db, "SELECT file, finished FROM games WHERE game = ?", game) == [(str(whole.resolve()), True)]
    assert rows(db, "SELECT status FROM log_files WHERE file = ?", str(partial.resolve())) == [("copy",)]
    # the other way round: the partial file is loaded first, the finished one comes later
    other = tmp_path / "later"
    other.mkdir()
    moved = other / whole.name
    whole.rename(moved)
    db2 = tmp_path / "h2.duckdb"
    load(db2, [logs])
    assert rows(db2, "SELECT file, finished, moves FROM games WHERE game = ?", game) == [
        (str(partial.resolve()), False, 49)
    ]
    report = load(db2, [logs, other])
    # the file in play is a copy from this load on, and named as one by it (issue 51.13: by the next, before)
    assert report.loaded == 1 and [p.name for p, _ in report.skipped] == [partial.name]
    assert rows(db2, "SELECT file, finished FROM games WHERE game = ?", game) == [(str(moved.resolve()), True)]
    assert rows(db2, "SELECT status FROM log_files WHERE file = ?", str(partial.resolve())) == [("copy",)]
    assert rows(db2, "SELECT count(*) FROM moves WHERE game = ?", game) == [(len(read_log(moved).plies),)]


def test_a_forks_copied_moves_count_once(tmp_path: Path) -> None:
    """A game forked at ply 54 repeats its parent's first 54 moves (so it replays on its
    own): they were counted again, and "heaviest fish per species" listed one catch
    twice. The copied rows stay visible, marked `copied`; ready questions skip them."""
    from cwtui.batch.runner import play_game, play_out
    from cwtui.game.replaying import open_replay
    from cwtui.game.session import GameSession
    from cwtui.history.ready_queries import READY
    from engine import GameConfig, SeatConfig
    from engine.bots import seat_bots

    folder = tmp_path / "games"
    folder.mkdir()
    seats = (SeatConfig("Ana", "greedy"), SeatConfig("Bo", "random"))
    _state, parent_path = play_game(GameConfig(seats=seats, seed=21), folder)
    assert parent_path is not None
    parent = open_replay(parent_path)
    fork = GameSession.fork(parent, 54, seats, folder)
    play_out(fork.state, seat_bots(fork.config, fork.state.cards), fork.writer)
    db = tmp_path / "history.duckdb"
    load(db, [folder])
    (copied_catches,) = rows(db, "SELECT count(*) FROM catches WHERE copied")[0]
    parent_early = sum(isinstance(e, FishCaught) for p in parent.log.plies[:54] for e in p.events)
    assert copied_catches == parent_early > 0
    assert rows(db, "SELECT count(*) FROM moves WHERE copied")[0][0] == 54
    fork_game = fork.path.stem if fork.path else ""
    assert rows(db, "SELECT count(*) FROM catches WHERE game = ? AND move <= 54 AND NOT copied", fork_game)[0][0] == 0
    # forked after move 54, as the fork dialog says: moves 1-54 are the parent's (issue 52.8)
    assert rows(db, "SELECT parent_move FROM games WHERE game = ?", fork_game) == [(54,)]
    assert rows(db, "SELECT min(move), max(move) FROM moves WHERE copied") == [(1, 54)]
    assert rows(db, "SELECT count(*) FROM catches WHERE copied AND game <> ?", fork_game)[0][0] == 0
    heaviest = next(q for q in READY if q.title == "Heaviest fish per species")
    with duckdb.connect(str(db), read_only=True) as con:
        listed = con.execute(heaviest.sql).fetchall()
        assert (
            sum(row[2] for row in listed)
            == con.execute(
                "SELECT count(*) FROM (SELECT species, weight FROM catches WHERE NOT copied AND species IS NOT NULL "
                "QUALIFY weight = max(weight) OVER (PARTITION BY species))"
            ).fetchone()[0]
        )


def test_reading_on_every_core_loads_what_one_thread_loads(
    logs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Many logs are read and judged in processes (reading.readers): the database is the
    same row for row as when one thread reads them, a damaged log is skipped with the
    same reason, and each log's size and time are those the reading process saw."""
    from cwtui.history import reading

    damaged = sorted(logs.glob("*.jsonl"))[0]
    damaged.write_bytes(damaged.read_bytes().replace(b'"ply":3,', b'"ply":4,', 1))
    one_thread = load(tmp_path / "thread.duckdb", [logs])
    monkeypatch.setattr(reading, "PROCESSES_FROM", 2)
    monkeypatch.setattr(reading, "READ_PART", 2)  # several parts a batch, shared by the workers
    spread = load(tmp_path / "spread.duckdb", [logs])
    assert spread.skipped == one_thread.skipped and len(spread.skipped) == 1
    assert spread.loaded == one_thread.loaded == len(list(logs.glob("*.jsonl"))) - 1
    for table in schema.GAME_TABLES:
        every = f"SELECT * FROM {table} ORDER BY ALL"
        assert rows(tmp_path / "spread.duckdb", every) == rows(tmp_path / "thread.duckdb", every), table
    files = "SELECT file, size, mtime_ns, game, status, error FROM log_files ORDER BY file"
    assert rows(tmp_path / "spread.duckdb", files) == rows(tmp_path / "thread.duckdb", files)
    for file, size, mtime, *_ in rows(tmp_path / "spread.duckdb", files):
        st = Path(file).stat()
        assert (size, mtime) == (st.st_size, st.st_mtime_ns)


def test_the_replays_folders_subfolders_are_loaded_as_the_replay_list_finds_them(logs: Path, tmp_path: Path) -> None:
    """Issue 35.12: a fresh checkout's `cwtui history load` loaded nothing, though the
    replay list showed the samples in replays/samples: the loader read the folder's top
    level only. A log moved into a subfolder stays; one deleted there is dropped."""
    import shutil

    from cwtui.game.saved import saved_games

    replays = tmp_path / "elsewhere"  # `logs` is tmp_path/replays
    shutil.copytree(logs, replays / "samples" / "deeper")
    db = tmp_path / "h.duckdb"
    report = refresh(db, replays)
    assert report.loaded == len(saved_games(replays)) == len(list(logs.glob("*.jsonl"))) > 0
    path = next((replays / "samples" / "deeper").glob("sim-3p-*.jsonl"))
    game = read_log(path).header.game
    path.unlink()
    assert refresh(db, replays).removed == 1
    assert rows(db, "SELECT count(*) FROM games WHERE game = ?", game) == [(0,)]


def test_the_samples_reach_the_history(tmp_path: Path) -> None:
    """What a new user's first `cwtui sql` reads: the three sample games."""
    samples = Path(__file__).parents[2] / "replays"
    report = refresh(tmp_path / "h.duckdb", samples)
    assert report.loaded >= 3
    assert {"sim-1p-1", "sim-2p-2026", "sim-4p-4"} <= {
        g for (g,) in rows(tmp_path / "h.duckdb", "SELECT game FROM games")
    }


def test_a_long_log_loads_in_bounded_memory_with_one_row_per_fact(logs: Path, tmp_path: Path) -> None:
    """Issue 37.8: a valid 20,000-move log (its moves repeated) took 44 s and 1.5 GB:
    contests and Master Anglers were joined game-wide, so each repeat multiplied rows."""
    import subprocess
    import sys

    from helpers import long_log

    from engine.game import MAX_PLIES

    source = next(p for p in sorted(logs.glob("sim-2p-*.jsonl")))
    folder = tmp_path / "long"
    folder.mkdir()
    (folder / "long.jsonl").write_bytes(long_log(source, MAX_PLIES))
    db = tmp_path / "h.duckdb"
    script = (  # the peak is the process's own (VmHWM): ru_maxrss would count pytest's, which it was forked from
        "from pathlib import Path\n"
        "from cwtui.history.loader import load\n"
        f"report = load(Path({str(db)!r}), [Path({str(folder)!r})])\n"
        "assert report.loaded == 1, report\n"
        "print(next(line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM')))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) * 1024 < 400e6  # VmHWM is in KiB
    log = read_log(folder / "long.jsonl")
    events = [e for ply in log.plies for e in ply.events]
    assert count(db, "moves") == MAX_PLIES
    assert count(db, "contests") == sum(isinstance(e, Presented) for e in events)
    taken = Counter(e.card for e in events if isinstance(e, MasterAnglerTaken))
    caught = Counter(e.card for e in events if isinstance(e, MasterAnglerCaught))
    assert count(db, "master_anglers") == sum(max(taken[c], caught[c]) for c in taken | caught)


def test_a_log_longer_than_any_game_is_skipped_with_its_reason(logs: Path, tmp_path: Path) -> None:
    from helpers import long_log

    from engine.game import MAX_PLIES

    source = next(p for p in sorted(logs.glob("sim-2p-*.jsonl")))
    folder = tmp_path / "long"
    folder.mkdir()
    (folder / "longer.jsonl").write_bytes(long_log(source, MAX_PLIES + 1))
    report = load(tmp_path / "h.duckdb", [folder])
    assert report.loaded == 0
    ((path, why),) = report.skipped
    assert path.name == "longer.jsonl"
    assert why == f"line {MAX_PLIES + 2}: more moves than the longest game the engine allows ({MAX_PLIES:,})"


def _forge_winner(path: Path) -> None:
    """The footer names the other seat the winner, its ranks swapped to agree and its
    digests recomputed: the reader accepts it, only a replay finds it out
    (../shared/repro/footer_winner_forged.jsonl)."""
    lines = path.read_bytes().splitlines(keepends=True)
    footer = read_log(path).footer
    assert footer is not None and len(footer.scores) == 2
    swapped = (
        lines[-1].replace(b'"rank":1', b'"rank":X').replace(b'"rank":2', b'"rank":1').replace(b'"rank":X', b'"rank":2')
    )
    lines[-1] = swapped.replace(b'"winner":%d' % footer.winner, b'"winner":%d' % (1 - footer.winner))
    path.write_bytes(b"".join(reseal(lines)))


def test_a_forged_winner_is_stored_as_unchecked_then_found_out_by_verify(logs: Path, tmp_path: Path) -> None:
    """Issue 37.9: `history load` stored a forged footer's winner as fact. Every game
    says whether it was replayed; `--verify` replays those not yet checked."""
    forged = logs / "sim-2p-22.jsonl"  # not the reviewed game, whose review would be skipped with it
    claimed = 1 - (read_log(forged).footer or pytest.fail("finished")).winner
    _forge_winner(forged)
    db = tmp_path / "h.duckdb"
    report = load(db, [logs])
    assert report.ok and report.replayed == 0
    games = len(list(logs.glob("*.jsonl")))
    assert rows(db, "SELECT count(*) FROM games WHERE verified IS NULL AND verdict IS NULL") == [(games,)]
    report = load(db, [logs], verify=True)  # nothing changed on disk: the unchecked games are read again
    assert report.loaded == games and report.replayed == games
    # moves are numbered from 1, as verify does: the footer is checked after the last one
    last = len(read_log(forged).plies)
    assert report.failed == [(forged.resolve(), f"FAILED at move {last + 1}: final scores differ from the footer")]
    assert not report.ok
    assert rows(db, "SELECT winner, verified FROM games WHERE file = ?", str(forged.resolve())) == [(claimed, False)]
    assert rows(db, "SELECT count(*) FROM games WHERE verified AND verdict LIKE 'OK (%'") == [(games - 1,)]
    again = load(db, [logs], verify=True)  # checked already: nothing is replayed twice, the failure still named
    assert again.loaded == 0 and again.replayed == 0 and again.failed == report.failed


def test_a_forged_copy_named_first_never_displaces_the_genuine_game(logs: Path, tmp_path: Path) -> None:
    """Issue 51.13: of two files of one game, as full as each other, the first by name
    was loaded: a forged copy named to sort first displaced the genuine log, and after
    `--verify` found it out (verified false) the genuine file was never tried. A file
    whose replay failed never holds a game in place of one whose replay did not, and of
    two as full, the one the replay confirmed holds it, whatever their names."""
    genuine = sorted(logs.glob("sim-2p-*.jsonl"))[0]
    game = read_log(genuine).header.game
    forged = logs / "aa-forged.jsonl"
    forged.write_bytes(genuine.read_bytes())
    _forge_winner(forged)
    db = tmp_path / "h.duckdb"
    load(db, [logs])  # nothing replayed: nothing tells them apart yet, and the game says so
    assert rows(db, "SELECT file, verified FROM games WHERE game = ?", game) == [(str(forged.resolve()), None)]
    report = load(db, [logs], verify=True)
    assert rows(db, "SELECT file, verified FROM games WHERE game = ?", game) == [(str(genuine.resolve()), True)]
    assert rows(db, "SELECT status FROM log_files WHERE file = ?", str(forged.resolve())) == [("copy",)]
    assert report.failed == [] and [p.name for p, _ in report.skipped] == [forged.name]
    assert "already loaded; this file's replay FAILED at move " in report.skipped[0][1]
    again = load(db, [logs], verify=True)  # each file replayed once
    assert (again.loaded, again.replayed) == (0, 0)
    assert rows(db, "SELECT file, verified FROM games WHERE game = ?", game) == [(str(genuine.resolve()), True)]
    # the other way round: the genuine game checked first, then a forged copy comes
    db2 = tmp_path / "h2.duckdb"
    forged.rename(tmp_path / forged.name)
    load(db2, [logs], verify=True)
    (tmp_path / forged.name).rename(forged)
    load(db2, [logs])
    assert rows(db2, "SELECT file, verified FROM games WHERE game = ?", game) == [(str(genuine.resolve()), True)]


@pytest.mark.parametrize("copy_name", ["zz-copy.jsonl", "aa-copy.jsonl"])
def test_a_forgery_keeping_the_size_and_time_of_its_log_is_found_by_verify(
    logs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, copy_name: str
) -> None:
    """Issue 51.13: a log forged in place at its own size, its modification time set
    back, was never read again, even by `--verify`, and kept `verified` true. A load
    trusts size and time (a reload stays fast); `--verify` reads again every file whose
    bytes differ from those it checked, and the game's other files with it: a genuine
    copy then holds the game, whichever is read first, and the forgery is named with
    what its replay found."""
    monkeypatch.setattr(reading, "BATCH", 1)  # a log a batch: the two files are judged apart, in name order
    path = sorted(logs.glob("sim-2p-*.jsonl"))[0]
    game = read_log(path).header.game
    db = tmp_path / "h.duckdb"
    load(db, [logs], verify=True)
    copy = logs / copy_name
    copy.write_bytes(path.read_bytes())
    load(db, [logs], verify=True)  # as good as the file loaded, which keeps the game
    assert rows(db, "SELECT file, verified FROM games WHERE game = ?", game) == [(str(path.resolve()), True)]
    before = path.stat()
    _forge_winner(path)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (path.stat().st_size, path.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert load(db, [logs]).loaded == 0  # size and time alone: not read
    report = load(db, [logs], verify=True)
    assert report.failed == []
    assert rows(db, "SELECT file, verified FROM games WHERE game = ?", game) == [(str(copy.resolve()), True)]
    (note,) = [why for p, why in report.skipped if p.name == path.name]
    last = len(read_log(path).plies)
    assert note.endswith(f"; this file's replay FAILED at move {last + 1}: final scores differ from the footer")
    assert load(db, [logs], verify=True).replayed == 0
