"""cwtui.net.talk: table talk, tested without sockets."""

from __future__ import annotations

import pytest
from net_helpers import Place

from cwtui.net.protocol import Chat, ProtocolError
from cwtui.net.talk import Talk


def test_a_line_is_cleaned_kept_and_sent_to_whoever_reads_talk_there(place: Place) -> None:
    room = place.room()
    ana, bo, watcher = place.sit(room, 0), place.sit(room, 1), place.sit(room, None)
    Talk(place.tables).say(ana, "good \x1b[31mluck\x07")
    (line,) = room.chat.recent() if room.chat else ()
    assert (line.name, line.text, line.seat) == ("Ana", "good [31mluck", 0)
    assert place.tables.to(ana) == place.tables.to(bo) == [Chat((line,))]
    assert place.tables.to(watcher) == []  # spectators read no talk unless the host allowed it
    with pytest.raises(ProtocolError, match="spectators do not talk"):
        Talk(place.tables).say(watcher, "hello")


def test_spectators_talk_where_the_host_allowed_it_and_everyone_at_their_pace(place: Place) -> None:
    room = place.room(spectators_talk=True)
    ana, watcher = place.sit(room, 0), place.sit(room, None)
    Talk(place.tables).say(watcher, "nice catch")
    assert isinstance(place.tables.to(ana)[-1], Chat)
    with pytest.raises(ProtocolError, match="needs printable words"):
        Talk(place.tables).say(ana, "\x1b\x07 ")
    with pytest.raises(ProtocolError, match="slow down"):
        for n in range(100):
            Talk(place.tables).say(ana, f"line {n}")
