"""How the search's strength follows its iterations and its greedy prior: one tree of
N iterations (the learned evaluation, as both levels use) against the medium level,
two players, each seed twice with the seats swapped.

    python scripts/sweep_iterations.py --iterations 100,1000,2500 --games 120
    python scripts/sweep_iterations.py --iterations 2500 --prior-weight 17 --games 80

Prints, for each N, the games it won with a 95% interval and its mean score difference,
every 20 games and at the end. Found with it on 2026-11-25 (docs/bot-strength.md): with
the prior worth 2 playouts, the search gains to about 300 iterations, no more to 1,000,
and loses by 2,500; with the prior worth 17 (as much of 2,500 as 2 is of 300), 2,500
iterations beat medium. Engine 0.4.0's hard level is the second.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cwtui.batch.tournament import wilson
from cwtui.cores.processes import default_workers, run_all
from engine import GameConfig, SeatConfig, apply_in_place, load_cards, new_game
from engine.bots import LEARNED, Bot, IsmctsBot, decide, search_bot
from engine.bots.ismcts import PRIOR_WEIGHT
from engine.bots.model_file import shipped_model
from engine.rng import stream_seed

CARDS = load_cards()


@dataclass(frozen=True)
class Game:
    seed: int
    seat: int  # the swept bot's seat
    iterations: int
    prior_weight: float  # what the greedy prior is worth to its root moves


def play(game: Game) -> tuple[bool, int]:
    """One game: whether the swept bot won, and its score less medium's."""
    seats = (SeatConfig("swept", "human"), SeatConfig("medium", "human"))
    state = new_game(GameConfig(seats=seats, seed=game.seed), CARDS)
    bots: dict[int, Bot] = {}
    for seat in range(2):
        seed = stream_seed(game.seed, f"bot-{seat}")
        if seat == game.seat:
            bots[seat] = IsmctsBot(
                seed, CARDS, game.iterations, evaluate=shipped_model(LEARNED), prior_weight=game.prior_weight
            )
        else:
            bots[seat] = search_bot("medium", seed, CARDS, timed=False)
    while not state.over:
        apply_in_place(state, decide(bots[state.to_act], state).move)
    assert state.result is not None
    lines = {line.seat: line for line in state.result}
    mine, theirs = lines[game.seat], lines[1 - game.seat]
    return mine.rank == 1, mine.total - theirs.total


def sweep(iterations: int, prior_weight: float, games: int, seed: int, workers: int) -> None:
    todo = [Game(seed + i // 2, i % 2, iterations, prior_weight) for i in range(games)]
    wins = margin = 0
    start = time.perf_counter()
    for done, (won, difference) in enumerate(run_all(play, todo, len(todo), workers, ordered=False), 1):
        wins += won
        margin += difference
        if done % 20 == 0 or done == len(todo):
            low, high = wilson(wins, done)
            print(f"{iterations} iterations, prior worth {prior_weight:g}, against medium: {done} games, "
                  f"won {wins} ({100 * wins / done:.1f}%, "
                  f"95% {100 * low:.1f}–{100 * high:.1f}%), score {margin / done:+.2f} a game, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", default="100,1000,2500", help="the iterations to sweep, comma-separated")
    parser.add_argument("--prior-weight", type=float, default=PRIOR_WEIGHT,
                        help=f"the greedy prior's worth to a root move (default {PRIOR_WEIGHT:g})")  # fmt: skip
    parser.add_argument("--games", type=int, default=120, help="games for each (each seed twice)")
    parser.add_argument("--seed", type=int, default=7_700_000)
    parser.add_argument("--workers", type=int, default=default_workers())
    args = parser.parse_args()
    for n in (int(x) for x in args.iterations.split(",")):
        sweep(n, args.prior_weight, args.games, args.seed, args.workers)


if __name__ == "__main__":
    main()
