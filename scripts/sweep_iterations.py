"""How the search's strength follows its iterations: one tree of N iterations (the
learned evaluation, as both levels use) against the medium level, two players, each
seed twice with the seats swapped.

    python scripts/sweep_iterations.py --iterations 100,1000,2500 --games 120

Prints, for each N, the games it won with a 95% interval and its mean score difference,
every 20 games and at the end. Found with it on 2026-11-25 (docs/bot-strength.md): the
search gains to about 300 iterations, no more to 1,000, and loses by 2,500 — the hard
level's two trees of 2,500 lose to medium's 300 too.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cwtui.processes import default_workers, run_all
from cwtui.tournament import wilson
from engine import GameConfig, SeatConfig, apply_in_place, load_cards, new_game
from engine.bots import LEARNED, Bot, IsmctsBot, decide, search_bot
from engine.bots.model_file import shipped_model
from engine.rng import stream_seed

CARDS = load_cards()


@dataclass(frozen=True)
class Game:
    seed: int
    seat: int  # the swept bot's seat
    iterations: int


def play(game: Game) -> tuple[bool, int]:
    """One game: whether the swept bot won, and its score less medium's."""
    seats = (SeatConfig("swept", "human"), SeatConfig("medium", "human"))
    state = new_game(GameConfig(seats=seats, seed=game.seed), CARDS)
    bots: dict[int, Bot] = {}
    for seat in range(2):
        seed = stream_seed(game.seed, f"bot-{seat}")
        if seat == game.seat:
            bots[seat] = IsmctsBot(seed, CARDS, game.iterations, evaluate=shipped_model(LEARNED))
        else:
            bots[seat] = search_bot("medium", seed, CARDS, timed=False)
    while not state.over:
        apply_in_place(state, decide(bots[state.to_act], state).move)
    assert state.result is not None
    lines = {line.seat: line for line in state.result}
    mine, theirs = lines[game.seat], lines[1 - game.seat]
    return mine.rank == 1, mine.total - theirs.total


def sweep(iterations: int, games: int, seed: int, workers: int) -> None:
    todo = [Game(seed + i // 2, i % 2, iterations) for i in range(games)]
    wins = margin = 0
    start = time.perf_counter()
    for done, (won, difference) in enumerate(run_all(play, todo, len(todo), workers, ordered=False), 1):
        wins += won
        margin += difference
        if done % 20 == 0 or done == len(todo):
            low, high = wilson(wins, done)
            print(f"{iterations} iterations against medium: {done} games, won {wins} ({100 * wins / done:.1f}%, "
                  f"95% {100 * low:.1f}–{100 * high:.1f}%), score {margin / done:+.2f} a game, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", default="100,1000,2500", help="the iterations to sweep, comma-separated")
    parser.add_argument("--games", type=int, default=120, help="games for each (each seed twice)")
    parser.add_argument("--seed", type=int, default=7_700_000)
    parser.add_argument("--workers", type=int, default=default_workers())
    args = parser.parse_args()
    for n in (int(x) for x in args.iterations.split(",")):
        sweep(n, args.games, args.seed, args.workers)


if __name__ == "__main__":
    main()
