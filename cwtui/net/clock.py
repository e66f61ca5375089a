"""A room's clock, as its host chose (`cwtui host --clock`, `--per-move`; the rule is
protocol.ClockRule): a bank of time per seat for the whole game, with an increment
given back after each hand (lichess's real-time clock), a most time for each hand
(Board Game Arena's days per move, for a game played over days), or both.

A *hand* is everything one seat does before another seat is to act: a turn's steps, its
tackle windows, its takebacks. A slow game's "two days per move" is two days for a
turn, not for each of its clicks. Only a human seat's clock runs, and only while it is
to act; a bot's hand and the game's end stop every clock.

Wall time (time.time): a slow game's clock must survive a server's restart. The time
each seat has spent, and the seats out of time, are kept beside the room
(`rooms/CODE.clock.json`, written at the end of each hand). The time a server is
down is not charged: a restarted server starts the running hand's clock again.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Final, Literal

import msgspec

from cwtui.game.logfile import open_regular, write_whole
from cwtui.net.protocol import ClockRule, ClockShown
from engine.game import MAX_PLIES

Expiry = Literal["bank", "hand"]  # what ran out: the seat's time for the game, or for its hand


# What a clock's file may hold: a seat of a game, seconds of its hands (a game over days,
# a month a move, stays far under the bound), and hands it ended (as many as a game has moves).
Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]
Seconds = Annotated[float, msgspec.Meta(ge=0, le=1e9)]
Hands = Annotated[int, msgspec.Meta(ge=0, le=MAX_PLIES)]
OldSpent = Annotated[float, msgspec.Meta(ge=-1e9, le=1e9)]
MAX_FILE: Final = 64 * 1024  # bytes of a clock's file read at most (four seats take a hundred)


class ClockRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """The clock's file: what a restart needs. Two counts that only grow, so neither can
    go negative: a seat's time used and the hands it ended (each gives the increment
    back). Its bank left is the bank, less the time used, plus an increment a hand."""

    used: dict[Seat, Seconds] = {}  # seat → seconds its hands took, all told
    hands: dict[Seat, Hands] = {}  # seat → hands it ended
    out: tuple[Seat, ...] = ()
    # Earlier builds kept only the time used less the increments given back, which a
    # seat that plays faster than its increment drives below zero (issue 65.3): read,
    # and mended into the two counts.
    spent: dict[Seat, OldSpent] = {}


@dataclass
class Clock:
    rule: ClockRule
    path: Path | None = None  # its file (None: a room of no store: tests)
    used: dict[int, float] = field(default_factory=dict)  # seat → seconds its ended hands took
    hands: dict[int, int] = field(default_factory=dict)  # seat → hands it ended (each gives the increment back)
    out: set[int] = field(default_factory=set)  # seats whose bank ran out: a bot plays them to the end
    running: int | None = None  # the seat whose hand is being timed
    since: float = 0.0  # when that hand began (time.time)

    @classmethod
    def load(cls, rule: ClockRule, path: Path, humans: Collection[int]) -> tuple[Clock, str | None]:
        """The clock as its file left it, for a room whose human seats are `humans`; and
        what was wrong with the file, if anything: a file that cannot be read, or holds
        what no clock can (a time below zero, a seat of a bot or of no game), gives a
        fresh clock (the file is a record of time spent, and a game goes on without it).
        A missing file is no fault: no hand has ended yet. An earlier build's file is
        read and mended (`_mended`), not refused."""
        clock = cls(rule, path)
        try:
            with open_regular(path, MAX_FILE, "clock's file", follow=False) as file:
                record = _mended(msgspec.json.decode(file.read(MAX_FILE), type=ClockRecord), rule.increment)
        except FileNotFoundError:
            return clock, None
        except (OSError, msgspec.DecodeError, UnicodeDecodeError, ValueError) as exc:
            return clock, f"{path.name} cannot be read ({exc}); every seat's time starts afresh"
        strangers = sorted((set(record.used) | set(record.hands) | set(record.out)) - set(humans))
        if strangers:
            seats = ", ".join(map(str, strangers))
            return clock, f"{path.name} names seat {seats}, no human seat of its room; every seat's time starts afresh"
        clock.used, clock.hands, clock.out = dict(record.used), dict(record.hands), set(record.out)
        return clock, None

    def hand_of(self, seat: int | None, now: float) -> None:
        """`seat`'s hand is timed from `now` (None: nobody's: a bot is to act, or the
        game is over). The hand timed until now, if another, ends: its time is charged
        and the increment given back, and the file written."""
        if seat == self.running:
            return
        ended = self.running
        if ended is not None:
            self.used[ended] = self.used.get(ended, 0.0) + max(0.0, now - self.since)  # a clock set back is no gain
            self.hands[ended] = self.hands.get(ended, 0) + 1
        self.running, self.since = seat, now
        if ended is not None:
            self.save()

    def spent(self, seat: int) -> float:
        """Seconds of `seat`'s bank used by its ended hands, the increments given back
        taken off (below zero for a seat that plays faster than its increment)."""
        return self.used.get(seat, 0.0) - self.rule.increment * self.hands.get(seat, 0)

    def left(self, seat: int, now: float) -> float | None:
        """Seconds `seat` has before it runs out on the hand it plays now (0: out of
        time), the least of its bank and its time per move; None: no limit."""
        if seat in self.out:
            return 0.0
        hand = self._hand(seat, now)
        limits = []
        if self.rule.bank is not None:
            limits.append(self.rule.bank - self.spent(seat) - hand)
        if self.rule.per_move is not None:
            limits.append(self.rule.per_move - hand)
        return max(0.0, min(limits)) if limits else None

    def run_out(self, seat: int, now: float) -> Expiry:
        """`seat`'s time is up (`left` is 0): what ran out. A bank that ran out stays
        out (a bot plays the seat to the end of the game); a hand's time is that hand's."""
        expiry = self.expiry(seat, now)
        if expiry == "bank" and seat not in self.out:
            self.out.add(seat)
            self.save()
        return expiry

    def expiry(self, seat: int, now: float) -> Expiry:
        """What has run out for `seat`, out of time: its bank, or its hand's time."""
        bank = self.bank_left(seat, now)
        return "bank" if bank is not None and bank <= 0 else "hand"

    def ran_out(self, seat: int, now: float) -> str:
        """What happens to `seat`, out of time, as its player is told."""
        if self.rule.on_time == "forfeit":
            return "your time ran out: you forfeit"
        if self.expiry(seat, now) == "bank":
            return "your time ran out: a bot plays your seat to the end"
        return "your time for this move ran out: a bot plays it"

    def bank_left(self, seat: int, now: float) -> float | None:
        if self.rule.bank is None:
            return None
        if seat in self.out:
            return 0.0
        return max(0.0, self.rule.bank - self.spent(seat) - self._hand(seat, now))

    def _hand(self, seat: int, now: float) -> float:
        """Seconds `seat` has spent on the hand timed now (0 if it is not theirs)."""
        return now - self.since if seat == self.running else 0.0

    def shown(self, humans: Collection[int], seats: int, now: float) -> ClockShown:
        """The clock as the wire carries it, for a game of `seats` seats."""

        def tenths(seconds: float | None) -> float | None:
            return None if seconds is None else round(seconds, 1)

        banks = tuple(tenths(self.bank_left(seat, now)) if seat in humans else None for seat in range(seats))
        running = self.running
        hand_left = tenths(self.left(running, now)) if running is not None else None
        return ClockShown(self.rule, banks, running, hand_left, tuple(sorted(self.out)))

    def restart(self) -> None:
        """The room's next game (a rematch): every seat's time back, nothing running."""
        self.used.clear()
        self.hands.clear()
        self.out.clear()
        self.running = None
        self.save()

    def save(self) -> None:
        """Write the file. A disk that cannot take it is let be: the game goes on, and a
        restart before the next hand's end charges less time than was spent."""
        if self.path is None:
            return
        used = {seat: round(seconds, 3) for seat, seconds in self.used.items()}
        record = ClockRecord(used, dict(self.hands), tuple(sorted(self.out)))
        with contextlib.suppress(OSError):
            write_whole(self.path, msgspec.json.encode(record))


def _mended(record: ClockRecord, increment: float) -> ClockRecord:
    """An earlier build's file (`spent`: the time used less the increments given back) as
    the two counts: a time spent below zero is the increments of as many hands as it
    takes to reach it, less the time those hands used; ValueError for one that no
    increment can give (a room without one)."""
    if not record.spent:
        return record
    used, hands = dict(record.used), dict(record.hands)
    for seat, spent in record.spent.items():
        if spent >= 0:
            used[seat] = spent
            continue
        if increment <= 0:
            raise ValueError(f"seat {seat} has spent {spent:g} s, below zero, in a room with no increment")
        hands[seat] = math.ceil(-spent / increment)
        used[seat] = hands[seat] * increment + spent
    return ClockRecord(used, hands, record.out)


_UNITS: Final = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_duration(text: str) -> float:
    """A time as a host writes it: 30d, 12h, 45m or 90s (a bare number: seconds), more
    than 0; ValueError (one line) for anything else."""
    number, unit = (text[:-1], text[-1]) if text[-1:] in _UNITS else (text, "s")
    value = float(number) * _UNITS[unit] if number.replace(".", "", 1).isdecimal() else 0.0
    if not 0 < value < 10**9:
        raise ValueError(f"expected a time such as 30d, 12h, 45m or 90s, not {text!r}")
    return value


def parse_clock(text: str) -> tuple[float, float]:
    """A bank of time and the increment given back after each hand: 10m, or 10m+5s;
    ValueError (one line) for anything else."""
    bank, _plus, increment = text.partition("+")
    try:
        return parse_duration(bank), parse_duration(increment) if increment else 0.0
    except ValueError:
        raise ValueError(f"expected a bank of time such as 10m, or 10m+5s with an increment, not {text!r}") from None


def clock_rule(
    bank: tuple[float, float] | None, per_move: float | None, on_time: Literal["bot", "forfeit"] = "bot"
) -> ClockRule | None:
    """The room's clock a host asked for (`bank`: parse_clock's), None for no clock;
    ValueError (one line) for one no room takes."""
    if bank is None and per_move is None:
        if on_time != "bot":
            raise ValueError("what a seat out of time does needs a clock: give a bank of time or a time per move")
        return None
    seconds, increment = bank or (None, 0.0)
    rule = ClockRule(seconds, increment, per_move, on_time)
    problem = rule.problem()
    if problem is not None:
        raise ValueError(problem)
    return rule


def clock_words(seconds: float) -> str:
    """A clock's time left as a player reads it: 4:07 under an hour, 3 h 12 m under a
    day, 2 d 5 h beyond."""
    whole = max(0, int(seconds))
    days, rest = divmod(whole, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes:02d} m"
    return f"{minutes}:{secs:02d}"
