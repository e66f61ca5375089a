from __future__ import annotations

from pathlib import Path

import pytest
from helpers import cards_with_swapped_times, reseal

from cwtui.cli import main
from cwtui.game.logfile import read_log
from engine import native


def test_simulate_then_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for players in (1, 2, 3, 4):
        assert main(["simulate", "--players", str(players), "--games", "3", "--bots", "random,greedy",
                     "--seed", "40", "--out", str(tmp_path / str(players))]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "games: 3  players: 4" in out and "mean score" in out
    logs = sorted(tmp_path.glob("*/*.jsonl"))
    assert len(logs) == 12
    assert main(["verify", *map(str, logs)]) == 0
    assert capsys.readouterr().out.count(": OK (") == 12


def test_verify_fails_on_a_damaged_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--players", "2", "--games", "1", "--out", str(tmp_path)])
    log = next(tmp_path.glob("*.jsonl"))
    lines = log.read_bytes().splitlines(keepends=True)
    lines[3] = b"{not json\n"
    log.write_bytes(b"".join(lines))
    assert main(["verify", str(log)]) == 1
    assert "FAILED line 4:" in capsys.readouterr().out


def test_verify_counts_moves_as_the_replay_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 35.5: verify said "ply 5" where the replay says "move 6"; now both count
    moves from 1."""
    import json

    main(["simulate", "--players", "2", "--games", "1", "--out", str(tmp_path)])
    log = next(tmp_path.glob("*.jsonl"))
    lines = log.read_bytes().splitlines(keepends=True)
    assert main(["verify", str(log)]) == 0
    assert f"OK ({len(lines) - 2} moves)" in capsys.readouterr().out  # less the header and footer
    record = json.loads(lines[6])  # the header, then plies 0–5
    assert record["ply"] == 5
    record["events"] = []
    lines[6] = json.dumps(record, separators=(",", ":")).encode() + b"\n"
    log.write_bytes(b"".join(reseal(lines)))
    assert main(["verify", str(log), "--skip-bots"]) == 1
    assert ": FAILED at move 6: " in capsys.readouterr().out


def test_a_log_another_simulate_wrote_meanwhile_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37.4: two simulate runs with overlapping seeds into one folder crashed with
    FileExistsError (exit 70). The log the other run wrote after this one looked is
    left alone, and this run stops with one line, exit 1."""
    from cwtui.batch import selfplay

    main(["simulate", "--players", "2", "--games", "1", "--out", str(tmp_path)])
    (log,) = tmp_path.glob("*.jsonl")
    written = log.read_bytes()
    capsys.readouterr()
    monkeypatch.setattr(selfplay, "finished_before", lambda plan: {})  # as if it appeared after the look
    assert main(["simulate", "--players", "2", "--games", "1", "--workers", "1", "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err == f"cwtui simulate: {log.name} exists already (is another cwtui writing games into this folder?); " \
        "it was not touched\n"  # fmt: skip
    assert log.read_bytes() == written


def test_unknown_bot_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bots", "wizard", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "unknown bot kind" in err and err.count("\n") == 1


def test_bare_command_opens_the_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from cwtui.app import CwtuiApp

    started: list[CwtuiApp] = []
    monkeypatch.setattr(CwtuiApp, "run", lambda self: started.append(self))
    monkeypatch.setenv("CWTUI_REPLAYS", str(tmp_path / "games"))
    assert main([]) == 0
    assert len(started) == 1 and started[0].settings.replays == tmp_path / "games"
    assert main(["--replays-dir", str(tmp_path / "other"), "--bot-speed", "slow"]) == 0
    assert started[1].settings.replays == tmp_path / "other" and started[1].settings.bot_speed == "slow"


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "simulate" in out and "verify" in out and "--replays-dir" in out


def test_another_card_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = cards_with_swapped_times(tmp_path / "mine.toml")
    out = tmp_path / "logs"
    assert main(["simulate", "--games", "2", "--cards", str(cards), "--out", str(out)]) == 0
    logs = [str(p) for p in out.glob("*.jsonl")]
    assert main(["verify", *logs]) == 1  # the built-in cards are not the ones played with
    assert "other card data" in capsys.readouterr().out
    assert main(["verify", "--cards", str(cards), *logs]) == 0


def test_a_bad_card_file_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("format = 1\n")
    assert main(["simulate", "--games", "1", "--cards", str(bad)]) == 2
    assert "card file" in capsys.readouterr().err


def test_replay_refuses_a_bad_file_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a log\n")
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cwtui replay: {bad}: line 1:")
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_replay_opens_the_app_on_the_game(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from cwtui.app import CwtuiApp

    opened = {}
    monkeypatch.setattr(CwtuiApp, "run", lambda self: opened.setdefault("replay", self.opening))
    golden = Path(__file__).parent / "golden" / "sim-2p-202.jsonl"
    assert main(["replay", str(golden)]) == 0
    replay, path = opened["replay"]
    assert path == golden and replay.divergence is None


def test_sql_answers_while_a_damaged_log_lies_in_the_replays_folder(
    logs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's example: a byte that is not UTF-8 in a log's second line."""
    bad = logs / "x.jsonl"
    lines = next(logs.glob("sim-2p-*.jsonl")).read_bytes().splitlines(keepends=True)
    bad.write_bytes(b"".join([lines[0], lines[1].replace(b'"phase":"place"', b'"phase":"pl\xffce"'), *lines[2:]]))
    assert main(["--replays-dir", str(logs), "sql", "SELECT count(*) AS n FROM games", "--format", "csv"]) == 0
    out, err = capsys.readouterr()
    assert out == "n\n8\n" and "1 file could not be loaded" in err
    given = [str(p) for p in sorted(logs.glob("sim-*.jsonl"))]
    given.insert(3, str(bad))
    assert main(["verify", "--workers", "2", *given]) == 1
    out, _ = capsys.readouterr()
    assert f"{bad}: FAILED line 2: the line is not valid UTF-8" in out and out.count(": OK (") == 8
    assert [line.split(": ")[0] for line in out.splitlines()] == given  # in the order given


def test_simulate_plays_again_a_damaged_log_of_its_own(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sim"
    args = ["simulate", "--games", "3", "--seed", "70", "--bots", "greedy", "--out", str(out)]
    assert main(args) == 0
    damaged = out / "sim-2p-71.jsonl"
    good = damaged.read_bytes()
    damaged.write_bytes(b"\xff" + good[1:])
    (out / "notes.jsonl").write_bytes(b"[" * 100_000)  # not one of the run's logs: left alone
    assert main(args) == 0
    from cwtui.game.logfile import read_log
    from engine.log import parse

    assert read_log(damaged).plies == parse(good.splitlines(keepends=True)).plies  # the same game, played again
    assert (out / "notes.jsonl").exists()


def test_verify_refuses_devices_pipes_and_folders_without_reading_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`verify /dev/zero` used to read until memory ran out; a named pipe would wait for
    a writer for ever."""
    import os
    import time

    pipe = tmp_path / "pipe.jsonl"
    os.mkfifo(pipe)
    start = time.perf_counter()
    assert main(["verify", "/dev/zero", str(pipe), str(tmp_path)]) == 1
    assert time.perf_counter() - start < 2
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "/dev/zero: FAILED it is not a regular file (a device or a pipe), so not a game log",
        f"{pipe}: FAILED it is not a regular file (a device or a pipe), so not a game log",
        f"{tmp_path}: FAILED it is a folder, not a game log",
    ]


def test_play_starts_a_game_from_the_shell(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`cwtui play --seat Ana:human --seat Bo:medium --seed 7`: the table opens on a new,
    logged game with those seats and that seed."""
    from cwtui.app import CwtuiApp

    started: list[CwtuiApp] = []
    monkeypatch.setattr(CwtuiApp, "run", lambda self: started.append(self))
    folder = tmp_path / "games"
    code = main(["play", "--seat", "Ana:human", "--seat", "Bo:easy", "--seed", "7", "--replays-dir", str(folder)])
    assert code == 0 and len(started) == 1
    game = started[0].game
    assert game is not None and game.path is not None and game.path.parent == folder
    assert game.config.seed == 7
    assert [(s.name, s.kind) for s in game.config.seats] == [("Ana", "human"), ("Bo", "greedy")]
    game.close()


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("cwtui 0.") and line.endswith(f"; engine {native.RUNNING}")
    assert "compiled (mypyc)" in line or "pure Python (" in line


def test_the_easy_bot_is_easy_on_every_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 35.11: `play` and the dialogs call the greedy bot "easy"; `simulate --bots`
    refused the name."""
    assert main(["simulate", "--players", "2", "--games", "1", "--bots", "easy,random", "--out", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert "bots: easy, random" in printed and "seat 1 (easy)" in printed and "greedy" not in printed
    (log,) = tmp_path.glob("*.jsonl")
    seats = read_log(log).header.config.seats
    assert [(s.name, s.kind) for s in seats] == [("easy-0", "greedy"), ("random-1", "random")]  # logs keep "greedy"


def test_every_argument_says_what_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 35.11: --bot-speed, replay's file, sql's query and verify's and review's
    files had no help text."""
    for command in (["--help"], ["replay", "--help"], ["sql", "--help"], ["verify", "--help"], ["review", "--help"]):
        assert main(command) == 0
        out = capsys.readouterr().out
        for line in out.split("options:")[0].splitlines():
            name = line.strip().split(" ")[0]
            if line.startswith("  ") and not line.startswith("   ") and name in ("file", "files", "query"):
                assert len(line.split()) > 1, f"{command}: {line!r} has no help"
        if command == ["--help"]:
            assert "how fast bots move" in out


@pytest.mark.parametrize(("code", "said"), [("fr", "parties\u00a0: 2  joueurs\u00a0: 2"), ("ja", "ゲーム数：2")])
def test_simulate_sums_up_in_the_language_in_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], code: str, said: str
) -> None:
    """Issue 68.3: `cwtui simulate`'s summary read "games: 1 players: 2 …" in French and
    Japanese; the seats are numbered from 1, as everywhere a player reads them."""
    from cwtui.lang import SOURCE, use

    try:
        assert (
            main(["--lang", code, "simulate", "--players", "2", "--games", "2", "--seed", "40", "--out", str(tmp_path)])
            == 0
        )
    finally:
        use(SOURCE)
    out = capsys.readouterr().out
    assert said in out and "mean score" not in out and "seat 0" not in out and ("席1" in out or "place 1" in out)
