"""What the game server and its clients say to each other: one websocket text message is
one JSON object, a msgspec Struct tagged by "kind".

The server is the only place a game's State lives. A client sends moves and receives
its seat's `View` and the plies as its seat may know them (`engine.view`,
`engine.visibility.seen` and `seen_move`: the engine's one policy, applied here and
nowhere else). A spectator is sent what a seat that holds nothing would know.

Every message a client sends is decoded by one typed decoder; anything else (not JSON,
an unknown kind, a wrong field, too long) is refused with an `Error` reply and changes
nothing.
"""

from __future__ import annotations

import re
import zlib
from typing import Final, Literal, TypeVar

import msgspec

from cwtui.game.words import spoken
from cwtui.outside import MAX_SHOWN, MAX_VALUE, plain
from engine.config import SeatConfig
from engine.log import StandIn
from engine.moves import AnyMove
from engine.view import View
from engine.visibility import SeenEvent, SeenMove

DEFAULT_HOST: Final = "127.0.0.1"  # a server never listens beyond this machine unless told (--host)
DEFAULT_PORT: Final = 8765
DEFAULT_WEB_PORT: Final = 8766  # `cwtui serve --web`: the app for browsers
PROTOCOL: Final = 1  # bumped when a message changes; a Hello with another is refused
MAX_MESSAGE: Final = 16 * 1024  # bytes a client may send in one message (a move is < 200)
# Beyond this the websocket library itself closes the connection (code 1009) without
# reading the message: nothing a cwtui client sends comes near it.
MAX_FRAME: Final = 1024 * 1024
# A refusal before any websocket opens (cwtui.net.gate): an HTTP 503 whose body begins
# with this, then says why in words.
REFUSED: Final = "cwtui: "


# ---- client → server -------------------------------------------------------------------


class Hello(msgspec.Struct, frozen=True, tag_field="kind", tag="hello", forbid_unknown_fields=True):
    """Join a room: at a seat (its token), or to watch (no token)."""

    room: str
    token: str | None = None
    protocol: int = PROTOCOL


MAX_TAKEOVER = 24 * 3600  # seconds: a day
MAX_CLOCK = 30 * 24 * 3600  # seconds: a bank, or a time per move, of at most 30 days
MAX_INCREMENT = 3600  # seconds given back after each hand, at most


class ClockRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A room's clock (cwtui.net.clock), as its host chose. `bank`: seconds each human
    seat has for the whole game, `increment` given back after each of its hands (a
    hand: all a seat does before another seat is to act); `per_move`: seconds a seat has
    for one hand (a slow game's days per move). Either or both. When a seat runs out,
    `on_time`: a bot (STAND_IN) plays for it (its bank out: to the end of the game; its
    hand's time out: that hand), or it forfeits and the game ends there."""

    bank: float | None = None
    increment: float = 0.0
    per_move: float | None = None
    on_time: Literal["bot", "forfeit"] = "bot"

    def problem(self) -> str | None:
        """What makes the rule one no room takes, or None."""
        if self.bank is None and self.per_move is None:
            return "a clock needs a bank of time, a time per move, or both"
        for name, value in (("bank", self.bank), ("time per move", self.per_move)):
            if value is not None and not 10 <= value <= MAX_CLOCK:
                return f"a clock's {name} is 10 to {MAX_CLOCK:,} seconds (30 days), not {value:g}"
        if not 0 <= self.increment <= MAX_INCREMENT:
            return f"a clock's increment is 0 to {MAX_INCREMENT:,} seconds, not {self.increment:g}"
        if self.increment and self.bank is None:
            return "an increment is given back to a bank: give the clock a bank too"
        return None


class CreateRoom(msgspec.Struct, frozen=True, tag_field="kind", tag="create_room", forbid_unknown_fields=True):
    """A new room and its game. seed None: the server draws one."""

    seats: tuple[SeatConfig, ...]
    seed: int | None = None
    tag_points: bool = True
    # Seconds (up to MAX_TAKEOVER) a human seat may stay away while it is to act before a
    # bot (STAND_IN) plays for it until its player is back; None: the game waits for them.
    takeover: float | None = None
    key: str | None = None  # the server's host key (cwtui.net.host_key): without it, no room is made
    spectators_talk: bool = False  # spectators read and say table talk too (seats always do)
    on_resign: Literal["bot", "end"] = "bot"  # a seat that resigns: a bot plays on for it, or the game ends
    clock: ClockRule | None = None  # None: no clock (the game waits for its players)


class ListRooms(msgspec.Struct, frozen=True, tag_field="kind", tag="list_rooms", forbid_unknown_fields=True):
    pass


class Play(msgspec.Struct, frozen=True, tag_field="kind", tag="play", forbid_unknown_fields=True):
    """A move, made at position `ply` (a move meant for an earlier position is refused)."""

    ply: int
    move: AnyMove


class Undo(msgspec.Struct, frozen=True, tag_field="kind", tag="undo", forbid_unknown_fields=True):
    """Take back this seat's last move, within the undo rule (cwtui.game.session)."""

    ply: int


class AskReplay(msgspec.Struct, frozen=True, tag_field="kind", tag="ask_replay", forbid_unknown_fields=True):
    """The finished game as this connection's seat saw it, for its replay (`SeenGame`)."""


class Resign(msgspec.Struct, frozen=True, tag_field="kind", tag="resign", forbid_unknown_fields=True):
    """This seat leaves the game for good: a bot plays on for it, or the game ends, as
    the room's host chose (`CreateRoom.on_resign`)."""


class Abort(msgspec.Struct, frozen=True, tag_field="kind", tag="abort", forbid_unknown_fields=True):
    """This seat proposes (or agrees) to end the game unplayed; it ends when every human
    seat has, before the first round is over."""


class Rematch(msgspec.Struct, frozen=True, tag_field="kind", tag="rematch", forbid_unknown_fields=True):
    """The room's next game, once `after` (its last game's id) is over: the same seats,
    the next seed, the same invite lines. Asked again once it has begun, it is the same
    rematch (every player asks from their results)."""

    after: str


class Say(msgspec.Struct, frozen=True, tag_field="kind", tag="say", forbid_unknown_fields=True):
    """A line of table talk (cwtui.net.chat: cleaned, limited, kept beside the room)."""

    text: str


class CloseRoom(msgspec.Struct, frozen=True, tag_field="kind", tag="close_room", forbid_unknown_fields=True):
    """End a room (the server's host key): its players are told, its log is kept as it is."""

    room: str
    key: str | None = None


class Identify(msgspec.Struct, frozen=True, tag_field="kind", tag="identify", forbid_unknown_fields=True):
    """This seat's player is the holder of `player`'s key (cwtui.net.player_key): `proof`
    signs the connection's `Welcome.challenge` with the room's code. The server rates the
    seat for the first player who proves a key at it."""

    player: str
    proof: str


class ListRatings(msgspec.Struct, frozen=True, tag_field="kind", tag="list_ratings", forbid_unknown_fields=True):
    """The server's ratings (`Ratings`)."""


class Watching(msgspec.Struct, frozen=True, tag_field="kind", tag="watching", forbid_unknown_fields=True):
    """A spectator's table is still there (within `Welcome.idle` of its last word: a
    spectator that says nothing for that long is closed, issue 65.5). No answer."""


STAND_IN: Final = "medium"  # the bot that plays for a seat that stays away

ClientMessage = (
    Hello | CreateRoom | ListRooms | Play | Undo | AskReplay | CloseRoom | Say | Resign | Abort | Rematch | Identify
    | ListRatings | Watching
)  # fmt: skip


# ---- server → client -------------------------------------------------------------------


class Invite(msgspec.Struct, frozen=True):
    seat: int
    name: str
    token: str


class RoomMade(msgspec.Struct, frozen=True, tag_field="kind", tag="room_made"):
    """The room's code and a secret per human seat: given to each player once.
    `address`: where players reach the server (`serve --public-url`), for the invites;
    None: the address the host used."""

    room: str
    invites: tuple[Invite, ...]
    address: str | None = None
    web: str | None = None  # where browsers open the app (`serve --web`): invites are links there too


class RoomInfo(msgspec.Struct, frozen=True):
    room: str
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    ply: int
    over: bool
    connected: tuple[int, ...]  # human seats with someone at them now
    to_act: int | None = None  # the seat to act (None: over, or a server before it said)
    ratings: tuple[float | None, ...] = ()  # each seat's player's rating here (None: unrated)


class Rooms(msgspec.Struct, frozen=True, tag_field="kind", tag="rooms"):
    rooms: tuple[RoomInfo, ...]


class Welcome(msgspec.Struct, frozen=True, tag_field="kind", tag="welcome"):
    """Joined: which seat is yours (None: watching), and the game's fixed facts."""

    room: str
    seat: int | None
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    # Not the seed: it orders every deck and the bag (the log holds it, the wire never)
    tag_points: bool
    cards_hash: str  # the card data the game is played with (a client must hold the same)
    protocol: int = PROTOCOL
    talk: bool = False  # this connection reads and says table talk (a seat; a spectator if the host allows)
    on_resign: Literal["bot", "end"] = "bot"  # what a resignation does in this room (CreateRoom.on_resign)
    game: str = ""  # the game's id (a digest of its log's name): a rematch names the game it follows
    challenge: str = ""  # what this connection's `Identify` signs (a seat's; a fresh one each connection)
    idle: float = 0.0  # seconds this connection may say nothing before it is closed (0: no limit): `Watching`


class SeenPly(msgspec.Struct, frozen=True, omit_defaults=True):
    """A move as the receiving seat may know it, and what it caused; `stand_in`: why a
    bot played it for a human seat (the seat's player was away, resigned or out of time)."""

    seat: int
    move: SeenMove
    events: tuple[SeenEvent, ...]
    stand_in: StandIn | None = None


class ClockShown(msgspec.Struct, frozen=True):
    """A room's clock as it stood when the Table was sent: a client counts the running
    seat's time down from when it received it."""

    rule: ClockRule
    banks: tuple[float | None, ...]  # each seat's bank left (None: a bot's seat, or a clock of no bank)
    running: int | None  # the seat whose clock runs (None: a bot is to act, or nobody's runs)
    hand_left: float | None  # seconds the running seat has left for its hand (None: none runs)
    out: tuple[int, ...] = ()  # seats whose bank ran out: a bot plays them to the end


class RatingChange(msgspec.Struct, frozen=True):
    """A seat's player's rating on this server before and after the game (cwtui.net.ratings)."""

    before: float
    after: float


class Table(msgspec.Struct, frozen=True, tag_field="kind", tag="table"):
    """The game as this connection's seat sees it now. `plies` are the moves from
    number `first` on: the client drops any it holds from `first` (an undo took them
    back) and appends these. `legal` is what the seat may play now (empty when it is
    not this seat's turn). `away`: human seats nobody is at (the game waits for them, or
    after the room's takeover time a bot plays for them: `stood_in`)."""

    ply: int
    first: int
    plies: tuple[SeenPly, ...]
    view: View
    legal: tuple[AnyMove, ...]
    can_undo: bool
    away: tuple[int, ...]
    stood_in: tuple[int, ...]
    over: bool
    resigned: tuple[int, ...] = ()  # seats whose players left for good: a bot plays them
    abort_votes: tuple[int, ...] = ()  # seats that propose to end the game unplayed (first round only)
    clock: ClockShown | None = None  # the room's clock, if its host set one
    ratings: tuple[RatingChange | None, ...] = ()  # once the game is rated: each seat's (None: not rated)
    unjoined: tuple[int, ...] = ()  # of `away`, the seats nobody has sat at yet (waited for to join, not to come back)


class SeenGame(msgspec.Struct, frozen=True, tag_field="kind", tag="seen_game"):
    """A finished game as the receiving seat saw it: its View before every move and
    after the last (positions 0..`ply`), for the replay at the end; the moves are the
    Tables' plies. `views` is `pack_views`: each View repeats most of the one before, so
    a four-seat game's 1.5 MB of JSON is about 25 KB."""

    ply: int
    views: bytes


class ChatLine(msgspec.Struct, frozen=True):
    seat: int | None  # None: a spectator
    name: str
    text: str
    at: str  # ISO 8601, UTC
    ply: int | None = None  # the moves played when it was said (None: kept by an older server)


class Chat(msgspec.Struct, frozen=True, tag_field="kind", tag="chat"):
    """Table talk: the lines said since, or the room's recent ones for a newcomer."""

    lines: tuple[ChatLine, ...]


class Rematched(msgspec.Struct, frozen=True, tag_field="kind", tag="rematched"):
    """The room's next game has begun: join again with the same line. The room's
    connections are closed after it (their tables were of the last game)."""

    room: str
    game: str


class RoomClosed(msgspec.Struct, frozen=True, tag_field="kind", tag="room_closed"):
    """The room is no more (its host closed it, or it expired): why. Its connections
    are closed after it; its log stays on the server, as it was. `reason` in English;
    `template` and `said`, the same in no language (`in_language`)."""

    room: str
    reason: str
    template: str = ""
    said: dict[str, str] = msgspec.field(default_factory=dict)


class PlayerRating(msgspec.Struct, frozen=True):
    player: str  # the first 8 characters of a player's key, or "bot:LEVEL"
    name: str  # the name they last played under here
    rating: float  # OpenSkill's ordinal: mu - 3 sigma
    mu: float
    sigma: float
    games: int


class Ratings(msgspec.Struct, frozen=True, tag_field="kind", tag="ratings"):
    """The server's best-rated players, best first."""

    players: tuple[PlayerRating, ...]


class Error(msgspec.Struct, frozen=True, tag_field="kind", tag="error"):
    """A message refused: nothing changed. `rule`: the rule it broke, if one did.
    `message` in English; `template` and `said`, the same in no language: each client
    says it in its player's (`in_language`). A server before them sent neither."""

    message: str
    rule: str | None = None
    template: str = ""
    said: dict[str, str] = msgspec.field(default_factory=dict)


ServerMessage = RoomMade | Rooms | Welcome | Table | SeenGame | Chat | Rematched | RoomClosed | Ratings | Error

# What `unpack_views` inflates at most: a long four-seat game's Views are about 2 MB, so a
# damaged or hostile payload cannot make a client build more than this.
MAX_VIEWS: Final = 32 * 1024 * 1024

_encoder = msgspec.json.Encoder()
_client_decoder: msgspec.json.Decoder[ClientMessage] = msgspec.json.Decoder(ClientMessage)
_server_decoder: msgspec.json.Decoder[ServerMessage] = msgspec.json.Decoder(ServerMessage)


class ProtocolError(ValueError):
    """A message that cannot be taken: its text is the whole reply. `message` is a
    template ("there is no room {room} on this server", a catalog message) and `said`
    its values, which travel as they are so that each client says it in its player's
    language (`in_language`): the wire speaks no language."""

    def __init__(self, message: str, rule: str | None = None, **said: object) -> None:
        super().__init__(message.format(**said) if said else message)
        self.rule = rule
        self.template = message
        self.said = {name: str(value) for name, value in said.items()}

    def reply(self) -> Error:
        return Error(str(self), self.rule, self.template, self.said)


# A template a client fills: words and {name}s, nothing a server could make it compute
# ({name.attr}, {name:>99999999})
_PLAIN_TEMPLATE: Final = re.compile(r"(?:[^{}]|\{\w+\})*")
_PLACEHOLDER: Final = re.compile(r"\{(\w+)\}")


def in_language(text: str, template: str, said: dict[str, str]) -> str:
    """What a server said (an Error's, a RoomClosed's), in the language in use and as it
    may be shown (cwtui.outside.plain): its template looked up in the catalog and its
    values put in, the game's words among them translated as the engine's refusals are;
    `text`, the server's English, where it sent no template or one this client cannot
    fill. Bounded before it is filled: a template of at most MAX_SHOWN characters (one
    that repeats a value ten thousand times is not filled: the English text says it),
    each value it names cut to MAX_VALUE, so the longest filling is 666 values of 200
    characters, cut to MAX_SHOWN once made."""
    if not template or len(template) > MAX_SHOWN or not _PLAIN_TEMPLATE.fullmatch(template):
        return plain(text)
    try:
        values = {name: plain(said[name], MAX_VALUE) for name in set(_PLACEHOLDER.findall(template))}
        return plain(spoken(template, values))
    except (KeyError, IndexError, ValueError):
        return plain(text)


def encode(message: ClientMessage | ServerMessage) -> str:
    return _encoder.encode(message).decode()


def decode_client(data: str | bytes) -> ClientMessage:
    """A client's message, or ProtocolError saying what is wrong with it. (msgspec
    reports invalid UTF-8 as UnicodeDecodeError and nesting beyond its limit as
    RecursionError, outside its DecodeError, as engine.log notes too.)"""
    if len(data) > MAX_MESSAGE:
        raise ProtocolError(
            "message too long: {size} bytes, at most {most}", size=format(len(data), ","), most=format(MAX_MESSAGE, ",")
        )
    try:
        return _client_decoder.decode(data)
    except msgspec.DecodeError as exc:  # ValidationError is a DecodeError
        raise ProtocolError("not a message this server takes: {why}", why=exc) from None
    except UnicodeDecodeError:
        raise ProtocolError("not a message this server takes: it is not valid UTF-8") from None
    except RecursionError:
        raise ProtocolError("not a message this server takes: it is nested too deeply") from None


_views_decoder: msgspec.json.Decoder[tuple[View, ...]] = msgspec.json.Decoder(tuple[View, ...])


def pack_views(views: tuple[View, ...]) -> bytes:
    return zlib.compress(_encoder.encode(views), 6)


def unpack_views(data: bytes, ply: int) -> tuple[View, ...]:
    """The Views `pack_views` packed, one for each of positions 0..`ply`; a payload that
    is damaged, too large or the wrong length is a ProtocolError."""
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(data, MAX_VIEWS)
        views = _views_decoder.decode(raw) if inflate.eof else None
    except (zlib.error, msgspec.DecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise ProtocolError("the server sent a replay this client cannot read: {why}", why=exc) from None
    if views is None:
        raise ProtocolError("the server sent a replay this client cannot read: it is cut off or too large")
    if len(views) != ply + 1:
        raise ProtocolError(
            "the server sent a replay of {moves} moves for a game of {ply}", moves=len(views) - 1, ply=ply
        )
    return views if _plainly_shown(raw) else shown(views)


def decode_server(data: str | bytes) -> ServerMessage:
    """A server's message, every text in it as it may be shown (`shown`); a malformed
    one is a ProtocolError (the client reports it)."""
    try:
        message = _server_decoder.decode(data)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise ProtocolError("the server sent something this client cannot read: {why}", why=exc) from None
    return message if _plainly_shown(data) else shown(message)


# In JSON, a string can hold a character that is not printable only as a byte outside
# printable ASCII or as an escape; a message with any backslash is walked (merely
# slower), so that a quote always ends a string and a string longer than MAX_SHOWN is a
# run of more than MAX_SHOWN bytes without a quote: such a run holds a whole aligned
# stretch of `_STRETCH` bytes without one.
_PLAIN_BYTES: Final = bytes(range(0x20, 0x7F)).replace(b"\\", b"")
_STRETCH: Final = MAX_SHOWN // 2


def _plainly_shown(data: str | bytes) -> bool:
    """Whether every string in the JSON `data` may be shown as it is (printable, none
    longer than MAX_SHOWN) without looking at each: a 4-seat table of 48 KB is looked
    over in some 20 µs (scripts/bench_decode.py), decoded in 300, walked by `shown` in
    more."""
    raw = data.encode() if isinstance(data, str) else data
    if raw.translate(None, _PLAIN_BYTES):  # a byte outside printable ASCII, or a backslash
        return False
    return all(raw.find(b'"', i, i + _STRETCH) >= 0 for i in range(0, len(raw) - _STRETCH + 1, _STRETCH))


T = TypeVar("T")


def shown(value: T) -> T:
    """`value` (a message from a server, or a part of one) with every string in it as
    it may be shown (cwtui.outside.plain: printable, at most MAX_SHOWN characters): the
    names, codes, addresses, reasons and refusals a command prints and the table shows.
    A string that may be shown already is kept as it is, and so is every part with none
    to change (a Table is walked, not copied)."""
    if isinstance(value, str):
        return plain(value)  # type: ignore[return-value]
    if isinstance(value, tuple | list):
        items = [shown(item) for item in value]
        if all(a is b for a, b in zip(items, value, strict=True)):
            return value
        return tuple(items) if isinstance(value, tuple) else items  # type: ignore[return-value]
    if isinstance(value, dict):
        pairs = [(shown(key), shown(item)) for key, item in value.items()]
        kept = all(k is key and i is item for (k, i), (key, item) in zip(pairs, value.items(), strict=True))
        return value if kept else dict(pairs)  # type: ignore[return-value]
    if isinstance(value, msgspec.Struct):
        changes = {}
        for name in value.__struct_fields__:
            old = getattr(value, name)
            new = shown(old)
            if new is not old:
                changes[name] = new
        return msgspec.structs.replace(value, **changes) if changes else value
    return value
