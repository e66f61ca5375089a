"""Table talk: short lines between the seats of a room (and its spectators, if the host
allows them), kept in a file beside the room's (`rooms/CODE.chat.ndjson`), never in the
game's log, so replays, verification and the history never see it.

A line is cleaned before anything else sees it (`clean`): only printable characters,
no escape or control character and no bidirectional override, so no one can paint
another's terminal or disguise their words; at most MAX_CHARS. Each connection may
say at most RATE_LINES lines in RATE_SECONDS.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

import msgspec

from cwtui.game.logfile import append_own, open_regular
from cwtui.net.protocol import ChatLine
from cwtui.outside import plain

MAX_CHARS: Final = 300
NAME_CHARS: Final = 40  # of a speaker's name as shown
RATE_LINES: Final = 5
RATE_SECONDS: Final = 10.0
RECENT: Final = 50  # lines a newcomer is sent
MAX_FILE: Final = 4 << 20  # bytes of a room's talk read back at most (a larger file: its end)
EVERY_SIZE: Final = 1 << 62  # a file of any size (only its end is read)


def clean(text: str) -> str:
    """`text` as it may be shown (cwtui.outside.plain), white space as single spaces, at
    most MAX_CHARS; empty if nothing is left."""
    return " ".join(plain(text).split())[:MAX_CHARS]


def shown_talk(line: ChatLine) -> tuple[str, str]:
    """A line's speaker and words as a client shows them: cleaned again, whoever sent
    them (a server's words reach no terminal unchecked)."""
    return clean(line.name)[:NAME_CHARS] or "someone", clean(line.text)


@dataclass
class RateLimit:
    """At most `lines` in any `seconds`."""

    lines: int = RATE_LINES
    seconds: float = RATE_SECONDS
    said: deque[float] = field(default_factory=deque)

    def allow(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        while self.said and now - self.said[0] >= self.seconds:
            self.said.popleft()
        if len(self.said) >= self.lines:
            return False
        self.said.append(now)
        return True


class ChatLog:
    """A room's talk, one JSON line each, appended as said."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def add(self, seat: int | None, name: str, text: str, ply: int) -> ChatLine:
        """Keep a line, said when `ply` moves had been played (OSError if the disk cannot
        take it: then it was not said)."""
        line = ChatLine(seat, name, text, datetime.now(UTC).isoformat(timespec="seconds"), ply)
        with append_own(self.path) as out:  # never through a link planted in the rooms folder
            out.write(msgspec.json.encode(line) + b"\n")
        return line

    def recent(self, count: int = RECENT) -> tuple[ChatLine, ...]:
        """The last `count` lines kept (a damaged line is passed over; each is cleaned
        again, whoever wrote the file)."""
        try:  # a regular file of cwtui's only: a device without end or a pipe is never read
            with open_regular(self.path, EVERY_SIZE, "room's talk", follow=False) as f:
                size = f.seek(0, 2)
                f.seek(max(0, size - MAX_FILE))
                raw = f.read(MAX_FILE).splitlines()
        except OSError:
            return ()
        lines: deque[ChatLine] = deque(maxlen=count)
        for data in raw:
            try:
                line = msgspec.json.decode(data, type=ChatLine)
            except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
                continue
            text = clean(line.text)
            if text:
                lines.append(ChatLine(line.seat, clean(line.name)[:NAME_CHARS], text, line.at, line.ply))
        return tuple(lines)
