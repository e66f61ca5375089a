"""The rules on screen (issue 53.1): from home, F1 and the palette; a code opens its
rule, in view and marked; search finds words as they are typed and Enter goes through
what it found; the contents go to a section. Snapshots at 80×24 and 120×40."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import make_app
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static

from cwtui.screens.help.help import HelpScreen
from cwtui.screens.home.home import HomeScreen
from cwtui.screens.rules.rules import RulesScreen

SIZES = [(80, 24), (120, 40)]


def in_view(screen: RulesScreen, widget: Widget) -> bool:
    """The widget's first line is on screen, inside the rules' box."""
    text = screen.query_one("#text")
    return text.content_region.y <= widget.region.y < text.content_region.bottom


async def test_home_l_opens_the_rules_and_esc_comes_back(replays: Path) -> None:
    async with make_app(replays).run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(pilot.app.screen, RulesScreen)
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, HomeScreen)


async def test_f1_then_r_opens_the_rules(replays: Path) -> None:
    async with make_app(replays).run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        assert isinstance(pilot.app.screen, HelpScreen)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(pilot.app.screen, RulesScreen)
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, HomeScreen)  # the help page closed as the rules opened


@pytest.mark.parametrize("size", SIZES)
async def test_a_code_opens_its_rule_in_view(replays: Path, size: tuple[int, int]) -> None:
    async with make_app(replays).run_test(size=size) as pilot:
        for code, ident in (("R12.5", "#rule-R12-5"), ("R10", "#section-R10"), ("R1.1", "#rule-R1-1")):
            pilot.app.action_rules(code)  # a second code on the screen already: that rule
            await pilot.pause()
            await pilot.pause()
            screen = pilot.app.screen
            assert isinstance(screen, RulesScreen)
            target = screen.query_one(ident)
            assert target.has_class("-found") and in_view(screen, target), code
            assert len(screen.query(".-found")) == 1
            contents = screen.query_one("#contents", OptionList).highlighted_option
            assert contents is not None and contents.id == f"section-{code.split('.')[0]}"


async def test_search_finds_as_it_is_typed_and_enter_goes_on(replays: Path) -> None:
    async with make_app(replays).run_test(size=(80, 24)) as pilot:
        pilot.app.action_rules()
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, RulesScreen)
        await pilot.press("slash")
        assert screen.query_one("#search", Input).has_focus
        await pilot.press(*"clear bait")
        await pilot.pause()
        found = screen.query(".-match")
        assert len(found) == 8 and {"rule-R4-5", "rule-R12-5"} <= {w.id for w in found}
        note = str(screen.query_one("#found", Static).render())
        assert note == "8 rules hold “clear bait” · Enter: the next"
        seen = []
        for _ in range(3):
            await pilot.pause()
            current = screen.query_one(f"#{screen.matches[screen.at_match]}")
            assert in_view(screen, current)
            contents = screen.query_one("#contents", OptionList).highlighted_option
            assert contents is not None and contents.id == f"section-{screen.found[screen.at_match].section}"
            seen.append(current.id)
            await pilot.press("enter")
        assert seen == screen.matches[:3]
        await pilot.press("ctrl+a", "ctrl+k", *"zzz")  # nothing: said, nothing marked
        await pilot.pause()
        assert str(screen.query_one("#found", Static).render()) == "No rule holds “zzz”."
        assert not screen.query(".-match")
        # issue 67.7: "/" in the box typed "/" (and searched for it); it selects the
        # words, to type the next search over them
        await pilot.press("slash", *"tie")
        await pilot.pause()
        assert screen.query_one("#search", Input).value == "tie"


async def test_the_contents_go_to_a_section(replays: Path) -> None:
    async with make_app(replays).run_test(size=(120, 40)) as pilot:
        pilot.app.action_rules()
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, RulesScreen)
        await pilot.press("c")
        contents = screen.query_one("#contents", OptionList)
        assert contents.has_focus
        for _ in range(11):  # down to R10 (the first lines are the file's introduction and the goal)
            await pilot.press("down")
        await pilot.pause()
        assert contents.highlighted_option is not None and contents.highlighted_option.id == "section-R10"
        assert in_view(screen, screen.query_one("#section-R10"))


def open_rules(code: str = "", search: str = ""):  # -> run_before callback
    async def run_before(pilot: Pilot[None]) -> None:
        pilot.app.action_rules(code)
        await pilot.pause()
        if search:
            await pilot.press("slash", *search)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_rules_snapshot(snap_compare, replays: Path, size) -> None:
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_rules())


@pytest.mark.parametrize("size", SIZES)
def test_rules_at_a_code_snapshot(snap_compare, replays: Path, size) -> None:
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_rules("R5.3"))


@pytest.mark.parametrize("size", SIZES)
def test_rules_search_snapshot(snap_compare, replays: Path, size) -> None:
    assert snap_compare(make_app(replays), terminal_size=size, run_before=open_rules(search="Mystery Weight"))


async def test_a_refusal_says_why_first_and_f1_r_opens_its_rule(replays: Path) -> None:
    """A move refused (a server's Error, an IllegalMove) reads in words first, then the
    rule's code; F1 then r opens that rule."""
    from cwtui.game.session import GameSession
    from cwtui.screens.play.play import PlayScreen
    from engine import GameConfig, SeatConfig, new_game

    seats = (SeatConfig("Ana", "human"), SeatConfig("Bo", "greedy"))
    session = GameSession.unlogged(new_game(GameConfig(seats=seats, seed=5)))
    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(PlayScreen(session, app.settings))
        await pilot.pause()
        table = app.screen
        assert isinstance(table, PlayScreen)
        table.refused("it is Bo's turn, not yours", "R2.9")
        await pilot.pause()
        await pilot.pause()
        shown = [" ".join(n.message.split()) for n in app._notifications]  # the toasts the player sees
        assert any("it is Bo's turn, not yours (R2.9: F1, then r, shows the rule)" in text for text in shown), shown
        await pilot.press("f1", "r")
        await pilot.pause()
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.query_one("#rule-R2-9").has_class("-found")
        await pilot.press("escape")
        assert app.screen is table


async def test_a_tooltip_that_cites_a_rule_is_opened_by_f1_r(replays: Path) -> None:
    """Issue 53.1: a tooltip cannot be clicked (it goes with the mouse), so the rule one
    cites is the screen's to open: F1 says so, and r opens the rules there."""
    from app_helpers import settle

    from cwtui.game.session import GameSession
    from cwtui.screens.play.play import PlayScreen
    from cwtui.widgets.table.board import Board
    from engine import GameConfig, SeatConfig, new_game

    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        session = GameSession.unlogged(
            new_game(GameConfig(seats=(SeatConfig("Ana"), SeatConfig("Bo", "greedy")), seed=2))
        )
        await app.push_screen(PlayScreen(session, app.settings))
        await settle(pilot)
        board = app.screen.query_one(Board)
        region = board.region
        # a zone card of the Shore: its tooltip ends "… with a purple or green bait last (R5.3)"
        spot = next(
            (x, y)
            for y in range(region.y, region.bottom)
            for x in range(region.x, region.right)
            if "(R5.3)" in str(app.screen.get_style_at(x, y).meta.get("tip", ""))
        )
        await pilot.hover(offset=spot)
        await pilot.pause()
        assert "(R5.3)" in str(board.tooltip)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert any("r opens the rules at R5.3" in str(s.render()) for s in app.screen.query(Static))
        await pilot.press("r")
        await settle(pilot)
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.query_one("#rule-R5-3").has_class("-found")


async def test_page_down_in_the_contents_reads_on_in_the_rules(replays: Path) -> None:
    """A newcomer's read: with the contents focused, PageDown moved its highlight a page
    — to the last section, the list being short — and the text jumped there. It reads
    on a page, wherever the focus is, and PageUp back."""
    async with make_app(replays).run_test(size=(80, 24)) as pilot:
        pilot.app.action_rules()
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, RulesScreen)
        text = screen.query_one("#text")
        await pilot.press("c")  # the contents
        assert screen.query_one("#contents", OptionList).has_focus
        await pilot.press("pagedown")
        await pilot.pause()
        page = text.scrollable_content_region.height
        assert text.scroll_y == page  # one page on, not the last section
        assert screen.query_one("#contents", OptionList).highlighted == 0
        await pilot.press("pagedown", "pageup")
        await pilot.pause()
        assert text.scroll_y == page


async def test_the_rules_say_the_goal_first(replays: Path) -> None:
    """Issue 67.1: the rules had no goal ("goal" found nothing); it is the first section,
    and a search finds it."""
    async with make_app(replays).run_test(size=(80, 24)) as pilot:
        pilot.app.action_rules()
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, RulesScreen)
        first = screen.query_one("#contents", OptionList).get_option_at_index(1)
        assert first.id == "section-goal"
        await pilot.press("slash", *"goal")
        await pilot.pause()
        assert screen.found and screen.found[0].section == "goal"


async def test_page_down_reads_on_from_the_search_box(replays: Path) -> None:
    """A newcomer's read: after Tab (the search box), PageDown did nothing."""
    async with make_app(replays).run_test(size=(80, 24)) as pilot:
        pilot.app.action_rules()
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, RulesScreen)
        await pilot.press("slash")
        assert screen.query_one("#search", Input).has_focus
        await pilot.press("pagedown")
        await pilot.pause()
        text = screen.query_one("#text")
        assert text.scroll_y == text.scrollable_content_region.height
