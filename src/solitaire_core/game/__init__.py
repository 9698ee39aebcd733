"""The game session: scoring, undo, intents, events, clock, player's view, save and restore."""

from solitaire_core.game.clock import CLOCK_STATES, GameClock, TimeSource
from solitaire_core.game.events import (
    CardsMoved,
    CardTurned,
    Event,
    FoundationBaseChanged,
    GameNoLongerWon,
    GameResigned,
    GameWon,
    PilePlace,
    RecycleUndone,
    ScoreChanged,
    WasteRecycled,
    events_to_json,
    move_events,
)
from solitaire_core.game.intents import double_tap_move, drag_move, stock_tap_move, tap_move
from solitaire_core.game.move_json import move_from_json, move_to_json
from solitaire_core.game.save import (
    SAVE_FORMAT,
    SAVE_VERSION,
    load_document,
    load_game,
    save_document,
    save_game,
)
from solitaire_core.game.session import DEFAULT_UNDO_LIMIT, Game, GameSettings, MoveLike
from solitaire_core.game.view_document import VIEW_FORMAT, VIEW_VERSION, view_json, view_schema
from solitaire_core.game.view_events import apply_events
from solitaire_core.rules.autoplay import (
    auto_finish_moves,
    can_auto_finish,
    is_safe_to_play_home,
    safe_move,
)

__all__ = [
    "CLOCK_STATES",
    "DEFAULT_UNDO_LIMIT",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "VIEW_FORMAT",
    "VIEW_VERSION",
    "CardTurned",
    "CardsMoved",
    "Event",
    "FoundationBaseChanged",
    "Game",
    "GameClock",
    "GameNoLongerWon",
    "GameResigned",
    "GameSettings",
    "GameWon",
    "MoveLike",
    "PilePlace",
    "RecycleUndone",
    "ScoreChanged",
    "TimeSource",
    "WasteRecycled",
    "apply_events",
    "auto_finish_moves",
    "can_auto_finish",
    "double_tap_move",
    "drag_move",
    "events_to_json",
    "is_safe_to_play_home",
    "load_document",
    "load_game",
    "move_events",
    "move_from_json",
    "move_to_json",
    "safe_move",
    "save_document",
    "save_game",
    "stock_tap_move",
    "tap_move",
    "view_json",
    "view_schema",
]
