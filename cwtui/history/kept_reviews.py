"""Kept reviews (NAME.review.json, cwtui.review) into the history's `reviews` table."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from pathlib import Path

import duckdb
import msgspec

from cwtui.history import schema
from cwtui.history.reading import logs_in, under
from cwtui.review import SIDECAR_SUFFIX, DamagedReview, OlderReview, Sidecar, parse_sidecar
from engine.bots.judge import move_accuracy


class ReviewLoader:
    """Kept reviews (NAME.review.json, cwtui.review) into the `reviews` table, each
    file's decisions replaced as a whole when it changes and dropped when it goes. A
    review that cannot be read is skipped with the reason; a second review of a game
    already loaded from another file (a copy of its log) is skipped as one."""

    def __init__(
        self, con: duckdb.DuckDBPyConnection, transaction: Callable[[], contextlib.AbstractContextManager[None]]
    ) -> None:
        self.con = con
        self.transaction = transaction  # the loader's

    def load(self, roots: Sequence[str]) -> tuple[int, list[tuple[Path, str]]]:
        """The reviews read (new or changed), and the files skipped with why."""
        read: list[Path] = []
        skipped: list[tuple[Path, str]] = []
        with self.transaction():
            self._load(roots, read, skipped)
        return len(read), skipped

    def _load(self, roots: Sequence[str], read: list[Path], skipped: list[tuple[Path, str]]) -> None:
        on_disk: dict[str, tuple[int, int]] = {}
        for root in roots:
            for entry in logs_in(Path(root), SIDECAR_SUFFIX):
                st = entry.stat()
                on_disk[entry.path] = (st.st_size, st.st_mtime_ns)
        known = {
            file: ((size, mtime), status, error)
            for file, size, mtime, status, error in self.con.execute(
                "SELECT file, size, mtime_ns, status, error FROM review_files"
            ).fetchall()
        }
        stale = [f for f, seen in known.items() if on_disk.get(f) != seen[0] and any(under(f, r) for r in roots)]
        fresh = sorted(f for f, seen in on_disk.items() if f not in known or known[f][0] != seen)
        skipped.extend(
            (Path(f), error) for f, (seen, status, error) in known.items() if status != "loaded" and f not in stale
        )
        if not stale and not fresh:
            return
        con = self.con
        con.execute("CREATE OR REPLACE TEMP TABLE stale_reviews AS SELECT unnest(?::VARCHAR[]) AS file", [stale])
        con.execute(
            f"DELETE FROM {schema.REVIEWS} WHERE game IN "
            "(SELECT game FROM review_files JOIN stale_reviews USING (file) WHERE status = 'loaded')"
        )
        con.execute("DELETE FROM review_files WHERE file IN (SELECT file FROM stale_reviews)")
        held = dict(con.execute("SELECT game, file FROM review_files WHERE status = 'loaded'").fetchall())
        rows: list[tuple[object, ...]] = []
        files: list[tuple[str, int, int, str | None, str, str | None]] = []
        for file in fresh:
            size, mtime = on_disk[file]
            try:
                kept = parse_sidecar(Path(file).read_bytes())
            except OlderReview as exc:
                reason = str(exc)
                files.append((file, size, mtime, None, "skipped", reason))
                skipped.append((Path(file), reason))
                continue
            except (OSError, DamagedReview) as exc:
                reason = f"cannot read it: {exc.strerror}" if isinstance(exc, OSError) else f"not a kept review: {exc}"
                files.append((file, size, mtime, None, "skipped", reason))
                skipped.append((Path(file), reason))
                continue
            game = kept.game
            if game in held:
                reason = f"the same game ({game}) as {held[game]}, whose review is loaded"
                files.append((file, size, mtime, game, "skipped", reason))
                skipped.append((Path(file), reason))
                continue
            held[game] = file
            files.append((file, size, mtime, game, "loaded", None))
            rows += _review_rows(kept)
            read.append(Path(file))
        if rows:
            con.executemany(f"INSERT INTO {schema.REVIEWS} VALUES ({', '.join(['?'] * 18)})", rows)
        if files:
            con.executemany("INSERT INTO review_files VALUES (?, ?, ?, ?, ?, ?)", files)


def _review_rows(kept: Sidecar) -> list[tuple[object, ...]]:
    settings = kept.settings
    return [
        (kept.game, j.ply, j.seat, j.phase, j.chosen.__struct_config__.tag, msgspec.json.encode(j.chosen).decode(),
         msgspec.json.encode(j.best).decode(), j.options, j.before, j.after, j.lead_best, j.lead_chosen, j.loss,
         j.grade, move_accuracy(j.loss), msgspec.json.encode(j.why).decode(), settings.level, settings.engine)
        for j in kept.decisions
    ]  # fmt: skip
