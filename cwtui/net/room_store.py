"""A server's rooms on disk: a folder of game logs, and beside them in `rooms/` each
room's own facts (its code, its log's name, a hash of each seat's token, its clock's and
talk's files), written before the room is announced: a server killed and restarted finds
every room again and resumes its game from the log (`RoomStore.load`).

Nothing here is global to the process: a RoomStore is a folder, and a room is one file
and one log in it, so rooms can be spread over processes by code (docs/architecture.md).
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO, Final, Literal

import msgspec

from cwtui.game.logfile import NotSaved, append_own, hold, open_regular, release, write_whole
from cwtui.game.saved import shown_path
from cwtui.game.session import GameSession
from cwtui.net.chat import ChatLog
from cwtui.net.clock import Clock
from cwtui.net.protocol import ClockRule, Invite, RatingChange
from cwtui.net.room import Room, token_hash
from engine.cards import Cards
from engine.config import SEEDS, GameConfig
from engine.errors import EngineError

# Room codes: no letters that read alike (0/O, 1/I/L), short enough to say aloud.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6


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
