"""What the rules keep face down, in order — shown only in the replay's full view.

R2: the decks, the Mystery Weight tiles, the Master Angler and tackle decks are shuffled
at setup and the bait is drawn from a bag. A line per pile, each drawn again only when
its pile changed (a move changes one or two of them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rich.text import Text

from cwtui.game.words import KEEP, colour, listed, location_name, master_angler_name, spaced, species_of, tackle_name
from cwtui.lang import _
from cwtui.widgets.table.drawn import Drawn, Part
from engine.components import COLORS, LOCATIONS, TACKLE
from engine.state import State


class FaceDown(Drawn):
    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: list[Text] = []

    def show(self, state: State) -> None:
        lines = face_down(state)
        if [line.plain for line in lines] != [line.plain for line in self.lines]:
            self.lines = lines
            self.redraw()

    def warm(self, state: State) -> Iterator[None]:
        """Draw what `show(state)` would show, ahead of showing it (Drawn.warm_parts)."""
        return self.warm_parts(parts_of(face_down(state)))

    def parts(self) -> list[Part]:
        return parts_of(self.lines)


def parts_of(lines: list[Text]) -> list[Part]:
    # the styles are the same for every content of a line: its text is its key
    return [((index, line.plain), as_drawn(line)) for index, line in enumerate(lines)]


def face_down(state: State) -> list[Text]:
    cards = state.cards
    lines = [Text(_("Face down, next first"), style="bold underline")]
    empty = _("empty")
    for loc, deck in enumerate(state.decks):
        upcoming = listed(f"{species_of(cards, f)} {cards.fish_weight[f]}" for f in reversed(deck[-6:]))
        more = " " + _("… {count} more").format(count=len(deck) - 6) if len(deck) > 6 else ""
        label = _("{location} deck:").format(location=location_name(LOCATIONS[loc])) + " "
        lines.append(labelled(label, (upcoming or empty) + more))
    tiles = listed(str(w) for w in reversed(state.mystery)) or _("none")
    lines.append(labelled(spaced(_("Mystery Weight tiles:")), tiles))
    masters = listed(master_angler_name(cards, c).replace(KEEP, " ") for c in reversed(state.ma_deck[-4:]))
    lines.append(labelled(spaced(_("Master Angler deck:")), masters or empty))
    tackle = listed(tackle_name(TACKLE[t]) for t in reversed(state.tackle_deck))
    lines.append(labelled(spaced(_("Tackle deck:")), tackle or empty))
    bag = [f"{n} {colour(COLORS[c], n)}" for c, n in enumerate(state.bag) if n]
    bag += [_("the clear bait")] * state.clear_in_bag
    lines.append(labelled(spaced(_("Bag (drawn at random):")), listed(bag) or empty))
    lines.append(Text(_("Tag tile: {tag}").format(tag=_(state.tag)), style="dim"))
    return lines


def as_drawn(line: Text) -> Callable[[int], Text]:
    return lambda width: line  # Rich wraps it to the width


def labelled(label: str, value: str) -> Text:
    return Text.assemble((label, "dim"), value)
