"""Tackle tokens (R6.1, R6.3, R7): drawing, playing, Lure and Reel."""

from __future__ import annotations

from engine.components import COLOR_INDEX, TACKLE
from engine.events import BaitSwapped, Event, TackleDrawn, TacklePlayed, TackleReshuffled
from engine.moves import PlayReel
from engine.rng import Rng
from engine.state import Player, State

TACKLE_STREAM = 3


def _reshuffle_if_empty(s: State, ev: list[Event]) -> None:
    """R6.3 — an empty tackle deck is rebuilt from the used tokens at once."""
    if s.tackle_deck or not s.tackle_used:
        return
    s.tackle_deck = sorted(s.tackle_used)
    s.tackle_used = []
    rng = Rng(s.rng[TACKLE_STREAM])
    rng.shuffle(s.tackle_deck)
    s.rng[TACKLE_STREAM] = rng.state
    ev.append(TackleReshuffled(len(s.tackle_deck)))


def draw(s: State, p: Player, ev: list[Event]) -> None:
    """R6.1 — the top tackle token; usable from the player's next step on."""
    _reshuffle_if_empty(s, ev)
    if not s.tackle_deck:
        return  # R6.3 ruling: no deck and no used tokens, no draw
    token = s.tackle_deck.pop()
    p.tackle.append(token)
    p.fresh.append(token)
    ev.append(TackleDrawn(p.seat, token, TACKLE[token]))
    _reshuffle_if_empty(s, ev)


def usable(p: Player, kind: str) -> int | None:
    """A held token of this kind that may be played now, or None."""
    for token in p.tackle:
        if TACKLE[token] == kind and token not in p.fresh:
            return token
    return None


def play(s: State, p: Player, kind: str, ev: list[Event]) -> None:
    token = usable(p, kind)
    assert token is not None, f"no usable {kind}"  # legal_moves checked this
    p.tackle.remove(token)
    s.tackle_used.append(token)
    ev.append(TacklePlayed(p.seat, token, TACKLE[token]))


def reel(s: State, p: Player, move: PlayReel, ev: list[Event]) -> None:
    """R7.5 — swap two bait of different colors between two zones."""
    play(s, p, "reel", ev)
    a, b = p.board[move.zone_a - 3], p.board[move.zone_b - 3]
    ca, cb = COLOR_INDEX[move.color_a], COLOR_INDEX[move.color_b]
    a[ca] -= 1
    a[cb] += 1
    b[cb] -= 1
    b[ca] += 1
    ev.append(BaitSwapped(p.seat, move.zone_a, move.color_a, move.zone_b, move.color_b))
