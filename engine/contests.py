"""End of game: the location contests (R10) and the final score (R11)."""

from __future__ import annotations

from engine.cards import Cards
from engine.components import CONTEST_ORDER, CONTEST_TROPHY, LOCATION_INDEX, LOCATIONS
from engine.events import ContestRanked, Event, GameEnded, Presented, ScoreLine, TrophyTaken
from engine.moves import Present
from engine.phases import OVER, PRESENT
from engine.state import Player, State, Trophy

NO_TIME = "99:99"  # later than any HH:MM: a player who presented nothing loses ties


def start(s: State, ev: list[Event]) -> None:
    s.step = 0
    s.contest = 0
    s.present_seat = -1
    next_presenter(s, ev)


def next_presenter(s: State, ev: list[Event]) -> None:
    """Seats present in seat order, location by location; the silent player presents its
    heaviest fish (R12.6)."""
    while s.contest < len(CONTEST_ORDER):
        loc = CONTEST_ORDER[s.contest]
        seat = s.present_seat + 1
        while seat < len(s.players) and s.players[seat].silent:
            s.players[seat].presented[loc] = heaviest(s, s.players[seat], loc)
            seat += 1
        if seat < len(s.players):
            s.present_seat = seat
            s.phase = PRESENT
            return
        resolve(s, loc, ev)
        s.contest += 1
        s.present_seat = -1
    score(s, ev)


def present(s: State, move: Present, ev: list[Event]) -> None:
    s.players[s.present_seat].presented[LOCATION_INDEX[move.location]] = tuple(move.fish)
    next_presenter(s, ev)


def heaviest(s: State, p: Player, loc: int) -> tuple[int, ...]:
    """One fish per species: the heaviest, the earliest timestamp among equals."""
    cards = s.cards
    best: dict[int, int] = {}
    for f in p.fish:
        if cards.fish_location[f] != loc:
            continue
        sp = cards.fish_species[f]
        key = (-cards.fish_weight[f], cards.fish_time[f])
        if sp not in best or key < (-cards.fish_weight[best[sp]], cards.fish_time[best[sp]]):
            best[sp] = f
    return tuple(sorted(best.values()))


def earliest(s: State, fish: tuple[int, ...]) -> str:
    return first_time(s.cards, fish)


def first_time(cards: Cards, fish: tuple[int, ...]) -> str:
    """The earliest timestamp among `fish`, which breaks ties (R10.3, R11.3); NO_TIME for
    none."""
    return min((cards.fish_time[f] for f in fish), default=NO_TIME)


def contest_order(cards: Cards, presented: list[tuple[int, tuple[int, ...]]]) -> list[tuple[int, int, str]]:
    """R10.2, R10.3 — the seats that presented fish at a location, as (seat, total
    weight, earliest timestamp), in the contest's order: the heaviest total first, equal
    totals to the earliest timestamp, then to the earlier seat. `presented`: (seat, its
    fish) for every seat."""
    weights = cards.fish_weight
    entrants = [(-sum(weights[f] for f in fish), first_time(cards, fish), seat) for seat, fish in presented if fish]
    entrants.sort()
    return [(seat, -negative, time) for negative, time, seat in entrants]


def resolve(s: State, loc: int, ev: list[Event]) -> None:
    """R10.2, R10.3 — rank by presented weight, ties to the earliest timestamp."""
    order = contest_order(s.cards, [(p.seat, p.presented[loc]) for p in s.players])
    for seat, total, _time in sorted(order):
        ev.append(Presented(seat, LOCATIONS[loc], s.players[seat].presented[loc], total))
    kind = CONTEST_TROPHY[loc]
    stack = s.stacks[kind]
    for seat, _total, _time in order:
        if stack:
            points = stack.pop()
            s.players[seat].trophies.append(Trophy(kind, points))
            ev.append(TrophyTaken(seat, kind, points))
    ev.append(ContestRanked(LOCATIONS[loc], tuple(seat for seat, _total, _time in order)))


def score_line(s: State, p: Player) -> tuple[int, int, int]:
    """R11.1, R11.2 — trophy points, caught Master Anglers, tag points."""
    trophies = sum(t.points for t in p.trophies)
    tags = 0
    if s.config.tag_points:
        tag = s.tag
        tags = sum(1 for fish in p.presented for f in fish if s.cards.fish_tag[f] == tag)
    return trophies, len(p.ma_caught), tags


def score(s: State, ev: list[Event]) -> None:
    """R11 — totals and the winner (R11.3 ties; R12.6 solo: you must beat the silent one)."""
    lines = {p.seat: score_line(s, p) for p in s.players}
    totals = {seat: sum(parts) for seat, parts in lines.items()}
    if s.config.solo:
        order = [0, 1] if totals[0] > totals[1] else [1, 0]
    else:
        # R11.3: the earliest presented fish breaks ties; ruling: if that ties too
        # (neither presented a fish), the later seat in turn order ranks higher.
        def key(p: Player) -> tuple[int, str, int]:
            return (-totals[p.seat], earliest(s, tuple(f for fs in p.presented for f in fs)), -p.seat)

        order = [p.seat for p in sorted(s.players, key=key)]
    rank = {seat: i + 1 for i, seat in enumerate(order)}
    scores = tuple(ScoreLine(seat, *lines[seat], totals[seat], rank[seat]) for seat in sorted(lines))
    ev.append(GameEnded(scores, order[0]))
    s.result = scores
    s.phase = OVER
