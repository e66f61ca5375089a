"""`cwtui serve --web`: the app for browsers (textual-serve) beside the game server, in
a process of its own as a user runs it; and a real browser (Debian's headless Chromium,
driven by Playwright) that opens it and makes a move."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from cwtui.net.client import Address, ask
from cwtui.net.host_key import local_key
from cwtui.net.protocol import CreateRoom, ListRooms, RoomMade, Rooms
from engine.config import SeatConfig

CHROMIUM = "/usr/bin/chromium"
# As this machine's notes give them: without the background-networking flags Chromium's
# connections are refused by the closed network, many at a time.
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def served(folder: Path, *options: str) -> Iterator[tuple[Address, str, subprocess.Popen[str]]]:
    """`cwtui serve --web` running: the game server's address and the browsers' URL."""
    command = [sys.executable, "-m", "cwtui", "serve", "--port", "0", "--replays-dir", str(folder), "--web"]
    process = subprocess.Popen([*command, *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        listening = process.stdout.readline()
        browsers = process.stdout.readline()
        game = re.search(r"listening on (ws://[\d.]+:\d+)", listening)
        web = re.search(r"the app for browsers at (\S+),", browsers)
        assert game and web, (listening, browsers, process.stderr and process.stderr.read())
        yield Address(game.group(1)), web.group(1), process
    finally:
        process.terminate()
        process.wait(10)


def test_serve_web_serves_the_app_beside_the_game_server(tmp_path: Path) -> None:
    port = free_port()
    with served(tmp_path, "--web-port", str(port)) as (_address, url, process):
        assert url == f"http://127.0.0.1:{port}"
        page = urllib.request.urlopen(url, timeout=10).read().decode()
        assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page
        assert "cwtui — Coldwater Crown" in page
        # issue 39: nothing the page needs comes from another server (it asked Google for its font)
        addresses = set(re.findall(r"""(?:href|src|url)\(?=?["']?(https?://[^"')\s]+)""", page))
        assert addresses and all(a.startswith(f"http://127.0.0.1:{port}/") for a in addresses), addresses
        assert "googleapis" not in page
        font = re.search(r'url\("([^"]+RobotoMono-VariableFont_wght\.ttf)"\)', page)
        assert font and urllib.request.urlopen(font[1], timeout=10).read()[:4] == b"\x00\x01\x00\x00"  # a TrueType font
    assert process.returncode == 0


def test_behind_a_tls_proxy_the_page_uses_the_proxys_address(tmp_path: Path) -> None:
    port = free_port()
    with served(tmp_path, "--web-port", str(port), "--web-url", "https://cwtui.example.org/") as (_a, url, _p):
        assert url == "https://cwtui.example.org"
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10).read().decode()
        assert 'data-session-websocket-url="wss://cwtui.example.org/ws"' in page


async def test_browsers_beyond_the_limit_are_turned_away(tmp_path: Path) -> None:
    """Each browser is a process on the server's machine: --web-browsers caps them."""
    port = free_port()
    with served(tmp_path, "--web-port", str(port), "--web-browsers", "1"):
        socket_url = f"ws://127.0.0.1:{port}/ws?width=80&height=24"
        async with connect(socket_url) as first:
            await first.recv()  # the guest's app is drawing: one browser in
            with pytest.raises(InvalidStatus) as refused:
                async with connect(socket_url):
                    pass
            assert refused.value.response.status_code == 503
            assert b"as many browsers as it takes (1)" in refused.value.response.body
            # the page itself says so, where it said "Session ended. [Restart]"
            with pytest.raises(urllib.error.HTTPError) as full:
                await asyncio.to_thread(urllib.request.urlopen, f"http://127.0.0.1:{port}/", timeout=10)
            assert full.value.code == 503
            assert "Try again later." in full.value.read().decode()
            # in the browser's language (issue 56)
            french = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
            with pytest.raises(urllib.error.HTTPError) as full:
                await asyncio.to_thread(urllib.request.urlopen, french, timeout=10)
            assert "Réessayez plus tard." in full.value.read().decode()
        for _ in range(50):  # the first has left: there is room again
            try:
                async with connect(socket_url) as again:
                    await again.recv()
                break
            except InvalidStatus:
                await asyncio.sleep(0.1)
        else:
            raise AssertionError("a browser's place was not given back")


@pytest.mark.parametrize(
    ("accepted", "server", "spoken"),
    [
        ("ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7", "en", "ja"),
        ("de-DE,de;q=0.9,fr;q=0.8,en;q=0.5", "en", "fr"),  # German it does not speak: the next
        ("en;q=0.2, fr", "ja", "fr"),  # by the browser's weights, not its order
        ("de, pt-BR", "fr", "fr"),  # none it speaks: the server's
        ("", "ja", "ja"),
        ("fr;q=x, ja", "en", "ja"),  # a bad weight: that entry left out
    ],
)
def test_a_browsers_guest_speaks_the_language_the_browser_asks_for(accepted: str, server: str, spoken: str) -> None:
    from cwtui.net.web import browser_language

    assert browser_language(accepted, server) == spoken


async def test_a_japanese_browsers_guest_reads_japanese(tmp_path: Path) -> None:
    """Issue 56: the page's socket carries the browser's Accept-Language; its guest is
    started with that language (an English server's French and Japanese browsers each
    read their own)."""
    port = free_port()
    with served(tmp_path, "--web-port", str(port)) as (address, _url, _process):
        headers = {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.8"}
        async with connect(f"ws://127.0.0.1:{port}/ws?width=80&height=24", additional_headers=headers) as browser:
            await browser.recv()
            (argv,) = guests_of(address).values()
            assert argv[argv.index("--lang") + 1] == "ja"


def guests_of(address: Address) -> dict[int, list[str]]:
    """The `cwtui guest` processes of the server at `address` on this machine, and how
    each was started."""
    server = address.uri.removeprefix("ws://")
    found = {}
    for entry in Path("/proc").iterdir():
        try:
            argv = (entry / "cmdline").read_bytes().decode(errors="replace").rstrip("\0").split("\0")
        except OSError:  # not a process, or gone
            continue
        if "guest" in argv and server in argv:
            found[int(entry.name)] = argv
    return found


@pytest.mark.slow
async def test_a_browsers_guest_ends_with_a_server_killed_and_gives_its_seat_back(tmp_path: Path) -> None:
    """Issue 51.1: after a kill -9 of `serve --web`, a browser's guest (at a seat) ran on
    as an orphan, reconnected to the restarted server and held the seat ("Cy (human,
    here)") while the browser's page said "Session ended."."""
    port = free_port()
    with served(tmp_path, "--web-port", str(port)) as (address, _url, process):
        made = await ana_and_a_bot(address)
        token = made.invites[0].token
        async with connect(f"ws://127.0.0.1:{port}/ws/join/{made.room}/{token}?width=100&height=30") as browser:
            for _ in range(300):  # the join dialog, filled in: Enter sits down
                await browser.send('["stdin", "\\r"]')
                rooms = await ask(address, ListRooms())
                if isinstance(rooms, Rooms) and rooms.rooms[0].connected == (0,):
                    break
                await asyncio.sleep(0.1)
            else:
                raise AssertionError("the browser's guest did not sit down")
            assert guests_of(address)
            process.kill()  # kill -9: nothing tells the guest
            process.wait(10)
            for _ in range(100):
                if not guests_of(address):
                    break
                await asyncio.sleep(0.1)
            assert guests_of(address) == {}, "the guest outlived its server"


async def test_a_browsers_page_says_its_session_ended_when_its_guest_dies(tmp_path: Path) -> None:
    """Found with issue 51.5: a guest that died (a crash, a kill) left its browser's socket
    open, so the page stayed as it was, keys going nowhere, with no "Session ended." and
    no Restart."""
    port = free_port()
    with served(tmp_path, "--web-port", str(port)) as (address, _url, _process):
        async with connect(f"ws://127.0.0.1:{port}/ws?width=80&height=24") as browser:
            await browser.recv()  # the guest's app is drawing
            (guest,) = guests_of(address)
            os.kill(guest, signal.SIGKILL)
            async with asyncio.timeout(10):
                with pytest.raises(ConnectionClosed):
                    while True:
                        await browser.recv()


async def test_serve_web_stops_at_once_with_browsers_open(tmp_path: Path) -> None:
    """Found with issue 51.5: `serve --web` asked to stop with a browser open took 20 s:
    aiohttp waited for the browser's socket to end by itself."""
    port = free_port()
    with served(tmp_path, "--web-port", str(port)) as (address, _url, process):
        async with connect(f"ws://127.0.0.1:{port}/ws?width=80&height=24") as browser:
            await browser.recv()
            assert guests_of(address)
            asked = time.monotonic()
            process.terminate()
            with contextlib.suppress(ConnectionClosed):
                async with asyncio.timeout(10):
                    while True:
                        await browser.recv()
            assert await asyncio.to_thread(process.wait, 10) == 0
            assert time.monotonic() - asked < 5
            for _ in range(50):  # the guest, its input gone, ends too
                if not guests_of(address):
                    break
                await asyncio.sleep(0.1)
            assert guests_of(address) == {}


def test_a_taken_web_port_is_one_line_and_nothing_listens(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "cwtui", "serve", "--port", "0", "--replays-dir", str(tmp_path),
             "--web", "--web-port", str(port)],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith(f"cwtui serve: cannot listen on 127.0.0.1:{port} for browsers:")
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    bad = subprocess.run(
        [sys.executable, "-m", "cwtui", "serve", "--replays-dir", str(tmp_path), "--web", "--web-url", "cwtui.org"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert bad.returncode == 2 and "--web-url is the address browsers use" in bad.stderr


NEEDS_CHROMIUM = pytest.mark.skipif(
    not os.path.exists(CHROMIUM) and not os.environ.get("CI"),
    reason="Debian's chromium is not installed (CI installs it: .ci/run)",
)


async def ana_and_a_bot(address: Address) -> RoomMade:
    made = await ask(
        address, CreateRoom((SeatConfig("Ana"), SeatConfig("Bo", "greedy")), 7, key=local_key(address.uri))
    )
    assert isinstance(made, RoomMade)
    return made


async def first_rooms_ply(address: Address) -> int:
    rooms = await ask(address, ListRooms())
    assert isinstance(rooms, Rooms)
    return rooms.rooms[0].ply


@pytest.mark.slow
@NEEDS_CHROMIUM
async def test_a_browser_opens_the_app_joins_a_seat_and_makes_a_move(tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    assert shutil.which(CHROMIUM), f"{CHROMIUM} is missing: apt-get install chromium"
    with served(tmp_path / "server", "--web-port", str(free_port())) as (address, url, _process):
        made = await ana_and_a_bot(address)
        invite = f"cwtui join {address}/{made.room}#{made.invites[0].token}"

        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            page = await browser.new_page(viewport={"width": 1280, "height": 800})
            await page.goto(url)
            await page.wait_for_selector(".xterm-screen", timeout=30_000)
            await page.wait_for_timeout(3_000)  # the guest's app starts and draws the lobby
            await page.screenshot(path=str(tmp_path / "lobby.png"))
            await page.click("#terminal")
            await page.keyboard.press("j")
            await page.wait_for_timeout(1_000)
            await page.keyboard.type(invite)
            await page.keyboard.press("Enter")
            await page.wait_for_timeout(3_000)  # the table opens at Ana's first decision
            await page.keyboard.press("1")
            for _ in range(100):
                if await first_rooms_ply(address) >= 1:
                    break
                await page.wait_for_timeout(100)
            await page.wait_for_timeout(1_000)  # the table redraws after the move
            await page.screenshot(path=str(tmp_path / "table.png"))
            await browser.close()
        assert await first_rooms_ply(address) >= 1, "the move typed in the browser reached the server"


@pytest.mark.slow
@NEEDS_CHROMIUM
async def test_restart_after_a_server_restart_keeps_the_invite_links_seat(tmp_path: Path) -> None:
    """Issue 51.5: after a server's restart, the page of an invite link said "Session
    ended.", and its Restart opened the app without the link's token: Enter would have
    made the player a spectator."""
    from playwright.async_api import async_playwright

    game_port, web_port = free_port(), free_port()
    ports = ("--port", str(game_port), "--web-port", str(web_port))
    folder = tmp_path / "server"
    with served(folder, *ports) as (address, url, process):
        made = await ana_and_a_bot(address)
        line = f"{made.room}#{made.invites[0].token}"

        async def guest_joining(besides: int | None = None) -> int:
            """A guest of the server's, and never one without the seat's token; `besides`:
            one other than that (the guest of the server killed, which ends with it but
            may not have yet: on a loaded machine the new one came first)."""
            for _ in range(300):
                for pid, argv in guests_of(address).items():
                    assert argv[-2:] == ["--join", line], argv  # never without the seat's token
                    if pid != besides:
                        return pid
                await asyncio.sleep(0.1)
            raise AssertionError("no guest started")

        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            page = await browser.new_page()
            await page.goto(f"{url}/join/{line}")
            first = await guest_joining()
            process.kill()
            process.wait(10)
            await page.get_by_text("Session ended.").wait_for(timeout=30_000)
            with served(folder, *ports):  # the server is back
                await page.get_by_role("button", name="Restart").click()
                assert await guest_joining(besides=first) != first
                assert page.url.endswith(f"#{made.invites[0].token}")
                for _ in range(100):  # the killed server's guest ends with it (issue 51.1)
                    if first not in guests_of(address):
                        break
                    await asyncio.sleep(0.1)
                assert first not in guests_of(address)
            await browser.close()


@pytest.mark.slow
@NEEDS_CHROMIUM
async def test_an_invite_link_opens_the_join_dialog_filled_in_and_nothing_comes_from_elsewhere(
    tmp_path: Path,
) -> None:
    """Issue 39: https://…/join/ROOM#TOKEN opens the guest with the join dialog filled in;
    every request the page makes is to this server."""
    from playwright.async_api import Request, WebSocket, async_playwright

    assert shutil.which(CHROMIUM), f"{CHROMIUM} is missing: apt-get install chromium"
    with served(tmp_path / "server", "--web-port", str(free_port())) as (address, url, _process):
        made = await ana_and_a_bot(address)
        asked: list[str] = []

        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            page = await browser.new_page(viewport={"width": 1280, "height": 800})

            def request(sent: Request | WebSocket) -> None:
                asked.append(sent.url)

            page.on("request", request)
            page.on("websocket", request)
            await page.goto(f"{url}/join/{made.room}#{made.invites[0].token}")
            await page.wait_for_selector(".xterm-screen", timeout=30_000)
            await page.wait_for_timeout(3_000)  # the guest starts, its join dialog filled in
            await page.screenshot(path=str(tmp_path / "join.png"))
            await page.click("#terminal")
            await page.keyboard.press("Enter")
            await page.wait_for_timeout(3_000)  # the table opens at Ana's first decision
            await page.keyboard.press("1")
            for _ in range(100):
                if await first_rooms_ply(address) >= 1:
                    break
                await page.wait_for_timeout(100)
            await browser.close()
        assert await first_rooms_ply(address) >= 1, "the seat the link named played the move typed in the browser"
        here = url.removeprefix("http://")
        assert asked and all(a.split("/")[2] == here for a in asked), asked
        assert f"ws://{here}/ws/join/{made.room}/{made.invites[0].token}?width=" in " ".join(asked)


@pytest.mark.slow
@NEEDS_CHROMIUM
async def test_a_browser_past_the_limit_reads_try_again_later(tmp_path: Path) -> None:
    from playwright.async_api import async_playwright

    with served(tmp_path / "server", "--web-port", str(free_port()), "--web-browsers", "1") as (_a, url, _p):
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            first = await browser.new_page()
            await first.goto(url)
            await first.wait_for_selector(".xterm-screen", timeout=30_000)
            await first.wait_for_timeout(2_000)  # its guest runs: the one browser this server takes
            second = await browser.new_page()
            response = await second.goto(url)
            assert response is not None and response.status == 503
            assert "Try again later." in await second.inner_text("body")
            await browser.close()
