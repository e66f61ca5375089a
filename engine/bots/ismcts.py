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
from dataclasses import dataclass

from engine.bots.evaluate import win_chances
from engine.bots.greedy import GreedyBot
from engine.bots.playout import playout_move
from engine.cards import Cards
from engine.determinize import World
from engine.game import apply_in_place
from engine.legal import legal_moves
from engine.moves import Move
from engine.rng import Rng, decision_rng
from engine.state import State
from engine.view import View

EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]
PLAYOUT_TURNS = 2  # turns a playout runs past the tree before it is scored
PRIOR_WEIGHT = 2.0  # the greedy prior is worth this many won playouts to a root move
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


class IsmctsBot:
    """Searches `iterations` worlds a move, or until `seconds` have passed if that comes
    first (a cap for play on a slow machine; the iteration budget keeps it deterministic)."""

    def __init__(
        self, seed: int, cards: Cards, iterations: int = 1000, seconds: float | None = None, kind: str = "ismcts",
    ) -> None:  # fmt: skip
        self.kind = kind
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.rng: Rng  # dealt afresh for every decision, by search()
        self.cards = cards  # the game's own: worlds are dealt from it
        self.last_iterations = 0
        # The iterations of the last decision when the time cap stopped it short of its
        # budget, else None: the log records it, so the move can be checked by searching
        # exactly as long again.
        self.searched: int | None = None
        self.greedy = GreedyBot(seed, self.cards)
        self.prior: dict[Move, float] = {}

    def choose(self, view: View, moves: list[Move], iterations: int | None = None) -> Move:
        """The most searched move; `iterations` replaces the budget and the time cap
        (to ask again for a decision the clock cut short)."""
        if len(moves) == 1:
            return moves[0]
        return self.analyse(view, moves, iterations)[0].move

    def analyse(self, view: View, moves: list[Move], iterations: int | None = None) -> list[Option]:
        """Every root move, most searched first (ties: the legal order)."""
        root = self.search(view, moves, iterations)
        options = []
        for move in moves:
            child = root.children.get(move)
            if child is None:  # a child is visited in the iteration that makes it
                options.append(Option(move, 0, 0.0))
            else:
                options.append(Option(move, child.visits, child.reward / child.visits))
        order = {m: i for i, m in enumerate(moves)}
        return sorted(options, key=lambda o: (-o.visits, -o.win_rate, order[o.move]))

    def search(self, view: View, moves: list[Move], iterations: int | None = None) -> Node:
        world = World(view, self.cards)
        root = Node(None, view.seat, None)
        self.rng = decision_rng(self.seed, view.ply)
        self.prior = self.root_prior(view, moves)
        budget, deadline = self.iterations, None
        if iterations is not None:
            budget = iterations
        elif self.seconds is not None:
            deadline = time.perf_counter() + self.seconds
        done = 0
        while done < budget:
            self.iterate(root, world.sample(self.rng))
            done += 1
            if deadline is not None and done % TIME_CHECK == 0 and time.perf_counter() > deadline:
                break
        self.last_iterations = done
        self.searched = done if done < budget else None
        return root

    def root_prior(self, view: View, moves: list[Move]) -> dict[Move, float]:
        """The greedy bot's one-step scores of the root moves, scaled to [0, 1]: the
        search starts from them and its results overrule them as visits accumulate."""
        me = view.seats[view.seat]
        scores = {m: self.greedy.score(view, me, m) for m in moves}
        low, high = min(scores.values()), max(scores.values())
        span = high - low
        return {m: (x - low) / span if span else 0.5 for m, x in scores.items()}

    def iterate(self, root: Node, s: State) -> None:
        node = root
        # Selection and expansion: down the tree through moves this world allows.
        while not s.over:
            moves = legal_moves(s)
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
                    child.bias = PRIOR_WEIGHT * self.prior[move]
                node.children[move] = child
                apply_in_place(s, move)
                node = child
                break
            assert best is not None and best.move is not None
            apply_in_place(s, best.move)
            node = best
        self.playout(s)
        chances = win_chances(s)
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
