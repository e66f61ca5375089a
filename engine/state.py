"""The game state. Mutable inside the engine, treated as a value outside it:
`apply` clones the state and changes only the clone, so a state that was handed out
never changes. Cards, bait colors, spaces and locations are small ints here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.cards import Cards
from engine.config import GameConfig, SeatConfig
from engine.phases import OVER, PRESENT, SILENT_CLEAR, SILENT_DRAWS, Phase

if TYPE_CHECKING:
    from engine.events import ScoreLine
    from engine.moves import Move

EMPTY: Final = -1  # a location zone or display slot with no card

# The turn's public bookkeeping: plain values (ints, strings, None) that a View carries
# under the same names (engine.view) and a sampled world copies back (engine.determinize).
BOOKKEEPING: Final = (
    "turn", "active", "ply", "phase", "step", "window", "action", "placed", "removed", "ports_left",
    "catch_zone", "end_trigger", "final_turns", "silent_draws_left", "contest", "present_seat", "short",
    "boxed_trophies", "tag", "rules", "refilling",
)  # fmt: skip


class Trophy:
    """A trophy tile a player holds. Never changed once made, so states share them."""

    __slots__ = ("kind", "points", "fish")

    def __init__(self, kind: str, points: int, fish: int = -1) -> None:
        self.kind = kind
        self.points = points
        self.fish = fish  # Mystery Weight: the fish that claimed it (revealed, R8.1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trophy) and (self.kind, self.points, self.fish) == (
            other.kind,
            other.points,
            other.fish,
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.points, self.fish))

    def __repr__(self) -> str:
        return f"Trophy({self.kind!r}, {self.points}, {self.fish})"


# Every field of a Player and of the State, declared once: the classes' __slots__, and
# what the tests walk (a class compiled by mypyc has no __slots__ attribute to read).
PLAYER_FIELDS: Final = (
    "seat", "silent", "hand", "board", "ma", "ma_caught", "fish", "tackle",
    "fresh", "trophies", "mystery_this_step", "presented",
)  # fmt: skip
STATE_FIELDS: Final = (
    "cards", "config", "rng", "bag", "clear_in_bag", "discard", "spaces", "locations",
    "decks", "short", "ma_deck", "display", "tackle_deck", "tackle_used", "mystery",
    "stacks", "boxed_trophies", "tag", "players", "seats", "turn", "active", "ply",
    "phase", "step", "window", "action", "action_color", "placed", "removed", "ports_left",
    "bait_queue", "emptied", "catch_zone", "end_trigger", "final_turns",
    "silent_draws_left", "contest", "present_seat", "rules", "refilling", "result", "_legal",
)  # fmt: skip


class Player:
    """One seat's pieces. `board[z][c]` counts bait of color c in zone z+3 (R1.9)."""

    __slots__ = PLAYER_FIELDS

    # seat has a default because clone() makes a Player with Player.__new__, which a class
    # compiled by mypyc answers by calling __init__ with no arguments
    def __init__(self, seat: int = 0, silent: bool = False) -> None:
        self.seat = seat
        self.silent = silent
        self.hand = 1  # the face of the angler token in hand (R2.7); 0 while placed
        self.board: list[list[int]] = [[0] * 6 for _ in range(4)]
        # Uncaught Master Angler cards: [card, filled slot flags...] (R4.6, R5.1).
        self.ma: list[list[int]] = []
        self.ma_caught: list[int] = []
        self.fish: list[int] = []
        self.tackle: list[int] = []
        self.fresh: list[int] = []  # drawn this step: usable from the next step (R6.1)
        self.trophies: list[Trophy] = []
        self.mystery_this_step = False  # R8.2
        self.presented: list[tuple[int, ...]] = [(), (), ()]  # per location (R10.1)

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.seat = self.seat
        p.silent = self.silent
        p.hand = self.hand
        p.board = [z[:] for z in self.board]
        p.ma = [m[:] for m in self.ma]
        p.ma_caught = self.ma_caught[:]
        p.fish = self.fish[:]
        p.tackle = self.tackle[:]
        p.fresh = self.fresh[:]
        p.trophies = self.trophies[:]  # Trophy objects are never changed once made
        p.mystery_this_step = self.mystery_this_step
        p.presented = self.presented[:]
        return p

    def zone_total(self, zone: int) -> int:
        return sum(self.board[zone - 3])

    def has_trophy(self, kind: str) -> bool:
        return any(t.kind == kind for t in self.trophies)


class State:
    """Everything on the table, plus which decision is pending."""

    __slots__ = STATE_FIELDS

    cards: Cards
    config: GameConfig
    rng: list[int]  # one SplitMix64 state per stream (engine.rng.STREAMS)
    bag: list[int]  # colored bait in the bag, per color
    clear_in_bag: bool  # R4.5: the clear bait is out of the bag only while drawn
    discard: list[int]  # per color
    spaces: list[int]  # angler token face per space (SPACES order), 0 = free
    locations: list[list[int]]  # card in zones 3–6 per location, EMPTY if none
    decks: list[list[int]]  # per location; the top card is the last
    short: int  # bit per location that could not be refilled to four (R9.1)
    ma_deck: list[int]
    display: list[int]  # four face-up Master Angler cards, EMPTY if none
    tackle_deck: list[int]
    tackle_used: list[int]
    mystery: list[int]  # Mystery Weight tiles; the face-up one is the last
    stacks: dict[str, list[int]]  # trophy stacks by kind; the top tile is the last
    boxed_trophies: int  # tiles left in the box at setup (R2.4)
    tag: str  # R2.2
    players: list[Player]
    seats: tuple[SeatConfig, ...]  # with the silent player appended in solo
    turn: int
    active: int  # whose turn it is
    ply: int  # moves applied so far
    phase: Phase  # the pending decision
    step: int  # 1 or 2 in a player's turn; 0 for the silent player and contests
    window: Phase  # PLACE, REMOVE or AFTER: the tackle window actions return to
    action: str | None  # "fish", "port" or "lure" while one is resolving
    action_color: int  # the color being removed (-1: none yet)
    placed: int  # space of the token placed in step 1
    removed: int  # face of the token removed in step 2
    ports_left: int
    bait_queue: list[int]  # zones to remove one bait each from, in order
    emptied: list[int]  # emptied zones whose catches are pending
    catch_zone: int  # the emptied zone whose catch is being resolved
    end_trigger: int  # seat whose turn triggered the end (R9.1), -1 if none
    final_turns: int  # R9.2 turns still to play
    silent_draws_left: int
    contest: int  # index into CONTEST_ORDER
    present_seat: int
    rules: int  # the log format whose rulings the game follows (engine.log_types)
    refilling: int  # the zone a refill stopped in at the clear bait (R12.5, solo), 0 if none
    result: tuple[ScoreLine, ...] | None
    _legal: list[Move] | None  # cache of legal_moves

    def clone(self) -> State:
        s = State.__new__(State)
        s.cards = self.cards
        s.config = self.config
        s.rng = self.rng[:]
        s.bag = self.bag[:]
        s.clear_in_bag = self.clear_in_bag
        s.discard = self.discard[:]
        s.spaces = self.spaces[:]
        s.locations = [z[:] for z in self.locations]
        s.decks = [d[:] for d in self.decks]
        s.short = self.short
        s.ma_deck = self.ma_deck[:]
        s.display = self.display[:]
        s.tackle_deck = self.tackle_deck[:]
        s.tackle_used = self.tackle_used[:]
        s.mystery = self.mystery[:]
        s.stacks = {k: v[:] for k, v in self.stacks.items()}
        s.boxed_trophies = self.boxed_trophies
        s.tag = self.tag
        s.players = [p.clone() for p in self.players]
        s.seats = self.seats
        s.turn = self.turn
        s.active = self.active
        s.ply = self.ply
        s.phase = self.phase
        s.step = self.step
        s.window = self.window
        s.action = self.action
        s.action_color = self.action_color
        s.placed = self.placed
        s.removed = self.removed
        s.ports_left = self.ports_left
        s.bait_queue = self.bait_queue[:]
        s.emptied = self.emptied[:]
        s.catch_zone = self.catch_zone
        s.end_trigger = self.end_trigger
        s.final_turns = self.final_turns
        s.silent_draws_left = self.silent_draws_left
        s.contest = self.contest
        s.present_seat = self.present_seat
        s.rules = self.rules
        s.refilling = self.refilling
        s.result = self.result
        s._legal = None
        return s

    @property
    def to_act(self) -> int:
        """The seat whose decision is pending (solo decisions are the human's, seat 0)."""
        if self.phase == PRESENT:
            return self.present_seat
        if self.phase in (SILENT_DRAWS, SILENT_CLEAR):
            return 0
        return self.active

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def player(self) -> Player:
        return self.players[self.active]
