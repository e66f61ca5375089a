"""R6 — zone 5 and zone 6 bonuses, and the tackle deck."""

from __future__ import annotations

from helpers import of_type, run, scenario

from engine import legal_moves
from engine.components import TACKLE
from engine.events import FishCaught, TackleDrawn, TacklePlayed, TackleReshuffled
from engine.moves import Catch, CatchFirst, PlaceAngler, RemoveAngler


def test_R6_1_emptying_zone_5_draws_a_tackle_token() -> None:
    sc = scenario().board(0, {3: "blue", 4: "blue", 5: "purple", 6: ""}).tackle_deck(["rod"])
    s, events = run(sc.build(), PlaceAngler("purple"))
    assert [e.kind for e in of_type(events, TackleDrawn)] == ["rod"]
    assert [TACKLE[t] for t in s.players[0].tackle] == ["rod"]  # usable from step 2 on


def test_R6_1_the_token_counts_even_when_the_catch_is_redirected() -> None:
    sc = scenario().board(0, {3: "blue", 4: "blue", 5: "purple", 6: ""}).tackle(0, ["line"])
    s, _ = run(sc.build(), PlaceAngler("purple"))
    s, events = run(s, Catch("shore", 4, line=True))
    assert len(of_type(events, TackleDrawn)) == 1


def test_R6_1_a_fresh_token_waits_for_the_next_step() -> None:
    # Step 1 empties zones 5 and 3: zone 5 draws a Rod, but zone 3's catch cannot use
    # it. In step 2 the Rod can redirect zone 6's catch.
    sc = scenario().board(0, {3: "purple", 4: "blue", 5: "purple", 6: "black"}).tackle(0, ["line"])
    s = sc.tackle_deck(["rod"]).tokens(port=1, yellow=1, black=1).build()
    s, _ = run(s, PlaceAngler("purple"), CatchFirst(5), Catch("shore", 5))
    assert legal_moves(s) and not any(getattr(m, "rod", False) for m in legal_moves(s))
    s, _ = run(s, Catch("shore", 3))
    s, _ = run(s, RemoveAngler("black"))
    assert Catch("shore", 6, rod=True) in legal_moves(s)


def test_R6_2_emptying_zone_6_offers_the_deck_top() -> None:
    sc = scenario().board(0, {3: "blue", 4: "blue", 5: "", 6: "black"})
    top = sc.state.decks[1][-1]
    s, _ = run(sc.build(), PlaceAngler("black"))
    assert legal_moves(s) == [Catch("river", 6), Catch("river", 6, deck_top=True)]
    s, events = run(s, Catch("river", 6, deck_top=True))
    assert [(e.card, e.how) for e in of_type(events, FishCaught)] == [(top, "deck_top")]


def test_R6_3_an_empty_tackle_deck_is_reshuffled_at_once() -> None:
    sc = scenario().board(0, {3: "blue", 4: "blue", 5: "purple", 6: ""})
    s = sc.build()
    s.tackle_used, s.tackle_deck = s.tackle_deck[:-1], s.tackle_deck[-1:]
    s, events = run(s, PlaceAngler("purple"))
    assert len(of_type(events, TackleDrawn)) == 1
    assert of_type(events, TackleReshuffled) == [TackleReshuffled(len(s.tackle_deck))]
    assert s.tackle_used == [] and len(s.tackle_deck) == 14


def test_R6_3_ruling_no_deck_and_no_used_tokens_no_draw() -> None:
    s = scenario().board(0, {3: "blue", 4: "blue", 5: "purple", 6: ""}).build()
    s.tackle_deck, s.tackle_used = [], []
    s, events = run(s, PlaceAngler("purple"))
    assert not of_type(events, TackleDrawn) and not of_type(events, TacklePlayed)
    assert of_type(events, FishCaught)
