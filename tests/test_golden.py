"""Golden logs: games committed under tests/golden/ must keep replaying identically.

If a deliberate rules change alters them, regenerate with
`python -m pytest tests/test_golden.py --regen-golden` and say why in the commit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cwtui.logfile import read_log
from cwtui.runner import play_game
from engine import GameConfig, SeatConfig
from engine.replay import Replay

GOLDEN = Path(__file__).parent / "golden"
CREATED = "2026-11-22T00:00:00+00:00"
GAMES = {
    "sim-1p-101.jsonl": GameConfig(seats=(SeatConfig("Solo", "greedy"),), seed=101),
    "sim-2p-202.jsonl": GameConfig(seats=(SeatConfig("Ana", "greedy"), SeatConfig("Bo", "random")), seed=202),
    "sim-3p-303.jsonl": GameConfig(
        seats=(SeatConfig("A", "random"), SeatConfig("B", "greedy"), SeatConfig("C", "greedy")),
        seed=303,
        tag_points=False,
    ),
    "sim-4p-404.jsonl": GameConfig(seats=tuple(SeatConfig(f"S{i}", "greedy") for i in range(4)), seed=404),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_log_is_reproduced_byte_for_byte(name: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    _, path = play_game(GAMES[name], tmp_path, created=CREATED)
    assert path is not None and path.name == name
    if request.config.getoption("--regen-golden"):
        (GOLDEN / name).write_bytes(path.read_bytes())
    assert path.read_bytes() == (GOLDEN / name).read_bytes()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_log_replays_to_its_recorded_scores(name: str) -> None:
    log = read_log(GOLDEN / name)
    replay = Replay(log)
    assert replay.divergence is None
    assert log.footer is not None and replay.final.result == log.footer.scores
