"""Issue 35.7: trophies a seat holds several of are counted, not repeated — on the board's
trophies line and in the seat's panel."""

from __future__ import annotations

import msgspec
from helpers import config
from rich.console import Console

from cwtui.widgets.table.board import trophies
from cwtui.widgets.table.seat import seat_parts
from engine.cards import load_cards
from engine.setup import new_game
from engine.view import view


def test_mystery_weight_tiles_are_counted() -> None:
    cards = load_cards()
    v = view(new_game(config(2, 5), cards), 0)
    ana, bo = v.seats
    seats = (
        msgspec.structs.replace(ana, trophies=(("mystery_weight", 1),)),
        msgspec.structs.replace(bo, trophies=(("mystery_weight", 1),) * 3 + (("shore_contest", 5),)),
    )
    v = msgspec.structs.replace(v, seats=seats)
    line = trophies(v, frozenset(), 200).plain.replace("\N{NO-BREAK SPACE}", " ")
    assert "Mystery Weight (P0 1, P1 3×1)" in line, line
    console = Console(width=60, color_system=None)
    panel = "\n".join(
        "".join(seg.text for seg in row)
        for _key, make in seat_parts(v, 1, cards, False, frozenset(), False)
        for row in console.render_lines(make(60), console.options.update_width(60))
    )
    assert "Trophies 8 VP: Mystery Weight ×3 (1 each), Shore contest 5" in " ".join(panel.split()), panel
    assert panel.count("Mystery Weight") == 1
