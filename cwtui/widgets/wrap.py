"""Where a line may break: never at a no-break space (`words.KEEP`), and in Japanese
between phrases (BudouX) where Japanese typesetting allows it (kinsoku).

Rich breaks lines at any white space, a no-break space among it, and Textual's widgets
(a Static's Content, an OptionList's options, a Rich table's cells) wrap with Rich's
`divide_line`: a card's name broke from its number ("Conger Eel" / "#7"), a hint's rate
from its word ("(100%" / "win)"), and French lines began with the « ; » or « : » that
French writes after a space. Japanese has no spaces: a sentence was one word, moved whole
to the next line and cut there. Rich finds its words with one function,
`rich._wrap.words` (the pattern `\\s*\\S+\\s*`); `break_as_languages_do` has it count a
no-break space as part of a word and Japanese as words of a character each (a run of
katakana or of kanji kept whole, a number with its counter), with the marks no line may
start with (、。）」ー small kana…) kept to the word before them and the brackets no line
may end with (（「) to the word after; a text with neither (most English) keeps Rich's own
pattern, which is the faster. Within Japanese, the units between two phrase ends
(`_phrase_ends`) are one word; a phrase wider than the line breaks between its units
(`_divide_line` tells `_words` the width). It does so once, for every widget and every
console of the process (the App does it as it starts; so does importing this module).
tests/app/test_table.py checks Rich's own wrapping, so a Rich that changed the pattern
fails there, not on screen.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextvars import ContextVar
from functools import lru_cache
from typing import TYPE_CHECKING, Final

import rich._wrap
import rich.text
import textual.content
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from cwtui.game.words import CJK, KEEP

if TYPE_CHECKING:
    import budoux

# Japanese (words.CJK): within it, a run of katakana (a loanword: チャレンジ) and a run of
# kanji (a compound: 湖畔) are not broken
_CJK: Final = CJK
_KATAKANA: Final = "\u30a0-\u30ff\uff66-\uff9f"
_KANJI: Final = "\u3400-\u4dbf\u4e00-\u9fff々〆"
_NO_START: Final = "、。，．・：；？！）」』】〉》〕］｝ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…‥―〜"
_NO_END: Final = "（「『【〈《〔［｛"
# The marks that close a clause (a line may break after them, wherever the model put
# its phrase's end); not a closing bracket, which a particle often follows (「（4 lb）」
# / 「を釣りました」 began a line with を)
_BREAK_AFTER: Final = "、。，．：；？！"
_SPACE: Final = f"[^\\S{KEEP}]*"  # white space, but the no-break one
# A unit: a run of anything but white space and Japanese (a no-break space in it; a
# number keeps the kanji that counts it, 13個), a run of katakana (with the number that
# follows it, ゾーン4), a run of kanji, or one other Japanese character (kana, a mark);
# each with the brackets that may not end a line before it and the marks that may not
# start one after it. A word: a unit and the white space after it.
_UNIT: Final = (
    f"[{_NO_END}]*"
    f"(?:(?:[^\\s{_CJK}]|{KEEP})+(?:(?<=[0-9])[{_KANJI}]+)?|[{_KATAKANA}]+[0-9]*|[{_KANJI}]+|[{_CJK}])"
    f"[{_NO_START}]*"
)
_WORD: Final = re.compile(f"{_SPACE}{_UNIT}{_SPACE}")


_RICH: Final = re.compile(r"\s*\S+\s*")  # rich._wrap.re_word, Rich's own
_NEEDS_OURS: Final = re.compile(f"[{KEEP}{_CJK}]")
_JAPANESE: Final = re.compile(f"[{_CJK}]")


def _units(text: str, pattern: re.Pattern[str]) -> Iterator[tuple[int, int, str]]:
    found = pattern.match(text, 0)
    while found is not None:
        start, end = found.span()
        yield start, end, found.group(0)
        found = pattern.match(text, end)


def _words(text: str) -> Iterator[tuple[int, int, str]]:
    """rich._wrap.words: each word of `text` with the white space after it, and where it
    starts and ends. In Japanese, a word is a phrase (`_phrase_ends`): the units between
    two of its ends are one word."""
    if not _NEEDS_OURS.search(text):
        yield from _units(text, _RICH)
        return
    if not _JAPANESE.search(text):
        yield from _units(text, _WORD)
        return
    ends = _phrase_ends(text)
    width = _WIDTH.get()
    held: list[tuple[int, int, str]] = []  # the phrase so far: units not yet at one of its ends
    for start, end, unit in _units(text, _WORD):
        held.append((start, end, unit))
        if end in ends or (text[end - 1].isspace() and text[end - 1] != KEEP) or end == len(text):
            phrase = text[held[0][0] : end]
            if width is not None and cell_len(phrase.rstrip()) > width:
                yield from held  # wider than the line: broken between its units, not folded anywhere
            else:
                yield held[0][0], end, phrase
            held = []


@lru_cache(maxsize=4096)  # a widget wraps the same text at each draw
def _phrase_ends(text: str) -> frozenset[int]:
    """Where a line may break in Japanese text: between phrases (文節), as BudouX (Google's
    segmenter, a model of how Japanese is set) finds them. Between characters, lines
    broke kanji from their okurigana (「釣」/「れ」, 「置」/「けます」) and inside words
    (「ソロゲー」/「ム」). The kinsoku of `_UNIT` still holds: a break must be at both."""
    ends, at = set(), 0
    for phrase in _segmenter().parse(text):
        at += len(phrase)
        ends.add(at)
    # and after a mark that closes a clause or an item (the model keeps a list such as
    # 「青・赤・紫・黒」 one phrase, which left "R1.1" alone on a line of the rules)
    ends.update(i + 1 for i, c in enumerate(text) if c in _BREAK_AFTER)
    # and after a middle dot between words (「青・赤・紫」), not between numbers (「5・3・2」)
    ends.update(i + 1 for i, c in enumerate(text[:-1]) if c == "・" and not text[i + 1].isdigit())
    return frozenset(ends)


@lru_cache(maxsize=1)
def _segmenter() -> budoux.Parser:
    import budoux  # when Japanese is first wrapped: 12 ms that English need not pay at start-up

    return budoux.load_default_japanese_parser()


# The width rich._wrap.divide_line is breaking a line at (`_divide_line`): a phrase wider
# than it is broken between its units, where Rich would fold it at any character
_WIDTH: ContextVar[int | None] = ContextVar("_WIDTH", default=None)
_rich_divide_line: Final = rich._wrap.divide_line


def _divide_line(text: str, width: int, fold: bool = True) -> list[int]:
    token = _WIDTH.set(width)
    try:
        return _rich_divide_line(text, width, fold)
    finally:
        _WIDTH.reset(token)


def break_as_languages_do() -> None:
    """Rich's wrapping (and with it Textual's) never breaks a line at KEEP, and breaks
    Japanese between phrases. Rich and Textual each hold divide_line by name."""
    rich._wrap.words = _words
    rich.text.divide_line = _divide_line  # type: ignore[attr-defined]
    textual.content.divide_line = _divide_line  # type: ignore[attr-defined]


def fits(text: Text, width: int) -> bool:
    """Every line of `text` takes at most `width` cells: there is nothing to wrap."""
    return all(cell_len(line) <= width for line in text.plain.split("\n"))


def parted(text: Text, width: int, between: str) -> Text:
    """`text` in lines of whole parts (its parts: what `between` parts): joined by
    `between` while they fit `width`, a new line before one that does not, a part wider
    than a line left to wrap as any text. A key line ("h: hint · u: undo") breaks between
    its keys, never inside one (« u : » / « annuler » in French, 「u：戻」 / 「す」 in
    Japanese); a word joiner between every Japanese character held them, and a copied
    line carried the joiners (some terminals gave each a cell, shifting the borders)."""
    if between not in text.plain or fits(text, width):
        return text
    lines: list[list[Text]] = [[]]  # each line's parts, each followed by its separator
    used = 0
    for piece in text.split(between, include_separator=True, allow_blank=True):
        body = piece.copy()
        if body.plain.endswith(between):
            body.right_crop(len(between))
        separator = piece[len(body.plain) :]  # with its style; none after the last part
        if lines[-1] and used + body.cell_len > width:
            lines.append([])
            used = 0
        lines[-1] += [body, separator]
        used += body.cell_len + separator.cell_len
    laid = Text("\n").join(Text("").join(line[:-1]) for line in lines)  # no separator ends a line
    laid.style = text.style
    return laid


def wrap(text: Text, console: Console, width: int) -> list[Text]:
    """`text`'s lines at `width`, as a widget draws them."""
    return list(text.wrap(console, width))


break_as_languages_do()
