"""The play screen's panes. Each renders from an engine View (what one seat may know)
plus public card facts, so no pane can show what its viewer is not allowed to see."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from cwtui.widgets.glyphs import LOCATION_STYLE, bait, slots, zone
from cwtui.words import TROPHY_NAMES
from engine.cards import Cards
from engine.components import COLORS, LOCATIONS, SPACES
from engine.view import SeatView, View


def clickable(text: Text, target: str) -> Text:
    """Mark text as naming a board `target` (a space, "zone:4", "card:12" or
    "fish:lake:5"); a click on it reaches the play screen with that target. A meta key
    of our own, not Textual's "@click", so the text keeps its colors (no link style)."""
    text.stylize(Style(meta={"target": target}))
    return text


class Pane(Static):
    """A bordered pane whose content is re-rendered from a View."""

    DEFAULT_CSS = """
    Pane { border: round $primary 60%; padding: 0 1; height: auto; }
    """

    def __init__(self, title: str, *, id: str) -> None:
        super().__init__(id=id, classes="pane")
        self.border_title = title


def board(v: View, cards: Cards) -> RenderableType:
    """R1.10 — the three locations, zones 3–6 with their face-up species, and the decks."""
    ranges = {s.name: f"{s.min_weight}-{s.max_weight}" for s in cards.data.species}
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(width=5)
    for _ in range(4):
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    table.add_column(justify="right", width=4)
    table.add_row("", *(Text(f"zone {z}", style="dim") for z in (3, 4, 5, 6)), Text("deck", style="dim"))
    for loc, zones in enumerate(v.locations):
        name = LOCATIONS[loc]
        cells = []
        for z, species in zip((3, 4, 5, 6), zones, strict=True):
            if species is None:
                cells.append(Text("(empty)", style="dim"))
            else:
                cell = Text.assemble((species, "bold"), (f" {ranges[species]}", "dim"))
                cells.append(clickable(cell, f"fish:{name}:{z}"))
        table.add_row(
            Text(name.capitalize(), style=f"bold {LOCATION_STYLE[name]}"), *cells, str(sum(v.decks[loc].values()))
        )
    spaces = Text("Anglers: ")
    for i, space in enumerate(SPACES):
        face = v.spaces[i]
        # "Port", not an anchor glyph: terminals disagree on the anchor's width.
        label = Text("Port", style="bold") if space == "port" else bait(space)
        label.append(f"{face if face else '·'}", style="bold" if face else "dim")
        spaces.append_text(clickable(label, space))
        spaces.append("  ")
    return Group(table, spaces)


def trophies(v: View) -> RenderableType:
    lines = Text()
    mystery = f"{v.mystery_weight} lb" if v.mystery_weight is not None else "none left"
    lines.append(f"Mystery Weight: {mystery}", style="bold")
    lines.append(f"  ({len(v.mystery_left)} tiles)\n")
    for kind, stack in v.stacks.items():
        if kind == "mystery_weight":
            continue
        top = f"{stack[-1]} VP" if stack else "gone"
        lines.append(f"{TROPHY_NAMES[kind]}: {top}\n", style="" if stack else "dim")
    lines.append(f"Tag: {v.tag}" + ("" if v.tag_points else " (no tag points)"))
    return lines


def master_anglers(v: View, cards: Cards) -> RenderableType:
    text = Text()
    for card in v.display:
        if card < 0:
            text.append("(empty)\n", style="dim")
            continue
        slot_colors = tuple(COLORS[c] for c in cards.ma_slots[card])
        line = Text(f"#{card:<2} {cards.ma_kind[card]:<10} ")
        line.append_text(slots(slot_colors, (False,) * len(slot_colors)))
        text.append_text(clickable(line, f"card:{card}"))
        text.append("\n")
    text.append(f"deck: {v.master_angler_deck}", style="dim")
    return text


def tackle_box(v: View, seat: SeatView, cards: Cards, private: bool) -> RenderableType:
    """A seat's board: its zones as glyphs, Master Anglers, tackle, fish. Weights and
    tackle kinds only when `private` (the viewer is this seat)."""
    rows = Table.grid(padding=(0, 1))
    rows.add_column()
    rows.add_column()
    for z in (3, 4, 5, 6):
        rows.add_row(
            clickable(Text(f"zone {z}", style="dim"), f"zone:{z}"), clickable(zone(seat.board[z - 3], z), f"zone:{z}")
        )
    parts: list[RenderableType] = [rows]
    ma = Text()
    for m in seat.master_anglers:
        colors = tuple(COLORS[c] for c in cards.ma_slots[m.card])
        card = Text(f"{cards.ma_kind[m.card]} #{m.card} ")
        card.append_text(slots(colors, m.filled))
        ma.append_text(clickable(card, f"card:{m.card}"))
        ma.append("  ")
    if seat.master_anglers:
        parts.append(Text.assemble(("Master Anglers: ", "dim"), ma))
    if seat.master_anglers_caught:
        caught = ", ".join(cards.ma_kind[c] for c in seat.master_anglers_caught)
        parts.append(Text.assemble(("Caught Master Anglers: ", "dim"), caught))
    if private and seat.tackle is not None:
        parts.append(Text.assemble(("Tackle: ", "dim"), ", ".join(t.capitalize() for t in seat.tackle) or "none"))
    else:
        parts.append(Text.assemble(("Tackle: ", "dim"), f"{seat.tackle_count} token(s)"))
    if private and seat.fish is not None:
        fish = ", ".join(
            f"{cards.species_names[cards.fish_species[f]]} {cards.fish_weight[f]}" for f in sorted(seat.fish)
        )
        parts.append(Text.assemble((f"Fish ({len(seat.fish)}): ", "dim"), fish or "none"))
    else:
        parts.append(Text.assemble((f"Fish ({len(seat.species)}): ", "dim"), ", ".join(seat.species) or "none"))
    if seat.trophies:
        parts.append(
            Text.assemble(("Trophies: ", "dim"), ", ".join(f"{TROPHY_NAMES[k]} {p}" for k, p in seat.trophies))
        )
    return Group(*parts)


TROPHY_SHORT = {
    "first_to_12": "12F", "mystery_weight": "MW", "three_identical": "3id", "four_different": "4df",
    "small_species": "SS", "first_to_8_species": "8sp", "shore_contest": "Sh", "river_contest": "Ri",
    "lake_contest": "La",
}  # fmt: skip


def seats(v: View, exclude: int | None) -> RenderableType:
    """Every other seat's public side: fish as "count (species)"; trophies abbreviated (MW Mystery Weight, SS Small
    Species, 8sp First to 8 Species, 3id/4df Master Angler sets, 12F First to 12)."""
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, header_style="dim")
    for col in ("seat", "hand", "fish", "MA", "tackle", "VP", "won"):
        table.add_column(col, no_wrap=col != "won", overflow="ellipsis" if col == "seat" else "fold")
    for s in v.seats:
        if s.seat == exclude:
            continue
        marker = "▶ " if s.seat == v.to_act else "  "
        vp = sum(p for _k, p in s.trophies)
        table.add_row(
            f"{marker}{s.name}",
            str(s.hand or "-"),
            f"{len(s.species)} ({len(set(s.species))})",
            f"{len(s.master_anglers)}+{len(s.master_anglers_caught)}",
            str(s.tackle_count),
            str(vp),
            " ".join(f"{TROPHY_SHORT[k]}{p}" for k, p in s.trophies) or "-",
        )
    return table
