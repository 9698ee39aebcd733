"""The rules: checking, applying and generating moves, safe auto-play (RULES.md 3-6, 12)."""

from typing import Any

from solitaire_core._deprecated import warn_moved
from solitaire_core.rule_ids import RuleId
from solitaire_core.rules.apply import apply_move, flipped, play_move
from solitaire_core.rules.autoplay import (
    auto_finish_moves,
    can_auto_finish,
    is_safe_to_play_home,
    safe_move,
)
from solitaire_core.rules.check import check_move, is_legal
from solitaire_core.rules.messages import LOCALES
from solitaire_core.rules.movegen import generate_moves, legal_moves, waste_moves
from solitaire_core.rules.notation import format_move, parse_move
from solitaire_core.rules.perft import perft
from solitaire_core.rules.positions import require_position
from solitaire_core.rules.refusal import IllegalMoveError, Refusal


def __getattr__(name: str) -> Any:
    """``check_position``: now :func:`require_position` (a deprecated alias that warns)."""
    if name == "check_position":
        warn_moved(f"{__name__}.check_position", f"{__name__}.require_position")
        return require_position
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "LOCALES",
    "IllegalMoveError",
    "Refusal",
    "RuleId",
    "apply_move",
    "auto_finish_moves",
    "can_auto_finish",
    "check_move",
    "flipped",
    "format_move",
    "generate_moves",
    "is_legal",
    "is_safe_to_play_home",
    "legal_moves",
    "parse_move",
    "perft",
    "play_move",
    "require_position",
    "safe_move",
    "waste_moves",
]
