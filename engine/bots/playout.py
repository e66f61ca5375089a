"""The playout policy of search: quick, plausible moves in a sampled world.

A playout runs in a world where everything is dealt (engine.determinize), so it may look
at any card. Uniform play wastes a playout: a Lure or a Reel has dozens of variants, so a
uniform pick spends tackle most of the time, and it would discard bait a Master Angler
card wants or present nothing at a contest. The policy plays what nearly any player
would, and picks uniformly where judgement is needed (which space, which zone first).
"""

from __future__ import annotations

from engine.components import LOCATION_INDEX
from engine.contests import heaviest
from engine.game import apply_in_place
from engine.legal import legal_moves
from engine.moves import Catch, Move, PlayLure, PlayReel, Present, Refill, TakeMasterAngler
from engine.phases import BAIT, CATCH, PORT, PRESENT
from engine.rng import Rng, numbered
from engine.state import State

TACKLE_ODDS = 8  # one decision in this many may play a Lure or a Reel, where one is legal


def play_out(s: State, rng: Rng) -> None:
    """The game played to its end by this policy."""
    while not s.over:
        apply_in_place(s, playout_move(s, legal_moves(s), rng))


# Decisions a turn may hold, at most, for the dice's numbering (`play_turns`): a turn's
# placements, removals, catches, Port and tackle, with room to spare.
TURN_DECISIONS = 1 << 12


def play_turns(s: State, seed: int, turns: int) -> None:
    """The game played on by this policy until `turns` more turns have begun, or to its
    end (a review's rollouts, engine.bots.judge, which evaluate where they stop).

    Each decision's dice are the stream of `seed` numbered by the decision's place — its
    turn and how many decisions into that turn — not the next numbers of one stream: two
    moves rolled out on one seed then make the same random choices wherever their games
    meet the same choice, however many numbers the decisions before drew (a catch draws
    one a fish it weighs), so their rollouts differ by what the moves did, not by dice
    that slid apart (common random numbers). Drawn from one stream, the paired margin of
    a loss was a quarter wider (docs/bot-strength.md)."""
    stop = s.turn + turns
    turn, k = s.turn, 0
    while not s.over and s.turn < stop:
        if s.turn != turn:
            turn, k = s.turn, 0
        dice = numbered(seed, turn * TURN_DECISIONS + k)
        k += 1
        apply_in_place(s, playout_move(s, legal_moves(s), dice))


def playout_move(s: State, moves: list[Move], rng: Rng) -> Move:
    if len(moves) == 1:
        return moves[0]
    phase = s.phase
    if phase == BAIT:
        return moves[1 + rng.below(len(moves) - 1)]  # onto a Master Angler card (R5.1)
    if phase == CATCH:
        return _best_catch(s, moves, rng)
    if phase == PORT:
        return _port(s, moves, rng)
    if phase == PRESENT:
        location = moves[0].location  # type: ignore[attr-defined]
        return Present(location, heaviest(s, s.players[s.present_seat], LOCATION_INDEX[location]))
    if rng.below(TACKLE_ODDS):
        plain = [m for m in moves if not isinstance(m, PlayLure | PlayReel)]
        if plain:
            moves = plain
    return moves[rng.below(len(moves))]


def _best_catch(s: State, moves: list[Move], rng: Rng) -> Move:
    """A new species first, then weight; tackle only when it buys a new species."""
    cards = s.cards
    have = {cards.fish_species[f] for f in s.player.fish}
    best, best_value = moves[0], -1.0
    for m in moves:
        if not isinstance(m, Catch):
            continue
        loc = LOCATION_INDEX[m.location]
        card = s.decks[loc][-1] if m.deck_top else s.locations[loc][m.zone - 3]
        value = cards.fish_weight[card] / 10 + (3.0 if cards.fish_species[card] not in have else 0.0)
        value -= 1.0 * (m.rod + m.line) + rng.below(100) / 1000
        if value > best_value:
            best, best_value = m, value
    return best


def _port(s: State, moves: list[Move], rng: Rng) -> Move:
    """Fill the emptiest zone, or now and then take a Master Angler card."""
    refills = [m for m in moves if isinstance(m, Refill)]
    takes = [m for m in moves if isinstance(m, TakeMasterAngler)]
    if takes and (not refills or rng.below(3) == 0):
        return takes[rng.below(len(takes))]
    board = s.player.board
    return max(refills, key=lambda m: (m.zone - sum(board[m.zone - 3]), m.zone))
