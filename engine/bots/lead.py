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
position's to the real result. The features are engine.bots.lead_features' (compiled
with the engine); the network's arithmetic is numpy's, a position's seats (and a luck
measurement's deals, a review's rollouts) in one batch. Its file is JSON (`NetFile`),
named by its hash as the win-chance model's is (engine.bots.model_file); this module is
not compiled and is imported only where luck is measured, rollouts are run
(engine.bots.judge.rollouts) and a hard bot searches (`LeadChances`, since engine 0.6.0),
so numpy is no cost to the app's start.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Final, NamedTuple

import msgspec
import numpy as np
import numpy.typing as npt
from threadpoolctl import threadpool_limits

from engine.bots.lead_features import GAME_FEATURES, SEAT_FEATURES, game_features, seat_features
from engine.bots.model_file import SHIPPED, hashed, unchanged
from engine.state import State

Floats = npt.NDArray[np.float64]

# BLAS on one thread in every process that evaluates: a batch is a few hundred rows, too
# few to share out, and OpenBLAS's threads (one a core) spun against a review's other
# processes — a two-player review took 14.9 s on two workers, 7.6 s with one thread each.
threadpool_limits(limits=1, user_api="blas")

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
        """`leads` of several positions of one game (one player count), in one batch."""
        going = [s for s in states if s.result is None]
        raw = self.forward(input_rows(going)) if going else np.zeros(0)
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
    return [[float(x) for x in row] for row in input_rows([s])]


def input_rows(states: Sequence[State]) -> Floats:
    """`inputs` of positions with one player count, every seat of each, in one array
    (numpy's: in Python, the others' means and bests took most of a review's time)."""
    seats = np.array([[seat_features(s, p) for p in s.players] for s in states], dtype=np.float64)  # position, seat
    count, n, _ = seats.shape
    if n > 1:
        theirs = seats[:, _others(n), :]  # position, seat, other, feature
        mean, best = theirs.sum(axis=2) / (n - 1), theirs.max(axis=2)
    else:
        mean = best = np.zeros_like(seats)
    game = np.array([game_features(s) for s in states], dtype=np.float64)
    games = np.broadcast_to(game[:, None, :], (count, n, len(GAME_FEATURES)))
    return np.concatenate([seats, mean, best, games], axis=2).reshape(-1, INPUTS)


# -- the search's evaluation ----------------------------------------------------------

# How many points of lead make one unit of the softmax that turns leads into win chances,
# by seats at the table (the solo game's two, the silent player's included): the scale of
# least log-loss against who won, at positions of 600 greedy games of each count
# (`python scripts/lead_search.py temperature --games 600`; two players: 8 and 9 within
# 0.001). A two-player lead is the whole margin, hence the wider scale.
WIN_SCALE: Final = {2: 9.0, 3: 5.0, 4: 4.0}


class LeadChances(NamedTuple):
    """The lead network as a search's evaluation (engine.bots.ismcts.Evaluation): each
    seat's chance to win, the softmax of its lead over WIN_SCALE points. Only the name
    goes to the search's processes; each builds the network once (`folded`)."""

    name: str

    def chances(self, s: State) -> list[float]:
        if s.result is not None:
            return [1.0 if line.rank == 1 else 0.0 for line in s.result]
        leads = folded(self.name).leads(s)
        scale = WIN_SCALE[len(leads)]
        top = max(leads)
        exps = [math.exp((x - top) / scale) for x in leads]  # a few numbers: quicker than numpy's
        total = sum(exps)
        return [e / total for e in exps]


class Folded(NamedTuple):
    """`LeadNet.leads` for one position at a time, as a search calls it (at every
    iteration's end), without building input rows: the inputs' scaling is folded into
    the first layer, and that layer is split by what it reads. A seat's own features and
    the others' mean are linear in the seats' features, so one product of the seats'
    features gives both (`first`: own | mean); the others' best is not, and has its own
    (`best`). With two seats the other is both mean and best, and `pair` (own | mean +
    best) does it all. About 2.5 times quicker than `many` of one position; the same
    leads to rounding (tests/test_lead.py)."""

    first: Floats  # seat features × (hidden | hidden): own, and as the others' mean
    best: Floats  # seat features × hidden: as the others' best
    pair: Floats  # two seats: own | as the other (mean and best)
    game: Floats  # game features × hidden
    bias: Floats
    rest: tuple[tuple[Floats, Floats], ...]

    def leads(self, s: State) -> list[float]:
        seats = np.array([seat_features(s, p) for p in s.players], dtype=np.float64)
        n, hidden = len(seats), len(self.bias)
        h = np.array(game_features(s), dtype=np.float64) @ self.game + self.bias
        if n == 2:
            both = seats @ self.pair
            h = h + both[:, :hidden] + both[::-1, hidden:]
        else:
            both = seats @ self.first
            h = h + both[:, :hidden]
            if n > 2:
                others = _others(n)
                h = h + both[others, hidden:].sum(axis=1) / (n - 1) + seats[others].max(axis=1) @ self.best
        for w, b in self.rest:
            h = np.maximum(h, 0.0) @ w + b
        out: list[float] = h[:, 0].tolist()
        mean = sum(out) / n
        return [x - mean for x in out]  # leads add up to 0


@functools.cache
def _others(n: int) -> npt.NDArray[np.intp]:
    """Each of `n` seats' others, by seat."""
    return np.array([[j for j in range(n) if j != i] for i in range(n)])


@functools.cache
def folded(name: str) -> Folded:
    """The shipped network `name`, folded for one position at a time."""
    net = shipped(name)
    (w, b), *rest = net.layers
    scaled = w / net.scale[:, None]
    f = len(SEAT_FEATURES)
    own, mean, best, game = scaled[:f], scaled[f : 2 * f], scaled[2 * f : 3 * f], scaled[3 * f :]
    return Folded(
        np.hstack([own, mean]), best, np.hstack([own, mean + best]), game, b - (net.mean / net.scale) @ w, tuple(rest)
    )


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
