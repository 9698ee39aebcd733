"""An app's side of the events: apply event JSON to a view JSON, as a browser client would.

Written from the documented shapes only (solitaire_core.game.events and
view_json module docs), independently of the library's code, and strict: an
event that does not fit the view it is applied to (a card that is not where
the event says) fails an assertion.
"""

from __future__ import annotations

import copy
from typing import Any


def _take(view: dict[str, Any], place: dict[str, Any], cards: list[str]) -> None:
    """Remove ``cards`` from the top of the pile at ``place``."""
    board = view["board"]
    pile, index, at = place["pile"], place["index"], place["place"]
    count = len(cards)
    if pile == "column":
        column = board["tableau"][index]
        assert column["face_up"][-count:] == cards, (column, cards)
        assert at == column["face_down"] + len(column["face_up"]) - count
        del column["face_up"][-count:]
    elif pile == "waste":
        assert board["waste"][-count:] == cards and at == len(board["waste"]) - count
        del board["waste"][-count:]
    elif pile == "stock":
        stock = board["stock"]
        assert at == stock["count"] - count
        stock["count"] -= count
        if stock["cards"] is not None:
            assert stock["cards"][-count:] == cards
            del stock["cards"][-count:]
    elif pile == "reserve":
        reserve = board["reserve"]
        assert count == 1 and reserve["top"] == cards[0] and at == reserve["count"] - 1
        reserve["count"] -= 1
        reserve["top"] = None  # the next card is face down until a card_turned event
    else:
        slot = board["foundations"][index]
        assert slot["cards"][-count:] == cards and at == len(slot["cards"]) - count
        del slot["cards"][-count:]


def _put(view: dict[str, Any], place: dict[str, Any], cards: list[str]) -> None:
    """Add ``cards`` on top of the pile at ``place``."""
    board = view["board"]
    pile, index, at = place["pile"], place["index"], place["place"]
    if pile == "column":
        column = board["tableau"][index]
        assert at == column["face_down"] + len(column["face_up"])
        column["face_up"].extend(cards)
    elif pile == "waste":
        assert at == len(board["waste"])
        board["waste"].extend(cards)
    elif pile == "stock":
        stock = board["stock"]
        assert at == stock["count"]
        stock["count"] += len(cards)
        if stock["cards"] is not None:
            stock["cards"].extend(cards)
    elif pile == "reserve":
        reserve = board["reserve"]
        assert at == reserve["count"] and reserve["top"] is None and len(cards) == 1
        reserve["count"] += 1
        reserve["top"] = cards[0]
    else:
        slot = board["foundations"][index]
        assert at == len(slot["cards"])
        slot["cards"].extend(cards)


def apply_event(view: dict[str, Any], event: dict[str, Any]) -> None:
    """Apply one event (JSON) to a view (JSON), in place."""
    board = view["board"]
    kind = event["type"]
    if kind == "cards_moved":
        _take(view, event["from"], event["cards"])
        _put(view, event["to"], event["cards"])
    elif kind == "card_turned":
        at = event["at"]
        if at["pile"] == "column":
            column = board["tableau"][at["index"]]
            if event["face_up"]:
                assert column["face_down"] >= 1 and at["place"] == column["face_down"] - 1
                column["face_down"] -= 1
                column["face_up"].insert(0, event["card"])
            else:
                assert column["face_up"][0] == event["card"]
                assert at["place"] == column["face_down"]
                column["face_up"].pop(0)
                column["face_down"] += 1
        else:
            reserve = board["reserve"]
            assert at["pile"] == "reserve" and at["place"] == reserve["count"] - 1
            if event["face_up"]:
                assert reserve["top"] is None
                reserve["top"] = event["card"]
            else:
                assert reserve["top"] == event["card"]
                reserve["top"] = None
    elif kind == "waste_recycled":
        assert board["waste"] == event["cards"] and board["stock"]["count"] == 0
        board["stock"] = {"count": len(event["cards"]), "cards": event["cards"][::-1]}
        board["waste"] = []
        board["recycles"] += 1
    elif kind == "recycle_undone":
        assert board["waste"] == [] and board["stock"]["cards"] == event["cards"][::-1]
        board["recycles"] -= 1
        board["waste"] = list(event["cards"])
        board["stock"] = {"count": 0, "cards": [] if board["recycles"] else None}
    elif kind == "foundation_base_changed":
        assert board["foundation_base"] == event["before"]
        board["foundation_base"] = event["after"]
    elif kind == "score_changed":
        assert view["score"]["value"] == event["before"]
        view["score"]["value"] = event["after"]
    elif kind == "game_won":
        view["status"]["won"] = True
    elif kind == "game_no_longer_won":
        view["status"]["won"] = False
    else:
        assert kind == "game_resigned"
        view["status"]["resigned"] = True


def apply_events(view: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    """A copy of ``view`` with the events applied in order."""
    result = copy.deepcopy(view)
    for event in events:
        apply_event(result, event)
    return result


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    """What the events describe: the board, the score's value, won and resigned."""
    return {
        "board": view["board"],
        "score": view["score"]["value"],
        "won": view["status"]["won"],
        "resigned": view["status"]["resigned"],
    }
