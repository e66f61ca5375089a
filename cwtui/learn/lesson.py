"""A guided game: chapters, each a position set up for one idea of the game and the moves
that show it, with what to do and why.

A chapter starts from its own position (engine.scenario), so it teaches one thing at a
time without the twenty rounds a real game takes to reach it. Its steps are the plies
that follow, both seats' in turn order: the learner's are asked (the step says what to
choose and why; another choice is explained and not played), the other seat's are
played for it. A step names its move by the words the table offers it in, in English
(`words.option`: "Place your 1 on blue"), so a lesson reads like what the player sees,
and a test plays every chapter to check that each step's words name exactly one legal
move; a player reading French is shown the same option in French (a step's words are a
key, matched `in_source`, and its `say` quotes the option as the catalog words it).
Which step is due follows from the plies played since the chapter began, so taking a
move back (u) takes the lesson back with it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cwtui.game import words
from cwtui.game.words import EVERYONE
from cwtui.lang import _, in_source, n_
from engine.config import SeatConfig
from engine.events import winner
from engine.legal import legal_moves
from engine.moves import Move
from engine.state import State
from engine.view import view

LEARNER = 0  # the seat the lesson teaches; the other seat's moves are played for it


class LessonError(Exception):
    """A step's words name no legal move, or more than one (a fault of the lesson)."""


@dataclass(frozen=True)
class Step:
    move: str  # the start of the option's English words, as the table offers it ("Place your 1 on blue")
    say: str = ""  # what to do and why, shown while the learner decides (the other seat's: what it does)


# Every text of a chapter and a lesson below is English marked with N_ where the lesson
# is written (cwtui.learn.lessons), and read with _ where it is shown.


@dataclass(frozen=True)
class Chapter:
    title: str
    about: str  # what the chapter teaches, for a choice off its script ("catching a fish")
    intro: str  # said as the chapter starts, above its first step
    position: Callable[[], State]
    steps: tuple[Step, ...]
    done: str  # said once its steps are played
    recap: bool = False  # the done note also tells what the last move did (the silent player's turn)


@dataclass(frozen=True)
class Lesson:
    key: str  # its name on the command line and in navigation.OpenLesson ("first", "solo")
    title: str
    chapters: tuple[Chapter, ...]
    end: str  # said after the last chapter
    then: tuple[SeatConfig, ...]  # the seats of the real game offered after it (the learner's first)
    offer: str  # that game in a few words, for the key that starts it ("a solo game")


def option_words(state: State, move: Move) -> str:
    """A move as the table offers it to the seat that is to make it, in the language in
    use (its no-break spaces, which keep "Conger Eel #6" on one line, as spaces: a
    lesson is written with spaces)."""
    return words.option(view(state, state.to_act), state.cards, move).replace(words.KEEP, " ")


def step_move(step: Step, state: State) -> Move:
    """The one legal move the step names (by its English words, whatever the language)."""
    with in_source():
        named = [m for m in legal_moves(state) if option_words(state, m).startswith(step.move)]
        if len(named) != 1:
            offered = "; ".join(option_words(state, m) for m in legal_moves(state))
            raise LessonError(f"“{step.move}” names {len(named)} of the options ({offered})")
    return named[0]


def due(chapter: Chapter, start: State, state: State) -> Step | None:
    """The step the position waits for, or None once the chapter's steps are played."""
    played = state.ply - start.ply
    return chapter.steps[played] if 0 <= played < len(chapter.steps) else None


def off_script(key: str) -> str:
    """What the lesson says of a choice it did not ask for (which it does not play), on the
    line under the options, where the key line was: one line, so that the options keep
    their rows (said with both moves' words, it took two and pushed options out of view;
    with the step's words again, above them, it was cut with "…" at 80×24). The step's
    words, above the options, say why its move."""
    return _("That move is allowed, but the lesson asks for {key} here.").format(key=key)


def final_count(state: State) -> str:
    """A finished game's score sheet in words, a line an item, for each seat: its
    trophies with their points, its Master Angler cards and tag points, its total; then
    who won."""
    assert state.result is not None, "a final count needs a finished game"
    table = view(state, EVERYONE)
    lines = []
    for line in sorted(state.result, key=lambda line: line.rank):
        seat = table.seats[line.seat]
        items = [f"{words.TROPHY_NAMES.get(kind, kind)} {points}" for kind, points in seat.trophies]
        if line.master_anglers:
            items.append(_("Master Angler cards caught {count}").format(count=line.master_anglers))
        if line.tags:
            items.append(_("tag points {count}").format(count=line.tags))
        said = " + ".join(items) if items else _("nothing")
        total = n_("{count} VP", "{count} VP", line.total).format(count=line.total)
        lines.append(_("{name}: {items} = {total}").format(name=seat.name, items=said, total=total))
    champion = table.seats[winner(state.result)].name
    return "\n".join(lines) + "\n" + _("{name} wins the Coldwater Crown.").format(name=champion)
