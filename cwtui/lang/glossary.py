"""The game's own words in each language: `glossary.toml`, read once.

The engine names things in English (a species is "John Dory" in the card file, a colour
"purple", a trophy "three_identical"); what a player reads is the glossary's word for it
in the language in use: « Saint-Pierre », « violet », « Trois Identiques ». Translators read
the same file, and the catalogs' tests check that a message naming a term in English
names it as the glossary does in each language.
"""

from __future__ import annotations

import functools
import tomllib
from typing import Final

from cwtui.lang import FOLDER, PSEUDO, SOURCE, accented, language

GLOSSARY: Final = FOLDER / "glossary.toml"


# A term in each language: the glossary's keys ("en", "fr", "ja"; "<code>_glyph",
# "<code>_plural", "<code>_short", "<code>_of" where a term has them)
Term = dict[str, str]


@functools.cache
def glossary() -> dict[str, dict[str, Term]]:
    """Every section of the glossary, each term by its key."""
    with GLOSSARY.open("rb") as file:
        data = tomllib.load(file)
    return {section: dict(entries) for section, entries in data.items()}


@functools.cache
def _by_english(section: str) -> dict[str, Term]:
    return {term[SOURCE]: term for term in glossary()[section].values()}


def said(term: Term, code: str | None = None) -> str:
    """`term` in `code`'s language (the one in use by default); English where the
    glossary has no word for it in that language."""
    code = code or language()
    if code == PSEUDO:
        # accented, not lengthened: the pseudo-language tests that a name went through
        # the glossary; whether it fits is each language's own (its short names), which
        # the French and Japanese snapshots check
        return accented(term[SOURCE])
    return term.get(code) or term[SOURCE]


def word(section: str, key: str, count: int = 1) -> str:
    """The glossary's term `key` of `section` in the language in use ("locations", "river");
    its plural form where `count` is not 1 and the language has one (« jaunes »)."""
    term = glossary()[section][key]
    if count != 1 and language() != PSEUDO:
        plural = term.get(f"{language()}_plural")
        if plural:
            return plural
    return said(term)


def species(english: str, short: bool = False) -> str:
    """A fish species or a Master Angler card's fish, as the engine names it, in the
    language in use; `short`: its short name where the language has one (a board's zone
    column: « Arc-en-ciel », ブラウン)."""
    term = _by_english("species").get(english) or _by_english("master_angler_fish").get(english)
    if term is None:
        return english
    return (term.get(f"{language()}_short") if short else None) or said(term)


def species_the(english: str) -> str:
    """A Master Angler card's fish (or a species) with the article a sentence gives it in
    the language in use, where the language has one (« la Raie », « l'Omble »: the
    glossary's `<code>_the`); else as `species` names it."""
    term = _by_english("species").get(english) or _by_english("master_angler_fish").get(english)
    if term is None or language() == PSEUDO:
        return species(english)
    return term.get(f"{language()}_the") or species(english)


def glyph(colour: str) -> str:
    """The letter a bait of `colour` is drawn with in the language in use: one that reads
    as that language's word for the colour (V for « violet », 紫 for purple)."""
    term = glossary()["bait"][colour]
    code = language() if language() != PSEUDO else SOURCE
    return term.get(f"{code}_glyph") or term[f"{SOURCE}_glyph"]
