"""What the app's screens share: where games are saved, how fast bots move, and the
switches tests turn (no animation). The App owns one `Settings` and
hands it, or the one field a screen needs, to each screen it opens.

What the app remembers between runs lives in the user's config folder: the player's
key (cwtui.net.player_key) and the language chosen in the app (`remembered_language`)."""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal, TypeAlias

from cwtui.game.logfile import UnfitFile, open_regular, write_whole
from cwtui.lang import N_, PSEUDO, codes
from cwtui.shell.alerts import TurnAlert

if TYPE_CHECKING:  # the bots load with the first game, not with the app
    from engine.bots import TreeRunner
    from engine.config import SeatConfig

BotSpeed: TypeAlias = Literal["instant", "normal", "slow"]
# The pause before a bot's move, in seconds, per speed (in the order `s` cycles them).
BOT_SPEEDS: Final[dict[BotSpeed, float]] = {"instant": 0.0, "normal": 0.5, "slow": 1.5}
# Each speed as a player reads it (the command line's --bot-speed takes the codes)
SPEED_NAMES: Final[dict[BotSpeed, str]] = {"instant": N_("instant"), "normal": N_("normal"), "slow": N_("slow")}


CONFIG_ENV: Final = "CWTUI_CONFIG_DIR"  # the config folder, instead of the platform's (tests)
LANGUAGE_FILE: Final = "language"  # the language chosen in the app: its code, and nothing else


def config_folder() -> Path:
    """The user's cwtui config folder ($CWTUI_CONFIG_DIR, else the platform's)."""
    given = os.environ.get(CONFIG_ENV)
    if given:
        return Path(given)
    from platformdirs import user_config_path

    return user_config_path("cwtui")


def remembered_language(folder: Path | None = None) -> str | None:
    """The language last chosen in the app, if it is one cwtui speaks. A file that is
    missing, unreadable, too large or names no language is as if none was chosen: the
    language is then the environment's."""
    with contextlib.suppress(OSError, UnfitFile, UnicodeDecodeError):
        with open_regular((folder or config_folder()) / LANGUAGE_FILE, 64, "language setting") as file:
            code = file.read(64).decode("utf-8").strip()
        if code in codes() or code == PSEUDO:
            return code
    return None


def remember_language(code: str, folder: Path | None = None) -> str | None:
    """Keep `code` as the language chosen in the app (the file replaced whole, never
    written through a link); a line saying why if it could not be (it then holds for
    this run only)."""
    folder = folder or config_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_whole(folder / LANGUAGE_FILE, f"{code}\n".encode())
    except OSError as exc:
        return f"could not remember the language in {folder}: {exc.strerror or exc}"
    return None


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
