"""`cwtui play` and `cwtui replay`: the app opened on a game or a replay from the shell."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cwtui.cli.args import UsageError, cards_from, need_writable_folder, seat_arg, seed_arg, usage
from cwtui.game.saved import replays_dir
from cwtui.lang import _
from engine.config import SEEDS
from engine.errors import EngineError


def add_parsers(sub: Any) -> None:
    play = sub.add_parser("play", help=_("start a game at the table without the new-game dialog"))
    play.add_argument("--seat", dest="seats", type=seat_arg, action="append", metavar="NAME:KIND",
                      help=_("a seat, in turn order (1–4 of them); KIND: human, easy, medium, hard or random. "
                           "One seat is the solo game"))  # fmt: skip
    play.add_argument("--seed", type=seed_arg, default=None, help=_("the game's seed (default: a random one)"))
    play.add_argument("--no-tag-points", action="store_true", help=_("the variant without tag points (R11.1)"))
    play.add_argument("--cards", type=Path, default=None, help=_("another card data file (default: the built-in)"))
    play.add_argument("--replays-dir", type=Path, default=argparse.SUPPRESS, help=_("where the game is saved"))
    play.set_defaults(run=play_game)
    rep = sub.add_parser("replay", help=_("open a saved game in the replay screen"))
    rep.add_argument("file", type=Path, help=_("a game log (*.jsonl)"))
    rep.add_argument("--cards", type=Path, default=None, help=_("the card data file the game was played with"))
    rep.set_defaults(run=replay)


def play_game(args: argparse.Namespace) -> int:
    """A game from the shell: `cwtui play --seat Ana:human --seat Bo:medium --seed 7`."""
    import random

    from cwtui.app import CwtuiApp, run_to_the_end
    from cwtui.game.session import GameSession
    from engine.config import GameConfig

    seats = tuple(args.seats or ())
    if not 1 <= len(seats) <= 4:
        raise usage("play", _("give 1 to 4 seats, such as --seat Ana:human --seat Bo:medium"))
    seed = args.seed if args.seed is not None else random.randrange(SEEDS)
    try:
        config = GameConfig(seats=seats, seed=seed, tag_points=not args.no_tag_points)
    except EngineError as exc:
        raise usage("play", str(exc)) from None
    cards = cards_from(args.cards, "play")
    folder = replays_dir(args.replays_dir)
    need_writable_folder(folder, "--replays-dir", "play")
    session = GameSession.start(config, folder, cards)
    return run_to_the_end(CwtuiApp(folder, bot_speed=args.bot_speed, turn_alert=args.turn_alert, game=session))


def replay(args: argparse.Namespace) -> int:
    """Check the file first, so a bad one gets a message here rather than in the app."""
    from cwtui.app import CwtuiApp, run_to_the_end
    from cwtui.game.replaying import open_replay

    try:
        opened = open_replay(args.file, cards_from(args.cards, "replay"))
    except EngineError as exc:
        raise UsageError(f"cwtui replay: {args.file}: {exc}") from None
    return run_to_the_end(
        CwtuiApp(
            replays_dir(args.replays_dir),
            bot_speed=args.bot_speed,
            turn_alert=args.turn_alert,
            replay=(opened, args.file),
        )
    )
