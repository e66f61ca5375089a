"""What the last move changed, as keys the board and the seat panels mark.

Worked out by comparing the View before the move with the View after it, so whatever a
move does (a token moved, bait removed, a fish caught, a slot filled) is marked without
a list of events to keep in step with the engine, and nothing is marked that the viewer
could not see change.
"""

from __future__ import annotations

from engine.components import LOCATIONS, SPACES, ZONES
from engine.view import SeatView, View

Marks = frozenset[str]
NO_MARKS: Marks = frozenset()


def changes(before: View | None, after: View) -> Marks:
    """Keys of everything that differs: "space:purple", "loc:shore:5", "deck:lake",
    "mystery", "trophy:small_species", "display:2", and per seat "zone:0:3", "ma:0:12",
    "caught:0", "fish:0", "tackle:0", "trophies:0", "hand:0"."""
    if before is None:
        return NO_MARKS
    marks: set[str] = set()
    marks.update(
        f"space:{SPACES[i]}" for i, (a, b) in enumerate(zip(before.spaces, after.spaces, strict=True)) if a != b
    )
    for loc, (a, b) in enumerate(zip(before.locations, after.locations, strict=True)):
        marks.update(f"loc:{LOCATIONS[loc]}:{z}" for z, x, y in zip(ZONES, a, b, strict=True) if x != y)
    marks.update(
        f"deck:{LOCATIONS[i]}" for i, (a, b) in enumerate(zip(before.decks, after.decks, strict=True)) if a != b
    )
    if (before.mystery_weight, before.mystery_left) != (after.mystery_weight, after.mystery_left):
        marks.add("mystery")
    marks.update(f"trophy:{k}" for k, v in after.stacks.items() if before.stacks.get(k) != v)
    marks.update(f"display:{i}" for i, (a, b) in enumerate(zip(before.display, after.display, strict=True)) if a != b)
    for old, new in zip(before.seats, after.seats, strict=True):
        marks.update(_seat_changes(old, new))
    return frozenset(marks)


def _seat_changes(old: SeatView, new: SeatView) -> set[str]:
    s = new.seat
    marks = {f"zone:{s}:{z}" for z, a, b in zip(ZONES, old.board, new.board, strict=True) if a != b}
    filled = {m.card: m.filled for m in old.master_anglers}
    marks.update(f"ma:{s}:{m.card}" for m in new.master_anglers if filled.get(m.card) != m.filled)
    for key, a, b in (
        ("caught", old.master_anglers_caught, new.master_anglers_caught),
        ("fish", old.species, new.species),
        ("tackle", old.tackle_count, new.tackle_count),
        ("trophies", old.trophies, new.trophies),
        ("hand", old.hand, new.hand),
    ):
        if a != b:
            marks.add(f"{key}:{s}")
    return marks


def only(marks: Marks, *prefixes: str) -> Marks:
    """The marks under `prefixes` ("zone:0:"): what a part keyed by them shows changed."""
    return frozenset(m for m in marks if m.startswith(prefixes))
