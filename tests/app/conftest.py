from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def replays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # the app shows paths relative to here: stable snapshots
    return Path("replays")
