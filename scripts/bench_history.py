"""Measure loading game logs into the history database.

    python scripts/bench_history.py --simulate 2500 --out /tmp/h10k   # 2,500 games per player count (scripts/corpus.py)
    python scripts/bench_history.py /tmp/h10k/p1 /tmp/h10k/p2 ...      # measure folders of logs
    python scripts/bench_history.py FOLDER --long LONG                  # and a folder of one long log

Measures in rounds, interleaved (the machine's speed drifts within minutes): in each,
DuckDB's own scan of the same logs (the baseline), a first load into an empty database
in a process of its own (its time, its ratio to that round's scan, its peak memory),
and the two parts of the floor below. Then a second load that finds nothing new, and a
load after a tenth of the logs changed.

It also prints what bounds a first load from below, each beside the raw scan: the
engine's reader judging every log (decoding each line and checking its digest, which
the history must not skip: it is what keeps a damaged or forged log out), in one process
and as spread over every core; DuckDB parsing every line once and storing each move and
each event as a row, as the moves and events tables must, with no check and no other
table; and the two together, which share the machine's cores: their processor time
(DuckDB's threads counted) divided by the cores is the least a first load can take.

And the same bound for the load as it is, its two parts measured apart: the loader's
reading (judging each log and staging the lines it accepted, as each reading process
does), and the loader's own SQL filling every table from those staged lines (each
batch's statements, as the load runs them, in a database of its own). Their processor
time over the cores is what the load would take if its parts shared the cores without a
moment lost; the first load's ratio to it is what the overlap costs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import duckdb
from corpus import logs_in, simulate

from cwtui.history import reading, staged
from cwtui.history.database import connect
from cwtui.history.loader import load, prepare_for_load
from cwtui.history.schema import GAME_TABLES
from engine.cards import load_cards


def raw_scan(files: list[Path]) -> float:
    """Seconds DuckDB takes to read every line of `files` as JSON objects and nothing
    more: the baseline issue 15 sets the history load against (within 5×)."""
    con = duckdb.connect()
    times = []
    for _ in range(3):
        t = time.perf_counter()
        con.execute("SELECT count(*) FROM read_ndjson_objects(?)", [[str(p) for p in files]]).fetchone()
        times.append(time.perf_counter() - t)
    con.close()
    return sorted(times)[1]


def reader_alone(files: list[Path]) -> float:
    """Seconds the engine's reader takes to judge every log in one process (its
    processor time too): the Python work of a load, which it spreads over every core."""
    from engine.log import parse

    t = time.perf_counter()
    for path in files:
        parse(path.read_bytes().splitlines(keepends=True))
    return time.perf_counter() - t


def storing_alone(files: list[Path], folder: Path) -> tuple[float, float]:
    """Seconds and processor seconds (every DuckDB thread's) DuckDB takes, in a database
    file in `folder`, only to parse every line of `files` once and store its move and
    each of its events as a row (JSON kept as text, as the moves and events tables keep
    it): the least a load's DuckDB part can cost."""
    db = folder / "storing.duckdb"
    con = duckdb.connect(str(db))
    t, cpu = time.perf_counter(), time.process_time()
    con.execute(
        'CREATE TEMP TABLE lines AS SELECT json_transform(json, \'{"ply":"INTEGER","move":"JSON",'
        '"events":["JSON"]}\') AS j FROM read_ndjson_objects(?)',
        [[str(p) for p in files]],
    )
    con.execute("CREATE TABLE moves AS SELECT j.ply, j.move FROM lines WHERE j.move IS NOT NULL")
    con.execute("CREATE TABLE events AS SELECT j.ply, unnest(j.events) AS event FROM lines")
    con.execute("CHECKPOINT")
    elapsed, processor = time.perf_counter() - t, time.process_time() - cpu
    con.close()
    db.unlink()
    return elapsed, processor


def loader_parts(files: list[Path], folder: Path) -> tuple[float, float]:
    """Processor seconds of the load's two parts, measured apart in this process: the
    reading (each log judged and its accepted lines staged, in the load's batches), and
    the SQL filling every table from the staged lines (DuckDB's threads counted)."""
    staging = folder / "staging"
    staging.mkdir()
    logs = [reading.Log(str(p), p.stat().st_size, 0) for p in files]
    cpu = time.process_time()
    read = [reading.read_batch(batch, str(staging), part) for part, batch in enumerate(reading.batches(logs))]
    reader = time.process_time() - cpu
    db = folder / "sql.duckdb"
    con = connect(db)
    prepare_for_load(con)
    cards = [load_cards()]
    staged.store_cards(con, cards)
    cpu = time.process_time()
    con.execute("BEGIN")
    for batch in read:
        staged.stage(con, batch.read, batch.staged, cards)
        staged.fill(con)
    con.execute("COMMIT")
    con.close()  # its checkpoint, as a load's
    sql = time.process_time() - cpu
    db.unlink()
    for batch in read:
        reading.unstage(batch)
    staging.rmdir()
    return reader, sql


# The peak is the process's own high-water mark (VmHWM): its ru_maxrss would count the
# size of this process, which it was forked from before it ran Python afresh.
LOAD = """
import sys, time
from pathlib import Path
from cwtui.history.loader import load
t = time.perf_counter()
report = load(Path(sys.argv[1]), [Path(f) for f in sys.argv[2:]])
elapsed = time.perf_counter() - t
peak = next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(elapsed, report.loaded, len(report.skipped), peak)
"""


def first_load(db: Path, folders: list[Path]) -> tuple[float, int, int, float]:
    """A first load in a process of its own: seconds, logs loaded and skipped, and the
    process's peak memory in MB (its reading workers' are their own, and smaller)."""
    for old in db.parent.glob(db.name + "*"):
        old.unlink()
    done = subprocess.run(
        [sys.executable, "-c", LOAD, str(db), *map(str, folders)], capture_output=True, text=True, check=True
    )
    elapsed, loaded, skipped, peak_kib = done.stdout.split()
    return float(elapsed), int(loaded), int(skipped), int(peak_kib) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="*", type=Path)
    parser.add_argument("--simulate", type=int, default=0, help="first simulate this many games per player count")
    parser.add_argument("--out", type=Path, default=None, help="where simulated logs go")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every measurement, interleaved")
    parser.add_argument(
        "--long", type=Path, default=None, help="a folder of one long log, whose first load each round measures too"
    )
    args = parser.parse_args()
    folders: list[Path] = list(args.folders)
    if args.simulate:
        folders += simulate(args.out or Path(tempfile.mkdtemp(prefix="cwtui-bench-")), args.simulate)
    files = logs_in(folders)
    if not files:
        parser.error("no logs: give folders of *.jsonl or --simulate N")
    megabytes = sum(p.stat().st_size for p in files) / 1e6
    cores = os.cpu_count() or 1
    print(f"{len(files)} logs, {megabytes:.0f} MB, {cores} cores, DuckDB {duckdb.__version__}")
    print(
        f"{args.rounds} rounds, each measuring in turn: the raw scan, a first load, the reader, DuckDB storing, "
        "the loader's parts apart"
    )
    # Interleaved (scan, load, reader, storing, the loader's parts; again…): the machine's
    # speed drifts within minutes, so each ratio is taken within its round, beside its own
    # baseline.
    rounds: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "history.duckdb"
        for _ in range(args.rounds):
            scan = raw_scan(files)
            first, loaded, skipped, peak = first_load(db, folders)
            judged = reader_alone(files)
            stored, processor = storing_alone(files, Path(tmp))
            floor = (judged + processor) / cores
            reader_cpu, sql_cpu = loader_parts(files, Path(tmp))
            parts = (reader_cpu + sql_cpu) / cores
            rounds.append(
                dict(
                    scan=scan, first=first, peak=peak, judged=judged, stored=stored, floor=floor,
                    reader_cpu=reader_cpu, sql_cpu=sql_cpu, parts=parts,
                )
            )  # fmt: skip
            if args.long:
                alone, _loaded, _skipped, alone_peak = first_load(Path(tmp) / "long.duckdb", [args.long])
                rounds[-1] |= dict(long=alone, long_peak=alone_peak)
            print(
                f"  scan {scan:5.2f} s | first load {first:5.2f} s = {first / scan:4.1f}× the scan, peak {peak:4.0f} MB"
                f" (loaded {loaded}, skipped {skipped}) | reader {judged:5.2f} s on one core"
                f" | DuckDB storing {stored:5.2f} s, {processor:5.2f} cpu-s"
                f" | floor {floor:5.2f} s = {floor / scan:4.1f}×"
                f" | loader's reading {reader_cpu:5.2f} cpu-s, its SQL {sql_cpu:5.2f} cpu-s:"
                f" {parts:5.2f} s = {parts / scan:4.1f}× on {cores} cores"
            )
            if args.long:
                print(f"  the long log in {args.long}: first load {alone:5.2f} s, peak {alone_peak:4.0f} MB")
        med = {key: statistics.median(r[key] for r in rounds) for key in rounds[0]}
        ratios = sorted(r["first"] / r["scan"] for r in rounds)
        print(f"DuckDB's own scan of every line (read_ndjson_objects, median of 3 a round): {med['scan']:6.2f} s")
        print(
            f"the engine's reader judging every log: {med['judged']:6.2f} s on one core "
            f"({med['judged'] / med['scan']:.1f}× the raw scan), {med['judged'] / cores:.2f} s at best on {cores}"
        )
        print(f"DuckDB only parsing every line once and storing each move and event as a row: {med['stored']:6.2f} s")
        print(f"the two sharing {cores} cores: a first load takes at least {med['floor']:.2f} s")
        print(
            f"the loader's own parts, measured apart: reading {med['reader_cpu']:.2f} cpu-s, its SQL filling every "
            f"table {med['sql_cpu']:.2f} cpu-s; sharing {cores} cores without a moment lost: {med['parts']:.2f} s "
            f"({med['parts'] / med['scan']:.1f}× the raw scan); a first load takes "
            f"{statistics.median(r['first'] / r['parts'] for r in rounds):.2f}× that"
        )
        print(
            f"first load: {med['first']:6.2f} s  {len(files) / med['first']:7.0f} logs/s  "
            f"{megabytes / med['first']:5.0f} MB/s, peak {med['peak']:.0f} MB; "
            f"{statistics.median(ratios):.1f}× the raw scan within its round ({ratios[0]:.1f}–{ratios[-1]:.1f}×), "
            f"floor {med['floor'] / med['scan']:.1f}×"
        )
        t = time.perf_counter()
        again = load(db, folders)
        second = time.perf_counter() - t
        if args.long:
            print(f"the long log alone: {med['long']:.2f} s, peak {med['long_peak']:.0f} MB (medians)")
        print(f"reload, nothing new: {second:6.3f} s  (loaded {again.loaded}, unchanged {again.unchanged})")
        changed = files[:: max(1, len(files) // (len(files) // 10 or 1))][: len(files) // 10]
        for p in changed:
            os.utime(p)
        t = time.perf_counter()
        third = load(db, folders)
        elapsed = time.perf_counter() - t
        print(f"reload, {len(changed)} touched: {elapsed:6.2f} s  (loaded {third.loaded})")
        con = duckdb.connect(str(db), read_only=True)
        counts = {name: con.execute(f"SELECT count(*) FROM {name}").fetchone() for name in GAME_TABLES}
        print("rows: " + ", ".join(f"{name} {row[0] if row else 0:,}" for name, row in counts.items()))
        print(f"database: {db.stat().st_size / 1e6:.0f} MB")
        con.close()


if __name__ == "__main__":
    main()
