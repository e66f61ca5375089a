"""What a hint says a move does (issue 53.3): over hundreds of positions from seeded
games of 2 to 4 players, every fact `reasons.facts` states is true of the move played
in the real position (asserted from the engine's state and events there, which hold
what the seat never saw), and every catch the move makes is said — its species is
public."""

from __future__ import annotations

import pytest

from cwtui.game import reasons
from cwtui.lang import use
from engine import GameConfig, SeatConfig, apply, legal_moves, new_game
from engine.cards import Cards
from engine.components import COLOR_INDEX, LOCATION_OF_COLOR, LOCATIONS
from engine.events import BaitDrawn, BaitRemoved, FishCaught, TackleDrawn
from engine.rng import Rng
from engine.state import EMPTY, State
from engine.view import view


def positions(players: int, seed: int, every: int = 5):  # -> Iterator[(State, move)]
    seats = tuple(SeatConfig(f"P{i}") for i in range(players))
    state = new_game(GameConfig(seats=seats, seed=seed))
    rng = Rng(seed)
    while not state.over:
        moves = legal_moves(state)
        move = moves[rng.below(len(moves))]
        if state.ply % every == 0:
            yield state, move
        state, _ = apply(state, move)


@pytest.mark.parametrize(("players", "seed", "language"), [(2, 1, "en"), (3, 2, "en"), (4, 3, "en"), (2, 4, "fr")])
def test_every_fact_said_is_true_in_the_real_position(players: int, seed: int, language: str) -> None:
    """Each fact checked against the engine's state and events after the move in the
    real position (which holds what the seat could not see), never against the text —
    in French too: a fact holds the engine's names, whatever language says it (a
    translated species compared with the View's English one made every catch new)."""
    use(language)
    checked = 0
    for state, move in positions(players, seed):
        seen = view(state, state.to_act)
        me = state.to_act
        said = reasons.facts(seen, state.cards, move, seed=state.ply)
        after, happened = apply(state, move)
        happened += reasons.resolved(after, me)  # the action played on, as the facts are
        mine = [e for e in happened if getattr(e, "seat", None) == me]
        for fact in said:
            assert_true(fact, state, after, mine)
        for e in mine:
            if isinstance(e, FishCaught):  # every catch is said: its species is public
                assert any(isinstance(f, reasons.Catches) and f.zone == e.zone for f in said), (said, e)
        checked += 1
    assert checked >= 50  # four games: at least 200 positions in all


def species_of(cards: Cards, card: int) -> str:
    """A card's species as the engine names it (and the View, and the facts)."""
    return cards.species_names[cards.fish_species[card]]


def assert_true(fact: reasons.Fact, before: State, after: State, mine: list[object]) -> None:
    me, cards = before.to_act, before.cards
    p = after.players[me]
    if isinstance(fact, reasons.Catches):
        catches = [e for e in mine if isinstance(e, FishCaught)]
        k = next(i for i, e in enumerate(catches) if (e.location, e.zone) == (fact.location, fact.zone))
        assert species_of(cards, catches[k].card) == fact.species, fact
        # the species caught before it: the seat's, and this move's earlier catches
        had = {species_of(cards, f) for f in [*before.players[me].fish, *(e.card for e in catches[:k])]}
        assert (fact.species not in had) == bool(fact.new), fact
        assert not fact.new or fact.new == len(had) + 1, fact
        assert (cards.fish_species[catches[k].card] in cards.small_species) == fact.small
    elif isinstance(fact, reasons.TakesCard):
        assert fact.card in [m[0] for m in p.ma] + p.ma_caught, fact
    elif isinstance(fact, reasons.Completes):
        assert fact.card in p.ma_caught and fact.card not in before.players[me].ma_caught, fact
    elif isinstance(fact, reasons.Fills):
        onto = [e for e in mine if isinstance(e, BaitRemoved) and e.card == fact.card]
        assert len(onto) == fact.slots, fact
    elif isinstance(fact, reasons.DrawsTackle):
        assert any(isinstance(e, TackleDrawn) for e in mine), fact
    elif isinstance(fact, reasons.TakesTrophy):
        assert any(t.kind == fact.trophy and t.points == fact.points for t in p.trophies), fact
        assert fact.trophy not in reasons.BY_HIDDEN_WEIGHTS
    elif isinstance(fact, reasons.ReachesTwelve):  # R8.6: taken at the end of the turn this move reached 12 in
        assert len(before.players[me].fish) < 12 <= len(p.fish), fact
        assert before.stacks["first_to_12"] and before.stacks["first_to_12"][-1] == fact.points, fact
    elif isinstance(fact, reasons.Refills):
        assert any(isinstance(e, BaitDrawn) and e.zone == fact.zone for e in mine), fact
    elif isinstance(fact, reasons.Denies):  # the next seat's zone held one bait fishing that location
        nxt = before.players[(me + 1) % len(before.players)]
        assert before.seats[nxt.seat].name == fact.name and nxt.zone_total(fact.zone) == 1
        color = next(c for c, n in enumerate(nxt.board[fact.zone - 3]) if n)
        assert LOCATIONS[LOCATION_OF_COLOR[color]] == fact.location
        caught = [e for e in mine if isinstance(e, FishCaught) and (e.location, e.zone) == (fact.location, fact.zone)]
        assert caught and species_of(cards, caught[0].card) == fact.species
    else:
        assert isinstance(fact, reasons.Readies)
        zone = p.board[fact.zone - 3]
        assert sum(zone) == 1 and zone[COLOR_INDEX[fact.color]] == 1, fact
        assert sum(before.players[me].board[fact.zone - 3]) > 1, fact
        card = after.locations[LOCATION_OF_COLOR[COLOR_INDEX[fact.color]]][fact.zone - 3]
        assert fact.species == (None if card == EMPTY else species_of(cards, card)), fact


def test_first_to_12_is_said_of_the_move_reaching_12_not_of_the_one_ending_the_turn() -> None:
    """R8.6: the tile is taken at the end of the turn of a seat with 12 fish. The hint
    credited "takes the First to 12 Fish trophy" to every move that merely ended such a
    turn (a whole-game read: "Refill zone 3 … takes the First to 12 Fish trophy" beside
    "Refill zone 5 … takes the First to 12 Fish trophy"); it belongs to the catch that
    reached 12."""
    reached = ended = 0
    for players, seed in ((2, 1), (3, 2), (4, 3), (2, 4)):
        for state, move in positions(players, seed, every=1):
            me = state.to_act
            facts = reasons.facts(view(state, me), state.cards, move, seed=state.ply)
            twelve = [f for f in facts if isinstance(f, reasons.ReachesTwelve)]
            if len(state.players[me].fish) >= 12:  # already there: ending the turn is no reason
                ended += 1
                assert not twelve and not any(getattr(f, "trophy", "") == "first_to_12" for f in facts), facts
            elif twelve:
                reached += 1
    assert reached and ended, (reached, ended)


def test_the_facts_cover_setting_up_as_well_as_catching() -> None:
    """Over the same games, the hint's reasons include what a move sets up (a zone left
    one bait from a catch) and denies (a fish the next seat was one bait from), not only
    what it catches at once."""
    kinds = {
        type(fact).__name__
        for players, seed in ((2, 1), (3, 2), (4, 3), (2, 4))
        for state, move in positions(players, seed)
        for fact in reasons.facts(view(state, state.to_act), state.cards, move, seed=state.ply)
    }
    assert {"Catches", "Readies", "Denies", "Fills", "Refills"} <= kinds, kinds


def test_a_catch_of_a_new_species_is_counted_toward_first_to_8() -> None:
    from cwtui.learn.lessons import CHAPTERS

    catching = CHAPTERS[1]
    state = catching.position()
    move = next(m for m in legal_moves(state) if "red" in repr(m))
    said = reasons.effects(view(state, 0), state.cards, move)
    assert said == [
        "catches the Perch in Lake zone 3, a new species (1 of 8), a small one",
        "leaves one blue bait in zone 4: removing it catches the Pike in Lake zone 4",  # the chapter's next catch
    ]


def test_a_deck_top_catch_is_said_from_the_deck() -> None:
    """A newcomer's read: 'Take the River deck's top card, a Roach, instead' was explained
    as 'it catches the Roach in River zone 6' — where a Salmon lay. The deck's top card
    is said as what it is (R6.2)."""
    from cwtui.game.reasons import Catches, said
    from engine import load_cards

    cards = load_cards()
    assert said(cards, Catches("Roach", "river", 6, 3, True, deck_top=True)).startswith(
        "catches the Roach from the top of the River deck, a new species (3 of 8)"
    )
    assert said(cards, Catches("Salmon", "river", 6, 0, False)) == "catches the Salmon in River zone 6"
