"""What the history's tests share."""

from __future__ import annotations

import pytest
from helpers import quick_judge

from cwtui.game import review
from cwtui.history import kept_reviews


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reviews kept in these tests' folders are made by a stand-in for the search
    (the sim_logs fixture's too): `history load --verify` judges them again with it, in
    this process (issue 51.12), as a real review is judged again by the real search."""
    monkeypatch.setattr(review, "judge_job", quick_judge)
    monkeypatch.setattr(kept_reviews, "WORKERS", 1)
