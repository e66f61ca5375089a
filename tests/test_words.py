"""Narration and option labels: plain words, and nothing private for the wrong viewer."""

from __future__ import annotations

from helpers import run, scenario

from cwtui import words
from engine import legal_moves
from engine.events import FishCaught, TackleDrawn
from engine.moves import PlaceAngler


def test_a_catch_shows_its_weight_only_to_its_catcher() -> None:
    sc = scenario().board(0, {3: "blue", 4: "blue", 5: "purple", 6: ""}).tackle_deck(["rod"])
    fish = sc.fish_card("Mackerel", 8)
    state = sc.location("shore", {5: fish}).build()
    move = PlaceAngler("purple")
    _, events = run(state, move)
    assert any(isinstance(e, FishCaught) for e in events) and any(isinstance(e, TackleDrawn) for e in events)
    names = ["Ana", "Bo"]
    own = words.narrate(state.cards, names, 0, move, events, viewer=0)
    other = words.narrate(state.cards, names, 0, move, events, viewer=1)
    public = words.narrate(state.cards, names, 0, move, events, viewer=None)
    assert "Mackerel (8 lb)" in own and "draws a Rod" in own
    for text in (other, public):
        assert "Mackerel" in text and "8 lb" not in text
        assert "Rod" not in text and "draws a tackle token" in text


def test_every_legal_move_has_a_label() -> None:
    state = scenario().tackle(0, ["reel", "lure"]).build()
    labels = [words.option(state, m) for m in legal_moves(state)]
    moves = legal_moves(state)
    assert all(label and not label.startswith(type(m).__name__) for label, m in zip(labels, moves, strict=True))
    assert "Place your 1 on purple (one purple bait from each zone)" in labels
