"""A room: one game on the server, its seats' secrets, and who is at the table.

Free of sockets, so it can be tested alone; `cwtui.net.server` carries its messages
(and `cwtui.net.shown` makes what each viewer is sent). The game is a `GameSession`
(the same as local play: its log is written as it goes, the undo rule holds back only
moves that can still be taken back). Its own facts are kept on disk by
`cwtui.net.room_store`.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Final, Literal

from cwtui.game.logfile import NotSaved
from cwtui.game.session import GameSession
from cwtui.game.words import round_of
from cwtui.net.chat import ChatLog, RateLimit
from cwtui.net.clock import Clock, Expiry
from cwtui.net.protocol import STAND_IN, ProtocolError, RatingChange, RoomInfo, SeenGame
from cwtui.net.ratings import BOT_PREFIX
from engine.bots import Bot, make_bot
from engine.errors import IllegalMove
from engine.log import StandIn
from engine.moves import Move
from engine.rng import stream_seed
from engine.setup import SILENT_SEAT

SPECTATOR: Final = None  # the viewer a spectator is (engine.visibility.seen's "nobody")
SPECTATOR_SEAT: Final = -1  # and the seat engine.view shows it as: one that holds nothing
# Why a bot plays for a human seat, the weightiest first: a resignation is for good; the
# clock's verdict decides a forfeit or a bank gone, which an absence due at the same
# moment must not hide; an absence lasts until its player is back. What the log records
# (Ply.stand_in) and every table shows is the first that is due.
STAND_IN_ORDER: Final[tuple[StandIn, ...]] = ("resigned", "time", "away")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Room:
    code: str
    session: GameSession
    tokens: dict[int, str]  # seat → token_hash
    takeover: float | None = None  # protocol.CreateRoom.takeover
    spectators_talk: bool = False  # protocol.CreateRoom.spectators_talk
    chat: ChatLog | None = None  # its table talk, beside its file (None: a room of no store: tests)
    on_resign: Literal["bot", "end"] = "bot"  # protocol.CreateRoom.on_resign
    resigned: set[int] = field(default_factory=set)  # seats left for good: the stand-in plays them
    abort_votes: set[int] = field(default_factory=set)  # seats that propose to end the game unplayed
    previous_game: str | None = None  # the game this one is the rematch of (this server run)
    clock: Clock | None = None  # protocol.CreateRoom.clock (None: the game waits for its players)
    players: dict[int, str] = field(default_factory=dict)  # human seat → its player's proved key
    rated: tuple[RatingChange | None, ...] = ()  # the game's rating change, each seat's, once rated
    present: Counter[int] = field(default_factory=Counter)  # human seat → connections at it
    made_by: str | None = None  # the address that made it, this server run (rooms an address holds)
    # The pace of table talk: a seat's, whichever of its connections speaks; spectators',
    # by address (the limit was a connection's: six at one seat said 35 lines in 1.5 s).
    paces: dict[int | str, RateLimit] = field(default_factory=dict)
    # Since when (time.monotonic) each human seat has had nobody at it; a seat not yet
    # joined is away from the room's opening.
    away_since: dict[int, float] = field(default_factory=dict)
    stand_ins: dict[int, Bot] = field(default_factory=dict)
    seen_games: dict[int | None, SeenGame] = field(default_factory=dict)  # viewer → its replay, once over
    finished: float | None = field(default=None, init=False)  # when the game ended (time.time), once asked
    active_at: float = field(default_factory=time.time)  # the last move, arrival or departure (time.time)

    def __post_init__(self) -> None:
        now = time.monotonic()
        for seat in self.session.humans:
            self.away_since.setdefault(seat, now)
        # Seats someone has sat at: this run's arrivals, and those whose player has
        # played (a restart forgets who only sat down): the others are waited for to join.
        played = self.session.history
        self.joined = {ply.seat for ply in played if ply.stand_in is None and self.session.is_human(ply.seat)}
        self.time_hand()

    def talk_pace(self, seat: int | None, address: str) -> RateLimit:
        """The pace of talk at `seat`, or of the spectators at `address` (seat None)."""
        return self.paces.setdefault(address if seat is None else seat, RateLimit())

    def talks(self, seat: int | None) -> bool:
        """Whether a connection at `seat` (None: a spectator) reads and says table talk."""
        return seat is not None or self.spectators_talk

    def arrive(self, seat: int) -> None:
        self.present[seat] += 1
        self.joined.add(seat)
        self.away_since.pop(seat, None)
        self.active_at = time.time()
        self.time_hand()  # the first arrival starts the clock

    def depart(self, seat: int) -> None:
        self.present[seat] -= 1
        if not self.present[seat]:
            self.away_since[seat] = time.monotonic()
        self.active_at = time.time()

    def takeover_wait(self, seat: int, now: float) -> float | None:
        """Seconds until a bot may play for human `seat` because nobody is at it; None
        if it never will now (someone is at the seat, or the room waits for its
        players)."""
        if self.takeover is None or self.present[seat]:
            return None
        return max(0.0, self.away_since.get(seat, now) + self.takeover - now)

    def bot_wait(self, seat: int) -> tuple[float, StandIn] | None:
        """How long until a bot plays for human `seat`, and why: at once for a seat whose
        player resigned or ran out of time, when its clock runs out, or once it has been
        away the room's takeover time; None if its player plays (nobody is timed out).
        Of reasons due at the same time, the weightiest (STAND_IN_ORDER) is the one."""
        if seat in self.resigned:
            return 0.0, "resigned"
        waits: list[tuple[float, StandIn]] = []
        if self.clock is not None:
            left = self.clock.left(seat, time.time())
            if left is not None:
                waits.append((left, "time"))
        away = self.takeover_wait(seat, time.monotonic())
        if away is not None:
            waits.append((away, "away"))
        return min(waits, key=lambda wait: (wait[0], STAND_IN_ORDER.index(wait[1]))) if waits else None

    @property
    def stood_in(self) -> tuple[int, ...]:
        """Seats a bot plays for now: resigned, out of time, or away past the takeover time."""
        if self.over:
            return ()
        waits = {seat: self.bot_wait(seat) for seat in self.session.humans}
        return tuple(seat for seat, wait in waits.items() if wait is not None and wait[0] == 0)

    def time_hand(self) -> None:
        """Time the hand of the seat to act now, if a human plays it (cwtui.net.clock):
        called after every change to the game, and at an arrival. The clock starts with
        the game's first arrival: until someone has sat down, a room made for a game
        over days has not begun, and its first hand's time was running from the room's
        making (issue 51.7)."""
        if self.clock is None:
            return
        state = self.session.state
        seat: int | None = state.to_act
        if (
            not self.joined
            or state.over
            or not self.session.is_human(state.to_act)
            or seat in self.resigned
            or seat in self.clock.out
        ):
            seat = None
        self.clock.hand_of(seat, time.time())

    def run_out(self, seat: int) -> Expiry:
        """`seat` is out of time (its clock says 0): what ran out (the clock keeps a bank
        that did), and its hand stops being timed if that was its bank."""
        assert self.clock is not None
        expiry = self.clock.run_out(seat, time.time())
        self.time_hand()
        return expiry

    @property
    def first_round(self) -> bool:
        """The game is still in its first round (every seat's first turn)."""
        state = self.session.state
        return round_of(state.turn, len(state.seats)) == 1 and not state.over

    def stand_in(self, seat: int) -> Bot:
        """The bot that plays for an away seat: its own stream, never the game's."""
        if seat not in self.stand_ins:
            config = self.session.config
            seed = stream_seed(config.seed, f"stand-in-{seat}")
            self.stand_ins[seat] = make_bot(STAND_IN, seed, self.session.state.cards)
        return self.stand_ins[seat]

    @property
    def game(self) -> str:
        """The game's id on the wire (what a rematch names): a digest of its log's
        name, which holds the seed, and the seed never goes on the wire."""
        path = self.session.path
        return hashlib.sha256(path.stem.encode()).hexdigest()[:16] if path is not None else ""

    @property
    def log_game(self) -> str:
        """The game's id in its log (its header's, the history's): the server's own, for
        its records; it holds the seed, so it never goes on the wire."""
        path = self.session.path
        return path.stem if path is not None else self.game

    def next_game(self, session: GameSession) -> None:
        """The rematch: `session` replaces the finished game; the seats (and their
        tokens) stay, everything about the last game goes."""
        self.previous_game = self.game
        self.session.close()
        self.session = session
        self.resigned.clear()
        self.abort_votes.clear()
        self.seen_games.clear()
        self.stand_ins.clear()
        self.rated = ()
        self.finished = None
        self.active_at = time.time()
        if self.clock is not None:
            self.clock.restart()
        self.time_hand()

    def everyone_left(self) -> None:
        """Every connection was closed (a rematch): each human seat is away from now."""
        self.present.clear()
        now = time.monotonic()
        self.away_since = {seat: now for seat in self.session.humans}

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.session.names)

    @property
    def over(self) -> bool:
        return self.session.state.over

    def finished_at(self) -> float:
        """When the game ended (a finished room's): its log's last write, the footer."""
        if self.finished is None:
            path = self.session.path
            try:
                self.finished = path.stat().st_mtime if path is not None else time.time()
            except OSError:
                self.finished = time.time()
        return self.finished

    @property
    def ply(self) -> int:
        return len(self.session.history)

    def seat_for(self, token: str | None) -> int | None:
        """The seat a token opens, None for no token (a spectator); a wrong one is
        refused (compared in constant time)."""
        if token is None:
            return SPECTATOR
        wanted = token_hash(token)
        for seat, known in self.tokens.items():
            if hmac.compare_digest(known, wanted):
                return seat
        raise ProtocolError("room {room}: that token opens no seat here", room=self.code)

    @property
    def away(self) -> tuple[int, ...]:
        """Human seats nobody is at, while the game goes on: the game waits for them."""
        if self.over:
            return ()
        return tuple(seat for seat in self.session.humans if not self.present[seat] and seat not in self.resigned)

    def check_turn(self, seat: int | None, ply: int) -> None:
        state = self.session.state
        if seat is None:
            raise ProtocolError("spectators watch; they do not play")
        if state.over:
            raise ProtocolError("the game is over", "R9")
        if ply != len(self.session.history):
            raise ProtocolError(
                "that move was meant for move {meant}; the game is at move {now}",
                meant=ply + 1,
                now=len(self.session.history) + 1,
            )
        if seat in self.resigned:
            raise ProtocolError("you resigned: a bot plays this seat now")
        if state.to_act != seat:
            raise ProtocolError("it is {name}'s turn, not yours", "R2.9", name=self.names[state.to_act])
        now = time.time()
        if self.clock is not None and self.clock.left(seat, now) == 0:
            raise ProtocolError(self.clock.ran_out(seat, now))

    def play(self, seat: int | None, ply: int, move: Move) -> None:
        """A seat's move: refused (ProtocolError naming the rule) unless it is that
        seat's turn at that position and the move is legal; nothing changes then."""
        self.check_turn(seat, ply)
        self.active_at = time.time()
        try:
            self.session.play(move)
        except IllegalMove as exc:
            raise ProtocolError(exc.template, exc.rule, **exc.said) from None  # said in the client's language
        except NotSaved as exc:
            raise ProtocolError(
                "the server could not save that move, so it was not played ({why}); try again", why=exc
            ) from None
        self.time_hand()

    def play_for(self, move: Move, searched: int | None, stand_in: StandIn | None) -> None:
        """A bot's move: a bot seat's (`searched`: its Decision's), or one played for a
        human seat (`stand_in`: why). NotSaved: not played."""
        self.session.play(move, searched, stand_in)
        self.time_hand()

    def undo(self, seat: int | None, ply: int) -> None:
        self.check_turn(seat, ply)
        if not self.session.can_undo:
            raise ProtocolError(
                "nothing to take back: the last point where chance or hidden information showed, "
                "or another seat acted, is past"
            )
        self.session.undo()
        self.active_at = time.time()
        self.time_hand()

    def player(self, seat: int) -> str | None:
        """Who is rated at `seat`: its player's proved key, a bot's level ("bot:medium"),
        or None: a human who proved no key, or the solo game's silent player (R12), who
        is part of the game rather than a player (so a solo game is never rated, as
        it has no second player to rank)."""
        kind = self.session.state.seats[seat].kind  # every seat, the silent player's too
        if kind == "human":
            return self.players.get(seat)
        if kind == SILENT_SEAT.kind:
            return None
        return BOT_PREFIX + kind

    def info(self, ratings: tuple[float | None, ...] = ()) -> RoomInfo:
        """The room in the lobby; `ratings`: each seat's player's rating here."""
        seats = self.session.state.seats
        return RoomInfo(
            self.code,
            self.names,
            tuple(s.kind for s in seats),
            self.ply,
            self.over,
            tuple(seat for seat in self.session.humans if self.present[seat]),
            None if self.over else self.session.state.to_act,
            ratings,
        )

    def close(self) -> None:
        self.session.close()
