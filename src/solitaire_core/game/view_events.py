"""An app's side of the events: apply an action's events (JSON) to the view (JSON) before it.

A client that holds the player's view (:meth:`Game.view_json
<solitaire_core.game.Game.view_json>`) and receives an action's events
(:meth:`Game.last_events_json <solitaire_core.game.Game.last_events_json>`)
can bring its board up to date from the events alone: :func:`apply_events`
gives the view's ``board``, the score's ``value`` and the ``won`` and
``resigned`` flags after the action, as the next view has them (the library's
tests check this for every kind of action in every game). What the events do
not carry is left as it was: the score's text, the move counter, the legal
moves, the undo, redo and assisted flags and the clock; read them from the
next view (:mod:`solitaire_core.game.events` says why).

It is strict: an event that does not fit the view (a card that is not where
the event says it was, a place past a pile's end) raises
:class:`~solitaire_core.errors.ViewEventError` naming the event, so a client
that missed an action finds out at once instead of drawing a wrong board.
The web front end (``solitaire-core serve``) does the same in JavaScript for
its animations.

>>> from solitaire_core.errors import ViewEventError
>>> from solitaire_core.game import Game
>>> game = Game.from_code("KL1-D1N-AAAAAAG")
>>> before = game.view_json()
>>> _ = game.play("7f")                      # the AH home, the card under it turns up
>>> after = apply_events(before, game.last_events_json())
>>> after["board"] == game.view_json()["board"], after["score"]["value"]
(True, 15)
>>> before["board"]["tableau"][6]            # the view given is not changed
{'face_down': 6, 'face_up': ['AH']}
>>> turned = {"type": "card_turned", "card": "KS", "face_up": True,
...           "at": {"pile": "column", "index": 0, "place": 0}}
>>> try:
...     apply_events(before, [turned])
... except ViewEventError as error:
...     print(error.index, error.reason)
0 column 1 has no face-down card at place 0
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from solitaire_core.errors import ViewEventError

EVENT_TYPES = (
    "cards_moved",
    "card_turned",
    "waste_recycled",
    "recycle_undone",
    "foundation_base_changed",
    "score_changed",
    "game_won",
    "game_no_longer_won",
    "game_resigned",
)
"""The event types :func:`apply_events` knows (those of :mod:`solitaire_core.game.events`)."""


class _MisfitError(Exception):
    """An event does not fit: the reason, raised inside and told with the event's index."""


def _require(condition: bool, reason: str) -> None:  # noqa: FBT001 (what is asserted, no option)
    if not condition:
        raise _MisfitError(reason)


def _pile_name(place: Mapping[str, Any]) -> str:
    """A place's pile as the player reads it (``column 3``, 1-based; ``the waste``), once checked.

    Raises:
        _MisfitError: for a place whose index or place is not an int >= 0.
    """
    pile, index = place["pile"], place["index"]
    for name in ("index", "place"):
        value = place[name]
        _require(type(value) is int and value >= 0, f"{name} must be an int >= 0, got {value!r}")
    if pile in ("column", "foundation"):
        return f"{pile} {index + 1}"
    return f"the {pile}"


def _take(board: dict[str, Any], place: Mapping[str, Any], cards: list[str]) -> None:
    """Remove ``cards`` from the top of the pile at ``place``."""
    pile, index, at = place["pile"], place["index"], place["place"]
    count = len(cards)
    where = _pile_name(place)
    _require(count >= 1, "a move of no card")
    if pile == "column":
        column = board["tableau"][index]
        _require(column["face_up"][-count:] == cards, f"{where} does not end with {cards}")
        _require(
            at == column["face_down"] + len(column["face_up"]) - count, f"place {at} in {where}"
        )
        del column["face_up"][-count:]
    elif pile == "waste":
        waste = board["waste"]
        _require(waste[-count:] == cards, f"{where} does not end with {cards}")
        _require(at == len(waste) - count, f"place {at} in {where}")
        del waste[-count:]
    elif pile == "stock":
        stock = board["stock"]
        _require(at == stock["count"] - count and at >= 0, f"place {at} in {where}")
        stock["count"] -= count
        if stock["cards"] is not None:
            _require(stock["cards"][-count:] == cards, f"{where} does not end with {cards}")
            del stock["cards"][-count:]
    elif pile == "reserve":
        reserve = board["reserve"]
        _require(reserve is not None, "the game has no reserve")
        _require(count == 1 and reserve["top"] == cards[0], f"{where} does not show {cards}")
        _require(at == reserve["count"] - 1, f"place {at} in {where}")
        reserve["count"] -= 1
        reserve["top"] = None  # the next card stays face down until a card_turned event
    else:
        _require(pile == "foundation", f"unknown pile {pile!r}")
        slot = board["foundations"][index]
        _require(slot["cards"][-count:] == cards, f"{where} does not end with {cards}")
        _require(at == len(slot["cards"]) - count, f"place {at} in {where}")
        del slot["cards"][-count:]


def _put(board: dict[str, Any], place: Mapping[str, Any], cards: list[str]) -> None:
    """Add ``cards`` on top of the pile at ``place``."""
    pile, index, at = place["pile"], place["index"], place["place"]
    where = _pile_name(place)
    if pile == "column":
        column = board["tableau"][index]
        _require(at == column["face_down"] + len(column["face_up"]), f"place {at} in {where}")
        column["face_up"].extend(cards)
    elif pile == "waste":
        _require(at == len(board["waste"]), f"place {at} in {where}")
        board["waste"].extend(cards)
    elif pile == "stock":
        stock = board["stock"]
        _require(at == stock["count"], f"place {at} in {where}")
        stock["count"] += len(cards)
        if stock["cards"] is not None:
            stock["cards"].extend(cards)
    elif pile == "reserve":
        reserve = board["reserve"]
        _require(reserve is not None, "the game has no reserve")
        _require(len(cards) == 1 and reserve["top"] is None, f"{where} cannot take {cards}")
        _require(at == reserve["count"], f"place {at} in {where}")
        reserve["count"] += 1
        reserve["top"] = cards[0]
    else:
        _require(pile == "foundation", f"unknown pile {pile!r}")
        slot = board["foundations"][index]
        _require(at == len(slot["cards"]), f"place {at} in {where}")
        slot["cards"].extend(cards)


def _turn(board: dict[str, Any], event: Mapping[str, Any]) -> None:
    """A card turned face up or down where it lies (a column's top, the reserve's top)."""
    at, card, face_up = event["at"], event["card"], event["face_up"]
    where = _pile_name(at)
    _require(type(card) is str, f"a card is its text, got {card!r}")
    _require(type(face_up) is bool, f"face_up must be true or false, got {face_up!r}")
    if at["pile"] == "column":
        column = board["tableau"][at["index"]]
        if face_up:
            _require(
                column["face_down"] >= 1 and at["place"] == column["face_down"] - 1,
                f"{where} has no face-down card at place {at['place']}",
            )
            column["face_down"] -= 1
            column["face_up"].insert(0, card)
        else:
            _require(column["face_up"][:1] == [card], f"{where} does not show {card} first")
            _require(at["place"] == column["face_down"], f"place {at['place']} in {where}")
            column["face_up"].pop(0)
            column["face_down"] += 1
        return
    _require(at["pile"] == "reserve", f"a card cannot turn in {where}")
    reserve = board["reserve"]
    _require(reserve is not None, "the game has no reserve")
    _require(at["place"] == reserve["count"] - 1, f"place {at['place']} in {where}")
    if face_up:
        _require(reserve["top"] is None, f"{where} already shows {reserve['top']}")
        reserve["top"] = card
    else:
        _require(reserve["top"] == card, f"{where} does not show {card}")
        reserve["top"] = None


def _apply(view: dict[str, Any], event: Mapping[str, Any]) -> None:
    """Apply one event to a view, in place (a misfit raises :class:`_MisfitError`)."""
    board = view["board"]
    kind = event["type"]
    if kind == "cards_moved":
        cards = list(event["cards"])
        _take(board, event["from"], cards)
        _put(board, event["to"], cards)
    elif kind == "card_turned":
        _turn(board, event)
    elif kind == "waste_recycled":
        cards = list(event["cards"])
        _require(board["waste"] == cards, f"the waste is not {cards}")
        _require(board["stock"]["count"] == 0, "the stock is not empty")
        board["stock"] = {"count": len(cards), "cards": cards[::-1]}
        board["waste"] = []
        board["recycles"] += 1
    elif kind == "recycle_undone":
        cards = list(event["cards"])
        _require(board["waste"] == [], "the waste is not empty")
        _require(board["stock"]["cards"] == cards[::-1], f"the stock is not {cards[::-1]}")
        _require(board["recycles"] >= 1, "no recycle to undo")
        board["recycles"] -= 1
        board["waste"] = cards
        board["stock"] = {"count": 0, "cards": [] if board["recycles"] else None}
    elif kind == "foundation_base_changed":
        _require(board["foundation_base"] == event["before"], "the foundation base differs")
        board["foundation_base"] = event["after"]
    elif kind == "score_changed":
        score = view["score"]
        _require(score is not None, "the view has no score")
        _require(score["value"] == event["before"], f"the score is not {event['before']!r}")
        score["value"] = event["after"]
    elif kind in ("game_won", "game_no_longer_won"):
        view["status"]["won"] = kind == "game_won"
    else:
        _require(kind == "game_resigned", f"unknown event type {kind!r}")
        view["status"]["resigned"] = True


def apply_events(view: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A copy of ``view`` with ``events`` applied in order.

    Args:
        view: a view document (``Game.view_json()``, or a view this function
            returned); it is not changed.
        events: the events of the actions since that view, in order (each
            action's ``Game.last_events_json()``, one list after another).

    Returns:
        The view with its board, the score's value and the won and resigned
        flags brought up to date; every other field as in ``view`` (take
        them from the next view).

    Raises:
        ViewEventError: (a ``ValueError``) for an event that does not fit
            (naming its index and what does not fit), or that is not an event
            of :data:`EVENT_TYPES` in the documented shape.
    """
    result = copy.deepcopy(dict(view))
    for index, event in enumerate(events):
        try:
            if not isinstance(event, Mapping):
                raise _MisfitError(f"an event is a JSON object, got {type(event).__name__}")
            _apply(result, event)
        except _MisfitError as misfit:
            raise ViewEventError(index, str(misfit)) from None
        except (KeyError, IndexError, TypeError, AttributeError) as error:
            reason = f"malformed event or view ({type(error).__name__}: {error})"
            raise ViewEventError(index, reason) from None
    return result


__all__ = ["EVENT_TYPES", "apply_events"]
