"""The `cwtui` command line.

Exit codes: 0 done; 1 a check or query failed (verify, sql, history load: each named on
stderr); 2 bad input, nothing done (one line on stderr saying why); 70 cwtui itself
failed (one line naming the crash report); 130 stopped with Ctrl+C. No traceback ever
reaches the terminal.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from cwtui.cli import batch, history, learn, network, play
from cwtui.cli.args import EXIT_STOPPED, EXIT_USAGE, Parser, UsageError, need_folder_or_nothing, speak_argparse
from cwtui.game.logfile import GameInUse, NotSaved
from cwtui.game.saved import REPLAYS_ENV, replays_dir
from cwtui.lang import PSEUDO, _, chosen, codes, use
from cwtui.outside import plain
from cwtui.shell.alerts import TURN_ALERTS
from cwtui.shell.crash import EXIT_CRASH, crash_line, write_report
from cwtui.shell.settings import BOT_SPEEDS, remembered_language

Command = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="cwtui", description=_("Play, replay and study Coldwater Crown in the terminal."))
    parser.add_argument(
        "--replays-dir",
        type=Path,
        default=None,
        help=_("where games are saved (default: {env} or ./replays)").format(env=f"${REPLAYS_ENV}"),
    )
    parser.add_argument("--bot-speed", choices=tuple(BOT_SPEEDS), default="normal",
                        help=_("how fast bots move at the table (default: normal; s cycles it in a game)"))  # fmt: skip
    parser.add_argument("--turn-alert", choices=TURN_ALERTS, default="desktop",
                        help=_("how an online table tells you it is your turn while its terminal is in the "
                             "background: desktop (the bell and a desktop notification), bell, or off"))  # fmt: skip
    parser.add_argument(
        "--lang",
        choices=(*codes(), PSEUDO),
        default=None,
        metavar="{" + ",".join(codes()) + "}",
        help=_(
            "the language to play in (default: the one chosen in the app, else LC_ALL, LC_MESSAGES or LANG's; "
            "{pseudo}: a pseudo-language for checking layouts)"
        ).format(pseudo=PSEUDO),
    )
    parser.add_argument("--version", action=VersionAction, help=_("say which version and which engine run, then exit"))
    # COMMAND: the commands are listed under it; their 18 names in braces ran to 130 columns
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    # each family registers its commands and their handlers (set_defaults(run=…))
    for family in (batch, play, history, network, learn):
        family.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; every way it can end is an exit code and at most a line or two."""
    for stream in (sys.stdout, sys.stderr):
        # a file name or query that is not UTF-8 must print, not crash
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    use(chosen(given_language(argv), remembered_language()))
    speak_argparse()
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error argparse has already printed
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        return _run(args)
    except UsageError as exc:  # it may quote what was given: a file's name, a query
        print(plain(str(exc)), file=sys.stderr)
        return EXIT_USAGE
    except (GameInUse, NotSaved) as exc:
        # the user's situation, not cwtui's failure: a log another process holds or
        # names, a disk that is full; every log is left as it was (cwtui.game.logfile)
        print(f"cwtui {args.command}: {plain(str(exc))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ncwtui: " + _("stopped"), file=sys.stderr)
        return EXIT_STOPPED
    except BrokenProcessPool:
        # a worker killed from outside (the system's out-of-memory killer, say): the work
        # stops rather than waiting for ever for what it held; what was done is kept
        lost = _(
            "a worker process ended unexpectedly (killed by the system, out of memory?); the work stopped, and "
            "what was done before is kept: run it again to finish"
        )
        print(f"\ncwtui {args.command}: {lost}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # the reader went away (`cwtui sql … | head`): nothing more to say to it
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except Exception as exc:
        print(crash_line(exc, write_report(exc)), file=sys.stderr)
        return EXIT_CRASH


def given_language(argv: Sequence[str] | None) -> str | None:
    """--lang's value, read before the parser is built: its help is in that language."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    known, _rest = early.parse_known_args(argv)
    lang: str | None = known.lang
    return lang


def _run(args: argparse.Namespace) -> int:
    if args.command in (None, "tournament", "sql", "history") or getattr(args, "load", False):
        need_folder_or_nothing(replays_dir(args.replays_dir), "--replays-dir", args.command)
    command: Command | None = getattr(args, "run", None)
    return run_app(args) if command is None else command(args)


def run_app(args: argparse.Namespace) -> int:
    from cwtui.app import CwtuiApp, run_to_the_end

    return run_to_the_end(CwtuiApp(replays_dir(args.replays_dir), bot_speed=args.bot_speed, turn_alert=args.turn_alert))


class VersionAction(argparse.Action):
    """--version: its line as it is (argparse's own version action wraps long lines)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(version_line())
        parser.exit()


def version_line() -> str:
    """ "cwtui 0.1.0; engine compiled (mypyc)", or which pure-Python engine runs and why."""
    from importlib.metadata import PackageNotFoundError, version

    from engine.native import RUNNING

    try:
        return f"cwtui {version('cwtui')}; engine {RUNNING}"
    except PackageNotFoundError:  # run from a checkout that was never installed
        return f"cwtui (not installed); engine {RUNNING}"
