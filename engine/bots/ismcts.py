"""Information-Set Monte Carlo Tree Search (single-observer ISMCTS; Cowling, Powley &
Whitehouse 2012).

One tree over the bot's information set. Each iteration deals a world the bot cannot
tell apart from the real game (engine.determinize, from its View only), walks the tree
choosing among the moves that world allows, adds one node, plays on a few turns with a
light policy, and scores the position with engine.bots.evaluate. Statistics are shared by
every world, and a move is judged against the number of iterations it was available in
(the "availability" count of the paper), since a world may not allow every move.

Chance (the bag, the decks, reshuffles) is part of each world, so the tree's nodes are
sequences of moves and every iteration meets fresh chance below them. The bot's own
random stream deals the worlds and drives the playouts: a given seed and the same
views give the same decisions, whatever the machine, when the budget is iterations.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from engine.bots.evaluate import win_chances
from engine.bots.greedy import GreedyBot
from engine.bots.playout import playout_move
from engine.cards import Cards
from engine.determinize import World
from engine.game import apply_in_place
from engine.legal import legal_moves
from engine.moves import Move, Present
from engine.rng import Rng, decision_rng, stream_seed
from engine.state import State
from engine.view import View

EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]
PLAYOUT_TURNS = 2  # turns a playout runs past the tree before it is scored
# What the greedy prior is worth to a root move, in won playouts, unless a level says
# otherwise (engine.bots.SEARCH_BUDGET): its bias fades as the move's visits grow.
PRIOR_WEIGHT = 2.0
TIME_CHECK = 16  # iterations between looks at the clock


class Node:
    __slots__ = ("move", "mover", "parent", "children", "visits", "available", "reward", "bias")

    def __init__(self, move: Move | None, mover: int, parent: Node | None) -> None:
        self.move = move
        self.mover = mover  # the seat that chose `move`; rewards are that seat's
        self.parent = parent
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.bias = 0.0  # progressive bias toward what the greedy bot likes (root only)

    def score(self) -> float:
        """UCB1 with the availability count in place of the parent's visits, plus a
        bias that fades as the move is visited."""
        visits = self.visits
        return (self.reward + self.bias) / visits + EXPLORATION * math.sqrt(math.log(self.available) / visits)


@dataclass(frozen=True)
class Option:
    """One of the root's moves after a search: how often it was searched and how often
    the mover won from it (estimated)."""

    move: Move
    visits: int
    win_rate: float


class TreeJob(NamedTuple):
    """One tree of a search, all a process needs to grow it: the searching seat's View,
    its legal moves, the tree's random stream and budget, and (tree 0 only) a cap. (A
    tuple, not a frozen dataclass: compiled, one of those cannot be unpickled.)"""

    view: View
    moves: list[Move]
    cards: Cards
    stream: int  # the tree's decision stream's state (engine.rng.decision_rng)
    iterations: int
    seconds: float | None
    evaluate: Evaluation | None = None  # None: engine.bots.evaluate.win_chances
    prior_weight: float = PRIOR_WEIGHT  # what the greedy prior is worth to a root move
    undominated: bool = False  # search no presentation another holds and adds to (`undominated`)


class TreeResult(NamedTuple):
    """A grown tree's root: each move's visits and reward total, and the iterations run."""

    visits: dict[Move, int]
    rewards: dict[Move, float]
    iterations: int


class Evaluation(Protocol):
    """Each seat's chance to win in a position, in place of the hand-written evaluation
    (engine.bots.learned.Model). An object, not a function: it goes to the search's
    processes, and a compiled bound method cannot be pickled."""

    def chances(self, s: State) -> list[float]: ...


# Grows trees: the jobs, and the seconds the search may take (None: no cap). The result
# is a tree per job, in order; a tree after the first may be None, not grown in time.
TreeRunner = Callable[[list[TreeJob], "float | None"], "list[TreeResult | None]"]


def grow_in_turn(jobs: list[TreeJob], seconds: float | None) -> list[TreeResult | None]:
    """The trees one after another in this process; a tree after the first is grown
    only if it starts before the cap (then whole)."""
    deadline = None if seconds is None else time.perf_counter() + seconds
    results: list[TreeResult | None] = []
    for i, job in enumerate(jobs):
        if i and deadline is not None and time.perf_counter() > deadline:
            results.append(None)
        else:
            results.append(grow_tree(job))
    return results


def grow_tree(job: TreeJob) -> TreeResult:
    """Grow one tree (a module function, so that a process pool can run it)."""
    search = Search(job.cards, job.view, job.moves, Rng(job.stream), job.evaluate, job.prior_weight, job.undominated)
    root = search.grow(job.iterations, job.seconds)
    visits = {m: child.visits for m, child in root.children.items()}
    rewards = {m: child.reward for m, child in root.children.items()}
    return TreeResult(visits, rewards, root.visits)


class Search:
    """One tree over the seat's information set, grown from its View."""

    def __init__(
        self,
        cards: Cards,
        view: View,
        moves: list[Move],
        rng: Rng,
        evaluate: Evaluation | None = None,
        prior_weight: float = PRIOR_WEIGHT,
        undominated: bool = False,
    ) -> None:
        self.evaluate = evaluate
        self.prior_weight = prior_weight
        self.undominated = undominated
        self.view = view
        self.rng = rng
        self.world = World(view, cards)
        # The root's moves: every world allows the seat the same ones (they depend on
        # what it knows), and a review searches a chosen move alone (engine.bots.judge).
        self.moves = moves
        self.prior = root_prior(GreedyBot(0, cards), view, moves)

    def grow(self, iterations: int, seconds: float | None) -> Node:
        root = Node(None, self.view.seat, None)
        deadline = None if seconds is None else time.perf_counter() + seconds
        done = 0
        while done < iterations:
            self.iterate(root, self.world.sample(self.rng))
            done += 1
            if deadline is not None and done % TIME_CHECK == 0 and time.perf_counter() > deadline:
                break
        return root

    def iterate(self, root: Node, s: State) -> None:
        node = root
        # Selection and expansion: down the tree through moves this world allows.
        while not s.over:
            if node is root:
                moves = self.moves
            else:
                moves = legal_moves(s)
                if self.undominated:
                    moves = undominated(moves)
            untried = []
            best, best_score = None, -1.0
            for m in moves:
                child = node.children.get(m)
                if child is None:
                    untried.append(m)
                    continue
                child.available += 1
                score = child.score()
                if score > best_score:
                    best, best_score = child, score
            mover = s.to_act
            if untried:
                if node is root:  # the greedy bot's favourite first
                    move = max(untried, key=self.prior.__getitem__)
                else:
                    move = untried[self.rng.below(len(untried))]
                child = Node(move, mover, node)
                child.available = 1
                if node is root:
                    child.bias = self.prior_weight * self.prior[move]
                node.children[move] = child
                apply_in_place(s, move)
                node = child
                break
            assert best is not None and best.move is not None
            apply_in_place(s, best.move)
            node = best
        self.playout(s)
        chances = win_chances(s) if self.evaluate is None else self.evaluate.chances(s)
        while node is not root:
            node.visits += 1
            node.reward += chances[node.mover]
            node = node.parent  # type: ignore[assignment]  # only the root has none
        root.visits += 1

    def playout(self, s: State) -> None:
        """A few turns of light play (engine.bots.playout's policy)."""
        stop = s.turn + PLAYOUT_TURNS
        rng = self.rng
        while not s.over and s.turn < stop:
            apply_in_place(s, playout_move(s, legal_moves(s), rng))


def undominated(moves: list[Move]) -> list[Move]:
    """The moves worth searching: all of them, but of a contest's presentations only
    those holding a fish of every species the seat has there. A presentation that holds
    another's fish and more is never worse (R10.1): its total is higher (R10.2), its
    earliest fish at least as early (R10.3, R11.3), its tag points at least as many
    (R11.1); and every presentation is held in one of the full ones. (The search spread
    over all of them and the hint named "present the 15 lb" over its 16 lb superset.)"""
    if not moves or not isinstance(moves[0], Present):
        return moves
    most = max(len(m.fish) for m in moves if isinstance(m, Present))
    return [m for m in moves if not isinstance(m, Present) or len(m.fish) == most]


def root_prior(greedy: GreedyBot, view: View, moves: list[Move]) -> dict[Move, float]:
    """The greedy bot's one-step scores of the root moves, scaled to [0, 1]: the search
    starts from them and its results overrule them as visits accumulate."""
    me = view.seats[view.seat]
    scores = {m: greedy.score(view, me, m) for m in moves}
    low, high = min(scores.values()), max(scores.values())
    span = high - low
    return {m: (x - low) / span if span else 0.5 for m, x in scores.items()}


class IsmctsBot:
    """Searches `trees` trees of `iterations` worlds each and adds up their root
    statistics (root parallelism: the trees are independent, so they may grow on every
    core, and the move is the same whichever grows where). `seconds` caps the search on
    a slow machine: the first tree stops at the cap, and a later tree counts only if it
    was grown within it (the log records what was searched, so the move can be checked).
    `runner` grows the trees (default: one after another, here); `evaluate` replaces
    the hand-written evaluation (an experiment: scripts/train_evaluation.py);
    `prior_weight`: what the greedy prior is worth to each root move of a tree;
    `undominated`: search no presentation another full one holds and adds to (they
    are listed last, unsearched)."""

    def __init__(
        self, seed: int, cards: Cards, iterations: int = 1000, seconds: float | None = None, kind: str = "ismcts",
        trees: int = 1, runner: TreeRunner | None = None, evaluate: Evaluation | None = None,
        prior_weight: float = PRIOR_WEIGHT, undominated: bool = False,
    ) -> None:  # fmt: skip
        self.evaluate = evaluate
        self.prior_weight = prior_weight
        self.undominated = undominated
        self.kind = kind
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.trees = trees
        self.runner: TreeRunner = runner or grow_in_turn
        self.cards = cards  # the game's own: worlds are dealt from it
        self.last_iterations = 0
        # The iterations of the last decision when the time cap stopped it short of its
        # budget, else None: the log records it, so the move can be checked by searching
        # exactly as long again.
        self.searched: int | None = None

    def choose(self, view: View, moves: list[Move], iterations: int | None = None) -> Move:
        """The most searched move; `iterations` replaces the budget and the time cap
        (to ask again for a decision the clock cut short)."""
        if len(moves) == 1:
            return moves[0]
        return self.analyse(view, moves, iterations)[0].move

    def analyse(self, view: View, moves: list[Move], iterations: int | None = None) -> list[Option]:
        """Every root move, most searched first (ties: the legal order). `moves` are the
        legal moves, in the engine's order, or some of them: the search tries those alone."""
        visits: dict[Move, int] = {}
        rewards: dict[Move, float] = {}
        searched = undominated(moves) if self.undominated else moves
        for tree in self.grow(view, searched, iterations):  # in tree order: the same sums everywhere
            for m, n in tree.visits.items():
                visits[m] = visits.get(m, 0) + n
                rewards[m] = rewards.get(m, 0.0) + tree.rewards[m]
        options = [Option(m, visits.get(m, 0), rewards[m] / visits[m] if visits.get(m) else 0.0) for m in moves]
        order = {m: i for i, m in enumerate(moves)}
        return sorted(options, key=lambda o: (-o.visits, -o.win_rate, order[o.move]))

    def grow(self, view: View, moves: list[Move], iterations: int | None = None) -> list[TreeResult]:
        """The decision's trees: its budget, or as `iterations` says a capped search
        went (fewer than one tree's budget: the first tree cut there; else that many
        whole trees). Sets last_iterations and searched."""
        budget = self.iterations
        if iterations is None:
            jobs = [self.job(view, moves, k, budget, self.seconds if k == 0 else None) for k in range(self.trees)]
            grown = self.runner(jobs, self.seconds)
        elif iterations < budget:
            grown = grow_in_turn([self.job(view, moves, 0, iterations, None)], None)
        else:
            grown = grow_in_turn([self.job(view, moves, k, budget, None) for k in range(iterations // budget)], None)
        trees: list[TreeResult] = []
        for tree in grown:
            if tree is None:
                break
            trees.append(tree)
            if tree.iterations < budget:
                break  # the first tree was cut by the cap: it alone counts
        done = sum(t.iterations for t in trees)
        self.last_iterations = done
        self.searched = done if done < budget * self.trees else None
        return trees

    def job(self, view: View, moves: list[Move], tree: int, iterations: int, seconds: float | None) -> TreeJob:
        """Tree `tree`'s job: the first draws on the decision's own stream (a one-tree
        search is the search this bot always made), the others on streams of their own."""
        seed = self.seed if tree == 0 else stream_seed(self.seed, f"tree-{tree}")
        stream = decision_rng(seed, view.ply).state
        return TreeJob(
            view, moves, self.cards, stream, iterations, seconds, self.evaluate, self.prior_weight, self.undominated
        )
