"""The compact layout shared by the play and replay screens: below WIDE×TALL they show
one pane at a time (`shown`), switched with F-keys, above the part that stays."""

from __future__ import annotations

import ast
import functools
import inspect

from textual import events
from textual.actions import parse
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen

from cwtui.lang import _
from cwtui.widgets.footer import Footer
from cwtui.widgets.rule_link import Cited

WIDE, TALL = 120, 34


def roomy(
    key: str, action: str, description: str, *, id: str, tooltip: str = "", priority: bool = False
) -> list[Binding]:
    """A key the footer lists in the full layout only (in the compact one the pane keys
    take its room): its twin acts there unlisted (a key's bindings are tried in order
    until one is enabled), with the same description for F1 and the command palette."""
    return [
        Binding(key, action, description, id=id, tooltip=tooltip, priority=priority),
        Binding(key, f"unlisted({action!r})", description, show=False, id=f"{id}.unlisted", tooltip=tooltip,
                priority=priority),
    ]  # fmt: skip


@functools.cache
def roomy_actions(screen: type[Screen[None]]) -> frozenset[str]:
    """The names of the actions a screen class declares with `roomy` (their twins' action
    names them): a screen's check_action refuses them where their twin acts."""
    return frozenset(
        parse(ast.literal_eval(binding.action.removeprefix("unlisted(").removesuffix(")")))[1]
        for klass in screen.__mro__
        for binding in klass.__dict__.get("BINDINGS", ())
        if isinstance(binding, Binding) and binding.action.startswith("unlisted(")
    )


async def act_unlisted(screen: Screen[None], action: str) -> None:
    """What a roomy key's unlisted twin does: the action itself. Not through run_action,
    which asks check_action again, and check_action refuses the listed twin's action
    where the twin acts, to keep it out of the footer (so at 80×24 u took nothing back).
    The twin's own check has asked whether the action can act."""
    _namespace, name, params = parse(action)  # a roomy action is the screen's own
    done = getattr(screen, f"action_{name}")(*params)
    if inspect.isawaitable(done):
        await done


class CompactScreen(Screen[None]):
    """A screen whose `PANES` (ids) are shown one at a time in the compact layout; the
    shown one has the class -shown, and so has #left when the pane is inside it."""

    PANES: tuple[str, ...] = ()
    # Each pane's name on its border and the key that shows it ("board": ("Board", "F2 board"))
    PANE_TITLES: dict[str, tuple[str, str]] = {}
    shown: reactive[str] = reactive("board")
    cited = ""  # the rule the screen last cited (a refusal, a tooltip): F1's r opens it

    def on_cited(self, message: Cited) -> None:
        self.cited = message.code

    def on_resize(self, event: events.Resize) -> None:
        self.update_layout(event.size.width, event.size.height)

    def update_layout(self, width: int, height: int) -> None:
        compact = width < WIDE or height < TALL
        if compact != self.has_class("-compact"):
            self.set_class(compact, "-compact")
            for footer in self.query(Footer):  # ^p has room in the full layout only
                footer.show_command_palette = not compact
            self.refresh_bindings()  # the pane keys act, and are listed, only when compact
        self.watch_shown(self.shown)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The full layout shows every pane at once: its F-keys would do nothing, so the
        footer does not offer them. A roomy key is listed in the full layout and acts
        unlisted in the compact one."""
        compact = self.has_class("-compact")
        if action == "show":
            return compact
        if action == "unlisted":
            return compact and self.can(str(parameters[0]))
        if action in roomy_actions(type(self)):
            return not compact and self.can(action)
        return self.can(action)

    def can(self, action: str) -> bool:
        """Whether `action` can act now, wherever its key is listed (subclasses)."""
        return True

    async def action_unlisted(self, action: str) -> None:
        await act_unlisted(self, action)

    def watch_shown(self, shown: str) -> None:
        for pane_id in self.PANES:
            self.query_one(f"#{pane_id}").set_class(pane_id == shown, "-shown")
        left = self.query("#left")
        if left:
            left.first().set_class(bool(left.first().query(f"#{shown}")), "-shown")
        self.title_panes()

    def title_panes(self) -> None:
        """Each pane's name on its border; in the compact layout, with the keys that show
        the others there, as tabs say it (the footer's room is the game's keys')."""
        compact = self.has_class("-compact")
        for pane, (name, _key) in self.PANE_TITLES.items():
            others = [_(key) for other, (_name, key) in self.PANE_TITLES.items() if other != pane]
            title = " · ".join((_(name), *others)) if compact else _(name)
            widget = self.query_one(f"#{pane}")
            if widget.border_title != title:  # setting it repaints the pane, even to the same title
                widget.border_title = title

    def refused(self, reason: str, rule: str | None) -> None:
        """A move refused: why in words first, then the rule's code, which F1's r opens
        (`cited`: the rule the screen last cited)."""
        if rule is None:
            self.notify(reason, title=_("Not allowed"), severity="error")
            return
        self.cited = rule
        self.notify(
            _("{reason} ({rule}: F1, then r, shows the rule)").format(reason=reason, rule=rule),
            title=_("Not allowed"),
            severity="error",
        )

    def action_show(self, pane: str) -> None:
        self.shown = pane
