"""R11 — scoring."""

from __future__ import annotations

from helpers import of_type, run, scenario

from engine.events import GameEnded, ScoreLine
from engine.moves import Present


def ended(events: list) -> GameEnded:
    return of_type(events, GameEnded)[0]


def test_R11_1_trophies_master_anglers_and_tags() -> None:
    sc = scenario().fish(0, ["Pike:12"]).trophy(0, "small_species").master_anglers_caught(0, [0, 1])
    s = sc.fish(1, ["Pike:3"]).build()
    tag = s.cards.fish_tag[s.players[0].fish[0]]
    s = sc.tag(tag).at_contests().build()
    s, events = run(s, Present("lake", tuple(s.players[0].fish)), Present("lake", tuple(s.players[1].fish)))
    line = ended(events).scores[0]
    assert line == ScoreLine(0, trophies=5 + 5, master_anglers=2, tags=1, total=13, rank=1)


def test_R11_1_variant_without_tag_points() -> None:
    sc = scenario(tag_points=False).fish(0, ["Pike:12"]).fish(1, ["Pike:3"])
    s = sc.build()
    s = sc.tag(s.cards.fish_tag[s.players[0].fish[0]]).at_contests().build()
    s, events = run(s, Present("lake", tuple(s.players[0].fish)), Present("lake", tuple(s.players[1].fish)))
    assert ended(events).scores[0].tags == 0


def test_R11_2_uncaught_master_anglers_score_nothing() -> None:
    s = scenario().master_anglers(0, [0, 1, 2], filled={0: [0, 1]}).at_contests().build()
    assert s.over and s.result is not None
    assert s.result[0] == ScoreLine(0, 0, 0, 0, 0, s.result[0].rank)


def test_R11_3_a_tie_goes_to_the_earliest_presented_fish() -> None:
    sc = scenario().fish(0, ["Wrasse:4"]).fish(1, ["Mackerel:4"])
    s = sc.build()
    early = 0 if s.cards.fish_time[s.players[0].fish[0]] < s.cards.fish_time[s.players[1].fish[0]] else 1
    s = sc.at_contests().build()
    s, events = run(s, Present("shore", tuple(s.players[0].fish)), Present("shore", tuple(s.players[1].fish)))
    # Equal weights: the contest and the final tie both go to the earlier fish.
    assert ended(events).winner == early


def test_R11_3_ruling_no_fish_at_all_later_seat_wins() -> None:
    s = scenario().at_contests().build()
    assert s.result is not None and [line.rank for line in s.result] == [2, 1]
