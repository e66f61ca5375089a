"""What the table reads of a game (`SeatedGame`): all a seat at it can know — whoever
keeps the game, this machine (cwtui.game.session.GameSession) or a game server
(cwtui.net.remote.RemoteGame)."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from cwtui.game.hint import Hint
from cwtui.game.session import Ply
from engine.cards import Cards
from engine.moves import Move
from engine.view import View


class SeatedGame(Protocol):
    """What the table reads of a game: what a seat at it can know."""

    @property
    def names(self) -> list[str]: ...
    @property
    def cards(self) -> Cards: ...
    @property
    def humans(self) -> list[int]:
        """The human seats played at this keyboard."""
        ...

    @property
    def history(self) -> list[Ply]: ...
    @property
    def to_act(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def ply(self) -> int: ...
    @property
    def can_undo(self) -> bool: ...
    @property
    def path(self) -> Path | None: ...
    def is_human(self, seat: int) -> bool: ...
    def legal(self) -> list[Move]: ...
    def view_for(self, seat: int) -> View: ...
    def view_before_last(self, seat: int) -> View | None:
        """The position before the last move as `seat` saw it (its marks), if any."""
        ...

    def hint(self) -> Hint:
        """The hint on the decision open (cwtui.game.hint)."""
        ...
