"""A one-step greedy bot: it scores each legal move by what it gains at once — fish
worth catching, new and small species, trophies within reach, Master Angler slots
filled — and plays the best. It reads only its View and public card facts (species
weight ranges, Master Angler slots); of fish weights it knows only its own."""

from __future__ import annotations

from engine.cards import Cards
from engine.components import COLOR_INDEX, LOCATION_INDEX, LOCATION_OF_COLOR, SPACE_COLOR, SPACE_INDEX
from engine.moves import (
    BaitTo,
    Catch,
    CatchFirst,
    Move,
    PlaceAngler,
    PlayLure,
    PlayReel,
    Present,
    Refill,
    RemoveAngler,
    SilentClear,
    SilentDraws,
    TakeMasterAngler,
)
from engine.rng import decision_rng
from engine.view import SeatView, View

TACKLE_COST = 0.8  # a Rod, Line, Lure or Reel kept is worth something later


class GreedyBot:
    kind = "greedy"

    searched: int | None = None  # never searches

    def __init__(self, seed: int, cards: Cards) -> None:
        self.seed = seed
        self.cards = cards  # the game's own: weights and species come from it
        self.mean = {s.name: (s.min_weight + s.max_weight) / 2 for s in self.cards.data.species}
        self.small = {s.name for s in self.cards.data.species if s.small}

    def choose(self, view: View, moves: list[Move]) -> Move:
        me = view.seats[view.seat]
        rng = decision_rng(self.seed, view.ply)
        best, best_score = moves[0], float("-inf")
        for move in moves:
            score = self.score(view, me, move) + rng.below(1000) / 100_000  # break ties
            if score > best_score:
                best, best_score = move, score
        return best

    def score(self, v: View, me: SeatView, move: Move) -> float:
        if isinstance(move, PlaceAngler):
            return self.space_value(v, me, SPACE_INDEX[move.space], me.hand)
        if isinstance(move, RemoveAngler):
            face = v.spaces[SPACE_INDEX[move.space]]
            return self.space_value(v, me, SPACE_INDEX[move.space], face) + (0.6 if face == 1 else 0)
        if isinstance(move, Refill):
            return (move.zone - sum(me.board[move.zone - 3])) + (0.5 if move.zone >= 5 else 0)
        if isinstance(move, TakeMasterAngler):
            return 1.0 + (self.slot_match(me, move.card) if move.card is not None else 0.3)
        if isinstance(move, BaitTo):
            return 1.0 if move.card is not None else 0.0
        if isinstance(move, CatchFirst):
            assert v.action_color is not None  # a catch order always follows a removal
            return self.fish_value(v, me, LOCATION_OF_COLOR[COLOR_INDEX[v.action_color]], move.zone)
        if isinstance(move, Catch):
            loc = LOCATION_INDEX[move.location]
            value = self.deck_value(v, me, loc) if move.deck_top else self.fish_value(v, me, loc, move.zone)
            return value - TACKLE_COST * (move.rod + move.line)
        if isinstance(move, PlayLure):
            return self.removal_value(v, me, COLOR_INDEX[move.color], list(move.zones)) - TACKLE_COST
        if isinstance(move, PlayReel):
            return -TACKLE_COST
        if isinstance(move, Present):
            return self.presentation_value(v, move)
        if isinstance(move, SilentDraws):
            return -move.count  # fewer silent draws, fewer silent catches
        if isinstance(move, SilentClear):
            return 1.0 if move.choice == "discard_seven" else 0.0
        return 0.0  # EndTurn, LetGo

    def space_value(self, v: View, me: SeatView, space: int, face: int) -> float:
        if SPACE_COLOR[space] < 0:  # the Port
            missing = sorted((z - sum(me.board[z - 3]) for z in (3, 4, 5, 6)), reverse=True)
            take = 1.5 if len(me.master_anglers) < 3 else 0.0
            options = sorted([missing[0] * 0.6, missing[1] * 0.6 if face == 2 else 0, take], reverse=True)
            return sum(options[:face])
        color = SPACE_COLOR[space]
        zones = [z for z in (3, 4, 5, 6) if me.board[z - 3][color]]
        queue = [z for z in zones for _ in range(me.board[z - 3][color] if face == 2 else 1)]
        return self.removal_value(v, me, color, queue)

    def removal_value(self, v: View, me: SeatView, color: int, queue: list[int]) -> float:
        loc = LOCATION_OF_COLOR[color]
        left = {z: sum(me.board[z - 3]) for z in (3, 4, 5, 6)}
        value = 0.0
        slots = sum(
            1
            for m in me.master_anglers
            for c, filled in zip(self.cards.ma_slots[m.card], m.filled, strict=False)
            if c == color and not filled
        )
        for z in queue:
            left[z] -= 1
            value += 0.15
            if slots:
                slots -= 1
                value += 0.6
            if left[z] == 0:
                value += self.fish_value(v, me, loc, z) + (1.5 if z == 5 else 0)
        return value

    def fish_value(self, v: View, me: SeatView, loc: int, zone: int) -> float:
        species = v.locations[loc][zone - 3]
        return self.species_value(v, me, species) if species else 0.0

    def deck_value(self, v: View, me: SeatView, loc: int) -> float:
        deck = v.decks[loc]
        total = sum(deck.values())
        if not total:
            return 0.0
        return sum(n * self.species_value(v, me, sp) for sp, n in deck.items()) / total

    def species_value(self, v: View, me: SeatView, species: str) -> float:
        value = 1.0  # every fish counts toward twelve
        if species not in me.species:
            value += 2.5 if len(set(me.species)) < 8 else 0.5
            if species in self.small and v.stacks.get("small_species"):
                value += 1.5
        mine = [self.cards.fish_weight[f] for f in me.fish or () if self.cards.species_names[
            self.cards.fish_species[f]] == species]  # fmt: skip
        value += 0.4 * max(0.0, self.mean[species] - max(mine, default=0))
        return value

    def slot_match(self, me: SeatView, card: int) -> float:
        on_board = [sum(me.board[z][c] for z in range(4)) for c in range(6)]
        return 0.4 * sum(1 for c in self.cards.ma_slots[card] if on_board[c])

    def presentation_value(self, v: View, move: Present) -> float:
        cards = self.cards
        tag = 1 if v.tag_points else 0
        return sum(cards.fish_weight[f] + (tag if cards.fish_tag[f] == v.tag else 0) for f in move.fish)
