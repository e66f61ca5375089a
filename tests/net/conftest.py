"""The server's table actions' tests: each is given a `Place` (tests/net/net_helpers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from net_helpers import Place


@pytest.fixture
def place(tmp_path: Path) -> Place:
    return Place(tmp_path)
