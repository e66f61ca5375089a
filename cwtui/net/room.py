"""A room: one game on the server, its seats' secrets, and who is at the table.

Free of sockets, so it can be tested alone; `cwtui.net.server` carries its messages.
The game is a `GameSession` (the same as local play: its log is written as it goes, the
undo rule holds back only moves that can still be taken back). A room's own facts (its
code, its log's name, a hash of each seat's token) are a small JSON file beside the
logs, written before the room is announced: a server killed and restarted finds every
room again and resumes its game from the log (`RoomStore.load`).

Nothing here is global to the process: a RoomStore is a folder, and a room is one file
and one log in it, so rooms can be spread over processes by code (docs/architecture.md).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Final, Literal, cast

import msgspec

from cwtui.game.logfile import NotSaved, append_own, hold, open_regular, release, write_whole
from cwtui.game.saved import shown_path
from cwtui.game.session import GameSession
from cwtui.game.words import round_of
from cwtui.net.chat import ChatLog, RateLimit
from cwtui.net.clock import Clock, Expiry
from cwtui.net.protocol import (
    STAND_IN,
    ClockRule,
    Invite,
    ProtocolError,
    RatingChange,
    RoomInfo,
    SeenGame,
    SeenPly,
    Table,
    pack_views,
)
from cwtui.net.ratings import BOT_PREFIX
from engine.bots import Bot, make_bot
from engine.cards import Cards
from engine.config import SEEDS, GameConfig
from engine.errors import EngineError, IllegalMove
from engine.log import StandIn
from engine.moves import AnyMove, Move
from engine.rng import stream_seed
from engine.setup import SILENT_SEAT, set_up
from engine.view import View, view, views
from engine.visibility import SeenEvent, SeenMove, seen, seen_move
from engine.walk import walk_in_place

# Room codes: no letters that read alike (0/O, 1/I/L), short enough to say aloud.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6
SPECTATOR: Final = None  # the viewer a spectator is (engine.visibility.seen's "nobody")
SPECTATOR_SEAT: Final = -1  # and the seat engine.view shows it as: one that holds nothing
# Why a bot plays for a human seat, the weightiest first: a resignation is for good; the
# clock's verdict decides a forfeit or a bank gone, which an absence due at the same
# moment must not hide; an absence lasts until its player is back. What the log records
# (Ply.stand_in) and every table shows is the first that is due.
STAND_IN_ORDER: Final[tuple[StandIn, ...]] = ("resigned", "time", "away")


class RoomRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The room file: what the log does not hold."""

    room: str
    log: str  # the game's log, a file name in the same folder as the rooms folder
    tokens: dict[int, str]  # human seat → SHA-256 of its token (the token itself is never stored)
    takeover: float | None = None  # protocol.CreateRoom.takeover
    spectators_talk: bool = False  # protocol.CreateRoom.spectators_talk
    on_resign: Literal["bot", "end"] = "bot"  # protocol.CreateRoom.on_resign
    resigned: tuple[int, ...] = ()  # seats whose players resigned: the stand-in plays them
    clock: ClockRule | None = None  # protocol.CreateRoom.clock
    ended: str | None = None  # why the room was ended before its game was (a retired room's file)
    players: dict[int, str] = {}  # human seat → the key its player proved (cwtui.net.player_key)
    rated: tuple[RatingChange | None, ...] = ()  # the game's rating change, each seat's, once rated


MAX_RECORD: Final = 64 * 1024  # bytes of a room's file read at most (four seats' take under two)


def _read_record(path: Path) -> RoomRecord:
    """A room's file: a regular file of cwtui's, not reached through a link, of at most
    MAX_RECORD bytes (OSError otherwise, never a wait on a pipe or a read of a device
    without end); msgspec.DecodeError if it is not a room's."""
    with open_regular(path, MAX_RECORD, "room's file", follow=False) as file:
        return msgspec.json.decode(file.read(MAX_RECORD), type=RoomRecord)


def random_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


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
        raise ProtocolError(f"room {self.code}: that token opens no seat here")

    @property
    def away(self) -> tuple[int, ...]:
        """Human seats nobody is at, while the game goes on: the game waits for them."""
        if self.over:
            return ()
        return tuple(seat for seat in self.session.humans if not self.present[seat] and seat not in self.resigned)

    def views(self, viewers: Iterable[int | None]) -> dict[int | None, View]:
        """What each viewer (None: a spectator) may know now, built at once."""
        viewers = tuple(viewers)
        shown = views(self.session.state, {SPECTATOR_SEAT if v is None else v for v in viewers})
        return {viewer: shown[SPECTATOR_SEAT if viewer is None else viewer] for viewer in viewers}

    def table(self, viewer: int | None, first: int, shown: View) -> Table:
        """The game as `viewer` may know it: its View `shown` (from `views`), with the
        plies from number `first` on."""
        session = self.session
        state = session.state
        cards = state.cards
        first = max(0, min(first, len(session.history)))
        plies = tuple(
            SeenPly(
                ply.seat,
                cast(SeenMove, seen_move(ply.move, ply.seat, viewer)),
                tuple(cast(SeenEvent, seen(e, viewer, cards)) for e in ply.events),
                ply.stand_in,
            )
            for ply in session.history[first:]
        )
        stood_in = self.stood_in
        to_move = viewer is not None and not state.over and state.to_act == viewer and viewer not in stood_in
        return Table(
            ply=len(session.history),
            first=first,
            plies=plies,
            view=shown,
            legal=tuple(cast(AnyMove, m) for m in session.legal()) if to_move else (),
            can_undo=to_move and session.can_undo,
            away=self.away,
            unjoined=tuple(seat for seat in self.away if seat not in self.joined),
            stood_in=stood_in,
            over=state.over,
            resigned=tuple(sorted(self.resigned)),
            abort_votes=tuple(sorted(self.abort_votes)) if self.first_round else (),
            clock=self.clock.shown(self.session.humans, len(state.seats), time.time()) if self.clock else None,
            ratings=self.rated,
        )

    def seen_game(self, viewer: int | None) -> SeenGame:
        """The finished game as `viewer` saw it: its View at every position, made by the
        engine's policy as every Table's View is. Only once the game is over, when it no
        longer changes: each viewer's is made once (about 0.1 s, in a thread) and kept,
        so asking again costs the server nothing."""
        if not self.over:
            raise ProtocolError("the replay comes once the game is over", "R9")
        if viewer not in self.seen_games:
            session = self.session
            seat = SPECTATOR_SEAT if viewer is None else viewer
            state, _setup = set_up(session.config, session.state.cards, session.state.rules)
            shown = [view(before, seat) for before, _ply in walk_in_place(state, session.history)]
            shown.append(view(state, seat))  # the end
            self.seen_games[viewer] = SeenGame(len(session.history), pack_views(tuple(shown)))
        return self.seen_games[viewer]

    def check_turn(self, seat: int | None, ply: int) -> None:
        state = self.session.state
        if seat is None:
            raise ProtocolError("spectators watch; they do not play")
        if state.over:
            raise ProtocolError("the game is over", "R9")
        if ply != len(self.session.history):
            raise ProtocolError(
                f"that move was meant for move {ply + 1}; the game is at move {len(self.session.history) + 1}"
            )
        if seat in self.resigned:
            raise ProtocolError("you resigned: a bot plays this seat now")
        if state.to_act != seat:
            raise ProtocolError(f"it is {self.names[state.to_act]}'s turn, not yours", "R2.9")
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
            raise ProtocolError(str(exc), exc.rule) from None
        except NotSaved as exc:
            raise ProtocolError(
                f"the server could not save that move, so it was not played ({exc}); try again"
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


SERVED: Final = "server.lock"  # held by the server that serves the folder (RoomStore.hold)


class RoomStore:
    """The rooms of one server: a folder of logs, with the room files in `rooms/`."""

    def __init__(self, folder: Path, cards: Cards | None = None, codes: Callable[[], str] | None = None) -> None:
        """`codes`: where new room codes come from (tests fix them; default: drawn)."""
        self.folder = folder
        self.rooms_folder = folder / "rooms"
        # Rooms no longer served: closed (by the host, or expired) and finished a while
        # ago; their files kept for the record, their logs where they were.
        self.retired_folder = self.rooms_folder / "retired"
        self.cards = cards
        self.codes = codes or random_code
        self.held: BinaryIO | None = None  # the folder's SERVED file, while this store serves it

    def hold(self) -> None:
        """Serve the folder alone, until `let_go` or the process's end (kill -9
        included); GameInUse, naming the process, if another server serves it: two on
        one folder would each make rooms there, and each rate games from its own fold of
        the ratings file, losing the other's updates."""
        path = self.folder / SERVED
        where = shown_path(self.folder)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            file = append_own(path)
        except NotSaved:  # NotOurs: something else is at its name
            raise
        except OSError as exc:
            raise NotSaved(f"{where} cannot be served: {exc.strerror or exc}") from None
        hold(
            file, path, lambda holder: f"{where} is served already, by another cwtui serve{holder}: one server a folder"
        )
        self.held = file

    def let_go(self) -> None:
        if self.held is not None:
            release(self.held, self.folder / SERVED)
            self.held = None

    def create(
        self,
        config: GameConfig,
        taken: set[str],
        takeover: float | None = None,
        spectators_talk: bool = False,
        on_resign: Literal["bot", "end"] = "bot",
        clock: ClockRule | None = None,
    ) -> tuple[Room, tuple[Invite, ...]]:
        """A new room with a code not in `taken` (nor on disk), its game started and
        logged, its file written; the invites carry each human seat's token."""
        self.rooms_folder.mkdir(parents=True, exist_ok=True)
        while True:
            code = self.codes()
            if code not in taken and not self._path(code).exists() and not self._retired(code).exists():
                break
        session = GameSession.start(config, self.folder, self.cards)  # NotSaved: nothing was made
        tokens = {seat: secrets.token_urlsafe(16) for seat in session.humans}
        assert session.path is not None
        hashes = {seat: token_hash(t) for seat, t in tokens.items()}
        record = RoomRecord(code, session.path.name, hashes, takeover, spectators_talk, on_resign, clock=clock)
        try:
            write_whole(self._path(code), msgspec.json.encode(record), durable=True)
        except OSError as exc:  # a full disk, say: no room, and no game without one
            session.close()
            session.path.unlink(missing_ok=True)
            raise NotSaved(f"the room could not be saved ({exc.strerror or exc})") from None
        invites = tuple(Invite(seat, session.names[seat], token) for seat, token in tokens.items())
        room = Room(
            code, session, dict(record.tokens), takeover, spectators_talk, ChatLog(self._chat(code)), on_resign,
            clock=self._clock(record),
        )  # fmt: skip
        return room, invites

    def load(self) -> tuple[list[Room], list[str]]:
        """Every room whose game can go on or be watched, its game resumed from its log
        (a finished one is opened for watching); and a line for each room that cannot
        be opened, saying why (the server starts without it)."""
        rooms: list[Room] = []
        problems: list[str] = []
        if not self.rooms_folder.is_dir():
            return rooms, problems
        self._rename_old_talk()
        for path in self._room_files():
            try:
                record = _read_record(path)
                log = self.folder / Path(record.log).name
                session = GameSession.open(log, self.cards)  # a finished one: to watch
            except (OSError, msgspec.DecodeError, EngineError, ValueError) as exc:
                problems.append(f"room {path.stem}: cannot be opened: {exc}")
                continue
            chat = ChatLog(self._chat(record.room))
            room = Room(
                record.room, session, dict(record.tokens), record.takeover, record.spectators_talk, chat,
                record.on_resign, set(record.resigned), clock=self._clock(record, problems),
                players=dict(record.players),
                rated=record.rated,
            )  # fmt: skip
            with contextlib.suppress(OSError):
                room.active_at = log.stat().st_mtime  # its last move: the time since counts towards expiry
            rooms.append(room)
        return rooms, problems

    def save(self, room: Room) -> None:
        """Write the room's file again (a resignation, a player's key, a rating);
        NotSaved if the disk cannot take it."""
        self._rewrite(room.code, resigned=tuple(sorted(room.resigned)), players=room.players, rated=room.rated)

    def _rewrite(self, code: str, **changes: object) -> None:
        """The room's file with `changes`, written whole; NotSaved if it cannot be."""
        path = self._path(code)
        try:
            record = msgspec.structs.replace(_read_record(path), **changes)
            write_whole(path, msgspec.json.encode(record), durable=True)
        except (OSError, msgspec.DecodeError) as exc:
            raise NotSaved(f"the room could not be saved ({exc})") from None

    def rematch(self, room: Room) -> None:
        """Start `room`'s next game (the same seats and variant, the next seed) and point
        its file at the new log; NotSaved (nothing changed) if the disk cannot take it."""
        config = room.session.config
        following = msgspec.structs.replace(config, seed=(config.seed + 1) % SEEDS)
        session = GameSession.start(following, self.folder, self.cards)
        assert session.path is not None
        try:
            self._rewrite(room.code, log=session.path.name, resigned=(), rated=())
        except NotSaved:
            session.close()
            session.path.unlink(missing_ok=True)
            raise
        room.next_game(session)

    def retire(self, code: str, ended: str | None = None) -> None:
        """The room is served no more: its file leaves `rooms/` (a restart does not
        bring it back), kept in `rooms/retired/` with why its game `ended` unfinished (a
        forfeit, a resignation, an abort, a close); its log stays. OSError if it cannot
        be moved (the room then comes back at the next start)."""
        if ended is not None:
            with contextlib.suppress(NotSaved):  # the record of why; the room ends all the same
                self._rewrite(code, ended=ended)
        self.retired_folder.mkdir(parents=True, exist_ok=True)
        self._path(code).replace(self._retired(code))
        for beside in (self._chat(code), self._clock_path(code)):
            if beside.exists():
                beside.replace(self.retired_folder / beside.name)

    def _path(self, code: str) -> Path:
        return self.rooms_folder / f"{code}.json"

    def _room_files(self) -> list[Path]:
        """Every room's file (`_path`): a code is letters and digits, so the files kept
        beside a room (CODE.clock.json, CODE.chat.ndjson, a CODE.json.part not yet
        whole) are never taken for one."""
        return sorted(path for path in self.rooms_folder.glob("*.json") if path.stem.isalnum())

    def _chat(self, code: str) -> Path:
        # Not .jsonl: the replay list and the history read every *.jsonl as a game log
        return self.rooms_folder / f"{code}.chat.ndjson"

    def _rename_old_talk(self) -> None:
        """Rooms' talk kept as CODE.chat.jsonl by earlier builds (which the history then
        named as logs it skipped, and the history load failed) takes its own name."""
        for folder in (self.rooms_folder, self.retired_folder):
            for old in folder.glob("*.chat.jsonl"):
                with contextlib.suppress(OSError):  # a file that cannot move is read no more: the talk only
                    old.rename(old.with_name(old.name.removesuffix(".jsonl") + ".ndjson"))

    def _clock_path(self, code: str) -> Path:
        return self.rooms_folder / f"{code}.clock.json"

    def _clock(self, record: RoomRecord, problems: list[str] | None = None) -> Clock | None:
        """The room's clock as its file left it (None: a room without one); what was
        wrong with its file, if anything, goes in `problems`."""
        if record.clock is None:
            return None
        clock, problem = Clock.load(record.clock, self._clock_path(record.room), record.tokens)
        if problem is not None and problems is not None:
            problems.append(f"room {record.room}: {problem}")
        return clock

    def _retired(self, code: str) -> Path:
        return self.retired_folder / f"{code}.json"
