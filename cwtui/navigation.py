"""Where the app goes next. Screens post these messages; the App (cwtui.app), which
alone constructs screens, handles them. So no screen imports another, and each screen
takes only what it needs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual.message import Message

from cwtui.session import GameSession
from engine.replay import Replay
from engine.state import State


class StartGame(Message):
    """Play `session` (new, resumed or forked) in place of the current screen."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session


class ShowResults(Message):
    """The results of a finished game. `watching`: shown over the replay of that game
    (Back returns to it); otherwise in place of the play screen."""

    def __init__(self, state: State, names: Sequence[str], path: Path | None, *, watching: bool) -> None:
        super().__init__()
        self.state = state
        self.names = names
        self.path = path
        self.watching = watching


class OpenReplay(Message):
    def __init__(self, replay: Replay, path: Path | None) -> None:
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
