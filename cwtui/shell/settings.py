"""What the app's screens share: where games are saved, how fast bots move, and the
switches tests turn (no animation). The App owns one `Settings` and
hands it, or the one field a screen needs, to each screen it opens."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal, TypeAlias

from cwtui.shell.alerts import TurnAlert

if TYPE_CHECKING:  # the bots load with the first game, not with the app
    from engine.bots import TreeRunner
    from engine.config import SeatConfig

BotSpeed: TypeAlias = Literal["instant", "normal", "slow"]
# The pause before a bot's move, in seconds, per speed (in the order `s` cycles them).
BOT_SPEEDS: Final[dict[BotSpeed, float]] = {"instant": 0.0, "normal": 0.5, "slow": 1.5}


def next_speed(speed: BotSpeed) -> BotSpeed:
    order = list(BOT_SPEEDS)
    return order[(order.index(speed) + 1) % len(order)]


@dataclass
class Settings:
    replays: Path
    bot_speed: BotSpeed = "normal"
    # `still`: no animation and no blinking cursor (snapshot tests)
    still: bool = False
    seed_source: Callable[[], int] = field(default=lambda: secrets.randbits(32))
    history_draft: str | None = None  # the History editor's text, kept between visits
    # The seats (names, kinds, how many) of the last game started, which the new-game
    # dialog offers again: a player who chose the medium bot once need not choose again.
    last_seats: tuple[SeatConfig, ...] = ()
    # Where search bots grow their trees: the app's processes (cwtui.cores.search_pool),
    # or None, here (tests: `still`; a browser's guest, whose process is one of many)
    search: TreeRunner | None = None
    # How an online table tells a player in another window that it is their turn
    turn_alert: TurnAlert = "desktop"
