"""The languages cwtui speaks: English, the messages' own, and the rulebooks' French and
Japanese (and any other whose catalog is in `locale/`).

Every sentence a player reads is written in English in the code, wrapped in `_` (or
`n_` where a count decides its form: French says "1 poisson" and "2 poissons", Japanese
has one form), and looked up at the moment it is shown in the language in use. A message
written down before a language is in use — a table of names at a module's top, a key's
description in BINDINGS — is marked with `N_` (which changes nothing) and looked up with
`_` where it is shown. Placeholders are named (`_("{name}'s turn").format(name=…)`): a
translation puts them in its own order (Japanese puts the verb last).

The catalogs are gettext's `.po` files, `locale/<code>/LC_MESSAGES/cwtui.po`, read with
Babel at first use (no compiled `.mo` to keep in step); `scripts/catalogs.py` extracts
the messages and updates every catalog. The game's own words in each language are in
`glossary.toml` (`cwtui.lang.glossary`). Logs, the history's data, SQL and the wire
stay in no language: only what is shown is translated.
"""

from __future__ import annotations

import functools
import gettext
import io
import os
import re
import threading
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Final

FOLDER: Final = Path(__file__).parent
LOCALES: Final = FOLDER / "locale"
DOMAIN: Final = "cwtui"
SOURCE: Final = "en"  # the language the messages are written in: it has no catalog
# A language for tests and translators: every message bracketed, its letters accented and
# a third longer (as German or French run), so that a string shown without `_` reads as
# plain English and a cut one has lost its closing bracket.
PSEUDO: Final = "qps"


def catalog_path(code: str) -> Path:
    return LOCALES / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def codes() -> tuple[str, ...]:
    """Every language cwtui speaks, by code: English, and each language with a catalog.
    A new language is its catalog. (What the command line and the settings check a
    language against: naming them reads Babel's locale data, 50 ms of every start-up.)"""
    return (SOURCE, *sorted(p.parent.parent.name for p in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")))


@functools.cache
def languages() -> dict[str, str]:
    """Every language cwtui speaks (`codes`), each named in itself ("fr": "français")."""
    from babel import Locale

    return {
        code: "English" if code == SOURCE else Locale.parse(code).get_display_name(code) or code for code in codes()
    }


_in_use: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE
# A thread's own language for a while (`speaking`): the guided game matches its steps to
# the options by their English words while the player reads them in French (a worker
# thread showing text meanwhile must not read English), and the web server answers each
# browser in its own language.
_here = threading.local()


def use(language: str) -> None:
    """Speak `language` from now on (a code of `codes()`, or PSEUDO). Whatever is
    shown after this reads in it; what is on screen already is redrawn by its screen."""
    global _in_use, _language
    _in_use, _language = translations(language), language


def language() -> str:
    """The language in use."""
    return getattr(_here, "language", None) or _language


def _translations() -> gettext.NullTranslations:
    return getattr(_here, "using", None) or _in_use


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Within it, this thread speaks `code` whatever is in use: a web server answering
    each browser in the language it asks for."""
    before = getattr(_here, "using", None), getattr(_here, "language", None)
    _here.using, _here.language = translations(code), code
    try:
        yield
    finally:
        _here.using, _here.language = before


def in_source() -> AbstractContextManager[None]:
    """Within it, this thread speaks the messages' own language (English) whatever is
    in use: for words that are a key, not a reading (a lesson's step names its option
    by the English words the table offers it in)."""
    return speaking(SOURCE)


def _(message: str) -> str:
    """`message` in the language in use."""
    return _translations().gettext(message) if message else message


def n_(singular: str, plural: str, count: int) -> str:
    """The form of a message that `count` takes, in the language in use."""
    return _translations().ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Marks `message` for the catalog where it is written down, to be looked up with
    `_` where it is shown."""
    return message


def Np_(singular: str, plural: str) -> tuple[str, str]:  # gettext's ngettext_noop
    """Marks a message's two forms for the catalog where they are written down, to be
    looked up with `n_(*forms, count)` where a count is known."""
    return singular, plural


def decimal(written: str) -> str:
    """A number written as Python writes it ("33.3", "1e-05"), with the decimal mark of
    the language in use (« 33,3 »)."""
    code = language()
    if code in (SOURCE, PSEUDO):
        return written
    from babel.numbers import get_decimal_symbol

    return written.replace(".", get_decimal_symbol(code))


def number(value: float, decimals: int = 0) -> str:
    """`value` as the language in use writes a number: "74.6" and "1,234" in English,
    « 74,6 » and « 1 234 » in French (Babel's locale data)."""
    code = language()
    if code in (SOURCE, PSEUDO):  # the messages' own writing, as it always was
        return f"{value:.{decimals}f}" if decimals else f"{int(value):,}"
    from decimal import Decimal

    from babel.numbers import format_decimal

    # rounded as English rounds it (Python's), then written in the language's way: Babel's
    # own rounding (half to even, on the decimal) read 0.65 as 0,6 where English says 0.7
    rounded = Decimal(f"{value:.{decimals}f}")
    return format_decimal(rounded, format="0." + "0" * decimals if decimals else "#,##0", locale=code)


def from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The language the environment names, as gettext reads it: the first of LC_ALL,
    LC_MESSAGES and LANG that is set ("fr_FR.UTF-8" is French), if cwtui speaks it;
    else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            code = re.split(r"[_.@-]", value)[0].lower()
            return code if code in codes() else SOURCE
    return SOURCE


def chosen(option: str | None, remembered: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """The language to speak: `option` (--lang), else `remembered` (the app's setting),
    else the environment's."""
    for named in (option, remembered):
        if named is not None and (named in codes() or named == PSEUDO):
            return named
    return from_environment(environ)


@functools.cache
def translations(code: str) -> gettext.NullTranslations:
    """`code`'s catalog, read once: its .po file made gettext's translations by Babel.
    A message the catalog lacks, or marks fuzzy, reads in English."""
    if code == PSEUDO:
        return Pseudo()
    path = catalog_path(code)
    if code == SOURCE or not path.is_file():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        catalog = read_po(file, locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # leaves fuzzy entries out
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


_PLACEHOLDER: Final = re.compile(r"(\{[^{}]*\}|\[/?[a-z #0-9$-]*\])")  # {name}, and Rich's [dim] … [/]
_ACCENTED: Final = str.maketrans("aeiouyAEIOUYnNcC", "áéíóúýÁÉÍÓÚÝñÑçÇ")


def accented(text: str) -> str:
    """`text` with the pseudo-language's accents, its length kept."""
    return text.translate(_ACCENTED)


def pseudo(message: str) -> str:
    """`message` as the pseudo-language says it: "Round {n}" is "[Róúñd {n}~~]", its
    placeholders and markup whole, its words a third longer (a placeholder's value is
    no longer in another language: only the words are lengthened)."""
    parts = _PLACEHOLDER.split(message)
    words = sum(len(part) for part in parts if not _PLACEHOLDER.fullmatch(part))
    said = "".join(part if _PLACEHOLDER.fullmatch(part) else accented(part) for part in parts)
    return "[" + said + "~" * max(1, words // 3) + "]"


class Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
