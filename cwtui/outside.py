"""Text from outside, as cwtui shows it: another seat's name and talk, a room's code, a
server's words (its refusals, their templates and values), a file's names, a query's
result, an error's message. Whatever it holds, it is shown as the characters it is.

`plain` is the one way such text reaches a screen, a notification, a title, a log line
or a command's print: printable (no escape sequence, control or bidirectional override
can act on the terminal or disguise the words) and bounded (no value, however large,
makes a line of more than `most` characters). It is never markup: the app reads no
`str` as markup at all (cwtui.shell.no_markup), and the commands print with `print` or
a `rich` console that parses none. So `[/]`, `[bold]` or `[@click=app.quit]` in a name
is shown as those characters, never parsed, never an action."""

from __future__ import annotations

import unicodedata
from typing import Final

MAX_SHOWN: Final = 2000  # characters of one text from outside as shown (a refusal, a reason, a line)
MAX_VALUE: Final = 200  # characters of one value put into a message (a name, a room's code, a path)
CUT: Final = "…"  # where a text was cut

# Characters a terminal acts on or that disguise what it shows: controls (escape
# sequences begin with one), format characters (bidirectional overrides reorder what
# follows them: "a line that reads as another", Unicode's Trojan Source; a zero-width
# space hides inside a word), surrogates, private and unassigned code points, line and
# paragraph separators. Kept: every space (French sets a no-break one before « : »,
# Japanese writes the ideographic one) and the joiners, which only hold characters
# together (an emoji's parts, a word the wrapper must not break: cwtui.widgets.wrap).
_DROPPED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_JOINERS: Final = frozenset("\u200c\u200d\u2060")  # ZWNJ, ZWJ, word joiner


def _shown(c: str) -> str:
    category = unicodedata.category(c)
    if category == "Zs" or c in _JOINERS:
        return c
    if c.isspace():  # a line break, a tab: one line stays one line
        return " "
    return "" if category in _DROPPED_CATEGORIES else c


def printable(text: str) -> str:
    """`text` as a terminal may be given it: every character that is not printable
    dropped, and a line break or a tab a space, so no one can paint another's terminal,
    disguise their words or begin a line of their own."""
    if text.isprintable():  # the usual case, at C speed
        return text
    return "".join(map(_shown, text))


def plain(text: str, most: int = MAX_SHOWN) -> str:
    """`text` from outside as it is shown: `printable`, and at most `most` characters
    (cut before it is looked at, so a megabyte costs no more than `most`; "…" where its
    end was cut)."""
    if len(text) <= most:
        return printable(text)
    return printable(text[: most - len(CUT)]) + CUT
