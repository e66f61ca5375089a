"""engine.visibility.seen: the one policy for what a seat may know of an event."""

from __future__ import annotations

import msgspec
import pytest
from helpers import config, random_playout

from engine import new_game
from engine.events import FishCaught, LocationRefilled, TackleDrawn
from engine.moves import Present
from engine.visibility import (
    FishCaughtUnseen,
    LocationRefilledUnseen,
    PresentUnseen,
    TackleDrawnUnseen,
    seen,
    seen_move,
)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_no_seat_is_told_another_seats_secrets(players: int) -> None:
    start = new_game(config(players, 40 + players))
    cards = start.cards
    checked = 0
    for _before, _move, events in random_playout(start, 7):
        for event in events:
            for viewer in (None, *range(len(start.players))):
                shown = seen(event, viewer, cards)
                if isinstance(shown, (FishCaught, TackleDrawn)):
                    assert shown.seat == viewer and shown == event  # only one's own, in full
                assert not isinstance(shown, LocationRefilled)  # a face-up fish's card is its weight
                if isinstance(event, FishCaught) and event.seat != viewer:
                    assert isinstance(shown, FishCaughtUnseen)
                    assert shown.species == cards.species_names[cards.fish_species[event.card]]
                    assert b'"card"' not in msgspec.json.encode(shown)
                if isinstance(event, TackleDrawn) and event.seat != viewer:
                    assert shown == TackleDrawnUnseen(event.seat)
                if isinstance(event, LocationRefilled):
                    assert isinstance(shown, LocationRefilledUnseen) and shown.zone == event.zone
                checked += 1
    assert checked > 500


@pytest.mark.parametrize("players", [1, 3])
def test_a_contest_entry_is_hidden_from_the_others_until_the_contest(players: int) -> None:
    """R10.1: which fish a seat presents stays hidden until the contest is held (the
    Presented events show it then); every other move is public as it is made."""
    start = new_game(config(players, 60 + players))
    entries = 0
    for before, move, _events in random_playout(start, 3):
        mover = before.to_act
        for viewer in (None, *range(len(start.players))):
            shown = seen_move(move, mover, viewer)
            if isinstance(move, Present) and viewer != mover:
                assert shown == PresentUnseen(move.location)
                assert b"fish" not in msgspec.json.encode(shown)
                entries += 1
            else:
                assert shown is move
    assert entries >= 3


def test_events_without_secrets_pass_unchanged() -> None:
    start = new_game(config(2, 3))
    for _before, _move, events in random_playout(start, 1):
        for event in events:
            if not isinstance(event, (FishCaught, TackleDrawn, LocationRefilled)):
                assert seen(event, 1, start.cards) is event


def test_every_logged_event_is_declared_revealing_or_not() -> None:
    from typing import get_args

    from engine.events import AnyEvent
    from engine.visibility import REVEALS

    assert set(REVEALS) == set(get_args(AnyEvent))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_move_that_reveals_nothing_draws_nothing(players: int) -> None:
    """The undo rule's ground (cwtui.game.session): a move whose events engine.visibility
    does not count as revealing took nothing from the bag or a deck, used no random
    stream, and showed its mover no card's hidden side."""
    from engine.visibility import reveals

    checked = 0
    for seed in range(6):
        start = new_game(config(players, 900 + seed))
        for before, _move, events in random_playout(start, seed):
            if reveals(events):
                continue
            after = _after(before, _move)
            assert after.rng == before.rng
            assert (after.bag, after.clear_in_bag, after.ma_deck, after.tackle_deck, after.mystery) == (
                before.bag, before.clear_in_bag, before.ma_deck, before.tackle_deck, before.mystery,
            )  # fmt: skip
            assert after.decks == before.decks and after.locations == before.locations
            assert [p.fish for p in after.players] == [p.fish for p in before.players]
            checked += 1
    assert checked > 100


def _after(before, move):  # type: ignore[no-untyped-def]
    from engine import apply

    return apply(before, move)[0]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_score_a_seat_sees_is_the_engines(players: int) -> None:
    """R11.1 — your own score from your View is the engine's score line at every ply;
    another seat's counts the tags you have seen; at the end every viewer counts the
    final scores."""
    from engine.contests import score_line
    from engine.view import score_shown, view

    start = new_game(config(players, 70 + players))
    cards = start.cards
    state = start
    for before, _move, _events in random_playout(start, 3):
        for seat in range(len(before.players)):
            own = score_shown(view(before, seat), seat, cards)
            assert (own.trophies, own.master_anglers, own.tags) == score_line(before, before.players[seat])
        state = _after(before, _move)
    assert state.over and state.result is not None
    for viewer in range(len(state.players)):
        v = view(state, viewer)
        assert [score_shown(v, line.seat, cards).total for line in state.result] == [
            line.total for line in state.result
        ]
