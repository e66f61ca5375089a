"""A hint, as the table and the replay both give it (and the guided game's `h` falls
back to): the review's judge at a decision — its best move, then the two its search
tried most after it, each with the points it gives up as the review would grade it
(engine.bots.judge.weigh) — and what each does in the game's terms (cwtui.game.reasons),
all from the View of the seat to act. Made in a worker (a search, rollouts and the
moves played in a few dealt worlds: a fraction of a second); drawn by
cwtui.widgets.hint_line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cwtui.game.reasons import effects
from engine.bots.judge import Weighed, weigh
from engine.cards import Cards
from engine.moves import Move
from engine.view import View


@dataclass(frozen=True)
class Hint:
    """The judge's moves at `seen` (its best first) and what each does."""

    seen: View
    weighed: tuple[Weighed, ...]
    does: tuple[tuple[str, ...], ...]


def hint_at(seen: View, moves: Sequence[Move], cards: Cards) -> Hint:
    """The hint for the seat whose View `seen` is, among its legal `moves`: seeded by the
    View alone, the same hint wherever and whenever it is asked."""
    weighed = tuple(weigh(seen, list(moves), cards))
    return Hint(seen, weighed, tuple(tuple(effects(seen, cards, w.move, seed=seen.ply)) for w in weighed))
