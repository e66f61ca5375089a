"""The replay's move list: rows wrap under their text, the highlight follows the replay
and comes into view, a key or a click on any line of a row picks that row, and a jump
repaints only the rows it changes when no scroll is needed."""

from __future__ import annotations

from rich.text import Text
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
