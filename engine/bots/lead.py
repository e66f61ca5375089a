"""A learned evaluation in points: each seat's expected final **lead** (its final score
less the mean of the others', R11.1) from what is known at the table, with a small
network fitted to self-play results (scripts/train_lead.py). What luck is measured with
(engine.bots.luck): a draw's luck is the lead after it less the mean lead over the
draws that could have come.

It reads only what some seat knows — everything public, and each seat's own fish and
tackle — never what nobody has seen (the decks' order, which card a face-up fish is):
so a draw changes it when the draw is seen, not before.

Each seat is described by SEAT_FEATURES (its score so far, its fish and contests, its
board's bait by color, its Master Angler cards and tackle...); the network reads a
seat's own, the others' mean and the others' best, and the game's stage, and says the
seat's final lead. The leads are then made to add up to 0, as the final ones do. Once
the game is over they are the final ones exactly, so a game's leads run from the first
position's to the real result. The network's arithmetic is numpy's, a position's seats
(and a luck measurement's deals) in one batch. Its file is JSON (`NetFile`), named by its
hash as the win-chance model's is (engine.bots.model_file); this module is not compiled
and is imported only where luck is measured, so numpy is no cost to the app's start.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Final, NamedTuple

import msgspec
import numpy as np
import numpy.typing as npt

from engine.bots.evaluate import contest_now, held, in_progress
from engine.bots.model_file import SHIPPED, hashed, unchanged
from engine.components import (
    COLORS,
    CONTEST_TROPHY,
    FISH_TO_END,
    LOCATION_OF_COLOR,
    SPACE_COLOR,
    SPECIES_FOR_TROPHY,
    TACKLE,
)
from engine.phases import CATCH
from engine.state import Player, State

Floats = npt.NDArray[np.float64]

TACKLE_KINDS: Final = ("lure", "reel", "rod", "line")
SPACE_OF_COLOR: Final = tuple(SPACE_COLOR.index(c) for c in range(len(COLORS)))  # each color's fishing space
SEAT_FEATURES: Final = (
    "held",  # trophy points and caught Master Angler cards (R11.1)
    "fish",  # of the 12 that end the game (R9.1)
    "species",  # of the 8 of the trophy (R8.3)
    "small species",
    *(f"{loc} contest now" for loc in ("shore", "river", "lake")),  # the tiles the fish held would win now (R10)
    "tags now",  # tag points of the fish that would be presented (R11.1)
    "within reach",  # the hand-written projection's share of the trophies in reach
    "master angler progress",  # share of each uncaught card's slots filled, summed
    "master anglers held",  # uncaught (R4.6)
    "slots in reach",  # empty slots that bait of their color on the board could fill (R5.1)
    *(f"{color} bait" for color in COLORS),  # on the seat's board (R1.9)
    "bait",
    "one-color zones",  # one fishing action empties them: a catch (R4.2, R5.3)
    "new species in reach",  # of those, the ones whose catch would be a species the seat lacks
    "empty zones",
    "two-color zones",
    "one-color zones open",  # of the one-color zones, those whose color's fishing space is free now (R3.1)
    *(f"zone {z} bait" for z in (3, 4, 5, 6)),
    *(f"zone {z} colors" for z in (3, 4, 5, 6)),
    "catches pending",  # zones it emptied whose catch is still to take (R5.4)
    "new species pending",  # of those, the ones whose card is a species it lacks
    *(f"{kind} tokens" for kind in TACKLE_KINDS),  # in hand (R7)
    "token face",  # the angler token in hand: 1 or 2, 0 while placed (R3.3)
    "to act",
)
GAME_FEATURES: Final = ("progress", "solo", "players", "final turns")
INPUTS: Final = len(SEAT_FEATURES) * 3 + len(GAME_FEATURES)  # own, the others' mean, the others' best, the game's


class LeadNet(NamedTuple):
    """A network of dense layers with ReLU between them, its inputs scaled by `mean`
    and `scale`; `name` is "lead-" and a hash of its file (engine.bots.model_file)."""

    mean: Floats
    scale: Floats
    layers: tuple[tuple[Floats, Floats], ...]  # (weights (inputs × outputs), biases)
    name: str

    def leads(self, s: State) -> list[float]:
        """Each seat's expected final lead, in points, by seat (the exact final leads
        once the game is over)."""
        return self.many([s])[0]

    def many(self, states: Sequence[State]) -> list[list[float]]:
        """`leads` of several positions of one game, in one batch."""
        rows: list[list[float]] = []
        for s in states:
            if s.result is None:
                rows += inputs(s)
        raw = self.forward(np.array(rows).reshape(-1, INPUTS)) if rows else np.zeros(0)
        out: list[list[float]] = []
        at = 0
        for s in states:
            if s.result is not None:
                out.append(final_leads(s))
                continue
            n = len(s.players)
            mine = raw[at : at + n]
            at += n
            out.append([float(x) for x in mine - mine.mean()])  # leads add up to 0
        return out

    def forward(self, x: Floats) -> Floats:
        h = (x - self.mean) / self.scale
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < len(self.layers) - 1:
                h = np.maximum(h, 0.0)
        return np.asarray(h[:, 0], dtype=np.float64)


def final_leads(s: State) -> list[float]:
    """Each seat's final score less the mean of the others' (R11)."""
    assert s.result is not None
    totals = [0.0] * len(s.result)
    for line in s.result:
        totals[line.seat] = float(line.total)
    return relative(totals)


def relative(values: list[float]) -> list[float]:
    """Each seat's value less the mean of the others' (all 0 for a seat alone)."""
    n = len(values)
    if n < 2:
        return [0.0] * n
    total = sum(values)
    return [v - (total - v) / (n - 1) for v in values]


def inputs(s: State) -> list[list[float]]:
    """The network's input for each seat: its features, the others' mean and best, the game's."""
    seats = [seat_features(s, p) for p in s.players]
    game = game_features(s)
    n = len(seats)
    k = len(SEAT_FEATURES)
    rows = []
    for i, mine in enumerate(seats):
        others = [seats[j] for j in range(n) if j != i]
        mean = [sum(o[f] for o in others) / len(others) for f in range(k)] if others else [0.0] * k
        best = [max(o[f] for o in others) for f in range(k)] if others else [0.0] * k
        rows.append(mine + mean + best + game)
    return rows


def game_features(s: State) -> list[float]:
    t = min(1.0, max(len(p.fish) for p in s.players) / FISH_TO_END)
    final = float(s.final_turns) if s.end_trigger >= 0 else -1.0
    return [t, 1.0 if s.config.solo else 0.0, float(len(s.players)), final]


def seat_features(s: State, p: Player) -> list[float]:
    """A seat's SEAT_FEATURES, from what is public and what it knows of its own."""
    cards = s.cards
    species = {cards.fish_species[f] for f in p.fish}
    contests = contests_by_location(s, p.seat)
    _, ma, reach = in_progress(s, p)
    colors = [0] * len(COLORS)
    one_color = new_in_reach = empty = two_colors = open_zones = 0
    zone_bait = [0.0] * 4
    zone_colors = [0.0] * 4
    for z, zone in enumerate(p.board):
        kinds = 0
        last = -1
        for c in range(len(COLORS)):
            if zone[c]:
                kinds += 1
                last = c
                colors[c] += zone[c]
                zone_bait[z] += zone[c]
        zone_colors[z] = float(kinds)
        if kinds == 0:
            empty += 1
        elif kinds == 2:
            two_colors += 1
        elif kinds == 1:
            one_color += 1
            open_zones += s.spaces[SPACE_OF_COLOR[last]] == 0
            card = s.locations[LOCATION_OF_COLOR[last]][z]
            if card >= 0 and cards.fish_species[card] not in species:
                new_in_reach += 1
    pending = new_pending = 0
    if s.active == p.seat and s.action_color >= 0:
        for zone_number in (*s.emptied, *((s.catch_zone,) if s.phase == CATCH else ())):
            pending += 1
            card = s.locations[LOCATION_OF_COLOR[s.action_color]][zone_number - 3]
            if card >= 0 and cards.fish_species[card] not in species:
                new_pending += 1
    spare = colors[:]
    in_reach = 0
    for entry in p.ma:
        for i, filled in enumerate(entry[1:]):
            c = cards.ma_slots[entry[0]][i]
            if not filled and spare[c]:
                spare[c] -= 1
                in_reach += 1
    tackle = [0.0] * len(TACKLE_KINDS)
    for token in p.tackle:
        tackle[TACKLE_KINDS.index(TACKLE[token])] += 1
    return [
        held(p),
        len(p.fish) / FISH_TO_END,
        len(species) / SPECIES_FOR_TROPHY,
        float(len(species & cards.small_species)),
        *contests[:3],
        contests[3],
        reach,
        ma,
        float(len(p.ma)),
        float(in_reach),
        *(float(c) for c in colors),
        float(sum(colors)),
        float(one_color),
        float(new_in_reach),
        float(empty),
        float(two_colors),
        float(open_zones),
        *zone_bait,
        *zone_colors,
        float(pending),
        float(new_pending),
        *tackle,
        float(p.hand),
        1.0 if s.to_act == p.seat else 0.0,
    ]


def contests_by_location(s: State, seat: int) -> list[float]:
    """The contest tiles `seat` would win at each location if the fish held were
    presented now, and the tag points of those fish (engine.bots.evaluate.contest_now):
    [shore, river, lake, tags]."""
    out = [0.0, 0.0, 0.0, 0.0]
    for loc, kind in enumerate(CONTEST_TROPHY):
        entrants = contest_now(s, loc)
        for rank, (_, who, tags) in enumerate(entrants):
            if who == seat:
                stack = s.stacks[kind]
                out[loc] = float(stack[-1 - rank]) if rank < len(stack) else 0.0
                out[3] += tags
    return out


# -- the file -------------------------------------------------------------------------


class Layer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    weights: list[list[float]]  # inputs × outputs
    biases: list[float]


class NetFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a training run wrote: the inputs by name, how each is scaled, the layers,
    and what it was trained on."""

    inputs: list[str]
    mean: list[float]
    scale: list[float]
    layers: list[Layer]
    trained_on: str


def input_names() -> list[str]:
    """The network's inputs by name, in the order `inputs` gives them."""
    return [
        *SEAT_FEATURES,
        *(f"others' mean {f}" for f in SEAT_FEATURES),
        *(f"others' best {f}" for f in SEAT_FEATURES),
        *GAME_FEATURES,
    ]


def encode(
    mean: list[float], scale: list[float], layers: list[tuple[list[list[float]], list[float]]], trained_on: str
) -> bytes:
    data = NetFile(input_names(), mean, scale, [Layer(w, b) for w, b in layers], trained_on)
    return msgspec.json.format(msgspec.json.encode(data), indent=1) + b"\n"


def load(path: Path) -> LeadNet:
    """A lead network's file; its name is "lead-" and the first 8 hex digits of its
    SHA-256 (ValueError, saying why, for a file this engine cannot use)."""
    raw = path.read_bytes()
    try:
        data = msgspec.json.decode(raw, type=NetFile)
    except msgspec.DecodeError as exc:
        raise ValueError(f"{path}: not a lead network file: {exc}") from None
    names = input_names()
    if data.inputs != names or len(data.mean) != len(names) or len(data.scale) != len(names):
        raise ValueError(f"{path}: its inputs are not this engine's ({len(data.inputs)} of them, {len(names)} here)")
    width = len(names)
    layers = []
    for layer in data.layers:
        w = np.array(layer.weights, dtype=np.float64)
        if w.ndim != 2 or w.shape[0] != width or len(layer.biases) != w.shape[1]:
            raise ValueError(f"{path}: a layer of shape {w.shape} does not follow one of width {width}")
        layers.append((w, np.array(layer.biases, dtype=np.float64)))
        width = w.shape[1]
    if not layers or width != 1:
        raise ValueError(f"{path}: the network must end in one output")
    return LeadNet(np.array(data.mean), np.array(data.scale), tuple(layers), hashed("lead", raw))


@functools.cache
def shipped(name: str) -> LeadNet:
    """The network shipped as engine/data/NAME.json (engine.bots.model_file.unchanged)."""
    model = load(SHIPPED / f"{name}.json")
    unchanged(name, model.name)
    return model
