"""Every rule ID in docs/rules.md has a test named after it (test_R5_3_...)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_rule_id_has_a_test() -> None:
    rules = set(re.findall(r"^- (R\d+\.\d+) ", (ROOT / "docs" / "rules.md").read_text(), re.M))
    assert len(rules) > 60
    tested = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for major, minor in re.findall(r"def test_R(\d+)_(\d+)_", path.read_text()):
            tested.add(f"R{major}.{minor}")
    assert sorted(rules - tested, key=lambda r: [int(x) for x in r[1:].split(".")]) == []
