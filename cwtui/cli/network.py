"""`cwtui serve`, `cwtui host` and `cwtui rooms`: the game server and its lobby from the
shell. Bad input is one line and exit 2 (cwtui.cli.args); a server that cannot be reached,
or that refuses, is one line and exit 1."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cwtui.cli.args import (
    clock_arg,
    count_arg,
    duration_arg,
    need_folder_or_nothing,
    need_writable_folder,
    seat_arg,
    seed_arg,
    usage,
)
from cwtui.game.saved import replays_dir, shown_path
from cwtui.lang import _, n_
from cwtui.net.protocol import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    DEFAULT_WEB_PORT,
    MAX_TAKEOVER,
    ClockRule,
    CloseRoom,
    CreateRoom,
    Error,
    ListRatings,
    ListRooms,
    Ratings,
    RoomClosed,
    RoomMade,
    Rooms,
    ServerMessage,
    in_language,
)
from cwtui.outside import plain
from engine.config import GameConfig
from engine.errors import ConfigError

if TYPE_CHECKING:  # imported when a command runs: the other commands start faster without websockets
    from cwtui.net.client import Address
    from cwtui.net.limits import Limits


def add_parsers(sub: Any) -> None:
    serve_p = sub.add_parser("serve", help=_("run a game server: rooms played by clients anywhere (see `cwtui host`)"))
    serve_p.add_argument(
        "--host", default=DEFAULT_HOST,
        help=_("the address to listen on (default {host}: this machine only; put a TLS proxy in front "
               "to serve beyond it)").format(host=DEFAULT_HOST),
    )  # fmt: skip
    serve_p.add_argument("--port", type=count_arg(0, 65535), default=DEFAULT_PORT,
                       help=_("the port (default {port}; 0: any free one, printed)").format(
                           port=DEFAULT_PORT))  # fmt: skip
    serve_p.add_argument("--replays-dir", type=Path, default=argparse.SUPPRESS,
                       help=_("where the server keeps its games and rooms"))  # fmt: skip
    serve_p.add_argument("--trusted-proxy", default=None, metavar="ADDRESS",
                       help=_("the address of a reverse proxy in front (such as 127.0.0.1): the clients it "
                            "forwards are told apart by the X-Forwarded-For it sends, for the connections "
                            "allowed an address"))  # fmt: skip
    serve_p.add_argument("--public-url", default=None, metavar="URL",
                       help=_("the address players reach this server at, such as wss://play.example.org:443 "
                            "behind a TLS proxy: invites name it (default: the address the host used)"))  # fmt: skip
    serve_p.add_argument("--room-ttl", type=duration_arg, default=None, metavar="TIME",
                       help=_("close a room under way once nobody has moved in it or visited it for this long "
                            "(such as 7d or 12h; default 30d); its log is kept"))  # fmt: skip
    serve_p.add_argument("--finished-kept", type=duration_arg, default=None, metavar="TIME",
                       help=_("how long a finished room stays in the lobby, its replay served (default 1h); "
                            "its log is kept"))  # fmt: skip
    serve_p.add_argument("--code-prefix", default=None, metavar="LETTER",
                       help=_("begin every room code this server makes with LETTER, so that a proxy "
                              "in front of several servers sends each room's players to its server "
                              "(docs/scaling.md)"))  # fmt: skip
    serve_p.add_argument("--web", action="store_true",
                       help=_("also serve the app to browsers (textual-serve), as a guest who joins and watches "
                            "this server's games"))  # fmt: skip
    serve_p.add_argument("--web-port", type=count_arg(1, 65535), default=DEFAULT_WEB_PORT,
                       help=_("the browsers' port with --web (default {port})").format(
                           port=DEFAULT_WEB_PORT))  # fmt: skip
    serve_p.add_argument("--web-browsers", type=count_arg(1, 1000), default=20, metavar="N",
                       help=_("browsers at once with --web, each a process on this machine (default 20)"))  # fmt: skip
    serve_p.add_argument("--web-url", default=None, metavar="URL",
                       help=_("the address browsers use, behind a TLS proxy (such as https://cwtui.example.org; "
                            "default http://HOST:WEB_PORT)"))  # fmt: skip
    host_p = sub.add_parser("host", help=_("create a room on a game server and print an invite for each human seat"))
    host_p.add_argument("server", help=_(
        "HOST:PORT#KEY of a running `cwtui serve` (KEY: its host key, which `cwtui serve` prints; on the server's "
        "machine HOST:PORT finds it)"))  # fmt: skip
    host_p.add_argument("--seat", dest="seats", type=seat_arg, action="append", metavar="NAME:KIND",
                      help=_("a seat, in turn order (1–4 of them); KIND: human or a bot level"))  # fmt: skip
    host_p.add_argument(
        "--seed", type=seed_arg, default=None, help=_("the game's seed (default: the server draws one)")
    )
    host_p.add_argument("--no-tag-points", action="store_true", help=_("the variant without tag points (R11.1)"))
    host_p.add_argument(
        "--takeover", type=count_arg(0, MAX_TAKEOVER), default=None, metavar="SECONDS",
        help=_("a bot plays for a human seat that stays away this long when it is to act, until its player is "
             "back (default: the game waits for them)"),
    )  # fmt: skip
    host_p.add_argument("--on-resign", choices=("bot", "end"), default="bot",
                      help=_("a player who resigns: a bot plays on for their seat (default), or the game "
                           "ends there"))  # fmt: skip
    host_p.add_argument("--clock", type=clock_arg, default=None, metavar="BANK[+INCREMENT]",
                      help=_("each human seat's time for the whole game, such as 30m, or 10m+5s with 5 s "
                           "given back after each of its hands (default: no clock)"))  # fmt: skip
    host_p.add_argument("--per-move", type=duration_arg, default=None, metavar="TIME",
                      help=_("the most time a seat has for each hand (everything it does before another seat "
                           "is to act), such as 2d for a slow game over days"))  # fmt: skip
    host_p.add_argument("--on-time", choices=("bot", "forfeit"), default="bot",
                      help=_("a seat out of time: a bot plays for it (that hand, or to the end once its bank "
                           "is gone; default), or it forfeits and the game ends there"))  # fmt: skip
    host_p.add_argument("--spectators-talk", action="store_true",
                      help=_("spectators read and say table talk too (the seats always do)"))  # fmt: skip
    join_p = sub.add_parser("join", help=_("sit at your seat in a room of a game server (or watch it), at the table"))
    join_p.add_argument("invite", help=_("HOST:PORT/ROOM#TOKEN, the line the host sent you (without #TOKEN: watch)"))
    close_p = sub.add_parser("close", help=_("close a room on a game server: its players are told; its log is kept"))
    close_p.add_argument("server", help=_("HOST:PORT#KEY of the server (KEY: its host key; on its machine, HOST:PORT)"))
    close_p.add_argument("room", help=_("the room's code"))
    games_p = sub.add_parser("games", help=_("my online games: every seat you have joined, on any server, and whose "
                                           "turn it is"))  # fmt: skip
    games_p.add_argument("--forget", metavar="ROOM", default=None, help=_("forget your seat in this room"))
    rooms_p = sub.add_parser("rooms", help=_("list the rooms on a game server (the lobby)"))
    rooms_p.add_argument("server", help=_("HOST:PORT of a running `cwtui serve`"))
    ratings_p = sub.add_parser("ratings", help=_("the players rated on a game server, best first"))
    ratings_p.add_argument("server", help=_("HOST:PORT of a running `cwtui serve`"))
    guest_p = sub.add_parser(
        "guest", help=_("the app as `cwtui serve --web` gives it to a browser: join or watch games, nothing else")
    )
    guest_p.add_argument("server", help=_("HOST:PORT of the `cwtui serve` beside it"))
    guest_p.add_argument("--join", default="", metavar="ROOM[#TOKEN]",
                         help=_("open with the join dialog filled in (a browser's invite link)"))  # fmt: skip
    for parser, run in (
        (serve_p, serve), (host_p, host), (join_p, join), (close_p, close), (games_p, games), (rooms_p, rooms),
        (ratings_p, ratings), (guest_p, guest),
    ):  # fmt: skip
        parser.set_defaults(run=run)


def serve(args: argparse.Namespace) -> int:
    from cwtui.net.limits import Limits

    folder = replays_dir(args.replays_dir)
    need_folder_or_nothing(folder, "--replays-dir", "serve")
    web = Web(args.web_port, args.web_url, args.web_browsers) if args.web else None
    if web and args.web_url is not None and not args.web_url.startswith(("http://", "https://")):
        said = _("--web-url is the address browsers use, http(s)://…, not {url}").format(url=repr(args.web_url))
        raise usage("serve", said)
    kept = {"room_ttl": args.room_ttl, "finished_kept": args.finished_kept}
    limits = Limits(**{name: value for name, value in kept.items() if value is not None})
    public = None if args.public_url is None else _server(args.public_url, "serve").uri
    codes = None
    if args.code_prefix is not None:
        from cwtui.net.room_store import CODE_ALPHABET, random_code

        prefix = args.code_prefix.upper()
        if len(prefix) != 1 or prefix not in CODE_ALPHABET:
            said = _("--code-prefix is one of {letters}, not {prefix}")
            raise usage("serve", said.format(letters=CODE_ALPHABET, prefix=repr(args.code_prefix)))
        codes = lambda: prefix + random_code()[1:]  # noqa: E731  # a room code keeps its length
    return asyncio.run(_serve(folder, args.host, args.port, web, args.trusted_proxy, limits, public, codes))


@dataclass(frozen=True)
class Web:
    """`--web`: the port browsers connect to, the address they use (None: http://HOST:PORT),
    and how many may play at once."""

    port: int
    url: str | None
    browsers: int  # at most, at once


async def _serve(
    folder: Path,
    host: str,
    port: int,
    web: Web | None,
    trusted_proxy: str | None = None,
    limits: Limits | None = None,
    public_url: str | None = None,
    codes: Callable[[], str] | None = None,
) -> int:
    from cwtui.game.logfile import GameInUse, NotSaved
    from cwtui.net import host_key
    from cwtui.net.limits import Limits
    from cwtui.net.server import GameServer

    game_server = GameServer(
        folder, limits=limits or Limits(), trusted_proxy=trusted_proxy, public_url=public_url, codes=codes
    )
    try:
        listening = await game_server.start(host, port, opened=False)  # answers once the rooms are open
    except (GameInUse, NotSaved) as exc:  # another server serves the folder, or it cannot be served
        raise usage("serve", str(exc)) from None
    except OSError as exc:  # before anything is written: a bad --host or --port changes nothing
        said = _("cannot listen on {host}:{port}: {why}").format(host=host, port=port, why=exc.strerror or exc)
        raise usage("serve", said) from None
    try:
        need_writable_folder(folder, "--replays-dir", "serve")
        key = game_server.host_key
    except host_key.HostKeyError as exc:
        listening.close()
        raise usage("serve", str(exc)) from None
    except BaseException:
        listening.close()
        raise
    site = None
    if web is not None:
        from cwtui.net.web import serve_app

        game_address = next(iter(listening.sockets)).getsockname()
        try:
            site = await serve_app(host, web.port, web.url, guest_of(game_address), web.browsers)
            game_server.web_url = site.url
        except OSError as exc:
            listening.close()
            said = _("cannot listen on {host}:{port} for browsers: {why}")
            raise usage("serve", said.format(host=host, port=web.port, why=exc.strerror or exc)) from None
    game_server.open_rooms()
    for problem in game_server.problems:
        print(f"cwtui serve: {plain(problem)}", file=sys.stderr)
    stop = asyncio.get_running_loop().create_future()
    for signum in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # not on Windows
            asyncio.get_running_loop().add_signal_handler(signum, stop.set_result, None)
    ports = sorted({int(s.getsockname()[1]) for s in listening.sockets})
    for bound in ports:  # before the first line: whoever reads it can host at once
        host_key.register(bound, key, folder)
    where = ", ".join(f"ws://{s.getsockname()[0]}:{s.getsockname()[1]}" for s in listening.sockets)
    resumed = sum(1 for room in game_server.rooms.values() if not room.over)
    said = n_("listening on {where}; {count} game under way; games saved in {folder}",
              "listening on {where}; {count} games under way; games saved in {folder}", resumed)  # fmt: skip
    print("cwtui serve: " + said.format(where=where, count=resumed, folder=shown_path(folder)))
    if site is not None:
        print("cwtui serve: " + _("the app for browsers at {url}, a guest of this server").format(url=site.url))
    said = _(
        "hosts create rooms with `cwtui host HOST:{port}#{key} --seat NAME:KIND …` (the host key, kept in {file}; "
        "on this machine `cwtui host 127.0.0.1:{port}` finds it); stop with Ctrl+C"
    )
    kept_in = shown_path(folder / host_key.KEY_FILE)
    print("cwtui serve: " + said.format(port=ports[0], key=key, file=kept_in), flush=True)
    try:
        await stop
    finally:
        for bound in ports:
            host_key.unregister(bound, key)
        listening.close()
        await listening.wait_closed()
        if site is not None:
            await site.close()
        game_server.close()
    print("cwtui serve: " + _("stopped; every move played is in its game's log"))
    return 0


def guest_of(listening: tuple[Any, ...]) -> list[str]:
    """The command a browser's app runs, after cwtui's own options: `guest` of the
    server listening at (host, port, …), reached from this machine (a server on every
    address is reached on 127.0.0.1)."""
    where, port = str(listening[0]), int(listening[1])
    if where in ("0.0.0.0", "::"):
        where = "127.0.0.1"
    server = f"[{where}]:{port}" if ":" in where else f"{where}:{port}"
    return ["guest", server]


def guest(args: argparse.Namespace) -> int:
    from cwtui.app import CwtuiApp, run_to_the_end

    address = _server(args.server, "guest")
    return run_to_the_end(
        CwtuiApp(
            replays_dir(args.replays_dir),
            bot_speed=args.bot_speed,
            turn_alert=args.turn_alert,
            guest=address,
            guest_join=args.join,
        )
    )


def host(args: argparse.Namespace) -> int:
    address = _server(args.server, "host")
    seats = tuple(args.seats or ())
    if not 1 <= len(seats) <= 4:
        raise usage("host", _("give 1 to 4 seats, such as --seat Ana:human --seat Bo:medium"))
    try:  # bad seats are bad input, found before any server is asked (which checks again)
        GameConfig(seats, args.seed or 0, not args.no_tag_points)
    except ConfigError as exc:
        raise usage("host", str(exc)) from None
    from cwtui.net.client import Address
    from cwtui.net.host_key import key_for

    key = key_for(address)
    address = Address(address.uri)  # the invites name the server, never its key
    clock = _clock(args)
    request = CreateRoom(
        seats, args.seed, not args.no_tag_points, args.takeover, key, args.spectators_talk, args.on_resign, clock
    )
    reply = _ask(address, request, "host")
    if not isinstance(reply, RoomMade):
        return _unexpected(reply, "host")
    server = reply.address.removeprefix("ws://") if reply.address else str(address)
    said = _("Room {room} on {server}. Send each player their line (it is their seat's secret):")
    print(said.format(room=reply.room, server=server))
    for invite in reply.invites:
        print(f"  {invite.name}: cwtui join {server}/{reply.room}#{invite.token}")
        if reply.web:
            link = f"{reply.web}/join/{reply.room}#{invite.token}"
            print(f"  {'':{len(invite.name)}}  " + _("or in a browser: {link}").format(link=link))
    print("  " + _("To watch: {line}").format(line=f"cwtui join {server}/{reply.room}"))
    return 0


def _clock(args: argparse.Namespace) -> ClockRule | None:
    """The room's clock from `host`'s options (checked here, before any server is asked)."""
    from cwtui.net.clock import clock_rule

    try:
        return clock_rule(args.clock, args.per_move, args.on_time)
    except ValueError as exc:
        raise usage("host", f"{exc} (--clock, --per-move)") from None


def close(args: argparse.Namespace) -> int:
    from cwtui.net.host_key import key_for

    address = _server(args.server, "close")
    if not args.room.isalnum():
        raise usage("close", _("a room code is letters and digits, not {code}").format(code=repr(args.room)))
    reply = _ask(address, CloseRoom(args.room.upper(), key_for(address)), "close")
    if not isinstance(reply, RoomClosed):
        return _unexpected(reply, "close")
    said = _("Room {room} is closed; its players were told, and its game's log is kept as it was.")
    print(said.format(room=reply.room))
    return 0


def games(args: argparse.Namespace) -> int:
    """My games and whose turn it is; exit 0 (a server that cannot be reached is said
    on its games' lines)."""
    from cwtui.net import my_games

    kept = my_games.my_games()
    if args.forget is not None:
        room = args.forget.upper()
        gone = [g for g in kept if g.room == room]
        if not gone:
            said = _("no game of yours in room {room} (cwtui games lists them)").format(room=repr(args.forget))
            raise usage("games", said)
        for game in gone:
            my_games.forget(game.line)
        print(_("Forgot your seat in room {room}.").format(room=room))
        return 0
    if not kept:
        print(_("No online games yet: every seat you take with `cwtui join` (or j on the home screen) is kept here."))
        return 0
    for standing in asyncio.run(my_games.standings(kept)):
        game = standing.game
        mark = "▶" if standing.yours else " "
        print(f"{mark} {game.room}  {game.names[game.seat]:<12} {standing.words()}")
        print(f"    cwtui join {game.line}")
    return 0


def rooms(args: argparse.Namespace) -> int:
    address = _server(args.server, "rooms")
    reply = _ask(address, ListRooms(), "rooms")
    if not isinstance(reply, Rooms):
        return _unexpected(reply, "rooms")
    if not reply.rooms:
        print(_("No rooms on {server}.").format(server=address))
    from cwtui.net.remote import room_line

    for room in reply.rooms:
        print(room_line(room))
    return 0


def ratings(args: argparse.Namespace) -> int:
    from cwtui.net.player_key import PlayerKeyError, own_key, player_id, short

    address = _server(args.server, "ratings")
    reply = _ask(address, ListRatings(), "ratings")
    if not isinstance(reply, Ratings):
        return _unexpected(reply, "ratings")
    if not reply.players:
        said = _("Nobody is rated on {server} yet: a game is rated once two of its players are known there.")
        print(said.format(server=address))
        return 0
    try:
        mine = short(player_id(own_key()))
    except PlayerKeyError:
        mine = None
    print(f"{'':2}{'rating':>7}  {'games':>5}  {'player':<24} key (skill ± uncertainty)")
    for rated in reply.players:
        mark = "▶" if rated.player == mine else " "
        print(f"{mark} {rated.rating:>7.1f}  {rated.games:>5}  {rated.name[:24]:<24} {rated.player} "
              f"({rated.mu:.1f} ± {rated.sigma:.1f})")  # fmt: skip
    return 0


def _server(text: str, command: str) -> Address:
    from cwtui.net.client import parse_address

    try:
        address = parse_address(text)
    except ValueError as exc:
        raise usage(command, str(exc)) from None
    if address.room:
        raise usage(command, _("give the server's HOST:PORT, without a room: {text}").format(text=repr(text)))
    return address


def _ask(
    address: Address, message: CreateRoom | ListRooms | ListRatings | CloseRoom, command: str
) -> ServerMessage | None:
    """The server's answer; None (its line printed) when there is no server to answer."""
    from cwtui.net.client import ServerGone, ask

    try:
        return asyncio.run(ask(address, message))
    except ServerGone as exc:
        print(f"cwtui {command}: {exc}", file=sys.stderr)
        return None


def _unexpected(reply: ServerMessage | None, command: str) -> int:
    if reply is None:
        pass  # said already
    elif isinstance(reply, Error):
        said = in_language(reply.message, reply.template, reply.said)
        print(f"cwtui {command}: " + _("the server refused: {why}").format(why=said), file=sys.stderr)
    else:
        said = _("the server answered something else ({what})").format(what=type(reply).__name__)
        print(f"cwtui {command}: {said}", file=sys.stderr)
    return 1


def join(args: argparse.Namespace) -> int:
    """Meet the server first (a wrong token, no such room, no server: one line, exit 1,
    before any screen), then open the table, which keeps its own connection."""
    from cwtui.app import CwtuiApp, run_to_the_end
    from cwtui.net.client import Refused, ServerGone, parse_address
    from cwtui.net.remote import sit_down

    try:
        address = parse_address(args.invite)
    except ValueError as exc:
        raise usage("join", str(exc)) from None
    if address.room is None:
        raise usage("join", _("give the room too: HOST:PORT/ROOM#TOKEN, not {text}").format(text=repr(args.invite)))
    try:
        game = asyncio.run(sit_down(address))
    except ServerGone as exc:
        print(f"cwtui join: {exc}", file=sys.stderr)
        return 1
    except Refused as exc:
        print(f"cwtui join: {exc}", file=sys.stderr)
        return 1
    return run_to_the_end(
        CwtuiApp(
            replays_dir(args.replays_dir),
            bot_speed=args.bot_speed,
            turn_alert=args.turn_alert,
            online=game,
            address=address,
        )
    )
