"""What a hint says a move does (issue 53.3): over hundreds of positions from seeded
games of 2 to 4 players, every fact `reasons.effects` states is true of the move played
in the real position (asserted from the engine's events there, which the seat never
saw), and every catch the move makes is said — its species is public."""

from __future__ import annotations

import pytest

from cwtui.learn import reasons
from cwtui.words import species_of
from engine import GameConfig, SeatConfig, apply, legal_moves, new_game
from engine.events import FishCaught
from engine.rng import Rng
from engine.view import view


def positions(players: int, seed: int, every: int = 5):  # -> Iterator[(State, move)]
    seats = tuple(SeatConfig(f"P{i}") for i in range(players))
    state = new_game(GameConfig(seats=seats, seed=seed))
    rng = Rng(seed)
    while not state.over:
        moves = legal_moves(state)
        move = moves[rng.below(len(moves))]
        if state.ply % every == 0:
            yield state, move
        state, _ = apply(state, move)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (2, 4)])
def test_every_fact_said_is_true_in_the_real_position(players: int, seed: int) -> None:
    checked = 0
    for state, move in positions(players, seed):
        seen = view(state, state.to_act)
        said = reasons.effects(seen, state.cards, move, seed=state.ply)
        _after, happened = apply(state, move)
        true = reasons._said(seen, state.cards, happened)
        assert set(said) <= set(true), (said, true)
        for e in happened:
            if isinstance(e, FishCaught) and e.seat == seen.seat:
                assert any(f"catches the {species_of(state.cards, e.card)} in" in fact for fact in said), (said, e)
        checked += 1
    assert checked >= 50  # four games: at least 200 positions in all


def test_a_catch_of_a_new_species_is_counted_toward_first_to_8() -> None:
    from cwtui.learn.lessons import CHAPTERS

    catching = CHAPTERS[1]
    state = catching.position()
    move = next(m for m in legal_moves(state) if "red" in repr(m))
    said = reasons.effects(view(state, 0), state.cards, move)
    assert said == ["catches the Perch in Lake zone 3, a new species (1 of 8), a small one"]
