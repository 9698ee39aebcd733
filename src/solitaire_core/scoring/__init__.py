"""Scoring policies (RULES.md section 7)."""

from solitaire_core.scoring.policies import (
    RULE_CARD_SCORING,
    STANDARD_KLONDIKE,
    STANDARD_REFLECHI,
    VEGAS,
    WINDOWS_STANDARD,
    RuleCardScoring,
    ScoringPolicy,
    StandardScoring,
    VegasScoring,
    apply_points,
)

__all__ = [
    "RULE_CARD_SCORING",
    "STANDARD_KLONDIKE",
    "STANDARD_REFLECHI",
    "VEGAS",
    "WINDOWS_STANDARD",
    "RuleCardScoring",
    "ScoringPolicy",
    "StandardScoring",
    "VegasScoring",
    "apply_points",
]
