"""What the benchmark scripts share about times: one percentile (nearest rank) and one
summary line, which scripts/bench_versus.py reads ("median … ms  p95 … ms")."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank percentile: the smallest value with at least `q` of them at or
    below it (q=0.95: the p95; q=1: the largest)."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(q * len(ordered))) - 1]


def summary_ms(seconds: Sequence[float], digits: int = 2) -> str:
    """Median, p95 and largest of times in seconds, in milliseconds, and how many."""
    ms = [s * 1e3 for s in seconds]
    return (
        f"median {statistics.median(ms):6.{digits}f} ms  p95 {percentile(ms, 0.95):6.{digits}f} ms  "
        f"max {max(ms):6.{digits}f} ms  (n={len(ms)})"
    )
