"""The names of Coldwater Crown's pieces (R1), shared by every engine module.

Pieces are named by short lowercase strings in moves, events and logs, so a log reads
as plain words; inside the engine colors, locations and spaces are small ints that
index lists.
"""

from __future__ import annotations

from typing import Final, Literal

Color = Literal["blue", "red", "purple", "black", "green", "yellow"]
Location = Literal["shore", "river", "lake"]
Space = Literal["port", "purple", "green", "blue", "red", "yellow", "black"]
TackleKind = Literal["lure", "reel", "rod", "line"]
TrophyKind = Literal[
    "first_to_12",
    "mystery_weight",
    "three_identical",
    "four_different",
    "small_species",
    "first_to_8_species",
    "shore_contest",
    "river_contest",
    "lake_contest",
]

# R1.1 — the six bait colors. Index order is the order of every per-color list.
COLORS: Final[tuple[Color, ...]] = ("blue", "red", "purple", "black", "green", "yellow")
COLOR_INDEX: Final[dict[str, int]] = {c: i for i, c in enumerate(COLORS)}
BAIT_PER_COLOR: Final = 16
SOLO_BAIT_PER_COLOR: Final = 9  # R12.1

# R1.2 — which location each color fishes.
LOCATIONS: Final[tuple[Location, ...]] = ("shore", "river", "lake")
LOCATION_INDEX: Final[dict[str, int]] = {loc: i for i, loc in enumerate(LOCATIONS)}
LOCATION_OF_COLOR: Final[tuple[int, ...]] = tuple(
    LOCATION_INDEX[loc]
    for loc in ("lake", "lake", "shore", "river", "shore", "river")  # in COLORS order
)

# R1.9 / R1.10 — zones 3, 4, 5, 6 on every player board and every location.
ZONES: Final[tuple[int, ...]] = (3, 4, 5, 6)

# R1.10 / R12.3 — the seven angler spaces, in the clockwise track order of the solo
# rules (Port, purple, green, blue, red, yellow, black), which is also their index order.
SPACES: Final[tuple[Space, ...]] = ("port", "purple", "green", "blue", "red", "yellow", "black")
SPACE_INDEX: Final[dict[str, int]] = {s: i for i, s in enumerate(SPACES)}
PORT: Final = 0
SPACE_COLOR: Final[tuple[int, ...]] = (-1, *tuple(COLOR_INDEX[s] for s in SPACES[1:]))
START_SPACES: Final[tuple[int, ...]] = tuple(SPACE_INDEX[s] for s in ("red", "yellow", "green"))

# R1.5 — tackle tokens; a token's id is its index in this tuple.
TACKLE: Final[tuple[TackleKind, ...]] = ("lure",) * 6 + ("reel",) * 3 + ("rod",) * 3 + ("line",) * 3

MASTER_ANGLER_KINDS: Final = ("Crab", "Conger Eel", "Char", "Dogfish", "Ray")
MAX_UNCAUGHT_MASTER_ANGLERS: Final = 3  # R4.6
DISPLAY_SIZE: Final = 4  # R2.3

MYSTERY_WEIGHTS: Final[tuple[int, ...]] = (2, 3, 4, 5, 6, 7)  # R1.8
STACKED_TROPHIES: Final[tuple[TrophyKind, ...]] = (
    "small_species",
    "first_to_8_species",
    "shore_contest",
    "river_contest",
    "lake_contest",
)
CONTEST_TROPHY: Final[tuple[TrophyKind, ...]] = ("shore_contest", "river_contest", "lake_contest")
# R10 — the French rulebook holds the contests Shore, then Lake, then River.
CONTEST_ORDER: Final[tuple[int, ...]] = (0, 2, 1)

FISH_TO_END: Final = 12  # R8.6 / R9.1
SPECIES_FOR_TROPHY: Final = 8  # R8.3
TOTAL_TROPHIES: Final = 35  # R1.8


def stack_values(players: int) -> tuple[int, ...]:
    """R2.4 — the 5/4/3/2 stacks after setup removals, bottom first, for a player count."""
    if players <= 2:
        return (3, 5)
    if players == 3:
        return (2, 3, 5)
    return (2, 3, 4, 5)
