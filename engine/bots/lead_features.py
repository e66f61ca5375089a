"""What the lead evaluation (engine.bots.lead) reads of a position: each seat's
features and the game's, from what some seat knows — everything public, and each seat's
own fish and tackle — never what nobody has seen (the decks' order, which card a
face-up fish is).

Plain Python apart from the network's numpy, so that it is compiled with the engine
(mypyc): a review's rollouts each end in these features, and interpreted they took a
third of a review's time.
"""

from __future__ import annotations

from typing import Final

from engine.bots.evaluate import contest_now, held, in_progress
from engine.components import (
    COLORS,
    CONTEST_TROPHY,
    FISH_TO_END,
    LOCATION_OF_COLOR,
    SPACE_COLOR,
    SPECIES_FOR_TROPHY,
    TACKLE,
)
from engine.phases import CATCH
from engine.state import Player, State

TACKLE_KINDS: Final = ("lure", "reel", "rod", "line")
SPACE_OF_COLOR: Final = tuple(SPACE_COLOR.index(c) for c in range(len(COLORS)))  # each color's fishing space
SEAT_FEATURES: Final = (
    "held",  # trophy points and caught Master Angler cards (R11.1)
    "fish",  # of the 12 that end the game (R9.1)
    "species",  # of the 8 of the trophy (R8.3)
    "small species",
    *(f"{loc} contest now" for loc in ("shore", "river", "lake")),  # the tiles the fish held would win now (R10)
    "tags now",  # tag points of the fish that would be presented (R11.1)
    "within reach",  # the hand-written projection's share of the trophies in reach
    "master angler progress",  # share of each uncaught card's slots filled, summed
    "master anglers held",  # uncaught (R4.6)
    "slots in reach",  # empty slots that bait of their color on the board could fill (R5.1)
    *(f"{color} bait" for color in COLORS),  # on the seat's board (R1.9)
    "bait",
    "one-color zones",  # one fishing action empties them: a catch (R4.2, R5.3)
    "new species in reach",  # of those, the ones whose catch would be a species the seat lacks
    "empty zones",
    "two-color zones",
    "one-color zones open",  # of the one-color zones, those whose color's fishing space is free now (R3.1)
    *(f"zone {z} bait" for z in (3, 4, 5, 6)),
    *(f"zone {z} colors" for z in (3, 4, 5, 6)),
    "catches pending",  # zones it emptied whose catch is still to take (R5.4)
    "new species pending",  # of those, the ones whose card is a species it lacks
    *(f"{kind} tokens" for kind in TACKLE_KINDS),  # in hand (R7)
    "token face",  # the angler token in hand: 1 or 2, 0 while placed (R3.3)
    "to act",
)
GAME_FEATURES: Final = ("progress", "solo", "players", "final turns")


def game_features(s: State) -> list[float]:
    t = min(1.0, max(len(p.fish) for p in s.players) / FISH_TO_END)
    final = float(s.final_turns) if s.end_trigger >= 0 else -1.0
    return [t, 1.0 if s.config.solo else 0.0, float(len(s.players)), final]


def seat_features(s: State, p: Player) -> list[float]:
    """A seat's SEAT_FEATURES, from what is public and what it knows of its own."""
    cards = s.cards
    species = {cards.fish_species[f] for f in p.fish}
    contests = contests_by_location(s, p.seat)
    _, ma, reach = in_progress(s, p)
    colors = [0] * len(COLORS)
    one_color = new_in_reach = empty = two_colors = open_zones = 0
    zone_bait = [0.0] * 4
    zone_colors = [0.0] * 4
    for z, zone in enumerate(p.board):
        kinds = 0
        last = -1
        for c in range(len(COLORS)):
            if zone[c]:
                kinds += 1
                last = c
                colors[c] += zone[c]
                zone_bait[z] += zone[c]
        zone_colors[z] = float(kinds)
        if kinds == 0:
            empty += 1
        elif kinds == 2:
            two_colors += 1
        elif kinds == 1:
            one_color += 1
            open_zones += s.spaces[SPACE_OF_COLOR[last]] == 0
            card = s.locations[LOCATION_OF_COLOR[last]][z]
            if card >= 0 and cards.fish_species[card] not in species:
                new_in_reach += 1
    pending = new_pending = 0
    if s.active == p.seat and s.action_color >= 0:
        for zone_number in (*s.emptied, *((s.catch_zone,) if s.phase == CATCH else ())):
            pending += 1
            card = s.locations[LOCATION_OF_COLOR[s.action_color]][zone_number - 3]
            if card >= 0 and cards.fish_species[card] not in species:
                new_pending += 1
    spare = colors[:]
    in_reach = 0
    for entry in p.ma:
        for i, filled in enumerate(entry[1:]):
            c = cards.ma_slots[entry[0]][i]
            if not filled and spare[c]:
                spare[c] -= 1
                in_reach += 1
    tackle = [0.0] * len(TACKLE_KINDS)
    for token in p.tackle:
        tackle[TACKLE_KINDS.index(TACKLE[token])] += 1
    return [
        held(p),
        len(p.fish) / FISH_TO_END,
        len(species) / SPECIES_FOR_TROPHY,
        float(len(species & cards.small_species)),
        *contests[:3],
        contests[3],
        reach,
        ma,
        float(len(p.ma)),
        float(in_reach),
        *(float(c) for c in colors),
        float(sum(colors)),
        float(one_color),
        float(new_in_reach),
        float(empty),
        float(two_colors),
        float(open_zones),
        *zone_bait,
        *zone_colors,
        float(pending),
        float(new_pending),
        *tackle,
        float(p.hand),
        1.0 if s.to_act == p.seat else 0.0,
    ]


def contests_by_location(s: State, seat: int) -> list[float]:
    """The contest tiles `seat` would win at each location if the fish held were
    presented now, and the tag points of those fish (engine.bots.evaluate.contest_now):
    [shore, river, lake, tags]."""
    out = [0.0, 0.0, 0.0, 0.0]
    for loc, kind in enumerate(CONTEST_TROPHY):
        entrants = contest_now(s, loc)
        for rank, (_, who, tags) in enumerate(entrants):
            if who == seat:
                stack = s.stacks[kind]
                out[loc] = float(stack[-1 - rank]) if rank < len(stack) else 0.0
                out[3] += tags
    return out
