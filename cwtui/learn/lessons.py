"""The guided first game: what a newcomer meets, in the order they meet it.

Each chapter's position is set up for its idea (engine.scenario) and its steps name
the options as the table words them; tests/test_lessons.py plays every chapter to
check that each step names exactly one legal move and that the position shows what
the words say (a catch where a catch is promised).
"""

from __future__ import annotations

from cwtui.lang import N_
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
    sc = _table().board(0, {3: "blue", 4: "purple yellow black", 5: "", 6: "black green purple red green"})
    sc.display([24, 0, 12, 6])
    return sc.tokens(hand={0: 2, 1: 1}, blue=1, red=1, green=2).active(0).build()


def tackle() -> State:
    sc = _table().board(0, {3: "yellow", 4: "purple black", 5: "green", 6: "black black blue red"})
    sc.location("river", {3: "Brown Trout"}).location("lake", {3: "Sea Trout"}).tackle_deck(["rod"])
    return sc.tokens(hand={0: 1, 1: 1}, yellow=1, red=1, blue=2).active(0).build()


def more_tackle() -> State:
    sc = _table().tackle(0, ["lure", "reel"]).deck("river", ["Roach:3"])
    sc.board(0, {3: "blue blue", 4: "purple yellow", 5: "green black red", 6: "black"})
    return sc.tokens(hand={0: 1, 1: 1}, yellow=1, red=1, green=2).active(0).build()


def trophies() -> State:
    sc = _table().board(0, {3: "red", 4: "purple black", 5: "green yellow", 6: "black black blue yellow"})
    sc.fish(0, ["Flounder:2", "Roach:3"]).location("lake", {3: "Perch:4"}).mystery([4, 2, 3, 5, 6, 7])
    return sc.tokens(hand={0: 1, 1: 1}, yellow=1, green=1, blue=2).active(0).build()


def the_end() -> State:
    sc = _table().fish(0, ["Wrasse:6", "Mackerel:8", "Wrasse:3", "Pike:9", "Perch:3", "Salmon:8"])
    return sc.fish(1, ["Wrasse:4", "Flounder:2", "Pike:10", "Roach:3"]).at_contests().build()


CHAPTERS: tuple[Chapter, ...] = (
    Chapter(
        title=N_("A turn in three steps"),
        about=N_("the three steps of a turn"),
        intro=N_(
            "The goal: the most points when the game ends. Points come from trophies (some won "
            "during play, the rest in three contests at the end, ranked by the weight presented), from "
            "the Master Angler cards you complete and from the tags of the fish you present. You "
            "catch fish by emptying your zones of bait, which is what a turn does.\n\n"
            "You play Ana; Bo fishes against you. Each turn has three steps. 1: place the angler "
            "token in your hand on a free space and do that space's action. 2: take another token "
            "off the board and do its space's action. 3: keep the token you took, flipped (a 1 "
            "becomes a 2, a 2 a 1). Your zones "
            "3, 4, 5 and 6 hold bait (a letter is a bait of that color, a dot an empty place); "
            "a colored space removes bait of its color from them."
        ),
        position=a_turn,
        steps=(
            Step(
                "Place your 1 on blue",
                N_(
                    "Step 1. A 1 on a colored space removes ONE bait of that color from EACH of your "
                    "zones: choose “Place your 1 on blue” (zones 3, 4 and 6 each lose a blue bait)."
                ),
            ),
            Step(
                "Take the 2 off yellow",
                N_(
                    "Step 2. A 2 removes EVERY bait of its color from each zone: take the 2 off yellow, "
                    "and both yellow bait leave zone 4 and one leaves zone 3. Step 3 happens by itself: "
                    "you keep that token, flipped to a 1, for your next turn."
                ),
            ),
        ),
        done=N_(
            "Your turn is over: you hold a 1 for the next. A token you place stays on the board "
            "until someone takes it off in their step 2 — so the tokens you leave on the board "
            "are the ones your opponent can take off, and use. On the board, “Angler spaces” lists "
            "the spaces, each with the face of the token on it (1 or 2), or · when it is free."
        ),
    ),
    Chapter(
        title=N_("Catching a fish"),
        about=N_("catching a fish"),
        intro=N_(
            "When the LAST bait leaves one of your zones you catch a fish: the fish of that "
            "zone's number at the location of that last bait's color — purple and green fish "
            "the Shore, yellow and black the River, blue and red the Lake. Zone 3 holds one red "
            "bait; zone 4 a blue and a red."
        ),
        position=catching,
        steps=(
            Step(
                "Place your 1 on red",
                N_(
                    "Red fishes the Lake. Placing on red takes the red bait from zones 3 and 4: zone 3 "
                    "is empty, so you catch the Lake's zone 3 fish, the Perch."
                ),
            ),
            Step(
                "Take the 1 off blue",
                N_(
                    "Now zone 4 holds only a blue bait. Take the 1 off blue: the last bait leaves zone 4 "
                    "and it was blue, so you catch the Lake's zone 4 fish, the Pike."
                ),
            ),
        ),
        done=N_(
            "Two fish! Their species are public, their weights are yours alone until the end. "
            "Your panel (F4) shows each fish's weight, the time printed on its card (such as "
            "15:33: not when you caught it; in a contest the earliest time breaks a tie) and its "
            "tag color (a point at the end if it matches the tag tile). "
            "The Lake's own zones 3 and 4, which every player fishes, are dealt new fish from its "
            "deck at the end of the step; your two emptied zones stay empty until you refill them at "
            "the Port."
        ),
    ),
    Chapter(
        title=N_("The Port and Master Angler cards"),
        about=N_("the Port and Master Angler cards"),
        intro=N_(
            "The Port does not remove bait: it refills one of your zones from the bag, or takes "
            "a Master Angler card; a 1 there gives one such action, a 2 two. A Master Angler card "
            "has colored slots: bait you remove may fill them instead of going to the discard, "
            "and when every slot is filled the card is caught, +1 point. The cards on offer lie "
            "under the trophies (F3 on a small screen), and each option names a card's slots. A game starts "
            "with your zones 3 and 4 full and 5 and 6 empty; here your zone 5 is empty."
        ),
        position=the_port,
        steps=(
            Step(
                "Place your 2 on the Port",
                N_("You hold a 2: place it on the Port, and two Port actions come next, one at a time."),
            ),
            Step(
                "Take Ray #24",
                N_("First action: Ray #24's slots are blue, purple and yellow — bait your zones hold. Take it."),
            ),
            Step(
                "Refill zone 5",
                N_(
                    "Second action: the same choices, each under its number (the key that took Ray #24 now "
                    "takes the card dealt in its place). Refill zone 5: five bait drawn from the bag "
                    "at random, until it holds five "
                    "— an emptied zone is worth refilling, to fish it again."
                ),
            ),
            Step(
                "Take the 1 off blue",
                N_(
                    "Step 2: take the 1 off blue. One blue bait leaves each zone that has one: zone 3's "
                    "only bait (zone 3 empties: a Lake catch) and the blue just drawn into zone 5."
                ),
            ),
            Step(
                "Put the blue bait on Ray #24",
                N_(
                    "Zone 3's blue bait can go to the discard or onto Ray #24's blue slot. Put it on the "
                    "card: one slot of three filled (zone 5's blue then goes to the discard: the slot is "
                    "taken), and zone 3, now empty, still catches: the last bait's color decides, "
                    "wherever it went."
                ),
            ),
        ),
        done=N_(
            "One slot filled: with your zones the card now reads “Ray #24 Bpy 1/3” — its kind and "
            "number, its slots' colors (a capital for each one filled) and how many are filled. "
            "Purple and yellow bait will fill the rest. The bag also holds one clear bait: when a "
            "refill draws it, the whole discard goes back into the bag, and the refill goes on. "
            "Caught cards also count toward two trophies of 2 points: Three Identical (three cards "
            "of one kind, such as three Rays) and Four Different (four kinds), one of each a "
            "player. Cards you hold but "
            "never finish score nothing."
        ),
    ),
)

CHAPTERS += (
    Chapter(
        title=N_("Zone bonuses and tackle"),
        about=N_("zone bonuses and tackle"),
        intro=N_(
            "Each player starts the game with one tackle token, dealt at random. Emptying zone 5 "
            "draws another, and emptying zone 6 lets you take the top "
            "card of the location's deck instead of its zone-6 fish. Tackle is played for free: "
            "a Rod catches the same zone at another location instead, a Line an adjacent zone "
            "at the same location instead, a Lure removes up to two bait of one color, a Reel swaps two "
            "bait of different colors between two of your zones."
        ),
        position=tackle,
        steps=(
            Step(
                "Place your 1 on green",
                N_(
                    "Zone 5 holds one green bait. Place on green: zone 5 empties, you catch the Shore's "
                    "zone 5 fish and draw the top tackle token (a Rod, usable from your next step)."
                ),
            ),
            Step(
                "Take the 1 off yellow",
                N_(
                    "Zone 3 holds one yellow bait: take the 1 off yellow, and zone 3 empties — a River "
                    "catch, unless your new Rod takes it elsewhere."
                ),
            ),
            Step(
                "Catch the Sea Trout in Lake zone 3 with your Rod",
                N_(
                    "The River's zone 3 holds a Brown Trout (2–7 lb); the Rod lets you take the Lake's "
                    "zone 3 Sea Trout (3–8 lb) instead: heavier on average, and a Lake fish for the Lake "
                    "contest. Catch the Sea Trout with your Rod."
                ),
            ),
        ),
        done=N_(
            "The Rod is used up. A Line is played the same way: it takes the fish of the next zone "
            "up or down (3–4, 4–5, 5–6) at the same location, and a Rod and a Line may go on one "
            "catch together. Tackle you hold shows on your panel (F4 on a small screen); the options offer "
            "it whenever it can be played, and tackle never played scores nothing at the end."
        ),
    ),
    Chapter(
        title=N_("Lure, Reel and the deck's top card"),
        about=N_("the Lure, the Reel and the zone-6 bonus"),
        intro=N_(
            "You hold a Lure and a Reel. Tackle is played at any point of your turn, before "
            "step 1 too, and costs nothing: a Lure removes one or two bait of one color from "
            "your zones; a Reel swaps two bait of different colors between two zones. And "
            "when your zone 6 empties, you may take the top card of that location's deck "
            "instead of its zone-6 fish: the deck lies fish side up, so you see its species."
        ),
        position=more_tackle,
        steps=(
            Step(
                "Lure: remove 2 blue bait (both from zone 3)",
                N_(
                    "Before placing: your Lure takes both blue bait from zone 3, and it empties — a "
                    "Lake catch, no token placed for it."
                ),
            ),
            Step(
                "Place your 1 on black",
                N_("Zone 6 holds one black bait: place on black and zone 6 empties (black fishes the River)."),
            ),
            Step(
                "Take the River deck's top card",
                N_(
                    "The River's zone 6 is a Brown Trout; its deck's top card is a Roach, a small "
                    "species (a Flounder, a Roach and a Perch together take the Small Species "
                    "trophy). Take the deck's top card instead."
                ),
            ),
            Step(
                "Take the 1 off yellow",
                N_("Step 2: take the 1 off yellow."),
            ),
            Step(
                "Reel: swap the purple in zone 4 with the red in zone 5",
                N_(
                    "With tackle in hand the turn waits for you (End your turn would keep the Reel). "
                    "Play the Reel to set up your next catch: zone 4's purple and zone 5's red change "
                    "places, and zone 4 holds a single red bait — one red removal from the Lake's "
                    "zone 4 fish."
                ),
            ),
        ),
        done=N_(
            "Tackle is used once, then gone; with none left the turn ended by itself. Hold tackle "
            "for the catch it makes possible. The zone-6 deck card is worth a look whenever zone 6 "
            "empties: a species you lack, or one whose weights run higher (its species shows, its "
            "weight does not)."
        ),
    ),
    Chapter(
        title=N_("Trophies during play"),
        about=N_("the trophies you win during play"),
        intro=N_(
            "Some trophies are taken during play, as you earn them. Mystery Weight: catch a fish whose "
            "weight equals the face-up tile (2 to 7 lb), and you show it and take the tile — one "
            "tile a step at most, and only a fish caught after the tile turned up. Small Species: "
            "once you have a Flounder, a Roach and a Perch. First to 8 Species: your eighth "
            "species (not the first player's alone: see below). First to 12 Fish (2 points): a "
            "single tile, for the first player to end a turn "
            "with 12 fish. You hold a Flounder and a "
            "Roach; the Lake's zone 3 has a Perch (1–5 lb), and the Mystery Weight tile shows 4 lb."
        ),
        position=trophies,
        steps=(
            Step(
                "Place your 1 on red",
                N_(
                    "Zone 3 holds one red bait: place on red and you catch the Lake's Perch — your third "
                    "small species. If it weighs exactly 4 lb, it claims the Mystery Weight tile too."
                ),
            ),
            Step(
                "Take the 1 off yellow",
                N_(
                    "It weighed 4 lb: two trophies in one catch (the event log says so, F6 on a small screen). "
                    "Finish the turn: take the 1 off yellow."
                ),
            ),
        ),
        done=N_(
            "The trophies are on your panel and counted in your score: a Mystery Weight tile is "
            "worth 1 point. Small Species and First to 8 Species are stacks that every player may "
            "take from: the first to earn one takes the 5, the next the value below. No player takes "
            "two tiles of one stack, so a stack holds one tile a player: 5 and 3 with two players, "
            "5, 3 and 2 with three, 5, 4, 3 and 2 with four (F3 shows each stack's next value and "
            "who holds its tiles)."
        ),
    ),
    Chapter(
        title=N_("The end and the contests"),
        about=N_("the contests at the end"),
        intro=N_(
            "The game ends after a turn in which someone holds 12 fish, or in which a location's "
            "deck could not refill its four zones: everyone else (not the player whose turn it was) plays "
            "one last turn. Then the Shore, the Lake and the River hold contests: each player presents at "
            "most one fish of each species caught there (the rest are discarded: a fish left out only "
            "lowers your total); the heaviest total takes the contest's top trophy, the next "
            "the one below (5 and 3 with two players; 5, 3 and 2 with three; 5, 4, 3 and 2 with four). "
            "Equal totals: the player who presented the "
            "fish with the earliest time printed on its card ranks first. Every fish you present is "
            "also worth a point if its tag matches the tag tile."
        ),
        position=the_end,
        steps=(
            Step(
                "Present Wrasse (6 lb), Mackerel",
                N_(
                    "Shore: you have two Wrasse, but only one fish of a species may go. The 6 lb Wrasse "
                    "with the Mackerel makes 14 lb, your heaviest."
                ),
            ),
            Step("Present Flounder (2 lb), Wrasse", N_("Bo presents.")),
            Step(
                "Present Perch (3 lb), Pike",
                N_("Lake: the Perch and the Pike are different species, so both go: 12 lb."),
            ),
            Step("Present Pike (10", N_("Bo presents.")),
            Step("Present Salmon", N_("River: your Salmon, 8 lb.")),
            Step("Present Roach", N_("Bo presents.")),
        ),
        done=N_(
            "The contests are held and the game is over. The most points wins. Equal scores: of "
            "the tied players, the one who presented the fish with the earliest time printed on "
            "its card wins, as in a contest. The final count:"
        ),
    ),
)

FIRST_GAME = Lesson(
    key="first",
    title=N_("Learn to play"),
    chapters=CHAPTERS,
    then=(SeatConfig(SEATS[0].name, "human"), SeatConfig("Bo", "greedy")),  # the easy bot
    offer=N_("play a first game against the easy bot"),
    end=N_(
        "That is the heart of the game. The full rules are one key away (F1, then r). Press "
        "Enter to play a first game against the easy bot: h at any decision asks for a hint, "
        "and b shows how each score is made up."
    ),
)


def solo() -> State:
    """The solo game (R12): zone 3's red and zone 4's blue and red, as in "Catching a
    fish"; the bag rigged so that the silent player's two draws are red, then yellow."""
    sc = Scenario(seats=SEATS[:1], seed=SEED).tackle(0, []).mystery([2, 3, 4, 5, 6, 7])
    sc.board(0, {3: "red", 4: "blue red", 5: "green purple yellow black", 6: "black green purple yellow"})
    sc.discard("yellow yellow").rig_bag("red yellow purple blue green black purple")
    return sc.tokens(hand={0: 1}, blue=1, yellow=1, green=1).active(0).build()


SOLO_CHAPTERS: tuple[Chapter, ...] = (
    Chapter(
        title=N_("The silent player"),
        about=N_("the silent player's turn"),
        intro=N_(
            "In the solo game you fish against the silent player. After each of your turns it "
            "draws a bait from the bag, twice. Each draw first moves an angler token along the "
            "angler spaces, read as a ring (Port, purple, green, blue, red, yellow, black, and "
            "after black the Port again): the token on that color's space moves on to the next "
            "free space after it, or, if the space is free, the nearest token before it moves "
            "onto it. Then it fishes: the bait "
            "goes to the discard, and if the discard holds exactly 3, 4, 5 or 6 bait of that "
            "color, it catches that location's fish in the zone of that number. So the bait you "
            "discard feed its catches."
        ),
        position=solo,
        steps=(
            Step(
                "Place your 1 on red",
                N_(
                    "Your turn first, as in a two-player game: place on red, and zone 3's last bait "
                    "catches the Lake's zone 3 fish. Your red bait go to the discard."
                ),
            ),
            Step(
                "Take the 1 off blue",
                N_(
                    "Take the 1 off blue: zone 4 empties, a Lake catch. Then the silent player plays "
                    "its two draws at once; the note after says what they did."
                ),
            ),
        ),
        done=N_(
            "That was the silent player's turn (the event log keeps it, F6 on a small screen). It also "
            "takes every trophy its catches earn, enters every contest with its heaviest fish, "
            "and began with the Small Species trophy. If at the start of its turn you have fewer "
            "fish than it, you may have it draw only once. Whenever the clear bait is drawn, by it "
            "or by your refill, it scores a Master Angler card, the discard goes back into the bag, "
            "and you choose: a second card for it, or seven bait drawn into the discard."
        ),
        recap=True,
    ),
)

SOLO = Lesson(
    key="solo",
    title=N_("Learn the solo game"),
    chapters=SOLO_CHAPTERS,
    end=N_("You win the solo game only by scoring more than the silent player. Press Enter to play one."),
    then=(SeatConfig(SEATS[0].name, "human"),),
    offer=N_("play a solo game"),
)

LESSONS = {lesson.key: lesson for lesson in (FIRST_GAME, SOLO)}
