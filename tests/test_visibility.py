"""engine.visibility.seen: the one policy for what a seat may know of an event."""

from __future__ import annotations

import msgspec
import pytest
from helpers import config, random_playout

from engine import new_game
from engine.events import FishCaught, LocationRefilled, TackleDrawn
from engine.visibility import FishCaughtUnseen, LocationRefilledUnseen, TackleDrawnUnseen, seen


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


def test_events_without_secrets_pass_unchanged() -> None:
    start = new_game(config(2, 3))
    for _before, _move, events in random_playout(start, 1):
        for event in events:
            if not isinstance(event, (FishCaught, TackleDrawn, LocationRefilled)):
                assert seen(event, 1, start.cards) is event
