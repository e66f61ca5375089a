"""The strength tournaments behind docs/bot-strength.md, played across sittings.

    python scripts/strength.py run --work runs/strength    # unpack the kept games, play on
    python scripts/strength.py run --work runs/strength hard-medium-2p   # that one alone
    python scripts/strength.py count --work runs/strength  # each tournament's standing so far
    python scripts/strength.py keep --work runs/strength   # pack the finished games not yet kept

Each tournament is `cwtui tournament` (every seed once per seat rotation, so each bot
plays each seat on the same deals), played by budget alone: the same games on any
machine. They take many core-hours, more than one sitting has, and a sitting's machine
keeps nothing after it: so the finished games are kept in the repository, packed with
xz (about 5 KB a game), in replays/strength/engine-VERSION/NAME-NNN.tar.xz. `run`
unpacks them into the work folder first, and each tournament resumes from its logs,
playing only the games not yet finished; the packed logs are also the evidence behind
the figures (`cwtui verify` asks each bot move of its bot again). A newer engine plays
other games, so its games go to a folder of their own and start from none.

`count` reads the finished logs only (a game being played is left alone), so it can
run beside `run`.
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
import tarfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cwtui.batch.selfplay import Outcome, Plan, finished_outcome
from cwtui.batch.tournament import elo, standings
from engine import ENGINE_VERSION

ROOT = Path(__file__).resolve().parents[1]
KEPT = ROOT / "replays" / "strength" / f"engine-{ENGINE_VERSION}"
SEED = 2026
LOG_NAME = re.compile(r"match-[1-4]p-[0-9]+-r[0-3]\.jsonl")
# name, the bots by seat, games (whole rotations of the seats)
TOURNAMENTS = (
    ("hard-greedy-2p", ("hard", "greedy"), 400),
    ("hard-medium-2p", ("hard", "medium"), 400),
    ("hard-greedy-3p", ("hard", "greedy", "greedy"), 201),
    ("hard-greedy-4p", ("hard", "greedy", "greedy", "greedy"), 200),
)


def plan(name: str, work: Path) -> Plan:
    kinds, games = next((k, g) for n, k, g in TOURNAMENTS if n == name)
    return Plan(len(kinds), games, SEED, kinds, out=work / name, rotate=True)


def archives(name: str) -> list[Path]:
    return sorted(KEPT.glob(f"{name}-[0-9][0-9][0-9].tar.xz"))


def kept_names(name: str) -> set[str]:
    names: set[str] = set()
    for archive in archives(name):
        with tarfile.open(archive) as tar:
            names.update(tar.getnames())
    return names


def unpack(name: str, work: Path) -> int:
    """The kept games of `name` into its work folder (those not there already)."""
    folder = work / name
    folder.mkdir(parents=True, exist_ok=True)
    count = 0
    for archive in archives(name):
        with tarfile.open(archive) as tar:
            for member in tar.getmembers():
                # a log's own name only: nothing lands outside the folder, whatever the archive says
                if member.isfile() and LOG_NAME.fullmatch(member.name) and not (folder / member.name).exists():
                    data = tar.extractfile(member)
                    assert data is not None  # a regular file's
                    (folder / member.name).write_bytes(data.read())
                    count += 1
    return count


def finished(name: str, work: Path) -> dict[str, Outcome]:
    """The tournament's finished games by log name."""
    p = plan(name, work)
    done = {}
    if p.out is not None and p.out.is_dir():
        for path in sorted(p.out.glob("match-*.jsonl")):
            game = p.game_of(path.name)
            outcome = finished_outcome(p, game, path) if game is not None else None
            if outcome is not None:
                done[path.name] = outcome
    return done


def chosen(names: list[str]) -> list[tuple[str, tuple[str, ...], int]]:
    """The tournaments named, in the order named (none named: all, in TOURNAMENTS' order)."""
    return [next(t for t in TOURNAMENTS if t[0] == name) for name in names] if names else list(TOURNAMENTS)


def run(work: Path, workers: int, names: list[str]) -> None:
    for name, kinds, games in chosen(names):
        print(f"{name}: {unpack(name, work)} kept games unpacked", flush=True)
        folder = work / name
        command = [sys.executable, "-m", "cwtui", "tournament", "--bots", ",".join(kinds), "--games", str(games),
                   "--seed", str(SEED), "--out", str(folder), "--db", str(work / f"{name}.duckdb"),
                   "--workers", str(workers)]  # fmt: skip
        if subprocess.run(command).returncode:
            sys.exit(f"{name}: the tournament stopped; run this again to play on")


def count(work: Path, names: list[str]) -> None:
    for name, _kinds, games in chosen(names):
        outcomes = list(finished(name, work).values())
        if not outcomes:
            print(f"{name}: no game finished of {games}")
            continue
        ratings = elo(outcomes)
        print(f"{name}: {len(outcomes)} of {games} games finished")
        for s in standings(outcomes):
            print(
                f"  {s.name:10} {s.wins:4.0f} wins  {100 * s.rate:5.1f}% (95% {100 * s.low:.1f}–{100 * s.high:.1f}%)"
                f"  mean score {s.mean_score:.1f}  Elo {ratings[s.name]:.0f}"
            )


def keep(work: Path, names: list[str]) -> None:
    """Pack each tournament's finished games that no archive holds yet into a new one."""
    KEPT.mkdir(parents=True, exist_ok=True)
    for name, _kinds, _games in chosen(names):
        new = sorted(set(finished(name, work)) - kept_names(name))
        if not new:
            print(f"{name}: nothing new to keep")
            continue
        number = len(archives(name)) + 1
        archive = KEPT / f"{name}-{number:03d}.tar.xz"
        with tarfile.open(archive, "w:xz", preset=9) as tar:
            for log in new:
                data = (work / name / log).read_bytes()
                info = tarfile.TarInfo(log)  # no times or owners: the same games pack the same
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
        print(f"{name}: {len(new)} games kept in {archive} ({archive.stat().st_size // 1024} KB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("run", "count", "keep"))
    parser.add_argument("--work", type=Path, required=True, help="the folder the tournaments play in")
    parser.add_argument("--workers", type=int, default=0, help="processes to play on (default: one per core)")
    known = [n for n, _k, _g in TOURNAMENTS]
    listed = ", ".join(known)
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"the tournaments to run, count or keep, in that order (default: {listed})")  # fmt: skip
    args = parser.parse_intermixed_args()  # the names may come before or after the options
    unknown = [n for n in args.names if n not in known]
    if unknown:
        parser.error(f"no tournament {unknown[0]!r}; choose from {', '.join(known)}")
    if args.action == "run":
        run(args.work, args.workers, args.names)
    elif args.action == "count":
        count(args.work, args.names)
    else:
        keep(args.work, args.names)


if __name__ == "__main__":
    main()
