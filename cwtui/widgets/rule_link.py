"""A rule's code where a line cites it, as a link to the rule: a click opens the Rules
screen there (App.action_rules). Lines that cite a rule say it in words first and give
the code after, in parentheses ("the earliest presented fish ranks first (R10.3)"), so
the link is for the player who wants the rule itself."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.message import Message

from cwtui.learn.rulebook import CODE


class Cited(Message):
    """A rule shown to the player (a tooltip's code): the screen keeps it, and F1's r
    opens it (a tooltip cannot be clicked: it goes with the mouse)."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code


def cited(text: str) -> str | None:
    """The last rule code `text` cites, if any."""
    found = [m.group(0) for m in CODE.finditer(text)]
    return found[-1] if found else None


def link_style(code: str) -> Style:
    return Style(underline=True, meta={"@click": f"app.rules({code!r})"})


def linked(text: Text | str) -> Text:
    """`text` with every rule code in it a link to its rule."""
    out = Text(text) if isinstance(text, str) else text.copy()
    for m in CODE.finditer(out.plain):
        out.stylize(link_style(m.group(0)), m.start(), m.end())
    return out
