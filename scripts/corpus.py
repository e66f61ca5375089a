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
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.state import State

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


def decisions(players: int, games: int) -> list[State]:
    """Every position with a real choice in greedy games, seeds 0..games-1 (the search
    benchmarks' sample: scripts/bench_ismcts.py, train_evaluation.py)."""
    from engine import GameConfig, SeatConfig, apply_in_place, legal_moves, load_cards, new_game
    from engine.bots import GreedyBot
    from engine.view import view

    cards = load_cards()
    found = []
    for seed in range(games):
        seats = tuple(SeatConfig(f"P{i}", "greedy") for i in range(players))
        s = new_game(GameConfig(seats=seats, seed=seed))
        bot = GreedyBot(seed, cards)
        while not s.over:
            moves = legal_moves(s)
            if len(moves) > 1:
                found.append(s.clone())
            apply_in_place(s, bot.choose(view(s, s.to_act), moves))
    return found
