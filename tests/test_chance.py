"""What else could have come out (engine.chance.redealt): a deal no seat can tell from the
real game, differing in what nobody has seen."""

from __future__ import annotations

import pytest
from helpers import check_conserved, config, random_playout

from engine import apply_in_place, legal_moves, new_game
from engine.chance import redealt
from engine.rng import Rng
from engine.view import view


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_no_seat_can_tell_a_deal_from_the_game(players: int) -> None:
    """At every move of random games: every seat's view of a deal is its view of the game
    (so each one's secrets and everything public stay), every piece is there once (R1),
    and the move played is legal in the deal and plays in it."""
    for seed in range(3):
        for before, move, _events in random_playout(new_game(config(players, seed)), seed):
            t = redealt(before, Rng(before.ply))
            for seat in range(len(before.players)):
                assert view(t, seat) == view(before, seat), f"seat {seat} at ply {before.ply}"
            check_conserved(t)
            assert legal_moves(t) == legal_moves(before)
            apply_in_place(t, move)
            check_conserved(t)


def test_a_deal_deals_again_what_nobody_has_seen() -> None:
    s = next(b for b, _m, _e in random_playout(new_game(config(3, 11)), 11) if b.ply == 60)
    deals = [redealt(s, Rng(k)) for k in range(20)]
    assert len({tuple(d.decks[0][:-1]) for d in deals}) > 1, "a deck's order below its top"
    assert len({tuple(map(tuple, d.locations)) for d in deals}) > 1, "which card of its species a face-up fish is"
    assert len({tuple(d.ma_deck) for d in deals}) > 1, "the Master Angler deck"
    assert len({tuple(d.rng) for d in deals}) == 20, "the bag's and the reshuffles' streams"
    assert all([p.fish for p in d.players] == [p.fish for p in s.players] for d in deals), "fish held stay"
    assert all([p.tackle for p in d.players] == [p.tackle for p in s.players] for d in deals), "tackle held stays"
    assert redealt(s, Rng(3)).decks == deals[3].decks, "the same stream, the same deal"
    assert s.decks == next(b for b, _m, _e in random_playout(new_game(config(3, 11)), 11) if b.ply == 60).decks, (
        "the game itself is not changed"
    )
