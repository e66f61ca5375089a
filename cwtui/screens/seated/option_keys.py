"""The keys a decision's options are chosen by: 1–9, then letters, never the table's own
keys; kept by an option while its decision goes on."""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding

from cwtui.game.words import listed
from cwtui.lang import _
from engine.moves import Move
from engine.view import View

# Option keys: every letter but the table's own keys (b, h, p, q, s, u), then the same
# letters in capitals (a four-player turn offered 33 options, and the last four had no key).
# A screen with keys of its own leaves them out too (OptionKeys' `reserved`: the lesson's n).
OPTION_KEYS = "123456789acdefgijklmnortvwxyz" + "ACDEFGIJKLMNORTVWXYZ"


def bound_letters(screen: type) -> str:
    """The letters a screen's keys take (its own and its bases'), which no option's key
    may take (the lesson's n)."""
    return "".join(
        key
        for base in screen.__mro__
        for binding in vars(base).get("BINDINGS", ())
        if isinstance(binding, Binding)
        for key in binding.key.split(",")
        if len(key) == 1 and key.isalpha()
    )


def key_ranges(keys: Sequence[str]) -> str:
    """The option keys given, as runs in the keys' order, as the language lists them:
    "1–3, 5–8" (Japanese 「1〜3、5〜8」)."""
    return listed(key_runs(keys))


def key_runs(keys: Sequence[str]) -> list[str]:
    """The option keys given, as runs in the keys' order: "1–3", "5–8" where a decision
    that goes on kept its keys (a key line said "1–8" over seven options). A run is
    unbroken in the alphabet too: "1–9", "a", "c–d", not "1–d", which reads as b included
    (b is the score sheet's key, h the hint's)."""
    given = sorted((k for k in keys if k), key=OPTION_KEYS.index)
    runs: list[list[str]] = []
    for key in given:
        if runs and ord(key) == ord(runs[-1][-1]) + 1:
            runs[-1].append(key)
        else:
            runs.append([key])
    # Translators: a run of option keys, "1–4" (Japanese writes a range "1〜4")
    return [run[0] if len(run) == 1 else _("{first}–{last}").format(first=run[0], last=run[-1]) for run in runs]


class OptionKeys:
    """Each decision's keys, remembering the last decision's."""

    def __init__(self, reserved: str = "") -> None:
        """`reserved`: letters the screen binds (lesson's n), which no option may take:
        the option's key was read first, and n played "Reel: swap…" in chapter 5 where
        the key line said it went on to the next chapter."""
        self.alphabet = [k for k in OPTION_KEYS if k.lower() not in reserved.lower()]
        self.previous: list[Move] = []  # the options the keys were last given to
        self.keys: list[str] = []
        self.keyed_at: tuple[int, str, int] | None = None  # the decision they are of: seat, phase, ply

    def give(self, asking: View, options: Sequence[Move]) -> list[str]:
        """Each option's key: 1–9, then letters, in the list's order — but a decision that
        goes on the seat's last one (the Port's second action, the next bait) keeps each
        option it still offers under the key it had, and gives the new ones the keys left
        free. A newcomer's read: after a refill the list renumbered, and '3' (zone 5 a
        moment before) refilled zone 6."""
        at = (asking.to_act, asking.phase, asking.ply)
        before = self.keyed_at
        # the decision asked again (a redraw) keeps its keys too
        goes_on = before is not None and before[:2] == at[:2] and at[2] - before[2] in (0, 1)
        kept = dict(zip(self.previous, self.keys, strict=False)) if goes_on else {}
        self.keyed_at = at
        self.previous = list(options)
        keys = [kept.get(m, "") for m in options]
        free = iter(k for k in self.alphabet if k not in keys)
        self.keys = [k or next(free, "") for k in keys]
        return self.keys
