"""The turn alert's escape sequences (cwtui.shell.alerts): the bell, OSC 9 and OSC 777, with
text that can never end the sequence or start another."""

from __future__ import annotations

from cwtui.shell.alerts import alert_sequence


def test_each_kind_of_alert() -> None:
    assert alert_sequence("off", "cwtui", "your turn") == ""
    assert alert_sequence("bell", "cwtui", "your turn") == "\a"
    assert alert_sequence("desktop", "cwtui", "your turn in room K7QM2P") == (
        "\x1b]9;cwtui: your turn in room K7QM2P\a\x1b]777;notify;cwtui;your turn in room K7QM2P\a\a"
    )


def test_a_name_cannot_paint_the_terminal() -> None:
    hostile = "Bo\x1b]52;c;aGk=\a;\x07\x1b[2J" + "x" * 500
    sequence = alert_sequence("desktop", "cwtui", hostile)
    body = sequence.split("\x1b]9;cwtui: ", 1)[1].split("\a", 1)[0]
    assert body == "Bo]52caGk=[2J" + "x" * 182 + "…"  # printable, no ';', at most 200 characters, cut said
    assert sequence.count("\x1b") == 2 and sequence.count("\a") == 3
