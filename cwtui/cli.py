"""The `cwtui` command line."""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from cwtui import selfplay
from cwtui.history import commands as history_commands
from cwtui.logfile import read_log
from cwtui.progress import progress_bar
from cwtui.session import REPLAYS_ENV, replays_dir
from engine import EngineError
from engine.bots import BOT_KINDS
from engine.cards import load_cards
from engine.replay import Replay


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cwtui", description="Play, replay and study Coldwater Crown in the terminal."
    )
    parser.add_argument(
        "--replays-dir", type=Path, default=None, help=f"where games are saved (default: ${REPLAYS_ENV} or ./replays)"
    )
    parser.add_argument("--bot-speed", choices=("instant", "normal", "slow"), default="normal")
    sub = parser.add_subparsers(dest="command")
    sim = sub.add_parser("simulate", help="play bot-only games and write their logs")
    sim.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4))
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1, help="game i uses seed SEED+i")
    sim.add_argument("--bots", default="random", help=f"comma list of {', '.join(BOT_KINDS)}, cycled over the seats")
    sim.add_argument("--out", type=Path, default=None, help="folder for the logs (none: no logs)")
    sim.add_argument("--no-tag-points", action="store_true", help="the variant without tag points (R11.1)")
    sim.add_argument("--cards", type=Path, default=None, help="another card data file (default: the built-in)")
    sim.add_argument("--workers", type=int, default=0, help="processes to play on (default: one per core)")
    sim.add_argument("--load", action="store_true", help="then load the logs into the history database")
    sim.add_argument(
        "--backend", choices=("local", "ray"), default="local",
        help="ray: play on a Ray cluster ($RAY_ADDRESS, else a local one); needs pip install 'cwtui[ray]'",
    )  # fmt: skip
    sim.add_argument(
        "--db", type=Path, default=None, help="the history database for --load (default: REPLAYS/history.duckdb)"
    )
    ver = sub.add_parser("verify", help="re-simulate logs and check every event")
    ver.add_argument("files", nargs="+", type=Path)
    ver.add_argument("--cards", type=Path, default=None, help="the card data file the games were played with")
    tour = sub.add_parser("tournament", help="bots against bots, every seat in turn: win rates and Elo")
    tour.add_argument("--bots", default="greedy,random", help="a bot kind per seat (2–4 of them)")
    tour.add_argument("--games", type=int, default=400, help="games in all (a multiple of the seats)")
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--workers", type=int, default=0, help="processes to play on (default: one per core)")
    tour.add_argument("--out", type=Path, default=None, help="folder for the logs (default: REPLAYS/tournament)")
    tour.add_argument("--db", type=Path, default=None, help="the history database (default: REPLAYS/history.duckdb)")
    rep = sub.add_parser("replay", help="open a saved game in the replay screen")
    rep.add_argument("file", type=Path)
    rep.add_argument("--cards", type=Path, default=None, help="the card data file the game was played with")
    history_commands.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return simulate(args)
    if args.command == "verify":
        return verify(args.files, args.cards)
    if args.command == "tournament":
        return tournament(args)
    if args.command == "replay":
        return replay(args)
    if args.command == "history":
        return history_commands.history(args)
    if args.command == "sql":
        return history_commands.sql(args)
    return run_app(args)


def run_app(args: argparse.Namespace) -> int:
    from cwtui.app import CwtuiApp

    CwtuiApp(replays_dir(args.replays_dir), bot_speed=args.bot_speed).run()
    return 0


def replay(args: argparse.Namespace) -> int:
    """Check the file first, so a bad one gets a message here rather than in the app."""
    from cwtui.app import CwtuiApp
    from cwtui.replaying import open_replay

    try:
        opened = open_replay(args.file, load_cards(args.cards))
    except (EngineError, OSError) as exc:
        print(f"cwtui replay: {args.file}: {exc}", file=sys.stderr)
        return 2
    CwtuiApp(replays_dir(args.replays_dir), bot_speed=args.bot_speed, replay=(opened, args.file)).run()
    return 0


def simulate(args: argparse.Namespace) -> int:
    kinds = tuple(k.strip() for k in args.bots.split(",") if k.strip())
    unknown = [k for k in kinds if k not in BOT_KINDS]
    if unknown or not kinds:
        print(
            f"cwtui simulate: unknown bot kind(s) {unknown}; choose from {', '.join(BOT_KINDS)}",
            file=sys.stderr,
        )
        return 2
    try:
        load_cards(args.cards)
    except EngineError as exc:
        print(f"cwtui simulate: {exc}", file=sys.stderr)
        return 2
    if args.backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            print("cwtui simulate: --backend ray needs Ray: pip install 'cwtui[ray]'", file=sys.stderr)
            return 2
    plan = selfplay.Plan(args.players, args.games, args.seed, kinds, not args.no_tag_points, args.cards, args.out)
    workers = args.workers or selfplay.default_workers()
    try:
        with progress_bar("games", show_from=100) as bar:
            outcomes = selfplay.run(plan, workers, bar, backend=args.backend)
    except KeyboardInterrupt:
        if plan.out is None:
            print("\ncwtui simulate: stopped; no logs were being written, so nothing was kept", file=sys.stderr)
        else:
            done = len(selfplay.finished_before(plan))
            print(f"\ncwtui simulate: stopped with {done} of {plan.games} games done; "
                  "run the same command again to play the rest", file=sys.stderr)  # fmt: skip
        return 130
    _summary(plan, list(outcomes.values()))
    if args.out:
        print(f"logs in {args.out}")
        if args.load:
            return history_commands.load_folders(args, [args.out])
    return 0


def tournament(args: argparse.Namespace) -> int:
    """Logs go into the history too, so the games can be asked about in SQL."""
    from rich.console import Console
    from rich.table import Table

    from cwtui.tournament import elo, standings

    kinds = tuple(k.strip() for k in args.bots.split(",") if k.strip())
    unknown = [k for k in kinds if k not in BOT_KINDS]
    if unknown or not 2 <= len(kinds) <= 4:
        print(f"cwtui tournament: give 2–4 bot kinds from {', '.join(BOT_KINDS)}, one per seat", file=sys.stderr)
        return 2
    games = -(-max(args.games, 1) // len(kinds)) * len(kinds)  # whole rotations
    out = args.out or replays_dir(args.replays_dir) / "tournament"
    plan = selfplay.Plan(len(kinds), games, args.seed, kinds, out=out, rotate=True)
    try:
        with progress_bar("games", show_from=100) as bar:
            outcomes = list(selfplay.run(plan, args.workers or selfplay.default_workers(), bar).values())
    except KeyboardInterrupt:
        print("\ncwtui tournament: stopped; run the same command again to play the rest", file=sys.stderr)
        return 130
    console = Console()
    table = Table(title=f"{games} games, {len(kinds)} seats, every bot in every seat on the same deals")
    for col in ("bot", "games", "wins", "win rate", "95% interval", "mean score", "Elo"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    ratings = elo(outcomes)
    for s in standings(outcomes):
        table.add_row(
            s.name, str(s.games), f"{s.wins:.0f}", f"{100 * s.rate:.1f}%", f"{100 * s.low:.1f}–{100 * s.high:.1f}%",
            f"{s.mean_score:.1f}", f"{ratings[s.name]:.0f}",
        )  # fmt: skip
    console.print(table)
    print(f"logs in {out}")
    return history_commands.load_folders(args, [out])


def _summary(plan: selfplay.Plan, outcomes: list[selfplay.Outcome]) -> None:
    games = max(len(outcomes), 1)
    print(f"games: {len(outcomes)}  players: {plan.players}  bots: {','.join(plan.kinds)}")
    for seat, sc in enumerate(plan.seats):
        total = sum(o.totals[seat] for o in outcomes)
        print(f"  seat {seat} ({sc.kind}): mean score {total / games:.2f}")
    wins: dict[str, int] = defaultdict(int)
    for o in outcomes:
        wins[o.winner_kind] += 1
    for kind, n in sorted(wins.items()):
        print(f"  wins {kind}: {n} ({100 * n / games:.1f}%)")


def verify(files: list[Path], cards_file: Path | None = None) -> int:
    try:
        cards = load_cards(cards_file)
    except EngineError as exc:
        print(f"cwtui verify: {exc}", file=sys.stderr)
        return 2
    failed = 0
    for path in files:
        try:
            replay = Replay(read_log(path), cards)
        except EngineError as exc:
            print(f"{path}: FAILED {exc}")
            failed += 1
            continue
        log = replay.log
        if replay.divergence:
            print(f"{path}: FAILED at ply {replay.divergence.ply}: {replay.divergence.reason}")
            failed += 1
        elif log.truncated or log.footer is None:
            note = "truncated last line" if log.truncated else "no footer"
            print(f"{path}: OK up to ply {replay.good_plies} (unfinished: {note})")
        else:
            print(f"{path}: OK ({replay.good_plies} plies)")
    return 1 if failed else 0
