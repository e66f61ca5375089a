"""What else could have come out: a game state with everything nobody at the table has
seen dealt afresh, for measuring luck (engine.bots.luck).

A move's outcome is decided partly by the player and partly by chance: the bait drawn
from the bag, which card of a species a catch turns out to be (its weight, time and
tag), the card that comes up on a deck, the Master Angler card or tackle token drawn,
the next Mystery Weight tile. Backgammon measures a roll's luck as the position's value
after it less the mean over the rolls that could have come; here the rolls that could
have come are the states `redealt` deals, each a state every seat would find as
consistent with what it knows as the real one:

- what is public stays: the species on every face-up fish and on every deck's top, each
  deck's species (its counts are public, engine.view), every board, hand and trophy;
- what a seat knows of its own stays: its fish, its tackle, its Master Angler cards;
- what nobody has seen is dealt again: which card of its species each face-up and deck
  fish is (from every such card of that species, across locations), the order of each
  deck below its top, the Master Angler and tackle decks' orders, the Mystery Weight
  tiles under the face-up one, and the random streams of the bag and reshuffles.

Unlike a `World` (engine.determinize), which deals what one seat cannot see, this deals
only what no seat can: a review knows the whole game.
"""

from __future__ import annotations

from engine.rng import STREAMS, Rng
from engine.state import EMPTY, State


def redealt(s: State, rng: Rng) -> State:
    """A copy of `s` with what no seat has seen dealt again from `rng` (which it advances)."""
    t = s.clone()
    species = t.cards.fish_species
    # Every fish no seat has seen, by species: the face-up location cards and the decks.
    pools: dict[int, list[int]] = {}
    for zones in t.locations:
        for card in zones:
            if card != EMPTY:
                pools.setdefault(species[card], []).append(card)
    for deck in t.decks:
        for card in deck:
            pools.setdefault(species[card], []).append(card)
    for pool in pools.values():
        rng.shuffle(pool)
    for zones in t.locations:
        for z, card in enumerate(zones):
            if card != EMPTY:
                zones[z] = pools[species[card]].pop()
    for loc, deck in enumerate(t.decks):
        if not deck:
            continue
        top, below = deck[-1], deck[:-1]
        rng.shuffle(below)  # the deck's species stay its own: only their order is new
        t.decks[loc] = [pools[species[card]].pop() for card in below] + [pools[species[top]].pop()]
    rng.shuffle(t.ma_deck)
    rng.shuffle(t.tackle_deck)
    if t.mystery:
        under = t.mystery[:-1]
        rng.shuffle(under)
        t.mystery = under + t.mystery[-1:]
    t.rng = [rng.next64() for _ in STREAMS]
    t._legal = None
    return t
