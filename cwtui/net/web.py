"""`cwtui serve --web`: the app itself for browsers, served by textual-serve beside the
game server, in the same event loop.

Each browser that opens the page gets its own `cwtui guest` process on this machine,
its screen drawn in the page (xterm.js). A guest joins and watches this server's games
and nothing else (cwtui.screens.guest): it runs here, for whoever has the link.

textual-serve offers only a blocking `Server.serve()`, which runs its own event loop;
the game server needs this one. So its aiohttp application (`Server._make_app`) is run
here with aiohttp's runner; the version is pinned exactly in pyproject.toml for that.

Nothing the page needs comes from anywhere but this server: textual-serve's page asks
Google for its font, so its template is served with that link replaced by the same
font from textual-serve's own static files. Past `--web-browsers` the page itself says
to try again later (its own would show "Session ended. Restart").

A guest speaks the language the browser asks for (its Accept-Language, as a browser's
language setting sends it with the page's socket) if cwtui speaks it, else the server's
(`cwtui --lang fr serve --web`): players of two languages at one table each read their own.

An invite is also a link, `/join/ROOM#TOKEN`: its guest opens with the join dialog
filled in. The token travels in the fragment, which the browser keeps to the page, and
then in the path of the page's own socket to this server (`command_for`); the page's
Restart keeps it.

A browser's socket and its guest end together: the guest's end, however it comes,
closes the socket (the page says "Session ended." and offers Restart), the socket's
close stops the guest, and the server's stop closes every socket first.
"""

from __future__ import annotations

import asyncio
import html
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, log, to_int

from cwtui.lang import _, language, languages, speaking

PAGE = "app_index.html"
_GOOGLE_FONT = """    <link
      rel="stylesheet"
      href="https://fonts.googleapis.com/css?family=Roboto%20Mono"
    />"""
_OWN_FONT = """    <style>
      @font-face {
        font-family: "Roboto Mono";
        src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype");
        font-weight: 100 700;
        font-style: normal;
      }
      @font-face {
        font-family: "Roboto Mono";
        src: url("{{ config.static.url }}fonts/RobotoMono-Italic-VariableFont_wght.ttf") format("truetype");
        font-weight: 100 700;
        font-style: italic;
      }
    </style>"""


# An invite as a link, /join/ROOM#TOKEN: the page's socket is /ws/join/ROOM, and this
# script adds the token from the fragment (which a browser never sends with the page),
# so the guest opens the join dialog filled in.
_BODY_END = "  </body>"
_JOIN_SCRIPT = """    <script>
      (function () {
        const terminal = document.getElementById("terminal");
        const token = window.location.hash.slice(1);
        if (terminal.dataset.sessionWebsocketUrl.includes("/ws/join/") && /^[A-Za-z0-9_-]{1,100}$/.test(token)) {
          terminal.dataset.sessionWebsocketUrl += "/" + token;
        }
      })();
    </script>
"""
# The page's Restart (after its session ended: a server's restart, say) goes to the page's
# address without its fragment, and an invite link's token is the fragment: the seat would
# be lost, and the player made a spectator. It keeps the fragment.
_START_URL = 'return url.pathname + "?" + params.toString();'
_START_URL_KEPT = 'return url.pathname + "?" + params.toString() + url.hash;'
PROGRAM = (sys.executable, "-m", "cwtui")  # this cwtui, in this Python
ROOM = re.compile(r"[A-Za-z0-9]{1,12}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,100}")


def own_page(templates: Path) -> str:
    """textual-serve's page with its font served from here, the script that takes an
    invite link's token, and a Restart that keeps it (ValueError if the page is not the
    one this was written for: textual-serve is pinned exactly)."""
    page = (templates / PAGE).read_text(encoding="utf-8")
    if _GOOGLE_FONT not in page or page.count(_BODY_END) != 1 or page.count(_START_URL) != 1:
        raise ValueError(f"textual-serve's {PAGE} changed: it is not the page cwtui.net.web expects")
    page = page.replace(_GOOGLE_FONT, _OWN_FONT).replace(_START_URL, _START_URL_KEPT)
    return page.replace(_BODY_END, _JOIN_SCRIPT + _BODY_END)


def full_page(most: int) -> str:
    """The page past `--web-browsers`, in the language in use (`speaking` the browser's)."""
    busy = _("This server already has as many browsers as it takes ({count}).").format(count=most)
    title, later = _("try again later"), _("Try again later.")
    return (
        f"<!DOCTYPE html><html lang='{language()}'><head><meta charset='utf-8'>"
        f"<title>cwtui — {html.escape(title)}</title></head>"
        "<body style='background:#0c181f;color:#eee;font-family:monospace;text-align:center;padding-top:20vh'>"
        f"<p>{html.escape(busy)}</p><p>{html.escape(later)}</p></body></html>"
    )


class _GuestService(AppService):
    """A browser's guest process, whose end, however it comes (a crash, a kill), closes
    the browser's socket: its page then says "Session ended." and offers Restart.
    textual-serve's own closes it only when the app says it exits, and a page whose
    guest died stayed as it was, its keys going nowhere."""

    async def run(self) -> None:
        try:
            await super().run()
        finally:
            await self.remote_close()


def browser_language(accepted: str, default: str) -> str:
    """The first language of a browser's Accept-Language ("fr-CH, fr;q=0.9, en;q=0.8")
    that cwtui speaks, by the browser's preference; `default` if none is."""
    wanted: list[tuple[float, int, str]] = []
    for at, item in enumerate(accepted.split(",")[:20]):
        code, _semi, weight = item.strip().partition(";")
        quality = 1.0
        if weight.strip().startswith("q="):
            try:
                quality = float(weight.strip()[2:])
            except ValueError:
                continue
        wanted.append((-quality, at, code.split("-")[0].strip().lower()))
    spoken = languages()
    return next((code for _q, _at, code in sorted(wanted) if code in spoken), default)


class _GuestServer(Server):
    def __init__(self, guest: list[str], most: int, **options: Any) -> None:
        super().__init__(shlex.join([*PROGRAM, *guest]), **options)
        self.guest = guest  # `guest HOST:PORT`: the command's words after cwtui's options
        self.most = most  # browsers at once: each is a process of its own on this machine
        self.open = 0
        self.browsers: set[web.WebSocketResponse] = set()  # their sockets, closed when the server stops

    async def close_browsers(self, _app: web.Application) -> None:
        """At the server's stop (aiohttp's on_shutdown): every browser's socket is closed,
        which stops its guest. aiohttp would otherwise wait for each socket's handler to
        end by itself, or for its shutdown timeout (60 s): a stop took 20 s with one
        browser open."""
        going = b"the server is stopping"
        await asyncio.gather(*(browser.close(code=WSCloseCode.GOING_AWAY, message=going) for browser in self.browsers))

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: textual-serve prints a banner here; `cwtui serve` says where it is."""

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        aiohttp_jinja2.setup(app, loader=jinja2.DictLoader({PAGE: own_page(Path(self.templates_path))}))
        app.on_shutdown.append(self.close_browsers)
        app.add_routes(
            [
                web.get("/join/{room}", self.handle_join, name="join"),
                web.get("/ws/join/{room}", self.handle_websocket, name="join-websocket"),
                web.get("/ws/join/{room}/{token}", self.handle_websocket, name="join-websocket-token"),
            ]
        )
        return app

    def busy(self, request: web.Request) -> web.Response:
        """The page that says the server is full, in the browser's language."""
        with speaking(browser_language(request.headers.get("Accept-Language", ""), language())):
            return web.Response(status=503, content_type="text/html", text=full_page(self.most))

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.open >= self.most:
            return self.busy(request)
        response: web.StreamResponse = await super().handle_index(request)
        return response

    async def handle_join(self, request: web.Request) -> web.StreamResponse:
        """An invite as a link: the page, its socket naming the room (and, by the page's
        script, the token)."""
        room = request.match_info["room"]
        if not ROOM.fullmatch(room):
            raise web.HTTPNotFound(text=f"no room {room[:20]!r}: a room's code is letters and digits")
        if self.open >= self.most:
            return self.busy(request)
        # textual-serve's page context (its template decorator wraps the function that makes it)
        context: dict[str, Any] = await Server.handle_index.__wrapped__(self, request)  # type: ignore[attr-defined]
        context["app_websocket_url"] = context["app_websocket_url"].removesuffix("/ws") + f"/ws/join/{room}"
        return aiohttp_jinja2.render_template(PAGE, request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if self.open >= self.most:
            full = f"this server already has as many browsers as it takes ({self.most}); try again later"
            raise web.HTTPServiceUnavailable(text=full)
        self.open += 1
        try:
            return await self._run(request, self.command_for(request))
        finally:
            self.open -= 1

    def command_for(self, request: web.Request) -> str:
        """The guest's command: in the browser's language (or the server's), with
        `--join ROOM#TOKEN` for an invite link's socket."""
        speaks = browser_language(request.headers.get("Accept-Language", ""), language())
        command = [*PROGRAM, "--lang", speaks, *self.guest]
        room, token = request.match_info.get("room"), request.match_info.get("token")
        if room is None:
            return shlex.join(command)
        if not ROOM.fullmatch(room) or (token is not None and not TOKEN.fullmatch(token)):
            raise web.HTTPNotFound(text="that is not an invite link: /join/ROOM#TOKEN")
        return shlex.join([*command, "--join", room + ("#" + token if token else "")])

    async def _run(self, request: web.Request, command: str) -> web.WebSocketResponse:
        """textual-serve 1.1.3's `handle_websocket`, with the command to run given (its
        own runs `self.command` for every browser)."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        app_service: AppService | None = None
        self.browsers.add(websocket)
        try:
            await websocket.prepare(request)
            app_service = _GuestService(
                command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,  # type: ignore[arg-type]  # as textual-serve passes it
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await app_service.start(width, height)
            await self._process_messages(websocket, app_service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # as textual-serve does: the browser's app ends, the server goes on
            log.exception(error)
        finally:
            self.browsers.discard(websocket)
            if app_service is not None:
                await app_service.stop()
        return websocket


@dataclass
class WebSite:
    url: str  # where browsers open the app
    runner: web.AppRunner

    async def close(self) -> None:
        await self.runner.cleanup()  # closes the browsers' sockets and stops their apps


async def serve_app(host: str, port: int, url: str | None, guest: list[str], most: int) -> WebSite:
    """Serve `cwtui guest …` (`guest`: its words from `guest`) to at most `most` browsers at once on host:port;
    `url` is the address they use (a TLS proxy's), by default http://host:port. OSError
    if the port is taken."""
    shown_host = f"[{host}]" if ":" in host else host
    public = (url or f"http://{shown_host}:{port}").rstrip("/")
    server = _GuestServer(guest, most, host=host, port=port, title="cwtui — Coldwater Crown", public_url=public)
    runner = web.AppRunner(await server._make_app())
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError:
        await runner.cleanup()
        raise
    return WebSite(public, runner)
