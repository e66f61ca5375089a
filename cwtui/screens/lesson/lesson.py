"""The guided first game: the table (PlayScreen) on a chapter's position, with the
lesson's words above the decision, the option the step asks for highlighted, and a
choice off the script explained and not played. The lesson itself (chapters, steps,
what is due) is cwtui.learn.lesson; what it says, cwtui.learn.lessons.

A chapter opens with its idea in a note over the table and closes with another, which
goes on to the next chapter (the App switches screens: navigation.OpenLesson); after
the last, a first game against the easy bot (navigation.StartNew). u takes a move back
and the lesson with it; h, F1 and the rules work as at any table.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from cwtui.game.session import GameSession, Ply
from cwtui.game.words import units_kept
from cwtui.lang import N_, _
from cwtui.learn.lesson import LEARNER, Chapter, Lesson, Step, due, final_count, off_script, step_move
from cwtui.navigation import OpenLesson, StartNew
from cwtui.screens.play.play import PlayScreen
from cwtui.screens.seated.seated import CSS as TABLE_CSS
from cwtui.shell.settings import Settings
from cwtui.widgets.table.quiet import NoteLines, QuietOptionList
from engine.config import SEEDS, GameConfig
from engine.moves import Move

CSS = str(Path(__file__).with_name("lesson.tcss"))
COACH_LINES = 5  # the lesson's words above the decision: a step's say in two to four lines


class LessonNote(ModalScreen[str]):
    """A chapter's opening or closing words over the table; its keys answer."""

    CSS_PATH = "note.tcss"
    BINDINGS = [
        Binding("enter", "answer('go')", N_("Go on"), id="lesson.note.go"),
        Binding("escape", "answer('stay')", N_("Back to the table"), id="lesson.note.stay"),
    ]

    def __init__(self, title: str, text: str, keys: str) -> None:
        super().__init__()
        self.title_text, self.text, self.keys = title, text, keys

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            yield Static(units_kept(self.text), classes="text")
            yield Static(self.keys, classes="keys")

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class LessonScreen(PlayScreen):
    CSS_PATH = [TABLE_CSS, CSS]  # the table's, and the lesson's words
    BINDINGS = [
        Binding(
            "n", "next_chapter", N_("Next chapter"), id="lesson.next", tooltip=N_("Skip to the lesson's next chapter")
        ),
    ]
    HELP = N_(
        "A guided game: the words above the decision say what to choose and why, and the "
        "option they ask for is highlighted (Enter plays it). Another choice is explained, "
        "not played. u takes a move back, h shows the move the lesson asks for, n skips to the next chapter, "
        "q leaves the lesson."
    )

    def __init__(self, lesson: Lesson, chapter: int, settings: Settings) -> None:
        self.lesson, self.chapter_index = lesson, chapter
        self.chapter: Chapter = lesson.chapters[chapter]
        self.start = self.chapter.position()
        self.coach = NoteLines(COACH_LINES, id="coach")
        super().__init__(GameSession.unlogged(self.start), settings)

    def can(self, action: str) -> bool:
        if action in ("pause", "speed"):  # the other seat's moves are the lesson's, played at once
            return False
        return super().can(action)

    def status_parts(self) -> list[str]:
        return [
            _("lesson, chapter {number} of {chapters}").format(
                number=self.chapter_index + 1, chapters=len(self.lesson.chapters)
            )
        ]

    def prompt_top(self) -> Iterable[Widget]:
        yield self.coach

    def on_mount(self) -> None:
        title = _("Chapter {number} of {chapters}: {title}").format(
            number=self.chapter_index + 1, chapters=len(self.lesson.chapters), title=_(self.chapter.title)
        )
        self.app.push_screen(LessonNote(title, _(self.chapter.intro), _("Enter: begin · Esc: look at the table")))

    @property
    def step(self) -> Step | None:
        return due(self.chapter, self.start, self.session.state)

    # -- the game, as the lesson scripts it -----------------------------------------
    def advance(self) -> None:
        state = self.session.state
        step = self.step
        if step is None:
            self.chapter_done()
        elif state.to_act != LEARNER:  # the other seat plays what the chapter says
            self.call_later(self.play_move, step_move(step, state))
        else:
            super().advance()

    def ask(self) -> None:
        super().ask()
        self.coach.most = COACH_LINES  # undone after the chapter's end: a decision again below the words
        step = self.step
        if step is None:
            return
        expected = step_move(step, self.session.state)
        self.query_one("#options", QuietOptionList).highlighted = self.options.index(expected)
        self.say(_(step.say))

    def play_move(self, move: Move, searched: int | None = None) -> None:
        state, step = self.session.state, self.step
        if step is not None and state.to_act == LEARNER and move != step_move(step, state):
            key = self.option_keys()[self.options.index(step_move(step, state))] or _("the highlighted option")
            self.show_hint(Text(units_kept(off_script(key)), style="bold"))
            self.app.bell()
            return
        super().play_move(move, searched)

    def tell_at_once(self, ply: Ply) -> None:
        """The move's catch and trophies, as at any table, but for the move that ends the
        chapter: its note stands over the table and tells the move."""
        if self.step is not None:
            super().tell_at_once(ply)

    def say(self, text: str) -> None:
        self.coach.update(Text(units_kept(text)))

    def action_hint(self) -> None:
        """In a lesson the hint is the lesson's move: the judge's might be another (a
        newcomer's read: chapter 1 asked for yellow, h said green, and they stopped,
        unsure which to trust). In a game h asks the review's judge."""
        step = self.step
        if step is None or not self.options or self.session.state.to_act != LEARNER:
            super().action_hint()
            return
        expected = self.options.index(step_move(step, self.session.state))
        self.query_one("#options", QuietOptionList).highlighted = expected
        key = self.option_keys()[expected] or _("the highlighted option")
        said = _(
            "[b]Hint: play {key}[/b] — the lesson asks for it, to teach {about}. In a game h weighs every "
            "move, and may pick another."
        )
        self.show_hint(Text.from_markup(said.format(key=f"[b reverse]{escape(key)}[/]", about=_(self.chapter.about))))

    def chapter_done(self) -> None:
        last = self.chapter_index + 1 == len(self.lesson.chapters)
        text = _(self.chapter.done)
        if self.chapter.recap and self.session.history:  # what the last move did, as the event log says it
            said = self.logs.ply_lines(self.session.history[-1], LEARNER)
            text += "\n\n" + "\n".join(line if isinstance(line, str) else line.plain for line in said)
        if self.session.state.over:  # the game the chapter ends: its score sheet, in words
            text += "\n\n" + final_count(self.session.state)
        if last:
            text += "\n\n" + _(self.lesson.end)
        # Behind the note (Esc: stay) the words are the note's, in the rows the options
        # leave: five lines cut the done text with "…" over three empty rows at 80×24,
        # and the last chapter's "The final count:" ended there.
        # the last chapter's: Enter did nothing behind it, and the end's offer was found by
        # guessing n (a newcomer's read)
        self.show_waiting(
            _("Chapter done: n goes on to the next.") if not last else _("The lesson is done: n offers the first game.")
        )
        self.decision.hide_since()  # its rows, kept blank for a next turn, are the coach's
        self.say(text)
        self.call_after_refresh(self.coach_takes_the_room)
        keys = _("Enter: {then} · Esc: stay").format(then=_(self.lesson.offer) if last else _("next chapter"))
        self.app.clear_notifications()  # an earlier move's toast would cut through the note too
        title = _("Done: {title}").format(title=_(self.chapter.title))
        self.app.push_screen(LessonNote(title, text, keys), self.after_done)

    def coach_takes_the_room(self) -> None:
        """The coach's words, while cut, take the rows the emptied options leave, until
        none are left (the strips above them settle their heights a refresh apart)."""
        rows = self.query_one("#options", QuietOptionList).size.height
        if rows and self.coach.cut:
            self.coach.most += rows
            self.coach.redraw()
            self.call_after_refresh(self.coach_takes_the_room)

    def after_done(self, answer: str | None) -> None:
        if answer != "go":
            return
        if self.chapter_index + 1 < len(self.lesson.chapters):
            self.post_message(OpenLesson(self.lesson.key, self.chapter_index + 1))
        else:
            self.first_game()

    def first_game(self) -> None:
        """A real game, saved with the others: the seats the lesson offers (the learner
        against the easy bot; the solo lesson, a solo game)."""
        config = GameConfig(seats=self.lesson.then, seed=random.randrange(SEEDS))
        self.post_message(StartNew(config, self.session.cards))

    def action_next_chapter(self) -> None:
        if self.chapter_index + 1 < len(self.lesson.chapters):
            self.post_message(OpenLesson(self.lesson.key, self.chapter_index + 1))
        else:
            self.chapter_done()
