"""Play: the table as a player sees it — the board, a panel for every seat, what just
happened, the event log and the decision.

The screen drives the game: a human's choice comes from the prompt, a bot's from a
thread worker; every move goes through GameSession.play. With more than one human at
the keyboard, a hand-over screen hides everything between them, and private information
(fish weights, times and tags, tackle kinds) is shown only for the seat at the keyboard;
during bots' turns only public information is shown.
"""

from __future__ import annotations

import time

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Footer, OptionList
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from cwtui import words
from cwtui.crash import crash_line, write_report
from cwtui.navigation import ShowResults
from cwtui.screens.compact import CompactScreen
from cwtui.screens.handover.handover import HandoverScreen
from cwtui.session import GameSession, Ply
from cwtui.settings import BOT_SPEEDS, Settings
from cwtui.widgets.glyphs import HINT
from cwtui.widgets.table import legend
from cwtui.widgets.table.board import Board
from cwtui.widgets.table.event_log import EventLog
from cwtui.widgets.table.marks import NO_MARKS, Marks, changes
from cwtui.widgets.table.quiet import QuietOptionList, TextLines
from cwtui.widgets.table.seat import SeatPanel
from engine import IllegalMove
from engine.bots import Decision
from engine.bots import Option as BotOption
from engine.moves import Move, Present
from engine.state import State
from engine.view import View, view

# Option keys: every letter but the screen's own keys (b, h, p, q, s, u).
OPTION_KEYS = "123456789acdefgijklmnortvwxyz"
HINT_SHOWN = 3
LOG_LINES = 500  # the event log keeps the latest moves; the replay has them all


class PlayScreen(CompactScreen):
    PANES = ("board", "supply", "you", "seats", "log")
    CSS_PATH = "play.tcss"
    BINDINGS = [
        Binding("q", "leave", "Home", id="play.home", tooltip="Back to the home screen; the game is saved"),
        Binding(
            "u",
            "undo",
            "Undo",
            id="play.undo",
            show=False,  # acts only until a draw: offered in the prompt's key line
            tooltip="Take back your last move (until a draw or another seat)",
        ),
        Binding("h", "hint", "Hint", id="play.hint", tooltip="What the hard bot would play now, and why"),
        Binding("b", "breakdown", "Scores", id="play.scores", show=False, tooltip="Each seat's score, item by item"),
        Binding("p", "pause", "Pause", id="play.pause", tooltip="Pause or resume the bots"),
        Binding("s", "speed", "Speed", id="play.speed", tooltip="Bot speed: instant, normal, slow"),
        # The same keys, unlisted (a key's bindings are tried in order until one is
        # enabled): at 80 columns the footer has room for the pane keys only, so there p
        # and s act without being listed; u says why it cannot act.
        Binding("p", "pause_unlisted", show=False, id="play.pause.unlisted"),
        Binding("s", "speed_unlisted", show=False, id="play.speed.unlisted"),
        Binding("u", "why_no_undo", show=False, id="play.undo.unlisted"),
        Binding("f2", "show('board')", "Board", id="play.pane.board", tooltip="Angler spaces, locations, decks"),
        Binding("f3", "show('supply')", "Trophies", id="play.pane.supply", tooltip="Trophies, tiles, Master Anglers"),
        Binding("f4", "show('you')", "You", id="play.pane.you", tooltip="Your panel"),
        Binding("f5", "show('seats')", "Seats", id="play.pane.seats", tooltip="The other seats' panels"),
        Binding("f6", "show('log')", "Log", id="play.pane.log", tooltip="The event log"),
    ]
    HELP = (
        "Choose an option with its number or letter, or with the arrows and Enter, or click "
        "it (or the space, zone or card it names on the board). Illegal choices are refused "
        "with the rule that forbids them. u takes back your last move, back to the last point "
        "where a bait or card was drawn, a fish's back was seen, or another seat played. "
        "h asks the hard bot for a hint: its top three options, with the win rate its search "
        "estimates for each (it sees only what you see). b shows how each score is made up. "
        "In the compact layout (under 120×34) F2–F6 switch the pane shown above the prompt."
    )

    LEGEND = "\n\n".join((legend.TABLE, legend.HINT))

    class BotMoved(Message):
        """A bot's decision, from its worker."""

        def __init__(self, ply: int, decision: Decision) -> None:
            super().__init__()
            self.ply = ply
            self.decision = decision

    class BotFailed(Message):
        """A bot raised instead of deciding: the game stops there, saved, and says so."""

        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    class HintFound(Message):
        """The hard bot's ranked options for the decision at `ply`, from its worker."""

        def __init__(self, ply: int, ranked: list[BotOption]) -> None:
            super().__init__()
            self.ply = ply
            self.ranked = ranked

    def __init__(self, session: GameSession, settings: Settings) -> None:
        super().__init__()
        self.session = session
        self.settings = settings
        humans = session.humans
        # Whose secrets may be shown: the only human's, or (hot seat) the seat at the
        # keyboard after its hand-over; None shows public information only.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.options: list[Move] = []
        self.paused = False
        self.breakdown = False
        self.before_last: State | None = None  # the state before the last move, for its marks
        self.asking: View | None = None  # the decision's position, as the seat to act sees it
        self.drawn_from: View | None = None  # the View the table was last drawn from
        self.acting: tuple[bool, ...] = ()
        self.keys_help = Text("")  # what check_action depends on, when the footer was drawn

    # -- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        cards = self.session.state.cards
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
            # Fixed heights: a new decision redraws the prompt without a layout of the screen.
            with Vertical(id="prompt"):
                yield TextLines(id="since")
                yield TextLines(id="question")
                yield QuietOptionList(id="options")
                yield TextLines(id="keys")
        yield Footer(compact=True, show_command_palette=False)

    def seat_order(self) -> list[int]:
        """Your panel first, then the others in turn order from you."""
        n = len(self.session.state.players)
        first = self.viewer if self.viewer is not None else (self.session.humans or [0])[0]
        return [(first + i) % n for i in range(n)]

    def on_mount(self) -> None:
        self.query_one("#log").border_title = "Events"
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
        # third of a tall screen
        self.query_one("#prompt").styles.height = 10 if compact else max(13, min(20, height // 3))

    def watch_shown(self, shown: str) -> None:
        """Compact layout: one pane above the prompt — the board, your panel, the other
        seats side by side, or the log — each the whole width."""
        for pane_id in ("board", "supply", "log"):
            self.query_one(f"#{pane_id}").set_class(pane_id == shown, "-shown")
        self.query_one("#left").set_class(shown in ("board", "supply", "log"), "-shown")
        self.query_one("#seats").set_class(shown in ("you", "seats"), "-shown")
        self.query_one("#seats").set_class(shown == "seats", "-others")
        yours = self.seat_order()[0]
        for panel in self.panels:
            panel.set_class((panel.seat == yours) == (shown == "you"), "-shown")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer lists only keys that act now. It is the same from move to move
        (rebuilding it costs a layout of the screen): u, which acts only until a draw or
        another seat's move, is listed in the prompt's key line instead."""
        if action == "show":
            return self.has_class("-compact")
        if action == "undo":
            return self.session.can_undo and bool(self.options)
        if action in ("pause", "speed"):
            return bool(self.session.bots) and not self.has_class("-compact")
        if action in ("pause_unlisted", "speed_unlisted"):
            return bool(self.session.bots)
        return True

    # -- the game --------------------------------------------------------------------
    def advance(self) -> None:
        """Ask the next decision of a human, or start the bot that is to move."""
        session = self.session
        state = session.state
        if state.over:
            self.post_message(ShowResults(state, session.names, session.path, watching=False))
            return
        seat = state.to_act
        hot_seat = len(session.humans) > 1
        if session.is_human(seat):
            if hot_seat and self.viewer != seat:
                self.set_viewer(None)
                self.app.push_screen(HandoverScreen(session.names[seat]), lambda _: self.take_seat(seat))
                return
            self.ask()
        else:
            if hot_seat and self.viewer is not None:
                self.set_viewer(None)
            self.show_waiting()
            if not self.paused:
                self.think()

    def take_seat(self, seat: int) -> None:
        self.set_viewer(seat)
        self.ask()

    def set_viewer(self, seat: int | None) -> None:
        if seat != self.viewer:
            self.viewer = seat
            self.show_log(seat)
            self.refresh_panes()

    def ask(self) -> None:
        state = self.session.state
        self.asking = self.session.view_for(state.to_act)
        self.options = list(self.session.legal())
        if state.phase == "present":  # heaviest presentation first
            weight = state.cards.fish_weight

            def heaviest(m: Move) -> tuple[int, int]:
                fish = m.fish if isinstance(m, Present) else ()
                return -sum(weight[f] for f in fish), len(fish)

            self.options.sort(key=heaviest)
        self.query_one("#question", TextLines).update(
            Text.assemble((f"{self.session.names[state.to_act]}: ", "bold"), words.pending(self.asking))
        )
        menu = self.query_one("#options", OptionList)
        menu.set_options(Option(self.option_prompt(i)) for i in range(len(self.options)))
        menu.highlighted = 0
        if self.focused is not menu:
            menu.focus()
        last = len(self.options)
        keys = f"1–{OPTION_KEYS[min(last, len(OPTION_KEYS)) - 1]}" if last > 1 else "1"
        undo = " · u: undo" if self.session.can_undo else ""
        self.keys_help = Text(f"{keys}: choose · ↑↓ Enter · or click the board · h: hint{undo}", style="dim")
        self.show_hint(None)
        self.show_since(state.to_act)

    def show_since(self, seat: int) -> None:
        """At the start of a turn: what the other seats did since this seat's last move."""
        history = self.session.history
        recent: list[Ply] = []
        for ply in reversed(history):
            if ply.seat == seat:
                break
            recent.append(ply)
        since = self.query_one("#since", TextLines)
        if not recent or self.viewer != seat:
            since.update("")
            return
        cards, names = self.session.state.cards, self.session.names
        lines = [
            line
            for ply in reversed(recent)
            for line in words.narrate(cards, names, ply.seat, ply.move, ply.events, seat)
        ]
        # one run per seat: "Bo: places a 2 on yellow; takes the 2 off port; …"
        runs: list[tuple[str, list[str]]] = []
        for line in lines:
            who, _, what = line.partition(": ")
            if runs and runs[-1][0] == who:
                runs[-1][1].append(what)
            else:
                runs.append((who, [what]))
        text = Text("Since your last move: ", style="bold")
        text.append(" · ".join(f"{who}: {'; '.join(what)}" for who, what in runs))
        since.update(text)

    # -- hints ---------------------------------------------------------------------
    def action_hint(self) -> None:
        if not self.options:
            self.notify("A hint is for your own decisions.", severity="warning")
            return
        self.show_hint(Text("Thinking about a hint…", style="italic"))
        self.find_hint(self.session.state.ply)

    @work(thread=True, group="hint", exclusive=True)
    def find_hint(self, ply: int) -> None:
        options = self.session.hint(timed=self.settings.search_timed)
        if not get_current_worker().is_cancelled:
            self.post_message(self.HintFound(ply, options))

    @on(HintFound)
    def hint_found(self, message: HintFound) -> None:
        """The hard bot's top options for the decision still open (a hint for a move
        already made is dropped): its pick highlighted and scrolled into view, and each
        of the top three marked with the win rate its search estimated."""
        ranked = message.ranked
        if not self.is_attached or self.session.state.ply != message.ply or not self.options:
            return
        keys, menu = self.option_keys(), self.query_one("#options", OptionList)
        top = [(self.options.index(option.move), option) for option in ranked[:HINT_SHOWN]]
        summary = Text("Hint: the hard bot would play ", style="bold")
        for rank, (index, option) in enumerate(top):
            summary.append(
                ("" if rank == 0 else ", then ") + (keys[index] or "·"), style="bold reverse" if rank == 0 else "bold"
            )
            # short enough for one line at 80 columns: "win" once, then the rates alone
            summary.append(f" ({option.win_rate:.0%} win)" if rank == 0 else f" ({option.win_rate:.0%})")
            menu.replace_option_prompt_at_index(index, self.option_prompt(index, f"◀ {option.win_rate:.0%} win"))
        self.show_hint(summary)
        menu.highlighted = top[0][0]
        menu.scroll_to_highlight()

    def show_hint(self, text: Text | None) -> None:
        """The hint takes the line under the options; without one, it explains the keys."""
        self.query_one("#keys", TextLines).update(text or self.keys_help)

    def option_prompt(self, index: int, note: str = "") -> Text:
        key = self.option_keys()[index]
        assert self.asking is not None  # options exist only while a decision is asked
        label = words.option(self.asking, self.session.state.cards, self.options[index])
        prompt = Text.assemble((f"{key} ", "bold"), label)
        if note:
            prompt.append("  ")
            prompt.append(f" {note} ", style=HINT)
        return prompt

    def option_keys(self) -> list[str]:
        return list(OPTION_KEYS[: len(self.options)]) + [""] * max(0, len(self.options) - len(OPTION_KEYS))

    def show_waiting(self) -> None:
        state = self.session.state
        name = self.session.names[state.to_act]
        note = " (paused: press p)" if self.paused else " is thinking…"
        self.query_one("#question", TextLines).update(Text(f"{name}{note}", style="italic"))
        self.keys_help = Text("")
        self.show_hint(None)
        menu = self.query_one("#options", OptionList)
        # cleared, not disabled: the list keeps the focus (a focus change rebuilds the
        # footer, which costs a layout of the screen)
        menu.clear_options()
        self.options = []
        self.query_one("#since", TextLines).update("")

    # exclusive: starting a bot cancels the one before (pause and resume during a search
    # must not leave two searches running on one bot, which is not thread-safe).
    @work(thread=True, group="bot", exclusive=True)
    def think(self) -> None:
        worker = get_current_worker()
        ply = self.session.state.ply
        time.sleep(BOT_SPEEDS[self.settings.bot_speed])
        if worker.is_cancelled:
            return
        try:
            decision = self.session.bot_move()
        except Exception as error:  # a bot's fault ends its turn, not the app
            self.post_message(self.BotFailed(crash_line(error, write_report(error))))
            return
        if not worker.is_cancelled:
            self.post_message(self.BotMoved(ply, decision))

    @on(BotMoved)
    def bot_moved(self, message: BotMoved) -> None:
        """A bot's move arrives from its worker. If the screen closed meanwhile (home,
        or the app quitting, which removes the panes first) or the position moved on,
        the move is dropped: it was never logged, and a resumed game asks the bot again."""
        if self.paused or not self.is_attached or not self.query("#status"):
            return
        if message.ply != self.session.state.ply:
            return
        self.play_move(message.decision.move, message.decision.searched)

    @on(BotFailed)
    def bot_failed(self, message: BotFailed) -> None:
        """The game is saved up to the last move; pausing lets the player leave (q) or
        try the bot again (p)."""
        self.paused = True
        self.show_waiting()
        self.update_status()
        self.notify(message.line.replace("cwtui crashed", "The bot failed", 1), title="Bot error", severity="error")

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "bot")
        self.session.close()  # moves kept back for undo are saved

    def play_move(self, move: Move, searched: int | None = None) -> None:
        self.workers.cancel_group(self, "hint")
        self.show_hint(None)
        before = self.session.state
        try:
            ply = self.session.play(move, searched)
        except IllegalMove as exc:
            self.notify(str(exc), title="Not allowed", severity="error")
            return
        self.before_last = before
        self.log_ply(ply)
        self.refresh_panes()
        self.advance()

    def action_why_no_undo(self) -> None:
        self.notify(
            "Nothing to undo: a bait or card was drawn, a fish's back was seen, or another seat played since.",
            severity="warning",
        )

    def action_undo(self) -> None:
        self.workers.cancel_group(self, "hint")
        self.show_hint(None)
        undone = self.session.undo()
        self.before_last = None
        # the move in the words it was offered in (the position it was made from is back)
        label = words.option(self.session.view_for(undone.seat), self.session.state.cards, undone.move)
        for log in self.query(EventLog):
            log.write(Text(f"{self.session.names[undone.seat]} takes back: {label}", style="italic"))
        self.refresh_panes()
        self.advance()

    @on(OptionList.OptionSelected, "#options")
    def option_chosen(self, event: OptionList.OptionSelected) -> None:
        if 0 <= event.option_index < len(self.options):
            self.play_move(self.options[event.option_index])

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
            self.play_move(self.options[matches[0]])
        else:
            self.query_one("#options", OptionList).highlighted = matches[0]

    def on_key(self, event: events.Key) -> None:
        if not self.options or event.character is None:
            return
        keys = self.option_keys()
        if event.character in keys:
            event.stop()
            self.play_move(self.options[keys.index(event.character)])

    # -- drawing ---------------------------------------------------------------------
    def table_view(self) -> tuple[View, int | None]:
        """The View the table is drawn from, and whose secrets it may show."""
        seat = self.viewer if self.viewer is not None else self.seat_order()[0]
        return self.session.view_for(seat), self.viewer

    def refresh_panes(self) -> None:
        v, private = self.table_view()
        marks: Marks = NO_MARKS
        if self.before_last is not None:
            marks = changes(view(self.before_last, v.seat), v)
        self.drawn_from = v
        for board in self.boards:
            board.show(v, marks)
        yours = self.seat_order()[0]
        for panel in self.panels:
            panel.show(
                v, private == panel.seat, marks, self.breakdown, yours=panel.seat == yours and private is not None
            )
        self.update_status()

    def update_status(self) -> None:
        shown = self.drawn_from or self.session.view_for(0)
        parts = [words.whose_turn(shown, self.session.names)]
        if self.session.bots:
            parts.append(f"bots {self.settings.bot_speed}" + (" (paused)" if self.paused else ""))
        self.query_one("#status", TextLines).update(Text(" " + " · ".join(parts), style="bold"))

    # Each viewer has its own event log (hot seat: what one player saw of their own
    # catches must not be on screen for the next); a move is narrated into every log.
    def new_log(self, viewer: int | None) -> EventLog:
        log = EventLog(LOG_LINES, id=f"log-{viewer}", classes="events")
        cards = self.session.state.cards
        for ply in self.session.history[-LOG_LINES:]:
            for line in words.narrate(cards, self.session.names, ply.seat, ply.move, ply.events, viewer):
                log.write(line)
        return log

    def show_log(self, viewer: int | None) -> None:
        logs = self.query_one("#log")
        if not logs.query(f"#log-{viewer}"):
            logs.mount(self.new_log(viewer))
        for log in logs.query(EventLog):
            log.display = log.id == f"log-{viewer}"

    def log_ply(self, ply: Ply) -> None:
        names, cards = self.session.names, self.session.state.cards
        for log in self.query(EventLog):
            viewer = None if log.id == "log-None" else int((log.id or "log-0").removeprefix("log-"))
            for line in words.narrate(cards, names, ply.seat, ply.move, ply.events, viewer):
                log.write(line)

    # -- keys ------------------------------------------------------------------------
    def action_leave(self) -> None:
        self.workers.cancel_group(self, "bot")
        self.session.close()
        self.app.pop_screen()

    def action_breakdown(self) -> None:
        self.breakdown = not self.breakdown
        self.refresh_panes()

    async def action_speed(self) -> None:
        await self.app.run_action("app.cycle_bot_speed")

    async def action_speed_unlisted(self) -> None:
        await self.action_speed()

    def action_pause_unlisted(self) -> None:
        self.action_pause()

    def action_pause(self) -> None:
        self.paused = not self.paused
        self.update_status()
        if not self.paused and not self.session.state.over and not self.session.is_human(self.session.state.to_act):
            self.show_waiting()
            self.think()
        elif self.paused and not self.options:
            self.workers.cancel_group(self, "bot")
            self.show_waiting()
