"""Textual's footer, its keys' descriptions in the language in use, and only as many
keys as its width holds.

A key's description is written in BINDINGS, at a class's definition, before any language
is chosen: it is marked there (`N_`) and looked up here, as the footer draws it (and by
F1 and the command palette, which list the same keys).

A footer wider than the terminal was cut at its right end: in French at 80 columns the
table's footer lost "s Vitesse" in the middle of its word and F1 altogether. Where the
keys do not fit, the last ones are left out whole, the command palette's first and F1
never (F1 lists every key of the screen, and the palette names them).
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import widgets
from textual.app import ComposeResult
from textual.widgets._footer import FooterKey

from cwtui.lang import N_, _

# Textual's own words in the footer, for the catalog (the command palette's key)
TEXTUAL_WORDS = (N_("palette"),)
KEPT = ("help", "app.help")  # the key never left out: F1, which lists the others


class Footer(widgets.Footer):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description)
                if isinstance(widget.tooltip, str):
                    widget.tooltip = _(widget.tooltip)
            yield widget
        self.call_after_refresh(self.fit)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit)

    def fit(self) -> None:
        """Show the keys that fit the footer's width, whole; leave out the rest from the
        right (the palette's key first), F1 always kept."""
        keys = list(self.query(FooterKey))
        if not keys or not self.size.width:
            return
        # a key's label (as FooterKey.render lays it out: measured, not rendered, which
        # took 8 ms of the start-up), its padding and border, and the margin that parts it
        # from the next
        widths = {key: label_width(key) + key.styles.gutter.width + key.styles.margin.width for key in keys}
        room = self.size.width
        palette = [key for key in keys if key.has_class("-command-palette")]
        order = palette + [key for key in reversed(keys) if key not in palette and key.action not in KEPT]
        gap = self.styles.grid_gutter_horizontal  # between two keys

        def width(keys: set[FooterKey]) -> int:
            return sum(widths[k] for k in keys) + gap * (len(keys) - 1) - 1  # the last margin may go past the edge

        shown = set(keys)
        for key in order:
            if width(shown) <= room:
                break
            shown.discard(key)
        for key in keys:
            key.display = key in shown


def label_width(key: FooterKey) -> int:
    """The cells FooterKey.render's label takes (textual is pinned exactly)."""
    if not key.description:
        return cell_len(key.key_display)
    around_key = key.get_component_styles("footer-key--key").padding.width
    around_description = key.get_component_styles("footer-key--description").padding.width
    return around_key + cell_len(key.key_display) + around_description + cell_len(key.description)
