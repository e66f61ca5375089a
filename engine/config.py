"""What a game is created from: seats, variant, seed, card file.

A GameConfig that exists is a valid one: it checks itself when it is made, when it is
decoded from a log header and when a fork replaces its seats, so nothing downstream
(setup, bots, the history, the screens) meets a fifth seat, a seed out of range or a
seat kind that no code plays.
"""

from __future__ import annotations

from typing import Final

import msgspec

from engine.errors import ConfigError

BOT_KINDS: Final = ("random", "greedy", "medium", "hard")  # engine.bots.make_bot makes each
SEAT_KINDS: Final = ("human", *BOT_KINDS)
REVIEW_LEVELS: Final = ("medium", "hard")  # the search levels a review may use (engine.bots.SEARCH_BUDGET)
# The name a player knows a kind by, where it is not the kind itself: the one-step greedy
# bot is the "easy" level beside medium and hard. Logs keep recording "greedy" (the bot's
# algorithm, as format 4 always has); what a player reads, and the history, say "easy".
PLAYER_NAMES: Final = {"greedy": "easy"}
MAX_NAME: Final = 24  # characters: a name must fit the seat panels
SEEDS: Final = 2**64  # seeds are 0 .. 2**64 - 1, the PRNG's state size


def kind_name(kind: str) -> str:
    """A seat kind by the name a player knows it: "easy" for the greedy bot."""
    return PLAYER_NAMES.get(kind, kind)


class SeatConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    kind: str = "human"  # "human", or a bot kind (BOT_KINDS)


class GameConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One seat is the solo game (R12): the engine adds the silent player as seat 1."""

    seats: tuple[SeatConfig, ...]
    seed: int
    tag_points: bool = True  # R11.1 — False is the "no tag points" variant
    cards: str = "cards.toml"  # the card file's name; its hash is checked separately

    def __post_init__(self) -> None:
        problem = config_problem(self)
        if problem:
            raise ConfigError(problem)

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1


def config_problem(config: GameConfig) -> str | None:
    """What makes a config unplayable, or None."""
    if not 1 <= len(config.seats) <= 4:
        return f"R2: Coldwater Crown is for 1 to 4 players, not {len(config.seats)}"
    if not 0 <= config.seed < SEEDS:
        return f"the seed must be a whole number from 0 to 2**64 - 1, not {config.seed}"
    for seat in config.seats:
        problem = seat_problem(seat)
        if problem:
            return problem
    if len({seat.name for seat in config.seats}) != len(config.seats):
        return "each seat needs its own name"
    return None


def seat_problem(seat: SeatConfig) -> str | None:
    name = seat.name
    if not 1 <= len(name) <= MAX_NAME or name != name.strip() or not name.isprintable():
        return f"a seat's name must be 1 to {MAX_NAME} printable characters without spaces at the ends: {name!r}"
    if seat.kind not in SEAT_KINDS:
        return f"unknown seat kind {seat.kind!r}: a seat is one of {', '.join(SEAT_KINDS)}"
    return None
