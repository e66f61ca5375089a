"""Setting up a game (R2; R12.1 for solo) from a GameConfig and a seed."""

from __future__ import annotations

from engine import bait, turn
from engine.cards import Cards, load_cards
from engine.components import (
    BAIT_PER_COLOR,
    DISPLAY_SIZE,
    MYSTERY_WEIGHTS,
    SOLO_BAIT_PER_COLOR,
    STACKED_TROPHIES,
    START_SPACES,
    TACKLE,
    TOTAL_TROPHIES,
    stack_values,
)
from engine.config import GameConfig, SeatConfig
from engine.events import Event, TrophyTaken
from engine.log_types import FORMAT_VERSION
from engine.rng import STREAMS, Rng, stream_seed
from engine.state import Player, State, Trophy

SETUP, DECKS = 0, 1
SILENT_SEAT = SeatConfig("Silent player", "silent")


def new_game(config: GameConfig, cards: Cards | None = None) -> State:
    """The state before the first player's first decision (the config checked itself)."""
    return set_up(config, cards)[0]


def set_up(config: GameConfig, cards: Cards | None = None, rules: int = FORMAT_VERSION) -> tuple[State, list[Event]]:
    """`new_game`, and what setup did that the board does not keep: in solo, the bait
    drawn into the discard and the silent player's Small Species tile (R12.1). A log's
    header records these events, so nothing downstream re-derives them. `rules`: the
    log format whose rulings the game follows (a log's own, to replay it)."""
    cards = cards or load_cards()
    ev: list[Event] = []
    s = State.__new__(State)
    s.cards = cards
    s.config = config
    s.rng = [stream_seed(config.seed, name) for name in STREAMS]
    s.seats = config.seats + ((SILENT_SEAT,) if config.solo else ())
    s.players = [Player(i) for i in range(len(config.seats))]
    if config.solo:
        s.players.append(Player(1, silent=True))
    _deal_fish(s)
    _setup_board(s)
    _deal_trophies(s, ev)
    _deal_tackle(s)
    _fill_bag(s, ev)
    s.turn = 0
    s.ply = 0
    s.step = 1
    s.action = None
    s.action_color = -1
    s.placed = s.removed = -1
    s.ports_left = 0
    s.bait_queue = []
    s.emptied = []
    s.catch_zone = 0
    s.end_trigger = -1
    s.final_turns = 0
    s.silent_draws_left = 0
    s.contest = 0
    s.present_seat = -1
    s.rules = rules
    s.refilling = 0
    s.result = None
    s._legal = None
    turn.start_turn(s, 0, ev)  # R2.9 ruling: seat 0 starts (no events: seat 0 is never silent)
    return s, ev


def _shuffled(rng_index: int, s: State, items: list[int]) -> list[int]:
    rng = Rng(s.rng[rng_index])
    rng.shuffle(items)
    s.rng[rng_index] = rng.state
    return items


def _deal_fish(s: State) -> None:
    """R2.1 — shuffle each location's deck and deal zones 3, 4, 5, 6 (deck top = end)."""
    s.decks = [_shuffled(DECKS, s, list(ids)) for ids in s.cards.fish_by_location]
    s.locations = [[deck.pop() for _ in range(4)] for deck in s.decks]
    s.short = 0


def _setup_board(s: State) -> None:
    """R2.2 tag tile, R2.3 Master Angler display, R2.6 the three starting tokens."""
    rng = Rng(s.rng[SETUP])
    s.tag = s.cards.data.tag_colors[rng.below(len(s.cards.data.tag_colors))]
    s.rng[SETUP] = rng.state
    s.ma_deck = _shuffled(DECKS, s, list(range(len(s.cards.ma_kind))))
    s.display = [s.ma_deck.pop() for _ in range(DISPLAY_SIZE)]
    s.spaces = [0] * 7
    for space in START_SPACES:
        s.spaces[space] = 1


def _deal_trophies(s: State, ev: list[Event]) -> None:
    """R2.4 — stacks in descending order (top = end), minus the tiles for fewer players;
    R12.1 — solo is set up as for two, and the silent player takes the 5 Small Species."""
    values = stack_values(max(len(s.config.seats), 2))
    s.stacks = {kind: list(values) for kind in STACKED_TROPHIES}
    s.stacks["first_to_12"] = [2]
    s.stacks["three_identical"] = [2] * 4
    s.stacks["four_different"] = [2] * 4
    s.mystery = _shuffled(SETUP, s, list(MYSTERY_WEIGHTS))
    in_play = sum(len(v) for v in s.stacks.values()) + len(s.mystery)
    s.boxed_trophies = TOTAL_TROPHIES - in_play
    if s.config.solo:
        points = s.stacks["small_species"].pop()
        s.players[1].trophies.append(Trophy("small_species", points))
        ev.append(TrophyTaken(1, "small_species", points))


def _deal_tackle(s: State) -> None:
    """R2.5 — one face-down tackle token to each player."""
    s.tackle_deck = _shuffled(3, s, list(range(len(TACKLE))))
    s.tackle_used = []
    for p in s.players:
        if not p.silent:
            p.tackle.append(s.tackle_deck.pop())


def _fill_bag(s: State, ev: list[Event]) -> None:
    """R2.8 — colored bait in the bag, zones 3 and 4 filled, then the clear bait.
    R12.1 — solo: 9 of each color, and 7 drawn into the discard first."""
    per_color = SOLO_BAIT_PER_COLOR if s.config.solo else BAIT_PER_COLOR
    s.bag = [per_color] * 6
    s.discard = [0] * 6
    s.clear_in_bag = False
    if s.config.solo:
        bait.seed_discard(s, 7, ev)
    for p in s.players:
        if p.silent:
            p.hand = 0
            continue
        for zone in (3, 4):
            for _ in range(zone):
                color = bait.draw_from_bag(s)
                assert color is not None and color < 6
                p.board[zone - 3][color] += 1
    s.clear_in_bag = True
