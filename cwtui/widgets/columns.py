"""A table's columns fitted to the width it has (the History's result table, the replay
list): what is cut gives way for what is not, and a cut cell says so with "…"."""

from __future__ import annotations

from collections.abc import Sequence


def fit_widths(natural: Sequence[int], least: Sequence[int], room: int) -> list[int]:
    """Column widths within `room`: each as wide as it would be (`natural`) while they
    all fit; else the widest are cut first, all to one width, none below its `least`, and
    what is left over goes to the cut ones, a cell each from the left. Where the leasts
    alone are over `room`, no column can be brought into view by cutting another: none
    is cut (the table scrolls sideways, as it must)."""
    if sum(natural) <= room or sum(least) > room:
        return list(natural)

    def capped(cap: int) -> list[int]:
        return [max(low, min(width, cap)) for width, low in zip(natural, least, strict=True)]

    low, high = 0, max(natural)  # the widest cap that fits: capped(low) fits or is all leasts
    while low < high:
        middle = (low + high + 1) // 2
        if sum(capped(middle)) <= room:
            low = middle
        else:
            high = middle - 1
    widths = capped(low)
    spare = room - sum(widths)
    for i, width in enumerate(widths):
        if spare <= 0:
            break
        if width < natural[i]:
            widths[i] += 1
            spare -= 1
    return widths
