"""The History screen: snapshots of its states and dialogs, and Pilot tests that type,
run, cancel and export queries.

Accept new or changed SVGs only after looking at them (../shared/tools/svg2png).
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import duckdb
import pytest
from app_helpers import make_app
from textual.pilot import Pilot
from textual.widgets import ContentSwitcher, DataTable, OptionList, Static, TabbedContent, TextArea, Tree

from cwtui.history.ready_queries import READY
from cwtui.history.recent_queries import FILE_NAME
from cwtui.screens.history.history import HistoryScreen

SIZES = [(80, 24), (140, 40)]
SLOW_SQL = "SELECT sum(a.range * b.range) FROM range(100000000) a, range(100000) b"


@pytest.fixture
def history_replays(replays: Path, sim_logs: Path) -> Path:
    """The replays folder (relative to the test's own cwd) holding the simulated games."""
    shutil.copytree(sim_logs, replays)
    return replays


async def open_history(pilot: Pilot[None]) -> HistoryScreen:
    await pilot.press("h")
    await wait_idle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, HistoryScreen)
    return screen


async def wait_idle(pilot: Pilot[None]) -> None:
    """Until the screen's workers are done and their messages handled (a query runs in
    a process of its own, which takes a moment to start)."""
    for _ in range(600):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        screen = pilot.app.screen
        if not any(w.is_running for w in pilot.app.workers) and getattr(screen, "running", None) is None:
            return
        await pilot.pause(0.05)
    raise AssertionError("the history screen never became idle")


def status(screen: HistoryScreen) -> str:
    return str(screen.query_one("#status", Static).render())


async def set_sql(pilot: Pilot[None], screen: HistoryScreen, sql: str) -> None:
    editor = screen.query_one("#editor", TextArea)
    editor.focus()
    editor.load_text("")
    await pilot.press(*[{" ": "space", "\n": "enter"}.get(ch, ch) for ch in sql])


async def run_ready(pilot: Pilot[None], title: str) -> None:
    await pilot.press("f2")
    index = next(i for i, q in enumerate(READY) if q.title == title)
    pilot.app.screen.query_one("#ready-list", OptionList).highlighted = index
    await pilot.press("enter")
    await wait_idle(pilot)


# Snapshots ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_history_empty(snap_compare, replays: Path, size) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await open_history(pilot)

    assert snap_compare(make_app(replays), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_history_with_results(snap_compare, history_replays: Path, size) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await open_history(pilot)
        await run_ready(pilot, "Win rate by bot")

    assert snap_compare(make_app(history_replays), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_history_with_an_error(snap_compare, history_replays: Path, size) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        screen = await open_history(pilot)
        await set_sql(pilot, screen, "SELECT winner, count(*) FROM gmaes GROUP BY 1")
        await pilot.press("f5")
        await wait_idle(pilot)

    assert snap_compare(make_app(history_replays), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_history_chart(snap_compare, history_replays: Path, size) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await open_history(pilot)
        await run_ready(pilot, "Score distribution")
        await pilot.press("f6")
        await pilot.pause()

    assert snap_compare(make_app(history_replays), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_history_schema(snap_compare, history_replays: Path, size) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await open_history(pilot)
        await pilot.press("f3", "down", "space")  # open the first table
        await pilot.pause()

    assert snap_compare(make_app(history_replays), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_history_export_dialog(snap_compare, history_replays: Path, size, monkeypatch) -> None:
    monkeypatch.setattr("cwtui.screens.history.history.export_stamp", lambda: "20261122-120000")

    async def run_before(pilot: Pilot[None]) -> None:
        await open_history(pilot)
        await run_ready(pilot, "Game length")
        await pilot.press("f7")
        await pilot.pause()

    assert snap_compare(make_app(history_replays), terminal_size=size, run_before=run_before)


# Pilot --------------------------------------------------------------------------------


async def test_type_a_query_and_run_it(history_replays: Path) -> None:
    app = make_app(history_replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_history(pilot)
        assert "8 games in the history" in status(screen)
        await set_sql(pilot, screen, "SELECT game, players FROM games\nORDER BY game")
        await pilot.press("f5")
        await wait_idle(pilot)
        table = screen.query_one("#table", DataTable)
        assert table.row_count == 8 and len(table.columns) == 2
        assert status(screen) == "8 rows"
        assert screen.query_one("#output", ContentSwitcher).current == "table"


async def test_a_large_result_is_cut_at_500_rows(history_replays: Path) -> None:
    app = make_app(history_replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_history(pilot)
        await set_sql(pilot, screen, "SELECT * FROM events")
        await pilot.press("ctrl+r")
        await wait_idle(pilot)
        assert screen.query_one("#table", DataTable).row_count == 500
        assert status(screen).startswith("500 of >500 rows")


async def test_an_error_is_shown_inline_and_the_screen_goes_on(history_replays: Path) -> None:
    app = make_app(history_replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_history(pilot)
        await set_sql(pilot, screen, "DELETE FROM games")
        await pilot.press("f5")
        await wait_idle(pilot)
        assert screen.query_one("#output", ContentSwitcher).current == "error"
        assert "read-only" in str(screen.query_one("#error", Static).render())
        await set_sql(pilot, screen, "SELECT count(*) FROM games")
        await pilot.press("f5")
        await wait_idle(pilot)
        assert screen.query_one("#output", ContentSwitcher).current == "table"


async def test_cancel_a_running_query(history_replays: Path) -> None:
    app = make_app(history_replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_history(pilot)
        await set_sql(pilot, screen, SLOW_SQL)
        await pilot.press("f5")
        for _ in range(100):  # until DuckDB is at work
            await pilot.pause(0.02)
            if screen.running is not None:
                break
        assert screen.running is not None
        await pilot.press("f3")  # the screen stays live while the query runs
        assert screen.query_one("#sidebar", TabbedContent).active == "schema"
        await pilot.pause(0.5)  # deep in the query
        pressed = time.perf_counter()
        await pilot.press("escape")
        await wait_idle(pilot)
        assert time.perf_counter() - pressed < 1.0  # Esc stops any query within a second
        assert screen.running is None
        assert status(screen).startswith("Cancelled")
        assert app.screen is screen  # Esc cancelled; it did not leave the screen
        await pilot.press("escape")
        assert app.screen is not screen


async def test_export_the_whole_result(history_replays: Path) -> None:
    app = make_app(history_replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_history(pilot)
        await set_sql(pilot, screen, "SELECT * FROM moves")
        await pilot.press("f5")
        await wait_idle(pilot)
        for fmt in ("csv", "parquet"):
            await pilot.press("f7")
            await pilot.pause()
            dialog = app.screen
            if fmt == "parquet":
                dialog.query_one("#parquet").value = True
                await pilot.pause()
            path = Path(dialog.query_one("#path").value)
            assert path.suffix == "." + fmt
            await pilot.press("enter")
            await wait_idle(pilot)
            assert app.screen is screen
            reader = "read_csv" if fmt == "csv" else "read_parquet"
            exported = duckdb.execute(f"SELECT count(*) FROM {reader}('{path}')").fetchone()
            con = duckdb.connect(str(history_replays / "history.duckdb"), read_only=True)
            assert exported == con.execute("SELECT count(*) FROM moves").fetchone()  # all rows, not 500
            con.close()


async def test_ready_questions_and_past_queries(history_replays: Path) -> None:
    app = make_app(history_replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_history(pilot)
        await run_ready(pilot, "Game length")
        assert screen.query_one("#editor", TextArea).text == next(q.sql for q in READY if q.title == "Game length")
        assert screen.query_one("#table", DataTable).row_count >= 4
    assert (history_replays / FILE_NAME).exists()
    again = make_app(history_replays)  # past queries survive a restart
    async with again.run_test(size=(140, 40)) as pilot:
        screen = await open_history(pilot)
        await pilot.press("f4")
        past = screen.query_one("#past-list", OptionList)
        assert past.option_count == 1
        past.highlighted = 0
        await pilot.press("enter")
        await wait_idle(pilot)
        assert screen.query_one("#table", DataTable).row_count >= 4


async def test_undo_after_choosing_a_ready_question_brings_back_the_draft(history_replays: Path) -> None:
    """Choosing a question puts its SQL in the editor as an edit of its own: Ctrl+Z
    gives back the query being written, and Ctrl+Y the question again."""
    app = make_app(history_replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_history(pilot)
        editor = screen.query_one("#editor", TextArea)
        await set_sql(pilot, screen, "SELECT 42")
        await run_ready(pilot, "Game length")
        question = next(q.sql for q in READY if q.title == "Game length")
        assert editor.text == question and editor.has_focus
        assert editor.cursor_location == (0, 0)  # at the question's start, as it is shown
        await pilot.press("ctrl+z")
        assert editor.text == "SELECT 42"
        await pilot.press("ctrl+y")
        assert editor.text == question


async def test_chart_of_a_result_and_changing_its_columns(history_replays: Path) -> None:
    app = make_app(history_replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_history(pilot)
        await run_ready(pilot, "Win rate by bot")
        await pilot.press("f6")
        await pilot.pause()
        chart = screen.query_one("#chart")
        assert screen.query_one("#output", ContentSwitcher).current == "chart-box"
        assert chart.data is not None and chart.data.title == "win_pct by players_kind"
        screen.query_one("#chart-value").value = "avg_score"
        await pilot.pause()
        assert chart.data.title == "avg_score by players_kind"
        await pilot.press("f6")
        assert screen.query_one("#output", ContentSwitcher).current == "table"


async def test_history_opens_and_leaves_from_home(replays: Path) -> None:
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_history(pilot)
        assert status(screen) == "No games in the history yet."
        await pilot.press("escape")
        assert app.screen.__class__.__name__ == "HomeScreen"


@pytest.mark.parametrize("size", SIZES)
async def test_a_fresh_folder_answers_and_f9_loads_the_samples(replays: Path, size: tuple[int, int]) -> None:
    """Issue 52.7: where no game was ever played (an installed cwtui's first run) the
    History screen said "The query failed — DuckDB says: no history database at
    replays/history.duckdb yet". Now every table is there, empty, a query answers with no
    rows, and F9 puts the sample games in the replays folder and loads them."""
    app = make_app(replays)
    async with app.run_test(size=size) as pilot:
        screen = await open_history(pilot)
        hint = str(screen.query_one("#hint", Static).render())
        assert "Press F9 to load the sample games that come with cwtui" in hint and "replays/samples" in hint
        tables = [node.data[0] for node in screen.query_one("#schema-tree", Tree).root.children if node.data]
        assert {"games", "moves", "reviews", "results"} <= set(tables)
        await pilot.press("f5")
        await wait_idle(pilot)
        assert screen.query_one("#output", ContentSwitcher).current == "table"
        assert screen.query_one("#table", DataTable).row_count == 0
        assert status(screen) == "0 rows — no games yet: F9 loads the samples"
        assert not (replays / "history.duckdb").exists()  # only a load makes the history
        await pilot.press("f9")
        await wait_idle(pilot)
        assert status(screen) == "Sample games loaded: 3 games in the history."
        assert sorted(p.name for p in (replays / "samples").iterdir()) == [
            "sim-1p-1.jsonl", "sim-2p-2026.jsonl", "sim-4p-4.jsonl"
        ]  # fmt: skip
        await pilot.press("f5")
        await wait_idle(pilot)
        assert screen.query_one("#table", DataTable).row_count > 0
        await pilot.press("f9")  # again: nothing to copy
        await wait_idle(pilot)
        assert status(screen) == "The sample games were there already: 3 games in the history."


async def test_a_query_that_meets_a_damaged_database_rebuilds_it(history_replays: Path) -> None:
    """The database is a cache of the logs: damage found by a query is repaired from
    them, and the screen says so instead of failing."""
    app = make_app(history_replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_history(pilot)
        db = history_replays / "history.duckdb"
        data = bytearray(db.read_bytes())
        for at in range(12288, len(data), 4096):  # every block after the file headers
            data[at + 100] ^= 0xFF
        db.write_bytes(bytes(data))
        await set_sql(pilot, screen, "SELECT count(DISTINCT game) AS n, sum(length(event::VARCHAR)) FROM events")
        await pilot.press("f5")  # reads every block of the largest table
        await wait_idle(pilot)
        error = str(screen.query_one("#error", Static).render())
        assert "moved to" in error and "Run the query again" in error
        assert list(history_replays.glob("history.duckdb.damaged-*"))
        await pilot.press("f5")
        await wait_idle(pilot)
        table = screen.query_one("#table", DataTable)
        assert screen.query_one("#output", ContentSwitcher).current == "table"
        assert str(table.get_row_at(0)[0]).strip() == "8"


async def test_ctrl_a_in_the_editor_selects_the_whole_query(history_replays: Path) -> None:
    """A new query typed after Ctrl+A replaces the old one (TextArea's own Ctrl+A went to
    the line's start, and the new query was glued to the old)."""
    app = make_app(history_replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_history(pilot)
        await set_sql(pilot, screen, "SELECT 1\nFROM games")
        await pilot.press("ctrl+a", *"SELECT", "space", "2")
        assert screen.query_one("#editor", TextArea).text == "SELECT 2"


async def test_tab_tab_enter_in_the_export_dialog_exports(history_replays: Path) -> None:
    """From the file name, Tab reaches the format, then Export (Cancel comes last, and
    says so when chosen)."""
    app = make_app(history_replays)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_history(pilot)
        await set_sql(pilot, screen, "SELECT * FROM games")
        await pilot.press("f5")
        await wait_idle(pilot)
        await pilot.press("f7")
        await pilot.pause()
        path = Path(app.screen.query_one("#path").value)
        await pilot.press("tab", "tab", "enter")
        await wait_idle(pilot)
        assert app.screen is screen and path.exists()


async def test_the_sidebar_keys_act_where_the_footer_has_no_room_for_them(history_replays: Path) -> None:
    """At 80 columns the footer cut "f3 Schema" in half: the sidebar's keys are listed
    from 120 columns, and act at any width."""
    from textual.widgets import Footer

    app = make_app(history_replays)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_history(pilot)
        listed = {b.binding.key for b in screen.active_bindings.values() if b.binding.show and b.enabled}
        assert not {"f2", "f3", "f4"} & listed and {"f5", "f6", "f7", "f8"} <= listed
        assert not screen.query_one(Footer).show_command_palette
        for key, tab in (("f3", "schema"), ("f4", "past"), ("f2", "ready")):
            await pilot.press(key)
            assert screen.query_one("#sidebar", TabbedContent).active == tab
    async with make_app(history_replays).run_test(size=(140, 40)) as pilot:
        screen = await open_history(pilot)
        listed = {b.binding.key for b in screen.active_bindings.values() if b.binding.show and b.enabled}
        assert {"f2", "f3", "f4"} <= listed


# Widths (issue 52.9) ---------------------------------------------------------------------


@pytest.fixture
def app_games(replays: Path) -> Path:
    """Two games under the names the app gives them (game-DATE-TIME-SEED: 40 characters)."""
    from cwtui.batch.runner import play_game
    from engine.config import GameConfig, SeatConfig

    for seed, kinds in ((14695981039346656037, "greedy random"), (9007199254740993, "greedy greedy random random")):
        seats = tuple(
            SeatConfig(name, kind) for name, kind in zip(("Ana", "Bo", "Cy", "Di"), kinds.split(), strict=False)
        )
        play_game(GameConfig(seats=seats, seed=seed), replays, log=replays / f"game-20261127-184322-{seed}.jsonl")
    return replays


async def test_every_column_of_the_first_question_is_on_screen_at_120x40(app_games: Path) -> None:
    """Its last column (the round) was off the screen, behind the game ids: the widest
    values are cut, with "…", so that every column shows."""
    app = make_app(app_games)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_history(pilot)
        await run_ready(pilot, READY[0].title)
        table = pilot.app.screen.query_one("#table", DataTable)
        assert [str(c.label) for c in table.columns.values()][-1] == "round"
        assert table.max_scroll_x == 0 and table.virtual_size.width <= table.scrollable_content_region.width
        games = {str(table.get_row_at(i)[5]) for i in range(table.row_count)}
        assert all(game.startswith("game-2026") and game.endswith("…") for game in games)
    async with make_app(app_games).run_test(size=(80, 24)) as pilot:  # names alone are wider: nothing to gain
        await open_history(pilot)
        await run_ready(pilot, READY[0].title)
        table = pilot.app.screen.query_one("#table", DataTable)
        assert table.max_scroll_x > 0 and not any("…" in str(cell) for cell in table.get_row_at(0))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_table_list_shows_every_name_whole(history_replays: Path, size: tuple[int, int]) -> None:
    """At 120×40 the list read "master_anglers  tabl" once a table was open: a name is
    never cut, and a table's kind or a column's type shows where it fits whole."""
    app = make_app(history_replays)
    async with app.run_test(size=size) as pilot:
        screen = await open_history(pilot)
        await pilot.press("f3")
        tree = screen.query_one("#schema-tree", Tree)
        for node in tree.root.children:
            node.expand()
        await pilot.pause()
        assert tree.max_scroll_x == 0
        lines = [(node.data, str(node.label)) for table in tree.root.children for node in (table, *table.children)]
        assert all(label.startswith(name) for (name, _note, _doc), label in lines)
        noted = [label for (name, note, _doc), label in lines if label in (f"{name}  {note}", f"{name} {note}")]
        assert all(label == name or label in noted for (name, _note, _doc), label in lines)
        if size == (120, 40):  # every table's kind, and a type but where it is longer than the room
            assert len(noted) == len(lines) - 4 and "master_angler_cards  table" in noted
            assert "created timestamp with time zone" not in noted
        else:
            assert len(noted) > len(lines) / 2


def test_fit_widths_cuts_the_widest_first_and_never_below_the_least() -> None:
    from cwtui.widgets.columns import fit_widths

    assert fit_widths([5, 10, 40], [5, 4, 4], 60) == [5, 10, 40]  # room for all
    assert fit_widths([5, 10, 40], [5, 4, 4], 30) == [5, 10, 15]  # the widest gives
    assert fit_widths([5, 30, 40], [5, 4, 4], 30) == [5, 13, 12]  # cut to one width, the spare from the left
    assert fit_widths([5, 30, 40], [5, 20, 4], 30) == [5, 20, 5]  # never below a name
    assert fit_widths([5, 30, 40], [5, 20, 20], 30) == [5, 30, 40]  # names alone are wider: nothing cut
