"""What a seat receives: the View of the state and its parts (engine.view decides what
goes into them). msgspec Structs, so kept apart from engine/view.py's code, which mypyc
compiles and which cannot hold them (mypyc drops class keywords such as frozen=).
"""

from __future__ import annotations

import msgspec

from engine.log_types import FORMAT_VERSION
from engine.phases import Phase


class MasterAnglerView(msgspec.Struct, frozen=True):
    card: int
    filled: tuple[bool, ...]


class SeatView(msgspec.Struct, frozen=True):
    seat: int
    name: str
    kind: str
    hand: int  # face of the angler token in hand, 0 while it is on the board
    board: tuple[tuple[int, ...], ...]  # zones 3–6 × colors (COLORS order)
    master_anglers: tuple[MasterAnglerView, ...]
    master_anglers_caught: tuple[int, ...]
    species: tuple[str, ...]  # the species of every caught fish (public, R5.5)
    fish: tuple[int, ...] | None  # own caught fish card ids; None for other seats
    revealed: tuple[int, ...]  # fish whose weight everybody saw (R8.1)
    tackle: tuple[str, ...] | None  # own tackle kinds; None for other seats
    tackle_count: int
    fresh_count: int  # tokens drawn this step, the last of `tackle` (R6.1)
    trophies: tuple[tuple[str, int], ...]
    mystery_fish: tuple[int, ...]  # the fish that claimed each Mystery Weight tile (R8.1)
    mystery_this_step: bool  # R8.2
    # Fish presented per location (LOCATIONS order): own always; another seat's only
    # once that contest is held (R10.2), until then ().
    presented: tuple[tuple[int, ...], ...]


# omit_defaults: a field added with a default leaves the bytes of every View that holds
# it at its default as they were, and with them each position's review (its search's
# stream comes from those bytes: engine.bots.judge.position_seed).
class View(msgspec.Struct, frozen=True, omit_defaults=True):
    seat: int
    to_act: int
    phase: Phase
    turn: int
    spaces: tuple[int, ...]  # face per space in SPACES order, 0 = free
    locations: tuple[tuple[str | None, ...], ...]  # species face up in zones 3–6
    decks: tuple[dict[str, int], ...]  # each location deck's species counts
    # The species on top of each deck (None: empty). Decks lie fish side up (French
    # rulebook p.2 B; Japanese digest 準備2), so the top card's species is public.
    deck_tops: tuple[str | None, ...]
    bag: tuple[int, ...]  # per color, then the clear bait (0/1)
    discard: tuple[int, ...]
    display: tuple[int, ...]  # face-up Master Angler cards (-1: none)
    master_angler_deck: int
    tackle_deck: int
    tackle_used: tuple[str, ...]
    mystery_weight: int | None  # the face-up tile
    mystery_left: tuple[int, ...]  # the stack's weights, sorted (order hidden)
    stacks: dict[str, tuple[int, ...]]
    tag: str
    tag_points: bool
    seats: tuple[SeatView, ...]
    action_color: str | None
    catch_zone: int
    emptied: tuple[int, ...]
    ports_left: int
    end_triggered: bool
    # The rest of the public position: the turn's bookkeeping, enough with the above to
    # rebuild every state this seat cannot tell apart (engine.determinize).
    active: int
    ply: int
    step: int
    window: Phase
    action: str | None
    placed: int
    removed: int
    bait_queue: tuple[int, ...]
    end_trigger: int  # the seat whose turn triggered the end (R9.1), -1 if none
    final_turns: int
    silent_draws_left: int
    contest: int
    present_seat: int
    short: int
    boxed_trophies: int
    rules: int = FORMAT_VERSION  # the log format whose rulings the game follows
    refilling: int = 0  # the zone a refill stopped in at the clear bait (R12.5, solo), 0 if none


class ScoreShown(msgspec.Struct, frozen=True):
    """R11.1 — a seat's score as far as the viewer can count it."""

    trophies: int
    master_anglers: int
    tags: int  # presented fish whose tag the viewer has seen match the tag tile

    @property
    def total(self) -> int:
        return self.trophies + self.master_anglers + self.tags
