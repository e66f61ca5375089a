"""Bait as colored glyphs that also carry a letter, so color-blind players can read them."""

from __future__ import annotations

from rich.text import Text

from engine.components import COLORS

LETTER = {"blue": "B", "red": "R", "purple": "P", "black": "K", "green": "G", "yellow": "Y"}
STYLE = {
    "blue": "bold white on #1f5fbf",
    "red": "bold white on #b22222",
    "purple": "bold white on #7b3fa0",
    "black": "bold white on #303030",
    "green": "bold black on #3cb043",
    "yellow": "bold black on #e6c229",
}
LOCATION_STYLE = {"shore": "#7b3fa0", "river": "#c9a227", "lake": "#3b7dd8"}


def bait(color: str) -> Text:
    return Text(LETTER[color], style=STYLE[color])


def zone(counts: tuple[int, ...] | list[int], capacity: int) -> Text:
    """A zone as its bait glyphs then dots for the empty places: 'RRB··'."""
    text = Text()
    for c, n in enumerate(counts):
        for _ in range(n):
            text.append_text(bait(COLORS[c]))
    text.append("·" * max(0, capacity - sum(counts)), style="dim")
    return text


def slots(colors: tuple[str, ...], filled: tuple[bool, ...]) -> Text:
    """Master Angler slots: a filled slot shows its bait, an empty one its letter dimmed."""
    text = Text()
    for color, full in zip(colors, filled, strict=True):
        if full:
            text.append_text(bait(color))
        else:
            text.append(LETTER[color].lower(), style=STYLE[color].replace("bold ", "").split(" on ")[1])
    return text
