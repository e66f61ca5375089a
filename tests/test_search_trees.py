"""Root-parallel search (engine.bots.ismcts, cwtui.cores.search_pool): a bot grows several
independent trees and adds up their roots, so the move depends on the seed and the
level's tree count alone — not on how many processes grew them, nor where."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from helpers import play_on, reseal
from test_bots import CARDS, position

from cwtui.cores.search_pool import TreePool
from cwtui.game.session import GameSession
from engine import ENGINE_VERSION, GameConfig, SeatConfig, legal_moves
from engine.bots import LEAD, LEARNED, SEARCH_BUDGET, Budget, IsmctsBot, TreeRunner, level, search_bot
from engine.bots.audit import audit
from engine.bots.greedy import GreedyBot
from engine.bots.ismcts import TreeJob, TreeResult, grow_in_turn, grow_tree, root_prior
from engine.bots.learned import HAND_WRITTEN, Model
from engine.bots.model_file import shipped_model
from engine.log import parse
from engine.replay import Replay
from engine.view import view


def test_several_trees_are_deterministic_for_a_seed_and_add_up() -> None:
    s = position(2, 11, 60)
    v, moves = view(s, s.to_act), legal_moves(s)
    first = IsmctsBot(3, CARDS, iterations=150, trees=3).analyse(v, moves)
    assert first == IsmctsBot(3, CARDS, iterations=150, trees=3).analyse(v, moves)
    assert sum(o.visits for o in first) == 450  # every iteration of every tree, once
    one = IsmctsBot(3, CARDS, iterations=150).analyse(v, moves)
    assert [o.visits for o in one] != [o.visits for o in first], "the other trees draw worlds of their own"


def test_the_first_tree_is_the_one_tree_search() -> None:
    """A one-tree bot's search is tree 0 of a bot of several: a level that adds trees
    keeps the search it had and adds to it."""
    s = position(3, 5, 90)
    v, moves = view(s, s.to_act), legal_moves(s)
    single = IsmctsBot(8, CARDS, iterations=100)
    several = IsmctsBot(8, CARDS, iterations=100, trees=2)
    assert several.grow(v, moves)[0] == single.grow(v, moves)[0]


def test_trees_grown_in_processes_are_the_trees_grown_here() -> None:
    """The same trees in the pool's processes as here, with the hand-written evaluation
    and with a model's; and grown there, not here after the pool failed (a job the
    processes could not unpickle once broke the pool, and the fallback hid it)."""
    s = position(4, 2, 120)
    v, moves = view(s, s.to_act), legal_moves(s)
    model = Model(tuple(w * 2 for w in HAND_WRITTEN))
    pool = TreePool(workers=2)
    try:
        for evaluate in (None, model):
            here = IsmctsBot(6, CARDS, iterations=200, trees=2, evaluate=evaluate)
            there = IsmctsBot(6, CARDS, iterations=200, trees=2, runner=pool, evaluate=evaluate)
            assert there.analyse(v, moves) == here.analyse(v, moves)
            assert there.searched is None and there.last_iterations == 400
        assert pool.fallbacks == 0
    finally:
        pool.close()


def test_a_tree_job_and_its_result_travel_between_processes() -> None:
    s = position(2, 11, 60)
    bot = IsmctsBot(3, CARDS, 50, trees=2, evaluate=Model(HAND_WRITTEN))
    job = bot.job(view(s, s.to_act), legal_moves(s), 1, 50, None)
    result = grow_tree(job)
    assert grow_tree(pickle.loads(pickle.dumps(job))) == result  # the cards and the model came too
    assert pickle.loads(pickle.dumps(result)) == result


def test_a_later_tree_not_grown_in_time_is_left_out_and_logged() -> None:
    """The clock may stop the search after the first tree: the move is then one tree's,
    `searched` says so, and asking again with that count finds the same move."""
    s = position(2, 7, 80)
    v, moves = view(s, s.to_act), legal_moves(s)

    def first_only(jobs: list[TreeJob], seconds: float | None) -> list[TreeResult | None]:
        return [grow_tree(jobs[0]), *(None for _ in jobs[1:])]

    runner: TreeRunner = first_only
    late = IsmctsBot(4, CARDS, iterations=150, seconds=9.0, trees=2, runner=runner)
    options = late.analyse(v, moves)
    assert late.searched == 150 and sum(o.visits for o in options) == 150
    again = IsmctsBot(4, CARDS, iterations=150, seconds=9.0, trees=2)
    assert again.analyse(v, moves, iterations=150) == options
    assert again.searched == 150


def test_a_first_tree_cut_by_the_clock_counts_alone() -> None:
    s = position(2, 7, 80)
    v, moves = view(s, s.to_act), legal_moves(s)
    cut = IsmctsBot(4, CARDS, iterations=10**9, seconds=0.05, trees=2)
    options = cut.analyse(v, moves)
    assert cut.searched is not None and sum(o.visits for o in options) == cut.searched < 10**9
    again = IsmctsBot(4, CARDS, iterations=10**9, trees=2)
    assert again.analyse(v, moves, iterations=cut.searched) == options


def test_grow_in_turn_skips_trees_past_the_cap() -> None:
    s = position(2, 3, 40)
    v, moves = view(s, s.to_act), legal_moves(s)
    bot = IsmctsBot(1, CARDS, iterations=10**9, seconds=0.05, trees=2)
    jobs = [bot.job(v, moves, k, 10**9, 0.05 if k == 0 else None) for k in range(2)]
    first, second = grow_in_turn(jobs, 0.05)
    assert first is not None and first.iterations < 10**9
    assert second is None


def test_the_levels_by_engine_version() -> None:
    """A log is audited by the levels of the engine that wrote it: hard grew one tree
    before 0.2.0, two since; both levels evaluated by hand before 0.3.0, with the
    learned model since; hard's greedy prior worth 2 playouts before 0.4.0, 17 since;
    every presentation searched before 0.5.0, only the full ones since; hard's playouts
    ended in the lead evaluation since 0.6.0, 1,500 iterations a tree with a prior of
    10; a header's version that is no version means this engine. A change to hard is
    no change to medium."""
    old = {"undominated": False}
    before_lead = Budget(2500, 2.0, trees=2, evaluation=LEARNED, prior_weight=17.0)
    assert level("hard", "0.1.0") == Budget(2500, 2.0, trees=1, evaluation=None, **old)
    assert level("hard", "0.2.0") == Budget(2500, 2.0, trees=2, evaluation=None, **old)
    assert level("hard", "0.3.0") == Budget(2500, 2.0, trees=2, evaluation=LEARNED, prior_weight=2.0, **old)
    assert level("hard", "0.4.0") == before_lead._replace(undominated=False)
    assert level("hard", "0.5.0") == before_lead
    assert level("hard", "0.6.0") == level("hard") == level("hard", "forged") == SEARCH_BUDGET["hard"]
    assert level("hard") == Budget(1500, 2.0, trees=2, evaluation=LEAD, prior_weight=10.0)
    assert level("medium", "0.1.0") == level("medium", "0.2.0") == Budget(300, 1.0, **old)
    assert level("medium", "0.3.0") == level("medium", "0.4.0") == Budget(300, 1.0, evaluation=LEARNED, **old)
    assert level("medium", "0.5.0") == level("medium") == Budget(300, 1.0, evaluation=LEARNED, prior_weight=2.0)


def test_a_level_s_prior_weight_reaches_every_tree() -> None:
    """The hard level's greedy prior (worth 10 playouts to a root move) goes into each
    tree's job, and so into the search wherever the tree grows."""
    s = position(2, 11, 60)
    v, moves = view(s, s.to_act), legal_moves(s)
    bot = search_bot("hard", 3, CARDS, timed=False)
    jobs = [bot.job(v, moves, k, 100, None) for k in range(bot.trees)]
    assert [job.prior_weight for job in jobs] == [10.0, 10.0]
    assert search_bot("hard", 3, CARDS, engine="0.5.0").prior_weight == 17.0
    assert search_bot("hard", 3, CARDS, engine="0.3.0").prior_weight == 2.0


def test_a_heavier_prior_keeps_the_greedy_favourite_searched_most() -> None:
    """The prior's weight is what the search gives the greedy bot's favourite before its
    playouts speak: worth a great many, the favourite is searched most; worth nothing,
    the playouts alone choose (a position where they choose another move)."""
    s = position(2, 5, 20)
    v, moves = view(s, s.to_act), legal_moves(s)
    prior = root_prior(GreedyBot(0, CARDS), v, moves)  # the greedy bot's favourites score 1.0
    heavy = IsmctsBot(3, CARDS, iterations=400, prior_weight=10_000.0).analyse(v, moves)
    assert prior[heavy[0].move] == 1.0
    none = IsmctsBot(3, CARDS, iterations=400, prior_weight=0.0).analyse(v, moves)
    assert prior[none[0].move] < 1.0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kind", "engine", "then"),
    [
        ("hard", "0.1.0", {"trees": 1, "evaluate": None, "prior_weight": 2.0, "iterations": 2500}),
        ("medium", "0.2.0", {"evaluate": None}),
        ("hard", "0.3.0", {"prior_weight": 2.0, "iterations": 2500, "evaluate": LEARNED}),
        ("hard", "0.5.0", {"prior_weight": 17.0, "iterations": 2500, "evaluate": LEARNED}),
    ],
)
def test_an_older_engines_search_seat_passes_its_audit(
    tmp_path: Path, kind: str, engine: str, then: dict[str, object]
) -> None:
    """Moves a search bot of an older engine made check out in a log of that engine,
    and not under this engine's level (seeds where the two differ within the bot's
    first moves: twelve plies hold several of its searches, which both audits repeat)."""
    config = GameConfig(seats=(SeatConfig("Ana", kind), SeatConfig("Bo", "greedy")), seed=21)
    session = GameSession.start(config, tmp_path)
    bot = session.bots[0]
    assert isinstance(bot, IsmctsBot)
    bot.seconds = None  # on no clock: every search whole
    for name, value in then.items():  # the level as that engine had it
        setattr(bot, name, shipped_model(value) if isinstance(value, str) else value)
    play_on(session, until_ply=12)
    session.close()
    assert session.path is not None
    lines = session.path.read_bytes().splitlines(keepends=True)
    this = f'"engine":"{ENGINE_VERSION}"'.encode()
    old = reseal([lines[0].replace(this, f'"engine":"{engine}"'.encode(), 1), *lines[1:]])
    assert f'"engine":"{engine}"'.encode() in old[0]
    assert audit(Replay(parse(old))) is None
    wrong = audit(Replay(parse(lines)))
    assert wrong is not None and f"seat 0 is a {kind} bot" in wrong.reason


def test_a_contest_searches_only_the_full_presentations() -> None:
    """R10.1–R10.3, R11.1: a presentation that holds another's fish and more is never
    worse, so the search spends nothing on the others; they are listed last, unsearched.
    A whole-game read found the hint recommending "present the 15 lb" over its 16 lb
    superset: the search had spread its iterations over every subset."""
    from engine import legal_moves
    from engine.bots import search_bot
    from engine.bots.ismcts import undominated
    from engine.bots.judge import weigh
    from engine.moves import Present
    from engine.scenario import Scenario
    from engine.view import view

    s = Scenario(players=2, seed=3).fish(0, ["Flounder:3", "Flounder:5", "John Dory:5"]).fish(1, ["John Dory:3"])
    state = s.at_contests().build()
    names = state.cards.species_names
    flounders = [f for f in state.players[0].fish if names[state.cards.fish_species[f]] == "Flounder"]
    (dory,) = [f for f in state.players[0].fish if f not in flounders]
    moves = legal_moves(state)
    assert len(moves) == 6  # (nothing, either Flounder) × (nothing, the John Dory)
    full = {Present("shore", tuple(sorted((f, dory)))) for f in flounders}
    assert set(undominated(moves)) == full
    seen = view(state, 0)
    options = search_bot("medium", 1, state.cards, timed=False).analyse(seen, moves)
    assert {o.move for o in options} == set(moves)  # every move listed…
    assert {o.move for o in options if o.visits} == full  # …the full ones alone searched
    assert {o.move for o in options[:2]} == full
    assert {w.move for w in weigh(seen, moves, state.cards)} <= full  # the hint names no subset
    assert search_bot("medium", 1, state.cards, timed=False, engine="0.4.0").undominated is False
