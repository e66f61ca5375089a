"""R2 — setup for 2–4 players."""

from __future__ import annotations

from helpers import config, random_playout

from engine import new_game
from engine.cards import load_cards
from engine.components import SPACES
from engine.phases import PLACE

CARDS = load_cards()


def test_R2_1_decks_shuffled_and_zones_dealt() -> None:
    a, b = new_game(config(2, 1)), new_game(config(2, 2))
    assert a.locations != b.locations and a.decks != b.decks
    for s in (a, b):
        for loc in range(3):
            assert sorted(s.locations[loc] + s.decks[loc]) == list(CARDS.fish_by_location[loc])


def test_R2_2_one_tag_tile_at_random() -> None:
    assert new_game(config(2, 1)).tag in CARDS.data.tag_colors
    assert len({new_game(config(2, seed)).tag for seed in range(20)}) > 1


def test_R2_3_master_angler_display_of_four() -> None:
    s = new_game(config(2))
    assert len(s.display) == 4 and len(s.ma_deck) == 26
    assert sorted(s.display + s.ma_deck) == list(range(30))


def test_R2_4_trophy_stacks_by_player_count() -> None:
    for players, values in ((2, [3, 5]), (3, [2, 3, 5]), (4, [2, 3, 4, 5])):
        s = new_game(config(players))
        for kind in ("small_species", "first_to_8_species", "shore_contest", "river_contest", "lake_contest"):
            assert s.stacks[kind] == values  # top (last) is the 5
        assert sorted(s.mystery) == [2, 3, 4, 5, 6, 7]
    assert len({tuple(new_game(config(2, seed)).mystery) for seed in range(10)}) > 1


def test_R2_5_one_tackle_token_each() -> None:
    s = new_game(config(4))
    assert [len(p.tackle) for p in s.players] == [1, 1, 1, 1] and len(s.tackle_deck) == 11
    assert all(not p.fresh for p in s.players)  # usable from the first turn


def test_R2_6_three_tokens_on_red_yellow_green() -> None:
    s = new_game(config(2))
    assert {SPACES[i]: f for i, f in enumerate(s.spaces) if f} == {"red": 1, "yellow": 1, "green": 1}


def test_R2_7_each_player_holds_a_1() -> None:
    assert [p.hand for p in new_game(config(3)).players] == [1, 1, 1]


def test_R2_8_zones_3_and_4_filled_then_clear_bait_in_bag() -> None:
    s = new_game(config(4))
    for p in s.players:
        assert [sum(z) for z in p.board] == [3, 4, 0, 0]
    assert s.clear_in_bag and sum(s.bag) == 96 - 4 * 7


def test_R2_9_seat_0_starts_then_clockwise() -> None:
    s = new_game(config(3))
    assert s.active == 0 and s.phase == PLACE and s.turn == 1
    order: list[int] = []
    for before, _move, _events in random_playout(s, 9):
        if not order or order[-1] != before.active:
            order.append(before.active)
        if len(order) == 6:
            break
    assert order == [0, 1, 2, 0, 1, 2]


def test_R2_1_deck_tops_lie_fish_side_up() -> None:
    """Every seat sees the species on top of each deck (not its weight), and a bot's
    sampled worlds keep that species on top while dealing the rest afresh."""
    from engine.determinize import World
    from engine.rng import Rng
    from engine.view import view

    s = new_game(config(3, 11))
    cards = s.cards
    tops = tuple(cards.species_names[cards.fish_species[d[-1]]] for d in s.decks)
    for seat in range(3):
        assert view(s, seat).deck_tops == tops
    world = World(view(s, 1), cards)
    rng = Rng(5)
    top_cards = set()
    for _ in range(50):
        sampled = world.sample(rng)
        assert tuple(cards.species_names[cards.fish_species[d[-1]]] for d in sampled.decks) == tops
        top_cards.add(tuple(d[-1] for d in sampled.decks))
    assert len(top_cards) > 1  # which card of that species (so its weight) stays hidden
    emptied = s.clone()
    emptied.decks[0] = []
    assert view(emptied, 0).deck_tops[0] is None
