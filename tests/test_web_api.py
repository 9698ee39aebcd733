"""The web table's JSON API (issue 32), through Starlette's TestClient.

Every answer is checked as it leaves the server by :class:`web_support.BodyRecorder`:
no answer about a game names a card its player has not seen. The events of every
action, applied to the view before it with the shipped
:func:`~solitaire_core.game.apply_events`, give the view after it; a move has one
shape everywhere (the view's legal moves, the moves of an answer, a hint).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient
from view_model import comparable
from web_support import BodyRecorder, view_cards

from solitaire_core import Game, solve
from solitaire_core.game import apply_events
from solitaire_core.web.app import create_app


class Clock:
    """A wall clock the test moves by hand (seconds since the epoch)."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def wall() -> Clock:
    return Clock()


@pytest.fixture
def app(tmp_path: Path, wall: Clock) -> Any:
    return create_app(
        data=tmp_path / "games.sqlite3",
        statistics=tmp_path / "statistics.sqlite3",
        max_age=3600.0,
        wall_clock=wall,
    )


@pytest.fixture
def recorder(app: Any) -> BodyRecorder:
    return BodyRecorder(app, app.state.games)


@pytest.fixture
def client(recorder: BodyRecorder) -> Iterator[TestClient]:
    with TestClient(recorder) as test_client:
        yield test_client
    assert recorder.problems == []


def new(client: TestClient, **request: Any) -> dict[str, Any]:
    answer = client.post("/api/games", json=request)
    assert answer.status_code == 201, answer.json()
    assert answer.headers["location"] == f"/api/games/{answer.json()['id']}"
    table: dict[str, Any] = answer.json()
    return table


def action(client: TestClient, table: dict[str, Any], path: str, **body: Any) -> Any:
    return client.post(f"/api/games/{table['id']}/{path}", json=body)


def test_the_games_are_every_shipped_game() -> None:
    from solitaire_core.variants import SHIPPED_VARIANTS
    from solitaire_core.web.shapes import games_json

    games = games_json()["games"]
    assert [game["key"] for game in games] == list(SHIPPED_VARIANTS)
    klondike = games[0]
    assert (klondike["winnable"], klondike["catalogued"], klondike["stock"]) == (
        True,
        True,
        "waste",
    )
    traditional = next(game for game in games if game["key"] == "traditional")
    assert traditional["winnable"] is False


def test_a_deal_by_code_tells_its_code_and_catalogue_grade(client: TestClient) -> None:
    table = new(client, code="KL1-D1N-AAAAAAG")
    assert table["deal"] == {
        "game": "klondike",
        "name": "Klondike",
        "source": "code",
        "code": "KL1-D1N-AAAAAAG",
        "deal_number": 6,
        "proven_winnable": None,
        "grade": "easy",
    }
    assert table["events"] == [] and table["moves"] == []
    assert table["view"] == Game.from_code("KL1-D1N-AAAAAAG").view_json() | {
        "clock": table["view"]["clock"]
    }


def test_a_random_or_winnable_deal_keeps_its_code_until_the_game_is_over(
    client: TestClient,
) -> None:
    for request in (
        {"game": "yukon"},
        {"game": "klondike-draw3", "winnable": True, "grade": "hard"},
    ):
        table = new(client, **request)
        assert (table["deal"]["code"], table["deal"]["deal_number"]) == (None, None)
        resigned = action(client, table, "resign").json()
        assert resigned["deal"]["code"].startswith(("YU1-D0N-", "KL1-D3N-"))
        assert resigned["deal"]["deal_number"] is not None
    assert table["deal"]["proven_winnable"] is True and table["deal"]["grade"] == "hard"
    numbered = new(client, game="Canfield", deal=3)
    assert numbered["deal"]["code"] == "CF1-D3N-AAAAAAD"


@pytest.mark.parametrize(
    ("request_body", "status", "error"),
    [
        ({"game": "traditional", "winnable": True}, 422, "no_winnable_deals"),
        ({"game": "bridge"}, 422, "unknown_variant"),
        ({"code": "KL1-D2N-AAAAAAG"}, 422, "invalid_deal_code"),
        ({"code": "KL1-D1N-AAAAAAG", "game": "klondike"}, 422, "invalid_request"),
        ({"game": "klondike", "deal": -1}, 422, "invalid_argument"),
        ({"game": "klondike", "deal": "6"}, 422, "invalid_request"),
        ({"game": "klondike", "winnable": True, "grade": "trivial"}, 422, "invalid_request"),
        ({"colour": "red"}, 422, "invalid_request"),
        ({}, 422, "invalid_request"),
    ],
)
def test_a_new_game_refuses_what_it_cannot_deal(
    client: TestClient, request_body: dict[str, Any], status: int, error: str
) -> None:
    answer = client.post("/api/games?lang=el", json=request_body)
    assert answer.status_code == status
    body = answer.json()
    assert (body["status"], body["error"], body["rule"]) == (status, error, None)
    assert body["message"] and body["detail"]


def test_bad_bodies_paths_methods_and_languages_answer_json(client: TestClient) -> None:
    table = new(client, code="KL1-D1N-AAAAAAG")
    url = f"/api/games/{table['id']}"
    answer = client.post(f"{url}/moves", content=b"{not json")
    assert (answer.status_code, answer.json()["error"]) == (400, "malformed_json")
    answer = client.post(f"{url}/moves", json=[1, 2])
    assert (answer.status_code, answer.json()["error"]) == (422, "invalid_request")
    answer = client.get("/api/games/nothing-here?lang=hu")
    assert answer.status_code == 404
    assert answer.json()["message"] == "nincs ilyen játék: rég véget ért, vagy sosem volt"
    assert client.get("/api/nowhere").json()["error"] == "not_found"
    assert client.delete("/api/statistics").json()["error"] == "method_not_allowed"
    answer = client.post(f"{url}/moves?lang=fr", json={"notation": "7f"})
    assert (answer.status_code, answer.json()["error"]) == (422, "unknown_locale")
    answer = client.post(f"{url}/moves", json={"notation": "zz"})
    assert (answer.status_code, answer.json()["error"]) == (422, "invalid_move")
    answer = action(client, table, "gestures", gesture="tap", card="ZZ")
    assert (answer.status_code, answer.json()["error"]) == (422, "invalid_card")
    answer = action(client, table, "gestures", gesture="wave")
    assert answer.status_code == 422
    assert client.get(url).json()["view"]["moves_made"] == 0  # nothing was played


def test_a_refusal_names_the_rule_in_the_language_and_changes_nothing(client: TestClient) -> None:
    table = new(client, code="KL1-D1N-AAAAAAG")
    for lang, detail in (("en", "AD cannot go on AH"), ("hu", "AD nem tehető a(z) AH lapra")):
        answer = client.post(f"/api/games/{table['id']}/moves?lang={lang}", json={"notation": "17"})
        assert answer.status_code == 409
        body = answer.json()
        assert (body["status"], body["error"], body["rule"], body["detail"]) == (
            409,
            "refused",
            "WRONG_COLOR",
            detail,
        )
    assert action(client, table, "undo").json()["rule"] == "NOTHING_TO_UNDO"
    assert client.get(f"/api/games/{table['id']}").json()["view"] == table["view"] | {
        "clock": table["view"]["clock"]
    }


def test_every_action_answers_events_that_bring_the_view_up_to_date(client: TestClient) -> None:
    rng = random.Random(5)
    for code in ("KL1-D3N-AAAAAAB", "CF1-D3N-AAAAAAC", "SE1-D0N-AAAAAAC", "YU1-D0N-AAAAAAD"):
        table = new(client, code=code)
        for _ in range(40):
            view = table["view"]
            roll = rng.random()
            if roll < 0.12 and view["status"]["can_undo"]:
                answer = action(client, table, "undo")
            elif roll < 0.18 and view["status"]["can_redo"]:
                answer = action(client, table, "redo")
            elif view["legal_moves"]:
                move = rng.choice(view["legal_moves"])
                answer = action(client, table, "moves", **move)
                assert answer.json()["moves"] == [move]  # the same shape, sent back unchanged
            else:
                break
            assert answer.status_code == 200, answer.json()
            after = answer.json()
            assert comparable(apply_events(view, after["events"])) == comparable(after["view"])
            table = after


def test_gestures_take_a_card_and_a_place(client: TestClient) -> None:
    table = new(client, code="KL1-D1N-AAAAAAG")
    home = action(client, table, "gestures", gesture="tap", card="AH").json()
    assert home["moves"][0]["notation"] == "7f"
    dragged = action(client, table, "gestures", gesture="drag", card="AD", to_foundation=True)
    assert dragged.json()["moves"][0]["notation"] == "1f"
    stock = action(client, table, "gestures", gesture="tap_stock").json()
    assert stock["moves"][0]["kind"] == "draw" and stock["moves"][0]["cards"] == []
    to_column = action(client, table, "gestures", gesture="drag", card="9D", to_column=3)
    assert to_column.json()["moves"][0]["notation"] == "54:1"
    king = action(client, table, "gestures", gesture="drag", card="KD", to_column=0)
    assert king.json()["moves"][0]["notation"] == "31:1"
    refused = action(client, table, "gestures", gesture="drag", card="4D", to_column=0)
    assert (refused.status_code, refused.json()["rule"]) == (409, "WRONG_COLOR")
    best = action(client, table, "gestures", gesture="double_tap", card="JC")
    assert (best.status_code, best.json()["error"]) == (409, "refused")  # no Q to go on


def test_undo_names_the_move_as_played_and_redo_plays_it_again(client: TestClient) -> None:
    table = new(client, code="KL1-D1N-AAAAAAG")
    played = action(client, table, "moves", notation="7f").json()
    undone = action(client, table, "undo").json()
    assert undone["moves"] == played["moves"]
    assert undone["view"]["status"]["assisted"] is True
    redone = action(client, table, "redo").json()
    assert redone["moves"] == played["moves"]
    assert comparable(redone["view"]) == comparable(played["view"])


def test_a_hint_gives_a_move_of_the_same_shape_and_counts_as_help(client: TestClient) -> None:
    table = new(client, code="KL1-D1N-AAAAAAG")
    for level in ("advisory", "hard"):
        answer = client.post(
            f"/api/games/{table['id']}/hint?lang=el", json={"level": level, "seed": 3}
        ).json()
        hint = answer["hint"]
        assert hint["move"] in answer["view"]["legal_moves"]
        assert hint["level"] == level and hint["reason"] and hint["kind"]
        assert answer["view"]["status"]["assisted"] is True
        assert answer["events"] == []
    bad = action(client, table, "hint", level="genius")
    assert (bad.status_code, bad.json()["error"]) == (422, "invalid_request")


def test_auto_finish_is_honest_and_a_win_is_recorded_once(client: TestClient) -> None:
    code = "KL1-D1N-AAAAAAG"
    table = new(client, code=code)
    refused = action(client, table, "auto-finish")
    assert (refused.status_code, refused.json()["error"]) == (409, "cannot_auto_finish")
    shadow = Game.from_code(code)
    for move in solve(shadow.variant, shadow.position).moves:
        if table["can_auto_finish"]:
            break
        table = action(client, table, "moves", notation=str(move)).json()
    finished = action(client, table, "auto-finish").json()
    assert finished["view"]["status"]["won"] is True
    assert finished["moves"] and finished["deal"]["code"] == code
    assert finished["can_auto_finish"] is False
    undone = action(client, finished, "undo").json()
    action(client, undone, "redo")  # won again: still one game in the statistics
    boards = client.get("/api/statistics").json()["boards"]
    assert len(boards) == 1 and boards[0]["name"] == "Klondike"
    figures = boards[0]["assisted"]  # auto-finish and undo are help
    assert (figures["played"], figures["won"]) == (1, 1)
    assert boards[0]["unassisted"]["played"] == 0


def test_resigning_is_final_and_recorded(client: TestClient) -> None:
    table = new(client, code="YU1-D0N-AAAAAAB")
    resigned = action(client, table, "resign").json()
    assert resigned["view"]["status"]["resigned"] is True
    assert resigned["events"] == [{"type": "game_resigned"}]
    again = action(client, table, "resign")
    assert (again.status_code, again.json()["rule"]) == (409, "GAME_RESIGNED")
    figures = client.get("/api/statistics").json()["boards"][0]["unassisted"]
    assert (figures["played"], figures["resigned"]) == (1, 1)


def test_the_clock_pauses_and_resumes(client: TestClient) -> None:
    table = new(client, code="KL1-D1N-AAAAAAG")
    action(client, table, "moves", notation="7f")
    paused = action(client, table, "pause").json()
    assert paused["view"]["clock"]["state"] == "paused" and paused["events"] == []
    resumed = action(client, table, "resume").json()
    assert resumed["view"]["clock"]["state"] == "running"


def test_old_games_expire(client: TestClient, wall: Clock) -> None:
    table = new(client, code="KL1-D1N-AAAAAAG")
    wall.now += 3000.0
    assert client.get(f"/api/games/{table['id']}").status_code == 200  # touched: kept
    action(client, table, "moves", notation="7f")
    wall.now += 3599.0
    assert client.get(f"/api/games/{table['id']}").status_code == 200
    wall.now += 2.0
    assert client.get(f"/api/games/{table['id']}").json()["error"] == "unknown_game"


def test_forgetting_a_game_and_its_picture(client: TestClient) -> None:
    table = new(client, code="KL1-D1N-AAAAAAG")
    picture = client.get(f"/api/games/{table['id']}/board.svg")
    assert picture.headers["content-type"].startswith("image/svg+xml")
    hidden = set(Game.from_code("KL1-D1N-AAAAAAG").position.tableau[6][:-1])
    from solitaire_core import card_text

    assert not any(f'data-card="{card_text(card)}"' in picture.text for card in hidden)
    assert client.delete(f"/api/games/{table['id']}").status_code == 204
    assert client.get(f"/api/games/{table['id']}").status_code == 404


def test_the_pages_and_assets_are_served_with_a_policy(client: TestClient) -> None:
    page = client.get("/")
    assert (
        page.status_code == 200 and "default-src 'self'" in page.headers["content-security-policy"]
    )
    assert client.get("/statistics").status_code == 200
    script = client.get("/static/js/table.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]


def test_a_game_is_played_from_two_servers_on_one_file(tmp_path: Path) -> None:
    data = tmp_path / "games.sqlite3"
    first = TestClient(create_app(data=data, statistics=None))
    second = TestClient(create_app(data=data, statistics=None))
    table = first.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
    first.post(f"/api/games/{table['id']}/moves", json={"notation": "7f"})
    seen = second.get(f"/api/games/{table['id']}").json()  # the other process reads it
    assert seen["view"]["moves_made"] == 1
    second.post(f"/api/games/{table['id']}/moves", json={"notation": "1f"})
    back = first.get(f"/api/games/{table['id']}").json()  # and the first reads it back
    assert back["view"]["moves_made"] == 2
    assert "AD" in view_cards(back["view"])
