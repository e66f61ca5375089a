"""The French rulebook's worked examples ("Exemple de jeu" 1–5) as scenario tests.

Laurence, Nils and Ilina are seats 0, 1 and 2 of a three-player game.
"""

from __future__ import annotations

from helpers import of_type, run

from engine import legal_moves
from engine.events import (
    AnglerMoved,
    BaitRemoved,
    ContestRanked,
    FishCaught,
    LocationRefilled,
    NoCatch,
    SilentDrew,
    TackleDrawn,
    TrophyTaken,
)
from engine.game import begin_turn
from engine.moves import (
    BaitTo,
    Catch,
    CatchFirst,
    EndTurn,
    PlaceAngler,
    Present,
    Refill,
    RemoveAngler,
    TakeMasterAngler,
)
from engine.phases import REMOVE
from engine.scenario import Scenario

LAURENCE, NILS, ILINA = 0, 1, 2
BLACK, BLUE, GREEN, PURPLE, RED, YELLOW = 3, 0, 4, 2, 1, 5
CHAR_TWO_RED = 12  # a Char card with slots red, blue, red (the rulebook's Char has two red)


def test_example_1_using_bait_and_refilling_zones() -> None:
    # A: Laurence puts her "1" on the Port and refills zone 4: green, black, purple, blue.
    # B: she removes the "2" from black and discards every black bait; she keeps a "1".
    sc = Scenario(players=3).tokens(hand={LAURENCE: 1}, black=2, red=1, yellow=1)
    sc.board(LAURENCE, {3: "black red yellow", 4: "", 5: "black blue", 6: "yellow red black purple"})
    sc.tackle(LAURENCE, [])
    state = sc.rig_bag("green black purple blue").build()
    state, events = run(state, PlaceAngler("port"), Refill(4))
    assert state.players[LAURENCE].board[1] == [1, 0, 1, 1, 1, 0]  # blue, purple, black, green
    assert state.phase == REMOVE
    state, events = run(state, RemoveAngler("black"))
    removed = of_type(events, BaitRemoved)
    assert [(e.zone, e.color, e.card) for e in removed] == [(z, "black", None) for z in (3, 4, 5, 6)]
    assert state.discard[BLACK] == 4
    assert not of_type(events, FishCaught)
    assert state.players[LAURENCE].hand == 1  # the "2" flipped
    assert state.spaces == [1, 0, 0, 0, 1, 1, 0]  # her "1" stays on the Port
    assert state.active == NILS


def test_example_2_catching_a_shore_fish() -> None:
    # Nils puts his "1" on green: one green bait leaves each zone. Zone 4's was its last,
    # so he catches the Shore zone 4 fish (a Flounder); Shore zone 4 is refilled from the
    # deck. Zone 3 still holds bait, so it catches nothing.
    sc = Scenario(players=3).active(NILS).tokens(hand={NILS: 1}, red=1, yellow=1, black=1)
    sc.board(NILS, {3: "green red", 4: "green", 5: "blue", 6: "red"}).tackle(NILS, [])
    flounder = sc.fish_card("Flounder")
    sc.location("shore", {4: flounder})
    mackerel = sc.fish_card("Mackerel")
    state = sc.deck("shore", [mackerel]).build()
    state, events = run(state, PlaceAngler("green"))
    caught = of_type(events, FishCaught)
    assert [(e.seat, e.card, e.location, e.zone, e.how) for e in caught] == [(NILS, flounder, "shore", 4, "bait")]
    assert of_type(events, LocationRefilled) == [LocationRefilled("shore", 4, mackerel)]
    assert state.players[NILS].board[0] == [0, 1, 0, 0, 0, 0]  # zone 3 keeps its red bait
    assert state.players[NILS].fish == [flounder]


def test_example_3_turn_with_actions_and_bonuses() -> None:
    # A: Ilina puts her "2" on the Port: refills zone 4 (red, green, black, blue) and
    #    takes the Char. B: she removes the "2" from red: two red bait fill the Char's red
    #    slots, two go to the discard. C: zones 5 and 6 are empty: she plays her Rod to
    #    take the Shore zone 5 Wrasse instead of the Lake Perch and draws a tackle token
    #    for emptying zone 5; then takes the Lake deck's top card (a Perch) instead of the
    #    zone 6 Pike. D: she keeps the removed token as a "1".
    sc = Scenario(players=3).active(ILINA).tokens(hand={ILINA: 2}, red=2, yellow=1, green=1)
    sc.board(ILINA, {3: "red purple yellow", 4: "", 5: "red", 6: "red"}).tackle(ILINA, ["rod"])
    sc.display([CHAR_TWO_RED, 0, 6, 18])
    lake_perch, pike = sc.fish_card("Perch"), sc.fish_card("Pike")
    sc.location("lake", {5: lake_perch, 6: pike})
    wrasse = sc.fish_card("Wrasse")
    sc.location("shore", {5: wrasse})
    deck_perch = sc.fish_card("Perch")
    sc.deck("lake", [deck_perch, "Sea Trout"]).tackle_deck(["lure"])
    state = sc.rig_bag("red green black blue").build()

    state, _ = run(state, PlaceAngler("port"), Refill(4), TakeMasterAngler(CHAR_TWO_RED))
    assert state.players[ILINA].ma == [[CHAR_TWO_RED, 0, 0, 0]]
    assert sum(state.players[ILINA].board[1]) == 4

    state, events = run(state, RemoveAngler("red"), BaitTo(CHAR_TWO_RED), BaitTo(CHAR_TWO_RED))
    assert state.players[ILINA].ma == [[CHAR_TWO_RED, 1, 0, 1]]  # both red slots, not blue
    assert state.discard[RED] == 2
    assert legal_moves(state) == [CatchFirst(5), CatchFirst(6)]

    state, events = run(state, CatchFirst(5), Catch("shore", 5, rod=True))
    assert of_type(events, TackleDrawn)[0].kind == "lure"
    assert Catch("lake", 6, deck_top=True) in legal_moves(state)
    state, events = run(state, Catch("lake", 6, deck_top=True))
    assert state.players[ILINA].fish == [wrasse, deck_perch]
    assert [e.how for e in of_type(events, FishCaught)] == ["deck_top"]
    # A fresh Lure could be played after step 2 only from her next step on (R6.1): the
    # turn ends with no tackle decision left.
    assert state.players[ILINA].hand == 1
    assert state.active == LAURENCE
    assert state.locations[2][3] == pike  # the Pike stays; zone 5 refilled from the deck
    assert EndTurn() not in legal_moves(state)


def test_example_4_shore_contest() -> None:
    # Laurence has 2 Flounders, a Wrasse and a Mackerel; she presents the 5 lb Flounder:
    # 5 + 4 + 5 = 14. Nils presents 12, Ilina 11: trophies 5, 3 and 2 points.
    sc = Scenario(players=3)
    sc.fish(LAURENCE, ["Flounder:5", "Flounder:2", "Wrasse:4", "Mackerel:5"])
    sc.fish(NILS, ["John Dory:6", "Mackerel:6"])
    sc.fish(ILINA, ["John Dory:5", "Wrasse:6"])
    state = sc.at_contests().build()
    fish = state.players[LAURENCE].fish
    best = Present("shore", tuple(sorted([fish[0], fish[2], fish[3]])))
    assert best in legal_moves(state)
    assert Present("shore", tuple(sorted(fish[:2]))) not in legal_moves(state)  # two Flounders
    nils = Present("shore", tuple(sorted(state.players[NILS].fish)))
    ilina = Present("shore", tuple(sorted(state.players[ILINA].fish)))
    state, events = run(state, best, nils, ilina)
    assert of_type(events, ContestRanked)[0] == ContestRanked("shore", (LAURENCE, NILS, ILINA))
    shore = [(e.seat, e.points) for e in of_type(events, TrophyTaken) if e.trophy == "shore_contest"]
    assert shore == [(LAURENCE, 5), (NILS, 3), (ILINA, 2)]


def test_example_5_silent_player_turn() -> None:
    # The silent player draws blue: the token on green moves to the free blue space; the
    # blue bait is discarded, making 4 blue: it catches Lake zone 4. Then it draws yellow:
    # the token on yellow moves clockwise to black; 2 yellow in the discard: no catch.

    sc = Scenario(players=1).tokens(green=1, yellow=1, red=1)
    sea_trout = sc.fish_card("Sea Trout")
    sc.location("lake", {4: sea_trout})
    state = sc.discard("blue blue blue yellow").rig_bag("blue yellow").build()
    events: list = []
    begin_turn(state, 1, events)
    assert of_type(events, SilentDrew) == [SilentDrew("blue"), SilentDrew("yellow")]
    assert of_type(events, AnglerMoved) == [AnglerMoved("green", "blue"), AnglerMoved("yellow", "black")]
    caught = of_type(events, FishCaught)
    assert [(e.seat, e.card, e.location, e.zone) for e in caught] == [(1, sea_trout, "lake", 4)]
    assert not of_type(events, NoCatch)
    assert state.discard[BLUE] == 4 and state.discard[YELLOW] == 2
