"""A game's review as the replay shows it: marks in the move list, the line at a graded
decision, the way to the next mistake, the summary and the win chance over the game.

Each takes `speaks_of`, whether the screen may speak of a seat's decisions: a review's
words name that seat's own pieces, so only the full view or that seat's shows them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from rich.text import Text

from cwtui.game import review, words
from cwtui.game.replaying import Scrubber
from cwtui.lang import N_, _, n_
from cwtui.screens.review_summary.review_summary import GRADE_STYLES, ReviewSummaryScreen
from cwtui.widgets.line_chart import LinePlot, Note, Series
from engine.bots.judge import MISTAKES, Judged
from engine.log import GameLog
from engine.moves import Move

# A decision's mark in the move list, as chess annotates moves
GRADE_MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
GRADE_WORDS = {"best": N_("a best move"), "good": N_("a good move"), "inaccuracy": N_("an inaccuracy"),
               "mistake": N_("a mistake"), "blunder": N_("a blunder")}  # fmt: skip

SpeaksOf = Callable[[int], bool]


@dataclass(frozen=True)
class Graded:
    game: review.GameReview

    @classmethod
    def kept(cls, path: Path, log: GameLog) -> Graded | None:
        """The review kept beside the log at `path`, if one was made from the log as it
        is now (nothing is searched)."""
        kept = review.kept_review(path, log)
        return None if kept is None else cls(kept)

    @cached_property
    def judged(self) -> dict[int, Judged]:
        """The decisions by ply."""
        return {j.ply: j for j in self.game.decisions}

    def mark(self, ply: int, speaks_of: SpeaksOf) -> Text | None:
        """The move list's mark for the move at `ply` (?!, ?, ??), if it was a mistake."""
        judged = self.judged.get(ply)
        if judged is None or judged.grade not in GRADE_MARKS or not speaks_of(judged.seat):
            return None
        return Text(f" {GRADE_MARKS[judged.grade]}", style=GRADE_STYLES[judged.grade])

    def line(self, cursor: Scrubber, speaks_of: SpeaksOf, forkable: bool, weighed: bool = True) -> Text | None:
        """At a graded decision, what was played and what the search preferred (and, if
        `forkable`, that f tries it), and, with `weighed`, the moves the review weighed."""
        judged = self.judged.get(cursor.position)
        if judged is None or not speaks_of(judged.seat) or cursor.over:
            return None
        seen = cursor.shown((judged.seat,))[judged.seat]
        text = Text(_("{name}'s next move,").format(name=cursor.names[judged.seat]) + " ")
        said = review.grade_said(judged.loss, judged.margin, GRADE_WORDS)
        text.append(said, style=GRADE_STYLES.get(judged.grade, "bold"))
        if words.tenths(judged.loss):
            text.append(words.aside(words.in_brackets(review.points(judged.loss, judged.margin))))
        text.append(_(": {line}").format(line=review.decision_line(judged, seen, cursor.cards)))
        if review.costly(judged) and forkable:  # else as good: nothing better to try
            text.append(" · " + _("f tries the better move"), style="dim")
        listed = review.candidates_line(judged, seen, cursor.cards) if weighed else ""
        if listed and review.costly(judged):
            text.append("\n" + words.spaced(_("Weighed:")), style="bold")
            text.append(listed)
        return text

    def better_line(self, cursor: Scrubber, speaks_of: SpeaksOf) -> tuple[int, tuple[Move, ...]] | None:
        """At a decision the review found costly (where the line says f tries the better
        move): its seat, and the better move followed by the line the review foresaw."""
        judged = self.judged.get(cursor.position)
        if judged is None or not speaks_of(judged.seat) or cursor.over or not review.costly(judged):
            return None
        return judged.seat, (judged.best, *judged.line)

    def mistake_from(self, here: int, direction: int, speaks_of: SpeaksOf) -> int | None:
        """The position before the next (or previous) decision from `here` graded an
        inaccuracy or worse."""
        plies = sorted(p for p, j in self.judged.items() if j.grade in MISTAKES and speaks_of(j.seat))
        found = [p for p in plies if p > here] if direction > 0 else [p for p in plies if p < here][::-1]
        return found[0] if found else None

    def win_plot(self, cursor: Scrubber, speaks_of: SpeaksOf) -> LinePlot:
        """Each seat's win chance over the game, its flagged decisions marked where its
        line drops after them (?! ? ??, as the move list marks them)."""
        names = cursor.names
        shown = [(seat, values) for seat, values in review.win_series(self.game, cursor.end) if speaks_of(seat)]
        series = tuple(Series(names[seat], tuple(values)) for seat, values in shown)
        notes = tuple(
            Note(j.ply + 1, values[min(j.ply + 1, len(values) - 1)], GRADE_MARKS[j.grade], k)
            for k, (seat, values) in enumerate(shown)
            for j in self.game.of(seat)
            if j.grade in GRADE_MARKS and j.ply <= cursor.end
        )
        key = _("?! ? ??: flagged moves (m/M on the replay)") if notes else ""
        return LinePlot(_("Estimated win chance, % (the review's search, from each seat's view)"), _("move"), series,
                        marker=cursor.position, y_range=(0, 100), notes=notes, notes_key=key)  # fmt: skip

    def summary(self, cursor: Scrubber, speaks_of: SpeaksOf) -> ReviewSummaryScreen:
        game = self.game
        title = n_(
            "Review: {count} decision graded in points lost, judged at {level} from each seat's view",
            "Review: {count} decisions graded in points lost, judged at {level} from each seat's view",
            len(game.decisions),
        ).format(count=len(game.decisions), level=review.level_word(game.settings.level))
        seats = [s for s in review.summary(game, cursor.cards) if speaks_of(s.seat)]
        return ReviewSummaryScreen(title, seats, self.win_plot(cursor, speaks_of))
