"""Tournaments: seat rotation, Wilson intervals, Elo fitted to pairwise results."""

from __future__ import annotations

import math
from pathlib import Path

import duckdb
import pytest

from cwtui.batch import selfplay
from cwtui.batch.selfplay import Outcome
from cwtui.batch.tournament import elo, standings, wilson
from cwtui.cli import main


def test_wilson_interval_known_values() -> None:
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson(0, 10)[0] == 0.0 and 0.27 < wilson(0, 10)[1] < 0.28
    assert math.isclose(wilson(10, 10)[1], 1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_rotation_puts_every_bot_in_every_seat_on_the_same_deal(tmp_path: Path) -> None:
    plan = selfplay.Plan(3, 6, 40, ("greedy", "random", "random"), out=tmp_path, rotate=True)
    seats = [tuple(s.name for s in plan.seats_for(g)) for g in plan.indexes]
    assert seats[:3] == [("easy-0", "random-1", "random-2"), ("random-1", "random-2", "easy-0"),
                         ("random-2", "easy-0", "random-1")]  # fmt: skip
    assert [plan.seed_for(g) for g in plan.indexes] == [40, 40, 40, 41, 41, 41]
    assert len({plan.log(g) for g in plan.indexes}) == 6


def outcome(names: tuple[str, ...], ranks: tuple[int, ...]) -> Outcome:
    return Outcome(0, names, tuple(10 - r for r in ranks), ranks, "greedy")


def test_elo_orders_players_by_results_and_spreads_by_margin() -> None:
    games = [outcome(("a", "b"), (1, 2))] * 75 + [outcome(("b", "a"), (1, 2))] * 25
    ratings = elo(games)
    # 75% expected score is an Elo gap of 400·log10(3) ≈ 191 (the half-win prior pulls it in a little)
    assert 180 < ratings["a"] - ratings["b"] < 192
    assert math.isclose((ratings["a"] + ratings["b"]) / 2, 1500)
    assert elo(games, anchor="b")["b"] == 1500


def test_elo_uses_every_pair_in_a_multiplayer_game() -> None:
    games = [outcome(("a", "b", "c"), (1, 2, 3))] * 10
    ratings = elo(games)
    assert ratings["a"] > ratings["b"] > ratings["c"]


def test_standings_count_wins_and_scores() -> None:
    games = [outcome(("a", "b"), (1, 2)), outcome(("b", "a"), (2, 1)), outcome(("a", "b"), (2, 1))]
    table = {s.name: s for s in standings(games)}
    assert (table["a"].games, table["a"].wins, table["b"].wins) == (3, 2.0, 1.0)
    assert table["a"].low < 2 / 3 < table["a"].high


def test_tournament_command_prints_standings_and_loads_the_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "h.duckdb"
    args = ["tournament", "--bots", "greedy,random", "--games", "6", "--out", str(tmp_path / "t"), "--db", str(db)]
    assert main([*args, "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "easy-0" in out and "random-1" in out and "95% interval" in out and "Elo" in out
    assert "greedy" not in out  # 35.11: the easy bot by the name a player knows, though asked for as greedy
    con = duckdb.connect(str(db), read_only=True)
    rows = con.execute(
        "SELECT s.name, count(*) FILTER (WHERE s.seat = 0) FROM seats s JOIN games USING (game) GROUP BY 1 ORDER BY 1"
    ).fetchall()
    con.close()
    assert rows == [("easy-0", 3), ("random-1", 3)]  # each bot started half the games


def test_a_tournament_says_when_it_rounds_the_games_up(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 37.10: three bots and --games 4 played 6 games without a word."""
    args = ["tournament", "--bots", "greedy,random,random", "--games", "4", "--workers", "1"]
    assert main([*args, "--out", str(tmp_path / "t"), "--db", str(tmp_path / "h.duckdb")]) == 0
    assert "6 games, not 4: every bot plays every seat on the same deals" in capsys.readouterr().err
    assert len(list((tmp_path / "t").glob("*.jsonl"))) == 6


def test_tournament_refuses_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--bots", "greedy"]) == 2
    assert main(["tournament", "--bots", "greedy,wizard"]) == 2
    assert "one per seat" in capsys.readouterr().err
