"""Every ready-made query runs on a loaded history and answers sensibly; results export."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb
import pytest

from cwtui.history.ready_queries import READY
from cwtui.history.sandbox import QueryError, QueryResult, describe, export, open_history, run


def answer(db: Path, title: str) -> list[dict[str, Any]]:
    (query,) = [q for q in READY if q.title == title]
    con = open_history(db)
    try:
        result = run(con, query.sql, 1000)
    finally:
        con.close()
    assert not result.more
    return [dict(zip(result.columns, row, strict=True)) for row in result.rows]


def test_there_are_at_least_eight_distinct_questions() -> None:
    assert len(READY) >= 8
    assert len({q.title for q in READY}) == len({q.sql for q in READY}) == len(READY)


@pytest.mark.parametrize("query", READY, ids=[q.title for q in READY])
def test_every_ready_query_runs_and_returns_rows(loaded_db: Path, query: Any) -> None:
    rows = answer(loaded_db, query.title)
    assert rows, query.title
    assert all(value is not None for row in rows for key, value in row.items() if key not in ("avg_winning_score",))


def test_heaviest_fish_is_the_heaviest_caught(loaded_db: Path) -> None:
    con = duckdb.connect(str(loaded_db), read_only=True)
    heaviest = dict(con.execute("SELECT species, max(weight) FROM catches GROUP BY species").fetchall())
    con.close()
    rows = answer(loaded_db, "Heaviest fish per species")
    assert {r["species"]: r["weight"] for r in rows} == heaviest


def test_win_rates_by_seat_sum_to_one_hundred(loaded_db: Path) -> None:
    by_players: dict[int, float] = {}
    for r in answer(loaded_db, "Win rate by seat"):
        players = int(r["seat"].split("p seat ")[0])
        by_players[players] = by_players.get(players, 0) + r["win_pct"]
        assert r["fair_pct"] == round(100 / players, 1)
    assert set(by_players) == {2, 3, 4}
    assert all(abs(total - 100) < 0.5 for total in by_players.values())


def test_win_rate_by_bot_counts_every_seat_once(loaded_db: Path) -> None:
    rows = answer(loaded_db, "Win rate by bot")
    assert sum(r["seats"] for r in rows) == 2 * (2 + 2 + 3 + 4)  # two games per count; solo has 2 seats
    assert sum(r["wins"] for r in rows) == 8


def test_trophy_holders_win_rates_are_percentages(loaded_db: Path) -> None:
    rows = answer(loaded_db, "Trophies and winning")
    assert {r["trophy"] for r in rows} >= {"shore_contest", "river_contest", "lake_contest"}
    assert all(0 <= r["holder_win_pct"] <= 100 and 0 < r["fair_pct"] <= 50 for r in rows)


def test_score_distribution_counts_every_player_seat(loaded_db: Path) -> None:
    rows = answer(loaded_db, "Score distribution")
    assert sum(r["seats"] for r in rows) == 2 * (1 + 2 + 3 + 4)
    assert [r["score"] for r in rows] == sorted(r["score"] for r in rows)


def test_game_length_covers_every_game(loaded_db: Path) -> None:
    rows = answer(loaded_db, "Game length")
    assert sum(r["games"] for r in rows) == 8
    assert all(r["shortest"] <= r["avg_rounds"] <= r["longest"] for r in rows)


def test_master_angler_completion_is_a_share(loaded_db: Path) -> None:
    rows = answer(loaded_db, "Master Angler completion")
    assert {r["player_kind"] for r in rows} <= {"easy", "random", "silent"}
    assert all(0 <= r["caught_pct"] <= 100 for r in rows)


def test_results_are_cut_at_the_limit(loaded_db: Path) -> None:
    con = open_history(loaded_db)
    result = run(con, "SELECT * FROM events", 500)
    assert len(result.rows) == 500 and result.more and result.shown == "500 of >500 rows"
    assert run(con, "SELECT 1 AS one", 500).shown == "1 row"  # the connection is still usable
    con.close()


def test_a_bad_query_raises_duckdbs_message(loaded_db: Path) -> None:
    con = open_history(loaded_db)
    with pytest.raises(QueryError, match=r"Catalog Error.*nothing"):
        run(con, "SELECT * FROM nothing", 10)
    con.close()


def test_export_csv_and_parquet(loaded_db: Path, tmp_path: Path) -> None:
    sql = "SELECT game, seat, score FROM seats ORDER BY game, seat -- a comment at the end"
    export(loaded_db, sql, tmp_path / "a.csv", "csv")
    export(loaded_db, sql + ";", tmp_path / "b.parquet", "parquet")
    con = open_history(loaded_db)
    expected = con.execute(sql).fetchall()
    con.close()
    assert duckdb.execute(f"SELECT * FROM read_csv('{tmp_path / 'a.csv'}')").fetchall() == expected
    assert duckdb.execute(f"SELECT * FROM '{tmp_path / 'b.parquet'}'").fetchall() == expected


def test_schema_has_every_column_documented(loaded_db: Path) -> None:
    con = open_history(loaded_db)
    tables = describe(con)
    con.close()
    names = {t.name for t in tables}
    assert {"games", "seats", "moves", "events", "catches", "trophies", "contests", "scores", "results"} <= names
    assert all(t.doc for t in tables)
    assert all(c.doc for t in tables if t.kind == "table" for c in t.columns)


def test_result_shown_wording() -> None:
    assert QueryResult(("a",), ("INTEGER",), [(1,), (2,)], False, 0.0).shown == "2 rows"


@pytest.mark.parametrize(
    "content",
    [b'[{"sql":"SELECT \xff","at":"x","outcome":"y"}]', b"[" * 100_000, b"not json", b"", b'{"a":1}', None],
    ids=["invalid UTF-8", "deep", "not JSON", "empty", "another shape", "a folder"],
)
def test_a_damaged_past_queries_file_starts_a_new_list(tmp_path: Path, content: bytes | None) -> None:
    from cwtui.history.recent_queries import RecentQueries

    path = tmp_path / "history-queries.json"
    if content is None:
        path.mkdir()
    else:
        path.write_bytes(content)
    past = RecentQueries(path)
    assert past.queries == []
    past.add("SELECT 1", "1 row")  # and the screen goes on (a folder cannot be replaced: kept in memory)
    assert [q.sql for q in past.queries] == ["SELECT 1"]


def test_moves_and_rounds_are_numbered_as_the_table_shows_them(loaded_db: Path, sim_logs: Path) -> None:
    """Issue 52.8: `moves.turn` 21 was the status bar's "Round 11", and the tables' `ply`
    the replay's move one less. Every table numbers a move from 1, as the replay's move
    list does (the log's ply + 1), and its round as the status bar and the move list
    count them (words.round_of); the log's own ply is moves.log_ply."""
    from cwtui.game.replaying import ReplayCursor, open_replay
    from cwtui.game.words import round_of

    con = duckdb.connect(str(loaded_db), read_only=True)
    for path in sorted(sim_logs.glob("*.jsonl")):
        cursor = ReplayCursor(open_replay(path))
        shown = [(line.ply + 1, round_of(line.turn, len(cursor.names)), line.ply) for line in cursor.lines]
        game = path.stem
        assert con.execute(
            "SELECT move, round, log_ply FROM moves WHERE game = ? ORDER BY move", [game]
        ).fetchall() == (shown)
        assert con.execute("SELECT moves, rounds FROM games WHERE game = ?", [game]).fetchall() == [
            (len(shown), shown[-1][1])
        ]
    # a move's events, catches, trophies and Master Angler cards say its number and round
    for sql in (
        "SELECT count(*) FROM events e ANTI JOIN moves m USING (game, move)",
        "SELECT count(*) FROM catches c JOIN moves m USING (game, move) WHERE c.round <> m.round",
        "SELECT count(*) FROM trophies t JOIN moves m USING (game, move) WHERE t.round <> m.round",
        "SELECT count(*) FROM master_anglers a JOIN moves m ON m.game = a.game AND m.move = a.taken_move "
        "WHERE a.taken_round <> m.round",
        "SELECT count(*) FROM master_anglers a JOIN moves m ON m.game = a.game AND m.move = a.caught_move "
        "WHERE a.caught_round <> m.round",
    ):
        assert con.execute(sql).fetchone() == (0,), sql
    assert con.execute("SELECT count(*) FROM catches").fetchone() != (0,)
    con.close()
