"""The guided first game at the table (issue 53.2): played from home to the first real
game with the keys each step asks for; at every step the lesson's words, the option
they ask for highlighted, and a key off the script explained and not played; u takes
the lesson back with the move. Snapshots of each chapter at 80×24 and 120×40."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import make_app, settle
from textual.pilot import Pilot

from cwtui.game.words import KEEP, pounds, units_kept
from cwtui.lang import _, in_source, use
from cwtui.learn.lesson import LEARNER, final_count, off_script, option_words, step_move
from cwtui.learn.lessons import CHAPTERS, FIRST_GAME, SOLO
from cwtui.screens.lesson.lesson import LessonNote, LessonScreen
from cwtui.screens.play.play import PlayScreen
from cwtui.widgets.table.quiet import QuietOptionList, TextLines

SIZES = [(80, 24), (120, 40)]


async def note(pilot: Pilot[None], title: str) -> None:
    """A lesson's note is up, titled `title`; Enter goes on."""
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, LessonNote) and screen.title_text == title, getattr(screen, "title_text", screen)
    await pilot.press("enter")
    await settle(pilot)


@pytest.mark.parametrize(("code", "size"), [("en", (80, 24)), ("en", (120, 40)), ("fr", (120, 40)), ("ja", (80, 24))])
async def test_the_guided_game_from_home_to_a_first_game(replays: Path, code: str, size: tuple[int, int]) -> None:
    """In each language (issue 56): the steps name their options by English words, and the
    player reads the lesson, the options and the explanations in their own."""
    use(code)
    app = make_app(replays)
    async with app.run_test(size=size) as pilot:
        await pilot.press("t")
        for number, chapter in enumerate(CHAPTERS, 1):
            title = _(chapter.title)
            await note(pilot, _("Chapter {number} of {chapters}: {title}").format(
                number=number, chapters=len(CHAPTERS), title=title))  # fmt: skip
            screen = app.screen
            assert isinstance(screen, LessonScreen) and screen.chapter is chapter
            learner_steps = [step for step in chapter.steps if step.say != "Bo presents."]
            for step in learner_steps:  # the other seat's are played for it, at once
                state = screen.session.state
                assert state.to_act == LEARNER and screen.step is step
                expected = step_move(step, state)
                index = screen.options.index(expected)
                # the step's words, and the option they ask for highlighted
                assert screen.coach.text.plain == units_kept(_(step.say))
                assert screen.query_one("#options", QuietOptionList).highlighted == index
                with in_source():
                    assert option_words(state, screen.options[index]).startswith(step.move)
                # issue 67.7: n (next chapter) is no option's key: in chapter 5 it played
                # "Reel: swap…" where the key line said it went on
                keys = screen.option_keys()
                assert "n" not in keys and "N" not in keys
                # another option's key: explained, not played
                other = next(i for i in range(len(screen.options)) if i != index)
                await pilot.press(keys[other])
                await settle(pilot)
                assert screen.session.state is state
                # issue 67.3: said under the options, on one line (the options keep their
                # rows); the step's words stay above them (said again with it they were
                # cut with "…" at 80×24)
                line = screen.query_one("#keys", TextLines)
                assert line.drawn_text.replace(KEEP, " ") == off_script(keys[index]).replace(KEEP, " ")
                assert len(line.strips) == 1
                assert screen.coach.text.plain == units_kept(_(step.say)) and not screen.coach.cut
                # the step's own key plays it
                await pilot.press(keys[index])
                await settle(pilot)
                assert screen.session.state.ply > state.ply
            assert screen.session.state.ply == screen.start.ply + len(chapter.steps)
            await settle(pilot)
            done = app.screen
            assert isinstance(done, LessonNote) and done.title_text == _("Done: {title}").format(title=title)
            if number == len(CHAPTERS):  # the game over: its count, and the first game offered
                assert final_count(screen.session.state) in done.text and _(FIRST_GAME.end) in done.text
            await pilot.press("enter")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, PlayScreen) and not isinstance(game, LessonScreen)
        assert [s.kind for s in game.session.config.seats] == ["human", "greedy"]  # the easy bot
        assert game.session.path is not None and game.session.path.parent == replays


async def test_undo_takes_the_lesson_back(replays: Path) -> None:
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await note(pilot, f"Chapter 1 of {len(CHAPTERS)}: {CHAPTERS[0].title}")
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        first, second = CHAPTERS[0].steps
        await pilot.press("enter")  # the highlighted option: the step's
        await settle(pilot)
        assert screen.coach.text.plain == units_kept(second.say)
        await pilot.press("u")
        await settle(pilot)
        assert screen.coach.text.plain == units_kept(first.say) and screen.session.state.ply == screen.start.ply


async def test_a_hint_in_the_lesson_is_the_lessons_move(replays: Path) -> None:
    """The newcomer's read: in chapter 1, asked for yellow, h named green (the judge's
    move) and they stopped, unsure which to trust. In a lesson h shows the step's move,
    and says why the lesson asks for it; the move is not played."""

    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_chapter(0)(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await pilot.press("enter")  # step 1 played; step 2 asks for the yellow
        await settle(pilot)
        menu = screen.query_one("#options", QuietOptionList)
        menu.highlighted = 0
        await pilot.press("h")
        await settle(pilot)
        expected = screen.options.index(step_move(CHAPTERS[0].steps[1], screen.session.state))
        said = " ".join(screen.query_one("#keys", TextLines).drawn_text.split())
        key = screen.option_keys()[expected]
        assert said.startswith(f"Hint: play {key} — the lesson asks for it, to teach the three")
        assert menu.highlighted == expected and screen.session.state.ply == screen.start.ply + 1


async def test_cwtui_learn_opens_a_chapter(replays: Path) -> None:
    from cwtui.app import CwtuiApp

    app = CwtuiApp(replays, bot_speed="instant", still=True, lesson=("first", 2))
    async with app.run_test(size=(80, 24)) as pilot:
        await note(pilot, f"Chapter 3 of {len(CHAPTERS)}: {CHAPTERS[2].title}")
        assert isinstance(app.screen, LessonScreen) and app.screen.chapter is CHAPTERS[2]


def open_chapter(chapter: int, begin: bool = True, lesson: str = "first"):  # -> run_before callback
    async def run_before(pilot: Pilot[None]) -> None:
        from cwtui.navigation import OpenLesson

        pilot.app.post_message(OpenLesson(lesson, chapter))
        await settle(pilot)
        if begin:
            await pilot.press("enter")
            await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("chapter", range(len(CHAPTERS)))
def test_lesson_snapshot(snap_compare, replays: Path, size, chapter: int) -> None:
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_chapter(chapter))


@pytest.mark.parametrize("size", SIZES)
def test_lesson_intro_snapshot(snap_compare, replays: Path, size) -> None:
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_chapter(1, begin=False))


async def test_the_solo_lesson_tells_the_silent_players_turn(replays: Path) -> None:
    """The solo lesson: your turn, then the silent player's two draws, told in the note
    that closes it as the event log tells them; Enter then starts a solo game."""
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_learn_solo()
        (chapter,) = SOLO.chapters
        await note(pilot, f"Chapter 1 of 1: {chapter.title}")
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        for _step in chapter.steps:
            await pilot.press("enter")  # the highlighted option: the step's
            await settle(pilot)
        done = app.screen
        assert isinstance(done, LessonNote) and done.title_text == f"Done: {chapter.title}"
        told = done.text.casefold()
        assert "the silent player draws red" in told and "the silent player draws yellow" in told
        await pilot.press("enter")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, PlayScreen) and not isinstance(game, LessonScreen)
        assert [s.kind for s in game.session.config.seats] == ["human"]  # solo: the engine adds the silent player


@pytest.mark.parametrize("size", SIZES)
def test_solo_lesson_snapshot(snap_compare, replays: Path, size) -> None:
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_chapter(0, lesson="solo"))


async def test_a_trophy_you_take_is_said_at_once(replays: Path) -> None:
    """A newcomer took three Mystery Weights without noticing (the event log alone said
    so): a trophy the seat at the keyboard takes is said above its next question."""
    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        trophies = next(i for i, c in enumerate(CHAPTERS) if c.title == "Trophies during play")
        await open_chapter(trophies)(pilot)
        await pilot.press("enter")  # the step's own option: the 4 lb Perch
        await settle(pilot)
        said = app.screen.query_one("#since", TextLines).text.plain
        # one sentence for the move's two trophies
        perch = f"You catch a Perch ({pounds(4)}) in Lake zone 3."  # issue 67.2: the catch too
        assert said.startswith(perch + " You take the Mystery Weight (1 VP) and Small Species (5 VP) trophies.")


@pytest.mark.parametrize("chapter", [1, len(CHAPTERS) - 1])
async def test_a_chapters_end_stays_readable_at_the_table(replays: Path, chapter: int) -> None:
    """Esc on a chapter's closing note ("stay") leaves the table with the note's words
    above it: at 80×24 they were cut to five lines with "…" over three empty rows, and
    the last chapter's ended at "The final count:" without the count (a whole-game read)."""
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_chapter(chapter)(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        while screen.step is not None:
            await pilot.press("enter")  # the highlighted option: the step's
            await settle(pilot)
        done = app.screen
        assert isinstance(done, LessonNote)
        await pilot.press("escape")
        await settle(pilot)
        coach = screen.coach
        assert coach.text.plain.replace(KEEP, " ") == done.text.replace(KEEP, " ")
        rows = screen.query_one("#options", QuietOptionList).size.height
        assert not coach.cut or rows == 0  # cut only where no row is left for it
        if screen.session.state.over:
            assert final_count(screen.session.state).split("\n")[0] in " ".join(coach.drawn_text.split())


async def test_a_hint_in_the_lesson_leaves_the_options_in_view(replays: Path) -> None:
    """The lesson's hint took three lines at 80×24, leaving two option rows."""

    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_chapter(0)(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await pilot.press("h")
        await settle(pilot)
        assert len(screen.query_one("#keys", TextLines).strips) <= 2
        assert screen.query_one("#options", QuietOptionList).size.height >= 3


@pytest.mark.parametrize("chapter", range(len(CHAPTERS) - 1))
async def test_n_goes_to_the_next_chapter_at_every_step(replays: Path, chapter: int) -> None:
    """Issue 67.7: in chapter 5, n chose "Reel: swap…" (an option's key) where the key
    line said it skips to the next chapter. At each of a chapter's decisions n is no
    option's key, and pressed, it opens the next chapter and plays nothing."""
    for step in range(len([s for s in CHAPTERS[chapter].steps if s.say != "Bo presents."])):
        app = make_app(replays)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_chapter(chapter)(pilot)
            screen = app.screen
            assert isinstance(screen, LessonScreen)
            for _played in range(step):  # the steps before, as the lesson asks them
                await pilot.press("enter")
                await settle(pilot)
            assert screen.session.state.to_act == LEARNER and "n" not in screen.option_keys()
            played = screen.session.state.ply
            await pilot.press("n")
            await settle(pilot)
            assert screen.session.state.ply == played
            opened = app.screen
            assert isinstance(opened, LessonNote)
            assert opened.title_text.startswith(f"Chapter {chapter + 2} of {len(CHAPTERS)}")


async def test_a_catch_is_said_above_the_next_question(replays: Path) -> None:
    """Issue 67.2: "nothing says you caught a Perch": the zone refilled with the same
    species and a newcomer thought the catch had failed. Each catch of the seat at the
    keyboard is said above its next question, with its weight (the seat's own)."""
    app = make_app(replays)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_chapter(1)(pilot)  # Catching a fish
        await pilot.press("enter")  # place on red: the Lake's zone 3 Perch
        await settle(pilot)
        said = app.screen.query_one("#since", TextLines).text.plain  # above the next question
        assert said.replace(KEEP, " ") == "You catch a Perch (3 lb) in Lake zone 3."
        await pilot.press("enter")  # take the 1 off blue: the Pike, and the chapter is done
        await settle(pilot)
        # the note over the table tells it (a toast cut through its border: a newcomer's read)
        assert isinstance(app.screen, LessonNote) and not list(app._notifications)


@pytest.mark.parametrize("code", ["en", "fr", "ja"])
async def test_every_chapters_note_fits_80x24(replays: Path, code: str) -> None:
    """The goal, said first (issue 67.1), made chapter 1's opening note longer: in French
    at 80×24 it pushed the note's keys (Enter: begin · Esc: …) off the screen. Each
    chapter's opening note shows whole, its keys on screen, in every language."""
    from textual.containers import Vertical
    from textual.widgets import Static

    use(code)
    for lesson, chapters in (("first", CHAPTERS), ("solo", SOLO.chapters)):
        for chapter in range(len(chapters)):
            app = make_app(replays)
            async with app.run_test(size=(80, 24)) as pilot:
                await open_chapter(chapter, begin=False, lesson=lesson)(pilot)
                shown = app.screen
                assert isinstance(shown, LessonNote)
                box = shown.query_one(Vertical).content_region
                keys = shown.query_one(".keys", Static).region
                text = shown.query_one(".text", Static).region
                assert keys.height == 1 and box.y <= keys.y < box.bottom, (lesson, chapter, box, keys)
                assert box.y <= text.y and text.bottom <= keys.y, (lesson, chapter, box, text)


async def test_after_the_last_chapter_n_offers_the_first_game(replays: Path) -> None:
    """A newcomer pressed Esc on the last note ("stay"), then Enter did nothing, and they
    found the first game by guessing n. The table says so."""
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_chapter(len(CHAPTERS) - 1)(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        while not isinstance(app.screen, LessonNote):
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert "n offers the first game" in screen.query_one("#question", TextLines).drawn_text
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, LessonNote) and _(FIRST_GAME.offer) in app.screen.keys
