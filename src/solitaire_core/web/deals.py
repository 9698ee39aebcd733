"""New deals for the web table: by code, by game and number, at random, or proven winnable.

``POST /api/games`` takes one of these bodies (:func:`read_new_deal`):

* ``{"code": "KL1-D1N-AAAAAAG"}``: that deal (a deal-number code or a full
  deal code): the link ``/?code=...`` opens it;
* ``{"game": "klondike", "deal": 6}``: a game (its key, code header or name)
  and a deal number ``0 .. 26**7 - 1``;
* ``{"game": "klondike"}``: a deal chosen at random;
* ``{"game": "klondike", "winnable": true, "grade": "easy", "seed": 7}``: a
  deal proven winnable (:func:`~solitaire_core.pick_winnable_deal`: from the
  game's catalogue at once, else solved), of a grade when asked; ``seed``
  (optional, random when left out) picks it reproducibly.

The deal's grade is told where it is known: a winnable deal's, and the
catalogue's grade of a catalogued deal chosen by code or number.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any, Final

import attrs

from solitaire_core.catalogue import pick_winnable_deal, shipped_catalogue
from solitaire_core.codes import DealCode
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.game import Game, TimeSource
from solitaire_core.variants import Variant, code_header, lookup_variant
from solitaire_core.web.errors import WebRequestError
from solitaire_core.web.requests import field, optional_field, require_fields
from solitaire_core.web.store import DealInfo

DEAL_NUMBERS: Final = 26**7
"""Deal numbers drawn at random are below this: each has a deal code."""
GRADES: Final = ("easy", "medium", "hard")
"""The grades a winnable deal may be asked for."""


@attrs.frozen(kw_only=True)
class NewDeal:
    """What a ``POST /api/games`` body asks for (see the module docs).

    Attributes:
        source: ``"code"``, ``"number"``, ``"random"`` or ``"winnable"``.
        variant: the game (None for a code: the code names it).
        code: the deal code's text, for ``"code"``.
        deal_number: the deal, for ``"number"`` (drawn for ``"random"``).
        grade: the grade asked of a winnable deal, or None for any.
        seed: the winnable pick's seed.
    """

    source: str
    variant: Variant | None = None
    code: str | None = None
    deal_number: int | None = None
    grade: str | None = None
    seed: int = 0

    @property
    def needs_solver(self) -> bool:
        """True when dealing may run the solver (a winnable deal): run it off the event loop."""
        return self.source == "winnable"


def read_new_deal(data: Mapping[str, Any]) -> NewDeal:
    """Read a ``POST /api/games`` body (see the module docs).

    Raises:
        WebRequestError: 422 for unknown fields, a missing or mistyped
            field, both a code and a game, a grade that is not easy, medium or
            hard, a winnable deal of a game without a deal code, a game
            name that names no game (``unknown_variant``).
    """
    require_fields(data, ("code", "game", "deal", "winnable", "grade", "seed"))
    if "code" in data:
        if len(data) > 1:
            raise WebRequestError(
                422, "invalid_request", "give either a 'code', or a 'game' and its options"
            )
        return NewDeal(source="code", code=field(data, "code", str, what="a deal code"))
    if "game" not in data:
        raise WebRequestError(
            422, "invalid_request", "give a deal 'code', or a 'game' (with a 'deal' number)"
        )
    name = field(data, "game", str, what="a game such as 'klondike'")
    try:
        variant = lookup_variant(name)
    except InvalidArgumentError as error:
        raise WebRequestError(422, "unknown_variant", str(error)) from None
    winnable = optional_field(data, "winnable", bool, what="true or false")
    number = optional_field(data, "deal", int, what="a deal number")
    if winnable:
        if number is not None:
            raise WebRequestError(422, "invalid_request", "a winnable deal takes no 'deal' number")
        if code_header(variant) is None:
            raise WebRequestError(
                422, "no_winnable_deals", f"{variant.name} has no deal code to pick deals by"
            )
        grade = optional_field(data, "grade", str, what="easy, medium or hard")
        if grade is not None and grade not in GRADES:
            raise WebRequestError(
                422, "invalid_request", f"'grade' must be easy, medium or hard, got {grade!r}"
            )
        seed = optional_field(data, "seed", int, what="an int 0 <= seed < 2**64")
        if seed is None:
            seed = secrets.randbelow(2**64)
        return NewDeal(source="winnable", variant=variant, grade=grade, seed=seed)
    require_fields(data, ("game", "deal", "winnable"))
    if number is None:
        return NewDeal(
            source="random", variant=variant, deal_number=secrets.randbelow(DEAL_NUMBERS)
        )
    return NewDeal(source="number", variant=variant, deal_number=number)


def deal_game(deal: NewDeal, *, time_source: TimeSource) -> tuple[Game, DealInfo]:
    """The new game a :class:`NewDeal` asks for, and how its deal was chosen.

    A winnable deal may run the solver (a fraction of a second as a rule):
    call it off the event loop (:attr:`NewDeal.needs_solver`).

    Raises:
        DealCodeError: for a code that cannot be read.
        InvalidArgumentError: for a deal number out of range, or a seed out of range.
    """
    if deal.source == "code":
        assert deal.code is not None
        game = Game.from_code(deal.code.strip(), time_source=time_source)
        return game, DealInfo(source="code", known=True, grade=_catalogued_grade(game))
    assert deal.variant is not None
    if deal.source == "winnable":
        picked = pick_winnable_deal(deal.variant, seed=deal.seed, grade=deal.grade)
        game = Game.from_code(picked.code, time_source=time_source)
        grade = None if picked.grade is None else picked.grade.value
        return game, DealInfo(source="winnable", known=False, proven=picked.proven, grade=grade)
    assert deal.deal_number is not None
    game = Game(deal.variant, deal.deal_number, time_source=time_source)
    known = deal.source == "number"
    return game, DealInfo(source=deal.source, known=known, grade=_catalogued_grade(game))


def _catalogued_grade(game: Game) -> str | None:
    """The catalogue's grade of the game's deal, when the game has a catalogue holding it."""
    code = game.code
    if not isinstance(code, DealCode):  # a full deal code: any card order, not catalogued
        return None
    header = code_header(game.variant)
    if header is None:
        return None
    catalogue = shipped_catalogue("{}1-D{}{}".format(*header))
    if catalogue is None or code.deal_number >= catalogue.deals:
        return None
    grade = catalogue.grades[code.deal_number]
    return None if grade is None else grade.value


__all__ = ["DEAL_NUMBERS", "GRADES", "NewDeal", "deal_game", "read_new_deal"]
