"""Contests and results: each location's presented fish, the ranking, the score table."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich import box
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from cwtui.game.replaying import SeenRecord, open_replay
from cwtui.game.saved import shown_path
from cwtui.game.words import (
    TROPHY_NAMES,
    aside,
    both,
    brackets_whole,
    contest_name,
    counted,
    in_brackets,
    listed,
    location_name,
    pounds,
    species_of,
)
from cwtui.lang import N_, _
from cwtui.lang.glossary import species
from cwtui.navigation import NewGame, OnlineRematch, OpenReplay, Rematch
from cwtui.net.ratings import ranks_of
from cwtui.widgets.footer import Footer
from cwtui.widgets.glyphs import TAGGED
from cwtui.widgets.rule_link import linked
from cwtui.widgets.table.board import TROPHY_ORDER
from engine import EngineError
from engine.cards import Cards
from engine.components import CONTEST_ORDER, CONTEST_TROPHY, LOCATIONS
from engine.config import GameConfig
from engine.contests import contest_order, first_time

if TYPE_CHECKING:
    from cwtui.net.address import Address
from engine.events import ScoreLine
from engine.events import winner as first
from engine.view import View


class ResultsScreen(Screen[None]):
    CSS_PATH = "results.tcss"
    BINDINGS = [
        Binding(
            "r", "rematch", N_("Rematch"), id="results.rematch", tooltip=N_("The same seats and set-up, the next seed")
        ),
        Binding("n", "new_game", N_("New game"), id="results.new"),
        Binding("w", "watch", N_("Replay"), id="results.watch", tooltip=N_("Watch this game move by move")),
        # q goes back a screen here as everywhere (Ctrl+Q quits the app)
        Binding("q,escape", "home", N_("Home"), id="results.home"),
    ]

    def __init__(
        self,
        final: View,
        scores: Sequence[ScoreLine],
        cards: Cards,
        names: Sequence[str],
        path: Path | None,
        *,
        watching: bool = False,
        new_games: bool = True,
        seen: SeenRecord | None = None,
        config: GameConfig | None = None,
        online: tuple[Address, str] | None = None,
        ratings: str | None = None,
        resigned: Sequence[int] = (),
    ) -> None:
        """The results of a finished game: its last position as everyone sees it, the
        final scores; saved at `path` (None: not on this machine). `watching`: shown
        over the replay of this very game, so `w` goes back to it. `new_games`: whether
        `n` may start one (not for a guest of a server, cwtui.screens.guest). `seen`: a
        server's game as this seat saw it, which `w` replays (its log is the server's).
        `config`: the game's set-up, which `r` plays again on the next seed; `online`:
        a server's game (the seat's line, the game's id), whose room `r` asks for its next;
        `ratings`: how the game moved its players' ratings on that server; `resigned`:
        the seats whose players resigned it (a bot played on for them), which rank last
        whatever their points, as the server rates them (cwtui.net.ratings.ranks_of)."""
        super().__init__()
        self.final = final
        self.result = scores
        self.cards = cards
        self.names = names
        self.path = path
        self.watching = watching
        self.new_games = new_games
        self.seen = seen
        self.config = config
        self.online = online
        self.ratings = ratings
        self.resigned = tuple(sorted(resigned))
        by_seat = sorted(scores, key=lambda line: line.seat)
        # The standing: the points' ranks (R11.2), a resigned seat last
        self.standing = ranks_of([line.rank for line in by_seat], self.resigned)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.headline(), classes="title")
            yield Static(self.score_sheet(), classes="contest")
            if self.ratings:
                yield Static(self.ratings, classes="hint")
            for note in self.resignations() + self.ties():
                yield Static(note, classes="hint")
            for loc in CONTEST_ORDER:
                yield Static(self.contest_table(loc), classes="contest")
                for note in self.contest_ties(loc):
                    yield Static(note, classes="hint")
            if self.path:
                yield Static(_("Saved as {path}").format(path=shown_path(self.path)), classes="hint")
        yield Footer()

    def headline(self) -> str:
        """Who won: the seat the points rank first, unless its player resigned."""
        if len(self.resigned) == len(self.standing):
            return _("Every player resigned: nobody wins the Coldwater Crown.")
        winner = first(self.result) if not self.resigned else self.standing.index(1)
        return _("{name} wins the Coldwater Crown!").format(name=self.names[winner])

    def resignations(self) -> list[Text]:
        """A line for each seat whose player resigned: what its points made it, and why
        it ranks last all the same."""
        points = {line.seat: line.rank for line in self.result}
        return [
            Text(
                _(
                    "{name} resigned: a bot played on for the seat, which ranks last "
                    "whatever its points ({rank} on points)."
                ).format(name=self.names[seat], rank=ordinal(points[seat]))
            )
            for seat in self.resigned
        ]

    def contest_table(self, loc: int) -> Table:
        final, cards = self.final, self.cards
        kind = CONTEST_TROPHY[loc]
        table = Table(
            title=_("{contest} (◆ tagged, time in brackets)").format(contest=contest_name(LOCATIONS[loc])),
            title_justify="left",
            expand=True,
            box=box.SIMPLE_HEAD,
        )
        # the same columns in every contest's table, so they read down as one: the fish
        # take what the seat's name, the weight and the trophy leave
        seat, weight, trophy = _("Seat"), _("Weight"), _("Trophy")
        table.add_column(seat, width=max(cell_len(seat), *(cell_len(name) for name in self.names)))
        table.add_column(_("Presented fish"), ratio=1)
        table.add_column(weight, width=max(cell_len(weight), 6))  # "12 lb"
        table.add_column(trophy, width=max(cell_len(trophy), 4))  # "5 VP"
        rows = []
        ranked = self.contest_order(loc)
        place = {seat: i for i, (seat, _total, _time) in enumerate(ranked)}
        for p in final.seats:
            fish = p.presented[loc]
            total = sum(cards.fish_weight[f] for f in fish)
            entries = []
            for f in fish:  # a fish a line: wrapped side by side, one broke between its weight and its time
                tagged = final.tag_points and cards.fish_tag[f] == final.tag
                entry = Text(f"{species_of(cards, f)} {pounds(cards.fish_weight[f])} ")
                entry.append("◆" if tagged else " ", style=TAGGED if tagged else "")
                entry.append(aside(in_brackets(cards.fish_time[f])), style="dim")
                entries.append(entry)
            listing = Text("\n").join(entries)
            won = next((points for trophy_kind, points in p.trophies if trophy_kind == kind), None)
            # in the contest's order (R10.3 breaks ties), then who presented nothing
            rows.append(
                (
                    place.get(p.seat, len(place)),
                    p.seat,
                    self.names[p.seat],
                    listing or Text(_("nothing"), style="dim"),
                    total,
                    won,
                )
            )
        for _place, _seat, name, listing, total, points in sorted(rows):
            table.add_row(name, listing, pounds(total), _("{points} VP").format(points=points) if points else "—")
        return table

    def contest_order(self, loc: int) -> list[tuple[int, int, str]]:
        """The seats that presented at `loc`, in its contest's order (engine.contests)."""
        return contest_order(self.cards, [(p.seat, p.presented[loc]) for p in self.final.seats])

    def contest_ties(self, loc: int) -> list[Text]:
        """Each tie on weight at `loc`'s contest, and what broke it (R10.3: the earliest
        presented fish; with the same time too, the earlier seat)."""
        notes = []
        by_total: dict[int, list[tuple[int, str]]] = {}
        for seat, total, time in self.contest_order(loc):
            by_total.setdefault(total, []).append((seat, time))
        for total, tied in by_total.items():
            if len(tied) < 2:
                continue
            names = both([self.names[seat] for seat, _time in tied])
            times = listed(f"{self.names[seat]} {time}" for seat, time in tied)
            if len({time for _seat, time in tied}) < len(tied):
                why = _(
                    "the earliest presented fish ranks first (R10.3): {times}; at the same time, the earlier seat in "
                    "turn order"
                ).format(times=times)
            else:
                why = _("the earliest presented fish ranks first (R10.3): {times}").format(times=times)
            notes.append(
                linked(
                    _("{names} tie on {weight} at the {location}: {why}.").format(
                        names=names, weight=pounds(total), location=location_name(LOCATIONS[loc]), why=why
                    )
                )
            )
        return notes

    def score_sheet(self) -> Table:
        """Every item that scored, a row each, and a column per seat in rank order (as
        Board Game Arena's end-of-game sheet): each trophy and contest (R8, R10), the
        Master Angler cards caught (R11.1, by kind), the tags, the total and the rank."""
        final, cards = self.final, self.cards
        ranked = sorted(self.result, key=lambda line: (self.standing[line.seat], line.rank))
        seats = {p.seat: p for p in final.seats}
        table = Table(title=_("Score sheet"), title_justify="left", expand=True, box=box.SIMPLE_HEAD)
        # the labels two seats' room: four seats at 80 columns then have room for a kind
        # and its count, "Dogfish ×2" (its "×2" went to a line of its own); a label wraps
        table.add_column("", ratio=2)
        for line in ranked:
            table.add_column(self.names[line.seat], justify="right", ratio=1)
        for kind in ("mystery_weight", *TROPHY_ORDER):
            tiles = {line.seat: [pts for k, pts in seats[line.seat].trophies if k == kind] for line in ranked}
            if any(tiles.values()):
                table.add_row(TROPHY_NAMES[kind], *(tiles_text(tiles[line.seat]) for line in ranked))
        caught = [seats[line.seat].master_anglers_caught for line in ranked]
        # the count, then a kind a line: in four narrow columns "Dogfish," would be cut
        kinds = [counted((species(cards.ma_kind[m]) for m in c), sep="\n") for c in caught]
        table.add_row(
            brackets_whole(_("Master Anglers caught (1 each)")),
            *(Text.assemble(str(len(c)), ("\n" + k, "dim")) if c else "—" for c, k in zip(caught, kinds, strict=True)),
        )
        if final.tag_points:
            table.add_row(
                brackets_whole(_("Tags (presented {tag} fish)").format(tag=_(final.tag))),
                *(str(line.tags) or "—" for line in ranked),
            )
        table.add_row(Text(_("Total"), style="bold"), *(Text(str(line.total), style="bold") for line in ranked))
        table.add_row(_("Rank"), *(self.rank_text(line.seat) for line in ranked))
        return table

    def rank_text(self, seat: int) -> Text:
        rank = ordinal(self.standing[seat])
        return Text.assemble(rank, ("\n" + _("resigned"), "dim")) if seat in self.resigned else Text(rank)

    def ties(self) -> list[Text]:
        """Each tie on points, and what broke it (R11.3: the earliest presented fish;
        R12.6: in solo the silent player wins a tie; ruling: with no fish presented, the
        later seat in turn order)."""
        notes = []
        by_total: dict[int, list[ScoreLine]] = {}
        for line in sorted(self.result, key=lambda line: line.rank):
            by_total.setdefault(line.total, []).append(line)
        cards = self.cards
        for total, lines in by_total.items():
            if len(lines) < 2:
                continue
            names = both([self.names[line.seat] for line in lines])
            if any(seat.kind == "silent" for seat in self.final.seats):
                why = _("in solo the silent player wins a tie (R12.6)")
            else:
                times = []
                nothing = 0
                for line in lines:
                    fish = tuple(f for fs in self.final.seats[line.seat].presented for f in fs)
                    nothing += not fish
                    times.append(f"{self.names[line.seat]} {first_time(cards, fish) if fish else _('none')}")
                if nothing > 1:  # docs/rules.md, Final tie
                    why = _(
                        "the earliest presented fish ranks first (R11.3): {times}; of those who presented none, "
                        "the later in turn order ranks first (our ruling)"
                    ).format(times=listed(times))
                else:
                    why = _("the earliest presented fish ranks first (R11.3): {times}").format(times=listed(times))
            notes.append(linked(_("{names} tie on {points}: {why}.").format(names=names, points=total, why=why)))
        return notes

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer lists only keys that act: no replay without the log, no new game
        for a guest."""
        if action == "watch":
            return self.watching or self.path is not None or self.seen is not None
        if action == "new_game":
            return self.new_games
        if action == "rematch":
            return (self.new_games and self.config is not None) or self.online is not None
        return True

    def action_watch(self) -> None:
        """The game just played, from its log, in the replay screen."""
        if self.watching:  # the replay of this game is the screen below
            self.app.pop_screen()
            return
        if self.seen is not None:
            self.post_message(OpenReplay(self.seen, None))
            return
        path = self.path
        if path is None:
            return  # not offered (check_action): a server's game it did not send
        try:
            replay = open_replay(path)
        except (EngineError, OSError) as exc:
            self.notify(str(exc), title="Cannot open the replay", severity="error")
            return
        self.post_message(OpenReplay(replay, path))

    def action_rematch(self) -> None:
        if self.online is not None:
            self.post_message(OnlineRematch(*self.online))
        elif self.config is not None:  # offered only then (check_action)
            self.post_message(Rematch(self.config, self.cards))

    def action_home(self) -> None:
        self.app.pop_screen()

    def action_new_game(self) -> None:
        self.post_message(NewGame(replace=True))


def tiles_text(points: list[int]) -> str:
    """A seat's tiles of one trophy: "5", "3×1" (Mystery Weight), "—"."""
    if not points:
        return "—"
    return str(points[0]) if len(points) == 1 else f"{len(points)}×{points[0]} = {sum(points)}"


ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd"), 4: N_("4th")}  # four seats at most


def ordinal(rank: int) -> str:
    return _(ORDINALS[rank]) if rank in ORDINALS else f"{rank}."
