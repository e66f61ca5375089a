"""The sample games in replays/samples/ stay genuine games as the engine changes: each
replays to its logged events and scores, and its bot seats' moves are those bots' (at
the levels of the engine that played them, engine.bots.level)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cwtui.game.logfile import read_log
from cwtui.game.verification import verify_log
from engine.cards import load_cards

SAMPLES = Path(__file__).parents[1] / "replays" / "samples"


def test_the_samples_cover_solo_two_and_four_players() -> None:
    players = {len(read_log(path).header.config.seats) for path in SAMPLES.glob("*.jsonl")}
    assert players == {1, 2, 4}


@pytest.mark.parametrize("name", sorted(p.name for p in SAMPLES.glob("*.jsonl")))
def test_a_sample_verifies(name: str) -> None:
    """Bot seats are audited, except the hard bot's (a minute of search: `cwtui verify
    replays/samples/*.jsonl` does it)."""
    path = SAMPLES / name
    hard = any(seat.kind == "hard" for seat in read_log(path).header.config.seats)
    verdict = verify_log(path, load_cards(), bots=not hard)
    assert verdict.ok, verdict.text
    assert read_log(path).footer is not None, "a whole game"
