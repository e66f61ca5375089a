"""A learned evaluation for search: each seat's chance to win from features of the
position, with weights fitted to self-play results (scripts/train_evaluation.py).

The model is a conditional logit, the form the hand-written evaluation already has:
a seat's utility is a weighted sum of its features, and the chances are a softmax of
the utilities over the seats. Each weight is a + b·t, t the game's progress (the most
fish any seat holds, as a share of the 12 that end it, R9.1), so that a lead can count
for more late than early. The features are the hand-written projection's parts
(engine.bots.evaluate), kept apart so that the fit can weigh each:

- held: trophy points and caught Master Angler cards (R11.1)
- master angler progress: the share of each uncaught card's slots filled, summed
- within reach: the trophies' share the hand-written projection counts for progress
- contests now: the contest tiles and tag points as the fish held would present now
- fish: fish held, as a share of 12

With a = (1, 0.8, 1, 1, 0)/3 and b = 0 it is the hand-written evaluation.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from engine.bots.evaluate import MASTER_ANGLER_PROGRESS, SCALE, contests_now, held, in_progress
from engine.components import FISH_TO_END
from engine.state import State

FEATURES = ("held", "master angler progress", "within reach", "contests now", "fish")
HAND_WRITTEN = tuple(x / SCALE for x in (1.0, MASTER_ANGLER_PROGRESS, 1.0, 1.0, 0.0)) + (0.0,) * len(FEATURES)


class Model(NamedTuple):
    """Weights a (early) then b (late), one of each per feature; `name` carries a hash
    of its file (engine.bots.model_file), so that a bot's name says which model it played.
    (A tuple: it goes to the search's processes, and compiled, a frozen dataclass cannot
    be unpickled.)"""

    weights: tuple[float, ...]
    name: str = "hand-written"

    def chances(self, s: State) -> list[float]:
        """Each seat's chance to win: 1 or 0 once the game is over, else the softmax of
        the utilities."""
        if s.result is not None:
            return [1.0 if line.rank == 1 else 0.0 for line in s.result]
        t = progress(s)
        w = self.weights
        n = len(FEATURES)
        utilities = []
        for x in features(s):
            u = 0.0
            for k in range(n):
                u += (w[k] + w[n + k] * t) * x[k]
            utilities.append(u)
        top = max(utilities)
        exps = [math.exp(u - top) for u in utilities]
        total = sum(exps)
        return [e / total for e in exps]


def progress(s: State) -> float:
    """How far the game has gone: the most fish any seat holds, of the 12 that end it."""
    return min(1.0, max(len(p.fish) for p in s.players) / FISH_TO_END)


def features(s: State) -> list[tuple[float, ...]]:
    """Each seat's features (FEATURES), by seat."""
    contests = [0.0] * len(s.players)
    contests_now(s, contests)
    rows: list[tuple[float, ...]] = []
    for p in s.players:
        _, ma, reach = in_progress(s, p)
        rows.append((held(p), ma, reach, contests[p.seat], len(p.fish) / FISH_TO_END))
    return rows
