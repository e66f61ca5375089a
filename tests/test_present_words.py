"""A contest's options can be told apart (found by a whole game read as a player: the
River offered "Present Roach (2 lb), Rainbow Trout (5 lb): 7 lb" twice, one Roach
tagged pink and caught 13:00, the other orange and 18:21, and a tag is a point)."""

from __future__ import annotations

from cwtui.game import words
from engine import SeatConfig, apply
from engine.legal import legal_moves
from engine.scenario import Scenario
from engine.view import view

SEATS = (SeatConfig("Ana"), SeatConfig("Bo"))


def test_two_fish_alike_but_for_their_backs_are_told_apart() -> None:
    # the two 2 lb Roach (cards 21, orange 18:21, and 22, pink 13:00), presented at the River
    state = Scenario(seats=SEATS, seed=11).fish(0, [21, 22, "Salmon:8"]).fish(1, ["Pike:9"]).at_contests().build()
    while (
        state.phase != "present"
        or state.to_act != 0
        or "river" not in words.pending(view(state, 0), legal_moves(state)).casefold()
    ):
        state, _ = apply(state, legal_moves(state)[0])
    v = view(state, 0)
    labels = [words.option(v, state.cards, m) for m in legal_moves(state)]
    assert len(set(labels)) == len(labels), labels
    roach = [label for label in labels if "Roach" in label and "Salmon" not in label]
    assert sorted(roach) == sorted(
        [f"Present Roach (2{words.KEEP}lb, orange, 18:21): 2{words.KEEP}lb",
         f"Present Roach (2{words.KEEP}lb, pink, 13:00): 2{words.KEEP}lb, +1 tag point"]
    ), roach  # fmt: skip


def test_a_weight_never_breaks_from_its_unit() -> None:
    state = Scenario(seats=SEATS, seed=11).fish(0, ["Salmon:8", "Pike:9"]).at_contests().build()
    v = view(state, 0)
    for move in legal_moves(state):
        label = words.option(v, state.cards, move)
        assert " lb" not in label, label


def test_taking_a_master_angler_card_names_its_slots() -> None:
    """The Port's options named a card alone ('Take Char #13'): its slots, what a player
    weighs it by, were a pane away at 80x24 (found by two players reading whole games)."""
    state = Scenario(seats=SEATS, seed=11).display([24, 0, 12, 6]).tokens(hand={0: 1}).active(0).build()
    port = next(
        m
        for m in legal_moves(state)
        if words.option(view(state, 0), state.cards, m).startswith("Place your 1 on the Port")
    )
    state, _ = apply(state, port)
    labels = [words.option(view(state, 0), state.cards, m) for m in legal_moves(state)]
    assert f"Take Ray{words.KEEP}#24 (blue purple yellow)" in labels, labels
    assert f"Take Char{words.KEEP}#12 (red blue red)" in labels, labels


def test_a_contest_option_counts_its_tag_points() -> None:
    """A whole-game read: the contest's options said weights only, and which fish bore
    the tag tile's color (a point each, R11.1) was a pane away."""
    state = Scenario(seats=SEATS, seed=11).fish(0, [21, 22, "Salmon:8"]).fish(1, ["Pike:9"]).at_contests().build()
    while state.phase != "present" or state.to_act != 0 or "river" not in words.pending(view(state, 0)).casefold():
        state, _ = apply(state, legal_moves(state)[0])
    v = view(state, 0)
    for move in legal_moves(state):
        label = words.option(v, state.cards, move)
        tagged = sum(state.cards.fish_tag[f] == v.tag for f in getattr(move, "fish", ()))
        assert label.endswith(f", +{words.quantity(tagged, 'tag point')}") == (tagged > 0), label
    mine = v.seats[0].fish or ()
    assert any(state.cards.fish_tag[f] == v.tag for f in mine), "a tagged fish to show"


def test_a_turn_that_ends_by_itself_with_tackle_in_hand_says_why() -> None:
    """A newcomer holding a Lure and a Rod saw the turn end without choosing "End the
    turn" (lesson 5 says the turn waits while tackle is in hand): the table now says that
    the Lure or Reel had nothing to act on. Over seeded random games, said exactly when
    the seat's own move ended its turn, it held a Lure or a Reel, and the move was no End
    the turn (a Rod or a Line alone: nothing said, or it would follow every turn)."""
    from engine import GameConfig, legal_moves, new_game
    from engine.events import TurnEnded
    from engine.moves import EndTurn
    from engine.rng import Rng

    said = quiet = 0
    for seed in (1, 2, 3):
        state = new_game(GameConfig(seats=SEATS, seed=seed))
        rng = Rng(seed)
        while not state.over:
            moves = legal_moves(state)
            move = moves[rng.below(len(moves))]
            seat = state.to_act
            state, happened = apply(state, move)
            held = view(state, seat).seats[seat].tackle or ()
            ended = any(isinstance(e, TurnEnded) and e.seat == seat for e in happened)
            line = words.ended_by_itself(move, happened, seat, lambda held=held: held)
            if ended and {"lure", "reel"} & set(held) and not isinstance(move, EndTurn):
                assert line is not None and "Lure or Reel" in line
                said += 1
            else:
                assert line is None
                quiet += ended
    assert said and quiet
