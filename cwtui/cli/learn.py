"""`cwtui rules`: the rules at the shell, as the Rules screen reads them."""

from __future__ import annotations

import argparse
import shutil
import sys
from typing import Any

from rich.console import Console
from rich.text import Text

import cwtui.widgets.wrap  # noqa: F401  (lines break as the app breaks them)
from cwtui.cli.args import UsageError
from cwtui.lang import _
from cwtui.learn.rulebook import Block, RulesMissing, rulebook


def add_parsers(sub: Any) -> None:
    learn = sub.add_parser("learn", help=_("learn to play: a guided first game, chapter by chapter"))
    learn.add_argument("--chapter", type=int, default=1, help=_("the chapter to start at (default: 1)"))
    learn.add_argument("--solo", action="store_true", help=_("the solo game's lesson (the silent player)"))
    learn.set_defaults(run=guided_game)
    rules = sub.add_parser("rules", help=_("print the rules, or the rules that hold some words or a code (R5.3)"))
    rules.add_argument("words", nargs="*", help=_("words to find (contest, Mystery Weight) or a rule's code"))
    rules.set_defaults(run=print_rules)


def filled(text: str, width: int) -> str:
    """`text` in lines of at most `width` cells, the lines after the first indented, broken
    as the app breaks them (cwtui.widgets.wrap: Japanese between characters, never at a
    no-break space); textwrap counts characters, and a Japanese character takes two cells."""
    lines = Text(text).wrap(Console(width=width), width - 2)
    return "\n".join([lines[0].plain.rstrip(), *(f"  {line.plain.rstrip()}" for line in lines[1:])])


def said(block: Block) -> str:
    """A block as plain text: its code or ruling's name first, emphasis dropped."""
    return block.plain_text


def print_rules(args: argparse.Namespace) -> int:
    """Every rule (no words), or those holding every word; exit 1 when none does."""
    try:
        book = rulebook()
    except RulesMissing as exc:
        print(f"cwtui rules: {exc}", file=sys.stderr)
        return 1
    words = " ".join(args.words)
    width = min(100, shutil.get_terminal_size().columns)
    if not words:
        for section in book.sections:
            print(f"\n{section.heading}\n")
            for block in section.blocks:
                print(filled(said(block), width))
        return 0
    found = book.search(words)
    if not found:
        print("cwtui rules: " + _("no rule holds “{words}”").format(words=words), file=sys.stderr)
        return 1
    for block in found:
        print(filled(said(block), width))
    return 0


def guided_game(args: argparse.Namespace) -> int:
    """The guided first game, over the home screen (q leaves it there)."""
    from cwtui.app import CwtuiApp, run_to_the_end
    from cwtui.game.saved import replays_dir
    from cwtui.learn.lessons import FIRST_GAME, SOLO

    lesson = SOLO if args.solo else FIRST_GAME
    chapters = len(lesson.chapters)
    if not 1 <= args.chapter <= chapters:
        said = _("--chapter: give a chapter from 1 to {chapters}").format(chapters=chapters)
        raise UsageError(f"cwtui learn: {said}")
    app = CwtuiApp(replays_dir(args.replays_dir), bot_speed=args.bot_speed, turn_alert=args.turn_alert,
                   lesson=(lesson.key, args.chapter - 1))  # fmt: skip
    return run_to_the_end(app)
