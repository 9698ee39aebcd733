"""Screenshots of the web table (``solitaire-core serve``) for docs/web.md, in headless Chromium.

Starts the server on a free loopback port with a fresh data file, deals each game
of :data:`SHOTS` by its code, plays the first moves of the solver's winning line
through the API (so that the board shows a game under way: cards home, a waste),
opens the page at a phone's width (375 px) and a desktop's (1280 px), and saves
each screenshot as a PNG, reduced to a palette of colours when Pillow is
installed (small files to commit).

Run it from the repository root (Debian: ``apt-get install chromium chromium-driver``;
``pip install -e '.[test]'`` brings selenium)::

    .venv/bin/python tools/screenshots.py                   # into docs/images/web/
    .venv/bin/python tools/screenshots.py --out /tmp/shots  # elsewhere

Look at every picture before committing it.
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import solitaire_core as sc

SHOTS = (
    ("klondike", "KL1-D1N-AAAAAAG", 30),
    ("klondike-draw3", "KL1-D3N-AAAACQU", 40),
    ("canfield", "CF1-D3N-AAAAAAC", 40),
    ("spiderette", "SE1-D0N-AAAAAAC", 12),
    ("yukon", "YU1-D0N-AAAAAAG", 10),
    ("triple-klondike", "TK1-D1N-AAAAAAB", 12),
)
"""(name, deal code, moves of the solver's line played first) of each game pictured."""
SIZES = (("phone", 375, 740), ("desktop", 1280, 800))
"""(name, width, height) of each window, in CSS pixels."""
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)


def free_port() -> int:
    """A TCP port free on the loopback address now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST a JSON body to the server; its JSON answer."""
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        data: dict[str, Any] = json.load(answer)
        return data


def deal_under_way(base: str, code: str, moves: int) -> str:
    """A new game of the code, its first moves played; returns its id.

    The moves are the solver's winning line, or the advisory hints' where the
    solver finds none within its budget (Spiderette).
    """
    table = post(f"{base}/api/games", {"code": code})
    game = sc.Game.from_code(code)
    line = sc.solve(game.variant, game.position, max_positions=200_000).moves
    if not line:
        line = tuple(hint.move for hint in game.play_hints(max_moves=moves) if hint.move)
    for move in line[:moves]:
        post(f"{base}/api/games/{table['id']}/moves", {"notation": str(move)})
    return str(table["id"])


def shrink(path: Path) -> None:
    """Reduce a PNG to a palette of 256 colours (when Pillow is installed)."""
    try:
        from PIL import Image  # noqa: PLC0415  (optional: the PNGs stay as taken without it)
    except ImportError:
        return
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
        small.save(path, optimize=True)


def main() -> int:
    """Take every screenshot; returns the exit status (2 without Chromium)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images/web"))
    args = parser.parse_args()
    from selenium import webdriver  # noqa: PLC0415  (the test extra's, needed here only)
    from selenium.webdriver.chrome.service import Service  # noqa: PLC0415

    chromium, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if chromium is None or driver_path is None:
        print("needs chromium and chromedriver", file=sys.stderr)
        return 2
    folder = Path(tempfile.mkdtemp(prefix="solitaire-shots-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "solitaire_core", "serve", "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--data", str(folder / "games.sqlite3"), "--no-stats"],
        stderr=subprocess.DEVNULL,
    )
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{base}/api/variants").close()
                break
            except OSError:
                time.sleep(0.1)
        options = webdriver.ChromeOptions()
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={folder / 'profile'}")
        options.binary_location = chromium
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        try:
            driver.execute_cdp_cmd(
                "Emulation.setEmulatedMedia",
                {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]},
            )
            for name, code, moves in SHOTS:
                game_id = deal_under_way(base, code, moves)
                for size, width, height in SIZES:
                    driver.execute_cdp_cmd(
                        "Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
                    )
                    driver.get(f"{base}/statistics")  # the origin, to set the game to show
                    driver.execute_script(
                        "sessionStorage.setItem('solitaire.game', arguments[0]);", game_id
                    )
                    driver.get(f"{base}/")
                    for _ in range(200):
                        if driver.execute_script("return document.body.dataset.ready"):
                            break
                        time.sleep(0.05)
                    time.sleep(0.3)
                    path = args.out / f"{name}-{size}.png"
                    driver.save_screenshot(str(path))
                    shrink(path)
                    print(f"{path}: {path.stat().st_size:,} bytes")
        finally:
            driver.quit()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    return 0


if __name__ == "__main__":
    sys.exit(main())
