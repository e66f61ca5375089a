"""Where the app goes next. Screens post these messages; the App (cwtui.app), which
alone constructs screens, handles them. So no screen imports another, and each screen
takes only what it needs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

# Only the messages' types: the home screen posts these before any game, replay or
# server exists, and the app starts without importing them.
if TYPE_CHECKING:
    from cwtui.game.replaying import SeenRecord
    from cwtui.game.session import GameSession
    from cwtui.net.client import Address
    from cwtui.net.protocol import RoomMade
    from cwtui.net.remote import RemoteGame
    from engine.cards import Cards
    from engine.config import GameConfig, SeatConfig
    from engine.events import ScoreLine
    from engine.moves import Move
    from engine.replay import Replay
    from engine.state import State
    from engine.view import View


class StartGame(Message):
    """Play `session` (new, resumed or forked) in place of the current screen, or, with
    `above`, over it: leaving the game comes back to it (a fork, to its replay)."""

    def __init__(self, session: GameSession, above: bool = False, line: tuple[Move, ...] = ()) -> None:
        super().__init__()
        self.session = session
        self.above = above
        self.line = line  # a fork's: the review's better line, offered at its table from its first move


class ShowResults(Message):
    """The results of a finished game: its last position as everyone sees it (every
    contest held, so every presented fish shows) and the final scores. `watching`: shown
    over the replay of that game (Back returns to it); otherwise in place of the play
    screen. `path`: its log, if this machine has it; `seen`: a server's game as this
    seat saw it, for its replay."""

    def __init__(
        self,
        final: View,
        scores: Sequence[ScoreLine],
        cards: Cards,
        names: Sequence[str],
        path: Path | None,
        *,
        watching: bool,
        seen: SeenRecord | None = None,
        config: GameConfig | None = None,
        online: tuple[Address, str] | None = None,
        ratings: str | None = None,
        resigned: Sequence[int] = (),
    ) -> None:
        super().__init__()
        self.resigned = resigned  # a server's game: the seats whose players resigned (they rank last)
        self.online = online  # a server's game: the seat's line and the game's id, for its rematch
        self.ratings = ratings  # a server's game: how it moved each player's rating there
        self.seen = seen
        self.config = config  # the game's set-up, for a rematch (None: not this machine's to start)
        self.final = final
        self.scores = scores
        self.cards = cards
        self.names = names
        self.path = path
        self.watching = watching

    @classmethod
    def of(cls, state: State, names: Sequence[str], path: Path | None, *, watching: bool) -> ShowResults:
        """The results of a finished game whose State this machine holds."""
        from engine.view import view

        assert state.result is not None, "results need a finished game"
        return cls(view(state, -1), state.result, state.cards, names, path, watching=watching, config=state.config)


class Rematch(Message):
    """A new game with `config`'s seats and set-up on the next seed, in place of the
    results."""

    def __init__(self, config: GameConfig, cards: Cards) -> None:
        super().__init__()
        self.config = config
        self.cards = cards


class StartNew(Message):
    """A new game with `config` (its seed too), in place of the current screen (the
    lesson's first game against the easy bot)."""

    def __init__(self, config: GameConfig, cards: Cards) -> None:
        super().__init__()
        self.config = config
        self.cards = cards


class PlayOn(Message):
    """A new game from a replay's position before move `ply`, with `seats` (the fork
    dialog's choice), played above the replay: leaving it comes back there. `line`: at a
    decision the review found costly, the better move and the seat's moves after it,
    offered at the new table one by one."""

    def __init__(self, replay: Replay, ply: int, seats: tuple[SeatConfig, ...], line: tuple[Move, ...] = ()) -> None:
        super().__init__()
        self.replay = replay
        self.ply = ply
        self.seats = seats
        self.line = line


class OpenReplay(Message):
    """A log read from `path`, or a server's game as one seat saw it."""

    def __init__(self, replay: Replay | SeenRecord, path: Path | None) -> None:
        super().__init__()
        self.replay = replay
        self.path = path


class NewGame(Message):
    """The new-game form; `replace`: in place of the current screen (from the results)."""

    def __init__(self, *, replace: bool = False) -> None:
        super().__init__()
        self.replace = replace


class OpenResume(Message):
    pass


class OpenReplayList(Message):
    pass


class OpenHistory(Message):
    pass


class OpenJoin(Message):
    """Join a game on a server (the join dialog, then its table); `filled`: the dialog's
    line to start with (a browser's invite link: ROOM#TOKEN)."""

    def __init__(self, filled: str = "") -> None:
        super().__init__()
        self.filled = filled


class OnlineRematch(Message):
    """The next game of the room at `address` (a seat's line), after game `after`: the
    results' `r` for a server's game."""

    def __init__(self, address: Address, after: str) -> None:
        super().__init__()
        self.address = address
        self.after = after


class YourTurn(Message):
    """A decision waits at an online table: the App tells a player who is not looking
    (settings.turn_alert), `text` saying which."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class OpenMyGames(Message):
    """My online games: the seats this user joined, and whose turn it is."""


class RoomOpened(Message):
    """A room the player hosts was made on the server at `address` (HOST:PORT): show its
    invites, in place of the new-game form."""

    def __init__(self, address: Address, made: RoomMade, seats: tuple[SeatConfig, ...]) -> None:
        super().__init__()
        self.address = address
        self.made = made
        self.seats = seats


class SitDown(Message):
    """Sit at (or watch) a game kept by the server at `address`."""

    def __init__(self, game: RemoteGame, address: Address) -> None:
        super().__init__()
        self.game = game
        self.address = address


class OpenRules(Message):
    """The rules on screen, at the rule `code` names ("R5.3"; empty: the beginning)."""

    def __init__(self, code: str = "") -> None:
        super().__init__()
        self.code = code


class OpenLesson(Message):
    """A lesson (cwtui.learn.lessons.LESSONS: "first", the guided first game; "solo")
    at its chapter `chapter` (from 0), in place of a lesson's screen or over the current
    one."""

    def __init__(self, lesson: str = "first", chapter: int = 0) -> None:
        super().__init__()
        self.lesson = lesson
        self.chapter = chapter


class ChooseLanguage(Message):
    """Play in this language from now on, and remember it (the palette, New game)."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code
