"""`cwtui serve --web`: the app itself for browsers, served by textual-serve beside the
game server, in the same event loop.

Each browser that opens the page gets its own `cwtui guest` process on this machine,
its screen drawn in the page (xterm.js). A guest joins and watches this server's games
and nothing else (cwtui.screens.guest): it runs here, for whoever has the link.

textual-serve offers only a blocking `Server.serve()`, which runs its own event loop;
the game server needs this one. So its aiohttp application (`Server._make_app`) is run
here with aiohttp's runner; the version is pinned exactly in pyproject.toml for that.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aiohttp import web
from textual_serve.server import Server


class _GuestServer(Server):
    def __init__(self, command: str, most: int, **options: Any) -> None:
        super().__init__(command, **options)
        self.most = most  # browsers at once: each is a process of its own on this machine
        self.open = 0

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: textual-serve prints a banner here; `cwtui serve` says where it is."""

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
