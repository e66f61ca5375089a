"""What a move does at once, in the game's terms, as a hint says it: the fish it catches
(and whether the species is new: toward First to 8 Species, the small species), the
Master Angler card it takes, fills or completes, the tackle it draws, the trophies it
takes, the zone it refills.

Said from what the seat sees, never from what it does not: the move is played in a
few worlds dealt from the seat's View (engine.determinize), and only what happens in
every one of them is said. A catch's species is public (the zone's card, a deck's top)
and is said; a catch's weight is hidden and is not, so a Mystery Weight the move might
claim is not promised, nor a contest's trophy (the others' fish weigh in it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cwtui import words
from engine.cards import Cards
from engine.determinize import World
from engine.events import (
    BaitDrawn,
    BaitRemoved,
    FishCaught,
    MasterAnglerCaught,
    MasterAnglerTaken,
    TackleDrawn,
    TrophyTaken,
)
from engine.game import apply_in_place
from engine.moves import Move
from engine.rng import Rng, stream_seed
from engine.view import View

WORLDS: Final = 6  # worlds a move is played in: what all of them agree on is said
# Trophies a move takes by weights the seat cannot see (a contest's other entries, a
# catch's weight against the Mystery Weight): never promised, however the worlds fall.
BY_HIDDEN_WEIGHTS: Final = frozenset({"mystery_weight", "shore_contest", "river_contest", "lake_contest"})
FIRST_TO: Final = 8  # First to 8 Species (R8.3)


def effects(seen: View, cards: Cards, move: Move, seed: int = 0) -> list[str]:
    """What `move` does at once for the seat whose View `seen` is, each fact a phrase
    ("catches the Pike in Lake zone 4, a new species (6 of 8)"), in the order it
    happens; only facts true in every world the seat cannot tell apart."""
    world = World(seen, cards)
    deal = Rng(stream_seed(seed, "reasons"))
    agreed: list[str] | None = None
    for _ in range(WORLDS):
        state = world.sample(deal)
        happened = apply_in_place(state, move)
        said = _said(seen, cards, happened)
        agreed = said if agreed is None else [fact for fact in agreed if fact in said]
    return agreed or []


def _said(seen: View, cards: Cards, happened: Sequence[object]) -> list[str]:
    me = seen.seats[seen.seat]
    species = set(me.species)
    filled: dict[int, int] = {}  # a Master Angler card's slots this move filled
    facts: list[str] = []
    for e in happened:
        if isinstance(e, FishCaught) and e.seat == me.seat:
            name = words.species_of(cards, e.card)
            fact = f"catches the {name} in {words.where(e.location, e.zone)}"
            if name not in species:
                species.add(name)
                fact += f", a new species ({len(species)} of {FIRST_TO})"
                if cards.fish_species[e.card] in cards.small_species:
                    fact += ", a small one"
            facts.append(fact)
        elif isinstance(e, BaitRemoved) and e.seat == me.seat and e.card is not None:
            filled[e.card] = filled.get(e.card, 0) + 1
        elif isinstance(e, MasterAnglerTaken) and e.seat == me.seat:
            facts.append(f"takes {words.master_angler_name(cards, e.card)}")
        elif isinstance(e, MasterAnglerCaught) and e.seat == me.seat:
            facts.append(f"completes {words.master_angler_name(cards, e.card)} (+1{words.KEEP}VP)")
            filled.pop(e.card, None)
        elif isinstance(e, TackleDrawn) and e.seat == me.seat:
            facts.append("draws a tackle token")
        elif isinstance(e, TrophyTaken) and e.seat == me.seat and e.trophy not in BY_HIDDEN_WEIGHTS:
            trophy = words.TROPHY_NAMES.get(e.trophy, e.trophy)
            facts.append(f"takes the {trophy} trophy ({e.points}{words.KEEP}VP)")
        elif isinstance(e, BaitDrawn) and e.seat == me.seat:
            fact = f"refills zone {e.zone}"
            if fact not in facts:
                facts.append(fact)
    for card, n in filled.items():
        facts.append(f"fills {words.quantity(n, 'slot')} of {words.master_angler_name(cards, card)}")
    return facts
