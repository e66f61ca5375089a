"""What the rules keep face down, in order — shown only in the replay's full view.

R2: the decks, the Mystery Weight tiles, the Master Angler and tackle decks are shuffled
at setup and the bait is drawn from a bag. A line per pile, each drawn again only when
its pile changed (a move changes one or two of them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rich.text import Text

from cwtui.game.words import species_of
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
    lines = [Text("Face down, next first", style="bold underline")]
    for loc, deck in enumerate(state.decks):
        upcoming = ", ".join(f"{species_of(cards, f)} {cards.fish_weight[f]}" for f in reversed(deck[-6:]))
        more = f" … {len(deck) - 6} more" if len(deck) > 6 else ""
        lines.append(labelled(f"{LOCATIONS[loc].capitalize()} deck: ", (upcoming or "empty") + more))
    lines.append(labelled("Mystery Weight tiles: ", ", ".join(str(w) for w in reversed(state.mystery)) or "none"))
    masters = ", ".join(f"{cards.ma_kind[c]} #{c}" for c in reversed(state.ma_deck[-4:]))
    lines.append(labelled("Master Angler deck: ", masters or "empty"))
    tackle = ", ".join(TACKLE[t].capitalize() for t in reversed(state.tackle_deck))
    lines.append(labelled("Tackle deck: ", tackle or "empty"))
    bag = [f"{n} {COLORS[c]}" for c, n in enumerate(state.bag) if n] + ["the clear bait"] * state.clear_in_bag
    lines.append(labelled("Bag (drawn at random): ", ", ".join(bag) or "empty"))
    lines.append(Text(f"Tag tile: {state.tag}", style="dim"))
    return lines


def as_drawn(line: Text) -> Callable[[int], Text]:
    return lambda width: line  # Rich wraps it to the width


def labelled(label: str, value: str) -> Text:
    return Text.assemble((label, "dim"), value)
