"""solitaire_core: the rules engine behind Klondike-family solitaire apps.

Deal from a code, list the legal moves, play one, and hear why a move is refused:

>>> import solitaire_core as sc
>>> code = sc.DealCode.parse("KL1-D1N-AAAAAAG")
>>> position = sc.deal_position(code.variant, code.deal_number)
>>> [str(move) for move in sc.legal_moves(code.variant, position)]
['1f', '7f', '54:1', 'd']
>>> position = sc.play_move(code.variant, position, sc.Move.parse("1f"))
>>> refusal = sc.check_move(code.variant, position, sc.Move.parse("w3"))
>>> refusal.rule, refusal.message("hu")
(<RuleId.EMPTY_SOURCE: 'EMPTY_SOURCE'>, 'onnan nincs mit mozgatni')
"""

from typing import Any

from solitaire_core import interop
from solitaire_core._deprecated import warn_moved
from solitaire_core._version import __version__
from solitaire_core.build import BUILD, COMPILED
from solitaire_core.cards import (
    Card,
    Suit,
    card_symbol,
    card_text,
    is_red,
    make_card,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from solitaire_core.catalogue import DealSource, PickEnd, WinnableDeal, pick_winnable_deal
from solitaire_core.codes import (
    DealCode,
    FullDealCode,
    deal_number_to_letters,
    letters_to_deal_number,
    parse_deal_code,
)
from solitaire_core.deal import deal_code_position, deal_deck, deal_position
from solitaire_core.errors import (
    CardParseError,
    CatalogueError,
    DealCodeError,
    DeckError,
    InvalidArgumentError,
    LocaleError,
    MissingExtraError,
    MoveParseError,
    PositionParseError,
    RulesFileError,
    SaveFileError,
    SolitaireError,
    StatisticsError,
    SurveyError,
    ViewEventError,
)
from solitaire_core.game import Game, GameClock, GameSettings, load_game, save_game, view_json
from solitaire_core.moves import Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.position_json import position_from_json, position_to_json
from solitaire_core.render import render_board
from solitaire_core.rule_ids import RuleId
from solitaire_core.rules import (
    LOCALES,
    IllegalMoveError,
    Refusal,
    apply_move,
    check_move,
    flipped,
    format_move,
    generate_moves,
    is_legal,
    legal_moves,
    parse_move,
    perft,
    play_move,
    require_position,
)
from solitaire_core.scoring import (
    RULE_CARD_SCORING,
    STANDARD_KLONDIKE,
    STANDARD_REFLECHI,
    VEGAS,
    WINDOWS_STANDARD,
    ScoringPolicy,
)
from solitaire_core.shuffle import SplitMix64, shuffled_deck
from solitaire_core.solver import (
    Hint,
    HintKind,
    Progress,
    SolveResult,
    SolveStatus,
    has_useful_moves,
    hint,
    is_winnable,
    solve,
)
from solitaire_core.svg import board_svg
from solitaire_core.variants import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    KLONDIKE_VEGAS,
    KLONDIKE_VEGAS_DRAW_3,
    REFLECHI,
    REFLECHI_DRAW_3,
    RULE_CARD,
    RULE_CARD_DRAW_3,
    SHIPPED_VARIANTS,
    TRADITIONAL,
    TRADITIONAL_DRAW_3,
    Scoring,
    Variant,
    VariantFamily,
    register_code_prefix,
)
from solitaire_core.view import PlayerView, player_view


def __getattr__(name: str) -> Any:
    """``check_position``: now :func:`require_position` (a deprecated alias that warns)."""
    if name == "check_position":
        warn_moved(f"{__name__}.check_position", f"{__name__}.require_position")
        return require_position
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BUILD",
    "COMPILED",
    "KLONDIKE",
    "KLONDIKE_DRAW_3",
    "KLONDIKE_VEGAS",
    "KLONDIKE_VEGAS_DRAW_3",
    "LOCALES",
    "REFLECHI",
    "REFLECHI_DRAW_3",
    "RULE_CARD",
    "RULE_CARD_DRAW_3",
    "RULE_CARD_SCORING",
    "SHIPPED_VARIANTS",
    "STANDARD_KLONDIKE",
    "STANDARD_REFLECHI",
    "TRADITIONAL",
    "TRADITIONAL_DRAW_3",
    "VEGAS",
    "WINDOWS_STANDARD",
    "Card",
    "CardParseError",
    "CatalogueError",
    "DealCode",
    "DealCodeError",
    "DealSource",
    "DeckError",
    "FullDealCode",
    "Game",
    "GameClock",
    "GameSettings",
    "Hint",
    "HintKind",
    "IllegalMoveError",
    "InvalidArgumentError",
    "LocaleError",
    "MissingExtraError",
    "Move",
    "MoveKind",
    "MoveParseError",
    "PickEnd",
    "PlayerView",
    "Position",
    "PositionParseError",
    "Progress",
    "Refusal",
    "RuleId",
    "RulesFileError",
    "SaveFileError",
    "Scoring",
    "ScoringPolicy",
    "SolitaireError",
    "SolveResult",
    "SolveStatus",
    "SplitMix64",
    "StatisticsError",
    "Suit",
    "SurveyError",
    "Variant",
    "VariantFamily",
    "ViewEventError",
    "WinnableDeal",
    "__version__",
    "apply_move",
    "board_svg",
    "card_symbol",
    "card_text",
    "check_move",
    "deal_code_position",
    "deal_deck",
    "deal_number_to_letters",
    "deal_position",
    "flipped",
    "format_move",
    "generate_moves",
    "has_useful_moves",
    "hint",
    "interop",
    "is_legal",
    "is_red",
    "is_winnable",
    "legal_moves",
    "letters_to_deal_number",
    "load_game",
    "make_card",
    "parse_card",
    "parse_cards",
    "parse_deal_code",
    "parse_move",
    "perft",
    "pick_winnable_deal",
    "play_move",
    "player_view",
    "position_from_json",
    "position_to_json",
    "rank_of",
    "register_code_prefix",
    "render_board",
    "require_position",
    "save_game",
    "shuffled_deck",
    "solve",
    "suit_of",
    "view_json",
]
