"""The rules on screen: every rule with its ID, cwtui's rulings and the solo rules, as
`cwtui.learn.rulebook` reads them from the installed package. A table of contents on the
left, words found as they are typed, and a rule a code names opened where it is (F1's
"r", the palette's "Rules", home's "l", `cwtui rules R5.3`).

It takes the rulebook and, optionally, the code to open: no game, no app state.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from cwtui.lang import N_, _, n_
from cwtui.learn.rulebook import Block, Rulebook, Section
from cwtui.widgets.footer import Footer

_EMPHASIS = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`")


def marked(text: str) -> Text:
    """A block's Markdown emphasis as Rich styles: **bold**, *italic*, `a file` dim."""
    out = Text()
    at = 0
    for m in _EMPHASIS.finditer(text):
        out.append(text[at : m.start()])
        bold, italic, code = m.groups()
        out.append(bold or italic or code, style="bold" if bold else "italic" if italic else "dim")
        at = m.end()
    out.append(text[at:])
    return out


def block_id(block: Block, index: int) -> str:
    return f"rule-{block.code.replace('.', '-')}" if block.code else f"block-{index}"


def section_id(section: Section) -> str:
    return f"section-{section.key}"


def short_heading(section: Section) -> str:
    """The contents' line: the heading without its asides ("R7 Tackle tokens"; Japanese
    asides are in full-width brackets, its dashes and colons full-width too)."""
    return re.split(r" \(|（| — |――|:|：", section.heading, maxsplit=1)[0].rstrip("\u00a0")


class Contents(OptionList):
    """The rules' sections. PageDown and PageUp read on in the rules (`RulesScreen.page`):
    in a list this short they moved its highlight a page — to the last section — and
    the text went with it (a newcomer's read: "PageDown jumps")."""

    BINDINGS = [
        Binding("pagedown", "screen.page(1)", N_("Read on"), id="rules.page.down", show=False),
        Binding("pageup", "screen.page(-1)", N_("Read back"), id="rules.page.up", show=False),
    ]


class SearchBox(Input):
    """The search's words. "/" is the key that comes here, never a word of a search: in the
    box it selects the words to type over (a newcomer pressed it there to search again,
    and searched for "/")."""

    def __init__(self, placeholder: str, id: str) -> None:
        super().__init__(placeholder=placeholder, restrict=r"[^/]*", id=id)

    def restricted(self) -> None:
        self.select_all()


class RulesScreen(Screen[None]):
    CSS_PATH = "rules.tcss"
    BINDINGS = [
        Binding("escape,q", "app.pop_screen", N_("Back"), id="rules.back"),
        Binding("slash,ctrl+f", "search", N_("Search"), id="rules.search", tooltip=N_("Find words in the rules")),
        Binding("f3", "next_match", N_("Next found"), id="rules.next", tooltip=N_("The next rule holding the words")),
        Binding("c", "contents", N_("Contents"), id="rules.contents", tooltip=N_("The table of contents")),
        # where the focus has no use for them (the search box, after Tab), PageDown and
        # PageUp read on in the rules (a newcomer's read: after Tab PageDown did nothing)
        Binding("pagedown", "page(1)", N_("Read on"), id="rules.read.on", show=False),
        Binding("pageup", "page(-1)", N_("Read back"), id="rules.read.back", show=False),
    ]

    def __init__(self, book: Rulebook, code: str | None = None) -> None:
        """`code`: the rule ("R5.3") or section ("R12") to open at."""
        super().__init__()
        self.book = book
        self.code = code
        self.ids: dict[int, str] = {}  # id(block) -> its widget's id
        self.found: list[Block] = []  # the blocks the search found
        self.matches: list[str] = []  # their widgets' ids
        self.at_match = -1

    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            sections = (Option(short_heading(s), id=section_id(s)) for s in self.book.sections)
            contents = Contents(*sections, id="contents")
            contents.border_title = _("Contents")
            yield contents
            with Vertical(id="reading"):
                yield SearchBox(_("Search the rules: contest, Mystery Weight, R5.3…"), id="search")
                yield Static("", id="found")
                with VerticalScroll(id="text") as text:
                    text.border_title = self.book.title or _("Rules")
                    text.border_subtitle = _("c: contents · /: search · Esc: back")
                    index = 0
                    for section in self.book.sections:
                        yield Static(section.heading, classes="heading", id=section_id(section))
                        for block in section.blocks:
                            self.ids[id(block)] = block_id(block, index)
                            index += 1
                            yield Static(self.block_text(block), classes="block", id=self.ids[id(block)])
        yield Footer()

    @staticmethod
    def block_text(block: Block) -> Text:
        if block.code:
            return Text.assemble((block.code, "bold"), " ", marked(block.text))
        if block.ruling:
            return Text.assemble(marked(f"**{block.ruling}**"), " ", marked(block.text))
        return marked(block.text)

    def on_mount(self) -> None:
        if self.code and not self.open_code(self.code):
            self.notify(_("No rule is numbered {code}.").format(code=self.code), severity="warning")
            self.code = None
        if not self.code:
            self.query_one("#text").focus()

    def open_code(self, code: str) -> bool:
        """Scroll to the rule or section `code` names and mark it; False if none."""
        found = self.book.find(code)
        if found is None:
            return False
        for widget in self.query(".-found"):
            widget.remove_class("-found")
        target = self.query_one(f"#{section_id(found)}" if isinstance(found, Section) else f"#{self.ids[id(found)]}")
        target.add_class("-found")
        self.show_section(found.key if isinstance(found, Section) else found.section)
        self.call_after_refresh(
            self.query_one("#text", VerticalScroll).scroll_to_widget, target, top=True, animate=False
        )
        self.query_one("#text").focus()
        return True

    def show_section(self, key: str) -> None:
        """The contents show which section is being read (highlighting a line there
        scrolls the text only when the contents have focus: go_to_section)."""
        keys = [s.key for s in self.book.sections]
        self.query_one("#contents", OptionList).highlighted = keys.index(key)

    def action_page(self, pages: int) -> None:
        """Read a page on (or back) in the rules."""
        text = self.query_one("#text", VerticalScroll)
        if pages > 0:
            text.scroll_page_down(animate=False)
        else:
            text.scroll_page_up(animate=False)

    # -- search ------------------------------------------------------------------------
    def action_search(self) -> None:
        self.query_one("#search", Input).focus()

    def action_contents(self) -> None:
        self.query_one("#contents", OptionList).focus()

    @on(Input.Changed, "#search")
    def find(self, event: Input.Changed) -> None:
        for widget in self.query(".-match"):
            widget.remove_class("-match")
        words = event.value.strip()
        found = self.book.search(words)
        self.found = found
        self.matches = [self.ids[id(b)] for b in found]
        self.at_match = -1
        for ident in self.matches:
            self.query_one(f"#{ident}").add_class("-match")
        note = self.query_one("#found", Static)
        if not words:
            note.update("")
        elif not found:
            note.update(_("No rule holds “{words}”.").format(words=words))
        else:
            n = len(found)
            note.update(
                n_(
                    "{count} rule holds “{words}” · Enter: the next",
                    "{count} rules hold “{words}” · Enter: the next",
                    n,
                ).format(count=n, words=words)
            )
            self.action_next_match()

    @on(Input.Submitted, "#search")
    def next_on_enter(self) -> None:
        self.action_next_match()

    def action_next_match(self) -> None:
        if not self.matches:
            return
        self.at_match = (self.at_match + 1) % len(self.matches)
        self.show_section(self.found[self.at_match].section)
        target = self.query_one(f"#{self.matches[self.at_match]}")
        self.query_one("#text", VerticalScroll).scroll_to_widget(target, top=True, animate=False)

    @on(OptionList.OptionSelected, "#contents")
    @on(OptionList.OptionHighlighted, "#contents")
    def go_to_section(self, event: OptionList.OptionSelected | OptionList.OptionHighlighted) -> None:
        if event.option.id is not None and self.query_one("#contents").has_focus:
            self.query_one("#text", VerticalScroll).scroll_to_widget(
                self.query_one(f"#{event.option.id}"), top=True, animate=False
            )
