"""Play: the table (cwtui.screens.seated) with the game kept on this machine.

The screen drives the game: a human's choice comes from the prompt, a bot's from a
thread worker; every move goes through GameSession.play. With more than one human at
the keyboard, a hand-over screen hides everything between them, and private information
(fish weights, times and tags, tackle kinds) is shown only for the seat at the keyboard;
during bots' turns only public information is shown.
"""

from __future__ import annotations

import contextlib
import time

from rich.text import Text
from textual import on, work
from textual.binding import Binding
from textual.message import Message
from textual.worker import get_current_worker

from cwtui.cores.search_pool import TreePool
from cwtui.game import words
from cwtui.game.logfile import NotSaved
from cwtui.game.session import GameSession
from cwtui.game.words import KEEP, refusal
from cwtui.lang import N_, _
from cwtui.navigation import ShowResults
from cwtui.screens.handover.handover import HandoverScreen
from cwtui.screens.play.line import BetterLine
from cwtui.screens.seated.seated import SeatedScreen
from cwtui.shell.crash import crash_line, write_report
from cwtui.shell.settings import BOT_SPEEDS, SPEED_NAMES, Settings
from cwtui.widgets.table.quiet import QuietOptionList
from engine import IllegalMove
from engine.bots import Decision
from engine.moves import Move
from engine.view import View


class PlayScreen(SeatedScreen):
    BINDINGS = [
        Binding("p", "pause", N_("Pause"), id="play.pause", tooltip=N_("Pause or resume the bots")),
        Binding("s", "speed", N_("Speed"), id="play.speed", tooltip=N_("Bot speed: instant, normal, slow")),
    ]
    HELP = N_(
        "Choose an option with its number or letter, or with the arrows and Enter, or click "
        "it (or the space, zone or card it names on the board). Illegal choices are refused "
        "with the rule that forbids them. u takes back your last move, back to the last point "
        "where a bait or card was drawn, a fish's back was seen, or another seat played. "
        "h asks for a hint: the move the review's judge would play and the two it weighed next, with the "
        "points each gives up as the review would grade it, and what each does or sets up (it sees only what you "
        "see). b shows how each score is made up. "
        "F7 shows what the others did since your last turn, whole. Tab reaches the event log: "
        "the arrows scroll it, End follows the game again. "
        "F5 shows the other seats' panels whole (in the full layout a panel the column has no room "
        "for is a line of summary), F4 yours. In the compact layout (under 120×34) F2, F3 and F6 "
        "switch the pane shown above the prompt."
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

    def __init__(self, session: GameSession, settings: Settings, line: tuple[Move, ...] = ()) -> None:
        super().__init__(session, settings)
        self.session = session
        self.paused = False
        # a fork from a review's costly decision: the better move and its line, offered in turn
        self.line = BetterLine(session.state.to_act, session.ply, line) if line else None

    def on_mount(self) -> None:
        """A hard bot at the table searches on every core: its processes start now, not
        at its first move (they take about a second)."""
        pool = self.settings.search
        if isinstance(pool, TreePool) and any(seat.kind == "hard" for seat in self.session.config.seats):
            self.run_worker(pool.warm, thread=True, group="warm", exit_on_error=False)

    def can(self, action: str) -> bool:
        if action in ("pause", "speed"):
            return bool(self.session.bots)
        return super().can(action)

    # -- the game --------------------------------------------------------------------
    def advance(self) -> None:
        """Ask the next decision of a human, or start the bot that is to move."""
        session = self.session
        state = session.state
        if state.over:
            self.post_message(ShowResults.of(state, session.names, session.path, watching=False))
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
            self.show_bot_waiting()
            if not self.paused:
                self.think()

    def ask(self) -> None:
        super().ask()
        if self.line is not None:
            self.offer_line(self.line)

    def offer_line(self, line: BetterLine) -> None:
        """The line's move that is due, marked and highlighted, and the key line saying
        so; once the line has been played whole, that what follows is the player's."""
        played = [p.move for p in self.session.history]
        due = line.due(played, self.session.state.to_act, self.options)
        if due is None:
            if line.ended(played) and self.session.state.to_act == line.seat:
                self.show_hint(Text(_("The review's line ends here: it could not foresee what follows. Your move."),
                                    style="dim"))  # fmt: skip
            return
        index = self.options.index(line.moves[due])
        menu = self.query_one("#options", QuietOptionList)
        menu.highlighted = index
        menu.named = (index, index)
        # marked once the list has its width (the mark goes after the label where it fits)
        of = _("line {step} of {steps}").format(step=due + 1, steps=len(line.moves)).replace(" ", KEEP)
        mark = f"◀ {of}" if len(line.moves) > 1 else "◀ " + _("better")
        self.call_after_refresh(self.mark_option, self.asking, index, mark)
        first = (
            _("The review's better move") if due == 0 else _("Move {step} of the review's line").format(step=due + 1)
        )
        self.show_hint(
            Text.assemble((first, "bold"), " " + _("is marked · Enter plays it, or choose your own"), style="dim")
        )

    def mark_option(self, asked: View | None, index: int, mark: str) -> None:
        menu = self.query_one("#options", QuietOptionList)
        if self.asking is asked and index < menu.option_count:  # still that decision
            self.decision.mark(index, mark)
            menu.show_named()

    def take_seat(self, seat: int) -> None:
        self.set_viewer(seat)
        self.ask()

    def set_viewer(self, seat: int | None) -> None:
        if seat != self.viewer:
            self.viewer = seat
            self.show_log(seat)
            self.refresh_panes()

    def show_bot_waiting(self) -> None:
        name = self.session.names[self.session.state.to_act]
        self.show_waiting(
            _("{name} (paused: press p)").format(name=name)
            if self.paused
            else _("{name} is thinking…").format(name=name)
        )

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
            decision = self.session.bot_move(self.settings.search)
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
        self.show_bot_waiting()
        self.update_status()
        self.notify(
            message.line.replace("cwtui crashed", _("The bot failed"), 1), title=_("Bot error"), severity="error"
        )

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "bot")
        # Moves kept back for undo are saved. If the disk cannot take them now (the app
        # is closing, and q has already refused to leave them), they go as an undo would.
        with contextlib.suppress(NotSaved):
            self.session.close()

    def choose(self, move: Move) -> None:
        self.play_move(move)

    def play_move(self, move: Move, searched: int | None = None) -> None:
        self.hints.forget()  # a hint under way is kept for its decision, not shown
        self.show_hint(None)
        try:
            ply = self.session.play(move, searched)
        except IllegalMove as exc:
            self.refused(refusal(exc), exc.rule)
            return
        except NotSaved as exc:
            # Not played, and the log is as it was. A bot would try again at once, over
            # and over: the bots pause until the player has made room and presses p.
            if not self.session.is_human(self.session.state.to_act):
                self.paused = True
                self.show_bot_waiting()
                self.update_status()
            unsaved = _("{error}. The move was not played: make room on the disk and play it again.")
            self.notify(unsaved.format(error=exc), title=_("Not saved"), severity="error")
            return
        self.logs.write_ply(ply)
        self.tell_at_once(ply)
        self.refresh_panes()
        self.advance()

    def take_back(self) -> None:
        undone = self.session.undo()
        # the move in the words it was offered in (the position it was made from is back)
        label = words.option(self.session.view_for(undone.seat), self.session.cards, undone.move)
        self.logs.note(_("{name} takes back: {move}").format(name=self.session.names[undone.seat], move=label))
        self.refresh_panes()
        self.advance()

    def status_parts(self) -> list[str]:
        """The bots' speed; at 80 columns only that they are paused (where the game
        stands takes the line)."""
        if not self.session.bots:
            return []
        if self.has_class("-compact"):
            return [_("bots paused")] if self.paused else []
        speed = _(SPEED_NAMES[self.settings.bot_speed])
        # "bot speed", not "bots normal": a newcomer read that as the bots' level (issue 67)
        said = _("bot speed: {speed} (paused)") if self.paused else _("bot speed: {speed}")
        return [said.format(speed=speed)]

    # -- keys ------------------------------------------------------------------------
    def action_leave(self) -> None:
        self.workers.cancel_group(self, "bot")
        try:
            self.session.close()
        except NotSaved as exc:
            self.notify(
                _("{error}. Make room on the disk and press q again.").format(error=exc),
                title=_("Not saved"),
                severity="error",
            )
            return
        self.app.pop_screen()

    async def action_speed(self) -> None:
        await self.app.run_action("app.cycle_bot_speed")

    def action_pause(self) -> None:
        self.paused = not self.paused
        self.update_status()
        if not self.paused and not self.session.state.over and not self.session.is_human(self.session.state.to_act):
            self.show_bot_waiting()
            self.think()
        elif self.paused and not self.options:
            self.workers.cancel_group(self, "bot")
            self.show_bot_waiting()
