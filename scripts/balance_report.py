"""Balance report: first-seat advantage, the value of each trophy, how games end.

    python scripts/balance_report.py --db replays/history.duckdb
    python scripts/balance_report.py --load replays/balance/p2 replays/balance/p3 ...

Reads finished games from the history database (loading the given folders first) and
prints tables with 95% intervals and bar charts. Which games go in is the caller's
choice; for the committed report we simulated greedy bots in every seat (the strongest
bot cwtui has; random bots say more about randomness than about the game).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import duckdb
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cwtui.batch.tournament import wilson
from cwtui.history.loader import load

BAR = 20


def bar(value: float, top: float) -> Text:
    eighths = round(max(value, 0.0) / top * BAR * 8) if top else 0
    return Text("█" * (eighths // 8) + (" ▏▎▍▌▋▊▉"[eighths % 8] if eighths % 8 else ""), style="cyan")


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def seat_advantage(con: duckdb.DuckDBPyConnection, console: Console, only: str) -> None:
    rows = con.execute(
        f"""
        SELECT players, seat, count(*) AS games, count(*) FILTER (WHERE won) AS wins, avg(score) AS score
        FROM results WHERE NOT solo AND {only} GROUP BY ALL ORDER BY players, seat
        """
    ).fetchall()
    table = Table(title="Win rate by seat (seat 1 plays first): is there a first-player advantage?")
    for col in ("players", "seat", "games", "win rate", "95% interval", "fair share", "mean score", ""):
        table.add_column(col, justify="left" if col == "" else "right")
    for players, seat, games, wins, score in rows:
        low, high = wilson(wins, games)
        table.add_row(
            str(players), str(seat + 1), f"{games:,}", pct(wins / games), f"{pct(low)}–{pct(high)}",
            pct(1 / players), f"{score:.1f}", bar(wins / games, 1.0),
        )  # fmt: skip
    console.print(table)


def trophy_value(con: duckdb.DuckDBPyConnection, console: Console, only: str) -> None:
    rows = con.execute(
        f"""
        WITH held AS (
            SELECT r.game, r.seat, r.players, r.won, t.trophy
            FROM results r JOIN (SELECT DISTINCT game, seat, trophy FROM trophies) t USING (game, seat)
            WHERE NOT r.solo AND {only}
        ),
        kinds AS (SELECT DISTINCT trophy FROM held),
        everyone AS (
            SELECT r.game, r.seat, r.players, r.won, k.trophy FROM results r, kinds k WHERE NOT r.solo AND {only}
        )
        SELECT e.players, e.trophy,
               count(h.game) AS holders, count(*) FILTER (WHERE h.game IS NOT NULL AND e.won) AS holder_wins,
               count(*) FILTER (WHERE h.game IS NULL) AS others,
               count(*) FILTER (WHERE h.game IS NULL AND e.won) AS other_wins,
               (SELECT avg(points) FROM trophies t JOIN games g USING (game)
                WHERE t.trophy = e.trophy AND g.players = e.players AND {only}) AS points
        FROM everyone e LEFT JOIN held h USING (game, seat, trophy)
        GROUP BY e.players, e.trophy ORDER BY e.players, e.trophy
        """
    ).fetchall()
    table = Table(title="What each trophy is worth for winning: win rate of its holders and of everyone else")
    for col in ("players", "trophy", "held by", "holders win", "others win", "difference", "avg points", ""):
        table.add_column(col, justify="left" if col in ("trophy", "") else "right")
    for players, trophy, holders, holder_wins, others, other_wins, points in rows:
        if not holders:
            continue
        seats = holders + others
        hold_rate, other_rate = holder_wins / holders, other_wins / others if others else 0.0
        table.add_row(
            str(players), trophy, pct(holders / seats), pct(hold_rate), pct(other_rate),
            f"{100 * (hold_rate - other_rate):+.1f}", f"{points:.2f}", bar(hold_rate - other_rate, 1.0),
        )  # fmt: skip
    console.print(table)


def end_conditions(con: duckdb.DuckDBPyConnection, console: Console, only: str) -> None:
    rows = con.execute(
        f"""
        SELECT players, end_reason, count(*) AS games,
               count(*) / sum(count(*)) OVER (PARTITION BY players) AS share, avg(rounds) AS rounds
        FROM games WHERE finished AND {only} GROUP BY players, end_reason ORDER BY players, end_reason
        """
    ).fetchall()
    table = Table(title="How games end (R9.1): a player's 12th fish, or a location that cannot be refilled")
    for col in ("players", "end", "games", "share", "mean rounds", ""):
        table.add_column(col, justify="left" if col in ("end", "") else "right")
    for players, reason, games, share, rounds in rows:
        table.add_row(str(players), reason, f"{games:,}", pct(share), f"{rounds:.1f}", bar(share, 1.0))
    console.print(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", type=Path, default=Path("replays/history.duckdb"))
    parser.add_argument("--load", type=Path, nargs="*", default=[], help="folders of logs to load first")
    parser.add_argument(
        "--verified",
        action="store_true",
        help="count only games the engine replayed and verified (with --load, replay what is not checked yet)",
    )
    args = parser.parse_args()
    if args.load:
        report = load(args.db, args.load, verify=args.verified)
        print(f"loaded {report.loaded} logs ({report.unchanged} already in), {len(report.skipped)} skipped")
    only = "verified" if args.verified else "true"  # games.verified: null (not checked), true or false
    con = duckdb.connect(str(args.db), read_only=True)
    console = Console(width=None if sys.stdout.isatty() else 130)
    (games, checked, failed) = con.execute(
        "SELECT count(*) FILTER (WHERE true), count(*) FILTER (WHERE verified), count(*) FILTER (WHERE NOT verified) "
        "FROM games WHERE finished"
    ).fetchone() or (0, 0, 0)
    kinds = con.execute("SELECT string_agg(DISTINCT kind, ', ') FROM seats WHERE kind <> 'silent'").fetchone()
    console.print(f"[b]{games:,} finished games[/] (players: {kinds[0] if kinds else '-'})")
    console.print(
        f"replayed and verified: {checked:,}; failed their replay: {failed:,}; "
        f"not checked: {games - checked - failed:,}" + (" — counting only the verified" if args.verified else "") + "\n"
    )
    seat_advantage(con, console, only)
    trophy_value(con, console, only)
    end_conditions(con, console, only)
    con.close()


if __name__ == "__main__":
    main()
