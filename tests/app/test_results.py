"""The results screen's contest tables: each presented fish whole on its line."""

from __future__ import annotations

from rich.console import Console

from cwtui.navigation import ShowResults
from cwtui.screens.results.results import ResultsScreen
from engine import SeatConfig, apply, legal_moves
from engine.scenario import Scenario

SHORE = 0


def test_a_presented_fish_is_never_split_across_lines() -> None:
    """At 80 columns four Shore fish filled more than a line, and one broke between its
    weight and its time ("John Dory 6 lb" / "(17:00)", seen at the end of an online game)."""
    seats = (SeatConfig("Laurence"), SeatConfig("Nils"))
    sc = Scenario(seats=seats, seed=11).fish(0, ["Mackerel:8", "Wrasse:3", "Flounder:4", "John Dory:6"])
    state = sc.fish(1, ["John Dory:9"]).at_contests().build()
    while not state.over:  # everyone presents every species they hold
        state, _ = apply(state, max(legal_moves(state), key=lambda m: len(m.fish)))
    shown = ShowResults.of(state, ["Laurence", "Nils"], None, watching=False)
    screen = ResultsScreen(shown.final, shown.scores, shown.cards, shown.names, None)
    console = Console(width=80, record=True, color_system=None)
    console.print(screen.contest_table(SHORE))
    lines = console.export_text().splitlines()
    for entry in ("Mackerel 8 lb", "Wrasse 3 lb", "Flounder 4 lb", "John Dory 6 lb"):
        line = next(line for line in lines if entry in line)
        assert "(" in line.split(entry)[1], f"{entry}: its time is not on its line"
