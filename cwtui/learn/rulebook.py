"""The rules as a player reads them in cwtui: `docs/rules.md`, the rules with an ID for
every rule and cwtui's rulings, kept once in the checkout and carried by the wheel as
`cwtui/learn/rules.md` (pyproject.toml: force-include), so an installed cwtui has them.

A rule is a bullet of the file ("- R5.3 Whenever the last bait …", its lines after the
first indented), a ruling is a bullet of the rulings' section ("- **Lure (R7.4).** …"),
and a section is a "## R5 Removing bait, catching fish" heading with its bullets and
paragraphs. The Rules screen shows them, finds words in them and opens the rule a code
names; `plain` gives a code's rule in a few words of its own, for a line that cites it
("the last bait that leaves a zone catches a fish (R5.3)").

The file is English; each block's text, each ruling's name and each heading is also a
message of the catalogs (`words`, which scripts/catalog_messages.py extracts), so `rulebook()`
reads in the language in use — its codes (R5.3) and sections the same in every one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from rich.cells import cell_len

from cwtui.lang import _, language

FILE = "rules.md"

_HERE = Path(__file__).resolve().parent
CODE = re.compile(r"\bR(\d+)(?:\.(\d+))?\b")  # "R5.3", "R12"
_SECTION = re.compile(r"^## (?:(R\d+) )?(.+)$")
_RULE = re.compile(r"^- (R\d+\.\d+) (.*)$")
_RULING = re.compile(r"^- \*\*(.+?)\*\*\s*(.*)$")


class RulesMissing(Exception):
    """This cwtui was installed without its rules (a damaged install)."""


@dataclass(frozen=True)
class Block:
    """A rule, a ruling or a paragraph, as the file writes it (Markdown, one line)."""

    code: str | None  # "R5.3" for a rule; None for a ruling or a paragraph
    text: str  # without the code
    section: str  # its section's key ("R5"; "rulings"; "intro"; "goal")
    ruling: str | None = None  # a ruling's name ("Lure (R7.4).")

    @property
    def cites(self) -> tuple[str, ...]:
        """The rule codes it names: a ruling's own ("Lure (R7.4)") and any in its text."""
        return tuple(m.group(0) for m in CODE.finditer(f"{self.ruling or ''} {self.text}"))

    @property
    def plain_text(self) -> str:
        """Its words without Markdown's emphasis (what search looks in)."""
        return _unmark(" ".join(filter(None, (self.code, self.ruling, self.text))))


@dataclass(frozen=True)
class Section:
    key: str  # "R5", "rulings", "intro", "goal"
    title: str  # "Removing bait, catching fish"
    blocks: tuple[Block, ...]

    @property
    def heading(self) -> str:
        return f"{self.key} {self.title}" if CODE.fullmatch(self.key) else self.title


@dataclass(frozen=True)
class Rulebook:
    title: str
    sections: tuple[Section, ...]

    @property
    def blocks(self) -> list[Block]:
        return [b for s in self.sections for b in s.blocks]

    def find(self, code: str) -> Block | Section | None:
        """The rule a code names ("R5.3"), or the section ("R12"); None if there is none."""
        for section in self.sections:
            if section.key == code:
                return section
            for block in section.blocks:
                if block.code == code:
                    return block
        return None

    def search(self, words: str) -> list[Block]:
        """The blocks holding every word of `words` (any case, emphasis ignored), in
        themselves or their section's heading (the R10 rules are the contests'); a code
        ("R5.3", "r5.3") finds its rule and the rulings that cite it."""
        wanted = words.strip()
        if not wanted:
            return []
        if CODE.fullmatch(wanted.upper()):
            code = wanted.upper()
            return [b for b in self.blocks if b.code == code or (b.code is None and code in b.cites)]
        terms = wanted.casefold().split()
        found = []
        for section in self.sections:  # a block is found by its section's heading too
            for block in section.blocks:
                words = f"{section.heading} {block.plain_text}".casefold()
                if all(t in words for t in terms):
                    found.append(block)
        return found

    def plain(self, code: str) -> str:
        """The rule `code` names, in its own first words ("Whenever the last bait leaves a
        zone of your board …"), for a line that cites it; the code itself if it names none."""
        found = self.find(code)
        if found is None:
            return code
        if isinstance(found, Section):
            return found.title
        return _first_words(found.text)


def _unmark(text: str) -> str:
    return text.replace("**", "").replace("*", "").replace("`", "")


def _first_words(text: str, most: int = 72) -> str:
    """A rule's first clause, whole words, at most `most` cells wide; a label's clause
    ("Mystery Weight:", "Tie:") with the one that says what it is. French writes a
    no-break space before « : » and « ; »; Japanese has its own stops (。：；) and
    asides （…）, and no spaces between words (cut where the room ends)."""
    text = re.sub(r"\s*[(（][^)）]*[)）]", "", _unmark(text))  # its asides ("(wherever it went, R5.1)")
    stops = re.split(r"(?<=[^\W_A-Z])(\u00a0?[.:;])(?:\s|$)|([。：；])", text)
    clauses = [c for c in stops if c is not None]
    said = clauses[0].strip()
    label = len(said.split()) <= 3 and len(said) <= 24  # a few words ("Mystery Weight"), not a clause
    if label and len(clauses) > 2 and clauses[1].strip() in (":", "："):
        said = f"{said}{clauses[1]}{'' if clauses[1] == '：' else ' '}{clauses[2].strip()}"
    if cell_len(said) <= most:  # in cells: a Japanese character takes two
        return said
    space = said.rfind(" ", 0, most - 1)
    cut = said[:space] if space > most // 2 else said
    while cell_len(cut) > most - 1:
        cut = cut[:-1]
    return cut.rstrip(",;:、 \u00a0") + "…"


def parse(markdown: str) -> Rulebook:
    """The file's sections and blocks: a bullet's indented lines join its first."""
    title = ""
    sections: list[Section] = []
    key, heading, blocks = "intro", "About these rules", list[Block]()
    lines: list[str] = []

    def flush_block() -> None:
        if not lines:
            return
        text = " ".join(line.strip() for line in lines)
        lines.clear()
        if m := _RULE.match(text):
            blocks.append(Block(m.group(1), m.group(2), key))
        elif m := _RULING.match(text):
            blocks.append(Block(None, m.group(2), key, ruling=m.group(1)))
        else:
            blocks.append(Block(None, text.removeprefix("- "), key))

    def flush_section() -> None:
        flush_block()
        if blocks:
            sections.append(Section(key, heading, tuple(blocks)))

    for line in markdown.splitlines():
        if line.startswith("# "):
            title = line[2:].strip()
        elif m := _SECTION.match(line):
            flush_section()
            blocks = []
            key = m.group(1) or ("goal" if m.group(2).strip() == "The goal" else "rulings")
            heading = m.group(2).strip()
        elif not line.strip():
            flush_block()
        elif line.startswith("- "):
            flush_block()
            lines.append(line)
        else:
            lines.append(line)
    flush_section()
    return Rulebook(title, tuple(sections))


def shipped() -> Path:
    """The rules this cwtui came with: the installed package's, or, run from a checkout,
    the checkout's docs/rules.md."""
    for path in (_HERE / FILE, _HERE.parents[1] / "docs" / FILE):
        if path.is_file():
            return path
    raise RulesMissing("this cwtui was installed without its rules")


@cache
def english() -> Rulebook:
    """The rules as the file writes them, read once (they do not change while cwtui runs)."""
    try:
        return parse(shipped().read_text(encoding="utf-8"))  # the package's own file
    except (OSError, UnicodeDecodeError) as e:
        raise RulesMissing(f"the rules cannot be read: {e}") from e


def rulebook() -> Rulebook:
    """The rules in the language in use."""
    return _translated(language())


@cache
def _translated(code: str) -> Rulebook:
    book = english()
    sections = tuple(
        replace(
            section,
            title=_(section.title),
            blocks=tuple(replace(b, text=_(b.text), ruling=b.ruling and _(b.ruling)) for b in section.blocks),
        )
        for section in book.sections
    )
    return Rulebook(_(book.title), sections)


def words() -> list[tuple[str, str]]:
    """Every text of the rules a reader reads, as messages for the catalogs, each with
    where it is (a translator's note): the title, each heading, each block's text and
    each ruling's name."""
    book = english()
    said = [(book.title, "the title")]
    for section in book.sections:
        said.append((section.title, f"the heading of {section.key}"))
        for block in section.blocks:
            where = block.code or block.ruling or section.key
            said.extend((message, where) for message in (block.ruling, block.text) if message)
    return said
