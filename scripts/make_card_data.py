"""Write engine/data/cards.toml: the representative card data.

The printed card values of Coldwater Crown (weights, timestamps, tags, Master Angler
slots) are not published, so this script authors a representative set that satisfies
the constraints listed in engine/cards.py. Run it only to regenerate the default file;
an owner of the game can instead write their own file in the same format.
"""

from __future__ import annotations

from pathlib import Path

SPECIES = [
    # name, location, small, weights (lbs) of its cards, spread over the printed range
    ("Flounder", "shore", True, [1, 2, 3, 4, 5]),
    ("Wrasse", "shore", False, [2, 3, 4, 6, 7]),
    ("Mackerel", "shore", False, [3, 4, 5, 6, 8]),
    ("John Dory", "shore", False, [3, 5, 6, 7, 9]),
    ("Roach", "river", True, [1, 2, 2, 3, 4]),
    ("Brown Trout", "river", False, [2, 3, 5, 6, 7]),
    ("Rainbow Trout", "river", False, [3, 4, 5, 7, 8]),
    ("Salmon", "river", False, [4, 5, 7, 8, 10]),
    ("Perch", "lake", True, [1, 2, 3, 4, 5]),
    ("Sea Trout", "lake", False, [3, 4, 6, 7, 8]),
    ("Pike", "lake", False, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
]
TAGS = ["orange", "pink", "teal", "white", "gold"]
MASTER_ANGLERS = {
    # kind: the colors its six cards draw their slots from, in turn
    "Crab": ["purple", "green", "yellow", "purple"],
    "Conger Eel": ["black", "blue", "black", "green"],
    "Char": ["red", "blue", "red", "yellow"],
    "Dogfish": ["green", "black", "red", "green"],
    "Ray": ["blue", "purple", "yellow", "blue"],
}


def timestamps(n: int) -> list[str]:
    """n distinct HH:MM times between 05:00 and 19:59, in a scrambled order."""
    minutes = list(range(5 * 60, 20 * 60))
    picked: list[str] = []
    x = 12345
    while len(picked) < n:
        x = (x * 1103515245 + 12345) % 2**31
        m = minutes.pop(x % len(minutes))
        picked.append(f"{m // 60:02d}:{m % 60:02d}")
    return picked


def main() -> None:
    out = [
        "# Coldwater Crown card data for cwtui.",
        "#",
        "# REPRESENTATIVE DATA: the printed values (weights, timestamps, tags, Master Angler",
        "# slots) are not published. These were authored by scripts/make_card_data.py to meet",
        "# the constraints checked in engine/cards.py. To play with the real cards, write a",
        "# file in this format and pass it with --cards; its hash goes into every game log.",
        "#",
        "# [[species]]  name, location (shore|river|lake), small (Small Species challenge),",
        "#              min_weight / max_weight: the range printed on the card face (lbs).",
        "# [[fish]]     one per card, in id order (the first is id 0): species, weight (lbs),",
        "#              time (HH:MM, unique; earlier wins ties), tag (one of tag_colors).",
        "# [[master_angler]]  one per card, in id order: kind, slots (3 or 4 bait colors).",
        "",
        "format = 1",
        f"tag_colors = {TAGS!r}".replace("'", '"'),
        "",
    ]
    for name, loc, small, weights in SPECIES:
        out += [
            "[[species]]",
            f'name = "{name}"',
            f'location = "{loc}"',
            f"small = {'true' if small else 'false'}",
            f"min_weight = {min(weights)}",
            f"max_weight = {max(weights)}",
            "",
        ]
    times = timestamps(60)
    i = 0
    for name, _loc, _small, weights in SPECIES:
        for w in weights:
            tag = TAGS[(i + i // 5) % 5]
            out += [
                "[[fish]]",
                f'species = "{name}"',
                f"weight = {w}",
                f'time = "{times[i]}"',
                f'tag = "{tag}"',
                "",
            ]
            i += 1
    for kind, palette in MASTER_ANGLERS.items():
        for j in range(6):
            n = 3 if j % 2 == 0 else 4
            slots = [palette[(j + k) % len(palette)] for k in range(n)]
            out += [
                "[[master_angler]]",
                f'kind = "{kind}"',
                "slots = [" + ", ".join(f'"{s}"' for s in slots) + "]",
                "",
            ]
    path = Path(__file__).resolve().parent.parent / "engine" / "data" / "cards.toml"
    path.write_text("\n".join(out).rstrip() + "\n", encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
