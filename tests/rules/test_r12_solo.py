"""R12 — solo, Practice Pond, against the silent player (seat 1)."""

from __future__ import annotations

from helpers import of_type, run, scenario

from engine import legal_moves, new_game
from engine.config import GameConfig, SeatConfig
from engine.events import (
    AnglerMoved,
    BaitDrawn,
    ClearBaitDrawn,
    ClearBaitReturned,
    DiscardSeeded,
    FishCaught,
    MasterAnglerCaught,
    SilentDrew,
)
from engine.game import begin_turn
from engine.moves import PlaceAngler, Present, Refill, SilentClear, SilentDraws
from engine.phases import PLACE, SILENT_CLEAR, SILENT_DRAWS
from engine.solo import move_angler

SOLO = GameConfig(seats=(SeatConfig("Me"),), seed=3)
SILENT = 1


def test_R12_1_solo_setup() -> None:
    s = new_game(SOLO)
    assert len(s.players) == 2 and s.players[SILENT].silent and s.seats[SILENT].kind == "silent"
    assert sum(s.discard) == 7 and sum(s.bag) + sum(s.discard) + 7 == 54 and s.clear_in_bag
    assert [sum(z) for z in s.players[0].board] == [3, 4, 0, 0]
    assert [(t.kind, t.points) for t in s.players[SILENT].trophies] == [("small_species", 5)]
    assert s.stacks["small_species"] == [3]


def test_R12_2_two_draws_or_one_when_you_are_behind() -> None:
    sc = scenario(1).tokens(green=1, yellow=1, red=1)
    s = sc.rig_bag("purple purple").build()
    events: list = []
    begin_turn(s, SILENT, events)
    assert len(of_type(events, SilentDrew)) == 2 and (s.active, s.phase) == (0, PLACE)
    s = scenario(1).tokens(green=1, yellow=1, red=1).fish(SILENT, ["Pike"]).rig_bag("purple purple").build()
    begin_turn(s, SILENT, [])
    assert s.phase == SILENT_DRAWS and legal_moves(s) == [SilentDraws(1), SilentDraws(2)]
    s, events = run(s, SilentDraws(1))
    assert of_type(events, SilentDrew) == [SilentDrew("purple")]


def test_R12_3_tokens_move_along_the_track() -> None:
    s = scenario(1).tokens(port=1, black=1, red=2).build()
    events: list = []
    move_angler(s, 3, events)  # black: its token moves clockwise to the first free space
    move_angler(s, 0, events)  # blue: the nearest token counter-clockwise moves onto it
    assert events == [AnglerMoved("black", "purple"), AnglerMoved("purple", "blue")]
    assert s.spaces == [1, 0, 0, 1, 2, 0, 0]  # faces kept (ruling)


def test_R12_4_exactly_3_to_6_of_the_color_catch() -> None:
    sc = scenario(1).tokens(green=1, yellow=1, red=1).discard("green green green green green green black")
    black3 = sc.state.locations[1][0]
    s = sc.rig_bag("green black").build()
    events: list = []
    begin_turn(s, SILENT, events)  # green makes 7: no catch; black makes 2: none
    assert not of_type(events, FishCaught)
    sc = scenario(1).tokens(green=1, yellow=1, red=1).discard("black black")
    black3 = sc.state.locations[1][0]
    s = sc.rig_bag("black purple").build()
    events = []
    begin_turn(s, SILENT, events)
    assert [(e.seat, e.card, e.zone, e.how) for e in of_type(events, FishCaught)] == [(SILENT, black3, 3, "silent")]


def test_R12_5_clear_bait() -> None:
    sc = scenario(1).tokens(green=1, yellow=1, red=1).discard("red red")
    s = sc.bag("blue blue blue blue blue blue blue blue", clear=True).build()
    from engine.bait import BAG_STREAM

    for attempt in range(1000):  # find a bag stream whose first draw is the clear bait
        trial = s.clone()
        trial.rng[BAG_STREAM] = attempt
        events: list = []
        begin_turn(trial, SILENT, events)
        if of_type(events, SilentDrew)[0] == SilentDrew("clear"):
            break
    assert of_type(events, SilentDrew)[0] == SilentDrew("clear")
    assert len(of_type(events, MasterAnglerCaught)) == 1 and trial.discard == [0] * 6
    first, second = run(trial, SilentClear("master_angler")), run(trial, SilentClear("discard_seven"))
    assert len(first[0].players[SILENT].ma_caught) == 2
    seeded = of_type(second[1], DiscardSeeded)
    assert len(seeded[0].colors) == 7 and second[0].clear_in_bag


def test_R12_6_silent_player_presents_its_heaviest_and_you_must_beat_it() -> None:
    sc = scenario(1, tag_points=False).fish(SILENT, ["Pike:3", "Pike:12", "Perch:1"]).fish(0, ["Wrasse:7"])
    s = sc.at_contests().build()
    s, _events = run(s, Present("shore", tuple(s.players[0].fish)))
    heavy = [f for f in s.players[SILENT].fish if s.cards.fish_weight[f] in (12, 1)]
    assert s.players[SILENT].presented[2] == tuple(sorted(heavy))
    assert s.result is not None
    me, silent = s.result
    assert silent.total == 5 + 5 and me.total == 5  # Small Species 5 from setup + Lake 5; your Shore 5
    assert (me.rank, silent.rank) == (2, 1)


def test_R12_6_a_tie_is_a_loss_in_solo() -> None:
    sc = scenario(1, tag_points=False).fish(0, ["Wrasse:7", "Salmon:10"]).fish(SILENT, ["Pike:12"])
    s = sc.at_contests().build()
    wrasse, salmon = s.players[0].fish
    s, _ = run(s, Present("shore", (wrasse,)), Present("river", (salmon,)))
    assert s.result is not None
    me, silent = s.result
    assert me.total == silent.total == 10 and (me.rank, silent.rank) == (2, 1)


def test_R12_1_the_silent_players_setup_tile_is_logged(tmp_path) -> None:
    """Setup threw its events away, so the replay, the score chart and the history each
    re-derived the silent player's Small Species tile. The log's header records it now,
    and a header that says otherwise does not verify."""
    import msgspec

    from cwtui.batch.runner import play_game
    from cwtui.game.logfile import read_log
    from cwtui.game.replaying import ReplayCursor
    from engine.events import TrophyTaken
    from engine.replay import Replay

    _state, path = play_game(GameConfig(seats=(SeatConfig("Solo", "greedy"),), seed=5), tmp_path)
    assert path is not None
    log = read_log(path)
    assert TrophyTaken(1, "small_species", 5) in log.header.setup
    replay = Replay(log)
    assert replay.divergence is None and [seat[0] for seat in ReplayCursor(replay).scores()] == [0, 5]
    forged = msgspec.structs.replace(log.header, setup=(TrophyTaken(1, "small_species", 4),))
    bad = Replay(msgspec.structs.replace(log, header=forged))
    assert bad.divergence is not None and bad.divergence.ply == 0


def _refill_drawing_the_clear_bait(rules: int | None = None):  # -> (State, events)
    """A solo game at the Port whose refill of zone 3 must draw the clear bait: the bag
    holds one green and the clear bait, the discard nine red (back in the bag with it)."""
    sc = scenario(1).board(0, {3: "blue"}).tokens(red=1, yellow=1, green=1).discard("red " * 9)
    s = sc.bag("green", clear=True).build()
    if rules is not None:
        s.rules = rules
    return run(s, PlaceAngler("port"), Refill(3))


def test_R12_5_the_clear_bait_you_draw_refilling_is_the_silent_players_too() -> None:
    """FR p.11: « à chaque fois que l'appât blanc transparent est pioché » — every time,
    your own refill included: a Master Angler card for the silent player, the discard back
    in the bag (R4.5), its second option yours to choose, the clear bait back, and the
    refill goes on."""
    s, events = _refill_drawing_the_clear_bait()
    top = s.players[SILENT].ma_caught[0]
    assert of_type(events, ClearBaitDrawn) == [ClearBaitDrawn(0, 9)]
    assert of_type(events, MasterAnglerCaught) == [MasterAnglerCaught(SILENT, top)]
    assert (s.phase, s.to_act, s.refilling) == (SILENT_CLEAR, 0, 3) and not s.clear_in_bag
    assert legal_moves(s) == [SilentClear("master_angler"), SilentClear("discard_seven")]

    card, events = run(s, SilentClear("master_angler"))
    assert len(card.players[SILENT].ma_caught) == 2 and card.clear_in_bag and card.refilling == 0
    assert sum(card.players[0].board[0]) == 3 and card.phase != SILENT_CLEAR

    seven, events = run(s, SilentClear("discard_seven"))
    assert len(of_type(events, DiscardSeeded)[0].colors) == 7 and len(seven.players[SILENT].ma_caught) == 1
    returned = events.index(ClearBaitReturned())
    assert returned < events.index(of_type(events, BaitDrawn)[-1])  # back before the refill goes on
    assert sum(seven.players[0].board[0]) == 3 and seven.refilling == 0


def test_R12_5_ruling_with_the_deck_empty_your_refill_draws_seven_for_it() -> None:
    sc = scenario(1).board(0, {3: "blue"}).tokens(red=1, yellow=1, green=1).discard("red " * 9)
    s = sc.bag("green", clear=True).build()
    s.ma_deck = []
    s, events = run(s, PlaceAngler("port"), Refill(3))
    assert not of_type(events, MasterAnglerCaught) and len(of_type(events, DiscardSeeded)[0].colors) == 7
    assert s.phase != SILENT_CLEAR and sum(s.players[0].board[0]) == 3 and s.clear_in_bag


def test_R12_5_a_game_begun_before_the_ruling_keeps_R4_5_alone() -> None:
    """A log keeps the rulings of the format it was begun in (engine.log_types): games
    recorded before format 5 drew the clear bait in your refill as R4.5 alone, and replay
    as they were played."""
    from pathlib import Path

    from cwtui.game.logfile import read_log
    from engine.log_types import SOLO_REFILL_CLEAR_FROM
    from engine.replay import Replay

    s, events = _refill_drawing_the_clear_bait(rules=SOLO_REFILL_CLEAR_FROM - 1)
    assert of_type(events, ClearBaitDrawn) and not of_type(events, MasterAnglerCaught) and s.clear_in_bag
    old = read_log(Path(__file__).parents[1] / "fixtures" / "format4" / "sim-1p-101.jsonl")
    refills = [p for p in old.plies if isinstance(p.move, Refill) and of_type(list(p.events), ClearBaitDrawn)]
    assert old.format == 4 and refills  # the case arose in it
    assert Replay(old).divergence is None
