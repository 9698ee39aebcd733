"""What a solve returns, its budget, and the checks every search entry point makes.

The three searches (:func:`~solitaire_core.solver.depth_first.search`,
:func:`~solitaire_core.solver.best_first.best_first_search` and
:func:`~solitaire_core.solver.solving.solve`) take the same limits: a budget of
positions (an ``int`` >= 1) and an optional time limit in seconds (a number
> 0; ``None`` for none). They check them, and the position, with
:func:`require_search_arguments` before searching, so a bad argument raises
:class:`~solitaire_core.errors.InvalidArgumentError` (a ``ValueError``) naming
it instead of a search that never ends.
"""

from __future__ import annotations

import math
import numbers
from enum import StrEnum
from typing import Any, Final

import attrs

from solitaire_core._deprecated import warn_moved
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.limits import MAX_COUNT as MAX_COUNT  # noqa: PLC0414 (re-exported: its old home)
from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.rules import require_position
from solitaire_core.variants import Variant, require_variant

DEFAULT_MAX_POSITIONS = 1_000_000
"""The default budget: distinct positions stored by the searches of one solve."""


class SolveStatus(StrEnum):
    """The verdict of a search."""

    SOLVED = "solved"
    """A winning line was found (:func:`~solitaire_core.solver.solving.solve`
    also replays it through the checked rules before returning it)."""
    UNWINNABLE = "unwinnable"
    """The search exhausted every reachable position: no line wins."""
    UNKNOWN = "unknown"
    """A limit was reached first."""


@attrs.frozen
class SolveResult:
    """What the solver found.

    Attributes:
        status: solved, unwinnable or unknown.
        moves: for a solved position, the winning line as atomic moves in
            notation order (draws and recycles included), first move first;
            else empty.
        positions: how many positions the search stored, the unit of its
            budget. Each pass of :func:`~solitaire_core.solver.solving.solve`
            keeps its own table, so its count is the sum over the passes it
            ran and a position (the start, at least) can count once per pass.
        decided_by: the pass of :func:`~solitaire_core.solver.solving.solve`
            that decided (one of
            :data:`~solitaire_core.solver.solving.PASS_NAMES`: ``"probe"``,
            ``"best_first"``, ``"fast"``, ``"complete"``), or None when
            undecided or the result is not :func:`solve`'s.
    """

    status: SolveStatus
    moves: tuple[Move, ...]
    positions: int
    decided_by: str | None = None

    @property
    def is_solved(self) -> bool:
        """True when a winning line was found."""
        return self.status is SolveStatus.SOLVED


def require_count(name: str, value: object) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) from 1 to 2**63 - 1.

    Raises:
        InvalidArgumentError: (a ``ValueError``) naming ``name`` otherwise.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{name} must be an int >= 1, got {value!r}")
    if not 1 <= value <= MAX_COUNT:
        raise InvalidArgumentError(f"{name} must be 1 .. 2**63 - 1, got {value!r}")
    return value


def require_rules_and_position(variant: object, position: object) -> Position:
    """``position`` itself once ``variant`` is a Variant and ``position`` a Position.

    The types only: :func:`~solitaire_core.rules.require_position` checks that
    the position is one the variant can hold.

    Raises:
        InvalidArgumentError: (a ``ValueError``) naming the argument that is not
            of its type.
    """
    require_variant(variant)
    if not isinstance(position, Position):
        raise InvalidArgumentError(f"position must be a Position, got {type(position).__name__}")
    return position


def require_search_arguments(
    variant: Variant, position: object, max_positions: object, time_limit: object
) -> float | None:
    """Check a search's start, budget and time limit (see the module docs).

    Returns:
        The time limit in seconds as a float, or None for no limit (None or
        infinity).

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``variant`` is not a
            :class:`~solitaire_core.variants.Variant`, ``position`` is not a
            :class:`~solitaire_core.position.Position`, ``max_positions`` is
            not an int >= 1, or ``time_limit`` is neither None nor a real
            number > 0 (``inf`` is allowed: no limit).
        PositionParseError: (a ``ValueError``) if the position is not one the
            variant can hold (:func:`~solitaire_core.rules.require_position`).
    """
    position = require_rules_and_position(variant, position)
    require_count("max_positions", max_positions)
    seconds = require_time_limit(time_limit, zero_allowed=False)
    require_position(variant, position)
    return seconds


def require_time_limit(time_limit: object, *, zero_allowed: bool = True) -> float | None:
    """A time limit in seconds, checked: None for no limit, else a float.

    Args:
        time_limit: None, or a real number of seconds (``math.inf``, or an int
            too large for a float, is no limit, as None).
        zero_allowed: whether 0 is a limit (the hard AI: no sample solved) or
            refused (a search, which needs some time).

    Returns:
        The seconds as a float, or None for no limit.

    Raises:
        InvalidArgumentError: (a ``ValueError``) for a bool, a value that is
            not a real number, NaN, a negative number, or 0 unless allowed.

    >>> require_time_limit(5), require_time_limit(None), require_time_limit(math.inf)
    (5.0, None, None)
    """
    bound = ">= 0" if zero_allowed else "> 0"
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, numbers.Real):
        raise InvalidArgumentError(
            f"time_limit must be seconds {bound} or None, got {type(time_limit).__name__}"
        )
    try:
        seconds = float(time_limit)
    except OverflowError:  # an int too large for a float: no limit in effect
        return None
    if math.isnan(seconds) or seconds < 0 or (seconds == 0 and not zero_allowed):
        raise InvalidArgumentError(f"time_limit must be seconds {bound} or None, got {seconds!r}")
    return None if seconds == math.inf else seconds


_RENAMED: Final = {
    "check_count": "require_count",
    "check_search_arguments": "require_search_arguments",
    "check_time_limit": "require_time_limit",
}
"""The old names of the functions that raise (``check_*`` now explain and return)."""


def __getattr__(name: str) -> Any:
    """The old ``check_*`` names of the ``require_*`` functions (deprecated aliases that warn)."""
    if name in _RENAMED:
        warn_moved(f"{__name__}.{name}", f"{__name__}.{_RENAMED[name]}")
        return globals()[_RENAMED[name]]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
