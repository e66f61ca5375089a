"""The catalogs kept in step with the code: the messages marked in cwtui's sources
(`_`, `n_`, `N_`) extracted by Babel into the template `locale/cwtui.pot`, and each
language's `.po` updated from it (a new message is added untranslated, a changed one
marked fuzzy, a gone one kept as obsolete). `scripts/catalogs.py` runs `update`; the
tests run `missing` for every language and fail on any message French or Japanese lacks.
Besides the sources' messages: the engine's questions and the rules' text (docs/rules.md,
a message a block). Translators' tooling, which reads every layer of cwtui: it lives
here, beside the script, outside the package's layers (in cwtui.lang it was the one
module whose imports ran up the layers, tests/test_imports.py).

A translator's next language: `python scripts/catalogs.py --add de`, translate its
`.po`, add its column to `glossary.toml`.
"""

from __future__ import annotations

import ast
import datetime
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from cwtui.lang import DOMAIN, LOCALES, SOURCE, catalog_path, codes
from cwtui.learn import rulebook

SOURCES: Final = Path(__file__).resolve().parents[1] / "cwtui"  # the package, in the checkout
ENGINE: Final = SOURCES.parent / "engine"
TEMPLATE: Final = LOCALES / f"{DOMAIN}.pot"
# and what a server says in no language (cwtui.net.protocol.in_language): a refusal's
# template, a room's end's
KEYWORDS: Final = {"_": None, "n_": (1, 2), "N_": None, "Np_": (1, 2), "ProtocolError": None, "end_room": (2,)}
# A catalog's line width: Babel's 76 would fold long messages over several lines, and
# a diff of a changed word would show the whole paragraph
WIDTH: Final = 120
# The template's date, kept: the date of each update would change every catalog's header
# and bury the messages that changed in a diff of dates
CREATED: Final = datetime.datetime(2026, 11, 28, tzinfo=datetime.UTC)


def extracted() -> Catalog:
    """Every message marked in cwtui's sources, with where each is."""
    catalog = Catalog(project="cwtui", domain=DOMAIN, fuzzy=False, creation_date=CREATED)
    found: Iterator[tuple[str, int, str | tuple[str, ...], list[str], str | None]] = extract_from_dir(
        SOURCES, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("Translators:",)
    )
    for filename, lineno, message, comments, context in found:
        path = (SOURCES.name + "/" + filename).replace("\\", "/")
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    for message in engine_words():
        catalog.add(message, None, [("engine/phases.py", 0)], auto_comments=["The engine's words for a decision"])
    for message, where in rulebook.words():
        catalog.add(message, None, [("docs/rules.md", 0)], auto_comments=[f"{RULES_NOTE}. Here: {where}"])
    return catalog


RULES_NOTE: Final = "The rules (docs/rules.md): keep the Markdown (**bold**, *italic*) and every code (R5.3)"


def engine_words() -> list[str]:
    """What the engine says in English that a player reads: each decision's question
    (engine.phases.ASKS), with and without its "(or play tackle)", and each refusal's
    template (an IllegalMove's message, cwtui.game.words.refusal). The engine imports
    nothing of cwtui, so its words are found here, not marked in its source."""
    from engine.phases import ASKS

    asked = [ask.asks for ask in ASKS.values()]
    return [*asked, *(a.removesuffix(TACKLE_TOO) for a in asked if a.endswith(TACKLE_TOO)), *refusals()]


def refusals() -> list[str]:
    """The templates of the engine's IllegalMove(rule, template, …) calls, as written."""
    found = []
    for path in sorted(ENGINE.glob("**/*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalMove" and len(node.args) > 1:
                template = node.args[1]
                if isinstance(template, ast.Constant) and isinstance(template.value, str):
                    found.append(template.value)
    return list(dict.fromkeys(found))


TACKLE_TOO: Final = " (or play tackle)"


def read(code: str) -> Catalog:
    with catalog_path(code).open("rb") as file:
        return read_po(file, locale=code, domain=DOMAIN)


def write(catalog: Catalog, path: Path) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, sort_output=False, omit_header=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def update(add: str | None = None) -> dict[str, list[str]]:
    """Write the template from the sources and bring every catalog (and a new one,
    `add`) in step with it; each language's messages still to translate."""
    template = extracted()
    write(template, TEMPLATE)
    spoken = [code for code in codes() if code != SOURCE]
    if add and add not in spoken:
        new = Catalog(locale=add, domain=DOMAIN, project="cwtui", fuzzy=False, creation_date=CREATED)
        write(new, catalog_path(add))
        spoken.append(add)
    for code in spoken:
        catalog = read(code)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.fuzzy = False  # the header: a fuzzy one would be left out, and its plural forms with it
        write(catalog, catalog_path(code))
    return {code: missing(code, template) for code in spoken}


def missing(code: str, template: Catalog | None = None) -> list[str]:
    """The messages of the sources that `code`'s catalog does not translate (absent,
    empty, or fuzzy: a fuzzy one reads in English), in the sources' order."""
    catalog = read(code)
    wanted = extracted() if template is None else template
    gaps = []
    for message in wanted:
        if not message.id:
            continue
        have = catalog.get(message.id, message.context)
        strings = () if have is None else have.string if isinstance(have.string, tuple) else (have.string,)
        if have is None or have.fuzzy or not all(strings) or not strings:
            gaps.append(message.id if isinstance(message.id, str) else message.id[0])
    return gaps
