"""Issue 51.15: `engine.game.apply` promises IllegalMove, naming a rule, for any move it
refuses; a Python caller's move is checked by no decoder, and PlaceAngler("orange")
raised KeyError (a compiled engine: TypeError for a field of another type). Any move,
with any values in its fields, in positions of every phase: played only if it is a legal
move exactly, else refused with IllegalMove under a rule of docs/rules.md."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import msgspec
from helpers import config, random_playout
from hypothesis import given
from hypothesis import strategies as st

from engine import IllegalMove, apply, legal_moves, new_game
from engine.components import COLORS, LOCATIONS, SPACES
from engine.moves import AnyMove, Move
from engine.state import State

RULES = set(re.findall(r"^- (R\d+\.\d+) ", (Path(__file__).parent.parent / "docs" / "rules.md").read_text(), re.M))
MOVES: tuple[type[Move], ...] = typing.get_args(AnyMove)


def positions() -> list[State]:
    """Positions of every phase a player decides in: 1 to 4 seats, a few games each."""
    found = []
    for players in (1, 2, 3, 4):
        for seed in (1, 2):
            for ply, (before, _move, _events) in enumerate(random_playout(new_game(config(players, seed)), seed)):
                if ply % 5 == 0 or before.phase not in ("place", "remove", "bait", "port"):  # the rarer ones all
                    found.append(before)
    return found


POSITIONS = positions()
NAMES = (*SPACES, *LOCATIONS, *COLORS, "master_angler", "discard_seven", "Port", "orange", "Lake", "", " port")
VALUES = st.one_of(
    st.sampled_from(NAMES),
    st.integers(-3, 70),
    st.integers(),
    st.floats(),
    st.booleans(),
    st.none(),
    st.tuples(st.integers(-1, 62)),
    st.lists(st.integers(0, 62), max_size=3).map(tuple),
    st.lists(st.integers(3, 6), max_size=3),
    st.tuples(st.floats(3, 6)),
    st.text(max_size=4),
    st.just(object()),
)


@st.composite
def moves(draw: st.DrawFn, state: State) -> Move:
    """A move of any type with any values; often a legal one with one field changed,
    so that every phase's own explanation is reached too."""
    same_kind = legal_moves(state)
    if same_kind and draw(st.booleans()):
        base = draw(st.sampled_from(same_kind))
        values = list(msgspec.structs.astuple(base))
        if values:
            values[draw(st.integers(0, len(values) - 1))] = draw(VALUES)
        return type(base)(*values)
    kind = draw(st.sampled_from(MOVES))
    return kind(*(draw(VALUES) for _ in msgspec.structs.fields(kind)))


@given(st.data())
def test_any_move_is_played_exactly_or_refused_under_a_rule(data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(POSITIONS))
    move = data.draw(moves(state))
    try:
        apply(state, move)
    except IllegalMove as exc:
        assert exc.rule in RULES, str(exc)
        return
    same = [own for own in legal_moves(state) if own == move]
    assert same and [type(v) for v in msgspec.structs.astuple(same[0])] == [
        type(v) for v in msgspec.structs.astuple(move)
    ], f"{move!r} was played"


def test_every_field_of_every_move_says_what_it_names() -> None:
    """A field missing from rules_check._NAMED is never checked: a new move's field must
    be named there, with the rule of what it names."""
    from engine.rules_check import _NAMED

    unnamed = [
        f"{kind.__name__}.{field.name}"
        for kind in MOVES
        for field in msgspec.structs.fields(kind)
        if f"{kind.__name__}.{field.name}" not in _NAMED and field.name not in _NAMED
    ]
    assert unnamed == []
    assert {rule for rule, _words in _NAMED.values()} <= RULES
