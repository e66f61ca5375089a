"""Does a review rank players as their results do? Whole games of players of known
strength reviewed as `cwtui review` reviews them, and what their grades say.

    cwtui simulate --players 2 --games 24 --seed 7300 --bots easy,random --out runs/cal/easy-random-2p
    python scripts/calibrate_review.py runs/cal/easy-random-2p runs/cal/medium-easy-2p --games 20 \
        --save runs/cal/medium.jsonl --noise 300

Every decision of every seat of the first --games finished logs of each folder (a
pairing) is judged at --level (engine.bots.judge.judge, on --workers processes); then it
prints, by the kind of player that made the decisions (random, easy, medium, hard):

1. Per seat and game: the mean accuracy (0–100) and points lost per decision, each with
   a 95% interval over the games, and how the bands fell.
2. Per pairing: how often the seat that lost fewer points per decision won the game,
   and the seats that scored under half the winner's score: their best accuracy.
3. The losses of each kind's decisions: how often each grade, and the quantiles (what
   the grade bounds are read against).
4. Noise (--noise N): N decisions, drawn at random, judged again on other random
   streams: how far the two losses lie apart, and how often the grade is the same
   (the drawn ones only: flags judged again by --recheck came out high once, and would
   read as noise what is their regression toward the mean).

5. With --recheck: every decision flagged an inaccuracy or worse judged again on other
   streams, and how it reads there (does a flag the review shows a player hold?).

--save FILE keeps each judged decision (JSON lines) as it comes, and the same command
run again after a stop judges only those not yet in it; --samples FILE reads them back
instead of judging, to look at them again (say after changing the grade bounds).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpus import logs_in  # the games in a folder, as the app reads them

from cwtui.cores.processes import default_workers, run_all
from cwtui.game.logfile import read_log
from engine.bots.judge import (
    BANDS,
    BEGINNER,
    GRADE_BOUNDS,
    GRADES,
    MISTAKES,
    Position,
    accuracy_of,
    band_of,
    grade,
    judge,
    positions,
    spanned,
)
from engine.cards import load_cards
from engine.config import kind_name
from engine.rng import Rng, stream_seed

CARDS = load_cards()


class Sample(NamedTuple):
    pairing: str  # the folder's name
    game: str
    seat: int
    kind: str  # the kind of player that made the move, as a player knows it (easy, not greedy)
    ply: int
    loss: float
    noise: float | None  # the same decision judged on other streams: its loss there (None: not asked)
    grade: str = ""  # as the review grades it (by the loss's interval); "" in samples kept before it
    noise_grade: str | None = None  # as judged on the other streams
    # among the --noise decisions drawn at random (False: judged again by --recheck only,
    # because it was flagged: those regress toward the mean, and section 4 leaves them out)
    drawn: bool = True
    margin: float = 0.0  # the loss's 95% margin, as the review prints it beside the loss
    noise_margin: float | None = None  # that of the loss judged on the other streams


class Seat(NamedTuple):
    pairing: str
    game: str
    seat: int
    kind: str
    score: int
    winner_score: int
    won: bool


# decision, level, pairing, game, kind, also judge its noise
Job = tuple[Position, str, str, str, str, bool]


def measure(job: Job) -> Sample:
    position, level, pairing, game, kind, noisy = job
    judged = judge(position, level, CARDS)
    again = judge(position, level, CARDS, stream="noise") if noisy else None
    return Sample(pairing, game, position.seat, kind, position.ply, judged.loss, None if again is None else again.loss,
                  judged.grade, None if again is None else again.grade, True, judged.margin,
                  None if again is None else again.margin)  # fmt: skip


def judged_again(job: Job) -> tuple[str, int, float, str, float]:
    """A decision judged again on other streams: (game, ply, its loss there, its grade, its margin)."""
    position, level, _pairing, game, _kind, _noisy = job
    again = judge(position, level, CARDS, stream="noise")
    return game, position.ply, again.loss, again.grade, again.margin


def recheck(found: list[tuple[str, Path]], samples: list[Sample], level: str, workers: int) -> list[Sample]:
    """Every decision flagged an inaccuracy or worse judged again on other streams (its
    noise, where not judged again already): a flag is the review's word to a player, and
    what matters is how often judging again says it too."""
    flagged = {(s.game, s.ply) for s in samples if s.grade in MISTAKES and s.noise is None}
    todo = [job for job in jobs(found, level, 0, 0, set()) if (job[3], job[0].ply) in flagged]
    again = {(g, ply): (loss, graded, margin) for g, ply, loss, graded, margin in
             run_all(judged_again, todo, len(todo), workers)}  # fmt: skip
    return [s._replace(noise=again[(s.game, s.ply)][0], noise_grade=again[(s.game, s.ply)][1], drawn=False,
                       noise_margin=again[(s.game, s.ply)][2])
            if (s.game, s.ply) in again else s for s in samples]  # fmt: skip


def flags_again(samples: list[Sample]) -> None:
    """5. Of the decisions flagged, how the same decisions read when judged again."""
    again = [s for s in samples if s.grade in MISTAKES and s.noise_grade is not None]
    if not again:
        return
    print("\n5. Flags judged again on other streams (every flagged decision: --recheck)\n")
    print("| flagged | decisions | " + " | ".join(f"again {g}" for g in GRADES) + " | still flagged as bad | "
          "still an inaccuracy or worse | loss again ≥ the grade's bound |")  # fmt: skip
    print("|---|---|" + "---|" * (len(GRADES) + 3))
    bound = {name: b for name, b in zip(GRADES[1:], (b for _, b in GRADE_BOUNDS), strict=False)}
    for name, bad in (("mistake or worse", ("mistake", "blunder")), ("an inaccuracy or worse", MISTAKES)):
        mine = [s for s in again if s.grade in bad]
        if not mine:
            continue
        counts = Counter(s.noise_grade for s in mine)
        shares = " | ".join(f"{counts[g]}" for g in GRADES)
        same = sum(s.noise_grade in bad for s in mine)
        flagged = sum(s.noise_grade in MISTAKES for s in mine)
        # the point estimate judged again still at least the lower bound of the grade first given
        reached = sum((s.noise or 0.0) >= bound[s.grade] for s in mine)
        n = len(mine)
        print(f"| {name} | {n} | {shares} | {same} ({100 * same / n:.0f}%) | {flagged} ({100 * flagged / n:.0f}%) | "
              f"{reached} ({100 * reached / n:.0f}%) |")  # fmt: skip


def games(folders: list[Path], count: int) -> list[tuple[str, Path]]:
    out = []
    for folder in folders:
        taken = 0
        for path in logs_in([folder]):
            if taken < count and read_log(path).footer is not None:
                out.append((folder.name, path))
                taken += 1
    return out


def seats(found: list[tuple[str, Path]]) -> list[Seat]:
    out = []
    for pairing, path in found:
        log = read_log(path)
        assert log.footer is not None
        top = max(line.total for line in log.footer.scores)
        for line in log.footer.scores:
            if line.seat < len(log.header.config.seats):
                kind = kind_name(log.header.config.seats[line.seat].kind)
                out.append(Seat(pairing, log.header.game, line.seat, kind, line.total, top, line.rank == 1))
    return out


def jobs(found: list[tuple[str, Path]], level: str, noise: int, seed: int, done: set[tuple[str, int]]) -> list[Job]:
    every = []
    for pairing, path in found:
        log = read_log(path)
        kinds = [kind_name(s.kind) for s in log.header.config.seats]
        for p in positions(log, CARDS, range(len(kinds))):
            if (log.header.game, p.ply) not in done:
                every.append((p, level, pairing, log.header.game, kinds[p.seat], False))
    rng = Rng(stream_seed(seed, "noise"))
    for _ in range(min(noise, len(every))):
        i = rng.below(len(every))
        every[i] = (*every[i][:5], True)
    return every


def interval(values: list[float]) -> str:
    """The mean and a 95% interval (normal, over the values)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:.2f}"
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:.2f} ({mean - half:.2f}–{mean + half:.2f})"


def report(samples: list[Sample], table: list[Seat]) -> None:
    by_seat: dict[tuple[str, int], list[Sample]] = defaultdict(list)
    for s in samples:
        by_seat[(s.game, s.seat)].append(s)
    rows = [(seat, by_seat[(seat.game, seat.seat)]) for seat in table if by_seat[(seat.game, seat.seat)]]
    kinds = sorted({seat.kind for seat, _ in rows}, key=["random", "easy", "medium", "hard"].index)

    print("\n1. By kind of player, per seat and game (95% intervals over the games)\n")
    print("| player | seat-games | accuracy | points lost a decision | points lost a game | bands |")
    print("|---|---|---|---|---|---|")
    for kind in kinds:
        mine = [(seat, js) for seat, js in rows if seat.kind == kind]
        per = [sum(j.loss for j in js) / len(js) for _, js in mine]
        acc = [accuracy_of(x) for x in per]
        total = [sum(j.loss for j in js) for _, js in mine]
        bands = Counter(band_of(x) for x in per)
        shown = ", ".join(f"{bands[b]} {b}" for b in [*(n for n, _ in BANDS), BEGINNER] if bands[b])
        print(f"| {kind} | {len(mine)} | {interval(acc)} | {interval(per)} | {interval(total)} | {shown} |")

    print("\n2. By pairing: does the seat that lost fewer points a decision win?\n")
    print("| pairing | games | fewer points lost won | seats under half the winner's score: count, best accuracy |")
    print("|---|---|---|---|")
    for pairing in sorted({seat.pairing for seat, _ in rows}):
        mine = [(seat, js) for seat, js in rows if seat.pairing == pairing]
        per_game: dict[str, list[tuple[float, bool]]] = defaultdict(list)
        for seat, js in mine:
            per_game[seat.game].append((sum(j.loss for j in js) / len(js), seat.won))
        agree = sum(1 for g in per_game.values() if min(g)[1])
        weak = [accuracy_of(sum(j.loss for j in js) / len(js)) for seat, js in mine
                if seat.score < seat.winner_score / 2]  # fmt: skip
        best = f"{len(weak)}, {max(weak):.1f}" if weak else "0"
        print(f"| {pairing} | {len(per_game)} | {agree} ({100 * agree / len(per_game):.0f}%) | {best} |")

    print("\n2b. By pairing: in how many games do the seats' points lost a decision order them as their levels?\n")
    print("| pairing | games | in the levels' order | pairs of seats in order |")
    print("|---|---|---|---|")
    strength = ["random", "easy", "medium", "hard"]
    for pairing in sorted({seat.pairing for seat, _ in rows}):
        games: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for seat, js in rows:
            if seat.pairing == pairing:
                games[seat.game].append((strength.index(seat.kind), sum(j.loss for j in js) / len(js)))
        ordered = pairs = right = 0
        for seated in games.values():
            apart = [(a, b) for a in seated for b in seated if a[0] > b[0]]  # a the stronger level
            pairs += len(apart)
            right += sum(a[1] < b[1] for a, b in apart)  # the stronger lost fewer points a decision
            ordered += all(a[1] < b[1] for a, b in apart)
        print(f"| {pairing} | {len(games)} | {ordered} ({100 * ordered / len(games):.0f}%) | {right} of {pairs} |")

    print("\n3. Each kind's decisions by grade, and the quantiles of their losses (points)\n")
    print("| player | decisions | " + " | ".join(GRADES) + " | median | 75% | 90% | 95% | 99% |")
    print("|---|---|" + "---|" * (len(GRADES) + 5))
    for kind in kinds:
        losses = sorted(s.loss for s in samples if s.kind == kind)
        counts = Counter(s.grade or grade(s.loss) for s in samples if s.kind == kind)
        shares = " | ".join(f"{100 * counts[g] / len(losses):.1f}%" for g in GRADES)
        q = " | ".join(f"{losses[int(f * (len(losses) - 1))]:.2f}" for f in (0.5, 0.75, 0.9, 0.95, 0.99))
        print(f"| {kind} | {len(losses)} | {shares} | {q} |")

    again = [s for s in samples if s.noise is not None and s.drawn]  # drawn at random: not the flags rechecked
    if again:
        gaps = sorted(abs(s.loss - (s.noise or 0.0)) for s in again)
        q = ", ".join(f"{f:.0%} {gaps[int(f * (len(gaps) - 1))]:.2f}" for f in (0.5, 0.75, 0.9, 0.95, 0.99))
        graded = [(s.grade or grade(s.loss), s.noise_grade or grade(s.noise or 0.0)) for s in again]
        same = sum(a == b for a, b in graded)
        print(f"\n4. Noise: {len(again)} decisions judged again on other streams; the two losses apart by {q};")
        print(f"   the same grade {same} times ({100 * same / len(again):.0f}%)")
        lossy = [(a, b) for (a, b), s in zip(graded, again, strict=True) if s.loss or s.noise]
        if lossy:
            kept = sum(a == b for a, b in lossy)
            print(f"   among the {len(lossy)} with any loss on either: the same grade {kept} times "
                  f"({100 * kept / len(lossy):.0f}%)")  # fmt: skip
            # what a player reads is the grade and the grades its interval reaches ("best
            # or good (−0.6 ± 0.4)"): does the other judgement fall among them, and they
            # among its? (samples saved before margins were kept have none: left out)
            spans = [(spanned(s.loss, s.margin), spanned(s.noise or 0.0, s.noise_margin or 0.0),
                      grade(s.loss), grade(s.noise or 0.0))
                     for s in again if (s.loss or s.noise) and s.noise_margin is not None]  # fmt: skip
            if spans:
                meet = sum(bool(set(a) & set(b)) for a, b, _, _ in spans)
                # each printed grade among the grades the other's interval reaches
                within = sum(g_b in a and g_a in b for a, b, g_a, g_b in spans)
                print(f"   their intervals' grades ({len(spans)} with margins kept): meet {meet} times "
                      f"({100 * meet / len(spans):.0f}%); each printed grade within the other's interval "
                      f"{within} times ({100 * within / len(spans):.0f}%)")  # fmt: skip
        serious = ("mistake", "blunder")
        for name, bad in (("mistake or worse", serious), ("an inaccuracy or worse", ("inaccuracy", *serious))):
            # a flag is one run's verdict: both runs flagging hold twice, one alone fails once
            flagged = [int(a in bad) + int(b in bad) for a, b in graded if a in bad or b in bad]
            held = sum(f == 2 for f in flagged)
            flags = sum(flagged)
            print(f"   flags {name}: {flags}, held on the other streams {2 * held} "
                  f"({100 * 2 * held / flags:.0f}%)" if flags else f"   flags {name}: none")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+", type=Path, help="one folder of logs per pairing")
    parser.add_argument("--games", type=int, default=20, help="finished games from each folder")
    parser.add_argument("--level", choices=("medium", "hard"), default="medium")
    parser.add_argument("--workers", type=int, default=0, help="processes (0: one per core)")
    parser.add_argument("--noise", type=int, default=0, help="decisions judged twice, to measure noise")
    parser.add_argument("--seed", type=int, default=1, help="draws the decisions judged twice")
    parser.add_argument("--save", type=Path, help="keep the judged decisions here (and judge only the rest)")
    parser.add_argument("--samples", type=Path, help="read judged decisions from here instead of judging")
    parser.add_argument("--recheck", action="store_true", help="judge every flagged decision again (section 5)")
    args = parser.parse_args()
    found = games(args.folders, args.games)
    table = seats(found)
    if args.samples:
        samples = [Sample(*json.loads(line)) for line in args.samples.read_text().splitlines()]
        print(f"{len(samples)} judged decisions read from {args.samples}")
    else:
        saved = args.save.read_text().splitlines() if args.save and args.save.exists() else []
        kept = [Sample(*json.loads(line)) for line in saved]
        todo = jobs(found, args.level, args.noise, args.seed, {(s.game, s.ply) for s in kept})
        start = time.perf_counter()
        samples = list(kept)
        out = args.save.open("a") if args.save else None
        for i, sample in enumerate(run_all(measure, todo, len(todo), args.workers or default_workers()), 1):
            samples.append(sample)
            if out:
                out.write(json.dumps(sample) + "\n")
                out.flush()
            if i % 500 == 0:
                print(f"  {i} of {len(todo)} decisions judged, {time.perf_counter() - start:.0f} s", file=sys.stderr)
        print(
            f"{len(todo)} decisions of {len(found)} games judged at {args.level} in {time.perf_counter() - start:.0f} s"
        )
    if args.recheck and not args.samples:
        start = time.perf_counter()
        samples = recheck(found, samples, args.level, args.workers or default_workers())
        print(f"flagged decisions judged again in {time.perf_counter() - start:.0f} s")
        if args.save:  # kept with their second judgement, to be read back with --samples
            args.save.write_text("".join(json.dumps(s) + "\n" for s in samples))
    report(samples, table)
    flags_again(samples)


if __name__ == "__main__":
    main()
