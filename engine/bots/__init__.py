"""Bots choose a move from their seat's View and the legal moves — nothing else.

A bot's move depends only on the game seed, its seat, the position and (for a search
cut short by its clock) the iterations it ran: each decision draws on a stream of its
own (engine.rng.decision_rng). So a resumed or forked game plays on as the original
would have, and engine.bots.audit can check a log's bot moves by asking again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, NamedTuple, Protocol

from engine.bots.greedy import GreedyBot
from engine.bots.ismcts import PRIOR_WEIGHT, Evaluation, IsmctsBot, Option, TreeRunner
from engine.bots.model_file import shipped_model
from engine.bots.random_bot import RandomBot
from engine.cards import Cards
from engine.config import BOT_KINDS, GameConfig
from engine.legal import legal_moves
from engine.moves import Move
from engine.rng import stream_seed
from engine.state import State
from engine.view import View, view


class Bot(Protocol):
    kind: str
    # The iterations of the last decision when a time cap stopped the search short of
    # its budget (the log records it); None for a full search and for other bots.
    searched: int | None

    def choose(self, view: View, moves: list[Move]) -> Move: ...


class Budget(NamedTuple):
    """A search level: iterations a tree, trees a move (root-parallel: they may grow on
    every core), a time cap so that a slow machine still answers, the evaluation
    (the name of a model shipped in engine/data, or None: the hand-written one), and
    what the greedy prior is worth to each root move of a tree, in won playouts."""

    iterations: int
    seconds: float
    trees: int = 1
    evaluation: str | None = None
    prior_weight: float = PRIOR_WEIGHT
    undominated: bool = True  # no search of a presentation a fuller one holds (engine.bots.ismcts.undominated)


# The learned evaluation (engine.bots.learned), named by its file's hash: it beat the
# hand-written one at equal time (docs/bot-strength.md).
LEARNED: Final = "learned-ff38d153"
# The lead evaluation (engine.bots.lead), named by its file's hash: hard's playouts and a
# review's rollouts end in it (engine.bots.judge), and luck is measured with it
# (engine.bots.luck).
LEAD: Final = "lead-c4345e87"
# Hard grows two trees: on two cores a move takes what one tree takes (~0.2 s compiled,
# scripts/bench_ismcts.py), one after another where there is one core or in tournaments.
# The count is the level's, not the machine's, so a game's bot moves are the same wherever
# they were searched. Since engine 0.6.0 hard's playouts end in the lead evaluation
# (engine.bots.lead.LeadChances), which costs an iteration about 1.6 times what the
# win-chance model does (two players; scripts/lead_search.py rate): 1,500 iterations a tree
# take the time 2,500 took. At medium's time (180 iterations) it beat medium's 300 in 158
# of 200 games, and hard so made beat hard as it was in 156 of 188 (docs/bot-strength.md).
# The greedy prior counts for as much of hard's search as of medium's (10 of 1,500
# iterations, 2 of 300): with medium's 2, hard's thousands of playouts, whose win chances
# differ between moves by a point or two, outvoted it and hard lost to medium (engine
# 0.3.0, docs/bot-strength.md).
SEARCH_BUDGET: Final[dict[str, Budget]] = {
    "medium": Budget(300, 1.0, evaluation=LEARNED),
    "hard": Budget(1500, 2.0, trees=2, evaluation=LEAD, prior_weight=10.0),
}
# A log names the engine that wrote it, and its bot seats are audited by the levels of
# that engine. Each change to the levels, newest first: the version that made it, the
# level it changed (None: every level), and the field as it was before.
LEVEL_CHANGES: Final[tuple[tuple[tuple[int, ...], str | None, str, Any], ...]] = (
    ((0, 6, 0), "hard", "evaluation", LEARNED),  # the lead evaluation, in place of the win-chance model
    ((0, 6, 0), "hard", "iterations", 2500),  # 1,500 iterations a tree, in the time 2,500 took
    ((0, 6, 0), "hard", "prior_weight", 17.0),
    ((0, 5, 0), None, "undominated", False),  # a contest's presentations: only the full ones searched
    ((0, 4, 0), "hard", "prior_weight", PRIOR_WEIGHT),  # hard's greedy prior worth 17 playouts, in place of 2
    ((0, 3, 0), None, "evaluation", None),  # the learned evaluation, in place of the hand-written one
    ((0, 2, 0), "hard", "trees", 1),  # two trees a move (hard), in place of one
)


def level(kind: str, engine: str | None = None) -> Budget:
    """A search level as engine version `engine` defined it (None: this engine)."""
    budget = SEARCH_BUDGET[kind]
    version = None if engine is None else _version(engine)
    for since, changed, field, before in LEVEL_CHANGES:
        if version is not None and version < since and changed in (None, kind):
            budget = budget._replace(**{field: before})
    return budget


def _version(engine: str) -> tuple[int, ...] | None:
    """ "0.1.0" as (0, 1, 0); anything else (a header written by hand) as None: this
    engine's levels."""
    parts = engine.split(".")
    if not all(p.isdecimal() for p in parts):
        return None
    return tuple(int(p) for p in parts)


def search_bot(
    kind: str, seed: int, cards: Cards, timed: bool = True, runner: TreeRunner | None = None, engine: str | None = None
) -> IsmctsBot:
    """A search bot at a level (the hint asks one for its analysis); `runner` grows its
    trees (default: one after another, here); `engine`: the level as that version of
    the engine defined it (to audit an older log)."""
    return searcher(level(kind, engine), kind, seed, cards, timed, runner)


def searcher(
    budget: Budget, kind: str, seed: int, cards: Cards, timed: bool = True, runner: TreeRunner | None = None
) -> IsmctsBot:
    """A search of `budget` (a bot's level, or the review's judge: engine.bots.judge),
    named `kind`."""
    model = None if budget.evaluation is None else evaluation(budget.evaluation)
    seconds = budget.seconds if timed else None
    return IsmctsBot(
        seed, cards, budget.iterations, seconds, kind, budget.trees, runner, model, budget.prior_weight,
        budget.undominated,
    )  # fmt: skip


def evaluation(name: str) -> Evaluation:
    """The evaluation shipped as engine/data/NAME.json: the lead network (its module and
    numpy imported here, not at the app's start) or the win-chance model."""
    if name.startswith("lead-"):
        from engine.bots.lead import LeadChances, shipped

        shipped(name)  # refused now, not in a search's process, if the file has changed
        return LeadChances(name)
    return shipped_model(name)


def make_bot(kind: str, seed: int, cards: Cards, timed: bool = True, engine: str | None = None) -> Bot:
    """A bot of a kind, with its own random stream from `seed` (never the game's).
    `timed=False` drops the search bots' time cap, so that their moves depend on the
    seed alone (tournaments and tests). `cards`: the game's card data, which bots that
    weigh fish or deal worlds read (never the built-in data in its place). `engine`:
    a search level as that engine version defined it (see `level`)."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(seed, cards)
    if kind in SEARCH_BUDGET:
        return search_bot(kind, seed, cards, timed, engine=engine)
    raise ValueError(f"unknown bot kind {kind!r}; choose from {', '.join(BOT_KINDS)}")


@dataclass(frozen=True)
class Decision:
    """A bot's move, and the iterations its search ran when its clock cut it short
    (the log records them, so the move can be checked by searching as long again)."""

    move: Move
    searched: int | None = None


def decide(bot: Bot, state: State, searched: int | None = None) -> Decision:
    """The bot's move in `state`, from its seat's view. With one legal move the bot is
    not asked. `searched` asks again for a decision its clock cut short: the search
    runs exactly that many iterations (search bots only)."""
    moves = legal_moves(state)
    if len(moves) == 1:
        return Decision(moves[0])
    if isinstance(bot, RandomBot):
        return Decision(bot.pick(state.ply, moves))
    seen = view(state, state.to_act)
    if searched is None:
        return Decision(bot.choose(seen, moves), bot.searched)
    if not isinstance(bot, IsmctsBot):
        raise ValueError(f"a {bot.kind} bot does not search")
    return Decision(bot.choose(seen, moves, searched), bot.searched)


def seat_bots(config: GameConfig, cards: Cards, timed: bool = True, engine: str | None = None) -> dict[int, Bot]:
    """A bot for every bot seat, each seeded from the game seed and its seat.
    Untimed search bots play by their iteration budget alone, so a self-play game is
    the same on any machine (and a cut-short one can be replayed from its seed).
    `engine`: the bots of that engine version (a log's, to audit it)."""
    return {
        seat: make_bot(sc.kind, stream_seed(config.seed, f"bot-{seat}"), cards, timed, engine)
        for seat, sc in enumerate(config.seats)
        if sc.kind != "human"
    }


__all__ = [
    "BOT_KINDS",
    "LEAD",
    "LEARNED",
    "LEVEL_CHANGES",
    "SEARCH_BUDGET",
    "Bot",
    "Budget",
    "Decision",
    "GreedyBot",
    "IsmctsBot",
    "Option",
    "RandomBot",
    "TreeRunner",
    "decide",
    "evaluation",
    "level",
    "make_bot",
    "search_bot",
    "searcher",
    "seat_bots",
]
