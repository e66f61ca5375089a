"""A game review on the replay screen: R, the marks in the move list, the summary with
the win-chance chart, m/M to the mistakes, the line at a graded decision, and h.

Accept new or changed SVGs only after looking at them (../shared/tools/svg2png).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from app_helpers import make_app, settle
from helpers import quick_judge
from textual.pilot import Pilot
from textual.widgets import Static

from cwtui.batch.runner import play_game
from cwtui.game import review as reviews
from cwtui.game.replaying import ReplayCursor, open_replay
from cwtui.game.words import KEEP, mid_sentence, option
from cwtui.lang import use
from cwtui.screens.fork.fork import ForkDialog
from cwtui.screens.play.play import PlayScreen
from cwtui.screens.replay.graded import GRADE_WORDS, Graded
from cwtui.screens.replay.replay import ReplayScreen
from cwtui.screens.replay.review_bar import ReviewBar
from cwtui.screens.review_summary.review_summary import CHART_ROWS, ReviewSummaryScreen
from cwtui.screens.score_chart.score_chart import ScoreChartScreen
from cwtui.widgets.move_list import MoveList
from cwtui.widgets.table.quiet import QuietOptionList, TextLines
from engine import GameConfig, SeatConfig, load_cards
from engine.bots.judge import MISTAKES, Judged, spanned

SIZES = [(80, 24), (140, 40)]
CARDS = load_cards()
PLIES = 60  # the game is cut here: a review of 60 decisions at medium takes seconds


@pytest.fixture(scope="module")
def reviewed_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, bytes]:
    """A game of the easy bot (Ana) against the random one (Bo), its first 60 moves,
    and its real review at medium (the log's bytes, the kept review's)."""
    folder = tmp_path_factory.mktemp("reviewed")
    seats = (SeatConfig("Ana", "greedy"), SeatConfig("Bo", "random"))
    _, path = play_game(GameConfig(seats=seats, seed=3), folder, CARDS, created="2026-11-25T00:00:00+00:00")
    assert path is not None
    path.write_bytes(b"".join(path.read_bytes().splitlines(keepends=True)[: PLIES + 1]))
    game = reviews.review(path, CARDS, "medium", workers=2)
    assert any(j.grade in MISTAKES for j in game.decisions)
    return path.read_bytes(), reviews.sidecar_path(path).read_bytes()


@pytest.fixture
def game(replays: Path, reviewed_game: tuple[bytes, bytes]) -> Path:
    """The game and its kept review in the replays folder."""
    replays.mkdir()
    path = replays / "reviewed.jsonl"
    path.write_bytes(reviewed_game[0])
    reviews.sidecar_path(path).write_bytes(reviewed_game[1])
    return path


def screen_for(path: Path) -> ReplayScreen:
    return ReplayScreen(open_replay(path), path)


def opener(path: Path, *keys: str):  # -> run_before
    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.app.push_screen(screen_for(path))
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
        await settle(pilot)

    return run_before


def first_mistake(path: Path) -> int:
    game = reviews.kept_review(path, open_replay(path).log)
    assert game is not None
    return min(j.ply for j in game.decisions if j.grade in MISTAKES)


# Snapshots ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_replay_at_a_mistake(snap_compare, game: Path, size) -> None:
    """A kept review opens with the replay: m goes to the first mistake, whose line says
    what was played and what the search preferred; the list marks ?!, ?, ??."""
    assert snap_compare(make_app(game.parent), terminal_size=size, run_before=opener(game, "m"))


@pytest.mark.parametrize("size", SIZES)
def test_replay_hint_at_a_mistake(snap_compare, game: Path, size) -> None:
    """h at the first mistake: the judge's pick, named as its pick, and what the two moves
    it weighed after it give up, under the review's line (at 80×24 under the move list)."""

    async def run_before(pilot: Pilot[None]) -> None:
        await opener(game, "m", "h")(pilot)
        pilot.app.clear_notifications()  # "Thinking about a hint…" would cover the hint
        await pilot.pause()

    assert snap_compare(make_app(game.parent), terminal_size=size, run_before=run_before)


def first_line(path: Path) -> Judged:
    """The first costly decision whose better move has a line after it."""
    graded = Graded.kept(path, open_replay(path).log)
    assert graded is not None
    return min((j for j in graded.judged.values() if j.grade != "best" and j.line), key=lambda j: j.ply)


def forked_at_first_line(path: Path, play: bool):  # -> run_before
    """f at the first costly decision with a line: the dialog, or (`play`) the new table."""

    async def run_before(pilot: Pilot[None]) -> None:
        await opener(path)(pilot)
        replay = pilot.app.screen
        assert isinstance(replay, ReplayScreen)
        replay.cursor.go(first_line(path).ply)
        await pilot.press("f")
        await pilot.pause()
        if play:
            await pilot.click("#play")
        await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_fork_at_a_costly_decision(snap_compare, game: Path, size) -> None:
    """The fork dialog at a decision the review found costly: its seat at the keyboard,
    and what its table will mark."""
    assert snap_compare(make_app(game.parent), terminal_size=size, run_before=forked_at_first_line(game, False))


@pytest.mark.parametrize("size", SIZES)
def test_fork_table_marks_the_better_line(snap_compare, game: Path, size) -> None:
    """The forked game's table: the review's better move highlighted and marked, the key
    line saying Enter plays it."""
    assert snap_compare(make_app(game.parent), terminal_size=size, run_before=forked_at_first_line(game, True))


@pytest.mark.parametrize("size", SIZES)
def test_review_summary(snap_compare, game: Path, size) -> None:
    assert snap_compare(make_app(game.parent), terminal_size=size, run_before=opener(game, "R"))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("code", ["fr", "ja"])
@pytest.mark.parametrize("keys", [("R",), ("m",)], ids=["summary", "at_a_mistake"])
def test_the_review_in_french_and_japanese(snap_compare, game: Path, keys: tuple[str, ...], code: str, size) -> None:
    """Issue 56: the review summary and the replay at a mistake as a French and a
    Japanese player read them."""
    use(code)
    assert snap_compare(make_app(game.parent), terminal_size=size, run_before=opener(game, *keys))


@pytest.mark.parametrize("size", SIZES)
def test_chart_with_win_chances(snap_compare, game: Path, size) -> None:
    assert snap_compare(make_app(game.parent), terminal_size=size, run_before=opener(game, "end", "c"))


@pytest.mark.parametrize("size", SIZES)
def test_a_review_under_way(snap_compare, game: Path, size) -> None:
    """The progress bar under the status while a review runs (its progress set here: the
    search's pace is not the screen's to show)."""
    reviews.sidecar_path(game).unlink()

    async def run_before(pilot: Pilot[None]) -> None:
        await opener(game)(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        screen.query_one(ReviewBar).show_progress(21, PLIES)
        await pilot.pause()

    assert snap_compare(make_app(game.parent), terminal_size=size, run_before=run_before)


# Pilot --------------------------------------------------------------------------------


async def test_r_reviews_a_game_and_marks_its_mistakes(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No kept review: R reviews in a worker (a progress bar counts the decisions), then
    the summary opens; a number key there jumps to that decision."""
    reviews.sidecar_path(game).unlink()
    monkeypatch.setattr(reviews, "judge_job", quick_judge)  # the screen is tested, not the search
    app = make_app(game.parent)
    async with app.run_test(size=(140, 40)) as pilot:
        await opener(game)(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.graded is None
        assert "m" not in {b.key for b in screen.active_bindings.values() if screen.check_action("mistake", ())}
        bar = screen.query_one(ReviewBar)
        assert not bar.display
        seen: list[tuple[int, int]] = []
        shown = bar.show_progress

        def watched(done: int, total: int) -> None:
            shown(done, total)
            seen.append((done, total))
            assert bar.display

        monkeypatch.setattr(bar, "show_progress", watched)
        await pilot.press("R")
        await settle(pilot)
        assert seen[0] == (0, 0) and seen[-1] == (PLIES, PLIES)  # the bar counted every decision
        assert not bar.display
        summary = app.screen
        assert isinstance(summary, ReviewSummaryScreen)
        assert screen.graded is not None and len(screen.graded.game.decisions) == PLIES
        assert reviews.sidecar_path(game).exists()
        first = summary.listed[0]
        await pilot.press("1")
        await pilot.pause()
        assert app.screen is screen and screen.cursor.position == first
        rows = screen.query_one("#move-list", MoveList).rows
        marked = [i for i, (_prefix, text) in enumerate(rows) if text.plain.endswith(("?!", " ?", "??"))]
        assert marked == sorted(j.ply + 1 for j in screen.graded.game.decisions if j.grade in MISTAKES)


@pytest.mark.parametrize(
    ("size", "keys"), [((80, 24), ("v", "R")), ((80, 24), ("R",)), ((120, 40), ("R",)), ((140, 40), ("R",))]
)
async def test_the_summary_shows_its_decisions_before_the_chart(game: Path, size, keys) -> None:
    """At 80×24 a seat's costliest decisions 2 and 3 hid behind the win chart, which took
    half the box (issue 52.11; at 120×40 the last line of six did). The decisions come
    first, whole where the box holds them; the chart takes the room left, if enough to
    read, else none (and the keys' line says c charts it on the replay). Two seats' six
    at 80×24 cannot all show: they have the box, and scroll."""
    app = make_app(game.parent)
    async with app.run_test(size=size) as pilot:
        await opener(game, *keys)(pilot)
        summary = app.screen
        assert isinstance(summary, ReviewSummaryScreen)
        assert len(summary.listed) == sum(len(s.worst) for s in summary.seats) >= 2
        listed, chart = summary.query_one("#review-seats"), summary.query_one("#win-chart")
        keys_line = str(summary.query_one("#review-keys", Static).render())
        if size == (80, 24):
            assert not chart.display and "c on the replay" in keys_line
        else:
            assert chart.display and listed.region.bottom <= chart.region.y and chart.region.height >= CHART_ROWS
        if len(summary.seats) == 1 or size != (80, 24):
            assert listed.max_scroll_y == 0, "a listed decision is out of view"
        else:
            assert listed.has_focus and listed.max_scroll_y > 0  # ↓ scrolls to the others


async def test_m_walks_the_mistakes_and_f_plays_on_from_one(game: Path) -> None:
    app = make_app(game.parent)
    async with app.run_test(size=(140, 40)) as pilot:
        await opener(game)(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.graded is not None
        mistakes = sorted(j.ply for j in screen.graded.game.decisions if j.grade in MISTAKES)
        seen = []
        for _ in mistakes:
            await pilot.press("m")
            await pilot.pause()
            seen.append(screen.cursor.position)
        assert seen == mistakes
        await pilot.press("m")  # no later one: it stays
        await pilot.pause()
        assert screen.cursor.position == mistakes[-1]
        this_move = screen.query_one("#this-move").render_line(1).text
        judged = screen.graded.judged[mistakes[-1]]
        said = reviews.grade_said(judged.loss, judged.margin, GRADE_WORDS)  # "a good move or an inaccuracy"
        assert judged.grade.split()[-1] in said.split()
        assert f"'s next move, {said} (" in " ".join(
            " ".join(screen.query_one("#this-move").render_line(i).text.split()) for i in range(4)
        )
        assert this_move
        if len(mistakes) > 1:
            await pilot.press("M")
            await pilot.pause()
            assert screen.cursor.position == mistakes[-2]
        await pilot.press("f")
        await pilot.pause()
        fork = app.screen
        assert isinstance(fork, ForkDialog) and fork.ply == screen.cursor.position


async def test_a_seats_view_shows_only_its_own_review(game: Path) -> None:
    """In Bo's view, Ana's decisions are neither marked nor explained (their words name
    her pieces), and m goes to Bo's mistakes only."""
    app = make_app(game.parent)
    async with app.run_test(size=(140, 40)) as pilot:
        await opener(game, "v", "v")(pilot)  # everything → Ana → Bo
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.perspective == 1 and screen.graded is not None
        rows = screen.query_one("#move-list", MoveList).rows
        for j in screen.graded.game.decisions:
            text = rows[j.ply + 1][1].plain
            if j.seat == 0:
                assert not text.endswith(("?!", " ?", "??"))
        bo = sorted(j.ply for j in screen.graded.game.decisions if j.grade in MISTAKES and j.seat == 1)
        if bo:
            await pilot.press("m")
            await pilot.pause()
            assert screen.cursor.position == bo[0]


async def test_a_review_that_cannot_be_made_says_why_and_takes_its_bar_away(game: Path) -> None:
    """The log went after the replay opened: R says so in a notification, and the
    progress bar goes (a review can be asked again)."""
    reviews.sidecar_path(game).unlink()
    app = make_app(game.parent)
    async with app.run_test(size=(140, 40)) as pilot:
        await opener(game)(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        game.unlink()
        await pilot.press("R")
        await settle(pilot)
        assert screen.graded is None and screen.query_one(ReviewBar).running is None
        assert not screen.query_one("#review-progress").display
        assert any(n.title == "Cannot review" for n in app._notifications)


async def test_h_hints_at_any_position(game: Path) -> None:
    app = make_app(game.parent)
    async with app.run_test(size=(140, 40)) as pilot:
        await opener(game, "right", "right", "right", "h")(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        pane = screen.query_one("#this-move")
        text = " ".join(" ".join(pane.render_line(i).text for i in range(pane.size.height)).split())  # unwrapped
        assert "Hint: play " in text and ("gives up" in text or "as good" in text)
        await pilot.press("home", "v", "v", "h")  # Ana to act, in Bo's view: her hint would show her pieces
        await pilot.pause()
        assert screen.full is not None and screen.full.state.to_act == 0 and screen.perspective == 1
        assert "would show their pieces" in " ".join(n.message for n in app._notifications)


async def test_the_win_chart_marks_each_flagged_decision(game: Path) -> None:
    """Issue 54: a review's mistakes on the chart at their move — each decision graded an
    inaccuracy or worse marked on its seat's line where it drops after it (?! ? ??, as
    the move list marks them), and the legend says what the marks are and that m/M go
    there; a seat the view may not speak of has no marks."""
    from cwtui.screens.replay.graded import GRADE_MARKS

    app = make_app(game.parent)
    async with app.run_test(size=(140, 40)) as pilot:
        await opener(game)(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.graded is not None
        flagged = [j for j in screen.graded.game.decisions if j.grade in MISTAKES]
        assert flagged
        plot = screen.graded.win_plot(screen.cursor, screen.speaks_of)
        seats = [s for s in screen.graded.game.seats if screen.speaks_of(s)]
        marked = sorted((n.x, n.label, seats[n.series]) for n in plot.notes)
        assert marked == sorted((j.ply + 1, GRADE_MARKS[j.grade], j.seat) for j in flagged)
        for note in plot.notes:
            assert note.y == plot.series[note.series].values[note.x]
        assert "m/M on the replay" in plot.notes_key
        only_bo = screen.graded.win_plot(screen.cursor, lambda seat: seat == 1)  # Bo's line alone
        assert [n.series for n in only_bo.notes] == [0] * sum(j.seat == 1 for j in flagged)


async def test_the_chart_adds_the_win_chances_only_with_a_review(game: Path, tmp_path: Path) -> None:
    bare = tmp_path / "bare"
    bare.mkdir()
    shutil.copy(game, bare / game.name)
    app = make_app(game.parent)
    async with app.run_test(size=(140, 40)) as pilot:
        for path, charts in ((game, 2), (bare / game.name, 1)):
            await pilot.app.push_screen(screen_for(path))
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, ScoreChartScreen)
            assert len(app.screen.query("LineChart")) == charts
            await pilot.press("escape", "escape")
            await pilot.pause()


async def test_a_move_as_good_as_the_searchs_has_nothing_better_to_try(game: Path) -> None:
    """A decision graded best whose move is not the search's own (it lost nothing, or
    the rollouts' noise) said "· f tries the better move", beside "as good as"; a costlier
    one still says it."""
    app = make_app(game.parent)
    async with app.run_test(size=(140, 40)) as pilot:
        await opener(game)(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.graded is not None
        judged = screen.graded.judged.values()
        even = next(j for j in judged if j.chosen != j.best and j.grade == "best")
        costly = next(j for j in judged if j.grade != "best")
        for decision, says in ((even, False), (costly, True)):
            screen.cursor.go(decision.ply)
            line = screen.graded.line(screen.cursor, screen.speaks_of, forkable=True)
            assert line is not None and ("f tries the better move" in line.plain) == says, line.plain


README = Path(__file__).parents[2] / "README.md"


def test_the_readme_quotes_the_line_at_a_mistake_as_the_replay_writes_it(game: Path) -> None:
    """The README's m/M row quoted the line of win chances the review had before it
    graded in points ("played … (win 41%); best was … (win 62%)", issue 52.13). Both
    lines, with what differs from decision to decision put alike (the moves as …, what
    the better one does as DOES, where the points lie as WHY, numbers as N), read the
    same."""
    row = next(line for line in README.read_text().splitlines() if line.startswith("| `m` / `M` |"))
    quoted = row.split('"')[1]
    why = quoted.rsplit(" (", 1)[1].split(")")[0]  # the last parentheses: where the points lie
    graded = Graded.kept(game, open_replay(game).log)
    assert graded is not None
    cursor = ReplayCursor(open_replay(game))

    def quotable(j: Judged) -> bool:
        """A flag sure of its grade (its interval in one band), with where its points lie
        and what the better move does (the README's example has all three)."""
        if j.grade not in MISTAKES or not j.why or spanned(j.loss, j.margin) != (j.grade,):
            return False
        cursor.go(j.ply)
        said = graded.line(cursor, lambda seat: True, forkable=True)
        return said is not None and "— it " in said.plain

    decision = min((j for j in graded.judged.values() if quotable(j)), key=lambda j: j.ply)
    cursor.go(decision.ply)
    line = graded.line(cursor, lambda seat: True, forkable=True)
    assert line is not None
    seen = cursor.shown((decision.seat,))[decision.seat]
    played, better = (mid_sentence(option(seen, CARDS, m)) for m in (decision.chosen, decision.best))
    first, weighed = line.plain.split("\nWeighed: ")  # issue 54: the candidates under it
    assert "and under it the moves weighed" in row and weighed == reviews.candidates_line(decision, seen, CARDS)
    written = first.replace(played, "…", 1).replace(better, "…", 1).replace(reviews.why_words(decision), "WHY")
    written = written.replace(cursor.names[decision.seat], "Ana")

    def alike(text: str) -> str:
        """What the better move does put as DOES (it differs from decision to decision),
        numbers as N."""
        does = text.split("better was … — it ", 1)[1].rsplit(" (", 1)[0]
        return re.sub(r"\d+(\.\d+)?", "N", text.replace(does, "DOES"))

    assert alike(quoted.replace(why, "WHY")) == alike(written)


async def test_f_at_a_costly_decision_offers_the_better_line_move_by_move(game: Path) -> None:
    """Issue 54: f at a decision the review found costly forks the game with that seat
    at the keyboard, and its table marks the review's better move, then each move of
    the line after it, one at a time (Enter plays it); after the line, the table says
    that what follows is the player's. The first decision with a line of more than one
    move is the one tried."""
    judged = first_line(game)
    line = (judged.best, *judged.line)
    app = make_app(game.parent)
    async with app.run_test(size=(140, 40)) as pilot:
        await opener(game)(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        replay.cursor.go(judged.ply)
        await pilot.press("f")
        await pilot.pause()
        fork = app.screen
        assert isinstance(fork, ForkDialog) and fork.line_for == judged.seat
        assert fork.chosen()[judged.seat].kind == "human"
        assert "marks the review's better move" in " ".join(str(s.render()) for s in fork.query(Static))
        await pilot.click("#play")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, PlayScreen) and table.line is not None
        for k, move in enumerate(line):
            assert table.session.state.to_act == judged.seat
            menu = table.query_one("#options", QuietOptionList)
            assert table.options[menu.highlighted or 0] == move
            assert (
                f"◀ line{KEEP}{k + 1}{KEEP}of{KEEP}{len(line)}"
                in menu.get_option_at_index(menu.highlighted or 0).prompt.plain
            )  # type: ignore[union-attr]
            assert "is marked · Enter plays it" in table.query_one("#keys", TextLines).text.plain
            await pilot.press("enter")
            await settle(pilot)
        played = [p.move for p in table.session.history]
        assert played[judged.ply :][: len(line)] == list(line)
        said = "The review's line ends here" in table.query_one("#keys", TextLines).text.plain
        # said where the seat acts on right after the line; not once the game has moved on
        assert said == (table.line.ended(played) and table.session.state.to_act == judged.seat)


async def test_a_hint_asked_at_a_mistake_takes_the_room_of_the_reviews_weighed_moves(game: Path) -> None:
    """h at a mistake: the hint weighs the review's three moves again, so the review's
    'Weighed:' line gives way to it. Before, at 140×40 the hint showed only "Hint: play
    take the 2 off red…" (at 80×24 nothing of it): now its pick, what the pick does and
    the next move it weighed show."""
    app = make_app(game.parent)
    async with app.run_test(size=(140, 40)) as pilot:
        await opener(game, "m", "h")(pilot)
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        said = screen.hints.line(screen.cursor, screen.speaks_of)
        assert said is not None
        pane = screen.query_one("#this-move")
        shown = " ".join(" ".join(pane.render_line(i).text for i in range(pane.size.height)).split())
        pick_and_next = " ".join(said.plain.split()).split(" points")[0]  # to the second move's loss
        assert pick_and_next in shown
        assert "Weighed:" not in shown and "better was" in shown  # the review's line stays
