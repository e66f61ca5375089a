"""Play: the board, your tackle box, the other seats, the event log and the prompt.

The screen drives the game: a human's choice comes from the prompt, a bot's from a
thread worker; every move goes through GameSession.play, which logs it first. With more
than one human at the keyboard, a hand-over screen hides everything between them, and
private information (fish weights, tackle kinds) is shown only for the seat whose turn
it is; during bots' turns only public information is shown.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from rich.console import RenderableType
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from cwtui import words
from cwtui.crash import crash_line, write_report
from cwtui.navigation import ShowResults
from cwtui.screens.compact import CompactScreen
from cwtui.screens.handover.handover import HandoverScreen
from cwtui.session import GameSession, Ply
from cwtui.settings import BOT_SPEEDS, Settings
from cwtui.widgets import panes
from engine import IllegalMove
from engine.bots import Decision
from engine.bots import Option as BotOption
from engine.moves import Move, Present

OPTION_KEYS = "123456789abcdefgijklmnortuvwxyz"  # not h, p, q, s: those are screen keys
HINT_SHOWN = 3
LOG_LINES = 500  # the event log keeps the latest moves; the replay has them all


class PlayScreen(CompactScreen):
    PANES = ("board", "you", "log")
    CSS_PATH = "play.tcss"
    BINDINGS = [
        Binding("q", "leave", "Home", id="play.home", tooltip="Back to the home screen; the game is saved"),
        Binding("p", "pause", "Pause", id="play.pause", tooltip="Pause or resume the bots"),
        Binding("s", "app.cycle_bot_speed", "Speed", id="play.speed", tooltip="Bot speed: instant, normal, slow"),
        Binding("h", "hint", "Hint", id="play.hint", tooltip="What the hard bot would play now, and why"),
        Binding("f2", "show('board')", "Board", id="play.pane.board"),
        Binding("f3", "show('you')", "You", id="play.pane.you"),
        Binding("f4", "show('table')", "Table", id="play.pane.table"),
        Binding("f5", "show('log')", "Log", id="play.pane.log"),
    ]
    HELP = (
        "Choose an option with its number or letter, or with the arrows and Enter, or click it. "
        "Illegal choices are refused with the rule that forbids them. "
        "h asks the hard bot for a hint: its top three options, with the win rate its search "
        "estimates for each (it sees only what you see). "
        "In the compact layout (under 120×34) F2–F5 switch the pane shown above the prompt."
    )

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
        self.drawn: dict[str, object] = {}  # what each pane shows now

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="top"):
            with Vertical(id="left"):
                yield panes.Pane("Board", id="board")
                yield panes.Pane("Tackle box", id="you")
            with Vertical(id="right", classes="table"):
                yield panes.Pane("Trophies", id="trophies")
                yield panes.Pane("Master Anglers", id="masters")
                yield panes.Pane("Other seats", id="others")
        with Horizontal(id="bottom"):
            with Vertical(id="log", classes="pane"):
                yield self.new_log(self.viewer)
            with Vertical(id="prompt"):
                yield Static(id="question")
                yield Static(id="hint")
                yield OptionList(id="options")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#log").border_title = "Events"
        self.show_hint(None)
        self.update_layout(self.size.width, self.size.height)
        self.refresh_panes()
        self.advance()

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
        self.options = list(self.session.legal())
        if state.phase == "present":  # heaviest presentation first
            weight = state.cards.fish_weight

            def heaviest(m: Move) -> tuple[int, int]:
                fish = m.fish if isinstance(m, Present) else ()
                return -sum(weight[f] for f in fish), len(fish)

            self.options.sort(key=heaviest)
        self.query_one("#question", Static).update(
            Text.assemble((f"{self.session.names[state.to_act]}: ", "bold"), words.pending(state))
        )
        menu = self.query_one("#options", OptionList)
        menu.clear_options()
        menu.add_options(Option(self.option_prompt(i)) for i in range(len(self.options)))
        menu.disabled = False
        menu.highlighted = 0
        menu.focus()

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
        already made is dropped): its pick highlighted, and each of the top three marked
        with the win rate its search estimated."""
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
            summary.append(f" ({option.win_rate:.0%} win)")
            menu.replace_option_prompt_at_index(index, self.option_prompt(index, f"◀ {option.win_rate:.0%} win"))
        self.show_hint(summary)
        menu.highlighted = top[0][0]

    def show_hint(self, text: Text | None) -> None:
        hint = self.query_one("#hint", Static)
        hint.update(text or "")
        hint.display = text is not None

    def option_prompt(self, index: int, note: str = "") -> Text:
        key = self.option_keys()[index]
        prompt = Text.assemble((f"{key} ", "bold"), words.option(self.session.state, self.options[index]))
        if note:
            prompt.append(f"  {note}", style="bold green")
        return prompt

    def option_keys(self) -> list[str]:
        return list(OPTION_KEYS[: len(self.options)]) + [""] * max(0, len(self.options) - len(OPTION_KEYS))

    def show_waiting(self) -> None:
        state = self.session.state
        name = self.session.names[state.to_act]
        note = " (paused: press p)" if self.paused else " is thinking…"
        self.query_one("#question", Static).update(Text(f"{name}{note}", style="italic"))
        menu = self.query_one("#options", OptionList)
        menu.clear_options()
        menu.disabled = True
        self.options = []

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

    def play_move(self, move: Move, searched: int | None = None) -> None:
        self.workers.cancel_group(self, "hint")
        self.show_hint(None)
        try:
            ply = self.session.play(move, searched)
        except IllegalMove as exc:
            self.notify(str(exc), title="Not allowed", severity="error")
            return
        self.log_ply(ply)
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
    def refresh_panes(self) -> None:
        """Redraw the panes whose data changed (a redraw re-lays out the screen)."""
        session = self.session
        state = session.state
        cards = state.cards
        seat = self.viewer if self.viewer is not None else state.active
        v = session.view_for(seat)
        private = self.viewer is not None
        me = v.seats[seat]
        others = tuple(s for s in v.seats if s.seat != seat)
        self.draw("#board", (v.locations, v.decks, v.spaces), lambda: panes.board(v, cards))
        self.draw("#trophies", (v.mystery_weight, len(v.mystery_left), v.stacks), lambda: panes.trophies(v))
        self.draw("#masters", (v.display, v.master_angler_deck), lambda: panes.master_anglers(v, cards))
        you = self.query_one("#you", panes.Pane)
        you.border_title = f"{session.names[seat]}'s tackle box" + ("" if private else " (public side)")
        self.draw("#you", (me, private), lambda: panes.tackle_box(v, me, cards, private))
        self.draw("#others", (others, v.to_act), lambda: panes.seats(v, seat))
        self.update_status()

    def draw(self, pane_id: str, data: object, render: Callable[[], RenderableType]) -> None:
        if self.drawn.get(pane_id) != data:
            self.drawn[pane_id] = data
            self.query_one(pane_id, panes.Pane).update(render())

    def update_status(self) -> None:
        state = self.session.state
        speed = self.settings.bot_speed
        parts = [f"Turn {state.turn}", self.session.names[state.to_act] if not state.over else "game over"]
        parts.append({1: "step 1", 2: "step 2"}.get(state.step, "contests" if state.phase == "present" else ""))
        parts.append(f"bots {speed}" + (" (paused)" if self.paused else ""))
        if state.end_trigger >= 0 and not state.over:
            parts.append("last round")
        status = " " + " · ".join(p for p in parts if p)
        self.query_one("#status", Static).update(Text(status, style="bold"))

    # Each viewer has its own event log (hot seat: what one player saw of their own
    # catches must not be on screen for the next); a move is narrated into every log.
    def new_log(self, viewer: int | None) -> RichLog:
        # min_width=1: wrap at the pane's own width (RichLog's default renders 78 columns
        # wide at least, and a narrower pane then cuts the ends of lines off)
        log = RichLog(wrap=True, markup=False, max_lines=LOG_LINES, min_width=1, id=f"log-{viewer}", classes="events")
        cards = self.session.state.cards
        for ply in self.session.history[-LOG_LINES:]:
            log.write(words.narrate(cards, self.session.names, ply.seat, ply.move, ply.events, viewer))
        return log

    def show_log(self, viewer: int | None) -> None:
        logs = self.query_one("#log")
        if not logs.query(f"#log-{viewer}"):
            logs.mount(self.new_log(viewer))
        for log in logs.query(RichLog):
            log.display = log.id == f"log-{viewer}"

    def log_ply(self, ply: Ply) -> None:
        names, cards = self.session.names, self.session.state.cards
        for log in self.query("#log RichLog").results(RichLog):
            viewer = None if log.id == "log-None" else int((log.id or "log-0").removeprefix("log-"))
            log.write(words.narrate(cards, names, ply.seat, ply.move, ply.events, viewer))

    # -- keys ------------------------------------------------------------------------
    def action_leave(self) -> None:
        self.workers.cancel_group(self, "bot")
        self.session.close()
        self.app.pop_screen()

    def action_pause(self) -> None:
        self.paused = not self.paused
        self.update_status()
        if not self.paused and not self.session.state.over and not self.session.is_human(self.session.state.to_act):
            self.show_waiting()
            self.think()
        elif self.paused and not self.options:
            self.workers.cancel_group(self, "bot")
            self.show_waiting()
