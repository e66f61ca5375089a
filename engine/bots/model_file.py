"""The learned evaluation's file (engine.bots.learned): what a training run writes
(scripts/train_evaluation.py) and a bot reads. Apart from the model, which is compiled,
because msgspec's Structs must stay interpreted (python/mypy#21938)."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import msgspec

from engine.bots.learned import FEATURES, Model

SHIPPED = Path(__file__).parent.parent / "data"  # engine/data


class ModelFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a training run fitted, and on what."""

    features: list[str]
    early: list[float]  # a: each feature's weight at the start (t = 0)
    late: list[float]  # b: what is added to it by the end (t = 1)
    trained_on: str  # how the positions were made, for the reader


def encode(weights: tuple[float, ...], trained_on: str) -> bytes:
    n = len(FEATURES)
    data = ModelFile(list(FEATURES), list(weights[:n]), list(weights[n:]), trained_on)
    return msgspec.json.format(msgspec.json.encode(data), indent=2) + b"\n"


def load_model(path: Path) -> Model:
    """A model file (raises ValueError, saying why, for one this engine cannot use);
    its name is "learned-" and the first 8 hex digits of the file's SHA-256."""
    raw = path.read_bytes()
    try:
        data = msgspec.json.decode(raw, type=ModelFile)
    except msgspec.DecodeError as exc:  # malformed, or not the model's shape
        raise ValueError(f"{path}: not a model file: {exc}") from None
    if tuple(data.features) != FEATURES or len(data.early) != len(FEATURES) or len(data.late) != len(FEATURES):
        raise ValueError(f"{path}: its features are {data.features}; this engine's are {list(FEATURES)}")
    return Model(tuple(data.early) + tuple(data.late), hashed("learned", raw))


def hashed(kind: str, raw: bytes) -> str:
    """A model's name: its kind and the first 8 hex digits of its file's SHA-256."""
    return f"{kind}-{hashlib.sha256(raw).hexdigest()[:8]}"


def unchanged(name: str, named: str) -> None:
    """A shipped file, engine/data/NAME.json, must be named by its hash (`named`): a
    file changed by hand would play or measure otherwise under the same name (refused)."""
    if named != name:
        raise ValueError(f"engine/data/{name}.json has changed: its hash names it {named}")


@functools.cache
def shipped_model(name: str) -> Model:
    """A model shipped with the engine, engine/data/NAME.json (`unchanged`)."""
    model = load_model(SHIPPED / f"{name}.json")
    unchanged(name, model.name)
    return model
