"""What a move does, in the game's terms, as a hint says it: the fish it catches (and
whether the species is new: toward First to 8 Species, the small species), the Master
Angler card it takes, fills or completes, the tackle it draws, the trophies it takes,
the zone it refills — and what it sets up: a zone of the seat's board left one bait
from a catch, which fish that bait would catch. A move that begins an action (a
placement, a removal) is said with the action played on (`resolved`): its catches are
what the move does, though the seat places each bait and orders the catches after it.

Each is a typed fact (`facts`), which a test checks against the engine's state, and a
phrase (`said`) the hint shows. Said from what the seat sees, never from what it does
not: the move is played in a few worlds dealt from the seat's View
(engine.determinize), and only what happens in every one of them is said. A catch's
species is public (the zone's card, a deck's top) and is said; a catch's weight is
hidden and is not, so a Mystery Weight the move might claim is not promised, nor a
contest's trophy (the others' fish weigh in it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from cwtui.game import words
from cwtui.lang import N_, _, n_
from cwtui.lang.glossary import species
from engine.cards import Cards
from engine.components import COLORS, FISH_TO_END, LOCATION_OF_COLOR, LOCATIONS, ZONES
from engine.determinize import World
from engine.events import (
    BaitDrawn,
    BaitRemoved,
    Event,
    FishCaught,
    MasterAnglerCaught,
    MasterAnglerTaken,
    TackleDrawn,
    TrophyTaken,
)
from engine.game import apply_in_place
from engine.legal import legal_moves
from engine.moves import BaitTo, Catch, CatchFirst, Move
from engine.phases import BAIT, CATCH, CATCH_ORDER
from engine.rng import Rng, stream_seed
from engine.state import EMPTY, State
from engine.view import View

WORLDS: Final = 6  # worlds a move is played in: what all of them agree on is said
# Trophies a move takes by weights the seat cannot see (a contest's other entries, a
# catch's weight against the Mystery Weight): never promised, however the worlds fall.
BY_HIDDEN_WEIGHTS: Final = frozenset({"mystery_weight", "shore_contest", "river_contest", "lake_contest"})
TWELVE: Final = "first_to_12"  # taken at a turn's end: said of the move reaching 12 (ReachesTwelve)
FIRST_TO: Final = 8  # First to 8 Species (R8.3)


@dataclass(frozen=True)
class Catches:
    """R5.3: a fish of `species` (public; which card of it, and its weight, may not be),
    from `location`'s zone `zone`; `new`: the seat's species count with it, if its
    species is new to the seat (toward R8.3), else 0; `small`: a small species (R8.4);
    `deck_top`: the location deck's top card, taken instead (R6.2), not the zone's fish."""

    species: str
    location: str
    zone: int
    new: int
    small: bool
    deck_top: bool = False


@dataclass(frozen=True)
class TakesCard:  # R4.6
    card: int


@dataclass(frozen=True)
class Completes:  # R5.2: +1 VP
    card: int


@dataclass(frozen=True)
class Fills:  # R5.1: slots of an uncaught Master Angler card
    card: int
    slots: int


@dataclass(frozen=True)
class DrawsTackle:  # R6.1
    """A tackle token drawn (its kind is drawn hidden)."""


@dataclass(frozen=True)
class TakesTrophy:  # R8
    trophy: str
    points: int


@dataclass(frozen=True)
class ReachesTwelve:  # R8.6, R9.1
    """Brings the seat to 12 fish while the First to 12 Fish tile is still to take: it is
    the seat's at the end of this turn, which begins the game's end. Said of the move that
    reaches 12, not of the one that ends the turn (any move ending it would "take" it)."""

    points: int


@dataclass(frozen=True)
class Refills:  # R4.4
    zone: int


@dataclass(frozen=True)
class Readies:
    """Sets up a catch: zone `zone` of the seat's board left holding one bait, of
    `color`, whose removal would catch a fish of `species` (R5.3: the location of the
    last bait's color, that zone), None if that location zone holds none."""

    zone: int
    color: str
    species: str | None


@dataclass(frozen=True)
class Denies:
    """Takes a fish the next seat was one bait from: their zone `zone` holds a single bait
    whose color fishes `location` (R5.3), so their next removal of it would have caught
    this very fish; now a new one from the deck lies there."""

    name: str
    species: str
    location: str
    zone: int


Fact = Catches | TakesCard | Completes | Fills | DrawsTackle | TakesTrophy | ReachesTwelve | Refills | Readies | Denies
SAID_BY_THE_MOVE: Final = (TakesCard, Refills)  # "Take Ray #24 (…)", "Refill zone 5 (…)" say them


def effects(seen: View, cards: Cards, move: Move, seed: int = 0) -> list[str]:
    """What `move` does for the seat whose View `seen` is, each fact a phrase ("catches
    the Pike in Lake zone 4, a new species (6 of 8)"), in the order it happens — but what
    its option's own words say already (the card it takes, the zone it refills: "the
    reason just repeats the move", a newcomer said)."""
    return [said(cards, fact) for fact in facts(seen, cards, move, seed) if not isinstance(fact, SAID_BY_THE_MOVE)]


def facts(seen: View, cards: Cards, move: Move, seed: int = 0) -> list[Fact]:
    """What `move` does for the seat whose View `seen` is, in the order it happens;
    only facts true in every world the seat cannot tell apart."""
    world = World(seen, cards)
    deal = Rng(stream_seed(seed, "reasons"))
    agreed: list[Fact] | None = None
    for _world in range(WORLDS):
        state = world.sample(deal)
        happened = apply_in_place(state, move)
        happened += resolved(state, seen.seat)
        found = found_in(seen, happened, state)
        agreed = found if agreed is None else [fact for fact in agreed if fact in found]
    return agreed or []


def resolved(state: State, seat: int) -> list[Event]:
    """The rest of the action a move began, played on in `state`: what it does whatever
    the seat chooses next. A placement or removal only starts its action: each bait
    then asks where it goes (R5.1), several emptied zones which catch comes first (R5.4),
    a catch which fish (R5.3, R6.2, R7.1–R7.3). Each bait goes to the discard here (so
    no slot is said filled that the seat did not choose), the catches come in zone order
    and each takes its zone's own fish. The events, in order."""
    happened: list[Event] = []
    while state.to_act == seat and state.phase in (BAIT, CATCH_ORDER, CATCH):
        happened += apply_in_place(state, plain(legal_moves(state)))
    return happened


def plain(moves: Sequence[Move]) -> Move:
    """Of a bait's, a catch order's or a catch's choices, the one without a choice in
    it: the discard, the lowest zone, the zone's own fish (no tackle, no deck top)."""
    for move in moves:
        if isinstance(move, BaitTo) and move.card is None:
            return move
        if isinstance(move, Catch) and not (move.rod or move.line or move.deck_top):
            return move
    orders = [m for m in moves if isinstance(m, CatchFirst)]
    return min(orders, key=lambda m: m.zone) if orders else moves[0]


def found_in(seen: View, happened: Sequence[object], after: State) -> list[Fact]:
    """The facts of a move that made the events `happened` and left `after`, for the
    seat whose View before it was `seen`."""
    me = seen.seats[seen.seat]
    cards = after.cards
    species = set(me.species)
    filled: dict[int, int] = {}  # a Master Angler card's slots this move filled
    found: list[Fact] = []
    for e in happened:
        if isinstance(e, FishCaught) and e.seat == me.seat:
            name = cards.species_names[cards.fish_species[e.card]]  # the engine's name, as the View's species
            new = name not in species
            species.add(name)
            small = cards.fish_species[e.card] in cards.small_species
            found.append(Catches(name, e.location, e.zone, len(species) if new else 0, small, e.how == "deck_top"))
        elif isinstance(e, BaitRemoved) and e.seat == me.seat and e.card is not None:
            filled[e.card] = filled.get(e.card, 0) + 1
        elif isinstance(e, MasterAnglerTaken) and e.seat == me.seat:
            found.append(TakesCard(e.card))
        elif isinstance(e, MasterAnglerCaught) and e.seat == me.seat:
            found.append(Completes(e.card))
            filled.pop(e.card, None)
        elif isinstance(e, TackleDrawn) and e.seat == me.seat:
            found.append(DrawsTackle())
        elif isinstance(e, TrophyTaken) and e.seat == me.seat and e.trophy not in (*BY_HIDDEN_WEIGHTS, TWELVE):
            found.append(TakesTrophy(e.trophy, e.points))
        elif isinstance(e, BaitDrawn) and e.seat == me.seat and Refills(e.zone) not in found:
            found.append(Refills(e.zone))
    found += [Fills(card, n) for card, n in filled.items()]
    if len(me.species) < FISH_TO_END <= len(after.players[me.seat].fish) and seen.stacks[TWELVE]:
        found.append(ReachesTwelve(seen.stacks[TWELVE][-1]))
    return found + readied(me.seat, me.board, after) + denied(seen, found)


def denied(seen: View, found: Sequence[Fact]) -> list[Denies]:
    """The catches that take a fish the next seat was one bait from (its board is public)."""
    nxt = seen.seats[(seen.seat + 1) % len(seen.seats)]
    if nxt.seat == seen.seat or nxt.kind == "silent":  # the silent player has no bait to be one from
        return []
    out = []
    for fact in found:
        if isinstance(fact, Catches) and not fact.deck_top:  # the deck's top leaves the zone's fish
            zone = nxt.board[fact.zone - 3]
            last = [c for c, n in enumerate(zone) if n]
            if sum(zone) == 1 and LOCATIONS[LOCATION_OF_COLOR[last[0]]] == fact.location:
                out.append(Denies(nxt.name, fact.species, fact.location, fact.zone))
    return out


def readied(seat: int, before: Sequence[Sequence[int]], after: State) -> list[Readies]:
    """The seat's zones the move left one bait from a catch (R5.3), that held more."""
    board = after.players[seat].board
    found = []
    for z, zone in enumerate(ZONES):
        if sum(board[z]) == 1 and sum(before[z]) > 1:
            color = next(c for c, n in enumerate(board[z]) if n)
            card = after.locations[LOCATION_OF_COLOR[color]][z]
            kind = None if card == EMPTY else after.cards.species_names[after.cards.fish_species[card]]
            found.append(Readies(zone, COLORS[color], kind))
    return found


def said(cards: Cards, fact: Fact) -> str:
    """A fact as the hint says it."""
    keep = words.KEEP
    if isinstance(fact, Catches):
        fish = species(fact.species)
        # the deck's top card is no fish "in River zone 6" (a newcomer's read: untrue of the board)
        if fact.deck_top:
            phrase = _("catches the {species} from the top of the {location} deck").format(
                species=fish, location=words.location_name(fact.location)
            )
        else:
            phrase = _("catches the {species} in {place}").format(
                species=fish, place=words.where(fact.location, fact.zone)
            )
        if fact.new:  # counted toward First to 8 Species until there are 8
            if fact.new <= FIRST_TO:
                count = _("{count} of {needed}").format(count=fact.new, needed=FIRST_TO)
            else:
                count = _("the {nth}").format(nth=ordinal(fact.new))
            new = (
                _("{catch}, a new species ({count}), a small one")
                if fact.small
                else _("{catch}, a new species ({count})")
            )
            phrase = new.format(catch=phrase, count=count)
        return phrase
    if isinstance(fact, TakesCard):
        return _("takes {card}").format(card=words.master_angler_name(cards, fact.card, the=True))
    if isinstance(fact, Completes):
        return (
            _("completes {card} (+1 VP)")
            .format(card=words.master_angler_name(cards, fact.card))
            .replace(" VP", keep + "VP")
        )
    if isinstance(fact, Fills):
        return n_("fills {count} slot of {card}", "fills {count} slots of {card}", fact.slots).format(
            count=fact.slots, card=words.master_angler_name(cards, fact.card)
        )
    if isinstance(fact, DrawsTackle):
        return _("draws a tackle token")
    if isinstance(fact, TakesTrophy):
        trophy = words.TROPHY_NAMES.get(fact.trophy, fact.trophy)
        return (
            _("takes the {trophy} trophy ({points} VP)")
            .format(trophy=trophy, points=fact.points)
            .replace(" VP", keep + "VP")
        )
    if isinstance(fact, ReachesTwelve):
        return (
            _("reaches 12 fish: the First to 12 Fish trophy ({points} VP) at the end of the turn, and the end begins")
            .format(points=fact.points)
            .replace(" VP", keep + "VP")
        )
    if isinstance(fact, Refills):
        return _("refills zone {zone}").format(zone=fact.zone)
    if isinstance(fact, Denies):
        return _("takes the {species} {name} was one bait from").format(species=species(fact.species), name=fact.name)
    location = LOCATIONS[LOCATION_OF_COLOR[COLORS.index(fact.color)]]
    place = words.where(location, fact.zone)
    if fact.species is not None:
        # "leaves zone 3 one purple bait from the Flounder" was read as a bait taken from
        # the fish (issue 67): what is left, and what taking it does
        return _("leaves one {colour} bait in zone {zone}: removing it catches the {species} in {place}").format(
            zone=fact.zone, colour=words.colour(fact.color), species=species(fact.species), place=place
        )
    return _("leaves one {colour} bait in zone {zone}: removing it catches nothing while {place} is empty").format(
        zone=fact.zone, colour=words.colour(fact.color), place=place
    )


ORDINALS: Final = {9: N_("9th"), 10: N_("10th"), 11: N_("11th"), 12: N_("12th")}  # past First to 8 Species' 8


def ordinal(n: int) -> str:
    return _(ORDINALS[n]) if n in ORDINALS else f"{n}."
