"""Does the review call the hint's move a mistake? (issue 53.3: "the review never calls
the hint's move a mistake where its own measurement does not separate them").

    python scripts/hint_vs_review.py [--positions 200] [--every 6]

Positions come from seeded games of 2 to 4 random-playing seats (every `--every`-th
decision with more than one option). At each, the hint (engine.bots.judge.weigh: the
review's medium judge) is asked, and its move and the two it weighed are reviewed as
a played move is (engine.bots.judge.judge):

- at medium, the review's own level: how often the review grades the hint's move
  anything but best, and whether the points the hint says each weighed move gives up
  are the review's (one judge: the very number where the review does not race the move,
  a number inside the hint's interval where it rolls out longer);
- at hard, the stronger review (`cwtui review --level hard`): how often it grades the
  hint's move an inaccuracy or worse, and how many of those its own measurement calls
  significant (the loss's 95% interval, from the rollouts' paired differences, clears
  the inaccuracy bound).

Prints numbers and the time a hint took (median, slowest); asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Iterator

from engine import GameConfig, SeatConfig, apply, legal_moves, new_game
from engine.bots.judge import GRADE_BOUNDS, MISTAKES, ROLLOUTS, Bench, Position, grade, judge, spanned, weigh
from engine.rng import Rng
from engine.state import State
from engine.view import view

GAMES = ((2, 11), (3, 12), (4, 13), (2, 14), (3, 15), (4, 16), (2, 17), (3, 18), (4, 19), (2, 20))
INACCURACY = dict(GRADE_BOUNDS)["good"]  # a loss from this up is an inaccuracy or worse


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
    parser.add_argument("--every", type=int, default=6)
    args = parser.parse_args()
    medium: Counter[str] = Counter()
    hard: Counter[str] = Counter()
    said_wrong = weighed_moves = significant = raced = 0
    flagged: list[str] = []
    took: list[float] = []
    n = 0
    for state in decisions(args.every):
        if n >= args.positions:
            break
        n += 1
        seen, moves = view(state, state.to_act), legal_moves(state)
        started = time.perf_counter()
        hint = weigh(seen, moves, state.cards)
        took.append(time.perf_counter() - started)
        for k, weighed in enumerate(hint):
            played = Position(state.ply, state.to_act, state.phase, seen, moves, weighed.move)
            judged = judge(played, "medium", state.cards)
            weighed_moves += 1
            if judged.rollouts > ROLLOUTS["medium"]:  # the review raced it: longer, on the same streams
                raced += 1
                said_wrong += abs(judged.loss - weighed.loss) > weighed.margin
            else:
                said_wrong += judged.loss != weighed.loss
            if k == 0:
                medium[judged.grade] += 1
        pick = hint[0].move
        bench = Bench(seen, moves, state.cards, "hard")
        bench.settle(pick)  # as the review at hard settles a move played
        loss, margin = bench.loss(pick), bench.margin(pick)
        hard[grade(loss)] += 1  # by the loss alone
        if grade(loss) in MISTAKES:
            sure = spanned(loss, margin)[0] in MISTAKES  # its interval clears the inaccuracy's bound
            significant += sure
            flagged.append(
                f"  game seed {state.config.seed}, ply {state.ply}: {grade(loss)} (−{loss:.1f} ± {margin:.1f})"
                + (" significant" if sure else "")
            )
    print(f"positions: {n}, hint time median {statistics.median(took):.2f} s, slowest {max(took):.2f} s")
    print("the hint's move reviewed at medium: " + ", ".join(f"{g} {medium[g]}" for g in ("best", "good", *MISTAKES)))
    print(
        f"points the hint said a weighed move gives up, not the medium review's: {said_wrong} of {weighed_moves} "
        f"(not the same number where the review did not race the move, outside the hint's interval where it did: "
        f"{raced} raced)"
    )
    print(
        "the hint's move at hard, by its loss alone: "
        + ", ".join(f"{g} {hard[g]}" for g in ("best", "good", *MISTAKES))
    )
    print(f"  of which the review at hard flags (the loss's 95% interval clears {INACCURACY} points): {significant}")
    print("\n".join(flagged))


if __name__ == "__main__":
    main()
