"""The replay's move list: rows wrap under their text, the highlight follows the replay
and comes into view, a key or a click on any line of a row picks that row, a jump
repaints only the rows it changes when no scroll is needed, and the list's own scrollbar
shows and moves the view."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult

from cwtui.widgets.move_list import MoveList, Row

LONG = "takes the 2 off red; 3 red bait to the discard; keeps a 1 and then says so at length"


def rows(count: int) -> list[Row]:
    return [(Text(f"{i:>4} "), Text(LONG if i % 5 == 3 else f"move {i}")) for i in range(count)]


class Moves(App[None]):
    def __init__(self, count: int) -> None:
        super().__init__()
        self.picked: list[int] = []
        self.count = count

    def compose(self) -> ComposeResult:
        yield MoveList(id="moves")

    def on_mount(self) -> None:
        moves = self.query_one(MoveList)
        moves.set_rows(rows(self.count), 0)
        moves.focus()

    def on_move_list_picked(self, event: MoveList.Picked) -> None:
        self.picked.append(event.index)


async def test_a_long_row_wraps_under_its_text() -> None:
    async with Moves(20).run_test(size=(40, 10)) as pilot:
        moves = pilot.app.query_one(MoveList)
        lines = moves.row_text(3).split("\n")
        assert len(lines) > 1
        assert lines[0].startswith("   3 takes the 2")
        assert all(line.startswith("     ") and line[5] != " " for line in lines[1:])  # under the text
        assert " ".join(line.strip() for line in lines).endswith(LONG)  # no word lost


async def test_keys_and_clicks_pick_rows() -> None:
    app = Moves(40)
    async with app.run_test(size=(40, 20)) as pilot:
        moves = app.query_one(MoveList)
        await pilot.press("down", "down", "up")
        assert app.picked == [1, 2, 1] and moves.highlighted == 1
        await pilot.press("up", "up")
        assert app.picked[-1] == 0 and moves.highlighted == 0  # not above the first row
        # row 8 wraps: a click on its second line picks row 8
        second_line_of_8 = moves.starts[8] + 1
        await pilot.click(MoveList, offset=(10, second_line_of_8 - moves.scroll_offset.y))
        assert app.picked[-1] == 8


async def test_keys_pressed_before_a_redraw_each_count() -> None:
    """A held ↓ queues keys faster than the replay redraws: each moves one row on."""
    app = Moves(40)
    async with app.run_test(size=(40, 20)) as pilot:
        moves = app.query_one(MoveList)
        for _ in range(5):
            moves.action_pick(1)  # as the queued keys are handled, before any message
        await pilot.pause()
        assert app.picked == [1, 2, 3, 4, 5] and moves.highlighted == 5


async def test_the_highlight_comes_into_view_in_the_middle() -> None:
    async with Moves(200).run_test(size=(40, 10)) as pilot:
        moves = pilot.app.query_one(MoveList)
        moves.highlight(150)
        await pilot.pause()
        top = moves.starts[150] - moves.scroll_offset.y
        assert 2 <= top <= moves.size.height - 3  # not at an edge
        before = moves.scroll_offset.y
        moves.highlight(151)  # visible already: no scroll
        await pilot.pause()
        assert moves.scroll_offset.y == before
        moves.highlight(0)
        await pilot.pause()
        assert moves.scroll_offset.y == 0


async def test_a_step_repaints_two_rows_only() -> None:
    async with Moves(30).run_test(size=(40, 20)) as pilot:
        moves = pilot.app.query_one(MoveList)
        await pilot.pause()
        refreshed: list[object] = []
        refresh = moves.refresh

        def recorded(*regions: object, **kwargs: bool) -> MoveList:
            refreshed.append(regions)
            return refresh(*regions, **kwargs)  # type: ignore[arg-type]

        moves.refresh = recorded  # type: ignore[method-assign,assignment]
        moves.highlight(1)
        assert len(refreshed) == 2 and all(len(regions) == 1 for regions in refreshed)  # type: ignore[arg-type]
        assert {region.y for (region,) in refreshed} == {0, 1}  # type: ignore[misc]


async def test_the_cursor_has_its_own_colours() -> None:
    async with Moves(5).run_test(size=(40, 10)) as pilot:
        moves = pilot.app.query_one(MoveList)
        await pilot.pause()
        cursor = moves.render_line(0)
        other = moves.render_line(1)
        assert cursor.text.startswith("   0 ") and other.text.startswith("   1 ")
        assert next(iter(cursor)).style != next(iter(other)).style


def thumb(moves: MoveList) -> list[int]:
    """The lines whose last cell is the scrollbar's thumb."""
    thumb_style = moves.get_component_rich_style("move-list--thumb")
    lines = [list(moves.render_line(y)) for y in range(moves.size.height)]
    return [y for y, segments in enumerate(lines) if segments[-1].style == thumb_style]


async def test_the_list_draws_its_scrollbar_and_it_follows_the_view() -> None:
    """The list's last column is its scrollbar (Textual's own would be redrawn whole at
    every jump): its thumb is the view's share and place in the list."""
    async with Moves(200).run_test(size=(40, 10)) as pilot:
        moves = pilot.app.query_one(MoveList)
        await pilot.pause()
        assert moves.width == moves.size.width - 1  # rows wrap short of the bar
        assert thumb(moves) == [0]  # 10 of ~240 lines: a thumb of one cell, at the top
        moves.highlight(199)
        await pilot.pause()
        assert thumb(moves) == [moves.size.height - 1]
        moves.highlight(100)
        await pilot.pause()
        assert 2 <= thumb(moves)[0] <= moves.size.height - 3


async def test_no_thumb_when_every_row_fits() -> None:
    async with Moves(3).run_test(size=(40, 10)) as pilot:
        moves = pilot.app.query_one(MoveList)
        await pilot.pause()
        assert thumb(moves) == []


async def test_a_click_or_a_drag_on_the_bar_scrolls_and_the_wheel_still_does() -> None:
    app = Moves(200)
    async with app.run_test(size=(40, 10)) as pilot:
        moves = app.query_one(MoveList)
        bar = moves.size.width - 1
        await pilot.mouse_down(MoveList, offset=(bar, 9))  # the bottom of the bar: the end
        await pilot.mouse_up(MoveList, offset=(bar, 9))
        assert moves.scroll_offset.y == moves.max_scroll_y
        assert app.picked == []  # the bar scrolls; it picks no row
        await pilot.mouse_down(MoveList, offset=(bar, 9))
        await pilot.hover(MoveList, offset=(bar, 0))  # dragged to the top
        await pilot.mouse_up(MoveList, offset=(bar, 0))
        assert moves.scroll_offset.y == 0
        await pilot.click(MoveList, offset=(bar, 5))
        assert app.picked == []
        moves.scroll_to(y=0, animate=False, immediate=True)
        await pilot.pause()
        moves.post_message(events.MouseScrollDown(moves, 3, 3, 0, 0, 0, False, False, False))
        await pilot.pause()
        assert moves.scroll_offset.y > 0  # the wheel


async def test_the_highlighted_row_stays_in_view_when_the_list_gets_shorter() -> None:
    """A pane below the list grows (the replay's hint at 80×24): the list is shorter and
    scrolls to keep the highlighted row whole in view."""
    app = Moves(40)
    async with app.run_test(size=(40, 20)) as pilot:
        moves = app.query_one(MoveList)
        moves.highlight(13)  # a wrapped row, near the bottom of a 20-line list
        await pilot.pause()
        moves.styles.height = 4
        await pilot.pause()
        top, bottom = moves.starts[13], moves.starts[13] + len(moves.wrapped[13])
        y, height = moves.scroll_offset.y, moves.scrollable_content_region.height
        assert height == 4 and y <= top and bottom <= y + height
