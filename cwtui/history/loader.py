"""Load game logs into the history database.

DuckDB reads the logs itself (`read_ndjson_objects`, many files per call, on every core)
and SQL turns the lines into the tables of `schema.py`. Python reads only each log's
first line (the header, to refuse newer formats with the engine's own message) and its
last byte (to tell a line cut off by a crash from damage).

Loading is incremental and idempotent: `log_files` remembers each log's size and
modification time, so a load reads only new and changed logs, drops the games of
deleted ones, and a second load of the same folder changes nothing. A damaged log is
skipped with the reason the engine's reader gives, and the rest still load.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import duckdb

from cwtui.history import schema
from engine.cards import Cards, load_cards
from engine.errors import LogFormatError
from engine.log import Header, parse, parse_header
from engine.setup import SILENT_SEAT, stack_values

DB_NAME = "history.duckdb"
BATCH = 2500  # logs per DuckDB read: bounds memory and paces the progress bar
SILENT_NAME = SILENT_SEAT.name

Progress = Callable[[int, int], None]  # (logs done, logs to load)


@dataclass
class LoadReport:
    loaded: int = 0  # logs read in this load, new or changed
    unchanged: int = 0  # logs already in the history as they are
    removed: int = 0  # logs gone from the folder, their games dropped
    skipped: list[tuple[Path, str]] = field(default_factory=list)  # logs that could not be loaded, and why

    @property
    def ok(self) -> bool:
        return not self.skipped


class HistoryError(Exception):
    """The history database cannot be opened or written (locked, damaged, not a database)."""


def default_db(replays: Path) -> Path:
    return replays / DB_NAME


def connect(db: Path, read_only: bool = False) -> duckdb.DuckDBPyConnection:
    """Open the database; a writable one is created or rebuilt to the current schema."""
    try:
        if read_only:
            if not db.exists():
                raise HistoryError(f"no history database at {db}; run `cwtui history load` first")
            return duckdb.connect(str(db), read_only=True)
        db.parent.mkdir(parents=True, exist_ok=True)
        con = duckdb.connect(str(db))
    except duckdb.Error as exc:
        raise HistoryError(f"cannot open {db}: {exc}") from None
    _ensure_schema(con)
    return con


def _ensure_schema(con: duckdb.DuckDBPyConnection) -> None:
    """Create the schema, or rebuild it when an older cwtui made it: the logs are the
    record and the database only a cache of them, so nothing is lost."""
    version = None
    if con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'schema_info'").fetchone() != (0,):
        row = con.execute("SELECT max(version) FROM schema_info").fetchone()
        version = row[0] if row else None
    if version == schema.SCHEMA_VERSION:
        return
    con.execute("BEGIN")
    for view in schema.VIEWS:
        con.execute(f"DROP VIEW IF EXISTS {view.name}")
    for name in (*schema.TABLE_NAMES, "schema_info"):
        con.execute(f"DROP TABLE IF EXISTS {name}")
    for statement in schema.ddl():
        con.execute(statement)
    con.execute("COMMIT")


def load(
    db: Path,
    folders: Iterable[Path],
    cards: Sequence[Cards] = (),
    progress: Progress | None = None,
) -> LoadReport:
    """Bring the history in `db` up to date with the logs (`*.jsonl`) in `folders`."""
    con = connect(db)
    # Rows need no order (every table has its ordering columns), and letting DuckDB
    # write them out of order lets it read and insert on every core.
    con.execute("SET preserve_insertion_order = false")
    try:
        return Loader(con, [load_cards(), *cards]).load(folders, progress)
    except duckdb.Error as exc:
        raise HistoryError(f"loading into {db} failed: {exc}") from None
    finally:
        con.close()


def known_folders(db: Path) -> list[Path]:
    """The folders whose logs are in the history: a refresh reloads them all."""
    if not db.exists():
        return []
    con = connect(db, read_only=True)
    try:
        rows = con.execute("SELECT DISTINCT regexp_replace(file, '/[^/]*$', '') FROM log_files ORDER BY 1").fetchall()
    except duckdb.Error:
        return []  # an older schema: the next load rebuilds it
    finally:
        con.close()
    return [Path(row[0]) for row in rows]


def refresh(db: Path, replays: Path, cards: Sequence[Cards] = (), progress: Progress | None = None) -> LoadReport:
    """Load what is new in the replays folder and in every folder loaded before; a folder
    that has gone (an unplugged disk, say) keeps its games until it is loaded again."""
    folders = {p for p in known_folders(db) if p.is_dir()}
    if replays.is_dir():
        folders.add(replays.resolve())
    return load(db, sorted(folders), cards, progress)


@dataclass
class _Log:
    path: str
    size: int
    mtime_ns: int
    header: Header | None = None
    ends_with_newline: bool = True


class Loader:
    def __init__(self, con: duckdb.DuckDBPyConnection, cards: Sequence[Cards]) -> None:
        self.con = con
        self.cards = cards

    def load(self, folders: Iterable[Path], progress: Progress | None = None) -> LoadReport:
        report = LoadReport()
        self._store_cards()
        on_disk: dict[str, _Log] = {}
        roots = []
        for folder in folders:
            root = folder.resolve()
            roots.append(str(root))
            for entry in os.scandir(root):
                if entry.name.endswith(".jsonl") and entry.is_file():
                    st = entry.stat()
                    on_disk[entry.path] = _Log(entry.path, st.st_size, st.st_mtime_ns)
        known = {
            file: (size, mtime, status, error)
            for file, size, mtime, status, error in self.con.execute(
                "SELECT file, size, mtime_ns, status, error FROM log_files"
            ).fetchall()
        }
        gone = [f for f in known if f not in on_disk and any(_under(f, r) for r in roots)]
        todo: list[_Log] = []
        for path, log in sorted(on_disk.items()):
            seen = known.get(path)
            if seen is not None and seen[:2] == (log.size, log.mtime_ns):
                if seen[2] == "skipped":
                    report.skipped.append((Path(path), seen[3]))
                else:
                    report.unchanged += 1
            else:
                todo.append(log)
        self._forget([*gone, *(log.path for log in todo)])
        report.removed = len(gone)
        if progress:
            progress(0, len(todo))
        for start in range(0, len(todo), BATCH):
            batch = todo[start : start + BATCH]
            self._load_batch(batch, report)
            if progress:
                progress(start + len(batch), len(todo))
        return report

    def _store_cards(self) -> None:
        for cards in self.cards:
            if self.con.execute("SELECT count(*) FROM fish WHERE cards = ?", [cards.hash]).fetchone() != (0,):
                continue
            n = len(cards.fish_species)
            self.con.execute(
                "INSERT INTO fish SELECT ?, " + ", ".join(["unnest(?)"] * 7),
                [
                    cards.hash,
                    list(range(n)),
                    [cards.species_names[s] for s in cards.fish_species],
                    [cards.data.species[s].location for s in cards.fish_species],
                    [s in cards.small_species for s in cards.fish_species],
                    list(cards.fish_weight),
                    list(cards.fish_time),
                    list(cards.fish_tag),
                ],
            )
            self.con.execute(
                "INSERT INTO master_angler_cards SELECT ?, unnest(?), unnest(?), unnest(?)",
                [
                    cards.hash,
                    list(range(len(cards.ma_kind))),
                    list(cards.ma_kind),
                    [len(s) for s in cards.ma_slots],
                ],
            )

    def _forget(self, files: Sequence[str]) -> None:
        """Drop the games of logs that changed or went away (and their log_files rows)."""
        if not files:
            return
        con = self.con
        con.execute("BEGIN")
        con.execute("CREATE OR REPLACE TEMP TABLE forget AS SELECT unnest(?::VARCHAR[]) AS file", [list(files)])
        con.execute(
            "CREATE OR REPLACE TEMP TABLE forget_games AS "
            "SELECT game FROM log_files JOIN forget USING (file) WHERE game IS NOT NULL"
        )
        for table in schema.GAME_TABLES:
            con.execute(f"DELETE FROM {table} WHERE game IN (SELECT game FROM forget_games)")
        con.execute("DELETE FROM log_files WHERE file IN (SELECT file FROM forget)")
        con.execute("COMMIT")

    def _load_batch(self, batch: list[_Log], report: LoadReport) -> None:
        skipped: dict[str, str] = {}
        for log in batch:
            problem = _read_ends(log)
            if problem:
                skipped[log.path] = problem
        games = self._claim_game_ids([log for log in batch if log.path not in skipped], skipped)
        readable = [log for log in batch if log.path not in skipped]
        con = self.con
        con.execute("BEGIN")
        if readable:
            self._stage(readable)
            for path, reason in self._check_staged():
                skipped[path] = _explain(path, reason)
            con.execute(
                "DELETE FROM stage_lines WHERE file IN (SELECT unnest(?::VARCHAR[]))",
                [[p for p in skipped]],
            )
            con.execute("DELETE FROM stage_headers WHERE file IN (SELECT unnest(?::VARCHAR[]))", [[p for p in skipped]])
            self._insert_games()
        now = datetime.now(UTC)
        con.execute(
            "INSERT INTO log_files SELECT unnest(?::VARCHAR[]), unnest(?::BIGINT[]), unnest(?::BIGINT[]), "
            "unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), ?",
            [
                [log.path for log in batch],
                [log.size for log in batch],
                [log.mtime_ns for log in batch],
                [None if log.path in skipped else games[log.path] for log in batch],
                ["skipped" if log.path in skipped else "loaded" for log in batch],
                [skipped.get(log.path) for log in batch],
                now,
            ],
        )
        con.execute("COMMIT")
        report.loaded += len(batch) - len(skipped)
        report.skipped.extend((Path(p), skipped[p]) for p in sorted(skipped))

    def _claim_game_ids(self, logs: list[_Log], skipped: dict[str, str]) -> dict[str, str]:
        """Each game is loaded once: a second file with a game id already in the history
        (a copy of a log) is skipped and named."""
        games: dict[str, str] = {}
        ids = [log.header.game for log in logs if log.header]
        taken = dict(
            self.con.execute(
                "SELECT game, file FROM games WHERE game IN (SELECT unnest(?::VARCHAR[]))", [ids]
            ).fetchall()
        )
        for log in logs:
            assert log.header is not None
            game = log.header.game
            if game in taken:
                skipped[log.path] = f"the same game ({game}) as {taken[game]}, already loaded"
            else:
                taken[game] = log.path
                games[log.path] = game
        return games

    def _stage(self, logs: list[_Log]) -> None:
        """The batch's headers (from Python) and lines (read by DuckDB) as temp tables."""
        headers: list[Header] = []
        for log in logs:
            assert log.header is not None  # _read_ends parsed it, or the log was skipped
            headers.append(log.header)
        silent = stack_values(2)[-1]  # R12.1: the silent player's Small Species tile
        con = self.con
        con.execute(
            """
            CREATE OR REPLACE TEMP TABLE stage_headers AS
            SELECT unnest(?::VARCHAR[]) AS file, unnest(?::VARCHAR[]) AS game, unnest(?::VARCHAR[]) AS created,
                   unnest(?::VARCHAR[]) AS engine, unnest(?::INTEGER[]) AS format, unnest(?::VARCHAR[]) AS prng,
                   unnest(?::VARCHAR[]) AS cards, unnest(?::UBIGINT[]) AS seed, unnest(?::BOOLEAN[]) AS tag_points,
                   unnest(?::VARCHAR[]) AS parent_game, unnest(?::INTEGER[]) AS parent_ply,
                   unnest(?::VARCHAR[][]) AS names, unnest(?::VARCHAR[][]) AS kinds,
                   unnest(?::BOOLEAN[]) AS ends_with_newline, ? AS silent_points
            """,
            [
                [log.path for log in logs],
                [h.game for h in headers],
                [h.created for h in headers],
                [h.engine for h in headers],
                [h.format for h in headers],
                [h.prng for h in headers],
                [h.cards for h in headers],
                [h.config.seed for h in headers],
                [h.config.tag_points for h in headers],
                [h.parent.game if h.parent else None for h in headers],
                [h.parent.ply if h.parent else None for h in headers],
                [[s.name for s in h.config.seats] for h in headers],
                [[s.kind for s in h.config.seats] for h in headers],
                [log.ends_with_newline for log in logs],
                silent,
            ],
        )
        con.execute(
            f"""
            CREATE OR REPLACE TEMP TABLE stage_lines AS
            SELECT r.file, h.game, r.json IS NULL AS damaged, j.kind, j.ply, j.turn, j.seat, j.step, j.phase,
                   j.move, j.events, j.plies, j.scores, j.winner
            FROM (SELECT filename AS file, json, json_transform(json, '{_LINE_SHAPE}') AS j
                  FROM read_ndjson_objects(?, filename = true, ignore_errors = true)) r
            JOIN stage_headers h USING (file)
            """,
            [[log.path for log in logs]],
        )

    def _check_staged(self) -> list[tuple[str, str]]:
        """Logs whose lines do not make a log: a damaged line (other than a last line cut
        off by a crash), a missing or repeated move, a second footer, an unknown record."""
        return self.con.execute(
            """
            WITH per_file AS (
                SELECT file,
                       count(*) FILTER (WHERE damaged) AS damaged,
                       count(*) FILTER (WHERE kind = 'header') AS headers,
                       count(*) FILTER (WHERE kind = 'footer') AS footers,
                       count(*) FILTER (WHERE kind = 'ply') AS plies,
                       min(ply) FILTER (WHERE kind = 'ply') AS first_ply,
                       -- with the count, first and last, these sums leave no room for a repeated move
                       sum(ply::HUGEINT) FILTER (WHERE kind = 'ply') AS ply_sum,
                       sum(ply::HUGEINT * ply) FILTER (WHERE kind = 'ply') AS ply_squares,
                       coalesce(max(ply) FILTER (WHERE kind = 'ply'), -1) AS last_ply,
                       count(*) FILTER (WHERE NOT damaged AND kind IS DISTINCT FROM 'header'
                                        AND kind IS DISTINCT FROM 'ply' AND kind IS DISTINCT FROM 'footer') AS strange,
                       count(*) FILTER (WHERE kind = 'ply' AND (ply IS NULL OR turn IS NULL OR seat IS NULL
                                        OR step IS NULL OR phase IS NULL OR move->>'$.type' IS NULL
                                        OR events IS NULL)) AS incomplete,
                       max(plies) FILTER (WHERE kind = 'footer') AS footer_plies,
                       count(*) FILTER (WHERE kind = 'footer' AND (winner IS NULL OR scores IS NULL)) AS bad_footer
                FROM stage_lines GROUP BY file
            )
            SELECT p.file, CASE
                WHEN damaged > 1 OR (damaged = 1 AND (footers > 0 OR f.ends_with_newline)) THEN 'a damaged line'
                WHEN headers <> 1 THEN 'more than one header'
                WHEN footers > 1 THEN 'more than one footer'
                WHEN strange > 0 THEN 'a line that is not a header, move or footer'
                WHEN incomplete > 0 THEN 'a move line with missing fields'
                WHEN plies > 0 AND (first_ply <> 0 OR last_ply <> plies - 1 OR ply_sum <> plies * (plies - 1) // 2
                     OR ply_squares <> (plies - 1) * plies * (2 * plies - 1) // 6) THEN 'moves missing or repeated'
                WHEN footers = 1 AND (footer_plies <> plies OR bad_footer > 0) THEN 'a footer that does not match'
              END AS problem
            FROM per_file p JOIN stage_headers f USING (file)
            WHERE problem IS NOT NULL
            """
        ).fetchall()

    def _insert_games(self) -> None:
        for statement in _INSERTS:
            self.con.execute(statement)


def _under(file: str, root: str) -> bool:
    return os.path.dirname(file) == root


def _read_ends(log: _Log) -> str | None:
    """Read the header and the last byte; a problem found there is returned."""
    try:
        with open(log.path, "rb") as f:
            first = f.readline()
            log.header = parse_header(first)
            if log.size:
                f.seek(log.size - 1)
                log.ends_with_newline = f.read(1) == b"\n"
    except OSError as exc:
        return f"cannot read it: {exc.strerror}"
    except LogFormatError as exc:
        return str(exc)
    return None


def _explain(path: str, problem: str) -> str:
    """The engine reader's own message (with the line number) for a log SQL found bad."""
    try:
        with open(path, "rb") as f:
            parse(f)
    except LogFormatError as exc:
        return str(exc)
    except OSError as exc:
        return f"cannot read it: {exc.strerror}"
    return problem


_SCORE = (
    '{"seat":"INTEGER","trophies":"INTEGER","master_anglers":"INTEGER","tags":"INTEGER","total":"INTEGER",'
    '"rank":"INTEGER"}'
)
_LINE_SHAPE = (
    '{"kind":"VARCHAR","ply":"INTEGER","turn":"INTEGER","seat":"INTEGER","step":"INTEGER","phase":"VARCHAR",'
    '"move":"JSON","events":["JSON"],"plies":"INTEGER","scores":[' + _SCORE + '],"winner":"INTEGER"}'
)

# The fields the derived tables need from events, parsed once per event.
_EVENT_FIELDS = (
    '{"type":"VARCHAR","seat":"INTEGER","card":"INTEGER","zone":"INTEGER","board_zone":"INTEGER",'
    '"color":"VARCHAR","location":"VARCHAR","how":"VARCHAR","trophy":"VARCHAR","points":"INTEGER",'
    '"weight":"INTEGER","from_deck":"BOOLEAN","reason":"VARCHAR","fish":["INTEGER"],"ranking":["INTEGER"]}'
)

_FACT_TYPES = (
    "('end_triggered', 'bait_removed', 'silent_drew', 'fish_caught', 'fish_revealed', 'trophy_taken', "
    "'presented', 'contest_ranked', 'master_angler_taken', 'master_angler_caught')"
)

# Each statement reads the staged batch (already checked) and appends to one table.
_INSERTS = (
    """
    CREATE OR REPLACE TEMP TABLE stage_events AS
    SELECT game, ply, turn, idx, event, fields[1] AS type, TRY_CAST(fields[2] AS INTEGER) AS seat,
           ply::BIGINT * 100000 + idx AS pos
    FROM (SELECT *, json_extract_string(event, ['$.type', '$.seat']) AS fields FROM (
        SELECT game, ply, turn, unnest(range(len(events)))::INTEGER AS idx, unnest(events) AS event
        FROM stage_lines WHERE kind = 'ply'))
    """,
    f"""
    CREATE OR REPLACE TEMP TABLE stage_facts AS
    SELECT game, ply, turn, pos, type, seat, json_transform(event, '{_EVENT_FIELDS}') AS e
    FROM stage_events WHERE type IN {_FACT_TYPES}
    """,
    """
    INSERT INTO moves
    SELECT game, ply, turn, seat, step, phase, move->>'$.type', move FROM stage_lines WHERE kind = 'ply'
    """,
    """
    INSERT INTO events
    SELECT game, ply, idx, type, seat, event FROM stage_events
    """,
    f"""
    INSERT INTO games
    WITH footers AS (SELECT game, winner FROM stage_lines WHERE kind = 'footer'),
         ends AS (SELECT game, arg_min(e.reason, pos) AS reason, arg_min(seat, pos) AS seat
                  FROM stage_facts WHERE type = 'end_triggered' GROUP BY game),
         counts AS (SELECT game, count(*) FILTER (WHERE kind = 'ply') AS plies,
                           coalesce(max(turn), 0) AS turns, bool_or(damaged) AS truncated
                    FROM stage_lines GROUP BY game)
    SELECT h.game, h.file, h.created::TIMESTAMPTZ, h.engine, h.format, h.prng, h.cards, h.seed,
           len(h.names), len(h.names) = 1, h.tag_points, h.parent_game, h.parent_ply,
           f.game IS NOT NULL, c.truncated, e.reason, e.seat, c.plies, c.turns, f.winner,
           CASE WHEN f.winner < len(h.names) THEN h.names[f.winner + 1]
                WHEN f.winner IS NOT NULL THEN '{SILENT_NAME}' END,
           CASE WHEN f.winner < len(h.names) THEN h.kinds[f.winner + 1] WHEN f.winner IS NOT NULL THEN 'silent' END
    FROM stage_headers h JOIN counts c USING (game) LEFT JOIN footers f USING (game) LEFT JOIN ends e USING (game)
    """,
    """
    INSERT INTO scores
    SELECT game, s.seat, s.trophies, s.master_anglers, s.tags, s.total, s.rank
    FROM (SELECT game, unnest(scores) AS s FROM stage_lines WHERE kind = 'footer')
    """,
    f"""
    INSERT INTO seats
    WITH listed AS (
        SELECT game, unnest(range(len(names)))::INTEGER AS seat, unnest(names) AS name, unnest(kinds) AS kind
        FROM stage_headers
        UNION ALL
        SELECT game, 1, '{SILENT_NAME}', '{SILENT_SEAT.kind}' FROM stage_headers WHERE len(names) = 1
    )
    SELECT l.game, l.seat, l.name, l.kind, s.total, s.rank, s.rank = 1
    FROM listed l LEFT JOIN (SELECT * FROM scores WHERE game IN (SELECT game FROM stage_headers)) s
         USING (game, seat)
    """,
    # R5.3: a catch's bait is the last one that left the emptied zone; the silent
    # player's catches come from the bait it drew (R12.3), keyed as its zone 7. The key
    # packs game, seat and zone into one number: the ASOF join sorts far faster on it.
    """
    INSERT INTO catches
    WITH numbered AS (SELECT game, row_number() OVER () AS gid FROM stage_headers),
    bait AS (
        SELECT gid * 64 + seat * 8 + e.zone AS zone_key, e.color, pos
        FROM stage_facts JOIN numbered USING (game) WHERE type = 'bait_removed'
        UNION ALL
        SELECT gid * 64 + 8 + 7, e.color, pos FROM stage_facts JOIN numbered USING (game) WHERE type = 'silent_drew'
    ),
    caught AS (
        SELECT game, ply, turn, pos, seat, e.card, e.location, e.zone, e.board_zone, e.how,
               gid * 64 + seat * 8 + CASE WHEN e.how = 'silent' THEN 7 ELSE e.board_zone END AS zone_key
        FROM stage_facts JOIN numbered USING (game) WHERE type = 'fish_caught'
    ),
    revealed AS (SELECT game, e.card FROM stage_facts WHERE type = 'fish_revealed')
    SELECT c.game, c.ply, c.turn, c.seat, c.card, f.species, c.location, c.zone, c.board_zone, f.weight, f.time,
           f.tag, b.color, c.how, r.card IS NOT NULL
    FROM caught c
    JOIN stage_headers h USING (game)
    LEFT JOIN fish f ON f.cards = h.cards AND f.card = c.card
    ASOF LEFT JOIN bait b ON b.zone_key = c.zone_key AND b.pos < c.pos
    LEFT JOIN revealed r ON r.game = c.game AND r.card = c.card
    """,
    """
    INSERT INTO trophies
    SELECT game, ply, turn, seat, e.trophy, e.points,
           CASE WHEN e.trophy LIKE '%_contest' THEN 'contest' ELSE 'play' END
    FROM stage_facts WHERE type = 'trophy_taken'
    UNION ALL
    SELECT game, NULL, 0, 1, 'small_species', silent_points, 'setup' FROM stage_headers WHERE len(names) = 1
    """,
    """
    INSERT INTO contests
    WITH presented AS (
        SELECT game, seat, e.location, e.fish, e.weight FROM stage_facts WHERE type = 'presented'
    ),
    ranked AS (SELECT game, e.location, e.ranking FROM stage_facts WHERE type = 'contest_ranked'),
    won AS (
        SELECT game, seat, replace(e.trophy, '_contest', '') AS location, e.points
        FROM stage_facts WHERE type = 'trophy_taken' AND e.trophy LIKE '%_contest'
    ),
    species AS (
        SELECT p.game, p.location, p.seat, list(f.species ORDER BY i) AS species
        FROM (SELECT game, location, seat, unnest(fish) AS card, unnest(range(len(fish))) AS i FROM presented) p
        JOIN stage_headers h USING (game) LEFT JOIN fish f ON f.cards = h.cards AND f.card = p.card
        GROUP BY ALL
    )
    SELECT p.game, p.location, p.seat, p.fish, s.species, len(p.fish), p.weight,
           list_position(r.ranking, p.seat), coalesce(w.points, 0)
    FROM presented p
    LEFT JOIN species s USING (game, location, seat)
    LEFT JOIN ranked r USING (game, location) LEFT JOIN won w USING (game, location, seat)
    """,
    """
    INSERT INTO master_anglers
    WITH taken AS (
        SELECT game, ply, turn, seat, e.card, e.from_deck FROM stage_facts WHERE type = 'master_angler_taken'
    ),
    caught AS (SELECT game, ply, turn, seat, e.card FROM stage_facts WHERE type = 'master_angler_caught'),
    cards AS (  -- R12.5: the silent player's cards come from the deck already caught
        SELECT coalesce(t.game, c.game) AS game, coalesce(t.seat, c.seat) AS seat, coalesce(t.card, c.card) AS card,
               coalesce(t.from_deck, true) AS from_deck, coalesce(t.ply, c.ply) AS taken_ply,
               coalesce(t.turn, c.turn) AS taken_turn, c.card IS NOT NULL AS caught, c.ply AS caught_ply,
               c.turn AS caught_turn
        FROM taken t FULL JOIN caught c ON c.game = t.game AND c.card = t.card
    )
    SELECT x.game, x.seat, x.card, m.kind, m.slots, x.from_deck, x.taken_ply, x.taken_turn, x.caught, x.caught_ply,
           x.caught_turn
    FROM cards x JOIN stage_headers h USING (game)
    LEFT JOIN master_angler_cards m ON m.cards = h.cards AND m.card = x.card
    """,
)
