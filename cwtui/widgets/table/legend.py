"""What every glyph and abbreviation on the table means: shown in F1 on the play and
replay screens, and as the tooltips of the board and the seat panels."""

from __future__ import annotations

from cwtui.game.words import listed
from cwtui.lang import N_, _
from cwtui.lang.glossary import glyph, word
from engine.components import COLORS

BOARD = N_(
    "Angler spaces: Port, then a bait letter per color space; the number is the face of "
    "the token on it (1 or 2), · a free space; then the discard, bait by color. Each "
    "location lists its zones 3–6 as cards (species, weight range) and, under its name, "
    "the two bait colors that fish there. "
    "Deck: the species of its top card (decks lie fish side up) and how many are left. "
    "With room (200 columns) each card is framed, its zone in the frame, and each deck "
    "lists what it holds."
)
SUPPLY = N_(
    "Mystery Weight: the face-up tile's weight and how many lie below. Tag tile: the tag "
    "color worth +1 VP per presented fish. Trophies: each stack's next value, and who "
    "holds its tiles (name and points). Master Angler display: the face-up cards with "
    "their slots (small letters: empty)."
)
SEAT = N_(
    "A seat's panel: ▶ marks whose turn it is; a double border is yours. Score: trophies "
    "+ 1 per caught Master Angler (+ 1 per presented fish with the tag color, counted at "
    "the end; b shows the breakdown). {zones}: zones 3–6, one letter per bait, · "
    "an empty place. Master Anglers: a capital letter on a solid chip is a filled slot, a "
    "small letter on a pale chip an empty one; 2/4 counts the filled slots. Fish: species "
    "for everyone; yours (and any fish shown at the table) with weight, the time printed on "
    "its card (in a contest the earliest breaks a tie) and tag, +1 when the tag matches the "
    "tag tile. Tackle: your kinds (new ones play from the next "
    "step), a count for the others."
)
BAIT = "bait letters"  # made from the glossary (`bait_letters`): each language has its own
MARKS = N_(
    "A yellow mark shows what the last move changed: a token moved, bait removed, a fish "
    "caught, a slot filled (a framed card's frame turns yellow)."
)
# what a hint's numbers are: "gives up 1.5 ± 0.6 points" read as nothing to a newcomer (issue 67)
HINT = N_(
    "h: a hint: the move the review would grade best. The judge plays each move it weighs on "
    "for sixteen turns, many times, in deals of what you cannot see, and reckons your final "
    "lead over the others where each stops. Its pick is marked ◀ hint; the two it weighed "
    "next, with the points of that lead each gives up (◀ −1.2 points) or ◀ as good; ± is the "
    "judge's 95% margin: moves within it of each other may be as good."
)

HOVER = N_(
    "Hover the mouse over a glyph (a bait letter, a slot, a tag, a space, a zone card, a "
    "deck) for what it is; anywhere else on a pane, for this legend's part about it."
)

TABLE = (BAIT, BOARD, SUPPLY, SEAT, MARKS, HOVER)


def bait_letters() -> str:
    """ "Bait letters: B blue, R red, …", in the language in use, as glyphs draws them."""
    named = [glyph(c) if glyph(c) == word("bait", c) else f"{glyph(c)} {word('bait', c)}" for c in COLORS]
    return _("Bait letters: {letters}.").format(letters=listed(named))  # 青 is blue's glyph and word


def shown(*parts: str) -> str:
    """The legend's `parts` in the language in use, a paragraph each."""
    # the seat's zones as its panel draws them, in the language's glyphs: "3 RP· … 6 BR····"
    zones = f"3 {glyph('red')}{glyph('purple')}· … 6 {glyph('blue')}{glyph('red')}····"
    return "\n\n".join(bait_letters() if part == BAIT else _(part).replace("{zones}", zones) for part in parts)
