"""The lead evaluation (engine.bots.lead) as the search's: its win-chance scale, its cost,
and matches between search levels (docs/bot-strength.md, "Engine 0.6.0: hard searches
with the lead evaluation").

    python scripts/lead_search.py temperature --games 600 --seed 5550000
    python scripts/lead_search.py rate --rounds 3
    python scripts/lead_search.py match hard hard@0.5.0 --games 400 --seed 40000 \
        --out replays/strength/engine-0.6.0/hard-vs-hard-0.5.0-2p.results
    python scripts/lead_search.py match search:180:lead-c4345e87 medium --games 200 --seed 41000 --out runs/m.jsonl

`temperature` plays greedy games of 2, 3 and 4 players and prints, for each scale (points
of lead to one unit of the softmax), the log-loss of the win chances it gives against who
won: engine.bots.lead.WIN_SCALE is the best of each column.

`rate` searches the same positions (decisions of greedy games, scripts/corpus.py) with the
win-chance model (engine.bots.LEARNED) and with the lead evaluation in turn, and prints
the iterations a second of each and their ratio: the iterations that give a level with the
lead evaluation the time of one with the model.

`match` plays two levels against each other in two-player games, each seed twice with the
seats swapped, untimed (each level's iterations), so that the games are the same on any
machine. A level is a bot kind (engine.bots.SEARCH_BUDGET, or easy) and, after an @, the
engine version whose level it is (engine.bots.level): `hard@0.5.0` is hard before its
lead evaluation; `search:ITERATIONS:EVALUATION` is a one-tree search of that many
iterations ending in that shipped evaluation (`search:180:lead-c4345e87`: the lead
evaluation in medium's time). Each game's result is appended to --out as it ends, and a match resumes
from that file: a long one may take several sittings. Prints the first level's share of
the games (ties half) with Wilson's 95% interval, its mean margin with its 95% margin, and
each level's seconds a decision (same processes, same games: a fair comparison of time).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import msgspec
from corpus import decisions

from cwtui.batch.tournament import wilson
from cwtui.cores.processes import default_workers, run_all
from engine import GameConfig, SeatConfig, apply_in_place, legal_moves, load_cards, new_game
from engine.bots import LEAD, LEARNED, Bot, GreedyBot, IsmctsBot, evaluation, make_bot
from engine.bots.lead import folded
from engine.config import PLAYER_NAMES
from engine.rng import stream_seed
from engine.view import view

CARDS = load_cards()
SCALES = (2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 12.0)
KIND_OF_NAME = {name: kind for kind, name in PLAYER_NAMES.items()}  # "easy" is the greedy bot


# -- temperature ----------------------------------------------------------------------


def greedy_positions(players: int, seed: int) -> tuple[list[list[float]], list[bool]]:
    """Every 7th position's leads in a greedy game, and who won it."""
    s = new_game(GameConfig(seats=tuple(SeatConfig(f"P{i}", "greedy") for i in range(players)), seed=seed), CARDS)
    bots = [GreedyBot(stream_seed(seed, f"bot-{i}"), CARDS) for i in range(players)]
    net = folded(LEAD)
    leads = []
    while not s.over:
        if s.ply % 7 == 3:
            leads.append(net.leads(s))
        moves = legal_moves(s)
        apply_in_place(s, moves[0] if len(moves) == 1 else bots[s.to_act].choose(view(s, s.to_act), moves))
    assert s.result is not None
    won = [False] * players
    for line in s.result:
        won[line.seat] = line.rank == 1
    return leads, won


def log_loss(rows: list[tuple[list[float], list[bool]]], scale: float) -> float:
    """Mean log-loss of softmax(leads / scale) against the winners (a tie shares the win)."""
    total = 0.0
    for leads, won in rows:
        top = max(leads)
        exps = [math.exp((x - top) / scale) for x in leads]
        z = sum(exps)
        winners = sum(won)
        total -= sum(math.log(e / z) for e, w in zip(exps, won, strict=True) if w) / winners
    return total / len(rows)


def temperature(args: argparse.Namespace) -> None:
    rows: dict[int, list[tuple[list[float], list[bool]]]] = {}
    for players in (2, 3, 4):
        rows[players] = []
        for seed in range(args.seed, args.seed + args.games):
            leads, won = greedy_positions(players, seed)
            rows[players] += [(x, won) for x in leads]
    print("scale   " + "   ".join(f"{p} players ({len(rows[p])})" for p in rows))
    for scale in SCALES:
        print(f"{scale:5.1f}   " + "   ".join(f"{log_loss(rows[p], scale):16.4f}" for p in rows))


# -- rate -----------------------------------------------------------------------------


def rate(args: argparse.Namespace) -> None:
    for players in (2, 3, 4):
        found = decisions(players, 2)
        positions = found[:: max(1, len(found) // args.sample)][: args.sample]
        rates: dict[str, list[float]] = {LEARNED: [], LEAD: []}
        for _ in range(args.rounds):
            for name in (LEARNED, LEAD):
                evaluate = evaluation(name)
                start = time.perf_counter()
                iterations = 0
                for s in positions:
                    bot = IsmctsBot(7, CARDS, args.iterations, evaluate=evaluate, undominated=True)
                    bot.choose(view(s, s.to_act), legal_moves(s))
                    iterations += bot.last_iterations
                rates[name].append(iterations / (time.perf_counter() - start))
        model, lead = (statistics.median(rates[n]) for n in (LEARNED, LEAD))
        print(f"{players} players, {len(positions)} positions, medians of {args.rounds} rounds in turn: "
              f"{LEARNED} {model:,.0f} iterations a second, {LEAD} {lead:,.0f} ({lead / model:.2f}×)")  # fmt: skip


# -- match ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    seed: int
    first_seat: int  # the first level's seat
    levels: tuple[str, str]


class Result(msgspec.Struct, frozen=True):
    seed: int
    first_seat: int
    margin: int  # the first level's score less the second's
    first_won: float  # 1, 0, or 0.5 for a tie
    seconds: tuple[float, float]  # each level's seconds of thought, summed over the game
    decisions: tuple[int, int]  # each level's decisions with a choice


def bot_of(spec: str, seed: int) -> Bot:
    if spec.startswith("search:"):  # search:ITERATIONS:EVALUATION, one tree, medium's prior
        _, iterations, name = spec.split(":")
        return IsmctsBot(seed, CARDS, int(iterations), kind=spec, evaluate=evaluation(name), undominated=True)
    kind, _, engine = spec.partition("@")
    return make_bot(KIND_OF_NAME.get(kind, kind), seed, CARDS, timed=False, engine=engine or None)


def play(game: Game) -> Result:
    seats = (SeatConfig("P0", "human"), SeatConfig("P1", "human"))
    s = new_game(GameConfig(seats=seats, seed=game.seed), CARDS)
    level_of = {game.first_seat: 0, 1 - game.first_seat: 1}
    bots = {seat: bot_of(game.levels[level_of[seat]], stream_seed(game.seed, f"bot-{seat}")) for seat in (0, 1)}
    seconds, counted = [0.0, 0.0], [0, 0]
    while not s.over:
        moves = legal_moves(s)
        if len(moves) == 1:
            apply_in_place(s, moves[0])
            continue
        start = time.perf_counter()
        move = bots[s.to_act].choose(view(s, s.to_act), moves)
        seconds[level_of[s.to_act]] += time.perf_counter() - start
        counted[level_of[s.to_act]] += 1
        apply_in_place(s, move)
    assert s.result is not None
    total = {line.seat: line.total for line in s.result}
    margin = total[game.first_seat] - total[1 - game.first_seat]
    rank = {line.seat: line.rank for line in s.result}  # ties on points broken as R11.2 breaks them
    mine, theirs = rank[game.first_seat], rank[1 - game.first_seat]
    won = 1.0 if mine < theirs else 0.0 if mine > theirs else 0.5
    return Result(game.seed, game.first_seat, margin, won, (seconds[0], seconds[1]), (counted[0], counted[1]))


def report(levels: tuple[str, str], results: list[Result]) -> str:
    n = len(results)
    won = sum(r.first_won for r in results)
    low, high = wilson(won, n)
    margins = [r.margin for r in results]
    mean = statistics.fmean(margins)
    spread = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else math.inf
    per = [sum(r.seconds[k] for r in results) / max(1, sum(r.decisions[k] for r in results)) for k in (0, 1)]
    return (
        f"{levels[0]} against {levels[1]}, {n} games: {levels[0]} won {won:g} ({100 * won / n:.1f}%, 95% "
        f"{100 * low:.1f}–{100 * high:.1f}%), margin {mean:+.2f} ± {spread:.2f} points a game; seconds a "
        f"decision {per[0]:.3f} and {per[1]:.3f} ({per[0] / per[1]:.2f}×)"
    )


def match(args: argparse.Namespace) -> None:
    levels = (args.first, args.second)
    done: list[Result] = []
    if args.out.exists():
        done = [msgspec.json.decode(line, type=Result) for line in args.out.read_bytes().splitlines() if line.strip()]
    have = {(r.seed, r.first_seat) for r in done}
    games = [Game(args.seed + i // 2, i % 2, levels) for i in range(args.games)]
    todo = [g for g in games if (g.seed, g.first_seat) not in have]
    print(f"{len(done)} games done, {len(todo)} to play on {args.workers} processes", file=sys.stderr)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("ab") as out:
        for result in run_all(play, todo, len(todo), args.workers, ordered=False):
            out.write(msgspec.json.encode(result) + b"\n")
            out.flush()
            done.append(result)
            if len(done) % 20 == 0:
                print("  " + report(levels, done), file=sys.stderr)
    mine = [r for r in done if (r.seed, r.first_seat) in {(g.seed, g.first_seat) for g in games}]
    print(report(levels, mine))
    print(json.dumps({"games": len(mine), "first_won": sum(r.first_won for r in mine)}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("temperature", help="fit the win chances' scale")
    t.add_argument("--games", type=int, default=150, help="greedy games of each player count")
    t.add_argument("--seed", type=int, default=5_550_000)
    r = sub.add_parser("rate", help="iterations a second, the model's and the lead evaluation's")
    r.add_argument("--sample", type=int, default=30, help="positions searched, of each player count")
    r.add_argument("--iterations", type=int, default=300)
    r.add_argument("--rounds", type=int, default=3)
    m = sub.add_parser("match", help="two levels, two-player games, seats swapped")
    m.add_argument("first", help="a level: medium, hard, hard@0.5.0, easy…")
    m.add_argument("second")
    m.add_argument("--games", type=int, default=400)
    m.add_argument("--seed", type=int, default=40_000)
    m.add_argument("--out", type=Path, required=True, help="results, one JSON line a game (resumed from)")
    m.add_argument("--workers", type=int, default=default_workers())
    args = parser.parse_args()
    {"temperature": temperature, "rate": rate, "match": match}[args.command](args)


if __name__ == "__main__":
    main()
