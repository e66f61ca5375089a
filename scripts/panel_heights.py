"""How tall the seats' panels get over whole games, against the rows each layout has for
them (issue 35.3: every seat's panel whole for the longest games). Prints numbers;
asserts nothing.

    python scripts/panel_heights.py [--games 20] [--every 5]

Easy bots play each game (1–4 players, seeds 1000, 1001, …); every few moves, while the
game is on, each panel is drawn as the table draws it (seat 0 is yours, with its
secrets) at the width each layout gives it, and its height is counted with its border:
  full 120×40  every panel in the right-hand column, 40 wide, 38 rows
  full 140×40  the same column 60 wide
  F4 at 80×24  your panel alone, 80 wide, 11 rows
  F5 at 80×24  the others side by side, 80 / (players − 1) wide, 11 rows
"""

from __future__ import annotations

import argparse

from rich.console import Console

from cwtui.widgets.table.seat import seat_parts
from engine import GameConfig, SeatConfig, apply_in_place
from engine.bots import decide, seat_bots
from engine.cards import Cards, load_cards
from engine.setup import set_up
from engine.view import View, view

BORDER = 2  # a panel's top and bottom border
PADDING = 4  # its side borders and padding


def panel_height(console: Console, v: View, seat: int, cards: Cards, width: int) -> int:
    content = width - PADDING
    options = console.options.update_width(content)
    parts = seat_parts(v, seat, cards, seat == 0, frozenset(), False)
    return BORDER + sum(len(console.render_lines(make(content), options, pad=False)) for _key, make in parts)


def layouts(players: int) -> dict[str, tuple[int, int, bool]]:
    """Each layout's panel width, the rows it has, and whether its panels stack."""
    shown = {"full 120x40": (40, 38, True), "full 140x40": (60, 38, True), "F4 at 80x24": (80, 11, False)}
    if players > 1:
        shown["F5 at 80x24"] = (80 // (players - 1), 11, False)
    return shown


def tallest(players: int, games: int, every: int) -> dict[str, tuple[int, int, int]]:
    """Each layout's tallest need in rows, with the seed and move where it was seen."""
    cards = load_cards()
    console = Console(width=200, color_system=None)
    worst: dict[str, tuple[int, int, int]] = {}
    for game in range(games):
        seats = tuple(SeatConfig(f"P{i}", "greedy") for i in range(players))
        config = GameConfig(seats=seats, seed=1000 + game)
        state, _setup = set_up(config, cards)
        bots = seat_bots(config, cards, timed=False)
        ply = 0
        while not state.over:
            if ply % every == 0:
                v = view(state, 0)
                for name, (width, _rows, stacked) in layouts(players).items():
                    shown = range(len(v.seats)) if stacked else ([0] if name.startswith("F4") else range(1, players))
                    heights = [panel_height(console, v, seat, cards, width) for seat in shown]
                    need = sum(heights) if stacked else max(heights)
                    worst[name] = max(worst.get(name, (0, 0, 0)), (need, config.seed, ply))
            apply_in_place(state, decide(bots[state.to_act], state).move)
            ply += 1
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--every", type=int, default=5, help="measure every N moves")
    args = parser.parse_args()
    for players in (1, 2, 3, 4):
        for name, (need, seed, ply) in tallest(players, args.games, args.every).items():
            rows = layouts(players)[name][1]
            verdict = "fits" if need <= rows else f"{need - rows} rows short"
            print(f"{players}p {name}: tallest {need} rows of {rows} ({verdict}; seed {seed}, move {ply})")


if __name__ == "__main__":
    main()
