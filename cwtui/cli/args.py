"""What every command shares about its input: a parser whose complaints are one line,
argument types that say what they expect, and checks of folders and files made before
any work starts. Bad input is a UsageError: one line, exit 2, nothing done."""

from __future__ import annotations

import argparse
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from cwtui.lang import N_, _, number
from engine.cards import Cards, load_cards
from engine.config import BOT_KINDS, PLAYER_NAMES, SEAT_KINDS, SEEDS, SeatConfig, kind_name
from engine.errors import EngineError

EXIT_USAGE = 2
EXIT_STOPPED = 130  # 128 + SIGINT, as shells report it
BOT_NAMES = ", ".join(map(kind_name, BOT_KINDS))  # as a player knows them: easy, not greedy


class UsageError(Exception):
    """Bad input found after parsing; the message is the whole line, command included."""


def usage(command: str | None, message: str) -> UsageError:
    """'cwtui sql: …' (or 'cwtui: …' for the app)."""
    return UsageError(f"cwtui {command}: {message}" if command else f"cwtui: {message}")


# argparse's own words that a user reads, for the catalog: argparse looks each up through
# its module's `_` (gettext's), which `speak_argparse` points at ours. A Python whose
# argparse words them otherwise shows those in English.
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"), N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"), N_("expected one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("not allowed with argument %s"),
)  # fmt: skip


def speak_argparse() -> None:
    """argparse's words in the language in use (its help's headings, its complaints)."""
    argparse._ = _  # type: ignore[attr-defined]  # the module's own gettext name


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help with its lines measured in display columns, as a terminal shows
    them, and broken where the table breaks lines (cwtui.widgets.wrap): argparse counts
    characters, and Japanese help, two columns a character, ran to 84–124 columns at 80
    and broke inside words (「ソロゲー」/「ム」)."""

    def _format_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None) -> str:
        # argparse lays the usage out in characters after its prefix (「使い方：」 takes 8
        # columns in 4 characters): its width is narrowed by the difference
        from rich.cells import cell_len

        said = argparse._("usage: ") if prefix is None else prefix  # type: ignore[attr-defined]
        wider = cell_len(said) - len(said)
        self._width -= wider
        try:
            return super()._format_usage(usage, actions, groups, prefix)
        finally:
            self._width += wider

    def format_help(self) -> str:
        # argparse ends each heading with its own ":" (« options: » in French, 「オプション:」
        # beside full-width colons in Japanese): said as the language writes it
        help_text = super().format_help()
        return re.sub(r"(?m)^(\S[^\n]*):$", lambda h: _("{heading}:").format(heading=h.group(1)), help_text)

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrapped(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in wrapped(text, width - len(indent)))


def wrapped(text: str, width: int) -> list[str]:
    """`text`'s words (its white space as one space) in lines of at most `width` columns."""
    import io

    from rich.console import Console
    from rich.text import Text

    from cwtui.widgets.wrap import wrap  # importing it sets the table's line breaking

    console = Console(file=io.StringIO(), width=max(width, 1), color_system=None)
    return [line.plain.rstrip() for line in wrap(Text(" ".join(text.split())), console, max(width, 1))]


class Parser(argparse.ArgumentParser):
    """argparse, with its complaint on one line (usage is under --help), and its help
    measured in display columns (`HelpFormatter`): the commands' parsers are Parsers too
    (argparse makes a subcommand's parser of its parent's class)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        said = _("{prog}: {message} (see {prog} --help)").format(prog=self.prog, message=message)
        self.exit(EXIT_USAGE, said + "\n")


def seed_arg(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value < SEEDS:
        raise argparse.ArgumentTypeError(
            _("a seed is a whole number from 0 to 2**64 - 1, not {text}").format(text=repr(text))
        )
    return value


def count_arg(low: int, high: int | None = None) -> Callable[[str], int]:
    """A whole number in low..high."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if value < low or (high is not None and value > high):
            if high is not None:
                said = _("expected a whole number from {low} to {high}, not {text}").format(
                    low=number(low), high=number(high), text=repr(text)
                )
            else:
                said = _("expected a whole number of at least {low}, not {text}").format(
                    low=number(low), text=repr(text)
                )
            raise argparse.ArgumentTypeError(said)
        return value

    return parse


def duration_arg(text: str) -> float:
    """A time such as 30d, 12h, 45m or 90s (cwtui.net.clock.parse_duration)."""
    from cwtui.net.clock import parse_duration

    try:
        return parse_duration(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def clock_arg(text: str) -> tuple[float, float]:
    """A bank of time and its increment: 10m, or 10m+5s (cwtui.net.clock.parse_clock)."""
    from cwtui.net.clock import parse_clock

    try:
        return parse_clock(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def seconds_arg(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < 10**9:
        raise argparse.ArgumentTypeError(
            _("expected seconds, 0 or more (0: no limit), not {text}").format(text=repr(text))
        )
    return value


def megabytes_arg(text: str) -> int:
    """A size in bytes from "512" or "512MB" (megabytes) or "2GB"; at least 64 MB."""
    number, unit = text.strip().upper().removesuffix("B"), 1 << 20
    if number.endswith(("M", "G")):
        number, unit = number[:-1].strip(), 1 << (30 if number.endswith("G") else 20)
    value = int(number) * unit if number.isdecimal() and len(number) < 9 else 0
    if value < 64 << 20:
        raise argparse.ArgumentTypeError(
            _("expected a size such as 512MB or 2GB (at least 64MB), not {text}").format(text=repr(text))
        )
    return value


def bots_arg(text: str) -> tuple[str, ...]:
    """Bot kinds, comma-separated, by the names a player knows (easy) or the logs' (greedy)."""
    kinds = tuple(KIND_ALIASES.get(k.strip(), k.strip()) for k in text.split(",") if k.strip())
    unknown = [k for k in kinds if k not in BOT_KINDS]
    if unknown or not kinds:
        shown = ", ".join(unknown) if unknown else repr(text)
        raise argparse.ArgumentTypeError(
            _("unknown bot kind(s) {kinds}; choose from {bots}").format(kinds=shown, bots=BOT_NAMES)
        )
    return kinds


def names_arg(text: str) -> tuple[str, ...]:
    """A comma list of seats, by number or name (checked against each game)."""
    items = tuple(item.strip() for item in text.split(",") if item.strip())
    if not items:
        raise argparse.ArgumentTypeError(
            _("expected seats by number or name, such as 0,Ana, not {text}").format(text=repr(text))
        )
    return items


# A kind may be given by the name a player knows it by as well as by the logs' name.
KIND_ALIASES = {name: kind for kind, name in PLAYER_NAMES.items()}


def seat_arg(text: str) -> SeatConfig:
    """NAME:KIND (KIND: human, easy, medium, hard, random; human if left out)."""
    name, _colon, kind = text.partition(":")
    kind = KIND_ALIASES.get(kind.strip(), kind.strip()) or "human"
    if not name.strip():
        raise argparse.ArgumentTypeError(
            _("a seat is NAME:KIND, such as Ana:human or Bo:medium, not {text}").format(text=repr(text))
        )
    if kind not in SEAT_KINDS:
        kinds = ", ".join(kind_name(k) for k in SEAT_KINDS)
        raise argparse.ArgumentTypeError(
            _("unknown seat kind {kind} in {text}; choose from {kinds}").format(
                kind=repr(kind), text=repr(text), kinds=kinds
            )
        )
    return SeatConfig(name.strip(), kind)


def need_folder_or_nothing(path: Path, what: str, command: str | None) -> None:
    """`path` is a folder or does not exist yet."""
    if path.exists() and not path.is_dir():
        raise usage(command, _("{what} {path} is a file, not a folder").format(what=what, path=path))


def need_writable_folder(path: Path, what: str, command: str | None) -> None:
    """`path` is a folder cwtui can write in (made if missing)."""
    need_folder_or_nothing(path, what, command)
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        said = _("{what} {path}: cannot write there ({why})").format(what=what, path=path, why=exc.strerror)
        raise usage(command, said) from None


def cards_from(path: Path | None, command: str) -> Cards:
    """The card data at `path` (None: the built-in), or a UsageError saying why not."""
    try:
        return load_cards(path)
    except EngineError as exc:
        raise UsageError(f"cwtui {command}: {exc}") from None
