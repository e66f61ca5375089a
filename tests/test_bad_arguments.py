"""Every command refuses bad input the same way: one line on stderr saying what is
wrong, exit status 2, nothing on stdout, no traceback, nothing written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cwtui.cli import main

# (argv, what the one line must say). Placeholders: {file} a plain file, {dir} a folder,
# {tmp} a fresh folder, {badutf8} a card file that is not UTF-8, {garbage} a card file
# that is not TOML, {invalid} a TOML card file that breaks the rules, {notalog} a text
# file, {deep} a log nested 100,000 deep, {newer} a log of format 99, {empty} an empty
# file, {big} a 100 MB (sparse) file, {notadb} a file that is not a database.
MAX = str(2**64 - 1)
CASES: list[tuple[list[str], str]] = [
    # the app and global options
    (["--bot-speed", "warp"], "invalid choice: 'warp'"),
    (["--bot-speed"], "expected one argument"),
    (["--nonsense"], "unrecognized arguments: --nonsense"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    (["--replays-dir"], "expected one argument"),
    (["--replays-dir", "{file}"], "is a file, not a folder"),
    (["--replays-dir", "{file}", "sql", "SELECT 1"], "is a file, not a folder"),
    (["--replays-dir", "{file}", "history", "load"], "is a file, not a folder"),
    (["--replays-dir", "{file}", "tournament", "--games", "2"], "is a file, not a folder"),
    (["--replays-dir", "{file}", "simulate", "--games", "1", "--load"], "is a file, not a folder"),
    # the game server and its lobby
    (["serve", "--port", "70000"], "expected a whole number from 0 to 65,535"),
    (["serve", "--port", "x"], "expected a whole number"),
    (["serve", "--replays-dir", "{file}"], "is a file, not a folder"),
    (["serve", "--host", "256.1.1.1", "--port", "0"], "cwtui serve: cannot listen on 256.1.1.1:0"),
    (["host", "127.0.0.1:8765"], "give 1 to 4 seats"),
    (["host", "nowhere", "--seat", "Ana"], "expected HOST:PORT[/ROOM[#TOKEN]]"),
    (["host", "127.0.0.1:99999", "--seat", "Ana"], "expected HOST:PORT"),
    (["host", "127.0.0.1:²", "--seat", "Ana"], "expected HOST:PORT"),  # 37.10: was "invalid literal for int()"
    (["host", "127.0.0.1:8765/AB-C", "--seat", "Ana"], "a room code is letters and digits"),
    (["host", "127.0.0.1:8765/ABC", "--seat", "Ana"], "without a room"),
    (["host", "127.0.0.1:8765", "--seat", "Ana:wizard"], "unknown seat kind 'wizard'"),
    (["serve", "--port", "0", "--code-prefix", "O"], "--code-prefix is one of ABCDEFGHJKMNPQRSTUVWXYZ23456789"),
    (["serve", "--port", "0", "--code-prefix", "AB"], "--code-prefix is one of"),
    (["host", "127.0.0.1:8765", "--seat", "Ana", "--clock", "10x"], "expected a bank of time such as 10m"),
    (["host", "127.0.0.1:8765", "--seat", "Ana", "--clock", "5s"], "a clock's bank is 10 to 2,592,000 seconds"),
    (["host", "127.0.0.1:8765", "--seat", "Ana", "--per-move", "5m+5s"], "expected a time such as 30d"),
    (["host", "127.0.0.1:8765", "--seat", "Ana", "--per-move", "1d", "--clock", "1h+2h"], "increment is 0 to 3,600"),
    (["host", "127.0.0.1:8765", "--seat", "Ana", "--on-time", "forfeit"], "needs a clock: give a bank of time"),
    (["rooms"], "the following arguments are required: server"),
    (["join"], "the following arguments are required: invite"),
    (["join", "nowhere/ROOM#x"], "expected HOST:PORT[/ROOM[#TOKEN]]"),
    (["join", "127.0.0.1:8765"], "give the room too"),
    (["rooms", ":8765"], "expected HOST:PORT"),
    (["serve", "--web", "--web-port", "0"], "expected a whole number from 1 to 65,535"),
    (["serve", "--web", "--web-url", "cwtui.example.org"], "--web-url is the address browsers use"),
    (["guest"], "the following arguments are required: server"),
    (["guest", "nowhere"], "expected HOST:PORT"),
    (["guest", "127.0.0.1:8765/ROOM"], "give the server's HOST:PORT, without a room"),
    # play
    (["play"], "give 1 to 4 seats"),
    (["play", "--seat", "Ana:wizard"], "unknown seat kind 'wizard'"),
    (["play", "--seat", "Ana:wizard"], "choose from human, random, easy, medium, hard"),  # 35.11
    (["play", "--seat", ":human"], "a seat is NAME:KIND"),
    (["play", *["--seat", "A"] * 5], "give 1 to 4 seats"),
    (["play", "--seat", "A", "--seat", "A"], "each seat needs its own name"),
    (["play", "--seat", "A" * 40], "name"),
    (["play", "--seat", "Ana", "--seed", "-1"], "a seed is a whole number"),
    (["play", "--seat", "Ana", "--cards", "{garbage}"], "cwtui play:"),
    (["play", "--seat", "Ana", "--replays-dir", "{file}"], "is a file, not a folder"),
    # simulate
    (["simulate", "--seed", "-1"], "a seed is a whole number from 0 to 2**64 - 1"),
    (["simulate", "--seed", str(2**64)], "a seed is a whole number"),
    (["simulate", "--seed", "abc"], "a seed is a whole number"),
    (["simulate", "--seed", "1.5"], "a seed is a whole number"),
    (["simulate", "--seed", ""], "a seed is a whole number"),
    (["simulate", "--seed", "1e3"], "a seed is a whole number"),
    (["simulate", "--seed", MAX, "--games", "2"], "past 2**64 - 1"),
    (["simulate", "--seed", str(2**64 - 50), "--games", "100"], "past 2**64 - 1"),
    (["simulate", "--games", str(10**30)], "past 2**64 - 1"),
    (["simulate", "--games", "0"], "expected a whole number of at least 1"),
    (["simulate", "--games", "-5"], "expected a whole number of at least 1"),
    (["simulate", "--games", "abc"], "expected a whole number"),
    (["simulate", "--games", "1e3"], "expected a whole number"),
    (["simulate", "--games", "2.0"], "expected a whole number"),
    (["simulate", "--workers", "-3"], "expected a whole number from 0 to 1,024"),
    (["simulate", "--workers", "5000"], "expected a whole number from 0 to 1,024"),
    (["simulate", "--workers", "x"], "expected a whole number"),
    (["simulate", "--players", "5"], "invalid choice: 5"),
    (["simulate", "--players", "0"], "invalid choice: 0"),
    (["simulate", "--players", "two"], "invalid int value: 'two'"),
    (["simulate", "--bots", "wizard"], "unknown bot kind(s) wizard"),
    (["simulate", "--bots", ""], "unknown bot kind(s) ''"),
    (["simulate", "--bots", ",,,"], "unknown bot kind(s) ',,,'"),
    (["simulate", "--bots", "greedy,wizard"], "unknown bot kind(s) wizard"),
    (["simulate", "--bots", "wizard"], "choose from random, easy, medium, hard"),  # 35.11
    (["simulate", "--bots", "Greedy"], "unknown bot kind(s) Greedy"),
    (["simulate", "--out", "{file}"], "--out {file} is a file, not a folder"),
    (["simulate", "--out", "{file}/sub"], "cannot write there"),
    (["simulate", "--out", "/proc/cwtui-out"], "cannot write there"),
    (["simulate", "--cards", "{tmp}/missing.toml"], "cannot read card file"),
    (["simulate", "--cards", "{badutf8}"], "is not UTF-8 text"),
    (["simulate", "--cards", "{dir}"], "is not a file"),
    (["simulate", "--cards", "{garbage}"], "card file"),
    (["simulate", "--cards", "{invalid}"], "is not valid"),
    (["simulate", "--cards", "/dev/zero"], "is not a file"),
    (["simulate", "--backend", "spark"], "invalid choice: 'spark'"),
    (["simulate", "--load", "--db", "{file}/h.duckdb"], "is a file, not a folder"),
    (["simulate", "--load", "--db", "{tmp}/a?b/h.duckdb"], "contains '?'"),
    (["simulate", "--load", "--db", "{dir}"], "is a folder, not a database file"),
    (["simulate", "--frob"], "unrecognized arguments: --frob"),
    (["simulate", "--no-tag-points=yes"], "ignored explicit argument 'yes'"),
    (["simulate", "extra"], "unrecognized arguments: extra"),
    # tournament
    (["tournament", "--bots", "greedy"], "give 2–4 bot kinds"),
    (["tournament", "--bots", "greedy,greedy,greedy,greedy,greedy"], "give 2–4 bot kinds"),
    (["tournament", "--bots", "greedy,wizard"], "unknown bot kind(s) wizard"),
    (["tournament", "--bots", ""], "unknown bot kind(s)"),
    (["tournament", "--games", "0"], "expected a whole number from 1 to 1,000,000"),
    (["tournament", "--games", "-1"], "expected a whole number from 1 to 1,000,000"),
    (["tournament", "--games", "2000000"], "expected a whole number from 1 to 1,000,000"),
    (["tournament", "--seed", "-1"], "a seed is a whole number"),
    (["tournament", "--seed", str(2**64)], "a seed is a whole number"),
    (["tournament", "--seed", MAX, "--games", "4"], "past 2**64 - 1"),
    (["tournament", "--workers", "-1"], "expected a whole number from 0 to 1,024"),
    (["tournament", "--out", "{file}"], "is a file, not a folder"),
    (["tournament", "--db", "{file}/h.duckdb"], "is a file, not a folder"),
    (["tournament", "--db", "{tmp}/a?b.duckdb"], "contains '?'"),
    (["tournament", "--db", "{dir}"], "is a folder, not a database file"),
    # verify
    (["verify"], "the following arguments are required: files"),
    (["verify", "--cards", "{tmp}/missing.toml", "x.jsonl"], "cannot read card file"),
    (["verify", "--cards", "{badutf8}", "x.jsonl"], "is not UTF-8 text"),
    (["verify", "--cards", "{dir}", "x.jsonl"], "is not a file"),
    (["verify", "--frob", "x.jsonl"], "unrecognized arguments: --frob"),
    (["verify", "--skip-bots=1", "x.jsonl"], "ignored explicit argument '1'"),
    # review
    (["review"], "the following arguments are required: files"),
    (["review", "{tmp}/missing.jsonl"], "cannot read it: No such file or directory"),
    (["review", "{dir}"], "it is a folder, not a game log"),
    (["review", "/dev/zero"], "not a regular file"),
    (["review", "{notalog}"], "line 1: not a game log header"),
    (["review", "{game}", "--seats", "Zed"], "has no seat 'Zed'; its seats are 0 (Ana), 1 (Bo)"),
    (["review", "{game}", "--seats", "7"], "has no seat '7'"),
    (["review", "{game}", "--seats", "²"], "has no seat '²'"),  # 37.10: a digit int() does not take
    (["review", "{game}", "--seats", ","], "expected seats by number or name"),
    (["review", "{game}", "{notalog}"], "line 1: not a game log header"),
    (["review", "{game}", "--level", "easy"], "invalid choice: 'easy'"),
    (["review", "{game}", "--workers", "-1"], "expected a whole number from 0 to 1,024"),
    (["review", "{game}", "--backend", "mpi"], "invalid choice: 'mpi'"),
    (["review", "{game}", "--cards", "{tmp}/missing.toml"], "cannot read card file"),
    # replay
    (["replay"], "the following arguments are required: file"),
    (["replay", "a.jsonl", "b.jsonl"], "unrecognized arguments: b.jsonl"),
    (["replay", "{tmp}/missing.jsonl"], "cannot read it: No such file or directory"),
    (["replay", "{dir}"], "it is a folder, not a game log"),
    (["replay", "/dev/zero"], "not a regular file"),
    (["replay", "{notalog}"], "line 1: not a game log header"),
    (["replay", "{badutf8log}"], "line 1: not a game log header (the line is not valid UTF-8)"),
    (["replay", "{deep}"], "line 1: not a game log header (the line nests too deeply)"),
    (["replay", "{newer}"], "log format 99 is newer than this cwtui reads"),
    (["replay", "{empty}"], "line 1: the log is empty"),
    (["replay", "{big}"], "no game log is larger than"),
    (["replay", "--cards", "{tmp}/missing.toml", "x.jsonl"], "cannot read card file"),
    # history
    (["history"], "the following arguments are required: history_command"),
    (["history", "frob"], "invalid choice: 'frob'"),
    (["history", "load", "{tmp}/missing"], "no such folder"),
    (["history", "load", "{file}"], "not a folder of logs"),
    (["history", "load", "{dir}", "--db", "{file}/h.duckdb"], "is a file, not a folder"),
    (["history", "load", "{dir}", "--db", "{tmp}/a?b.duckdb"], "contains '?'"),
    (["history", "load", "{dir}", "--db", "{tmp}/a\\b.duckdb"], "contains a backslash"),  # 37.5: was "damaged"
    (["history", "load", "{dir}", "--db", "{dir}"], "is a folder, not a database file"),
    (["history", "load", "{dir}", "--cards", "{tmp}/missing.toml"], "cannot read card file"),
    (["history", "load", "{dir}", "--cards", "{badutf8}"], "is not UTF-8 text"),
    (["history", "load", "--replays-dir", "{file}"], "is a file, not a folder"),  # 51.7: taken after the command too
    (["history", "load", "--replays-dir", "{tmp}/missing"], "no such folder"),
    (["history", "export"], "the following arguments are required: folder"),
    (["history", "export", "{file}"], "is a file, not a folder"),
    (["history", "export", "{tmp}/out", "--db", "{tmp}/missing.duckdb"], "no history database at"),
    (["history", "export", "{tmp}/out", "--db", "{notadb}"], "is damaged"),
    (["history", "export", "{tmp}/out", "--db", "{tmp}/a?b.duckdb"], "contains '?'"),
    # sql
    (["sql"], "the following arguments are required: query"),
    (["sql", "SELECT 1", "--format", "xml"], "invalid choice: 'xml'"),
    (["sql", "SELECT 1", "--format"], "expected one argument"),
    (["sql", "SELECT 1", "--max-rows", "-1"], "expected a whole number of at least 0"),
    (["sql", "SELECT 1", "--max-rows", "x"], "expected a whole number"),
    (["sql", "SELECT 1", "--timeout", "-1"], "expected seconds, 0 or more"),
    (["sql", "SELECT 1", "--timeout", "abc"], "expected seconds"),
    (["sql", "SELECT 1", "--timeout", "nan"], "expected seconds"),
    (["sql", "SELECT 1", "--timeout", "inf"], "expected seconds"),
    (["sql", "SELECT '\udcff'"], "the query is not valid UTF-8 text"),
    (["sql", "   "], "the query is empty"),
    (["sql", "SELECT 1", "--db", "{tmp}/missing.duckdb"], "no history database at"),
    (["sql", "SELECT 1", "--db", "{file}/h.duckdb"], "is a file, not a folder"),
    (["sql", "SELECT 1", "--db", "{tmp}/a?b.duckdb"], "contains '?'"),
    (["sql", "SELECT 1", "--db", "{tmp}/a\\b.duckdb"], "contains a backslash"),
    (["sql", "SELECT 1", "--db", "{dir}"], "is a folder, not a database file"),
    (["sql", "SELECT 1", "--no-load", "--db", "{notadb}"], "is damaged"),
    (["sql", "SELECT 1", "--replays-dir", "{file}"], "is a file, not a folder"),
]


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CWTUI_REPLAYS", str(tmp_path / "replays"))
    (tmp_path / "plain.txt").write_text("a file\n")
    (tmp_path / "folder").mkdir()
    (tmp_path / "bad.toml").write_bytes(b"format = 1\nname = '\xff\xfe'\n")
    (tmp_path / "garbage.toml").write_text("this is = = not toml [[\n")
    from engine.cards import DEFAULT_CARDS

    (tmp_path / "invalid.toml").write_text(DEFAULT_CARDS.read_text().replace("format = 1", "format = 2", 1))
    (tmp_path / "notalog.jsonl").write_text("this is not a log\n")
    (tmp_path / "deep.jsonl").write_bytes(b'{"kind":"header","x":' + b"[" * 100_000 + b"]" * 100_000 + b"}\n")
    (tmp_path / "badutf8.jsonl").write_bytes(b'{"kind":"he\xffader","format":2}\n')
    (tmp_path / "newer.jsonl").write_text('{"kind":"header","format":99}\n')
    (tmp_path / "empty.jsonl").write_bytes(b"")
    with (tmp_path / "big.jsonl").open("wb") as f:
        f.truncate(100 << 20)  # sparse: costs nothing on disk
    (tmp_path / "notadb.duckdb").write_text("not a database")
    from cwtui.batch.runner import play_game
    from engine import GameConfig, SeatConfig

    seats = (SeatConfig("Ana", "greedy"), SeatConfig("Bo", "greedy"))
    play_game(GameConfig(seats=seats, seed=7), tmp_path, log=tmp_path / "game.jsonl")  # a real game to review
    return {
        "file": str(tmp_path / "plain.txt"), "dir": str(tmp_path / "folder"), "tmp": str(tmp_path),
        "badutf8": str(tmp_path / "bad.toml"), "garbage": str(tmp_path / "garbage.toml"),
        "invalid": str(tmp_path / "invalid.toml"), "notalog": str(tmp_path / "notalog.jsonl"),
        "deep": str(tmp_path / "deep.jsonl"), "newer": str(tmp_path / "newer.jsonl"),
        "empty": str(tmp_path / "empty.jsonl"), "big": str(tmp_path / "big.jsonl"),
        "notadb": str(tmp_path / "notadb.duckdb"), "badutf8log": str(tmp_path / "badutf8.jsonl"),
        "game": str(tmp_path / "game.jsonl"),
    }  # fmt: skip


def test_there_are_over_a_hundred_cases() -> None:
    assert len(CASES) >= 100
    assert {argv[0] for argv, _ in CASES if not argv[0].startswith("-")} >= {
        "simulate", "tournament", "verify", "review", "replay", "history", "sql", "frobnicate",
    }  # fmt: skip


@pytest.mark.parametrize(("argv", "says"), CASES, ids=[" ".join(a) for a, _ in CASES])
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], says: str, places: dict[str, str], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    from cwtui.app import CwtuiApp

    monkeypatch.setattr(CwtuiApp, "run", lambda self: pytest.fail("the app started despite bad input"))
    before = _tree(Path(places["tmp"]))
    code = main([arg.format(**places) for arg in argv])
    out, err = capsys.readouterr()
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and err.startswith("cwtui"), err
    assert says.format(**places) in err
    assert "Traceback" not in err
    assert _tree(Path(places["tmp"])) == before, "bad input must change nothing"


def _tree(root: Path) -> dict[str, int]:
    return {str(p.relative_to(root)): p.stat().st_size for p in root.rglob("*") if "crashes" not in str(p)}


@pytest.mark.parametrize(
    "argv",
    [["simulate", "--seed", "-1"], ["replay", "/dev/zero"], ["sql", "SELECT 1", "--timeout", "nan"],
     ["history", "load", "/nonexistent-folder"], ["tournament", "--bots", "greedy"], ["nonsense"]],
)  # fmt: skip
def test_the_installed_command_exits_2_without_a_traceback(argv: list[str], tmp_path: Path) -> None:
    """Through the real entry point, in a process of its own."""
    env = {**os.environ, "CWTUI_REPLAYS": str(tmp_path / "replays")}
    done = subprocess.run([sys.executable, "-m", "cwtui", *argv], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == "" and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
