"""How often the bots presented, at a contest, a subset of a fuller presentation — fish
given up for nothing (R10.1–R10.3, R11.1; engine.bots.ismcts.undominated says which
presentations hold no other's fish and more).

    python scripts/subset_presentations.py runs/cal66/me runs/cal66/mr FOLDER…

Reads every game log (*.jsonl) of the folders and counts, by kind of player, the contest
decisions that had a choice and those whose presentation was a subset of another.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from cwtui.game.logfile import read_log
from engine.bots.ismcts import undominated
from engine.cards import load_cards
from engine.legal import legal_moves
from engine.moves import Present
from engine.setup import set_up
from engine.walk import walk


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+", type=Path)
    args = parser.parse_args()
    cards = load_cards()
    decisions: Counter[str] = Counter()
    subsets: Counter[str] = Counter()
    for folder in args.folders:
        for path in sorted(folder.glob("*.jsonl")):
            log = read_log(path)
            state, _ = set_up(log.header.config, cards, log.header.format)
            seats = log.header.config.seats
            for step in walk(state, log.plies):
                moves = legal_moves(step.before)
                if not isinstance(step.record.move, Present) or len(moves) < 2:
                    continue
                kind = seats[step.before.to_act].kind
                decisions[kind] += 1
                subsets[kind] += step.record.move not in undominated(moves)
    for kind, count in sorted(decisions.items()):
        print(f"{kind}: {subsets[kind]} of {count} contest decisions presented a subset ({subsets[kind] / count:.0%})")


if __name__ == "__main__":
    main()
