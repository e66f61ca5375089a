"""The table as a seated player sees it — the board, a panel for every seat, what just
happened, the event log and the decision — whoever keeps the game: this machine (the
play screen, `cwtui.screens.play`) or a game server (`cwtui.screens.online`).

This base draws and asks; its subclasses say how a choice is made (`choose`), taken
back (`take_back`) and what the hint searches from. It reads the game only through
`SeatedGame`, which is all a View-holding client can know.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path, PurePath
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget

from cwtui.game import words
from cwtui.game.session import Ply
from cwtui.lang import N_, _
from cwtui.screens.compact import CompactScreen
from cwtui.screens.hint_whole.hint_whole import HintWholeScreen
from cwtui.screens.seated.decision import DecisionBox
from cwtui.screens.seated.event_logs import EventLogs, Talk
from cwtui.screens.seated.hint_search import HintSearch
from cwtui.screens.seated.option_keys import bound_letters
from cwtui.screens.seated.seat_column import SeatColumn
from cwtui.screens.seated.seated_game import SeatedGame
from cwtui.screens.seated.status_line import StatusLine
from cwtui.screens.seated.table_keys import TABLE_KEYS
from cwtui.screens.seats.seats import SeatsScreen
from cwtui.screens.since.since import SinceScreen
from cwtui.shell.settings import Settings
from cwtui.widgets.footer import Footer
from cwtui.widgets.table import legend
from cwtui.widgets.table.board import Board
from cwtui.widgets.table.event_log import EventLog
from cwtui.widgets.table.marks import NO_MARKS, Marks, changes
from engine.moves import Move
from engine.view import View

CSS = str(Path(__file__).with_name("seated.tcss"))  # absolute: the subclasses live elsewhere


class SeatedScreen(CompactScreen):
    PANES = ("board", "supply", "log")
    CSS_PATH: ClassVar[str | list[str | PurePath]] = CSS
    BINDINGS = TABLE_KEYS
    # The panes' own names, on their borders (in the compact layout with the keys to the others)
    PANE_TITLES = {
        "board": (N_("Board"), N_("F2 board")),
        "supply": (N_("Trophies and Master Anglers"), N_("F3 trophies")),
        "log": (N_("Events"), N_("F6 log")),
    }
    LEGEND = (*legend.TABLE, legend.HINT)
    # The table's own state (status_parts) before the end in sight at every width: an
    # online table's (its room, whom it waits for, a bot playing a seat, an abort
    # proposed) can be long, and the status bar is cut at its end.
    TABLE_STATE_FIRST = False

    def __init__(self, game: SeatedGame, settings: Settings) -> None:
        super().__init__()
        self.game = game
        self.settings = settings
        humans = game.humans
        # Whose secrets may be shown: the only human's, or (hot seat) the seat at the
        # keyboard after its hand-over; None shows public information only.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.breakdown = False
        # What each seat's own last move caught or took, said above its next question
        # and gone once it chooses again (tell_at_once)
        self.news: dict[int, str] = {}
        self.asking: View | None = None  # the decision's position, as the seat to act sees it
        self.drawn_from: View | None = None  # the View the table was last drawn from
        self.drawn_marks: Marks = NO_MARKS  # what its last move changed
        self.hints = HintSearch(lambda: game.hint())  # the game's hint as it is when asked

    # -- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        cards = self.game.cards
        self.seats = SeatColumn(cards, self.seat_order(), id="seats")
        self.boards = [Board(cards, id="board"),
                       Board(cards, title=_("Trophies and Master Anglers"), supply=True, id="supply")]  # fmt: skip
        yield (status := StatusLine(id="status"))
        self.status = status
        with Vertical(id="table"):
            # first, so that in the compact layout it stands above the prompt; in the
            # full layout it is docked to the right, the whole height
            yield self.seats
            with Vertical(id="left"):
                yield from self.boards
                with EventLogs(cards, self.game.names, id="log", classes="pane") as self.logs:
                    yield self.logs.log_of(self.viewer, self.game.history, self.talk())
            self.decision = DecisionBox(self.prompt_top(), reserved=bound_letters(type(self)), id="prompt")
            yield self.decision
        yield self.hints
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
        self.decision.roomy(not compact)
        self.update_status()  # it says less in the compact layout
        self.title_prompt()

    def watch_shown(self, shown: str) -> None:
        """Compact layout: one pane above the prompt — the board, the trophies or the
        log — the whole width. The seats' panels do not fit a pane (11 rows at 80×24;
        yours needs up to 20): F4 and F5 show them over the table (SeatsScreen)."""
        super().watch_shown(shown)
        self.call_after_refresh(self.fit_seats)  # a new size: the column's rows may differ

    def title_prompt(self) -> None:
        """Your zones and cards atop the decision, in the compact layout only (where the
        table shows no panel of yours), for your own seat (DecisionBox.show_yours)."""
        v, private = self.drawn_from, self.viewer
        me = v.seats[private] if self.has_class("-compact") and v is not None and private is not None else None
        self.decision.show_yours(me, self.game.cards, self.drawn_marks)

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
        options = words.in_order(asking, game.legal(), game.cards)
        question = Text.assemble(
            (words.spaced(_("{name}:").format(name=game.names[seat])), "bold"), words.pending(asking, options)
        )
        self.decision.ask(
            asking, question, options, game.cards, (" · " + _("u: undo") if game.can_undo else "") + self.more_keys()
        )
        menu = self.decision.menu
        if self.focused is not menu and not isinstance(self.focused, EventLog):  # a reader of the log keeps it
            menu.focus()
        self.show_since(seat)

    def more_keys(self) -> str:
        """Keys of a subclass's own, for the end of the key line (" · p: talk")."""
        return ""

    def show_since(self, seat: int) -> None:
        """What the others did since `seat`'s last turn, if it is the seat at the keyboard."""
        turn = (seat, self.asking.turn if self.asking is not None else -1)
        game = self.game
        self.decision.show_since(
            words.since_last_turn(game.history, seat), turn, self.viewer == seat, game, self.news.get(seat, "")
        )

    def show_waiting(self, note: str) -> None:
        """No decision at this keyboard: say whom the game waits for."""
        self.decision.waiting(note)

    def show_hint(self, text: Text | None) -> None:
        """The hint takes the line under the options; without one, it explains the keys."""
        self.decision.show_hint(text)

    # -- hints ---------------------------------------------------------------------
    def action_hint(self) -> None:
        asked = self.asking
        if not self.options or asked is None:
            self.action_why_no_hint()
            return
        if self.decision.hint_cut:  # h again: the hint whole
            self.app.push_screen(HintWholeScreen(self.decision.hint_text))
            return
        known = self.hints.ask(asked)
        if known is not None:
            self.hint_found(known)
        else:
            self.show_hint(Text(_("Thinking about a hint…"), style="italic"))

    @on(HintSearch.Found)
    def hint_found(self, message: HintSearch.Found) -> None:
        """The judge's best move for the decision still open (a hint for another
        decision is kept but not shown): highlighted and scrolled into view, and each
        move it weighed marked with the points it gives up, as the review would grade it."""
        if not self.is_attached or message.asked != self.asking or not self.options:
            self.hints.again_for(self.asking)
            return
        self.decision.show_weighed(message.hint)

    @on(EventLogs.Reading)
    def log_read(self, message: EventLogs.Reading) -> None:
        self.decision.show_log_keys(message.reading)

    @property
    def options(self) -> list[Move]:
        """The decision's options, in the order listed (none: no decision here)."""
        return self.decision.options

    def option_keys(self) -> list[str]:
        return self.decision.keys

    # -- choosing --------------------------------------------------------------------
    def action_why_no_hint(self) -> None:
        self.notify(_("A hint is for your own decisions."), severity="warning")

    def action_why_no_undo(self) -> None:
        self.notify(
            _("Nothing to undo: a bait or card was drawn, a fish's back was seen, or another seat played since."),
            severity="warning",
        )

    def action_undo(self) -> None:
        if not (self.game.can_undo and self.options):
            self.action_why_no_undo()
            return
        self.hints.forget()
        self.show_hint(None)
        if self.viewer is not None:
            self.news.pop(self.viewer, None)  # the move taken back said nothing
        self.take_back()

    @on(DecisionBox.Chosen)
    def option_chosen(self, message: DecisionBox.Chosen) -> None:
        if self.viewer is not None:
            self.news.pop(self.viewer, None)
        self.choose(message.move)

    def on_click(self, event: events.Click) -> None:
        target = event.style.meta.get("target")
        if target:
            event.stop()
            self.action_pick(target)

    def action_pick(self, target: str) -> None:
        """A click on the board (DecisionBox.pick)."""
        self.decision.pick(target)

    def on_key(self, event: events.Key) -> None:
        """An option's key chooses it, wherever the focus is (the log's too)."""
        if self.decision.key_pressed(event.character):
            event.stop()

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
        order = self.seat_order()
        self.seats.order(order)
        self.title_prompt()
        for board in self.boards:
            board.show(v, marks)
        self.seats.show(v, private, marks, self.breakdown, order[0])
        self.fit_seats()
        self.update_status()

    def fit_seats(self) -> None:
        """The full layout's column folds the other seats' panels that do not fit."""
        if not self.has_class("-compact") and self.is_mounted:
            self.seats.fit()

    def action_seats(self, which: str) -> None:
        """F4 your panel, F5 the other seats', whole, over the table ("all": every seat's,
        the compact layout's b)."""
        v = self.drawn_from
        if v is None:
            return
        order = self.seat_order()
        seats = {"you": order[:1], "others": order[1:], "all": order}[which]
        if not seats:
            self.notify(_("You are the only seat."), severity="information")
            return
        yours = order[0] if self.viewer is not None else -1
        marks = self.drawn_marks  # what the last move changed in `v`
        self.app.push_screen(SeatsScreen(self.game.cards, v, seats, self.viewer, marks, self.breakdown, yours))

    def status_parts(self) -> list[str]:
        """What the status bar says after where the game stands (subclasses add to it)."""
        return []

    def update_status(self) -> None:
        shown = self.drawn_from or self.game.view_for(self.seat_order()[0])
        compact = self.has_class("-compact")
        self.status.show(shown, self.game.names, self.status_parts(), compact or self.TABLE_STATE_FIRST, compact)

    # Each viewer has its own event log (EventLogs); a move is narrated into every one.
    def talk(self) -> Talk:
        """Table talk for the event logs (an online table's)."""
        return ()

    def rewrite_logs(self) -> None:
        """Every event log written again from the history (moves were taken back)."""
        self.logs.rewrite(self.game.history, self.talk())

    def show_log(self, viewer: int | None) -> None:
        self.logs.show(viewer, self.game.history, self.talk())

    def tell_at_once(self, ply: Ply) -> None:
        """The catches, Master Angler cards and trophies of the seat at the keyboard's own
        move (words.said_at_once), kept for its next question: where its eye is, and
        covering nothing (a toast over the table hid a seat's panel at 120×40, and zones
        5, 6 and the decks at 80×24, while the seat decided). Said to that seat alone,
        weights included: in a hot seat it waits for the seat's own turn at the keyboard."""
        viewer = self.viewer
        if viewer is None:
            return

        def held() -> tuple[str, ...]:  # asked only where the seat's turn ended (words.ended_by_itself)
            """The seat's tackle that could have been played in this turn's windows: held
            before the move and not drawn this step (R6.1: a token drawn at a catch waits
            for the next step; a whole-game read got "nothing to act on" for a fresh Lure),
            and still held after it (not the one just played)."""
            before = self.game.view_before_last(viewer)
            if before is None:
                return ()
            me = before.seats[viewer]
            kinds = me.tackle or ()
            after = self.game.view_for(viewer).seats[viewer].tackle or ()
            return tuple(kind for kind in kinds[: len(kinds) - me.fresh_count] if kind in after)

        ended = words.ended_by_itself(ply.move, ply.events, viewer, held) if ply.seat == viewer else None
        said = words.sentences(filter(None, (words.said_at_once(self.game.cards, ply.events, viewer), ended))) or None
        if said is not None:
            self.news[viewer] = words.sentences(filter(None, (self.news.get(viewer), said)))

    # -- keys ------------------------------------------------------------------------
    def action_since(self) -> None:
        """What the others did since your last turn, whole, however long it is."""
        if not self.decision.since:
            self.notify(_("Nothing yet: the others have not moved since your last turn."), severity="information")
            return
        self.app.push_screen(SinceScreen(self.decision.since))

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
