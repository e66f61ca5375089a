"""Snapshots of every screen and dialog, at 80×24 and at 140×40.

Accept new or changed SVGs only after looking at them (../shared/tools/svg2png renders
them to PNG): `pytest tests/app/test_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import make_app, settle
from textual.pilot import Pilot
from textual.widgets import Input

from cwtui.game.session import GameSession
from cwtui.screens.play.play import PlayScreen
from engine import SeatConfig, apply, legal_moves
from engine.moves import Catch, PlaceAngler, Present, RemoveAngler
from engine.scenario import Scenario
from engine.setup import set_up
from engine.state import State

SIZES = [(80, 24), (140, 40)]
DUO = (SeatConfig("Laurence", "human"), SeatConfig("Nils", "greedy"))


def open_play(state: State):  # -> run_before callback
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.app.push_screen(PlayScreen(GameSession.unlogged(state), pilot.app.settings))
        await settle(pilot)

    return run_before


def mid_game() -> Scenario:
    """Laurence mid-game: Master Anglers part-filled, tackle in hand, fish caught."""
    sc = Scenario(seats=DUO, seed=11)
    sc.board(0, {3: "red purple", 4: "blue black black", 5: "green green yellow red", 6: "red blue"})
    sc.master_anglers(0, [12, 19], filled={12: [0], 19: [1, 2]}).tackle(0, ["rod", "line", "lure"])
    sc.fish(0, ["Pike:9", "Perch:2", "Salmon:7"]).fish(1, ["Wrasse:4", "Roach:1"])
    return sc.tokens(hand={0: 2}, red=1, yellow=2, port=1)


@pytest.mark.parametrize("size", SIZES)
def test_home(snap_compare, replays: Path, size) -> None:
    assert snap_compare(make_app(replays), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game(snap_compare, replays: Path, size) -> None:
    assert snap_compare(make_app(replays), press=["n"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game_bot_levels(snap_compare, replays: Path, size) -> None:
    """Seat 2's picker open: human, or a bot by difficulty."""
    assert snap_compare(make_app(replays), press=["n", "tab", "tab", "tab", "enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_play_at_the_start(snap_compare, replays: Path, size) -> None:
    assert snap_compare(make_app(replays, seed=77), press=["n", "ctrl+s"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_play_mid_game(snap_compare, replays: Path, size) -> None:
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play(mid_game().build()))


@pytest.mark.parametrize("size", [(120, 40), (200, 50)])
def test_play_mid_game_roomier(snap_compare, replays: Path, size) -> None:
    """120×40 shows every panel at once; 200×50 spreads out (deck contents, more log)."""
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play(mid_game().build()))


def test_play_light_theme(snap_compare, replays: Path) -> None:
    """The light theme: every chip (bait, slots, tags, locations, marks) keeps its own
    colors, and the text is the theme's."""

    async def run_before(pilot: Pilot[None]) -> None:
        pilot.app.theme = "textual-light"
        await open_play(mid_game().build())(pilot)
        await pilot.press("1")  # a move, for the last-move marks
        await settle(pilot)

    assert snap_compare(make_app(replays), terminal_size=(120, 40), run_before=run_before)


@pytest.mark.parametrize("tab", ["f3", "f4", "f5", "f6"])
def test_play_compact_tabs(snap_compare, replays: Path, tab: str) -> None:
    """80×24: the trophies, your panel, the other seats and the log, each the whole width."""
    assert snap_compare(
        make_app(replays), terminal_size=(80, 24), run_before=open_play(mid_game().build()), press=[tab]
    )


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_play_last_move_marked(snap_compare, replays: Path, size) -> None:
    """After Laurence's placement on purple: the space, the zones that lost bait and the
    Master Angler slot it filled are marked; u is offered (nothing was drawn)."""
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play(mid_game().build()), press=["1"])


@pytest.mark.parametrize("size", SIZES)
def test_play_since_your_last_move(snap_compare, replays: Path, size) -> None:
    """Laurence's next turn, after Nils's: what Nils did, in two lines at 80×24 too."""

    assert snap_compare(make_app(replays), terminal_size=size, run_before=others_moved_since)


@pytest.mark.parametrize("size", SIZES)
def test_play_since_whole(snap_compare, replays: Path, size) -> None:
    """F7: what the others did since Laurence's last turn, whole, over the table."""

    async def run_before(pilot: Pilot[None]) -> None:
        await others_moved_since(pilot)
        await pilot.press("f7")
        await pilot.pause()

    assert snap_compare(make_app(replays), terminal_size=size, run_before=run_before)


async def others_moved_since(pilot: Pilot[None]) -> None:
    await open_play(mid_game().build())(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, PlayScreen)
    while not any(ply.seat == 1 for ply in screen.session.history) or not screen.options:
        await pilot.press("1")
        await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_decision_port_options(snap_compare, replays: Path, size) -> None:
    state, _ = apply(mid_game().build(), PlaceAngler("purple"))  # step 1 done; now the Port's 1
    state, _ = apply(state, RemoveAngler("port"))
    assert state.phase == "port"
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play(state))


@pytest.mark.parametrize("size", SIZES)
def test_decision_bait_destination(snap_compare, replays: Path, size) -> None:
    state, _ = apply(mid_game().build(), PlaceAngler("blue"))
    assert state.phase == "bait"
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play(state))


@pytest.mark.parametrize("size", SIZES)
def test_decision_catch_with_rod_and_line(snap_compare, replays: Path, size) -> None:
    sc = mid_game().board(0, {3: "purple", 4: "blue black black"})
    state, _ = apply(sc.build(), PlaceAngler("purple"))
    assert state.phase == "catch" and any(isinstance(m, Catch) and m.rod for m in state._legal or [])
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play(state))


@pytest.mark.parametrize("size", SIZES)
def test_decision_zone_6_deck_top(snap_compare, replays: Path, size) -> None:
    sc = mid_game().board(0, {6: "black"}).tackle(0, []).master_anglers(0, [])
    state, _ = apply(sc.build(), PlaceAngler("black"))
    assert state.phase == "catch"
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play(state))


@pytest.mark.parametrize("size", SIZES)
def test_decision_contest_presentation(snap_compare, replays: Path, size) -> None:
    sc = Scenario(seats=DUO, seed=11).fish(0, ["Pike:9", "Pike:4", "Perch:2", "Sea Trout:6", "Wrasse:4"])
    state = sc.fish(1, ["Pike:12"]).at_contests().build()
    state, _ = apply(state, Present("shore", tuple(state.players[0].fish[-1:])))
    assert state.phase == "present"
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play(state))


@pytest.mark.parametrize("size", SIZES)
def test_hot_seat_handover(snap_compare, replays: Path, size) -> None:
    seats = (SeatConfig("Laurence"), SeatConfig("Nils"))
    state = Scenario(seats=seats, seed=3).build()
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play(state))


def finished() -> State:
    """Laurence and Nils at the end: the contests presented (each their heaviest fish)."""
    sc = Scenario(seats=DUO, seed=11).fish(0, ["Pike:9", "Perch:2", "Wrasse:4", "Salmon:7"])
    sc.fish(1, ["Pike:12", "Mackerel:6", "Roach:1"]).master_anglers_caught(1, [3]).trophy(0, "first_to_8_species")
    state = sc.at_contests().build()
    while not state.over:
        weight = state.cards.fish_weight
        state, _events = apply(state, max(legal_moves(state), key=lambda m: sum(weight[f] for f in m.fish)))
    return state


@pytest.mark.parametrize("size", SIZES)
def test_results(snap_compare, replays: Path, size) -> None:
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play(finished()))


@pytest.mark.parametrize("size", SIZES)
def test_play_last_round(snap_compare, replays: Path, size) -> None:
    """The status bar in the last round (R9.2): how many turns are left."""
    state = mid_game().build()
    state.end_trigger, state.final_turns = 1, 1  # Nils's turn triggered the end: Laurence's is the last
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play(state))


@pytest.mark.parametrize("size", SIZES)
def test_command_palette(snap_compare, replays: Path, size) -> None:
    """Ctrl+P at the table: the screen's keys by name (undo, hint, scores, pause…) among the app's
    commands, as Textual sorts them (by name)."""

    async def run_before(pilot: Pilot[None]) -> None:
        await open_play(mid_game().build())(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False  # still, for the snapshot
        await pilot.pause(0.3)  # the commands are gathered in a worker

    assert snap_compare(make_app(replays), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, replays: Path, size) -> None:
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play(mid_game().build()), press=["f1"])


def test_too_small(snap_compare, replays: Path) -> None:
    assert snap_compare(make_app(replays), terminal_size=(70, 20))


def unfinished_log(replays: Path) -> None:
    """An unfinished game with a fixed creation stamp, as if left mid-game."""
    from cwtui.game.logfile import LogWriter
    from engine import GameConfig, new_game
    from engine.cards import load_cards
    from engine.log import header_for, ply_record

    config = GameConfig(seats=DUO, seed=99)
    cards = load_cards()
    header = header_for(config, cards.hash, "game-x", "2026-11-20T18:30:00+00:00", setup=set_up(config, cards)[1])
    state = new_game(config, cards)
    with LogWriter.create(replays / "game-x.jsonl", header) as writer:
        for _ in range(12):
            move = legal_moves(state)[-1]
            after, events = apply(state, move)
            writer.record(ply_record(state, move, events))
            state = after


@pytest.mark.parametrize("size", SIZES)
def test_resume_list(snap_compare, replays: Path, size) -> None:
    unfinished_log(replays)
    assert snap_compare(make_app(replays), press=["r"], terminal_size=size)


def open_play_and_hint(state: State):  # -> run_before callback
    async def run_before(pilot: Pilot[None]) -> None:
        await open_play(state)(pilot)
        await pilot.press("h")
        await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_play_hint(snap_compare, replays: Path, size) -> None:
    """h: the hard bot's top three options with their estimated win rates."""
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play_and_hint(mid_game().build()))
