"""What goes wrong with the history database, as the history's callers catch it."""

from __future__ import annotations


class HistoryError(Exception):
    """The history database cannot be opened or written (locked, unwritable, a path
    DuckDB cannot use)."""


class DamagedHistory(HistoryError):
    """The database file is not one DuckDB can read: it is set aside and rebuilt."""
