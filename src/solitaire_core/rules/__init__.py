"""The rules: checking, applying and generating moves (RULES.md sections 3-5, 12)."""

from solitaire_core.rule_ids import RuleId
from solitaire_core.rules.apply import apply_move, flipped, play_move
from solitaire_core.rules.check import check_move, is_legal
from solitaire_core.rules.messages import LOCALES
from solitaire_core.rules.movegen import generate_moves, legal_moves, waste_moves
from solitaire_core.rules.notation import format_move, parse_move
from solitaire_core.rules.perft import perft
from solitaire_core.rules.positions import check_position
from solitaire_core.rules.refusal import Refusal

__all__ = [
    "LOCALES",
    "Refusal",
    "RuleId",
    "apply_move",
    "check_move",
    "check_position",
    "flipped",
    "format_move",
    "generate_moves",
    "is_legal",
    "legal_moves",
    "parse_move",
    "perft",
    "play_move",
    "waste_moves",
]
