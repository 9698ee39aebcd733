"""The web application: the pages, the static assets, the API's routes, and errors as JSON.

:func:`create_app` builds the ASGI application that ``solitaire-core serve``
runs with uvicorn (any ASGI server will do). It serves:

* ``/``: the table (``static/index.html``); ``/?code=KL1-D1N-AAAAAAG`` opens
  that deal, ``/?game=klondike&deal=6`` a game's deal by number;
* ``/statistics``: the statistics page (``static/statistics.html``);
* ``/static/...``: the style sheet and the ES modules, from the package (no
  CDN, no build step);
* ``/api/...``: the JSON API (:mod:`solitaire_core.web.api`).

The pages are sent with a Content Security Policy that allows only this
server's own scripts, styles and requests. The library's exceptions become the
JSON errors of :mod:`solitaire_core.web.errors` here, in one place.

>>> import pathlib, tempfile
>>> from starlette.testclient import TestClient
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> client = TestClient(create_app(data=folder / "games.sqlite3", statistics=None))
>>> table = client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
>>> table["view"]["board"]["tableau"][6]
{'face_down': 6, 'face_up': ['AH']}
>>> played = client.post(f"/api/games/{table['id']}/moves", json={"notation": "7f"}).json()
>>> played["moves"][0]["notation"], [event["type"] for event in played["events"]]
('7f', ['cards_moved', 'card_turned', 'score_changed'])
>>> refused = client.post(f"/api/games/{table['id']}/moves?lang=hu", json={"notation": "17"})
>>> refused.status_code, refused.json()["rule"], refused.json()["detail"]
(409, 'WRONG_COLOR', 'AD nem tehető a(z) 4D lapra')
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from typing import Any, Final

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from solitaire_core.errors import (
    CardParseError,
    DealCodeError,
    GameStoreError,
    InvalidArgumentError,
    LocaleError,
    MoveParseError,
)
from solitaire_core.game import TimeSource
from solitaire_core.rules import IllegalMoveError
from solitaire_core.rules.messages import LOCALES
from solitaire_core.statistics import StatisticsStore
from solitaire_core.variants import Variant
from solitaire_core.web.api import TableApi
from solitaire_core.web.errors import WebRequestError, error_json, refusal_json
from solitaire_core.web.store import DEFAULT_MAX_AGE, GameStore

CONTENT_SECURITY_POLICY: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""The pages' policy: this server's own scripts, styles, pictures and requests only."""
DEFAULT_WORKERS: Final = 2
"""Worker threads for the solver's work (winnable deals, hints)."""

Handler = Callable[[Request, Exception], Awaitable[Response]]


def _locale(request: Request) -> str:
    """The language asked by ``?lang=``, English when none or an unknown one."""
    locale = request.query_params.get("lang", "en")
    return locale if locale in LOCALES else "en"


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    """An endpoint answering one of the static HTML pages, never cached, with the policy."""

    async def endpoint(request: Request) -> Response:
        text = resources.files("solitaire_core.web").joinpath("static", name).read_text("utf-8")
        return Response(
            text,
            media_type="text/html; charset=utf-8",
            headers={
                "Content-Security-Policy": CONTENT_SECURITY_POLICY,
                "Cache-Control": "no-cache",
                "X-Content-Type-Options": "nosniff",
            },
        )

    return endpoint


def _error_handlers() -> dict[Any, Handler]:
    """The library's exceptions (and this server's) as JSON error answers."""

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, IllegalMoveError)  # undo, redo or resign refused
        return JSONResponse(refusal_json(error.refusal, _locale(request)), status_code=409)

    def bad_input(name: str, status: int = 422) -> Handler:
        async def handler(request: Request, error: Exception) -> Response:
            body = error_json(status, name, _locale(request), detail=str(error))
            return JSONResponse(body, status_code=status)

        return handler

    async def web_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, WebRequestError)
        body = error_json(error.status, error.error, _locale(request), detail=error.detail)
        return JSONResponse(body, status_code=error.status)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)  # no such path, or a wrong method
        names = {404: "not_found", 405: "method_not_allowed"}
        status = error.status_code
        detail = f"{request.method} {request.url.path}"
        body = error_json(
            status, names.get(status, "invalid_request"), _locale(request), detail=detail
        )
        return JSONResponse(body, status_code=status, headers=error.headers)

    return {
        IllegalMoveError: refused,
        DealCodeError: bad_input("invalid_deal_code"),
        MoveParseError: bad_input("invalid_move"),
        CardParseError: bad_input("invalid_card"),
        LocaleError: bad_input("unknown_locale"),
        InvalidArgumentError: bad_input("invalid_argument"),
        GameStoreError: bad_input("store_failed", 503),
        WebRequestError: web_error,
        HTTPException: http_error,
    }


def create_app(
    *,
    data: str | os.PathLike[str],
    statistics: str | os.PathLike[str] | None,
    max_age: float = DEFAULT_MAX_AGE,
    workers: int = DEFAULT_WORKERS,
    time_source: TimeSource = time.monotonic,
    wall_clock: Callable[[], float] = time.time,
    extra_games: Sequence[Variant] = (),
) -> Starlette:
    """The web application over a game store and a statistics database.

    Args:
        data: the games' SQLite file (created when missing; see
            :class:`~solitaire_core.web.store.GameStore`).
        statistics: the statistics database where finished games are
            recorded (:class:`~solitaire_core.statistics.StatisticsStore`,
            created by the first game recorded), or None to record nothing.
        max_age: seconds a game is kept after its last action.
        workers: worker threads for the solver's work (>= 1).
        time_source: the games' clocks (seconds that never go back).
        wall_clock: seconds since the epoch, for expiry.
        extra_games: registered games to offer after the shipped ones (the
            games of ``serve --rules FILE``).

    Returns:
        A Starlette (ASGI) application.

    Raises:
        GameStoreError: when ``data`` cannot be a game store.
        InvalidArgumentError: for a bad ``max_age`` or ``workers``.
    """
    if type(workers) is not int or workers < 1:
        raise InvalidArgumentError(f"workers must be an int >= 1, got {workers!r}")
    games = GameStore(data, time_source=time_source, wall_clock=wall_clock, max_age=max_age)
    recorder = None if statistics is None else StatisticsStore(statistics)
    executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="solitaire-web")
    api = TableApi(
        games, recorder, executor=executor, time_source=time_source, extra_games=extra_games
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        executor.shutdown(wait=False, cancel_futures=True)
        games.close()

    game = "/api/games/{game_id}"
    routes = [
        Route("/", _page("index.html"), methods=["GET"]),
        Route("/statistics", _page("statistics.html"), methods=["GET"]),
        Mount("/static", StaticFiles(packages=[("solitaire_core.web", "static")]), name="static"),
        Route("/api/variants", api.list_games, methods=["GET"]),
        Route("/api/games", api.new_game, methods=["POST"]),
        Route(game, api.show, methods=["GET"]),
        Route(game, api.forget, methods=["DELETE"]),
        Route(f"{game}/moves", api.play, methods=["POST"]),
        Route(f"{game}/gestures", api.gesture, methods=["POST"]),
        Route(f"{game}/undo", api.undo, methods=["POST"]),
        Route(f"{game}/redo", api.redo, methods=["POST"]),
        Route(f"{game}/auto-finish", api.auto_finish, methods=["POST"]),
        Route(f"{game}/resign", api.resign, methods=["POST"]),
        Route(f"{game}/hint", api.hint, methods=["POST"]),
        Route(f"{game}/pause", api.pause, methods=["POST"]),
        Route(f"{game}/resume", api.resume, methods=["POST"]),
        Route(f"{game}/board.svg", api.board, methods=["GET"]),
        Route("/api/statistics", api.statistics_figures, methods=["GET"]),
    ]
    app = Starlette(routes=routes, exception_handlers=_error_handlers(), lifespan=lifespan)
    app.state.games = games
    app.state.api = api
    return app


__all__ = ["CONTENT_SECURITY_POLICY", "DEFAULT_WORKERS", "create_app"]
