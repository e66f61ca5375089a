"""Reviews of saved games (`cwtui review`, and R on the replay screen), kept beside
their logs.

A review is kept as NAME.review.json beside NAME.jsonl (the sidecar). It names what it
judged and how: the log's bytes (by hash), the seats, and the settings (engine
version, level and its search budget). Reviewing again with the same settings reuses
it; other settings, a newer engine or a log that has grown since review afresh. A
sidecar that cannot be read is reported in one line and redone, never trusted.

The decisions are judged one by one (engine.bots.judge.judge) on every core: each depends
only on its position and the level, so a review is the same on one worker or many.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Protocol

import msgspec

from cwtui.cores.processes import run_all, run_on_ray
from cwtui.game.logfile import MAX_LOG, open_regular, read_bytes, write_whole
from cwtui.game.reasons import SAID_BY_THE_MOVE, Catches, Fact, facts, said
from cwtui.game.words import PART_NAMES, listed, mid_sentence, option, tenths
from cwtui.lang import N_, Np_, _, n_, number
from engine import ENGINE_VERSION
from engine.bots import LEAD
from engine.bots.judge import (
    BEST,
    GRADES,
    JUDGE_SEARCH,
    LEVELS,
    ROLLOUT_TURNS,
    ROLLOUTS,
    Judged,
    Position,
    accuracy,
    band,
    default_seats,
    grade,
    judge,
    line_views,
    points_lost,
    positions,
    spanned,
)
from engine.bots.luck import SAMPLES as LUCK_DEALS
from engine.bots.luck import GameLuck, game_luck
from engine.cards import Cards
from engine.errors import EngineError
from engine.log import parse
from engine.log_types import GameLog
from engine.moves import Catch, Move
from engine.replay import Replay
from engine.view import View

SIDECAR_SUFFIX: Final = ".review.json"
# 10: each rollout decision's dice by its place in the game (engine.bots.playout.play_turns);
# 9: rollouts of ROLLOUT_TURNS turns ending in the lead evaluation, the best of the candidates rolled out;
# 8: graded by the loss printed (the band of its number), not by its interval's lower end;
# 7: a loss exactly at a grade's bound read as that grade (not under it by a rounding error);
# 6: a flag confirmed by a second judgement; 5: the better move's line; 4: a decision's candidates; 3: each loss
# with its 95% margin, graded by its interval; 2: graded in points lost by the loss alone; 1: in win chance lost
# 11: the judge's search ends its playouts in the lead evaluation; the game's luck kept beside the decisions;
SIDECAR_FORMAT: Final = 11
OLDER: Final = {  # how a kept review of an earlier format grades, as a note says it
    1: "grades in win chances",
    2: "grades by its losses alone, without their margins of error",
    3: "lists no candidates at a decision",
    4: "shows no line after the better move",
    5: "flags decisions judged once, not confirmed by a second judgement",
    6: "may read a loss of exactly 3 points (a grade's bound) as under it, by a rounding error",
    7: "grades each decision by the low end of its loss's interval, not by the loss it shows",
    8: "rolls moves out to the game's end (margins about three times as wide) and takes the search's pick as the "
    "best without rolling the other candidates out",
    9: "rolls moves out with dice that slide apart between two moves' rollouts (margins about a quarter wider)",
    10: "judges with a search that could not tell the hard bot's play from the medium bot's, and measures no luck",
}

Progress = Callable[[int, int], None]  # (decisions judged, decisions to judge)
Job = tuple[Position, str, Cards]  # a decision, the level and the game's cards


class Pool(Protocol):
    """Processes that work through jobs in order (the app's cwtui.cores.search_pool.TreePool)."""

    def map(self, work: Callable[[Job], Judged], items: Iterable[Job]) -> Iterator[Judged]: ...


class ReviewError(Exception):
    """A log that cannot be reviewed (unreadable, or not a game the engine replays)."""


class Settings(msgspec.Struct, frozen=True):
    """How a review was made: reviews with equal settings judge alike."""

    engine: str
    level: str
    iterations: int  # a tree's
    trees: int
    evaluation: str | None  # the learned model's name, or None: the hand-written evaluation
    rollouts: int  # of each move judged (engine.bots.judge.ROLLOUTS)
    rollout_turns: int  # turns a rollout plays before it is evaluated (engine.bots.judge.ROLLOUT_TURNS)
    lead: str  # the evaluation a rollout ends in (engine.bots.LEAD), and luck is measured with
    luck_deals: int  # deals each move's luck is measured against (engine.bots.luck.SAMPLES)


class Sidecar(msgspec.Struct):
    format: int
    game: str
    log_hash: str  # BLAKE2b-128 of the log's bytes as reviewed
    settings: Settings
    seats: tuple[int, ...]
    decisions: tuple[Judged, ...]
    luck: GameLuck | None = None  # every seat's, once the game is over (engine.bots.luck)
    # BLAKE2b-128 of the sidecar encoded with this field empty: a review edited by hand
    # (a grade softened, a loss taken away) no longer matches and is made again
    digest: str = ""


def sealed(sidecar: Sidecar) -> Sidecar:
    """The sidecar with its digest."""
    return msgspec.structs.replace(sidecar, digest=_seal(sidecar))


def _seal(sidecar: Sidecar) -> str:
    return hashlib.blake2b(_encoder.encode(msgspec.structs.replace(sidecar, digest="")), digest_size=16).hexdigest()


class _Format(msgspec.Struct):
    """A kept review's format alone, read before the rest (an older one has other fields)."""

    format: int


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Sidecar)
_format = msgspec.json.Decoder(_Format)


def settings_for(level: str) -> Settings:
    if level not in LEVELS:
        raise ValueError(f"unknown review level {level!r}; choose from {', '.join(LEVELS)}")
    budget = JUDGE_SEARCH[level]
    return Settings(
        ENGINE_VERSION, level, budget.iterations, budget.trees, budget.evaluation, ROLLOUTS[level], ROLLOUT_TURNS, LEAD,
        LUCK_DEALS,
    )  # fmt: skip


def sidecar_path(log: Path) -> Path:
    return log.with_name(log.name.removesuffix(".jsonl") + SIDECAR_SUFFIX)


def read_sidecar(path: Path) -> bytes:
    """A kept review's bytes: a regular file of cwtui's, not reached through a link, of
    at most MAX_LOG bytes (OSError otherwise): a device without end or a pipe planted at
    its name is never read or waited on."""
    with open_regular(path, MAX_LOG, "kept review", follow=False) as file:
        return file.read(MAX_LOG)


def costly(judged: Judged) -> bool:
    """Whether a decision cost the seat something: half a point or more, graded good or
    worse (one graded best may have lost a few tenths, the rollouts' noise)."""
    return judged.grade != BEST


@dataclass
class GameReview:
    """A game's review: its log, the seats judged and each of their decisions."""

    path: Path
    log: GameLog
    settings: Settings
    seats: tuple[int, ...]
    decisions: tuple[Judged, ...]
    luck: GameLuck | None = None  # every seat's, once the game is over
    reused: bool = False  # read from the sidecar rather than searched now
    notes: list[str] = field(default_factory=list)  # what went wrong with the sidecar, if anything

    def of(self, seat: int) -> list[Judged]:
        return [j for j in self.decisions if j.seat == seat]

    def accuracy(self, seat: int) -> float | None:
        return accuracy(self.of(seat))

    def points_lost(self, seat: int) -> float:
        return points_lost(self.of(seat))

    def band(self, seat: int) -> str | None:
        return band(self.of(seat))

    def worst(self, seat: int, count: int = 3) -> list[Judged]:
        """The seat's costliest decisions, costliest first (ties: the earlier): those its
        grade says cost something (`costly`)."""
        return sorted(filter(costly, self.of(seat)), key=lambda j: (-j.loss, j.ply))[:count]


def read_game(path: Path, cards: Cards) -> tuple[GameLog, bytes]:
    """A log that verifies, and its bytes (ReviewError otherwise: only a game the
    engine replays move for move can be judged)."""
    try:
        data = read_bytes(path)
        log = parse(data.splitlines(keepends=True))
        replay = Replay(log, cards)
    except EngineError as exc:
        raise ReviewError(f"{path}: {exc}") from None
    if replay.divergence:
        d = replay.divergence
        raise ReviewError(f"{path}: the log does not replay at move {d.move} ({d.reason}); `cwtui verify` says more")
    return log, data


def choose_seats(log: GameLog, asked: Sequence[str] | None) -> tuple[int, ...]:
    """The seats to review: `asked` names them by number (from 0) or by name; none
    asked: the humans, or every seat of a bots-only game."""
    config = log.header.config
    if not asked:
        return tuple(default_seats(config))
    names = [s.name for s in config.seats]
    seats: list[int] = []
    for item in asked:
        if item.isdecimal() and int(item) < len(names):
            seat = int(item)
        elif item in names:
            seat = names.index(item)
        else:
            listed = ", ".join(f"{i} ({n})" for i, n in enumerate(names))
            raise ReviewError(f"the game has no seat {item!r}; its seats are {listed}")
        if seat not in seats:
            seats.append(seat)
    return tuple(sorted(seats))


def review(
    path: Path,
    cards: Cards,
    level: str = "medium",
    seats: Sequence[str] | None = None,
    workers: int = 1,
    progress: Progress | None = None,
    backend: str = "local",
    pool: Pool | None = None,
    read: tuple[GameLog, bytes] | None = None,
) -> GameReview:
    """The review of the game in `path`: the sidecar's if it was made with these
    settings from this very log, else judged now (on `workers` new processes, the
    processes of `pool`, or a Ray cluster) and kept in the sidecar. `read`: what
    read_game gave for `path`, if the caller has it already."""
    log, data = read or read_game(path, cards)
    settings = settings_for(level)
    chosen = choose_seats(log, seats)
    hashed = log_hash(data)
    kept, notes = _kept(path, log, settings, hashed, chosen)
    if kept is not None:
        return GameReview(path, log, settings, chosen, kept.decisions, kept.luck, reused=True)
    todo = list(positions(log, cards, chosen))
    judged = tuple(judge_all(todo, level, cards, workers, progress, backend, pool))
    luck = measured_luck(log, cards)
    notes += _keep(path, sealed(Sidecar(SIDECAR_FORMAT, log.header.game, hashed, settings, chosen, judged, luck)))
    return GameReview(path, log, settings, chosen, judged, luck, notes=notes)


def measured_luck(log: GameLog, cards: Cards) -> GameLuck | None:
    """The game's luck, every seat's (engine.bots.luck), or None while it is not over:
    until every secret is out, luck would tell a seat what another's hidden fish are worth."""
    if log.footer is None:
        return None
    from engine.bots.lead import shipped  # numpy's network: loaded where a review runs, not at the app's start

    return game_luck(log, cards, shipped(LEAD), LUCK_DEALS)


def kept_review(path: Path, log: GameLog, level: str = "medium") -> GameReview | None:
    """The game's kept review of its default seats at `level`, if there is one made
    from the log as it is now with this engine's settings (nothing is searched)."""
    try:
        data = read_bytes(path)
    except EngineError:
        return None
    settings = settings_for(level)
    chosen = choose_seats(log, None)
    kept, _notes = _kept(path, log, settings, log_hash(data), chosen)
    return None if kept is None else GameReview(path, log, settings, chosen, kept.decisions, kept.luck, reused=True)


def log_hash(data: bytes) -> str:
    """A log's bytes as a review names them (Sidecar.log_hash)."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def judge_all(
    todo: list[Position],
    level: str,
    cards: Cards,
    workers: int,
    progress: Progress | None,
    backend: str = "local",
    pool: Pool | None = None,
) -> Generator[Judged]:
    """Each decision judged, in order (closed early, its processes stop at once)."""
    if progress:
        progress(0, len(todo))
    jobs = ((p, level, cards) for p in todo)
    results: Iterable[Judged]
    if backend == "ray":
        results = _on_ray(list(jobs))
    elif pool is not None:
        results = pool.map(judge_job, jobs)
    else:
        results = run_all(judge_job, jobs, len(todo), workers)
    for done, judged in enumerate(results, 1):
        if progress:
            progress(done, len(todo))
        yield judged


def judge_job(job: Job) -> Judged:
    """`engine.bots.judge.judge` for a worker process."""
    position, level, cards = job
    return judge(position, level, cards)


def _judge_many(jobs: list[Job]) -> list[Judged]:
    return [judge_job(job) for job in jobs]


def _on_ray(jobs: list[Job]) -> Iterator[Judged]:
    """The decisions as Ray tasks, a few per task, in order; RAY_ADDRESS names a
    cluster, else Ray starts a local one."""
    size = 4
    for judged in run_on_ray(_judge_many, (jobs[i : i + size] for i in range(0, len(jobs), size))):
        yield from judged


def _kept(
    path: Path, log: GameLog, settings: Settings, log_hash: str, seats: tuple[int, ...]
) -> tuple[Sidecar | None, list[str]]:
    """The sidecar, with its decisions of `seats` alone, if it judged this log with these
    settings; else None, and a note if it could not be read or disagrees with the log."""
    side = sidecar_path(path)
    try:
        raw = read_sidecar(side)
    except FileNotFoundError:
        return None, []
    except OSError as exc:
        return None, [f"the kept review {side} cannot be read ({exc.strerror or exc}); reviewing again"]
    try:
        kept = parse_sidecar(raw)
    except OlderReview as exc:
        return None, [f"the kept review {side} {exc.how} (an earlier cwtui); reviewing again"]
    except DamagedReview as exc:
        return None, [f"the kept review {side} is damaged ({exc}); reviewing again"]
    if kept.format != SIDECAR_FORMAT or kept.settings != settings or kept.log_hash != log_hash:
        return None, []  # made otherwise, or of the log as it was: stale, not damaged
    if not set(seats) <= set(kept.seats):
        return None, []
    wrong = mismatch(kept, log, log_hash)
    if wrong:
        return None, [f"the kept review {side} does not agree with its log ({wrong}); reviewing again"]
    return msgspec.structs.replace(kept, decisions=tuple(j for j in kept.decisions if j.seat in seats)), []


def mismatch(kept: Sidecar, log: GameLog, log_hash: str) -> str | None:
    """What makes a kept review not a review of this log (whose bytes hash to
    `log_hash`), or None: it names the log's bytes and its game, and each decision is
    the move the log's seat made at that ply. Its digest cannot say so, since anyone
    can compute it again; and a review that agrees with its log may still be judged
    otherwise than the engine judges: only judging it again tells
    (`cwtui history load --verify`)."""
    if kept.game != log.header.game:
        return f"it names the game {kept.game!r}, but the log holds {log.header.game!r}"
    if kept.log_hash != log_hash:
        return "it reviews the log as it was before it changed"
    for j in kept.decisions:
        played = log.plies[j.ply] if 0 <= j.ply < len(log.plies) else None
        if j.seat not in kept.seats or played is None or (played.seat, played.phase, played.move) != (
            j.seat, j.phase, j.chosen
        ):  # fmt: skip
            return f"its move {j.ply + 1} is not the move the log records"
    return None


def _keep(path: Path, sidecar: Sidecar) -> list[str]:
    """Write the sidecar whole or not at all; a folder that cannot take it costs only
    the keeping (the review is still shown)."""
    side = sidecar_path(path)
    try:
        write_whole(side, _encoder.encode(sidecar))
    except OSError as exc:
        return [f"the review could not be kept in {side} ({exc.strerror})"]
    return []


class DamagedReview(ValueError):
    """A kept review that cannot be read, or disagrees with itself."""


class OlderReview(DamagedReview):
    """A kept review of an earlier format: sound, but graded otherwise (`how`: OLDER's)."""

    def __init__(self, how: str) -> None:
        super().__init__(f"{how}, kept by an earlier cwtui; `cwtui review` grades the game again")
        self.how = how


def parse_sidecar(raw: bytes) -> Sidecar:
    """A kept review's content (DamagedReview if it is not one, saying why; OlderReview
    if an earlier cwtui kept it, in win chances)."""
    try:
        older = _format.decode(raw).format
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError, ValueError):
        older = SIDECAR_FORMAT  # decoded whole below, to say what is wrong with it
    if older < SIDECAR_FORMAT:
        raise OlderReview(OLDER.get(older, OLDER[1]))
    try:
        kept = _decoder.decode(raw)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError, ValueError) as exc:
        raise DamagedReview(str(exc).splitlines()[0] if str(exc) else type(exc).__name__) from None
    damage = _damage(kept)
    if damage:
        raise DamagedReview(damage)
    return kept


def _damage(kept: Sidecar) -> str | None:
    """What makes a sidecar disagree with itself, or None: its digest is its content's,
    each decision's grade is its loss's, its loss its leads', and its chances are chances."""
    if kept.digest != _seal(kept):
        return "its digest does not match its content: changed since it was made"
    for j in kept.decisions:
        if not (0.0 <= j.before <= 1.0 and 0.0 <= j.after <= 1.0):
            return f"move {j.ply + 1}'s win chances are not between 0 and 1"
        leads = 0.0 if j.lead_best is None or j.lead_chosen is None else max(0.0, j.lead_best - j.lead_chosen)
        if not math.isclose(j.loss, leads, abs_tol=1e-9):
            return f"move {j.ply + 1} lost {j.loss} points, but its leads say {leads}"
        if j.grade != grade(j.loss):
            return f"move {j.ply + 1} is graded {j.grade!r}, but its loss makes it {grade(j.loss)!r}"
    for seat in kept.luck.seats if kept.luck else ():
        if not math.isclose(seat.final, seat.start + seat.luck + seat.own + seat.others, abs_tol=1e-6):
            return f"seat {seat.seat + 1}'s luck and play do not add up to its final lead"
    return None


def views_at(game: GameReview, cards: Cards, plies: Sequence[int]) -> dict[int, View]:
    """The reviewed seat's View at each of `plies` (to put its moves into words)."""
    return {p.ply: p.view for p in positions(game.log, cards, game.seats, only=set(plies))}


DOES_SHOWN: Final = 2  # what the better move does that the played one does not: at most this many facts


def decision_line(judged: Judged, seen: View, cards: Cards) -> str:
    """One line for a reviewed decision: what was played, what the judge preferred and
    what it does that the played move does not, in the game's terms (the hint's reasons,
    cwtui.game.reasons), and where the better move's points lie."""
    played = mid_sentence(option(seen, cards, judged.chosen))
    if judged.chosen == judged.best:
        return _("played {move}, the search's choice too").format(move=played)
    best = mid_sentence(option(seen, cards, judged.best))
    if not costly(judged):  # a loss the rollouts cannot tell from none
        if tenths(judged.loss) < 0.5:
            return _("played {move}, as good as {best}").format(move=played, best=best)
        return _("played {move}, about as good as {best}").format(move=played, best=best)
    played_does = facts(seen, cards, judged.chosen, seed=seen.ply)
    apart = [
        fact
        for fact in facts(seen, cards, judged.best, seed=seen.ply)
        if fact not in played_does and not isinstance(fact, SAID_BY_THE_MOVE)
    ]
    shown = apart[:DOES_SHOWN]
    views = line_views(seen, judged.best, judged.line, cards)
    steps = [
        mid_sentence(option(v, cards, m)) for v, m in zip(views, judged.line, strict=True) if not said_by(m, shown)
    ]
    better = best
    for step in steps:
        better = _("{moves}, then {step}").format(moves=better, step=step)
    if apart:
        better = _("{moves} — it {facts}").format(moves=better, facts=listed(said(cards, fact) for fact in shown))
    line = _("played {move}; better was {better}").format(move=played, better=better)
    return _("{line} ({why})").format(line=line, why=why_words(judged)) if judged.why else line


def said_by(step: Move, shown: Sequence[Fact]) -> bool:
    """Whether a line's catch is a fact already said, and said with more ("catch the
    Brown Trout in River zone 3" beside "catches the Brown Trout in River zone 3, a new
    species (1 of 8)"): the line leaves it to the fact. A catch with tackle or from the
    deck's top says more than the fact: it stays."""
    return (
        isinstance(step, Catch)
        and not (step.rod or step.line or step.deck_top)
        and any(isinstance(f, Catches) and (f.location, f.zone) == (step.location, step.zone) for f in shown)
    )


def candidates_line(judged: Judged, seen: View, cards: Cards) -> str:
    """The moves the review weighed at a decision, each with the points it gives up and
    their margin, the best first: "take Char #16 (red blue red), the best; take Dogfish
    #21 (…) 0.0 ± 2.0; played refill zone 5 (draw 3 bait) −2.8 ± 1.5" — the move played
    among them where the search ranked it so, else after them. Empty where the review
    weighed none (the move played was the best, or as good)."""
    if not judged.candidates:
        return ""
    weighed = []
    for c in judged.candidates:
        move = mid_sentence(option(seen, cards, c.move))
        if c.move == judged.best:
            one = _("{move}, the best").format(move=move)
        else:
            one = _("{move} {points}").format(move=move, points=points(c.loss, c.margin))
        weighed.append(_("{move}, played").format(move=one) if c.move == judged.chosen else one)
    if all(c.move != judged.chosen for c in judged.candidates):
        played = mid_sentence(option(seen, cards, judged.chosen))
        weighed.append(_("played {move} {points}").format(move=played, points=points(judged.loss, judged.margin)))
    return _("; ").join(weighed)


def why_words(judged: Judged) -> str:
    """Where the better move's lead lies: "Lake contest +3.1, Master Anglers caught +0.8"."""
    return listed(f"{PART_NAMES.get(part, part)} +{number(points, 1)}" for part, points in judged.why)


def points(value: float, margin: float = 0.0) -> str:
    """Points lost as a player reads them: "−2.4" (`tenths`), with its 95% margin when
    it has one ("−2.4 ± 0.9")."""
    shown = tenths(value)
    return (f"−{number(shown, 1)}" if shown else number(0, 1)) + (f" ± {number(margin, 1)}" if margin else "")


# A grade as a player reads it (the grades themselves are data: engine.bots.judge.GRADES),
# one and many, for "29 best, 3 inaccuracies"
GRADE_NAMES: Final = {
    "best": Np_("{count} best", "{count} best"),
    "good": Np_("{count} good", "{count} good"),
    "inaccuracy": Np_("{count} inaccuracy", "{count} inaccuracies"),
    "mistake": Np_("{count} mistake", "{count} mistakes"),
    "blunder": Np_("{count} blunder", "{count} blunders"),
}
GRADE_WORDS: Final = {
    "best": N_("best"), "good": N_("good"), "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}  # fmt: skip
BAND_WORDS: Final = {
    "expert": N_("expert"), "strong": N_("strong"), "intermediate": N_("intermediate"), "casual": N_("casual"),
    "beginner": N_("beginner"),
}  # fmt: skip


def grade_word(grade: str) -> str:
    """ "mistake", in the language in use."""
    return _(GRADE_WORDS[grade]) if grade in GRADE_WORDS else grade


def grade_said(loss: float, margin: float, words: Mapping[str, str] = GRADE_WORDS) -> str:
    """A decision's grade as a player reads it beside its points: the band of the loss,
    or where its 95% interval crosses a grade's bound, the grades it reaches ("inaccuracy
    or mistake", "good to mistake"): never a grade the number beside it does not have.
    `words`: each grade's catalog message ("an inaccuracy", for a sentence)."""
    grades = [_(words[g]) for g in spanned(loss, margin)]
    if len(grades) == 1:
        return grades[0]
    said = _("{milder} or {worse}") if len(grades) == 2 else _("{milder} to {worse}")
    return said.format(milder=grades[0], worse=grades[-1])


def graded_count(grade: str, count: int) -> str:
    one, many = GRADE_NAMES[grade]
    return n_(one, many, count).format(count=count)


@dataclass(frozen=True)
class Worst:
    ply: int
    grade: str
    loss: float  # points
    margin: float  # the loss's 95% margin, points
    line: str  # decision_line's words
    candidates: str  # candidates_line's


@dataclass(frozen=True)
class SeatSummary:
    seat: int
    name: str
    accuracy: float | None
    band: str | None  # beginner … expert, by the points lost per decision (engine.bots.judge.BANDS)
    lost: float  # points, over all its reviewed decisions
    decisions: int
    grades: str  # "79 best, 12 good, 9 inaccuracies"
    worst: tuple[Worst, ...]  # costliest first

    @property
    def headline(self) -> str:
        """ "accuracy 93.6 (strong) · 42.5 points lost over 161 decisions (0.26 a decision)"."""
        if self.accuracy is None:
            return _("no decision to review")
        per = self.lost / self.decisions
        band = _(BAND_WORDS[self.band]) if self.band in BAND_WORDS else str(self.band)
        return n_(
            "accuracy {accuracy} ({band}) · {lost} points lost over {count} decision ({per} a decision)",
            "accuracy {accuracy} ({band}) · {lost} points lost over {count} decisions ({per} a decision)",
            self.decisions,
        ).format(
            accuracy=number(self.accuracy, 1), band=band, lost=number(self.lost, 1), count=number(self.decisions),
            per=number(per, 2),
        )  # fmt: skip


def summary(game: GameReview, cards: Cards, worst: int = 3) -> list[SeatSummary]:
    """Per reviewed seat: its accuracy, band and points lost, its grades and its costliest
    decisions in words."""
    names = [s.name for s in game.log.header.config.seats]
    costly = {seat: game.worst(seat, worst) for seat in game.seats}
    seen = views_at(game, cards, [j.ply for js in costly.values() for j in js])
    out = []
    for seat in game.seats:
        judged = game.of(seat)
        counts = Counter(j.grade for j in judged)
        # "29 best, 1 good, 3 inaccuracies, 2 mistakes": the adjectives as they are, the nouns counted
        grades = listed(graded_count(g, counts[g]) for g in GRADES if counts[g]) or _("none")
        lines = tuple(
            Worst(
                j.ply,
                j.grade,
                j.loss,
                j.margin,
                decision_line(j, seen[j.ply], cards),
                candidates_line(j, seen[j.ply], cards),
            )
            for j in costly[seat]
        )
        lost, accuracy, band = game.points_lost(seat), game.accuracy(seat), game.band(seat)
        out.append(SeatSummary(seat, names[seat], accuracy, band, lost, len(judged), grades, lines))
    return out


def report(game: GameReview, cards: Cards) -> list[str]:
    """The review in lines of text: the game, then per seat its accuracy, band and points
    lost, its grades and its costliest decisions."""
    how = _("kept review") if game.reused else _("judged at {level}").format(level=level_word(game.settings.level))
    count = len(game.decisions)
    reviewed = n_("{count} decision reviewed ({how})", "{count} decisions reviewed ({how})", count)
    lines = [f"{game.path}: " + reviewed.format(count=number(count), how=how)]
    for s in summary(game, cards):
        seat = s.seat + 1  # seats from 1, as everywhere a player reads them (issue 68.8)
        lines.append("  " + _("{name} (seat {seat}): {headline}").format(name=s.name, seat=seat, headline=s.headline))
        lines.append(f"    {s.grades}")
        # numbered as the table, the replay and its review number moves: from 1
        for w in s.worst:
            worst = _("move {move}, {grade} ({points}): {line}").format(
                move=w.ply + 1, grade=grade_said(w.loss, w.margin), points=points(w.loss, w.margin), line=w.line
            )
            lines.append(f"    {worst}")
            if w.candidates:
                lines.append("      " + _("weighed: {moves}").format(moves=w.candidates))
    return lines


def level_word(level: str) -> str:
    """A review's level ("medium"), as the seat pickers name it."""
    from cwtui.game.words import level_name

    return level_name(level)


def win_series(game: GameReview, end: int) -> list[tuple[int, list[int]]]:
    """Each reviewed seat's estimated win chance, in percent, at every position 0..end:
    at a decision its chance with the best move, after it its chance with the move
    played, held until its next decision (from a fair share at the start)."""
    contenders = len(game.log.header.config.seats) + game.log.header.config.solo
    series = []
    for seat in game.seats:
        judged = {j.ply: j for j in game.of(seat)}
        value = round(100 / contenders)
        values = []
        for position in range(end + 1):
            if position in judged:
                value = round(100 * judged[position].before)
            elif position - 1 in judged:
                value = round(100 * judged[position - 1].after)
            values.append(value)
        series.append((seat, values))
    return series
