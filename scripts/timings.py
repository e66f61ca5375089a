"""What the benchmark scripts share about times: one percentile (nearest rank), one
summary line, and `report`, which prints it and, for scripts/bench_versus.py, adds the
result as a JSON line to the file $CWTUI_BENCH_RESULTS names (no scraping of text)."""

from __future__ import annotations

import json
import math
import os
import statistics
from collections.abc import Sequence

RESULTS_ENV = "CWTUI_BENCH_RESULTS"


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


def report(label: str, seconds: Sequence[float], digits: int = 2) -> None:
    """`label: median … ms  p95 … ms  max … ms  (n=…)` on stdout, and the same as a JSON
    line ({"label", "median_ms", "p95_ms", "max_ms", "n"}) in $CWTUI_BENCH_RESULTS's file."""
    print(f"{label}: {summary_ms(seconds, digits)}", flush=True)
    results = os.environ.get(RESULTS_ENV)
    if results:
        ms = [s * 1e3 for s in seconds]
        record = {"label": label, "median_ms": statistics.median(ms), "p95_ms": percentile(ms, 0.95),
                  "max_ms": max(ms), "n": len(ms)}  # fmt: skip
        with open(results, "a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")
