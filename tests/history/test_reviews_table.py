"""Kept reviews in the history: the `reviews` table loads idempotently, follows its
files as they change or go, and counts each real decision once."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import duckdb
import msgspec
import pytest

from cwtui.batch.runner import play_game, play_out
from cwtui.game import review as reviews
from cwtui.game.replaying import open_replay
from cwtui.game.session import GameSession
from cwtui.history.loader import load
from engine import GameConfig, SeatConfig
from engine.bots import seat_bots
from engine.cards import load_cards

CARDS = load_cards()


def rows(db: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute(sql, list(params)).fetchall()


@pytest.fixture
def games(tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    folder.mkdir()
    seats = (SeatConfig("Ana", "greedy"), SeatConfig("Bo", "random"))
    for seed in (1, 2):
        play_game(GameConfig(seats=seats, seed=seed), folder, CARDS)
    return folder


def test_reviews_load_once_and_follow_their_files(games: Path, tmp_path: Path) -> None:
    db = tmp_path / "history.duckdb"
    first, second = sorted(games.glob("*.jsonl"))
    made = reviews.review(first, CARDS, "medium", workers=1)
    report = load(db, [games])
    assert report.ok and report.reviews == 1
    decisions = len(made.decisions)
    assert rows(db, "SELECT count(*), count(DISTINCT move) FROM reviews") == [(decisions, decisions)]
    worst = max(made.decisions, key=lambda j: (j.loss, -j.ply))
    assert rows(
        db, "SELECT game, seat, grade, loss, chosen_type, level FROM reviews ORDER BY loss DESC, move LIMIT 1"
    ) == [(first.stem, worst.seat, worst.grade, worst.loss, worst.chosen.__struct_config__.tag, "medium")]
    # issue 36: points lost, the leads they come from and why, as kept
    assert rows(
        db, "SELECT lead_best - lead_chosen, why->>'$[0][0]' FROM reviews ORDER BY loss DESC, move LIMIT 1"
    ) == [(pytest.approx(worst.loss), worst.why[0][0])]
    assert rows(db, "SELECT count(*) FROM reviews WHERE loss = 0 AND lead_best IS NOT NULL") == [(0,)]
    # issue 54: each costly decision's candidates as kept, [move, loss, margin] each, the
    # best first; none where the move was as good as the best
    kept = {j.ply + 1: msgspec.json.decode(msgspec.json.encode(j.candidates)) for j in made.decisions}
    assert any(kept.values()) and not all(kept.values())
    assert {move: msgspec.json.decode(c) for move, c in rows(db, "SELECT move, candidates FROM reviews")} == kept
    assert rows(db, "SELECT count(*) FROM reviews WHERE grade <> 'best' AND (candidates->'$[0][0]') <> best") == [(0,)]
    # the decisions join their moves
    assert rows(db, "SELECT count(*) FROM reviews r JOIN moves m USING (game, move) WHERE m.seat = r.seat") == [
        (decisions,)
    ]

    again = load(db, [games])
    assert again.reviews == 0 and rows(db, "SELECT count(*) FROM reviews") == [(decisions,)]

    reviews.review(second, CARDS, "medium", workers=1)
    assert load(db, [games]).reviews == 1
    assert rows(db, "SELECT count(DISTINCT game) FROM reviews") == [(2,)]

    side = reviews.sidecar_path(first)
    kept = msgspec.json.decode(side.read_bytes(), type=reviews.Sidecar)
    side.write_bytes(msgspec.json.encode(reviews.sealed(msgspec.structs.replace(kept, decisions=kept.decisions[:5]))))
    assert load(db, [games]).reviews == 1  # changed: replaced as a whole
    assert rows(db, "SELECT count(*) FROM reviews WHERE game = ?", first.stem) == [(5,)]

    side.unlink()
    load(db, [games])
    assert rows(db, "SELECT count(*) FROM reviews WHERE game = ?", first.stem) == [(0,)]
    assert rows(db, "SELECT count(*) FROM review_files") == [(1,)]


def test_a_reviewed_games_luck_loads_beside_its_decisions(games: Path, tmp_path: Path) -> None:
    """Issue 66.2: luck apart from play, per seat and per draw, queryable in SQL; gone
    with its review."""
    db = tmp_path / "history.duckdb"
    first, _ = sorted(games.glob("*.jsonl"))
    made = reviews.review(first, CARDS, "medium", workers=1)
    assert made.luck is not None
    load(db, [games])
    assert rows(db, "SELECT seat, final_lead, luck, luck_margin FROM luck ORDER BY seat") == [
        (s.seat, s.final, s.luck, s.margin) for s in made.luck.seats
    ]
    assert rows(
        db, "SELECT count(*) FROM luck WHERE abs(turn_order + luck + own_play + others_play - final_lead) > 1e-6"
    ) == [(0,)]
    # a seat's luck is the sum of its draws'
    assert rows(
        db,
        "SELECT count(*) FROM luck l JOIN (SELECT game, seat, sum(luck) AS drawn FROM luck_draws GROUP BY ALL) d "
        "USING (game, seat) WHERE abs(l.luck - d.drawn) > 1e-6",
    ) == [(0,)]
    # the luckiest draw of the game joins its move
    assert rows(db, "SELECT count(*) FROM luck_draws d JOIN moves m USING (game, move) WHERE m.seat = d.mover") == [
        (2 * len(made.luck.moves),)
    ]
    reviews.sidecar_path(first).unlink()
    load(db, [games])
    assert rows(db, "SELECT (SELECT count(*) FROM luck), (SELECT count(*) FROM luck_draws)") == [(0, 0)]


def test_a_damaged_or_copied_review_is_skipped_with_its_reason(games: Path, tmp_path: Path) -> None:
    db = tmp_path / "history.duckdb"
    first, second = sorted(games.glob("*.jsonl"))
    reviews.review(first, CARDS, "medium", workers=1)
    reviews.sidecar_path(second).write_bytes(b'{"format": 1, "game": ')
    copy = games / "zz-copy.review.json"  # a copy of the game, with its review
    shutil.copy(reviews.sidecar_path(first), copy)
    shutil.copy(first, games / "zz-copy.jsonl")
    report = load(db, [games])
    skipped = {p.name: reason for p, reason in report.skipped}
    assert skipped[reviews.sidecar_path(second).name].startswith("not a kept review: ")
    assert skipped[copy.name] == f"the same game ({first.stem}) as {reviews.sidecar_path(first).resolve()}, " \
        "whose review is loaded"  # fmt: skip
    assert report.reviews == 1 and not report.ok
    assert load(db, [games]).skipped == report.skipped  # still reported, not read again
    # issue 36: a review kept in win chances by an earlier cwtui is named as such
    reviews.sidecar_path(second).write_bytes(b'{"format": 1, "game": "g", "decisions": []}')
    older = {p.name: reason for p, reason in load(db, [games]).skipped}[reviews.sidecar_path(second).name]
    assert older == "grades in win chances, kept by an earlier cwtui; `cwtui review` grades the game again"


def test_a_forks_review_holds_only_its_own_decisions(tmp_path: Path) -> None:
    """The fork repeats its parent's first 40 moves; they are reviewed with the parent."""
    folder = tmp_path / "games"
    folder.mkdir()
    seats = (SeatConfig("Ana", "greedy"), SeatConfig("Bo", "greedy"))
    _state, parent_path = play_game(GameConfig(seats=seats, seed=21), folder, CARDS)
    assert parent_path is not None
    fork = GameSession.fork(open_replay(parent_path), 40, seats, folder)
    play_out(fork.state, seat_bots(fork.config, fork.state.cards), fork.writer)
    assert fork.path is not None
    parent_review = reviews.review(parent_path, CARDS, "medium", workers=1)
    fork_review = reviews.review(fork.path, CARDS, "medium", workers=1)
    db = tmp_path / "history.duckdb"
    load(db, [folder])
    assert min(j.ply for j in fork_review.decisions) == 40
    assert rows(db, "SELECT count(*) FROM reviews") == [(len(parent_review.decisions) + len(fork_review.decisions),)]
    assert rows(db, "SELECT count(*) FROM reviews JOIN moves USING (game, move) WHERE moves.copied") == [(0,)]


def _forge(side: Path, change: Any) -> None:
    """The kept review changed, and sealed again as anyone can (its digest is no key)."""
    kept = msgspec.json.decode(side.read_bytes(), type=reviews.Sidecar)
    side.write_bytes(msgspec.json.encode(reviews.sealed(change(kept))))


def test_a_review_loads_only_as_a_review_of_the_log_beside_it(games: Path, tmp_path: Path) -> None:
    """Issue 51.12: a kept review sealed again was trusted: one naming another game
    loaded into `reviews`, and "chosen" moves that are not the logged moves were taken.
    A review is checked against the log beside it (cwtui.game.review.mismatch): the log's
    bytes, its game, and each decision the move the log's seat made."""
    first, second = sorted(games.glob("*.jsonl"))
    reviews.review(first, CARDS, "medium", workers=1)
    side, beside_second = reviews.sidecar_path(first), reviews.sidecar_path(second)
    shutil.copy(side, beside_second)  # the first game's review, beside the second's log
    kept = msgspec.json.decode(side.read_bytes(), type=reviews.Sidecar)
    i, wrong = next((i, j) for i, j in enumerate(kept.decisions) if j.best != j.chosen)
    otherwise = (*kept.decisions[:i], msgspec.structs.replace(wrong, chosen=wrong.best), *kept.decisions[i + 1 :])
    _forge(side, lambda k: msgspec.structs.replace(k, decisions=otherwise))
    db = tmp_path / "history.duckdb"
    report = load(db, [games])
    assert report.reviews == 0 and rows(db, "SELECT count(*) FROM reviews") == [(0,)]
    assert sorted((p.name, why) for p, why in report.skipped) == [
        (side.name, f"not a review of {first.name}: its move {wrong.ply + 1} is not the move the log records"),
        (beside_second.name, f"not a review of {second.name}: it names the game {first.stem!r}, "
                             f"but the log holds {second.stem!r}"),
    ]  # fmt: skip
    reviews.review(second, CARDS, "medium", workers=1)  # made again, then its log changed
    second.write_bytes(b"".join(second.read_bytes().splitlines(keepends=True)[:-1]))
    (why,) = [why for p, why in load(db, [games]).skipped if p == beside_second.resolve()]
    assert why == f"not a review of {second.name}: it reviews the log as it was before it changed"
    side.unlink()
    second.unlink()  # a review with no log beside it
    (why,) = [why for p, why in load(db, [games]).skipped if p == beside_second.resolve()]
    assert why == f"no log {second.name} beside it"


def test_verify_judges_each_kept_review_again(games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 51.12: a seat's accuracy raised to 100 (every decision made the best, its
    loss taken away, sealed again) loaded with no note. A review agreeing with its log
    loads with `reviews.verified` null, as an unchecked game does; `--verify` judges it
    again (the judgement is the same in any process) and records true, or false with
    the first decision judged otherwise."""
    first, second = sorted(games.glob("*.jsonl"))
    made = reviews.review(first, CARDS, "medium", workers=1)
    honest = reviews.review(second, CARDS, "medium", workers=1)
    side = reviews.sidecar_path(second)
    flawless = lambda j: msgspec.structs.replace(  # noqa: E731
        j, best=j.chosen, after=j.before, lead_best=None, lead_chosen=None, loss=0.0, grade="best", why=()
    )
    _forge(side, lambda k: msgspec.structs.replace(k, decisions=tuple(map(flawless, k.decisions))))
    forged = msgspec.json.decode(side.read_bytes(), type=reviews.Sidecar)
    lie = next(j for j, f in zip(honest.decisions, forged.decisions, strict=True) if j != f)
    db = tmp_path / "history.duckdb"
    report = load(db, [games])
    assert report.ok and report.reviews == 2
    accuracy = "SELECT game, round(100 * exp(-avg(loss)), 1), bool_or(verified IS NULL) FROM reviews GROUP BY game"
    assert dict((g, (a, unchecked)) for g, a, unchecked in rows(db, accuracy))[second.stem] == (100.0, True)
    report = load(db, [games], verify=True)
    judged_again = f"judged again {lie.grade}, {lie.loss:.1f} points lost"
    assert not report.ok and report.failed_reviews == [
        (side.resolve(), f"FAILED at move {lie.ply + 1}: kept as best, 0.0 points lost; {judged_again}")
    ]
    verdicts = "SELECT game, any_value(verified), any_value(verdict) FROM reviews GROUP BY game ORDER BY game"
    assert rows(db, verdicts) == [
        (first.stem, True, f"OK ({len(made.decisions)} decisions judged again)"),
        (second.stem, False, report.failed_reviews[0][1]),
    ]
    monkeypatch.setattr(reviews, "judge_job", _must_not_judge)
    again = load(db, [games], verify=True)  # judged already: named again, not judged again
    assert again.failed_reviews == report.failed_reviews


def test_verify_measures_a_kept_reviews_luck_again(
    games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat's luck raised by three points taken from its own play (so that the parts
    still add up to its final lead, and the sidecar is sound) loads as the file claims;
    --verify measures the luck again and says it is not the game's."""
    from helpers import quick_judge

    monkeypatch.setattr(reviews, "judge_job", quick_judge)  # the decisions are not what is tested
    first, _ = sorted(games.glob("*.jsonl"))
    reviews.review(first, CARDS, "medium", workers=1)

    def luckier(kept: reviews.Sidecar) -> reviews.Sidecar:
        assert kept.luck is not None
        seat = kept.luck.seats[0]
        seats = (seat._replace(luck=seat.luck + 3.0, own=seat.own - 3.0), *kept.luck.seats[1:])
        return msgspec.structs.replace(kept, luck=kept.luck._replace(seats=seats))

    _forge(reviews.sidecar_path(first), luckier)
    db = tmp_path / "history.duckdb"
    assert load(db, [games]).ok
    report = load(db, [games], verify=True)
    assert report.failed_reviews == [
        (reviews.sidecar_path(first).resolve(), "FAILED: its luck is not the luck measured again")
    ]


def _must_not_judge(job: object) -> object:
    raise AssertionError("a review judged already was judged again")


def test_a_reviewed_move_is_numbered_as_the_replay_and_the_review_number_it(games: Path, tmp_path: Path) -> None:
    """Issue 52.8: `reviews.ply` was 86 for the replay's and the review's "move 87", and
    "Costliest mistakes" gave the round as the status bar counts it only by computing it.
    reviews.move is the move's number, from 1, and joins moves.move, whose round is the
    status bar's."""
    from cwtui.game.words import round_of
    from cwtui.history.ready_queries import READY

    first = sorted(games.glob("*.jsonl"))[0]
    made = reviews.review(first, CARDS, "medium", workers=1)
    db = tmp_path / "history.duckdb"
    assert load(db, [games]).ok
    replay = open_replay(first)
    turns = {p.ply: p.turn for p in replay.log.plies}
    seats = len(replay.state_at(0).seats)
    assert rows(db, "SELECT move, seat FROM reviews ORDER BY move") == [(j.ply + 1, j.seat) for j in made.decisions]
    costliest = next(q for q in READY if q.title == "Costliest mistakes")
    with duckdb.connect(str(db), read_only=True) as con:
        answer = con.execute(costliest.sql).fetchall()
    worst = sorted(made.decisions, key=lambda j: (-j.loss, j.ply))[: len(answer)]
    assert [(row[4], row[5]) for row in answer] == [(j.ply + 1, round_of(turns[j.ply], seats)) for j in worst]
