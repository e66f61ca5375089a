"""The guided first game's script (issue 53.2): every chapter plays through, each step
naming exactly one of the options its position offers, and each chapter's position
shows what its words promise (asserted on the engine's state, not the text)."""

from __future__ import annotations

import re

import pytest

from cwtui.lang import _, use
from cwtui.learn.lesson import LEARNER, Chapter, Step, due, final_count, off_script, option_words, step_move
from cwtui.learn.lessons import CHAPTERS, FIRST_GAME, SOLO
from engine import apply
from engine.components import COLOR_INDEX
from engine.events import FishCaught, TackleDrawn, TrophyTaken
from engine.legal import legal_moves
from engine.state import State
from engine.view import view


def play(chapter: Chapter) -> tuple[State, list[object]]:
    state = start = chapter.position()
    events: list[object] = []
    while (step := due(chapter, start, state)) is not None:
        state, happened = apply(state, step_move(step, state))
        events.extend(happened)
    return state, events


@pytest.mark.parametrize("chapter", CHAPTERS + SOLO.chapters, ids=[c.title for c in CHAPTERS + SOLO.chapters])
def test_every_step_names_one_option(chapter: Chapter) -> None:
    state, _events = play(chapter)
    assert state.ply - chapter.position().ply == len(chapter.steps)


def test_the_chapters_show_what_they_say() -> None:
    turn, catching, port, tackle, more_tackle, trophies, the_end = CHAPTERS
    # a turn: the blue 1 takes a blue from zones 3, 4 and 6; the yellow 2 every yellow
    before = view(turn.position(), LEARNER).seats[LEARNER].board
    state, _ = play(turn)
    me = view(state, LEARNER).seats[LEARNER]
    blue, yellow = COLOR_INDEX["blue"], COLOR_INDEX["yellow"]
    assert [z[blue] for z in before] == [1, 1, 0, 1] and sum(z[yellow] for z in before) == 3
    assert all(z[blue] == 0 and z[yellow] == 0 for z in me.board)
    assert state.to_act != LEARNER and me.hand == 1  # the 2 kept, flipped
    # catching: the Perch from the Lake's zone 3, then the Pike from its zone 4
    state, events = play(catching)
    names = state.cards.species_names
    caught = [
        (names[state.cards.fish_species[e.card]], e.location, e.zone) for e in events if isinstance(e, FishCaught)
    ]
    assert caught == [("Perch", "lake", 3), ("Pike", "lake", 4)]
    # the Port: Ray #24 taken, its blue slot filled, and zone 3's emptying still a catch
    state, events = play(port)
    (ray,) = view(state, LEARNER).seats[LEARNER].master_anglers
    assert ray.card == 24 and ray.filled == (True, False, False)
    assert sum(isinstance(e, FishCaught) for e in events) == 1
    # tackle: zone 5's emptying draws the Rod, which takes zone 3's catch to the Lake
    state, events = play(tackle)
    assert [e.kind for e in events if isinstance(e, TackleDrawn)] == ["rod"]
    assert [(e.location, e.zone, e.how) for e in events if isinstance(e, FishCaught)][-1] == ("lake", 3, "rod")
    # more tackle: the Lure's catch at the Lake, then the River deck's Roach for zone 6;
    # the Reel leaves zone 4 a single red bait, and the turn ends with no tackle left
    state, events = play(more_tackle)
    catches = [(e.location, e.zone, e.how) for e in events if isinstance(e, FishCaught)]
    assert catches == [("lake", 3, "bait"), ("river", 6, "deck_top")]
    me = view(state, LEARNER).seats[LEARNER]
    assert me.tackle == () and state.to_act != LEARNER
    assert me.board[4 - 3] == tuple(1 if c == COLOR_INDEX["red"] else 0 for c in range(6))
    # trophies: the 4 lb Perch claims the Mystery Weight and completes the small species
    state, events = play(trophies)
    assert [e.trophy for e in events if isinstance(e, TrophyTaken)] == ["mystery_weight", "small_species"]
    # the end: the contests held, the game over, and the count says who won
    state, _ = play(the_end)
    assert state.over and state.result is not None
    count = final_count(state)
    assert count.endswith("Ana wins the Coldwater Crown.") and "Ana: Shore contest 5 + " in count
    assert [line.total for line in sorted(state.result, key=lambda line: line.seat)] == [16, 9]


def test_a_step_that_names_no_option_is_a_fault_of_the_lesson() -> None:
    from cwtui.learn.lesson import LessonError

    state = CHAPTERS[0].position()
    with pytest.raises(LessonError, match="names 0 of the options"):
        step_move(Step("Place your 2 on green"), state)
    with pytest.raises(LessonError, match="names 4 of the options"):
        step_move(Step("Place your 1"), state)


def test_an_off_script_choice_is_explained() -> None:
    assert off_script("3") == "That move is allowed, but the lesson asks for 3 here."


def test_the_lesson_ends_with_a_first_game() -> None:
    assert "first game against the easy bot" in FIRST_GAME.end


def test_the_silent_player_draws_what_the_lesson_rigged() -> None:
    """The solo chapter: after your turn, the silent player draws red, then yellow (R12.2),
    each moving a token and fishing (R12.3, R12.4)."""
    from engine.events import SilentDrew

    (chapter,) = SOLO.chapters
    state, events = play(chapter)
    assert [e.color for e in events if isinstance(e, SilentDrew)] == ["red", "yellow"]
    assert state.to_act == LEARNER and state.config.seats[0].kind == "human"


QUOTES = {"en": r"“([^”]+)”", "fr": r"«\s*([^»]+?)\s*»", "ja": r"「([^」]+)」"}


@pytest.mark.parametrize("code", sorted(QUOTES))
def test_a_step_quotes_the_options_as_the_table_words_them(code: str) -> None:
    """A step's words, in each language, quote an option (“Place your 1 on blue”) only as
    the table offers it in that language: a translation that quotes « Placez votre 1 »
    where the table says « Placer votre jeton 1 » would send a newcomer looking for it."""
    use(code)
    quoted = 0
    for chapter in CHAPTERS + SOLO.chapters:
        state = start = chapter.position()
        while (step := due(chapter, start, state)) is not None:
            offered = [option_words(state, m) for m in legal_moves(state)]
            for quote in re.findall(QUOTES[code], _(step.say)):
                quoted += 1
                assert any(words.startswith(quote) for words in offered), (chapter.title, quote, offered)
            state, _events = apply(state, step_move(step, state))
    assert quoted >= 1  # the first chapter's first step quotes its option
