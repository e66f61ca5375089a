"""The table read back from the screen during real games, checked against the engine:
every seat's bait and Master Angler slots, every shown score, your own fish's tags, the
header's round and step; and the marks of the last move."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_helpers import make_app
from rich.text import Text
from textual.screen import Screen

from cwtui.game.session import GameSession
from cwtui.game.words import KEEP
from cwtui.lang.glossary import glyph
from cwtui.screens.play.play import PlayScreen
from cwtui.widgets.hint_line import hint_line
from cwtui.widgets.table.board import Board
from cwtui.widgets.table.quiet import TextLines
from cwtui.widgets.table.seat import SeatPanel
from engine import GameConfig, SeatConfig, new_game
from engine.components import COLORS, ZONES
from engine.contests import score_line
from engine.state import State


def zone_text(state: State, seat: int, z: int) -> str:
    counts = state.players[seat].board[z - 3]
    return "".join(glyph(COLORS[c]) * n for c, n in enumerate(counts)) + "·" * (z - sum(counts))


def check_table(screen: PlayScreen, over: Screen[None] | None = None) -> int:
    """Compare every panel with the state (those of `over`, the seats shown over the
    table, if given); the number of facts checked."""
    state = screen.session.state
    cards = state.cards
    checked = 0
    for panel in (over or screen).query(SeatPanel):
        if not panel.strips or panel.collapsed or not panel.display:
            continue  # hidden (the compact layout) or collapsed to a line (the column is full)
        text = "\n".join(strip.text for strip in panel.strips).replace(KEEP, " ")  # what the panel draws
        seat, p = panel.seat, state.players[panel.seat]
        for z in ZONES:
            assert f"{z} {zone_text(state, seat, z)}" in text, (seat, z, text)
        for m in p.ma:
            card, filled = m[0], m[1:]
            slots = "".join(
                glyph(COLORS[c]) if f else glyph(COLORS[c]).lower()
                for c, f in zip(cards.ma_slots[card], filled, strict=True)
            )
            assert f"#{card} {slots} {sum(filled)}/{len(filled)}" in text
        trophies, masters, tags = score_line(state, p)
        shown = int(re.search(r"Score (\d+) VP", text).group(1))  # type: ignore[union-attr]
        # tags are counted once that contest is held; during play: trophies and Master Anglers
        assert shown in (trophies + masters, trophies + masters + tags)
        if panel.seat == screen.viewer:
            for f in p.fish:
                assert cards.fish_tag[f] in text and f"{cards.fish_weight[f]} lb" in text
        checked += 1
    board = screen.query_one("#board", Board)
    if board.display and board.strips:  # public at the table (R5.1): the discard, by color
        drawn = "\n".join(strip.text for strip in board.strips).replace(KEEP, " ")
        counts = " ".join(f"{glyph(color)}{n}" for color, n in zip(COLORS, state.discard, strict=True))
        assert f"Discard {counts}" in drawn, drawn
        checked += 1
    status = screen.query_one("#status", TextLines).drawn_text
    if not state.over and state.phase != "present":
        assert f"Round {(state.turn - 1) // len(state.players) + 1}" in status
        if state.step:
            assert f"Step {state.step}" in status
    return checked


@pytest.mark.slow
@pytest.mark.parametrize(("players", "size"), [(2, (120, 40)), (4, (120, 40)), (1, (80, 24)), (3, (200, 50))])
async def test_the_panels_show_what_the_engine_holds(replays: Path, players: int, size: tuple[int, int]) -> None:
    seats = (SeatConfig("Ana"), *(SeatConfig(f"Bot{i}", "random") for i in range(1, players)))
    session = GameSession.start(GameConfig(seats=seats, seed=40 + players), replays)
    app = make_app(replays)
    async with app.run_test(size=size) as pilot:
        screen = PlayScreen(session, app.settings)
        await app.push_screen(screen)
        await pilot.pause()
        checked = 0
        for i in range(120):  # Ana picks by the ply number; bots move at instant speed
            if session.state.over or app.screen is not screen:
                break
            if screen.options:
                if screen.has_class("-compact"):  # F4 your panel, F5 the others, in turn, over the table
                    await pilot.press("f4" if i % 2 else "f5")
                    await pilot.pause()
                    checked += check_table(screen, app.screen)
                    await pilot.press("escape")
                    await pilot.pause()
                checked += check_table(screen)
                screen.play_move(screen.options[session.state.ply % len(screen.options)])
            await pilot.pause(0.02)
        assert checked >= 40


async def open_duo(pilot, replays: Path) -> PlayScreen:  # type: ignore[no-untyped-def]
    """Ana (human) against a random bot, at the start."""
    session = GameSession.start(GameConfig(seats=(SeatConfig("Ana"), SeatConfig("Bo", "random")), seed=8), replays)
    screen = PlayScreen(session, pilot.app.settings)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    return screen


async def test_the_last_move_is_marked(replays: Path) -> None:
    """A placement marks the space it took and the zones it emptied of bait."""
    from engine.moves import PlaceAngler

    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_duo(pilot, replays)
        place = next(m for m in screen.options if isinstance(m, PlaceAngler) and m.space != "port")
        screen.play_move(place)
        await pilot.pause()
        board = screen.query_one("#board")
        marks = board.shown[1]  # type: ignore[attr-defined]
        assert f"space:{place.space}" in marks and any(m.startswith("zone:0:") for m in marks)


async def play_until_the_others_moved(pilot, screen: PlayScreen) -> None:  # type: ignore[no-untyped-def]
    """Ana plays until Bo has played a turn and it is Ana's again."""
    for _ in range(200):
        if screen.options:
            if any(p.seat == 1 for p in screen.session.history):
                return
            screen.play_move(screen.options[-1])
        await pilot.pause(0.02)
    raise AssertionError("Bo never played")


async def test_a_turn_starts_with_what_the_others_did(replays: Path) -> None:
    """At the start of your turn a line says what the other seats did since your last
    move, one run per seat."""
    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_duo(pilot, replays)
        assert screen.query_one("#since", TextLines).drawn_text.strip() == ""  # nobody moved yet
        await play_until_the_others_moved(pilot, screen)
        since = screen.query_one("#since", TextLines).drawn_text.replace("\n", " ")
        # after what the seat's own last move told it, if anything (SeatedScreen.news)
        assert "Since your last turn: Bo: " in since and " · Bo: " not in since


async def test_at_80x24_what_the_others_did_takes_two_lines(replays: Path) -> None:
    """The compact layout gives the since strip two lines, as the full layout does (a
    turn seldom narrates in one): the prompt takes a row the board left empty, and the
    board still shows whole above it."""
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_duo(pilot, replays)
        await play_until_the_others_moved(pilot, screen)
        await pilot.pause()
        since = screen.query_one("#since", TextLines)
        assert "Since your last turn: Bo: " in since.drawn_text.replace("\n", " ")
        assert since.size.height == 2 and len(since.drawn_text.splitlines()) == 2
        board = screen.query_one("#board")
        assert board.region.bottom <= screen.query_one("#prompt").region.y
        assert board.size.height >= len(board.strips) == 8  # the spaces, the zones' heads, six rows: none cut


@pytest.mark.parametrize("width", [56, 76, 116])
def test_a_card_or_a_trophy_never_breaks_from_what_it_says(width: int) -> None:
    """Issue 52.9: the Master Angler display broke a card from its slots ("Ray #26" /
    "ybb"), and the trophies a contest from its value ("Shore" / "contest 5"): lines
    break only between them now, at any width."""
    from rich.console import Console

    from cwtui.game.words import TROPHY_NAMES
    from cwtui.widgets.table.board import display, trophies
    from cwtui.widgets.table.marks import NO_MARKS
    from engine.scenario import Scenario
    from engine.view import view

    state = Scenario(seats=(SeatConfig("Ana"), SeatConfig("Bo")), seed=11).trophy(0, "first_to_8_species").build()
    v = view(state, 0)

    def lines(text: object) -> list[str]:
        console = Console(width=width, record=True, color_system=None)
        console.print(text)
        return console.export_text().splitlines()

    shown = lines(display(v, state.cards, NO_MARKS, width))
    for card in v.display:
        name = f"{state.cards.ma_kind[card]} #{card} "
        (line,) = [line for line in shown if name in line]
        assert len(line.split(name)[1].split()[0]) == len(state.cards.ma_slots[card]), (name, shown)
    shown = lines(trophies(v, NO_MARKS, width))
    for kind, stack in v.stacks.items():
        name = TROPHY_NAMES[kind]
        assert any(f"{name} {stack[-1] if stack else 'gone'}" in line for line in shown), (name, shown)


def test_a_card_name_and_a_hints_points_never_break_from_themselves() -> None:
    """Issue 52.9: in the replay's move list and its "this move" box a card's name broke
    from its number ("Conger Eel" / "#7") and a hint's rate from its word ("(100%" /
    "win)"): Rich breaks lines at any white space, a no-break space among it. The
    widgets' wrapping (cwtui.widgets.wrap) breaks where Rich does, but never there (the
    hint now says points: "2.5 points"). Rich's own wrapping is what keeps them (its
    word pattern made to count KEEP as part of a word), so a Static's, an option's and a
    table cell's lines keep them too (French « ; » began a line of a lesson's note)."""
    from rich.console import Console

    import cwtui.widgets.wrap  # noqa: F401  (keeps KEEP in Rich's wrapping, as the App does)
    from cwtui.game import words
    from engine import load_cards

    cards = load_cards()
    conger = next(card for card in range(len(cards.ma_kind)) if cards.ma_kind[card] == "Conger Eel")
    name = words.master_angler_name(cards, conger)
    from engine.bots.judge import Weighed
    from engine.moves import EndTurn

    weighed = [Weighed(EndTurn(), 0.0, ()), Weighed(EndTurn(), 2.5, (("lake_contest", 2.0),), 0.6)]
    hint = hint_line(["1", "2", "3"], [*weighed, Weighed(EndTurn(), 0.2, (), 0.3)])
    console = Console(width=200)
    keep = words.KEEP
    french = Text(f"Vous jouez Ana{keep}; Bo pêche contre vous. Chaque tour a trois étapes. 1{keep}: placez")
    for text in (Text(f"C: 1 yellow bait from zone 3 to {name}; keeps a 2"), hint, french):
        for width in range(12, text.cell_len):
            lines = [line.plain.rstrip() for line in text.wrap(console, width)]  # Rich's own
            said = "".join("".join(lines).replace(words.KEEP, " ").split())
            assert said == "".join(text.plain.replace(words.KEEP, " ").split()), (width, lines)  # nothing lost
            if text is french:
                assert not any(line.startswith((";", ":")) for line in lines), (width, lines)
            if text is hint:  # a French read: « ± 0,5 » wrapped away from its number
                assert not any(line.startswith("±") for line in lines), (width, lines)
            for whole in (name, f"0.6{words.KEEP}points"):
                if whole in text.plain and width > len(whole) + 2:  # a line it fits on
                    assert any(whole in line for line in lines), (width, lines)


def test_japanese_breaks_between_characters_as_japanese_typesetting_does() -> None:
    """Japanese has no spaces: a sentence was one word to Rich, moved whole to the next
    line and cut there (the rules screen put "R1.1" alone on a line). Lines now break
    between characters, fill their width, and never start with 、。）」 or a small kana,
    nor end with （「 (kinsoku)."""
    from rich.console import Console

    from cwtui.widgets.wrap import _NO_END, _NO_START

    console = Console(width=200)
    text = Text(
        "R1.1 餌：青・赤・紫・黒・緑・黄の6色各16個と、透明の餌1個（計97個）。ソロでは各色9個と透明1個を使う"
        "（R12.1）。ルールブックに記述がないか不明確なところは、「裁定」が cwtui の扱いを述べます。ちょっと"
        "湖畔のコンテストと進行中のチャレンジ"
    )
    for width in range(12, 60):  # from the width of the longest word that may not break, "（R12.1）。"
        lines = [line.plain for line in text.wrap(console, width)]
        assert "".join(lines).replace(" ", "") == text.plain.replace(" ", ""), (width, lines)  # nothing lost
        for line in lines:
            assert Text(line).cell_len <= width, (width, lines)
            assert line.lstrip()[:1] not in _NO_START and line.rstrip()[-1:] not in _NO_END, (width, lines)
        for line in lines[:-1] if width >= 30 else ():  # wider than a word that may not break
            assert Text(line.rstrip()).cell_len >= width - 20, (width, lines)  # filled, not cut at a space
        assert not any(line.startswith(("畔", "ジ")) for line in lines), (width, lines)  # 湖畔, チャレンジ whole


def test_japanese_breaks_between_phrases() -> None:
    """Issue 68.6: breaking between any two characters split kanji from their okurigana
    (「釣/れ」「置/けます」「選んでく/ださい」) and began lines with 「す。」. Lines break
    between phrases (BudouX), and kinsoku still holds."""
    from rich.console import Console

    from cwtui.widgets.wrap import _NO_START

    console = Console(width=200)
    words = ("釣れます", "置けます", "選んでください", "書き出す", "観戦する")
    text = Text(
        "ゾーン3の魚が釣れます。釣り師コマを空いているマスに置けます。オプションを選んでください。記録を書き出す。ルームで観戦する。"
    )
    for width in range(16, 50):  # from the widest of `words`, 「選んでください。」
        lines = [line.plain.strip() for line in text.wrap(console, width)]
        assert "".join(lines) == text.plain, (width, lines)
        for line in lines:
            assert line[:1] not in _NO_START and not line.startswith("す"), (width, lines)
        for word in words:
            assert any(word in line for line in lines), (width, word, lines)  # whole on one line
    # a Japanese read: a toast began a line with を after 「（4 lb）」, a count 「5・3・」 / 「2」
    toast = Text("湖畔のゾーン3のシートラウト（4\u00a0lb）を釣りました。3人なら5・3・2、4人なら5・4・3・2です。")
    for width in range(16, 50):
        lines = [line.plain.strip() for line in toast.wrap(console, width)]
        assert not any(line.startswith(("を", "2")) for line in lines), (width, lines)


async def test_b_shows_the_scores_made_up_at_80x24(replays: Path) -> None:
    """At 80x24 no panel is on the table, so b changed nothing a player could see (a
    newcomer pressed it, and from the palette, to no effect): it shows every seat's
    panel over the table, each score made up item by item."""
    from cwtui.screens.seats.seats import SeatsScreen

    state = new_game(GameConfig(seats=(SeatConfig("Ana", "human"), SeatConfig("Bo", "greedy")), seed=5))
    app = make_app(replays)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(PlayScreen(GameSession.unlogged(state), app.settings))
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        await pilot.pause()
        seats = app.screen
        assert isinstance(seats, SeatsScreen)
        shown = [panel for panel in seats.query(SeatPanel)]
        assert {panel.seat for panel in shown} == {0, 1} and any(panel.strips for panel in shown)
        assert all("= trophies 0 + Master Anglers 0" in "\n".join(s.text for s in panel.strips) for panel in shown
                   if panel.strips)  # fmt: skip


async def test_the_silent_players_rule_code_opens_the_solo_rules(tmp_path: Path) -> None:
    """Issue 53.1: the silent player's panel title names its rules in words, then the
    code, and a click on the code opens the Rules screen at R12 (it read a bare "R12")."""
    from app_helpers import settle

    from cwtui.screens.rules.rules import RulesScreen

    app = make_app(tmp_path / "replays")
    async with app.run_test(size=(120, 40)) as pilot:
        session = GameSession.unlogged(new_game(GameConfig(seats=(SeatConfig("Ana"),), seed=3)))
        await app.push_screen(PlayScreen(session, app.settings))
        await settle(pilot)
        (panel,) = [p for p in app.screen.query(SeatPanel) if p.seat == 1]
        assert "Silent player · solo rules, R12" in Text.from_markup(str(panel.border_title)).plain
        top = panel.region  # the title is in the panel's top border
        linked = [x for x in range(top.x, top.right) if app.screen.get_style_at(x, top.y).meta.get("@click")]
        assert len(linked) == len("R12")
        await pilot.click(offset=(linked[0], top.y))
        await settle(pilot)
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.query_one("#section-R12").has_class("-found")


def test_a_line_of_parts_breaks_between_its_parts_in_every_language() -> None:
    """The decision's key line at 80 columns: French broke « u : » from « annuler », and
    Japanese 「u：戻」 from 「す」: a part is whole on its line, in each language. Issue
    68.10: with no word joiner in the text (a copied line carried them)."""
    from rich.console import Console

    from cwtui.widgets.wrap import parted

    console = Console(width=200)
    for line in (
        "19 options\u00a0: ↑↓ pour les autres · sa touche, Entrée ou un clic · h\u00a0: indice · u\u00a0: annuler",
        "選択肢17個：残りは ↑↓ で · 各選択肢のキー・Enter・クリック · h：ヒント · u：戻す",
    ):
        parts = line.split(" · ")
        for width in range(40, 90):
            lines = [x.plain.strip(" ·") for x in parted(Text(line), width, " · ").wrap(console, width)]
            assert all(part in " · ".join(lines).split(" · ") for part in parts), (width, lines)
            assert all(Text(x).cell_len <= width for x in lines) and "\u2060" not in "".join(lines)


def test_a_fishs_time_says_what_it_is() -> None:
    """Issue 67.2: "15:33 orange" on the panel read as when the fish was caught. The time
    explains itself (its tooltip, which cites the tie rule: F1, then r, opens it)."""
    from cwtui.widgets.table.seat import fish_card
    from engine import load_cards

    cards = load_cards()
    card = fish_card(cards, 0, "gold", False)
    time = cards.fish_time[0]
    start = card.plain.index(time)
    tips = {s.style.meta.get("tip") for s in card.spans if s.start <= start < s.end and not isinstance(s.style, str)}
    assert any(t and "earliest breaks a tie (R10.3)" in t for t in tips), tips


def test_another_seats_fish_break_between_fish_not_inside_a_species() -> None:
    """Issue 67 (a whole-game read): another seat's fish list wrapped as words, so a line
    ended "Rainbow" and the next began "Trout". It breaks between fish only, at every
    width a panel takes."""
    from rich.console import Console

    from cwtui.lang.glossary import species as species_name
    from cwtui.widgets.table.marks import NO_MARKS
    from cwtui.widgets.table.seat import fish
    from engine import apply, legal_moves
    from engine.rng import Rng
    from engine.view import view

    s = new_game(GameConfig(seats=(SeatConfig("Ana", "human"), SeatConfig("Bo", "human")), seed=5))
    rng = Rng(5)
    while len(s.players[1].fish) < 9:
        moves = legal_moves(s)
        s, _ = apply(s, moves[rng.below(len(moves))])
    v = view(s, 0)
    names = [species_name(n) for n in v.seats[1].species]
    assert any(" " in n for n in names), names  # a two-word species to keep whole
    for width in range(28, 61, 4):
        console = Console(width=width, color_system=None, legacy_windows=False)
        lines = ["".join(seg.text for seg in line) for line in console.render_lines(
            fish(v.seats[1], v, s.cards, False, NO_MARKS, width), console.options)]  # fmt: skip
        for name in names:
            assert any(name in line for line in lines), (width, name, lines)
