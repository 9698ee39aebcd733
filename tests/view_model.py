"""An app's side of the events, as the tests use it: the library's applier and what it covers.

The applier itself ships in the package (:func:`solitaire_core.game.apply_events`,
issue 32); it raises :class:`~solitaire_core.errors.ViewEventError` for an event that
does not fit the view it is applied to (a card that is not where the event says).
"""

from __future__ import annotations

from typing import Any

from solitaire_core.game import apply_events

__all__ = ["apply_events", "comparable"]


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    """What the events describe: the board, the score's value, won and resigned."""
    return {
        "board": view["board"],
        "score": view["score"]["value"],
        "won": view["status"]["won"],
        "resigned": view["status"]["resigned"],
    }
