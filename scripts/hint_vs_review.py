"""Does the review call the hint's move a mistake? (issue 53.3: "the review never calls
the hint's move a mistake where its own measurement does not separate them").

    python scripts/hint_vs_review.py [--positions 200] [--level medium] [--every 6]

Positions come from seeded games of 2 to 4 random-playing seats (every `--every`-th
decision with more than one option). At each, the hint's move (engine.bots.hint,
untimed: the hint a player gets, without the clock) is judged as the review judges a
chosen move (engine.bots.judge.judge at `--level`): its loss in points against the
review's best, and its grade. Prints how often the review agrees (the same move), and
how many hint moves it grades an inaccuracy or worse, with their losses. Prints
numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Iterator

from engine import GameConfig, SeatConfig, apply, legal_moves, new_game
from engine.bots import hint
from engine.bots.judge import MISTAKES, Position, judge
from engine.rng import Rng
from engine.state import State
from engine.view import view

GAMES = ((2, 11), (3, 12), (4, 13), (2, 14), (3, 15), (4, 16), (2, 17), (3, 18))


def decisions(every: int) -> Iterator[State]:
    for players, seed in GAMES:
        seats = tuple(SeatConfig(f"P{i}") for i in range(players))
        state = new_game(GameConfig(seats=seats, seed=seed))
        rng = Rng(seed)
        while not state.over:
            moves = legal_moves(state)
            if len(moves) > 1 and state.ply % every == 0:
                yield state
            state, _ = apply(state, moves[rng.below(len(moves))])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--every", type=int, default=6)
    args = parser.parse_args()
    grades: Counter[str] = Counter()
    same = 0
    flagged: list[tuple[int, int, str, float]] = []
    started = time.perf_counter()
    n = 0
    for state in decisions(args.every):
        if n >= args.positions:
            break
        pick = hint(state, timed=False)[0].move
        seen = view(state, state.to_act)
        judged = judge(Position(state.ply, state.to_act, state.phase, seen, legal_moves(state), pick),
                       args.level, state.cards)  # fmt: skip
        n += 1
        same += judged.best == pick
        grades[judged.grade] += 1
        if judged.grade in MISTAKES:
            flagged.append((state.config.seed, state.ply, judged.grade, judged.loss))
    seconds = time.perf_counter() - started
    print(f"positions judged: {n} ({seconds:.0f} s, {seconds / max(n, 1):.2f} s each), review level {args.level}")
    print(f"the review's best is the hint's move: {same} ({same / max(n, 1):.0%})")
    print("the hint's move graded: " + ", ".join(f"{g} {grades[g]}" for g in ("best", "good", *MISTAKES)))
    for seed, ply, grade, loss in flagged:
        print(f"  game seed {seed}, ply {ply}: {grade} (−{loss:.1f})")


if __name__ == "__main__":
    main()
