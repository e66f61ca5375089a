"""The table (cwtui.screens.seated) of a game kept by a server: `cwtui join`.

A connection worker keeps the websocket open (reconnecting with the seat's token when
it drops) and reports every server message with `Received`, or a lost connection with
`Lost`; the screen applies each Table to its `RemoteGame` and draws it. A choice is sent
with the position it was made at and the options wait for the server's answer: a
refusal (`Error`) is shown and the decision asked again. When the game is over the
table asks for its replay as this seat saw it (`AskReplay`: the seat's View at every
position, never the log) and then shows the results, whose `w` replays it.
"""

from __future__ import annotations

import asyncio
from typing import Final, cast

from rich.text import Text
from textual import on, work
from textual.binding import Binding
from textual.message import Message
from textual.worker import get_current_worker

from cwtui.game import words
from cwtui.game.replaying import SeenRecord
from cwtui.lang import N_, _
from cwtui.learn.rulebook import CODE
from cwtui.navigation import ShowResults, SitDown, YourTurn
from cwtui.net import player_key
from cwtui.net.chat import shown_talk
from cwtui.net.client import Address, Connection, Refused, ServerGone
from cwtui.net.clock import clock_words
from cwtui.net.protocol import (
    Abort,
    AskReplay,
    Chat,
    ChatLine,
    ClientMessage,
    Error,
    Hello,
    Identify,
    Play,
    ProtocolError,
    RatingChange,
    Rematched,
    Resign,
    RoomClosed,
    Say,
    SeenGame,
    ServerMessage,
    Table,
    Undo,
    Welcome,
    in_language,
)
from cwtui.net.remote import RemoteGame, sit_down
from cwtui.screens.leave.leave import LeaveDialog
from cwtui.screens.say.say import SayDialog
from cwtui.screens.seated.event_logs import Talk
from cwtui.screens.seated.seated import SeatedScreen
from cwtui.shell.settings import Settings
from engine.moves import AnyMove, Move

RECONNECT_FIRST, RECONNECT_MOST = 0.5, 10.0  # seconds between tries, doubling


def talk_line(line: ChatLine) -> Text | None:
    """A line of table talk as the event log shows it, set apart from the game's events
    (and cleaned again here: a server's words reach no terminal unchecked)."""
    name, text = shown_talk(line)
    if not text:
        return None
    said = Text("» ", style="bold magenta")
    said.append(name, style="bold")
    said.append(f": {text}")
    return said


def rating_line(
    names: list[str], changes: tuple[RatingChange | None, ...], resigned: tuple[int, ...] = ()
) -> str | None:
    """How the game moved each rated player's rating on the server (None: nobody's); a
    seat whose player resigned is ranked last, whatever the bot made of it, and says so."""
    moved = [
        (_("{name} (resigned: ranked last)").format(name=names[seat]) if seat in resigned else names[seat])
        + f" {change.before:.1f} → {change.after:.1f} ({change.after - change.before:+.1f})"
        for seat, change in enumerate(changes)
        if change is not None
    ]
    return _("Ratings on this server: {ratings}").format(ratings=" · ".join(moved)) if moved else None


# Why a bot has begun to play for a seat, as the event log says it
BOT_PLAYS: Final = {
    "out": N_("{name} ran out of time: a bot plays for them to the end of the game"),
    "move": N_("{name} ran out of time for this move: a bot plays it"),
    "unjoined": N_("{name} has not come: a bot plays for them until they do"),
    "away": N_("{name} is away: a bot plays for them until they are back"),
}


def why_a_bot_plays(table: Table, seat: int) -> str:
    """Why a bot has begun to play for `seat` (a key of BOT_PLAYS)."""
    clock = table.clock
    if clock is not None and seat in clock.out:
        return "out"
    if clock is not None and seat == clock.running and clock.hand_left == 0:
        return "move"
    if seat in table.unjoined:
        return "unjoined"
    return "away"


class OnlineScreen(SeatedScreen):
    HELP = N_(
        "A game kept by a server: your choices are sent to it, and every seat's table shows "
        "what that seat may know. Choose an option with its number or letter, the arrows and "
        "Enter, or a click on the board. u takes back your last move while nothing was drawn "
        "or revealed since; h asks for a hint (it judges from your view only). "
        "p says a line to the table (the seats, and spectators where the host allows them). "
        "ctrl+x resigns (a bot plays on for your seat, or the game ends, as the host chose), or in the "
        "first round proposes to abort the game, which ends when every player agrees. "
        "If the connection drops, the table reconnects to your seat by itself. At the end, w on the "
        "results replays the game as your seat saw it. "
        "In the compact layout (under 120×34) F2–F6 switch the pane shown above the prompt."
    )

    TABLE_STATE_FIRST = True
    BINDINGS = [
        # p: not one of the options' keys (cwtui.screens.seated.OPTION_KEYS); listed in F1
        Binding("p", "say", N_("Talk"), id="online.say", show=False, tooltip=N_("Say a line to the table")),
        Binding(
            "ctrl+x",
            "leave_for_good",
            N_("Resign or abort"),
            id="online.resign",
            show=False,
            tooltip=N_("Resign, or propose to abort the game in its first round"),
        ),
    ]

    class Received(Message):
        """A message from the server, from the connection worker."""

        def __init__(self, message: ServerMessage) -> None:
            super().__init__()
            self.message = message

    class Lost(Message):
        """The connection dropped (the worker tries again): why."""

        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    class NextGame(Message):
        """The room's next game has begun (a rematch): this table was of the last one."""

    class Gone(Message):
        """The room is no more (closed, expired, or not on the server after a restart):
        why. The worker has stopped: there is nothing to reconnect to."""

        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    def __init__(self, game: RemoteGame, address: Address, settings: Settings, rated: bool = False) -> None:
        """`rated`: prove this user's player key at the seat (cwtui.net.player_key), so
        the server rates the seat for them."""
        super().__init__(game, settings)
        self.rated = rated
        self.remote = game
        self.address = address
        self.connection: Connection | None = None
        self.lost: str | None = None  # why the connection is down, while it is
        self.gone: str | None = None  # why the room is no more, once it is
        self.sent = False  # a choice is on its way: the options wait for the answer
        self.replay_asked = False  # on this connection, once the game is over
        self.finished = False  # the results are shown
        self.alerted: int | None = None  # the position whose decision the player was told of
        # The table talk heard, each line once: a reconnect or a newcomer is sent the room's
        # recent lines again, and the log shows each where it was said (ChatLine.ply).
        self.heard: dict[ChatLine, None] = {}

    def on_mount(self) -> None:
        super().on_mount()
        self.stay_connected()
        self.set_interval(1.0, self.tick_clock)

    def tick_clock(self) -> None:
        """The room's clock counts down on screen between the server's tables."""
        if self.remote.table.clock is not None and not self.remote.over and self.gone is None:
            self.update_status()

    # -- the connection --------------------------------------------------------------
    @work(group="connection", exclusive=True)
    async def stay_connected(self) -> None:
        address = self.address
        assert address.room is not None
        delay = RECONNECT_FIRST
        while not get_current_worker().is_cancelled:
            try:
                async with await Connection.open(address) as connection:
                    await connection.send(Hello(address.room, address.token))
                    answer = await connection.receive()
                    if isinstance(answer, Error):  # no such room now, or the seat is not ours
                        said = in_language(answer.message, answer.template, answer.said)
                        self.post_message(self.Gone(_("the server refused: {reason}").format(reason=said)))
                        return
                    self.connection = connection
                    if isinstance(answer, Welcome) and answer.challenge and self.rated:
                        await self.identify(connection, answer)
                    idle = answer.idle if isinstance(answer, Welcome) else 0.0  # a spectator's: say Watching
                    while not isinstance(answer, RoomClosed | Rematched):
                        self.post_message(self.Received(answer))
                        delay = RECONNECT_FIRST
                        answer = await connection.receive_watching(idle)
                    self.connection = None
                    if isinstance(answer, Rematched):  # this table was of the last game
                        self.post_message(self.NextGame())
                    else:
                        why = in_language(answer.reason, answer.template, answer.said)
                        gone = _("room {room} was {reason}").format(room=answer.room, reason=why)
                        self.post_message(self.Gone(gone))
                    return
            except ServerGone as exc:
                self.connection = None
                self.post_message(self.Lost(str(exc)))
            await asyncio.sleep(delay)
            delay = min(delay * 2, RECONNECT_MOST)

    async def identify(self, connection: Connection, welcome: Welcome) -> None:
        """Prove this user's key at the seat; without one, the seat plays unrated (said once)."""
        try:
            key = player_key.own_key()
        except player_key.PlayerKeyError as exc:
            self.rated = False  # said once: a reconnect does not say it again
            said = str(exc)
            unrated = _("{reason}; you play unrated.").format(reason=f"{said[0].upper()}{said[1:]}")
            self.notify(unrated, title=_("Ratings"), severity="warning")
            return
        signature = player_key.proof(key, welcome.challenge, welcome.room)
        await connection.send(Identify(player_key.player_id(key), signature))

    def send(self, message: ClientMessage, answered: bool = True) -> None:
        """`answered`: the options wait for the server's answer (a move; not talk)."""
        connection = self.connection
        if self.gone is not None:
            self.notify(_("The room is no more: {reason}.").format(reason=self.gone), severity="warning")
            return
        if connection is None:
            self.notify(_("Not connected: the table is trying again."), severity="warning")
            return
        self.sent = self.sent or answered
        self.run_worker(connection.send(message), group="send")

    @on(Received)
    def received(self, event: Received) -> None:
        message = event.message
        if self.lost is not None:
            self.lost = None
            self.notify(_("Connected again."))
        if isinstance(message, Table):
            self.sent = False
            self.show_table(message)
        elif isinstance(message, SeenGame):
            self.sent = False
            try:
                record = self.remote.seen_record(message)
            except ProtocolError as exc:
                self.notify(str(exc), title=_("No replay"), severity="warning")
                record = None
            self.show_results(record)
        elif isinstance(message, Error) and self.replay_asked and not self.finished:
            # a server that keeps no replays for its players: the results all the same
            self.sent = False
            said = in_language(message.message, message.template, message.said)
            self.notify(said, title=_("No replay"), severity="warning")
            self.show_results(None)
        elif isinstance(message, Error):
            self.sent = False
            rule = message.rule if message.rule is not None and CODE.fullmatch(message.rule) else None  # a code only
            self.refused(in_language(message.message, message.template, message.said), rule)
            self.advance()
        elif isinstance(message, Chat):
            self.hear(message)
        elif isinstance(message, Welcome) and message.seat != self.remote.seat:
            self.notify(_("The server gave this connection another seat; leave and join again."), severity="error")

    @on(Lost)
    def connection_lost(self, event: Lost) -> None:
        if self.lost is None:
            self.notify(
                _("{reason}; trying again…").format(reason=event.line), title=_("Connection lost"), severity="warning"
            )
        self.lost = event.line
        self.sent = False
        self.replay_asked = False  # an answer on the lost connection will not come
        self.update_status()

    @on(NextGame)
    def next_game(self) -> None:
        """Sit down at the room's next game, with the same line, in place of this table."""
        self.notify(_("The room's next game has begun."), title=_("Rematch"))
        self.reseat()

    @work(group="reseat", exclusive=True)
    async def reseat(self) -> None:
        try:
            game = await sit_down(self.address)
        except (ServerGone, Refused) as exc:
            self.post_message(self.Gone(str(exc)))
            return
        self.app.pop_screen()
        self.app.post_message(SitDown(game, self.address))  # to the App: this screen is gone

    @on(Gone)
    def room_gone(self, event: Gone) -> None:
        self.gone = event.line
        self.lost = None
        self.sent = False
        self.notify(f"{event.line[0].upper()}{event.line[1:]}.", title=_("The room is gone"), severity="error")
        self.logs.note(f"{event.line[0].upper()}{event.line[1:]}")
        self.update_status()
        self.advance()

    def show_table(self, table: Table) -> None:
        last = self.remote.table
        before = set(self.remote.stood_in)
        resigned, votes = set(self.remote.table.resigned), set(self.remote.table.abort_votes)
        added, dropped = self.remote.take(table)
        if dropped:  # moves taken back
            self.rewrite_logs()
            seats = sorted({ply.seat for ply in dropped})
            self.logs.note(
                _("{names} took back a move").format(names=words.both([self.remote.names[s] for s in seats]))
            )
        else:
            for ply in added:
                self.logs.write_ply(ply)
            if len(added) == 1:  # a move as it is made (not a reconnect's catching up)
                self.tell_at_once(added[0])
        names = self.remote.names
        for seat in sorted(set(table.resigned) - resigned):
            self.logs.note(_("{name} resigned: a bot plays on for them").format(name=names[seat]))
        for seat in sorted(set(table.abort_votes) - votes):
            proposes = _("{name} proposes to abort the game (every player must agree; ctrl+x)")
            self.logs.note(proposes.format(name=names[seat]))
        before |= set(table.resigned)  # a resigned seat's bot is said above, once
        now = set(table.stood_in)
        for seat in sorted(now - before):  # the takeover bot is marked where it starts and stops
            self.logs.note(_(BOT_PLAYS[why_a_bot_plays(table, seat)]).format(name=names[seat]))
        for seat in sorted(before - now - set(table.resigned)):
            if why_a_bot_plays(last, seat) == "move":
                self.logs.note(_("{name}'s move is played: their own time runs for the next").format(name=names[seat]))
            else:
                self.logs.note(_("{name} is back: the bot no longer plays for them").format(name=names[seat]))
        self.refresh_panes()
        self.advance()

    # -- the game --------------------------------------------------------------------
    def advance(self) -> None:
        game = self.remote
        if self.gone is not None and not game.over:
            self.show_waiting(_("This room is no more: {reason}. q leaves the table.").format(reason=self.gone))
            return
        if game.seat is not None and game.seat in game.table.resigned and not game.over:
            self.show_waiting(_("You resigned: a bot plays your seat. You can watch on; q leaves the table."))
            return
        if game.over:
            if not self.finished and not self.replay_asked and self.connection is not None:
                self.replay_asked = True
                self.send(AskReplay())
            self.show_waiting(_("The game is over; fetching its replay…"))
            return
        seat = game.to_act
        if game.seat == seat and game.table.legal and not self.sent:
            if self.alerted != game.ply:  # once a decision, for a player who is not looking
                self.alerted = game.ply
                turn = _("your turn in room {room} (move {move})").format(room=game.welcome.room, move=game.ply + 1)
                self.post_message(YourTurn(turn))
            self.ask()
            return
        name = game.names[seat]
        if self.sent:
            note = _("Sent; waiting for the server…")
        elif seat in game.stood_in and seat in game.table.unjoined:
            note = _("{name} has not come: a bot plays for them…").format(name=name)
        elif seat in game.stood_in:
            note = _("{name} is away: a bot plays for them…").format(name=name)
        elif seat in game.table.unjoined:  # never sat down: nobody to come back
            note = _("Waiting for {name} to join…").format(name=name)
        elif seat in game.away:
            note = _("Waiting for {name} to come back…").format(name=name)
        elif not game.is_human(seat):
            note = _("{name} is thinking…").format(name=name)
        else:
            note = _("Waiting for {name}…").format(name=name)
        self.show_waiting(note)

    def show_results(self, seen: SeenRecord | None) -> None:
        """The results in place of the table; `seen`: its replay, if the server sent it."""
        game = self.remote
        scores = game.scores
        if scores is None or self.finished:
            return
        self.finished = True
        online = (self.address, game.welcome.game) if game.seat is not None and game.welcome.game else None
        self.post_message(
            ShowResults(
                game.table.view,
                scores,
                game.cards,
                game.names,
                None,
                watching=False,
                seen=seen,
                online=online,
                ratings=rating_line(game.names, game.table.ratings, game.table.resigned),
                resigned=game.table.resigned,
            )
        )

    def choose(self, move: Move) -> None:
        self.hints.forget()  # a hint under way is kept for its decision, not shown
        self.send(Play(self.remote.ply, cast(AnyMove, move)))  # a legal move: one of AnyMove
        if self.sent:
            self.advance()

    def take_back(self) -> None:
        self.send(Undo(self.remote.ply))
        if self.sent:
            self.advance()

    def status_parts(self) -> list[str]:
        game = self.remote
        room = game.welcome.room
        parts = [(_("room {room} (watching)") if game.seat is None else _("room {room}")).format(room=room)]
        if self.gone is not None:
            parts.append(_("the room is no more"))
        elif self.lost is not None:
            parts.append(_("connection lost: reconnecting…"))
        elif not game.over:
            parts.extend(self.clock_parts())  # first: at 80 columns the bar is cut at its end
            if game.table.abort_votes:
                voters = words.listed(game.names[s] for s in game.table.abort_votes)
                parts.append(_("abort proposed by {names}").format(names=voters))
            if game.stood_in:
                parts.append(
                    _("a bot plays for {names}").format(names=words.listed(game.names[s] for s in game.stood_in))
                )
            away = [s for s in game.away if s not in game.stood_in]
            if game.to_act in away:  # the game waits for them
                parts.append(_("waiting for {name}").format(name=game.names[game.to_act]))
            unjoined = [game.names[s] for s in away if s != game.to_act and s in game.table.unjoined]
            if unjoined:
                parts.append(_("{names} not here yet").format(names=words.listed(unjoined)))
            others = [game.names[s] for s in away if s != game.to_act and s not in game.table.unjoined]
            if others:
                parts.append(_("{names} away").format(names=words.listed(others)))
        return parts

    def clock_parts(self) -> list[str]:
        """The room's clock: the time the seat to act has left, and this seat's bank."""
        game = self.remote
        clock = game.table.clock
        if clock is None:
            return []
        parts = []
        if clock.running is not None and (left := game.time_left(clock.running)) is not None:
            if clock.running == game.seat:
                parts.append(_("your time: {left}").format(left=clock_words(left)))
            else:
                parts.append(_("{name}'s time: {left}").format(name=game.names[clock.running], left=clock_words(left)))
        seat = game.seat
        if seat is not None and seat != clock.running and seat not in game.table.resigned:  # resigned: no time
            mine = game.time_left(seat)
            if mine is not None:
                parts.append(_("yours: {left}").format(left=clock_words(mine)))
        return parts

    # -- table talk ------------------------------------------------------------------
    def hear(self, message: Chat) -> None:
        """Lines of table talk: each heard once, in the event log where it was said
        (after the moves played before it). Talk said before the newest moves (the
        room's recent lines, sent to a newcomer and again at a reconnect) were shown
        after them, and again at every reconnect."""
        fresh = tuple(line for line in message.lines if line not in self.heard)
        self.heard.update(dict.fromkeys(fresh))
        played = len(self.remote.history)
        if any(line.ply is not None and line.ply < played for line in fresh):
            self.rewrite_logs()  # in their places among the moves
        else:
            for line in fresh:
                self.log_talk(line)
        self.toast_talk(Chat(fresh))

    def log_talk(self, line: ChatLine) -> None:
        said = talk_line(line)
        if said is not None:
            self.logs.write(said)

    def talk(self) -> Talk:
        """The talk heard, each line after the moves played when it was said (unknown: the end)."""
        end = len(self.remote.history)
        said = ((end if line.ply is None else line.ply, talk_line(line)) for line in self.heard)
        return [(at, text) for at, text in said if text is not None]

    def more_keys(self) -> str:
        return " · " + _("p: talk") if self.remote.welcome.talk else ""

    def toast_talk(self, message: Chat) -> None:
        """A line said just now by someone else, where the event log is not on screen
        (the compact layout shows it under F6 only): a notification, so it is seen.
        The lines a newcomer is sent all at once stay in the log."""
        if len(message.lines) != 1 or not self.has_class("-compact") or self.shown == "log":
            return
        line = message.lines[0]
        name, text = shown_talk(line)
        if line.seat != self.remote.seat and text:
            self.notify(f"{name}: {text}", title=_("Table talk (F6: the log)"), timeout=8)

    def action_say(self) -> None:
        if not self.remote.welcome.talk:
            self.notify(_("Spectators do not talk in this room."), severity="warning")
            return

        def said(line: str | None) -> None:
            if line:
                self.send(Say(line), answered=False)  # talk is no move: the options stay

        self.app.push_screen(SayDialog(self.remote.welcome.room), said)

    # -- leaving for good ------------------------------------------------------------
    def action_leave_for_good(self) -> None:
        game = self.remote
        if game.seat is None or game.over or self.gone is not None:
            self.notify(_("Only a seat of a game under way resigns or aborts."), severity="warning")
            return
        if game.seat in game.table.resigned:
            self.notify(_("You resigned already: a bot plays your seat."), severity="warning")
            return
        view = game.table.view
        first_round = words.round_of(view.turn, len(view.seats)) == 1
        votes = [s for s in game.table.abort_votes if s != game.seat]
        if not first_round or game.seat in game.table.abort_votes:
            abort = None
        elif votes:
            proposed = words.listed(game.names[s] for s in votes)
            abort = _("Agree to abort the game ({names} proposed it)").format(names=proposed)
        else:
            abort = _("Propose to abort the game (every player must agree; first round only)")

        def chosen(choice: str | None) -> None:
            if choice == "resign":
                self.send(Resign(), answered=False)
            elif choice == "abort":
                self.send(Abort(), answered=False)

        self.app.push_screen(LeaveDialog(game.welcome.on_resign, abort), chosen)

    # -- keys ------------------------------------------------------------------------
    def action_leave(self) -> None:
        """Leave the table; the seat stays yours (join again with the same line)."""
        self.workers.cancel_group(self, "connection")
        self.app.pop_screen()
