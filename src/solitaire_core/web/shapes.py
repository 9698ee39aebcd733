"""The JSON the web API answers: the table document, the games, the hint, the statistics.

Every answer about a game is a **table document**::

    {"id": "k3J9...",                      # the game's id, in every path of the game
     "view": {...},                        # Game.view_json(): the player's view
     "events": [...],                      # the last action's events (to animate), else []
     "moves": [...],                       # the structured moves that action played or undid
     "deal": {"game": "klondike", "name": "Klondike",
              "source": "code" | "number" | "random" | "winnable",
              "code": "KL1-D1N-AAAAAAG" or null, "deal_number": 6 or null,
              "proven_winnable": true | false | null, "grade": "easy" | ... | null},
     "can_auto_finish": false}

A move is always the structured move of the view's ``legal_moves``
(:func:`~solitaire_core.game.move_to_json`): in ``moves``, in a hint, and in
what ``POST .../moves`` takes, so a client can send any of them back. An undo
lists the move it took back, as it was when played. ``deal.code`` and
``deal.deal_number`` are told when the player chose the deal (by code or
number) or once the game is over: a code rebuilds every hidden card, so a
random or winnable deal's stays on the server while the game is played.
Nothing in these documents names a card the player has not seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solitaire_core.catalogue import shipped_prefixes
from solitaire_core.game import Game, can_auto_finish, move_to_json
from solitaire_core.moves import Move
from solitaire_core.position import Position
from solitaire_core.rules.apply import apply_move
from solitaire_core.solver.hint import Hint
from solitaire_core.statistics import BoardStatistics
from solitaire_core.variants import SHIPPED_VARIANTS, Variant, lookup_variant, variant_key
from solitaire_core.variants.describe import variant_facts
from solitaire_core.web.store import StoredGame


def deal_json(stored: StoredGame) -> dict[str, Any]:
    """The ``deal`` part of a table document (see the module docs)."""
    game, info = stored.game, stored.deal
    told = info.known or game.is_over
    return {
        "game": variant_key(game.variant),
        "name": game.variant.name,
        "source": info.source,
        "code": str(game.code) if told and game.code is not None else None,
        "deal_number": game.deal_number if told else None,
        "proven_winnable": info.proven,
        "grade": info.grade,
    }


def table_json(
    stored: StoredGame, *, moves: list[dict[str, Any]] | None = None, events: bool = True
) -> dict[str, Any]:
    """The table document of a game (see the module docs).

    Args:
        stored: the game as the store holds it.
        moves: the structured moves of the action answered (None: none).
        events: True to include the last action's events; False for a
            document that answers no action (``GET``), whose events are ``[]``.
    """
    game = stored.game
    return {
        "id": stored.id,
        "view": game.view_json(),
        "events": game.last_events_json() if events else [],
        "moves": moves or [],
        "deal": deal_json(stored),
        "can_auto_finish": not game.is_over and can_auto_finish(game.variant, game.position),
    }


def moves_json(variant: Variant, before: Position, moves: tuple[Move, ...]) -> list[dict[str, Any]]:
    """Structured moves played one after another from ``before``, each shaped where played."""
    shaped = []
    position = before
    for move in moves:
        shaped.append(move_to_json(variant, position, move))
        position = apply_move(variant, position, move)
    return shaped


def hint_json(game: Game, advice: Hint, *, level: str, locale: str) -> dict[str, Any]:
    """The ``hint`` of ``POST .../hint``: its structured move (or null), kind, reason, level."""
    move = advice.move
    return {
        "move": None if move is None else move_to_json(game.variant, game.position, move),
        "kind": advice.kind.value,
        "reason": advice.reason(locale),
        "level": level,
    }


def games_json(extra: Sequence[Variant] = ()) -> dict[str, Any]:
    """``GET /api/variants``: every shipped game, in the registry's order, and the languages.

    ``extra``: more games offered after the shipped ones (``serve --rules FILE``'s,
    registered), each once.

    Each game is :func:`~solitaire_core.variants.describe.variant_facts`
    (key, name, code prefix, decks, columns, stock, draw, ...) with
    ``"winnable"``: whether a winnable deal can be picked (a game with a deal
    code), and ``"catalogued"``: whether it ships a catalogue of graded deals.
    """
    catalogued = set(shipped_prefixes())
    games = []
    shipped = tuple(SHIPPED_VARIANTS.values())
    for variant in (*shipped, *(game for game in dict.fromkeys(extra) if game not in shipped)):
        facts = variant_facts(variant)
        facts["winnable"] = facts["code_prefix"] is not None
        facts["catalogued"] = facts["code_prefix"] in catalogued
        games.append(facts)
    return {"games": games, "languages": ["en", "hu", "el"]}


def statistics_json(boards: tuple[BoardStatistics, ...]) -> dict[str, Any]:
    """``GET /api/statistics``: each board's figures (``stats --json``'s) with the game's name."""
    answer = []
    for board in boards:
        data = board.to_json()
        try:
            data["name"] = lookup_variant(board.board.game).name
        except ValueError:  # a game another program recorded, unknown here
            data["name"] = board.board.game
        answer.append(data)
    return {"boards": answer}


__all__ = ["deal_json", "games_json", "hint_json", "moves_json", "statistics_json", "table_json"]
