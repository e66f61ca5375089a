"""History: ask the game history anything in SQL.

The editor runs its query (F5) in a thread worker on a read-only connection, so the
screen stays live and Esc can interrupt DuckDB mid-query. The sidebar holds ready-made
questions, the schema with every column's meaning, and past queries. On opening, new
and changed logs are loaded first, also in a worker. Where nothing is loaded yet (a
fresh folder) the questions are answered by an empty history, with every table, and F9
puts the sample games that come with cwtui in the replays folder and loads them.
"""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import (
    ContentSwitcher,
    OptionList,
    Select,
    Static,
    TabbedContent,
    TabPane,
    TextArea,
    Tree,
)
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from cwtui.game import words
from cwtui.game.saved import DB_NAME, shown_path
from cwtui.history.apart import QueryStopped, default_memory
from cwtui.history.chart import NoChart, chart_for, default_columns, numeric_columns
from cwtui.history.errors import HistoryError
from cwtui.history.loader import LoadReport
from cwtui.history.ready_queries import READY, ReadyQuery
from cwtui.history.recent_queries import FILE_NAME, RecentQueries
from cwtui.history.samples import Samples, add_samples
from cwtui.history.sandbox import ExportFormat, QueryError, QueryResult, export, run_query
from cwtui.history.service import Asked, Damaged, History
from cwtui.lang import N_, _, n_, number
from cwtui.screens.compact import act_unlisted, roomy, roomy_actions
from cwtui.screens.export.export import ExportDialog
from cwtui.screens.history.fitted import ResultTable, SchemaTree
from cwtui.shell.settings import Settings
from cwtui.widgets.chart import BarChart
from cwtui.widgets.footer import Footer

ROW_LIMIT = 500

START_SQL = """\
-- {ask}
-- {keys}
SELECT players, kind, count(*) AS seats, round(100 * avg(won::INTEGER), 1) AS win_pct
FROM results
GROUP BY players, kind
ORDER BY players, win_pct DESC, kind
"""


class Status(Message):
    """A line for the status bar, from a worker."""

    def __init__(self, text: str, error: bool = False) -> None:
        super().__init__()
        self.text = text
        self.error = error


class Loaded(Message):
    """New logs are loaded (or `report` says why not); the schema and game count, the
    database the queries go to (the empty history while there is none), and what asking
    for the samples did (or why it could not)."""

    def __init__(
        self, report: LoadReport | str, schema: Any, games: int, source: Path, samples: Samples | str | None = None
    ) -> None:
        super().__init__()
        self.report = report
        self.schema = schema
        self.games = games
        self.source = source
        self.samples = samples


class QueryDone(Message):
    """A query's end: its `result`, or the `error` to show, or neither (cancelled)."""

    def __init__(self, sql: str, result: QueryResult | None = None, error: str | None = None) -> None:
        super().__init__()
        self.sql = sql
        self.result = result
        self.error = error


class ExportDone(Message):
    def __init__(self, text: str, title: str, failed: bool) -> None:
        super().__init__()
        self.text = text
        self.title = title
        self.failed = failed


class HistoryScreen(Screen[None]):
    CSS_PATH = "history.tcss"
    BINDINGS = [
        Binding("f5,ctrl+r", "run", N_("Run"), id="history.run", priority=True),
        Binding("escape", "cancel_or_back", N_("Cancel/Back"), id="history.escape", priority=True),
        Binding("f6", "toggle_chart", N_("Chart"), id="history.chart", priority=True),
        Binding("f7", "export", N_("Export"), id="history.export", priority=True),
        # The sidebar's keys are listed where there is room (120 columns): at 80 the footer
        # cut "f3 Schema" in half. Narrower, they act unlisted; the tabs show the panes.
        *roomy("f2", "sidebar('ready')", N_("Questions"), id="history.questions", priority=True),
        *roomy("f3", "sidebar('schema')", N_("Schema"), id="history.schema", priority=True),
        *roomy("f4", "sidebar('past')", N_("Past"), id="history.past", priority=True),
        Binding("f8", "focus_editor", N_("Editor"), id="history.editor", priority=True),
        # Not in the footer (no room at 120 columns): the empty history's hint and status
        # line name it, and F1 lists it.
        Binding("f9", "samples", N_("Load the sample games"), id="history.samples", priority=True, show=False),
        # In the editor Ctrl+A selects the whole query, as in other editors (TextArea's
        # own Ctrl+A goes to the line's start, so a new query got glued to the old one).
        Binding("ctrl+a", "select_query", N_("Select all"), id="history.select_all", priority=True, show=False),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "select_query":  # elsewhere Ctrl+A keeps its own meaning
            return self.focused is not None and self.focused.id == "editor"
        narrow = self.has_class("-narrow")
        if action in roomy_actions(type(self)):  # listed only where there is room (see BINDINGS)
            return not narrow
        if action == "unlisted":
            return narrow
        return True

    async def action_unlisted(self, action: str) -> None:
        await act_unlisted(self, action)

    def action_select_query(self) -> None:
        self.query_one("#editor", TextArea).select_all()

    HELP = N_(
        "The editor is DuckDB SQL over the tables under F3 (games, seats, moves, events, catches, "
        "trophies, contests, scores, master_anglers, fish) and the views results, trophy_results "
        "and catch_results. Queries run read-only. Ctrl+R also runs; F6 plots the result (pick the "
        "label and value columns above the chart); F7 exports the whole result, not only the rows shown. "
        "The game's names (species, trophies, bot levels) are shown in your language; a query names them "
        "in English ('Pike', 'first_to_12', 'greedy')."
    )

    def __init__(self, settings: Settings, db: Path | None = None) -> None:
        """The history of the games in `settings.replays`; the editor's text is kept in
        `settings.history_draft` between visits."""
        super().__init__()
        self.settings = settings
        replays = self.replays = settings.replays
        self.db = db or replays / DB_NAME
        self.history = History(self.db, replays)  # loads, overview, queries, rebuilds: cwtui.history.service
        self.source = self.db  # what queries read: the history, or the empty one while there is none
        self.games = -1  # in the history (-1: not yet loaded)
        self.past = RecentQueries(self.db.parent / FILE_NAME)
        self.result: QueryResult | None = None
        self.result_sql = ""
        self.chart_spec: tuple[str | None, str] | None = None
        self.loading_games = True
        self.pending_sql: str | None = None
        self.running: Asked[QueryResult] | None = None  # the query under way, in its process
        self.started = 0.0

    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with TabbedContent(id="sidebar", initial="ready"):
                with TabPane(_("Questions"), id="ready"):
                    yield OptionList(*[Option(self._ready_prompt(q), id=str(i)) for i, q in enumerate(READY)],
                                     id="ready-list")  # fmt: skip
                with TabPane(_("Schema"), id="schema"):
                    yield SchemaTree(id="schema-tree")
                    yield Static("", id="schema-doc")
                with TabPane(_("Past"), id="past"):
                    yield OptionList(id="past-list")
            with Vertical(id="main"):
                yield TextArea.code_editor(self._draft(), language="sql", id="editor", soft_wrap=True)
                yield Static("", id="status")
                with ContentSwitcher(initial="hint", id="output"):
                    yield Static("", id="hint")
                    yield ResultTable(id="table", zebra_stripes=True, cursor_type="row")
                    with Vertical(id="chart-box"):
                        with Horizontal(id="chart-controls"):
                            yield Static("label", classes="control-label")
                            yield Select[str]([], id="chart-label", prompt="label")
                            yield Static("value", classes="control-label")
                            yield Select[str]([], id="chart-value", prompt="value")
                        yield BarChart(id="chart")
                    yield Static("", id="error")
        yield Footer()

    @staticmethod
    def _ready_prompt(query: ReadyQuery) -> Text:
        text = Text(_(query.title), style="bold")
        text.append("\n" + _(query.question), style="dim")
        return text

    def _draft(self) -> str:
        draft = self.settings.history_draft
        if draft is not None:
            return draft
        return START_SQL.format(
            ask=_("Ask the history anything in SQL (DuckDB). F5 runs the query."),
            keys=_("F2: ready-made questions  F3: tables and columns  F4: your past queries"),
        )

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The narrow layout below 120 columns: the sidebar's keys unlisted, and no room
        for the command palette's key in the footer."""
        narrow = self.size.width < 120
        if narrow != self.has_class("-narrow"):
            self.set_class(narrow, "-narrow")
            self.query_one(Footer).show_command_palette = not narrow
            self.refresh_bindings()

    def on_mount(self) -> None:
        self._fit()
        self._show_past()
        self._status(_("Loading new games into the history…"))
        self.query_one("#hint", Static).update(_("Loading…"))
        editor = self.query_one("#editor", TextArea)
        editor.cursor_blink = self.app.animation_level != "none"  # still in tests
        editor.focus()
        self._load(samples=False)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        self.settings.history_draft = event.text_area.text

    def on_unmount(self) -> None:
        self.action_cancel()

    # Loading new logs ------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="history-load")
    def _load(self, samples: bool) -> None:
        """New logs loaded, the sample games first when `samples` (F9)."""

        def progress(done: int, total: int) -> None:
            if total:
                self.post_message(
                    Status(
                        _("Loading new games into the history… {done}/{total}").format(
                            done=number(done), total=number(total)
                        )
                    )
                )

        added: Samples | str | None = None
        if samples:
            try:
                added = add_samples(self.replays)
            except HistoryError as exc:
                added = str(exc)
        try:
            report: LoadReport | str = self.history.refresh(progress)
        except HistoryError as exc:
            report = str(exc)
        try:
            source = self.history.source()
            schema, games = self.history.overview()
        except HistoryError:  # the query that follows says what is wrong with it
            source, schema, games = self.db, None, 0
        self.post_message(Loaded(report, schema, games, source, added))

    @on(Status)
    def _on_status(self, message: Status) -> None:
        self._status(message.text, message.error)

    @on(QueryDone)
    def _on_query_done(self, message: QueryDone) -> None:
        if message.result is not None:
            self._succeeded(message.sql, message.result)
        elif message.error is not None:
            self._failed(message.sql, message.error)
        else:
            self._cancelled(message.sql)

    @on(ExportDone)
    def _on_export_done(self, message: ExportDone) -> None:
        self.notify(message.text, title=message.title, severity="error" if message.failed else "information")

    @on(Loaded)
    def _loaded(self, message: Loaded) -> None:
        report, schema, games = message.report, message.schema, message.games
        self.loading_games = False
        self.source = message.source
        self.games = games
        if isinstance(message.samples, str):
            put = _("Could not put the sample games in {folder}: {reason}")
            self._status(put.format(folder=shown_path(self.replays), reason=message.samples), error=True)
        elif isinstance(report, str):
            self._status(_("Could not load new games: {reason}").format(reason=report), error=True)
        else:
            if games:
                note = n_("{count} game in the history", "{count} games in the history", games).format(
                    count=number(games)
                )
            else:
                note = _("No games in the history yet")
            if report.rebuilt:
                note = _("The history database was damaged and is rebuilt from the logs; {note}").format(note=note)
            if message.samples is not None:
                note = f"{self._samples_note(message.samples)}: {note}"
            elif report.loaded:
                loaded = n_("({count} just loaded)", "({count} just loaded)", report.loaded)
                note += " " + loaded.format(count=number(report.loaded))
            if report.skipped:
                skipped = n_(
                    "{count} damaged log skipped (`cwtui history load` names it)",
                    "{count} damaged logs skipped (`cwtui history load` names them)",
                    len(report.skipped),
                ).format(count=len(report.skipped))
                note += _("; ") + skipped
            self._status(_("{sentence}.").format(sentence=note))
        if schema:
            self.query_one("#schema-tree", SchemaTree).fill(schema)
        self.query_one("#hint", Static).update(self._hint(games))
        if message.samples is not None:  # what a query showed before may have changed
            self.query_one("#output", ContentSwitcher).current = "hint"
        if self.pending_sql is not None:
            sql, self.pending_sql = self.pending_sql, None
            self._start(sql)

    @staticmethod
    def _samples_note(samples: Samples) -> str:
        """What F9 did, before the status line's count (where they go, the hint said)."""
        if samples.left_alone:
            names = ", ".join(shown_path(path) for path, _why in samples.left_alone)
            return _("Not the sample games, so left alone: {files}").format(files=names)
        return _("Sample games loaded") if samples.copied else _("The sample games were there already")

    def _hint(self, games: int) -> Text:
        if games:
            return Text.from_markup(
                _(
                    "Write a query above and press [b]F5[/], or pick a question on the left ([b]F2[/]).\n"
                    "The tables and what every column means are under [b]F3[/]. Results show "
                    "{rows} rows at most; [b]F7[/] exports all of them to CSV or Parquet."
                ).format(rows=ROW_LIMIT)
            )
        folder = shown_path(self.replays)
        return Text.from_markup(
            _(
                "Press [b]F9[/] to load the sample games that come with cwtui: they go into "
                "{folder}, where the home screen's replay list ([b]o[/]) finds them too. Your own games are "
                "loaded here as you play them.\n\n"
                "Every table is here already, empty: a query ([b]F5[/]) answers with no rows, and [b]F3[/] shows "
                "the tables and what every column means."
            ).format(folder=escape(f"{folder}/samples"))  # a folder's name is no markup
        )

    def action_samples(self) -> None:
        if self.loading_games:
            self._status(_("Still loading the history: F9 again once it is loaded."))
            return
        self.loading_games = True
        self._status(_("Putting the sample games in the history…"))
        self._load(samples=True)

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[tuple[str, str, str]]) -> None:
        """The tree is narrow: the highlighted table's or column's meaning shows in full below it."""
        doc = self.query_one("#schema-doc", Static)
        if event.node.data is None:
            doc.update("")
            return
        name, kind, meaning = event.node.data
        text = Text(name, style="bold")
        text.append(f" {kind}\n", style="dim")
        text.append(meaning)
        doc.update(text)

    def on_tree_node_selected(self, event: Tree.NodeSelected[tuple[str, str, str]]) -> None:
        """Enter on a column writes its name into the query at the cursor."""
        if event.node.data is not None and not event.node.allow_expand:
            self.query_one("#editor", TextArea).insert(event.node.data[0])

    def _show_past(self) -> None:
        past = self.query_one("#past-list", OptionList)
        past.clear_options()
        for i, q in enumerate(self.past.queries):
            first = " ".join(q.sql.split())
            text = Text(first[:200])
            text.append(f"\n{q.at[:16].replace('T', ' ')} · {q.outcome}", style="dim")
            past.add_option(Option(text, id=str(i)))

    # Running queries -------------------------------------------------------------------

    def action_run(self) -> None:
        sql = self.query_one("#editor", TextArea).text
        if not sql.strip():
            self._status(_("Nothing to run: write a query first."), error=True)
            return
        if self.loading_games:
            self.pending_sql = sql
            self._status(_("Will run as soon as the new games are loaded…"))
            return
        self._start(sql)

    def _start(self, sql: str) -> None:
        if self.running is not None:
            self._status(_("A query is already running — Esc cancels it."), error=True)
            return
        self.started = time.perf_counter()
        self._status(_("Running… (Esc cancels)"))
        self.set_timer(0.5, self._tick)
        self._query(sql)

    def _tick(self) -> None:
        if self.running is not None:
            self._status(
                _("Running… {seconds} s (Esc cancels)").format(seconds=number(time.perf_counter() - self.started, 1))
            )
            self.set_timer(0.5, self._tick)

    @work(thread=True, exclusive=True, group="history-query")
    def _query(self, sql: str) -> None:
        """The query in a process of its own (cwtui.history.apart): its memory capped,
        and Esc stops it at once, whatever DuckDB is doing."""
        if get_current_worker().is_cancelled:
            return
        memory = default_memory()
        query = self.history.ask(run_query, (self.source, sql, ROW_LIMIT, memory), memory, None)
        self.running = query
        damaged = None
        try:
            result = query.result()
        except Damaged as exc:  # on opening it or by the query: the app's own history, made again
            damaged = str(exc)
        except HistoryError as exc:
            self.post_message(QueryDone(sql, error=str(exc)))
        except QueryStopped:
            self.post_message(QueryDone(sql))
        except QueryError as exc:
            self.post_message(QueryDone(sql, error=str(exc)))
        else:
            self.post_message(QueryDone(sql, result=result))
        finally:
            self.running = None
        if damaged is not None:
            self._rebuild(sql, damaged)

    def _rebuild(self, sql: str, why: str) -> None:
        """The database is a cache of the logs: a damaged one is set aside and made again."""
        self.post_message(Status(_("The history database is damaged: rebuilding it from the logs…")))
        try:
            note = self.history.rebuild(why)
        except HistoryError as exc:
            note = str(exc)
        self.post_message(QueryDone(sql, error=f"{note}.\n" + _("Run the query again (F5).")))

    def action_cancel(self) -> None:
        if self.running is not None:
            self.running.cancel()

    def action_cancel_or_back(self) -> None:
        if self.running is not None:
            self.action_cancel()
        elif self.pending_sql is not None:
            self.pending_sql = None
            self._status(_("Cancelled before it started."))
        else:
            self.app.pop_screen()

    def _succeeded(self, sql: str, result: QueryResult) -> None:
        self.result, self.result_sql = result, sql
        self.chart_spec = next((q.chart for q in READY if q.sql.strip() == sql.strip() and q.chart), None)
        self.past.add(sql, result.shown if result.columns else "done")
        self._show_past()
        if not result.columns:
            self._status(_("Done") + self._took(result.seconds) + words.aside(_("(the statement returns no rows).")))
            self.query_one("#output", ContentSwitcher).current = "hint"
            return
        self.query_one("#table", ResultTable).show(result)
        note = "  " + _("(F7 exports them all)") if result.more else ""
        if self.games == 0:
            note = " — " + _("no games yet: F9 loads the samples")
        self._status(result.shown + self._took(result.seconds) + note)
        output = self.query_one("#output", ContentSwitcher)
        if output.current == "chart-box" and self._prepare_chart():
            return
        output.current = "table"

    def _failed(self, sql: str, message: str) -> None:
        self.past.add(sql, "error")
        self._show_past()
        self._status(_("The query failed — DuckDB says:"), error=True)
        self.query_one("#error", Static).update(Text(message))
        self.query_one("#output", ContentSwitcher).current = "error"

    def _cancelled(self, sql: str) -> None:
        self.past.add(sql, "cancelled")
        self._show_past()
        self._status(_("Cancelled") + self._took(time.perf_counter() - self.started) + ".")

    def _took(self, seconds: float) -> str:
        """' · 0.12 s' — left out when the app is still (snapshot tests), as it varies."""
        return "" if self.settings.still else f" · {number(seconds, 2)} s"

    def _status(self, message: str, error: bool = False) -> None:
        status = self.query_one("#status", Static)
        status.update(message)
        status.set_class(error, "error")

    # Chart -----------------------------------------------------------------------------

    def action_toggle_chart(self) -> None:
        output = self.query_one("#output", ContentSwitcher)
        if output.current == "chart-box":
            output.current = "table" if self.result and self.result.columns else "hint"
        elif self._prepare_chart():
            output.current = "chart-box"

    def _prepare_chart(self) -> bool:
        result = self.result
        if result is None or not result.columns:
            self.notify(_("Run a query first: the chart plots its result."), severity="warning")
            return False
        try:
            label, value = self.chart_spec or default_columns(result)
            chart_for(result, label, value)
        except NoChart as exc:
            self.notify(str(exc), severity="warning")
            return False
        labels = self.query_one("#chart-label", Select)
        values = self.query_one("#chart-value", Select)
        with self.prevent(Select.Changed):
            labels.set_options([("(histogram)", "")] + [(c, c) for c in result.columns])
            labels.value = label or ""
            values.set_options([(c, c) for c in numeric_columns(result)])
            values.value = value
        self._draw_chart(label, value)
        return True

    def _draw_chart(self, label: str | None, value: str) -> None:
        assert self.result is not None
        chart = self.query_one("#chart", BarChart)
        try:
            chart_for(self.result, label, value)
        except NoChart as exc:
            chart.source = None
            self.notify(str(exc), severity="warning")
        else:
            chart.source = (self.result, label, value)

    def on_select_changed(self, event: Select.Changed) -> None:
        if self.result is None or event.value is Select.BLANK:
            return
        label = self.query_one("#chart-label", Select).value
        value = self.query_one("#chart-value", Select).value
        if isinstance(value, str):
            self.chart_spec = (label or None if isinstance(label, str) else None, value)
            self._draw_chart(*self.chart_spec)

    # Export ----------------------------------------------------------------------------

    def action_export(self) -> None:
        if self.result is None or not self.result.columns:
            self.notify(_("Run a query first: export writes its whole result."), severity="warning")
            return
        self.app.push_screen(ExportDialog(self.replays / "exports" / f"query-{export_stamp()}"), self._export_chosen)

    def _export_chosen(self, choice: tuple[ExportFormat, Path] | None) -> None:
        if choice is not None:
            self._export(self.result_sql, *choice)

    @work(thread=True, group="history-export")
    def _export(self, sql: str, fmt: ExportFormat, path: Path) -> None:
        try:
            export(self.source, sql, path, fmt)
        except (HistoryError, QueryError) as exc:
            self.post_message(ExportDone(str(exc), _("Export failed"), failed=True))
            return
        said = _("Wrote {path}").format(path=path)
        self.post_message(ExportDone(said, _("Exported as {format}").format(format=fmt.upper()), failed=False))

    # Sidebar ---------------------------------------------------------------------------

    def action_sidebar(self, tab: str) -> None:
        self.query_one("#sidebar", TabbedContent).active = tab
        target = {"ready": "#ready-list", "schema": "#schema-tree", "past": "#past-list"}[tab]
        self.query_one(target).focus()

    def action_focus_editor(self) -> None:
        self.query_one("#editor", TextArea).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or 0)
        sql = READY[index].sql if event.option_list.id == "ready-list" else self.past.queries[index].sql
        editor = self.query_one("#editor", TextArea)
        # An edit of its own, not load_text: Ctrl+Z brings back what was in the editor
        # (load_text would forget every edit, and parse the SQL grammar's query again)
        editor.history.checkpoint()
        editor.replace(sql, (0, 0), editor.document.end, maintain_selection_offset=False)
        editor.history.checkpoint()
        editor.move_cursor((0, 0))
        editor.focus()
        self.action_run()


def export_stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")
