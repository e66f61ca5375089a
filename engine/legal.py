"""The legal moves of the seat to act, in a fixed order (the order of the rules' own
lists: spaces in track order, zones low to high, locations Shore, River, Lake)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from engine import bait, fishing, port, tackle
from engine.components import COLORS, LOCATIONS, SPACES
from engine.moves import (
    BaitTo,
    Catch,
    CatchFirst,
    EndTurn,
    LetGo,
    Move,
    PlaceAngler,
    PlayLure,
    PlayReel,
    Present,
    Refill,
    RemoveAngler,
    SilentClear,
    SilentDraws,
    TakeMasterAngler,
)
from engine.phases import AFTER, BAIT, CATCH, CATCH_ORDER, PLACE, PORT, PRESENT, REMOVE, SILENT_CLEAR, SILENT_DRAWS
from engine.state import EMPTY, Player, State

ZONES = (3, 4, 5, 6)
# Moves are immutable values, so the fixed ones are made once and shared.
PLACE_MOVES = tuple(PlaceAngler(space) for space in SPACES)
REMOVE_MOVES = tuple(RemoveAngler(space) for space in SPACES)
REFILL_MOVES = {z: Refill(z) for z in ZONES}
CATCH_FIRST_MOVES = {z: CatchFirst(z) for z in ZONES}
END_TURN = EndTurn()
DISCARD_BAIT = BaitTo(None)


def legal_moves(s: State) -> list[Move]:
    """Every legal move now; empty when the game is over. Cached on the state, which
    never changes once handed out."""
    if s._legal is None:
        s._legal = _generate(s)
    return s._legal


def _generate(s: State) -> list[Move]:
    phase = s.phase
    p = s.player
    moves: list[Move]
    if phase == PLACE:
        moves = [PLACE_MOVES[i] for i, face in enumerate(s.spaces) if not face]
    elif phase == REMOVE:
        moves = [REMOVE_MOVES[i] for i, face in enumerate(s.spaces) if face and i != s.placed]
    elif phase == AFTER:
        moves = [END_TURN]
    elif phase == PORT:
        moves = [REFILL_MOVES[z] for z in ZONES if sum(p.board[z - 3]) < z]
        if port.can_take_master_angler(s, p):
            moves += [TakeMasterAngler(c) for c in s.display if c != EMPTY]
            if s.ma_deck:
                moves.append(TakeMasterAngler(None))
        return moves
    elif phase == BAIT:
        return [DISCARD_BAIT, *(BaitTo(c) for c in bait.open_slots(s, p, s.action_color))]
    elif phase == CATCH_ORDER:
        return [CATCH_FIRST_MOVES[z] for z in sorted(set(s.emptied))]
    elif phase == CATCH:
        return list(catch_options(s, p))
    elif phase == SILENT_DRAWS:
        return [SilentDraws(1), SilentDraws(2)]
    elif phase == SILENT_CLEAR:
        return [SilentClear("master_angler"), SilentClear("discard_seven")]
    elif phase == PRESENT:
        return list(presentations(s, s.players[s.present_seat]))
    else:
        return []
    if p.tackle:  # the tackle windows: PLACE, REMOVE, AFTER (R7.6)
        moves += tackle_moves(p)
    return moves


def tackle_moves(p: Player) -> Iterator[Move]:
    """R7.4, R7.5, R7.6 — Lure and Reel, when the player holds a usable one."""
    board = p.board
    if tackle.usable(p, "lure") is not None:
        for c, color in enumerate(COLORS):
            having = [z for z in ZONES if board[z - 3][c]]
            for i, z in enumerate(having):
                yield PlayLure(color, (z,))
                if board[z - 3][c] >= 2:
                    yield PlayLure(color, (z, z))
                for z2 in having[i + 1 :]:
                    yield PlayLure(color, (z, z2))
    if tackle.usable(p, "reel") is not None:
        for za, zb in ((3, 4), (3, 5), (3, 6), (4, 5), (4, 6), (5, 6)):
            a, b = board[za - 3], board[zb - 3]
            for ca in range(6):
                if not a[ca]:
                    continue
                for cb in range(6):
                    if b[cb] and cb != ca:
                        yield PlayReel(za, COLORS[ca], zb, COLORS[cb])


def catch_options(s: State, p: Player) -> Iterator[Move]:
    """R5.3, R5.7, R6.2, R7.1–R7.3 — every fish this catch may take."""
    loc, zone = fishing.natural_target(s)
    here = s.locations
    if here[loc][zone - 3] != EMPTY:
        yield Catch(LOCATIONS[loc], zone)
    else:
        yield LetGo()
    if zone == 6 and s.decks[loc]:
        yield Catch(LOCATIONS[loc], 6, deck_top=True)
    has_rod = tackle.usable(p, "rod") is not None
    has_line = tackle.usable(p, "line") is not None
    adjacent = [z for z in (zone - 1, zone + 1) if 3 <= z <= 6]
    if has_rod:
        for other in range(3):
            if other != loc and here[other][zone - 3] != EMPTY:
                yield Catch(LOCATIONS[other], zone, rod=True)
    if has_line:
        for z in adjacent:
            if here[loc][z - 3] != EMPTY:
                yield Catch(LOCATIONS[loc], z, line=True)
    if has_rod and has_line:
        for other in range(3):
            for z in adjacent:
                if other != loc and here[other][z - 3] != EMPTY:
                    yield Catch(LOCATIONS[other], z, rod=True, line=True)


def presentations(s: State, p: Player) -> Iterator[Move]:
    """R10.1 — at most one fish of each species of the location; nothing is allowed."""
    from engine.components import CONTEST_ORDER

    loc = CONTEST_ORDER[s.contest]
    cards = s.cards
    by_species: dict[int, list[int]] = {}
    for f in sorted(p.fish):
        if cards.fish_location[f] == loc:
            by_species.setdefault(cards.fish_species[f], []).append(f)
    choices = [[None, *fish] for _, fish in sorted(by_species.items())]
    for combo in product(*choices):
        yield Present(LOCATIONS[loc], tuple(sorted(f for f in combo if f is not None)))
