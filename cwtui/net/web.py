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
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.server import Server

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


def own_page(templates: Path) -> str:
    """textual-serve's page with its font served from here (ValueError if the page is
    not the one this was written for: textual-serve is pinned exactly)."""
    page = (templates / PAGE).read_text(encoding="utf-8")
    if _GOOGLE_FONT not in page:
        raise ValueError(f"textual-serve's {PAGE} changed: its font link is not where cwtui.net.web expects it")
    return page.replace(_GOOGLE_FONT, _OWN_FONT)


def full_page(most: int) -> str:
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>cwtui — try again later</title></head>"
        "<body style='background:#0c181f;color:#eee;font-family:monospace;text-align:center;padding-top:20vh'>"
        f"<p>This server already has as many browsers as it takes ({html.escape(str(most))}).</p>"
        "<p>Try again later.</p></body></html>"
    )


class _GuestServer(Server):
    def __init__(self, command: str, most: int, **options: Any) -> None:
        super().__init__(command, **options)
        self.most = most  # browsers at once: each is a process of its own on this machine
        self.open = 0

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: textual-serve prints a banner here; `cwtui serve` says where it is."""

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        aiohttp_jinja2.setup(app, loader=jinja2.DictLoader({PAGE: own_page(Path(self.templates_path))}))
        return app

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.open >= self.most:
            return web.Response(status=503, content_type="text/html", text=full_page(self.most))
        response: web.StreamResponse = await super().handle_index(request)
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if self.open >= self.most:
            full = f"this server already has as many browsers as it takes ({self.most}); try again later"
            raise web.HTTPServiceUnavailable(text=full)
        self.open += 1
        try:
            return await super().handle_websocket(request)
        finally:
            self.open -= 1


@dataclass
class WebSite:
    url: str  # where browsers open the app
    runner: web.AppRunner

    async def close(self) -> None:
        await self.runner.cleanup()  # closes the browsers' sockets and stops their apps


async def serve_app(host: str, port: int, url: str | None, command: str, most: int) -> WebSite:
    """Serve `command` (`cwtui guest …`) to at most `most` browsers at once on host:port;
    `url` is the address they use (a TLS proxy's), by default http://host:port. OSError
    if the port is taken."""
    shown_host = f"[{host}]" if ":" in host else host
    public = (url or f"http://{shown_host}:{port}").rstrip("/")
    server = _GuestServer(command, most, host=host, port=port, title="cwtui — Coldwater Crown", public_url=public)
    runner = web.AppRunner(await server._make_app())
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError:
        await runner.cleanup()
        raise
    return WebSite(public, runner)
