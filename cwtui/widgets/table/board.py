"""The board as a player sees it at the table (R1.10): the seven angler spaces with
their tokens, Shore, River and Lake with zones 3–6 as small cards, each deck's count and
top species, the Mystery Weight tile, the trophy stacks and who holds their tiles, and
the Master Angler display. Drawn from a View, so it shows only what is public."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rich.box import ROUNDED
from rich.console import RenderableType
from rich.panel import Panel
from rich.style import Style
from rich.table import Table
from rich.text import Text

from cwtui.game.words import (
    KEEP,
    TROPHY_NAMES,
    aside,
    colour,
    in_brackets,
    listed,
    location_name,
    master_angler_name,
    pounds,
)
from cwtui.lang import _
from cwtui.lang.glossary import species as species_name
from cwtui.lang.glossary import word
from cwtui.widgets.glyphs import LOCATION_STYLE, MARK, bait, mark_style, slots, tip
from cwtui.widgets.table import legend
from cwtui.widgets.table.drawn import Drawn, Part
from cwtui.widgets.table.marks import Marks
from cwtui.widgets.table.marks import only as marks_only
from engine.cards import Cards
from engine.components import COLORS, CONTEST_ORDER, CONTEST_TROPHY, LOCATION_OF_COLOR, LOCATIONS, SPACES, ZONES
from engine.view import View

ROOMY = 110  # content columns from which the board spreads out (200×50)

# The trophies in the order of the rulebook's trophy board (R8), then the contests in the
# order they are held (R10: the French rulebook's Shore, Lake, River), as the results say them.
TROPHY_ORDER = (
    "first_to_12", "first_to_8_species", "small_species", "three_identical", "four_different",
    *(CONTEST_TROPHY[loc] for loc in CONTEST_ORDER),
)  # fmt: skip


def clickable(text: Text, target: str) -> Text:
    """Mark text as naming a board `target` (a space, "zone:4", "card:12" or
    "fish:lake:5"); a click on it reaches the play screen with that target. A meta key
    of our own, not Textual's "@click", so the text keeps its colors (no link style)."""
    text.stylize(Style(meta={"target": target}))
    return text


def marked(text: Text, key: str, marks: Marks) -> Text:
    if key in marks:
        text.stylize(mark_style())
    return text


def spaces(v: View, marks: Marks, width: int) -> Text:
    """R1.10 — the seven spaces, clockwise from the Port; each shows the face of the
    token on it, or · when it is free; then the discard, on the line where it fits (its
    counts closer together where they would not), else on the next."""
    text = Text.assemble((_("Angler spaces") + " ", "dim"))
    for i, space in enumerate(SPACES):
        face = v.spaces[i]
        # "Port", not an anchor glyph: terminals disagree on the anchor's width.
        label = Text(word("things", "port"), style="bold reverse") if space == "port" else bait(space)
        label.append_text(
            marked(Text(f"{face}" if face else "·", style="bold" if face else "dim"), f"space:{space}", marks)
        )
        where = _("The Port") if space == "port" else _("The {colour} space").format(colour=colour(space))
        held = _("a {face} token on it").format(face=face) if face else _("free")
        label = tip(label, _("{space}: {held}").format(space=where, held=held))
        text.append_text(clickable(label, space))
        text.append("  ")
    spaced = discard(v, " ")
    if text.cell_len + spaced.cell_len <= width:
        return text.append_text(spaced)
    tight = discard(v, "")  # built only where the spaced counts do not fit (Japanese at 80)
    if text.cell_len + tight.cell_len <= width:
        return text.append_text(tight)
    text.rstrip()
    return text.append("\n").append_text(spaced)


def discard(v: View, between: str) -> Text:
    """The discard by color, public at the table (R5.1): what the bag no longer holds
    until a clear bait sends it back (R4.5); in solo, what decides the silent player's
    catches (R12.4: exactly 3 to 6 of the color it draws, that one included)."""
    counts = Text(between).join(Text.assemble(bait(color), str(n)) for color, n in zip(COLORS, v.discard, strict=True))
    said = _("The discard, by color: a clear bait drawn puts it back in the bag (R4.5).")
    if any(seat.kind == "silent" for seat in v.seats):
        said += " " + _("The silent player catches when its drawn bait makes 3 to 6 of its color there (R12.4).")
    return tip(Text.assemble((_("Discard") + " ", "dim"), counts), said)


def location_grid(roomy: bool) -> Table:
    """The columns the locations share: the name, zones 3–6 as cards, the deck. Every
    width comes from the pane's width alone (fixed and ratio columns), so each location
    is drawn as a grid of its own and lines up with the others: a catch at the Lake
    draws the Lake again, not the whole board."""
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=label_width(), no_wrap=True)
    for _zone in ZONES:
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_column(ratio=2 if roomy else 1, no_wrap=not roomy, overflow="ellipsis" if not roomy else "fold")
    return grid


def label_width() -> int:
    """The locations' names' column: the longest name in the language in use ("Rivière")
    and a space after it on its chip, or the bait glyphs under it if they are wider
    (Japanese glyphs take two cells: "紫 緑 ")."""
    glyphs = max(bait(color).cell_len for color in COLORS) * 2 + 2
    return max(max(Text(location_name(name)).cell_len for name in LOCATIONS) + 1, glyphs)


def locations_header() -> Table:
    """The zones' and the deck's names over the columns (framed cards name their own)."""
    grid = location_grid(roomy=False)
    grid.add_row("", *(Text(zone_title(z), style="dim") for z in ZONES), Text(_("deck"), style="dim"))
    return grid


def zone_title(zone: int) -> str:
    return _("zone {zone}").format(zone=zone)


def location(v: View, loc: int, cards: Cards, marks: Marks, roomy: bool) -> Table:
    """A location's zones 3–6 as cards (species, weight range), then its deck as a
    card: the species on top (decks lie fish side up) and how many are left. With room
    (200 columns), each card is drawn framed, its zone in the frame."""
    name = LOCATIONS[loc]
    said = Text(location_name(name))
    said.pad_right(label_width() - said.cell_len)
    label = Text(said.plain, style=LOCATION_STYLE[name])  # a chip the column wide
    label.append("\n")
    for c, color in enumerate(COLORS):  # the bait colors that fish here (R1.2)
        if LOCATION_OF_COLOR[c] == loc:
            label.append_text(bait(color))
            label.append(" ")
    ranges = {s.name: (s.min_weight, s.max_weight) for s in cards.data.species}
    cells: list[RenderableType] = []
    first, second = (colour(c) for i, c in enumerate(COLORS) if LOCATION_OF_COLOR[i] == loc)
    for z, species in zip(ZONES, v.locations[loc], strict=True):
        if species is None:
            # a word short enough for the narrowest card (« pas de poisson » was cut at 80
            # columns); its tooltip says why the zone is empty
            card = Text(_("(empty)") + "\n", style="dim")
            about = _("{location} zone {zone}: no fish (its deck is empty)").format(
                location=location_name(name), zone=z
            )
        else:
            low, high = ranges[species]
            weights = _("{low}–{high} lb").format(low=low, high=high)
            card = Text.assemble((species_name(species, short=True), "bold"), "\n", (weights, "dim"))
            about = _(
                "{location} zone {zone}: {species}, {low}–{high} lb; caught by emptying your zone {zone} "
                "with a {colour} or {other} bait last (R5.3)"
            ).format(
                location=location_name(name), zone=z, species=species_name(species), low=low, high=high,
                colour=first, other=second,
            )  # fmt: skip
        key = f"loc:{name}:{z}"
        card = clickable(tip(marked(card, key, marks), about), f"fish:{name}:{z}")
        cells.append(framed(card, zone_title(z), key in marks) if roomy else card)
    top = deck(v, loc, marks, roomy)
    cells.append(framed(top, _("deck"), f"deck:{name}" in marks) if roomy else top)
    grid = location_grid(roomy)
    grid.add_row(label, *cells)
    return grid


def framed(card: Text, title: str, is_marked: bool) -> Panel:
    """A card drawn as a card: a frame, titled with its zone (or "deck")."""
    border = MARK.bgcolor.name if is_marked and MARK.bgcolor else "grey50"
    return Panel(card, title=title, title_align="left", box=ROUNDED, border_style=border, padding=(0, 1))


def deck(v: View, loc: int, marks: Marks, roomy: bool) -> Text:
    counts = v.decks[loc]
    top = v.deck_tops[loc]
    text = Text(species_name(top, short=True) if top else _("empty"), style="italic" if top else "dim")
    text.append("\n")
    left = sum(counts.values())
    text.append_text(marked(Text(_("{count} left").format(count=left), style="dim"), f"deck:{LOCATIONS[loc]}", marks))
    about = _("{location} deck: {count} cards; {top} on top (decks lie fish side up)")
    tip(
        text,
        about.format(location=location_name(LOCATIONS[loc]), count=left, top=species_name(top) if top else _("none")),
    )
    if roomy and counts:
        text.append(": " + listed(f"{n} {species_name(s)}" for s, n in counts.items()), style="dim")
    return text


def flowed(units: Sequence[Text], width: int, sep: str = " · ", head: Text | None = None) -> Text:
    """`head`, then `units` joined by `sep`, broken into lines only between units: where
    the next does not fit, it begins a line of its own. Wrapped as words, a line broke
    inside one ("Ray #26" / "ybb", a contest from its value), or cut it ("Rainbow
    Tro…"); after `head` too (a fish shown on another seat's panel, "Brown Trout 7 lb" /
    "08:38 gold"). A unit longer than a line is wrapped as words."""
    text = head.copy() if head is not None else Text()
    line = text.cell_len
    for i, unit in enumerate(units):
        gap = Text(sep, style="dim") if i else Text()
        over = line + gap.cell_len + unit.cell_len > width
        if over and (i or (line and unit.cell_len <= width)):  # after the head: where the unit fits a line
            text.append("\n")
            line, gap = 0, Text()
        text.append_text(gap)
        text.append_text(unit)
        line += gap.cell_len + unit.cell_len
    return text


def mystery_and_tag(v: View, marks: Marks, width: int) -> Text:
    mystery = Text(word("trophies", "mystery_weight") + " ", style="dim")
    if v.mystery_weight is None:
        mystery.append(_("none left"))
    else:
        mystery.append_text(marked(Text(pounds(v.mystery_weight).replace(KEEP, " "), style="bold"), "mystery", marks))
        below = len(v.mystery_left) - 1
        mystery.append(" " + _("face up, {count} below").format(count=below), style="dim")
    tag = Text.assemble((_("Tag tile") + " ", "dim"), (_(v.tag), "bold"))
    # the tag's own color counts, not any tag: « Tuile Étiquette or (+1 PV par poisson présenté) » left it out
    said = _("(+1 VP a presented fish of this tag)") if v.tag_points else _("(no tag points)")
    tag.append(aside(said), style="dim")
    return flowed((mystery, tag), width)


def trophies(v: View, marks: Marks, width: int) -> Text:
    """Every trophy stack's next value, and who holds its tiles (R8, R10)."""
    # who holds each kind, each seat once: "Ana 1, Bo 3×1" (a seat may hold several
    # Mystery Weight tiles, of 1 VP each)
    tiles: dict[str, dict[str, list[int]]] = {}
    for seat in v.seats:
        for kind, points in seat.trophies:
            tiles.setdefault(kind, {}).setdefault(seat.name, []).append(points)
    held = {
        kind: [f"{name} {ps[0]}" if len(ps) == 1 else f"{name} {len(ps)}×{ps[0]}" for name, ps in by_seat.items()]
        for kind, by_seat in tiles.items()
    }
    units = []
    for kind in TROPHY_ORDER:
        stack = v.stacks.get(kind, ())
        unit = Text(TROPHY_NAMES[kind], style="" if stack else "dim")
        unit.append(" ")
        value = Text(f"{stack[-1]}" if stack else _("gone"), style="bold" if stack else "dim")
        unit.append_text(marked(value, f"trophy:{kind}", marks))
        if kind in held:
            unit.append(aside(in_brackets(listed(held[kind]))), style="italic")
        units.append(unit)
    if "mystery_weight" in held:
        said = word("trophies", "mystery_weight") + aside(in_brackets(listed(held["mystery_weight"])))
        units.append(Text(said, style="italic"))
    return flowed(units, width, head=Text(_("Trophies") + " ", style="dim"))


def display(v: View, cards: Cards, marks: Marks, width: int) -> Text:
    """R2.3 — the face-up Master Angler cards and the deck, a card never broken from its
    slots."""
    units = []
    for i, card in enumerate(v.display):
        if card < 0:
            units.append(Text(_("(empty)"), style="dim"))
            continue
        colors = tuple(COLORS[c] for c in cards.ma_slots[card])
        entry = marked(Text(master_angler_name(cards, card).replace(KEEP, " ")), f"display:{i}", marks)
        entry.append(" ")
        entry.append_text(slots(colors, (False,) * len(colors)))
        units.append(clickable(entry, f"card:{card}"))
    units.append(Text(_("deck {count}").format(count=v.master_angler_deck), style="dim"))
    return flowed(units, width, sep="  ", head=Text(_("Master Angler display") + " ", style="dim"))


class Board(Drawn):
    """The board (or, with supply=True, the trophies and the Master Angler display),
    drawn from the View it is given; it reflows to its width."""

    DEFAULT_CSS = """
    Board { border: round $primary 60%; padding: 0 1; }
    """

    def __init__(self, cards: Cards, *, title: str | None = None, supply: bool = False, id: str | None = None) -> None:
        super().__init__(id=id, classes="pane")
        self.cards = cards
        self.border_title = _("Board") if title is None else title
        self.supply = supply
        explained = (legend.SUPPLY, legend.MARKS) if supply else (legend.BOARD, legend.BAIT, legend.MARKS)
        self.legend = legend.shown(*explained)
        self.shown: tuple[View, Marks] | None = None

    def show(self, v: View, marks: Marks) -> None:
        self.shown = (v, marks)
        self.redraw()

    def warm(self, v: View, marks: Marks) -> Iterator[None]:
        """Draw what `show(v, marks)` would show, ahead of showing it (Drawn.warm_parts)."""
        return self.warm_parts(board_parts(v, marks, self.cards, self.supply, self.drawn_width >= ROOMY))

    def parts(self) -> list[Part]:
        if self.shown is None:
            return []
        v, marks = self.shown
        return board_parts(v, marks, self.cards, self.supply, self.drawn_width >= ROOMY)


def board_parts(v: View, marks: Marks, cards: Cards, supply: bool, roomy: bool) -> list[Part]:
    """The board's parts (or, `supply`, the trophies' and the Master Angler display's),
    each keyed by what it shows. `roomy`: the zones' frames name them, no header."""

    def only(*prefixes: str) -> frozenset[str]:
        return marks_only(marks, *prefixes)

    if supply:
        held = tuple((s.name, s.trophies) for s in v.seats)
        return [
            (("mystery", v.mystery_weight, v.mystery_left, v.tag, v.tag_points, only("mystery")),
             lambda w: mystery_and_tag(v, marks, w)),
            (("trophies", tuple(v.stacks.items()), held, only("trophy:")), lambda w: trophies(v, marks, w)),
            (("display", v.display, v.master_angler_deck, only("display:")), lambda w: display(v, cards, marks, w)),
        ]  # fmt: skip
    return [
        (("spaces", v.spaces, v.discard, only("space:")), lambda w: spaces(v, marks, w)),
        *([] if roomy else [(("header",), lambda w: locations_header())]),
        *(location_part(v, loc, cards, marks) for loc in range(len(LOCATIONS))),
    ]  # fmt: skip


def location_part(v: View, loc: int, cards: Cards, marks: Marks) -> Part:
    name = LOCATIONS[loc]
    shown = frozenset(m for m in marks if m.startswith((f"loc:{name}:", f"deck:{name}")))
    key = ("location", loc, v.locations[loc], tuple(v.decks[loc].items()), v.deck_tops[loc], shown)
    return key, lambda w: location(v, loc, cards, marks, w >= ROOMY)
