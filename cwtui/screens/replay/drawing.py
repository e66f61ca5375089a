"""What a replay shows at a position from a perspective: the table's parts and the status
bar. Pure functions of the cursor, so that the screen draws the position it is at and
draws every other position ahead (cwtui.screens.replay.ahead) the same way."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text

from cwtui.game import words
from cwtui.game.replaying import EVERYONE, SPECTATOR, ReplayCursor, Scrubber
from cwtui.lang import _
from cwtui.widgets.move_list import Row
from cwtui.widgets.table.marks import NO_MARKS, Marks, changes
from engine.state import State
from engine.view import View


@dataclass(frozen=True)
class Drawing:
    """What the table shows at a position, from the screen's perspective."""

    board: View  # the boards' view (that of the seat whose view is drawn)
    marks: Marks  # what the move that led here changed
    seats: tuple[tuple[View, bool, bool], ...]  # each panel's view, private, yours
    hidden: State | None  # the face-down piles, in the full view
    this_move: Text
    notes: Text  # the review's line at a graded decision, and a hint asked here (also in this_move)


def seat_of(cursor: Scrubber, perspective: int | None) -> int:
    """The seat whose view is drawn: the one to act in the full view, -1 for a
    spectator's (a seat that holds nothing)."""
    if perspective == EVERYONE:
        return cursor.active
    return -1 if perspective is SPECTATOR else perspective


def drawing(cursor: Scrubber, perspective: int | None, notes: Text) -> Drawing:
    """What the table shows at `cursor`'s position from `perspective`, with `notes` (the
    review's line and a hint) under this move."""
    everyone = perspective == EVERYONE
    seat = seat_of(cursor, perspective)
    panels = range(len(cursor.names))
    # the full view draws each seat from its own view, with its secrets
    seen = cursor.shown(panels if everyone else (seat,))
    v = seen[seat]
    before = cursor.shown_before(seat)
    seats = tuple(
        (seen[panel] if everyone else v, everyone or panel == seat, not everyone and panel == seat) for panel in panels
    )
    if cursor.position == 0:
        this_move = Text(_("The game is set up. → plays the first move."), style="dim")
    else:
        this_move = Text(cursor.describe(cursor.position - 1, perspective))
    if notes:
        this_move.append("\n")
        this_move.append_text(notes)
    hidden = cursor.state if everyone and isinstance(cursor, ReplayCursor) else None
    return Drawing(v, NO_MARKS if before is None else changes(before, v), seats, hidden, this_move, notes)


def tallest(cursor: Scrubber, perspective: int | None) -> tuple[View, list[tuple[View, bool]], State | None]:
    """What the table's parts show at their tallest, to hold their heights at
    (ReplayTable.hold_heights): the boards and each panel (its view, private or not) at
    the game's end; the face-down piles, in the full view, at its start."""
    everyone = perspective == EVERYONE
    seat = seat_of(cursor, perspective)
    panels = range(len(cursor.names))
    final = cursor.shown_at_end({seat, *(panels if everyone else ())})
    seats = [(final[panel] if everyone else final[seat], everyone or panel == seat) for panel in panels]
    hidden = cursor.replay.state_at(0) if everyone and isinstance(cursor, ReplayCursor) else None
    return final[seat], seats, hidden


def status(cursor: Scrubber, shown: View | None, perspective: int | None, playing: str, compact: bool) -> Text:
    """The status bar at `cursor`'s position; `shown`: the View drawn there (what the
    status uses is public); `playing`: what autoplay is doing."""
    # Most important first: at 80 columns the line is cut at the end.
    # moves numbered from 1, as the move list, the review and the table number them
    if cursor.position:
        parts = [_("move {move} of {moves}").format(move=cursor.position, moves=cursor.end)]
    else:
        parts = [_("start · {moves} moves").format(moves=cursor.end)]
    if cursor.over:
        parts.append(_("game over — r: results"))  # whose_turn would only say "Game over"
    else:
        seat = seat_of(cursor, perspective)
        parts.append(words.whose_turn(shown or cursor.shown((seat,))[seat], cursor.names))
    if cursor.unfinished:
        parts.append(_("unfinished"))
    if perspective == EVERYONE:
        parts.append(_("view: everything"))
    elif perspective is SPECTATOR:
        parts.append(_("view: a spectator"))
    else:
        parts.append(_("view: {name}").format(name=cursor.names[perspective]))
    parts.append(playing)
    if not compact:  # 80 columns: the line holds where the game stands and the view
        parts.append(cursor.title)
    return Text(" " + " · ".join(parts), style="bold")


def move_rows(cursor: Scrubber, perspective: int | None, mark: Callable[[int], Text | None]) -> list[Row]:
    """The move list: one row for the start, then one per move, narrated for
    `perspective` (a seat, or EVERYONE), with `mark` (a review's) after a move."""
    rows: list[Row] = [(Text(), Text(_("Start of the game"), style="dim"))]
    # the round (as the status bar counts it) where one begins, then the move's number
    seats = len(cursor.names)
    turn = 0
    for line in cursor.lines:
        new_round = line.turn != turn and (line.turn - 1) % seats == 0
        prefix = Text(f"{words.round_of(line.turn, seats):>3} " if new_round else "    ", style="bold")
        turn = line.turn
        prefix.append(f"{line.ply + 1:>4} ", style="dim")
        text = Text(cursor.describe(line.ply, perspective))
        marked = mark(line.ply)
        if marked is not None:
            text.append_text(marked)
        rows.append((prefix, text))
    return rows
