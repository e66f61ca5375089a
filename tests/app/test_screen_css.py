"""A screen's first visit parses what it brings and nothing else (cwtui/shell/textual_fixes.py):
Textual loads its CSS into a new stylesheet, which without the fix parsed every source
the app had again."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import make_app
from textual.css import stylesheet
from textual.css.types import CSSLocation

from cwtui.screens.new_game.new_game import NewGameScreen


async def test_a_screens_first_visit_parses_only_what_is_new(replays: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(replays)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = dict(app.stylesheet.source)
        parsed: list[CSSLocation] = []
        parse = stylesheet.parse

        def counted(scope: str, css: str, read_from: CSSLocation, **options):  # type: ignore[no-untyped-def]
            parsed.append(read_from)
            return parse(scope, css, read_from, **options)

        monkeypatch.setattr(stylesheet, "parse", counted)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        # its own sources, and those whose place in the cascade its widgets changed (a
        # subclass's registration moves its bases' default CSS down: parsed anew)
        new = {where for where, source in app.stylesheet.source.items() if before.get(where) != source}
        assert new, "the new-game screen brings CSS of its own"
        assert set(parsed) <= new, sorted(str(p) for p in set(parsed) - new)
        assert set(before) - new  # sources left as they were: a fresh parse of everything parses them
