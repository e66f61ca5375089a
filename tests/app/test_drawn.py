"""The table's drawn widgets: a redraw repaints only the lines that changed, a part drawn
once is kept, the replay's jumps change no panel's height (no layout), and every glyph
explains itself in a tooltip. The drawing budget is measured by scripts/bench_app.py and
bench_replay.py."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import msgspec
import pytest
from app_helpers import make_app
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from cwtui.game.replaying import open_replay
from cwtui.screens.replay.replay import ReplayScreen
from cwtui.widgets.table.board import Board
from cwtui.widgets.table.drawn import Drawn
from cwtui.widgets.table.quiet import NoteLines, TextLines
from cwtui.widgets.table.seat import SeatPanel
from engine import GameConfig, SeatConfig, new_game
from engine.rng import Rng
from engine.view import View, view

GOLDEN = Path(__file__).parents[1] / "golden"
DUO = (SeatConfig("Ana", "human"), SeatConfig("Bo", "greedy"))


class Table(App[None]):
    def __init__(self, *widgets: Widget) -> None:
        super().__init__()
        self.widgets = widgets

    def compose(self) -> ComposeResult:
        yield from self.widgets


def record_refreshes(widget: Widget) -> list[tuple[Region, ...]]:
    calls: list[tuple[Region, ...]] = []
    refresh = widget.refresh

    def recorded(*regions: Region, **kwargs: bool) -> Widget:
        calls.append(regions)
        return refresh(*regions, **kwargs)

    widget.refresh = recorded  # type: ignore[method-assign]
    return calls


def duo_board() -> tuple[View, Board]:
    state = new_game(GameConfig(seats=DUO, seed=3))
    return view(state, 0), Board(state.cards, id="board")


async def test_a_mark_repaints_only_its_line() -> None:
    v, board = duo_board()
    async with Table(board).run_test(size=(100, 30)) as pilot:
        board.show(v, frozenset())
        await pilot.pause()
        calls = record_refreshes(board)
        board.show(v, frozenset({"space:purple"}))  # the angler spaces are the first line
        assert calls == [(Region(0, 0, board.content_region.width, 1),)]
        calls.clear()
        board.show(v, frozenset({"space:purple"}))  # nothing changed: nothing repainted
        assert calls == []


async def test_a_part_drawn_once_is_kept() -> None:
    v, board = duo_board()
    async with Table(board).run_test(size=(100, 30)) as pilot:
        board.show(v, frozenset())
        await pilot.pause()
        drawn: list[object] = []
        render_part = board.render_part

        def counted(*args: object) -> object:
            drawn.append(args)
            return render_part(*args)  # type: ignore[arg-type]

        board.render_part = counted  # type: ignore[method-assign,assignment]
        board.show(v, frozenset({"space:purple"}))
        assert len(drawn) == 1  # the marked line
        board.show(v, frozenset())
        assert len(drawn) == 1  # the unmarked line was kept


async def test_the_seat_to_act_has_the_accent_border_in_its_kind() -> None:
    """The mark is set on the panel (no class: a class restyles it through the whole
    stylesheet); it keeps the CSS's kind of border (double for your own panel), goes
    with the turn, and follows a new theme."""
    state = new_game(GameConfig(seats=DUO, seed=3))
    ana, bo = SeatPanel(state.cards, 0, id="ana"), SeatPanel(state.cards, 1, id="bo")
    app = Table(ana, bo)
    async with app.run_test(size=(60, 40)) as pilot:
        v = view(state, 0)
        assert v.to_act == 0
        ana.show(v, True, frozenset(), False, yours=True)
        bo.show(v, False, frozenset(), False, yours=False)
        await pilot.pause()
        accent = app.theme_variables["accent"]
        assert ana.styles.border_top[0] == "double" and ana.styles.border_top[1].hex == accent.upper()
        assert bo.styles.border_top[0] == "round" and bo.styles.border_top[1].hex != accent.upper()
        ana.show(turned(v, 1), True, frozenset(), False, yours=True)
        bo.show(turned(v, 1), False, frozenset(), False, yours=False)
        await pilot.pause()
        assert ana.styles.border_top[0] == "double" and ana.styles.border_top[1].hex != accent.upper()
        assert bo.styles.border_top[1].hex == accent.upper()
        app.theme = "nord"
        await pilot.pause()
        assert bo.styles.border_top[1].hex == app.theme_variables["accent"].upper() != accent.upper()


def turned(v: View, seat: int) -> View:
    return msgspec.structs.replace(v, to_act=seat)


async def test_text_lines_follow_style_as_well_as_words() -> None:
    """Rich's Text equality ignores the base style; a line restyled must be redrawn."""
    line = TextLines(id="line")
    async with Table(line).run_test(size=(40, 5)) as pilot:
        line.update(Text("Ana's turn"))
        await pilot.pause()
        plain = line.strips[0]
        line.update(Text("Ana's turn", style="italic"))
        assert line.strips[0] != plain


@pytest.mark.slow
@pytest.mark.draw_ahead
@pytest.mark.parametrize("log", ["sim-3p-303.jsonl", "sim-4p-404.jsonl"])
async def test_replay_jumps_change_no_height(replays: Path, log: str) -> None:
    """Scrubbing to any ply keeps every seat panel and board the height it had: a jump
    repaints, it lays nothing out (that was half a jump's cost). Drawing the panels at the
    game's end to hold their heights leaves no stale ▶ behind."""
    async with replay_of(log, replays) as (screen, pilot):
        # The first draw after the layout holds the heights, drawing the panels at the
        # game's end; it lands on a ply where the seat to act at the end (0) is not to act
        start = next(p for p in range(screen.cursor.end // 2, screen.cursor.end) if to_act_at(screen, p) != 0)
        screen.show_position()
        await pilot.pause()
        drawn = [*screen.table.panels, *screen.table.boards]
        heights = [d.size.height for d in drawn]
        rng = Rng(9)
        for target in [start, *(rng.below(screen.cursor.end + 1) for _ in range(40))]:
            screen.go(target)
            screen.show_position()
            await pilot.pause()
            assert [d.size.height for d in drawn] == heights, f"at ply {target}"
            state = screen.cursor.state
            marked = await marked_when_seen(screen, pilot)
            assert marked == ([] if state.over else [state.to_act]), f"at ply {target}"


async def marked_when_seen(screen: ReplayScreen, pilot: Pilot[None]) -> list[int]:
    """The seats whose panel's title shows ▶, each read once the seats' pane is scrolled
    to show it: a panel out of view is drawn when it comes into view, not before."""
    seats = screen.table.seats
    window = seats.scrollable_content_region
    marked: set[int] = set()
    y = 0
    while True:
        seats.scroll_to(y=y, animate=False, immediate=True)
        await pilot.pause()
        for panel in screen.table.panels:
            if panel.region.overlaps(window):
                marked.update([panel.seat] if "▶" in str(panel.border_title) else [])
        if y >= seats.max_scroll_y:
            break
        y = min(y + window.height, seats.max_scroll_y)
    seats.scroll_to(y=0, animate=False, immediate=True)
    await pilot.pause()
    return sorted(marked)


@pytest.mark.draw_ahead
async def test_a_panel_out_of_view_is_drawn_as_it_scrolls_into_view(replays: Path) -> None:
    """At 140×40 the four seats' panels do not fit the seats' pane: a jump draws the
    ones in view; the others show the jump's position as soon as they scroll into view
    (the mouse wheel, or the pane's scrollbar), never an earlier one."""
    async with replay_of("sim-4p-404.jsonl", replays) as (screen, pilot):
        last = screen.table.panels[-1]
        assert not screen.table.in_view(last)
        screen.go(300)
        await pilot.pause()
        before = last.drawn_text
        assert last in screen.table.unseen  # not drawn at the jump
        screen.table.seats.scroll_end(animate=False, immediate=True)  # as the wheel or the scrollbar would
        await pilot.pause()
        assert screen.table.in_view(last) and last not in screen.table.unseen
        expected = screen.cursor.shown(range(len(screen.table.panels)))[last.seat]
        assert last.shown is not None and last.shown[0].seats[last.seat] == expected.seats[last.seat]
        assert last.drawn_text != before


@contextlib.asynccontextmanager
async def replay_of(log: str, replays: Path) -> AsyncIterator[tuple[ReplayScreen, Pilot[None]]]:
    """The replay screen at 140×40 of a golden log, copied into `replays`."""
    replays.mkdir()
    path = replays / log
    shutil.copy(GOLDEN / log, path)
    app = make_app(replays)
    async with app.run_test(size=(140, 40)) as pilot:
        await app.push_screen(ReplayScreen(open_replay(path), path))
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        yield app.screen, pilot


def to_act_at(screen: ReplayScreen, ply: int) -> int:
    """Move the screen's cursor to `ply` (not drawn yet): the seat to act there."""
    screen.go(ply)
    return screen.cursor.state.to_act


def explained_at(drawn: Drawn, starts: str) -> tuple[int, int, str]:
    """Where (in the widget's own coordinates) a glyph explained as `starts…` is drawn."""
    dx = drawn.content_region.x - drawn.region.x
    dy = drawn.content_region.y - drawn.region.y
    for y, strip in enumerate(drawn.strips):
        x = 0
        for segment in strip:
            tip = segment.style.meta.get("tip") if segment.style else None
            if isinstance(tip, str) and tip.startswith(starts):
                return dx + x, dy + y, tip
            x += segment.cell_length
    raise AssertionError(f"nothing explained as {starts!r}")


async def test_a_glyph_explains_itself_on_hover() -> None:
    """The tooltip names what the mouse is over (a bait letter, an empty slot, a tag, a
    zone card), and away from any glyph it is the pane's legend."""
    state = new_game(GameConfig(seats=DUO, seed=3))
    v = view(state, 0)
    panel = SeatPanel(state.cards, 0, id="seat")
    board = Board(state.cards, id="board")
    async with Table(panel, board).run_test(size=(100, 40)) as pilot:
        panel.show(v, True, frozenset(), False, yours=True)
        board.show(v, frozenset())
        await pilot.pause()
        for drawn, starts in ((panel, "B: a blue bait"), (board, "Lake zone 4: "), (board, "The Port")):
            x, y, tip = explained_at(drawn, starts)
            await pilot.hover(drawn, offset=(x, y))
            await pilot.pause()
            assert drawn.tooltip == tip
        await pilot.hover(panel, offset=(panel.size.width - 2, panel.size.height - 2))  # a blank corner
        await pilot.pause()
        assert panel.tooltip == panel.legend and panel.legend and "Master Anglers" in panel.legend


class Box(App[None]):
    """A TextLines box 2 lines high and 30 wide (4 high with the class -tall)."""

    CSS = "TextLines { height: 2; width: 30; } TextLines.-tall { height: 4; }"
    SINCE = "Since your last turn: Ana places a 1 on purple and takes the 1 off green"

    def compose(self) -> ComposeResult:
        yield TextLines(id="box")


async def test_text_cut_by_its_box_ends_in_an_ellipsis() -> None:
    """A TextLines box of fixed height (the since strip, a status bar) never cuts text
    silently: when the text wraps past the box, its last line ends in "…" — between two
    words, not in one ("take…", "(every…" read as words of their own)."""
    async with Box().run_test(size=(40, 6)) as pilot:
        box = pilot.app.query_one("#box", TextLines)
        box.update(Box.SINCE)
        await pilot.pause()
        lines = box.drawn_text.splitlines()
        assert len(lines) == 2 and lines[-1].endswith("…") and all(len(line) <= 30 for line in lines)
        assert lines[0] == "Since your last turn: Ana" and lines[1] == "places a 1 on purple and…"
        box.update("Short enough")
        await pilot.pause()
        assert box.drawn_text == "Short enough"


async def test_text_in_a_box_grown_after_it_was_drawn_is_fitted_again() -> None:
    """A box made taller once its text is drawn (a class, a taller terminal) shows the
    text whole, not the cut made for its old height (the replay's hint line at 80×24)."""
    async with Box().run_test(size=(40, 6)) as pilot:
        box = pilot.app.query_one("#box", TextLines)
        box.update(Box.SINCE)
        await pilot.pause()
        assert box.drawn_text.endswith("…")
        box.add_class("-tall")
        await pilot.pause()
        assert box.drawn_text.splitlines()[-1] == "the 1 off green"


async def test_notes_take_the_lines_they_need_up_to_their_limit() -> None:
    """NoteLines (the replay's notes at 80×24) is as tall as its text, up to its limit,
    past which the last line ends in "…"."""

    class Notes(App[None]):
        CSS = "NoteLines { width: 30; }"

        def compose(self) -> ComposeResult:
            yield NoteLines(2, id="notes")

    async with Notes().run_test(size=(40, 8)) as pilot:
        notes = pilot.app.query_one(NoteLines)
        for text, height in (("Short enough", 1), ("Since your last turn: Ana places", 2), (Box.SINCE, 2)):
            notes.update(text)
            await pilot.pause()
            assert notes.size.height == height, text
        assert notes.drawn_text.splitlines()[-1].endswith("…")


@pytest.mark.draw_ahead
async def test_the_replay_draws_every_position_ahead(replays: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """While the player is idle, the replay draws every position's parts ahead; a jump
    anywhere then draws no part anew (the status bar as it reads while paused included),
    and what it shows is what drawing that position from nothing shows."""
    async with replay_of("sim-2p-202.jsonl", replays) as (screen, pilot):
        for _ in range(600):  # at most a minute
            if screen.ahead.done:
                break
            await pilot.pause(0.1)
        assert screen.ahead.done, "not drawn ahead"
        drawn_anew: list[str] = []
        render_part = Drawn.render_part

        def counted(self: Drawn, *args: object) -> object:
            drawn_anew.append(self.id or "")
            return render_part(self, *args)  # type: ignore[arg-type]

        monkeypatch.setattr(Drawn, "render_part", counted)
        rng = Rng(3)
        for target in (rng.below(screen.cursor.end + 1) for _ in range(25)):
            screen.go(target)
            await pilot.pause()
            assert drawn_anew == [], f"at ply {target}"
            for widget in [
                *screen.table.boards,
                *screen.query(TextLines),
                *(p for p in screen.table.panels if screen.table.in_view(p)),
            ]:
                shown, kept = widget.strips, dict(widget.kept)
                widget.kept.clear()  # drawn from nothing
                widget.redraw()
                assert widget.strips == shown, f"{widget.id} at ply {target}"
                widget.kept.update(kept)
            drawn_anew.clear()


async def test_a_new_height_costs_one_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 52.12: a drawn widget that grows lays the screen out once. Textual declares
    virtual_size with layout=True, so the size the first layout gave it asked for a
    second, right after (every 'since your last turn' strip cost two a turn)."""
    from textual.screen import Screen

    layouts: list[Screen[object]] = []
    refresh_layout = Screen._refresh_layout

    def counted(self: Screen[object], *args: object, **kwargs: object) -> None:
        layouts.append(self)
        refresh_layout(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Screen, "_refresh_layout", counted)

    class Notes(App[None]):
        CSS = "NoteLines { width: 30; }"

        def compose(self) -> ComposeResult:
            yield NoteLines(3, id="notes")

    async with Notes().run_test(size=(40, 8)) as pilot:
        notes = pilot.app.query_one(NoteLines)
        notes.update("Short enough")
        await pilot.pause()
        for text, height in ((Box.SINCE, 3), ("Short enough", 1)):
            layouts.clear()
            notes.update(text)
            await pilot.pause()
            await pilot.pause()
            assert notes.size.height == height and len(layouts) == 1, (text, len(layouts))


@pytest.mark.parametrize(("size", "most"), [((120, 40), 0.4), ((80, 24), 0.35)])
async def test_a_move_rarely_lays_the_table_out(
    monkeypatch: pytest.MonkeyPatch, replays: Path, size: tuple[int, int], most: float
) -> None:
    """Issue 67.10: drawing a move got 16–22% slower. Half the moves laid the whole screen
    out: the key line emptied while a bot played and came back at the human's turn, the
    question took one line or two, and at 80×24 the options' scrollbar came and went.
    Over 60 moves of a game against the easy bot (43 and 54 laid it out before): what
    is left is mostly a seat's panel growing by a line (a fish, a tackle token)."""
    from textual.screen import Screen

    from cwtui.screens.play.play import PlayScreen

    laid_out = [0]
    refresh_layout = Screen._refresh_layout

    def counted(self: Screen[object], *args: object, **kwargs: object) -> None:
        laid_out[0] += 1
        refresh_layout(self, *args, **kwargs)  # type: ignore[arg-type]

    app = make_app(replays)
    async with app.run_test(size=size) as pilot:
        seats = (SeatConfig("Ana"), SeatConfig("Bo", "greedy"))
        from cwtui.game.session import GameSession

        screen = PlayScreen(GameSession.start(GameConfig(seats=seats, seed=11), replays), app.settings)
        await app.push_screen(screen)
        rng, moves, layouts = Rng(5), 0, 0
        monkeypatch.setattr(Screen, "_refresh_layout", counted)
        while moves < 60 and not screen.session.state.over:
            for _ in range(50):  # the bot's moves, played at once
                await pilot.pause()
                if screen.options or screen.session.state.over:
                    break
            if not screen.options:
                break
            laid_out[0] = 0
            screen.play_move(screen.options[rng.below(len(screen.options))])
            for _ in range(3):
                await pilot.pause()
            layouts += laid_out[0] > 0
            moves += 1
        assert moves == 60 and layouts <= most * moves, (layouts, moves)
