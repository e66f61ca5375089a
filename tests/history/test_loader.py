"""The history loader: counts match the logs, loads are incremental and idempotent, and
bad logs are skipped with a reason while the rest load."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import duckdb
import pytest

from cwtui.history import schema
from cwtui.history.loader import HistoryError, connect, load, refresh
from cwtui.logfile import read_log
from engine.cards import load_cards
from engine.components import COLORS, LOCATION_OF_COLOR, LOCATIONS
from engine.events import FishCaught, Presented, TrophyTaken
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
            "SELECT file, seed, players, solo, tag_points, finished, plies, winner, end_reason "
            "FROM games WHERE game = ?",
            log.header.game,
        )
        config = log.header.config
        assert row[:7] == (str(path.resolve()), config.seed, len(config.seats), config.solo, config.tag_points, True,
                           len(log.plies))  # fmt: skip
        assert row[7] == log.footer.winner
        assert row[8] in ("twelve_fish", "location_short")


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


def test_a_changed_log_is_reloaded_once(logs: Path, tmp_path: Path) -> None:
    """A game still being played grows; the next load replaces its rows."""
    db = tmp_path / "h.duckdb"
    path = next(logs.glob("sim-2p-*.jsonl"))
    full = path.read_bytes()
    lines = full.splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:40]))
    load(db, [logs])
    assert rows(db, "SELECT finished, plies, winner FROM games WHERE file = ?", str(path.resolve())) == [
        (False, 39, None)
    ]
    path.write_bytes(full)
    report = load(db, [logs])
    assert report.loaded == 1
    game = read_log(path)
    assert rows(db, "SELECT finished, plies FROM games WHERE file = ?", str(path.resolve())) == [
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
    assert [(p.name, r) for p, r in report.skipped] == [(path.name, "line 11: expected ply 9, found ply 10")]


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
    assert rows(db, "SELECT finished, truncated, plies FROM games WHERE file = ?", str(path.resolve())) == [
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


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "history.duckdb"
    db.write_text("not a database")
    with pytest.raises(HistoryError, match="cannot open"):
        load(db, [tmp_path])


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
        (logs / f"extra-{i}.jsonl").write_bytes(template.replace(b'"game":"sim-2p-', f'"game":"extra{i}-'.encode(), 1))
    sent.clear()
    assert load(tmp_path / "h2.duckdb", [logs]).loaded == len(list(logs.glob("*.jsonl")))
    assert sum(sent.values()) == few
