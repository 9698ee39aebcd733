"""Render board pictures (``solitaire_core.svg.board_svg``) in headless Chromium and check the PNGs.

Parsing the SVG proves it is well-formed; this script proves a browser draws it
as meant. For every shipped game it plays deal 1 a little way (foundation moves
first, else a seeded random legal move), draws the board, and for three games
(one with a waste, one with a reserve, one whose stock is dealt onto the
columns) a second board with every legal move as an arrow. Each SVG goes into
an HTML page that Chromium screenshots at the picture's natural size; the PNG
is then decoded (zlib, no imaging library) and checked:

* its size is the SVG's ``width`` x ``height`` and it is not blank (the green
  table and many colours);
* every face-up card's corner index shows ink of the card's colour (red for
  hearts and diamonds, near-black for spades and clubs) and none of the other;
* every card back shows its blue in the part left visible;
* a board with arrows shows the arrows' orange.

Run it from the repository root (Debian: ``apt-get install chromium``)::

    .venv/bin/python tools/check_svg_in_browser.py                # PNGs in a temporary folder
    .venv/bin/python tools/check_svg_in_browser.py --out /tmp/png # keep the PNGs to look at

It prints one line per board and exits with status 0 when every check passes,
1 when one fails, 2 when Chromium cannot be found or run.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

import solitaire_core as sc
from solitaire_core.deal import deal_position
from solitaire_core.moves import TO_FOUNDATION_KINDS
from solitaire_core.svg import board_svg

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
ARROW_GAMES = ("klondike-draw3", "canfield", "spiderette")
"""The games drawn a second time with every legal move as an arrow."""
MOVES = 40
"""Moves played from deal 1 before the board is drawn."""
CORNER = (3, 3, 36, 22)
"""A card's corner index, from its top-left corner: x0, y0, x1, y1 (what stays visible)."""


class Board(NamedTuple):
    """One picture to check."""

    name: str
    svg: str
    arrows: int


class Image(NamedTuple):
    """A decoded PNG: ``pixels[y][x]`` is an (r, g, b) triple."""

    width: int
    height: int
    pixels: list[list[tuple[int, int, int]]]


def boards() -> list[Board]:
    """A board of every shipped game, then the boards with arrows."""
    found: list[Board] = []
    for key, variant in sc.SHIPPED_VARIANTS.items():
        position = played(variant, key)
        found.append(Board(key, board_svg(position, variant=variant), 0))
        if key in ARROW_GAMES:
            moves = sc.legal_moves(variant, position)
            svg = board_svg(position, variant=variant, arrows=moves)
            found.append(Board(f"{key}-arrows", svg, len(moves)))
    return found


def played(variant: sc.Variant, key: str) -> sc.Position:
    """Deal 1 of a game after up to MOVES moves: foundation moves first, else random ones."""
    rng = random.Random(key)
    position = deal_position(variant, 1)
    for _ in range(MOVES):
        moves = sc.legal_moves(variant, position)
        if not moves:
            break
        home = [move for move in moves if move.kind in TO_FOUNDATION_KINDS]
        position = sc.apply_move(variant, position, home[0] if home else rng.choice(moves))
    return position


def size_of(svg: str) -> tuple[int, int]:
    """The ``width`` and ``height`` attributes of the ``<svg>`` element."""
    match = re.match(r'<svg [^>]*width="(\d+)" height="(\d+)"', svg)
    if match is None:
        raise ValueError("no width and height on the <svg> element")
    return int(match.group(1)), int(match.group(2))


def screenshot(chromium: str, svg: str, folder: Path, name: str) -> Path:
    """Render ``svg`` alone on a page at its natural size; the PNG's path."""
    width, height = size_of(svg)
    page = folder / f"{name}.html"
    page.write_text(
        '<!doctype html><html><head><meta charset="utf-8"><style>'
        "html,body{margin:0;padding:0;overflow:hidden}svg{display:block}"
        f"</style></head><body>{svg}</body></html>",
        encoding="utf-8",
    )
    png = folder / f"{name}.png"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--force-device-scale-factor=1",
                f"--user-data-dir={profile}",
                f"--screenshot={png}",
                f"--window-size={width},{height}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
    return png


def read_png(path: Path) -> Image:
    """Decode an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium writes).

    Raises:
        ValueError: for any other kind of PNG.
    """
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    offset = 8
    chunks: list[bytes] = []
    header = b""
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        offset += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"{path}: unsupported PNG (depth {depth}, colour type {colour})")
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows: list[list[tuple[int, int, int]]] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        line = bytearray(raw[start + 1 : start + 1 + stride])
        unfilter(kind, line, previous, channels)
        rows.append([(line[i], line[i + 1], line[i + 2]) for i in range(0, stride, channels)])
        previous = line
    return Image(width, height, rows)


def unfilter(kind: int, line: bytearray, previous: bytearray, channels: int) -> None:
    """Undo a PNG scanline filter in place (types 0..4)."""
    for i in range(len(line)):
        left = line[i - channels] if i >= channels else 0
        up = previous[i]
        corner = previous[i - channels] if i >= channels else 0
        if kind == 1:
            line[i] = (line[i] + left) & 255
        elif kind == 2:
            line[i] = (line[i] + up) & 255
        elif kind == 3:
            line[i] = (line[i] + (left + up) // 2) & 255
        elif kind == 4:
            estimate = left + up - corner
            pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
            nearest = left if pa <= pb and pa <= pc else up if pb <= pc else corner
            line[i] = (line[i] + nearest) & 255


def is_red(pixel: tuple[int, int, int]) -> bool:
    """The red of hearts and diamonds (anti-aliased edges included)."""
    r, g, b = pixel
    return r > 150 and g < 110 and b < 110


def is_black(pixel: tuple[int, int, int]) -> bool:
    """The near-black of spades and clubs."""
    return max(pixel) < 70


def is_blue(pixel: tuple[int, int, int]) -> bool:
    """A card back."""
    r, _, b = pixel
    return b > 120 and r < 90


def is_orange(pixel: tuple[int, int, int]) -> bool:
    """An arrow."""
    r, g, b = pixel
    return r > 200 and 110 < g < 200 and b < 90


def is_table(pixel: tuple[int, int, int]) -> bool:
    """The green table."""
    r, g, b = pixel
    return g > 100 and r < 70 and b < 70


def region(image: Image, box: tuple[int, int, int, int]) -> list[tuple[int, int, int]]:
    """The pixels of a box (x0, y0, x1, y1), clipped to the image."""
    x0, y0, x1, y1 = box
    return [
        image.pixels[y][x]
        for y in range(max(y0, 0), min(y1, image.height))
        for x in range(max(x0, 0), min(x1, image.width))
    ]


def problems(board: Board, image: Image) -> list[str]:
    """What is wrong with a board's PNG (empty when all is well)."""
    found: list[str] = []
    width, height = size_of(board.svg)
    if (image.width, image.height) != (width, height):
        found.append(f"PNG is {image.width}x{image.height}, the SVG {width}x{height}")
        return found
    everything = [pixel for row in image.pixels for pixel in row]
    if len(set(everything)) < 20 or sum(map(is_table, everything)) < len(everything) // 5:
        found.append("blank: too few colours or too little table")
    cards = re.findall(
        r'class="card" data-card="(..)" transform="translate\((\d+),(\d+)\)"', board.svg
    )
    for text, x_text, y_text in cards:
        x, y = int(x_text), int(y_text)
        x0, y0, x1, y1 = CORNER
        corner = region(image, (x + x0, y + y0, x + x1, y + y1))
        red = text[1] in "HD"
        ink, other = (is_red, is_black) if red else (is_black, is_red)
        if sum(map(ink, corner)) < 15:
            found.append(f"{text} at ({x},{y}): its corner shows no {'red' if red else 'black'}")
        if sum(map(other, corner)) > 3:
            found.append(f"{text} at ({x},{y}): its corner shows the other colour")
    backs = re.findall(
        r'class="back" data-cards="\d+" transform="translate\((\d+),(\d+)\)"', board.svg
    )
    for x_text, y_text in backs:
        x, y = int(x_text), int(y_text)
        if sum(map(is_blue, region(image, (x + 8, y + 1, x + 52, y + 9)))) < 40:
            found.append(f"the back at ({x},{y}) shows no blue")
    if board.arrows and sum(map(is_orange, everything)) < 200 * board.arrows:
        found.append(f"too little arrow orange for {board.arrows} arrows")
    return found


def main(argv: list[str] | None = None) -> int:
    """Render and check every board; the exit status (see the module docs)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, help="folder for the HTML pages and PNGs")
    parser.add_argument("--chromium", help="the browser to run (default: found on PATH)")
    args = parser.parse_args(argv)
    chromium = args.chromium or next(filter(None, map(shutil.which, CHROMIUM_NAMES)), None)
    if chromium is None:
        print("no Chromium found: apt-get install chromium, or pass --chromium", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.out or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        todo = boards()
        try:
            with ThreadPoolExecutor(max_workers=4) as pool:
                pngs = list(
                    pool.map(
                        lambda board: screenshot(chromium, board.svg, folder, board.name), todo
                    )
                )
        except (OSError, subprocess.SubprocessError) as error:
            print(f"Chromium failed: {error}", file=sys.stderr)
            return 2
        failed = 0
        for board, png in zip(todo, pngs, strict=True):
            image = read_png(png)
            wrong = problems(board, image)
            failed += bool(wrong)
            status = "ok" if not wrong else "FAILED: " + "; ".join(wrong)
            print(f"{board.name:<26} {image.width}x{image.height}  {status}")
    print(f"{len(todo) - failed} of {len(todo)} boards pass")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
