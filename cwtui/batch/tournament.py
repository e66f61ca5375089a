"""Bots against bots: win rates with 95% confidence intervals, and Elo ratings.

Every seed is played once per seat rotation (selfplay.Plan with rotate), so each bot
plays each seat on the same deals and seat advantage cancels out.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from cwtui.batch.selfplay import Outcome

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The Wilson score interval for a win rate (sound near 0% and 100%, unlike ±2σ)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Standing:
    name: str
    games: int
    wins: float  # a win shared by a tie counts as a fraction (never, with R11.3's tie-break)
    mean_score: float
    low: float  # 95% interval of the win rate
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def standings(outcomes: Iterable[Outcome]) -> list[Standing]:
    games: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    scores: dict[str, int] = defaultdict(int)
    for o in outcomes:
        for name, total, rank in zip(o.names, o.totals, o.ranks, strict=True):
            games[name] += 1
            scores[name] += total
            wins[name] += 1.0 if rank == 1 else 0.0
    table = [
        Standing(name, games[name], wins[name], scores[name] / games[name], *wilson(wins[name], games[name]))
        for name in games
    ]
    return sorted(table, key=lambda s: -s.rate)


def elo(outcomes: Iterable[Outcome], anchor: str | None = None, iterations: int = 200) -> dict[str, float]:
    """Elo ratings fitted to every pair of players in every game (the better-ranked one
    beat the other): a Bradley–Terry model solved by its MM algorithm (Hunter 2004),
    then put on the Elo scale, 400·log10 of the strength. The anchor (or the mean) is 1500."""
    beat: dict[tuple[str, str], float] = defaultdict(float)
    names: set[str] = set()
    for o in outcomes:
        names.update(o.names)
        for i, a in enumerate(o.names):
            for j, b in enumerate(o.names):
                if i != j and o.ranks[i] < o.ranks[j]:
                    beat[(a, b)] += 1.0
    if not names:
        return {}
    # Half a win each way keeps a player who never won (or never lost) finite.
    for a in names:
        for b in names:
            if a != b:
                beat[(a, b)] += 0.5
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for a in names:
            won = sum(beat[(a, b)] for b in names if b != a)
            denominator = sum((beat[(a, b)] + beat[(b, a)]) / (strength[a] + strength[b]) for b in names if b != a)
            new[a] = won / denominator
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {a: v / scale for a, v in new.items()}
    rating = {a: 400 * math.log10(v) for a, v in strength.items()}
    base = rating[anchor] if anchor in rating else sum(rating.values()) / len(rating)
    return {a: 1500 + r - base for a, r in sorted(rating.items(), key=lambda kv: -kv[1])}
