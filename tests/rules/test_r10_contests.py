"""R10 — the end contests."""

from __future__ import annotations

import pytest
from helpers import of_type, run, scenario

from engine import IllegalMove, legal_moves
from engine.events import ContestRanked, Presented, TrophyTaken
from engine.moves import Present


def contest_trophies(events: list, kind: str) -> list[tuple[int, int]]:
    return [(e.seat, e.points) for e in of_type(events, TrophyTaken) if e.trophy == kind]


def test_R10_1_at_most_one_fish_per_species_and_nothing_is_allowed() -> None:
    sc = scenario().fish(0, ["Pike:3", "Pike:9", "Perch:2", "Wrasse:4"])
    s = sc.fish(1, ["Pike:4"]).at_contests().build()
    pike3, pike9, perch, wrasse = s.players[0].fish
    shore = legal_moves(s)
    assert shore == [Present("shore", ()), Present("shore", (wrasse,))]  # Shore first
    s, _ = run(s, Present("shore", (wrasse,)))  # seat 1 has no Shore fish: presents nothing
    lake = legal_moves(s)
    assert Present("lake", ()) in lake and Present("lake", tuple(sorted((pike9, perch)))) in lake
    assert len(lake) == 3 * 2  # (none, pike3, pike9) x (none, perch)
    with pytest.raises(IllegalMove) as exc:
        run(s, Present("lake", tuple(sorted((pike3, pike9)))))
    assert exc.value.rule == "R10.1"


def test_R10_1_a_presentation_lists_its_fish_lowest_first() -> None:
    """Issue 51.15: legal fish listed highest first were refused as if they were not the
    seat's own, or two of a species; the reason now names the one spelling."""
    s = scenario().fish(0, ["Pike:3", "Perch:2"]).fish(1, ["Pike:4"]).at_contests().build()
    lowest_first = Present("lake", tuple(sorted(s.players[0].fish)))  # no Shore or River fish: the Lake's
    assert lowest_first in legal_moves(s) and len(lowest_first.fish) == 2
    with pytest.raises(IllegalMove) as exc:
        run(s, Present("lake", lowest_first.fish[::-1]))
    assert exc.value.rule == "R10.1"
    assert str(exc.value) == f"R10.1: a presentation lists its fish lowest first: {lowest_first!r}"


def test_R10_2_heaviest_total_takes_the_top_trophy_none_for_nothing() -> None:
    sc = scenario(3).fish(0, ["Pike:3", "Perch:2"]).fish(1, ["Pike:9"]).fish(2, ["Wrasse:4"])
    s = sc.at_contests().build()
    # Seats 0 and 1 have no Shore fish: their (empty) presentations are forced.
    s, events = run(s, Present("shore", tuple(s.players[2].fish)))
    s, events = run(s, Present("lake", tuple(sorted(s.players[0].fish))), Present("lake", tuple(s.players[1].fish)))
    assert contest_trophies(events, "lake_contest") == [(1, 5), (0, 3)]  # seat 2 presented nothing
    assert [e.weight for e in of_type(events, Presented)] == [5, 9]


def test_R10_3_equal_totals_go_to_the_earliest_timestamp() -> None:
    sc = scenario().fish(0, ["Pike:5"]).fish(1, ["Pike:4", "Perch:1"])
    s = sc.at_contests().build()
    times = {seat: min(s.cards.fish_time[f] for f in s.players[seat].fish) for seat in (0, 1)}
    s, events = run(s, Present("lake", tuple(s.players[0].fish)), Present("lake", tuple(sorted(s.players[1].fish))))
    expected = (0, 1) if times[0] < times[1] else (1, 0)
    assert [e for e in of_type(events, ContestRanked) if e.location == "lake"] == [ContestRanked("lake", expected)]
