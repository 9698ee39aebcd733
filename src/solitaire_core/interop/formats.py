"""Import a deal from another program as a full deal code; export a code to one.

This is what the ``import`` and ``export`` commands run.

>>> code = import_deal("1000000", source="pysol", draw=3)   # PySolFC "Klondike by Threes"
>>> str(code)[:8], code.variant.name
('KL1-D3N-', 'Klondike draw 3')
>>> export_deal(code, to="pysol").splitlines()[1]
'2H'
>>> import_deal(export_deal(code, to="shootme"), source="shootme", draw=3) == code
True
"""

from __future__ import annotations

import json
from typing import Final, Literal

from solitaire_core.codes import DealCode, Deck, FullDealCode, Scoring, parse_deal_code
from solitaire_core.deal import deal_code_position
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.interop.card_order import format_card_order, parse_card_order
from solitaire_core.interop.errors import DealImportError
from solitaire_core.interop.pysol import (
    format_pysol_layout,
    is_pysol_game_number,
    parse_pysol_layout,
    pysol_deck,
)
from solitaire_core.interop.shootme import decode_shootme_deal, encode_shootme_deal
from solitaire_core.interop.solvitaire import solvitaire_deal
from solitaire_core.variants import Variant

ImportSource = Literal["shootme", "pysol", "permutation"]
"""The formats a deal can be read from (the type of ``source``)."""
ExportTarget = Literal["shootme", "pysol", "permutation", "solvitaire"]
"""The formats a deal can be written to (the type of ``to``)."""
IMPORT_SOURCES: Final = ("shootme", "pysol", "permutation")
"""The formats :func:`import_deal` reads."""
EXPORT_TARGETS: Final = ("shootme", "pysol", "permutation", "solvitaire")
"""The formats :func:`export_deal` writes."""


def read_deck(text: str, *, source: str) -> Deck:
    """The deck (``deck[0]`` dealt first) of a deal in another program's format.

    Args:
        text: for ``"shootme"`` the 156-digit deal string; for ``"pysol"`` a
            PySolFC game number (``"1000000"``, ``"ms123"``) or a layout text;
            for ``"permutation"`` the 52 cards in dealing order.
        source: ``"shootme"``, ``"pysol"`` or ``"permutation"``.

    Raises:
        DealImportError: naming what is wrong and where.
        InvalidArgumentError: for an unknown source.
    """
    if source == "shootme":
        return decode_shootme_deal(text)
    if source == "pysol":
        return pysol_deck(text.strip()) if is_pysol_game_number(text) else parse_pysol_layout(text)
    if source == "permutation":
        return parse_card_order(text)
    raise InvalidArgumentError(
        f"unknown deal format {source!r} (expected one of {', '.join(IMPORT_SOURCES)})"
    )


def import_deal(
    text: str,
    *,
    source: str,
    prefix: str = "KL",
    draw: int = 1,
    scoring: Scoring = Scoring.STANDARD,
) -> FullDealCode:
    """A deal from another program as our full deal code.

    Args:
        text: the deal (see :func:`read_deck`).
        source: ``"shootme"``, ``"pysol"`` or ``"permutation"``.
        prefix: the variant family of the code, ``"KL"`` by default (both
            programs play Klondike); ``"TF"`` deals the same cards face up.
        draw: 1 or 3 (PySolFC's "Klondike by Threes" is draw 3).
        scoring: the code's scoring letter.

    The game must be one the format holds, as for :func:`export_deal`: a
    one-deck game, and for ``"pysol"`` (a layout text or a game number) a
    game dealt in Klondike's layout, whose columns are the text's.

    Raises:
        DealImportError: naming what is wrong in ``text`` and where.
        DealCodeError: for a header the code families do not have (``TF`` + Vegas).
        InvalidArgumentError: for an unknown source, and a game the format
            does not hold (Double Klondike's two decks; Yukon's layout from a
            layout text), naming the game.
    """
    variant = DealCode(prefix, draw=draw, scoring=scoring, deal_number=0).variant  # the header
    if source in IMPORT_SOURCES and variant.decks > 1:
        raise InvalidArgumentError(_one_deck_only(variant, source))
    code = FullDealCode(prefix, draw=draw, scoring=scoring, deck=read_deck(text, source=source))
    if source == "pysol" and _klondike_layout_text(code) is None:
        raise InvalidArgumentError(
            f"{_not_in_klondike_layout(code)}: the text's columns are not its deal's;"
            " import its card order (permutation)"
        )
    return code


def export_deal(code: DealCode | FullDealCode | str, *, to: str) -> str:
    """A deal code's deal in another program's format.

    Args:
        code: a deal code of either form (text or parsed).
        to: ``"shootme"`` (the 156-digit deal string), ``"pysol"`` (the layout
            text, ending with a newline; face-down cards as the code's variant
            deals them), ``"permutation"`` (the 52 cards) or ``"solvitaire"``
            (Solvitaire's deal JSON of the opening position, any game:
            :func:`~solitaire_core.interop.solvitaire.solvitaire_deal`).

    The deal string and the card order hold one deck, and the layout text
    Klondike's layout (the talon and 7 columns of 1 to 7 cards, dealt as
    Klondike deals them): for a game dealt otherwise they are refused, as
    :func:`import_deal` could not read them back as that game's deal
    (``"permutation"`` keeps any one-deck game's deal, ``"solvitaire"`` any
    game's whose foundations start from the Ace).

    Raises:
        DealCodeError: if the text is not a code.
        InvalidArgumentError: for a code that is not a str or a code, an
            unknown format, and a game a format cannot hold, naming the game:
            two or three decks to ``"shootme"``, ``"permutation"`` or
            ``"pysol"``, a game not dealt in Klondike's layout to ``"pysol"``,
            a game whose foundations do not always start from the Ace
            (Canfield, Agnes Sorel, Nine Across) to ``"solvitaire"``.
    """
    if not isinstance(code, str | DealCode | FullDealCode):
        raise InvalidArgumentError(
            f"code must be a deal code (a str, DealCode or FullDealCode), got {type(code).__name__}"
        )
    parsed = parse_deal_code(code) if isinstance(code, str) else code
    variant = parsed.variant
    if to not in EXPORT_TARGETS:
        raise InvalidArgumentError(
            f"unknown deal format {to!r} (expected one of {', '.join(EXPORT_TARGETS)})"
        )
    if to == "solvitaire":
        if variant.base_rank_fixed != 1:
            raise InvalidArgumentError(
                f"{variant.name}'s foundations do not always start from the Ace, where"
                " Solvitaire's deal document starts them:"
                + (" export it to permutation" if variant.decks == 1 else " no format holds it")
            )
        deal = solvitaire_deal(variant, deal_code_position(parsed))
        return json.dumps(deal) + "\n"
    if variant.decks > 1:
        also = "" if variant.decks == 2 else " (read back here; Solvitaire plays 1 or 2 decks)"
        raise InvalidArgumentError(f"{_one_deck_only(variant, to)}; export it to solvitaire{also}")
    if to == "shootme":
        return encode_shootme_deal(parsed.deck)
    if to == "permutation":
        return format_card_order(parsed.deck)
    layout = _klondike_layout_text(parsed)
    if layout is None:
        raise InvalidArgumentError(f"{_not_in_klondike_layout(parsed)}: export it to permutation")
    return layout


def _one_deck_only(variant: Variant, format_name: str) -> str:
    """Why a 52-card format cannot hold a deal of a game of two or three decks."""
    return (
        f"{variant.name} deals {variant.decks} decks ({52 * variant.decks} cards): the"
        f" {format_name} format holds one deck of 52 cards"
    )


def _klondike_layout_text(code: DealCode | FullDealCode) -> str | None:
    """The layout text of a deal in Klondike's layout (it reads back as the deck), else None.

    None for a game dealt otherwise: the text would not read back as its deal.
    """
    position = deal_code_position(code)
    if position.reserve or position.waste or any(position.foundations):
        return None
    text = format_pysol_layout(position)
    try:
        return text if parse_pysol_layout(text) == code.deck else None
    except DealImportError:
        return None


def _not_in_klondike_layout(code: DealCode | FullDealCode) -> str:
    """Why the layout text cannot hold a deal of ``code``'s game: how that game deals."""
    position = deal_code_position(code)
    sizes = " ".join(str(len(pile)) for pile in position.tableau)
    elsewhere = "".join(
        f", {count} to its {place}"
        for count, place in (
            (sum(position.foundations), "foundations"),
            (len(position.reserve), "reserve"),
        )
        if count
    )
    return (
        "the layout text holds a deal in Klondike's layout (the talon and 7 columns of 1 to 7"
        f" cards), and {code.variant.name} is dealt otherwise (columns of {sizes} cards"
        f"{elsewhere})"
    )
