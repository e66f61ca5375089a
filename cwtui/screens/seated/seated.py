"""The table as a seated player sees it — the board, a panel for every seat, what just
happened, the event log and the decision — whoever keeps the game: this machine (the
play screen, `cwtui.screens.play`) or a game server (`cwtui.screens.online`).

This base draws and asks; its subclasses say how a choice is made (`choose`), taken
back (`take_back`) and what the hint searches from. It reads the game only through
`SeatedGame`, which is all a View-holding client can know.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path, PurePath
from typing import ClassVar, Protocol

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Footer, OptionList
from textual.widgets.option_list import Option

from cwtui.game import words
from cwtui.game.hint import Hint
from cwtui.game.session import Ply
from cwtui.screens.compact import CompactScreen
from cwtui.screens.seats.seats import SeatsScreen
from cwtui.screens.since.since import SinceScreen
from cwtui.shell.settings import Settings
from cwtui.widgets.glyphs import HINT
from cwtui.widgets.hint_line import hint_line
from cwtui.widgets.table import legend
from cwtui.widgets.table.board import Board
from cwtui.widgets.table.event_log import EventLog
from cwtui.widgets.table.marks import NO_MARKS, Marks, changes, only
from cwtui.widgets.table.quiet import NoteLines, QuietOptionList, TextLines
from cwtui.widgets.table.seat import SeatPanel, master_angler_line, zones_line
from engine.cards import Cards
from engine.components import CONTEST_TROPHY
from engine.events import ContestRanked, TrophyTaken
from engine.moves import Move, Present
from engine.view import View

CSS = str(Path(__file__).with_name("seated.tcss"))  # absolute: the subclasses live elsewhere
# Option keys: every letter but the screen's own keys (b, h, p, q, s, u).
OPTION_KEYS = "123456789acdefgijklmnortvwxyz"
LOG_LINES = 500  # the event log keeps the latest moves; the replay has them all
# What the others did since your last turn, above the question: as many lines as it
# takes, up to three (the whole of six two-player turns in seven); F7 shows it all.
SINCE_LINES = 3


class SeatedGame(Protocol):
    """What the table reads of a game: what a seat at it can know."""

    @property
    def names(self) -> list[str]: ...
    @property
    def cards(self) -> Cards: ...
    @property
    def humans(self) -> list[int]:
        """The human seats played at this keyboard."""
        ...

    @property
    def history(self) -> list[Ply]: ...
    @property
    def to_act(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def ply(self) -> int: ...
    @property
    def can_undo(self) -> bool: ...
    @property
    def path(self) -> Path | None: ...
    def is_human(self, seat: int) -> bool: ...
    def legal(self) -> list[Move]: ...
    def view_for(self, seat: int) -> View: ...
    def view_before_last(self, seat: int) -> View | None:
        """The position before the last move as `seat` saw it (its marks), if any."""
        ...

    def hint(self) -> Hint:
        """The hint on the decision open (cwtui.game.hint)."""
        ...


BOARD_TIP = "Angler spaces, locations, decks"
SUPPLY_TIP = "Trophies, tiles, Master Anglers"


def key_ranges(keys: Sequence[str]) -> str:
    """The option keys given, as runs in the keys' order: "1–3, 5–8" where a decision
    that goes on kept its keys (a key line said "1–8" over seven options). A run is
    unbroken in the alphabet too: "1–9, a, c–d", not "1–d", which reads as b included
    (b is the score sheet's key, h the hint's)."""
    given = sorted((k for k in keys if k), key=OPTION_KEYS.index)
    runs: list[list[str]] = []
    for key in given:
        if runs and ord(key) == ord(runs[-1][-1]) + 1:
            runs[-1].append(key)
        else:
            runs.append([key])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)


class SeatedScreen(CompactScreen):
    PANES = ("board", "supply", "log")
    CSS_PATH: ClassVar[str | list[str | PurePath]] = CSS
    BINDINGS = [
        Binding("q", "leave", "Home", id="play.home", tooltip="Back to the home screen; the game is saved"),
        # Undo acts only until a draw; when it cannot, it says why (the footer is the
        # same from move to move: rebuilding it costs a layout of the screen).
        Binding("u", "undo", "Undo", id="play.undo", tooltip="Take back your last move (until a draw or another seat)"),
        Binding(
            "h",
            "hint",
            "Hint",
            id="play.hint",
            tooltip="What the review's judge would play now, what the others give up, and why",
        ),
        Binding("b", "breakdown", "Scores", id="play.scores", tooltip="Each seat's score, item by item"),
        Binding("h", "why_no_hint", show=False, id="play.hint.unlisted"),  # at a table of no human: says why
        # The panes' keys act in the compact layout only, and each pane's border names
        # the others' there (`title_panes`): the footer's room at 80 columns goes to the
        # keys of the game (issue 52.1: u, b, F7, p and s were dropped for these).
        Binding("f2", "show('board')", "Board", id="play.pane.board", tooltip=BOARD_TIP, show=False),
        Binding("f3", "show('supply')", "Trophies", id="play.pane.supply", tooltip=SUPPLY_TIP, show=False),
        Binding("f4", "seats('you')", "You", id="play.pane.you", tooltip="Your panel, whole"),
        Binding("f5", "seats('others')", "Seats", id="play.pane.seats", tooltip="The other seats' panels, whole"),
        Binding("f6", "show('log')", "Log", id="play.pane.log", tooltip="The event log", show=False),
        Binding("f7", "since", "Since", id="play.since", tooltip="What the others did since your last turn, whole"),
    ]
    # The panes' own names, on their borders (in the compact layout with the keys to the others)
    PANE_TITLES = {
        "board": ("Board", "F2 board"),
        "supply": ("Trophies and Master Anglers", "F3 trophies"),
        "log": ("Events", "F6 log"),
    }
    LEGEND = "\n\n".join((legend.TABLE, legend.HINT))
    # The table's own state (status_parts) before the end in sight at every width: an
    # online table's (its room, whom it waits for, a bot playing a seat, an abort
    # proposed) can be long, and the status bar is cut at its end.
    TABLE_STATE_FIRST = False

    class HintFound(Message):
        """The judge's best move for the decision `asked` (its View) and the two weighed
        after it, from its worker."""

        def __init__(self, asked: View, hint: Hint) -> None:
            super().__init__()
            self.asked = asked
            self.hint = hint

    def __init__(self, game: SeatedGame, settings: Settings) -> None:
        super().__init__()
        self.game = game
        self.settings = settings
        humans = game.humans
        # Whose secrets may be shown: the only human's, or (hot seat) the seat at the
        # keyboard after its hand-over; None shows public information only.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.options: list[Move] = []
        self.keys: list[str] = []  # each option's key (`keyed`)
        self.previous: list[Move] = []  # the options the keys were given to
        self.keyed_at: tuple[int, str, int] | None = None  # the decision the keys are of: seat, phase, ply
        self.breakdown = False
        self.asking: View | None = None  # the decision's position, as the seat to act sees it
        self.drawn_from: View | None = None  # the View the table was last drawn from
        self.drawn_marks: Marks = NO_MARKS  # what its last move changed
        self.keys_help = Text("")  # what check_action depends on, when the footer was drawn
        self.since: list[tuple[str | None, list[str]]] = []  # what the others did, by seat (None: the table)
        self.since_turn: tuple[int, int] | None = None  # whose turn `since` is shown for (seat, turn)
        self.yours_key: object = None  # what #yours shows (title_prompt)
        # One hint search at a time, one per decision: the decision being searched, the
        # one the player last asked about, and the last hint found (the same decision
        # gets the same hint: its search is seeded by the position).
        self.hint_searching: View | None = None
        self.hint_wanted: View | None = None
        self.hinted: SeatedScreen.HintFound | None = None

    # -- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        cards = self.game.cards
        # kept, not queried: they are drawn after every move
        self.panels = [SeatPanel(cards, seat, id=f"seat-{seat}") for seat in self.seat_order()]
        self.boards = [Board(cards, id="board"),
                       Board(cards, title="Trophies and Master Anglers", supply=True, id="supply")]  # fmt: skip
        yield TextLines(id="status")
        with Vertical(id="table"):
            # first, so that in the compact layout it stands above the prompt; in the
            # full layout it is docked to the right, the whole height
            with VerticalScroll(id="seats"):
                yield from self.panels
            with Vertical(id="left"):
                yield from self.boards
                with Vertical(id="log", classes="pane"):
                    yield self.new_log(self.viewer)
            # A box of fixed height: a new decision lays out the prompt only when what the
            # others did or the question takes another number of lines; the options
            # take every row those leave (they scroll, and the key line says so)
            with Vertical(id="prompt"):
                yield from self.prompt_top()
                yield NoteLines(2, id="yours", cut_note="F4: all")  # the compact layout's (title_prompt)
                yield NoteLines(SINCE_LINES, id="since", cut_note="F7: all")
                yield NoteLines(2, id="question")
                yield QuietOptionList(id="options")
                yield NoteLines(3, id="keys")  # a line; a hint and its reasons, up to three
        yield Footer(compact=True)

    def prompt_top(self) -> Iterable[Widget]:
        """What a subclass shows at the top of the decision's box (a lesson's words)."""
        return ()

    def seat_order(self) -> list[int]:
        """Your panel first, then the others in turn order from you."""
        n = len(self.game.names)
        first = self.viewer if self.viewer is not None else (self.game.humans or [0])[0]
        return [(first + i) % n for i in range(n)]

    def on_mount(self) -> None:
        self.update_layout(self.size.width, self.size.height)
        self.refresh_panes()
        self.advance()

    def update_layout(self, width: int, height: int) -> None:
        """The board keeps 80 columns (a zone card fits "Rainbow Trout"); the seats'
        panels take the rest, 40 to 76 columns."""
        super().update_layout(width, height)
        compact = self.has_class("-compact")
        self.query_one("#seats").styles.width = "1fr" if compact else max(40, min(76, width - 80))
        # the decision's box: a fixed height (a new decision then needs no layout), a
        # third of a tall screen; compact, every row the board leaves (it takes 10): at
        # 24, what the others did, the question, four or more options and the keys
        self.query_one("#prompt").styles.height = max(11, height - 2 - 10) if compact else max(13, min(20, height // 3))
        self.update_status()  # it says less in the compact layout
        self.title_prompt()

    def watch_shown(self, shown: str) -> None:
        """Compact layout: one pane above the prompt — the board, the trophies or the
        log — the whole width. The seats' panels do not fit a pane (11 rows at 80×24;
        yours needs up to 20): F4 and F5 show them over the table (SeatsScreen)."""
        for pane_id in self.PANES:
            self.query_one(f"#{pane_id}").set_class(pane_id == shown, "-shown")
        self.query_one("#left").set_class(True, "-shown")
        self.title_panes()
        self.call_after_refresh(self.fit_seats)  # a new size: the column's rows may differ

    def title_panes(self) -> None:
        """Each pane's name on its border; in the compact layout, with the keys that show
        the others there, as tabs say it (the footer's room is the game's keys')."""
        compact = self.has_class("-compact")
        for pane, (name, _key) in self.PANE_TITLES.items():
            others = [key for other, (_name, key) in self.PANE_TITLES.items() if other != pane]
            title = " · ".join((name, *others)) if compact else name
            widget = self.query_one(f"#{pane}")
            if widget.border_title != title:  # setting it repaints the pane, even to the same title
                widget.border_title = title

    def title_prompt(self) -> None:
        """In the compact layout, where your panel is not on the table (F4 shows it), the
        decision's first lines say what its options name of yours: your zones, then your
        Master Angler cards, each whole, on a second line when they do not fit beside the
        zones (issue 52.1: a player pressed F4 and Esc before every choice; a second card
        was cut to "Conger Eel …" where an option put bait on it). Empty where the table
        shows your panel, or it has no seat of yours (a spectator, a bot's turn at a hot
        seat). A line of its own: it
        changes at most moves and repaints alone, where a title on the box's border made
        Textual draw the border again with every line under it (2 ms a move at 80x24)."""
        v, private = self.drawn_from, self.viewer
        me = v.seats[private] if self.has_class("-compact") and v is not None and private is not None else None
        # What the line shows, as the seat panel keys its parts: built and drawn again
        # only when it changes (your moves, mostly), not after every move (1 ms at 80x24)
        marks = self.drawn_marks
        width = self.query_one("#yours").content_region.width  # whether the cards fit beside the zones
        key = (
            None
            if me is None
            else (me.board, me.master_anglers, only(marks, f"zone:{me.seat}:", f"ma:{me.seat}:"), width)
        )
        if key == self.yours_key:
            return
        self.yours_key = key
        yours = Text()
        if me is not None:
            yours = Text.assemble(("You ", "dim"), zones_line(me, marks))
            cards = master_angler_line(me, self.game.cards, marks)
            if cards:
                beside = yours.cell_len + 2 + cards.cell_len <= width
                yours.append("  " if beside else "\n")
                yours.append_text(cards)
        self.query_one("#yours", TextLines).update(yours)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "seats" and parameters == ("you",):  # the full layout shows your panel whole
            return self.has_class("-compact")
        return super().check_action(action, parameters)

    def can(self, action: str) -> bool:
        """The footer lists the keys that act on this screen, and is the same from move to
        move (rebuilding it costs a layout of the screen): u is listed while it cannot
        act too, and says why; the prompt's key line offers it when it can."""
        if action in ("hint", "undo"):  # a table with no human seat (a spectator, bots only): no decision
            return bool(self.game.humans)
        return True

    # -- the game --------------------------------------------------------------------
    def advance(self) -> None:
        """Ask the next decision, wait for another seat, or show the results (subclasses)."""
        raise NotImplementedError

    def choose(self, move: Move) -> None:
        """The seat at the keyboard chose `move` (subclasses play or send it)."""
        raise NotImplementedError

    def take_back(self) -> None:
        """Undo the seat's last move (subclasses; called only while it can be)."""
        raise NotImplementedError

    def ask(self) -> None:
        game = self.game
        seat = game.to_act
        drawn = self.drawn_from  # the table's View, when it is this seat's now (one View a move, not two)
        fresh = drawn is not None and drawn.seat == seat and drawn.ply == game.ply
        self.asking = asking = drawn if fresh and drawn is not None else game.view_for(seat)
        self.options = list(game.legal())
        if asking.phase == "present":  # heaviest presentation first
            weight = game.cards.fish_weight

            def heaviest(m: Move) -> tuple[int, int]:
                fish = m.fish if isinstance(m, Present) else ()
                return -sum(weight[f] for f in fish), len(fish)

            self.options.sort(key=heaviest)
        self.keys = self.keyed(asking)
        self.query_one("#question", TextLines).update(
            Text.assemble((f"{game.names[seat]}: ", "bold"), words.pending(asking, self.options))
        )
        menu = self.query_one("#options", OptionList)
        menu.set_options(Option(self.option_prompt(i)) for i in range(len(self.options)))
        menu.highlighted = 0
        if self.focused is not menu and not isinstance(self.focused, EventLog):  # a reader of the log keeps it
            menu.focus()
        self.show_since(seat)
        self.keys_help = self.key_line()
        self.show_hint(None)

    def key_line(self) -> Text:
        """How to choose; with options past the list's last row, how many there are."""
        last = len(self.options)
        keys = key_ranges(self.keys) or "1"
        undo = (" · u: undo" if self.game.can_undo else "") + self.more_keys()
        if self.query_one("#options", QuietOptionList).overflowing:
            # past "1–9, a" the runs skip the table's own keys (b, h…) and took two lines
            # at 80 columns ("1–9, a, c–g, i–o, r, t, v–z"): each option shows its key
            keys = keys if keys.count(",") <= 1 else "its key,"
            return Text.assemble(
                (f"{last} options: ↑↓ for the rest", "bold"), (f" · {keys} Enter or a click · h: hint{undo}", "dim")
            )
        return Text(f"{keys}: choose · ↑↓ Enter · or click the board · h: hint{undo}", style="dim")

    def more_keys(self) -> str:
        """Keys of a subclass's own, for the end of the key line (" · p: talk")."""
        return ""

    @on(QuietOptionList.Overflowing)
    def options_overflowing(self) -> None:
        """The list holds more options than it shows, or no longer does (new options, or
        the lines above it took or gave back rows): the key line says how many."""
        if not self.options:
            return
        showing_keys = self.query_one("#keys", TextLines).text is self.keys_help
        self.keys_help = self.key_line()
        if showing_keys:  # not a hint
            self.show_hint(None)

    def show_since(self, seat: int) -> None:
        """At the start of a turn: what the other seats did since this seat's last turn,
        and what a server's bot did for this seat meanwhile (its player was away or out
        of time), marked as the bot's; kept until the turn ends. A strip that came at a
        turn's first decision and went at its second cost the screen two layouts a turn
        (issue 52.12: the table drew a move slower than before the strip)."""
        recent: list[Ply] = []
        for ply in reversed(self.game.history):
            if ply.seat == seat and ply.stand_in is None:
                # presenting last, the seat's own move closed a contest (R10.2): its
                # ranking and trophies came after the choice, and the strip left them out
                if any(isinstance(e, ContestRanked) for e in ply.events):
                    recent.append(ply)
                break
            recent.append(ply)
        turn = (seat, self.asking.turn if self.asking is not None else -1)
        if not recent and self.since_turn == turn:
            return  # this seat has moved this turn: what came before the turn stands
        if not recent or self.viewer != seat:
            self.since, self.since_turn = [], None
            self.query_one("#since", TextLines).update("")
            return
        self.since, self.since_turn = words.since_runs(self.game.cards, self.game.names, recent[::-1], seat), turn
        told = " · ".join(words.run_said(who, what) for who, what in self.since)
        self.query_one("#since", TextLines).update(Text.assemble(("Since your last turn: ", "bold"), told))

    def blank_since(self) -> None:
        """The strip emptied, its rows kept: while the others play, no option needs them,
        and the next turn's strip (three lines, mostly) then costs the screen no layout."""
        since = self.query_one("#since", TextLines)
        rows = len(since.strips)
        since.update(Text("\n" * (rows - 1)) if rows else "")
        self.since, self.since_turn = [], None

    def show_waiting(self, note: str) -> None:
        """No decision at this keyboard: say whom the game waits for."""
        self.query_one("#question", TextLines).update(Text(note, style="italic"))
        self.keys_help = Text("")
        self.show_hint(None)
        menu = self.query_one("#options", OptionList)
        # cleared, not disabled: the list keeps the focus (a focus change rebuilds the
        # footer, which costs a layout of the screen)
        menu.clear_options()
        self.options, self.keys = [], []
        self.blank_since()

    # -- hints ---------------------------------------------------------------------
    def action_hint(self) -> None:
        """A search per decision, one at a time: every h searched before, and a thread
        worker cancelled runs on to its end, so a player pressing h — or a browser's
        guest, whose searches run on the server's machine — started search after search."""
        asked = self.asking
        if not self.options or asked is None:
            self.action_why_no_hint()
            return
        if self.hinted is not None and self.hinted.asked == asked:
            self.hint_found(self.hinted)
            return
        self.show_hint(Text("Thinking about a hint…", style="italic"))
        self.hint_wanted = asked
        if self.hint_searching is None:  # else the search under way answers, then this one starts
            self.hint_searching = asked
            self.find_hint(asked)

    @work(thread=True, group="hint")
    def find_hint(self, asked: View) -> None:
        self.post_message(self.HintFound(asked, self.game.hint()))

    @on(HintFound)
    def hint_found(self, message: HintFound) -> None:
        """The judge's best move for the decision still open (a hint for another
        decision is kept but not shown): highlighted and scrolled into view, and each
        move it weighed marked with the points it gives up, as the review would grade it."""
        if message.asked is self.hint_searching:
            self.hint_searching = None
        self.hinted = message
        wanted = self.hint_wanted
        if not self.is_attached or message.asked != self.asking or not self.options:
            if wanted is not None and wanted == self.asking and self.hint_searching is None:
                self.hint_searching = wanted  # asked while another decision's search ran
                self.find_hint(wanted)
            return
        keys, menu = self.option_keys(), self.query_one("#options", QuietOptionList)
        hint = message.hint
        top = [(self.options.index(w.move), w) for w in hint.weighed]
        for rank, (index, w) in enumerate(top):
            menu.replace_option_prompt_at_index(index, self.option_prompt(index, words.hint_mark(w, rank == 0)))
        said = hint_line([keys[index] or "·" for index, _w in top], hint.weighed, hint.does)
        if menu.overflowing:  # the key line it replaces said so
            said.append(f" · ↑↓ {len(self.options)} options", style="dim")  # short: it ends a hint that may be cut
        self.show_hint(said)
        menu.highlighted = top[0][0]
        menu.named = (min(index for index, _w in top), max(index for index, _w in top))
        # after the layout the hint's lines make: scrolled now, the list's box then lost
        # rows and the pick could fall below it (seen at 80x24: "would play 6" with
        # options 3-5 in view)
        self.call_after_refresh(menu.show_named)

    # The key line while the event log has the focus: the arrows scroll it, not the
    # options (a whole-game read: after Tab the line still said "↑↓ Enter").
    LOG_KEYS = Text("Log: ↑↓ PgUp PgDn Home scroll it, End follows the game · Tab: the options", style="dim")

    @on(events.DescendantFocus)
    def log_focused(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, EventLog):
            self.query_one("#keys", TextLines).update(self.LOG_KEYS)

    @on(events.DescendantBlur)
    def log_left(self, event: events.DescendantBlur) -> None:
        if isinstance(event.widget, EventLog) and self.query_one("#keys", TextLines).text is self.LOG_KEYS:
            self.show_hint(None)

    def show_hint(self, text: Text | None) -> None:
        """The hint takes the line under the options; without one, it explains the keys."""
        self.query_one("#keys", TextLines).update(text or self.keys_help)
        if text is None:  # the options a hint named are no longer kept in view
            self.query_one("#options", QuietOptionList).named = None

    def option_prompt(self, index: int, note: str = "") -> Text:
        key = self.option_keys()[index]
        assert self.asking is not None  # options exist only while a decision is asked
        label = words.option(self.asking, self.game.cards, self.options[index])
        prompt = Text.assemble((f"{key} ", "bold"), label)
        if note:
            mark = Text(f" {note} ", style=HINT)
            width = self.query_one("#options", OptionList).scrollable_content_region.width
            # after the label's last line where it fits; else on a line of its own (it broke
            # over two after a full line, "◀ 100%" / "win", and before the label it read
            # as the key's)
            last = prompt.wrap(self.app.console, max(1, width))[-1] if width > 0 else prompt
            prompt.append("  " if last.cell_len + 2 + mark.cell_len <= width else "\n  ")
            prompt.append_text(mark)
        return prompt

    def option_keys(self) -> list[str]:
        return self.keys

    def keyed(self, asking: View) -> list[str]:
        """Each option's key: 1–9, then letters, in the list's order — but a decision that
        goes on the seat's last one (the Port's second action, the next bait) keeps each
        option it still offers under the key it had, and gives the new ones the keys left
        free. A newcomer's read: after a refill the list renumbered, and '3' (zone 5 a
        moment before) refilled zone 6."""
        at = (asking.to_act, asking.phase, asking.ply)
        before = self.keyed_at
        # the decision asked again (a redraw) keeps its keys too
        goes_on = before is not None and before[:2] == at[:2] and at[2] - before[2] in (0, 1)
        kept = dict(zip(self.previous, self.keys, strict=False)) if goes_on else {}
        self.keyed_at = at
        self.previous = list(self.options)
        keys = [kept.get(m, "") for m in self.options]
        free = iter(k for k in OPTION_KEYS if k not in keys)
        return [k or next(free, "") for k in keys]

    # -- choosing --------------------------------------------------------------------
    def action_why_no_hint(self) -> None:
        self.notify("A hint is for your own decisions.", severity="warning")

    def action_why_no_undo(self) -> None:
        self.notify(
            "Nothing to undo: a bait or card was drawn, a fish's back was seen, or another seat played since.",
            severity="warning",
        )

    def action_undo(self) -> None:
        if not (self.game.can_undo and self.options):
            self.action_why_no_undo()
            return
        self.hint_wanted = None
        self.show_hint(None)
        self.take_back()

    @on(OptionList.OptionSelected, "#options")
    def option_chosen(self, event: OptionList.OptionSelected) -> None:
        if 0 <= event.option_index < len(self.options):
            self.choose(self.options[event.option_index])

    def on_click(self, event: events.Click) -> None:
        target = event.style.meta.get("target")
        if target:
            event.stop()
            self.action_pick(target)

    def action_pick(self, target: str) -> None:
        """A click on the board: play the option it names, or point at the options that
        name it when there are several (say, a fish taken with or without the Rod)."""
        matches = [i for i, move in enumerate(self.options) if target in words.targets(move)]
        if not matches:
            if self.options:
                self.notify("That is not one of the options now.", severity="warning")
            return
        if len(matches) == 1:
            self.choose(self.options[matches[0]])
        else:
            self.query_one("#options", OptionList).highlighted = matches[0]

    def on_key(self, event: events.Key) -> None:
        if not self.options or event.character is None:
            return
        keys = self.option_keys()
        if event.character in keys:
            event.stop()
            self.choose(self.options[keys.index(event.character)])

    # -- drawing ---------------------------------------------------------------------
    def table_view(self) -> tuple[View, int | None]:
        """The View the table is drawn from, and whose secrets it may show."""
        seat = self.viewer if self.viewer is not None else self.seat_order()[0]
        return self.game.view_for(seat), self.viewer

    def refresh_panes(self) -> None:
        v, private = self.table_view()
        before = self.game.view_before_last(v.seat)
        marks: Marks = NO_MARKS if before is None else changes(before, v)
        self.drawn_from, self.drawn_marks = v, marks
        self.order_panels()
        self.title_prompt()
        for board in self.boards:
            board.show(v, marks)
        yours = self.seat_order()[0]
        for panel in self.panels:
            panel.show(
                v, private == panel.seat, marks, self.breakdown, yours=panel.seat == yours and private is not None
            )
        self.fit_seats()
        self.update_status()

    def order_panels(self) -> None:
        """The seats' column in `seat_order`: yours first (at a hot seat, the seat at the
        keyboard's), the others in turn order from you. The column was ordered once,
        for the first human, so the second's own panel stood below the others' and was
        the first folded on their own turn (issue 52.4)."""
        order = self.seat_order()
        if [panel.seat for panel in self.panels] == order:
            return
        by_seat = {panel.seat: panel for panel in self.panels}
        self.panels = [by_seat[seat] for seat in order]
        column = self.query_one("#seats")
        for place, panel in enumerate(self.panels):
            column.move_child(panel, before=place)

    def fit_seats(self) -> None:
        """The full layout's column shows every panel whole, or collapses the other seats'
        that do not fit — the last in turn order from you first — to a line of summary
        (F5 shows them whole). Yours is never collapsed. A layout only when one collapses
        or opens again (rare: panels grow a line now and then)."""
        if self.has_class("-compact") or not self.is_mounted:
            return
        room = self.query_one("#seats").content_region.height
        whole = [panel.whole_height() for panel in self.panels]
        if room <= 0 or None in whole:
            return  # not laid out yet: called again once it is (watch_shown, a resize)
        need = sum(h or 0 for h in whole)
        collapse: set[int] = set()
        for panel, height in reversed(list(zip(self.panels, whole, strict=True))[1:]):
            if need <= room:
                break
            collapse.add(panel.seat)
            need -= (height or 0) - (panel.folded_height() or 0)
        for panel in self.panels:
            panel.collapse(panel.seat in collapse)

    def action_seats(self, which: str) -> None:
        """F4 your panel, F5 the other seats', whole, over the table ("all": every seat's,
        the compact layout's b)."""
        v = self.drawn_from
        if v is None:
            return
        order = self.seat_order()
        seats = {"you": order[:1], "others": order[1:], "all": order}[which]
        if not seats:
            self.notify("You are the only seat.", severity="information")
            return
        before = self.game.view_before_last(v.seat)
        marks: Marks = NO_MARKS if before is None else changes(before, v)
        yours = order[0] if self.viewer is not None else -1
        self.app.push_screen(SeatsScreen(self.game.cards, v, seats, self.viewer, marks, self.breakdown, yours))

    def status_parts(self) -> list[str]:
        """What the status bar says after where the game stands (subclasses add to it)."""
        return []

    def update_status(self) -> None:
        shown = self.drawn_from or self.game.view_for(self.seat_order()[0])
        parts = [words.whose_turn(shown, self.game.names), *self.status_parts()]
        if shown.end_trigger < 0 and shown.phase not in ("present", "over"):
            # after where the game stands; at 80 columns after the table's own state too
            # (an online room and whom it waits for), which the cut must not take, and
            # so at any width where that state says more (TABLE_STATE_FIRST)
            compact = self.has_class("-compact")
            last = compact or self.TABLE_STATE_FIRST
            parts.insert(len(parts) if last else 1, words.end_in_sight(shown, short=compact))
        self.query_one("#status", TextLines).update(Text(" " + " · ".join(parts), style="bold"))

    # Each viewer has its own event log (hot seat: what one player saw of their own
    # catches must not be on screen for the next); a move is narrated into every log.
    def new_log(self, viewer: int | None) -> EventLog:
        log = EventLog(LOG_LINES, id=f"log-{viewer}", classes="events")
        self.write_history(log, viewer)
        return log

    def write_history(self, log: EventLog, viewer: int | None) -> None:
        for ply in self.game.history[-LOG_LINES:]:
            for line in self.ply_lines(ply, viewer):
                log.write(line)

    def rewrite_logs(self) -> None:
        """Every event log written again from the history (moves were taken back)."""
        for log in self.query(EventLog):
            log.clear()
            self.write_history(log, log_viewer(log))

    def show_log(self, viewer: int | None) -> None:
        logs = self.query_one("#log")
        if not logs.query(f"#log-{viewer}"):
            logs.mount(self.new_log(viewer))
        for log in logs.query(EventLog):
            log.display = log.id == f"log-{viewer}"

    @on(EventLog.Following)
    def log_following(self, message: EventLog.Following) -> None:
        """A log scrolled up says how to come back to the newest lines."""
        if message.log.display:
            self.query_one("#log").border_subtitle = "" if message.following else "scrolled up · End: newest"

    def log_ply(self, ply: Ply) -> None:
        for log in self.query(EventLog):
            for line in self.ply_lines(ply, log_viewer(log)):
                log.write(line)

    def tell_trophies(self, ply: Ply) -> None:
        """A trophy the seat at the keyboard takes during play (R8) is said at once, over
        the table: in the event log alone a newcomer took three Mystery Weights without
        noticing. One toast a move, however many trophies it took (toasts stacked over the
        decision); none for a contest's trophy (R10), which the contest's own lines and the
        results say, nor in the compact layout, where a toast covers the options."""
        if self.has_class("-compact") or self.game.over:
            return
        taken = [
            f"{words.TROPHY_NAMES.get(e.trophy, e.trophy)} ({e.points} VP)"
            for e in ply.events
            if isinstance(e, TrophyTaken) and e.seat == self.viewer and e.trophy not in CONTEST_TROPHY
        ]
        if taken:
            said = taken[0] if len(taken) == 1 else ", ".join(taken[:-1]) + " and " + taken[-1]
            self.notify(f"You take the {said} {'trophy' if len(taken) == 1 else 'trophies'}.", title="Trophy")

    def ply_lines(self, ply: Ply, viewer: int | None) -> list[str | Text]:
        """A ply in the event log of `viewer`: the mover's line says so where a server's
        bot played it for the seat."""
        lines: list[str | Text] = list(
            words.narrate(self.game.cards, self.game.names, ply.seat, ply.move, ply.events, viewer)
        )
        if ply.stand_in is not None and lines:
            lines[0] = Text.assemble(lines[0], (f" (a bot, for {words.STAND_IN_WHY[ply.stand_in]})", "italic"))
        return lines

    def log_note(self, text: str) -> None:
        """A line in every event log that is not a move (a take-back, a seat leaving)."""
        for log in self.query(EventLog):
            log.write(Text(text, style="italic"))

    def refused(self, reason: str, rule: str | None) -> None:
        """A move refused: why in words first, then the rule's code, which F1's r opens
        (`cited`: the rule the screen last cited)."""
        if rule is None:
            self.notify(reason, title="Not allowed", severity="error")
            return
        self.cited = rule
        self.notify(f"{reason} ({rule}: F1, then r, shows the rule)", title="Not allowed", severity="error")

    # -- keys ------------------------------------------------------------------------
    def action_since(self) -> None:
        """What the others did since your last turn, whole, however long it is."""
        if not self.since:
            self.notify("Nothing yet: the others have not moved since your last turn.", severity="information")
            return
        self.app.push_screen(SinceScreen(self.since))

    def action_breakdown(self) -> None:
        """Each score made up item by item, on the panels. In the compact layout, where
        no panel is on the table, every seat's panel over it, broken down (b did
        nothing a player could see at 80x24)."""
        if self.has_class("-compact"):
            self.breakdown = True
            self.refresh_panes()
            self.action_seats("all")
            return
        self.breakdown = not self.breakdown
        self.refresh_panes()


def log_viewer(log: EventLog) -> int | None:
    """Whose event log it is (`new_log` names it log-SEAT, log-None for public)."""
    return None if log.id == "log-None" else int((log.id or "log-0").removeprefix("log-"))
