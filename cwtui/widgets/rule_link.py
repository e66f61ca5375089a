"""A rule's code where a line cites it, as a link to the rule: a click opens the Rules
screen there (App.action_rules). Lines that cite a rule say it in words first and give
the code after, in parentheses ("the earliest presented fish ranks first (R10.3)"), so
the link is for the player who wants the rule itself."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from cwtui.learn.rulebook import CODE


def link_style(code: str) -> Style:
    return Style(underline=True, meta={"@click": f"app.rules({code!r})"})


def linked(text: Text | str) -> Text:
    """`text` with every rule code in it a link to its rule."""
    out = Text(text) if isinstance(text, str) else text.copy()
    for m in CODE.finditer(out.plain):
        out.stylize(link_style(m.group(0)), m.start(), m.end())
    return out
