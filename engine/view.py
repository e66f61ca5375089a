"""What one seat may know of the state (docs/architecture.md). Bots decide from a View only.

A View never holds another seat's fish identities (a card id would give away its
weight), tackle kinds, or any deck's order; face-up fish are shown by species, decks
and the bag by their contents.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from operator import attrgetter
from typing import Final

import msgspec

from engine.cards import Cards
from engine.components import COLORS, CONTEST_ORDER, TACKLE
from engine.phases import OVER, PRESENT
from engine.state import BOOKKEEPING, EMPTY, State
from engine.view_types import MasterAnglerView, ScoreShown, SeatView, View

__all__ = [
    "NOT_SHOWN", "SHOWN_AS", "VIEW_ONLY", "MasterAnglerView", "ScoreShown", "SeatView", "View", "score_shown",
    "view", "views",
]  # fmt: skip

_bookkeeping = attrgetter(*BOOKKEEPING)

# How each State field reaches a View: BOOKKEEPING and the fields named alike are copied
# (public contents, never a hidden order); these under other names; NOT_SHOWN never.
# tests/test_view.py checks that this accounts for every State and View field.
SHOWN_AS: Final[dict[str, tuple[str, ...]]] = {
    "clear_in_bag": ("bag",),
    "ma_deck": ("master_angler_deck",),
    "mystery": ("mystery_weight", "mystery_left"),
    "players": ("seats",),
    "config": ("tag_points",),
    "decks": ("decks", "deck_tops"),
}
NOT_SHOWN: Final = frozenset(
    {
        "cards",  # the card data itself, which every seat has (weights of unseen cards stay hidden)
        "rng",  # the random streams would give away every order still to come
        "result",  # the final scores reach everyone as the GameEnded event
        "_legal",  # a cache
    }
)
VIEW_ONLY: Final = frozenset({"seat", "to_act", "end_triggered"})  # about the viewer or derived


def view(s: State, seat: int) -> View:
    """What `seat` may know of `s` (-1: a seat that holds nothing, as a spectator)."""
    return _view(s, seat, tuple(_seat_view(s, p.seat, own=p.seat == seat) for p in s.players))


def views(s: State, viewers: Iterable[int]) -> dict[int, View]:
    """`view(s, seat)` for each of `viewers`, built once for all: only a seat's own side
    differs between them (the game server sends every seat its View after each move)."""
    public = tuple(_seat_view(s, p.seat, own=False) for p in s.players)
    shown = _view(s, -1, public)
    return {
        seat: shown
        if seat < 0
        else msgspec.structs.replace(
            shown, seat=seat, seats=(*public[:seat], _seat_view(s, seat, own=True), *public[seat + 1 :])
        )
        for seat in viewers
    }


def _view(s: State, seat: int, seats: tuple[SeatView, ...]) -> View:
    cards = s.cards
    species = cards.species_names
    return View(
        seat=seat,
        to_act=s.to_act,
        **dict(zip(BOOKKEEPING, _bookkeeping(s), strict=True)),
        spaces=tuple(s.spaces),
        locations=tuple(
            tuple(species[cards.fish_species[c]] if c != EMPTY else None for c in zones) for zones in s.locations
        ),
        decks=tuple(dict(sorted(Counter(species[cards.fish_species[c]] for c in d).items())) for d in s.decks),
        deck_tops=tuple(species[cards.fish_species[d[-1]]] if d else None for d in s.decks),
        bag=(*s.bag, 1 if s.clear_in_bag else 0),
        discard=tuple(s.discard),
        display=tuple(s.display),
        master_angler_deck=len(s.ma_deck),
        tackle_deck=len(s.tackle_deck),
        tackle_used=tuple(TACKLE[t] for t in s.tackle_used),
        mystery_weight=s.mystery[-1] if s.mystery else None,
        mystery_left=tuple(sorted(s.mystery)),
        stacks={k: tuple(v) for k, v in sorted(s.stacks.items())},
        tag_points=s.config.tag_points,
        seats=seats,
        action_color=COLORS[s.action_color] if s.action_color >= 0 else None,
        emptied=tuple(s.emptied),
        end_triggered=s.end_trigger >= 0,
        bait_queue=tuple(s.bait_queue),
    )


def _seat_view(s: State, seat: int, own: bool) -> SeatView:
    p = s.players[seat]
    cards = s.cards
    held = _held(s)
    mystery = tuple(t.fish for t in p.trophies if t.kind == "mystery_weight")
    # R8.1, R10.2 — shown to all: each fish that claimed a Mystery Weight tile, and
    # every fish presented at a contest already held.
    public = tuple(p.presented[loc] if loc in held else () for loc in range(len(p.presented)))
    return SeatView(
        seat=seat,
        name=s.seats[seat].name,
        kind=s.seats[seat].kind,
        hand=p.hand,
        board=tuple(tuple(z) for z in p.board),
        master_anglers=tuple(MasterAnglerView(m[0], tuple(bool(x) for x in m[1:])) for m in p.ma),
        master_anglers_caught=tuple(p.ma_caught),
        species=tuple(sorted(cards.species_names[cards.fish_species[f]] for f in p.fish)),
        fish=tuple(p.fish) if own else None,
        revealed=tuple(sorted({*mystery, *(f for fish in public for f in fish)})),
        tackle=tuple(TACKLE[t] for t in p.tackle) if own else None,
        tackle_count=len(p.tackle),
        fresh_count=len(p.fresh),
        trophies=tuple((t.kind, t.points) for t in p.trophies),
        mystery_fish=mystery,
        mystery_this_step=p.mystery_this_step,
        presented=tuple(p.presented) if own else public,
    )


def _held(s: State) -> tuple[int, ...]:
    """The locations whose contest is over (R10.2): their presented fish are public."""
    return CONTEST_ORDER[: s.contest] if s.phase in (PRESENT, OVER) else ()


def score_shown(v: View, seat: int, cards: Cards) -> ScoreShown:
    """A seat's score from `v`: trophies at face value, +1 per caught Master Angler,
    +1 per presented fish with the tag tile's color (R11.1) among the presentations the
    viewer knows (its own; another seat's once that contest is held, R10.2). At the end
    of the game every contest is held, and this is the final score."""
    s = v.seats[seat]
    tags = 0
    if v.tag_points:
        tags = sum(1 for fish in s.presented for f in fish if cards.fish_tag[f] == v.tag)
    return ScoreShown(sum(points for _kind, points in s.trophies), len(s.master_anglers_caught), tags)
