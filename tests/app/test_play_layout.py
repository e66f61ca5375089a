"""The play screen's layout mechanics: pane keys only where they act, and an event log
that wraps at its own width."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from app_helpers import make_app, settle
from helpers import config
from textual.pilot import Pilot
from textual.widgets._toast import Toast

from cwtui.game import words
from cwtui.game.session import GameSession
from cwtui.screens.play.play import PlayScreen
from cwtui.widgets.table.event_log import EventLog
from cwtui.widgets.table.quiet import TextLines
from engine import SeatConfig
from engine.scenario import Scenario
from engine.state import State


async def open_bots_game(app, replays: Path):  # type: ignore[no-untyped-def]
    """Two random bots, paused: at instant speed they finish a game while a test presses
    one key, and the results replace the table."""
    session = GameSession.start(config(2, 9), replays)
    screen = PlayScreen(session, app.settings)
    screen.paused = True
    await app.push_screen(screen)
    return screen


@pytest.mark.parametrize(("size", "compact"), [((140, 40), False), ((80, 24), True)])
async def test_pane_keys_are_offered_only_in_the_compact_layout(replays: Path, size, compact: bool) -> None:
    """F2, F3, F6 switch the compact layout's pane, and F4 shows your panel whole over it
    (the full layout shows both); F5, the other seats' panels whole, acts in both."""
    app = make_app(replays)
    async with app.run_test(size=size) as pilot:
        screen = await open_bots_game(app, replays)
        await pilot.pause()
        keys = {b.binding.key for b in screen.active_bindings.values() if b.enabled}
        offered = {key for key in ("f2", "f3", "f4", "f5", "f6") if key in keys}
        assert offered == ({"f2", "f3", "f4", "f5", "f6"} if compact else {"f5"})


async def test_escape_goes_back_to_the_board_from_another_pane(replays: Path) -> None:
    """At 80×24 F3 and F6 switch the pane as tabs do; Esc goes back to the board (it did
    nothing: a whole-game read left the log open, looking for a way back)."""
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_bots_game(app, replays)
        for key in ("f6", "f3"):
            await pilot.press(key)
            assert screen.shown != "board"
            await pilot.press("escape")
            assert screen.shown == "board"
        await pilot.press("escape")  # on the board already: nothing
        assert screen.shown == "board" and app.screen is screen


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 50)])
async def test_the_event_log_shows_every_narration_uncut(replays: Path, size: tuple[int, int]) -> None:
    """Every line of every move's narration is in the log pane, wrapped at the pane's own
    width without losing a word (a RichLog renders 78 columns at least by default, and
    at 120×40 cut the ends of long lines off, usually the fish's name)."""
    app = make_app(replays)
    async with app.run_test(size=size) as pilot:
        screen = await open_bots_game(app, replays)
        if size == (80, 24):
            await pilot.press("f6")  # the compact layout's log pane
        while len(screen.session.history) < 60:  # the bots' moves, as their worker brings them
            decision = screen.session.bot_move()
            screen.play_move(decision.move, decision.searched)
            await pilot.pause()
        log = screen.query_one("#log-None", EventLog)
        width = log.scrollable_content_region.width
        session = screen.session
        cards, names = session.state.cards, session.names
        said = [line for p in session.history for line in words.narrate(cards, names, p.seat, p.move, p.events, None)]
        assert len(session.history) >= 60 and max(len(line) for line in said) > width  # some lines must wrap
        assert {strip.cell_length for strip in log.lines} == {width}, (log.width, width, log.size)
        shown = " ".join(log.text().split())
        assert shown == " ".join(" ".join(said).split())  # every word, in order


async def test_s_cycles_the_bot_speed_and_the_status_says_so(replays: Path) -> None:
    app = make_app(replays)  # bots at instant speed
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_bots_game(app, replays)
        await pilot.press("s")
        await pilot.pause()
        assert app.settings.bot_speed == "normal"
        assert "bot speed: normal" in screen.query_one("#status", TextLines).drawn_text


async def ana_against_a_random_bot(pilot: Pilot[None], replays: Path) -> PlayScreen:
    """A new game's table at Ana's first decision (seed 3: several options, no undo yet)."""
    from engine import GameConfig, SeatConfig

    seats = (SeatConfig("Ana", "human"), SeatConfig("Bo", "random"))
    screen = PlayScreen(GameSession.start(GameConfig(seats=seats, seed=3), replays), pilot.app.settings)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


async def test_undo_is_in_the_footer_and_in_the_prompt_when_it_acts(replays: Path) -> None:
    """u acts only until a draw or another seat's move. The footer is built when the
    bindings are refreshed (a focus change), not after every move, so it lists u always
    (u says why when it cannot act: issue 35.6); the prompt's key line, redrawn with
    every decision, offers it when it can."""
    from textual.widgets._footer import FooterKey

    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ana_against_a_random_bot(pilot, replays)
        session = screen.session
        assert not session.can_undo and "u: undo" not in screen.query_one("#keys", TextLines).drawn_text
        assert "undo" in {key.action for key in screen.query(FooterKey)}
        await pilot.press("u")
        await pilot.pause()
        assert "Nothing to undo" in list(app._notifications)[-1].message
        screen.play_move(next(m for m in screen.options if type(m).__name__ == "PlaceAngler"))
        await pilot.pause()
        screen.refresh_bindings()
        await pilot.pause()
        assert session.can_undo and "u: undo" in screen.query_one("#keys", TextLines).drawn_text
        assert "undo" in {key.action for key in screen.query(FooterKey)}


async def test_the_event_log_follows_new_lines_after_its_pane_shrinks(replays: Path) -> None:
    """Issue 35.1: late in a game the trophies pane gains a line and the Events pane loses
    one; the log then stayed on the lines it showed (it followed only while its view was
    at the end, and a shorter pane is not). It follows until the reader scrolls up, and
    again from End."""
    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_bots_game(app, replays)
        log = screen.query_one("#log-None", EventLog)
        for i in range(30):
            log.write(f"line {i}")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y > 0
        screen.query_one("#log").styles.height = log.outer_size.height + 1  # one row fewer
        await pilot.pause()
        log.write("the newest line")
        await pilot.pause()
        assert log.following and log.scroll_y == log.max_scroll_y
        assert log.flat[-1].text.strip() == "the newest line"
        log.focus()  # Tab reaches it: the reader scrolls up, and new lines leave the view where it is
        await pilot.press("up", "up")
        log.write("one more")
        await pilot.pause()
        assert not log.following and log.scroll_y == log.max_scroll_y - 3
        assert screen.query_one("#log").border_subtitle == "scrolled up · End: newest"
        await pilot.press("end")
        log.write("and another")
        await pilot.pause()
        assert log.following and log.scroll_y == log.max_scroll_y
        assert screen.query_one("#log").border_subtitle == ""


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_keys_listed_only_where_there_is_room_act_at_every_size(replays: Path, size: tuple[int, int]) -> None:
    """A key the footer lists only in the full layout (compact.roomy: u, b, p, s, F7) acts
    unlisted in the compact one. At 80×24 u took nothing back: its unlisted twin ran the
    action through the screen's check, which refused it there."""

    app = make_app(replays)
    async with app.run_test(size=size) as pilot:
        screen = await ana_against_a_random_bot(pilot, replays)
        session = screen.session
        screen.play_move(next(m for m in screen.options if type(m).__name__ == "PlaceAngler"))
        await pilot.pause()
        assert session.can_undo
        await pilot.press("u")
        await pilot.pause()
        assert not session.can_undo and session.state.ply == 0
        speed = app.settings.bot_speed
        await pilot.press("s")
        await pilot.pause()
        assert app.settings.bot_speed != speed


def contests_to_win() -> State:
    """Laurence (at the keyboard) holds the heaviest fish of every location; the contests
    are next."""
    seats = (SeatConfig("Laurence", "human"), SeatConfig("Nils", "greedy"))
    sc = Scenario(seats=seats, seed=11).fish(0, ["Pike:12", "Perch:4", "Wrasse:4", "Salmon:7", "Mackerel:8"])
    return sc.fish(1, ["Pike:9", "Mackerel:6"]).at_contests().build()


async def test_a_contests_trophies_are_not_toasted_over_the_decision(replays: Path) -> None:
    """At 120x40 two contest trophies were toasted one over the other across the next
    contest's options, and stayed over the results: the contest's lines and the results
    say them (R10); a toast is for a trophy taken during play (R8)."""
    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(PlayScreen(GameSession.unlogged(contests_to_win()), app.settings))
        await settle(pilot)
        while isinstance(app.screen, PlayScreen):
            await pilot.press("1")  # the heaviest fish first
            await settle(pilot)
        trophies = [p for p in app.screen.final.seats[0].trophies if p[0].endswith("_contest")]
        assert len(trophies) == 3, "the scenario should win every contest"
        assert not [n.message for n in app._notifications]


async def test_a_trophy_toast_covers_no_option(replays: Path) -> None:
    """A toast 60 columns wide covered the decision's right third at 120x40: it sits over
    the seats' column."""
    app = make_app(replays)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await app.push_screen(PlayScreen(GameSession.unlogged(contests_to_win()), app.settings))
        await settle(pilot)
        app.screen.notify("You take the Mystery Weight (1 VP) and Small Species (5 VP) trophies.", title="Trophy")
        await pilot.pause(0.3)
        toast = app.screen.query_one(Toast).region
        assert toast.x >= app.screen.query_one("#prompt").region.right


async def test_the_since_strip_says_the_contest_your_move_closed(replays: Path) -> None:
    """Presenting last, your own move closes the contest: its ranking and trophies came
    with it, after your choice, and the next contest's strip ('Since your last turn')
    left them out — only the other seat's choice was said."""
    seats = (SeatConfig("Nils", "greedy"), SeatConfig("Laurence", "human"))
    sc = Scenario(seats=seats, seed=11).fish(1, ["Pike:12", "Perch:4", "Wrasse:4", "Salmon:7", "Mackerel:8"])
    state = sc.fish(0, ["Pike:9", "Mackerel:6"]).at_contests().build()
    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = PlayScreen(GameSession.unlogged(state), app.settings)
        await app.push_screen(screen)
        await settle(pilot)
        await pilot.press("1")  # Laurence presents last at the Shore: the contest is held
        await settle(pilot)
        strip = " ".join(screen.query_one("#since", TextLines).drawn_text.split())
        closed = "Shore contest: Laurence 12 lb (5 VP), Nils 6 lb (3 VP)"  # issue 67.3: one line, every trophy
        assert closed in strip, strip


async def test_the_key_line_says_the_logs_keys_while_it_has_the_focus(replays: Path) -> None:
    """A whole-game read: after Tab the event log scrolled with the arrows while the key
    line under the options still said "↑↓ Enter"."""
    from test_snapshots import mid_game, open_play

    from cwtui.widgets.table.quiet import TextLines

    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_play(mid_game().build())(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        keys = screen.query_one("#keys", TextLines)
        before = keys.text.plain
        assert "↑↓" in before and "log" not in before
        screen.query_one(EventLog).focus()
        await pilot.pause()
        assert keys.text.plain.startswith("Log: ↑↓") and "Tab: the options" in keys.text.plain
        await pilot.press("tab")
        await pilot.pause()
        assert keys.text.plain == before


def since_strip(screen: PlayScreen) -> str:
    return screen.query_one("#since", TextLines).text.plain


async def test_a_trophy_you_take_at_80x24_is_said_above_the_next_question(replays: Path) -> None:
    """A newcomer at 80×24 took three Mystery Weights and nothing on screen said so: it is
    said above the next question (a toast over the board hid zones 5, 6 and the decks)."""
    from cwtui.learn.lessons import CHAPTERS
    from cwtui.navigation import OpenLesson

    app = make_app(replays)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        trophies = next(i for i, c in enumerate(CHAPTERS) if c.title == "Trophies during play")
        app.post_message(OpenLesson("first", trophies))
        await settle(pilot)
        await pilot.press("enter")  # the chapter's opening note
        await settle(pilot)
        await pilot.press("enter")  # the step's own option: the 4 lb Perch
        await settle(pilot)
        perch = f"You catch a Perch ({words.pounds(4)}) in Lake zone 3."  # issue 67.2: the catch too
        said = perch + " You take the Mystery Weight (1 VP) and Small Species (5 VP) trophies."
        assert since_strip(app.screen).startswith(said)  # type: ignore[arg-type]
        assert not app.screen.query(Toast)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_your_catch_is_said_above_your_next_question_and_covers_nothing(
    replays: Path, size: tuple[int, int]
) -> None:
    """Issue 67, a whole four-player game: the toast of Ana's catch stood over Di's panel
    at 120×40, and over the board's zones 5, 6 and decks at 80×24, into her next turn
    (the bots instant). It is said above her next question, and goes when she chooses."""
    from engine import GameConfig

    app = make_app(replays)
    async with app.run_test(size=size, notifications=True) as pilot:
        seats = (SeatConfig("Ana", "human"), *(SeatConfig(name, "random") for name in ("Bo", "Cy", "Di")))
        screen = PlayScreen(GameSession.start(GameConfig(seats=seats, seed=3), replays), app.settings)
        await app.push_screen(screen)
        said = ""
        for _ in range(300):
            for _ in range(200):
                if screen.options:
                    break
                await pilot.pause()
            said = since_strip(screen)
            if said.startswith("You catch"):
                break
            await pilot.press(screen.option_keys()[-1])
            await settle(pilot)
        assert said.startswith("You catch"), "no catch in 300 decisions"
        assert not app.screen.query(Toast)
        caught = said.split(". ")[0]
        await pilot.press(screen.option_keys()[-1])
        await settle(pilot)
        for _ in range(200):
            if screen.options:
                break
            await pilot.pause()
        assert not since_strip(screen).startswith(caught)


async def test_a_key_pressed_again_and_again_says_so_once(replays: Path) -> None:
    """A key that is no option, pressed ten times, stood ten toasts over the table: the
    same words said again replace the toast on show."""
    app = make_app(replays)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await ana_against_a_random_bot(pilot, replays)
        wrong = str(len(screen.options) + 1)
        for _ in range(10):
            await pilot.press(wrong)
        await settle(pilot)
        assert len(app._notifications) == 1


@pytest.mark.parametrize("code", ["en", "fr", "ja"])
async def test_a_number_past_the_options_says_which_there_are(replays: Path, code: str) -> None:
    """Two whole-game reads pressed 8 with options 1–7 and nothing happened, nothing
    said: a number that is no option says which are, and plays nothing."""
    from cwtui.lang import _, use

    use(code)
    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await ana_against_a_random_bot(pilot, replays)
        session = screen.session
        count = len(screen.options)
        assert 1 < count < 9
        before = session.state
        await pilot.press(str(count + 1))
        await pilot.pause()
        assert session.state is before  # nothing played
        keys = _("{first}–{last}").format(first=1, last=count)  # Japanese 「1〜4」
        said = _("No option {key} here: the options are {keys}.").format(key=count + 1, keys=keys)
        assert said in [n.message for n in app._notifications]


async def test_a_hot_seats_trophy_is_said_to_its_taker_alone(replays: Path) -> None:
    """Issue 67.9: in a hot seat, Ana's trophy was said "You take the Mystery Weight…" in
    a toast that outlived the hand-over: Cy read it as his. It is said above Ana's own
    next question, weight and all, and never on Cy's."""
    from cwtui.game.session import GameSession
    from cwtui.screens.handover.handover import HandoverScreen
    from cwtui.screens.play.play import PlayScreen
    from engine.config import SeatConfig
    from engine.scenario import Scenario

    seats = (SeatConfig("Ana", "human"), SeatConfig("Cy", "human"))
    sc = Scenario(seats=seats, seed=2026).tackle(0, []).tackle(1, []).mystery([4, 2, 3, 5, 6, 7])
    sc.board(0, {3: "red", 4: "purple black", 5: "green yellow", 6: "black black blue yellow"})
    sc.board(1, {3: "green purple yellow", 4: "black black red", 5: "blue purple", 6: "yellow green"})
    sc.fish(0, ["Flounder:2", "Roach:3"]).location("lake", {3: "Perch:4"})
    state = sc.tokens(hand={0: 1, 1: 1}, yellow=1, green=1, blue=2).active(0).build()
    app = make_app(replays)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = PlayScreen(GameSession.unlogged(state), app.settings)
        await app.push_screen(screen)
        await settle(pilot)
        assert isinstance(app.screen, HandoverScreen)  # Ana to the keyboard
        await pilot.press("enter")
        await settle(pilot)
        assert screen.viewer == 0
        red = next(i for i, m in enumerate(screen.options) if getattr(m, "space", None) == "red")
        await pilot.press(screen.option_keys()[red])  # the Perch: Mystery Weight and Small Species
        await settle(pilot)
        perch = f"You catch a Perch ({words.pounds(4)}) in Lake zone 3."
        assert since_strip(screen) == perch + " You take the Mystery Weight (1 VP) and Small Species (5 VP) trophies."
        while screen.viewer == 0:  # Ana ends her turn
            await pilot.press(screen.option_keys()[0])
            await settle(pilot)
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
            await settle(pilot)
        assert screen.viewer == 1 and screen.options
        assert "Perch (" not in since_strip(screen) and "You take" not in since_strip(screen)


async def test_no_blank_row_between_the_question_and_its_options(replays: Path) -> None:
    """Issue 67 (a whole-game read at 120x40): the question keeps its tallest height in
    the full layout (fewer layouts), and a one-line question after a two-line one left a
    blank row between it and option 1. The spare row is above the question."""
    from engine import GameConfig

    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        seats = (SeatConfig("Ana", "human"), *(SeatConfig(name, "random") for name in ("Bo", "Cy", "Di")))
        screen = PlayScreen(GameSession.start(GameConfig(seats=seats, seed=3), replays), app.settings)
        await app.push_screen(screen)
        await settle(pilot)
        question = screen.query_one("#question", TextLines)
        chance = random.Random(5)
        held = False  # a two-line question met, and its height held
        for _ in range(300):
            for _wait in range(200):
                if screen.option_keys() or screen.game.over:
                    break
                await pilot.pause()  # the bot's move
            if screen.game.over:
                break
            lines = question.drawn_text.split("\n")
            held = held or len(lines) > 1
            last = question.render_line(question.size.height - 1).text  # the row over option 1
            assert last.strip(), (question.size.height, lines)
            await pilot.press(chance.choice(screen.option_keys()))
            await settle(pilot)
        assert held
