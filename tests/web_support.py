"""What the web tests share: a server on a free loopback port, a response recorder, the browser.

The server runs the real application (:func:`solitaire_core.web.app.create_app`)
under uvicorn in a thread of the test process. :class:`BodyRecorder` wraps the
application and checks every API answer as it leaves: no answer about a game
names a card the player has not seen (the cards of the views of that game so
far, read from the server's own game). The browser is Debian's headless
Chromium driven by selenium; the tests that need it are skipped when it, its
driver or selenium is missing.
"""

from __future__ import annotations

import json
import re
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from solitaire_core.web.store import GameStore

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
CHROME_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
"""The flags Chromium needs here (as root, no network, no screen): docs/web.md, .ci/run."""
CARD = re.compile(r'"([A23456789TJQK][SHDC])"')
GAME_PATH = re.compile(r"^/api/games/([A-Za-z0-9_-]+)")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


def free_port() -> int:
    """A TCP port free on the loopback address now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def view_cards(view: dict[str, Any]) -> set[str]:
    """Every card text a view shows (the legal moves included)."""
    return set(CARD.findall(json.dumps(view)))


class BodyRecorder:
    """An ASGI wrapper that checks each answer about a game against what its player has seen.

    Attributes:
        bodies: every API answer's body, in order.
        problems: the answers that named a card the player had not seen (empty: none).
    """

    def __init__(self, app: Any, games: GameStore) -> None:
        self.app = app
        self.games = games
        self.seen: dict[str, set[str]] = {}
        self.bodies: list[bytes] = []
        self.problems: list[str] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []

        async def recording(message: Message) -> None:
            if message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
            await send(message)

        await self.app(scope, receive, recording)
        self._check(scope["path"], b"".join(chunks))

    def _check(self, path: str, body: bytes) -> None:
        self.bodies.append(body)
        text = body.decode("utf-8", "replace")
        named = set(CARD.findall(text))
        match = GAME_PATH.match(path)
        game_id = match.group(1) if match else None
        if game_id is None and path == "/api/games":
            try:
                game_id = json.loads(text).get("id")
            except ValueError:
                game_id = None
        if game_id is None:
            if named and path != "/api/variants":
                self.problems.append(f"{path} names {sorted(named)}")
            return
        stored = self.games.get(game_id)
        seen = self.seen.setdefault(game_id, set())
        if stored is not None:
            seen |= view_cards(stored.game.view_json())
        unseen = named - seen
        if unseen:
            self.problems.append(f"{path} names unseen cards {sorted(unseen)}")


class ServerThread:
    """The application served by uvicorn on a free loopback port, in a thread.

    Args:
        app: the ASGI application.
        port: the port (a free one when None).
    """

    def __init__(self, app: Any, *, port: int | None = None) -> None:
        import uvicorn

        self.port = free_port() if port is None else port
        config = uvicorn.Config(
            app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> ServerThread:
        self.thread.start()
        for _ in range(400):  # at most 20 s: a count, not a time limit of the test
            if self.server.started:
                return self
            time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


def new_driver(width: int = 1280, height: int = 860) -> Any:
    """Headless Chromium under selenium, with a fresh profile and the browser's console kept."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in CHROME_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tempfile.mkdtemp(prefix='solitaire-chromium-')}")
    options.add_argument(f"--window-size={width},{height}")
    assert CHROMIUM is not None and CHROMEDRIVER is not None
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


def wait_for(driver: Any, script: str, *, tries: int = 600) -> Any:
    """Poll a script until it returns something true; its value (fails after ``tries`` polls)."""
    for _ in range(tries):
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"never true: {script}")


def temporary_folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="solitaire-web-"))
