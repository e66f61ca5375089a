"""What speaking another language costs the table: the words of a whole seeded game's
positions (every option, every move narrated) and the board and your seat panel drawn,
in English, French and Japanese, the languages taking turns (en, fr, ja, en, …) so that
the machine's drift weighs on each alike. Prints each language's time for the whole
game and its ratio to English.

    python scripts/bench_languages.py [--rounds 5] [--every 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.console import Console
from timings import report

from cwtui.game import words
from cwtui.lang import languages, use
from cwtui.widgets.table.board import board_parts
from cwtui.widgets.table.marks import NO_MARKS
from cwtui.widgets.table.seat import seat_parts
from engine import GameConfig, SeatConfig, apply, legal_moves, new_game
from engine.events import Event
from engine.moves import Move
from engine.rng import Rng
from engine.state import State
from engine.view import view

NAMES = ["Ana", "Bo"]


def game(seed: int) -> list[tuple[State, Move, list[Event]]]:
    """A seeded random game's positions, each with the move made there and its events."""
    state = new_game(GameConfig(seats=tuple(SeatConfig(n) for n in NAMES), seed=seed))
    rng = Rng(seed)
    plies = []
    while not state.over:
        moves = legal_moves(state)
        move = moves[rng.below(len(moves))]
        after, happened = apply(state, move)
        plies.append((state, move, happened))
        state = after
    return plies


def table_words(plies: list[tuple[State, Move, list[Event]]], console: Console) -> None:
    for state, move, happened in plies:
        seen = view(state, state.to_act)
        for option in legal_moves(state):
            words.option(seen, state.cards, option)
        words.narrate(state.cards, NAMES, state.to_act, move, happened, 0)
        for _key, draw in board_parts(seen, NO_MARKS, state.cards, False, False):
            console.print(draw(78))
        for _key, draw in seat_parts(seen, 0, state.cards, True, NO_MARKS, False):
            console.print(draw(38))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--every", type=int, default=3, help="every how many positions of the game")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    plies = game(args.seed)[:: args.every]
    console = Console(width=120, file=open("/dev/null", "w"))  # noqa: SIM115 (drawn, not shown)
    times: dict[str, list[float]] = {code: [] for code in languages()}
    for _round in range(args.rounds):
        for code in times:
            use(code)
            start = time.perf_counter()
            table_words(plies, console)
            times[code].append(time.perf_counter() - start)
    english = statistics.median(times["en"])
    for code, seconds in times.items():
        report(f"a game's table words and drawing ({len(plies)} positions), {code}", seconds, digits=0)
        print(f"  {code}/en {statistics.median(seconds) / english:.2f}")


if __name__ == "__main__":
    main()
