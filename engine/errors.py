"""Typed errors. Each says what was wrong and, where a rule decides it, which one."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalMove(EngineError):
    """A move that is not legal in the state it was applied to; the state is unchanged."""

    def __init__(self, rule: str, message: str, **said: str | int) -> None:
        """`message` is a template ("the {space} space is occupied") and `said` its
        values ("red"), so that a screen can say it in its player's language (the
        engine speaks none: cwtui.game.words.refusal); `reason` is it in English."""
        reason = message.format(**said)
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason  # the words without the rule (a screen says them first)
        self.template = message
        self.said = said


class ConfigError(EngineError):
    """A game configuration that cannot be played: seats, seed or seat kinds (R2)."""


class CardDataError(EngineError):
    """A card file that cannot be read or breaks R1 / the data constraints."""


class LogFormatError(EngineError):
    """A game log that cannot be read: names the line and the problem."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line


class LogVersionError(LogFormatError):
    """A log written by a newer format than this engine reads."""
