"""Bots decide from their View alone, and the search bot is deterministic for a seed."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from helpers import config, random_playout, with_hidden_changes

from engine import GameConfig, SeatConfig, apply_in_place, legal_moves, load_cards, new_game
from engine.bots import BOT_KINDS, GreedyBot, IsmctsBot, make_bot
from engine.bots.evaluate import projected_scores, win_chances
from engine.rng import Rng
from engine.state import State
from engine.view import view

CARDS = load_cards()


def position(players: int, seed: int, ply: int) -> State:
    for i, (before, _move, _events) in enumerate(random_playout(new_game(config(players, seed)), seed)):
        if i >= ply and len(legal_moves(before)) > 1:
            return before
    raise AssertionError("game too short")


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_a_bot_decides_the_same_without_seeing_hidden_pieces(kind: str) -> None:
    """Two positions that differ only in what is hidden from the bot (bag draws to come,
    deck orders, others' fish identities and tackle) give it the same view and the
    same decision."""
    for players, seed, ply in ((2, 4, 90), (3, 21, 150), (4, 8, 200)):
        s = position(players, seed, ply)
        seat = s.to_act
        other = with_hidden_changes(s, seat)
        assert other.decks != s.decks and view(other, seat) == view(s, seat)
        moves = legal_moves(s)
        a = make_bot(kind, 5, s.cards, timed=False).choose(view(s, seat), moves)
        b = make_bot(kind, 5, s.cards, timed=False).choose(view(other, seat), moves)
        assert a == b


def test_ismcts_is_deterministic_for_a_seed() -> None:
    s = position(2, 11, 60)
    v, moves = view(s, s.to_act), legal_moves(s)
    first = IsmctsBot(3, CARDS, iterations=300).analyse(v, moves)
    again = IsmctsBot(3, CARDS, iterations=300).analyse(v, moves)
    assert first == again
    assert sum(o.visits for o in first) == 300
    other_seed = IsmctsBot(4, CARDS, iterations=300).analyse(v, moves)
    assert [o.visits for o in other_seed] != [o.visits for o in first], "the seed drives the search"


def test_ismcts_ranks_every_legal_move_once() -> None:
    s = position(3, 2, 40)
    moves = legal_moves(s)
    options = IsmctsBot(1, CARDS, iterations=200).analyse(view(s, s.to_act), moves)
    assert sorted(map(repr, (o.move for o in options))) == sorted(map(repr, moves))
    assert all(0.0 <= o.win_rate <= 1.0 for o in options)
    assert [o.visits for o in options] == sorted((o.visits for o in options), reverse=True)


def test_ismcts_stops_at_its_time_cap() -> None:
    s = position(2, 1, 30)
    bot = IsmctsBot(1, CARDS, iterations=10**9, seconds=0.2)
    started = time.monotonic()
    bot.choose(view(s, s.to_act), legal_moves(s))
    elapsed = time.monotonic() - started
    # stopped by the clock, not the budget: at the cap, plus at most one iteration and
    # the final move choice (generous for a loaded machine)
    assert 0.2 <= elapsed < 1.5
    assert bot.last_iterations > 0 and bot.searched == bot.last_iterations


def test_win_chances_are_a_distribution_and_final_at_the_end() -> None:
    s = position(4, 3, 120)
    chances = win_chances(s)
    assert len(chances) == 4 and abs(sum(chances) - 1) < 1e-9
    assert len(projected_scores(s)) == 4
    end = s.clone()
    rng = Rng(3)
    while not end.over:  # random play ends (the property tests play thousands of games)
        moves = legal_moves(end)
        apply_in_place(end, moves[rng.below(len(moves))])
    assert sorted(win_chances(end)) == [0.0, 0.0, 0.0, 1.0]


def test_bots_play_with_the_games_own_card_file(tmp_path: Path) -> None:
    """Bots were built with the built-in card data whatever card file the game used:
    every bot seat, the hint and the log audit now get the game's Cards."""
    from helpers import cards_with_swapped_times

    from cwtui.game.session import GameSession
    from engine.bots import seat_bots

    custom = load_cards(cards_with_swapped_times(tmp_path / "cards.toml"))
    assert custom.hash != CARDS.hash
    seats = (SeatConfig("Ana"), SeatConfig("Bo", "greedy"), SeatConfig("Cy", "medium"), SeatConfig("Di", "hard"))
    session = GameSession.start(GameConfig(seats=seats, seed=3), tmp_path / "games", custom)
    for bots in (session.bots, seat_bots(session.config, custom)):
        assert len(bots) == 3
        for bot in bots.values():
            assert isinstance(bot, (GreedyBot, IsmctsBot)) and bot.cards is custom
