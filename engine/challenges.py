"""Trophies taken during play (R8): Mystery Weight, First to 8 Species, Small Species,
the Master Angler challenges and First to 12 Fish."""

from __future__ import annotations

from engine.components import FISH_TO_END, SPECIES_FOR_TROPHY
from engine.events import Event, FishRevealed, MysteryWeightRevealed, TrophyTaken
from engine.state import Player, State, Trophy


def take(s: State, p: Player, kind: str, ev: list[Event]) -> bool:
    """Give the top tile of a trophy stack to the player, if there is one."""
    stack = s.stacks[kind]
    if not stack:
        return False
    points = stack.pop()
    p.trophies.append(Trophy(kind, points))
    ev.append(TrophyTaken(p.seat, kind, points))
    return True


def fish_caught(s: State, p: Player, card: int, ev: list[Event]) -> None:
    """Check the challenges a newly caught fish can complete."""
    cards = s.cards
    # R8.1, R8.2 — one Mystery Weight per step, and only by the fish being caught now.
    if s.mystery and not p.mystery_this_step and cards.fish_weight[card] == s.mystery[-1]:
        weight = s.mystery.pop()
        p.mystery_this_step = True
        p.trophies.append(Trophy("mystery_weight", 1, card))
        ev.append(FishRevealed(p.seat, card, weight))
        ev.append(TrophyTaken(p.seat, "mystery_weight", 1))
        if s.mystery:
            ev.append(MysteryWeightRevealed(s.mystery[-1]))
    species = {cards.fish_species[f] for f in p.fish}
    # R8.3 — the 8th distinct species.
    if len(species) >= SPECIES_FOR_TROPHY and not p.has_trophy("first_to_8_species"):
        take(s, p, "first_to_8_species", ev)
    # R8.4 — a Flounder, a Roach and a Perch.
    if cards.small_species <= species and not p.has_trophy("small_species"):
        take(s, p, "small_species", ev)


def master_angler_caught(s: State, p: Player, ev: list[Event]) -> None:
    """R8.5 — Three Identical and Four Different, one of each per player."""
    kinds = [s.cards.ma_kind[c] for c in p.ma_caught]
    if not p.has_trophy("three_identical") and any(kinds.count(k) >= 3 for k in set(kinds)):
        take(s, p, "three_identical", ev)
    if not p.has_trophy("four_different") and len(set(kinds)) >= 4:
        take(s, p, "four_different", ev)


def end_of_turn(s: State, p: Player, ev: list[Event]) -> None:
    """R8.6 — the first player with 12+ fish at the end of their turn."""
    if len(p.fish) >= FISH_TO_END:
        take(s, p, "first_to_12", ev)
