"""The mouse: clicking spaces, zones, cards and fish on the board picks that option."""

from __future__ import annotations

from pathlib import Path

from app_helpers import make_app, settle

from cwtui.game.session import GameSession
from cwtui.screens.play.play import PlayScreen
from engine import SeatConfig, apply
from engine.components import SPACES
from engine.moves import PlaceAngler, TakeMasterAngler
from engine.scenario import Scenario

DUO = (SeatConfig("Laurence", "human"), SeatConfig("Nils", "greedy"))


async def test_clicking_a_space_places_the_token_there(replays: Path) -> None:
    state = Scenario(seats=DUO, seed=5).tokens(red=1, yellow=1, green=1).build()
    session = GameSession.unlogged(state)
    app = make_app(replays)
    async with app.run_test(size=(140, 40)) as pilot:
        await app.push_screen(PlayScreen(session, app.settings))
        await settle(pilot)
        # The board's first line: "Angler spaces Port·  P·  G·  B·  …" (border 1, padding 1).
        x = 2 + len("Angler spaces Port·  ") + 4 * (SPACES.index("blue") - 1)
        await pilot.click("#board", offset=(x, 1))
        await settle(pilot)
        assert session.history[0].move == PlaceAngler("blue")


async def test_clicking_a_display_card_takes_it(replays: Path) -> None:
    state = Scenario(seats=DUO, seed=5).tokens(red=1, yellow=1, green=1).display([4, 9, 14, 20]).build()
    state, _ = apply(state, PlaceAngler("port"))
    session = GameSession.unlogged(state)
    app = make_app(replays)
    async with app.run_test(size=(140, 40)) as pilot:
        screen = PlayScreen(session, app.settings)
        await app.push_screen(screen)
        await settle(pilot)
        screen.action_pick("card:14")
        await settle(pilot)
        assert session.history[0].move == TakeMasterAngler(14)
        screen.action_pick("purple")  # not an option now: nothing happens
        assert len(session.history) <= 2
