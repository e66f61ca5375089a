"""How a game is going, for search: each seat's projected final score and its chance
to win. Reads a whole state, so search calls it only on sampled worlds
(engine.determinize), never on the real game.

The projection (R11) is what is already held — trophies, caught Master Anglers — plus
the contests as they would go if held now (R10), plus part of each trophy still within
reach, growing with how close the seat is to it.
"""

from __future__ import annotations

import math

from engine.components import CONTEST_TROPHY, FISH_TO_END, SPECIES_FOR_TROPHY
from engine.state import Player, State

# How many points of projected lead make a win about 73% likely (one logistic unit);
# fitted by eye to greedy self-play, where leads of 3–4 points mid-game often hold.
SCALE = 3.0
# What an uncaught Master Angler card is worth per share of its slots filled: less than
# the point it scores when caught, as it may never be.
MASTER_ANGLER_PROGRESS = 0.8


def projected_scores(s: State) -> list[float]:
    scores = [held(p) for p in s.players]
    for p in s.players:
        scores[p.seat] += in_progress(s, p)[0]
    contests_now(s, scores)
    return scores


def held(p: Player) -> float:
    """Trophy points and caught Master Angler cards, a point each (R11.1)."""
    return float(sum(t.points for t in p.trophies) + len(p.ma_caught))


def in_progress(s: State, p: Player) -> tuple[float, float, float]:
    """What the projection adds for a seat's progress, and its two parts apart (for
    engine.bots.learned): the share of each uncaught Master Angler card's slots filled,
    summed; and the part of each trophy within reach."""
    cards = s.cards
    score = ma = reach = 0.0
    for entry in p.ma:
        score += MASTER_ANGLER_PROGRESS * sum(entry[1:]) / (len(entry) - 1)  # a point once caught (R11.1)
        ma += sum(entry[1:]) / (len(entry) - 1)
    kinds: dict[str, int] = {}  # caught Master Anglers by kind (not a Counter: 5% of a search)
    for c in p.ma_caught:
        kind = cards.ma_kind[c]
        kinds[kind] = kinds.get(kind, 0) + 1
    species = {cards.fish_species[f] for f in p.fish}
    small = len(species & cards.small_species) / len(cards.small_species)
    for part in (
        _within_reach(s, p.has_trophy("three_identical"), "three_identical", max(kinds.values(), default=0) / 3),
        _within_reach(s, p.has_trophy("four_different"), "four_different", len(kinds) / 4),
        _within_reach(s, p.has_trophy("first_to_8_species"), "first_to_8_species", len(species) / SPECIES_FOR_TROPHY),
        _within_reach(s, p.has_trophy("small_species"), "small_species", small),
        _within_reach(s, p.has_trophy("first_to_12"), "first_to_12", len(p.fish) / FISH_TO_END),
    ):
        score += part
        reach += part
    return score, ma, reach


def _within_reach(s: State, held: bool, kind: str, progress: float) -> float:
    stack = s.stacks.get(kind)
    if held or not stack:
        return 0.0
    return stack[-1] * min(progress, 1.0) ** 2


def contests_now(s: State, scores: list[float]) -> None:
    """R10.1–R10.3 — each seat presents its heaviest fish of each species; the stack's
    tiles go down the ranking; tag points for the tagged fish presented (R11.1)."""
    for loc, kind in enumerate(CONTEST_TROPHY):
        entrants = contest_now(s, loc)
        for _, seat, tags in entrants:
            scores[seat] += tags
        for (_, seat, _), points in zip(entrants, reversed(s.stacks[kind]), strict=False):
            scores[seat] += points


def contest_now(s: State, loc: int) -> list[tuple[int, int, int]]:
    """The seats that would present fish at location `loc` now, best first: (the weight
    presented, the seat, its tag points: 0 without tag points), each seat presenting
    its heaviest fish of each species (R10.1–R10.3, without the timestamp tie-break,
    which does not change a sum)."""
    cards = s.cards
    weight, location, species, tags = cards.fish_weight, cards.fish_location, cards.fish_species, cards.fish_tag
    tag = s.tag if s.config.tag_points else None
    entrants = []
    for p in s.players:
        # contests.heaviest, without its timestamp tie-break: this runs once per search
        # iteration, so it builds no sort keys.
        best: dict[int, int] = {}
        for f in p.fish:
            if location[f] != loc:
                continue
            sp = species[f]
            if sp not in best or weight[f] > weight[best[sp]]:
                best[sp] = f
        if best:
            tagged = sum(1 for f in best.values() if tags[f] == tag) if tag is not None else 0
            entrants.append((sum(weight[f] for f in best.values()), p.seat, tagged))
    entrants.sort(reverse=True)
    return entrants


def win_chances(s: State) -> list[float]:
    """Each seat's chance to win: 1 or 0 once the game is over (R11.3, R12.6), else a
    softmax of the projected scores."""
    if s.result is not None:
        return [1.0 if line.rank == 1 else 0.0 for line in s.result]
    scores = projected_scores(s)
    top = max(scores)
    weights = [math.exp((x - top) / SCALE) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]
