"""Fit the learned evaluation (engine.bots.learned) to self-play, then test it in play.

    cwtui simulate --players 2 --games 2000 --bots greedy --seed 7200000 --out runs/greedy-p2   # and 3, 4
    python scripts/train_evaluation.py runs/greedy-p2 runs/greedy-p3 runs/greedy-p4 --out model.json
    python scripts/train_evaluation.py --model model.json --match 400        # the match alone

Positions are sampled from the logs (every `--every`th ply of each game, from a random
first one), each seat's features read off the position, and its label is the seat
that won. The model — a conditional logit, as the hand-written evaluation is — is
fitted by Newton's method to the positions of 80% of the games; the other 20% measure
it beside the hand-written evaluation (log-loss, and how often the favourite won).
The match then plays a search bot with each evaluation against the other at equal
time (the script measures each one's iterations a second on the same positions, and the
faster one's bot searches `--iterations` a move, the slower one's that many times the
ratio), each seed twice with the seats swapped, and prints how often the learned one
finished ahead, with a 95% interval.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from corpus import logs_in  # the games in a folder, as the app reads them

from cwtui.batch.tournament import wilson
from cwtui.cores.processes import default_workers, run_all
from cwtui.game.logfile import read_log
from engine import apply_in_place, legal_moves, load_cards
from engine.bots import Bot, GreedyBot, IsmctsBot, decide
from engine.bots.learned import FEATURES, HAND_WRITTEN, Model, features, progress
from engine.bots.model_file import encode, load_model
from engine.config import GameConfig, SeatConfig
from engine.errors import EngineError
from engine.rng import Rng, stream_seed
from engine.setup import new_game, set_up
from engine.view import view
from engine.walk import walk_in_place

CARDS = load_cards()
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.int_]


@dataclass(frozen=True)
class Sample:
    """A position's features (a row a seat), its progress, and the seat that won."""

    rows: list[tuple[float, ...]]
    progress: float
    winner: int
    game: int  # which log: the held-out share is whole games


def positions(path: Path, game: int, every: int) -> list[Sample]:
    """Positions of one finished log (none from a log that cannot be read or did not end)."""
    try:
        log = read_log(path)
    except (EngineError, OSError):
        return []
    if log.footer is None:
        return []
    state, _ = set_up(log.header.config, CARDS, log.header.format)
    taken: list[tuple[list[tuple[float, ...]], float]] = []
    first = Rng(stream_seed(game, "sample")).below(every)
    for before, record in walk_in_place(state, log.plies):
        if record.ply % every == first:
            taken.append((features(before), progress(before)))
    if state.result is None or state.result != log.footer.scores:
        return []
    winner = next(line.seat for line in state.result if line.rank == 1)
    return [Sample(rows, t, winner, game) for rows, t in taken]


def _positions_of(job: tuple[Path, int, int]) -> list[Sample]:
    return positions(*job)


def read_samples(folders: list[Path], every: int, workers: int) -> list[Sample]:
    logs = logs_in(folders)
    jobs = [(path, i, every) for i, path in enumerate(logs)]
    samples: list[Sample] = []
    for found in run_all(_positions_of, jobs, len(jobs), workers):
        samples += found
    print(f"{len(samples):,} positions from {len(logs):,} logs (every {every}th ply)", file=sys.stderr)
    return samples


def arrays(samples: list[Sample]) -> tuple[Floats, Bools, Ints]:
    """X: (positions, 4 seats, 2·features), the features and the features times the
    progress; mask: which seats are real; y: the winner."""
    n, k = len(samples), len(FEATURES)
    x = np.zeros((n, 4, 2 * k))
    mask = np.zeros((n, 4), dtype=bool)
    y = np.zeros(n, dtype=int)
    for i, s in enumerate(samples):
        rows = np.array(s.rows)
        x[i, : len(rows), :k] = rows
        x[i, : len(rows), k:] = rows * s.progress
        mask[i, : len(rows)] = True
        y[i] = s.winner
    return x, mask, y


def log_loss(w: Floats, x: Floats, mask: Bools, y: Ints) -> tuple[float, float]:
    """The mean negative log-likelihood of the winners, and how often the favourite won."""
    p = chances(w, x, mask)
    picked = p[np.arange(len(y)), y]
    return float(-np.mean(np.log(np.maximum(picked, 1e-12)))), float(np.mean(p.argmax(axis=1) == y))


def chances(w: Floats, x: Floats, mask: Bools) -> Floats:
    u = np.where(mask, x @ w, -np.inf)
    u = u - u.max(axis=1, keepdims=True)
    e: Floats = np.exp(u)
    p: Floats = e / e.sum(axis=1, keepdims=True)
    return p


def fit(x: Floats, mask: Bools, y: Ints, ridge: float = 1e-3) -> Floats:
    """Newton's method on the conditional logit's log-likelihood, from the hand-written
    weights, with a small ridge toward them (it keeps the rarely seen features sane)."""
    start = np.array(HAND_WRITTEN)
    w = start.copy()
    n = len(y)
    for step in range(50):
        p = chances(w, x, mask)  # (n, 4)
        mean = np.einsum("ns,nsk->nk", p, x)  # each position's expected features
        grad = (x[np.arange(n), y] - mean).sum(axis=0) / n - ridge * (w - start)
        centred = x - mean[:, None, :]
        hess = -np.einsum("ns,nsk,nsl->kl", p, centred, centred) / n - ridge * np.eye(len(w))
        delta = np.linalg.solve(hess, grad)
        w = w - delta
        if np.abs(delta).max() < 1e-8:
            print(f"fitted in {step + 1} Newton steps", file=sys.stderr)
            break
    return w


def train(args: argparse.Namespace) -> Model:
    samples = read_samples(args.logs, args.every, args.workers)
    games = sorted({s.game for s in samples})
    held_out = set(games[:: max(1, round(1 / args.holdout))])
    train_x, train_mask, train_y = arrays([s for s in samples if s.game not in held_out])
    test_x, test_mask, test_y = arrays([s for s in samples if s.game in held_out])
    w = fit(train_x, train_mask, train_y)
    print(f"held-out games: {len(held_out):,} ({len(test_y):,} positions)")
    print(f"  {'evaluation':14} {'log-loss':>9} {'favourite won':>14}")
    uniform = np.zeros(len(w))  # every seat alike: what knowing nothing scores
    for name, weights in (("uniform", uniform), ("hand-written", np.array(HAND_WRITTEN)), ("learned", w)):
        loss, right = log_loss(weights, test_x, test_mask, test_y)
        print(f"  {name:14} {loss:9.4f} {100 * right:13.1f}%")
    print_by_progress(w, test_x, test_mask, test_y)
    print("weights (utility = Σ (early + late·t) · feature):")
    k = len(FEATURES)
    for i, name in enumerate(FEATURES):
        print(f"  {name:24} early {w[i]:7.3f} (hand {HAND_WRITTEN[i]:.3f})  late {w[k + i]:+7.3f}")
    made = args.about or ", ".join(p.name for p in args.logs)
    trained_on = f"{made}; every {args.every}th ply; {len(samples):,} positions"
    args.out.write_bytes(encode(tuple(float(v) for v in w), trained_on))
    model = load_model(args.out)
    print(f"wrote {args.out} ({model.name})")
    return model


def print_by_progress(w: Floats, x: Floats, mask: Bools, y: Ints) -> None:
    """Log-loss by stage of the game (t in thirds), both evaluations."""
    k = len(FEATURES)
    fish = x[:, :, k - 1].max(axis=1)  # the fish feature is a share of 12: t is its maximum
    print("  by stage (most fish held, of 12):")
    for low, high in ((0, 4), (4, 8), (8, 13)):
        rows = (fish * 12 >= low - 1e-9) & (fish * 12 < high - 1e-9)
        if rows.sum() == 0:
            continue
        hand, _ = log_loss(np.array(HAND_WRITTEN), x[rows], mask[rows], y[rows])
        learned, _ = log_loss(w, x[rows], mask[rows], y[rows])
        print(f"    {low:2}–{high - 1:2} fish: {rows.sum():7,} positions  hand {hand:.4f}  learned {learned:.4f}")


# -- the match ------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    seed: int
    learned_seat: int
    players: int
    learned: int  # iterations a move, the learned evaluation's bot
    hand: int  # and the hand-written one's
    model: Model


def play(game: Game) -> tuple[int, int, bool]:
    """One game of the learned evaluation's bot against the hand-written one's (the
    other seats, in games of 3–4, play greedy): (seed, learned seat, learned won)."""
    seats = tuple(SeatConfig(f"P{i}", "human") for i in range(game.players))
    state = new_game(GameConfig(seats=seats, seed=game.seed), CARDS)
    bots: dict[int, Bot] = {}
    for seat in range(game.players):
        seed = stream_seed(game.seed, f"bot-{seat}")
        if seat == game.learned_seat:
            bots[seat] = IsmctsBot(seed, CARDS, game.learned, kind=game.model.name, evaluate=game.model)
        elif seat == (game.learned_seat + 1) % game.players:
            bots[seat] = IsmctsBot(seed, CARDS, game.hand, kind="hand-written")
        else:
            bots[seat] = GreedyBot(seed, CARDS)
    while not state.over:
        apply_in_place(state, decide(bots[state.to_act], state).move)
    assert state.result is not None
    ranks = {line.seat: line.rank for line in state.result}
    return game.seed, game.learned_seat, ranks[game.learned_seat] < ranks[(game.learned_seat + 1) % game.players]


def match(model: Model, args: argparse.Namespace, learned: int, hand: int) -> None:
    games = [
        Game(args.seed + i // 2, (i % 2), args.players, learned, hand, model) for i in range(args.match)
    ]  # each seed twice, the two bots' seats swapped
    print(f"match: {model.name} ({learned} iterations a move) against hand-written ({hand}), {args.players} "
          f"players, {len(games)} games on {args.workers} processes", file=sys.stderr)  # fmt: skip
    wins = done = 0
    start = time.perf_counter()
    for _seed, _seat, won in run_all(play, games, len(games), args.workers, ordered=False):
        wins += won
        done += 1
        if done % 20 == 0:
            low, high = wilson(wins, done)
            took = time.perf_counter() - start
            print(f"  {done} games: learned ahead in {wins} ({100 * wins / done:.1f}%, "
                  f"95% {100 * low:.1f}–{100 * high:.1f}%), {took:.0f} s", file=sys.stderr)  # fmt: skip
    low, high = wilson(wins, done)
    print(f"learned ({model.name}) ahead of hand-written in {wins} of {done} games: {100 * wins / done:.1f}% "
          f"(95% interval {100 * low:.1f}–{100 * high:.1f}%)")  # fmt: skip


def cost(model: Model) -> float:
    """Iterations a second with each evaluation, searches of the same positions, in turn
    (60 decisions spread over two greedy games, as scripts/bench_ismcts.py picks them)."""
    from corpus import decisions  # a shared helper of scripts/: on the path when this one runs

    found = decisions(2, 2)
    positions = found[:: max(1, len(found) // 60)][:60]
    rates: dict[str, list[float]] = {"hand-written": [], "learned": []}
    for _ in range(3):
        for name, evaluate in (("hand-written", None), ("learned", model)):
            start = time.perf_counter()
            iterations = 0
            for s in positions:
                bot = IsmctsBot(7, CARDS, 300, evaluate=evaluate)
                bot.choose(view(s, s.to_act), legal_moves(s))
                iterations += bot.last_iterations
            rates[name].append(iterations / (time.perf_counter() - start))
    hand, learned = (statistics.median(rates[n]) for n in ("hand-written", "learned"))
    print(f"iterations a second (2 players, {len(positions)} positions, medians of 3 rounds in turn): "
          f"hand-written {hand:,.0f}, learned {learned:,.0f} ({learned / hand:.2f}×)")  # fmt: skip
    return learned / hand


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", nargs="*", type=Path, help="folders of cwtui simulate logs to fit on")
    parser.add_argument("--out", type=Path, default=Path("evaluation.json"), help="the model file to write")
    parser.add_argument("--about", help="how the logs were made, for the model file (default: their folders' names)")
    parser.add_argument("--model", type=Path, help="a model file to test instead of fitting one")
    parser.add_argument("--every", type=int, default=10, help="sample every Nth ply of a game")
    parser.add_argument("--holdout", type=float, default=0.2, help="share of games held out to measure the fit")
    parser.add_argument("--match", type=int, default=0, help="games to play, learned against hand-written")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--iterations", type=int, default=300, help="iterations a move in the match (medium's)")
    parser.add_argument("--seed", type=int, default=9_000_000)
    parser.add_argument("--workers", type=int, default=default_workers())
    args = parser.parse_args()
    if args.model is not None:
        model = load_model(args.model)
    elif args.logs:
        model = train(args)
    else:
        parser.error("give folders of logs to fit on, or --model")
    ratio = cost(model)
    if args.match:
        # Equal time: the slower evaluation's bot searches fewer iterations.
        learned = round(args.iterations * min(1.0, ratio))
        hand = round(args.iterations * min(1.0, 1 / ratio))
        match(model, args, learned, hand)


if __name__ == "__main__":
    main()
