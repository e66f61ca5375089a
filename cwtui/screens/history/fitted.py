"""The History screen's schema list and result table, fitted to the width they have.

Each was as wide as its longest line, and the rest went past the edge: at 120×40 the
schema list read "master_anglers  tabl", and the first ready question's last column was
off the screen behind a long game id. Widths are now decided from the room: a name is
never cut (a table's, a column's, a result column's header), and what gives is what
can be read elsewhere — a table's kind or a column's type (the line under the list says
them for the one highlighted), a long value (cut with "…"; an export keeps it whole).
Both lay themselves out again when their width changes.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widgets import DataTable, Tree
from textual.widgets.tree import TreeNode

from cwtui.game import words
from cwtui.history.sandbox import QueryResult, is_numeric
from cwtui.lang import decimal
from cwtui.outside import MAX_VALUE, plain
from cwtui.widgets.columns import fit_widths

CELL_WIDTH = 60  # no column is wider, whatever the room (exports keep values whole)


class ResultTable(DataTable[Text]):
    """A query's result with every column on the screen where their names fit: the
    widest values are cut to make room (fit_widths); where they do not, it scrolls."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.result: QueryResult | None = None
        self.filled_for = -1  # the width the rows were cut for

    def show(self, result: QueryResult) -> None:
        self.result = result
        self.filled_for = -1
        if self.size.width:  # else when it has its size (shown: on_resize)
            self._fill()

    def on_resize(self, event: events.Resize) -> None:
        if self.result is not None and event.size.width != self.filled_for:
            self._fill()

    def room(self, columns: int) -> int:
        """The cells the values may take, a vertical scrollbar's kept free."""
        return self.size.width - self.styles.scrollbar_size_vertical - 2 * self.cell_padding * columns

    def _fill(self) -> None:
        result = self.result
        assert result is not None
        self.filled_for = self.size.width
        numeric = [is_numeric(t) for t in result.types]
        shown = [[_shown(v) for v in row] for row in result.rows]
        columns = [plain(name, MAX_VALUE) for name in result.columns]
        names = [cell_len(name) for name in columns]
        natural = [
            min(CELL_WIDTH, max([names[i], *(cell_len(row[i]) for row in shown)])) for i in range(len(result.columns))
        ]
        widths = fit_widths(natural, names, self.room(len(result.columns)))
        self.clear(columns=True)
        for name, right, width in zip(columns, numeric, widths, strict=True):
            self.add_column(Text(name, justify="right" if right else "left"), width=width)
        self.add_rows(
            [
                tuple(_cell(text, value is None, right, width) for text, value, right, width
                      in zip(texts, row, numeric, widths, strict=True))
                for texts, row in zip(shown, result.rows, strict=True)
            ]
        )  # fmt: skip


def _shown(value: Any) -> str:
    """A value as its cell shows it: a text from outside (any string a query returns,
    a name from a log among them) as cwtui.outside.plain has it, no longer than a cell
    can show; the game's own names and a number's decimal mark as the language in use
    writes them (« Brochet », « 33,3 »)."""
    if value is None:
        return "NULL"
    if isinstance(value, float):
        return decimal(f"{value:.6g}")
    if isinstance(value, str):
        value = words.data_value(value)  # the game's names in the language in use
    return plain(str(value), CELL_WIDTH + 1)


def _cell(shown: str, null: bool, right: bool, width: int) -> Text:
    text = Text(shown, style="dim" if null else "", justify="right" if right else "left", no_wrap=True)
    text.truncate(width, overflow="ellipsis")
    return text


class SchemaTree(Tree[tuple[str, str, str]]):
    """The tables and their columns, each node's data (name, note, meaning): a name
    whole, then its note (a table's kind, a column's type) where it fits whole too."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("history", **kwargs)
        self.show_root = False  # the root is the database: its level of indent is room for the names
        self.labelled_for = -1

    def fill(self, tables: Any) -> None:
        self.clear()
        self.root.expand()
        for table in tables:
            node = self.root.add(table.name, data=(table.name, table.kind, table.doc), expand=False)
            for column in table.columns:
                node.add_leaf(column.name, data=(column.name, column.type.lower(), column.doc))
        self.labelled_for = -1
        self._label_all()

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self.labelled_for:
            self._label_all()

    def _label_all(self) -> None:
        """Every label for the tree's width (before it has one, with every note: it is
        labelled again once it has)."""
        self.labelled_for = self.size.width
        room = self.size.width - self.styles.scrollbar_size_vertical if self.size.width else 1 << 16
        for table in self.root.children:
            self._label(table, room - len(self.ICON_NODE), bold=True)
            for column in table.children:
                self._label(column, room - self.guide_depth, bold=False)

    @staticmethod
    def _label(node: TreeNode[tuple[str, str, str]], room: int, bold: bool) -> None:
        assert node.data is not None
        name, note, _meaning = node.data
        label = Text(name, style="bold" if bold else "")
        gap = "  " if bold else " "
        if cell_len(name + gap + note) <= room:
            label.append(gap + note, style="dim")
        node.set_label(label)
