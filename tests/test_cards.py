"""Card data: the default file meets R1 and the design constraints; bad files are named."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from helpers import cards_with_swapped_times

from engine import CardDataError
from engine.cards import DEFAULT_CARDS, CardData, load_cards, validate


def test_default_card_data_is_valid_and_hashed() -> None:
    cards = load_cards()
    assert cards.hash.startswith("sha256:")
    assert len(cards.fish_weight) == 60 and len(cards.ma_kind) == 30


def edited(tmp_path: Path, old: str, new: str) -> Path:
    path = tmp_path / "cards.toml"
    path.write_text(DEFAULT_CARDS.read_text().replace(old, new, 1))
    return path


def test_a_wrong_weight_is_reported_with_its_card(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match=r"fish\[0\]: weight 40 outside Flounder's range"):
        load_cards(edited(tmp_path, "\nweight = 1\n", "\nweight = 40\n"))


def test_a_type_error_names_the_field(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match=r"\$\.fish\[0\]\.weight"):
        load_cards(edited(tmp_path, "\nweight = 1\n", '\nweight = "one"\n'))


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="cannot read card file"):
        load_cards(tmp_path / "nope.toml")


def test_constraints_are_checked() -> None:
    data = msgspec.toml.decode(DEFAULT_CARDS.read_bytes(), type=CardData)
    fish = list(data.fish)
    fish[1] = msgspec.structs.replace(fish[1], time=fish[0].time, tag=fish[0].tag)
    problems = validate(msgspec.structs.replace(data, fish=tuple(fish)))
    assert "fish: timestamps must be unique (R1.3)" in problems
    assert any(p.startswith("tag ") for p in problems)


def test_the_hash_follows_the_data_not_the_formatting(tmp_path: Path) -> None:
    reformatted = load_cards(edited(tmp_path, "format = 1", "format   =   1   # same data"))
    assert reformatted.hash == load_cards().hash
    swapped = cards_with_swapped_times(tmp_path / "swapped.toml")
    assert load_cards(swapped).hash != load_cards().hash
