"""Solvitaire's rules JSON, read and written where the rules map (see the package docs)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.interop.errors import SolvitaireFormatError
from solitaire_core.variants import (
    ALTERNATE_COLORS,
    ANY_CARD,
    ANY_FACE_UP_RUN,
    ANY_SUIT,
    FROM_RESERVE,
    KINGS_ONLY,
    NO_CARD,
    NO_STOCK,
    ORDERED_RUN,
    SAME_SUIT,
    SUIT_RUN,
    TOP_CARD_ONLY,
    BuildPolicy,
    DealPart,
    DealStock,
    EmptyColumnPolicy,
    FoundationBase,
    Foundations,
    GroupPolicy,
    Layout,
    StockKind,
    StockPolicy,
    Variant,
    WasteStock,
    require_variant,
)

_FIELDS: Final[dict[str, dict[str, Any]]] = {
    "tableau piles": {
        "count": 8,
        "build policy": "any-suit",
        "spaces policy": "any",
        "diagonal deal": False,
        "move built group": "no",
        "move built group policy": "same-as-build",
        "face up cards": "all",
    },
    "foundations": {
        "present": True,
        "initial cards": "none",
        "base card": "A",
        "removable": False,
        "only complete pile moves": False,
        "complete piles": False,
    },
    "hole": {"present": False, "base card": "AS", "build loops": True},
    "cells": {"count": 0, "pre-filled": 0},
    "stock": {"size": 0, "deal type": "waste", "deal count": 1, "redeal": False},
    "reserve": {"size": 0, "stacked": False},
    "accordion": {"size": 0, "moves": [], "build policies": []},
    "sequences": {"count": 0, "direction": "L", "build policy": "same-suit", "fixed suit": False},
}
"""Solvitaire's rules fields with their default values (the ``default`` preset)."""
_TOP_VALUES: Final[dict[str, Any]] = {"max rank": 13, "two decks": False}
_CHOICES: Final[dict[tuple[str, str], tuple[str, ...]]] = {
    ("tableau piles", "build policy"): ("any-suit", "red-black", "same-suit", "no-build"),
    ("tableau piles", "spaces policy"): (
        "any",
        "no-build",
        "kings",
        "auto-reserve-then-any",
        "auto-reserve-then-waste",
        "auto-waste-then-stock",
    ),
    ("tableau piles", "move built group"): (
        "yes",
        "no",
        "whole-pile",
        "maximal-group",
        "partial-if-card-above-buildable",
    ),
    ("tableau piles", "move built group policy"): (
        "same-as-build",
        "any-suit",
        "red-black",
        "same-suit",
        "no-build",
    ),
    ("tableau piles", "face up cards"): ("all", "top"),
    ("foundations", "initial cards"): ("none", "one", "all"),
    ("stock", "deal type"): ("waste", "tableau piles", "hole"),
    ("sequences", "direction"): ("L", "R", "LR"),
}
_BUILDS: Final[dict[str, BuildPolicy]] = {
    "red-black": ALTERNATE_COLORS,
    "same-suit": SAME_SUIT,
    "any-suit": ANY_SUIT,
}
_SPACES: Final[dict[str, EmptyColumnPolicy]] = {
    "any": ANY_CARD,
    "kings": KINGS_ONLY,
    "no-build": NO_CARD,
    "auto-reserve-then-any": FROM_RESERVE,
}
_ACE_BASES: Final = ("A", "a", "1")
_MAX_COLUMNS: Final = 30


def is_solvitaire_rules(data: object) -> bool:
    """True for a JSON object that reads as Solvitaire's rules rather than our rules file.

    It has at least one field and only Solvitaire's top-level fields
    (``"tableau piles"``, ``"foundations"``, ``"stock"``...), so no
    ``"format"``.
    """
    return (
        isinstance(data, Mapping)
        and bool(data)
        and all(key in _FIELDS or key in _TOP_VALUES for key in data)
    )


def _fail(field: str, reason: str, file: str | None) -> SolvitaireFormatError:
    return SolvitaireFormatError(reason, document="rules", field=field, file=file)


def _settings(data: object, file: str | None) -> dict[str, Any]:
    """Solvitaire's rules with its defaults filled in, each field checked for its type."""
    if not isinstance(data, Mapping):
        raise _fail("", f"must be a JSON object, got {type(data).__name__}", file)
    settings: dict[str, Any] = {
        section: dict(defaults) for section, defaults in _FIELDS.items()
    } | dict(_TOP_VALUES)
    for section, value in data.items():
        if section in _TOP_VALUES:
            expected = type(_TOP_VALUES[section])
            if type(value) is not expected:
                raise _fail(section, f"must be {_TYPE_WORDS[expected]}, got {value!r}", file)
            settings[section] = value
            continue
        if section not in _FIELDS:
            known = ", ".join(repr(name) for name in (*_FIELDS, *_TOP_VALUES))
            raise _fail(section, f"is not a field of Solvitaire's rules ({known})", file)
        if not isinstance(value, Mapping):
            raise _fail(section, f"must be a JSON object, got {value!r}", file)
        for key, item in value.items():
            field = f"{section}.{key}"
            if key not in _FIELDS[section]:
                known = ", ".join(repr(name) for name in _FIELDS[section])
                raise _fail(field, f"is not a field of {section!r} ({known})", file)
            expected = type(_FIELDS[section][key])
            if type(item) is not expected:
                raise _fail(field, f"must be {_TYPE_WORDS[expected]}, got {item!r}", file)
            choices = _CHOICES.get((section, key))
            if choices is not None and item not in choices:
                raise _fail(field, f"must be one of {', '.join(choices)}, got {item!r}", file)
            if expected is int and item < 0:
                raise _fail(field, f"must be >= 0, got {item}", file)
            settings[section][key] = item
    return settings


_TYPE_WORDS: Final[dict[type, str]] = {
    int: "an integer",
    bool: "true or false",
    str: "a string",
    list: "a list",
}


def variant_from_solvitaire(
    data: object,
    *,
    name: str = "Solvitaire game",
    code_prefix: str | None = None,
    file: str | None = None,
) -> Variant:
    """The variant of a Solvitaire rules document (see the module docs for the mapping).

    Args:
        data: the rules, as ``json.load`` gives them (fields left out take
            Solvitaire's defaults).
        name: the variant's name.
        code_prefix: its deal-code prefix, or None.
        file: the file read, for errors.

    Raises:
        SolvitaireFormatError: naming the Solvitaire field for an unknown
            field, a value of the wrong type, or a rule without a counterpart
            here (the module docs list them).
    """
    settings = _settings(data, file)
    tableau, foundations = settings["tableau piles"], settings["foundations"]
    stock, reserve = settings["stock"], settings["reserve"]
    _refuse_unmapped(settings, file)
    build_name = tableau["build policy"]
    if build_name not in _BUILDS:
        raise _fail(
            "tableau piles.build policy", "'no-build': every game here builds on columns", file
        )
    build = _BUILDS[build_name]
    group = _group(tableau, file)
    spaces = tableau["spaces policy"]
    if spaces not in _SPACES:
        raise _fail(
            "tableau piles.spaces policy",
            f"{spaces!r}: spaces are filled by a card the player moves, or from the reserve "
            "then by any card; never from the waste or the stock",
            file,
        )
    if reserve["size"] and not reserve["stacked"]:
        raise _fail(
            "reserve.stacked",
            "false: a reserve of separate one-card piles, each playable (King Albert, "
            "Raglan); the reserve here is one pile, only its top card playable",
            file,
        )
    decks = 2 if settings["two decks"] else 1
    layout = _layout(tableau, reserve["size"], stock["size"], decks, file)
    stock_policy: StockPolicy
    if stock["size"] == 0:
        stock_policy = NO_STOCK
    elif stock["deal type"] == "waste":
        limit = None if stock["redeal"] else 0
        if stock["deal count"] < 1:
            raise _fail("stock.deal count", "must be >= 1", file)
        stock_policy = WasteStock(draw_count=stock["deal count"], recycle_limit=limit)
    elif stock["deal type"] == "tableau piles":
        stock_policy = DealStock(needs_no_empty_column=False)
    else:
        raise _fail("stock.deal type", "'hole': there is no hole here", file)
    complete = foundations["only complete pile moves"] or foundations["complete piles"]
    try:
        return Variant(
            name=name,
            layout=layout,
            decks=decks,
            stock=stock_policy,
            build=build,
            group=group,
            empty_column=_SPACES[spaces],
            foundations=Foundations(complete_runs=complete),
            foundation_takeback=foundations["removable"],
            code_prefix=code_prefix,
        )
    except InvalidArgumentError as error:
        raise _fail("", f"the rules do not make a game here: {error}", file) from None


def _refuse_unmapped(settings: Mapping[str, Any], file: str | None) -> None:
    foundations = settings["foundations"]
    refusals = (
        (
            settings["hole"]["present"],
            "hole.present",
            "true: a hole (Black Hole, Golf) has no counterpart in the Klondike family",
        ),
        (
            settings["cells"]["count"] > 0,
            "cells.count",
            f"{settings['cells']['count']} free cells: the Klondike family has none "
            "(FreeCell-type games are not played here)",
        ),
        (
            settings["accordion"]["size"] > 0,
            "accordion.size",
            "an accordion (Late Binding) has no counterpart here",
        ),
        (
            settings["sequences"]["count"] > 0,
            "sequences.count",
            "sequences (Gaps) have no counterpart here",
        ),
        (
            settings["max rank"] != 13,
            "max rank",
            f"{settings['max rank']}: every game here plays full decks, up to the King",
        ),
        (
            not foundations["present"],
            "foundations.present",
            "false: every game here is won on its foundations",
        ),
        (
            foundations["initial cards"] == "all",
            "foundations.initial cards",
            "'all': foundations that start with their base cards are not in these rules",
        ),
        (
            foundations["initial cards"] == "one" or foundations["base card"] not in _ACE_BASES,
            "foundations.base card"
            if foundations["initial cards"] != "one"
            else "foundations.initial cards",
            "foundations from another base than the Ace: in Solvitaire the base also "
            "stops building (no card goes on the base rank), while these rules build "
            "across it (Canfield, FAMILY.md section 6.1)",
        ),
    )
    for refused, field, reason in refusals:
        if refused:
            raise _fail(field, reason, file)


def _group(tableau: Mapping[str, Any], file: str | None) -> GroupPolicy:
    kind = tableau["move built group"]
    field = "tableau piles.move built group"
    if kind == "no":
        return TOP_CARD_ONLY  # single cards only (FAMILY.md section 1.4, top card only)
    if kind == "whole-pile":
        raise _fail(field, "'whole-pile': whole columns only; no group rule here does that", file)
    if kind == "maximal-group":
        raise _fail(field, "'maximal-group': only the longest run; no group rule here", file)
    if kind == "partial-if-card-above-buildable":
        raise _fail(
            field,
            "'partial-if-card-above-buildable': part of a run moves only when the card it "
            "uncovers can go to a foundation, a search's pruning rather than a rule of play; "
            "'yes' (any built run) maps",
            file,
        )
    build, moved = tableau["build policy"], tableau["move built group policy"]
    if moved in ("same-as-build", build):
        return ORDERED_RUN
    if moved == "same-suit":
        return SUIT_RUN
    raise _fail(
        "tableau piles.move built group policy",
        f"{moved!r} groups with {build!r} building: runs move by the building rule here, "
        "or as runs of one suit",
        file,
    )


def solvitaire_column_sizes(columns: int, cards: int, *, diagonal: bool) -> tuple[int, ...]:
    """The cards Solvitaire deals to each pile: round the piles, or in a triangle first.

    Without ``diagonal``, card ``t`` goes to pile ``t % columns``; with it,
    row ``r`` (``r`` < ``columns``) gives a card to each pile ``p >= r`` (pile
    ``p`` gets ``p + 1`` cards), then whole rows; the cards may run out in
    any row.

    >>> solvitaire_column_sizes(7, 28, diagonal=True)
    (1, 2, 3, 4, 5, 6, 7)
    >>> solvitaire_column_sizes(10, 52, diagonal=True)
    (1, 2, 3, 4, 5, 6, 7, 8, 8, 8)
    >>> solvitaire_column_sizes(7, 21, diagonal=False)
    (3, 3, 3, 3, 3, 3, 3)
    """
    sizes = [0] * columns
    left = cards
    row = 0
    while left > 0:
        piles = range(columns - 1, row - 1, -1) if diagonal and row < columns else range(columns)
        for pile in piles:
            if left == 0:
                break
            sizes[pile] += 1
            left -= 1
        row += 1
    return tuple(sizes)


def _layout(
    tableau: Mapping[str, Any], reserve: int, stock: int, decks: int, file: str | None
) -> Layout:
    columns = tableau["count"]
    if not 1 <= columns <= _MAX_COLUMNS:
        raise _fail("tableau piles.count", f"must be 1..{_MAX_COLUMNS} here, got {columns}", file)
    cards = 52 * decks - stock - reserve
    if cards < 0:
        raise _fail(
            "stock.size", f"the stock and reserve hold more than the {52 * decks} cards", file
        )
    sizes = solvitaire_column_sizes(columns, cards, diagonal=tableau["diagonal deal"])
    if tableau["face up cards"] == "top":
        down = tuple(max(size - 1, 0) for size in sizes)
        up = tuple(min(size, 1) for size in sizes)
    else:
        down, up = (0,) * columns, sizes
    order = (DealPart.RESERVE, DealPart.TABLEAU) if reserve else (DealPart.TABLEAU,)
    return Layout(face_down=down, face_up=up, reserve=reserve, deal_order=order)


def _refuse(field: str, reason: str) -> SolvitaireFormatError:
    return SolvitaireFormatError(reason, document="rules", field=field)


def variant_to_solvitaire(variant: Variant) -> dict[str, Any]:
    """Solvitaire's rules document of a variant whose rules it can express.

    Args:
        variant: any variant (scoring is not written: Solvitaire has none).

    Returns:
        The rules: ``"tableau piles"``, ``"foundations"``, ``"stock"``, and
        ``"reserve"`` and ``"two decks"`` where the game has them.

    Raises:
        SolvitaireFormatError: naming our field that Solvitaire cannot express
            (``"build"``, ``"group"``, ``"layout"``, ``"decks"``...).

    >>> from solitaire_core.variants import EASTHAVEN
    >>> rules = variant_to_solvitaire(EASTHAVEN)
    >>> rules["stock"], rules["tableau piles"]["face up cards"]
    ({'size': 31, 'deal type': 'tableau piles'}, 'top')
    """
    require_variant(variant)
    if variant.decks > 2:
        raise _refuse("decks", f"{variant.decks}: Solvitaire plays one or two decks")
    build = {policy: name for name, policy in _BUILDS.items()}.get(variant.build)
    if build is None:
        raise _refuse(
            "build",
            f"{variant.build!r}: Solvitaire builds down by red-black, same suit or any suit, "
            "without wrap",
        )
    moved = "same-as-build"
    built = "yes"
    if variant.group == ORDERED_RUN:
        pass
    elif variant.group == TOP_CARD_ONLY:
        built = "no"
    elif variant.group == SUIT_RUN:
        moved = "same-as-build" if build == "same-suit" else "same-suit"
    elif variant.group == ANY_FACE_UP_RUN and _face_up_groups_are_runs(variant):
        pass
    else:
        raise _refuse(
            "group",
            f"{variant.group!r}: Solvitaire moves built runs (any face-up group only where "
            "every face-up group is a run: one face-up card per column at the deal, no stock "
            "dealt onto the columns)",
        )
    spaces = {policy: name for name, policy in _SPACES.items()}.get(variant.empty_column)
    if spaces is None:
        raise _refuse("empty_column", f"{variant.empty_column!r} has no Solvitaire spaces policy")
    if variant.foundations.base is not FoundationBase.ACE:
        raise _refuse(
            "foundations", "a base other than the Ace: Solvitaire's base also changes building"
        )
    layout = variant.layout
    if layout.deal_order not in (
        (DealPart.TABLEAU,),
        (DealPart.RESERVE, DealPart.TABLEAU),
        (DealPart.TABLEAU, DealPart.RESERVE),
    ):
        raise _refuse("layout", "a dealing order Solvitaire does not have")
    face_up = "all" if not any(layout.face_down) else "top"
    if face_up == "top" and any(
        (down + up) and up != 1 for down, up in zip(layout.face_down, layout.face_up, strict=True)
    ):
        raise _refuse(
            "layout", "Solvitaire deals every card face up, or only the top card of each pile"
        )
    document: dict[str, Any] = {}
    diagonal = None
    cards = sum(layout.column_sizes)
    for candidate in (True, False):
        if (
            solvitaire_column_sizes(layout.columns, cards, diagonal=candidate)
            == layout.column_sizes
        ):
            diagonal = candidate
            break
    if diagonal is None:
        raise _refuse(
            "layout",
            f"columns of {list(layout.column_sizes)} cards: Solvitaire deals round the piles "
            "or in a triangle",
        )
    document["tableau piles"] = {
        "count": layout.columns,
        "build policy": build,
        "spaces policy": spaces,
        "diagonal deal": diagonal,
        "move built group": built,
        "move built group policy": moved,
        "face up cards": face_up,
    }
    document["foundations"] = {
        "removable": variant.foundation_takeback,
        "only complete pile moves": variant.foundations.complete_runs,
    }
    if variant.stock_kind is StockKind.WASTE:
        limit = variant.recycle_limit
        if limit not in (None, 0):
            raise _refuse(
                "stock", f"{limit + 1} passes: Solvitaire's stock has one pass or unlimited"
            )
        document["stock"] = {
            "size": variant.stock_size,
            "deal type": "waste",
            "deal count": variant.draw_count,
            "redeal": limit is None,
        }
    elif variant.stock_kind is StockKind.DEAL:
        if variant.deal_needs_no_empty_column:
            raise _refuse(
                "stock", "dealt only while no column is empty: Solvitaire deals at any time"
            )
        document["stock"] = {"size": variant.stock_size, "deal type": "tableau piles"}
    if layout.reserve:
        document["reserve"] = {"size": layout.reserve, "stacked": True}
    if variant.decks == 2:
        document["two decks"] = True
    return document


def _face_up_groups_are_runs(variant: Variant) -> bool:
    """True when every face-up group of every position is a built run (Klondike's layout).

    Each column starts with at most one face-up card and every card that
    lands on a column fits the card under it (no stock dealt onto columns),
    so "any face-up group" and "built runs" move the same cards.
    """
    return (
        all(up <= 1 for up in variant.layout.face_up) and variant.stock_kind is not StockKind.DEAL
    )


__all__ = [
    "is_solvitaire_rules",
    "solvitaire_column_sizes",
    "variant_from_solvitaire",
    "variant_to_solvitaire",
]
