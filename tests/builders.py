"""Hand-made positions for tests, from readable text."""

from __future__ import annotations

import re

from solitaire_core import Position, card_text, parse_card


def _card_tokens(text: str) -> list[str]:
    compact = re.sub(r"[\s|/*\-]", "", text)
    return [compact[i : i + 2] for i in range(0, len(compact), 2)]


def build(
    tableau: str,
    *,
    stock: str | None = None,
    waste: str = "-",
    foundations: str = "0,0,0,0",
    recycles: int = 0,
    reserve: str | None = None,
    base: str | None = None,
) -> Position:
    """A position from readable text (the format of ``Position.from_text``).

    ``tableau`` is the columns (7 for Klondike) ``down|up`` separated by ``/``, cards bottom to
    top; spaces between cards are allowed. ``*`` (in one place only) stands for
    every card not named elsewhere and not on a foundation, in index order
    (AS..KS, AH..KH, ...), so positions stay complete (52 cards) without listing
    cards that play no part; without a ``*`` elsewhere the stock defaults to it.
    Piles are bottom to top: the stock's last card is drawn next, the waste's
    last card is playable.

    Any number of columns may be given (one deck). ``reserve`` (cards bottom to
    top, ``-`` for none; ``*`` allowed) and ``base`` (the foundation base's rank
    letter, ``-`` for none yet) give the two extra fields of games with a
    reserve or a base other than the Ace; the foundation counts then start at
    the base rank.
    """
    if stock is None:
        stock = "-" if "*" in tableau + waste + (reserve or "") else "*"
    fields = [tableau, stock, waste, reserve or "-"]
    assert sum(field.count("*") for field in fields) <= 1
    named = {parse_card(token) for field in fields for token in _card_tokens(field)}
    counts = [int(count) for count in foundations.split(",")]
    first = "A23456789TJQK".index(base.upper()) if base is not None and base != "-" else 0
    home = {
        suit * 13 + (first + rank) % 13
        for suit, count in enumerate(counts)
        for rank in range(count)
    }
    rest = "".join(card_text(card) for card in range(52) if card not in named | home)
    filled = [re.sub(r"\s", "", field).replace("*", rest) for field in fields]
    parts = [filled[0], filled[1] or "-", filled[2] or "-", foundations, str(recycles)]
    if reserve is not None or base is not None:
        parts += [filled[3] or "-", base or "A"]
    return Position.from_text(" ".join(parts))
