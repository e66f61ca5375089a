"""From a batch of judged logs to the tables' rows: the batch's headers as a table, its
staged lines as DuckDB reads them (each line parsed once, into the columns the tables
need), the facts the tables read set aside, and each table's fill (schema.Table).
Memory stays bounded: no join multiplies a game's rows (a contest's events are keyed
by their move, each Master Angler card's takings and catches are paired in order),
even in a log that repeats its moves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import duckdb
import msgspec

from cwtui.history import schema
from cwtui.history.reading import Read
from engine.cards import Cards
from engine.config import kind_name
from engine.events import TrophyTaken
from engine.log import MAX_LINE, created_at
from engine.replay import setup_events

STAGED_COLUMNS = (
    "{f: 'BIGINT', l: 'STRUCT(kind VARCHAR, ply INTEGER, turn INTEGER, seat INTEGER, step INTEGER, phase VARCHAR, "
    "move JSON, events JSON[], plies INTEGER, scores STRUCT(seat INTEGER, trophies INTEGER, master_anglers INTEGER, "
    "tags INTEGER, total INTEGER, rank INTEGER)[], winner INTEGER)'}"
)

# The fields the derived tables need from events, parsed once per event.
EVENT_FIELDS = (
    '{"type":"VARCHAR","seat":"INTEGER","card":"INTEGER","zone":"INTEGER","board_zone":"INTEGER",'
    '"color":"VARCHAR","location":"VARCHAR","how":"VARCHAR","trophy":"VARCHAR","points":"INTEGER",'
    '"weight":"INTEGER","from_deck":"BOOLEAN","reason":"VARCHAR","fish":["INTEGER"],"ranking":["INTEGER"]}'
)

# The events the tables' fills read from stage_facts: a few in ten, parsed once.
FACT_TYPES: Final = tuple(sorted({fact for table in schema.TABLES for fact in table.facts}))
STAGE_FACTS: Final = f"""
    CREATE OR REPLACE TEMP TABLE stage_facts AS
    SELECT game, ply, move, round, ply::BIGINT * 100000 + idx AS pos, type, TRY_CAST(seat AS INTEGER) AS seat,
           json_transform(event, '{EVENT_FIELDS}') AS e, copied
    FROM (SELECT *, event->>'$.type' AS type, event->>'$.seat' AS seat FROM ({schema.EACH_EVENT}))
    WHERE type IN ({", ".join(f"'{fact}'" for fact in FACT_TYPES)})
"""


def stage(con: duckdb.DuckDBPyConnection, logs: list[Read], staged: list[str], cards: Sequence[Cards]) -> None:
    """The batch's headers as a temp table, from what Python read, and its lines as
    DuckDB reads them from the staging files."""
    headers = [r.header for r in logs]
    by_hash = {c.hash: c for c in cards}
    # R12.1: the silent player's Small Species tile, as the log records it
    setups = [
        [msgspec.json.encode(e).decode() for e in setup_events(h, by_hash.get(h.cards, cards[0]))
         if isinstance(e, TrophyTaken)]
        for h in headers
    ]  # fmt: skip
    con.execute(
        """
        CREATE OR REPLACE TEMP TABLE stage_headers AS
        SELECT unnest(?::BIGINT[]) AS fid,
               unnest(?::VARCHAR[]) AS file, unnest(?::VARCHAR[]) AS game, unnest(?::TIMESTAMPTZ[]) AS created,
               unnest(?::VARCHAR[]) AS engine, unnest(?::INTEGER[]) AS format, unnest(?::VARCHAR[]) AS prng,
               unnest(?::VARCHAR[]) AS cards, unnest(?::UBIGINT[]) AS seed, unnest(?::BOOLEAN[]) AS tag_points,
               unnest(?::VARCHAR[]) AS parent_game, unnest(?::INTEGER[]) AS parent_ply,
               unnest(?::VARCHAR[][]) AS names, unnest(?::VARCHAR[][]) AS kinds,
               unnest(?::BOOLEAN[]) AS truncated, unnest(?::VARCHAR[][]) AS setup_trophies,
               unnest(?::BOOLEAN[]) AS verified, unnest(?::VARCHAR[]) AS verdict
        """,
        [
            [r.key for r in logs],
            [r.log.path for r in logs],
            [h.game for h in headers],
            [created_at(h.created) for h in headers],
            [h.engine for h in headers],
            [h.format for h in headers],
            [h.prng for h in headers],
            [h.cards for h in headers],
            [h.config.seed for h in headers],
            [h.config.tag_points for h in headers],
            [h.parent.game if h.parent else None for h in headers],
            [h.parent.ply if h.parent else None for h in headers],
            [[s.name for s in h.config.seats] for h in headers],
            [[kind_name(s.kind) for s in h.config.seats] for h in headers],
            [r.truncated for r in logs],
            setups,
            [r.verdict[0] for r in logs],
            [r.verdict[1] for r in logs],
        ],
    )
    # DuckDB parses each line once, as it reads it, into the columns the tables need
    # (the files are the loader's own: their names hold no pattern characters).
    con.execute(
        f"""
        CREATE OR REPLACE TEMP TABLE stage_lines AS
        SELECT h.game, l.kind, l.ply, {schema.MOVE_OF_PLY} AS move, {schema.ROUND_OF_TURN} AS round, l.seat, l.step,
               l.phase, l.move AS chosen, l.events, l.plies, l.scores, l.winner,
               coalesce(l.ply < h.parent_ply, false) AS copied
        FROM (SELECT f AS fid, unnest(l) FROM read_ndjson(?::VARCHAR[], columns={STAGED_COLUMNS},
                                                  maximum_object_size={2 * MAX_LINE})) l
        JOIN stage_headers h USING (fid)
        """,
        [staged],
    )


def fill(con: duckdb.DuckDBPyConnection) -> None:
    """Every table's rows from the staged batch: the facts the tables read set aside,
    parsed into their fields once, then each table's `fill` (schema.Table)."""
    con.execute(STAGE_FACTS)
    for table in schema.TABLES:
        if table.fill:
            con.execute(f"INSERT INTO {table.name} {table.fill}")


def store_cards(con: duckdb.DuckDBPyConnection, all_cards: Sequence[Cards]) -> None:
    """The card data's fish and Master Angler cards, once per card data (by its hash)."""
    for cards in all_cards:
        if con.execute("SELECT count(*) FROM fish WHERE cards = ?", [cards.hash]).fetchone() != (0,):
            continue
        n = len(cards.fish_species)
        con.execute(
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
        con.execute(
            "INSERT INTO master_angler_cards SELECT ?, unnest(?), unnest(?), unnest(?)",
            [
                cards.hash,
                list(range(len(cards.ma_kind))),
                list(cards.ma_kind),
                [len(s) for s in cards.ma_slots],
            ],
        )
