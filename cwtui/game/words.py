"""Plain words for moves and events, as a player reads them.

Every function takes the `viewer` seat, and events reach words only as that seat may
know them (`engine.visibility.seen`: another seat's fish cards and tackle kinds never
do). viewer=None means a bystander who sees only what is public; EVERYONE, a replay's
full view.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, Protocol, TypeVar, assert_never, cast

from engine import events
from engine.bots.judge import graded
from engine.cards import Cards
from engine.components import (
    COLOR_INDEX,
    COLORS,
    CONTEST_ORDER,
    CONTEST_TROPHY,
    FISH_TO_END,
    LOCATION_INDEX,
    LOCATION_OF_COLOR,
    LOCATIONS,
    SPACE_INDEX,
)
from engine.config import SEAT_KINDS as ENGINE_SEAT_KINDS
from engine.config import SeatConfig, kind_name
from engine.log import StandIn
from engine.moves import (
    AnyMove,
    BaitTo,
    Catch,
    CatchFirst,
    EndTurn,
    LetGo,
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
from engine.phases import ASKS, OVER
from engine.view import View
from engine.visibility import FishCaughtUnseen, LocationRefilledUnseen, PresentUnseen, TackleDrawnUnseen, seen

TROPHY_NAMES = {
    "first_to_12": "First to 12 Fish",
    "mystery_weight": "Mystery Weight",
    "three_identical": "Master Angler: Three Identical",
    "four_different": "Master Angler: Four Different",
    "small_species": "Small Species",
    "first_to_8_species": "First to 8 Species",
    "shore_contest": "Shore contest",
    "river_contest": "River contest",
    "lake_contest": "Lake contest",
}

# A score's parts as a review names them (engine.bots.judge.PARTS): the trophies, and the rest
# of the score sheet (R11.1).
PART_NAMES = {**TROPHY_NAMES, "master_anglers": "Master Anglers caught", "tags": "tag points"}


# Who may sit at a seat, as the seat pickers offer them: bots by difficulty (easy is the
# one-step greedy bot; medium and hard search, hard with the larger budget).
SEAT_KINDS: tuple[tuple[str, str], ...] = tuple(
    ("Human" if kind == "human" else f"Bot: {kind_name(kind)}", kind)
    for kind in ("human", "greedy", "medium", "hard", "random")
)

# A seat's kind as its panel names it.
KIND_NAMES = {
    **{kind: "human" if kind == "human" else f"{kind_name(kind)} bot" for kind in ENGINE_SEAT_KINDS},
    "silent": "solo rules, R12",  # the silent player: its name says what it is, the code which rules it plays by
}


def seat_list(seats: Iterable[SeatConfig]) -> str:
    """Who plays a game, as a list of games shows it: "Ana, Bo (easy)"."""
    return ", ".join(s.name + ("" if s.kind == "human" else f" ({kind_name(s.kind)})") for s in seats)


EVERYONE = -1  # a viewer who knows every secret (a replay's full view)


class Weighing(Protocol):
    """A move as the hint weighs it (engine.bots.judge.Weighed): the points it gives up
    against the judge's best, their 95% margin, and where the best's lead lies."""

    @property
    def loss(self) -> float: ...
    @property
    def margin(self) -> float: ...
    @property
    def why(self) -> tuple[tuple[str, float], ...]: ...


def tenths(value: float) -> float:
    """Points to the tenth below, as the grades are bounded (GRADE_BOUNDS: a loss under
    0.5 is best, which rounded could read 0.5); the nudge keeps a tenth that a float
    holds as 0.6999… a tenth. The hint and the review say a loss by it alike (the hint's
    "gives up 5.1", rounded, read "−5.0" in the review)."""
    return math.floor(value * 10 + 1e-9) / 10


def as_good(loss: float, margin: float = 0.0) -> bool:
    """A move giving up so little, or so little surely, that the review grades it as it
    grades the best (engine.bots.judge.graded: by its interval's lower end)."""
    return graded(loss, margin) == "best"


def hint_mark(w: Weighing, best: bool) -> str:
    """What an option the hint weighed is marked with in the list."""
    if best:
        return "◀ hint"
    return "◀ as good" if as_good(w.loss, w.margin) else f"◀ −{tenths(w.loss):.1f}{KEEP}points"


def species_of(cards: Cards, fish: int) -> str:
    return cards.species_names[cards.fish_species[fish]]


def pounds(weight: int) -> str:
    """A weight with its unit, which no line breaks apart ("6 lb", never "6" / "lb")."""
    return f"{weight}{KEEP}lb"


def units_kept(text: str) -> str:
    """Written text (a lesson's) with each number held to its unit ("6 lb", "+1 VP")."""
    return _UNITS.sub(lambda m: f"{m.group(1)}{KEEP}{m.group(2)}", text)


_UNITS = re.compile(r"(\d) (lb|VP)\b")


def fish_name(cards: Cards, fish: int, known: bool, backs: bool = False) -> str:
    """ "Roach (2 lb)"; `backs`: with its tag and time too ("Roach (2 lb, pink, 13:00)"),
    where the weight alone does not tell it from another of the seat's."""
    name = species_of(cards, fish)
    if not known:
        return name
    if backs:
        return f"{name} ({pounds(cards.fish_weight[fish])}, {cards.fish_tag[fish]}, {cards.fish_time[fish]})"
    return f"{name} ({pounds(cards.fish_weight[fish])})"


# A space at which no line breaks (the widgets' wrapping keeps it: cwtui.widgets.wrap):
# a card's name ("Conger Eel #7") and a hint's rate ("(62% win)") read whole.
KEEP: Final = "\u00a0"


def master_angler_name(cards: Cards, card: int) -> str:
    return f"{cards.ma_kind[card]} #{card}".replace(" ", KEEP)


def where(location: str, zone: int) -> str:
    return f"{location.capitalize()} zone {zone}"


def option(v: View, cards: Cards, legal: Move) -> str:
    """The label of a legal move in the prompt, for the seat that makes it. Made from a
    View (any seat's: what it uses is public), so a client holding only its own can."""
    move = cast("AnyMove", legal)  # every Move is one of AnyMove: mypy checks each is put into words
    p = v.seats[v.to_act]
    if isinstance(move, PlaceAngler):
        return f"Place your {p.hand} on {_space(move.space, p.hand)}"
    if isinstance(move, RemoveAngler):
        face = v.spaces[SPACE_INDEX[move.space]]
        return f"Take the {face} off {_space(move.space, face)}"
    if isinstance(move, Refill):
        missing = move.zone - sum(p.board[move.zone - 3])
        return f"Refill zone {move.zone} (draw {missing} bait)"
    if isinstance(move, TakeMasterAngler):
        if move.card is None:
            return f"Take the top Master Angler card ({v.master_angler_deck} in the deck)"
        # its slots' colors: what a player weighs it by (the display's glyphs are a pane away at 80x24)
        slots = " ".join(COLORS[c] for c in cards.ma_slots[move.card])
        return f"Take {master_angler_name(cards, move.card)} ({slots})"
    if isinstance(move, BaitTo):
        color = v.action_color or "?"
        if move.card is None:
            return f"Discard the {color} bait"
        return f"Put the {color} bait on {master_angler_name(cards, move.card)}"
    if isinstance(move, CatchFirst):
        loc = LOCATIONS[LOCATION_OF_COLOR[COLOR_INDEX[v.action_color]]] if v.action_color else "?"
        fish = v.locations[LOCATION_INDEX[loc]][move.zone - 3] if v.action_color else None
        return f"Catch for zone {move.zone} first: {where(loc, move.zone)}, {fish or 'no fish'}"
    if isinstance(move, Catch):
        if move.deck_top:
            top = v.deck_tops[LOCATION_INDEX[move.location]]
            top_text = f", a {top}," if top else ""  # fish side up: its species shows (R2.1)
            return f"Take the {move.location.capitalize()} deck's top card{top_text} instead (zone 6 bonus)"
        species = v.locations[LOCATION_INDEX[move.location]][move.zone - 3]
        tackle = " + ".join(t for t, used in (("Rod", move.rod), ("Line", move.line)) if used)
        return f"Catch the {species} in {where(move.location, move.zone)}" + (f" with your {tackle}" if tackle else "")
    if isinstance(move, LetGo):
        return "Catch nothing: that zone has no fish"
    if isinstance(move, PlayLure):
        if len(move.zones) == 2 and move.zones[0] == move.zones[1]:
            return f"Lure: remove 2 {move.color} bait (both from zone {move.zones[0]})"
        zones = " and ".join(f"zone {z}" for z in move.zones)
        return f"Lure: remove {len(move.zones)} {move.color} bait ({zones})"
    if isinstance(move, PlayReel):
        return f"Reel: swap the {move.color_a} in zone {move.zone_a} with the {move.color_b} in zone {move.zone_b}"
    if isinstance(move, EndTurn):
        return "End your turn"
    if isinstance(move, SilentDraws):
        return f"The silent player draws {move.count} bait" + (" (you are behind on fish)" if move.count == 1 else "")
    if isinstance(move, SilentClear):
        if move.choice == "master_angler":
            return "Give the silent player a second Master Angler card"
        return "Draw 7 bait from the bag into the discard"
    if isinstance(move, Present):
        if not move.fish:
            return "Present nothing"
        # a fish the seat holds another of, same species and weight, is told apart by
        # its back: its tag (a point if it matches) and its time (the tie-break)
        seen = Counter((cards.fish_species[f], cards.fish_weight[f]) for f in p.fish or ())
        alike = {f for f in move.fish if seen[cards.fish_species[f], cards.fish_weight[f]] > 1}
        parts = [fish_name(cards, f, True, backs=f in alike) for f in move.fish]
        total = sum(cards.fish_weight[f] for f in move.fish)
        # a presented fish whose tag matches the tag tile is a point (R11.1): said, as
        # the seat's panel marks it, so a choice between fish need not be looked up
        tagged = sum(cards.fish_tag[f] == v.tag for f in move.fish) if v.tag_points else 0
        points = f", +{quantity(tagged, 'tag point')}" if tagged else ""
        return f"Present {', '.join(parts)}: {pounds(total)}{points}"
    assert_never(move)


def mid_sentence(text: str) -> str:
    """An option's words inside a sentence: "played place your 2 on green"."""
    return text[:1].lower() + text[1:]


def targets(move: Move) -> set[str]:
    """What on the board a move is about, as the play screen's click targets name it."""
    if isinstance(move, (PlaceAngler, RemoveAngler)):
        return {move.space}
    if isinstance(move, (Refill, CatchFirst)):
        return {f"zone:{move.zone}"}
    if isinstance(move, (TakeMasterAngler, BaitTo)) and move.card is not None:
        return {f"card:{move.card}"}
    if isinstance(move, Catch) and not move.deck_top:
        return {f"fish:{move.location}:{move.zone}"}
    return set()


def _space(space: str, face: int) -> str:
    if space == "port":
        return f"{space_name(space)} (" + ("1 action" if face == 1 else "2 actions") + ")"
    what = "one" if face == 1 else "every"
    return f"{space_name(space)} ({what} {space} bait from each zone)"


PLURALS: Final = {"inaccuracy": "inaccuracies"}  # nouns whose plural is not the noun and an s


def quantity(n: int, noun: str) -> str:
    """ "1 game", "2 games", "1,000 games", "3 inaccuracies"."""
    return f"{n:,} {noun if n == 1 else PLURALS.get(noun, noun + 's')}"


def counted(names: Iterable[str], points: Mapping[str, int] | None = None, sep: str = ", ") -> str:
    """Names in first-seen order, each once with its count: "Crab ×3, Ray"; with `points`,
    each followed by its points ("Mystery Weight ×2 (1 each)", "Shore contest 5"); `sep`
    between them (a line each in a narrow column, where "Dogfish," would not fit)."""
    counts = Counter(names)
    said = []
    for name, n in counts.items():  # a count never wraps apart from its name ("Conger Eel" / "×2")
        if points is None:
            said.append(f"{name}{KEEP}×{n}" if n > 1 else name)
        else:
            said.append(f"{name}{KEEP}×{n} ({points[name]} each)" if n > 1 else f"{name} {points[name]}")
    return sep.join(said)


def space_name(space: str) -> str:
    """An angler space as a sentence names it: "the Port", or its color."""
    return "the Port" if space == "port" else space


def possessive(name: str) -> str:
    """`name`'s, as a header says whose turn it is: "Ana's", and "Your" for a player who
    named themselves You (the table said "You's turn")."""
    return "Your" if name.strip().casefold() == "you" else f"{name}'s"


def round_of(turn: int, seats: int) -> int:
    """The round a turn falls in, counted from 1: one turn of every seat (the silent
    player's too), as the status bar counts it."""
    return (turn - 1) // seats + 1


def whose_turn(v: View, names: Sequence[str]) -> str:
    """Where the game stands, for a header: "Round 4 · Ana's turn · Step 2". A round is
    one turn of every seat (the silent player's too), so it matches the table's count."""
    if v.phase == OVER:
        return "Game over"
    if v.phase == "present":
        return f"End contests: {LOCATIONS[CONTEST_ORDER[v.contest]].capitalize()}"
    parts = [f"Round {round_of(v.turn, len(v.seats))}", f"{possessive(names[v.active])} turn"]
    if v.step:
        parts.append(f"Step {v.step}")
    if v.end_trigger >= 0:
        parts.append(last_round(v, names))
    return " · ".join(parts)


def last_round(v: View, names: Sequence[str]) -> str:
    """R9.2 — after the end is triggered, every other seat plays once more; `final_turns`
    counts the turns still to play, this one included. Who plays after this turn is
    named: "1 more turn" on Cy's turn read as if Cy's were the last, with Ana's to come."""
    after = v.final_turns - 1
    if after <= 0:
        return "last round: the last turn"
    still = [names[(v.active + i) % len(names)] for i in range(1, after + 1)]
    return f"last round: then {' and '.join(still)}" + (", the last turn" if after == 1 else ", the last turns")


def end_in_sight(v: View, short: bool = False) -> str:
    """R9.1 as a player at the table counts it, before the end is triggered: the most fish
    any seat holds against twelve, and the deck nearest empty (a location whose deck
    cannot refill it to four cards ends the game). `short`: for 80 columns."""
    most = max(len(seat.species) for seat in v.seats)
    leader = next(seat.name for seat in v.seats if len(seat.species) == most)
    left = [sum(deck.values()) for deck in v.decks]
    low = min(range(len(left)), key=lambda i: (left[i], i))
    location = LOCATIONS[low].capitalize()
    if short:
        return f"end: {FISH_TO_END} fish ({leader} {most}) · {location} deck {left[low]}"
    return f"end: {FISH_TO_END} fish ({leader} {most}) or an empty deck ({location} {left[low]})"


def pending(v: View, options: Sequence[Move] | None = None) -> str:
    """What decision is pending, in a sentence, for the seat to act: the engine's own
    words for the phase (engine.phases.ASKS), with what this position adds. With its
    `options`, a step that offers no tackle does not say "(or play tackle)" (it did
    beside "Tackle none")."""
    asks = ASKS[v.phase].asks
    phase = v.phase
    match phase:
        case "place" | "remove":
            detail = ""
            if options is not None and not any(isinstance(m, PlayLure | PlayReel) for m in options):
                asks = asks.removesuffix(" (or play tackle)")
        case "after" | "catch_order" | "silent_draws" | "silent_clear" | "over":
            detail = ""
        case "port":
            detail = f" ({v.ports_left} left)"
        case "bait":  # one decision a bait: which one this is, and how many come after it
            # "to place": "…your zone 5, the last)" read as zone 5's last bait, the zone
            # emptied (a newcomer's read), where it is the last of these bait to place
            zone = v.bait_queue[0] if v.bait_queue else "?"
            after = len(v.bait_queue) - 1
            detail = f" (the {v.action_color or '?'} bait from your zone {zone}" + (
                f", then {after} more to place)" if after > 0 else ", the last to place)"
            )
        case "catch":
            detail = f" (your zone {v.catch_zone} is empty)"
        case "present":
            asks = f"{LOCATIONS[CONTEST_ORDER[v.contest]]} contest: {asks}"
            detail = ""
        case "action_done" | "turn_done":  # never pending outside engine.game.apply
            detail = ""
        case _:
            assert_never(phase)
    return asks[0].upper() + asks[1:] + detail + "."


def narrate(
    cards: Cards, names: Sequence[str], seat: int, move: Move, events: Sequence[events.Event], viewer: int | None
) -> list[str]:
    """A ply in lines, each under the name of who did it: the mover's line first ("Ana:
    places a 2 on purple; …"), then a line for each run of what another seat or the
    table did because of it (a contest's entries, the end of the game)."""
    return [_line(names, subject, clauses) for subject, clauses in narrated(cards, names, seat, move, events, viewer)]


def narrated(
    cards: Cards, names: Sequence[str], seat: int, move: Move, events: Sequence[events.Event], viewer: int | None
) -> list[tuple[int | None, list[str]]]:
    """`narrate`'s lines before they are written: each run's clauses under the seat that
    did them (None: the table — a contest's ranking, the next Mystery Weight)."""
    groups: list[tuple[int | None, list[str]]] = [(seat, ["ends the turn"] if isinstance(move, EndTurn) else [])]
    for subject, text in _clauses(cards, names, events, viewer):
        if subject == groups[-1][0]:
            groups[-1][1].append(text)
        else:
            groups.append((subject, [text]))
    if not groups[0][1]:
        if isinstance(move, Present | PresentUnseen):  # which fish stays hidden until the contest (R10.1)
            groups[0][1].append(f"chooses what to present at the {move.location.capitalize()}")
        elif isinstance(move, CatchFirst):  # R5.4: the catch itself comes with the next decision
            groups[0][1].append(f"chooses zone {move.zone}'s catch to come first")
        elif len(groups) == 1:
            groups[0][1].append("nothing happens")
        else:
            groups.pop(0)
    return groups


def narrate_line(
    cards: Cards, names: Sequence[str], seat: int, move: Move, events: Sequence[events.Event], viewer: int | None
) -> str:
    """A ply on one line (a replay's move list)."""
    return " — ".join(narrate(cards, names, seat, move, events, viewer))


class Played(Protocol):
    """A ply as a game's history keeps it (a session's, a server's table's)."""

    @property
    def seat(self) -> int: ...
    @property
    def move(self) -> Move: ...
    @property
    def events(self) -> Sequence[events.Event]: ...
    @property
    def stand_in(self) -> StandIn | None: ...


P = TypeVar("P", bound=Played)


def since_last_turn(plies: Sequence[P], seat: int) -> list[P]:
    """The plies since `seat`'s last own move, oldest first (a server's bot playing
    for the seat counts as another's: its player was away)."""
    recent: list[P] = []
    for ply in reversed(plies):
        if ply.seat == seat and ply.stand_in is None:
            # presenting last, the seat's own move closed a contest (R10.2): its
            # ranking and trophies came after the choice, and the strip left them out
            if any(isinstance(e, events.ContestRanked) for e in ply.events):
                recent.append(ply)
            break
        recent.append(ply)
    return recent[::-1]


def trophies_taken(happened: Iterable[events.Event], seat: int | None) -> str | None:
    """The trophies `seat` took during play (R8) as the table tells its player at once
    ("You take the Mystery Weight (6 VP) trophy."): in the event log alone a newcomer
    took three Mystery Weights without noticing. One sentence a move, however many it
    took; none for a contest's trophy (R10), which the contest's own lines and the
    results say."""
    taken = [
        f"{TROPHY_NAMES.get(e.trophy, e.trophy)} ({e.points} VP)"
        for e in happened
        if isinstance(e, events.TrophyTaken) and e.seat == seat and e.trophy not in CONTEST_TROPHY
    ]
    if not taken:
        return None
    said = taken[0] if len(taken) == 1 else ", ".join(taken[:-1]) + " and " + taken[-1]
    return f"You take the {said} {'trophy' if len(taken) == 1 else 'trophies'}."


def in_order(asking: View, options: Iterable[Move], cards: Cards) -> list[Move]:
    """The options as the table lists them: the engine's order, but a presentation's
    heaviest first."""
    listed = list(options)
    if asking.phase == "present":
        weight = cards.fish_weight

        def heaviest(m: Move) -> tuple[int, int]:
            fish = m.fish if isinstance(m, Present) else ()
            return -sum(weight[f] for f in fish), len(fish)

        listed.sort(key=heaviest)
    return listed


def since_runs(
    cards: Cards, names: Sequence[str], plies: Sequence[Played], seat: int
) -> list[tuple[str | None, list[str]]]:
    """What `plies` did, as `seat` may know it, a run a seat: "Bo", ["places a 2 on
    yellow", "takes the 2 off the Port", …]; a server's bot playing a seat named so;
    what the table did (the next Mystery Weight, a contest's ranking) under no name
    (it read "The next Mystery Weight is 6 lb: .")."""
    runs: list[tuple[str | None, list[str]]] = []
    for ply in plies:
        for subject, clauses in narrated(cards, names, ply.seat, ply.move, ply.events, seat):
            who = None if subject is None else names[subject]
            if ply.stand_in is not None and subject == ply.seat:
                who = f"{who} (a bot)"
            if runs and runs[-1][0] == who:
                runs[-1][1].extend(clauses)
            else:
                runs.append((who, list(clauses)))
    return runs


def run_said(who: str | None, clauses: Sequence[str]) -> str:
    """A run of clauses as one sentence, under `who` ("Bo: places …; takes …"), or the
    table's own, under no name and begun in capitals ("The next Mystery Weight is 6 lb")."""
    text = "; ".join(clauses)
    return f"{who}: {text}" if who else text[:1].upper() + text[1:]


def _line(names: Sequence[str], subject: int | None, clauses: list[str]) -> str:
    return run_said(None if subject is None else names[subject] if subject < len(names) else "?", clauses)


def _clauses(
    cards: Cards, names: Sequence[str], happened: Sequence[events.Event], viewer: int | None
) -> list[tuple[int | None, str]]:
    """(who, what) for each thing that happened, as `viewer` may know it; who is a seat,
    or None for the table (a contest's ranking, a deck running short)."""
    clauses: list[tuple[int | None, str]] = []
    # a Rod or Line is played for a catch, which says "with a Rod": "plays a Rod; catches
    # a Roach … with a Rod" said it twice (a whole-game read)
    caught_with = {k for e in happened if isinstance(e, events.FishCaught | FishCaughtUnseen) for k in e.how.split("+")}
    i = 0
    while i < len(happened):
        e = happened[i]
        subject = getattr(e, "seat", None)
        if isinstance(e, events.TacklePlayed) and e.kind in caught_with:
            i += 1
            continue
        if isinstance(e, events.BaitRemoved):  # group a run of the same bait to the same place
            run = cast("Sequence[events.BaitRemoved]", _run(happened, i))
            to = "the discard" if e.card is None else master_angler_name(cards, e.card)
            clauses.append((subject, f"{len(run)} {e.color} bait {zones_of(run)} to {to}"))
            i += len(run)
            continue
        if isinstance(e, events.BaitDrawn):
            drawn = [x for x in _run(happened, i) if isinstance(x, events.BaitDrawn)]
            clauses.append((subject, f"draws {', '.join(x.color for x in drawn)} into zone {e.zone}"))
            i += len(drawn)
            continue
        text = _event(cards, names, e if viewer == EVERYONE else seen(e, viewer, cards))
        if text:
            clauses.append((subject, text))
        i += 1
    return clauses


def zones_of(removed: Sequence[events.BaitRemoved]) -> str:
    """Where bait came from, said: "from zone 5", "from zones 3 and 6". Two bait of one
    colour from two zones, each its own decision, read as one line said twice when the
    zone went unsaid (issue 52.2)."""
    zones = sorted({e.zone for e in removed})
    if len(zones) == 1:
        return f"from zone {zones[0]}"
    return "from zones " + ", ".join(map(str, zones[:-1])) + f" and {zones[-1]}"


def _run(happened: Sequence[events.Event], start: int) -> Sequence[events.Event]:
    """The events from `start` on that narrate as one clause: the same bait to the same
    place, or bait drawn into the same zone."""

    def key(e: events.Event) -> tuple[object, ...] | None:
        if isinstance(e, events.BaitRemoved):
            return ("removed", e.seat, e.color, e.card)
        if isinstance(e, events.BaitDrawn):
            return ("drawn", e.zone)
        return None

    first = key(happened[start])
    end = start + 1
    while end < len(happened) and key(happened[end]) == first:
        end += 1
    return happened[start:end]


def _event(cards: Cards, names: Sequence[str], event: events.Event) -> str:
    """What happened, without who did it (narrate puts each clause under its seat's name)."""
    # every Event is one of AnyEvent or a redacted stand-in: mypy checks each is handled
    e = cast("events.AnyEvent | FishCaughtUnseen | LocationRefilledUnseen | TackleDrawnUnseen", event)
    if isinstance(e, events.AnglerPlaced):
        return f"places a {e.face} on {space_name(e.space)}"
    if isinstance(e, events.AnglerRemoved):
        return f"takes the {e.face} off {space_name(e.space)}"
    if isinstance(e, events.FishCaught):  # the viewer's own, or everyone's in a full replay
        return f"catches a {fish_name(cards, e.card, True)} in {where(e.location, e.zone)}{CAUGHT_HOW[e.how]}"
    if isinstance(e, FishCaughtUnseen):
        return f"catches a {e.species} in {where(e.location, e.zone)}{CAUGHT_HOW[e.how]}"
    if isinstance(e, events.NoCatch):
        return f"zone {e.board_zone} empties but {where(e.location, e.zone)} has no fish"
    if isinstance(e, events.ClearBaitDrawn):
        # R4.5: the whole discard goes back into the bag ("the clear bait! 4 bait return
        # from the discard to the bag" read as an exclamation, not as what happened)
        back = (
            "the discard is empty" if not e.returned
            else f"the discard's {e.returned} bait {'goes' if e.returned == 1 else 'go'} back into the bag"
        )  # fmt: skip
        return f"draws the clear bait: {back}"
    if isinstance(e, events.RefillStopped):
        return f"the bag runs dry: zone {e.zone} stays short"
    if isinstance(e, events.NothingToDo):
        return "the Port action can do nothing"
    if isinstance(e, events.MasterAnglerTaken):
        return f"takes {master_angler_name(cards, e.card)}" + (" from the deck" if e.from_deck else "")
    if isinstance(e, events.MasterAnglerCaught):
        return f"catches the Master Angler {master_angler_name(cards, e.card)} (+1 VP)"
    if isinstance(e, events.TackleDrawn):
        return f"draws a {e.kind.capitalize()}"
    if isinstance(e, TackleDrawnUnseen):
        return "draws a tackle token"
    if isinstance(e, events.TacklePlayed):
        return f"plays a {e.kind.capitalize()}"
    if isinstance(e, events.TackleReshuffled):
        return "the used tackle is shuffled into a new deck"
    if isinstance(e, events.BaitSwapped):
        return f"swaps {e.color_a} (zone {e.zone_a}) with {e.color_b} (zone {e.zone_b})"
    if isinstance(e, events.LocationShort):
        return f"the {e.location.capitalize()} deck cannot refill its zones"
    if isinstance(e, events.FishRevealed):
        return f"reveals a {pounds(e.weight)} {species_of(cards, e.card)}"
    if isinstance(e, events.TrophyTaken):
        return f"takes the {TROPHY_NAMES.get(e.trophy, e.trophy)} trophy ({e.points} VP)"
    if isinstance(e, events.MysteryWeightRevealed):
        return f"the next Mystery Weight is {pounds(e.weight)}"
    if isinstance(e, events.AnglerKept):
        return f"keeps a {e.face}"
    if isinstance(e, events.EndTriggered):
        why = "12 fish" if e.reason == "twelve_fish" else "a location ran out of fish"
        return f"triggers the end ({why}): everyone else plays one last turn"
    if isinstance(e, events.SilentDrew):
        return f"the silent player draws {e.color}"
    if isinstance(e, events.AnglerMoved):
        return f"moves a token from {space_name(e.from_space)} to {space_name(e.to_space)}"
    if isinstance(e, events.DiscardSeeded):
        return f"{len(e.colors)} bait go from the bag to the discard"
    if isinstance(e, events.Presented):
        fish = ", ".join(fish_name(cards, f, True) for f in e.fish)
        return f"presents {fish}: {pounds(e.weight)}" if e.fish else "presents nothing"
    if isinstance(e, events.ContestRanked):
        order = ", ".join(names[s] for s in e.ranking) or "nobody"
        return f"{e.location.capitalize()} contest: {order}"
    if isinstance(e, events.GameEnded):
        return f"the game is over: {names[e.winner]} wins"
    if isinstance(e, SHOWN_BY_THE_BOARD):
        return ""
    assert_never(e)


# Events the board itself shows (bait runs are grouped into one clause by narrate).
SHOWN_BY_THE_BOARD = (
    events.TurnEnded, events.LocationRefilled, LocationRefilledUnseen, events.ClearBaitReturned, events.DisplayRefilled,
    events.BaitRemoved, events.BaitDrawn,
)  # fmt: skip

CAUGHT_HOW = {
    "bait": "", "silent": "", "rod": " with a Rod", "line": " with a Line", "rod+line": " with a Rod and a Line",
    "deck_top": " from the top of the deck",
}  # fmt: skip


# Why a bot played a human seat's move in a server's room (engine.log.StandIn), after
# "a bot, for": the seat's player was away past the takeover time, resigned, or ran out
# of time on the room's clock.
STAND_IN_WHY: Final = {"away": "an away player", "resigned": "a resigned player", "time": "a player out of time"}
