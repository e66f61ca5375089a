"""Replay: re-simulate a log from its header, check every logged event against the
engine's, and give the state at any ply quickly (keyframes every few plies)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.cards import Cards, load_cards
from engine.errors import EngineError, LogFormatError
from engine.game import apply
from engine.log import GameLog
from engine.setup import new_game
from engine.state import State

KEYFRAME_EVERY = 16


class Divergence(msgspec.Struct, frozen=True):
    """The first ply where the log and the engine disagree."""

    ply: int
    reason: str


class Replay:
    """A verified game. `good_plies` moves re-simulated cleanly; `divergence` says where
    and why the rest did not, or is None when the whole log verified."""

    def __init__(self, log: GameLog, cards: Cards | None = None) -> None:
        cards = cards or load_cards()
        if log.header.cards != cards.hash:
            raise LogFormatError(
                f"the log was played with other card data ({log.header.cards}); this card file is {cards.hash}"
            )
        self.log = log
        self.cards = cards
        self.keyframes: list[State] = []
        self.divergence: Divergence | None = None
        self.final: State = self._simulate()

    @property
    def good_plies(self) -> int:
        return self.divergence.ply if self.divergence else len(self.log.plies)

    def _simulate(self) -> State:
        state = new_game(self.log.header.config, self.cards)
        for record in self.log.plies:
            if record.ply % KEYFRAME_EVERY == 0:
                self.keyframes.append(state)
            problem = _mismatch(state, record.seat, record.turn)
            if problem:
                self.divergence = Divergence(record.ply, problem)
                return state
            try:
                after, events = apply(state, record.move)
            except EngineError as exc:
                self.divergence = Divergence(record.ply, f"illegal move: {exc}")
                return state
            if tuple(events) != record.events:
                self.divergence = Divergence(record.ply, _event_difference(record.events, events))
                return state
            state = after
        footer = self.log.footer
        if footer is not None:
            if not state.over:
                self.divergence = Divergence(len(self.log.plies), "the footer says the game ended; it has not")
            elif state.result != footer.scores:
                self.divergence = Divergence(len(self.log.plies), "final scores differ from the footer")
        return state

    def state_at(self, ply: int) -> State:
        """The state before move `ply` (0 = start; good_plies = after the last good move)."""
        if not 0 <= ply <= self.good_plies:
            raise ValueError(f"ply {ply} is outside 0..{self.good_plies}")
        if ply == self.good_plies:
            return self.final
        state = self.keyframes[ply // KEYFRAME_EVERY]
        for record in self.log.plies[(ply // KEYFRAME_EVERY) * KEYFRAME_EVERY : ply]:
            state, _ = apply(state, record.move)
        return state


def _mismatch(state: State, seat: int, turn: int) -> str | None:
    if state.over:
        return "the log goes on after the game ended"
    if state.to_act != seat:
        return f"the log has seat {seat} to move; the engine has seat {state.to_act}"
    if state.turn != turn:
        return f"the log says turn {turn}; the engine is on turn {state.turn}"
    return None


def _event_difference(logged: Sequence[object], produced: Sequence[object]) -> str:
    for i, (a, b) in enumerate(zip(logged, produced, strict=False)):
        if a != b:
            return f"event {i} differs: the log has {a!r}, the engine made {b!r}"
    return f"the log has {len(logged)} events, the engine made {len(produced)}"
