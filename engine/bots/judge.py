"""Game review: each decision of a seat judged from that seat's View, in the points it
gave up.

A decision's review reads only what the seat knew when it chose: its View, its legal
moves and the move it chose (nothing here is handed a State). Everything random is
drawn from streams seeded by the View's own bytes, so a review is the same on any
machine and in any process, and two games that differ only in what the seat could not
see are reviewed alike.

The unit is the point, as Go reviewers grade by points lost and backgammon's by equity.
The judge's search at the review's level (JUDGE_SEARCH, untimed; its playouts end in
the lead evaluation, as the hard bot's do) names the candidates: the moves it searches
most. Where the seat chose a move other than the search's pick,
the candidates and the move chosen are measured as backgammon measures a move, by
rollouts: the move is played in a world dealt from the seat's View (engine.determinize),
the game played on by the search's playout policy for ROLLOUT_TURNS turns and the
position reached evaluated (engine.bots.lead: each seat's expected final lead), many
times; a move's value is the seat's mean expected final **lead**, its score less the
mean of the others' (a point taken from an opponent counts too, shared among them).
Every move is rolled out over the very same worlds and random streams, so what the seat
could not know weighs on all alike. The best is the search's pick unless another
candidate's rollouts show that one better, beyond their margin (the search's own choice
is judged too), and a move's loss is the best's lead less its own. Truncated rollouts,
as GNU Backgammon's: played to the end, a rollout's result carries every later draw and
every playout move, and two moves' rollouts part ways after a few moves; stopped after
sixteen turns and evaluated, the same worlds measure a loss with a margin under half as
wide, in a third of the time (docs/bot-strength.md). The parts where the better move's
lead lies (a trophy, the Master Anglers, the tags — on the score sheet so far, or at the
end where a rollout reached it — and the prospects the evaluation sees beyond them) say
why it is better. The search's win chance is kept beside, for the chart.

A search's own look ahead is too short to judge points by: it scores a position two
turns on with a projection that holds nothing for tackle in hand or an angler at the
Port, and graded that way the easy bot lost more points than the random bot it beat
35–14 (docs/bot-strength.md, "Game review").
docs/bot-strength.md also says how the grade bounds, the bands and the accuracy scale
were chosen from reviews of players of known strength.
"""

from __future__ import annotations

import copy
import hashlib
import math
import statistics
from collections.abc import Collection, Iterator, Sequence
from typing import Final, NamedTuple, cast, get_args

import msgspec

from engine.bots import LEAD, LEARNED, SEARCH_BUDGET, Budget, IsmctsBot, searcher
from engine.bots.ismcts import Option
from engine.bots.model_file import shipped_model
from engine.bots.playout import play_out, play_turns
from engine.cards import Cards
from engine.components import TrophyKind
from engine.config import REVIEW_LEVELS, GameConfig
from engine.determinize import World
from engine.game import apply_in_place
from engine.legal import legal_moves
from engine.log_types import GameLog
from engine.moves import AnyMove, Move
from engine.rng import Rng, stream_seed
from engine.setup import set_up
from engine.state import State
from engine.view import View, view
from engine.walk import walk_in_place

LEVELS: Final = REVIEW_LEVELS

# A decision's grade by its loss, in points: the first grade whose bound the loss is
# under. Above the last bound: a blunder.
GRADE_BOUNDS: Final[tuple[tuple[str, float], ...]] = (
    ("best", 0.5),
    ("good", 1.5),
    ("inaccuracy", 3.0),
    ("mistake", 6.0),
)
BLUNDER: Final = "blunder"
GRADES: Final = (*(name for name, _ in GRADE_BOUNDS), BLUNDER)
BEST: Final = GRADES[0]  # a loss under half a point: as good as the best move
RACED_BOUNDS: Final = tuple(bound for _, bound in GRADE_BOUNDS[2:])  # a mistake's and a blunder's
MISTAKES: Final = ("inaccuracy", "mistake", BLUNDER)  # the grades the replay marks and jumps between

# Accuracy, 0–100, falls by a factor e for every ACCURACY_SCALE points lost per decision:
# a seat's is that of its points lost per decision (so, the geometric mean of its
# decisions' accuracies). Chosen so that players of known strength read apart
# (docs/bot-strength.md). Measured on today's judge (2026-12-08, two-player games on
# seeds never judged before, 40 a pairing, judged at medium; 95% intervals over
# seat-games): random 59.1 (57.8–60.4), easy 83.4, medium 88.6, hard 96.5 (96.1–96.9).
ACCURACY_SCALE: Final = 1.0
# A player's band by the points lost per decision, as backgammon's PR bands read: the
# first whose bound the mean is under. The first three lie between the means of the
# levels measured with them (hard 0.04, medium 0.12, easy 0.18, random 0.53 points a
# decision: each bound their geometric mean, rounded), the fourth under random's mean,
# so that a random player reads beginner.
BANDS: Final[tuple[tuple[str, float], ...]] = (
    ("expert", 0.07),
    ("strong", 0.15),
    ("intermediate", 0.30),
    ("casual", 0.45),
)
BEGINNER: Final = "beginner"
# Rollouts of each move judged, by level: the best move and the chosen one share them.
# A decision whose loss's interval still holds a mistake's or a blunder's bound
# (RACED_BOUNDS: is it a mistake or not…) is rolled out again as many times over, up to
# RACED times the first count: rollouts go where they decide a flag (racing). The
# inaccuracy's bound is not raced: most decisions' intervals hold it at first, and
# racing them all tripled a review's time (docs/bot-strength.md). Medium's 160 (80 until
# rollouts stopped after ROLLOUT_TURNS made them cheap): of decisions drawn at random and
# judged twice, those with a loss kept their grade 68% of the time, against 60% with 80,
# in 8 s for a two-player game against 4 (docs/bot-strength.md).
ROLLOUTS: Final = {"medium": 160, "hard": 300}
# Turns a rollout plays on before the position is evaluated: each seat's next few turns
# (eight rounds of two players, four of four). Against 1,000 rollouts to the end at 96
# decisions (scripts/truncation_check.py, docs/bot-strength.md), 80 rollouts of 4, 8, 16
# and 24 turns were all nearer than 80 to the end (RMSE 0.68, 0.61, 0.61, 0.68 against
# 1.23); what is left of 16 turns' error is nearly all their own noise, which their
# margin shows (a bias of about 0.1 points), where 8 turns' holds a bias of about 0.4
# that no margin shows (a planted move worth about 4.5 read 2.9 ± 0.3).
ROLLOUT_TURNS: Final = 16
RACED: Final = 8
Z95: Final = 1.96  # a 95% interval: 1.96 standard errors either side
# A loss and its margin are read to this many decimals of a point: a lead is a mean of
# whole points less the others' mean (thirds, with four seats), and the float sums left
# a loss that is exactly a grade's bound on either side of it: a move giving up exactly
# 3 points read 2.9999999999999996, an inaccuracy, in 4 of 10 four-player games.
POINTS_DECIMALS: Final = 9
# A score's parts, as the score sheet has them (R11.1): each trophy, the Master Angler
# cards caught, the tag points; and where a rollout stopped before the end, the rest of
# the lead the evaluation expects (PROSPECTS).
PROSPECTS: Final = "prospects"
PARTS: Final = (*get_args(TrophyKind), "master_anglers", "tags", PROSPECTS)
_PART: Final = {part: i for i, part in enumerate(PARTS)}
WHY_POINTS: Final = 0.5  # a part of the better move's lead worth naming, in points
WHY_SHOWN: Final = 3  # parts named at most, largest first
CANDIDATES: Final = 3  # moves a review lists at a decision whose move was not the best, and a hint weighs
# The better move's line: the seat's own decisions after it, up to this many, as long as
# nothing hidden decides them (LINE_WORLDS worlds dealt from the seat's view agree).
LINE_MOVES: Final = 3
LINE_WORLDS: Final = 4


# The judge's search at each review level. Its playouts end in the lead evaluation
# (engine.bots.lead), as hard's do: with medium's search (the win-chance model) the
# judge read hard and medium in the order of their results in 26 of 40 games, though
# hard won 38; with this one, 40 of 40 (docs/bot-strength.md). Medium's 300 iterations
# a decision; hard's level as it plays.
JUDGE_SEARCH: Final[dict[str, Budget]] = {
    "medium": Budget(300, 1.0, evaluation=LEAD),
    "hard": SEARCH_BUDGET["hard"],
}


def judge_search(level: str, seed: int, cards: Cards) -> IsmctsBot:
    """The judge's search at review level `level`, untimed: its moves depend on the seed alone."""
    return searcher(JUDGE_SEARCH[level], level, seed, cards, timed=False)


class Position(NamedTuple):
    """A decision as the seat met it."""

    ply: int
    seat: int
    phase: str
    view: View
    moves: list[Move]  # its legal moves, in the engine's order
    chosen: Move


class Candidate(msgspec.Struct, frozen=True, array_like=True):
    """A move the judge weighed at a decision: the points it gives up against the best
    (0 for the best) and that loss's 95% margin (0: the best itself)."""

    move: AnyMove
    loss: float
    margin: float


class Judged(msgspec.Struct, frozen=True):
    """One reviewed decision."""

    ply: int
    seat: int
    phase: str
    options: int  # how many legal moves the seat had
    chosen: AnyMove
    # The best move: the search's pick, or where the move chosen was another, a
    # candidate (of the search's CANDIDATES best and the move chosen) whose rollouts lead
    # the pick by more than their margin (Bench.best).
    best: AnyMove
    before: float  # the seat's win chance with the best move, 0–1
    after: float  # its win chance with the move chosen, 0–1
    # The seat's expected final lead over the others with the best move and with the
    # move chosen, in points, by their rollouts (None where the move chosen was the
    # search's pick: nothing was rolled out).
    lead_best: float | None
    lead_chosen: float | None
    loss: float  # lead_best - lead_chosen, at least 0: the points the choice gave up
    grade: str  # the band of the loss, as it is printed (`grade`); the interval's: `spanned`
    # Where the best move's lead is larger, largest first: (a part of PARTS, points).
    why: tuple[tuple[str, float], ...] = ()
    margin: float = 0.0  # the loss's 95% margin of error, points (0: the best itself)
    rollouts: int = 0  # of each move weighed (0: the search's pick played, nothing rolled out)
    # Where the move chosen cost something (graded good or worse): the best, then the
    # search's CANDIDATES best moves by the points they give up, as GNU Backgammon lists
    # a decision's candidates (the move chosen among them only when the search ranked it
    # so).
    candidates: tuple[Candidate, ...] = ()
    # There too: the seat's next decisions after the best move, as far as it can foresee
    # them (`line`), the search's pick at each.
    line: tuple[AnyMove, ...] = ()


def default_seats(config: GameConfig) -> list[int]:
    """The seats a review judges when not told: the humans, or every seat of a game
    played by bots alone (never the silent player, which has no choices)."""
    humans = [i for i, seat in enumerate(config.seats) if seat.kind == "human"]
    return humans or list(range(len(config.seats)))


def positions(
    log: GameLog, cards: Cards, seats: Collection[int], plies: int | None = None, only: Collection[int] | None = None
) -> Iterator[Position]:
    """The real decisions (more than one legal move) of `seats` in a verified log's
    first `plies` moves (all by default), or only those at the plies in `only`. A forked
    game's moves before the fork are its parent's, reviewed with the parent: they are
    left out."""
    start, _ = set_up(log.header.config, cards, log.header.format)
    first = log.header.parent.ply if log.header.parent else 0
    for state, record in walk_in_place(start, log.plies[:plies]):
        if record.ply >= first and record.seat in seats and (only is None or record.ply in only):
            moves = legal_moves(state)
            if len(moves) > 1:
                yield Position(record.ply, record.seat, record.phase, view(state, record.seat), moves, record.move)


def position_seed(seen: View) -> int:
    """The search's stream for a position: from the View's bytes alone."""
    digest = hashlib.blake2b(msgspec.json.encode(seen), digest_size=8).digest()
    return stream_seed(int.from_bytes(digest, "big"), "review")


class Rolled(NamedTuple):
    """A move's rollouts from the seat's view, in the order of their worlds (two moves'
    rollouts pair up one by one): each one's expected final lead over the others by part
    (PARTS), and the seat's chance to win where it stopped (1 or 0 at the end)."""

    sheets: tuple[tuple[float, ...], ...]
    wins: tuple[float, ...]

    @property
    def parts(self) -> tuple[float, ...]:
        """The mean lead by part."""
        n = len(self.sheets)
        return tuple(sum(sheet[k] for sheet in self.sheets) / n for k in range(len(PARTS)))

    @property
    def lead(self) -> float:
        """The mean final lead over the others, in points."""
        return sum(self.parts)

    @property
    def won(self) -> float:
        """The seat's mean chance to win."""
        return sum(self.wins) / len(self.wins)

    @property
    def leads(self) -> tuple[float, ...]:
        """Each rollout's final lead."""
        return tuple(sum(sheet) for sheet in self.sheets)

    def first(self, count: int) -> Rolled:
        """The first `count` rollouts alone."""
        return Rolled(self.sheets[:count], self.wins[:count])


class Bench:
    """The judge at one position: the search's ranking of the seat's moves at `level`,
    the candidates it names (its CANDIDATES best, and `chosen`, the move a review
    judges), and each move's rollouts of `turns` turns (None: to the end), all on the
    streams of the View's bytes (and `stream`). The best is the search's pick, or a
    candidate whose rollouts show it better (`best`). The review grades a
    chosen move by it, and the hint (`weigh`) shows the best and what the next ones give
    up by it: one judge, so the review's verdict on a move the hint named is the number
    the hint said (or, where the review raced it or confirmed a flag on a second bench,
    that number with more rollouts)."""

    def __init__(
        self,
        seen: View,
        moves: list[Move],
        cards: Cards,
        level: str,
        stream: str = "review",
        chosen: Move | None = None,
        turns: int | None = ROLLOUT_TURNS,
    ) -> None:
        self.seen, self.cards, self.level, self.turns = seen, cards, level, turns
        self.seed = position_seed(seen) if stream == "review" else stream_seed(position_seed(seen), stream)
        self.ranked = judge_search(level, self.seed, cards).analyse(seen, moves)
        self.searched = self.ranked[0]  # the search's pick
        # The search's best few; a move it never tried is none of them (a presentation a
        # fuller one holds: engine.bots.ismcts.undominated), unless it is the one played.
        self.top = [o.move for o in self.ranked[:CANDIDATES] if o.visits or o.move == chosen]
        self.pool = list(self.top)
        self.chosen = chosen
        if chosen is not None and chosen not in self.pool:
            self.pool.append(chosen)
        self._rolled: dict[Move, Rolled] = {}
        self._best: dict[int, Move] = {}  # by rollouts of each candidate
        self.start, self.most = ROLLOUTS[level], RACED * ROLLOUTS[level]  # rollouts of a move at first, and raced

    def rolled(self, move: Move, count: int | None = None) -> Rolled:
        """`move`'s first `count` rollouts (the level's first count by default): the
        same worlds and dice for every move of the position, rolled once each."""
        count = self.start if count is None else count
        have = self._rolled.get(move)
        if have is None or len(have.sheets) < count:
            first = 0 if have is None else len(have.sheets)
            rolls = stream_seed(self.seed, "rollouts")
            more = rollouts(self.seen, move, self.cards, rolls, count - first, first, self.turns)
            self._rolled[move] = have = more if have is None else joined(have, more)
        return have.first(count)

    def best(self, count: int | None = None) -> Move:
        """The best candidate by their first `count` rollouts: the search's pick, unless
        another's rollouts lead it by more than their 95% margin — then, of those, the one
        that leads most. The search's pick is judged with the others (another search picks
        another candidate as often as not), but not outvoted by noise: taking whichever
        candidate's rollouts led most, the maximum of three noisy means stood above every
        move, and the medium bot's own choices lost 0.27 points a decision
        (docs/bot-strength.md)."""
        count = self.start if count is None else count
        if count not in self._best:
            best, most = self.pool[0], 0.0
            for move in self.pool[1:]:
                n = count if self.alive(move) else self.count(move)
                rolled, pick = self.rolled(move, n), self.rolled(self.pool[0], n)
                lead = gap(rolled, pick)
                if lead > most and lead > gap_margin(rolled, pick):
                    best, most = move, lead
            self._best[count] = best
        return self._best[count]

    def alive(self, move: Move) -> bool:
        """Whether `move` may still be the best, and is rolled out further: the search's
        pick and the move judged always; another candidate unless its first half of the
        level's rollouts trail the pick's by more than their 95% margin. One so far behind
        is no contender (the best is a candidate that leads the pick beyond its margin), and
        rolling it out on spent a review's time for a wider margin's worth of its loss,
        which it keeps (pruning, as GNU Backgammon's rollouts stop a move gone far behind).
        A hint's bench (no move judged) prunes nothing: each move it weighs is measured as
        the review measures that move played (`weigh`)."""
        if self.chosen is None or move in (self.pool[0], self.chosen):
            return True
        half = self.start // 2
        rolled, pick = self.rolled(move, half), self.rolled(self.pool[0], half)
        return gap(pick, rolled) <= gap_margin(pick, rolled)

    def pair(self, move: Move) -> tuple[Rolled, Rolled]:
        """The best move's rollouts and `move`'s, as many of each as `move` has had (the
        best may have had more, for another move): a move is judged the same whatever
        else was judged at the position."""
        count = self.count(move) or self.start
        return self.rolled(self.best(max(count, self.start)), count), self.rolled(move, count)

    def again(self, stream: str) -> Bench:
        """This bench's search and candidates, rolled out anew on `stream`'s worlds and dice."""
        other = copy.copy(self)
        other.seed = stream_seed(self.seed, stream)
        other._rolled, other._best = {}, {}
        return other

    def count(self, move: Move) -> int:
        """How many times `move` has been rolled out here."""
        return len(self._rolled[move].sheets) if move in self._rolled else 0

    def settle(self, move: Move) -> None:
        """Roll the candidates out again, as many times over, while `move`'s loss's
        interval holds a flag's bound, up to RACED times the first count (racing: the
        rollouts go where they decide whether the move is flagged)."""
        count = self.count(move) or self.start
        while count < self.most and self.undecided(move):
            count *= 2
            self.rolled(move, count)

    def undecided(self, move: Move) -> bool:
        """The loss's interval holds a mistake's or a blunder's bound that the most
        rollouts could still clear: whether `move` is one is not known yet, and rolling
        out on may tell. From the second round on, a loss nearer a bound than half the
        most rollouts' margin is left undecided: racing it would spend them all for
        nothing (not at the first: its loss is too rough to say how near it is). (Racing
        on where such a loss's interval still reached under the grade's bound below — a
        loss of 3.4 ± 2.4 left at 160 rollouts reads "good" — took a review a fifth
        longer: not done.)"""
        best, played = self.pair(move)
        lead, margin = gap(best, played), gap_margin(best, played)
        rolled = len(played.sheets)
        most = margin * math.sqrt(rolled / self.most)  # the margin at the most
        near = rolled > self.start
        return any(
            lead - margin < bound < lead + margin and not (near and abs(lead - bound) < most / 2)
            for bound in RACED_BOUNDS
        )

    def loss(self, move: Move) -> float:
        """The points `move` gives up against the best, at least 0 (0 for the best)."""
        return max(0.0, gap(*self.pair(move)))

    def margin(self, move: Move) -> float:
        """The 95% margin of error of `move`'s loss before it is held at 0: 1.96 standard
        errors of the rollouts' paired differences (the same worlds and dice for both);
        0 for the best itself."""
        if self.best(max(self.count(move), self.start)) == move:
            return 0.0
        return gap_margin(*self.pair(move))

    def entry(self, move: Move) -> Option:
        """The search's figures for `move`."""
        return next(o for o in self.ranked if o.move == move)

    def candidates(self) -> tuple[Candidate, ...]:
        """The best, then the search's CANDIDATES best moves, each with the points it
        gives up and their margin, by their loss (the best's, 0, first)."""
        best = self.best(max(*(self.count(m) for m in self.pool), self.start))  # a move left behind has fewer
        moves = [best, *(m for m in self.top if m != best)]
        listed = [Candidate(cast("AnyMove", m), self.loss(m), self.margin(m)) for m in moves]
        first, *others = listed
        return (first, *sorted(others, key=lambda c: c.loss))

    def why(self, move: Move) -> tuple[tuple[str, float], ...]:
        """Where the best move's lead is larger than `move`'s (see `why`); none when the
        move gives nothing up."""
        return why(*self.pair(move)) if self.loss(move) else ()


def line(seen: View, move: Move, cards: Cards, level: str, seed: int) -> tuple[AnyMove, ...]:
    """The seat's next decisions after `move`, each the search's pick at `level`, as far
    as the seat can foresee them: while the seat is still to act and what it would see
    is the same in every world dealt from its view. A draw (bait, a fish's weight, a
    card), another seat's move or the game's end stops the line there: what follows
    would depend on what the seat cannot know (a line played in one dealt world would
    tell a player what only that world holds)."""
    world = World(seen, cards)
    worlds = [world.sample(Rng(stream_seed(seed, f"line-{i}"))) for i in range(LINE_WORLDS)]
    said: list[AnyMove] = []
    step = move
    while True:
        for s in worlds:
            apply_in_place(s, step)
        first = worlds[0]
        if len(said) == LINE_MOVES or first.over or first.to_act != seen.seat:
            break
        next_view = view(first, seen.seat)
        if any(view(s, seen.seat) != next_view for s in worlds[1:]):
            break
        search = judge_search(level, stream_seed(seed, f"line-{len(said)}"), cards)
        step = search.analyse(next_view, legal_moves(first))[0].move
        said.append(cast("AnyMove", step))
    return tuple(said)


def line_views(seen: View, move: Move, said: Sequence[Move], cards: Cards) -> list[View]:
    """The seat's view before each move of a `line` after `move` (the same in every
    world dealt from `seen`, as `line` made sure): what its words are said from."""
    s = World(seen, cards).sample(Rng(stream_seed(position_seed(seen), "line-0")))
    views = []
    for step in (move, *said[:-1]) if said else ():
        apply_in_place(s, step)
        views.append(view(s, seen.seat))
    return views


def judge(position: Position, level: str, cards: Cards, stream: str = "review") -> Judged:
    """Review one decision at `level`. `stream` names the random streams (another name:
    the same decision judged anew, to measure a grade's noise).

    A decision flagged (an inaccuracy or worse) is judged a second time, on streams of
    its own (`confirmed`), before the flag is given."""
    bench = Bench(position.view, position.moves, cards, level, stream, position.chosen)
    chosen, searched = position.chosen, bench.searched
    if chosen == searched.move:
        # Not rolled out: the search's pick played is the best. (Rolled out with the other
        # candidates, the rollouts preferred another at 15% of the medium bot's
        # decisions, and read the hard bot's play, which beats medium's two games in
        # three, as no better than medium's: their disagreement with the search is the
        # rollouts' error, not the player's. docs/bot-strength.md.)
        return Judged(
            position.ply, position.seat, position.phase, len(position.moves), cast("AnyMove", chosen),
            cast("AnyMove", chosen), searched.win_rate, searched.win_rate, None, None, 0.0, grade(0.0),
        )  # fmt: skip
    bench.settle(chosen)
    if grade(bench.loss(chosen)) in MISTAKES:
        bench = confirmed(bench, position, stream)
    better, played = bench.pair(chosen)
    count = len(played.sheets)
    best = bench.best(count)
    loss, margin = bench.loss(chosen), bench.margin(chosen)
    verdict = grade(loss)  # candidates and a line only where it says the move cost something
    # The chart's win chances: the search's with the best move, less what the rollouts lost.
    before = bench.entry(best).win_rate
    after = min(1.0, max(0.0, before - (better.won - played.won)))
    return Judged(
        position.ply, position.seat, position.phase, len(position.moves), cast("AnyMove", chosen),
        cast("AnyMove", best), before, after, better.lead, played.lead, loss, verdict,
        bench.why(chosen), margin, count, *(
            (bench.candidates(), line(position.view, best, cards, level, bench.seed))
            if verdict != GRADES[0] else ((), ())
        ),
    )  # fmt: skip


def confirmed(first: Bench, position: Position, stream: str) -> Bench:
    """A flag measured again before it is given: the same candidates rolled out in other
    worlds with other dice (streams of their own), and the two benches' rollouts pooled
    (`Pooled`: twice as many, raced again as one). The claim a flag makes — this move
    gave up so much against the best — is tested on rollouts that did not make it:
    among thousands of decisions, those whose first rollouts happened to come out high
    are the ones flagged (the winner's curse). Judged once, 14% of mistake flags did not
    hold when the game was judged again, and a bad move planted early, worth about 4
    points, read a mistake on 2 streams in 5 (docs/bot-strength.md). Flags are few: the
    time is small."""
    pooled = Pooled(first, first.again(f"{stream}-check"))
    pooled.settle(position.chosen)
    return pooled


class Pooled(Bench):
    """Two benches of one position with the same candidates: each move's rollouts are
    both benches', the first's then the second's (each move's meet the same worlds and
    dice as every other's). The first's search ranks."""

    def __init__(self, first: Bench, second: Bench) -> None:  # no search of its own: the benches have searched
        self.seen, self.cards, self.level = first.seen, first.cards, first.level
        self.seed, self.ranked, self.searched, self.pool = first.seed, first.ranked, first.searched, first.pool
        self.top, self.chosen = first.top, first.chosen
        self.turns = first.turns
        self._rolled, self._best = {}, {}
        self.benches = (first, second)
        self.start, self.most = 2 * first.start, 2 * first.most  # raced as one: up to each bench's most

    def rolled(self, move: Move, count: int | None = None) -> Rolled:
        """Half of `count` from each bench (the first's then the second's)."""
        half = (self.start if count is None else count) // 2
        first, second = (bench.rolled(move, half) for bench in self.benches)
        return joined(first, second)

    def count(self, move: Move) -> int:
        """Twice the most either bench has rolled `move` out: the other's are rolled to as many."""
        return 2 * max(bench.count(move) for bench in self.benches)


class Weighed(NamedTuple):
    """A move as the hint weighs it: the points it gives up against the judge's best,
    as the review would grade it if played (0 for the best), and where (see `why`)."""

    move: Move
    loss: float
    why: tuple[tuple[str, float], ...]
    margin: float = 0.0  # the loss's 95% margin (0: the best itself)


HINT_LEVEL: Final = "medium"  # the judge a hint asks: the review's (cwtui review, the replay's R)


def weigh(seen: View, moves: list[Move], cards: Cards, level: str = HINT_LEVEL) -> list[Weighed]:
    """The hint at a position: the search's three best moves, the one whose rollouts
    lead most first, then the others by the points they give up, each with those points
    as the review measures them (its first rollouts) and their margin. Seeded by the
    View alone, as the review is: the same hint wherever it is asked."""
    bench = Bench(seen, moves, cards, level)
    # Not raced: racing its two moves took the hint from 0.3 s to 2 s at worst. The
    # review races a move played where its flag is in doubt, on the same streams, and
    # confirms a flag on a second bench (`confirmed`): its loss is then measured on
    # more rollouts than the hint's, these first.
    return [Weighed(c.move, c.loss, bench.why(c.move), c.margin) for c in bench.candidates()]  # the review's candidates


def rollouts(
    seen: View, move: Move, cards: Cards, seed: int, count: int, first: int = 0, turns: int | None = ROLLOUT_TURNS
) -> Rolled:
    """`move` played in `count` worlds dealt from the seat's View (the rollouts numbered
    `first` on), each game played on by the search's playout policy for `turns` turns
    (None: to its end, the reference scripts/truncation_check.py measures against) and
    evaluated there; each world and its play drawn from `seed` and its number alone, so
    two moves rolled out on one seed meet the same worlds and the same dice (each
    decision's by its place in the game: engine.bots.playout.play_turns), and more
    rollouts add to the first ones. The lead is over the others' mean."""
    # numpy's network: imported where rollouts run (a review's or a hint's worker), not
    # with this module, which the app's words import at its start
    from engine.bots.lead import shipped

    world = World(seen, cards)
    ends = []
    for i in range(first, first + count):
        s = world.sample(Rng(stream_seed(seed, f"world-{i}")))
        apply_in_place(s, move)
        play = stream_seed(seed, f"play-{i}")
        if turns is None:
            play_out(s, Rng(play))
        else:
            play_turns(s, play, turns)
        ends.append(s)
    leads = shipped(LEAD).many(ends)
    chances = shipped_model(LEARNED)
    me = seen.seat
    sheets = tuple(lead_sheet(s, lead, me) for s, lead in zip(ends, leads, strict=True))
    return Rolled(sheets, tuple(chances.chances(s)[me] for s in ends))


def lead_sheet(s: State, leads: list[float], me: int) -> tuple[float, ...]:
    """The seat's lead over the others' mean by part where a rollout stopped: the score
    sheet's parts so far (all of them at the end), and the rest of `leads`, the
    evaluation's expected final leads by seat, as PROSPECTS."""
    sheet = score_sheet(s) if s.result is not None else sheet_so_far(s)
    others = max(len(sheet) - 1, 1)
    mine = [sheet[me][k] - sum(row[k] for j, row in enumerate(sheet) if j != me) / others for k in range(len(PARTS))]
    mine[_PART[PROSPECTS]] = leads[me] - sum(mine)
    return tuple(mine)


def gap(better: Rolled, played: Rolled) -> float:
    """How many points `played`'s mean lead is under `better`'s (paired rollouts), to
    POINTS_DECIMALS."""
    return round(better.lead - played.lead, POINTS_DECIMALS)


def gap_margin(better: Rolled, played: Rolled) -> float:
    """The 95% margin of error of `gap`: 1.96 standard errors of the paired rollouts'
    differences (the same worlds and dice for both), to POINTS_DECIMALS."""
    pairs = [b - m for b, m in zip(better.leads, played.leads, strict=True)]
    if len(pairs) < 2:
        return math.inf
    return round(Z95 * statistics.stdev(pairs) / math.sqrt(len(pairs)), POINTS_DECIMALS)


def joined(a: Rolled, b: Rolled) -> Rolled:
    """Two runs of one move's rollouts as one (`a`'s first: they stay paired)."""
    return Rolled(a.sheets + b.sheets, a.wins + b.wins)


def spanned(loss: float, margin: float) -> tuple[str, ...]:
    """The grades a loss's 95% interval reaches, mildest first: the loss's own alone
    where the interval crosses no grade's bound, else every grade from its lower end's
    to its upper end's ("inaccuracy or mistake"). A decision's grade is its loss's, the
    band of the number printed beside it (issue 66: graded by the interval's lower end,
    "good (−2.8 ± 1.5)" stood beside an inaccuracy's figure); the interval says how
    sure that grade is."""
    low, high = GRADES.index(grade(max(0.0, loss - margin))), GRADES.index(grade(loss + margin))
    return GRADES[low : high + 1]


def score_sheet(s: State) -> list[list[float]]:
    """Each seat's final score by part (PARTS), at the end of a game (R11.1)."""
    assert s.result is not None, "a score sheet is written at the end"
    sheet = sheet_so_far(s)
    for line in s.result:
        sheet[line.seat][_PART["master_anglers"]] = line.master_anglers
        sheet[line.seat][_PART["tags"]] += line.tags
    return sheet


def sheet_so_far(s: State) -> list[list[float]]:
    """Each seat's score by part as it stands: its trophies and its Master Angler cards
    caught (tag points are counted at the end, R11.1)."""
    sheet = [[0.0] * len(PARTS) for _ in s.players]
    for p in s.players:
        for t in p.trophies:
            sheet[p.seat][_PART[t.kind]] += t.points
        sheet[p.seat][_PART["master_anglers"]] = float(len(p.ma_caught))
    return sheet


def why(better: Rolled, played: Rolled) -> tuple[tuple[str, float], ...]:
    """The parts of the score where the better move leads by WHY_POINTS or more and
    by more than that part's own 95% margin (the two moves' rollouts differ there, not
    only their noise), largest first. `better` and `played` are paired rollouts."""
    n = len(better.sheets)
    gains = []
    for k, part in enumerate(PARTS):
        pairs = [b[k] - p[k] for b, p in zip(better.sheets, played.sheets, strict=True)]
        gain = sum(pairs) / n
        margin = Z95 * statistics.stdev(pairs) / math.sqrt(n) if n > 1 else math.inf
        if gain >= WHY_POINTS and gain > margin:
            gains.append((part, round(gain, 2)))
    return tuple(sorted(gains, key=lambda g: -g[1])[:WHY_SHOWN])


def grade(loss: float) -> str:
    """A loss's band, in points: the first grade whose bound it is under. Every bound is
    a whole tenth, so a loss and the tenths it is printed as (cwtui.game.words.tenths,
    floored) are in one band."""
    for name, bound in GRADE_BOUNDS:
        if loss < bound:
            return name
    return BLUNDER


def accuracy_of(per_decision: float) -> float:
    """Accuracy, 0–100, from points lost per decision: 100 for none, about 90 for 0.1,
    61 for 0.5 (ACCURACY_SCALE)."""
    return 100.0 * math.exp(-max(per_decision, 0.0) / ACCURACY_SCALE)


def move_accuracy(loss: float) -> float:
    """One decision's accuracy, 0–100, from the points it lost."""
    return accuracy_of(loss)


def accuracy(judged: Sequence[Judged]) -> float | None:
    """A seat's accuracy over its reviewed decisions (None: none reviewed)."""
    if not judged:
        return None
    return accuracy_of(points_lost(judged) / len(judged))


def points_lost(judged: Sequence[Judged]) -> float:
    """The points a seat's decisions gave up, in all."""
    return sum(j.loss for j in judged)


def band(judged: Sequence[Judged]) -> str | None:
    """A seat's band by its points lost per decision (None: none reviewed)."""
    if not judged:
        return None
    return band_of(points_lost(judged) / len(judged))


def band_of(per_decision: float) -> str:
    return next((name for name, bound in BANDS if per_decision < bound), BEGINNER)
