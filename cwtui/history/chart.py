"""Which picture a query result makes: the columns to plot and how.

A result with a label column and a number column becomes one bar per row; a result of a
single number column becomes a histogram. Numeric labels (a score, a turn) are drawn as
columns along an axis, other labels as horizontal bars.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from cwtui.history.sandbox import QueryResult, is_numeric


@dataclass(frozen=True)
class ChartData:
    title: str
    labels: tuple[str, ...]
    values: tuple[float, ...]
    numeric_x: bool  # the labels are numbers in order: draw columns along an axis


class NoChart(Exception):
    """The result has nothing to plot; the message says what a chart needs."""


def numeric_columns(result: QueryResult) -> list[str]:
    return [c for c, t in zip(result.columns, result.types, strict=True) if is_numeric(t)]


def default_columns(result: QueryResult) -> tuple[str | None, str]:
    """(label column or None for a histogram, value column)."""
    numbers = numeric_columns(result)
    if not numbers:
        raise NoChart("A chart needs a column of numbers; this result has none.")
    if len(result.columns) == 1:
        return None, numbers[0]
    label = result.columns[0]
    value = next((c for c in numbers if c != label), None)
    if value is None:
        return None, numbers[0]
    return label, value


def chart_for(result: QueryResult, label: str | None, value: str, bins: int = 40) -> ChartData:
    if not result.rows:
        raise NoChart("The result has no rows to plot.")
    vi = result.columns.index(value)
    if label is None:
        return histogram(value, [_number(row[vi]) for row in result.rows], bins)
    li = result.columns.index(label)
    rows = [(row[li], _number(row[vi])) for row in result.rows]
    numeric_x = is_numeric(result.types[li]) and all(x is not None for x, _ in rows)
    if numeric_x:
        rows.sort(key=lambda r: r[0])
        rows = _fill_gaps(rows, bins)
    return ChartData(
        f"{value} by {label}",
        tuple(_label(x) for x, _ in rows),
        tuple(0.0 if v is None else v for _, v in rows),
        numeric_x,
    )


def _fill_gaps(rows: list[tuple[Any, float | None]], bins: int) -> list[tuple[Any, float | None]]:
    """Integer labels with gaps (scores 3, 5, 9) get zero columns between them, so the axis
    is to scale — when the whole range fits the chart."""
    xs = [x for x, _ in rows]
    if not all(isinstance(x, int) for x in xs) or len(set(xs)) != len(xs) or xs[-1] - xs[0] + 1 > bins:
        return rows
    have = dict(rows)
    return [(x, have.get(x, 0.0)) for x in range(xs[0], xs[-1] + 1)]


def histogram(name: str, values: list[float | None], bins: int) -> ChartData:
    """Counts of `values` in at most `bins` equal ranges (one per integer where they fit)."""
    present = [v for v in values if v is not None]
    if not present:
        raise NoChart(f"{name} has no values to plot.")
    low, high = min(present), max(present)
    integral = all(float(v).is_integer() for v in present)
    if integral and high - low + 1 <= bins:
        counts = {int(low) + i: 0 for i in range(int(high - low) + 1)}
        for v in present:
            counts[int(v)] += 1
        return ChartData(
            f"how many rows have each {name}", tuple(map(str, counts)), tuple(map(float, counts.values())), True
        )
    width = (high - low) / bins or 1.0
    counts_list = [0] * bins
    for v in present:
        counts_list[min(int((v - low) / width), bins - 1)] += 1
    labels = tuple(_label(low + i * width) for i in range(bins))
    return ChartData(
        f"how many rows have each {name} (ranges of {_label(width)})", labels, tuple(map(float, counts_list)), True
    )


def _number(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, (int, float, Decimal)):
        number = float(value)
        return number if math.isfinite(number) else None
    return None


def _label(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, float):
        return f"{value:.3g}" if not value.is_integer() else str(int(value))
    return str(value)
