"""Issue 65: in cwtui a str on screen is shown as the characters it is (cwtui.shell.no_markup).
Every way Textual would read one as markup, fed `[/]` (a markup error that ended the app),
`[bold]` and `[@click=app.quit]` (an action a click would run): each shows them as written,
and no part of the screen carries an action it did not make."""

from __future__ import annotations

from pathlib import Path

from rich.table import Table
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Button, DataTable, Label, OptionList, Select, Static, TabbedContent, TabPane, Tree
from textual.widgets._toast import Toast

from cwtui.app import CwtuiApp
from cwtui.shell import no_markup

OUTSIDE = ("[/]", "[bold]x", "[@click=app.quit]y")
WORDS = " ".join(OUTSIDE)


def screen_text(app: CwtuiApp) -> str:
    """Every character on the screen now, a line a row."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def actions_on_screen(app: CwtuiApp) -> set[str]:
    """The actions a click on the screen now would run."""
    return {
        str(segment.style.meta["@click"])
        for strip in app.screen._compositor.render_strips()
        for segment in strip
        if segment.style is not None and "@click" in segment.style.meta
    }


class Sinks(Screen[None]):
    """Every kind of widget that takes a str, each given outside text."""

    DEFAULT_CSS = "Sinks { layout: grid; grid-size: 2; } #static, #label { border: round white; height: 5; }"

    def compose(self) -> ComposeResult:
        yield Static(WORDS, id="static")
        yield Label(WORDS, id="label")
        yield OptionList(WORDS, id="options")
        yield Button(OUTSIDE[0], id="button")
        yield Select([(WORDS, 1)], value=1, allow_blank=False, id="select")
        table = Table(WORDS)
        table.add_row(WORDS)
        yield Static(table, id="rich-table")
        yield DataTable(id="data")
        yield Tree(WORDS, id="tree")
        with TabbedContent(id="tabs"):
            yield TabPane(OUTSIDE[0], Static("in a tab"))

    def on_mount(self) -> None:
        data = self.query_one("#data", DataTable)
        data.add_column(WORDS)
        data.add_row(WORDS, label=OUTSIDE[0])
        self.query_one("#static").border_title = WORDS
        self.query_one("#label").border_subtitle = WORDS


async def test_every_widget_shows_a_str_as_its_characters(tmp_path: Path) -> None:
    app = CwtuiApp(tmp_path, still=True)
    async with app.run_test(size=(160, 60), notifications=True) as pilot:
        await app.push_screen(Sinks())
        await pilot.pause()
        app.notify(WORDS, title=OUTSIDE[0])
        await pilot.pause()
        shown = screen_text(app)
        assert app.crashed is None
        # the static's, the label's, a title, an option, a select, a rich table's header and cell, a data
        # table's, a tree's
        assert shown.count(WORDS) >= 9, shown
        assert shown.count("[/]") >= 14, shown  # and a subtitle's, the button's, the tab's, a row's label
        toasts = [toast.render().plain for toast in app.screen.query(Toast)]
        assert toasts == [f"[/]\n{WORDS}"]
        assert "app.quit" not in " ".join(actions_on_screen(app))


def test_the_switch_is_turned_once_and_stays() -> None:
    no_markup.apply()
    no_markup.apply()  # the app's import applied it already: again changes nothing
    assert Static(WORDS).visual.plain == WORDS  # type: ignore[attr-defined]
