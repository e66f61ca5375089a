from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cwtui.net import host_key
from cwtui.net.client import Address
from cwtui.net.server import GameServer
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


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[tuple[GameServer, Address]]:
    """A game server on localhost in the test's event loop, and its address."""
    game_server = GameServer(tmp_path / "server")
    listening = await game_server.start("127.0.0.1", 0)
    port = next(iter(listening.sockets)).getsockname()[1]
    host_key.register(port, game_server.host_key, tmp_path / "server")  # as `cwtui serve` does
    try:
        yield game_server, Address(f"ws://127.0.0.1:{port}")
    finally:
        listening.close()
        await listening.wait_closed()
        game_server.close()
