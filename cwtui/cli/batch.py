"""`cwtui simulate`, `tournament`, `verify` and `review`: work on many games, on every
core, with a progress bar; Ctrl+C stops it with what was done kept."""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cwtui.cli import history as history_commands
from cwtui.cli.args import (
    BOT_NAMES,
    EXIT_STOPPED,
    UsageError,
    bots_arg,
    cards_from,
    count_arg,
    names_arg,
    need_writable_folder,
    seed_arg,
)
from cwtui.cores.processes import BACKENDS, default_workers, run_all
from cwtui.game.saved import replays_dir
from cwtui.game.words import level_name, quantity
from cwtui.lang import _, number
from cwtui.outside import plain
from cwtui.shell.progress import progress_bar
from engine.config import REVIEW_LEVELS, SEEDS

if TYPE_CHECKING:  # self-play (and the bots) load when a command runs
    from cwtui.batch import selfplay


def add_parsers(sub: Any) -> None:
    sim = sub.add_parser("simulate", help=_("play bot-only games and write their logs"))
    sim.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4), help=_("seats at each table (default 2)"))
    sim.add_argument("--games", type=count_arg(1), default=100, help=_("games to play (default 100)"))
    sim.add_argument("--seed", type=seed_arg, default=1, help=_("game i uses seed SEED+i"))
    sim.add_argument("--bots", type=bots_arg, default=("random",),
                     help=_("comma list of {bots}, cycled over the seats").format(bots=BOT_NAMES))  # fmt: skip
    sim.add_argument("--out", type=Path, default=None, help=_("folder for the logs (none: no logs)"))
    sim.add_argument("--no-tag-points", action="store_true", help=_("the variant without tag points (R11.1)"))
    sim.add_argument("--cards", type=Path, default=None, help=_("another card data file (default: the built-in)"))
    sim.add_argument("--workers", type=count_arg(0, 1024), default=0,
                     help=_("processes to play on (default 0: one per core)"))  # fmt: skip
    sim.add_argument("--load", action="store_true", help=_("then load the logs into the history database"))
    sim.add_argument(
        "--backend", choices=BACKENDS, default="local",
        help=_("ray: play on a Ray cluster ($RAY_ADDRESS, else a local one); needs pip install 'cwtui[ray]'"),
    )  # fmt: skip
    sim.add_argument(
        "--db", type=Path, default=None, help=_("the history database for --load (default: REPLAYS/history.duckdb)")
    )
    sim.set_defaults(run=simulate)
    ver = sub.add_parser("verify", help=_("re-simulate logs and check every event, outcome and bot move"))
    ver.add_argument("files", nargs="+", type=Path, help=_("game logs (*.jsonl)"))
    ver.add_argument("--cards", type=Path, default=None, help=_("the card data file the games were played with"))
    ver.add_argument("--workers", type=count_arg(0, 1024), default=0,
                     help=_("processes to check on (default 0: one per core)"))  # fmt: skip
    ver.add_argument(
        "--skip-bots", action="store_true",
        help=_("do not ask the bots again (fast; a search bot takes as long to check as to play)"),
    )  # fmt: skip
    ver.set_defaults(run=verify)
    tour = sub.add_parser("tournament", help=_("bots against bots, every seat in turn: win rates and Elo"))
    tour.add_argument(
        "--bots",
        type=bots_arg,
        default=("greedy", "random"),
        help=_("a bot kind per seat (2–4 of them): {bots}").format(bots=BOT_NAMES),
    )
    tour.add_argument(
        "--games", type=count_arg(1, 1_000_000), default=400, help=_("games in all (a multiple of the seats)")
    )
    tour.add_argument("--seed", type=seed_arg, default=1)
    tour.add_argument("--workers", type=count_arg(0, 1024), default=0,
                      help=_("processes to play on (default 0: one per core)"))  # fmt: skip
    tour.add_argument("--out", type=Path, default=None, help=_("folder for the logs (default: REPLAYS/tournament)"))
    tour.add_argument("--db", type=Path, default=None, help=_("the history database (default: REPLAYS/history.duckdb)"))
    tour.set_defaults(run=tournament)
    rev = sub.add_parser(
        "review", help=_("grade every decision of a saved game by a search from the seat's view: accuracy, worst moves")
    )
    rev.add_argument("files", nargs="+", type=Path, help=_("game logs (*.jsonl)"))
    rev.add_argument("--seats", type=names_arg, default=None, metavar="SEAT,…",
                     help=_("seats to review, by number from 0 or by name (default: the humans; every seat of a "
                          "game of bots)"))  # fmt: skip
    rev.add_argument("--level", choices=REVIEW_LEVELS, default="medium",
                     help=_("the search that judges: medium (fast) or hard (about 20× as long, steadier)"))  # fmt: skip
    rev.add_argument("--workers", type=count_arg(0, 1024), default=0,
                     help=_("processes to search on (default 0: one per core)"))  # fmt: skip
    rev.add_argument(
        "--backend", choices=BACKENDS, default="local",
        help=_("ray: search on a Ray cluster ($RAY_ADDRESS, else a local one); needs pip install 'cwtui[ray]'"),
    )  # fmt: skip
    rev.add_argument("--cards", type=Path, default=None, help=_("the card data file the games were played with"))
    rev.set_defaults(run=review)


def simulate(args: argparse.Namespace) -> int:
    from cwtui.batch import selfplay

    plan = selfplay.Plan(args.players, args.games, args.seed, args.bots, not args.no_tag_points, args.cards, args.out)
    if args.load:
        history_commands.check_db(history_commands.database(args), args.command)
    _check_plan(plan, args)
    if args.backend == "ray":
        _need_ray("simulate")
    workers = args.workers or default_workers()
    summary = Summary(plan)
    try:
        with progress_bar("games", show_from=100) as bar:
            summary.add_all(selfplay.run(plan, workers, bar, backend=args.backend))
    except KeyboardInterrupt:
        if plan.out is None:
            print("\ncwtui simulate: " + _("stopped; no logs were being written, so nothing was kept"), file=sys.stderr)
        else:
            done = len(selfplay.finished_before(plan))
            said = _("stopped with {done} of {games} games done; run the same command again to play the rest")
            print("\ncwtui simulate: " + said.format(done=done, games=plan.games), file=sys.stderr)
        return EXIT_STOPPED
    summary.print()
    if args.out:
        print(_("logs in {folder}").format(folder=args.out))
        if args.load:
            return history_commands.load_folders(args, [args.out])
    return 0


def tournament(args: argparse.Namespace) -> int:
    """Logs go into the history too, so the games can be asked about in SQL."""
    from rich.console import Console
    from rich.table import Table

    from cwtui.batch import selfplay
    from cwtui.batch.tournament import elo, standings

    kinds = args.bots
    if not 2 <= len(kinds) <= 4:
        said = _("give 2–4 bot kinds from {kinds}, one per seat").format(kinds=BOT_NAMES)
        raise UsageError(f"cwtui tournament: {said}")
    games = -(-args.games // len(kinds)) * len(kinds)  # whole rotations
    if games != args.games:
        said = _(
            "{games} games, not {asked}: every bot plays every seat on the same deals, so the games come in "
            "rotations of {seats}"
        )
        print("cwtui tournament: " + said.format(games=games, asked=args.games, seats=len(kinds)), file=sys.stderr)
    out = args.out or replays_dir(args.replays_dir) / "tournament"
    plan = selfplay.Plan(len(kinds), games, args.seed, kinds, out=out, rotate=True)
    history_commands.check_db(history_commands.database(args), args.command)
    _check_plan(plan, args)  # last: it makes the --out folder
    try:
        with progress_bar("games", show_from=100) as bar:
            outcomes = list(selfplay.run(plan, args.workers or default_workers(), bar))
    except KeyboardInterrupt:
        print("\ncwtui tournament: " + _("stopped; run the same command again to play the rest"), file=sys.stderr)
        return EXIT_STOPPED
    console = Console()
    table = Table(title=f"{quantity(games, 'game')}, {len(kinds)} seats, every bot in every seat on the same deals")
    for col in ("bot", "games", "wins", "win rate", "95% interval", "mean score", "Elo"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    ratings = elo(outcomes)
    for s in standings(outcomes):
        table.add_row(
            s.name, str(s.games), f"{s.wins:.0f}", f"{100 * s.rate:.1f}%", f"{100 * s.low:.1f}–{100 * s.high:.1f}%",
            f"{s.mean_score:.1f}", f"{ratings[s.name]:.0f}",
        )  # fmt: skip
    console.print(table)
    print(_("logs in {folder}").format(folder=out))
    return history_commands.load_folders(args, [out])


def _check_plan(plan: selfplay.Plan, args: argparse.Namespace) -> None:
    """Everything a run needs, checked before the first game."""
    if plan.last_seed >= SEEDS:
        raise UsageError(
            f"cwtui {args.command}: the last game would need seed {plan.last_seed:,}, past 2**64 - 1; "
            "give a smaller --seed or fewer --games"
        )
    if plan.cards is not None:
        cards_from(plan.cards, args.command)
    if plan.out is not None:
        need_writable_folder(plan.out, "--out", args.command)


class Summary:
    """The mean score per seat and the wins per bot kind, added up as games end (a run
    of a billion games keeps no list of them)."""

    def __init__(self, plan: selfplay.Plan) -> None:
        self.plan = plan
        self.games = 0
        self.totals = [0] * plan.players
        self.wins: dict[str, int] = defaultdict(int)

    def add_all(self, outcomes: Iterable[selfplay.Outcome]) -> None:
        for o in outcomes:
            self.games += 1
            for seat in range(self.plan.players):
                self.totals[seat] += o.totals[seat]
            self.wins[o.winner_kind] += 1

    def print(self) -> None:
        plan, games = self.plan, max(self.games, 1)
        # in the language in use, as every line a player reads (issue 68.3); seats from 1
        bots = ", ".join(map(level_name, plan.kinds))
        print(
            _("games: {games}  players: {players}  bots: {bots}").format(
                games=self.games, players=plan.players, bots=bots
            )
        )
        for seat, sc in enumerate(plan.seats):
            mean = number(self.totals[seat] / games, 2)
            print(
                "  "
                + _("seat {seat} ({bot}): mean score {mean}").format(seat=seat + 1, bot=level_name(sc.kind), mean=mean)
            )
        for kind, n in sorted(self.wins.items(), key=lambda win: level_name(win[0])):
            share = number(100 * n / games, 1)
            print("  " + _("wins {bot}: {wins} ({share}%)").format(bot=level_name(kind), wins=n, share=share))


def verify(args: argparse.Namespace) -> int:
    """Each log's verdict on a line, in the order given: one log at a time with a bar
    for its plies (a search bot's log takes minutes), or many on every core."""
    from cwtui.game.verification import Verdict, verify_in_worker, verify_log

    cards = cards_from(args.cards, "verify")
    files: list[Path] = args.files
    workers = min(args.workers or default_workers(), len(files))
    bots = not args.skip_bots
    failed = 0

    def report(path: Path, verdict: Verdict) -> None:
        nonlocal failed
        print(f"{plain(str(path))}: {plain(verdict.text)}", flush=True)
        failed += not verdict.ok

    try:
        if workers <= 1:
            for path in files:
                with progress_bar("plies", show_from=1) as bar:
                    report(path, verify_log(path, cards, bots, progress=bar))
        else:
            jobs = ((path, args.cards, bots) for path in files)
            with progress_bar("logs", show_from=100) as bar:
                for done, (path, verdict) in enumerate(zip(files, run_all(verify_in_worker, jobs, len(files), workers),
                                                           strict=True), 1):  # fmt: skip
                    report(path, verdict)
                    bar(done, len(files))
    except KeyboardInterrupt:
        said = _("stopped; {failed} of the logs checked so far failed").format(failed=failed)
        print("\ncwtui verify: " + said, file=sys.stderr)
        return EXIT_STOPPED
    return 1 if failed else 0


def review(args: argparse.Namespace) -> int:
    """Each game's review: per seat its accuracy, its grades and its three costliest
    decisions in words. Reviews are kept beside the logs and reused."""
    from cwtui.game import review as reviews

    cards = cards_from(args.cards, "review")
    if args.backend == "ray":
        _need_ray("review")
    workers = args.workers or default_workers()
    games = []
    for path in args.files:  # every file a game it can review, before the first search
        try:
            read = reviews.read_game(path, cards)
        except reviews.ReviewError as exc:
            raise UsageError(f"cwtui review: {exc}") from None
        try:
            reviews.choose_seats(read[0], args.seats)
        except reviews.ReviewError as exc:
            raise UsageError(f"cwtui review: {path}: {exc}") from None
        games.append((path, read))
    for path, read in games:
        try:
            with progress_bar("decisions", show_from=1) as bar:
                game = reviews.review(path, cards, args.level, args.seats, workers, bar, args.backend, read=read)
        except KeyboardInterrupt:
            said = _("stopped while reviewing {path}; nothing of it was kept").format(path=path)
            print("\ncwtui review: " + said, file=sys.stderr)
            return EXIT_STOPPED
        for note in game.notes:
            print(f"cwtui review: {note}", file=sys.stderr)
        print("\n".join(reviews.report(game, cards)), flush=True)
    return 0


def _need_ray(command: str) -> None:
    try:
        import ray  # noqa: F401
    except ImportError:
        raise UsageError(f"cwtui {command}: " + _("--backend ray needs Ray: pip install 'cwtui[ray]'")) from None
