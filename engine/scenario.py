"""Set up any position: for tests, the rulebook's worked examples and UI snapshots.

    s = (Scenario(players=3)
         .board(0, {3: "red purple", 5: "red", 6: "red"})
         .location("lake", {5: "Perch", 6: "Pike"})
         .tokens(port=0, red=2, black=2)
         .build())

Start from a real setup for the seed, then overwrite what the test names. Cards named
by species (optionally with a weight) are taken from wherever they were, and the
location decks and Master Angler deck are re-formed from what is left, so every card is
still somewhere exactly once. Bait not placed on boards, cards or the discard stays in
the bag unless the bag is given.
"""

from __future__ import annotations

from engine.cards import Cards, load_cards
from engine.components import COLOR_INDEX, LOCATION_INDEX, SPACE_INDEX, TACKLE
from engine.config import GameConfig, SeatConfig
from engine.setup import new_game
from engine.state import EMPTY, State, Trophy

Bait = str  # "red red blue": space-separated colors


def _colors(bait: Bait) -> list[int]:
    return [COLOR_INDEX[c] for c in bait.split()]


class Scenario:
    def __init__(
        self,
        players: int = 2,
        seed: int = 0,
        tag_points: bool = True,
        cards: Cards | None = None,
        seats: tuple[SeatConfig, ...] | None = None,
    ) -> None:
        """`seats` (names and kinds) overrides `players` human seats P0, P1, …"""
        seats = seats or tuple(SeatConfig(f"P{i}", "human") for i in range(players))
        self.cards = cards or load_cards()
        self.state = new_game(GameConfig(seats=seats, seed=seed, tag_points=tag_points), self.cards)
        self._bag_given = False
        self._used: set[int] = set()

    # cards ---------------------------------------------------------------------------
    def fish_card(self, species: str, weight: int | None = None) -> int:
        """A fish card of that species (and weight) not yet placed by this scenario."""
        c = self.cards
        for card, sp in enumerate(c.fish_species):
            if c.species_names[sp] != species or card in self._used:
                continue
            if weight is None or c.fish_weight[card] == weight:
                self._used.add(card)
                self._lift_fish(card)
                return card
        raise ValueError(f"no unused {species} card weighing {weight}")

    def _lift_fish(self, card: int) -> None:
        """Take a card from wherever it is; a location zone it leaves gets a card from
        the bottom of that location's deck that the scenario has not named."""
        s = self.state
        for loc, zones in enumerate(s.locations):
            if card in zones:
                spare = [c for c in s.decks[loc] if c not in self._used]
                zones[zones.index(card)] = spare[0] if spare else EMPTY
                if spare:
                    s.decks[loc].remove(spare[0])
        for deck in s.decks:
            if card in deck:
                deck.remove(card)
        for p in s.players:
            if card in p.fish:
                p.fish.remove(card)

    def _card(self, fish: int | str) -> int:
        if isinstance(fish, int):
            self._used.add(fish)
            self._lift_fish(fish)
            return fish
        species, _, weight = fish.partition(":")
        return self.fish_card(species, int(weight) if weight else None)

    def location(self, location: str, zones: dict[int, int | str | None]) -> Scenario:
        """Face-up fish: {zone: card id, "Species", "Species:weight" or None (empty)}."""
        loc = LOCATION_INDEX[location]
        for zone, fish in zones.items():
            self.state.locations[loc][zone - 3] = EMPTY if fish is None else self._card(fish)
        return self

    def deck(self, location: str, top_first: list[int | str], only: bool = False) -> Scenario:
        """Put these cards on top of a location's deck, top card first. only=True makes
        them the whole deck: the rest of it leaves the game."""
        loc = LOCATION_INDEX[location]
        cards = [self._card(f) for f in top_first]
        rest = [] if only else self.state.decks[loc]
        self.state.decks[loc] = rest + cards[::-1]
        return self

    def fish(self, seat: int, fish: list[int | str]) -> Scenario:
        """Fish the player has caught."""
        self.state.players[seat].fish = [self._card(f) for f in fish]
        return self

    # bait ----------------------------------------------------------------------------
    def board(self, seat: int, zones: dict[int, Bait]) -> Scenario:
        """Zone contents, e.g. {3: "red purple", 4: ""}; zones not named are left as dealt."""
        for zone, bait in zones.items():
            counts = [0] * 6
            for c in _colors(bait):
                counts[c] += 1
            self.state.players[seat].board[zone - 3] = counts
        return self

    def bag(self, bait: Bait, clear: bool = True) -> Scenario:
        counts = [0] * 6
        for c in _colors(bait):
            counts[c] += 1
        self.state.bag = counts
        self.state.clear_in_bag = clear
        self._bag_given = True
        return self

    def discard(self, bait: Bait) -> Scenario:
        counts = [0] * 6
        for c in _colors(bait):
            counts[c] += 1
        self.state.discard = counts
        return self

    # other pieces --------------------------------------------------------------------
    def tokens(self, hand: dict[int, int] | None = None, **spaces: int) -> Scenario:
        """Angler tokens on spaces by face, e.g. tokens(port=0, red=2); 0 = free.
        Spaces not named are freed. `hand` sets the face in a seat's hand."""
        self.state.spaces = [0] * 7
        for space, face in spaces.items():
            self.state.spaces[SPACE_INDEX[space]] = face
        for seat, face in (hand or {}).items():
            self.state.players[seat].hand = face
        return self

    def tackle(self, seat: int, kinds: list[str]) -> Scenario:
        """The tokens a player holds (usable now)."""
        s = self.state
        for p in s.players:
            if p.seat == seat:
                s.tackle_deck += p.tackle
                p.tackle, p.fresh = [], []
        held = []
        for kind in kinds:
            token = next(t for t in s.tackle_deck if TACKLE[t] == kind)
            s.tackle_deck.remove(token)
            held.append(token)
        s.players[seat].tackle = held
        return self

    def tackle_deck(self, top_first: list[str]) -> Scenario:
        """Reorder the tackle deck so these kinds are on top, in this order."""
        s = self.state
        picked = []
        for kind in top_first:
            token = next(t for t in s.tackle_deck if TACKLE[t] == kind and t not in picked)
            picked.append(token)
        rest = [t for t in s.tackle_deck if t not in picked]
        s.tackle_deck = rest + picked[::-1]
        return self

    def master_anglers(self, seat: int, cards: list[int], filled: dict[int, list[int]] | None = None) -> Scenario:
        """Uncaught Master Angler cards a player holds; `filled` marks slots by index."""
        s = self.state
        entries = []
        for card in cards:
            self._lift_master_angler(card)
            slots = [0] * len(self.cards.ma_slots[card])
            for i in (filled or {}).get(card, []):
                slots[i] = 1
            entries.append([card, *slots])
        s.players[seat].ma = entries
        return self

    def master_anglers_caught(self, seat: int, cards: list[int]) -> Scenario:
        for card in cards:
            self._lift_master_angler(card)
        self.state.players[seat].ma_caught = list(cards)
        return self

    def display(self, cards: list[int]) -> Scenario:
        s = self.state
        s.ma_deck += [c for c in s.display if c != EMPTY]
        for card in cards:
            self._lift_master_angler(card)
        s.display = list(cards) + [EMPTY] * (4 - len(cards))
        return self

    def _lift_master_angler(self, card: int) -> None:
        s = self.state
        if card in s.ma_deck:
            s.ma_deck.remove(card)
        if card in s.display:
            s.display[s.display.index(card)] = EMPTY
        for p in s.players:
            p.ma = [m for m in p.ma if m[0] != card]
            if card in p.ma_caught:
                p.ma_caught.remove(card)

    def mystery(self, top_first: list[int]) -> Scenario:
        self.state.mystery = list(top_first)[::-1]
        return self

    def trophy(self, seat: int, kind: str, points: int | None = None) -> Scenario:
        """Give a player the top tile of a trophy stack."""
        stack = self.state.stacks[kind]
        value = stack.pop() if points is None else stack.pop(stack.index(points))
        self.state.players[seat].trophies.append(Trophy(kind, value))
        return self

    def tag(self, color: str) -> Scenario:
        self.state.tag = color
        return self

    def rig_bag(self, order: Bait, clear: bool = False) -> Scenario:
        """Make the bag hold exactly these bait and give them in this order: the bag
        stream is advanced to a state whose draws come out so (bounded search)."""
        from engine.bait import BAG_STREAM, draw_from_bag

        self.bag(order, clear=clear)
        want = _colors(order)
        s = self.state
        start = s.rng[BAG_STREAM]
        for attempt in range(100_000):
            trial = s.clone()
            trial.rng[BAG_STREAM] = (start + attempt * 0x9E3779B97F4A7C15) % 2**64
            if [draw_from_bag(trial) for _ in want] == want:
                s.rng[BAG_STREAM] = (start + attempt * 0x9E3779B97F4A7C15) % 2**64
                return self
        raise ValueError(f"no bag stream found drawing {order!r}")

    def active(self, seat: int) -> Scenario:
        self.state.active = seat
        return self

    def at_contests(self) -> Scenario:
        """Jump to the end contests (R10), as if the last turn had just ended."""
        self._contests = True
        return self

    def build(self) -> State:
        s = self.state
        if not self._bag_given:
            per_color = 16 if not s.config.solo else 9
            on_cards = [0] * 6
            for p in s.players:
                for entry in p.ma:
                    for i, color in enumerate(self.cards.ma_slots[entry[0]]):
                        on_cards[color] += entry[1 + i]
            on_boards = [sum(p.board[z][c] for p in s.players for z in range(4)) for c in range(6)]
            s.bag = [max(0, per_color - on_boards[c] - s.discard[c] - on_cards[c]) for c in range(6)]
        s._legal = None
        if getattr(self, "_contests", False):
            from engine import contests
            from engine.game import advance

            contests.start(s, [])
            advance(s, [])
        return s
