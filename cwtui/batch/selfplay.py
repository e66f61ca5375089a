"""Self-play at scale: bot games on every core, resumable.

Game i of a run uses seed SEED+i and is written to `sim-<players>p-<seed>.jsonl`, so a
game is the same whichever process plays it, and a run that is stopped can be run again
to finish: games whose log has a footer are done and counted, a log cut short by the
stop is played again from the start (the same seed gives the same game).

With `rotate` (tournaments), each seed is played once per seat rotation, so every bot
plays every seat on the same deal: game i uses seed SEED + i // players with the bots
turned i % players seats, in `match-<players>p-<seed>-r<rotation>.jsonl`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from cwtui.batch.runner import play_game
from cwtui.cores.processes import run_all, run_on_ray
from cwtui.game.logfile import last_record, write_whole
from engine import GameConfig, SeatConfig
from engine.cards import Cards, load_cards
from engine.config import kind_name
from engine.errors import LogFormatError
from engine.events import ScoreLine
from engine.log import Footer

_LOG_NAME = re.compile(r"(?:sim|match)-(?P<players>[1-4])p-(?P<seed>0|[1-9][0-9]*)(?:-r(?P<rotation>[0-3]))?\.jsonl")


@dataclass(frozen=True)
class Plan:
    players: int
    games: int
    seed: int
    kinds: tuple[str, ...]  # cycled over the seats
    tag_points: bool = True
    cards: Path | None = None  # None: the built-in card data
    out: Path | None = None  # None: no logs (and no resuming)
    rotate: bool = False  # each seed once per seat rotation (tournaments)

    @property
    def seats(self) -> tuple[SeatConfig, ...]:
        """The seats before any rotation; a bot's name stays with it when it moves."""
        return tuple(
            SeatConfig(f"{kind_name(self.kinds[i % len(self.kinds)])}-{i}", self.kinds[i % len(self.kinds)])
            for i in range(self.players)
        )

    def seats_for(self, game: int) -> tuple[SeatConfig, ...]:
        if not self.rotate:
            return self.seats
        r = game % self.players
        return self.seats[r:] + self.seats[:r]

    def seed_for(self, game: int) -> int:
        return self.seed + (game // self.players if self.rotate else game)

    def config(self, game: int, cards: Cards) -> GameConfig:
        return GameConfig(
            seats=self.seats_for(game), seed=self.seed_for(game), tag_points=self.tag_points, cards=cards.name
        )

    def log(self, game: int) -> Path | None:
        if self.out is None:
            return None
        return self.out / self.log_name(game)

    def log_name(self, game: int) -> str:
        if self.rotate:
            return f"match-{self.players}p-{self.seed_for(game)}-r{game % self.players}.jsonl"
        return f"sim-{self.players}p-{self.seed_for(game)}.jsonl"

    def game_of(self, name: str) -> int | None:
        """The game whose log is called `name`, if it is one of this plan's (log_name's inverse)."""
        match = _LOG_NAME.fullmatch(name)
        if match is None or int(match["players"]) != self.players or bool(match["rotation"]) != self.rotate:
            return None
        offset = int(match["seed"]) - self.seed
        game = offset * self.players + int(match["rotation"]) if self.rotate else offset
        return game if 0 <= game < self.games and self.log_name(game) == name else None

    @property
    def last_seed(self) -> int:
        return self.seed_for(self.games - 1)

    @property
    def indexes(self) -> range:
        return range(self.games)


@dataclass(frozen=True)
class Outcome:
    game: int  # the game's index in the plan
    names: tuple[str, ...]  # the players' names by seat (not the silent player)
    totals: tuple[int, ...]  # each player's final score, by seat
    ranks: tuple[int, ...]  # each player's final rank, by seat (1 won)
    winner_kind: str  # "silent" when the silent player wins a solo game


def finished_before(plan: Plan) -> dict[int, Outcome]:
    """Games of this plan whose logs are complete; logs cut short are removed so that
    their games are played again. The folder is listed once, so a plan of a billion
    games costs nothing here."""
    done: dict[int, Outcome] = {}
    if plan.out is None or not plan.out.is_dir():
        return done
    with os.scandir(plan.out) as entries:
        found = [(game, Path(e.path)) for e in entries if (game := plan.game_of(e.name)) is not None]
    for game, path in found:
        outcome = finished_outcome(plan, game, path)
        if outcome is not None:
            done[game] = outcome
        else:
            path.unlink()
    return done


def finished_outcome(plan: Plan, game: int, path: Path) -> Outcome | None:
    """The outcome `path` records for game `game` of `plan`, or None if the log is not
    complete (cut short, or not a log)."""
    try:
        _, last = last_record(path)
    except LogFormatError:
        return None
    return _outcome(plan, game, last.scores, last.winner) if isinstance(last, Footer) else None


def play_one(plan: Plan, game: int) -> Outcome:
    """One game (in a worker process)."""
    cards = load_cards(plan.cards)
    state, _ = play_game(plan.config(game, cards), plan.out, cards, log=plan.log(game))
    assert state.result is not None
    winner = next(line.seat for line in state.result if line.rank == 1)
    return _outcome(plan, game, state.result, winner)


def _outcome(plan: Plan, game: int, scores: tuple[ScoreLine, ...], winner: int) -> Outcome:
    seats = plan.seats_for(game)
    lines = {line.seat: line for line in scores}
    kind = seats[winner].kind if winner < plan.players else "silent"
    return Outcome(
        game,
        tuple(s.name for s in seats),
        tuple(lines[s].total for s in range(plan.players)),
        tuple(lines[s].rank for s in range(plan.players)),
        kind,
    )


def _play(args: tuple[Plan, int]) -> Outcome:
    return play_one(*args)


def play(plan: Plan, games: Iterable[int], count: int, workers: int, backend: str = "local") -> Iterator[Outcome]:
    """Play `games` (`count` of them, taken lazily) on `workers` processes (or a Ray
    cluster), yielding each outcome as its game ends."""
    if backend == "ray":
        yield from _play_on_ray(plan, list(games))
        return
    yield from run_all(_play, ((plan, game) for game in games), count, workers, ordered=False)


def _play_remote(job: tuple[Plan, list[int]]) -> list[tuple[Outcome, bytes | None]]:
    """A Ray task: play games into a folder of the worker's own and send the logs back,
    so the cluster needs no storage shared with the driver."""
    import tempfile

    plan, games = job
    with tempfile.TemporaryDirectory() as tmp:
        here = replace(plan, out=None if plan.out is None else Path(tmp))
        results = []
        for game in games:
            outcome = play_one(here, game)
            path = here.log(game)
            results.append((outcome, path.read_bytes() if path is not None else None))
        return results


def _play_on_ray(plan: Plan, games: list[int]) -> Iterator[Outcome]:
    """The games as Ray tasks, a few per task; RAY_ADDRESS names a cluster, else Ray
    starts a local one. The driver writes each log as it comes back."""
    size = max(1, min(16, len(games) // 64))
    batches = ((plan, games[i : i + size]) for i in range(0, len(games), size))
    for results in run_on_ray(_play_remote, batches, ordered=False):
        for outcome, log in results:
            path = plan.log(outcome.game)
            if path is not None and log is not None:
                write_whole(path, log)  # a log appears whole or not at all
            yield outcome


def run(
    plan: Plan, workers: int, progress: Callable[[int, int], None] | None = None, backend: str = "local"
) -> Iterator[Outcome]:
    """Every game's outcome as it ends, those finished in an earlier run first. Games
    are handed out lazily, so the first starts at once however many there are.
    Stopping it (KeyboardInterrupt) leaves every finished game's log complete."""
    if plan.out is not None:
        plan.out.mkdir(parents=True, exist_ok=True)
    before = finished_before(plan)
    done = len(before)
    if progress:
        progress(done, plan.games)
    yield from before.values()
    todo = (game for game in plan.indexes if game not in before)
    for outcome in play(plan, todo, plan.games - len(before), workers, backend):
        done += 1
        if progress:
            progress(done, plan.games)
        yield outcome
