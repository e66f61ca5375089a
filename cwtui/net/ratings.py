"""A server's ratings: each player rated after every game they finish there, with
OpenSkill's Plackett–Luce model (a maintained library, made for results of two or more
players, ties included; Weng and Lin 2011).

A player is their key (cwtui.net.player_key), proved at their seat; a bot seat is rated
as its level ("bot:medium"), so games against bots count against a rating of their own.
A seat whose player proved no key is left out of the rating (the others are ranked
among themselves), and so is the solo game's silent player (R12), a part of the game
rather than a player; a game is rated once two or more are left.

How a game ranks its seats: a finished game by its result (R11.3), except that seats
whose players resigned rank last together; a game that ended early because a seat left
(a forfeit on time, a resignation where the host ends the game) ranks that seat last
and the others together first. Aborted, closed and expired games are not rated.

The history of ratings is a file in the server's folder, a line per rated game
(`ratings.ndjson`: JSON Lines, not `.jsonl`, which the replay list and the history read
as game logs): every player's rating before and after. The current ratings are its
fold, made when the server starts; memory holds one rating a player.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

import msgspec

from cwtui.game.logfile import append_own, open_regular
from cwtui.net.protocol import PlayerRating

FILE_NAME: Final = "ratings.ndjson"
BOT_PREFIX: Final = "bot:"
SHOWN: Final = 100  # players a ratings list shows at most
MAX_LINE: Final = 64 * 1024  # bytes of a rated game's line at most (four seats take under 2 KiB)
EVERY_SIZE: Final = 1 << 62  # the file grows a line a rated game: any size


class Skill(msgspec.Struct, frozen=True, array_like=True):
    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        """The rating shown: the skill less three times its uncertainty (OpenSkill's
        ordinal), so a new player starts at 0 and climbs as results make them surer."""
        return self.mu - 3 * self.sigma


class RatedSeat(msgspec.Struct, frozen=True):
    seat: int
    player: str  # a player's key, or "bot:LEVEL"
    name: str
    rank: int  # 1 first; equal ranks tie
    before: Skill
    after: Skill


class RatedGame(msgspec.Struct, frozen=True):
    game: str  # the game's id in its log (the history's games.game; never on the wire: it holds the seed)
    room: str
    at: str  # ISO 8601, UTC
    how: str  # "finished", or why it ended early
    seats: tuple[RatedSeat, ...]


@dataclass
class Known:
    skill: Skill
    name: str
    games: int


@dataclass(frozen=True)
class Entrant:
    """A seat to rate: its player (key or bot level), the name it played under, its rank."""

    seat: int
    player: str
    name: str
    rank: int


class RatingStore:
    def __init__(self, folder: Path) -> None:
        from openskill.models import PlackettLuce  # here: the history reads FILE_NAME without it

        self.path = folder / FILE_NAME
        self.model = PlackettLuce()
        self.known: dict[str, Known] = {}
        self.problems: list[str] = []
        self.cut = False  # the file's last line was cut off (a crash): the next begins on a line of its own
        self._fold()

    def _fold(self) -> None:
        """The current ratings from the file (a line that cannot be read is passed
        over, and said: a crash cut it, or a hand changed it). Only a regular file of
        cwtui's is read, a line of at most MAX_LINE at a time: a device without end or
        a pipe planted at its name is said, never read or waited on."""
        decoder = msgspec.json.Decoder(RatedGame)
        try:
            file = open_regular(self.path, EVERY_SIZE, "ratings file", follow=False)
        except FileNotFoundError:
            return
        except OSError as exc:
            self.problems.append(f"{self.path.name} cannot be read ({exc}); no rating from it counts")
            return
        with file:
            number = 0
            while line := file.readline(MAX_LINE + 1):
                number += 1
                if len(line) > MAX_LINE:
                    while (rest := file.readline(MAX_LINE)) and not rest.endswith(b"\n"):
                        pass  # the rest of a line longer than any rated game, passed over unread
                    self.problems.append(f"{self.path.name} line {number} is longer than any rated game; left out")
                    continue
                self.cut = not line.endswith(b"\n")
                try:
                    self._take(decoder.decode(line))
                except (msgspec.DecodeError, UnicodeDecodeError):
                    self.problems.append(f"{self.path.name} line {number} cannot be read; left out of the ratings")

    def _take(self, rated: RatedGame) -> None:
        for seat in rated.seats:
            games = self.known[seat.player].games if seat.player in self.known else 0
            self.known[seat.player] = Known(seat.after, seat.name, games + 1)

    def skill(self, player: str) -> Skill:
        known = self.known.get(player)
        if known is not None:
            return known.skill
        fresh = self.model.rating()
        return Skill(fresh.mu, fresh.sigma)

    def rating(self, player: str | None) -> float | None:
        """A player's rating shown, None for one unrated here."""
        known = self.known.get(player) if player is not None else None
        return None if known is None else round(known.skill.rating, 1)

    def rate(self, game: str, room: str, how: str, entrants: Sequence[Entrant]) -> RatedGame | None:
        """Rate a game: each entrant's new skill, kept in the file before it counts
        (OSError: not rated, nothing changed); None if fewer than two can be rated."""
        if len({e.player for e in entrants}) < 2 or len(set(entrants)) != len(entrants):
            return None
        before = [self.skill(e.player) for e in entrants]
        teams = [[self.model.rating(mu=s.mu, sigma=s.sigma)] for s in before]
        after = self.model.rate(teams, ranks=[float(e.rank) for e in entrants])
        seats = tuple(
            RatedSeat(e.seat, e.player, e.name, e.rank, b, Skill(a[0].mu, a[0].sigma))
            for e, b, a in zip(entrants, before, after, strict=True)
        )
        rated = RatedGame(game, room, datetime.now(UTC).isoformat(timespec="seconds"), how, seats)
        self._append(msgspec.json.encode(rated) + b"\n")
        self._take(rated)
        return rated

    def _append(self, line: bytes) -> None:
        """One line, whole, on the disk (a crash mid-write leaves a cut line that the
        next start passes over and says)."""
        with append_own(self.path) as out:  # never through a link planted in the server's folder
            out.write(b"\n" + line if self.cut else line)
            os.fsync(out.fileno())
        self.cut = False

    def standings(self) -> tuple[PlayerRating, ...]:
        """The best SHOWN players, by rating."""
        best = sorted(self.known.items(), key=lambda item: -item[1].skill.rating)[:SHOWN]
        return tuple(
            PlayerRating(player[:8] if not player.startswith(BOT_PREFIX) else player, known.name,
                         round(known.skill.rating, 1), round(known.skill.mu, 2), round(known.skill.sigma, 2),
                         known.games)
            for player, known in best
        )  # fmt: skip


def ranks_of(finishing: Sequence[int], left: Sequence[int]) -> list[int]:
    """Each seat's rank: `finishing` is each seat's rank in the result (R11.3), and the
    seats in `left` (resigned) rank last together, after the others in their order."""
    staying = sorted((rank, seat) for seat, rank in enumerate(finishing) if seat not in left)
    ranks = [0] * len(finishing)
    for place, (_rank, seat) in enumerate(staying, 1):
        ranks[seat] = place
    for seat in left:
        ranks[seat] = len(staying) + 1
    return ranks
