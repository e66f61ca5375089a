"""The rules as cwtui shows them (issue 53.1): every rule of docs/rules.md is found by
its code, search finds what a newcomer looks for, a code is said in plain words, and
`cwtui rules` prints them. The wheel carries them: tests/history/test_load_samples.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cwtui.cli import main
from cwtui.learn.rulebook import Block, Section, parse, rulebook

RULES = (Path(__file__).parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
CODES = re.findall(r"^- (R\d+\.\d+) ", RULES, re.M)


def test_every_rule_is_found_by_its_code() -> None:
    book = rulebook()
    assert len(CODES) > 60
    for code in CODES:
        found = book.find(code)
        assert isinstance(found, Block) and found.code == code
    for section in {c.split(".")[0] for c in CODES}:
        assert isinstance(book.find(section), Section)
    assert book.find("R99.1") is None


def test_every_code_the_app_or_the_engine_can_show_opens_its_rule() -> None:
    """Issue 53.1: a rule code in any string cwtui or the engine can put on a screen (a
    refusal's IllegalMove, a tie line, the silent player's kind, a lesson) names a rule
    the Rules screen finds — so its link (cwtui.widgets.rule_link) never opens nowhere.
    Every code in their source is checked, comments included: a few too many, none
    missed."""
    root = Path(__file__).parents[1]
    book = rulebook()
    cited = {
        (code, str(path.relative_to(root)))
        for folder in ("cwtui", "engine")
        for path in (root / folder).rglob("*.py")
        for code in re.findall(r"\bR\d+(?:\.\d+)?\b", path.read_text(encoding="utf-8"))
    }
    assert len({code for code, _ in cited}) > 40
    missing = sorted((code, where) for code, where in cited if book.find(code) is None)
    assert not missing, missing


def test_a_rule_keeps_its_following_lines() -> None:
    book = parse("# T\n\n## R5 Catching\n\n- R5.3 Whenever the last\n  bait leaves a zone.\n- R5.4 Next.\n")
    (section,) = book.sections
    assert [(b.code, b.text) for b in section.blocks] == [
        ("R5.3", "Whenever the last bait leaves a zone."),
        ("R5.4", "Next."),
    ]


@pytest.mark.parametrize(
    ("words", "codes"),
    [
        ("contest", {"R10.1", "R10.2", "R10.3"}),  # the contests' section: found by its heading
        ("Mystery Weight", {"R8.1", "R8.2"}),
        ("clear bait", {"R4.5", "R12.5"}),
        ("r7.4", {"R7.4"}),
    ],
)
def test_search_finds_what_a_newcomer_looks_for(words: str, codes: set[str]) -> None:
    book = rulebook()
    found = book.search(words)
    assert codes <= {b.code for b in found}
    headings = {s.key: s.heading for s in book.sections}
    for block in found:  # each holds every word, itself or in its section's heading
        said = f"{headings[block.section]} {block.plain_text}".casefold()
        assert all(w in said for w in words.casefold().split()), block


def test_a_ruling_is_found_by_the_rule_it_reads() -> None:
    rulings = [b.ruling for b in rulebook().search("R7.4") if b.code is None]
    assert rulings == ["Lure (R7.4)."]


@pytest.mark.parametrize(
    ("code", "plain"),
    [
        ("R5.3", "Whenever the last bait leaves a zone of your board, you catch a fish"),
        ("R8.1", "Mystery Weight: catch a fish whose weight equals the face-up tile"),
        ("R2.9", "First player: the one who most recently caught a fish"),
        ("R12", "Solo (Practice Pond) — as a 2-player game except:"),
        ("R99.9", "R99.9"),
    ],
)
def test_a_code_in_plain_words(code: str, plain: str) -> None:
    assert rulebook().plain(code) == plain


def test_cwtui_rules_prints_what_it_finds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "Mystery", "Weight"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("R1.8 ") and "\nR8.1 Mystery Weight: catch a fish" in out
    assert main(["rules", "no-such-words"]) == 1
    assert capsys.readouterr() == ("", "cwtui rules: no rule holds “no-such-words”\n")
    assert main(["rules"]) == 0
    every = capsys.readouterr().out
    assert all(f"\n{code} " in every for code in CODES)
