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

from aiohttp import web
from textual_serve.server import Server


class _GuestServer(Server):
    async def on_startup(self, app: web.Application) -> None:
        """Quiet: textual-serve prints a banner here; `cwtui serve` says where it is."""


@dataclass
class WebSite:
    url: str  # where browsers open the app
    runner: web.AppRunner

    async def close(self) -> None:
        await self.runner.cleanup()  # closes the browsers' sockets and stops their apps


async def serve_app(host: str, port: int, url: str | None, command: str) -> WebSite:
    """Serve `command` (`cwtui guest …`) to browsers on host:port; `url` is the address
    they use (a TLS proxy's), by default http://host:port. OSError if the port is taken."""
    shown_host = f"[{host}]" if ":" in host else host
    public = (url or f"http://{shown_host}:{port}").rstrip("/")
    server = _GuestServer(command, host=host, port=port, title="cwtui — Coldwater Crown", public_url=public)
    runner = web.AppRunner(await server._make_app())
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError:
        await runner.cleanup()
        raise
    return WebSite(public, runner)
