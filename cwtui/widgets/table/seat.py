"""A seat's panel: everything a player at the table can see of that seat (its name,
kind, score, zones with their bait, Master Angler cards, fish, tackle and trophies),
plus the seat's own secrets when the panel is drawn for that seat (`private`)."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.color import Color
from textual.css.types import EdgeType

from cwtui.game.words import (
    KEEP,
    KIND_NAMES,
    aside,
    counted,
    listed,
    master_angler_name,
    pounds,
    seat_name,
    separator,
    spaced,
    species_of,
    tackle_name,
)
from cwtui.lang import _, language, n_
from cwtui.lang.glossary import species as species_name
from cwtui.lang.glossary import word
from cwtui.widgets.glyphs import explained, tag, zone
from cwtui.widgets.glyphs import slots as slot_glyphs
from cwtui.widgets.rule_link import linked
from cwtui.widgets.table import legend
from cwtui.widgets.table.board import clickable, flowed, marked
from cwtui.widgets.table.drawn import Drawn, Part
from cwtui.widgets.table.marks import Marks
from cwtui.widgets.table.marks import only as marks_only
from engine.cards import Cards
from engine.components import COLORS, ZONES
from engine.view import SeatView, View, score_shown
from engine.view_types import MasterAnglerView

WIDE = 32  # content columns from which zones share a line
FISH_COLUMN = 30  # content columns per column of one's own fish


def seat_parts(v: View, seat: int, cards: Cards, private: bool, marks: Marks, breakdown: bool) -> list[Part]:
    """The panel's parts, top to bottom, each keyed by what it shows: a move usually
    changes one or two of them, and only those are drawn again. `private`: the seat's
    own secrets may be shown (its fish's weights, times and tags; its tackle kinds)."""
    me = v.seats[seat]

    def only(*prefixes: str) -> frozenset[str]:
        return marks_only(marks, *prefixes)

    score = score_shown(v, seat, cards)
    parts: list[Part] = [
        (("score", score, me.hand, breakdown, v.phase == "over", only(f"hand:{seat}")),
         lambda w: score_line(v, seat, cards, breakdown, marks)),
        (("zones", me.board, only(f"zone:{seat}:")), lambda w: zones(me, marks, w)),
        (("master anglers", me.master_anglers, me.master_anglers_caught, only(f"ma:{seat}:", f"caught:{seat}")),
         lambda w: Group(*master_anglers(me, cards, marks))),
        (("fish", me.species, me.fish, me.revealed, private, v.tag, v.tag_points, only(f"fish:{seat}")),
         lambda w: fish(me, v, cards, private, marks, w)),
    ]  # fmt: skip
    tackle_key = ("tackle", me.tackle if private else None, me.tackle_count, me.fresh_count, private,
                  only(f"tackle:{seat}"))  # fmt: skip
    trophies_key = ("trophies", me.trophies, only(f"trophies:{seat}"))
    if private or not me.trophies:
        parts.append((tackle_key, lambda w: tackle(me, private, marks)))
        if me.trophies:
            parts.append((trophies_key, lambda w: trophies_held(me, marks)))
    else:  # another seat's tackle is a count: its trophies follow on the same line
        parts.append(((tackle_key, trophies_key),
                      lambda w: Text(" · ").join((tackle(me, private, marks), trophies_held(me, marks)))))  # fmt: skip
    return parts


def summary(v: View, seat: int, cards: Cards) -> Text:
    """A collapsed panel's line: the score and the fish, what a player glances at across
    the table (the panel itself is one key away: F5, which the border says)."""
    me = v.seats[seat]
    total = score_shown(v, seat, cards).total
    text = Text.assemble(
        (_("{points} VP").format(points=total), "bold"), " · " + _("{count} fish").format(count=len(me.species))
    )
    if me.species:
        text.append(
            aside(
                n_("({count} species)", "({count} species)", len(set(me.species))).format(count=len(set(me.species)))
            ),
            style="dim",
        )
    return text


def trophies_held(me: SeatView, marks: Marks) -> Text:
    """The seat's trophies with their total, each kind once: "Trophies 9 VP: Mystery
    Weight ×3 (1 each), Three Identical 2, …" (six Mystery Weight tiles can be one
    seat's)."""
    total = sum(points for _kind, points in me.trophies)
    label = marked(
        Text(spaced(_("Trophies {points} VP:").format(points=total)), style="dim"), f"trophies:{me.seat}", marks
    )
    # the Master Angler sets by their own names: the panel says they are trophies
    names = [(word("trophies", kind), points) for kind, points in me.trophies]
    return Text.assemble(label, counted((name for name, _points in names), dict(names)))


def score_line(v: View, seat: int, cards: Cards, breakdown: bool, marks: Marks) -> Text:
    me = v.seats[seat]
    score = score_shown(v, seat, cards)
    text = Text.assemble((_("Score") + " ", "dim"), (_("{points} VP").format(points=score.total), "bold"))
    if breakdown:
        text.append(
            " "
            + _("= trophies {trophies} + Master Anglers {master_anglers}").format(
                trophies=score.trophies, master_anglers=score.master_anglers
            ),
            style="dim",
        )
        tags = (
            _("+ tags {tags}").format(tags=score.tags) if v.phase == "over" or score.tags else _("(+ tags at the end)")
        )
        text.append(" " + tags, style="dim")
    # the angler token in hand (0 while it is on a space)
    held = _("token {face} in hand").format(face=me.hand) if me.hand else _("token on the board")
    hand = Text(" · " + held, style="dim")
    text.append_text(marked(hand, f"hand:{seat}", marks))
    return text


def zones(me: SeatView, marks: Marks, width: int) -> RenderableType:
    """R1.9 — zones 3–6: each place a bait glyph or a dot; on one line from WIDE
    columns, if the line fits there (a Japanese glyph takes two cells)."""
    cells = [clickable(zone_cell(me, z, marks), f"zone:{z}") for z in ZONES]
    line = Text("  ").join(cells)
    if width >= WIDE and line.cell_len <= width:
        return line
    grid = Table.grid(padding=(0, 2))
    grid.add_column()
    grid.add_column()
    grid.add_row(cells[0], cells[1])
    grid.add_row(cells[2], cells[3])
    return Group(Text(_("Zones"), style="dim"), grid)


def zones_line(me: SeatView, marks: Marks) -> Text:
    """The seat's zones on one line, as its panel draws them wide: "3 RRY  4 KYYY  5 BRK·  6 ·"."""
    return Text("  ").join(zone_cell(me, z, marks) for z in ZONES)


def zone_cell(me: SeatView, z: int, marks: Marks) -> Text:
    """Zone `z`: its number (marked if the last move changed it) and its bait."""
    return Text.assemble(
        marked(Text(f"{z}", style="dim bold"), f"zone:{me.seat}:{z}", marks), " ", zone(me.board[z - 3], z)
    )


def master_angler_line(me: SeatView, cards: Cards, marks: Marks) -> Text:
    """The seat's Master Angler cards on one line, each as its panel draws it ("Char #12
    rbr 1/3 · Ray #24 bpy 0/3"); empty if it holds none."""
    return Text(" · ").join(master_angler(m, me.seat, cards, marks) for m in me.master_anglers)


def master_angler(m: MasterAnglerView, seat: int, cards: Cards, marks: Marks) -> Text:
    """A Master Angler card held: its kind and number, its slots (filled ones solid), filled
    of all; one unit, which no line breaks (words.KEEP)."""
    line = marked(Text(master_angler_name(cards, m.card)), f"ma:{seat}:{m.card}", marks)
    line.append(KEEP)
    line.append_text(slot_glyphs(tuple(COLORS[c] for c in cards.ma_slots[m.card]), m.filled))
    line.append(f"{KEEP}{sum(m.filled)}/{len(m.filled)}", style="dim")
    return line


def master_anglers(me: SeatView, cards: Cards, marks: Marks) -> list[Text]:
    """R4.6 — the seat's Master Angler cards, one a line: filled slots are solid chips;
    the cards caught, counted by kind (what the Three Identical and Four Different
    trophies look at, R8.4)."""
    lines = [Text(_("Master Anglers"), style="dim")] if me.master_anglers else []
    for m in me.master_anglers:
        lines.append(clickable(Text.assemble("  ", master_angler(m, me.seat, cards, marks)), f"card:{m.card}"))
    if me.master_anglers_caught:
        n = len(me.master_anglers_caught)
        said = n_("Caught {count} Master Angler", "Caught {count} Master Anglers", n).format(count=n)
        label = marked(Text(said + " ", style="dim"), f"caught:{me.seat}", marks)
        caught = counted(species_name(cards.ma_kind[c]) for c in me.master_anglers_caught)
        lines.append(Text.assemble(label, caught, (aside(_("(+{points} VP)").format(points=n)), "dim")))
    return lines


def fish(me: SeatView, v: View, cards: Cards, private: bool, marks: Marks, width: int) -> RenderableType:
    """Fish caught: species for everyone (R5.5); weight, time and tag (R1.3) for the
    seat's own eyes, and for anyone once the fish was shown (R8.1, R10.2)."""
    label = marked(Text(_("Fish {count}").format(count=len(me.species)), style="dim"), f"fish:{me.seat}", marks)
    kinds = len(set(me.species))
    label.append(
        aside(n_("({count} species)", "({count} species)", kinds).format(count=kinds)) if me.species else "",
        style="dim",
    )
    if private and me.fish is not None:
        known = sorted(me.fish, key=lambda f: (cards.species_names[cards.fish_species[f]], -cards.fish_weight[f]))
    else:
        known = sorted(me.revealed)
    cells = [fish_card(cards, f, v.tag, v.tag_points) for f in known]
    if private and me.fish is not None:
        return Group(label, own_fish(cells, width)) if cells else label
    # another seat's: the fish shown (R8.1) with their backs, then the species of the
    # rest, as one text that wraps (a line a fish took half a panel late in a game),
    # between fish only ("Rainbow" / "Trout" at the end of a line, wrapped as words)
    shown = Counter(cards.species_names[cards.fish_species[f]] for f in known)
    hidden = Counter(me.species) - shown
    rest = [Text(f"{species_name(s)} ×{n}" if n > 1 else species_name(s)) for s, n in sorted(hidden.items())]
    if not cells and not rest:
        return label  # "Fish 0", as the seat's own panel says it (not "Fish 0 none")
    # the list's mark ends each fish but the last, so that a line ends "Pike," as the
    # text would have it; what follows the mark (a space, or nothing in Japanese) is
    # where a line may break
    mark = separator().rstrip()
    units = cells + rest
    for unit in units[:-1]:
        unit.append(mark)
    return flowed(units, width, sep=separator()[len(mark) :], head=label.append(" "))


def own_fish(cells: list[Text], width: int) -> RenderableType:
    """The seat's own fish with their backs: in columns where two fit, else one a line."""
    columns = width // FISH_COLUMN
    if columns < 2:
        return Text("\n").join(cells)  # plain text (a Rich table costs far more to draw)
    table = Table.grid(padding=(0, 2))
    for _column in range(columns):
        table.add_column(no_wrap=True, overflow="ellipsis")
    for row in range(0, len(cells), columns):
        table.add_row(*cells[row : row + columns])
    return table


@functools.cache
def _time_style(code: str) -> Style:
    """A fish's time, dim, explained in language `code` (a newcomer read "15:33" as when
    they caught it)."""
    return Style(dim=True) + explained(
        _("The time printed on the fish card: in a contest the earliest breaks a tie (R10.3)")
    )


def fish_card(cards: Cards, f: int, tile: str, tag_points: bool) -> Text:
    text = Text.assemble(
        (species_of(cards, f), "bold"),
        f" {pounds(cards.fish_weight[f])} ",
        (cards.fish_time[f], _time_style(language())),
        " ",
    )
    text.append_text(tag(cards.fish_tag[f]))
    if tag_points and cards.fish_tag[f] == tile:
        text.append(" +1", style="bold")
    return text


def tackle(me: SeatView, private: bool, marks: Marks) -> Text:
    """R6.1 — tackle: kinds for the seat's own eyes, a count for others."""
    label = marked(Text(_("Tackle") + " ", style="dim"), f"tackle:{me.seat}", marks)
    if private and me.tackle is not None:
        kinds = [tackle_name(t) for t in me.tackle]
        fresh = me.fresh_count
        usable = listed(kinds[: len(kinds) - fresh]) if len(kinds) > fresh else ""
        text = Text.assemble(label, usable or (_("none") if not fresh else ""))
        if fresh:
            new = _("{tackle} (new: usable from the next step)").format(tackle=listed(kinds[len(kinds) - fresh :]))
            text.append((_("; ") if usable else "") + new, style="italic")
        return text
    count = me.tackle_count
    return Text.assemble(
        label, n_("{count} token", "{count} tokens", count).format(count=count) if count else _("none")
    )


def title(me: SeatView, to_act: bool, yours: bool) -> Text:
    text = Text("▶ " if to_act else "  ", style="bold")
    text.append(seat_name(me.name, me.kind), style="bold")
    kind = _("you") if yours else KIND_NAMES.get(me.kind, me.kind)
    text.append_text(linked(f" · {kind}"))  # R12: a link to it
    return text


class SeatPanel(Drawn):
    """One seat's panel; it reflows to its width."""

    DEFAULT_CSS = """
    SeatPanel { border: round $primary 60%; padding: 0 1; }
    SeatPanel.-yours { border: double $success; }
    /* The seat to act: its border takes this colour (see mark_to_act) */
    SeatPanel > .seat-panel--to-act { color: $accent; }
    """
    COMPONENT_CLASSES = {"seat-panel--to-act"}

    def __init__(self, cards: Cards, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="seat")
        self.cards = cards
        self.seat = seat
        self.legend = legend.shown(legend.SEAT, legend.BAIT, legend.MARKS)
        self.shown: tuple[View, bool, Marks, bool] | None = None
        self.key: object = None
        self.marked: tuple[bool, bool] | None = None
        self.border_set: tuple[EdgeType, Color] | None = None  # on the panel (mark_to_act)
        # Collapsed: a line of summary in place of the panel, where the column has no
        # room for it whole (the table decides, SeatColumn.fit)
        self.collapsed = False

    def show(self, v: View, private: bool, marks: Marks, breakdown: bool, yours: bool) -> None:
        """Redraw when what the panel shows has changed (most moves change one seat)."""
        me = v.seats[self.seat]
        to_act = v.to_act == self.seat and v.phase != "over"
        suffix = f":{self.seat}"
        key = (me, private, {m for m in marks if m.endswith(suffix)}, breakdown, v.tag, v.tag_points, v.phase == "over")
        if (to_act, yours) != self.marked:
            self.marked = (to_act, yours)
            self.border_title = title(me, to_act, yours)  # the ▶ and the border from one fact
            self.set_class(yours, "-yours")
            self.mark_to_act()
        if key != self.key:
            self.key = key
            self.shown = (v, private, marks, breakdown)
            self.redraw()

    def warm(self, v: View, private: bool, marks: Marks, breakdown: bool) -> Iterator[None]:
        """Draw what `show` would show, ahead of showing it (Drawn.warm_parts)."""
        return self.warm_parts(seat_parts(v, self.seat, self.cards, private, marks, breakdown))

    def mark_to_act(self) -> None:
        """The seat to act has its border in the to-act colour. It is set on the panel, not
        by a class: a class restyles the panel through the whole stylesheet, which cost 2 ms
        of a replay's jump (the seat to act changes at most jumps)."""
        border = None  # the CSS's
        if self.marked is not None and self.marked[0]:
            kind = self.styles.base.border_top[0]  # round, or double for yours
            border = (kind, self.get_component_styles("seat-panel--to-act").color)
        if border != self.border_set:
            self.border_set = border
            self.styles.border = border

    def notify_style_update(self) -> None:
        """A new theme, or -yours changed the border's kind: draw the mark with them, once
        the stylesheet has styled the component class too (it does that after this)."""
        super().notify_style_update()
        if self.is_mounted:
            self.call_later(self.mark_to_act)

    def parts(self) -> list[Part]:
        if self.shown is None:
            return []
        v, private, marks, breakdown = self.shown
        if self.collapsed:
            return [self.summary_part(v)]
        return seat_parts(v, self.seat, self.cards, private, marks, breakdown)

    def summary_part(self, v: View) -> Part:
        key = ("summary", score_shown(v, self.seat, self.cards).total, v.seats[self.seat].species)
        return key, lambda w: summary(v, self.seat, self.cards)

    def collapse(self, collapsed: bool) -> None:
        if collapsed != self.collapsed:
            self.collapsed = collapsed
            self.border_subtitle = _("F5: whole") if collapsed else ""
            self.redraw()

    def folded_height(self) -> int | None:
        """The rows the panel takes collapsed (border included), at the width it has."""
        return None if self.shown is None else self.height_of([self.summary_part(self.shown[0])])

    def whole_height(self) -> int | None:
        """The rows the panel takes whole (border included) at the width it has, whether
        it is collapsed or not. Its parts are drawn into the kept ones, so showing it
        whole after costs nothing more."""
        if self.shown is None:
            return None
        if not self.collapsed and not self.stale and self.drawn_width == self.content_region.width:
            return len(self.strips) + self.styles.gutter.height  # drawn whole: no part to look at
        v, private, marks, breakdown = self.shown
        return self.height_of(seat_parts(v, self.seat, self.cards, private, marks, breakdown))
