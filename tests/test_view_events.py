"""apply_events (issue 32): the package's event applier refuses what does not fit, naming it.

That it brings a view up to date for every kind of action in every game is
tests/test_events.py's property (through tests/view_model.py); here, its refusals.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from solitaire_core import Game, ViewEventError
from solitaire_core.game import apply_events


def _played(notation: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    before = game.view_json()
    game.play(notation)
    return before, game.last_events_json()


def test_the_view_given_is_left_as_it_was() -> None:
    before, events = _played("7f")
    kept = copy.deepcopy(before)
    after = apply_events(before, events)
    assert before == kept and after != before


def test_events_applied_twice_do_not_fit_the_second_time() -> None:
    before, events = _played("7f")
    after = apply_events(before, events)
    with pytest.raises(ViewEventError) as caught:
        apply_events(after, events)
    assert caught.value.index == 0
    assert "column 7 does not end with ['AH']" in caught.value.reason
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("event", "reason"),
    [
        ({"type": "teleport"}, "unknown event type 'teleport'"),
        ("cards_moved", "an event is a JSON object, got str"),
        ({"type": "cards_moved", "cards": ["AH"]}, "malformed event or view (KeyError: 'from')"),
        (
            {
                "type": "cards_moved",
                "cards": ["AH"],
                "from": {"pile": "column", "index": -1, "place": 0},
                "to": {"pile": "foundation", "index": 1, "place": 0},
            },
            "index must be an int >= 0, got -1",
        ),
        (
            {"type": "score_changed", "before": 99, "after": 100, "reason": "undo"},
            "the score is not 99",
        ),
        ({"type": "waste_recycled", "cards": ["QH"]}, "the waste is not ['QH']"),
        (
            {
                "type": "card_turned",
                "card": "QH",
                "face_up": True,
                "at": {"pile": "reserve", "index": 0, "place": 0},
            },
            "the game has no reserve",
        ),
    ],
)
def test_a_misfit_names_the_event_and_what_does_not_fit(event: Any, reason: str) -> None:
    view = Game.from_code("KL1-D1N-AAAAAAG").view_json()
    with pytest.raises(ViewEventError) as caught:
        apply_events(view, [event])
    assert (caught.value.index, caught.value.reason) == (0, reason)
    assert str(caught.value) == f"event 0 does not fit the view: {reason}"


def test_the_index_is_that_of_the_event_that_fails() -> None:
    before, events = _played("7f")
    bad = {"type": "game_resigned", "extra": True}  # extra keys are not read
    fine = apply_events(before, [*events, bad])
    assert fine["status"]["resigned"] is True
    with pytest.raises(ViewEventError) as caught:
        apply_events(before, [*events, *events])
    assert caught.value.index == len(events)
