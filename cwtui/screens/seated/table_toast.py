"""The one toast the table puts over itself of the seat at the keyboard's own move (its
catches, Master Angler cards and trophies: `words.said_at_once`), and takes away once
the player moves on — and no other toast (a line of table talk stays its time)."""

from __future__ import annotations

from textual.app import App


class TableToast:
    def __init__(self) -> None:
        self.said: tuple[str, str] | None = None  # (title, message) of the toast on show

    def tell(self, app: App[object], said: tuple[str, str]) -> None:
        """`said` over the table, in place of the last move's (stacked, they covered it)."""
        self.forget(app)
        app.notify(said[1], title=said[0])
        self.said = said

    def forget(self, app: App[object]) -> None:
        """The toast taken away: the player chose again (a trophy's toast stood over the
        board into the contests)."""
        if self.said is None:
            return
        title, message = self.said
        self.said = None
        # Textual (pinned) keeps the toasts in App._notifications, with no public way to
        # take one back
        for toast in list(app._notifications):
            if toast.title == title and toast.message == message:
                app._unnotify(toast)
