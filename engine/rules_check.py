"""Why a move is illegal: turns a failed legality check into an IllegalMove that names
the rule. Runs only when a move was refused, so it favours clarity over speed; only
`same_move` runs on moves that are played."""

from __future__ import annotations

from typing import Final

import msgspec

from engine import tackle
from engine.components import COLORS, CONTEST_ORDER, LOCATIONS, MAX_UNCAUGHT_MASTER_ANGLERS, SPACE_INDEX, SPACES, ZONES
from engine.errors import IllegalMove
from engine.legal import legal_moves
from engine.moves import (
    BaitTo,
    Catch,
    EndTurn,
    LetGo,
    Move,
    PlaceAngler,
    PlayLure,
    PlayReel,
    Present,
    Refill,
    RemoveAngler,
    TakeMasterAngler,
)
from engine.phases import AFTER, ASKS, BAIT, CATCH, PLACE, PORT, PRESENT, REMOVE, WINDOWS
from engine.state import State

TACKLE_RULE = {"lure": "R7.4", "reel": "R7.5", "rod": "R7.1", "line": "R7.2"}

# What a move's field names, for a move that names nothing there: the rule that says what
# there is, and the words for it. A log's or a client's moves are checked against their
# types as they are decoded; a Python caller's only here (`malformed`).
_ZONES_ARE = "zones are the whole numbers 3 to 6"
_COLORS_ARE = f"the bait colors are {', '.join(COLORS)}"
_NAMED: Final[dict[str, tuple[str, str]]] = {
    "space": ("R1.10", f"the spaces are {', '.join(SPACES)}"),
    "location": ("R1.10", f"the locations are {', '.join(LOCATIONS)}"),
    "color": ("R1.1", _COLORS_ARE),
    "color_a": ("R1.1", _COLORS_ARE),
    "color_b": ("R1.1", _COLORS_ARE),
    "zone": ("R1.9", _ZONES_ARE),
    "Catch.zone": ("R1.10", f"a location's {_ZONES_ARE}"),
    "zone_a": ("R1.9", _ZONES_ARE),
    "zone_b": ("R1.9", _ZONES_ARE),
    "zones": ("R1.9", "it is a tuple of zones, each a whole number from 3 to 6"),
    "card": ("R1.4", "a Master Angler card is a whole number (None: the deck's top, or the discard)"),
    "fish": ("R1.3", "it is a tuple of fish cards, each a whole number"),
    "count": ("R12.2", "the silent player draws 1 or 2 bait"),
    "choice": ("R12.5", "the choices are master_angler and discard_seven"),
    "rod": ("R7.1", "it is true or false"),
    "line": ("R7.2", "it is true or false"),
    "deck_top": ("R6.2", "it is true or false"),
}
_ZONE_FIELDS: Final = frozenset(("zone", "zone_a", "zone_b", "zones"))

_encoder = msgspec.json.Encoder()


def same_move(legal: Move, move: Move) -> bool:
    """`move`, equal to the legal move, is that move exactly, as a log holds it: 3.0 ==
    3 and True == 1, but no log would read them back, and no compiled rule can read
    them. (Comparing the encodings is the cheapest exact test: this runs on every move
    a search tree replays.)"""
    return _encoder.encode(legal) == _encoder.encode(move)


def malformed(move: Move) -> IllegalMove | None:
    """Why a move names nothing in the game: its first field that is not a value of its
    declared type as a log would read it back (PlaceAngler("orange"), Refill(3.0),
    Catch(..., rod=1)), or names a zone or a count there is not, and the rule of what it
    may be. None: every field names something. No other rule may read a move before
    this (a KeyError, or a compiled module's TypeError)."""
    name = type(move).__name__
    for field in msgspec.structs.fields(type(move)):
        named = _NAMED.get(f"{name}.{field.name}") or _NAMED.get(field.name)
        if named is None:  # a field of no move of the game's (a caller's own class): no rule reads it
            continue
        rule, words = named
        value = getattr(move, field.name)
        try:
            fits = bool(msgspec.json.decode(_encoder.encode(value), type=field.type) == value)
        except (TypeError, ValueError, msgspec.DecodeError):
            fits = False
        if fits and field.name in _ZONE_FIELDS:
            fits = all(zone in ZONES for zone in (value if isinstance(value, tuple) else (value,)))
        if fits and field.name == "count":
            fits = value in (1, 2)
        if not fits:
            return IllegalMove(rule, "{move}'s {field} cannot be {value}: {words}", move=name, field=field.name,
                               value=repr(value), words=words)  # fmt: skip
    return None


def explain(s: State, move: Move) -> IllegalMove:
    problem = malformed(move)
    if problem is not None:
        return problem
    rule, pending = ASKS[s.phase]
    p = s.player
    if isinstance(move, (PlayLure, PlayReel)) and s.phase in WINDOWS:
        return _tackle_problem(s, move)
    if isinstance(move, PlaceAngler) and s.phase == PLACE and s.spaces[SPACE_INDEX[move.space]]:
        return IllegalMove("R3.1", "the {space} space is occupied", space=move.space)
    if isinstance(move, RemoveAngler) and s.phase == REMOVE:
        if SPACE_INDEX.get(move.space) == s.placed:
            return IllegalMove("R3.2", "you cannot remove the token you placed this turn")
        return IllegalMove("R3.2", "there is no angler token on the {space} space", space=move.space)
    if isinstance(move, Refill) and s.phase == PORT:
        if move.zone not in (3, 4, 5, 6):
            return IllegalMove("R1.9", "there is no zone {zone}; zones are 3 to 6", zone=move.zone)
        return IllegalMove("R4.4", "zone {zone} is already full", zone=move.zone)
    if isinstance(move, TakeMasterAngler) and s.phase == PORT:
        if len(p.ma) >= MAX_UNCAUGHT_MASTER_ANGLERS:
            return IllegalMove("R4.6", "you already have 3 uncaught Master Angler cards")
        if move.card is None:
            return IllegalMove("R4.6", "the Master Angler deck is empty")
        return IllegalMove("R4.6", "Master Angler card {card} is not face up", card=move.card)
    if isinstance(move, BaitTo) and s.phase == BAIT:
        return IllegalMove("R5.1", "card {card} has no empty slot of this bait's color", card=str(move.card))
    if isinstance(move, (Catch, LetGo)) and s.phase == CATCH:
        return _catch_problem(s, move)
    if isinstance(move, EndTurn) and s.phase != AFTER:
        return IllegalMove("R3.4", "every step is mandatory; now: {pending}", pending=pending)
    if isinstance(move, Present) and s.phase == PRESENT:
        canonical = Present(move.location, tuple(sorted(move.fish)))
        if canonical != move and canonical in legal_moves(s):  # one spelling per move: the log's
            return IllegalMove("R10.1", "a presentation lists its fish lowest first: {move}", move=repr(canonical))
        location = LOCATIONS[CONTEST_ORDER[s.contest]]
        return IllegalMove(
            "R10.1", "present only your own {location} fish, at most one of each species", location=location
        )
    return IllegalMove(rule, "{move} is not legal now; {pending}", move=type(move).__name__, pending=pending)


def _tackle_problem(s: State, move: PlayLure | PlayReel) -> IllegalMove:
    p = s.player
    kind = "lure" if isinstance(move, PlayLure) else "reel"
    rule = TACKLE_RULE[kind]
    if tackle.usable(p, kind) is None:
        if any(t in p.fresh for t in p.tackle):
            return IllegalMove("R6.1", "a {kind} drawn this step can be played from the next step", kind=kind)
        return IllegalMove(rule, "you have no {kind}", kind=kind)
    legal = legal_moves(s)
    if isinstance(move, PlayLure):
        if not 1 <= len(move.zones) <= 2:
            return IllegalMove(rule, "a Lure removes one or two bait")
        canonical = PlayLure(move.color, tuple(sorted(move.zones)))
        if canonical != move and canonical in legal:  # one spelling per move: the log's
            return IllegalMove(rule, "a Lure lists its zones lowest first: {move}", move=repr(canonical))
        return IllegalMove(rule, "your board lacks those {color} bait", color=move.color)
    if move.zone_a == move.zone_b:
        return IllegalMove(rule, "the Reel swaps bait between two different zones")
    swapped = PlayReel(move.zone_b, move.color_b, move.zone_a, move.color_a)
    if move.zone_a > move.zone_b and swapped in legal:
        return IllegalMove(rule, "a Reel names the lower zone first: {move}", move=repr(swapped))
    if move.color_a == move.color_b:
        return IllegalMove(rule, "the Reel swaps two bait of different colors")
    return IllegalMove(rule, "your board lacks one of those bait")


def _catch_problem(s: State, move: Catch | LetGo) -> IllegalMove:
    from engine.fishing import natural_target

    p = s.player
    loc, zone = natural_target(s)
    if isinstance(move, LetGo):
        return IllegalMove("R5.3", "the fish is there: an emptied zone catches it")
    if move.deck_top:
        if move.rod or move.location != LOCATIONS[loc]:
            return IllegalMove("R7.1", "the Rod cannot take another location's deck top")
        if move.line or zone != 6:
            return IllegalMove("R6.2", "only emptying your zone 6 lets you take the deck top")
        return IllegalMove("R6.2", "that location's deck is empty")
    if move.rod and tackle.usable(p, "rod") is None:
        return IllegalMove("R7.1", "you have no Rod you can play now")
    if move.line and tackle.usable(p, "line") is None:
        return IllegalMove("R7.2", "you have no Line you can play now")
    if move.rod == (move.location == LOCATIONS[loc]):
        return IllegalMove("R7.1", "only a Rod changes the location, and it must change it")
    if move.line != (abs(move.zone - zone) == 1):
        return IllegalMove("R7.2", "only a Line changes the zone, to an adjacent one")
    return IllegalMove("R5.7", "there is no fish in {location} zone {zone}", location=move.location, zone=move.zone)
