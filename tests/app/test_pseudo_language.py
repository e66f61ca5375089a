"""Whole games in the pseudo-language (issue 56): every message bracketed, accented and a
third longer, so that a string shown without going through the catalog reads as plain
English and a cut one shows its cut (a "…" where the message went on). Read at every
decision and on the results, at 80×24 and at 120×40, with the checks every whole game
makes (tests/app/test_whole_games.py).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from test_whole_games import play_whole_game
from textual.app import App

from cwtui.lang import PSEUDO, use

# Seats named without a vowel: a name is the player's, in no language, and must not read
# as a string left untranslated.
NAMES = ("Krt", "Brx", "Cvz", "Dnm")
# A word of plain ASCII letters with a vowel: English, where every message's vowels are
# accented. (Bait glyphs and empty slots are B R P K G Y in either case: no vowel.)
ENGLISH = re.compile(r"\b[A-Za-z]*[aeiouAEIOU][A-Za-z]*\b")
KNOWN = {"cwtui", "Coldwater", "Crown"}  # the program's and the game's names, on the window's title


def screen_text(app: App[None]) -> list[str]:
    """The terminal's text, a line each (from the screenshot's SVG, as a player sees it)."""
    svg = app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = {}
    for x, y, text in re.findall(r'<text[^>]*x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', svg):
        rows.setdefault(float(y), []).append((float(x), html.unescape(text).replace("\xa0", " ")))
    return ["".join(t for _x, t in sorted(row)) for _y, row in sorted(rows.items())]


def read_in_pseudo(app: App[None]) -> None:
    for line in screen_text(app):
        plain = [w for w in ENGLISH.findall(line) if len(w) >= 3 and w not in KNOWN and w not in NAMES]
        assert not plain, ("not through the catalog", plain, line)
        # a "…" ends a message that goes on, or a box cut where a key shows it whole ("… F7: all")
        assert not re.search(r"…(?!~)(?! \[F\d)", line), ("cut", line)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_whole_game_in_the_pseudo_language_says_everything_through_the_catalog(
    replays: Path, size: tuple[int, int]
) -> None:
    use(PSEUDO)
    assert await play_whole_game(2, size, replays, seed=21, names=NAMES, read=read_in_pseudo) > 30
