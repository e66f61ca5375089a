"""Replay: re-simulate a log from its header, check everything each line states (who
moved, in which turn, step and decision, and every event) and the footer's result
against the engine's, and give the state at any ply quickly (keyframes every few
plies). Whether each bot seat's moves are that bot's is engine.bots.audit's check."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.cards import Cards, load_cards
from engine.errors import EngineError, LogFormatError
from engine.events import Event
from engine.log import SETUP_FROM, GameLog, Header, Ply, logged_step
from engine.rng import PRNG_NAME
from engine.setup import set_up
from engine.state import State
from engine.walk import walk

KEYFRAME_EVERY = 16


class Divergence(msgspec.Struct, frozen=True):
    """The first ply where the log and the engine disagree."""

    ply: int
    reason: str

    @property
    def move(self) -> int:
        """The move as a player counts it, from 1 (the ply's index counts from 0)."""
        return self.ply + 1


def setup_events(header: Header, cards: Cards) -> tuple[Event, ...]:
    """What setup did in the game `header` starts (the silent player's Small Species
    tile, R12.1): as the header records it from format 3; for an older log, what setup
    does for its config (the same events: setup is deterministic from the seed)."""
    if header.format >= SETUP_FROM:
        return header.setup
    return tuple(set_up(header.config, cards)[1])


class Replay:
    """A verified game. `good_plies` moves re-simulated cleanly; `divergence` says where
    and why the rest did not, or is None when the whole log verified."""

    def __init__(self, log: GameLog, cards: Cards | None = None) -> None:
        cards = cards or load_cards()
        if log.header.prng != PRNG_NAME:
            raise LogFormatError(f"the log's random numbers come from {log.header.prng!r}; this engine has {PRNG_NAME}")
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

    @property
    def ended_without_footer(self) -> bool:
        """The game is over but the log stops before its footer (a crash between the
        last move and the footer): finishing it writes the footer."""
        return self.divergence is None and self.log.footer is None and self.final.over

    def _simulate(self) -> State:
        header = self.log.header
        state, setup = set_up(header.config, self.cards, header.format)  # its own rulings
        # What setup did (the silent player's tile, R12.1): recorded in the header from
        # format 3, and the same for every format, so readers take it from here.
        self.setup: tuple[Event, ...] = tuple(setup)
        if header.format >= SETUP_FROM and header.setup != self.setup:
            self.divergence = Divergence(0, "the header's setup events are not what setup does")
            return state
        steps = walk(state, self.log.plies)
        for record in self.log.plies:
            if record.ply % KEYFRAME_EVERY == 0:
                self.keyframes.append(state)
            problem = _mismatch(state, record, header.format)
            if problem:
                self.divergence = Divergence(record.ply, problem)
                return state
            try:
                step = next(steps)  # this record's move applied
            except EngineError as exc:
                self.divergence = Divergence(record.ply, f"illegal move: {exc}")
                return state
            if tuple(step.events) != record.events:
                self.divergence = Divergence(record.ply, _event_difference(record.events, step.events))
                return state
            state = step.after
        footer = self.log.footer
        if footer is not None:
            if not state.over:
                self.divergence = Divergence(len(self.log.plies), "the footer says the game ended; it has not")
            elif state.result != footer.scores:
                self.divergence = Divergence(len(self.log.plies), "final scores differ from the footer")
            # the reader has checked the footer's move count and its winner against its scores
        return state

    def state_at(self, ply: int) -> State:
        """The state before move `ply` (0 = start; good_plies = after the last good move)."""
        if not 0 <= ply <= self.good_plies:
            raise ValueError(f"ply {ply} is outside 0..{self.good_plies}")
        if ply == self.good_plies:
            return self.final
        state = self.keyframes[ply // KEYFRAME_EVERY]
        for step in walk(state, self.log.plies[(ply // KEYFRAME_EVERY) * KEYFRAME_EVERY : ply]):
            state = step.after
        return state


def _mismatch(state: State, record: Ply, format: int) -> str | None:
    """What the line says about the position that the engine disagrees with."""
    if state.over:
        return "the log goes on after the game ended"
    if state.to_act != record.seat:
        return f"the log has seat {record.seat} to move; the engine has seat {state.to_act}"
    if state.turn != record.turn:
        return f"the log says turn {record.turn}; the engine is on turn {state.turn}"
    step = logged_step(state, format)
    if step != record.step:
        return f"the log says step {record.step}; the engine is in step {step}"
    if state.phase != record.phase:
        return f"the log says the decision is {record.phase!r}; the engine asks for {state.phase!r}"
    return None


def _event_difference(logged: Sequence[object], produced: Sequence[object]) -> str:
    for i, (a, b) in enumerate(zip(logged, produced, strict=False)):
        if a != b:
            return f"event {i} differs: the log has {a!r}, the engine made {b!r}"
    return f"the log has {len(logged)} events, the engine made {len(produced)}"
