"""Damaged and forged game logs, made from real ones by a seeded mutator, and the oracle
that judges what cwtui makes of each.

A variant is either *damaged* (bytes changed as a disk, an editor or a careless hand
would change them, digests left as they were) or *forged* (a fact changed and every
digest recomputed, as someone who knows the format would). The oracle:

- nothing raises but the reader's own LogFormatError (reader, replay opening, the
  listing read) and no command crashes;
- `verify` says OK only for what is exactly the original game or a prefix of it (a
  game cut short by a crash is genuine); anything else it must report;
- the history loader loads a variant exactly when the engine's reader accepts it (or
  records it as a copy of the same game), skips it with the reader's own reason
  otherwise, and a good log loaded beside it always loads.

Forgeries of facts that no replay can check (a human seat's name, the `created`
stamp, the game id, a bot seat relabelled human) are not made: the digests catch them
only when they are not recomputed, which the damaged variants cover.
"""

from __future__ import annotations

import json
import os
import shutil
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from helpers import reseal

from cwtui.game.logfile import last_record, read_log
from cwtui.game.replaying import open_replay
from cwtui.game.verification import verify_log
from cwtui.history.loader import load
from engine.cards import Cards
from engine.errors import LogFormatError
from engine.log import GameLog
from engine.rng import Rng

INVALID_UTF8 = (b"\xff", b"\xfe\xfe", b"\xc3\x28", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\x80", b"\xe2\x82")
HUGE = (2**64, 2**63, -(2**63) - 1, 10**30, -1)
BOT_KINDS = ("random", "greedy", "medium", "hard")


@dataclass(frozen=True)
class Variant:
    name: str  # what was done, for the report
    kind: str  # the mutator
    data: bytes | None  # None: a folder where the log should be
    forged: bool  # digests recomputed after the change
    source: Path  # the real log it came from


@dataclass
class FuzzReport:
    variants: int = 0
    by_kind: Counter[str] = field(default_factory=Counter)
    verdicts: Counter[str] = field(default_factory=Counter)  # ok / failed
    tracebacks: list[str] = field(default_factory=list)  # an exception that escaped
    undetected: list[str] = field(default_factory=list)  # verify said OK to a changed game
    good_lost: list[str] = field(default_factory=list)  # a good log that did not load beside a variant
    loader_disagrees: list[str] = field(default_factory=list)  # loaded what the reader refuses, or the reverse

    def summary(self) -> str:
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.by_kind.items()))
        return (
            f"{self.variants} variants ({kinds}); verify: {self.verdicts['ok']} OK (prefixes of the real game), "
            f"{self.verdicts['failed']} FAILED; tracebacks {len(self.tracebacks)}, "
            f"undetected tampering {len(self.undetected)}, good logs lost {len(self.good_lost)}, "
            f"loader/reader disagreements {len(self.loader_disagrees)}"
        )

    @property
    def problems(self) -> list[str]:
        return self.tracebacks + self.undetected + self.good_lost + self.loader_disagrees


# Mutators: each takes the log's lines (with newlines) and the stream; returns the new
# bytes (or None for a folder) and a note.

Lines = list[bytes]


def truncate(lines: Lines, rng: Rng) -> tuple[bytes, str]:
    data = b"".join(lines)
    cut = rng.below(len(data))
    return data[:cut], f"cut at byte {cut}"


def flip(lines: Lines, rng: Rng) -> tuple[bytes, str]:
    data = bytearray(b"".join(lines))
    where = []
    for _ in range(1 + rng.below(3)):
        i = rng.below(len(data))
        data[i] ^= 1 + rng.below(255)
        where.append(i)
    return bytes(data), f"bytes {where} flipped"


def bad_utf8(lines: Lines, rng: Rng) -> tuple[bytes, str]:
    i = rng.below(len(lines))
    line = lines[i]
    quotes = [j for j in range(len(line)) if line[j : j + 1] == b'"']
    at = quotes[rng.below(len(quotes))] + 1 if quotes else 0
    junk = INVALID_UTF8[rng.below(len(INVALID_UTF8))]
    out = [*lines[:i], line[:at] + junk + line[at:], *lines[i + 1 :]]
    return b"".join(out), f"line {i + 1}: {junk!r} inside a string"


def deep(lines: Lines, rng: Rng) -> tuple[bytes, str]:
    i = rng.below(len(lines))
    depth = 1000 * (1 + rng.below(200))
    nest = b"[" * depth + b"]" * depth if rng.below(2) else b'{"a":' * depth + b"1" + b"}" * depth
    out = [*lines[:i], lines[i].replace(b"{", b'{"x":' + nest + b",", 1), *lines[i + 1 :]]
    return b"".join(out), f"line {i + 1}: nested {depth} deep"


def shuffle_lines(lines: Lines, rng: Rng) -> tuple[bytes, str]:
    out = list(lines)
    i, j = rng.below(len(out)), rng.below(len(out))
    how = rng.below(5)
    if how == 0:
        del out[i]
        note = f"line {i + 1} deleted"
    elif how == 1:
        out.insert(i, out[j])
        note = f"line {j + 1} repeated at {i + 1}"
    elif how == 2:
        out[i], out[j] = out[j], out[i]
        note = f"lines {i + 1} and {j + 1} swapped"
    elif how == 3:
        out.insert(i, b"\n")
        note = f"blank line at {i + 1}"
    else:
        out.insert(i, out[i].rstrip(b"\n"))  # a line run into the next
        del out[i + 1]
        note = f"line {i + 1} lost its newline"
    return b"".join(out), note


def whole_file(lines: Lines, rng: Rng) -> tuple[bytes | None, str]:
    choice = rng.below(8)
    if choice == 0:
        return b"", "empty"
    if choice == 1:
        return None, "a folder"
    if choice == 2:
        return bytes(rng.below(256) for _ in range(1 + rng.below(4000))), "random bytes"
    if choice == 3:
        return lines[0], "the header alone"
    if choice == 4:
        return b"\0" * (1 + rng.below(100_000)), "NUL bytes"
    if choice == 5:
        return b'{"kind":"ply",' + b'"x":"' + b"a" * (2 << 20) + b'"}\n', "one 2 MB line"
    if choice == 6:
        return b"".join(lines) + lines[-1], "the footer twice"
    return b"".join(lines) * 2, "the log twice"


def field_change(lines: Lines, rng: Rng) -> tuple[bytes, str]:
    """A value anywhere in a line, changed to another of its kind or of another kind."""
    i = rng.below(len(lines))
    if not lines[i].endswith(b"\n"):
        i = 0
    record = json.loads(lines[i])
    path, value = _pick_leaf(record, rng)
    new = _other_value(value, rng, lines)
    _set(record, path, new)
    return b"".join([*lines[:i], _dump(record), *lines[i + 1 :]]), f"line {i + 1}: {path} {value!r} -> {new!r}"


def format_change(lines: Lines, rng: Rng) -> tuple[bytes, str]:
    new = [3, 0, 1, -1, 99, "2", None, 2.0][rng.below(8)]
    header = json.loads(lines[0])
    header["format"] = new
    return b"".join([_dump(header), *lines[1:]]), f"format -> {new!r}"


MUTATORS: dict[str, Callable[[Lines, Rng], tuple[bytes | None, str]]] = {
    "truncate": truncate,
    "flip": flip,
    "bad-utf8": bad_utf8,
    "deep": deep,
    "lines": shuffle_lines,
    "file": whole_file,
    "field": field_change,
    "format": format_change,
}


# Forgeries: a checkable fact changed, digests recomputed.


def forge_move(lines: Lines, rng: Rng) -> tuple[bytes, str]:
    """A move replaced by another move of the same decision from elsewhere in the game."""
    plies = [json.loads(line) for line in lines[1:] if line.startswith(b'{"kind":"ply"')]
    i = rng.below(len(plies))
    same = [p for p in plies if p["phase"] == plies[i]["phase"] and p["move"] != plies[i]["move"]]
    if not same:
        return forge_event(lines, rng)
    plies[i]["move"] = same[rng.below(len(same))]["move"]
    return _replace_ply(lines, plies[i]), f"ply {i}: another {plies[i]['phase']} move"


def forge_event(lines: Lines, rng: Rng) -> tuple[bytes, str]:
    plies = [json.loads(line) for line in lines[1:] if line.startswith(b'{"kind":"ply"')]
    with_events = [p for p in plies if p["events"]]
    p = with_events[rng.below(len(with_events))]
    k = rng.below(len(p["events"]))
    how = rng.below(3)
    if how == 0:
        del p["events"][k]
        note = "dropped"
    elif how == 1:
        p["events"].insert(k, p["events"][k])
        note = "repeated"
    else:
        path, value = _pick_leaf(p["events"][k], rng)
        _set(p["events"][k], path, _other_value(value, rng, lines))
        note = f"{path} changed"
    return _replace_ply(lines, p), f"ply {p['ply']}: event {k} {note}"


def forge_outcome(lines: Lines, rng: Rng) -> tuple[bytes, str]:
    """The footer's scores changed so that they still add up and rank (the reader's
    checks pass): only the replay can tell."""
    if not lines[-1].startswith(b'{"kind":"footer"'):
        return forge_event(lines, rng)
    footer = json.loads(lines[-1])
    scores = footer["scores"]
    line = scores[rng.below(len(scores))]
    line["trophies"] += 1 + rng.below(20)
    line["total"] = line["trophies"] + line["master_anglers"] + line["tags"]
    ranked = sorted(scores, key=lambda s: (-s["total"], s["seat"]))
    for rank, s in enumerate(ranked, 1):
        s["rank"] = rank
    footer["winner"] = ranked[0]["seat"]
    return b"".join([*lines[:-1], _dump(footer)]), f"seat {line['seat']} given more trophy points"


def forge_seat(lines: Lines, rng: Rng) -> tuple[bytes, str]:
    """A bot seat made another bot (a human claimed by a bot is caught the same way). A
    seat's kind shows only in the moves it made: the seat chosen has moved since the
    game began (or since the fork, whose earlier moves were the parent's seats')."""
    header = json.loads(lines[0])
    seats = header["config"]["seats"]
    start = header["parent"]["ply"] if header.get("parent") else 0
    moved = sorted({p["seat"] for p in map(json.loads, lines[1:]) if p.get("kind") == "ply" and p["ply"] >= start
                    and p["seat"] < len(seats)})  # fmt: skip
    if not moved:
        return forge_event(lines, rng)
    i = moved[rng.below(len(moved))]
    old = seats[i]["kind"]
    choices = [k for k in ("random", "greedy") if k != old] + (["greedy"] if old == "human" else [])
    seats[i]["kind"] = choices[rng.below(len(choices))]
    return b"".join([_dump(header), *lines[1:]]), f"seat {i}: {old} -> {seats[i]['kind']}"


def forge_setup(lines: Lines, rng: Rng) -> tuple[bytes, str]:
    """The deal: another seed, another card data hash, another player count."""
    header = json.loads(lines[0])
    config = header["config"]
    how = rng.below(3)
    if how == 0:
        config["seed"] = (config["seed"] + 1 + rng.below(1000)) % 2**64
        note = f"seed -> {config['seed']}"
    elif how == 1:
        header["cards"] = header["cards"][:-1] + ("0" if header["cards"][-1] != "0" else "1")
        note = "card hash changed"
    else:
        seats = config["seats"]
        if len(seats) < 4:
            seats.append({"name": "Extra", "kind": "greedy"})
        else:
            seats.pop()
        note = f"{len(seats)} seats"
    return b"".join([_dump(header), *lines[1:]]), note


FORGERIES: dict[str, Callable[[Lines, Rng], tuple[bytes, str]]] = {
    "forge-move": forge_move,
    "forge-event": forge_event,
    "forge-outcome": forge_outcome,
    "forge-seat": forge_seat,
    "forge-setup": forge_setup,
    "forge-field": field_change,  # any value anywhere, resealed: must break the reader or the replay
}


def variants(sources: list[Path], count: int, seed: int) -> Iterator[Variant]:
    rng = Rng(seed)
    kinds = [*MUTATORS, *FORGERIES]
    for n in range(count):
        source = sources[n % len(sources)]
        lines = source.read_bytes().splitlines(keepends=True)
        kind = kinds[rng.below(len(kinds))]
        if kind in MUTATORS:
            data, note = MUTATORS[kind](lines, rng)
            yield Variant(f"{source.name} {kind}: {note}", kind, data, False, source)
        else:
            forged, note = FORGERIES[kind](lines, rng)
            if kind == "forge-field" and _unprovable(note):
                forged, note = forge_event(lines, rng)
            data = b"".join(reseal(forged.splitlines(keepends=True)))
            yield Variant(f"{source.name} {kind}: {note}", kind, data, True, source)


def _unprovable(note: str) -> bool:
    """Header facts no replay can check (see the module's doc): names, stamp, game id,
    engine version, parent, the tag-point variant (it changes a score only when a tag
    was presented), and the digest itself; or a bot seat relabelled human."""
    if not note.startswith("line 1:"):
        return False
    return any(
        key in note
        for key in ("'name'", "'created'", "'game'", "'engine'", "'parent'", "'tag_points'", "'digest'", "'kind'",
                    "'config'/'cards'")
    )  # fmt: skip


def write_variant(variant: Variant, path: Path) -> Path:
    """The variant where a log would be: its bytes, or a folder."""
    if variant.data is None:
        path.mkdir()
    else:
        path.write_bytes(variant.data)
    return path


# The oracle.


class Judge:
    def __init__(self, cards: Cards, work: Path, good: list[Path]) -> None:
        self.cards = cards
        self.work = work
        self.good = good  # logs of other games, loaded beside each batch of variants
        self.report = FuzzReport()
        self.originals: dict[Path, GameLog] = {}

    def original(self, source: Path) -> GameLog:
        if source not in self.originals:
            self.originals[source] = read_log(source)
        return self.originals[source]

    def write(self, variant: Variant, index: int, folder: Path) -> Path:
        return write_variant(variant, folder / f"v{index:05d}.jsonl")

    def judge(self, variants: list[Variant], audit_bots: bool = True) -> None:
        folder = self.work / f"batch-{self.report.variants}"
        folder.mkdir()
        paths = [self.write(v, i, folder) for i, v in enumerate(variants)]
        for variant, path in zip(variants, paths, strict=True):
            self.report.variants += 1
            self.report.by_kind[variant.kind] += 1
            self._read(variant, path)
            self._verify(variant, path, audit_bots)
        self._load(variants, paths, folder)
        shutil.rmtree(folder)

    def _escaped(self, variant: Variant, what: str, exc: BaseException) -> None:
        self.report.tracebacks.append(f"{variant.name}: {what} raised {type(exc).__name__}: {exc}")

    def _read(self, variant: Variant, path: Path) -> None:
        for what, call in (("read_log", read_log), ("last_record", last_record), ("open_replay", open_replay)):
            try:
                call(path)  # type: ignore[operator]
            except LogFormatError:
                pass
            except Exception as exc:
                self._escaped(variant, what, exc)

    def _verify(self, variant: Variant, path: Path, audit_bots: bool) -> None:
        try:
            verdict = verify_log(path, self.cards, bots=audit_bots)
        except Exception as exc:
            self._escaped(variant, "verify", exc)
            return
        self.report.verdicts["ok" if verdict.ok else "failed"] += 1
        if verdict.ok and not self._is_prefix(variant, path):
            self.report.undetected.append(f"{variant.name}: verify said {verdict.text}")

    def _is_prefix(self, variant: Variant, path: Path) -> bool:
        """The game verify accepted is the original, or the original cut short."""
        original = self.original(variant.source)
        accepted = read_log(path)
        n = len(accepted.plies)
        return (
            accepted.header == original.header
            and accepted.plies == original.plies[:n]
            and (accepted.footer is None or (accepted.footer == original.footer and n == len(original.plies)))
        )

    def _load(self, variants: list[Variant], paths: list[Path], folder: Path) -> None:
        good = [folder / f"good-{p.name}" for p in self.good]
        for src, dst in zip(self.good, good, strict=True):
            shutil.copyfile(src, dst)
        db = self.work / f"{folder.name}.duckdb"
        try:
            report = load(db, [folder], [self.cards])
        except Exception as exc:
            self.report.tracebacks.append(f"batch {folder.name}: the loader raised {type(exc).__name__}: {exc}")
            return
        skipped = {str(p): reason for p, reason in report.skipped}
        import duckdb

        con = duckdb.connect(str(db), read_only=True)
        status = {f: (s, g) for f, s, g in con.execute("SELECT file, status, game FROM log_files").fetchall()}
        con.close()
        os.remove(db)
        for path in good:
            if status.get(str(path.resolve()), ("", None))[0] != "loaded":
                self.report.good_lost.append(f"{path.name} beside batch {folder.name}: {status.get(str(path))}")
        for variant, path in zip(variants, paths, strict=True):
            key = str(path.resolve())
            if variant.data is None:
                continue  # a folder is not a log file: the loader does not list it
            try:
                read_log(path)
                reason = None
            except LogFormatError as exc:
                reason = str(exc)
            got = status.get(key, ("missing", None))[0]
            if reason is None and got not in ("loaded", "copy"):
                self.report.loader_disagrees.append(f"{variant.name}: the reader accepts it, the loader: {got}")
            if reason is not None and (got != "skipped" or skipped.get(key) != reason):
                self.report.loader_disagrees.append(
                    f"{variant.name}: the reader says {reason!r}, the loader: {got} {skipped.get(key)!r}"
                )


# JSON helpers: the log's own compact encoding, so an unchanged line keeps its bytes.


def _dump(record: Any) -> bytes:
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def _replace_ply(lines: Lines, ply: dict[str, Any]) -> bytes:
    index = 1 + ply["ply"]
    return b"".join([*lines[:index], _dump(ply), *lines[index + 1 :]])


def _pick_leaf(record: Any, rng: Rng) -> tuple[list[Any], Any]:
    path: list[Any] = []
    node = record
    while isinstance(node, (dict, list)) and node:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if rng.below(4) == 0:
            break  # sometimes a whole object or list
        key = keys[rng.below(len(keys))]
        path.append(key)
        node = node[key]
    return path, node


def _set(record: Any, path: list[Any], value: Any) -> None:
    if not path:
        return
    node = record
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def _other_value(value: Any, rng: Rng, lines: Lines) -> Any:
    if isinstance(value, bool):
        return [not value, 0, None, "true"][rng.below(4)]
    if isinstance(value, int):
        return [value + 1, value - 1, 0, HUGE[rng.below(len(HUGE))], str(value), None, 1.5][rng.below(7)]
    if isinstance(value, str):
        pool = ["", "x" * 300, "greedy", "human", "place", "port", "catch", "red", "shore", "2026-13-40T99:00:00Z",
                value.upper(), value + "\u00e9", "\u202e", "../x", value[:-1]]  # fmt: skip
        return pool[rng.below(len(pool))]
    if isinstance(value, list):
        return [[], value[:-1], [*value, *value[:1]], {}, None][rng.below(5)]
    if isinstance(value, dict):
        return [{}, {**value, "extra": 1}, [], None][rng.below(4)]
    return [0, "", [], {}][rng.below(4)]
