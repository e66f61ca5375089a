"""The results screen's contest tables: each presented fish whole on its line."""

from __future__ import annotations

from pathlib import Path

from app_helpers import make_app, settle
from rich.console import Console
from textual.containers import VerticalScroll
from textual.widgets import Static

from cwtui.game.words import KEEP, pounds
from cwtui.navigation import ShowResults
from cwtui.screens.play.play import PlayScreen
from cwtui.screens.results.results import ResultsScreen
from engine import SeatConfig, apply, legal_moves
from engine.scenario import Scenario
from engine.state import State

SHORE = 0


def to_the_end(state: State) -> State:
    """The contests played out, every seat presenting as many fish as it may."""
    while not state.over:
        state, _ = apply(state, max(legal_moves(state), key=lambda m: len(m.fish)))
    return state


def shore_tie() -> State:
    """A game over with a tie on 6 lb at the Shore contest (no tag points)."""
    seats = (SeatConfig("Laurence"), SeatConfig("Nils"))
    sc = Scenario(seats=seats, seed=11, tag_points=False)
    return to_the_end(sc.fish(0, ["Mackerel:6"]).fish(1, ["John Dory:6"]).at_contests().build())


def test_a_presented_fish_is_never_split_across_lines() -> None:
    """At 80 columns four Shore fish filled more than a line, and one broke between its
    weight and its time ("John Dory 6 lb" / "(17:00)", seen at the end of an online game)."""
    seats = (SeatConfig("Laurence"), SeatConfig("Nils"))
    sc = Scenario(seats=seats, seed=11).fish(0, ["Mackerel:8", "Wrasse:3", "Flounder:4", "John Dory:6"])
    state = sc.fish(1, ["John Dory:9"]).at_contests().build()
    state = to_the_end(state)  # everyone presents every species they hold
    shown = ShowResults.of(state, ["Laurence", "Nils"], None, watching=False)
    screen = ResultsScreen(shown.final, shown.scores, shown.cards, shown.names, None)
    console = Console(width=80, record=True, color_system=None)
    console.print(screen.contest_table(SHORE))
    lines = console.export_text().splitlines()
    for entry in (f"Mackerel {pounds(8)}", f"Wrasse {pounds(3)}", f"Flounder {pounds(4)}", f"John Dory {pounds(6)}"):
        line = next(line for line in lines if entry in line)
        assert "(" in line.split(entry)[1], f"{entry}: its time is not on its line"


def sheet_text(screen: ResultsScreen, width: int = 100) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(screen.score_sheet())
    for note in screen.ties():
        console.print(note)
    return console.export_text()


def test_the_score_sheet_gives_each_item_per_seat() -> None:
    """Issue 35.9: the results gave totals only; the sheet has each trophy and contest,
    the Master Anglers caught by kind, the tags, per seat, in rank order, adding up."""
    seats = (SeatConfig("Laurence"), SeatConfig("Nils"))
    sc = Scenario(seats=seats, seed=11).fish(0, ["Pike:9", "Perch:2", "Wrasse:4", "Salmon:7"])
    sc.fish(1, ["Pike:12", "Mackerel:6", "Roach:1"]).master_anglers_caught(1, [3, 4])
    state = sc.trophy(0, "first_to_8_species").at_contests().build()
    while not state.over:
        weight = state.cards.fish_weight
        state, _ = apply(state, max(legal_moves(state), key=lambda m: sum(weight[f] for f in m.fish)))
    shown = ShowResults.of(state, ["Laurence", "Nils"], None, watching=False)
    screen = ResultsScreen(shown.final, shown.scores, shown.cards, shown.names, None, config=shown.config)
    text = sheet_text(screen)
    assert "First to 8 Species" in text and "Lake contest" in text and "Master Anglers caught" in text
    assert "Crab ×2" in text or any(state.cards.ma_kind[3] in line for line in text.splitlines())
    total_row = next(line for line in text.splitlines() if line.strip().startswith("Total"))
    ranked = sorted(shown.scores, key=lambda line: line.rank)
    assert [int(n) for n in total_row.split()[1:]] == [line.total for line in ranked]
    for line in ranked:  # every seat's items add up to its total
        assert line.trophies + line.master_anglers + line.tags == line.total


def test_four_seats_master_anglers_fit_at_80_columns() -> None:
    """Seen at the end of a 4-player game at 80×24: a seat's Master Anglers by kind,
    "Crab, Char ×2, Conger Eel, Dogfish, Ray", wrapped in its narrow column with
    "Dogfish," cut to "Dogfis…". A kind a line: every kind's name whole."""
    seats = tuple(SeatConfig(name) for name in ("Ana", "Bo", "Cy", "Di"))
    sc = Scenario(seats=seats, seed=11)
    sc.master_anglers_caught(0, [0, 12, 13, 6, 18, 24]).master_anglers_caught(1, [19, 20, 7, 25, 14])
    sc.master_anglers_caught(2, [1, 8, 21]).master_anglers_caught(3, [26, 22, 2])
    state = sc.trophy(1, "four_different").at_contests().build()  # the sheet's longest label
    while not state.over:
        state, _ = apply(state, legal_moves(state)[0])
    shown = ShowResults.of(state, ["Ana", "Bo", "Cy", "Di"], None, watching=False)
    screen = ResultsScreen(shown.final, shown.scores, shown.cards, shown.names, None, config=shown.config)
    text = sheet_text(screen, width=76).replace("\u00a0", " ")  # the sheet's room on an 80-column screen
    assert "…" not in text, text
    for kind in ("Crab", "Char ×2", "Dogfish", "Ray"):
        assert kind in text, (kind, text)


def test_a_tie_says_what_broke_it() -> None:
    """R11.3: equal totals are ranked by the earliest presented fish; the sheet says so."""
    seats = (SeatConfig("Laurence"), SeatConfig("Nils"))
    state = (
        Scenario(seats=seats, seed=11, tag_points=False).fish(0, ["Pike:9"]).fish(1, ["Pike:8"]).at_contests().build()
    )
    state = to_the_end(state)
    shown = ShowResults.of(state, ["Laurence", "Nils"], None, watching=False)
    if len({line.total for line in shown.scores}) == 1:
        screen = ResultsScreen(shown.final, shown.scores, shown.cards, shown.names, None)
        assert "tie on" in sheet_text(screen) and "R11.3" in sheet_text(screen)
    else:  # the Lake trophy split them: make the tie by hand
        from engine.events import ScoreLine

        tied = tuple(ScoreLine(line.seat, 5, 0, 0, 5, line.rank) for line in shown.scores)
        screen = ResultsScreen(shown.final, tied, shown.cards, shown.names, None)
        text = " ".join(sheet_text(screen).split())
        assert "Laurence and Nils tie on 5" in text or "Nils and Laurence tie on 5" in text
        assert "earliest presented fish ranks first (R11.3)" in text


def test_a_seat_that_resigned_ranks_last_whatever_its_points() -> None:
    """Issue 51.2: an online game's results named the seat with the most points the
    winner though its player had resigned (a bot played on for it), while the ratings
    of the same game ranked it last."""
    seats = tuple(SeatConfig(name) for name in ("Ana", "Bo", "Cy"))
    state = Scenario(seats=seats, seed=11).fish(1, ["Pike:9", "Salmon:7"]).at_contests().build()
    state = to_the_end(state)
    shown = ShowResults.of(state, ["Ana", "Bo", "Cy"], None, watching=False)
    on_points = sorted(shown.scores, key=lambda line: line.rank)
    top, second = on_points[0].seat, on_points[1].seat
    screen = ResultsScreen(shown.final, shown.scores, shown.cards, shown.names, None, resigned=(top,))
    assert screen.headline() == f"{shown.names[second]} wins the Coldwater Crown!"
    text = " ".join(sheet_text(screen).split())
    rank_row = next(line for line in sheet_text(screen).splitlines() if line.strip().startswith("Rank"))
    assert rank_row.split()[1:] == ["1st", "2nd", "3rd"]  # the columns in the standing's order
    assert "resigned" in text
    assert [note.plain for note in screen.resignations()] == [
        f"{shown.names[top]} resigned: a bot played on for the seat, which ranks last whatever its points "
        "(1st on points)."
    ]
    header = next(line for line in sheet_text(screen).splitlines() if shown.names[top] in line)
    assert header.split()[-1] == shown.names[top]  # its column last
    everyone = ResultsScreen(shown.final, shown.scores, shown.cards, shown.names, None, resigned=(0, 1, 2))
    assert everyone.headline() == "Every player resigned: nobody wins the Coldwater Crown."


async def test_r_plays_a_rematch_on_the_next_seed(tmp_path: Path) -> None:
    """Issue 35.9: a rematch key — the same seats and set-up, the next seed."""
    seats = (SeatConfig("Laurence"), SeatConfig("Nils", "greedy"))
    state = Scenario(seats=seats, seed=11).fish(0, ["Pike:9"]).at_contests().build()
    state = to_the_end(state)
    app = make_app(tmp_path / "replays")
    async with app.run_test(size=(120, 40)) as pilot:
        app.post_message(ShowResults.of(state, ["Laurence", "Nils"], None, watching=False))
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, PlayScreen)
        config = app.screen.session.config
        assert config.seats == seats and config.seed == 12 and config.tag_points == state.config.tag_points


async def test_q_on_the_results_goes_home_as_everywhere(tmp_path: Path) -> None:
    """Issue 52.3: q on the results quit the whole app without asking ("esc Home q
    Quit"), where everywhere else q goes back a screen (Ctrl+Q quits)."""
    seats = (SeatConfig("Laurence"), SeatConfig("Nils", "greedy"))
    state = Scenario(seats=seats, seed=11).fish(0, ["Pike:9"]).at_contests().build()
    state = to_the_end(state)
    app = make_app(tmp_path / "replays")
    async with app.run_test(size=(120, 40)) as pilot:
        app.post_message(ShowResults.of(state, ["Laurence", "Nils"], None, watching=False))
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("q")
        await settle(pilot)
        assert app.is_running and not isinstance(app.screen, ResultsScreen)  # back a screen


async def test_h_on_the_results_is_no_hidden_way_home(tmp_path: Path) -> None:
    """Issue 67, a whole-game read: h (the table's hint) on the results went home
    unlisted, and a second h there opened the History, where the next typed into its SQL
    editor. The results take q and Esc home, as the footer says, and h does nothing."""
    seats = (SeatConfig("Laurence"), SeatConfig("Nils", "greedy"))
    state = to_the_end(Scenario(seats=seats, seed=11).fish(0, ["Pike:9"]).at_contests().build())
    app = make_app(tmp_path / "replays")
    async with app.run_test(size=(120, 40)) as pilot:
        app.post_message(ShowResults.of(state, ["Laurence", "Nils"], None, watching=False))
        await settle(pilot)
        await pilot.press("h", "h")
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)


def test_a_contest_tie_says_what_broke_it() -> None:
    """Issue 52.5: "Ana … 19 lb 5 VP" / "Silent player … 19 lb 3 VP" stood on the score
    sheet with no line saying why one took the better trophy (R10.3: the earliest
    presented fish). The contest's rows are in its order, and a line says why."""
    from engine.contests import first_time

    state = shore_tie()
    shown = ShowResults.of(state, ["Laurence", "Nils"], None, watching=False)
    screen = ResultsScreen(shown.final, shown.scores, shown.cards, shown.names, None)
    times = {p.seat: first_time(shown.cards, p.presented[SHORE]) for p in shown.final.seats}
    first, second = sorted((0, 1), key=lambda seat: times[seat])
    (note,) = screen.contest_ties(SHORE)
    assert note.plain == (
        f"{shown.names[first]} and {shown.names[second]} tie on 6{KEEP}lb at the Shore: the earliest presented fish "
        f"ranks first (R10.3): {shown.names[first]} {times[first]}, {shown.names[second]} {times[second]}."
    )
    console = Console(width=100, record=True, color_system=None)
    console.print(screen.contest_table(SHORE))
    rows = [line for line in console.export_text().splitlines() if pounds(6) in line and " VP" in line]
    assert [row.split()[0] for row in rows] == [shown.names[first], shown.names[second]]  # the winner first
    assert screen.contest_ties(1) == [] and screen.contest_ties(2) == []  # the River and the Lake: nobody tied


async def test_a_tie_line_opens_the_rule_it_cites(tmp_path: Path) -> None:
    """Issue 53.1: the rule a score-sheet line cites opens on a click, at that rule."""
    from cwtui.screens.rules.rules import RulesScreen

    state = shore_tie()
    app = make_app(tmp_path / "replays")
    async with app.run_test(size=(120, 40)) as pilot:
        app.post_message(ShowResults.of(state, ["Laurence", "Nils"], None, watching=False))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ResultsScreen)
        (line,) = (w for w in screen.query(Static) if "(R10.3)" in str(w.render()))
        screen.query_one(VerticalScroll).scroll_to_widget(line, animate=False)
        await pilot.pause()
        await pilot.click(line, offset=(str(line.render()).index("R10.3") + 1, 0))
        await settle(pilot)
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.query_one("#rule-R10-3").has_class("-found")


def test_the_contests_read_in_the_order_they_are_held_and_their_columns_line_up() -> None:
    """The contests were held Shore, Lake, River (R10, the French rulebook) and their
    tables listed so, but the score sheet said Shore, River, Lake; and each table sized
    its own columns, so the fish and weights stood at other columns in each."""
    seats = (SeatConfig("Laurence"), SeatConfig("Nils"))
    sc = Scenario(seats=seats, seed=11).fish(0, ["Pike:12", "Perch:4", "Wrasse:4", "Salmon:7", "Mackerel:8"])
    state = to_the_end(sc.fish(1, ["Pike:9", "Mackerel:6"]).at_contests().build())
    shown = ShowResults.of(state, ["Laurence", "Nils"], None, watching=False)
    screen = ResultsScreen(shown.final, shown.scores, shown.cards, shown.names, None)
    sheet = sheet_text(screen)
    assert sheet.index("Shore contest") < sheet.index("Lake contest") < sheet.index("River contest")
    columns = set()
    for loc in range(3):
        console = Console(width=100, record=True, color_system=None)
        console.print(screen.contest_table(loc))
        head = next(line for line in console.export_text().splitlines() if "Presented fish" in line)
        columns.add(tuple(head.index(word) for word in ("Presented fish", "Weight", "Trophy")))
    assert len(columns) == 1, columns


def test_a_kinds_count_stays_beside_its_name_at_80_columns() -> None:
    """A whole-game read at 80×24: "Conger Eel ×2" broke in a 4-seat sheet's narrow
    column, its "×2" alone on the next line."""
    seats = tuple(SeatConfig(name) for name in ("Ana", "Bo", "Cy", "Di"))
    sc = Scenario(seats=seats, seed=11)
    sc.master_anglers_caught(0, [6, 7, 12, 13]).master_anglers_caught(1, [8, 9, 18, 19])
    sc.master_anglers_caught(2, [10, 11, 0, 1]).master_anglers_caught(3, [24, 25, 2, 3])
    state = sc.trophy(1, "four_different").at_contests().build()
    while not state.over:
        state, _ = apply(state, legal_moves(state)[0])
    shown = ShowResults.of(state, ["Ana", "Bo", "Cy", "Di"], None, watching=False)
    screen = ResultsScreen(shown.final, shown.scores, shown.cards, shown.names, None, config=shown.config)
    lines = sheet_text(screen, width=76).splitlines()
    said = "\n".join(lines).replace("\u00a0", " ")  # a cell's KEEP, as it is drawn
    assert not any(line.strip().startswith("×") for line in lines), said
    assert said.count("Eel ×2") == 3 and said.count("Dogfish ×2") == 1, said
