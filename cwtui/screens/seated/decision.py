"""The decision's box under the table: your zones (the compact layout's), what the
others did since your last turn, the question, the options with their keys, and a line
of keys — or a hint — under them. It draws what its screen gives it, and says which option
was chosen (`Chosen`; an option's key is the screen's to take, wherever the focus is)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from cwtui.game import words
from cwtui.game.hint import Hint
from cwtui.game.words import Played
from cwtui.lang import _
from cwtui.screens.seated.option_keys import OptionKeys, key_ranges, key_runs
from cwtui.widgets.glyphs import HINT
from cwtui.widgets.hint_line import hint_line
from cwtui.widgets.table.marks import Marks, only
from cwtui.widgets.table.quiet import NoteLines, QuietOptionList, TextLines
from cwtui.widgets.table.seat import master_angler_line, zones_line
from engine.cards import Cards
from engine.moves import Move
from engine.view import SeatView, View

# What the others did since your last turn, above the question: as many lines as it
# takes, up to three (the whole of six two-player turns in seven); F7 shows it all.
SINCE_LINES = 3


# The key line while the event log has the focus: the arrows scroll it, not the
# options (a whole-game read: after Tab the line still said "↑↓ Enter").
def log_keys() -> Text:
    return Text(_("Log: ↑↓ PgUp PgDn Home scroll it, End follows the game · Tab: the options"), style="dim")


class Told(Protocol):
    """What the since strip names: the game's cards and its seats' names."""

    @property
    def cards(self) -> Cards: ...
    @property
    def names(self) -> list[str]: ...


class DecisionBox(Vertical):
    """A box of fixed height: a new decision lays out the prompt only when what the
    others did or the question takes another number of lines; the options take every
    row those leave (they scroll, and the key line says so)."""

    class Chosen(Message):
        """An option chosen in the list (Enter, a click)."""

        def __init__(self, move: Move) -> None:
            super().__init__()
            self.move = move

    def __init__(self, top: Iterable[Widget] = (), *, reserved: str = "", id: str | None = None) -> None:
        """`top`: what the screen shows above it all (a lesson's words); `reserved`: the
        screen's own letters, which no option's key takes."""
        super().__init__(id=id)
        self.top = list(top)
        self.options: list[Move] = []  # the decision's, in the order listed
        self.keying = OptionKeys(reserved)  # their keys, kept while a decision goes on
        self.keys: list[str] = []  # each option's key
        self.labels: list[str | Text] = []  # each option's words
        self.more = ""  # the key line's end: the screen's own keys (" · u: undo")
        self.log_keys = log_keys()
        self.keys_help = Text("")  # the key line, when no hint takes its place
        self.yours_key: object = None  # what #yours shows (`show_yours`)
        self.since: list[tuple[str | None, list[str]]] = []  # what the others did, by seat (None: the table)
        self.since_turn: tuple[int, int] | None = None  # whose turn `since` is shown for (seat, turn)
        self.since_drawn: tuple[tuple[tuple[str | None, list[str]], ...], str] | None = None  # the strip's parts
        self.weighed: tuple[Hint, list[int]] | None = None  # the hint shown, and its options' indexes

    def compose(self) -> ComposeResult:
        yield from self.top
        yield NoteLines(2, id="yours", cut_note=_("F4: all"))  # the compact layout's (`show_yours`)
        yield NoteLines(SINCE_LINES, id="since", cut_note=_("F7: all"))
        yield NoteLines(3, id="question")  # two in English; a longer language may take a third
        yield QuietOptionList(id="options")
        # a line, broken between its keys; a hint and its reasons, up to three
        yield NoteLines(3, id="keys", cut_note=_("h: all"), between=" · ")

    def roomy(self, roomy: bool) -> None:
        """In a box with rows to spare (the full layout), the question keeps the height of
        its tallest (a bait's question takes two lines, a step's one): each change of
        height laid the screen out, at a third of a turn's moves. In the compact layout
        every row goes to the options."""
        question = self.query_one("#question", NoteLines)
        if roomy:
            question.hold_height(below=True)  # a one-line question right above its options
        else:
            question.release_height()

    @property
    def menu(self) -> QuietOptionList:
        return self.query_one("#options", QuietOptionList)

    def ask(self, asking: View, question: Text, options: list[Move], cards: Cards, more: str) -> None:
        """A decision (`asking`: as the seat to act sees it): its question, its options
        in the order listed, the key line's end."""
        self.query_one("#question", TextLines).update(question)
        self.options, self.keys, self.more = options, self.keying.give(asking, options), more
        self.labels = [words.option(asking, cards, move) for move in options]
        menu = self.menu
        menu.set_options(Option(self.prompt(i)) for i in range(len(self.labels)))
        menu.highlighted = 0
        self.keys_help = self.key_line()
        self.show_hint(None)

    @on(OptionList.OptionSelected, "#options")
    def selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.options):
            self.post_message(self.Chosen(self.options[event.option_index]))

    def option_keyed(self, character: str | None) -> Move | None:
        """The option whose key `character` is, if any."""
        if character is None or character not in self.keys or not self.options:
            return None
        return self.options[self.keys.index(character)]

    def key_pressed(self, character: str | None) -> bool:
        """An option's key chooses it (Chosen); a number past the options says which there
        are (two whole-game reads pressed 8 with options 1–7, and nothing happened,
        nothing said). Whether the key was the decision's."""
        move = self.option_keyed(character)
        if move is not None:
            self.post_message(self.Chosen(move))
            return True
        if character and character in "123456789" and self.options and self.keys:
            said = _("No option {key} here: the options are {keys}.")
            self.notify(said.format(key=character, keys=key_ranges(self.keys)), severity="warning")
            return True
        return False

    def pick(self, target: str) -> None:
        """A click on the board: choose the option it names, or point at the options that
        name it when there are several (say, a fish taken with or without the Rod)."""
        matches = [i for i, move in enumerate(self.options) if target in words.targets(move)]
        if not matches:
            if self.options:
                self.notify(_("That is not one of the options now."), severity="warning")
        elif len(matches) == 1:
            self.post_message(self.Chosen(self.options[matches[0]]))
        else:
            self.menu.highlighted = matches[0]

    def waiting(self, note: str) -> None:
        """No decision here: whom the game waits for. The list is cleared, not disabled:
        it keeps the focus (a focus change rebuilds the footer, a layout of the screen)."""
        self.query_one("#question", NoteLines).update_in_place(Text(note, style="italic"))
        self.keys_help = Text("")
        self.show_hint(None)
        self.menu.clear_options()
        self.options, self.labels, self.keys = [], [], []
        self.blank_since()

    def prompt(self, index: int, note: str = "") -> Text:
        """Option `index` with its key, and `note` (a hint's mark) after its words."""
        prompt = Text.assemble((f"{self.keys[index]} ", "bold"), self.labels[index])
        if note:
            mark = Text(f" {note} ", style=HINT)
            width = self.menu.scrollable_content_region.width
            # after the label's last line where it fits; else on a line of its own (it broke
            # over two after a full line, "◀ 100%" / "win", and before the label it read
            # as the key's)
            last = prompt.wrap(self.app.console, max(1, width))[-1] if width > 0 else prompt
            prompt.append("  " if last.cell_len + 2 + mark.cell_len <= width else "\n  ")
            prompt.append_text(mark)
        return prompt

    def mark(self, index: int, note: str) -> None:
        self.menu.replace_option_prompt_at_index(index, self.prompt(index, note))

    def show_weighed(self, hint: Hint) -> None:
        """A hint: each option it weighed marked with the points it gives up, as the
        review would grade it, its pick highlighted and scrolled into view, and what it
        says under the options."""
        menu = self.menu
        indexes = [self.options.index(w.move) for w in hint.weighed]
        for rank, (index, weighed) in enumerate(zip(indexes, hint.weighed, strict=True)):
            self.mark(index, words.hint_mark(weighed, rank == 0))
        if self.screen.has_class("-compact"):
            # at 80×24 what the others did and a hint's lines left the options one to three
            # rows (a newcomer's game, round 3: one option in view); F7 still says it
            self.hide_since()
        self.say_weighed(hint, indexes)
        menu.highlighted = indexes[0]
        menu.named = (min(indexes), max(indexes))
        # after the layout the hint's lines make: scrolled now, the list's box then lost
        # rows and the pick could fall below it (seen at 80x24: "would play 6" with
        # options 3-5 in view); then the hint says where the options out of view lie
        self.call_after_refresh(self.named_in_view, hint, indexes)

    def named_in_view(self, hint: Hint, indexes: list[int]) -> None:
        self.menu.show_named()
        options = self.options
        still = [i < len(options) and options[i] == w.move for i, w in zip(indexes, hint.weighed, strict=True)]
        if self.menu.named is not None and all(still):  # not taken back (a move, undo)
            self.say_weighed(hint, indexes)

    def say_weighed(self, hint: Hint, indexes: list[int]) -> None:
        """The hint's line; an option it names out of view marked with where it lies ("8↓":
        101 of 322 hints named options below the list's last row, and a player read "2 is
        as good; 8 is as good" with 1–6 on the screen)."""
        menu = self.menu
        self.weighed = hint, indexes
        said = hint_line([(self.keys[i] or "·") + menu.direction(i) for i in indexes], hint.weighed, hint.does)
        line = self.query_one("#keys", NoteLines)
        line.cut_note = _("h: all")
        more = ""
        if menu.overflowing:  # the key line it replaces said so; a cut hint, in its cut note
            more = " · ↑↓ " + _("{count} options").format(count=len(self.labels))
            said.append(more, style="dim")
        self.show_hint(said, cut_end=more)  # a cut lost it (two whole-game reads), then said it twice

    def key_line(self) -> Text:
        """How to choose; with options past the list's last row, how many there are."""
        keys = key_ranges(self.keys) or "1"
        if self.menu.overflowing:
            # past "1–9, a" the runs skip the table's own keys (b, h…) and took two lines
            # at 80 columns ("1–9, a, c–g, i–o, r, t, v–z"): each option shows its key. The
            # comma before Enter: "1–9, a Enter" read as "a Enter" (a whole-game read)
            keys = keys if len(key_runs(self.keys)) <= 2 else _("its key")
            return Text.assemble(
                (_("{count} options: ↑↓ for the rest").format(count=len(self.labels)), "bold"),
                (" · " + _("{keys}, Enter or a click · h: hint").format(keys=keys) + self.more, "dim"),
            )
        return Text(
            _("{keys}: choose · ↑↓ Enter · or click the board · h: hint").format(keys=keys) + self.more,
            style="dim",
        )

    @on(QuietOptionList.Overflowing)
    def options_overflowing(self) -> None:
        """The list holds more options than it shows, or no longer does (new options, or
        the lines above it took or gave back rows): the key line says how many."""
        if not self.labels:
            return
        showing_keys = self.query_one("#keys", TextLines).text is self.keys_help
        self.keys_help = self.key_line()
        if showing_keys:  # not a hint
            self.show_hint(None)
        elif self.menu.named is not None and self.weighed is not None:
            # a hint's own lines shrank the list past its last option: the hint says so
            # (a whole-game read: option 7 out of view, and nothing said it)
            self.say_weighed(*self.weighed)

    def show_hint(self, text: Text | None, cut_end: str = "") -> None:
        """The hint takes the line under the options; without one, it explains the keys
        (none while the table waits for another seat: the line's rows are kept).
        `cut_end`: what the hint ends with that its cut note says when it is cut."""
        keys = self.query_one("#keys", NoteLines)
        keys.cut_end = cut_end
        if text is None and not self.keys_help.plain:
            keys.update_in_place("")
        else:
            keys.update(text or self.keys_help)
        if text is None:  # the options a hint named are no longer kept in view
            self.menu.named = None

    @property
    def hint_cut(self) -> bool:
        """A hint is shown, cut (it ends in "h: all")."""
        return self.menu.named is not None and self.query_one("#keys", NoteLines).cut

    @property
    def hint_text(self) -> Text:
        return self.query_one("#keys", NoteLines).text

    def show_log_keys(self, shown: bool) -> None:
        """The key line says how to read the event log while it has the focus."""
        if shown:
            self.query_one("#keys", TextLines).update(self.log_keys)
        elif self.query_one("#keys", TextLines).text is self.log_keys:
            self.show_hint(None)

    def show_since(
        self, recent: Sequence[Played], turn: tuple[int, int], shown: bool, game: Told, yours: str = ""
    ) -> None:
        """At the start of a turn: what the other seats did since this seat's last turn
        (`recent`), and what a server's bot did for this seat meanwhile (its player was
        away or out of time), marked as the bot's; kept until the turn ends (`turn`:
        whose turn and which). A strip that came at a turn's first decision and went at
        its second cost the screen two layouts a turn (issue 52.12: the table drew a
        move slower than before the strip). Before it, `yours`: what this seat's own
        last move caught or took (words.said_at_once), said where the eye is — a toast
        over the table hid another seat's panel, or the board's zones 5 and 6 at 80×24,
        while this seat decided. Not `shown`: not the keyboard's seat."""
        if not shown:
            recent, yours = [], ""
        if recent or self.since_turn != turn or not shown:
            since = words.since_runs(game.cards, game.names, recent, turn[0]) if recent else []
            self.since, self.since_turn = since, (turn if recent else None)
        # else this seat has moved this turn: what came before the turn stands
        drawn = (tuple(self.since), yours)
        if drawn == self.since_drawn:
            return
        self.since_drawn = drawn
        parts: list[str | tuple[str, str] | Text] = []
        if yours:
            parts.append((yours, "bold"))
        if self.since:
            told = " · ".join(words.run_said(who, what) for who, what in self.since)
            parts += [words.gap_after(yours) if yours else "", (words.spaced(_("Since your last turn:")), "bold"), told]
        self.query_one("#since", TextLines).update(Text.assemble(*parts))

    def hide_since(self) -> None:
        """The strip taken out, its rows given to what needs them (a hint, a lesson's note)."""
        self.query_one("#since", TextLines).update("")
        self.since_drawn = None

    def blank_since(self) -> None:
        """The strip emptied, its rows kept: while the others play, no option needs them,
        and the next turn's strip (three lines, mostly) then costs the screen no layout."""
        since = self.query_one("#since", TextLines)
        rows = len(since.strips)
        since.update(Text("\n" * (rows - 1)) if rows else "")
        self.since, self.since_turn, self.since_drawn = [], None, None

    def show_yours(self, me: SeatView | None, cards: Cards, marks: Marks) -> None:
        """In the compact layout, where your panel is not on the table (F4 shows it), the
        decision's first lines say what its options name of yours (`me`; None: nothing):
        your zones, then your Master Angler cards, each whole, on a second line when
        they do not fit beside the zones (issue 52.1: a player pressed F4 and Esc before
        every choice; a second card was cut to "Conger Eel …" where an option put bait
        on it). A line of its own: it changes at most moves and repaints alone, where a
        title on the box's border made Textual draw the border again with every line
        under it (2 ms a move at 80x24)."""
        # What the line shows, as the seat panel keys its parts: built and drawn again
        # only when it changes (your moves, mostly), not after every move (1 ms at 80x24)
        width = self.query_one("#yours").content_region.width  # whether the cards fit beside the zones
        key = (
            None
            if me is None
            else (me.board, me.master_anglers, only(marks, f"zone:{me.seat}:", f"ma:{me.seat}:"), width)
        )
        if key == self.yours_key:
            return
        self.yours_key = key
        yours = Text()
        if me is not None:
            yours = Text.assemble((_("You") + " ", "dim"), zones_line(me, marks))
            line = master_angler_line(me, cards, marks)
            if line:
                beside = yours.cell_len + 2 + line.cell_len <= width
                yours.append("  " if beside else "\n")
                yours.append_text(line)
        self.query_one("#yours", TextLines).update(yours)
