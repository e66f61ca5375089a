"""Helpers shared by the engine tests: applying moves, random playouts, scenarios."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from engine import GameConfig, SeatConfig, apply, legal_moves
from engine.components import TACKLE, TOTAL_TROPHIES
from engine.events import Event
from engine.game import MAX_PLIES
from engine.moves import Move
from engine.phases import SILENT_CLEAR
from engine.rng import Rng
from engine.state import EMPTY, State

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from cwtui.net.address import Address
    from cwtui.net.protocol import RoomMade
    from cwtui.net.server import GameServer


def run(state: State, *moves: Move) -> tuple[State, list[Event]]:
    """Apply moves in order; every event they caused."""
    events: list[Event] = []
    for move in moves:
        state, ev = apply(state, move)
        events += ev
    return state, events


def of_type(events: list[Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def config(players: int, seed: int = 1, tag_points: bool = True) -> GameConfig:
    return GameConfig(
        seats=tuple(SeatConfig(f"P{i}", "random") for i in range(players)), seed=seed, tag_points=tag_points
    )


def random_playout(state: State, seed: int, max_plies: int = MAX_PLIES):
    """Yield (state_before, move, events) of a random game played to the end."""
    rng = Rng(seed)
    for _ in range(max_plies):
        if state.over:
            return
        moves = legal_moves(state)
        move = moves[rng.below(len(moves))]
        after, events = apply(state, move)
        yield state, move, events
        state = after
    raise AssertionError("game did not end")


def scenario(players: int = 2, **kwargs: object):  # -> Scenario
    """A scenario with no tackle in anyone's hand, so turns end without a tackle window,
    and the three tokens on the Port, yellow and blue (faces 1)."""
    from engine.scenario import Scenario

    sc = Scenario(players=players, **kwargs)  # type: ignore[arg-type]
    for seat in range(players):
        sc.tackle(seat, [])
    return sc.tokens(port=1, yellow=1, blue=1)


def whole_turn(state: State, place: str, remove: str) -> tuple[State, list[Event]]:
    """Place on one space, remove from another (both resolving without choices)."""
    from engine.moves import PlaceAngler, RemoveAngler

    return run(state, PlaceAngler(place), RemoveAngler(remove))  # type: ignore[arg-type]


def cards_with_swapped_times(path: Path) -> Path:
    """Write a valid card file that differs from the built-in one: its first two fish
    swap timestamps."""
    from engine.cards import DEFAULT_CARDS

    lines = DEFAULT_CARDS.read_text().splitlines()
    first, second = [i for i, line in enumerate(lines) if line.startswith("time = ")][:2]
    lines[first], lines[second] = lines[second], lines[first]
    path.write_text("\n".join(lines) + "\n")
    return path


def reseal(lines: list[bytes]) -> list[bytes]:
    """Recompute a format 2 log's digests, as a forger who knows the format would: what
    then catches a change is the reader's other checks and the replay, not the digest.
    Written from engine.log's description of the digest, not from its code."""
    import hashlib

    from engine.log import DIGEST_KEY, DIGEST_SIZE

    out, previous = [], b""
    for line in lines:
        if not line.endswith(b"\n") or DIGEST_KEY not in line:
            out.append(line)
            continue
        body = line[: line.rindex(DIGEST_KEY)]
        previous = hashlib.blake2b(body, digest_size=DIGEST_SIZE, key=previous).hexdigest().encode()
        out.append(body + DIGEST_KEY + previous + b'"}\n')
    return out


def play_on(session, until_ply: int | None = None) -> None:  # session: cwtui.game.session.GameSession
    """Play a session on to the end (or to move `until_ply`): humans take the last
    option offered, bots decide as in the app (their searches logged as they ran)."""
    while not session.state.over and (until_ply is None or session.state.ply < until_ply):
        if session.is_human(session.state.to_act):
            session.play(session.legal()[-1])
        else:
            decision = session.bot_move()
            session.play(decision.move, decision.searched)


def check_conserved(s: State) -> None:
    solo = s.config.solo
    colored = sum(s.bag) + sum(s.discard)
    colored += sum(sum(z) for p in s.players for z in p.board)
    colored += sum(sum(m[1:]) for p in s.players for m in p.ma)
    assert colored == (54 if solo else 96), "colored bait (R1.1, R12.1)"
    assert s.clear_in_bag or s.phase == SILENT_CLEAR, "the clear bait is back in the bag"
    fish = [c for zones in s.locations for c in zones if c != EMPTY]
    fish += [c for d in s.decks for c in d] + [f for p in s.players for f in p.fish]
    assert sorted(fish) == list(range(60)), "fish cards (R1.3)"
    tackle = s.tackle_deck + s.tackle_used + [t for p in s.players for t in p.tackle]
    assert sorted(tackle) == list(range(15)), "tackle tokens (R1.5)"
    masters = s.ma_deck + [c for c in s.display if c != EMPTY]
    masters += [m[0] for p in s.players for m in p.ma] + [c for p in s.players for c in p.ma_caught]
    assert sorted(masters) == list(range(30)), "Master Angler cards (R1.4)"
    trophies = sum(len(v) for v in s.stacks.values()) + len(s.mystery) + s.boxed_trophies
    trophies += sum(len(p.trophies) for p in s.players)
    assert trophies == TOTAL_TROPHIES, "trophies (R1.8)"


def with_hidden_changes(s: State, seat: int) -> State:
    """The same position but for what `seat` cannot know."""
    t = s.clone()
    for deck in t.decks:
        deck[:-1] = deck[:-1][::-1]  # deck order below the top (whose species is public, R2.1)
    t.ma_deck.reverse()
    t.tackle_deck.reverse()
    t.mystery[:-1] = t.mystery[:-1][::-1]  # the face-up tile stays on top
    t.rng = [x ^ 0xFFFF for x in t.rng]  # future bag draws and reshuffles
    cards = t.cards
    for p in t.players:
        if p.seat == seat:
            continue
        for i, fish in enumerate(p.fish):  # another fish of the same species, from a deck
            species = cards.fish_species[fish]
            deck = t.decks[cards.fish_location[fish]]
            swap = next((d for d in deck if cards.fish_species[d] == species), None)
            if swap is not None and not any(tr.fish == fish for tr in p.trophies):
                deck[deck.index(swap)], p.fish[i] = fish, swap
        for i, token in enumerate(p.tackle):  # another token of another kind, from the deck
            swap = next((d for d in t.tackle_deck if TACKLE[d] != TACKLE[token]), None)
            if swap is not None and token not in p.fresh:
                t.tackle_deck[t.tackle_deck.index(swap)], p.tackle[i] = token, swap
    return t


def seen_record(path: Path, viewer: int | None):  # -> cwtui.game.replaying.SeenRecord
    """The finished game logged at `path` as a game server's client at seat `viewer`
    (None: a spectator) gets its replay: the room's Table and SeenGame, made by the
    server's own code (cwtui.net.shown), read by the client's (RemoteGame)."""
    from cwtui.game.session import GameSession
    from cwtui.net import shown
    from cwtui.net.protocol import Welcome
    from cwtui.net.remote import RemoteGame
    from cwtui.net.room import Room

    session = GameSession.open(path)
    assert session.over, "a replay comes at the end"
    room = Room("TESTRM", session, {})
    table = shown.table(room, viewer, 0, shown.seat_views(room, [viewer])[viewer])
    config = session.config
    kinds = tuple(s.kind for s in config.seats)
    welcome = Welcome(room.code, viewer, room.names, kinds, config.tag_points, session.cards.hash)
    return RemoteGame(welcome, session.cards, table).seen_record(shown.seen_game(room, viewer))


def quick_judge(job):  # (engine.bots.judge.Position, level, cards) -> engine.bots.judge.Judged
    """A stand-in for a review's search, where what is tested is the keeping, loading or
    showing of reviews rather than the search: a made-up loss in points that differs
    from decision to decision (every grade turns up in a long game)."""
    from engine.bots.judge import Candidate, Judged, grade

    position = job[0]
    loss = float(position.ply % 25) / 3
    if not loss:
        return Judged(position.ply, position.seat, position.phase, len(position.moves), position.chosen,
                      position.chosen, 0.5, 0.5, None, None, 0.0, grade(0.0))  # fmt: skip
    # the candidates a costly decision lists: the best, then up to two more, each losing more
    weighed = (position.moves[0], *[m for m in position.moves[1:] if m != position.chosen][:1], position.chosen)
    candidates = tuple(Candidate(m, loss * i / 2, 0.3 * i) for i, m in enumerate(dict.fromkeys(weighed)))
    return Judged(position.ply, position.seat, position.phase, len(position.moves), position.chosen,
                  position.moves[0], 0.5, 0.5 - loss / 100, 2.0, 2.0 - loss, loss, grade(loss),
                  (("lake_contest", loss),), candidates=candidates if grade(loss) != "best" else ())  # fmt: skip


def play_moves(session, moves: int) -> None:  # session: cwtui.game.session.GameSession
    """Up to `moves` moves of a game session, to its end at most: a human seat plays its
    first legal move, a bot its own."""
    for _ in range(moves):
        if session.state.over:
            return
        if session.is_human(session.state.to_act):
            session.play(session.legal()[0])
        else:
            decision = session.bot_move()
            session.play(decision.move, decision.searched)


def long_log(source: Path, plies: int) -> bytes:
    """A log of `plies` moves whose digests are right: the source game's moves over and
    over, renumbered, with its footer (counting them) at the end — valid to the reader,
    which checks lines and digests, not play (issue 37.8's repro was made so)."""
    import re

    lines = source.read_bytes().splitlines(keepends=True)
    moves, footer = lines[1:-1], lines[-1]
    out = [lines[0]]
    for n in range(plies):
        out.append(re.sub(rb'"ply":\d+', b'"ply":%d' % n, moves[n % len(moves)], count=1))
    out.append(re.sub(rb'"plies":\d+', b'"plies":%d' % plies, footer, count=1))
    return b"".join(reseal(out))


async def finished_room(address: Address) -> tuple[RoomMade, str]:
    """A room of the server at `address` whose game Ana and Bo, both played here (seeded
    random moves: always the first option can go on for ever), have finished: the room
    and its game's id."""
    import asyncio

    from cwtui.net import host_key
    from cwtui.net.client import Connection
    from cwtui.net.protocol import CreateRoom, Hello, Play, RoomMade, Table, Welcome

    async with await Connection.open(address) as host:
        await host.send(CreateRoom((SeatConfig("Ana"), SeatConfig("Bo")), 11, key=host_key.local_key(address.uri)))
        made = await host.receive()
    assert isinstance(made, RoomMade)
    seats = [await Connection.open(address) for _ in made.invites]
    game = ""
    for seat, invite in zip(seats, made.invites, strict=True):
        await seat.send(Hello(made.room, invite.token))
        welcome = await seat.receive()
        assert isinstance(welcome, Welcome)
        game = welcome.game

    async def play(connection: Connection, rng: Rng) -> None:
        while True:
            table = await asyncio.wait_for(connection.receive(), 30)
            if isinstance(table, Table) and table.over:
                return
            if isinstance(table, Table) and table.legal:
                await connection.send(Play(table.ply, table.legal[rng.below(len(table.legal))]))

    await asyncio.gather(*(play(seat, Rng(seat_no)) for seat_no, seat in enumerate(seats)))
    for seat in seats:
        await seat.close()
    return made, game


@contextlib.asynccontextmanager
async def served(game_server: GameServer) -> AsyncIterator[Address]:
    """`game_server` listening on localhost in the test's event loop, its host key left
    where this user's `cwtui host` finds it (as `cwtui serve` does): its address. Closed
    at the end, its rooms' held-back moves saved."""
    from cwtui.net import host_key
    from cwtui.net.address import Address

    listening = await game_server.start("127.0.0.1", 0)
    port = next(iter(listening.sockets)).getsockname()[1]
    host_key.register(port, game_server.host_key, game_server.folder)
    try:
        yield Address(f"ws://127.0.0.1:{port}")
    finally:
        listening.close()
        await listening.wait_closed()
        game_server.close()
