"""Card data (R1.3, R1.4): loaded from a TOML file, validated, hashed.

The file format is documented at the top of engine/data/cards.toml. Validation checks
the counts of R1 and the design constraints of representative data, and every problem
is reported with where it is, so that an owner of the game can write their own file.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Literal

import msgspec

from engine.components import COLORS, LOCATIONS, MASTER_ANGLER_KINDS, MYSTERY_WEIGHTS, Color, Location
from engine.errors import CardDataError

DEFAULT_CARDS = Path(__file__).parent / "data" / "cards.toml"
CARD_FORMAT = 1
MAX_CARD_FILE = 1 << 20  # bytes; the built-in file is ~15 KB

# R1.3 — how many cards of each species the game has.
SPECIES_COUNTS = {
    "Wrasse": 5, "John Dory": 5, "Mackerel": 5, "Flounder": 5,
    "Rainbow Trout": 5, "Brown Trout": 5, "Salmon": 5, "Roach": 5,
    "Pike": 10, "Perch": 5, "Sea Trout": 5,
}  # fmt: skip
SMALL_SPECIES = ("Flounder", "Roach", "Perch")


class Species(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    location: Location
    small: bool
    min_weight: int
    max_weight: int


class FishCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    species: str
    weight: int
    time: str
    tag: str


class MasterAnglerCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: Literal["Crab", "Conger Eel", "Char", "Dogfish", "Ray"]
    slots: tuple[Color, ...]


class CardData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: int
    tag_colors: tuple[str, ...]
    species: tuple[Species, ...]
    fish: tuple[FishCard, ...]
    master_angler: tuple[MasterAnglerCard, ...]


class Cards:
    """Validated card data plus the lookup tables the engine uses on every move."""

    def __init__(self, data: CardData, name: str) -> None:
        self.data = data
        self.name = name
        self.hash = "sha256:" + hashlib.sha256(msgspec.json.encode(data)).hexdigest()
        species_index = {s.name: i for i, s in enumerate(data.species)}
        self.species_names: tuple[str, ...] = tuple(s.name for s in data.species)
        self.species_location: tuple[int, ...] = tuple(LOCATIONS.index(s.location) for s in data.species)
        self.fish_species: tuple[int, ...] = tuple(species_index[f.species] for f in data.fish)
        self.fish_location: tuple[int, ...] = tuple(self.species_location[s] for s in self.fish_species)
        self.fish_weight: tuple[int, ...] = tuple(f.weight for f in data.fish)
        self.fish_time: tuple[str, ...] = tuple(f.time for f in data.fish)
        self.fish_tag: tuple[str, ...] = tuple(f.tag for f in data.fish)
        self.small_species: frozenset[int] = frozenset(i for i, s in enumerate(data.species) if s.small)
        self.ma_kind: tuple[str, ...] = tuple(m.kind for m in data.master_angler)
        self.ma_slots: tuple[tuple[int, ...], ...] = tuple(
            tuple(COLORS.index(c) for c in m.slots) for m in data.master_angler
        )
        self.fish_by_location: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i, loc in enumerate(self.fish_location) if loc == li) for li in range(len(LOCATIONS))
        )


def load_cards(path: Path | str | None = None) -> Cards:
    """Load and validate a card file (the default one when path is None)."""
    path = Path(path) if path is not None else DEFAULT_CARDS
    if path.exists() and not path.is_file():  # a folder, a device or a pipe: never read it
        raise CardDataError(f"card file {path} is not a file")
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_CARD_FILE + 1)
    except OSError as exc:
        raise CardDataError(f"cannot read card file {path}: {exc.strerror}") from None
    if len(raw) > MAX_CARD_FILE:
        raise CardDataError(f"card file {path} is larger than {MAX_CARD_FILE:,} bytes; no card file is")
    return _parse(raw, str(path))


@cache
def _parse(raw: bytes, path: str) -> Cards:
    # Cached by content: the engine loads the same file for every game and replay.
    try:
        data = msgspec.toml.decode(raw, type=CardData)
    except msgspec.DecodeError as exc:
        raise CardDataError(f"card file {path}: {exc}") from None
    except UnicodeDecodeError:
        raise CardDataError(f"card file {path} is not UTF-8 text") from None
    except RecursionError:
        raise CardDataError(f"card file {path} nests too deeply") from None
    problems = validate(data)
    if problems:
        raise CardDataError(f"card file {path} is not valid: " + "; ".join(problems))
    return Cards(data, Path(path).name)


def validate(data: CardData) -> list[str]:
    """Every way the data breaks R1 or the representative-data constraints."""
    problems: list[str] = []
    if data.format != CARD_FORMAT:
        problems.append(f"format is {data.format}; this engine reads format {CARD_FORMAT}")
    if len(data.tag_colors) != 5 or len(set(data.tag_colors)) != 5:
        problems.append("tag_colors: need 5 distinct tag colors (R1.7)")
    species = {s.name: s for s in data.species}
    if sorted(species) != sorted(SPECIES_COUNTS):
        problems.append(f"species: need exactly {sorted(SPECIES_COUNTS)} (R1.3)")
        return problems
    for s in data.species:
        if s.small != (s.name in SMALL_SPECIES):
            problems.append(f"species {s.name}: small must be {s.name in SMALL_SPECIES} (R8.4)")
        if not 0 < s.min_weight <= s.max_weight:
            problems.append(f"species {s.name}: bad weight range {s.min_weight}-{s.max_weight}")
    counts = Counter(f.species for f in data.fish)
    for name, want in SPECIES_COUNTS.items():
        if counts[name] != want:
            problems.append(f"fish: {counts[name]} {name} cards, R1.3 has {want}")
    for i, f in enumerate(data.fish):
        printed = species.get(f.species)
        if printed is None:
            problems.append(f"fish[{i}]: unknown species {f.species!r}")
            continue
        if not printed.min_weight <= f.weight <= printed.max_weight:
            problems.append(f"fish[{i}]: weight {f.weight} outside {printed.name}'s range")
        if f.tag not in data.tag_colors:
            problems.append(f"fish[{i}]: tag {f.tag!r} is not one of tag_colors")
        hh, _, mm = f.time.partition(":")
        if not (len(hh) == 2 and len(mm) == 2 and hh.isdecimal() and mm.isdecimal()
                and int(hh) < 24 and int(mm) < 60):  # fmt: skip
            problems.append(f"fish[{i}]: time {f.time!r} is not HH:MM")
    if problems:
        return problems
    problems += _spread_problems(data)
    if len({f.time for f in data.fish}) != len(data.fish):
        problems.append("fish: timestamps must be unique (R1.3)")
    problems += _tag_problems(data)
    problems += _master_angler_problems(data)
    return problems


def _spread_problems(data: CardData) -> list[str]:
    problems: list[str] = []
    species = {s.name: s for s in data.species}
    by_species: dict[str, list[int]] = {}
    for f in data.fish:
        by_species.setdefault(f.species, []).append(f.weight)
    for s in data.species:
        weights = by_species[s.name]
        if min(weights) != s.min_weight or max(weights) != s.max_weight:
            problems.append(f"species {s.name}: card weights must span its printed range")
    for s in data.species:
        if not s.small:
            continue
        mine = by_species[s.name]
        for other in data.species:
            theirs = by_species[other.name]
            if other.location != s.location or other.name == s.name:
                continue
            if not (s.min_weight <= other.min_weight and s.max_weight <= other.max_weight
                    and sum(mine) / len(mine) < sum(theirs) / len(theirs)):  # fmt: skip
                problems.append(f"species {s.name}: must be lighter than {other.name}")
    for w in MYSTERY_WEIGHTS:
        carriers = [f for f in data.fish if f.weight == w]
        places = {species[f.species].location for f in carriers}
        if len(carriers) < 6 or len(places) < 2:
            problems.append(f"mystery weight {w}: carried by {len(carriers)} fish in "
                            f"{len(places)} locations; need 6 fish in 2 locations")  # fmt: skip
    return problems


def _tag_problems(data: CardData) -> list[str]:
    problems: list[str] = []
    per_tag = Counter(f.tag for f in data.fish)
    for tag in data.tag_colors:
        if per_tag[tag] != 12:
            problems.append(f"tag {tag}: on {per_tag[tag]} fish; each tag color needs 12")
    for s in data.species:
        tags = {f.tag for f in data.fish if f.species == s.name}
        if len(tags) < 2:
            problems.append(f"species {s.name}: needs at least 2 tag colors")
    return problems


def _master_angler_problems(data: CardData) -> list[str]:
    problems: list[str] = []
    kinds = Counter(m.kind for m in data.master_angler)
    for kind in MASTER_ANGLER_KINDS:
        if kinds[kind] != 6:
            problems.append(f"master_angler: {kinds[kind]} {kind} cards, R1.4 has 6")
    for i, m in enumerate(data.master_angler):
        if len(m.slots) not in (3, 4):
            problems.append(f"master_angler[{i}]: {len(m.slots)} slots; R1.4 says 3 or 4")
    return problems
