"""Worlds a seat cannot tell apart: full game states rebuilt from one seat's View.

Information-set search (engine.bots.ismcts) plays out sampled worlds. A `World` is made
from a View alone, so a bot that searches worlds can know no more than its View: every
hidden piece — the order of the fish decks, which card (so which weight, time and tag)
each face-down or face-up fish is, another seat's tackle, the Master Angler deck, the
Mystery Weight stack under the face-up tile, and the future of the bag and every shuffle
— is dealt afresh from the pieces the seat has not seen, with the caller's random stream.

Known approximation: a world uses what the View shows, not what could be inferred from
the history (a catch that took no Mystery Weight tells that fish's weight is not the
tile's); every consistent world is equally likely.
"""

from __future__ import annotations

from engine.cards import Cards
from engine.components import COLOR_INDEX, CONTEST_ORDER, TACKLE
from engine.config import GameConfig, SeatConfig
from engine.contests import heaviest
from engine.rng import STREAMS, Rng
from engine.setup import SILENT_SEAT
from engine.state import BOOKKEEPING, EMPTY, Player, State, Trophy
from engine.view import View

# A world deals this many cards from the top of each deck in random order and leaves
# the rest as they come: a search looks a few turns ahead, so it never draws deeper,
# and shuffling whole decks was a third of the search's time.
DEALT_FROM_TOP = 12


class World:
    """The public part of a position, ready to be completed by `sample`."""

    def __init__(self, v: View, cards: Cards) -> None:
        self.view = v
        self.cards = cards
        species_index = {name: i for i, name in enumerate(cards.species_names)}
        me = v.seats[v.seat]
        own_fish = set(me.fish or ())
        shown = own_fish | {f for q in v.seats for f in q.revealed}
        # The unseen fish of each species: what every hidden fish slot is dealt from.
        self.pools: list[list[int]] = [[] for _ in cards.species_names]
        for f in range(len(cards.fish_species)):
            if f not in shown:
                self.pools[cards.fish_species[f]].append(f)
        # Hidden fish slots, in a fixed order: face-up location cards, each deck, then
        # every other seat's fish that it has not shown.
        self.face_up = [
            (loc, z, species_index[sp]) for loc, zones in enumerate(v.locations) for z, sp in enumerate(zones) if sp
        ]
        # Each deck's top species is public (the deck lies fish side up): a world keeps
        # a card of that species on top and deals the rest of the deck below it.
        self.deck_tops = [species_index[sp] if sp is not None else None for sp in v.deck_tops]
        self.deck_species = []
        for deck, top in zip(v.decks, self.deck_tops, strict=True):
            below = [species_index[sp] for sp, n in sorted(deck.items()) for _ in range(n)]
            if top is not None:
                below.remove(top)
            self.deck_species.append(below)
        self.unshown: dict[int, list[int]] = {}
        for q in v.seats:
            if q.seat == v.seat:
                continue
            hidden = [species_index[sp] for sp in q.species]
            for f in q.revealed:
                hidden.remove(cards.fish_species[f])
            self.unshown[q.seat] = hidden
        self.template = self._public_state()
        self.tackle_pool = self._place_seen_tackle()
        taken = set(c for c in v.display if c != EMPTY)
        for q in v.seats:
            taken.update(m.card for m in q.master_anglers)
            taken.update(q.master_anglers_caught)
        self.ma_pool = [c for c in range(len(cards.ma_kind)) if c not in taken]
        mystery = list(v.mystery_left)
        if v.mystery_weight is not None:
            mystery.remove(v.mystery_weight)
        self.mystery_under = mystery

    def sample(self, rng: Rng) -> State:
        """One state consistent with the View, dealt with `rng` (which it advances)."""
        v = self.view
        s = self.template.clone()
        pools = [pool[:] for pool in self.pools]
        for pool in pools:
            rng.shuffle(pool)
        for loc, z, sp in self.face_up:
            s.locations[loc][z] = pools[sp].pop()
        for loc, species in enumerate(self.deck_species):
            deck = [pools[sp].pop() for sp in species]
            shuffle_top(rng, deck)
            top = self.deck_tops[loc]
            if top is not None:
                deck.append(pools[top].pop())
            s.decks[loc] = deck
        for seat, species in self.unshown.items():
            p = s.players[seat]
            p.fish = list(v.seats[seat].revealed) + [pools[sp].pop() for sp in species]
        tokens = self.tackle_pool[:]
        rng.shuffle(tokens)
        for q in v.seats:
            if q.seat != v.seat and q.tackle_count:
                p = s.players[q.seat]
                p.tackle = [tokens.pop() for _ in range(q.tackle_count)]
                p.fresh = p.tackle[len(p.tackle) - q.fresh_count :]
        s.tackle_deck = tokens
        s.ma_deck = self.ma_pool[:]
        shuffle_top(rng, s.ma_deck)
        under = self.mystery_under[:]
        rng.shuffle(under)
        s.mystery = under + ([v.mystery_weight] if v.mystery_weight is not None else [])
        self._pending_presentations(s)
        s.rng = [rng.next64() for _ in STREAMS]  # the bag and reshuffles to come
        return s

    def _public_state(self) -> State:
        v = self.view
        s = State.__new__(State)
        s.cards = self.cards
        s.seats = tuple(SeatConfig(q.name, q.kind) for q in v.seats)
        human = tuple(seat for seat in s.seats if seat != SILENT_SEAT)
        s.config = GameConfig(seats=human, seed=0, tag_points=v.tag_points)
        s.rng = [0] * len(STREAMS)
        s.bag = list(v.bag[:6])
        s.clear_in_bag = bool(v.bag[6])
        s.discard = list(v.discard)
        s.spaces = list(v.spaces)
        s.locations = [[EMPTY] * 4 for _ in v.locations]
        s.decks = [[] for _ in v.decks]
        s.ma_deck = []
        s.display = list(v.display)
        s.tackle_deck = []
        s.tackle_used = []
        s.mystery = []
        s.stacks = {k: list(tiles) for k, tiles in v.stacks.items()}
        s.players = [self._player(i) for i in range(len(v.seats))]
        for name in BOOKKEEPING:
            setattr(s, name, getattr(v, name))
        s.action_color = COLOR_INDEX[v.action_color] if v.action_color is not None else -1
        s.bait_queue = list(v.bait_queue)
        s.emptied = list(v.emptied)
        s.result = None
        s._legal = None
        return s

    def _player(self, seat: int) -> Player:
        q = self.view.seats[seat]
        p = Player(seat, silent=q.kind == SILENT_SEAT.kind)
        p.hand = q.hand
        p.board = [list(z) for z in q.board]
        p.ma = [[m.card, *(1 if f else 0 for f in m.filled)] for m in q.master_anglers]
        p.ma_caught = list(q.master_anglers_caught)
        if q.fish is not None:
            p.fish = list(q.fish)
        mystery = iter(q.mystery_fish)
        p.trophies = [
            Trophy(kind, points, next(mystery) if kind == "mystery_weight" else -1) for kind, points in q.trophies
        ]
        p.mystery_this_step = q.mystery_this_step
        p.presented = list(q.presented)
        return p

    def _place_seen_tackle(self) -> list[int]:
        """Put the used tokens and the seat's own on the template, and return the unseen
        ones. Token ids are interchangeable within a kind, so the seen tokens take the
        lowest ids of their kind."""
        v = self.view
        free = list(range(len(TACKLE)))

        def take(kind: str) -> int:
            token = next(t for t in free if TACKLE[t] == kind)
            free.remove(token)
            return token

        used = [take(kind) for kind in v.tackle_used]
        me = v.seats[v.seat]
        own = [take(kind) for kind in me.tackle or ()]
        s = self.template
        s.tackle_used = used
        p = s.players[v.seat]
        p.tackle = own
        p.fresh = own[len(own) - me.fresh_count :] if me.fresh_count else []
        return free

    def _pending_presentations(self, s: State) -> None:
        """Seats that presented before this one at a contest not yet held did so face
        down: a world has them present their heaviest fish of each species."""
        v = self.view
        if v.present_seat < 0 or v.contest >= len(CONTEST_ORDER):
            return
        loc = CONTEST_ORDER[v.contest]
        for p in s.players:
            if p.seat != v.seat and p.seat < v.present_seat:
                p.presented[loc] = heaviest(s, p, loc)


def shuffle_top(rng: Rng, items: list[int], k: int = DEALT_FROM_TOP) -> None:
    """Fisher–Yates for the last `k` places only (the top of a deck is its end): each of
    them gets a uniformly random item, as in a full shuffle."""
    n = len(items)
    for i in range(n - 1, max(n - 1 - k, 0), -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
