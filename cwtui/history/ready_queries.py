"""Ready-made questions for the History screen's sidebar (and `cwtui sql`). Their moves
and rounds are the tables' own columns, numbered as the table shows them (schema.MOVE,
schema.ROUND)."""

from __future__ import annotations

from dataclasses import dataclass

from cwtui.lang import N_
from engine.bots.judge import ACCURACY_SCALE  # a seat's accuracy from its points lost (engine.bots.judge.accuracy)


@dataclass(frozen=True)
class ReadyQuery:
    title: str  # marked for the catalog (N_): a screen shows it in the language in use
    question: str
    sql: str
    chart: tuple[str | None, str] | None = None  # (label column or None for a histogram, value column)


def _sql(text: str) -> str:
    lines = text.strip("\n").splitlines()
    indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    return "\n".join(line[indent:] for line in lines) + "\n"


READY: tuple[ReadyQuery, ...] = (
    ReadyQuery(
        N_("Heaviest fish per species"),
        N_("The heaviest catch of each species, who landed it first, and how often that weight was caught."),
        _sql(
            """
            SELECT c.species, c.weight, count(*) OVER (PARTITION BY c.species, c.weight) AS times_caught,
                   s.name AS first_caught_by, s.kind, c.game, c.round
            FROM catches c JOIN seats s USING (game, seat) JOIN games g USING (game)
            WHERE c.species IS NOT NULL AND NOT c.copied
            QUALIFY row_number() OVER (PARTITION BY c.species ORDER BY c.weight DESC, g.created, c.game, c.move) = 1
            ORDER BY c.weight DESC, c.species
            """
        ),
    ),
    ReadyQuery(
        N_("Win rate by seat"),
        N_("How often each seat position wins, by number of players (is there a first-player advantage?)."),
        _sql(
            """
            SELECT players || 'p seat ' || (seat + 1) AS seat, count(*) AS games,
                   round(100 * avg(won::INTEGER), 1) AS win_pct,
                   round(100 / players, 1) AS fair_pct,
                   round(avg(score), 1) AS avg_score
            FROM results
            WHERE NOT solo
            GROUP BY players, results.seat
            ORDER BY players, results.seat
            """
        ),
        chart=("seat", "win_pct"),
    ),
    ReadyQuery(
        N_("Win rate by bot"),
        N_("Wins by kind of player (human, random, easy, …) for each player count; solo is against the silent player."),
        _sql(
            """
            SELECT players || 'p ' || kind AS players_kind, count(*) AS seats, count(*) FILTER (WHERE won) AS wins,
                   round(100 * avg(won::INTEGER), 1) AS win_pct, round(avg(score), 1) AS avg_score
            FROM results
            GROUP BY players, kind
            ORDER BY players, win_pct DESC, kind
            """
        ),
        chart=("players_kind", "win_pct"),
    ),
    ReadyQuery(
        N_("Trophies and winning"),
        N_(
            "How often each trophy is taken, what it is worth, and how often its holder wins compared with a fair "
            "share."
        ),
        _sql(
            """
            SELECT trophy, count(*) AS taken, count(DISTINCT game) AS games, round(avg(points), 2) AS avg_points,
                   round(100 * avg(won::INTEGER), 1) AS holder_win_pct,
                   round(100 * avg(1 / players), 1) AS fair_pct
            FROM trophy_results
            WHERE NOT solo
            GROUP BY trophy
            ORDER BY holder_win_pct DESC, trophy
            """
        ),
        chart=("trophy", "holder_win_pct"),
    ),
    ReadyQuery(
        N_("Average score by player count"),
        N_("Scores of all seats and of winners, by number of players."),
        _sql(
            """
            SELECT players, count(DISTINCT game) AS games, round(avg(score), 1) AS avg_score,
                   round(avg(score) FILTER (WHERE won), 1) AS avg_winning_score,
                   min(score) AS lowest, max(score) AS highest
            FROM results
            WHERE kind <> 'silent'
            GROUP BY players
            ORDER BY players
            """
        ),
        chart=("players", "avg_score"),
    ),
    ReadyQuery(
        N_("Score distribution"),
        N_("How many seats finished with each score (players only, not the silent player) — try the chart (F6)."),
        _sql(
            """
            SELECT score, count(*) AS seats
            FROM results
            WHERE kind <> 'silent'
            GROUP BY score
            ORDER BY score
            """
        ),
        chart=("score", "seats"),
    ),
    ReadyQuery(
        N_("Mystery Weight claims"),
        N_("Which Mystery Weights get claimed (R8.1), how often, and how early in the game."),
        _sql(
            """
            SELECT weight, count(*) AS claims,
                   round(100 * count(*) / (SELECT count(*) FROM games WHERE finished), 1) AS pct_of_games,
                   round(avg(round), 1) AS avg_round, min(round) AS earliest_round
            FROM catches
            WHERE mystery_weight AND NOT copied
            GROUP BY weight
            ORDER BY weight
            """
        ),
        chart=("weight", "claims"),
    ),
    ReadyQuery(
        N_("Master Angler completion"),
        N_("Master Angler cards taken and caught by each kind of player, and how many rounds a catch takes."),
        _sql(
            """
            SELECT s.kind AS player_kind, count(*) AS taken,
                   round(count(*) / count(DISTINCT m.game || '/' || m.seat), 2) AS taken_per_game,
                   count(*) FILTER (WHERE m.caught) AS caught, round(100 * avg(m.caught::INTEGER), 1) AS caught_pct,
                   round(avg(m.caught_round - m.taken_round) FILTER (WHERE m.caught), 1) AS rounds_to_catch
            FROM master_anglers m JOIN seats s USING (game, seat)
            GROUP BY ALL
            ORDER BY taken_per_game DESC, player_kind
            """
        ),
        chart=("player_kind", "caught_pct"),
    ),
    ReadyQuery(
        N_("Tag points"),
        N_(
            "Tag points scored (R11.1) and how often they decided the game: without them the winner would not have won."
        ),
        _sql(
            """
            WITH finals AS (
                SELECT game, players,
                       max(tags) FILTER (WHERE rank = 1) AS winner_tags,
                       max(score - tags) FILTER (WHERE rank = 1) AS winner_without,
                       max(score - tags) FILTER (WHERE rank > 1) AS best_other_without
                FROM results
                WHERE tag_points AND NOT solo
                GROUP BY game, players
            )
            SELECT players, count(*) AS games, round(avg(winner_tags), 2) AS avg_winner_tags,
                   count(*) FILTER (WHERE winner_without <= best_other_without) AS decided_by_tags,
                   round(100 * avg((winner_without <= best_other_without)::INTEGER), 1) AS decided_pct
            FROM finals
            GROUP BY players
            ORDER BY players
            """
        ),
    ),
    ReadyQuery(
        N_("Game length"),
        N_("Rounds and moves per game by number of players and by what ended the game (R9.1)."),
        _sql(
            """
            SELECT players, end_reason, count(*) AS games, round(avg(rounds), 1) AS avg_rounds,
                   min(rounds) AS shortest, max(rounds) AS longest, round(avg(moves), 1) AS avg_moves
            FROM games
            WHERE finished
            GROUP BY ALL
            ORDER BY players, end_reason
            """
        ),
    ),
    ReadyQuery(
        N_("How fish are caught"),
        N_(
            "Catches by method: as the bait pointed, with Rod or Line (R7), the zone-6 deck top (R6.2), "
            "or by the silent player."
        ),
        _sql(
            """
            SELECT how, count(*) AS catches, round(100 * count(*) / sum(count(*)) OVER (), 1) AS pct,
                   round(avg(weight), 2) AS avg_weight
            FROM catches
            WHERE NOT copied
            GROUP BY how
            ORDER BY catches DESC, how
            """
        ),
        chart=("how", "catches"),
    ),
    ReadyQuery(
        N_("Contest winners"),
        N_("The end contests (R10): how much weight and how many fish it takes to win each location."),
        _sql(
            """
            SELECT location, count(*) FILTER (WHERE rank = 1) AS contests,
                   round(avg(weight) FILTER (WHERE rank = 1), 1) AS avg_winning_weight,
                   round(avg(fish_count) FILTER (WHERE rank = 1), 2) AS avg_winning_fish,
                   round(avg(weight) FILTER (WHERE rank > 1), 1) AS avg_other_weight
            FROM contests
            GROUP BY location
            ORDER BY location
            """
        ),
    ),
    ReadyQuery(
        N_("Accuracy per player over time"),
        N_(
            "Each reviewed player's accuracy (`cwtui review`, 0–100) and points lost per decision, month by month, "
            "with their games and blunders."
        ),
        _sql(
            f"""
            SELECT s.name, s.kind, date_trunc('month', g.created)::DATE AS month, count(DISTINCT r.game) AS games,
                   count(*) AS decisions, round(100 * exp(-avg(r.loss) / {ACCURACY_SCALE}), 1) AS accuracy,
                   round(avg(r.loss), 2) AS points_lost_per_decision,
                   count(*) FILTER (WHERE r.grade = 'blunder') AS blunders
            FROM reviews r JOIN seats s USING (game, seat) JOIN games g USING (game)
            GROUP BY ALL
            ORDER BY s.name, month
            """
        ),
    ),
    ReadyQuery(
        N_("Where each player loses most"),
        N_("From the reviews: the kinds of decision (phase and type of move) that cost each player the most points."),
        _sql(
            """
            SELECT s.name, r.phase, r.chosen_type AS move_type, count(*) AS decisions,
                   round(sum(r.loss), 1) AS total_loss, round(avg(r.loss), 2) AS avg_loss,
                   count(*) FILTER (WHERE r.grade IN ('mistake', 'blunder')) AS mistakes
            FROM reviews r JOIN seats s USING (game, seat)
            GROUP BY s.name, r.phase, r.chosen_type
            QUALIFY row_number() OVER (PARTITION BY s.name ORDER BY sum(r.loss) DESC, r.phase, r.chosen_type) <= 5
            ORDER BY s.name, total_loss DESC
            """
        ),
    ),
    ReadyQuery(
        N_("Costliest mistakes"),
        N_("The reviewed decisions that cost the most points, in every game: who, when, the better move and why."),
        _sql(
            """
            SELECT r.loss, r.grade, s.name, r.game, r.move, m.round, r.phase,
                   round(100 * r.win_after) AS win_pct, round(100 * r.win_before) AS best_win_pct,
                   r.chosen, r.best, r.why
            FROM reviews r JOIN seats s USING (game, seat) JOIN moves m USING (game, move)
            ORDER BY r.loss DESC, r.game, r.move
            LIMIT 20
            """
        ),
    ),
)
