"""Property tests over random games for 1–4 seats (hypothesis picks seats and seeds)."""

from __future__ import annotations

import pytest
from helpers import check_conserved, config, random_playout
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import new_game
from engine.cards import Cards, load_cards
from engine.events import GameEnded, MasterAnglerCaught, Presented, TrophyTaken
from engine.phases import PLACE
from engine.state import PLAYER_FIELDS, STATE_FIELDS, Player, State
from engine.view import view

CARDS = load_cards()


def check_views(s: State) -> None:
    for seat in range(len(s.players)):
        v = view(s, seat)
        for other in v.seats:
            if other.seat != seat:
                assert other.fish is None and other.tackle is None
        for zones in v.locations:
            assert all(z is None or isinstance(z, str) for z in zones)


def recomputed_scores(start: State, events: list) -> dict[int, int]:
    """R11 from the log's events alone (plus R12.1's setup trophy for the silent player)."""
    scores = {p.seat: 0 for p in start.players}
    if start.config.solo:
        scores[1] += 5
    for e in events:
        if isinstance(e, TrophyTaken):
            scores[e.seat] += e.points
        elif isinstance(e, MasterAnglerCaught):
            scores[e.seat] += 1
        elif isinstance(e, Presented) and start.config.tag_points:
            scores[e.seat] += sum(1 for f in e.fish if CARDS.fish_tag[f] == start.tag)
    return scores


@pytest.mark.slow
@settings(max_examples=1000)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**64 - 1), tag_points=st.booleans())
def test_random_games_keep_every_invariant(players: int, seed: int, tag_points: bool) -> None:
    start = new_game(config(players, seed, tag_points))
    all_events: list = []
    last = start
    for before, _move, events in random_playout(start, seed):
        if before.phase == PLACE and before.turn != last.turn:
            assert sum(1 for f in before.spaces if f) == 3, "R3.5: 3 tokens at turn start"
        check_conserved(before)
        if before.ply % 7 == 0:
            check_views(before)
        all_events += events
        last = before
    end = [e for e in all_events if isinstance(e, GameEnded)]
    assert len(end) == 1, "every game ends exactly once"
    totals = {line.seat: line.total for line in end[0].scores}
    assert totals == recomputed_scores(start, all_events)


def fingerprint(s: State) -> tuple:
    """Every field of the state (STATE_FIELDS, each player's PLAYER_FIELDS), as
    values: a field added to State is watched without touching this test."""
    return tuple((name, _frozen(getattr(s, name))) for name in STATE_FIELDS if name != "_legal")


def _frozen(value: object) -> object:
    if isinstance(value, Player):
        return tuple((name, _frozen(getattr(value, name))) for name in PLAYER_FIELDS)
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, Cards):
        return id(value)  # never changed: the card data is shared by every state
    return value


def test_the_fingerprint_sees_every_field() -> None:
    s = new_game(config(2, 5))
    before = fingerprint(s)
    assert len(before) == len(STATE_FIELDS) - 1
    for change in (
        lambda: setattr(s, "silent_draws_left", 1),
        lambda: setattr(s, "boxed_trophies", s.boxed_trophies + 1),
        lambda: setattr(s, "tag", "other"),
        lambda: setattr(s, "result", ()),
        lambda: s.players[1].fresh.append(0),
    ):
        change()
        assert fingerprint(s) != before
        before = fingerprint(s)


@pytest.mark.slow
@settings(max_examples=60)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**64 - 1))
def test_illegal_moves_name_a_rule_and_change_nothing(players: int, seed: int) -> None:
    from engine import IllegalMove, apply, legal_moves

    start = new_game(config(players, seed))
    history = list(random_playout(start, seed))
    seen = list(dict.fromkeys(move for _before, move, _events in history))
    for i, (before, _move, _events) in enumerate(history):
        if i % 5:
            continue
        legal = legal_moves(before)
        tried = 0
        for move in seen[(i * 7) % len(seen) :] + seen:
            if move in legal or tried == 3:
                continue
            tried += 1
            snapshot = fingerprint(before)
            try:
                apply(before, move)
            except IllegalMove as exc:
                assert exc.rule.startswith("R") and str(exc).startswith(exc.rule + ": ")
            else:
                raise AssertionError(f"{move!r} was accepted")
            assert fingerprint(before) == snapshot
