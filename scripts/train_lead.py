"""Train the lead evaluation (engine.bots.lead) on self-play, played on Ray or local processes.

    python scripts/train_lead.py --games 60000 --bots easy --seed 8100000 --backend ray \\
        --out lead.json        # then: mv lead.json engine/data/<its name>.json
    python scripts/train_lead.py --model engine/data/lead-XXXXXXXX.json --games 2000 --seed 8900000

Games are played as `cwtui simulate` plays them (cwtui.batch.selfplay's seats; game i
has seed SEED+i and, by default, i % 4 + 1 players), in tasks of a few hundred games,
each on Ray (`--backend ray`: $RAY_ADDRESS, else a local cluster) or on this machine's
processes. No log is kept: a task sends back, for every `--every`th ply of its games
(from a random first one), each seat's row — the network's inputs
(engine.bots.lead.inputs) — and its label, the seat's final lead (its final score less
the mean of the others'). One game in 20 is held out whole (of every player count), to measure the fit on games
it never saw.

The network (inputs, two hidden layers of ReLU units, one output) is fitted by Adam to
the mean squared error, from a seeded start, so that the same command writes the same
file. The script prints the held-out root-mean-square error and R² of the final lead
beside knowing nothing (0), the hand-written projection's lead
(engine.bots.evaluate.projected_scores) and a linear fit of the same inputs, overall
and by stage; then it writes the model file, whose name is "lead-" and its hash. With
--model it measures that file on new games instead.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from rich.progress import Progress

from cwtui.batch.selfplay import Plan
from cwtui.cli.args import bots_arg
from cwtui.cores.processes import BACKENDS, default_workers, run_all, run_on_ray
from engine import apply_in_place, load_cards
from engine.bots import decide, seat_bots
from engine.bots.evaluate import projected_scores
from engine.bots.lead import INPUTS, LeadNet, encode, final_leads, inputs, load, relative
from engine.rng import Rng, stream_seed
from engine.setup import set_up

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
HELD_OUT = 20  # every 20th game is held out
STAGES = ((0.0, 1 / 3), (1 / 3, 2 / 3), (2 / 3, 1.01))  # progress t in thirds
HIDDEN = (64, 32)


@dataclass(frozen=True)
class Job:
    first: int  # game indexes first … first + count - 1
    count: int
    seed: int
    players: tuple[int, ...]  # cycled over the games
    bots: tuple[str, ...]
    every: int


@dataclass
class Rows:
    """Seats at positions: the network's inputs, the final lead, the hand-written
    projection's lead, the stage t, the game and the position each row is of."""

    x: npt.NDArray[np.float32]
    y: Floats
    hand: Floats
    t: Floats
    game: Ints
    position: Ints


def play_job(job: Job) -> Rows:
    """Play the job's games and return their rows (in a worker or a Ray task)."""
    cards = load_cards()
    x: list[list[float]] = []
    y: list[float] = []
    hand: list[float] = []
    t: list[float] = []
    game_of: list[int] = []
    position: list[int] = []
    for game in range(job.first, job.first + job.count):
        players = job.players[game % len(job.players)]
        config = Plan(players, 1, job.seed + game, job.bots).config(0, cards)
        state, _ = set_up(config, cards)
        bots = seat_bots(config, cards, timed=False)
        first = Rng(stream_seed(config.seed, "sample")).below(job.every)
        taken: list[tuple[list[list[float]], list[float], float, int]] = []
        while not state.over:
            if state.ply % job.every == first:
                stage = min(1.0, max(len(p.fish) for p in state.players) / 12)
                taken.append((inputs(state), relative(projected_scores(state)), stage, state.ply))
            apply_in_place(state, decide(bots[state.to_act], state).move)
        leads = final_leads(state)
        for rows, projected, stage, ply in taken:
            for seat, row in enumerate(rows):
                x.append(row)
                y.append(leads[seat])
                hand.append(projected[seat])
                t.append(stage)
                game_of.append(game)
                position.append(game * 10_000 + ply)
    return Rows(
        np.array(x, dtype=np.float32).reshape(-1, INPUTS), np.array(y), np.array(hand), np.array(t),
        np.array(game_of, dtype=np.int64), np.array(position, dtype=np.int64),
    )  # fmt: skip


def jobs(args: argparse.Namespace) -> list[Job]:
    players = tuple(int(p) for p in args.players.split(","))
    return [
        Job(first, min(args.task, args.games - first), args.seed, players, args.bots, args.every)
        for first in range(0, args.games, args.task)
    ]


def run(todo: list[Job], backend: str, workers: int) -> Iterator[Rows]:
    if backend == "ray":
        yield from run_on_ray(play_job, todo, ordered=False)
    else:
        yield from run_all(play_job, todo, len(todo), workers, ordered=False)


def gather(args: argparse.Namespace) -> Rows:
    """Every job's rows, in the order of their games (however the tasks ended)."""
    todo = jobs(args)
    parts: list[Rows] = []
    start = time.perf_counter()
    with Progress(transient=True) as bar:
        shown = bar.add_task(f"self-play ({args.backend})", total=args.games)
        for rows in run(todo, args.backend, args.workers):
            parts.append(rows)
            bar.advance(shown, len(set(rows.game.tolist())))
    parts.sort(key=lambda r: int(r.game[0]) if len(r.game) else 0)
    rows = Rows(*(np.concatenate([getattr(p, name) for p in parts]) for name in Rows.__dataclass_fields__))
    took = time.perf_counter() - start
    bots = ",".join(args.bots)
    print(
        f"{args.games:,} games ({bots} bots, {args.players} players, seeds {args.seed}–{args.seed + args.games - 1})"
        f" in {took:.0f} s on {args.backend}: {len(rows.y):,} rows"
    )
    return rows


def subset(rows: Rows, keep: npt.NDArray[np.bool_]) -> Rows:
    return Rows(*(getattr(rows, name)[keep] for name in Rows.__dataclass_fields__))


# -- the network ------------------------------------------------------------------


@dataclass
class Net:
    mean: Floats
    scale: Floats
    layers: list[tuple[Floats, Floats]]

    def forward(self, x: Floats) -> tuple[Floats, list[Floats]]:
        """The output, and each layer's input (for the gradients)."""
        h = (x - self.mean) / self.scale
        seen = []
        for i, (w, b) in enumerate(self.layers):
            seen.append(h)
            h = h @ w + b
            if i < len(self.layers) - 1:
                h = np.maximum(h, 0.0)
        return h[:, 0], seen


def train_net(rows: Rows, epochs: int, seed: int) -> Net:
    """Adam on the mean squared error, minibatches of 1024 in a seeded order; the step
    size halves over the last third of the epochs."""
    rng = np.random.default_rng(seed)
    x = rows.x.astype(np.float64)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    sizes = (INPUTS, *HIDDEN, 1)
    layers = [(rng.normal(0, np.sqrt(2 / a), (a, b)), np.zeros(b)) for a, b in itertools.pairwise(sizes)]
    net = Net(mean, scale, layers)
    moments = [(np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b)) for w, b in layers]
    step = 0
    for epoch in range(epochs):
        rate = 1e-3 * (0.5 ** max(0, epoch - 2 * epochs // 3))
        order = rng.permutation(len(x))
        for start in range(0, len(x), 1024):
            batch = order[start : start + 1024]
            out, seen = net.forward(x[batch])
            grad = (2 * (out - rows.y[batch]) / len(batch))[:, None]
            step += 1
            for i in range(len(layers) - 1, -1, -1):
                w, b = net.layers[i]
                gw, gb = seen[i].T @ grad, grad.sum(axis=0)
                if i > 0:
                    grad = (grad @ w.T) * (seen[i] > 0)
                mw, vw, mb, vb = moments[i]
                for m, v, g in ((mw, vw, gw), (mb, vb, gb)):
                    m *= 0.9
                    m += 0.1 * g
                    v *= 0.999
                    v += 0.001 * g * g
                corr = np.sqrt(1 - 0.999**step) / (1 - 0.9**step)
                step_w, step_b = rate * corr * mw / (np.sqrt(vw) + 1e-8), rate * corr * mb / (np.sqrt(vb) + 1e-8)
                net.layers[i] = (w - step_w, b - step_b)
        print(f"  epoch {epoch + 1}/{epochs}: training RMSE {rmse(rows.y, net.forward(x)[0]):.3f}")
    return net


def rmse(y: Floats, guess: Floats) -> float:
    return float(np.sqrt(np.mean((y - guess) ** 2)))


def zero_sum(rows: Rows, guess: Floats) -> Floats:
    """Each position's guesses less their mean, as LeadNet.many makes them."""
    _, group = np.unique(rows.position, return_inverse=True)
    means = np.bincount(group, weights=guess) / np.bincount(group)
    return np.asarray(guess - means[group], dtype=np.float64)


def linear_fit(rows: Rows) -> Floats:
    x = np.hstack([rows.x.astype(np.float64), np.ones((len(rows.y), 1))])
    return np.asarray(np.linalg.lstsq(x, rows.y, rcond=None)[0], dtype=np.float64)


def report(rows: Rows, guesses: dict[str, Floats]) -> None:
    print(f"held-out final lead, {len(rows.y):,} rows: root-mean-square error (R²)")
    names = ["nothing (0)", "hand-written", *guesses]
    print(f"  {'stage (progress t)':20} " + " ".join(f"{n:>16}" for n in names))
    every = {"nothing (0)": np.zeros(len(rows.y)), "hand-written": rows.hand, **guesses}
    for name, low, high in (("all", 0.0, 1.01), *((f"{a:.2f}–{min(b, 1):.2f}", a, b) for a, b in STAGES)):
        keep = (rows.t >= low) & (rows.t < high)
        if keep.any():
            cells = [_error(rows.y[keep], every[n][keep]) for n in names]
            print(f"  {name:20} " + " ".join(f"{cell:>16}" for cell in cells))


def _error(y: Floats, guess: Floats) -> str:
    r2 = 1 - float(np.sum((y - guess) ** 2) / max(np.sum((y - y.mean()) ** 2), 1e-12))
    return f"{rmse(y, guess):6.2f} ({r2:+.3f})"


def as_lead_net(net: Net, name: str) -> LeadNet:
    return LeadNet(net.mean, net.scale, tuple(net.layers), name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=8_100_000, help="game i uses seed SEED+i")
    parser.add_argument("--players", default="1,2,3,4", help="player counts, cycled over the games")
    parser.add_argument("--bots", type=bots_arg, default=("greedy",), help="bot kinds, cycled over the seats")
    parser.add_argument("--every", type=int, default=10, help="sample every Nth ply of a game")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--task", type=int, default=250, help="games a task")
    parser.add_argument("--backend", choices=BACKENDS, default="local")
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--out", type=Path, help="the model file to write")
    parser.add_argument("--model", type=Path, help="a model file to measure on these games instead of training one")
    args = parser.parse_args()
    if (args.out is None) == (args.model is None):
        parser.error("give --out to train a model, or --model to measure one")
    rows = gather(args)
    if args.model is not None:
        model = load(args.model)
        report(rows, {model.name: zero_sum(rows, model.forward(rows.x.astype(np.float64)))})
        return
    held = (rows.game // len(args.players.split(","))) % HELD_OUT == 0  # whole games, of every player count
    train, test = subset(rows, ~held), subset(rows, held)
    print(f"training on {len(train.y):,} rows, {len(test.y):,} held out (every {HELD_OUT}th game)")
    net = train_net(train, args.epochs, args.seed)
    w = linear_fit(train)
    test_x = test.x.astype(np.float64)
    report(
        test,
        {
            "linear": zero_sum(test, test_x @ w[:-1] + w[-1]),
            "network": zero_sum(test, net.forward(test_x)[0]),
        },
    )
    trained_on = (
        f"{args.games:,} self-play games ({','.join(args.bots)}; {args.players} players; seeds from {args.seed}), "
        f"every {args.every}th ply; {len(train.y):,} rows; {args.epochs} epochs; every {HELD_OUT}th game held out"
    )
    layers = [(w_.tolist(), b_.tolist()) for w_, b_ in net.layers]
    args.out.write_bytes(encode(net.mean.tolist(), net.scale.tolist(), layers, trained_on))
    print(f"wrote {args.out} ({load(args.out).name})")


if __name__ == "__main__":
    main()
