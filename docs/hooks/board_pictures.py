"""MkDocs hook: a picture of a board wherever a page asks for one.

A page asks with an HTML comment alone on its line (invisible everywhere
else: on GitHub, in doctests)::

    <!-- board: KL1-D1N-AAAAAAM 13 -> 21 -->

The words are ``GAME [MOVE ...] [-> ARROW ...]``: ``GAME`` is a deal code, or a
shipped game's key and a deal number (``traditional #6``); each ``MOVE`` is
played from the deal, in the notation of the command line; each ``ARROW`` is a
move drawn as an arrow on the board reached (it need not be legal). At build
time the comment becomes an ``<img>`` of
:func:`solitaire_core.svg.board_svg` (the game's variant given, so its piles
are right) as a ``data:`` URI: no picture file is committed or written, the
picture always shows what the engine does now, and its text stays out of the
search index. A comment that names no game, or a move that cannot be played,
stops the build with an error naming the page and the comment.

MkDocs imports this file (``hooks:`` in ``mkdocs.yml``); so does pytest, which
collects ``docs/`` for doctests, so nothing here imports MkDocs at module level.

>>> html = picture("YU1-D0N-AAAAAAB -> 17")
>>> html.startswith('<img class="board-picture" src="data:image/svg+xml;base64,')
True
>>> html[html.index('" width'):]
'" width="504" height="380" alt="Board: YU1-D0N-AAAAAAB -&gt; 17">'

"""

from __future__ import annotations

import base64
import html
import re
from typing import Any

import solitaire_core as sc
from solitaire_core.svg import board_svg

MARKER = re.compile(r"^<!-- board: (?P<spec>.*?) -->$", re.MULTILINE)
"""A request for a picture: the whole line, the words in ``spec``."""


class BoardSpecError(ValueError):
    """A picture request that names no game, or a move that cannot be played."""


def board(spec: str) -> tuple[sc.Variant, sc.Position, list[sc.Move]]:
    """The game, the position reached and the arrows a request names.

    Raises:
        BoardSpecError: naming the word that is wrong.
    """
    played, _, arrow_words = spec.partition("->")
    words = played.split()
    if len(words) >= 2 and words[1].startswith("#") and words[0] in sc.SHIPPED_VARIANTS:
        variant = sc.SHIPPED_VARIANTS[words[0]]
        try:
            position = sc.deal_position(variant, int(words[1][1:]))
        except (ValueError, sc.SolitaireError) as error:
            raise BoardSpecError(f"{spec!r}: {error}") from None
        moves = words[2:]
    elif words:
        try:
            code = sc.parse_deal_code(words[0])
        except sc.DealCodeError as error:
            raise BoardSpecError(f"{spec!r}: {error}") from None
        variant = code.variant
        position = sc.deal_code_position(code)
        moves = words[1:]
    else:
        raise BoardSpecError("a board picture needs a deal code or 'GAME #N'")
    try:
        for word in moves:
            position = sc.play_move(variant, position, sc.parse_move(variant, position, word))
        arrows = [sc.parse_move(variant, position, word) for word in arrow_words.split()]
    except sc.SolitaireError as error:
        raise BoardSpecError(f"{spec!r}: {error}") from None
    return variant, position, arrows


def picture(spec: str) -> str:
    """The ``<img>`` element that shows the board a request names.

    Raises:
        BoardSpecError: for a request that names no game or an unplayable move.
    """
    variant, position, arrows = board(spec)
    try:
        svg = board_svg(position, variant=variant, arrows=arrows)
    except sc.InvalidArgumentError as error:
        raise BoardSpecError(f"{spec!r}: {error}") from None
    match = re.match(r'<svg [^>]*width="(\d+)" height="(\d+)"', svg)
    assert match is not None
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (
        f'<img class="board-picture" src="data:image/svg+xml;base64,{data}" '
        f'width="{match.group(1)}" height="{match.group(2)}" '
        f'alt="Board: {html.escape(spec.strip())}">'
    )


def pictures(markdown: str) -> str:
    """A page's Markdown with every request replaced by its picture.

    Raises:
        BoardSpecError: for the first request that is wrong, or a ``<!-- board:``
            that is not a whole line of the form above.
    """
    replaced = MARKER.sub(lambda match: picture(match.group("spec")), markdown)
    if "<!-- board:" in replaced:
        line = replaced[replaced.index("<!-- board:") :].partition("\n")[0]
        raise BoardSpecError(f"{line!r} is not alone on its line as '<!-- board: ... -->'")
    return replaced


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    """MkDocs event: replace the page's picture requests; a wrong one stops the build."""
    from mkdocs.exceptions import PluginError  # noqa: PLC0415  (MkDocs only when building)

    try:
        return pictures(markdown)
    except BoardSpecError as error:
        raise PluginError(f"{page.file.src_path}: board picture {error}") from None
