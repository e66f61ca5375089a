"""What one seat may know of an event: the events' counterpart of `engine.view`.

The log holds every event in full (a caught fish's card, a drawn tackle token). A seat
sees the same things a player at the table sees: the species of every fish (face up, or
on a deck's top), never another seat's fish card (its weight, time and tag) or the kind
of another seat's freshly drawn tackle token. `seen` is the one policy for narration,
replays, and anything that sends events to a seat; `seen_move` is the same for the
moves themselves (only a contest entry hides anything: which fish, until the contest).
"""

from __future__ import annotations

from engine import events
from engine.cards import Cards
from engine.components import Location
from engine.events import AnyEvent, CatchHow, Event, FishCaught, LocationRefilled, TackleDrawn
from engine.moves import AnyMove, Move, Present


class FishCaughtUnseen(Event, frozen=True, tag="fish_caught_unseen"):
    """Another seat's catch: the species (public, R5.5), not the card."""

    seat: int
    species: str
    location: Location
    zone: int
    board_zone: int
    how: CatchHow


class LocationRefilledUnseen(Event, frozen=True, tag="location_refilled_unseen"):
    """A fish dealt face up (R5.6): its species shows, its weight is on the back."""

    location: Location
    zone: int
    species: str


class TackleDrawnUnseen(Event, frozen=True, tag="tackle_drawn_unseen"):
    """Another seat drew a tackle token, face down (R6.1)."""

    seat: int


# Stand-ins that only `seen` makes: never logged.
REDACTED: tuple[type[Event], ...] = (FishCaughtUnseen, LocationRefilledUnseen, TackleDrawnUnseen)

# Every event a seat may be sent: the logged ones and the stand-ins (a wire format's union).
SeenEvent = AnyEvent | FishCaughtUnseen | LocationRefilledUnseen | TackleDrawnUnseen


class PresentUnseen(Move, frozen=True, tag="present_unseen"):
    """Another seat chose its entry for a location's contest (R10.1): which fish stays
    hidden until the contest is held, when the Presented events show it. Never legal,
    never logged: only `seen_move` makes it."""

    location: Location


# Stand-ins that only `seen_move` makes: never logged, never legal.
REDACTED_MOVES: tuple[type[Move], ...] = (PresentUnseen,)

# Every move a seat may be sent.
SeenMove = AnyMove | PresentUnseen


def seen_move(move: Move, mover: int, viewer: int | None) -> Move:
    """`move`, made by seat `mover`, as `viewer` may know it (None: a spectator)."""
    if isinstance(move, Present) and mover != viewer:
        return PresentUnseen(move.location)
    return move


def seen(event: Event, viewer: int | None, cards: Cards) -> Event:
    """`event` as `viewer` may know it (None: a spectator, who sees only what is public).
    Events with nothing secret in them come back unchanged."""
    if isinstance(event, FishCaught) and event.seat != viewer:
        species = cards.species_names[cards.fish_species[event.card]]
        return FishCaughtUnseen(event.seat, species, event.location, event.zone, event.board_zone, event.how)
    if isinstance(event, LocationRefilled):
        species = cards.species_names[cards.fish_species[event.card]]
        return LocationRefilledUnseen(event.location, event.zone, species)
    if isinstance(event, TackleDrawn) and event.seat != viewer:
        return TackleDrawnUnseen(event.seat)
    return event


# Whether an event shows something that was not known before the move: a draw from the
# bag or a deck (chance), or a card's hidden side. A move whose events show nothing of
# the kind can be taken back without anyone learning anything (Board Game Arena's undo
# rule; cwtui.game.session). Every logged event is declared here (tests/test_visibility.py).
REVEALS: dict[type[Event], bool] = {
    events.AnglerPlaced: False, events.AnglerRemoved: False, events.AnglerKept: False, events.AnglerMoved: False,
    events.BaitRemoved: False, events.BaitSwapped: False, events.NothingToDo: False, events.NoCatch: False,
    events.MasterAnglerCaught: False, events.TacklePlayed: False, events.TrophyTaken: False,
    events.EndTriggered: False, events.TurnEnded: False, events.LocationShort: False,
    events.MasterAnglerTaken: False,  # from the display; from the deck: see reveals()
    events.BaitDrawn: True, events.ClearBaitDrawn: True, events.ClearBaitReturned: True, events.RefillStopped: True,
    events.DisplayRefilled: True, events.FishCaught: True, events.TackleDrawn: True, events.TackleReshuffled: True,
    events.LocationRefilled: True, events.FishRevealed: True, events.MysteryWeightRevealed: True,
    events.SilentDrew: True, events.DiscardSeeded: True, events.Presented: True, events.ContestRanked: True,
    events.GameEnded: True,
}  # fmt: skip


def reveals(happened: list[Event] | tuple[Event, ...]) -> bool:
    """Did a move show chance or hidden information (a bag or deck draw, a fish's back)?"""
    return any(REVEALS[type(e)] or (isinstance(e, events.MasterAnglerTaken) and e.from_deck) for e in happened)
