"""The game session: scoring, undo, intents, save and restore."""

from solitaire_core.game.autoplay import (
    auto_finish_moves,
    can_auto_finish,
    is_safe_to_play_home,
    safe_move,
)
from solitaire_core.game.intents import double_tap_move, drag_move, stock_tap_move, tap_move
from solitaire_core.game.save import (
    SAVE_FORMAT,
    SAVE_VERSION,
    load_document,
    load_game,
    save_document,
    save_game,
)
from solitaire_core.game.session import DEFAULT_UNDO_LIMIT, Game, GameSettings

__all__ = [
    "DEFAULT_UNDO_LIMIT",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "Game",
    "GameSettings",
    "auto_finish_moves",
    "can_auto_finish",
    "double_tap_move",
    "drag_move",
    "is_safe_to_play_home",
    "load_document",
    "load_game",
    "safe_move",
    "save_document",
    "save_game",
    "stock_tap_move",
    "tap_move",
]
