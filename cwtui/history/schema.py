"""The history database's tables and views, with the meaning of every column.

The column notes here are the one source of the schema's documentation: they become
DuckDB `COMMENT ON` statements (so the app's schema pane can show them) and the README's
schema section (`python scripts/schema_doc.py` writes it; a test keeps the two equal).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.setup import SILENT_SEAT

# Bump when a table changes or the loader's rules do; an older database is rebuilt from
# the logs. 2: logs are judged by the engine's reader alone, and copies are rechecked.
SCHEMA_VERSION = 17  # 3: the copied column; 4: reviews; 5: kinds as players know them (easy); 6: points lost;
# 7: games.verified and verdict; 8: a server's ratings (rated_games); 9: a ratings line left out, and why;
# 10: the bytes --verify checked (log_files.hash), and a replay's verdict in which file holds a game;
# 11: reviews checked against their logs, and judged again by --verify (reviews.verified);
# 12: moves and rounds numbered as the table shows them (move = ply + 1, round), the log's ply as log_ply;
# 13: reviews.loss_margin and rollouts (a loss's 95% interval; grades by it)
# 14: reviews.candidates (the moves weighed at a decision, each with its loss and margin)
# 15: reviews.line (the better move's next moves, as far as the seat could foresee them)
# 16: reviews.grade by the loss shown (its band), grade_low and grade_high by its interval
# 17: luck and luck_draws (a reviewed game's luck, apart from its play)


@dataclass(frozen=True)
class Column:
    name: str
    type: str
    doc: str


@dataclass(frozen=True)
class Table:
    """A table, and how a load fills it: `fill` is the SELECT whose rows a batch of logs
    adds (reading the staged batch: stage_headers, stage_lines, and stage_facts, whose
    event types are the union of every table's `facts`; cwtui.history.staged), empty
    for a table filled otherwise (the card data, the reviews, the bookkeeping)."""

    name: str
    doc: str
    columns: tuple[Column, ...]
    key: tuple[str, ...] = ()
    fill: str = ""
    facts: tuple[str, ...] = ()  # the event types `fill` reads from stage_facts


def _c(name: str, type_: str, doc: str) -> Column:
    return Column(name, type_, doc)


GAME = _c("game", "VARCHAR", "the game's id (from its log header)")
# Numbered as a player reads them (cwtui/game/words.py): moves from 1 (the log's ply + 1), as
# the replay's move list, the review and `cwtui review` number them; rounds as the
# status bar counts them (words.round_of), one turn of every seat, the silent player's too.
MOVE = _c("move", "INTEGER", "the move's number in the game, from 1, as the replay's move list numbers it")
ROUND = _c(
    "round",
    "INTEGER",
    "the round, from 1, as the table's status bar counts it: one turn of every seat (the silent player's too)",
)
COPIED = _c(
    "copied",
    "BOOLEAN",
    "a forked game's copy of its parent's row (up to games.parent_move): the real one is the parent's; "
    "leave copied rows out to count each real move, event, catch or trophy once",
)

# A file the loader reads (a log, a kept review, a ratings file), as it was when read
SIZE = _c("size", "BIGINT", "its size in bytes when loaded")
MTIME = _c("mtime_ns", "BIGINT", "its modification time when loaded; a change reloads it")

SILENT_NAME = SILENT_SEAT.name

# A staged line's move and round as a player reads them (MOVE, ROUND: words.round_of),
# from the log's ply and turn and the game's seats, the silent player counted.
MOVE_OF_PLY = "l.ply + 1"
ROUND_OF_TURN = "(l.turn - 1) // (len(h.names) + (len(h.names) = 1)::INTEGER) + 1"

# Each event of the staged lines, numbered within its move (the events table and the
# facts staged aside both read them).
EACH_EVENT = """
    SELECT game, ply, move, round, unnest(range(len(events)))::INTEGER AS idx, unnest(events) AS event, copied
    FROM stage_lines WHERE kind = 'ply'
"""

# How each table is filled from a staged batch (already checked by the engine's reader).
_GAMES_FILL = f"""
    -- the winner is the seat the scores rank first, as in seats.won: never a second fact
    WITH footers AS (SELECT game, list_filter(scores, lambda s: s.rank = 1)[1].seat AS winner
                     FROM stage_lines WHERE kind = 'footer'),
         ends AS (SELECT game, arg_min(e.reason, pos) AS reason, arg_min(seat, pos) AS seat
                  FROM stage_facts WHERE type = 'end_triggered' GROUP BY game),
         counts AS (SELECT game, count(*) FILTER (WHERE kind = 'ply') AS moves, coalesce(max(round), 0) AS rounds
                    FROM stage_lines GROUP BY game)
    SELECT h.game, h.file, h.created, h.engine, h.format, h.prng, h.cards, h.seed,
           len(h.names), len(h.names) = 1, h.tag_points, h.parent_game, h.parent_ply,
           f.game IS NOT NULL, h.truncated, e.reason, e.seat, coalesce(c.moves, 0), coalesce(c.rounds, 0), f.winner,
           CASE WHEN f.winner < len(h.names) THEN h.names[f.winner + 1]
                WHEN f.winner IS NOT NULL THEN '{SILENT_NAME}' END,
           CASE WHEN f.winner < len(h.names) THEN h.kinds[f.winner + 1] WHEN f.winner IS NOT NULL THEN 'silent' END,
           h.verified, h.verdict
    FROM stage_headers h LEFT JOIN counts c USING (game) LEFT JOIN footers f USING (game)
    LEFT JOIN ends e USING (game)
"""

_SEATS_FILL = f"""
    WITH listed AS (
        SELECT game, unnest(range(len(names)))::INTEGER AS seat, unnest(names) AS name, unnest(kinds) AS kind
        FROM stage_headers
        UNION ALL
        SELECT game, 1, '{SILENT_NAME}', '{SILENT_SEAT.kind}' FROM stage_headers WHERE len(names) = 1
    ),
    scored AS (SELECT game, unnest(scores, recursive := true) FROM stage_lines WHERE kind = 'footer')
    SELECT l.game, l.seat, l.name, l.kind, s.total, s.rank, s.rank = 1
    FROM listed l LEFT JOIN scored s USING (game, seat)
"""

_MOVES_FILL = """
    SELECT game, move, round, seat, step, phase, chosen->>'$.type', chosen, ply, copied
    FROM stage_lines WHERE kind = 'ply'
"""

_EVENTS_FILL = f"""
    SELECT game, move, idx, fields[1], TRY_CAST(fields[2] AS INTEGER), event, copied
    FROM (SELECT *, json_extract_string(event, ['$.type', '$.seat']) AS fields FROM ({EACH_EVENT}))
"""

_CATCHES_FILL = """
    WITH numbered AS (SELECT game, row_number() OVER () AS gid FROM stage_headers),
    bait AS (
        SELECT gid * 64 + seat * 8 + e.zone AS zone_key, e.color, pos
        FROM stage_facts JOIN numbered USING (game) WHERE type = 'bait_removed'
        UNION ALL
        SELECT gid * 64 + 8 + 7, e.color, pos FROM stage_facts JOIN numbered USING (game) WHERE type = 'silent_drew'
    ),
    caught AS (
        SELECT game, move, round, pos, seat, e.card, e.location, e.zone, e.board_zone, e.how, copied,
               gid * 64 + seat * 8 + CASE WHEN e.how = 'silent' THEN 7 ELSE e.board_zone END AS zone_key
        FROM stage_facts JOIN numbered USING (game) WHERE type = 'fish_caught'
    ),
    revealed AS (SELECT DISTINCT game, e.card FROM stage_facts WHERE type = 'fish_revealed')
    SELECT c.game, c.move, c.round, c.seat, c.card, f.species, c.location, c.zone, c.board_zone, f.weight, f.time,
           f.tag, b.color, c.how, r.card IS NOT NULL, c.copied
    FROM caught c
    JOIN stage_headers h USING (game)
    LEFT JOIN fish f ON f.cards = h.cards AND f.card = c.card
    ASOF LEFT JOIN bait b ON b.zone_key = c.zone_key AND b.pos < c.pos
    LEFT JOIN revealed r ON r.game = c.game AND r.card = c.card
"""

_TROPHIES_FILL = """
    SELECT game, move, round, seat, e.trophy, e.points,
           CASE WHEN e.trophy LIKE '%_contest' THEN 'contest' ELSE 'play' END, copied
    FROM stage_facts WHERE type = 'trophy_taken'
    UNION ALL
    SELECT game, NULL, 0, (t->>'$.seat')::INTEGER, t->>'$.trophy', (t->>'$.points')::INTEGER, 'setup',
           parent_game IS NOT NULL
    FROM (SELECT game, parent_game, unnest(setup_trophies)::JSON AS t FROM stage_headers)
"""

_CONTESTS_FILL = """
    -- a contest's events are all in one move's (R10): keyed by it, each join is one to
    -- one, even in a log that repeats contests (the reader checks digests, not play)
    WITH presented AS (
        SELECT game, ply, seat, e.location, e.fish, e.weight FROM stage_facts WHERE type = 'presented'
    ),
    ranked AS (SELECT game, ply, e.location, e.ranking FROM stage_facts WHERE type = 'contest_ranked'),
    won AS (
        SELECT game, ply, seat, replace(e.trophy, '_contest', '') AS location, e.points
        FROM stage_facts WHERE type = 'trophy_taken' AND e.trophy LIKE '%_contest'
    ),
    species AS (
        SELECT p.game, p.ply, p.location, p.seat, list(f.species ORDER BY i) AS species
        FROM (SELECT game, ply, location, seat, unnest(fish) AS card, unnest(range(len(fish))) AS i FROM presented) p
        JOIN stage_headers h USING (game) LEFT JOIN fish f ON f.cards = h.cards AND f.card = p.card
        GROUP BY ALL
    )
    SELECT p.game, p.location, p.seat, p.fish, s.species, len(p.fish), p.weight,
           list_position(r.ranking, p.seat), coalesce(w.points, 0)
    FROM presented p
    LEFT JOIN species s USING (game, ply, location, seat)
    LEFT JOIN ranked r USING (game, ply, location) LEFT JOIN won w USING (game, ply, location, seat)
"""

_SCORES_FILL = """
    SELECT game, s.seat, s.trophies, s.master_anglers, s.tags, s.total, s.rank
    FROM (SELECT game, unnest(scores) AS s FROM stage_lines WHERE kind = 'footer')
"""

_MASTER_ANGLERS_FILL = """
    -- a card is taken once and caught once in a game; numbering each card's takings and
    -- catchings pairs them one to one even in a log that repeats them
    WITH taken AS (
        SELECT game, move, round, seat, e.card, e.from_deck,
               row_number() OVER (PARTITION BY game, e.card ORDER BY pos) AS n
        FROM stage_facts WHERE type = 'master_angler_taken'
    ),
    caught AS (
        SELECT game, move, round, seat, e.card, row_number() OVER (PARTITION BY game, e.card ORDER BY pos) AS n
        FROM stage_facts WHERE type = 'master_angler_caught'
    ),
    cards AS (  -- R12.5: the silent player's cards come from the deck already caught
        SELECT coalesce(t.game, c.game) AS game, coalesce(t.seat, c.seat) AS seat, coalesce(t.card, c.card) AS card,
               coalesce(t.from_deck, true) AS from_deck, coalesce(t.move, c.move) AS taken_move,
               coalesce(t.round, c.round) AS taken_round, c.card IS NOT NULL AS caught, c.move AS caught_move,
               c.round AS caught_round
        FROM taken t FULL JOIN caught c ON c.game = t.game AND c.card = t.card AND c.n = t.n
    )
    SELECT x.game, x.seat, x.card, m.kind, m.slots, x.from_deck, x.taken_move, x.taken_round, x.caught,
           x.caught_move, x.caught_round, coalesce(x.taken_move <= h.parent_ply, false)
    FROM cards x JOIN stage_headers h USING (game)
    LEFT JOIN master_angler_cards m ON m.cards = h.cards AND m.card = x.card
"""


TABLES: tuple[Table, ...] = (
    Table(
        "games",
        "one row per game log",
        (
            GAME,
            _c("file", "VARCHAR", "the log file's absolute path"),
            _c("created", "TIMESTAMPTZ", "when the game was started"),
            _c("engine", "VARCHAR", "the engine version that wrote the log"),
            _c("format", "INTEGER", "the log format version"),
            _c("prng", "VARCHAR", "the random number generator's name and version"),
            _c("cards", "VARCHAR", "hash of the card data the game was played with (see `fish`)"),
            _c("seed", "UBIGINT", "the game's seed"),
            _c("players", "INTEGER", "number of players, 1–4 (1 is the solo game; the silent player is not counted)"),
            _c("solo", "BOOLEAN", "the solo game against the silent player (R12)"),
            _c("tag_points", "BOOLEAN", "tag points are scored (false: the variant without them, R11.1)"),
            _c("parent_game", "VARCHAR", "for a game forked from a replay: the game it was forked from"),
            _c(
                "parent_move",
                "INTEGER",
                "for a forked game: the parent's move it was forked after (its moves up to that one are the "
                "parent's, copied)",
            ),
            _c("finished", "BOOLEAN", "the game reached its end (the log has a footer)"),
            _c("truncated", "BOOLEAN", "the log's last line was cut off (a crash mid-write); that move is not loaded"),
            _c("end_reason", "VARCHAR", "what triggered the end (R9.1): `twelve_fish` or `location_short`"),
            _c("ended_by", "INTEGER", "the seat whose turn triggered the end"),
            _c("moves", "INTEGER", "number of moves in the log (the last one's number)"),
            _c("rounds", "INTEGER", "the last round reached, as the table's status bar counts them (see moves.round)"),
            _c("winner", "INTEGER", "the winning seat (null while unfinished); in solo, seat 1 is the silent player"),
            _c("winner_name", "VARCHAR", "the winning seat's name"),
            _c("winner_kind", "VARCHAR", "the winning seat's kind: human, random, easy, medium, hard, or silent"),
            _c(
                "verified",
                "BOOLEAN",
                "whether the engine replayed the log and found every move legal and every event, and the final "
                "scores, as logged: true, false (see `verdict`), or null when not checked — `cwtui history load "
                "--verify` checks. Unchecked, the rest of the row is only what the log claims (bots' moves are not "
                "audited here: `cwtui verify` does that)",
            ),
            _c(
                "verdict",
                "VARCHAR",
                "what the replay found (`OK (184 moves)`, `FAILED at move 12: …`), or why the "
                "log could not be checked; null when not checked",
            ),
        ),
        ("game",),
        fill=_GAMES_FILL,
        facts=("end_triggered",),
    ),
    Table(
        "seats",
        "one row per seat of each game, the silent player included",
        (
            GAME,
            _c("seat", "INTEGER", "seat number from 0, in turn order; the first player is seat 0"),
            _c("name", "VARCHAR", "the seat's name"),
            _c(
                "kind",
                "VARCHAR",
                "human, a bot kind (random, easy, medium, hard; logs call easy greedy), "
                "or silent for the solo game's silent player",
            ),
            _c("score", "INTEGER", "final score (null while unfinished)"),
            _c("rank", "INTEGER", "final rank, 1 is the winner (ties broken by R11.3)"),
            _c("won", "BOOLEAN", "this seat won the game"),
        ),
        ("game", "seat"),
        fill=_SEATS_FILL,
    ),
    Table(
        "moves",
        "every move of every game",
        (
            GAME,
            MOVE,
            ROUND,
            _c("seat", "INTEGER", "the seat that chose the move"),
            _c("step", "INTEGER", "1 or 2 within a turn (R3); 0 for the silent player's turn and the contests"),
            _c("phase", "VARCHAR", "the decision the move answered (place, remove, port, bait, catch, present, …)"),
            _c("type", "VARCHAR", "the move's type (place, remove, refill, catch, lure, present, …)"),
            _c("chosen", "JSON", "the move chosen, as logged"),
            _c("log_ply", "INTEGER", "the move's line in the log file: its `ply`, from 0 (move − 1)"),
            COPIED,
        ),
        fill=_MOVES_FILL,
    ),
    Table(
        "events",
        "every outcome of every move, in order",
        (
            GAME,
            MOVE,
            _c("idx", "INTEGER", "the event's order within its move, from 0"),
            _c("type", "VARCHAR", "the event's type (fish_caught, bait_drawn, trophy_taken, …)"),
            _c("seat", "INTEGER", "the seat the event is about, if any"),
            _c("event", "JSON", "the event as logged"),
            COPIED,
        ),
        fill=_EVENTS_FILL,
    ),
    Table(
        "catches",
        "every fish caught",
        (
            GAME,
            MOVE,
            ROUND,
            _c("seat", "INTEGER", "who caught it"),
            _c("card", "INTEGER", "the fish card's number in the card data"),
            _c("species", "VARCHAR", "the fish's species (null if the game's card data is unknown to the loader)"),
            _c("location", "VARCHAR", "where it was caught: shore, river or lake"),
            _c("zone", "INTEGER", "the location zone it came from, 3–6"),
            _c("board_zone", "INTEGER", "the player's board zone whose emptying caught it, 3–6"),
            _c("weight", "INTEGER", "the fish's weight"),
            _c("time", "VARCHAR", "the fish's timestamp (earlier breaks ties, R10.3, R11.3)"),
            _c("tag", "VARCHAR", "the fish's tag color"),
            _c("bait_color", "VARCHAR", "the color of the last bait that left the zone (R5.3)"),
            _c(
                "how",
                "VARCHAR",
                "bait (as the bait pointed), rod, line, rod+line (tackle, R7.1–R7.3), "
                "deck_top (zone 6 bonus, R6.2) or silent (the silent player's catch, R12)",
            ),
            _c("mystery_weight", "BOOLEAN", "the fish claimed a Mystery Weight tile (R8.1)"),
            COPIED,
        ),
        fill=_CATCHES_FILL,
        facts=("bait_removed", "silent_drew", "fish_caught", "fish_revealed"),
    ),
    Table(
        "trophies",
        "every trophy tile taken",
        (
            GAME,
            _c("move", "INTEGER", "the move that took it (null: dealt at setup, R12.1)"),
            _c("round", "INTEGER", "the round it was taken in (0: at setup)"),
            _c("seat", "INTEGER", "who took it"),
            _c(
                "trophy",
                "VARCHAR",
                "mystery_weight, first_to_8_species, small_species, three_identical, four_different, "
                "first_to_12, shore_contest, river_contest or lake_contest",
            ),
            _c("points", "INTEGER", "the tile's points"),
            _c("source", "VARCHAR", "play (a challenge, R8), contest (R10) or setup (the silent player's, R12.1)"),
            COPIED,
        ),
        fill=_TROPHIES_FILL,
        facts=("trophy_taken",),
    ),
    Table(
        "contests",
        "each seat's entry in each end-of-game contest (R10); seats that presented nothing have no row",
        (
            GAME,
            _c("location", "VARCHAR", "shore, river or lake"),
            _c("seat", "INTEGER", "the presenting seat"),
            _c("fish", "INTEGER[]", "the presented fish cards"),
            _c("species", "VARCHAR[]", "their species"),
            _c("fish_count", "INTEGER", "how many fish were presented"),
            _c("weight", "INTEGER", "the presented weight, summed"),
            _c("rank", "INTEGER", "the seat's rank in this contest, 1 is the heaviest"),
            _c("points", "INTEGER", "the contest trophy's points (0 if the stack ran out)"),
        ),
        fill=_CONTESTS_FILL,
        facts=("presented", "contest_ranked", "trophy_taken"),
    ),
    Table(
        "scores",
        "the final score of each seat (R11)",
        (
            GAME,
            _c("seat", "INTEGER", "the seat"),
            _c("trophies", "INTEGER", "points from trophy tiles"),
            _c("master_anglers", "INTEGER", "points from caught Master Angler cards, 1 each"),
            _c("tags", "INTEGER", "points from presented fish whose tag matches the tag tile"),
            _c("total", "INTEGER", "the final score"),
            _c("rank", "INTEGER", "final rank, 1 is the winner"),
        ),
        ("game", "seat"),
        fill=_SCORES_FILL,
    ),
    Table(
        "master_anglers",
        "every Master Angler card a seat took, and whether they caught it (R4.6, R5.2); the silent player's "
        "come from the deck already caught (R12.5)",
        (
            GAME,
            _c("seat", "INTEGER", "who took it"),
            _c("card", "INTEGER", "the card's number in the card data"),
            _c("kind", "VARCHAR", "Crab, Conger Eel, Char, Dogfish or Ray"),
            _c("slots", "INTEGER", "how many bait slots the card has"),
            _c("from_deck", "BOOLEAN", "taken blind from the deck rather than from the display"),
            _c("taken_move", "INTEGER", "the move that took it"),
            _c("taken_round", "INTEGER", "the round it was taken in"),
            _c("caught", "BOOLEAN", "all its slots were filled"),
            _c("caught_move", "INTEGER", "the move that completed it"),
            _c("caught_round", "INTEGER", "the round it was completed in"),
            _c(
                "copied",
                "BOOLEAN",
                "a forked game's card taken before the fork: the parent holds the same card (counted there)",
            ),
        ),
        fill=_MASTER_ANGLERS_FILL,
        facts=("master_angler_taken", "master_angler_caught"),
    ),
    Table(
        "fish",
        "the fish cards of every card data file the loader knows",
        (
            _c("cards", "VARCHAR", "the card data's hash (games.cards)"),
            _c("card", "INTEGER", "the card's number"),
            _c("species", "VARCHAR", "its species"),
            _c("location", "VARCHAR", "shore, river or lake"),
            _c("small", "BOOLEAN", "a small species (R8.4)"),
            _c("weight", "INTEGER", "its weight"),
            _c("time", "VARCHAR", "its timestamp"),
            _c("tag", "VARCHAR", "its tag color"),
        ),
        ("cards", "card"),
    ),
    Table(
        "master_angler_cards",
        "the Master Angler cards of every card data file the loader knows",
        (
            _c("cards", "VARCHAR", "the card data's hash (games.cards)"),
            _c("card", "INTEGER", "the card's number"),
            _c("kind", "VARCHAR", "Crab, Conger Eel, Char, Dogfish or Ray"),
            _c("slots", "INTEGER", "how many bait slots it has"),
        ),
        ("cards", "card"),
    ),
    Table(
        "reviews",
        "every decision judged by a game review (`cwtui review`, R on the replay screen), as kept beside its log; "
        "a fork's moves before the fork are reviewed with its parent, so each decision counts once",
        (
            GAME,
            MOVE,
            _c("seat", "INTEGER", "the seat that decided"),
            _c("phase", "VARCHAR", "the decision (place, remove, port, bait, catch, present, …)"),
            _c("chosen_type", "VARCHAR", "the type of the move chosen (place, remove, refill, catch, …)"),
            _c("chosen", "JSON", "the move chosen, as logged"),
            _c(
                "best",
                "JSON",
                "the best move: the search's pick where it was the move chosen, else the one of the search's three "
                "best and the move chosen whose rollouts lead most",
            ),
            _c("options", "INTEGER", "how many legal moves there were"),
            _c("win_before", "DOUBLE", "the seat's estimated win chance with the best move, 0–1"),
            _c("win_after", "DOUBLE", "its estimated win chance with the move chosen, 0–1"),
            _c(
                "lead_best",
                "DOUBLE",
                "the seat's expected final lead over the mean of the others with the best move, in points, "
                "from rollouts of a few turns each ended in the lead evaluation (null when the move chosen was the "
                "search's pick)",
            ),
            _c("lead_chosen", "DOUBLE", "the same with the move chosen (null when it was the search's pick)"),
            _c("loss", "DOUBLE", "points lost: lead_best − lead_chosen, never below 0 (0 for the best move)"),
            _c(
                "loss_margin",
                "DOUBLE",
                "the loss's 95% margin of error, points: 1.96 standard errors of the two moves' paired rollouts "
                "(0 for the best move); the loss lies in loss ± loss_margin",
            ),
            _c(
                "rollouts",
                "INTEGER",
                "rollouts of each move weighed (more where the grade was in doubt; 0: none, the search's pick)",
            ),
            _c(
                "grade",
                "VARCHAR",
                "best, good, inaccuracy, mistake or blunder: the band of loss, the number shown (best under 0.5 "
                "points, good under 1.5, inaccuracy under 3, mistake under 6, blunder from 6; docs/bot-strength.md)",
            ),
            _c(
                "grade_low",
                "VARCHAR",
                "the grade of the loss interval's low end, loss − loss_margin (at least 0): where it is not "
                'grade, the interval crosses a bound and the review says both ("good or inaccuracy")',
            ),
            _c("grade_high", "VARCHAR", "the grade of the interval's high end, loss + loss_margin"),
            _c(
                "accuracy",
                "DOUBLE",
                "the decision's accuracy, 0–100: 100·exp(−loss); a seat's game accuracy is 100·exp(−avg(loss)), "
                "the geometric mean",
            ),
            _c(
                "why",
                "JSON",
                "where the better move's lead lies: [part, points] pairs, largest first (a trophy, "
                "master_anglers, tags, or prospects: what the evaluation expects beyond the score so far)",
            ),
            _c(
                "candidates",
                "JSON",
                "where the move chosen cost something (graded good or worse): the best, then the rest of the "
                "search's three best moves by points lost, each [move, loss, loss_margin] (the move as logged); "
                "else []",
            ),
            _c(
                "line",
                "JSON",
                "there too: the seat's next moves after the best one, the search's pick at each, as far as the "
                "seat could foresee them (up to 3; it stops at a draw, another seat's move or the game's end), "
                "each as logged; else []",
            ),
            _c("level", "VARCHAR", "the search level that judged it: medium or hard"),
            _c("engine", "VARCHAR", "the engine version that judged it"),
            _c(
                "verified",
                "BOOLEAN",
                "whether the review's decisions were judged again and found as kept: true, false (see `verdict`), "
                "or null when not judged again — `cwtui history load --verify` judges them, as long as the review "
                "took. Every review loaded is one of the log beside it (its game, the log's bytes, each decision "
                "the move the log records); unchecked, its judgement is only what the file claims",
            ),
            _c(
                "verdict",
                "VARCHAR",
                "what judging it again found (`OK (161 decisions judged again)`, `FAILED at move 12: …`), or why "
                "it could not be judged again; null when not judged again",
            ),
        ),
        ("game", "move"),
    ),
    Table(
        "luck",
        "each seat's final lead taken apart by a game review, once the game is over (engine.bots.luck): "
        "final_lead = turn_order + luck + own_play + others_play. Luck is measured with every secret out, "
        "so a game still being played has none. The lead evaluation sees only part of a draw's worth when it is "
        "drawn: between equal bots luck accounts for about a tenth of the final margins, and what it misses reads "
        "as play when a later move cashes it in (docs/bot-strength.md); for that reason no screen shows it yet",
        (
            GAME,
            _c("seat", "INTEGER", "the seat, from 0 (every seat of the game, not only those reviewed)"),
            _c("final_lead", "DOUBLE", "its final score less the mean of the others' scores, in points"),
            _c("turn_order", "DOUBLE", "what the lead evaluation gives its seat at the start: the turn order's worth"),
            _c(
                "luck",
                "DOUBLE",
                "what the draws gave it (bait, fish, cards, every seat's draws): at each move that drew, its "
                "expected lead after the draw as it came less the mean over draws that could have come, summed",
            ),
            _c("luck_margin", "DOUBLE", "luck's 95% margin of error: luck lies in luck ± luck_margin"),
            _c("own_play", "DOUBLE", "what its own moves did to its expected lead, their draws apart"),
            _c("others_play", "DOUBLE", "what the other seats' moves did to it, their draws apart"),
            _c("deals", "INTEGER", "the draws each move's luck was measured against"),
            _c("model", "VARCHAR", "the lead evaluation that measured it (its file's hash)"),
        ),
        ("game", "seat"),
    ),
    Table(
        "luck_draws",
        "every move of a reviewed game that drew something, and what its draw gave each seat (a row a seat): "
        "a seat's luck in `luck` is the sum of its rows here",
        (
            GAME,
            MOVE,
            _c("mover", "INTEGER", "the seat that made the move, from 0"),
            _c("seat", "INTEGER", "the seat whose expected lead the draw moved, from 0"),
            _c("luck", "DOUBLE", "points: its expected lead after the draw as it came, less the mean over the draws"),
        ),
        ("game", "move", "seat"),
    ),
    Table(
        "rated_games",
        "a game server's ratings (cwtui serve: ratings.ndjson in its folder): a row for each rated seat of each "
        "rated game, with its player's rating before and after (OpenSkill Plackett–Luce; a rating is mu − 3·sigma)",
        (
            _c("file", "VARCHAR", "the ratings file's absolute path (one a server)"),
            GAME,
            _c("room", "VARCHAR", "the room's code on that server"),
            _c("rated_at", "TIMESTAMPTZ", "when the server rated it"),
            _c("how", "VARCHAR", "finished, or why the game ended early (a forfeit on time, a resignation)"),
            _c("seat", "INTEGER", "the seat, from 0"),
            _c("player", "VARCHAR", "the seat's player: their key (43 characters), or bot:LEVEL for a bot seat"),
            _c("name", "VARCHAR", "the name the player played under"),
            _c("rank", "INTEGER", "the rank rated, 1 first (resigned seats last; a forfeit: the others tie first)"),
            _c("rating_before", "DOUBLE", "the player's rating on that server before the game"),
            _c("rating_after", "DOUBLE", "and after it"),
            _c("mu_before", "DOUBLE", "the skill estimate before"),
            _c("sigma_before", "DOUBLE", "its uncertainty before"),
            _c("mu_after", "DOUBLE", "the skill estimate after"),
            _c("sigma_after", "DOUBLE", "its uncertainty after"),
        ),
        ("file", "game", "seat"),
    ),
    Table(
        "rating_files",
        "the loader's record of every server ratings file (ratings.ndjson) it has read",
        (
            _c("file", "VARCHAR", "the ratings file's absolute path"),
            SIZE,
            MTIME,
            _c(
                "left_out",
                "VARCHAR[]",
                "its lines not loaded, each with why (`line 3: its time '27 Nov 2026' is not …`); a line a crash "
                "cut off is passed over, as the server passes it over",
            ),
        ),
        ("file",),
    ),
    Table(
        "review_files",
        "the loader's record of every kept review (NAME.review.json beside NAME.jsonl) it has seen",
        (
            _c("file", "VARCHAR", "the review file's absolute path"),
            SIZE,
            MTIME,
            _c("log_size", "BIGINT", "the size of the log beside it when loaded (null: none); a change reloads it"),
            _c("log_mtime_ns", "BIGINT", "that log's modification time when loaded; a change reloads it"),
            _c(
                "hash",
                "VARCHAR",
                "BLAKE2b-128 of its bytes as `--verify` judged it again (null if not): `--verify` judges it again "
                "when its bytes differ, even at the same size and time",
            ),
            _c("game", "VARCHAR", "the game it reviews (null if skipped)"),
            _c(
                "status",
                "VARCHAR",
                "loaded, or skipped (not a review cwtui can read, not a review of the log beside it, or of a game "
                "whose review is loaded from another file)",
            ),
            _c("error", "VARCHAR", "why it was skipped"),
        ),
        ("file",),
    ),
    Table(
        "log_files",
        "the loader's record of every log it has seen: loaded, skipped, or a copy of a game loaded from another file",
        (
            _c("file", "VARCHAR", "the log file's absolute path"),
            SIZE,
            MTIME,
            _c(
                "hash",
                "VARCHAR",
                "BLAKE2b-128 of its bytes as the last `--verify` load read them (null if none has since it "
                "changed): `--verify` reads a file again whose bytes differ, even at the same size and time",
            ),
            _c("game", "VARCHAR", "the game it holds (null if skipped)"),
            _c(
                "status",
                "VARCHAR",
                "loaded; skipped (not a log the engine's reader accepts); or copy (a game loaded from another "
                "file: one whose replay did not fail, the fuller, then one the replay confirmed; loaded from this "
                "one if that file goes)",
            ),
            _c("error", "VARCHAR", "why it was skipped, or which file holds the game it copies"),
            _c("loaded_at", "TIMESTAMPTZ", "when the loader last read it"),
        ),
        ("file",),
    ),
)


@dataclass(frozen=True)
class View:
    name: str
    doc: str
    sql: str


VIEWS: tuple[View, ...] = (
    View(
        "results",
        "one row per seat of every finished game, with the game's facts beside it",
        """
        SELECT g.game, g.created, g.players, g.solo, g.tag_points, g.end_reason, g.moves, g.rounds, g.verified,
               s.seat, s.name, s.kind, s.score, s.rank, s.won,
               sc.trophies, sc.master_anglers, sc.tags
        FROM games g JOIN seats s USING (game) JOIN scores sc USING (game, seat)
        WHERE g.finished
        """,
    ),
    View(
        "trophy_results",
        "every trophy of every finished game, with whether its holder won",
        """
        SELECT t.*, r.players, r.solo, r.kind, r.score, r.won
        FROM trophies t JOIN results r USING (game, seat)
        """,
    ),
    View(
        "catch_results",
        "every catch of every finished game, with the catcher's kind, score and result",
        """
        SELECT c.*, r.players, r.solo, r.kind, r.score, r.won
        FROM catches c JOIN results r USING (game, seat)
        """,
    ),
)

TABLE_NAMES = tuple(t.name for t in TABLES)
REVIEWS = "reviews"  # loaded from the kept reviews (review_files), not from the logs
LUCK = "luck"  # loaded with the reviews, from the same files
LUCK_DRAWS = "luck_draws"
REVIEW_TABLES = (REVIEWS, LUCK, LUCK_DRAWS)
GAME_TABLES = tuple(t.name for t in TABLES if t.columns[0] is GAME and t.name not in REVIEW_TABLES)  # a log's rows


def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def ddl() -> list[str]:
    """Statements that create every table and view, with their comments."""
    statements: list[str] = []
    for table in TABLES:
        cols = [f"{c.name} {c.type}" for c in table.columns]
        if table.key:
            cols.append(f"PRIMARY KEY ({', '.join(table.key)})")
        statements.append(f"CREATE TABLE {table.name} ({', '.join(cols)})")
        statements.append(f"COMMENT ON TABLE {table.name} IS {_quote(table.doc)}")
        for c in table.columns:
            statements.append(f"COMMENT ON COLUMN {table.name}.{c.name} IS {_quote(c.doc)}")
    for view in VIEWS:
        statements.append(f"CREATE VIEW {view.name} AS {view.sql.strip()}")
        statements.append(f"COMMENT ON VIEW {view.name} IS {_quote(view.doc)}")
    statements.append(f"CREATE TABLE schema_info AS SELECT {SCHEMA_VERSION} AS version")
    return statements


def markdown() -> str:
    """The README's schema section."""
    out: list[str] = []
    for table in TABLES:
        out.append(f"**`{table.name}`** — {table.doc}.\n")
        out.append("| column | type | meaning |")
        out.append("|---|---|---|")
        out.extend(f"| `{c.name}` | {c.type} | {c.doc} |" for c in table.columns)
        out.append("")
    out.append("Views:\n")
    out.extend(f"- **`{v.name}`** — {v.doc}." for v in VIEWS)
    return "\n".join(out) + "\n"
