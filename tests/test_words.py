"""Narration and option labels: plain words, and nothing private for the wrong viewer."""

from __future__ import annotations

from helpers import run, scenario

from cwtui.game import words
from cwtui.game.words import pounds
from engine import SeatConfig, legal_moves
from engine.events import FishCaught, TackleDrawn
from engine.moves import BaitTo, PlaceAngler
from engine.view import view


def test_a_catch_shows_its_weight_only_to_its_catcher() -> None:
    sc = scenario().board(0, {3: "blue", 4: "blue", 5: "purple", 6: ""}).tackle_deck(["rod"])
    fish = sc.fish_card("Mackerel", 8)
    state = sc.location("shore", {5: fish}).build()
    move = PlaceAngler("purple")
    _, events = run(state, move)
    assert any(isinstance(e, FishCaught) for e in events) and any(isinstance(e, TackleDrawn) for e in events)
    names = ["Ana", "Bo"]
    own = "\n".join(words.narrate(state.cards, names, 0, move, events, viewer=0))
    other = "\n".join(words.narrate(state.cards, names, 0, move, events, viewer=1))
    public = "\n".join(words.narrate(state.cards, names, 0, move, events, viewer=None))
    assert f"Mackerel ({pounds(8)})" in own and "draws a Rod" in own
    for text in (other, public):
        assert "Mackerel" in text and pounds(8) not in text
        assert "Rod" not in text and "draws a tackle token" in text


def test_every_legal_move_has_a_label() -> None:
    state = scenario().tackle(0, ["reel", "lure"]).build()
    labels = [words.option(view(state, 1), state.cards, m) for m in legal_moves(state)]  # any seat's view
    moves = legal_moves(state)
    assert all(label and not label.startswith(type(m).__name__) for label, m in zip(labels, moves, strict=True))
    assert "Place your 1 on purple (one purple bait from each zone)" in labels


def test_each_clause_is_under_the_name_of_who_did_it() -> None:
    """A catch by the mover does not repeat the mover's name; a contest's entries,
    caused by the last seat to present, each stand under their own seat's name."""
    from engine.events import ContestRanked, Presented, TrophyTaken
    from engine.moves import Present

    sc = scenario().board(0, {3: "blue", 4: "blue", 5: "purple", 6: ""}).tackle_deck(["rod"])
    mackerel = sc.fish_card("Mackerel", 8)
    state = sc.location("shore", {5: mackerel}).build()
    _, events = run(state, PlaceAngler("purple"))
    names = ["Ana", "Bo"]
    lines = words.narrate(state.cards, names, 0, PlaceAngler("purple"), events, viewer=1)
    assert lines[0].startswith("Ana: places a 1 on purple") and "Ana" not in lines[0][4:]
    assert "catches a Mackerel in Shore zone 5" in lines[0]
    contest = [
        Presented(1, "shore", (), 0),
        Presented(0, "shore", (mackerel,), 8),
        TrophyTaken(0, "shore_contest", 5),
        ContestRanked("shore", (0,)),
    ]
    lines = words.narrate(state.cards, names, 1, Present("shore", ()), contest, viewer=None)
    assert lines[0] == "Bo: presents nothing"
    assert lines[1].startswith(f"Ana: presents Mackerel ({pounds(8)}): {pounds(8)}") and lines[1].endswith(
        "takes the Shore contest trophy (5 VP)"
    )
    assert lines[2] == "Shore contest: Ana"


def test_where_the_game_stands_counts_toward_the_end() -> None:
    """Issue 35.8, R9.1: before the end is triggered the status counts what triggers it —
    the most fish a seat holds against twelve, and the deck nearest empty; after, R9.2's
    turns still to play."""
    import msgspec
    from helpers import config

    from engine.setup import new_game

    v = view(new_game(config(3, 5)), 0)
    seats = list(v.seats)
    seats[1] = msgspec.structs.replace(seats[1], species=("Pike",) * 9)
    decks = (v.decks[0], {"Salmon": 2, "Roach": 1}, v.decks[2])
    v = msgspec.structs.replace(v, seats=tuple(seats), decks=decks)
    assert words.end_in_sight(v) == "end: 12 fish (P1 9) or an empty deck (River 3)"
    assert words.end_in_sight(v, short=True) == "end: 12 fish (P1 9) · River deck 3"
    triggered = msgspec.structs.replace(v, end_trigger=1, final_turns=2)
    assert words.whose_turn(triggered, ["P0", "P1", "P2"]).endswith(
        f"last round: then P{(v.active + 1) % 3}, the last turn"
    )
    two_left = msgspec.structs.replace(v, end_trigger=1, final_turns=3)
    after = [f"P{(v.active + i) % 3}" for i in (1, 2)]
    assert words.whose_turn(two_left, ["P0", "P1", "P2"]).endswith(
        f"last round: then {after[0]} and {after[1]}, the last turns"
    )
    last = msgspec.structs.replace(v, end_trigger=1, final_turns=1)
    assert words.whose_turn(last, ["P0", "P1", "P2"]).endswith("last round: the last turn")


def test_a_list_of_games_names_the_easy_bot_easy() -> None:
    """Issue 35.11: the replay and resume lists said "Bo (greedy)" where the table says
    "easy bot"."""
    seats = (SeatConfig("Ana"), SeatConfig("Bo", "greedy"), SeatConfig("Cy", "hard"))
    assert words.seat_list(seats) == "Ana, Bo (easy), Cy (hard)"


def test_counted_grades_read_as_english() -> None:
    """The review's summary said "3 inaccuracy, 2 mistake"."""
    assert [words.quantity(n, "inaccuracy") for n in (1, 3)] == ["1 inaccuracy", "3 inaccuracies"]
    assert [words.quantity(n, "mistake") for n in (1, 2)] == ["1 mistake", "2 mistakes"]
    assert words.quantity(1_000, "game") == "1,000 games"


def test_bait_that_leaves_says_from_which_zone() -> None:
    """Issue 52.2: placing on blue with blue bait in zones 5 and 6, each bait's going to
    the discard is a decision of its own, and both read "Ana: 1 blue bait to the
    discard": a player read the event log as repeating lines. Each says its zone; a run
    of them, theirs."""
    from engine.events import BaitRemoved
    from engine.moves import BaitTo

    state = scenario().build()
    names = ["Ana", "Bo"]
    fifth = words.narrate(state.cards, names, 0, BaitTo(None), [BaitRemoved(0, 5, "blue", None)], viewer=0)
    sixth = words.narrate(state.cards, names, 0, BaitTo(None), [BaitRemoved(0, 6, "blue", None)], viewer=0)
    assert fifth == ["Ana: 1 blue bait from zone 5 to the discard"]
    assert sixth == ["Ana: 1 blue bait from zone 6 to the discard"]
    both = [BaitRemoved(1, 3, "red", None), BaitRemoved(1, 3, "red", None), BaitRemoved(1, 6, "red", None)]
    lines = words.narrate(state.cards, names, 1, BaitTo(None), both, viewer=0)
    assert lines == ["Bo: 3 red bait from zones 3 and 6 to the discard"]


def test_choosing_which_catch_comes_first_is_said() -> None:
    """Issue 52.6: "Ana: nothing happens" was logged after "Several zones emptied: choose
    which catch comes first" (R5.4): the choice has no event of its own, its catch
    coming with the next decision."""
    from engine.moves import CatchFirst

    state = scenario().build()
    assert words.narrate(state.cards, ["Ana", "Bo"], 0, CatchFirst(5), [], viewer=None) == [
        "Ana: chooses zone 5's catch to come first"
    ]


def test_what_the_table_did_since_your_last_move_stands_under_no_name() -> None:
    """Issue 52.11: F7 read "The next Mystery Weight is 6 lb: ." — the table's own line
    (no seat's) was split at a colon it does not have."""
    from cwtui.game.session import Ply
    from engine.events import MysteryWeightRevealed, TrophyTaken
    from engine.moves import BaitTo

    state = scenario().build()
    names = ["Ana", "Bo"]
    plies = [Ply(1, BaitTo(None), [TrophyTaken(1, "mystery_weight", 1), MysteryWeightRevealed(6)], None)]
    runs = words.since_runs(state.cards, names, plies, 0)
    assert runs == [
        ("Bo", ["takes the Mystery Weight trophy (1 VP)"]),
        (None, [f"the next Mystery Weight is {pounds(6)}"]),
    ]
    assert [words.run_said(who, what) for who, what in runs] == [
        "Bo: takes the Mystery Weight trophy (1 VP)",
        f"The next Mystery Weight is {pounds(6)}",
    ]


def test_a_step_that_offers_no_tackle_does_not_say_or_play_tackle() -> None:
    """Issue 52.11: "place your angler token on a free space (or play tackle)" stood
    beside "Tackle none"."""
    state = scenario().tackle(0, []).build()
    v = view(state, 0)
    options = legal_moves(state)
    assert words.pending(v, options) == "Step 1: place your angler token on a free space."
    with_lure = scenario().tackle(0, ["lure"]).build()
    assert words.pending(view(with_lure, 0), legal_moves(with_lure)).endswith("(or play tackle).")


def test_the_silent_players_token_moves_to_the_port_by_name() -> None:
    """The silent player's line read "moves a token from yellow to port" (the newcomer's
    read of the solo lesson): the Port is named as everywhere else."""
    from engine import events, load_cards

    said = words._event(load_cards(), ["Ana", "Silent player"], events.AnglerMoved("yellow", "port"))
    assert said == "moves the token on the yellow space to the Port"
    # French said « de l'emplacement jaune à l'emplacement le Port » (a native read)
    from cwtui.lang import use

    use("fr")
    try:
        said = [words._event(load_cards(), ["Ana", "Silent player"], events.AnglerMoved(a, b))
                for a, b in (("yellow", "port"), ("port", "black"))]  # fmt: skip
    finally:
        use("en")
    assert [s.replace("\u00a0", " ") for s in said] == [
        "déplace le jeton de l'emplacement jaune vers le Port",
        "déplace le jeton du Port vers l'emplacement noir",
    ]


def test_the_clear_bait_says_what_happens_to_the_discard() -> None:
    """R4.5: 'the clear bait! 4 bait return from the discard to the bag' read as an
    exclamation; the line says the seat drew it and where the discard goes."""
    from engine import events as ev
    from engine.cards import load_cards

    cards = load_cards()
    said = [words._event(cards, ["Ana", "Bo"], ev.ClearBaitDrawn(0, n)) for n in (4, 1, 0)]
    assert said == [
        "draws the clear bait: the discard's 4 bait go back into the bag",
        "draws the clear bait: the discard's 1 bait goes back into the bag",
        "draws the clear bait: the discard is empty",
    ]


def test_each_bait_decision_says_which_bait_and_how_many_follow() -> None:
    """A whole-game read met the same question twice in a row ("… Master Angler slot
    (blue).") with no word of which zone's bait it was or how many were left (R5.1).
    The last is "the last to place": "…zone 4, the last)" read as the zone emptied."""
    from engine.components import COLOR_INDEX

    sc = scenario().board(0, {3: "blue", 4: "blue purple", 5: "purple", 6: "purple"})
    card = next(c for c in range(len(sc.state.cards.ma_slots)) if COLOR_INDEX["blue"] in sc.state.cards.ma_slots[c])
    state = sc.master_anglers(0, [card]).tokens(port=1, yellow=1, red=1).build()
    state, _ = run(state, PlaceAngler("blue"))
    assert state.phase == "bait"
    assert words.pending(view(state, 0)).endswith("(the blue bait from your zone 3, then 1 more to place).")
    state, _ = run(state, legal_moves(state)[0])
    assert words.pending(view(state, 0)).endswith("(the blue bait from your zone 4, the last to place).")


def test_a_rod_played_for_a_catch_is_said_once() -> None:
    """A whole-game read: "plays a Rod; catches a Roach … with a Rod"."""
    from engine.moves import Catch

    sc = scenario().board(0, {3: "", 4: "black", 5: "purple", 6: ""}).tackle(0, ["rod"])
    state = sc.tokens(port=1, yellow=1, red=1).build()
    state, _ = run(state, PlaceAngler("black"))
    rod = next(m for m in legal_moves(state) if isinstance(m, Catch) and m.rod)
    _, events = run(state, rod)
    for viewer in (0, 1):
        said = " ".join(words.narrate(state.cards, ["Ana", "Bo"], 0, rod, events, viewer=viewer))
        assert said.count("Rod") == 1 and "with a Rod" in said, said


def test_a_player_named_you_reads_your_turn() -> None:
    """A whole game's read: a player who named themselves "You" read "Round 1 · You's
    turn" in the status bar; it is "Your turn", and anyone else's is theirs."""
    from helpers import config

    from engine.setup import new_game

    v = view(new_game(config(2, 5)), 0)
    names = ["You", "Bo"] if v.active == 0 else ["Bo", "You"]
    assert words.whose_turn(v, names).startswith("Round 1 · Your turn")
    assert words.whose_turn(v, ["Ana", "Bo"]).startswith(f"Round 1 · {['Ana', 'Bo'][v.active]}'s turn")
    assert words.turn_of("  you ") == "Your turn" and words.turn_of("Yves") == "Yves's turn"


def test_a_seats_bait_decisions_are_told_as_one_in_the_since_strip() -> None:
    """Issue 67.9: each bait is its own decision (R5.1), and the since strip said "1 blue
    bait from zone 6 to the discard; 1 blue bait from zone 6 to the discard"; the
    Port's two actions of a 2 were "the Port action can do nothing" twice over. Found
    in random games of one to four players, at every turn; none is left."""
    import itertools
    import random

    from cwtui.game.session import Ply
    from engine import GameConfig, apply_in_place, new_game

    cards = None
    for game in range(40):
        seats = tuple(SeatConfig(f"P{i}", "random") for i in range(game % 4 + 1))
        state = new_game(GameConfig(seats=seats, seed=game))
        cards = state.cards
        names = [s.name for s in seats] + ["Silent"]
        rng, plies = random.Random(game), []
        while not state.over:
            seat = state.to_act
            move = rng.choice(legal_moves(state))
            events = apply_in_place(state, move)
            plies.append(Ply(seat, move, list(events)))
            for line in words.narrate(cards, names, seat, move, events, None):
                assert "nothing; the Port action" not in line, line
            if not state.over and state.to_act != seat and state.to_act < len(seats):
                for who, clauses in words.since_runs(cards, names, words.since_last_turn(plies, state.to_act), 0):
                    told = f"{game}: {who}: " + " / ".join(clauses)
                    assert all(a != b for a, b in itertools.pairwise(clauses)), told


def test_a_contest_held_since_your_turn_is_one_line_with_every_trophy() -> None:
    """Issue 67.3: the since strip told a contest entry by entry and ended, cut, before
    the second place's trophy ("Ana: takes the Shore contest trophy… F7: all"). A contest
    held since the seat's last turn is one line: each seat's total and trophy, in order;
    the choice of what to present, which the line sums up, is not said apart."""
    from cwtui.game.session import Ply
    from engine.events import ContestRanked, Presented, TrophyTaken
    from engine.moves import Present

    state = scenario().build()
    names = ["Ana", "Bo"]
    held = [
        Presented(0, "shore", (), 14),
        Presented(1, "shore", (), 6),
        TrophyTaken(0, "shore_contest", 5),
        TrophyTaken(1, "shore_contest", 3),
        ContestRanked("shore", (0, 1)),
    ]
    plies = [Ply(1, Present("shore", ()), [])]  # Bo chose first: nothing shown yet
    plies.append(Ply(0, Present("lake", ()), []))
    plies.append(Ply(1, Present("shore", ()), held))
    runs = words.since_runs(state.cards, names, plies, 0)
    assert runs[-1] == (None, [f"Shore contest: Ana {pounds(14)} (5 VP), Bo {pounds(6)} (3 VP)"])
    assert not any("Shore" in c for who, clauses in runs[:-1] for c in clauses)


def test_a_master_angler_you_fill_is_said_at_once() -> None:
    """Issue 67: a newcomer filled a Master Angler card and saw it leave the zones line
    with nothing saying it scored; its catch (R5.2) is said above the next question."""
    char = 12  # slots red, blue, red
    sc = scenario().board(0, {3: "red blue", 4: "red blue"}).master_anglers(0, [char], filled={char: [1, 2]})
    state = sc.discard("").build()
    _s, happened = run(state, PlaceAngler("red"), BaitTo(char))
    name = words.master_angler_name(state.cards, char)
    said = words.said_at_once(state.cards, happened, 0)
    assert said == f"You catch the Master Angler {name} (+1 VP): its slots are all filled."
    assert words.said_at_once(state.cards, happened, 1) is None  # another seat's card: its own events say it


def test_a_label_breaks_before_its_brackets_not_inside() -> None:
    """Issue 68.5: the French score sheet at 80 columns wrapped « Maîtres Pêcheurs attrapés
    (1 » / « chacun) »; what a label says in brackets stays on one line."""
    from rich.console import Console
    from rich.text import Text

    import cwtui.widgets.wrap  # noqa: F401  (the table's wrapping, which keeps KEEP)

    label = words.brackets_whole("Maîtres Pêcheurs attrapés (1 chacun)")
    lines = [line.plain.strip() for line in Text(label).wrap(Console(width=80), 30)]
    assert [line.replace(words.KEEP, " ") for line in lines] == ["Maîtres Pêcheurs attrapés", "(1 chacun)"]


def test_a_label_takes_a_space_unless_its_colon_is_full_width() -> None:
    """Issue 68.10, a Japanese read: 「前の手番から： Bo：…」「Ana： ステップ1」 — a
    full-width colon carries its own space; a half-width one after it read as a gap."""
    assert words.spaced("Since your last turn:") == "Since your last turn: "
    assert words.spaced("Depuis votre dernier tour\u00a0:") == "Depuis votre dernier tour\u00a0: "
    assert words.spaced("前の手番から：") == "前の手番から："


def test_sentences_leave_no_gap_after_a_full_width_stop() -> None:
    """Issue 68: said together, a Japanese catch and trophy read 「…釣りました。 …」 with a
    gap after the full-width stop, which carries its own space."""
    assert words.sentences(["湖畔のゾーン3のパーチを釣りました。", "トロフィーを獲得しました。"]) == (
        "湖畔のゾーン3のパーチを釣りました。トロフィーを獲得しました。"
    )
    assert words.sentences(["You catch a Perch.", "You take a trophy."]) == "You catch a Perch. You take a trophy."


def test_the_silent_player_is_named_in_the_language_in_use() -> None:
    """A Japanese read of the solo lesson: 「Silent player：湖畔のゾーン3のパーチを釣る」 —
    the engine's name for the seat reached the event log untranslated. The table's
    names (a session's, a replay's) say it in the language in use."""
    from cwtui.game.session import GameSession
    from cwtui.lang import speaking
    from engine import GameConfig, load_cards
    from engine.setup import set_up

    state, _ = set_up(GameConfig(seats=(SeatConfig("Ana", "human"),), seed=1), load_cards())
    with speaking("ja"):
        assert GameSession.unlogged(state).names == ["Ana", "サイレントプレイヤー"]
    assert GameSession.unlogged(state).names == ["Ana", "Silent player"]


def test_zone_numbers_are_listed_as_the_language_writes_numbers() -> None:
    """A Japanese read: 「紫の餌3個をゾーン3、4と6から捨て場へ」 copied the English "3, 4
    and 6"; Japanese lists numbers with 「・」."""
    from cwtui.lang import speaking

    assert words.numbers_listed(["3", "4", "6"]) == "3, 4 and 6"
    with speaking("ja"):
        assert words.numbers_listed(["3", "4", "6"]) == "3・4・6"
    with speaking("fr"):
        assert words.numbers_listed(["3", "4", "6"]) == "3, 4 et 6"


def test_the_tackle_token_your_zone_5_draws_is_said_at_once() -> None:
    """Issue 67 (a whole-game read): emptying zone 5 draws a tackle token (R6.1), and a
    Lure appeared on the player's panel with nothing saying where it came from; it is
    said above the next question, with when it plays."""
    from engine.events import TackleDrawn

    state = scenario().board(0, {5: "green"}).build()
    _s, happened = run(state, PlaceAngler("green"))
    drawn = next(e for e in happened if isinstance(e, TackleDrawn))
    said = words.said_at_once(state.cards, happened, 0)
    assert said is not None
    kind = words.tackle_name(drawn.kind)
    assert f"You draw a {kind} (your zone 5 emptied): it plays from your next step." in said, said
    assert words.said_at_once(state.cards, happened, 1) is None  # another seat's token: its own events say it
