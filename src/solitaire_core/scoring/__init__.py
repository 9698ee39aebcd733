"""Scoring policies (RULES.md section 7)."""

from typing import Any

from solitaire_core._deprecated import warn_moved
from solitaire_core.scoring.policies import (
    RULE_CARD_SCORING,
    STANDARD_KLONDIKE,
    STANDARD_REFLECHI,
    VEGAS,
    WINDOWS_STANDARD,
    ScoringPolicy,
    StandardScoring,
    VegasScoring,
    apply_points,
    rule_card_scoring,
)

__all__ = [
    "RULE_CARD_SCORING",
    "STANDARD_KLONDIKE",
    "STANDARD_REFLECHI",
    "VEGAS",
    "WINDOWS_STANDARD",
    "ScoringPolicy",
    "StandardScoring",
    "VegasScoring",
    "apply_points",
    "rule_card_scoring",
]


def __getattr__(name: str) -> Any:
    """``RuleCardScoring``: now :func:`rule_card_scoring` (a deprecated alias that warns)."""
    if name == "RuleCardScoring":
        warn_moved(f"{__name__}.RuleCardScoring", f"{__name__}.rule_card_scoring")
        return rule_card_scoring
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
