"""The replay list and the Replay screen: snapshots of each state and dialog, and Pilot
tests for every scrubbing key and for playing on from a position.

Accept new or changed SVGs only after looking at them (../shared/tools/svg2png).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from app_helpers import make_app, settle
from helpers import reseal, seen_record
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, Select
from textual.widgets._footer import FooterKey

from cwtui.game import hint as hint_service
from cwtui.game.replaying import SeenCursor, open_replay
from cwtui.navigation import ShowResults
from cwtui.screens.play.play import PlayScreen
from cwtui.screens.replay.replay import ReplayScreen
from cwtui.screens.replay.review_bar import ReviewBar
from cwtui.screens.replay_list.replay_list import ReplayListScreen
from cwtui.screens.results.results import ResultsScreen
from cwtui.widgets.move_list import MoveList
from engine.bots.judge import Weighed
from engine.cards import Cards
from engine.moves import Move
from engine.view import View

SIZES = [(80, 24), (140, 40)]
GOLDEN = Path(__file__).parents[1] / "golden"
SAMPLE = Path(__file__).parents[2] / "replays" / "samples" / "sim-2p-2026.jsonl"


@pytest.fixture
def saved(replays: Path) -> Path:
    """The golden logs in the replays folder, with fixed modification times (the list's order)."""
    replays.mkdir()
    for i, log in enumerate(sorted(GOLDEN.glob("*.jsonl"))):
        shutil.copy(log, replays / log.name)
        os.utime(replays / log.name, (1_800_000_000 + i * 60, 1_800_000_000 + i * 60))
    return replays


def opener(path: Path, *keys: str):  # -> run_before
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.app.push_screen(ReplayScreen(open_replay(path), path))
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
        await pilot.pause()

    return run_before


def position(app: object) -> int:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, ReplayScreen)
    return screen.cursor.position


# Snapshots ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_replay_list(snap_compare, saved: Path, size) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("o")
        await settle(pilot)

    assert snap_compare(make_app(saved), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_replay_start(snap_compare, saved: Path, size) -> None:
    assert snap_compare(make_app(saved), terminal_size=size, run_before=opener(saved / "sim-2p-202.jsonl"))


@pytest.mark.parametrize("size", SIZES)
def test_replay_middle(snap_compare, saved: Path, size) -> None:
    keys = ["pagedown"] * 25 + ["right"] * 3
    assert snap_compare(make_app(saved), terminal_size=size, run_before=opener(saved / "sim-3p-303.jsonl", *keys))


@pytest.mark.parametrize("size", SIZES)
def test_replay_end(snap_compare, saved: Path, size) -> None:
    assert snap_compare(make_app(saved), terminal_size=size, run_before=opener(saved / "sim-2p-202.jsonl", "end"))


@pytest.mark.parametrize("size", SIZES)
def test_replay_seat_view(snap_compare, saved: Path, size) -> None:
    keys = ["pagedown"] * 25 + ["right"] * 3 + ["v", "v"]  # the full view, then seat 0, then seat 1
    assert snap_compare(make_app(saved), terminal_size=size, run_before=opener(saved / "sim-3p-303.jsonl", *keys))


@pytest.mark.parametrize("size", SIZES)
def test_replay_chart(snap_compare, saved: Path, size) -> None:
    keys = ["pagedown"] * 40 + ["c"]
    assert snap_compare(make_app(saved), terminal_size=size, run_before=opener(saved / "sim-4p-404.jsonl", *keys))


@pytest.mark.parametrize("size", SIZES)
def test_replay_diverged(snap_compare, saved: Path, size) -> None:
    lines = (saved / "sim-2p-202.jsonl").read_bytes().splitlines(keepends=True)
    lines[51] = lines[51].replace(b'"turn":', b'"turn":9', 1)
    (saved / "diverged.jsonl").write_bytes(b"".join(reseal(lines)))  # only the replay can tell
    assert snap_compare(make_app(saved), terminal_size=size, run_before=opener(saved / "diverged.jsonl", "end"))


@pytest.mark.parametrize("size", SIZES)
def test_replay_goto_dialog(snap_compare, saved: Path, size) -> None:
    assert snap_compare(make_app(saved), terminal_size=size, run_before=opener(saved / "sim-2p-202.jsonl", "g"))


@pytest.mark.parametrize("size", SIZES)
def test_replay_fork_dialog(snap_compare, saved: Path, size) -> None:
    keys = ["pagedown"] * 10 + ["f"]
    assert snap_compare(make_app(saved), terminal_size=size, run_before=opener(saved / "sim-4p-404.jsonl", *keys))


def seen_opener(path: Path, viewer: int | None, *keys: str):  # -> run_before
    """The replay a game server's client gets at the end (helpers.seen_record)."""

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.app.push_screen(ReplayScreen(seen_record(path, viewer)))
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_replay_of_a_servers_game(snap_compare, saved: Path, size) -> None:
    """As test_replay_seat_view's seat 1 sees the same position; the status names the
    room, and the footer offers no other view and no playing on."""
    keys = ["pagedown"] * 25 + ["right"] * 3
    assert snap_compare(
        make_app(saved), terminal_size=size, run_before=seen_opener(saved / "sim-3p-303.jsonl", 1, *keys)
    )


# Pilot --------------------------------------------------------------------------------


async def test_a_servers_game_replays_one_view_and_its_results(saved: Path) -> None:
    """v and f do nothing on a server's game (one view; no log here), r shows its
    results, and the table is the viewer's View at every position."""
    path = saved / "sim-2p-202.jsonl"
    app = make_app(saved)
    async with app.run_test(size=(120, 40)) as pilot:
        await seen_opener(path, None)(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and isinstance(screen.cursor, SeenCursor)
        assert screen.perspective is None and screen.full is None
        footer = {key.key for key in screen.query(FooterKey)}
        assert "right" in footer and "v" not in footer and "f" not in footer
        await pilot.press("pagedown", "pagedown", "v", "f")
        await settle(pilot)
        assert app.screen is screen and screen.perspective is None and screen.cursor.position > 0
        assert "view: a spectator" in screen.query_one("#status").render_line(0).text
        await pilot.press("end", "r")
        await settle(pilot)
        results = app.screen
        assert isinstance(results, ResultsScreen) and results.watching
        assert results.result == open_replay(path).final.result
        await pilot.press("w")
        await settle(pilot)
        assert app.screen is screen


async def test_a_log_that_does_not_verify_offers_no_review(saved: Path) -> None:
    """`cwtui review` refuses a log that does not replay (ReviewError), so R is not in
    the footer there; playing on from a good move and the hint still are."""
    lines = (saved / "sim-2p-202.jsonl").read_bytes().splitlines(keepends=True)
    lines[51] = lines[51].replace(b'"turn":', b'"turn":9', 1)
    path = saved / "diverged.jsonl"
    path.write_bytes(b"".join(reseal(lines)))
    app = make_app(saved)
    async with app.run_test(size=(140, 40)) as pilot:
        await opener(path)(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.full is not None
        assert screen.full.replay.divergence is not None
        footer = {key.key for key in screen.query(FooterKey)}
        assert "R" not in footer and "f" in footer
        assert not screen.check_action("review", ()) and screen.check_action("hint", ())
        await pilot.press("R")
        await settle(pilot)
        assert screen.query_one(ReviewBar).running is None and screen.graded is None


async def test_every_scrub_key(saved: Path) -> None:
    path = saved / "sim-3p-303.jsonl"
    app = make_app(saved)
    async with app.run_test(size=(140, 40)) as pilot:
        await app.push_screen(ReplayScreen(open_replay(path), path))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        cursor = screen.cursor
        menu = screen.query_one("#move-list", MoveList)

        async def press(*keys: str) -> int:
            await pilot.press(*keys)
            await pilot.pause()
            assert menu.highlighted == cursor.position  # the current move is highlighted
            return cursor.position

        assert await press("right") == 1
        assert await press("right", "right") == 3
        assert await press("left") == 2
        turn2 = cursor.turn_starts[1]
        assert await press("home") == 0
        assert await press("shift+right") == turn2
        assert await press("pagedown") == cursor.turn_starts[2]
        assert await press("shift+left") == turn2
        assert await press("pageup") == 0
        assert await press("end") == cursor.end
        assert await press("home", "n") == cursor.lines.index(next(x for x in cursor.lines if x.catch)) + 1
        first_trophy = next(x for x in cursor.lines if x.trophy).ply + 1
        assert await press("home", "t") == first_trophy
        assert await press("t", "T") == first_trophy
        here = await press("n", "n")
        assert await press("N") < here
        assert await press("g", *"123", "enter") == 123
        assert await press("down", "down") == 125  # moving in the list moves the replay
        await pilot.click("#move-list", offset=(10, 2))
        await pilot.pause()
        assert cursor.position != 125 and menu.highlighted == cursor.position
        await press("home")
        await press("plus", "plus", "plus")  # 16 moves a second
        # autoplay: the timer moves the cursor and the draw follows when it can, so the
        # highlight is checked once it has stopped
        await pilot.press("space")
        await pilot.pause(0.6)
        await press("space")
        moved = cursor.position
        assert moved > 3
        await pilot.pause(0.3)
        assert cursor.position == moved  # paused
        views = []
        for _ in range(4):
            await press("v")
            views.append(screen.perspective)
        assert views == [0, 1, 2, -1]  # each seat, then everything again
        await press("escape")
        assert not isinstance(app.screen, ReplayScreen)


async def test_goto_refuses_a_ply_out_of_range(saved: Path) -> None:
    path = saved / "sim-1p-101.jsonl"
    app = make_app(saved)
    async with app.run_test(size=(140, 40)) as pilot:
        await app.push_screen(ReplayScreen(open_replay(path), path))
        await pilot.press("g", *"9999", "enter")
        await pilot.pause()
        assert app.screen.query_one("#ply", Input)  # the dialog stays open
        await pilot.press("escape")
        assert position(app) == 0


async def test_play_from_here_forks_a_game_that_verifies(saved: Path) -> None:
    path = saved / "sim-2p-202.jsonl"
    before = path.read_bytes()
    app = make_app(saved)
    async with app.run_test(size=(140, 40)) as pilot:
        await app.push_screen(ReplayScreen(open_replay(path), path))
        await pilot.press("end", *["pageup"] * 3, "f")
        await pilot.pause()
        fork_at = app.screen_stack[-2].cursor.position  # type: ignore[attr-defined]
        app.screen.query_one("#kind-0", Select).value = "random"
        app.screen.query_one("#kind-1", Select).value = "greedy"
        await pilot.click("#play")
        await settle(pilot)
        for _ in range(50):
            if isinstance(app.screen, ResultsScreen):
                break
            await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        fork_path = app.screen.path
    assert fork_path is not None and fork_path != path
    fork = open_replay(fork_path)
    assert fork.divergence is None and fork.log.footer is not None
    assert fork.log.header.parent is not None and fork.log.header.parent.ply == fork_at
    assert [s.kind for s in fork.log.header.config.seats] == ["random", "greedy"]
    assert path.read_bytes() == before


async def test_results_screen_opens_its_replay(saved: Path) -> None:
    path = saved / "sim-2p-202.jsonl"
    replay = open_replay(path)
    app = make_app(saved)
    async with app.run_test(size=(140, 40)) as pilot:
        results = ShowResults.of(replay.final, [s.name for s in replay.final.seats], path, watching=False)
        await app.push_screen(ResultsScreen(results.final, results.scores, results.cards, results.names, results.path))
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.cursor.end == replay.good_plies


async def test_open_a_replay_from_the_list(saved: Path) -> None:
    app = make_app(saved)
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.press("o")
        await settle(pilot)
        await pilot.press("ctrl+f", *"303")  # filter to the seed-303 game
        await settle(pilot)
        assert "1 of 4 games match — Enter opens it." in str(app.screen.query_one("#count").render())
        await pilot.press("tab", "enter")  # in the list
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.cursor.title == "replay of sim-3p-303"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_enter_in_the_filter_opens_the_game_it_found(saved: Path, size) -> None:
    """The line under the list says "Enter opens one", but Enter in the filter only moved
    to the list (issue 52.11): it opens the highlighted game, the first that matches;
    with none matching it opens nothing, and the line says so."""
    app = make_app(saved)
    async with app.run_test(size=size) as pilot:
        await pilot.press("o")
        await settle(pilot)
        await pilot.press(*"303", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen) and app.screen.cursor.title == "replay of sim-3p-303"
        await pilot.press("escape", "ctrl+f", "ctrl+u", *"nothing like it", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ReplayListScreen)
        assert "None of 4 games matches." in str(app.screen.query_one("#count").render())


async def test_typing_in_the_list_filters_without_ctrl_f(saved: Path) -> None:
    """The list says "type to filter": letters typed there go to the filter."""
    app = make_app(saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await settle(pilot)
        await pilot.press(*"303")
        await settle(pilot)
        assert str(app.screen.query_one("#filter", Input).value) == "303"
        assert "1 of 4 games match" in str(app.screen.query_one("#count").render())


async def test_the_list_filters_by_either_name_of_the_easy_bot(saved: Path) -> None:
    """Issue 35.11: the list shows "Bo (easy)"; "easy" and the logs' "greedy" both find
    its games (all four samples here have an easy seat; two have a random one)."""
    app = make_app(saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await settle(pilot)
        for word in ("easy", "greedy"):
            await pilot.press("ctrl+f", "ctrl+u", *word)
            await settle(pilot)
            assert str(app.screen.query_one("#count").render()).startswith("4 games in"), word
        await pilot.press("ctrl+u", *"random")
        await settle(pilot)
        assert "2 of 4 games match" in str(app.screen.query_one("#count").render())


async def test_leaving_a_fork_comes_back_to_its_replay(saved: Path) -> None:
    """Issue 35.10: q in a game played on from a replay went home (from `cwtui replay
    FILE`) or to the list: the game replaced the replay. It is played over it, and q comes
    back to the replay where the player left it."""
    path = saved / "sim-2p-202.jsonl"
    app = make_app(saved)
    async with app.run_test(size=(140, 40)) as pilot:
        await app.push_screen(ReplayScreen(open_replay(path), path))
        await pilot.press("pagedown", "f")
        await pilot.pause()
        replay = app.screen_stack[-2]
        assert isinstance(replay, ReplayScreen)
        at = replay.cursor.position
        app.screen.query_one("#kind-0", Select).value = "human"
        await pilot.click("#play")
        await settle(pilot)
        assert isinstance(app.screen, PlayScreen) and app.screen.options
        await pilot.press("q")
        await settle(pilot)
        assert app.screen is replay and replay.cursor.position == at


async def test_results_over_a_replay_go_back_to_it(saved: Path) -> None:
    """The replay's results screen used to stand on an invented unlogged session, so `w`
    said "This game was not saved" while the player was watching that very game."""
    path = saved / "sim-2p-202.jsonl"
    app = make_app(saved)
    async with app.run_test(size=(140, 40)) as pilot:
        await app.push_screen(ReplayScreen(open_replay(path), path))
        replay = app.screen
        await pilot.press("end", "r")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen) and app.screen.path == path
        await pilot.press("w")
        await pilot.pause()
        assert app.screen is replay


def lines_of(widget: Widget) -> list[str]:
    return [widget.render_line(y).text for y in range(widget.size.height)]


async def replaying(pilot: Pilot[None], path: Path) -> ReplayScreen:
    """The replay of `path`, open (its hints searched untimed)."""
    await pilot.app.push_screen(ReplayScreen(open_replay(path), path))
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


async def test_the_board_names_every_fish_whole_at_120x40(saved: Path) -> None:
    """At 120×40 the seats' column took 44 columns and left the board 76, four short of
    five zone cards as wide as "Rainbow Trout": it read "Rainbow Tro…" (issue 52.9)."""
    path = saved / "sim-2p-202.jsonl"
    app = make_app(saved)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await replaying(pilot, path)
        for position in range(0, screen.cursor.end, 25):
            screen.go(position)
            await pilot.pause()
            board = lines_of(screen.query_one("#board"))
            assert not [line for line in board if "…" in line], (position, board)


def weighed_longest_first(seen: View, moves: list[Move], cards: Cards) -> list[Weighed]:
    """A hint that names the longest moves, the others giving up points (the judge's
    rollouts take a while)."""
    why = (("lake_contest", 2.5),)
    return [
        Weighed(move, 12.5 if k else 0.0, why if k else ())
        for k, move in enumerate(sorted(moves, key=lambda m: -len(repr(m)))[:3])
    ]


async def test_a_hint_is_never_cut_from_this_move(replays: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 120×40 a contest's long move and a hint asked after it did not fit This move,
    which cut the hint: "… Hint: the hard bo…" (issue 52.9; the hint is now the judge's). The move is cut (the move
    list holds it whole), never the hint."""
    monkeypatch.setattr(hint_service, "weigh", weighed_longest_first)  # the one hint the replay asks
    replays.mkdir()
    path = replays / SAMPLE.name
    shutil.copy(SAMPLE, path)
    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await replaying(pilot, path)
        screen.go(220)  # the Shore's contest: presentations, totals, two trophies
        await pilot.pause()
        await pilot.press("h")
        await settle(pilot)
        said = screen.hints.line(screen.cursor, screen.speaks_of)
        assert said is not None
        shown = " ".join(" ".join(lines_of(screen.query_one("#this-move"))).split())
        assert " ".join(said.plain.split()) in shown
        assert shown.startswith(screen.cursor.describe(219, screen.perspective)[:20])  # the move, cut


async def test_autoplay_moves_the_replay_by_messages_and_not_once_stopped(saved: Path) -> None:
    """Issue 55: autoplay is a widget of the replay screen that posts Go and Changed (it
    holds no screen); a Go it posted before a key stopped it is not played."""
    from cwtui.screens.replay.autoplay import Autoplay

    app = make_app(saved)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await replaying(pilot, saved / "sim-2p-202.jsonl")
        autoplay = screen.query_one("#autoplay", Autoplay)
        assert not hasattr(autoplay, "owner") and autoplay.cursor is screen.cursor
        await pilot.press("space")
        await pilot.pause(0.8)
        assert autoplay.playing and screen.cursor.position > 0
        assert "playing" in screen.query_one("#status").render_line(0).text
        await pilot.press("space")
        await pilot.pause()
        stopped = screen.cursor.position
        autoplay.post_message(Autoplay.Go(stopped + 5))  # as if a tick had come just before the key
        await pilot.pause(0.3)
        assert screen.cursor.position == stopped and not autoplay.playing
        assert "paused" in screen.query_one("#status").render_line(0).text


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_replay_list_fits_its_width_and_says_the_highlighted_game_whole(saved: Path, size) -> None:
    """Issue 67, a whole-game read: at 80 columns the seats ran off the list's right edge
    uncut, and the file column with them, out of sight. The seats are cut with "…" to
    the room there is, and the line under the list says the highlighted game's file and
    seats whole."""
    from rich.text import Text
    from textual.widgets import DataTable, Static

    app = make_app(saved)
    async with app.run_test(size=size) as pilot:
        await pilot.press("o")
        await settle(pilot)
        table = app.screen.query_one("#games", DataTable)
        assert table.virtual_size.width <= table.size.width  # nothing past the edge
        for r in range(table.row_count):
            seats = table.get_row_at(r)[-1]
            assert isinstance(seats, Text) and seats.cell_len <= list(table.columns.values())[-1].width
        await pilot.press("down", "down")
        await settle(pilot)
        said = app.screen.query_one("#highlighted", Static).render()
        assert str(said) == "replays/sim-2p-202.jsonl · Ana (easy), Bo (random)"
