"""The benchmarks' corpus of game logs, made by the project's own self-play
(`cwtui.batch.selfplay`, what `cwtui simulate` runs: every core, resumable), so that a corpus
is the same games whichever script or machine makes it.

Greedy against random bots, seed PLAYERS × 1,000,000 + i for game i, one folder per
player count (`p1` … `p4`): a corpus made again into the same folder finds its games
done and plays none.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

KINDS = ("greedy", "random")  # cycled over the seats: fast games with varied play
PLAYER_COUNTS = (1, 2, 3, 4)


def simulate(out: Path, games: int, players: Iterable[int] = PLAYER_COUNTS, workers: int = 0) -> list[Path]:
    """`games` games for each count of `players` into `out`/pN (on `workers` processes;
    0: one per core); the folders."""
    from cwtui.batch import selfplay
    from cwtui.cores.processes import default_workers

    folders = []
    for count in players:
        folder = out / f"p{count}"
        plan = selfplay.Plan(count, games, count * 1_000_000, KINDS, out=folder)
        for _outcome in selfplay.run(plan, workers or default_workers()):
            pass
        folders.append(folder)
    return folders


def logs_in(folders: Iterable[Path]) -> list[Path]:
    """Every log in `folders` and their subfolders (a corpus's pN), in order: the games
    in a folder as the app reads them (cwtui.game.saved.files_in)."""
    from cwtui.game.saved import files_in

    return sorted(Path(e.path) for folder in folders for e in files_in(folder))
