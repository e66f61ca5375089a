"""The guided first game: what a newcomer meets, in the order they meet it.

Each chapter's position is set up for its idea (engine.scenario) and its steps name
the options as the table words them; tests/test_lessons.py plays every chapter to
check that each step names exactly one legal move and that the position shows what
the words say (a catch where a catch is promised).
"""

from __future__ import annotations

from cwtui.learn.lesson import Chapter, Lesson, Step
from engine.config import SeatConfig
from engine.scenario import Scenario
from engine.state import State

SEATS = (SeatConfig("Ana", "human"), SeatConfig("Bo", "greedy"))  # you play Ana
SEED = 2026  # every chapter's deal: the same lesson every time


def _table() -> Scenario:
    """The table as a chapter starts unless it says otherwise: no tackle in hand (its
    options would fill the list before the chapter that teaches it), a Mystery Weight of
    2 lb (no fish of the early chapters weighs it), and Bo's zones, which never matter."""
    sc = Scenario(seats=SEATS, seed=SEED).tackle(0, []).tackle(1, []).mystery([2, 3, 4, 5, 6, 7])
    return sc.board(1, {3: "green purple yellow", 4: "black black red", 5: "blue purple", 6: "yellow green"})


def a_turn() -> State:
    sc = _table().board(0, {3: "blue red yellow", 4: "blue purple yellow yellow", 5: "green purple red black",
                            6: "black green red blue purple"})  # fmt: skip
    return sc.tokens(hand={0: 1, 1: 1}, yellow=2, red=1, green=1).active(0).build()


def catching() -> State:
    sc = _table().board(0, {3: "red", 4: "blue red", 5: "green purple yellow black", 6: "black green purple yellow"})
    sc.location("lake", {3: "Perch:3", 4: "Pike:9"})
    return sc.tokens(hand={0: 1, 1: 1}, blue=1, yellow=1, green=1).active(0).build()


def the_port() -> State:
    sc = _table().board(0, {3: "blue", 4: "purple yellow black", 5: "green purple yellow black",
                            6: "black green purple red green"})  # fmt: skip
    sc.display([24, 0, 12, 6])
    return sc.tokens(hand={0: 1, 1: 1}, blue=1, red=1, green=2).active(0).build()


CHAPTERS = (
    Chapter(
        title="A turn in three steps",
        about="the three steps of a turn",
        intro=(
            "You play Ana; Bo fishes against you. Each turn has three steps. 1: place the angler "
            "token in your hand on a free space and do that space's action. 2: take another token "
            "off the board and do its space's action. 3: keep the token you took, flipped (a 1 "
            "becomes a 2, a 2 a 1). Your zones "
            "3, 4, 5 and 6 hold bait; a colored space removes bait of its color from them."
        ),
        position=a_turn,
        steps=(
            Step(
                "Place your 1 on blue",
                "Step 1. A 1 on a colored space removes ONE bait of that color from EACH of your "
                "zones: choose “Place your 1 on blue” (zones 3, 4 and 6 each lose a blue bait).",
            ),
            Step(
                "Take the 2 off yellow",
                "Step 2. A 2 removes EVERY bait of its color from each zone: take the 2 off yellow, "
                "and both yellow bait leave zone 4 and one leaves zone 3. Step 3 happens by itself: "
                "you keep that token, flipped to a 1, for your next turn.",
            ),
        ),
        done=(
            "Your turn is over: you hold a 1 for the next. A token you place stays on the board "
            "until someone takes it off in their step 2 — so the spaces you leave full are the "
            "ones your opponent can use."
        ),
    ),
    Chapter(
        title="Catching a fish",
        about="catching a fish",
        intro=(
            "When the LAST bait leaves one of your zones you catch a fish: the fish of that "
            "zone's number at the location of that last bait's color — purple and green fish "
            "the Shore, yellow and black the River, blue and red the Lake. Zone 3 holds one red "
            "bait; zone 4 a blue and a red."
        ),
        position=catching,
        steps=(
            Step(
                "Place your 1 on red",
                "Red fishes the Lake. Placing on red takes the red bait from zones 3 and 4: zone 3 "
                "is empty, so you catch the Lake's zone 3 fish, the Perch.",
            ),
            Step(
                "Take the 1 off blue",
                "Now zone 4 holds only a blue bait. Take the 1 off blue: the last bait leaves zone 4 "
                "and it was blue, so you catch the Lake's zone 4 fish, the Pike.",
            ),
        ),
        done=(
            "Two fish! Their species are public, their weights are yours alone until the end "
            "(your panel shows them). The Lake's zones 3 and 4 take new fish from its deck at "
            "the end of the step, and an empty zone of yours is refilled at the Port."
        ),
    ),
    Chapter(
        title="The Port and Master Angler cards",
        about="the Port and Master Angler cards",
        intro=(
            "The Port does not remove bait: it refills one of your zones from the bag, or takes "
            "a Master Angler card (a 2 on the Port gives two such actions). A Master Angler card "
            "has colored slots: bait you remove may fill them instead of going to the discard, "
            "and when every slot is filled the card is caught, +1 point."
        ),
        position=the_port,
        steps=(
            Step(
                "Place your 1 on the Port",
                "Place your 1 on the Port: its action comes next.",
            ),
            Step(
                "Take Ray #24",
                "Ray #24's slots are blue, purple and yellow — bait your zones hold. Take it.",
            ),
            Step(
                "Take the 1 off blue",
                "Take the 1 off blue: your one blue bait leaves zone 3 (zone 3 empties: a Lake catch).",
            ),
            Step(
                "Put the blue bait on Ray #24",
                "The blue bait can go to the discard or onto Ray #24's blue slot. Put it on the card: "
                "one slot of three filled.",
            ),
        ),
        done=(
            "One slot filled; purple and yellow bait will fill the rest. A caught card also counts "
            "toward the Three Identical and Four Different trophies. Cards you hold but never "
            "finish score nothing."
        ),
    ),
)

FIRST_GAME = Lesson(
    title="Learn to play",
    chapters=CHAPTERS,
    end=(
        "That is the heart of the game. The full rules are one key away (F1, then r). Press g "
        "to play a first game against the easy bot: h at any decision asks for a hint."
    ),
)
