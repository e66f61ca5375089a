"""In cwtui a `str` on screen is shown as the characters it is: Textual never reads one as
markup. Styled text is said as such, by `Content.assemble`, `Text.assemble` or an
explicit `Content.from_markup` of cwtui's own words (a value from outside goes in as a
`$variable`, which is never parsed).

Why: Textual reads every `str` it is given as markup by default — a Static's or a
Label's text, a notification, a border's title, an option, a table's cell, a tree's
label, a button's label — and a name, a line of talk or a server's refusal comes from
outside. `gg [/] well played` is a markup error that ended the app; `[@click=app.quit]`
became an action a click ran (issue 65). Escaping each value where it meets a widget
would leave every new widget, and every value no one thought of as outside text (a
file's name in an error, a query's result), a crash waiting; this turns the default
over, once, for every widget. Textual itself is pinned exactly (pyproject.toml), and
tests/app/test_no_markup.py shows each of these places showing `[/]` as it is.

`cwtui.app` applies it as it is imported, before any widget is made."""

from __future__ import annotations

from typing import Any

from rich.text import Text, TextType
from textual.app import App
from textual.content import Content
from textual.widget import Widget
from textual.widgets import DataTable, Label, OptionList, Static, Tree
from textual.widgets import _data_table as data_table

_cell = data_table.default_cell_formatter


def _plain_cell(obj: object, wrap: bool = True, height: int = 0) -> Any:
    """A table's cell: a str as its characters (Textual's formatter reads it as markup)."""
    return _cell(Text(obj, end="") if isinstance(obj, str) else obj, wrap, height)


_add_column = DataTable.add_column
_add_row = DataTable.add_row


def _add_plain_column(self: DataTable[Any], label: TextType, **options: Any) -> Any:
    """DataTable.add_column with a str label as its characters."""
    return _add_column(self, Text(label) if isinstance(label, str) else label, **options)


def _add_plain_row(self: DataTable[Any], *cells: Any, label: TextType | None = None, **options: Any) -> Any:
    """DataTable.add_row with a str label as its characters (the cells: `_plain_cell`)."""
    return _add_row(self, *cells, label=Text(label) if isinstance(label, str) else label, **options)


def _render_str(self: Widget, text_content: str | Content) -> Content:
    """Widget.render_str (a border's title and subtitle, a tab's title): a str as its characters."""
    return text_content if isinstance(text_content, Content) else Content(text_content)


def _tree_label(self: Tree[Any], label: TextType) -> Text:
    """Tree.process_label: a str as its characters, on the label's first line as Textual has it."""
    text = Text(label) if isinstance(label, str) else label
    return text.split()[0]


def apply() -> None:
    """Every way Textual 8.2.8 reads a str as markup, turned to read it as characters:
    the `markup` switch every widget, Static, Label and OptionList takes (now off unless
    asked), a notification's, `Content.from_text`'s (a Button's, a Tab's, a
    RadioButton's, a Collapsible's label), `Widget.render_str` (titles), the app
    console's (a Rich renderable's str parts: a rich Table's cells), a DataTable's
    cells and labels, and a Tree's labels."""
    for init in (Widget.__init__, Static.__init__, Label.__init__, OptionList.__init__):
        assert init.__kwdefaults__ is not None and "markup" in init.__kwdefaults__, init
        init.__kwdefaults__["markup"] = False
    for notify in (App.notify, Widget.notify):
        assert notify.__kwdefaults__ is not None and "markup" in notify.__kwdefaults__, notify
        notify.__kwdefaults__["markup"] = False
    from_text = Content.from_text.__func__  # type: ignore[attr-defined]
    assert from_text.__defaults__ in ((True,), (False,))
    from_text.__defaults__ = (False,)
    Widget.render_str = _render_str  # type: ignore[method-assign]
    data_table.default_cell_formatter = _plain_cell
    DataTable.add_column = _add_plain_column  # type: ignore[method-assign]
    DataTable.add_row = _add_plain_row  # type: ignore[method-assign]
    Tree.process_label = _tree_label  # type: ignore[method-assign]


def plain_console(app: App[Any]) -> None:
    """The app's Rich console reads no str as markup (a rich Table's str cells, a Panel's
    str title, drawn inside a widget). Rich keeps the switch in a private attribute;
    Console has no setter, and Textual makes the console in App.__init__."""
    app.console._markup = False
