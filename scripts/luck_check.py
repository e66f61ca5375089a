"""How well luck (engine.bots.luck) tells draws from play, on self-play games.

    python scripts/luck_check.py --games 200 --bots easy,easy --seed 8700000
    python scripts/luck_check.py --games 200 --bots random,easy --seed 8700000
    python scripts/luck_check.py --games 200 --bots easy,easy --model engine/data/lead-XXXXXXXX.json
    python scripts/luck_check.py --games 60 --bots easy,easy --ahead 1 --rollouts 8 --policy greedy

Between two equal bots nothing but the draws (and the seat order) decides a game, so a
measure of luck worth its name explains most of each game's final margin: it prints
how often the winner is the luckier seat, and the share of the final lead's variance
that luck accounts for (1 - var(final - start - luck) / var(final)), and how far start +
luck + play is from each seat's final lead (rounding only). Between unequal
bots, the stronger one should win by its play: its mean play and mean luck are printed
for each seat. Two-player games; game i has seed SEED+i, the seats swapped every other
game.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

from cwtui.batch.runner import play_game
from cwtui.batch.tournament import wilson
from cwtui.cli.args import bots_arg
from cwtui.cores.processes import default_workers, run_all
from cwtui.game.logfile import read_log
from engine import GameConfig, SeatConfig, load_cards
from engine.bots import LEAD
from engine.bots.greedy import GreedyBot
from engine.bots.lead import LeadNet, load, shipped
from engine.bots.luck import NOTHING, SAMPLES, deals, game_luck
from engine.bots.playout import play_turns
from engine.cards import Cards
from engine.chance import redealt
from engine.game import apply_in_place
from engine.legal import legal_moves
from engine.log_types import GameLog
from engine.rng import Rng, stream_seed
from engine.setup import set_up
from engine.state import State
from engine.view import view
from engine.walk import walk


@dataclass(frozen=True)
class Job:
    seed: int
    kinds: tuple[str, str]
    model: Path | None
    samples: int
    ahead: int = 0  # turns looked ahead (0: luck read at once, engine.bots.luck)
    rollouts: int = 8
    policy: str = "greedy"


@dataclass(frozen=True)
class Measured:
    kinds: tuple[str, str]  # by seat
    final: tuple[float, float]
    start: tuple[float, float]
    luck: tuple[float, float]
    margin: tuple[float, float]
    play: tuple[float, float]  # own + others


def measure(job: Job) -> Measured:
    cards = load_cards()
    model = shipped(LEAD) if job.model is None else load(job.model)
    seats = tuple(SeatConfig(f"{kind}-{i}", kind) for i, kind in enumerate(job.kinds))
    with tempfile.TemporaryDirectory() as tmp:
        _state, path = play_game(GameConfig(seats=seats, seed=job.seed), Path(tmp), cards)
        assert path is not None
        log = read_log(path)
    luck = game_luck(log, cards, model, job.samples)
    a, b = luck.seats
    if not job.ahead:
        return Measured(
            job.kinds, (a.final, b.final), (a.start, b.start), (a.luck, b.luck), (a.margin, b.margin),
            (a.own + a.others, b.own + b.others),
        )  # fmt: skip
    drawn = looked_ahead(log, cards, model, job)  # what is not luck is play, by definition
    play = (a.final - a.start - drawn[0], b.final - b.start - drawn[1])
    return Measured(job.kinds, (a.final, b.final), (a.start, b.start), drawn, (a.margin, b.margin), play)


def looked_ahead(log: GameLog, cards: Cards, model: LeadNet, job: Job) -> tuple[float, float]:
    """Each seat's luck over the game, read after `job.ahead` turns of play (see --ahead)."""
    seed = log.header.config.seed
    state, _ = set_up(log.header.config, cards, log.header.format)
    luck = [0.0, 0.0]
    for step in walk(state, log.plies):
        ply, move = step.record.ply, step.record.move
        *dealt, after = model.many(
            [*deals(step.before, move, job.samples, stream_seed(seed, f"luck-{ply}")), step.after]
        )
        at_once = [after[i] - sum(d[i] for d in dealt) / len(dealt) for i in (0, 1)]
        if step.after.over or all(abs(x) <= NOTHING for x in at_once):
            luck = [luck[i] + at_once[i] for i in (0, 1)]
            continue
        futures = Rng(stream_seed(seed, f"ahead-{ply}"))
        came = [redealt(step.after, futures) for _k in range(job.rollouts)]
        could = deals(step.before, move, job.rollouts, stream_seed(seed, f"ahead-deal-{ply}"))
        for k, s in enumerate([*came, *could]):
            played_on(s, stream_seed(seed, f"play-{ply}-{k % job.rollouts}"), job.ahead, job.policy, cards)
        leads = model.many([*came, *could])
        n = job.rollouts
        luck = [luck[i] + sum(leads[k][i] - leads[n + k][i] for k in range(n)) / n for i in (0, 1)]
    return luck[0], luck[1]


def played_on(s: State, seed: int, turns: int, policy: str, cards: Cards) -> None:
    """`s` played on until `turns` more turns have begun (or to the end)."""
    if policy == "light":
        play_turns(s, seed, turns)
        return
    bot = GreedyBot(7, cards)  # its choices come from the View alone
    stop = s.turn + turns
    while not s.over and s.turn < stop:
        moves = legal_moves(s)
        apply_in_place(s, moves[0] if len(moves) == 1 else bot.choose(view(s, s.to_act), moves))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", type=bots_arg, default=("greedy", "greedy"), help="two bot kinds")
    parser.add_argument("--seed", type=int, default=8_700_000)
    parser.add_argument("--model", type=Path, help="a lead model file (default: the shipped one)")
    parser.add_argument("--samples", type=int, default=SAMPLES, help="deals a move is measured against")
    parser.add_argument("--ahead", type=int, default=0, help="turns to look ahead (0: luck read at once)")
    parser.add_argument("--rollouts", type=int, default=8, help="paired rollouts a drawing move (--ahead)")
    parser.add_argument("--policy", choices=("greedy", "light"), default="greedy", help="who plays on (--ahead)")
    parser.add_argument("--workers", type=int, default=default_workers())
    args = parser.parse_args()
    if len(args.bots) != 2:
        parser.error("--bots takes two kinds")
    first, second = args.bots
    jobs = [
        Job(
            args.seed + i,
            (first, second) if i % 2 == 0 else (second, first),
            args.model,
            args.samples,
            args.ahead,
            args.rollouts,
            args.policy,
        )
        for i in range(args.games)
    ]
    done = list(run_all(measure, jobs, len(jobs), args.workers))
    decided = [m for m in done if m.final[0] != m.final[1]]
    luckier = sum((m.luck[0] > m.luck[1]) == (m.final[0] > m.final[1]) for m in decided)
    low, high = wilson(luckier, len(decided))
    finals = [m.final[0] for m in done]
    unexplained = [m.final[0] - m.start[0] - m.luck[0] for m in done]
    share = 1 - statistics.pvariance(unexplained) / statistics.pvariance(finals)
    print(f"{len(done)} two-player games, {first} and {second}, seeds {args.seed}–{args.seed + args.games - 1}")
    print(
        f"  the winner is the luckier seat in {luckier} of {len(decided)} decided games "
        f"({100 * luckier / len(decided):.0f}%, 95% {100 * low:.0f}–{100 * high:.0f}%)"
    )
    print(f"  luck accounts for {100 * share:.0f}% of the final lead's variance")
    worst = max(abs(m.start[s] + m.luck[s] + m.play[s] - m.final[s]) for m in done for s in (0, 1))
    print(f"  start + luck + play less the final lead: at most {worst:.1e} points over every seat")
    print(f"  mean luck margin (95%) a seat and game: ±{statistics.mean(m.margin[0] for m in done):.2f} points")
    for kind in dict.fromkeys(args.bots):
        seats = [(m, s) for m in done for s in (0, 1) if m.kinds[s] == kind]
        print(
            f"  {kind}: mean final lead {statistics.mean(m.final[s] for m, s in seats):+.2f} = "
            f"luck {statistics.mean(m.luck[s] for m, s in seats):+.2f} + "
            f"play {statistics.mean(m.play[s] for m, s in seats):+.2f} "
            f"(+ start {statistics.mean(m.start[s] for m, s in seats):+.2f})"
        )


if __name__ == "__main__":
    main()
