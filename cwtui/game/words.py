"""Plain words for moves and events, as a player reads them, in the language in use
(cwtui.lang: each sentence a catalog message with named placeholders, the game's own
words from the glossary).

Every function takes the `viewer` seat, and events reach words only as that seat may
know them (`engine.visibility.seen`: another seat's fish cards and tackle kinds never
do). viewer=None means a bystander who sees only what is public; EVERYONE, a replay's
full view.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol, TypeVar, assert_never, cast, get_args

from cwtui.lang import N_, SOURCE, _, language, n_, number
from cwtui.lang.glossary import glossary, species, species_the, word
from engine import events
from engine.bots.judge import BEST, grade
from engine.cards import Cards
from engine.components import (
    COLOR_INDEX,
    COLORS,
    CONTEST_ORDER,
    CONTEST_TROPHY,
    FISH_TO_END,
    LOCATION_INDEX,
    LOCATION_OF_COLOR,
    LOCATIONS,
    SPACE_INDEX,
    TrophyKind,
)
from engine.config import SEAT_KINDS as ENGINE_SEAT_KINDS
from engine.config import SeatConfig, kind_name
from engine.errors import IllegalMove
from engine.log import StandIn
from engine.moves import (
    AnyMove,
    BaitTo,
    Catch,
    CatchFirst,
    EndTurn,
    LetGo,
    Move,
    PlaceAngler,
    PlayLure,
    PlayReel,
    Present,
    Refill,
    RemoveAngler,
    SilentClear,
    SilentDraws,
    TakeMasterAngler,
)
from engine.phases import ASKS, OVER
from engine.setup import SILENT_SEAT
from engine.view import View
from engine.visibility import FishCaughtUnseen, LocationRefilledUnseen, PresentUnseen, TackleDrawnUnseen, seen


class Named(Mapping[str, str]):
    """Names by key, each said in the language in use when it is read (a table of them
    written at a module's top would be in the language of the moment it was imported)."""

    def __init__(self, name: Callable[[str], str], keys: Iterable[str]) -> None:
        self._name, self._keys = name, tuple(keys)

    def __getitem__(self, key: str) -> str:
        if key not in self._keys:
            raise KeyError(key)
        return self._name(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


def trophy_name(kind: str) -> str:
    """A trophy as the rules name it (R8.5), on the board and in a sentence alike:
    "Mystery Weight", "Master Angler Three Identical"."""
    if kind in ("three_identical", "four_different"):
        return _("{master_angler} {set}").format(
            master_angler=word("things", "master_angler"), set=word("trophies", kind)
        )
    return word("trophies", kind)


TROPHY_NAMES: Final = Named(trophy_name, get_args(TrophyKind))

# A score's parts as a review names them (engine.bots.judge.PARTS): the trophies, the rest
# of the score sheet (R11.1), and what the evaluation expects beyond the sheet so far where
# a rollout stopped before the end (engine.bots.judge.PROSPECTS).
_PARTS_BESIDE: Final = {
    # "prospects" read as nothing to a newcomer: the points the evaluation expects to come
    "master_anglers": N_("Master Anglers caught"), "tags": N_("tag points"), "prospects": N_("later in the game"),
}  # fmt: skip
PART_NAMES: Final = Named(
    lambda part: _(_PARTS_BESIDE[part]) if part in _PARTS_BESIDE else trophy_name(part), (*TROPHY_NAMES, *_PARTS_BESIDE)
)

# A bot level as a player knows it (engine.config.kind_name's words, said in the language in use)
LEVEL_NAMES: Final = {
    "random": N_("random"), "easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"), "human": N_("human"),
}  # fmt: skip


def level_name(kind: str) -> str:
    """A seat kind as a player knows it, in the language in use: "easy" for the greedy bot."""
    name = kind_name(kind)
    return _(LEVEL_NAMES[name]) if name in LEVEL_NAMES else name


# Who may sit at a seat, as the seat pickers offer them: bots by difficulty (easy is the
# one-step greedy bot; medium and hard search, hard with the larger budget).
SEAT_KIND_ORDER: Final = ("human", "greedy", "medium", "hard", "random")


def seat_kinds() -> tuple[tuple[str, str], ...]:
    """The seat pickers' choices, (label, kind), in the language in use."""
    return tuple(
        (_("Human") if kind == "human" else _("Bot: {level}").format(level=level_name(kind)), kind)
        for kind in SEAT_KIND_ORDER
    )


def _kind_label(kind: str) -> str:
    if kind == SILENT_SEAT.kind:  # the silent player: its name says what it is, the code which rules it plays by
        return _("solo rules, R12")
    return _("human") if kind == "human" else _("{level} bot").format(level=level_name(kind))


# A seat's kind as its panel names it.
KIND_NAMES: Final = Named(_kind_label, (*ENGINE_SEAT_KINDS, "silent"))


def seat_name(name: str, kind: str) -> str:
    """A seat's name as the table says it: a player's own, and the silent player's in the
    language in use (the engine names it "Silent player": a Japanese read saw
    「Silent player：湖畔のゾーン3のパーチを釣る」)."""
    return _("Silent player") if kind == SILENT_SEAT.kind else name


def data_value(value: str) -> str:
    """A value a History query returned, in the language in use where it is one of the
    game's own names that the database keeps in English: a species or a Master Angler
    card's fish, a trophy's key, a seat's kind, the silent player ("Pike" « Brochet »,
    "first_to_12" « Premier à 12 Poissons »; two native reads saw English in French and
    Japanese results). Queries and exports name them in English still; any other value
    is left as it is."""
    if language() == SOURCE:
        return value
    if value in TROPHY_NAMES:
        return TROPHY_NAMES[value]
    if value in ENGINE_SEAT_KINDS:
        return level_name(value)
    if value == SILENT_SEAT.name:
        return _("Silent player")
    return species(value)  # a species' or a fish's English name; else the value itself


def seat_list(seats: Iterable[SeatConfig]) -> str:
    """Who plays a game, as a list of games shows it: "Ana, Bo (easy)"."""
    return listed(s.name + ("" if s.kind == "human" else aside(in_brackets(level_name(s.kind)))) for s in seats)


def listed(items: Iterable[str]) -> str:
    """Items one after another, as the language lists them: "Ana, Bo" (Japanese: "Ana、Bo")."""
    return separator().join(items)


def separator() -> str:
    """What stands between the items of a list, in the language in use."""
    # Translators: what stands between the items of a list ("Ana, Bo, Cy"); Japanese "、"
    return _(", ")


EVERYONE = -1  # a viewer who knows every secret (a replay's full view)


class Weighing(Protocol):
    """A move as the hint weighs it (engine.bots.judge.Weighed): the points it gives up
    against the judge's best, their 95% margin, and where the best's lead lies."""

    @property
    def loss(self) -> float: ...
    @property
    def margin(self) -> float: ...
    @property
    def why(self) -> tuple[tuple[str, float], ...]: ...


def tenths(value: float) -> float:
    """Points to the tenth below, as the grades are bounded (GRADE_BOUNDS: a loss under
    0.5 is best, which rounded could read 0.5); the nudge keeps a tenth that a float
    holds as 0.6999… a tenth. The hint and the review say a loss by it alike (the hint's
    "gives up 5.1", rounded, read "−5.0" in the review)."""
    return math.floor(value * 10 + 1e-9) / 10


def whole_part(value: float) -> int:
    """The count a decimal's unit agrees with (`n_`): its whole part, as French writes
    decimals (« 0,7 point », « 1,5 point », « 2,5 points »; a French reader saw « −0,7
    points »). English messages give both forms plural ("0.7 points", "1.5 points")."""
    return int(abs(value))


def as_good(loss: float) -> bool:
    """A move giving up so little that the review grades it as it grades the best: under
    half a point (engine.bots.judge.grade, the band of the loss it prints)."""
    return grade(loss) == BEST


def spaced(label: str) -> str:
    """A label ending in a colon and the space before what follows it; none after a
    full-width colon, which carries its own space (「前の手番から： Bo：…」 read as a gap)."""
    return label if label.endswith("：") else label + " "


def gap_after(sentence: str) -> str:
    """What goes between a sentence and the next: a space, but none after a full-width
    stop, which carries its own (「…釣りました。 トロフィー…」 read as a gap)."""
    return "" if sentence.endswith(("。", "！", "？")) else " "


def aside(text: str) -> str:
    """A bracketed aside after a word, spaced as the language spaces it: " (2 species)",
    but 「（2種）」 with no space, a full-width bracket carrying its own (「魚 2 （2種）」
    read as a gap)."""
    return text if text.startswith(("（", "「", "『")) else " " + text


def in_brackets(text: str) -> str:
    """`text` in the language's brackets: "(Ana 1, Cy 2×1)", 「（Ana 1、Cy 2×1）」."""
    # Translators: an aside in brackets after a word; Japanese uses full-width ones
    return _("({aside})").format(aside=text)


def sentences(said: Iterable[str]) -> str:
    """Sentences one after another (`gap_after` each)."""
    out = ""
    for sentence in said:
        out += (gap_after(out) if out else "") + sentence
    return out


def brackets_whole(text: str) -> str:
    """`text` with what it says in brackets held on one line: a label wrapped inside its
    parenthesis (« Maîtres Pêcheurs attrapés (1 » / « chacun) » on the score sheet at 80
    columns) now breaks before it."""
    return re.sub(r"\([^()]*\)", lambda inside: inside.group(0).replace(" ", KEEP), text)


def hint_mark(w: Weighing, best: bool) -> str:
    """What an option the hint weighed is marked with in the list."""
    if best:
        said = _("hint")
    elif as_good(w.loss):
        said = _("as good")
    else:
        loss = tenths(w.loss)
        # Translators: a decimal's unit agrees with its whole part, as French writes it
        # (« −0,7 point », « −2,5 points »); English writes it plural either way
        # (its spaces are held below: Japanese writes none, 「−0.9点」)
        said = n_("−{points} points", "−{points} points", whole_part(loss)).format(points=number(loss, 1))
    return ("◀ " + said).replace(" ", KEEP)  # whole on its line: « ◀ aussi bon » had « aussi bon » on the next


def species_of(cards: Cards, fish: int) -> str:
    """A fish card's species, in the language in use."""
    return species(cards.species_names[cards.fish_species[fish]])


def location_name(location: str) -> str:
    """ "Shore", "River", "Lake", in the language in use."""
    return word("locations", location)


def contest_name(location: str) -> str:
    """A location's contest, as the rulebook names it: "Shore contest", « Concours du Rivage »."""
    return word("trophies", f"{location}_contest")


def colour(color: str, count: int = 1) -> str:
    """A bait colour, in the language in use ("purple": « violet »), as it reads beside
    `count` bait (« 2 appâts violets »)."""
    return word("bait", color, count)


def tackle_name(kind: str) -> str:
    """ "Rod", "Line", "Lure", "Reel", in the language in use."""
    return word("tackle", kind)


def pounds(weight: int) -> str:
    """A weight with its unit, which no line breaks apart ("6 lb", never "6" / "lb")."""
    return f"{weight}{KEEP}lb"


def units_kept(text: str) -> str:
    """Written text (a lesson's) with each number held to its unit ("6 lb", "+1 VP")."""
    return _UNITS.sub(lambda m: f"{m.group(1)}{KEEP}{m.group(2)}", text)


_UNITS = re.compile(r"(\d) (lb|VP)\b")


def fish_name(cards: Cards, fish: int, known: bool, backs: bool = False) -> str:
    """ "Roach (2 lb)"; `backs`: with its tag and time too ("Roach (2 lb, pink, 13:00)"),
    where the weight alone does not tell it from another of the seat's."""
    name = species_of(cards, fish)
    if not known:
        return name
    weight = pounds(cards.fish_weight[fish])
    if backs:
        return _("{fish} ({weight}, {tag}, {time})").format(
            fish=name, weight=weight, tag=_(cards.fish_tag[fish]), time=cards.fish_time[fish]
        )
    return _("{fish} ({weight})").format(fish=name, weight=weight)


# The fish tags' colours (R1.3), as a fish's back says them
TAG_NAMES: Final = (N_("gold"), N_("teal"), N_("orange"), N_("white"), N_("pink"))


# A space at which no line breaks (the widgets' wrapping keeps it: cwtui.widgets.wrap):
# a card's name ("Conger Eel #7") and a hint's rate ("(62% win)") read whole.
KEEP: Final = "\u00a0"
# Japanese: kana, CJK punctuation and ideographs, full-width forms (a regex's range)
CJK: Final = "\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"


def master_angler_name(cards: Cards, card: int, the: bool = False) -> str:
    """ "Ray #24"; `the`: as a sentence's object names it, with the article the language
    gives its fish (« Prendre la Raie n° 24 »: glossary.species_the)."""
    fish = species_the(cards.ma_kind[card]) if the else species(cards.ma_kind[card])
    # Translators: a Master Angler card by its fish and number, "Ray #24" (French « Raie n° 24 »)
    return _("{fish} #{number}").format(fish=fish, number=card).replace(" ", KEEP)


def where(location: str, zone: int) -> str:
    """ "Shore zone 3": a zone of a location's row of fish; « Zone 3 du Lac » in French,
    which says a location after a zone with its article (the glossary's `fr_of`; « Lac
    Zone 3 » read as English to a French reader)."""
    term = glossary()["locations"][location]
    place = term.get(f"{language()}_of") or location_name(location)
    return _("{location} zone {zone}").format(location=place, zone=zone)


def option(v: View, cards: Cards, legal: Move) -> str:
    """The label of a legal move in the prompt, for the seat that makes it. Made from a
    View (any seat's: what it uses is public), so a client holding only its own can."""
    move = cast("AnyMove", legal)  # every Move is one of AnyMove: mypy checks each is put into words
    p = v.seats[v.to_act]
    if isinstance(move, PlaceAngler):
        return _("Place your {face} on {space}").format(face=p.hand, space=_space(move.space, p.hand))
    if isinstance(move, RemoveAngler):
        face = v.spaces[SPACE_INDEX[move.space]]
        if move.space == "port":  # French contracts "de le Port" to "du Port": a message of its own
            return n_(
                "Take the {face} off the Port (1 action)", "Take the {face} off the Port ({count} actions)", face
            ).format(face=face, count=face)
        return _("Take the {face} off {space}").format(face=face, space=_space(move.space, face))
    if isinstance(move, Refill):
        missing = move.zone - sum(p.board[move.zone - 3])
        return n_("Refill zone {zone} (draw {count} bait)", "Refill zone {zone} (draw {count} bait)", missing).format(
            zone=move.zone, count=missing
        )
    if isinstance(move, TakeMasterAngler):
        if move.card is None:
            return _("Take the top Master Angler card ({count} in the deck)").format(count=v.master_angler_deck)
        # its slots' colors: what a player weighs it by (the display's glyphs are a pane away at 80x24)
        slots = " ".join(colour(COLORS[c]) for c in cards.ma_slots[move.card])
        return _("Take {card} ({slots})").format(card=master_angler_name(cards, move.card, the=True), slots=slots)
    if isinstance(move, BaitTo):
        color = colour(v.action_color) if v.action_color else "?"
        if move.card is None:
            return _("Discard the {colour} bait").format(colour=color)
        return _("Put the {colour} bait on {card}").format(
            colour=color, card=master_angler_name(cards, move.card, the=True)
        )
    if isinstance(move, CatchFirst):
        loc = LOCATIONS[LOCATION_OF_COLOR[COLOR_INDEX[v.action_color]]] if v.action_color else "?"
        fish = v.locations[LOCATION_INDEX[loc]][move.zone - 3] if v.action_color else None
        # the place names the zone ("River zone 5"): « D'abord la prise de la Zone 5 : Zone 5
        # de la Rivière, Gardon » said it twice (a French read)
        return _("Catch first: {fish}, {place}").format(
            place=where(loc, move.zone), fish=species(fish) if fish else _("no fish")
        )
    if isinstance(move, Catch):
        if move.deck_top:
            top = v.deck_tops[LOCATION_INDEX[move.location]]
            where_deck = location_name(move.location)
            if top:  # fish side up: its species shows (R2.1)
                return _("Take the {location} deck's top card, a {species}, instead (zone 6 bonus)").format(
                    location=where_deck, species=species(top)
                )
            return _("Take the {location} deck's top card instead (zone 6 bonus)").format(location=where_deck)
        fish = species(v.locations[LOCATION_INDEX[move.location]][move.zone - 3] or "?")
        place = where(move.location, move.zone)
        tackle = " + ".join(tackle_name(t) for t, used in (("rod", move.rod), ("line", move.line)) if used)
        if tackle:
            return _("Catch the {species} in {place} with your {tackle}").format(
                species=fish, place=place, tackle=tackle
            )
        return _("Catch the {species} in {place}").format(species=fish, place=place)
    if isinstance(move, LetGo):
        return _("Catch nothing: that zone has no fish")
    if isinstance(move, PlayLure):
        lure, color = tackle_name("lure"), colour(move.color)
        if len(move.zones) == 2 and move.zones[0] == move.zones[1]:
            return _("{lure}: remove 2 {colour} bait (both from zone {zone})").format(
                lure=lure, colour=colour(move.color, 2), zone=move.zones[0]
            )
        if len(move.zones) == 2:
            return _("{lure}: remove 2 {colour} bait (zone {zone} and zone {other})").format(
                lure=lure, colour=colour(move.color, 2), zone=move.zones[0], other=move.zones[1]
            )
        return _("{lure}: remove 1 {colour} bait (zone {zone})").format(lure=lure, colour=color, zone=move.zones[0])
    if isinstance(move, PlayReel):
        return _("{reel}: swap the {colour} in zone {zone} with the {other} in zone {other_zone}").format(
            reel=tackle_name("reel"), colour=colour(move.color_a), zone=move.zone_a,
            other=colour(move.color_b), other_zone=move.zone_b,
        )  # fmt: skip
    if isinstance(move, EndTurn):
        return _("End your turn")
    if isinstance(move, SilentDraws):
        if move.count == 1:
            return _("The silent player draws 1 bait (you are behind on fish)")
        return n_("The silent player draws {count} bait", "The silent player draws {count} bait", move.count).format(
            count=move.count
        )
    if isinstance(move, SilentClear):
        if move.choice == "master_angler":
            return _("Give the silent player a second Master Angler card")
        return _("Draw 7 bait from the bag into the discard")
    if isinstance(move, Present):
        if not move.fish:
            return _("Present nothing")
        # a fish the seat holds another of, same species and weight, is told apart by
        # its back: its tag (a point if it matches) and its time (the tie-break)
        seen = Counter((cards.fish_species[f], cards.fish_weight[f]) for f in p.fish or ())
        alike = {f for f in move.fish if seen[cards.fish_species[f], cards.fish_weight[f]] > 1}
        parts = [fish_name(cards, f, True, backs=f in alike) for f in move.fish]
        total = sum(cards.fish_weight[f] for f in move.fish)
        # a presented fish whose tag matches the tag tile is a point (R11.1): said, as
        # the seat's panel marks it, so a choice between fish need not be looked up
        tagged = sum(cards.fish_tag[f] == v.tag for f in move.fish) if v.tag_points else 0
        if tagged:
            return n_(
                "Present {fish}: {weight}, +{count} tag point", "Present {fish}: {weight}, +{count} tag points", tagged
            ).format(fish=listed(parts), weight=pounds(total), count=tagged)
        return _("Present {fish}: {weight}").format(fish=listed(parts), weight=pounds(total))
    assert_never(move)


def mid_sentence(text: str) -> str:
    """An option's words inside a sentence: "played place your 2 on green"."""
    return text[:1].lower() + text[1:]


def targets(move: Move) -> set[str]:
    """What on the board a move is about, as the play screen's click targets name it."""
    if isinstance(move, (PlaceAngler, RemoveAngler)):
        return {move.space}
    if isinstance(move, (Refill, CatchFirst)):
        return {f"zone:{move.zone}"}
    if isinstance(move, (TakeMasterAngler, BaitTo)) and move.card is not None:
        return {f"card:{move.card}"}
    if isinstance(move, Catch) and not move.deck_top:
        return {f"fish:{move.location}:{move.zone}"}
    return set()


def _space(space: str, face: int) -> str:
    if space == "port":
        return n_("the Port (1 action)", "the Port ({count} actions)", face).format(count=face)
    if face == 1:
        return _("{colour} (one {colour} bait from each zone)").format(colour=colour(space))
    return _("{colour} (every {colour} bait from each zone)").format(colour=colour(space))


PLURALS: Final = {"inaccuracy": "inaccuracies"}  # nouns whose plural is not the noun and an s


def quantity(n: int, noun: str) -> str:
    """ "1 game", "2 games", "1,000 games", "3 inaccuracies"."""
    return f"{n:,} {noun if n == 1 else PLURALS.get(noun, noun + 's')}"


def counted(names: Iterable[str], points: Mapping[str, int] | None = None, sep: str | None = None) -> str:
    """Names in first-seen order, each once with its count: "Crab ×3, Ray"; with `points`,
    each followed by its points ("Mystery Weight ×2 (1 each)", "Shore contest 5"); `sep`
    between them (a line each in a narrow column, where "Dogfish," would not fit; the
    language's list separator by default)."""
    counts = Counter(names)
    said = []
    for name, n in counts.items():  # a count never wraps apart from its name ("Conger Eel" / "×2")
        if points is None:
            said.append(f"{name}{KEEP}×{n}" if n > 1 else name)
        elif n > 1:
            said.append(
                _("{name} ×{count} ({points} each)")
                .format(name=name, count=n, points=points[name])
                .replace(" ×", KEEP + "×", 1)
            )
        else:
            said.append(f"{name} {points[name]}")
    return (separator() if sep is None else sep).join(said)


def refusal(refused: IllegalMove) -> str:
    """Why the engine refused a move, in the language in use: its template (a catalog
    message, scripts/catalog_messages.py::engine_words) with the game's words in it translated
    ("the red space is occupied", « l'emplacement rouge est occupé »)."""
    return spoken(refused.template, refused.said)


def spoken(template: str, said: Mapping[str, object]) -> str:
    """A template said in no language (the engine's refusal, a server's reply) in the
    language in use: looked up in the catalog, its values put in, the game's words among
    them (a space, a colour, a tackle, a location, the engine's question) translated."""
    values = {name: _SAID_WORDS.get(name, str)(value) for name, value in said.items()}
    return _(template).format(**values)


_SAID_WORDS: Final[dict[str, Callable[[Any], str]]] = {
    "space": lambda space: word("things", "port") if space == "port" else colour(space),
    "color": colour,
    "kind": tackle_name,
    "location": location_name,
    "pending": _,  # the engine's question (engine.phases.ASKS), a catalog message too
}


def space_name(space: str) -> str:
    """An angler space as a sentence names it: "the Port", or its color."""
    return _("the Port") if space == "port" else colour(space)


def space_place(space: str) -> str:
    """An angler space as a move's destination names it: "the Port", "the yellow space"
    (« le Port », « l'emplacement jaune »: a French read saw « à l'emplacement le Port »)."""
    return _("the Port") if space == "port" else _("the {colour} space").format(colour=colour(space))


def turn_of(name: str) -> str:
    """Whose turn it is: "Ana's turn"; "Your turn" for a player who named themselves You
    (the table said "You's turn")."""
    if name.strip().casefold() == "you":
        return _("Your turn")
    return _("{name}'s turn").format(name=name)


def round_of(turn: int, seats: int) -> int:
    """The round a turn falls in, counted from 1: one turn of every seat (the silent
    player's too), as the status bar counts it."""
    return (turn - 1) // seats + 1


def whose_turn(v: View, names: Sequence[str]) -> str:
    """Where the game stands, for a header: "Round 4 · Ana's turn · Step 2". A round is
    one turn of every seat (the silent player's too), so it matches the table's count."""
    if v.phase == OVER:
        return _("Game over")
    if v.phase == "present":
        return _("End contests: {location}").format(location=location_name(LOCATIONS[CONTEST_ORDER[v.contest]]))
    parts = [_("Round {round}").format(round=round_of(v.turn, len(v.seats))), turn_of(names[v.active])]
    if v.step:
        parts.append(_("Step {step}").format(step=v.step))
    if v.end_trigger >= 0:
        parts.append(last_round(v, names))
    return " · ".join(parts)


def last_round(v: View, names: Sequence[str]) -> str:
    """R9.2 — after the end is triggered, every other seat plays once more; `final_turns`
    counts the turns still to play, this one included. Who plays after this turn is
    named: "1 more turn" on Cy's turn read as if Cy's were the last, with Ana's to come."""
    after = v.final_turns - 1
    if after <= 0:
        return _("last round: the last turn")
    still = [names[(v.active + i) % len(names)] for i in range(1, after + 1)]
    if after == 1:
        return _("last round: then {name}, the last turn").format(name=still[0])
    # Translators: {names} is "Bo and Cy" ("{first} and {last}")
    return _("last round: then {names}, the last turns").format(names=both(still))


def both(names: Sequence[str]) -> str:
    """ "Bo and Cy", "Bo, Cy and Di"."""
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}").format(first=listed(names[:-1]), last=names[-1])


def end_in_sight(v: View, short: bool = False) -> str:
    """R9.1 as a player at the table counts it, before the end is triggered: the most fish
    any seat holds against twelve, and the deck nearest empty (a location whose deck
    cannot refill it to four cards ends the game). `short`: for 80 columns."""
    most = max(len(seat.species) for seat in v.seats)
    leader = next(seat.name for seat in v.seats if len(seat.species) == most)
    left = [sum(deck.values()) for deck in v.decks]
    low = min(range(len(left)), key=lambda i: (left[i], i))
    location = location_name(LOCATIONS[low])
    if short:
        return _("end: {fish} fish ({leader} {most}) · {location} deck {left}").format(
            fish=FISH_TO_END, leader=leader, most=most, location=location, left=left[low]
        )
    return _("end: {fish} fish ({leader} {most}) or an empty deck ({location} {left})").format(
        fish=FISH_TO_END, leader=leader, most=most, location=location, left=left[low]
    )


def pending(v: View, options: Sequence[Move] | None = None) -> str:
    """What decision is pending, in a sentence, for the seat to act: the engine's own
    words for the phase (engine.phases.ASKS), with what this position adds. With its
    `options`, a step that offers no tackle does not say "(or play tackle)" (it did
    beside "Tackle none")."""
    asks = ASKS[v.phase].asks
    phase = v.phase
    match phase:
        case "place" | "remove":
            if options is not None and not any(isinstance(m, PlayLure | PlayReel) for m in options):
                asks = asks.removesuffix(" (or play tackle)")
            said = _(asks)
        case "after" | "catch_order" | "silent_draws" | "silent_clear" | "over":
            said = _(asks)
        case "port":
            said = _("{asks} ({count} left)").format(asks=_(asks), count=v.ports_left)
        case "bait":  # one decision a bait: which one this is, and how many come after it
            # "to place": "…your zone 5, the last)" read as zone 5's last bait, the zone
            # emptied (a newcomer's read), where it is the last of these bait to place
            zone = v.bait_queue[0] if v.bait_queue else "?"
            after = len(v.bait_queue) - 1
            color = colour(v.action_color) if v.action_color else "?"
            if after > 0:
                said = n_(
                    "{asks} (the {colour} bait from your zone {zone}, then {count} more to place)",
                    "{asks} (the {colour} bait from your zone {zone}, then {count} more to place)",
                    after,
                ).format(asks=_(asks), colour=color, zone=zone, count=after)
            else:
                said = _("{asks} (the {colour} bait from your zone {zone}, the last to place)").format(
                    asks=_(asks), colour=color, zone=zone
                )
        case "catch":
            said = _("{asks} (your zone {zone} is empty)").format(asks=_(asks), zone=v.catch_zone)
        case "present":
            location = contest_name(LOCATIONS[CONTEST_ORDER[v.contest]])
            said = _("{contest}: {asks}").format(contest=location, asks=_(asks))
        case "action_done" | "turn_done":  # never pending outside engine.game.apply
            said = _(asks)
        case _:
            assert_never(phase)
    return _("{sentence}.").format(sentence=said[:1].upper() + said[1:])


def narrate(
    cards: Cards, names: Sequence[str], seat: int, move: Move, events: Sequence[events.Event], viewer: int | None
) -> list[str]:
    """A ply in lines, each under the name of who did it: the mover's line first ("Ana:
    places a 2 on purple; …"), then a line for each run of what another seat or the
    table did because of it (a contest's entries, the end of the game)."""
    return [_line(names, subject, clauses) for subject, clauses in narrated(cards, names, seat, move, events, viewer)]


def narrated(
    cards: Cards, names: Sequence[str], seat: int, move: Move, events: Sequence[events.Event], viewer: int | None
) -> list[tuple[int | None, list[str]]]:
    """`narrate`'s lines before they are written: each run's clauses under the seat that
    did them (None: the table — a contest's ranking, the next Mystery Weight)."""
    groups: list[tuple[int | None, list[str]]] = [(seat, [_("ends the turn")] if isinstance(move, EndTurn) else [])]
    for subject, text in _clauses(cards, names, events, viewer):
        if subject == groups[-1][0]:
            groups[-1][1].append(text)
        else:
            groups.append((subject, [text]))
    if not groups[0][1]:
        if isinstance(move, Present | PresentUnseen):  # which fish stays hidden until the contest (R10.1)
            groups[0][1].append(
                _("chooses what to present at the {location}").format(location=location_name(move.location))
            )
        elif isinstance(move, CatchFirst):  # R5.4: the catch itself comes with the next decision
            groups[0][1].append(_("chooses zone {zone}'s catch to come first").format(zone=move.zone))
        elif len(groups) == 1:
            groups[0][1].append(_("nothing happens"))
        else:
            groups.pop(0)
    return groups


def narrate_line(
    cards: Cards, names: Sequence[str], seat: int, move: Move, events: Sequence[events.Event], viewer: int | None
) -> str:
    """A ply on one line (a replay's move list)."""
    return " — ".join(narrate(cards, names, seat, move, events, viewer))


class Played(Protocol):
    """A ply as a game's history keeps it (a session's, a server's table's)."""

    @property
    def seat(self) -> int: ...
    @property
    def move(self) -> Move: ...
    @property
    def events(self) -> Sequence[events.Event]: ...
    @property
    def stand_in(self) -> StandIn | None: ...


P = TypeVar("P", bound=Played)


def since_last_turn(plies: Sequence[P], seat: int) -> list[P]:
    """The plies since `seat`'s last own move, oldest first (a server's bot playing
    for the seat counts as another's: its player was away)."""
    recent: list[P] = []
    for ply in reversed(plies):
        if ply.seat == seat and ply.stand_in is None:
            # presenting last, the seat's own move closed a contest (R10.2): its
            # ranking and trophies came after the choice, and the strip left them out
            if any(isinstance(e, events.ContestRanked) for e in ply.events):
                recent.append(ply)
            break
        recent.append(ply)
    return recent[::-1]


def said_at_once(cards: Cards, happened: Sequence[events.Event], seat: int | None) -> str | None:
    """What the table tells the seat at the keyboard of its own move, above its next
    question: its catches ("You catch a Perch (4 lb) in Lake zone 3.": a newcomer saw the
    zone refilled with the same species and thought the catch had failed), the Master
    Angler cards it filled, the tackle token its zone 5 drew (a whole-game read: a Lure
    appeared in the panel with nothing saying where from), and the trophies it took
    (`trophies_taken`)."""
    caught = [_catch_said(cards, e) for e in happened if isinstance(e, events.FishCaught) and e.seat == seat]
    caught += [
        _master_angler_said(cards, e) for e in happened if isinstance(e, events.MasterAnglerCaught) and e.seat == seat
    ]
    caught += [
        _("You draw a {tackle} (your zone 5 emptied): it plays from your next step.").format(tackle=tackle_name(e.kind))
        for e in happened
        if isinstance(e, events.TackleDrawn) and e.seat == seat
    ]
    trophies = trophies_taken(happened, seat)
    if not caught and trophies is None:
        return None
    return sentences([*caught, *([trophies] if trophies else [])])


def ended_by_itself(
    move: Move, happened: Sequence[events.Event], seat: int | None, tackle: Callable[[], Sequence[str]]
) -> str | None:
    """The seat's turn ended with no "End the turn" chosen while it held a Lure or a Reel:
    neither could be played then (R7.4, R7.5: they need bait to act on). A newcomer
    holding a Lure and a Rod saw the turn end and did not know why (lesson 5 says the turn
    waits while tackle is in hand). A Rod or a Line alone is no reason to wait (they are
    played at a catch), and said after every turn it would be noise. `tackle`: the
    seat's, asked only where its turn ended (a View a move is not free)."""
    if seat is None or isinstance(move, EndTurn):
        return None
    if not any(isinstance(e, events.TurnEnded) and e.seat == seat for e in happened):
        return None
    if not {"lure", "reel"} & set(tackle()):
        return None
    return _("Your turn ended: your Lure or Reel had nothing to act on.")


def _master_angler_said(cards: Cards, e: events.MasterAnglerCaught) -> str:
    """A Master Angler card filled (R5.2): its last bait went on with no catch said, and
    a newcomer saw the card leave the zones line without knowing it had scored."""
    card = master_angler_name(cards, e.card)
    return _("You catch the Master Angler {card} (+1 VP): its slots are all filled.").format(card=card)


def _catch_said(cards: Cards, e: events.FishCaught) -> str:
    fish = fish_name(cards, e.card, True)
    if e.how == "deck_top":  # the deck's top card is no fish "in River zone 6"
        deck = location_name(e.location)
        return _("You take a {fish} from the top of the {deck} deck.").format(fish=fish, deck=deck)
    return _("You catch a {fish} in {place}.").format(fish=fish, place=where(e.location, e.zone))


def trophies_taken(happened: Iterable[events.Event], seat: int | None) -> str | None:
    """The trophies `seat` took during play (R8) as the table tells its player
    ("You take the Mystery Weight (6 VP) trophy."): in the event log alone a newcomer
    took three Mystery Weights without noticing. One sentence a move, however many it
    took; none for a contest's trophy (R10), which the contest's own lines and the
    results say."""
    taken = [
        _("{trophy} ({points} VP)").format(trophy=TROPHY_NAMES.get(e.trophy, e.trophy), points=e.points)
        for e in happened
        if isinstance(e, events.TrophyTaken) and e.seat == seat and e.trophy not in CONTEST_TROPHY
    ]
    if not taken:
        return None
    if len(taken) == 1:
        return _("You take the {trophy} trophy.").format(trophy=taken[0])
    return _("You take the {trophies} trophies.").format(trophies=both(taken))


def in_order(asking: View, options: Iterable[Move], cards: Cards) -> list[Move]:
    """The options as the table lists them: the engine's order, but a presentation's
    heaviest first."""
    listed = list(options)
    if asking.phase == "present":
        weight = cards.fish_weight

        def heaviest(m: Move) -> tuple[int, int]:
            fish = m.fish if isinstance(m, Present) else ()
            return -sum(weight[f] for f in fish), len(fish)

        listed.sort(key=heaviest)
    return listed


def since_runs(
    cards: Cards, names: Sequence[str], plies: Sequence[Played], seat: int
) -> list[tuple[str | None, list[str]]]:
    """What `plies` did, as `seat` may know it, a run a seat: "Bo", ["places a 2 on
    yellow", "takes the 2 off the Port", …]; a server's bot playing a seat named so;
    what the table did (the next Mystery Weight, a contest's ranking) under no name
    (it read "The next Mystery Weight is 6 lb: .")."""
    runs: list[tuple[str | None, list[str]]] = []

    def add(who: str | None, clauses: Sequence[str]) -> None:
        if runs and runs[-1][0] == who:
            runs[-1][1].extend(clauses)
        elif clauses:
            runs.append((who, list(clauses)))

    held = {e.location for ply in plies for e in ply.events if isinstance(e, events.ContestRanked)}
    for ply in bait_joined(plies):
        bot = ply.stand_in is not None
        if isinstance(ply.move, Present | PresentUnseen) and ply.move.location in held:
            # a contest held since the seat's last turn is one line, its entries and
            # trophies in it: told one by one, the strip's three lines ended before the
            # second place's trophy ("Ana: takes the Shore contest trophy… F7: all")
            rest = [e for e in ply.events if not _of_a_contest(e)]
            for subject, text in _clauses(cards, names, rest, seat):
                add(None if subject is None else _seat_name(names, subject, bot and subject == ply.seat), [text])
            for e in ply.events:
                if isinstance(e, events.ContestRanked):
                    add(None, [contest_held(names, e, ply.events)])
            continue
        for subject, clauses in narrated(cards, names, ply.seat, ply.move, ply.events, seat):
            add(None if subject is None else _seat_name(names, subject, bot and subject == ply.seat), clauses)
    return runs


def _seat_name(names: Sequence[str], seat: int, bot: bool) -> str:
    """A seat's name in the since strip; a server's bot playing for it, named so."""
    return _("{name} (a bot)").format(name=names[seat]) if bot else names[seat]


def _of_a_contest(e: events.Event) -> bool:
    """An event a contest's line sums up: an entry, a contest's trophy, the ranking."""
    contest_trophy = isinstance(e, events.TrophyTaken) and e.trophy in CONTEST_TROPHY
    return contest_trophy or isinstance(e, events.Presented | events.ContestRanked)


def contest_held(names: Sequence[str], ranked: events.ContestRanked, happened: Sequence[events.Event]) -> str:
    """A contest in a line, its ranking with each seat's total and trophy: "Shore contest:
    Ana 14 lb (5 VP), Bo 6 lb (3 VP)"."""
    weight = {e.seat: e.weight for e in happened if isinstance(e, events.Presented) and e.location == ranked.location}
    trophy = f"{ranked.location}_contest"
    points = {e.seat: e.points for e in happened if isinstance(e, events.TrophyTaken) and e.trophy == trophy}
    entries = []
    for s in ranked.ranking:
        entry = _("{name} {weight}").format(name=names[s], weight=pounds(weight.get(s, 0)))
        if s in points:
            entry = _("{entry} ({points} VP)").format(entry=entry, points=points[s])
        entries.append(entry)
    return _("{contest}: {order}").format(contest=contest_name(ranked.location), order=listed(entries) or _("nobody"))


@dataclass(frozen=True)
class _Joined:
    """Plies told as one (`bait_joined`)."""

    seat: int
    move: Move
    events: Sequence[events.Event]
    stand_in: StandIn | None


def bait_joined(plies: Sequence[Played]) -> list[Played]:
    """`plies`, each run of one seat's bait decisions (R5.1: a ply a bait) joined into one,
    so that its bait are told as the event log tells one move's: "2 blue bait from zone 6
    to the discard", where the strip said "1 blue bait from zone 6 to the discard" twice
    over (a whole-game read)."""
    joined: list[Played] = []
    for ply in plies:
        last = joined[-1] if joined else None
        if (
            last is not None
            and isinstance(ply.move, BaitTo)
            and isinstance(last.move, BaitTo)
            and (last.seat, last.stand_in) == (ply.seat, ply.stand_in)
        ):
            joined[-1] = _Joined(ply.seat, last.move, [*last.events, *ply.events], ply.stand_in)
        else:
            joined.append(ply)
    return joined


def run_said(who: str | None, clauses: Sequence[str]) -> str:
    """A run of clauses as one sentence, under `who` ("Bo: places …; takes …"), or the
    table's own, under no name and begun in capitals ("The next Mystery Weight is 6 lb")."""
    # Translators: between the clauses of one seat's run ("places a 2 on purple; takes the 1 off the Port")
    text = _("; ").join(clauses)
    return _("{name}: {what}").format(name=who, what=text) if who else text[:1].upper() + text[1:]


def _line(names: Sequence[str], subject: int | None, clauses: list[str]) -> str:
    return run_said(None if subject is None else names[subject] if subject < len(names) else "?", clauses)


def _clauses(
    cards: Cards, names: Sequence[str], happened: Sequence[events.Event], viewer: int | None
) -> list[tuple[int | None, str]]:
    """(who, what) for each thing that happened, as `viewer` may know it; who is a seat,
    or None for the table (a contest's ranking, a deck running short)."""
    clauses: list[tuple[int | None, str]] = []
    # a Rod or Line is played for a catch, which says "with a Rod": "plays a Rod; catches
    # a Roach … with a Rod" said it twice (a whole-game read)
    caught_with = {k for e in happened if isinstance(e, events.FishCaught | FishCaughtUnseen) for k in e.how.split("+")}
    i = 0
    while i < len(happened):
        e = happened[i]
        subject = getattr(e, "seat", None)
        if isinstance(e, events.TacklePlayed) and e.kind in caught_with:
            i += 1
            continue
        if isinstance(e, events.BaitRemoved):  # group a run of the same bait to the same place
            run = cast("Sequence[events.BaitRemoved]", _run(happened, i))
            to = _("the discard") if e.card is None else master_angler_name(cards, e.card, the=True)
            moved = n_("{count} {colour} bait {zones} to {to}", "{count} {colour} bait {zones} to {to}", len(run))
            said = moved.format(count=len(run), colour=colour(e.color, len(run)), zones=zones_of(run), to=to)
            clauses.append((subject, said))
            i += len(run)
            continue
        if isinstance(e, events.NothingToDo):  # a 2 on the Port: two actions, said once
            idle = _run(happened, i)
            said = n_(
                "the Port action can do nothing",
                "the Port's {count} actions can do nothing",
                len(idle),
            ).format(count=len(idle))
            clauses.append((subject, said))
            i += len(idle)
            continue
        if isinstance(e, events.BaitDrawn):
            drawn = [x for x in _run(happened, i) if isinstance(x, events.BaitDrawn)]
            said = listed(colour(x.color) for x in drawn)
            clauses.append((subject, _("draws {colours} into zone {zone}").format(colours=said, zone=e.zone)))
            i += len(drawn)
            continue
        text = _event(cards, names, e if viewer == EVERYONE else seen(e, viewer, cards))
        if text:
            clauses.append((subject, text))
        i += 1
    return clauses


def zones_of(removed: Sequence[events.BaitRemoved]) -> str:
    """Where bait came from, said: "from zone 5", "from zones 3 and 6". Two bait of one
    colour from two zones, each its own decision, read as one line said twice when the
    zone went unsaid (issue 52.2)."""
    zones = sorted({e.zone for e in removed})
    if len(zones) == 1:
        return _("from zone {zone}").format(zone=zones[0])
    return _("from zones {zones}").format(zones=numbers_listed([str(z) for z in zones]))


def numbers_listed(values: Sequence[str]) -> str:
    """Numbers in a list as the language writes them: "3, 4 and 6", « 3, 4 et 6 »,
    「3・4・6」 (a Japanese read: 「ゾーン3、4と6」 copied the English)."""
    out = values[0]
    for i, value in enumerate(values[1:], 1):
        # Translators: numbers in a list, "3, 4" then "3, 4 and 6" (Japanese 「3・4・6」)
        last = i == len(values) - 1
        out = (_("{numbers} and {number}") if last else _("{numbers}, {number}")).format(numbers=out, number=value)
    return out


def _run(happened: Sequence[events.Event], start: int) -> Sequence[events.Event]:
    """The events from `start` on that narrate as one clause: the same bait to the same
    place, or bait drawn into the same zone."""

    def key(e: events.Event) -> tuple[object, ...] | None:
        if isinstance(e, events.BaitRemoved):
            return ("removed", e.seat, e.color, e.card)
        if isinstance(e, events.BaitDrawn):
            return ("drawn", e.zone)
        if isinstance(e, events.NothingToDo):
            return ("idle", e.seat)
        return None

    first = key(happened[start])
    end = start + 1
    while end < len(happened) and key(happened[end]) == first:
        end += 1
    return happened[start:end]


def _event(cards: Cards, names: Sequence[str], event: events.Event) -> str:
    """What happened, without who did it (narrate puts each clause under its seat's name)."""
    # every Event is one of AnyEvent or a redacted stand-in: mypy checks each is handled
    e = cast("events.AnyEvent | FishCaughtUnseen | LocationRefilledUnseen | TackleDrawnUnseen", event)
    if isinstance(e, events.AnglerPlaced):
        if e.space == "port":
            return _("places a {face} on {space}").format(face=e.face, space=space_name(e.space))
        # a colour's space, a message of its own: « sur le rouge », as the options say it
        return _("places a {face} on {colour}").format(face=e.face, colour=colour(e.space))
    if isinstance(e, events.AnglerRemoved):
        if e.space == "port":  # « retire le 2 du Port », not « de le Port »
            return _("takes the {face} off the Port").format(face=e.face)
        return _("takes the {face} off {colour}").format(face=e.face, colour=colour(e.space))
    if isinstance(e, events.FishCaught):  # the viewer's own, or everyone's in a full replay
        return _caught(fish_name(cards, e.card, True), e.location, e.zone, e.how)
    if isinstance(e, FishCaughtUnseen):
        return _caught(species(e.species), e.location, e.zone, e.how)
    if isinstance(e, events.NoCatch):
        return _("zone {zone} empties but {place} has no fish").format(
            zone=e.board_zone, place=where(e.location, e.zone)
        )
    if isinstance(e, events.ClearBaitDrawn):
        # R4.5: the whole discard goes back into the bag ("the clear bait! 4 bait return
        # from the discard to the bag" read as an exclamation, not as what happened)
        if not e.returned:
            return _("draws the clear bait: the discard is empty")
        return n_(
            "draws the clear bait: the discard's {count} bait goes back into the bag",
            "draws the clear bait: the discard's {count} bait go back into the bag",
            e.returned,
        ).format(count=e.returned)
    if isinstance(e, events.RefillStopped):
        return _("the bag runs dry: zone {zone} stays short").format(zone=e.zone)
    if isinstance(e, events.NothingToDo):
        return _("the Port action can do nothing")
    if isinstance(e, events.MasterAnglerTaken):
        card = master_angler_name(cards, e.card, the=True)
        return (_("takes {card} from the deck") if e.from_deck else _("takes {card}")).format(card=card)
    if isinstance(e, events.MasterAnglerCaught):
        return _("catches the Master Angler {card} (+1 VP)").format(card=master_angler_name(cards, e.card))
    if isinstance(e, events.TackleDrawn):
        return _("draws a {tackle}").format(tackle=tackle_name(e.kind))
    if isinstance(e, TackleDrawnUnseen):
        return _("draws a tackle token")
    if isinstance(e, events.TacklePlayed):
        return _("plays a {tackle}").format(tackle=tackle_name(e.kind))
    if isinstance(e, events.TackleReshuffled):
        return _("the used tackle is shuffled into a new deck")
    if isinstance(e, events.BaitSwapped):
        return _("swaps {colour} (zone {zone}) with {other} (zone {other_zone})").format(
            colour=colour(e.color_a), zone=e.zone_a, other=colour(e.color_b), other_zone=e.zone_b
        )
    if isinstance(e, events.LocationShort):
        return _("the {location} deck cannot refill its zones").format(location=location_name(e.location))
    if isinstance(e, events.FishRevealed):
        return _("reveals a {weight} {species}").format(weight=pounds(e.weight), species=species_of(cards, e.card))
    if isinstance(e, events.TrophyTaken):
        return _("takes the {trophy} trophy ({points} VP)").format(
            trophy=TROPHY_NAMES.get(e.trophy, e.trophy), points=e.points
        )
    if isinstance(e, events.MysteryWeightRevealed):
        return _("the next Mystery Weight is {weight}").format(weight=pounds(e.weight))
    if isinstance(e, events.AnglerKept):
        return _("keeps a {face}").format(face=e.face)
    if isinstance(e, events.EndTriggered):
        if e.reason == "twelve_fish":
            return _("triggers the end (12 fish): everyone else plays one last turn")
        return _("triggers the end (a location ran out of fish): everyone else plays one last turn")
    if isinstance(e, events.SilentDrew):
        return _("the silent player draws {colour}").format(colour=colour(e.color))
    if isinstance(e, events.AnglerMoved):  # from the Port a message of its own (French « du Port »)
        to = space_place(e.to_space)
        if e.from_space == "port":
            return _("moves the token on the Port to {other}").format(other=to)
        return _("moves the token on the {colour} space to {other}").format(colour=colour(e.from_space), other=to)
    if isinstance(e, events.DiscardSeeded):
        return n_(
            "{count} bait goes from the bag to the discard",
            "{count} bait go from the bag to the discard",
            len(e.colors),
        ).format(count=len(e.colors))
    if isinstance(e, events.Presented):
        if not e.fish:
            return _("presents nothing")
        fish = listed(fish_name(cards, f, True) for f in e.fish)
        return _("presents {fish}: {weight}").format(fish=fish, weight=pounds(e.weight))
    if isinstance(e, events.ContestRanked):
        order = listed(names[s] for s in e.ranking) or _("nobody")
        return _("{contest}: {order}").format(contest=contest_name(e.location), order=order)
    if isinstance(e, events.GameEnded):
        return _("the game is over: {name} wins").format(name=names[e.winner])
    if isinstance(e, SHOWN_BY_THE_BOARD):
        return ""
    assert_never(e)


# Events the board itself shows (bait runs are grouped into one clause by narrate).
SHOWN_BY_THE_BOARD = (
    events.TurnEnded, events.LocationRefilled, LocationRefilledUnseen, events.ClearBaitReturned, events.DisplayRefilled,
    events.BaitRemoved, events.BaitDrawn,
)  # fmt: skip


def _caught(fish: str, location: str, zone: int, how: str) -> str:
    """ "catches a Roach (2 lb) in River zone 3 with a Rod": a catch, and how it was made."""
    place = where(location, zone)
    if how == "rod":
        return _("catches a {fish} in {place} with a {rod}").format(fish=fish, place=place, rod=tackle_name("rod"))
    if how == "line":
        return _("catches a {fish} in {place} with a {line}").format(fish=fish, place=place, line=tackle_name("line"))
    if how == "rod+line":
        return _("catches a {fish} in {place} with a {rod} and a {line}").format(
            fish=fish, place=place, rod=tackle_name("rod"), line=tackle_name("line")
        )
    if how == "deck_top":
        return _("catches a {fish} in {place} from the top of the deck").format(fish=fish, place=place)
    return _("catches a {fish} in {place}").format(fish=fish, place=place)  # with bait, or the silent player's


# Why a bot played a human seat's move in a server's room (engine.log.StandIn), after
# "a bot, for": the seat's player was away past the takeover time, resigned, or ran out
# of time on the room's clock.
_STAND_IN_WORDS: Final = {
    "away": N_("an away player"),
    "resigned": N_("a resigned player"),
    "time": N_("a player out of time"),
}
STAND_IN_WHY: Final = Named(lambda why: _(_STAND_IN_WORDS[why]), _STAND_IN_WORDS)
