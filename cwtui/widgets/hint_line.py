"""The hint line, as the table and the replay show it (styled: the pick's key reversed,
the reasons not bold); its words are the game's (cwtui.game.words), which draws nothing."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from cwtui.game.words import KEEP, PART_NAMES, Weighing, as_good, listed, tenths, whole_part
from cwtui.lang import _, n_, number


def hint_line(labels: Sequence[str], weighed: Sequence[Weighing], does: Sequence[Sequence[str]] = ()) -> Text:
    """The hint line: "Hint: play 6 — it catches the Pike in Lake zone 4, a new species
    (6 of 8); 1 is about as good (0.2 ± 0.5); 3 gives up 1.2 ± 0.6 points (Lake contest)
    — it fills 1 slot of Ray #24".

    `weighed` are the judge's moves (engine.bots.judge.weigh), its best first, and
    `labels` their names on the table; `does`, what each does in the game's terms
    (cwtui.game.reasons), the reason a player can check on the table. What every move
    named does alike is not said (a catch that comes whatever the bait's slot), nor, for
    the others, what the pick does too: only what sets each apart. The points are the
    review's: played, a move is graded by the very numbers said here.
    """
    alike = set.intersection(*(set(d) for d in does)) if len(does) > 1 else set()
    said = [[fact for fact in facts if fact not in alike] for facts in does]
    said = [said[0], *([fact for fact in facts if fact not in said[0]] for facts in said[1:])] if said else []
    text = Text(style="bold")  # the whole line bold
    # "Hint: play 6", « Indice : jouez 6 », 「ヒント：6 を選ぶ」: the language places the pick
    before, _key, after = _("Hint: play {key}").partition("{key}")
    for rank, (label, w) in enumerate(zip(labels, weighed, strict=True)):
        if rank:
            text.append(_("; "))
        else:
            text.append(before)
        text.append(label, style="reverse" if rank == 0 else "")
        if rank == 0:
            text.append(after)
        if rank and as_good(w.loss):
            # "as good" alone, between a catch and a move that did nothing, read false to a
            # player: the judge's numbers say how close, within its noise
            # each message with the space before it, which Japanese does without
            close = _(" is about as good ({points} ± {margin})")
            text.append(after_key(held(close.format(points=number(tenths(w.loss), 1), margin=number(w.margin, 1)))))
        elif rank:
            loss = tenths(w.loss)
            # a decimal's unit agrees with its whole part (`whole_part`)
            points = n_(
                " gives up {points} ± {margin} points", " gives up {points} ± {margin} points", whole_part(loss)
            ).format(points=number(loss, 1), margin=number(w.margin, 1))
            text.append(
                after_key(held(points.replace(" points", KEEP + "points") if points.endswith(" points") else points))
            )
            # where the points go, largest first: the parts' own numbers are the review's
            # detail (they may add up to more than the whole: other parts gain a little)
            parts = listed(PART_NAMES.get(part, part) for part, _points in w.why[:2])
            text.append(_(" ({parts})").format(parts=parts) if parts else "")
        facts = said[rank] if rank < len(said) else []
        if facts:
            does_said = _(" — it {facts}") if rank == 0 else _(" — {facts}")
            text.append(does_said.format(facts=listed(facts)), style="not bold")
    if len(weighed) > 1 and all(as_good(w.loss) for w in weighed[1:]) and not any(said):
        text.append(_(" — the judge finds nothing between them here"), style="not bold")
    return text


def after_key(said: str) -> str:
    """The words after an option's key held to it: "2 gives up…" was broken after the
    2, the next line beginning "gives up 1.5 ± 0.6 points" with its key left above."""
    return KEEP + said[1:] if said.startswith(" ") else said


def held(said: str) -> str:
    """A loss and its ± held on one line: "± 0,5" wrapped away from its number (a
    French read). The line may still break after the ±: held whole, "2.5 ± 0.6 points"
    was folded inside a word where a line is narrower than it."""
    return said.replace(" ± ", KEEP + "± ")
