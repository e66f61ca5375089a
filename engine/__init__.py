"""Coldwater Crown rules engine: pure Python, deterministic from a seed.

>>> from engine import GameConfig, SeatConfig, new_game, legal_moves, apply
>>> state = new_game(GameConfig(seats=(SeatConfig("Ana"), SeatConfig("Bo")), seed=7))
>>> state, events = apply(state, legal_moves(state)[0])

Its hot modules are compiled with mypyc at install where a C compiler exists;
`engine.native` (imported first) decides whether they or the sources run.
"""

from engine import native  # isort: skip  (first: it decides where the modules below come from)
from engine.cards import Cards, load_cards
from engine.config import GameConfig, SeatConfig
from engine.errors import CardDataError, EngineError, IllegalMove, LogFormatError, LogVersionError
from engine.game import apply, apply_in_place
from engine.legal import legal_moves
from engine.setup import new_game
from engine.state import State

ENGINE_VERSION = "0.6.0"  # a new version whenever a bot level plays differently (engine.bots.level)

__all__ = [
    "ENGINE_VERSION",
    "CardDataError",
    "Cards",
    "EngineError",
    "GameConfig",
    "IllegalMove",
    "LogFormatError",
    "LogVersionError",
    "SeatConfig",
    "State",
    "apply",
    "apply_in_place",
    "legal_moves",
    "load_cards",
    "native",
    "new_game",
]
