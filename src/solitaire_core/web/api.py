"""The web API's endpoints: each reads its request, acts on one game, and answers JSON.

The routes (all under ``/api``; ``{id}`` is a game's id; every answer about a
game is the table document of :mod:`solitaire_core.web.shapes`, errors are the
JSON of :mod:`solitaire_core.web.errors`, in the language of ``?lang=``):

* ``GET /api/variants``: the games that can be played, by key and name;
* ``POST /api/games``: a new game (:mod:`solitaire_core.web.deals`), 201;
* ``GET /api/games/{id}``: the game as it is; ``DELETE``: forget it (204);
* ``POST /api/games/{id}/moves``: a structured move of the view, or ``{"notation": "54"}``;
* ``POST /api/games/{id}/gestures``: ``{"gesture": "tap" | "double_tap" | "drag" |
  "tap_stock", "card": "AH", "to_column": 3 (0-based) | "to_foundation": true}``;
* ``POST /api/games/{id}/undo``, ``.../redo``: undo or redo one move;
* ``POST /api/games/{id}/auto-finish``: finish a game that surely wins (else 409);
* ``POST /api/games/{id}/resign``: end the game as lost (final);
* ``POST /api/games/{id}/hint``: ``{"level": "advisory" | "hard", "seed": 0}``: the
  table document and ``"hint": {"move", "kind", "reason", "level"}``; the game
  becomes assisted;
* ``POST /api/games/{id}/pause``, ``.../resume``: stop or restart the game's clock;
* ``GET /api/games/{id}/board.svg``: the board as the player sees it, as SVG;
* ``GET /api/statistics``: every board's figures, assisted games apart.

A refused action answers 409 with the rule's id and message and changes
nothing. Actions on one game are taken one at a time (a lock per game; the
store's versions guard against another process); different games go on in
parallel. The solver's work (a winnable deal, a hint) runs in worker threads,
so the server keeps answering meanwhile. The hard AI's hint searches a copy of
the game without holding it: a player who cancels (the request goes away)
plays on, the game not counted as assisted, and an answer for a board that
changed meanwhile is refused with 409 ``conflict``.

A game that ends (won, or resigned) is recorded once in the statistics
(:class:`~solitaire_core.statistics.StatisticsStore`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import Executor
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from solitaire_core.errors import StatisticsError
from solitaire_core.game import Game, TimeSource, load_document, move_to_json, save_document
from solitaire_core.moves import Move
from solitaire_core.rules import Refusal
from solitaire_core.statistics import GameRecord, StatisticsStore
from solitaire_core.svg import board_svg
from solitaire_core.variants import Variant
from solitaire_core.web.deals import deal_game, read_new_deal
from solitaire_core.web.errors import WebRequestError, refusal_json
from solitaire_core.web.requests import (
    field,
    language,
    optional_field,
    read_json_object,
    require_fields,
)
from solitaire_core.web.shapes import (
    games_json,
    hint_json,
    moves_json,
    statistics_json,
    table_json,
)
from solitaire_core.web.store import GameStore, StoredGame

GESTURES = ("tap", "double_tap", "drag", "tap_stock")
"""The gestures ``POST .../gestures`` takes: a card home, to a column, dragged, the stock."""
HINT_LEVELS = ("advisory", "hard")
"""The hint levels: the rule card's advisory AI (at once) and its hard AI (searches)."""

T = TypeVar("T")
logger = logging.getLogger("solitaire_core.web")


class TableApi:
    """The endpoints, over a game store and a statistics store.

    Args:
        games: where the games are kept.
        statistics: where finished games are recorded (None: nowhere).
        executor: the worker threads of the solver's work (winnable deals, hints).
        time_source: the clocks of the games made and copied here.
    """

    def __init__(
        self,
        games: GameStore,
        statistics: StatisticsStore | None,
        *,
        executor: Executor,
        time_source: TimeSource,
        extra_games: Sequence[Variant] = (),
    ) -> None:
        self.games = games
        self.statistics = statistics
        self.executor = executor
        self.time_source = time_source
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._games_json = games_json(extra_games)

    # --- helpers -------------------------------------------------------------------

    async def _in_worker(self, work: Callable[[], T]) -> T:
        """Run ``work`` in a worker thread; the event loop answers others meanwhile."""
        return await asyncio.get_running_loop().run_in_executor(self.executor, work)

    @contextlib.asynccontextmanager
    async def _game(self, request: Request) -> AsyncIterator[StoredGame]:
        """The request's game, held alone (other requests for it wait) for the block.

        Raises:
            WebRequestError: 404 for an id the store does not hold (never made, expired).
        """
        game_id = str(request.path_params["game_id"])
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        async with lock:
            stored = self.games.get(game_id)
            if stored is None:
                raise WebRequestError(404, "unknown_game", f"there is no game {game_id!r}")
            yield stored

    def _answer(
        self, stored: StoredGame, moves: list[dict[str, Any]], *, events: bool = True
    ) -> Response:
        """Record a game that just ended, save the game, and answer its table document.

        Raises:
            WebRequestError: 409 ``conflict`` when another process saved the game meanwhile.
            GameStoreError: when the game cannot be saved.
        """
        game = stored.game
        if game.is_over and not stored.recorded and self.statistics is not None:
            try:
                self.statistics.record(GameRecord.from_game(game))
                stored.recorded = True
            except StatisticsError as error:  # the game goes on; recorded at its next action
                logger.warning("statistics not recorded: %s", error)
        if not self.games.save(stored):
            raise WebRequestError(409, "conflict", "the game was saved by another process")
        return JSONResponse(table_json(stored, moves=moves, events=events))

    def _played(
        self, stored: StoredGame, before: Any, result: Move | Refusal, locale: str
    ) -> Response:
        """The answer to a move or gesture: the refusal (409), or the move and the table."""
        if isinstance(result, Refusal):
            return JSONResponse(refusal_json(result, locale), status_code=409)
        game = stored.game
        return self._answer(stored, [move_to_json(game.variant, before, result)])

    # --- the games -----------------------------------------------------------------

    async def list_games(self, request: Request) -> Response:
        """``GET /api/variants``."""
        return JSONResponse(self._games_json)

    async def new_game(self, request: Request) -> Response:
        """``POST /api/games``: 201 with the table document and its ``Location``."""
        language(request.query_params)
        deal = read_new_deal(read_json_object(await request.body()))
        if deal.needs_solver:
            game, info = await self._in_worker(
                lambda: deal_game(deal, time_source=self.time_source)
            )
        else:
            game, info = deal_game(deal, time_source=self.time_source)
        stored = self.games.add(game, info)
        return JSONResponse(
            table_json(stored, events=False),
            status_code=201,
            headers={"Location": f"/api/games/{stored.id}"},
        )

    async def show(self, request: Request) -> Response:
        """``GET /api/games/{id}``."""
        language(request.query_params)
        async with self._game(request) as stored:
            return JSONResponse(table_json(stored, events=False))

    async def forget(self, request: Request) -> Response:
        """``DELETE /api/games/{id}``: 204."""
        async with self._game(request) as stored:
            self.games.remove(stored.id)
        return Response(status_code=204)

    async def play(self, request: Request) -> Response:
        """``POST /api/games/{id}/moves``: a structured move, or ``{"notation": ...}``."""
        locale = language(request.query_params)
        data = read_json_object(await request.body())
        async with self._game(request) as stored:
            before = stored.game.position
            refusal = stored.game.try_play(data)
            result = refusal if refusal is not None else stored.game.moves[-1]
            return self._played(stored, before, result, locale)

    async def gesture(self, request: Request) -> Response:
        """``POST /api/games/{id}/gestures``."""
        locale = language(request.query_params)
        data = read_json_object(await request.body())
        require_fields(data, ("gesture", "card", "to_column", "to_foundation"))
        name = data.get("gesture")
        if name not in GESTURES:
            raise WebRequestError(
                422, "invalid_request", f"'gesture' must be one of {list(GESTURES)}, got {name!r}"
            )
        if name == "tap_stock":
            require_fields(data, ("gesture",))
        elif name != "drag":
            require_fields(data, ("gesture", "card"))
        card = (
            field(data, "card", str, what="a card's text such as 'AH'") if "card" in data else None
        )
        to_column = optional_field(data, "to_column", int, what="a column, 0-based")
        to_foundation = optional_field(data, "to_foundation", bool, what="true or false")
        async with self._game(request) as stored:
            game = stored.game
            before = game.position
            if name == "tap_stock":
                result = game.try_tap_stock()
            elif card is None:
                raise WebRequestError(422, "invalid_request", f"a {name} needs a 'card'")
            elif name == "drag":
                result = game.try_drag(card, to_column=to_column, to_foundation=bool(to_foundation))
            else:
                result = (game.try_tap if name == "tap" else game.try_double_tap)(card)
            return self._played(stored, before, result, locale)

    async def undo(self, request: Request) -> Response:
        """``POST /api/games/{id}/undo``: the move taken back, as it was when played."""
        language(request.query_params)
        async with self._game(request) as stored:
            game = stored.game
            move = game.undo()  # a refusal raises IllegalMoveError: 409 (see the app)
            return self._answer(stored, [move_to_json(game.variant, game.position, move)])

    async def redo(self, request: Request) -> Response:
        """``POST /api/games/{id}/redo``."""
        language(request.query_params)
        async with self._game(request) as stored:
            game = stored.game
            before = game.position
            move = game.redo()
            return self._answer(stored, [move_to_json(game.variant, before, move)])

    async def resign(self, request: Request) -> Response:
        """``POST /api/games/{id}/resign``: final; the game is recorded as resigned."""
        language(request.query_params)
        async with self._game(request) as stored:
            stored.game.resign()
            return self._answer(stored, [])

    async def auto_finish(self, request: Request) -> Response:
        """``POST /api/games/{id}/auto-finish``: every move to the win, or 409 when not sure."""
        language(request.query_params)
        async with self._game(request) as stored:
            game = stored.game
            before = game.position
            if game.is_over:
                raise WebRequestError(409, "cannot_auto_finish", "the game is over")
            moves = game.auto_finish()
            if not moves:
                raise WebRequestError(409, "cannot_auto_finish", "the finishing line would not win")
            return self._answer(stored, moves_json(game.variant, before, moves))

    async def hint(self, request: Request) -> Response:
        """``POST /api/games/{id}/hint``: ``{"level": "advisory" | "hard", "seed": int}``."""
        locale = language(request.query_params)
        data = read_json_object(await request.body())
        require_fields(data, ("level", "seed"))
        level = optional_field(data, "level", str, what="'advisory' or 'hard'") or "advisory"
        if level not in HINT_LEVELS:
            raise WebRequestError(
                422, "invalid_request", f"'level' must be 'advisory' or 'hard', got {level!r}"
            )
        seed = optional_field(data, "seed", int, what="an int 0 <= seed < 2**64") or 0
        if level == "hard":
            return await self._hard_hint(request, seed, locale)
        async with self._game(request) as stored:
            game = stored.game
            advice = await self._in_worker(game.hint)  # instant as a rule; a solve at most 1 s
            return self._hinted(stored, advice, level, locale)

    async def _hard_hint(self, request: Request, seed: int, locale: str) -> Response:
        """The hard AI's hint, searched on a copy while the game stays free."""
        async with self._game(request) as stored:
            version = stored.version
            document = save_document(stored.game)
        copy = load_document(document, time_source=self.time_source)
        hard = await self._in_worker(lambda: copy.hint(level="hard", seed=seed))
        if await request.is_disconnected():  # cancelled: nobody to tell, nothing counted
            return Response(status_code=204)
        async with self._game(request) as stored:
            if stored.version != version:
                raise WebRequestError(409, "conflict", "the game changed while the hint searched")
            if not stored.game.is_over:
                stored.game.mark_assisted()
            return self._hinted(stored, hard, "hard", locale)

    def _hinted(self, stored: StoredGame, advice: Any, level: str, locale: str) -> Response:
        game: Game = stored.game
        if not self.games.save(stored):
            raise WebRequestError(409, "conflict", "the game was saved by another process")
        answer = table_json(stored, events=False)
        answer["hint"] = hint_json(game, advice, level=level, locale=locale)
        return JSONResponse(answer)

    async def pause(self, request: Request) -> Response:
        """``POST /api/games/{id}/pause``: the clock stops (a no-op unless it runs)."""
        async with self._game(request) as stored:
            stored.game.clock.pause()
            return self._answer(stored, [], events=False)

    async def resume(self, request: Request) -> Response:
        """``POST /api/games/{id}/resume``: the clock goes on (a no-op unless paused)."""
        async with self._game(request) as stored:
            stored.game.clock.resume()
            return self._answer(stored, [], events=False)

    async def board(self, request: Request) -> Response:
        """``GET /api/games/{id}/board.svg``: hidden cards drawn as backs."""
        async with self._game(request) as stored:
            game = stored.game
            picture = board_svg(game.position, variant=game.variant)
        return Response(picture, media_type="image/svg+xml")

    async def statistics_figures(self, request: Request) -> Response:
        """``GET /api/statistics``: the figures of every board played."""
        language(request.query_params)
        store = self.statistics
        boards = () if store is None else await self._in_worker(store.all_boards)
        return JSONResponse(statistics_json(boards))


__all__ = ["GESTURES", "HINT_LEVELS", "TableApi"]
