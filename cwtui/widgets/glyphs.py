"""Bait as colored glyphs that also carry a letter, so color-blind players can read them:
the language's own (the glossary's: B, R, P, K, G, Y in English; N for « noir » in French).

Every glyph has its own background and foreground, so it reads the same on the dark and
the light theme (a letter in a bait color on the theme's background would not: yellow
on white, black on black).
"""

from __future__ import annotations

import functools

from rich.style import Style
from rich.text import Text

from cwtui.lang import _, language
from cwtui.lang.glossary import glyph, word
from engine.components import COLORS

STYLE = {
    "blue": "bold white on #1f5fbf",
    "red": "bold white on #b22222",
    "purple": "bold white on #7b3fa0",
    "black": "bold white on #000000 underline",  # underlined: a black chip on a dark theme
    "green": "bold black on #3cb043",
    "yellow": "bold black on #e6c229",
}
# An empty Master Angler slot: the color's letter, small case, on a pale chip of its
# color (a filled slot is the bait itself, a solid chip with a capital letter).
EMPTY_SLOT = {
    "blue": "#1f3f7f on #b8cff2",
    "red": "#7f1414 on #f2c0c0",
    "purple": "#4f2570 on #dcc6ea",
    "black": "#000000 on #c8c8c8",
    "green": "#1d5c21 on #c4ecc6",
    "yellow": "#5c4a05 on #f4e6a8",
}
# Each location's name on a chip of its color, readable on either theme (the colors as
# text alone would not be: gold on white)
LOCATION_STYLE = {"shore": "bold white on #7b3fa0", "river": "bold black on #d9b43a", "lake": "bold white on #1f5fbf"}
# The hint's pick among the options, and a tagged fish in the results
HINT = Style.parse("bold black on #7fd67f")
TAGGED = Style.parse("bold black on #ffd75f")
# Fish tags (R1.3): each tag's own chip, readable on either theme.
TAG_STYLE = {
    "gold": "black on #e0b000",
    "teal": "black on #3fb8af",
    "orange": "black on #f08c2e",
    "white": "black on #f0f0f0",
    "pink": "black on #f29ac2",
}
# What changed in the last move: a marker chip readable on either theme.
MARK = Style.parse("bold black on #ffd75f")


def mark_style() -> Style:
    """The mark's style, explained in the language in use."""
    return MARK + explained(_("Marked: the last move changed it"))


def explained(words: str) -> Style:
    """A style that carries its own explanation: the table shows it as the tooltip when
    the mouse is over the text (Drawn.on_mouse_move). Cached: a move draws hundreds."""
    return _explained(words)


@functools.cache
def _explained(words: str) -> Style:
    return Style(meta={"tip": words})


def tip(text: Text, words: str) -> Text:
    text.stylize(explained(words))
    return text


def bait(color: str) -> Text:
    return Text(glyph(color), style=_styles(language())[0][color])


def zone(counts: tuple[int, ...] | list[int], capacity: int) -> Text:
    """A zone as its bait glyphs then dots for the empty places: 'RRB··'."""
    text = Text()
    for c, n in enumerate(counts):
        for _place in range(n):
            text.append_text(bait(COLORS[c]))
    text.append("·" * max(0, capacity - sum(counts)), style=_free_place(language()))
    return text


def slots(colors: tuple[str, ...], filled: tuple[bool, ...]) -> Text:
    """Master Angler slots: a filled slot shows its bait (a solid chip, capital letter);
    an empty one a pale chip with the letter in small case."""
    text = Text()
    for color, full in zip(colors, filled, strict=True):
        if full:
            text.append(glyph(color), style=_styles(language())[1][color])
        else:
            text.append(glyph(color).lower(), style=_styles(language())[2][color])
    return text


def tag(name: str) -> Text:
    return Text(_(name), style=_tag_style(name, language()))


@functools.cache
def _tag_style(name: str, code: str) -> Style:
    """A tag's chip, explained in language `code` (the one in use)."""
    return Style.parse(TAG_STYLE.get(name, "reverse")) + explained(
        _(
            "A {tag} tag (on the fish card's back): +1 VP if the fish is presented and {tag} is the tag tile's color"
        ).format(tag=name)
    )


# Each glyph's style with its explanation, made once for each language
@functools.cache
def _free_place(code: str) -> Style:
    return Style.parse("dim") + explained(_("·: a free place in the zone"))


@functools.cache
def _styles(code: str) -> tuple[dict[str, Style], dict[str, Style], dict[str, Style]]:
    """A bait's, a filled slot's and an empty slot's style by colour, each explained in
    language `code` (the one in use: the cache's key)."""
    bait: dict[str, Style] = {}
    filled: dict[str, Style] = {}
    empty: dict[str, Style] = {}
    for c in COLORS:
        letter, colour = glyph(c), word("bait", c)
        bait[c] = Style.parse(STYLE[c]) + explained(_("{letter}: a {colour} bait").format(letter=letter, colour=colour))
        filled[c] = Style.parse(STYLE[c]) + explained(
            _("{letter}: a filled {colour} slot").format(letter=letter, colour=colour)
        )
        empty[c] = Style.parse(EMPTY_SLOT[c]) + explained(
            _("{letter}: an empty {colour} slot (a {colour} bait fills it)").format(
                letter=letter.lower(), colour=colour
            )
        )
    return bait, filled, empty
