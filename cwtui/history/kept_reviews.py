"""Kept reviews (NAME.review.json, cwtui.game.review) into the history's `reviews` table.

A kept review loads only as a review of the log beside it (NAME.jsonl): the game and
the log's bytes it names are that log's, and each decision is the move the log's seat
made (cwtui.game.review.mismatch); one that is not is skipped with the reason, as a log the
reader refuses is. Its digest proves nothing more (anyone can compute it again), so a
review's judgement is what it claims until `history load --verify` judges it again, as
a game is what its log claims until the engine replays it: the judgement is the same in
any process, so the review is recorded as verified, or not with the first decision
judged otherwise (`reviews.verified`, `verdict`). A review is read again when it or its
log changes, and by --verify when its bytes are not those it judged again (by hash)."""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import duckdb
import msgspec

from cwtui.game.logfile import read_bytes
from cwtui.game.review import (
    SIDECAR_SUFFIX,
    DamagedReview,
    OlderReview,
    Sidecar,
    judge_all,
    log_hash,
    measured_luck,
    mismatch,
    parse_sidecar,
    read_sidecar,
    settings_for,
)
from cwtui.game.words import quantity
from cwtui.history import schema
from cwtui.history.reading import content_hash, logs_in, under
from engine.bots.judge import Judged, move_accuracy, positions, spanned
from engine.cards import Cards
from engine.errors import EngineError
from engine.log import parse
from engine.log_types import GameLog

WORKERS: int | None = None  # processes that judge reviews again (None: one a core)

Seen = tuple[int, int, int | None, int | None]  # the review's size and time, and its log's (None: no log)


@dataclass
class Checked:
    """A kept review that is a review of the log beside it, and what judging it again
    found (None, None: not judged again)."""

    kept: Sidecar
    verified: bool | None = None
    verdict: str | None = None
    hash: str | None = None  # of the review's bytes, when judged again


class ReviewLoader:
    """Kept reviews (NAME.review.json, cwtui.game.review) into the `reviews` table, each
    file's decisions replaced as a whole when it or its log changes and dropped when it
    goes. A review that cannot be read, or is not a review of the log beside it, is
    skipped with the reason; a second review of a game already loaded from another file
    (a copy of its log) is skipped as one."""

    def __init__(
        self,
        con: duckdb.DuckDBPyConnection,
        transaction: Callable[[], contextlib.AbstractContextManager[None]],
        cards: Sequence[Cards] = (),
        verify: bool = False,
    ) -> None:
        self.con = con
        self.transaction = transaction  # the loader's
        self.cards = cards  # the card data a review is judged again with
        self.verify = verify  # judge again every review not judged again as it is

    def load(self, roots: Sequence[str]) -> tuple[int, list[tuple[Path, str]]]:
        """The reviews read (new or changed), and the files skipped with why."""
        read: list[Path] = []
        skipped: list[tuple[Path, str]] = []
        with self.transaction():
            self._load(roots, read, skipped)
        return len(read), skipped

    def failed(self, roots: Sequence[str]) -> list[tuple[Path, str]]:
        """The reviews under `roots` that judged again were found otherwise, and how:
        named at every load, as games whose replay failed are."""
        found = self.con.execute(
            f"SELECT f.file, any_value(r.verdict) FROM {schema.REVIEWS} r JOIN review_files f USING (game) "
            "WHERE f.status = 'loaded' AND NOT r.verified GROUP BY f.file ORDER BY f.file"
        ).fetchall()
        return [(Path(file), verdict) for file, verdict in found if any(under(file, root) for root in roots)]

    def _load(self, roots: Sequence[str], read: list[Path], skipped: list[tuple[Path, str]]) -> None:
        on_disk = _reviews_in(roots)
        known = {
            file: ((size, mtime, log_size, log_mtime), status, error, judged)
            for file, size, mtime, log_size, log_mtime, status, error, judged in self.con.execute(
                "SELECT file, size, mtime_ns, log_size, log_mtime_ns, status, error, hash FROM review_files"
            ).fetchall()
        }
        # --verify: each review loaded is judged again, unless judged again as it is
        again = {
            f for f, (_, status, _, judged) in known.items()
            if self.verify and status == "loaded" and f in on_disk and not _judged_as_it_is(f, judged)
        }  # fmt: skip
        changed = {f for f, seen in known.items() if on_disk.get(f) != seen[0] or f in again}
        stale = [f for f in changed if any(under(f, r) for r in roots)]
        fresh = sorted(f for f in on_disk if f not in known or f in changed)
        skipped.extend(
            (Path(f), error) for f, (_, status, error, _) in known.items() if status != "loaded" and f not in stale
        )
        if stale or fresh:
            self._forget(stale)
            self._take(fresh, on_disk, read, skipped)

    def _forget(self, files: list[str]) -> None:
        con = self.con
        con.execute("CREATE OR REPLACE TEMP TABLE stale_reviews AS SELECT unnest(?::VARCHAR[]) AS file", [files])
        for table in schema.REVIEW_TABLES:
            con.execute(
                f"DELETE FROM {table} WHERE game IN "
                "(SELECT game FROM review_files JOIN stale_reviews USING (file) WHERE status = 'loaded')"
            )
        con.execute("DELETE FROM review_files WHERE file IN (SELECT file FROM stale_reviews)")

    def _take(
        self, files: list[str], on_disk: dict[str, Seen], read: list[Path], skipped: list[tuple[Path, str]]
    ) -> None:
        """Load each review in `files` that is a review of its log and of a game whose
        review is not loaded already; record each as loaded or skipped (why)."""
        held = dict(self.con.execute("SELECT game, file FROM review_files WHERE status = 'loaded'").fetchall())
        rows: dict[str, list[tuple[object, ...]]] = {table: [] for table in schema.REVIEW_TABLES}
        recorded: list[tuple[object, ...]] = []
        for file in files:
            checked = self._check(file)
            if isinstance(checked, str) or checked.kept.game in held:
                game = None if isinstance(checked, str) else checked.kept.game
                reason = checked if isinstance(checked, str) else _review_of_a_copy(checked.kept.game, held)
                recorded.append((file, *on_disk[file], None, game, "skipped", reason))
                skipped.append((Path(file), reason))
                continue
            held[checked.kept.game] = file
            recorded.append((file, *on_disk[file], checked.hash, checked.kept.game, "loaded", None))
            rows[schema.REVIEWS] += _review_rows(checked)
            rows[schema.LUCK] += _luck_rows(checked.kept)
            rows[schema.LUCK_DRAWS] += _draw_rows(checked.kept)
            read.append(Path(file))
        for table, values in rows.items():
            if values:
                columns = len(next(t for t in schema.TABLES if t.name == table).columns)  # one value a column
                self.con.executemany(f"INSERT INTO {table} VALUES ({', '.join(['?'] * columns)})", values)
        if recorded:
            self.con.executemany("INSERT INTO review_files VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", recorded)

    def _check(self, file: str) -> Checked | str:
        """The kept review in `file` if it is a review of the log beside it (and with
        --verify, judged again), else why not."""
        try:
            raw = read_sidecar(Path(file))
            kept = parse_sidecar(raw)
        except OlderReview as exc:
            return str(exc)
        except (OSError, DamagedReview) as exc:
            return f"cannot read it: {exc.strerror or exc}" if isinstance(exc, OSError) else f"not a kept review: {exc}"
        beside = _log_of(file)
        try:
            data = read_bytes(beside)
            log = parse(data.splitlines(keepends=True))
        except EngineError as exc:
            if not beside.exists():
                return f"no log {beside.name} beside it"
            return f"its log {beside.name} cannot be read: {exc}"
        wrong = mismatch(kept, log, log_hash(data))
        if wrong:
            return f"not a review of {beside.name}: {wrong}"
        if not self.verify:
            return Checked(kept)
        verified, verdict = judged_again(kept, log, self.cards)
        return Checked(kept, verified, verdict, content_hash(raw) if verified is not None else None)


def judged_again(kept: Sidecar, log: GameLog, cards: Sequence[Cards]) -> tuple[bool | None, str]:
    """reviews.verified and verdict: every decision of the review's seats judged again
    as the review judged it, compared with what it keeps (None: it cannot be judged
    again here, and why)."""
    try:
        settings = settings_for(kept.settings.level)
    except ValueError:
        settings = None
    if kept.settings != settings:
        return None, f"not checked: judged by engine {kept.settings.engine} at other settings than this cwtui's"
    played_with = next((c for c in cards if c.hash == log.header.cards), None)
    if played_with is None:
        return None, "not checked: played with other card data (load with --cards FILE to check it)"
    try:
        todo = list(positions(log, played_with, kept.seats))
    except EngineError as exc:
        return False, f"FAILED: its log does not replay ({exc})"
    judged = judge_all(todo, kept.settings.level, played_with, WORKERS or os.cpu_count() or 1, None)
    with contextlib.closing(judged):  # the judging stops at the first decision judged otherwise
        for keeps, again in itertools.zip_longest(kept.decisions, judged):
            otherwise = _otherwise(keeps, again)
            if otherwise:
                return False, otherwise
    if measured_luck(log, played_with) != kept.luck:
        return False, "FAILED: its luck is not the luck measured again"
    return True, f"OK ({quantity(len(todo), 'decision')} judged again)"


def _otherwise(keeps: Judged | None, again: Judged | None) -> str | None:
    """How a kept decision differs from the same decision judged again, or None."""
    if keeps == again:
        return None
    if again is not None and (keeps is None or again.ply < keeps.ply):
        return f"FAILED at move {again.ply + 1}: a decision the review leaves out"
    if keeps is not None and (again is None or keeps.ply < again.ply):
        return f"FAILED at move {keeps.ply + 1}: not a decision of the seats reviewed"
    assert keeps is not None and again is not None  # one decision, judged otherwise
    if (keeps.grade, keeps.loss) != (again.grade, again.loss):
        return (
            f"FAILED at move {keeps.ply + 1}: kept as {keeps.grade}, {keeps.loss:.1f} points lost; "
            f"judged again {again.grade}, {again.loss:.1f} points lost"
        )
    return f"FAILED at move {keeps.ply + 1}: its best move, win chances or leads are not those judged again"


def _review_of_a_copy(game: str, held: dict[str, str]) -> str:
    return f"the same game ({game}) as {held[game]}, whose review is loaded"


def _reviews_in(roots: Sequence[str]) -> dict[str, Seen]:
    """Each kept review under `roots`, with its size and time and its log's."""
    found: dict[str, Seen] = {}
    for root in roots:
        for entry in logs_in(Path(root), SIDECAR_SUFFIX):
            st = entry.stat()
            found[entry.path] = (st.st_size, st.st_mtime_ns, *_log_seen(entry.path))
    return found


def _log_of(review: str) -> Path:
    return Path(review.removesuffix(SIDECAR_SUFFIX) + ".jsonl")


def _log_seen(review: str) -> tuple[int | None, int | None]:
    """The size and time of the log beside a review (a change reads the review again)."""
    try:
        st = _log_of(review).stat()
    except OSError:
        return None, None
    return st.st_size, st.st_mtime_ns


def _judged_as_it_is(file: str, judged: str | None) -> bool:
    """The review's bytes are those --verify judged again (a review forged behind its
    old size and time is not)."""
    try:
        return judged is not None and content_hash(read_sidecar(Path(file))) == judged
    except OSError:
        return False


def _ends(judged: Judged) -> tuple[str, str]:
    """The grades of the ends of a decision's loss interval (reviews.grade_low, grade_high)."""
    grades = spanned(judged.loss, judged.margin)
    return grades[0], grades[-1]


def _luck_rows(kept: Sidecar) -> list[tuple[object, ...]]:
    """A row per seat of a game that was over when reviewed (none otherwise)."""
    luck = kept.luck
    if luck is None:
        return []
    return [
        (kept.game, s.seat, s.final, s.start, s.luck, s.margin, s.own, s.others, luck.samples, luck.model)
        for s in luck.seats
    ]


def _draw_rows(kept: Sidecar) -> list[tuple[object, ...]]:
    """A row per move that drew something and seat: the move numbered from 1."""
    luck = kept.luck
    if luck is None:
        return []
    return [(kept.game, d.ply + 1, d.seat, seat, value) for d in luck.moves for seat, value in enumerate(d.luck)]


def _review_rows(checked: Checked) -> list[tuple[object, ...]]:
    """A row per decision: its move numbered from 1 (ply + 1), as everywhere a player reads it."""
    kept = checked.kept
    settings = kept.settings
    return [
        (kept.game, j.ply + 1, j.seat, j.phase, j.chosen.__struct_config__.tag, msgspec.json.encode(j.chosen).decode(),
         msgspec.json.encode(j.best).decode(), j.options, j.before, j.after, j.lead_best, j.lead_chosen, j.loss,
         j.margin, j.rollouts, j.grade, *_ends(j), move_accuracy(j.loss), msgspec.json.encode(j.why).decode(),
         msgspec.json.encode(j.candidates).decode(), msgspec.json.encode(j.line).decode(), settings.level,
         settings.engine, checked.verified, checked.verdict)
        for j in kept.decisions
    ]  # fmt: skip
