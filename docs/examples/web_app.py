"""A small web back end for solitaire_core: the player's view as JSON, moves back.

The example of the page "Integrating into an app" (``docs/integration.md``).
It uses `Starlette <https://www.starlette.io/>`_, which is not a dependency of
the library (it is in its ``test`` extra, for this example's tests). Games are
kept in memory, by an id the server makes. Every answer is JSON (the board
picture excepted) and never holds a hidden card: the server sends only
:meth:`Game.view_json <solitaire_core.Game.view_json>` and
:meth:`Game.last_events_json <solitaire_core.Game.last_events_json>`, never a
position or a save.

=======  ===============================  ===========================================
method   path                             what it does
=======  ===============================  ===========================================
POST     ``/games``                       a new game: ``{"code": "KL1-D1N-AAAAAAG"}``,
                                          or ``{"game": "klondike-draw3"}`` for a deal
                                          the solver wins (``"seed"``: an int, to
                                          choose it); answers 201 with the id and view
GET      ``/games/{id}``                  the view (the document of ``view_json()``)
DELETE   ``/games/{id}``                  forget the game (204)
POST     ``/games/{id}/moves``            play a structured move of the view's
                                          ``legal_moves``, or ``{"notation": "54"}``
POST     ``/games/{id}/gestures``         ``{"gesture": "tap", "card": "AH"}``;
                                          ``double_tap``; ``drag`` with ``to_column``
                                          (0-based) or ``"to_foundation": true``;
                                          ``tap_stock``
POST     ``/games/{id}/undo``, ``redo``   undo or redo one move
POST     ``/games/{id}/resign``           end the game as lost (final)
POST     ``/games/{id}/hint``             the advisory hint (the game becomes assisted)
POST     ``/games/{id}/pause``, ``resume``  stop or restart the clock
GET      ``/games/{id}/board.svg``        the board as an SVG picture
=======  ===============================  ===========================================

An action answers 200 with ``{"move": ... or null, "view": ..., "events":
[...]}``: the move played (or undone), the view after it, and the events to
animate. A move has one shape everywhere: the structured move of the view's
``legal_moves`` (:func:`~solitaire_core.game.move_to_json`), in an action's
answer as in a hint, and any of them may be sent back to ``/moves``. A
refused action answers 409 with the refusal, in the language of ``?lang=``
(``en``, ``hu`` or ``el``), and changes nothing::

    {"error": "refused", "rule": "WRONG_COLOR",
     "message": "a card must go on a card of the opposite colour",
     "detail": "AD cannot go on AH"}

Bad input answers 400 (a body that is not JSON), 404 (an unknown game or
path), 405 (a wrong method) or 422 (a malformed request, deal code, move or
card, an unknown game name or language), always as ``{"error": ..., "message":
...}`` in lower case, and changes nothing. The library's own exceptions are
mapped to these answers in one place (:func:`create_app`'s handlers).

Serve it with any ASGI server, for example ``uvicorn --factory web_app:create_app``.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> created = client.post("/games", json={"code": "KL1-D1N-AAAAAAG"})
>>> created.status_code, created.json()["view"]["board"]["tableau"][6]
(201, {'face_down': 6, 'face_up': ['AH']})
>>> url = created.headers["location"]
>>> played = client.post(f"{url}/moves", json={"notation": "7f"}).json()
>>> played["move"]["notation"], [event["type"] for event in played["events"]]
('7f', ['cards_moved', 'card_turned', 'score_changed'])
>>> refused = client.post(f"{url}/moves?lang=hu", json={"notation": "17"})
>>> refused.status_code, refused.json()["rule"], refused.json()["detail"]
(409, 'WRONG_COLOR', 'AD nem tehető a(z) 4D lapra')
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import solitaire_core as sc
from solitaire_core.game import GameClock, TimeSource, move_to_json
from solitaire_core.variants import lookup_variant

GESTURES = ("tap", "double_tap", "drag", "tap_stock")
"""The gestures ``POST /games/{id}/gestures`` takes."""


class RequestError(Exception):
    """A request this server cannot read: answered with ``status`` and a JSON error.

    Attributes:
        status: the HTTP status code.
        error: the error's name, lower case (``"malformed_json"``).
        message: what is wrong, lower case.
    """

    def __init__(self, status: int, error: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.error = error
        self.message = message


def error_response(status: int, error: str, message: str) -> JSONResponse:
    """The JSON answer to bad input: ``{"error": error, "message": message}``."""
    return JSONResponse({"error": error, "message": message}, status_code=status)


def refusal_json(refusal: sc.Refusal, locale: str) -> dict[str, Any]:
    """A refusal as JSON: its stable rule id, the rule's message and what exactly failed."""
    return {
        "error": "refused",
        "rule": refusal.rule.value,
        "message": refusal.message(locale),
        "detail": refusal.detail(locale),
    }


def action_json(game: sc.Game, move: sc.Move | None, where: sc.Position) -> dict[str, Any]:
    """The answer to an action: the structured move (or null), the view and the events.

    ``where`` is the position the move was played from (for an undo, the one it
    restored), so that the move has the shape the view's legal moves gave it.
    """
    return {
        "move": None if move is None else move_to_json(game.variant, where, move),
        "view": game.view_json(),
        "events": game.last_events_json(),
    }


def locale_of(request: Request) -> str:
    """The language of the refusals, from ``?lang=`` (English by default).

    Raises:
        LocaleError: for a language the library has no messages in.
    """
    locale = request.query_params.get("lang", "en")
    if locale not in sc.LOCALES:
        raise sc.LocaleError(locale, sc.LOCALES)
    return locale


async def json_object(request: Request) -> dict[str, Any]:
    """The request's body, which must be a JSON object.

    Raises:
        RequestError: 400 for a body that is not JSON, 422 for JSON that is
            not an object.
    """
    body = await request.body()
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError) as error:
        raise RequestError(400, "malformed_json", f"the body is not JSON: {error}") from None
    except RecursionError:  # absurd nesting: the parser gives up
        raise RequestError(400, "malformed_json", "the body is nested too deeply") from None
    if not isinstance(data, dict):
        raise RequestError(
            422, "invalid_request", f"the body must be a JSON object, got {type(data).__name__}"
        )
    return data


def check_fields(data: Mapping[str, Any], allowed: tuple[str, ...]) -> None:
    """Refuse fields this server does not know, rather than ignore them.

    Raises:
        RequestError: 422, naming the unknown fields.
    """
    unknown = sorted(key for key in data if key not in allowed)
    if unknown:
        raise RequestError(
            422, "invalid_request", f"unknown fields {unknown}: expected some of {list(allowed)}"
        )


def field(data: Mapping[str, Any], name: str, kind: type, *, what: str) -> Any:
    """``data[name]`` when it is of JSON type ``kind`` (a bool is not an int).

    Raises:
        RequestError: 422 for a missing field or a value of another type.
    """
    value = data.get(name)
    if type(value) is not kind:
        raise RequestError(422, "invalid_request", f"{name!r} must be {what}, got {value!r}")
    return value


class Games:
    """The games in memory, by id, and the clock they run on.

    Args:
        time_source: the clock of every game (``time.monotonic``; a test
            passes a fake).
    """

    def __init__(self, time_source: TimeSource) -> None:
        self.time_source = time_source
        self.games: dict[str, sc.Game] = {}

    def add(self, game: sc.Game) -> str:
        """Keep a game; returns its new id (random: a player cannot guess another's game)."""
        game_id = secrets.token_hex(8)
        self.games[game_id] = game
        return game_id

    def get(self, request: Request) -> sc.Game:
        """The game named by the request's path.

        Raises:
            RequestError: 404 for an unknown id.
        """
        game_id = str(request.path_params["game_id"])
        game = self.games.get(game_id)
        if game is None:
            raise RequestError(404, "unknown_game", f"there is no game {game_id!r}")
        return game


def create_app(*, time_source: TimeSource = time.monotonic) -> Starlette:
    """The web application: its routes, and the library's errors mapped to HTTP answers.

    Args:
        time_source: the games' clock, seconds that never go back.

    Returns:
        A Starlette (ASGI) application holding its games in memory.
    """
    games = Games(time_source)

    async def new_game(request: Request) -> Response:
        data = await json_object(request)
        check_fields(data, ("code", "game", "seed"))
        answer: dict[str, Any] = {}
        if "code" in data:
            if "game" in data or "seed" in data:
                raise RequestError(422, "invalid_request", "give either 'code' or 'game', not both")
            code = field(data, "code", str, what="a deal code such as 'KL1-D1N-AAAAAAG'")
        elif "game" in data:
            variant = lookup_variant(field(data, "game", str, what="a game such as 'klondike'"))
            seed = secrets.randbelow(2**64) if data.get("seed") is None else data["seed"]
            if type(seed) is not int:
                raise RequestError(422, "invalid_request", f"'seed' must be an int, got {seed!r}")
            # The solver may take a moment: keep the server answering others meanwhile.
            picked = await run_in_threadpool(sc.pick_winnable_deal, variant, seed=seed)
            code = str(picked.code)
            answer["proven_winnable"] = picked.proven
        else:
            raise RequestError(
                422, "invalid_request", "give a deal 'code', or a 'game' for a winnable deal"
            )
        game = sc.Game.from_code(code, time_source=games.time_source)
        game_id = games.add(game)
        answer = {"id": game_id, **answer, "view": game.view_json()}
        return JSONResponse(answer, status_code=201, headers={"Location": f"/games/{game_id}"})

    async def show(request: Request) -> Response:
        return JSONResponse(games.get(request).view_json())

    async def forget(request: Request) -> Response:
        games.get(request)
        del games.games[str(request.path_params["game_id"])]
        return Response(status_code=204)

    async def play(request: Request) -> Response:
        game, locale = games.get(request), locale_of(request)
        data = await json_object(request)
        before = game.position
        refusal = game.try_play(data)  # a structured move, or just {"notation": ...}
        if refusal is not None:
            return JSONResponse(refusal_json(refusal, locale), status_code=409)
        return JSONResponse(action_json(game, game.moves[-1], before))

    async def gesture(request: Request) -> Response:
        game, locale = games.get(request), locale_of(request)
        data = await json_object(request)
        check_fields(data, ("gesture", "card", "to_column", "to_foundation"))
        name = data.get("gesture")
        if name not in GESTURES:
            raise RequestError(
                422, "invalid_request", f"'gesture' must be one of {list(GESTURES)}, got {name!r}"
            )
        card: Any = data.get("card")  # the library checks it: a card's text, or an int 0..51
        before = game.position
        if name == "tap_stock":
            check_fields(data, ("gesture",))
            result = game.try_tap_stock()
        elif name == "drag":
            to_column = None
            if data.get("to_column") is not None:
                to_column = field(data, "to_column", int, what="a column, 0-based")
            to_foundation = data.get("to_foundation", False)
            if type(to_foundation) is not bool:
                raise RequestError(
                    422,
                    "invalid_request",
                    f"'to_foundation' must be true or false, got {to_foundation!r}",
                )
            result = game.try_drag(card, to_column=to_column, to_foundation=to_foundation)
        else:
            check_fields(data, ("gesture", "card"))
            act = game.try_tap if name == "tap" else game.try_double_tap
            result = act(card)
        if isinstance(result, sc.Refusal):
            return JSONResponse(refusal_json(result, locale), status_code=409)
        return JSONResponse(action_json(game, result, before))

    def action(
        act: Callable[[sc.Game], sc.Move | None], *, undoes: bool = False
    ) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            game = games.get(request)
            locale_of(request)  # a bad language is refused before anything is done
            before = game.position
            move = act(game)  # a refusal raises: see below
            return JSONResponse(action_json(game, move, game.position if undoes else before))

        return endpoint

    def resign(game: sc.Game) -> None:
        game.resign()

    async def hint(request: Request) -> Response:
        game, locale = games.get(request), locale_of(request)
        advice = game.hint()
        move = advice.move
        return JSONResponse(
            {
                "move": None if move is None else move_to_json(game.variant, game.position, move),
                "kind": advice.kind.value,
                "reason": advice.reason(locale),
                "view": game.view_json(),
            }
        )

    def clock(act: Callable[[GameClock], None]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            game = games.get(request)
            act(game.clock)  # pause or resume: a no-op when the clock is not in that state
            return JSONResponse(game.view_json())

        return endpoint

    async def board(request: Request) -> Response:
        game = games.get(request)
        picture = sc.board_svg(game.position, variant=game.variant)  # hidden cards as backs
        return Response(picture, media_type="image/svg+xml")

    # --- errors: the library's exceptions and this server's, as JSON ------------------

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, sc.IllegalMoveError)  # undo, redo or resign refused
        locale = request.query_params.get("lang", "en")
        return JSONResponse(
            refusal_json(error.refusal, locale if locale in sc.LOCALES else "en"), status_code=409
        )

    def unreadable(name: str) -> Callable[[Request, Exception], Any]:
        async def handler(request: Request, error: Exception) -> Response:
            return error_response(422, name, str(error))  # the library's message, lower case

        return handler

    async def request_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, RequestError)
        return error_response(error.status, error.error, error.message)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)  # no such path, or a wrong method
        names = {404: "not_found", 405: "method_not_allowed"}
        answer = error_response(
            error.status_code,
            names.get(error.status_code, "http_error"),
            f"{error.detail.lower()}: {request.method} {request.url.path}",
        )
        answer.headers.update(error.headers or {})
        return answer

    game_path = "/games/{game_id}"
    return Starlette(
        routes=[
            Route("/games", new_game, methods=["POST"]),
            Route(game_path, show, methods=["GET"]),
            Route(game_path, forget, methods=["DELETE"]),
            Route(f"{game_path}/moves", play, methods=["POST"]),
            Route(f"{game_path}/gestures", gesture, methods=["POST"]),
            Route(f"{game_path}/undo", action(sc.Game.undo, undoes=True), methods=["POST"]),
            Route(f"{game_path}/redo", action(sc.Game.redo), methods=["POST"]),
            Route(f"{game_path}/resign", action(resign), methods=["POST"]),
            Route(f"{game_path}/hint", hint, methods=["POST"]),
            Route(f"{game_path}/pause", clock(GameClock.pause), methods=["POST"]),
            Route(f"{game_path}/resume", clock(GameClock.resume), methods=["POST"]),
            Route(f"{game_path}/board.svg", board, methods=["GET"]),
        ],
        exception_handlers={  # the library's exceptions that bad input raises
            sc.IllegalMoveError: refused,
            sc.DealCodeError: unreadable("invalid_deal_code"),
            sc.MoveParseError: unreadable("invalid_move"),
            sc.CardParseError: unreadable("invalid_card"),
            sc.LocaleError: unreadable("unknown_locale"),
            sc.InvalidArgumentError: unreadable("invalid_argument"),
            RequestError: request_error,
            HTTPException: http_error,
        },
    )
