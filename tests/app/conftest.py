from __future__ import annotations

from pathlib import Path

import pytest

from cwtui.screens.replay.replay import ReplayScreen


@pytest.fixture(autouse=True)
def no_drawing_ahead(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A replay draws its positions ahead while the player is idle, busy by design; Pilot
    waits at each step until the app is idle, up to a second, so every step at a replay
    cost a second or two. Drawing ahead changes nothing shown (test_drawn.py's tests of
    it, marked `draw_ahead`, keep it on)."""
    if request.node.get_closest_marker("draw_ahead") is None:
        monkeypatch.setattr(ReplayScreen, "DRAW_AHEAD", False)


@pytest.fixture
def replays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # the app shows paths relative to here: stable snapshots
    return Path("replays")
