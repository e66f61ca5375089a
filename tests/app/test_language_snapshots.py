"""The table in the rulebooks' languages (issue 56): home, a game in the middle and the
results, in French and in Japanese (two cells a character), at 80×24 and at 120×40.

Accept new or changed SVGs only after looking at them as a player of that language
would (../shared/tools/svg2png renders them): the words whole, nothing cut.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from app_helpers import make_app
from test_lesson_screen import open_chapter
from test_snapshots import finished, mid_game, open_play
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select

from cwtui.lang import language, use
from cwtui.navigation import ChooseLanguage
from cwtui.shell.settings import remembered_language

SIZES = [(80, 24), (120, 40)]
LANGUAGES = ["fr", "ja"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_home(snap_compare, replays: Path, code: str, size) -> None:
    use(code)
    assert snap_compare(make_app(replays), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_table(snap_compare, replays: Path, code: str, size) -> None:
    use(code)
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play(mid_game().build()))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_score_sheet(snap_compare, replays: Path, code: str, size) -> None:
    state = finished()
    use(code)
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_play(state))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_rules(snap_compare, replays: Path, code: str, size) -> None:
    """The rules screen: its own words in the language, and a line saying the rules' text
    is English (docs/rules.md is not translated yet)."""
    use(code)
    assert snap_compare(make_app(replays), press=["l"], terminal_size=size)


async def settled(pilot: Pilot[None], done: Callable[[], bool]) -> None:
    """Until `done` (the app's own messages handled), or a few cycles."""
    for _cycle in range(20):
        if done():
            return
        await pilot.pause()


async def test_choosing_french_in_new_game_redraws_the_dialog_keeps_the_form_and_remembers_it(replays: Path) -> None:
    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#name-0", Input).value = "Zoé"
        app.screen.query_one("#language", Select).value = "fr"
        await settled(pilot, lambda: app.screen.query_one("#form").border_title == "Nouvelle partie")
        form = app.screen
        assert form.query_one("#form").border_title == "Nouvelle partie"
        assert form.query_one("#name-0", Input).value == "Zoé"  # what was filled in, kept
        assert form.query_one("#language", Select).value == "fr"
        assert language() == "fr" and remembered_language() == "fr"  # the config folder is the test's own


async def test_the_palette_switches_the_language_and_home_is_drawn_in_it(replays: Path) -> None:
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        commands = [c.title for c in app.get_system_commands(app.screen)]
        assert "Language: 日本語" in commands and "Language: français" in commands
        app.post_message(ChooseLanguage("ja"))
        await settled(pilot, lambda: language() == "ja")
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        assert "新しいゲーム" in str(menu.get_option_at_index(0).prompt)
        assert remembered_language() == "ja"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_lesson_note(snap_compare, replays: Path, code: str, size) -> None:
    """The guided game's first note: what a newcomer reads first, in their language."""
    use(code)
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_chapter(0, begin=False))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_lesson(snap_compare, replays: Path, code: str, size) -> None:
    """A chapter at its first step: the step's words quote the option as the table offers
    it in the language, and that option is highlighted."""
    use(code)
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_chapter(2))
