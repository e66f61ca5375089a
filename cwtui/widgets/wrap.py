"""Where a line may break: Rich wraps at any white space, a no-break space among it, so
a card's name broke from its number ("Conger Eel" / "#7") and a hint's rate from its
word ("(100%" / "win)"). `wrap` breaks where Rich does but at `words.KEEP`."""

from __future__ import annotations

from typing import Final

from rich.console import Console
from rich.text import Text

from cwtui.game.words import KEEP

_HELD: Final = "\u2800"  # a blank of one cell that is no white space: Rich never breaks at it


def wrap(text: Text, console: Console, width: int) -> list[Text]:
    """`text`'s lines at `width`, broken as Rich breaks them but never at KEEP (each
    line keeps the styles of its characters: KEEP and its stand-in are one cell each)."""
    if KEEP not in text.plain:
        return list(text.wrap(console, width))
    held = text.copy()
    held.plain = text.plain.replace(KEEP, _HELD)
    lines = list(held.wrap(console, width))
    for line in lines:
        line.plain = line.plain.replace(_HELD, KEEP)
    return lines


def held(text: str) -> str:
    """`text` for a cell that Rich lays out itself (a table's), its KEEPs held: Rich's
    own wrap would break at them ("Conger Eel" / "×2" in a score sheet's column)."""
    return text.replace(KEEP, _HELD)
