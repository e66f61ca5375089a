"""What a game is created from: seats, variant, seed, card file."""

from __future__ import annotations

import msgspec


class SeatConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    kind: str = "human"  # "human", or a bot kind such as "random" / "greedy"


class GameConfig(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One seat is the solo game (R12): the engine adds the silent player as seat 1."""

    seats: tuple[SeatConfig, ...]
    seed: int
    tag_points: bool = True  # R11.1 — False is the "no tag points" variant
    cards: str = "cards.toml"  # the card file's name; its hash is checked separately

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1
