"""Rewrite the README's history schema section from cwtui/history/schema.py.

    python scripts/schema_doc.py

The section lies between the markers `<!-- schema:start -->` and `<!-- schema:end -->`.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cwtui.history.schema import markdown  # noqa: E402

START, END = "<!-- schema:start -->\n", "<!-- schema:end -->"


def main() -> None:
    readme = ROOT / "README.md"
    text = readme.read_text()
    head, rest = text.split(START)
    _, tail = rest.split(END)
    readme.write_text(head + START + markdown() + END + tail)
    print(f"rewrote the schema section of {readme}")


if __name__ == "__main__":
    main()
