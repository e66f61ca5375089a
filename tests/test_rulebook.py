"""The rules as cwtui shows them (issue 53.1): every rule of docs/rules.md is found by
its code, search finds what a newcomer looks for, a code is said in plain words, and
`cwtui rules` prints them. The wheel carries them: tests/history/test_load_samples.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cwtui.cli import main
from cwtui.lang import use
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


SAID_FR = "Chaque fois que le dernier appât quitte une Zone de votre plateau"
SAID_JA = "ミステリーウェイト：表向きのタイルと同じ重さの魚を釣ったら、その魚を公開し"


@pytest.mark.parametrize(
    ("code", "words", "codes", "plain"),
    [
        ("fr", "concours", {"R10.1", "R10.2", "R10.3"}, ("R5.3", SAID_FR)),
        ("fr", "poids mystère", {"R8.1", "R8.2"}, ("R8.1", "Poids Mystère\u00a0: attrapez un poisson dont le poids")),
        ("ja", "コンテスト", {"R10.1", "R10.2", "R10.3"}, ("R8.1", SAID_JA)),
        ("ja", "透明", {"R4.5", "R12.5"}, ("R3.4", "アクションで何も起きなくても、3つのステップは全て必須")),
    ],
)
def test_the_rules_read_in_each_language(code: str, words: str, codes: set[str], plain: tuple[str, str]) -> None:
    """Issue 56: the rules in French and in Japanese, rule for rule (every code where it
    is in English, its text the catalog's); a player finds them by their own words, and
    a line that cites a rule says it in their language."""
    english = rulebook()
    use(code)
    book = rulebook()
    assert [(s.key, [b.code for b in s.blocks]) for s in book.sections] == [
        (s.key, [b.code for b in s.blocks]) for s in english.sections
    ]
    assert all(a.text != b.text for a, b in zip(book.blocks, english.blocks, strict=True))  # every block translated
    assert codes <= {b.code for b in book.search(words)}
    rule, said = plain
    plain_words = book.plain(rule)  # the rule's first clause, or its start cut with "…"
    assert plain_words.startswith(said) or said.startswith(plain_words.rstrip("…")), plain_words


def test_cwtui_rules_in_japanese_fits_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Japanese takes two cells a character and has no spaces: textwrap filled its lines
    to twice the terminal's width. The lines break as the app breaks them."""
    from rich.cells import cell_len

    monkeypatch.setenv("COLUMNS", "60")
    assert main(["--lang", "ja", "rules", "コンテスト"]) == 0
    out = capsys.readouterr().out
    assert "\nR10.1 " in out and "コンテスト" in out
    assert max(cell_len(line) for line in out.splitlines()) <= 60
