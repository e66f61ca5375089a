"""The learned evaluation (engine.bots.learned) and its training script: the features
add up to the hand-written projection, a model file loads or says why not, the fit
finds the weights that made its data, and a search bot plays with a model."""

from __future__ import annotations

import math
import runpy
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import config, random_playout
from test_bots import CARDS, position

from engine import legal_moves, new_game
from engine.bots import LEARNED, IsmctsBot, search_bot
from engine.bots.evaluate import win_chances
from engine.bots.lead import load as load_lead
from engine.bots.learned import FEATURES, HAND_WRITTEN, Model, features
from engine.bots.model_file import encode, load_model, shipped_model
from engine.rng import Rng
from engine.view import view

SCRIPT = Path(__file__).parents[1] / "scripts" / "train_evaluation.py"


def test_the_hand_written_weights_are_the_hand_written_evaluation() -> None:
    """The features are the projection's parts: weighted as the hand-written
    evaluation weighs them, they give its chances (to rounding)."""
    hand = Model(HAND_WRITTEN)
    seen = 0
    for players in (1, 2, 3, 4):
        for i, (s, _move, _events) in enumerate(random_playout(new_game(config(players, players)), players)):
            if i % 25 == 0:
                assert hand.chances(s) == pytest.approx(win_chances(s), abs=1e-9)
                assert len(features(s)) == len(s.players)
                seen += 1
    assert seen > 20


def test_a_model_file_loads_and_its_name_is_its_hash(tmp_path: Path) -> None:
    path = tmp_path / "model.json"
    weights = tuple(float(i) / 10 for i in range(2 * len(FEATURES)))
    path.write_bytes(encode(weights, "a test"))
    model = load_model(path)
    assert model.weights == weights
    assert model.name.startswith("learned-") and len(model.name) == len("learned-") + 8
    path.write_bytes(encode(weights, "another test"))
    assert load_model(path).name != model.name, "another file, another name"


@pytest.mark.parametrize("load", [load_model, load_lead], ids=["win chances", "lead"])
@pytest.mark.parametrize(
    "text",
    [
        b"not json", b"{}", b"[]",
        b'{"features": ["held"], "early": [1], "late": [0], "trained_on": ""}',
        b'{"inputs": ["held"], "mean": [0], "scale": [1], "layers": [], "trained_on": ""}',
    ],
)  # fmt: skip
def test_a_damaged_model_file_says_why(tmp_path: Path, text: bytes, load: Callable[[Path], object]) -> None:
    """Either evaluation's file (engine.bots.learned's, engine.bots.lead's)."""
    path = tmp_path / "model.json"
    path.write_bytes(text)
    with pytest.raises(ValueError, match=r"model\.json"):
        load(path)


def test_a_search_bot_plays_with_a_model() -> None:
    s = position(2, 11, 60)
    v, moves = view(s, s.to_act), legal_moves(s)
    model = Model(tuple(w * 2 for w in HAND_WRITTEN))
    first = IsmctsBot(3, CARDS, iterations=200, evaluate=model).analyse(v, moves)
    assert first == IsmctsBot(3, CARDS, iterations=200, evaluate=model).analyse(v, moves)
    assert sum(o.visits for o in first) == 200
    plain = IsmctsBot(3, CARDS, iterations=200).analyse(v, moves)
    assert [o.win_rate for o in plain] != [o.win_rate for o in first], "the evaluation is the model's"


def test_the_fit_finds_the_weights_that_made_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """Positions whose winners are drawn from a known model: Newton's method recovers
    its weights (to sampling noise)."""
    import numpy as np

    # as `python scripts/train_evaluation.py` runs it: its folder first on the path, for
    # its shared helpers (it passed only after another test of the same worker had left
    # scripts/ on the path)
    monkeypatch.syspath_prepend(str(SCRIPT.parent))
    script = runpy.run_path(str(SCRIPT))
    rng = Rng(5)
    truth = np.array([0.5, 0.3, 0.2, 0.4, 1.0, 0.3, 0.0, 0.1, 0.2, -0.5])
    samples = []
    for i in range(20_000):
        seats = 2 + rng.below(3)
        t = rng.below(1000) / 1000
        rows = [tuple(rng.below(1000) / 100 for _ in FEATURES) for _ in range(seats)]
        u = [sum((truth[k] + truth[len(FEATURES) + k] * t) * x[k] for k in range(len(FEATURES))) for x in rows]
        top = max(u)
        weights = [math.exp(v - top) for v in u]
        draw, winner = rng.below(10**9) / 10**9 * sum(weights), 0
        while draw > weights[winner]:
            draw -= weights[winner]
            winner += 1
        samples.append(script["Sample"](rows, t, winner, i))
    x, mask, y = script["arrays"](samples)
    fitted = script["fit"](x, mask, y, ridge=0.0)
    assert np.abs(fitted - truth).max() < 0.1, fitted


def test_the_shipped_model_loads_is_named_by_its_hash_and_plays() -> None:
    """The medium level's model ships in engine/data, named by its file's hash (the
    bot's evaluation says which model played); medium's search uses it, and hard's did
    before engine 0.6.0 (since, the lead evaluation: tests/test_lead.py)."""
    model = shipped_model(LEARNED)
    assert model.name == LEARNED and len(model.weights) == 2 * len(FEATURES)
    s = position(2, 11, 60)
    assert search_bot("medium", 3, CARDS, timed=False).evaluate == model
    assert search_bot("hard", 3, CARDS, timed=False, engine="0.5.0").evaluate == model
    medium = search_bot("medium", 3, CARDS, timed=False)
    assert medium.choose(view(s, s.to_act), legal_moves(s)) in legal_moves(s)


def test_a_shipped_model_changed_by_hand_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.bots.model_file as model_file

    text = (model_file.SHIPPED / f"{LEARNED}.json").read_bytes()
    (tmp_path / f"{LEARNED}.json").write_bytes(text.replace(b'"early": [\n    -0.', b'"early": [\n    0.', 1))
    monkeypatch.setattr(model_file, "SHIPPED", tmp_path)
    with pytest.raises(ValueError, match="has changed"):
        model_file.shipped_model.__wrapped__(LEARNED)
