"""Sampled worlds (engine.determinize): every world a seat's View allows, and only that."""

from __future__ import annotations

import pytest
from helpers import check_conserved, config, random_playout, with_hidden_changes

from engine import apply_in_place, legal_moves, new_game
from engine.cards import load_cards
from engine.determinize import World
from engine.rng import Rng
from engine.state import State
from engine.view import view

CARDS = load_cards()


def positions(players: int, seed: int, every: int = 9) -> list[State]:
    return [
        before
        for i, (before, _m, _e) in enumerate(random_playout(new_game(config(players, seed)), seed))
        if i % every == 0
    ]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_sampled_world_shows_the_seat_the_same_view(players: int) -> None:
    """Every world is consistent: the seat sees exactly what it saw, has the same legal
    moves, and every piece of the game is there once (R1)."""
    for seed in range(3):
        for i, s in enumerate(positions(players, seed)):
            for seat in {s.to_act, 0}:
                v = view(s, seat)
                world = World(v, CARDS).sample(Rng(i))
                assert view(world, seat) == v
                check_conserved(world)
                if seat == s.to_act:
                    assert legal_moves(world) == legal_moves(s)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_sampled_world_plays_to_the_end(players: int) -> None:
    for i, s in enumerate(positions(players, 5, every=40)):
        world = World(view(s, s.to_act), CARDS).sample(Rng(i))
        rng = Rng(i)
        while not world.over:
            moves = legal_moves(world)
            apply_in_place(world, moves[rng.below(len(moves))])
        assert world.result is not None


def test_worlds_depend_only_on_the_view() -> None:
    """Two positions that differ only in what the seat cannot see give the same worlds
    from the same random stream: nothing hidden reaches a search."""
    s = positions(3, 21, every=50)[3]
    for seat in range(3):
        other = with_hidden_changes(s, seat)
        a = World(view(s, seat), CARDS).sample(Rng(7))
        b = World(view(other, seat), CARDS).sample(Rng(7))
        assert (a.decks, a.locations, [p.fish for p in a.players], a.tackle_deck) == (
            b.decks,
            b.locations,
            [p.fish for p in b.players],
            b.tackle_deck,
        )


def test_worlds_vary_what_is_hidden() -> None:
    s = positions(2, 3, every=60)[2]
    worlds = [World(view(s, 0), CARDS).sample(Rng(k)) for k in range(20)]
    assert len({tuple(w.decks[0]) for w in worlds}) > 1, "deck order"
    assert len({tuple(sorted(w.players[1].fish)) for w in worlds}) > 1, "the other seat's fish"
    assert all(w.players[0].fish == s.players[0].fish for w in worlds), "own fish are known"
