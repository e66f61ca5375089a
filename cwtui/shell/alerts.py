"""Telling a player whose terminal is in the background that a decision waits for them:
the terminal's bell, and the desktop notification that terminals understand as an
escape sequence (OSC 9: iTerm2, Windows Terminal, WezTerm, kitty, foot, Ghostty; OSC 777:
urxvt, foot, Ghostty, WezTerm); a terminal that knows neither ignores them."""

from __future__ import annotations

from typing import Final, Literal, TypeAlias, get_args

from cwtui.outside import plain

TurnAlert: TypeAlias = Literal["desktop", "bell", "off"]
TURN_ALERTS: Final[tuple[TurnAlert, ...]] = get_args(TurnAlert)
_MOST = 200  # characters of a notification's text


def _plain(text: str) -> str:
    """Text from outside as shown (cwtui.outside.plain), and no ';' (OSC 777 separates
    its fields with it): a room's or player's name can never end the sequence or start
    another."""
    return plain(text.replace(";", ""), _MOST)


def alert_sequence(kind: TurnAlert, title: str, body: str) -> str:
    """What to write to the terminal for `kind`; empty for "off"."""
    if kind == "off":
        return ""
    if kind == "bell":
        return "\a"
    title, body = _plain(title), _plain(body)
    return f"\x1b]9;{title}: {body}\a\x1b]777;notify;{title};{body}\a\a"
