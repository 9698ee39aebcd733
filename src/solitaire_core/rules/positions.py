"""Whether a position can occur in a given game (for positions from outside).

:meth:`Position.validate <solitaire_core.position.Position.validate>` checks
what every game needs (the cards, the piles' shapes); :func:`require_position`
adds what the variant says: its columns, decks, stock, waste, reserve and
foundations. Entry points that take a position from another program (the
CLI's ``--position``, the solver) call it.

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.variants import KLONDIKE, YUKON
>>> require_position(KLONDIKE, deal_code_position("KL1-D1N-AAAAAAG"))
>>> require_position(YUKON, deal_code_position("KL1-D1N-AAAAAAG"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solitaire_core.errors.PositionParseError: invalid position ...: stock: Yukon has no stock, ...
"""

from __future__ import annotations

from typing import Any

from solitaire_core._deprecated import warn_moved
from solitaire_core.errors import PositionParseError
from solitaire_core.position import NO_BASE, Position
from solitaire_core.variants import FoundationBase, StockKind, Variant


def require_position(variant: Variant, position: Position) -> None:
    """Raise unless ``position`` is a valid position of ``variant``.

    Checks :meth:`Position.validate <solitaire_core.position.Position.validate>`,
    then: the variant's number of columns and decks; an empty waste and no
    recycles without a waste stock; an empty stock without a stock; recycles
    within the limit; an empty reserve without a reserve; a base rank the
    foundations allow (the Ace for Ace foundations); complete runs only on
    spider-type foundations; no empty column while a reserve that fills them
    holds cards.

    Named ``check_position`` before (``check_*`` now explain and return;
    ``require_*`` raise): the old name is a deprecated alias that warns.

    Raises:
        PositionParseError: naming the field that does not fit the game.
    """
    position.validate()
    text = position.to_text()
    name = variant.name

    def fail(field: str, reason: str) -> PositionParseError:
        return PositionParseError(text, field, reason)

    if len(position.tableau) != variant.columns:
        raise fail(
            "tableau",
            f"{name} has {variant.columns} columns, the position has {len(position.tableau)}",
        )
    if position.decks != variant.decks:
        raise fail(
            "foundations",
            f"{name} plays with {variant.decks} deck(s), the position holds {position.decks}",
        )
    if variant.stock_kind is StockKind.NONE and position.stock:
        raise fail(
            "stock", f"{name} has no stock, but the position's holds {len(position.stock)} cards"
        )
    if not variant.has_waste and (position.waste or position.recycles):
        raise fail("waste", f"{name} has no waste (nor recycles)")
    limit = variant.recycle_limit
    if limit is not None and position.recycles > limit:
        used = position.recycles
        raise fail("recycles", f"{name} allows {limit} recycles, the position used {used}")
    if not variant.has_reserve and position.reserve:
        raise fail("reserve", f"{name} has no reserve")
    base = variant.foundations.base
    if base is FoundationBase.ACE and position.foundation_base != 1:
        raise fail("foundation_base", f"{name}'s foundations start from the Ace")
    if base is FoundationBase.DEALT_CARD and position.foundation_base == NO_BASE:
        raise fail("foundation_base", f"{name}'s foundations start from the dealt base card")
    if variant.foundations.complete_runs and any(c not in (0, 13) for c in position.foundations):
        raise fail("foundations", f"{name}'s foundations hold complete runs of 13 cards only")
    if variant.empty_column.fills_from_reserve and position.reserve and not all(position.tableau):
        raise fail("tableau", f"{name} fills an empty column from the reserve at once")


def __getattr__(name: str) -> Any:
    """``check_position``: now :func:`require_position` (a deprecated alias that warns)."""
    if name == "check_position":
        warn_moved(f"{__name__}.check_position", f"{__name__}.require_position")
        return require_position
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["require_position"]
