"""The keys a player looks for on a screen: what F1 lists and the command palette offers.

A screen's active bindings also hold Textual's own (Focus Next, Copy selected text, and
the Scroll Left, Page Up… of the widgets our widgets are made from): F1 began with a
dozen of them. The game's keys are those declared in our own classes' BINDINGS — the
screen's first, then our widgets' on it (the replay's move list), then the app's; each
action once (a key's unlisted twin, which acts where the footer has no room, repeats its
description).
"""

from __future__ import annotations

from textual.binding import ActiveBinding, Binding
from textual.dom import DOMNode
from textual.screen import Screen


def declared(node: DOMNode) -> set[tuple[str, str]]:
    """The (action, description) of every binding our classes in `node`'s lineage declare."""
    return {
        (binding.action, binding.description)
        for cls in type(node).__mro__
        if cls.__module__.startswith("cwtui.")
        for binding in cls.__dict__.get("BINDINGS", ())
        if isinstance(binding, Binding)
    }


def game_keys(screen: Screen[object]) -> list[ActiveBinding]:
    def rank(active: ActiveBinding) -> int:
        return 0 if active.node is screen else 2 if active.node is screen.app else 1

    ours: dict[int, set[tuple[str, str]]] = {}
    ranked = [
        active
        for active in screen.active_bindings.values()
        if (active.binding.action, active.binding.description)
        in ours.setdefault(id(active.node), declared(active.node))
        and active.binding.description
    ]
    keys: list[ActiveBinding] = []
    said: set[str] = set()
    for active in sorted(ranked, key=rank):  # stable: each node's own order
        if active.binding.description not in said:
            said.add(active.binding.description)
            keys.append(active)
    return keys
