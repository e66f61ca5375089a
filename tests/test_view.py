"""Views: a seat sees its own secrets and nobody else's."""

from __future__ import annotations

from helpers import config, random_playout, with_hidden_changes

from engine import new_game
from engine.components import TACKLE
from engine.state import PLAYER_FIELDS, STATE_FIELDS, State
from engine.view import view, views


def mid_game(players: int = 3, seed: int = 21, plies: int = 150) -> State:
    state = new_game(config(players, seed))
    for i, (before, _move, _events) in enumerate(random_playout(state, seed)):
        if i == plies:
            return before
    raise AssertionError("game too short")


def test_hidden_information_does_not_change_a_view() -> None:
    s = mid_game()
    for seat in range(3):
        other = with_hidden_changes(s, seat)
        changed = [p.fish != q.fish or p.tackle != q.tackle for p, q in zip(s.players, other.players, strict=True)]
        assert any(changed[:seat] + changed[seat + 1 :]), "the test must change some hidden piece"
        assert view(other, seat) == view(s, seat)


def test_a_seat_sees_its_own_secrets() -> None:
    s = mid_game()
    v = view(s, 1)
    assert v.seats[1].fish == tuple(s.players[1].fish)
    assert v.seats[1].tackle == tuple(TACKLE[t] for t in s.players[1].tackle)
    assert v.seats[0].fish is None and v.seats[0].tackle_count == len(s.players[0].tackle)


def test_views_built_together_are_each_seats_view() -> None:
    """The game server builds every seat's View at once (`views`, sharing the public
    part): each must be exactly what `view` gives that seat, spectator (-1) included."""
    for players, seed in ((1, 3), (2, 5), (4, 8)):
        state = new_game(config(players, seed))
        for i, (before, _move, _events) in enumerate(random_playout(state, seed)):
            if i % 7 == 0:
                together = views(before, range(-1, players))
                assert together == {seat: view(before, seat) for seat in range(-1, players)}, f"ply {i}"


def test_every_state_field_is_shown_or_declared_hidden() -> None:
    """View's fields plus the hidden ones are exactly State's: a field added to State
    must be given to the View (under its own name or in SHOWN_AS) or declared hidden."""
    from engine.state import BOOKKEEPING
    from engine.view import NOT_SHOWN, SHOWN_AS, VIEW_ONLY, View

    state_fields = set(STATE_FIELDS)
    view_fields = set(View.__struct_fields__)
    same_name = state_fields & view_fields
    assert set(BOOKKEEPING) <= same_name
    assert not NOT_SHOWN & (set(SHOWN_AS) | same_name)
    assert state_fields == same_name | set(SHOWN_AS) | NOT_SHOWN
    shown = same_name | {name for names in SHOWN_AS.values() for name in names}
    assert view_fields == shown | VIEW_ONLY


def test_a_fresh_game_and_its_clone_set_every_field() -> None:
    """new_game and State.clone spell the fields out (for speed): none may be missed."""

    s = new_game(config(2, 4))
    for state in (s, s.clone()):
        for name in STATE_FIELDS:
            getattr(state, name)  # AttributeError if a field was never set
        for p in state.players:
            for name in PLAYER_FIELDS:
                getattr(p, name)
    twin = s.clone()
    assert all(getattr(twin, n) == getattr(s, n) for n in STATE_FIELDS if n not in ("players", "_legal"))
