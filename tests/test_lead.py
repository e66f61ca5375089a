"""The lead evaluation (engine.bots.lead): leads add up to 0 and are the final ones once
the game is over, it reads nothing nobody has seen, its file loads or says why not
(a damaged one: tests/test_learned.py), and its training script writes the same file
from the same command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import config, random_playout

from engine import apply, new_game
from engine.bots import LEAD
from engine.bots.lead import INPUTS, WIN_SCALE, LeadChances, final_leads, folded, inputs, load, shipped

SCRIPTS = Path(__file__).parents[1] / "scripts"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_leads_add_up_to_zero_and_end_as_the_result(players: int) -> None:
    model = shipped(LEAD)
    last = None
    for i, (before, move, _events) in enumerate(random_playout(new_game(config(players, players)), players)):
        if i % 20 == 0:
            leads = model.leads(before)
            assert len(leads) == len(before.players)
            assert sum(leads) == pytest.approx(0, abs=1e-9)
            assert all(len(row) == INPUTS for row in inputs(before))
        last = (before, move)
    assert last is not None
    over, _events = apply(*last)
    assert over.result is not None
    assert model.leads(over) == final_leads(over)
    assert model.many([last[0], over]) == [model.leads(last[0]), final_leads(over)], "one batch, the same leads"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_search_s_folded_network_gives_the_same_leads(players: int) -> None:
    """The hard level's search evaluates one position at a time with the network folded
    (engine.bots.lead.Folded): the same leads as the network's batches, to rounding,
    with one seat (the solo game's two), two, three and four."""
    model, fast = shipped(LEAD), folded(LEAD)
    for i, (before, _move, _events) in enumerate(random_playout(new_game(config(players, players)), players)):
        if i % 15 == 0:
            assert fast.leads(before) == pytest.approx(model.leads(before), abs=1e-9)


def test_the_search_s_win_chances_are_the_softmax_of_the_leads() -> None:
    """Win chances add up to 1 and follow the leads (a larger lead, a larger chance), at
    the scale fitted for the seats at the table; once the game is over, the winner's is 1."""
    chances = LeadChances(LEAD)
    seen = 0
    for players in (2, 3, 4):
        for i, (before, move, _events) in enumerate(random_playout(new_game(config(players, players)), players)):
            if i % 25 == 0 and not before.over:
                leads, won = shipped(LEAD).leads(before), chances.chances(before)
                assert sum(won) == pytest.approx(1.0)
                assert sorted(range(players), key=leads.__getitem__) == sorted(range(players), key=won.__getitem__)
                a, b = leads[0], leads[1]
                assert won[0] / won[1] == pytest.approx(2.718281828 ** ((a - b) / WIN_SCALE[players]), rel=1e-6)
                seen += 1
            last = (before, move)
        over, _events = apply(*last)
        assert over.result is not None
        assert chances.chances(over) == [1.0 if line.rank == 1 else 0.0 for line in over.result]
    assert seen > 10


def test_the_evaluation_reads_nothing_nobody_has_seen() -> None:
    """Deck orders, the cards under the face-up tiles and the streams to come change no
    lead (engine.bots.luck measures a draw when it is seen, not before)."""
    model = shipped(LEAD)
    for i, (s, _m, _e) in enumerate(random_playout(new_game(config(3, 8)), 8)):
        if i % 15 == 0:
            hidden = s.clone()
            for deck in hidden.decks:
                deck[:-1] = deck[:-1][::-1]
            hidden.ma_deck.reverse()
            hidden.tackle_deck.reverse()
            hidden.rng = [x ^ 0xFFFF for x in hidden.rng]
            assert model.leads(hidden) == model.leads(s)


def test_a_lead_file_whose_layers_do_not_follow_says_why(tmp_path: Path) -> None:
    shipped = json.loads((Path(__file__).parents[1] / "engine" / "data" / f"{LEAD}.json").read_bytes())
    shipped["layers"][1]["weights"] = shipped["layers"][1]["weights"][:-1]
    path = tmp_path / "lead.json"
    path.write_text(json.dumps(shipped))
    with pytest.raises(ValueError, match="does not follow"):
        load(path)


def test_the_shipped_file_is_named_by_its_hash() -> None:
    assert load(Path(__file__).parents[1] / "engine" / "data" / f"{LEAD}.json").name == LEAD


def test_training_twice_writes_the_same_file(tmp_path: Path) -> None:
    args = ["--games", "24", "--task", "6", "--epochs", "2", "--seed", "5", "--workers", "2"]
    made = []
    for name in ("a.json", "b.json"):
        out = subprocess.run(
            [sys.executable, str(SCRIPTS / "train_lead.py"), *args, "--out", str(tmp_path / name)],
            capture_output=True, text=True, timeout=300, check=True,
        ).stdout  # fmt: skip
        assert "held-out final lead" in out and "network" in out
        made.append((tmp_path / name).read_bytes())
    assert made[0] == made[1]
    measured = subprocess.run(
        [sys.executable, str(SCRIPTS / "train_lead.py"), *args, "--model", str(tmp_path / "a.json")],
        capture_output=True, text=True, timeout=300, check=True,
    ).stdout  # fmt: skip
    assert load(tmp_path / "a.json").name in measured
