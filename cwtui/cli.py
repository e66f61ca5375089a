"""The `cwtui` command line."""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from cwtui.history import commands as history_commands
from cwtui.logfile import read_log
from cwtui.runner import play_game
from cwtui.session import REPLAYS_ENV, replays_dir
from engine import EngineError, GameConfig, SeatConfig
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
    ver = sub.add_parser("verify", help="re-simulate logs and check every event")
    ver.add_argument("files", nargs="+", type=Path)
    ver.add_argument("--cards", type=Path, default=None, help="the card data file the games were played with")
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
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in BOT_KINDS]
    if unknown or not kinds:
        print(
            f"cwtui simulate: unknown bot kind(s) {unknown}; choose from {', '.join(BOT_KINDS)}",
            file=sys.stderr,
        )
        return 2
    try:
        cards = load_cards(args.cards)
    except EngineError as exc:
        print(f"cwtui simulate: {exc}", file=sys.stderr)
        return 2
    seats = tuple(SeatConfig(f"{kinds[i % len(kinds)]}-{i}", kinds[i % len(kinds)]) for i in range(args.players))
    totals = [0] * args.players
    wins: dict[str, int] = defaultdict(int)
    for i in range(args.games):
        config = GameConfig(seats=seats, seed=args.seed + i, tag_points=not args.no_tag_points, cards=cards.name)
        state, _ = play_game(config, args.out, cards)
        assert state.result is not None
        for line in state.result[: args.players]:
            totals[line.seat] += line.total
        winner = next(line.seat for line in state.result if line.rank == 1)
        wins[state.seats[winner].kind] += 1
    print(f"games: {args.games}  players: {args.players}  bots: {','.join(kinds)}")
    for seat, sc in enumerate(seats):
        print(f"  seat {seat} ({sc.kind}): mean score {totals[seat] / max(args.games, 1):.2f}")
    for kind, n in sorted(wins.items()):
        print(f"  wins {kind}: {n} ({100 * n / max(args.games, 1):.1f}%)")
    if args.out:
        print(f"logs in {args.out}")
    return 0


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
