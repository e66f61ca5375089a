"""Golden logs, in two kinds kept apart so that tuning a bot never breaks a rules test:

- Rules goldens (tests/golden/*.jsonl): recorded games whose **moves** are replayed
  through the engine and written again; the log must come out byte for byte (every
  event, score and digest). Bots play no part. A deliberate rules change regenerates
  them from their own moves: `pytest tests/test_golden.py --regen-golden`.
- Bot goldens (tests/golden/bots/): games that untimed bots play from a seed must be
  reproduced byte for byte (bot determinism). A deliberate bot change regenerates them
  with the same flag; say why in the commit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cwtui.batch.runner import play_game
from cwtui.game.logfile import LogWriter, read_log
from engine import GameConfig, SeatConfig, apply
from engine.log import header_for, ply_record
from engine.replay import Replay
from engine.setup import set_up

GOLDEN = Path(__file__).parent / "golden"
RULES = sorted(p.name for p in GOLDEN.glob("*.jsonl"))
CREATED = "2026-11-22T00:00:00+00:00"
BOT_GAMES = {
    "sim-2p-202.jsonl": GameConfig(seats=(SeatConfig("Ana", "greedy"), SeatConfig("Bo", "random")), seed=202),
    "sim-4p-404.jsonl": GameConfig(seats=tuple(SeatConfig(f"S{i}", "greedy") for i in range(4)), seed=404),
}


def rewrite(golden: Path, out: Path) -> None:
    """The golden's game (its config, id and date) and recorded moves, played through
    the engine into `out` in the format this engine writes."""
    log = read_log(golden)
    h = log.header
    state, setup = set_up(h.config)
    header = header_for(h.config, state.cards.hash, h.game, h.created, h.parent, setup=setup)
    with LogWriter.create(out, header) as writer:
        for record in log.plies:
            after, events = apply(state, record.move)
            writer.record(ply_record(state, record.move, events, record.searched, writer.chain.format))
            state = after
        if state.over:
            writer.finish(state)


def test_the_rules_goldens_cover_every_player_count() -> None:
    assert {len(read_log(GOLDEN / name).header.config.seats) for name in RULES} == {1, 2, 3, 4}


@pytest.mark.parametrize("name", RULES)
def test_rules_golden_rewrites_byte_for_byte(name: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    out = tmp_path / name
    rewrite(GOLDEN / name, out)
    if request.config.getoption("--regen-golden"):
        (GOLDEN / name).write_bytes(out.read_bytes())
    assert out.read_bytes() == (GOLDEN / name).read_bytes()


@pytest.mark.parametrize("name", RULES)
def test_rules_golden_replays_to_its_recorded_scores(name: str) -> None:
    log = read_log(GOLDEN / name)
    replay = Replay(log)
    assert replay.divergence is None
    assert log.footer is not None and replay.final.result == log.footer.scores


@pytest.mark.parametrize("name", sorted(BOT_GAMES))
def test_bot_play_is_reproduced_byte_for_byte(name: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    _, path = play_game(BOT_GAMES[name], tmp_path, created=CREATED)
    assert path is not None and path.name == name
    if request.config.getoption("--regen-golden"):
        (GOLDEN / "bots" / name).write_bytes(path.read_bytes())
    assert path.read_bytes() == (GOLDEN / "bots" / name).read_bytes()
