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
) -> Position:
    """A position from readable text (the format of ``Position.from_text``).

    ``tableau`` is the 7 columns ``down|up`` separated by ``/``, cards bottom to
    top; spaces between cards are allowed. ``*`` (in one place only) stands for
    every card not named elsewhere and not on a foundation, in index order
    (AS..KS, AH..KH, ...), so positions stay complete (52 cards) without listing
    cards that play no part; without a ``*`` elsewhere the stock defaults to it.
    Piles are bottom to top: the stock's last card is drawn next, the waste's
    last card is playable.
    """
    if stock is None:
        stock = "-" if "*" in tableau + waste else "*"
    fields = [tableau, stock, waste]
    assert sum(field.count("*") for field in fields) <= 1
    named = {parse_card(token) for field in fields for token in _card_tokens(field)}
    counts = [int(count) for count in foundations.split(",")]
    home = {suit * 13 + rank for suit, count in enumerate(counts) for rank in range(count)}
    rest = "".join(card_text(card) for card in range(52) if card not in named | home)
    filled = [re.sub(r"\s", "", field).replace("*", rest) for field in fields]
    text = " ".join([filled[0], filled[1] or "-", filled[2] or "-", foundations, str(recycles)])
    return Position.from_text(text)
