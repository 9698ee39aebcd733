"""What a survey records: its settings, and one row per solved deal."""

from __future__ import annotations

import math
from typing import Any

import attrs

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.solver import SolveStatus
from solitaire_core.solver.grading import Grade
from solitaire_core.solver.result import require_count


def _no_limit(value: float | None) -> float | None:
    """Infinity is no time limit (as :func:`~solitaire_core.solver.solve` takes it): None."""
    return None if isinstance(value, float) and value == math.inf else value


def _require_time_limit(instance: object, attribute: object, value: float | None) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InvalidArgumentError(f"time_limit must be seconds > 0 or None, got {value!r}")
    if value <= 0:
        raise InvalidArgumentError(f"time_limit must be seconds > 0 or None, got {value!r}")


def _require_budget(instance: object, attribute: object, value: int) -> None:
    require_count("max_positions", value)


@attrs.frozen
class SurveySettings:
    """How every deal of a survey is solved; one file holds one setting.

    Attributes:
        max_positions: the budget of each solve, in positions (an int, 1 ..
            2**63 - 1).
        time_limit: seconds for each solve as well, or None (the default:
            the verdicts then depend on the budget alone, not on the machine);
            ``math.inf`` is taken as None.

    Raises:
        InvalidArgumentError: (a ``ValueError``) for a budget or time limit
            out of range.
    """

    max_positions: int = attrs.field(validator=_require_budget)
    time_limit: float | None = attrs.field(
        default=None, converter=_no_limit, validator=_require_time_limit
    )

    def differences(self, other: SurveySettings) -> list[str]:
        """What differs from ``other``, in words (``"--max-positions 2000, not 3000"``); [] if none.

        ``self`` is the file's setting, ``other`` the one asked for.
        """
        found = []
        if self.max_positions != other.max_positions:
            found.append(f"--max-positions {self.max_positions}, not {other.max_positions}")
        if self.time_limit != other.time_limit:
            found.append(
                f"--time-limit {_seconds(self.time_limit)}, not {_seconds(other.time_limit)}"
            )
        return found

    def to_json(self) -> dict[str, Any]:
        """``{"max_positions": int, "time_limit": float or null}``."""
        return {"max_positions": self.max_positions, "time_limit": self.time_limit}


def _seconds(value: float | None) -> str:
    return "none" if value is None else f"{value:g}"


@attrs.frozen
class DealRow:
    """The result of one surveyed deal.

    Attributes:
        prefix: the game's deal-code prefix (``"KL1-D3N"``).
        deal: the deal number (0 .. 26**7 - 1).
        code: the deal code (``"KL1-D3N-AAAAAAG"``).
        status: the solver's verdict.
        positions: the positions the solve stored (its effort, the unit of
            the budget).
        moves: the length of the winning line in moves (draws and recycles
            included); 0 unless solved.
        decided_by: the solver's pass that decided (``"probe"``,
            ``"best_first"``, ``"fast"``, ``"complete"``), or None when unknown.
        seconds: the solve's wall time, in seconds (the one field that
            differs between two runs of the same survey).
        grade: the difficulty grade (:func:`~solitaire_core.solver.grading.grade`).
    """

    prefix: str
    deal: int
    code: str
    status: SolveStatus
    positions: int
    moves: int
    decided_by: str | None
    seconds: float
    grade: Grade

    @property
    def key(self) -> tuple[str, int]:
        """``(prefix, deal)``: a row's identity in a survey file."""
        return (self.prefix, self.deal)

    def to_json(self) -> dict[str, Any]:
        """The row as a JSON object with the attributes' names; enums as their text."""
        return {
            "prefix": self.prefix,
            "deal": self.deal,
            "code": self.code,
            "status": self.status.value,
            "positions": self.positions,
            "moves": self.moves,
            "decided_by": self.decided_by,
            "seconds": self.seconds,
            "grade": self.grade.value,
        }
