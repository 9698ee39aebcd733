"""The ``solitaire-core`` command line.

Commands (``--json`` output shapes are a contract for other programs):

* ``games [--json]``: the games this library plays, with their keys, deal-code
  prefixes and a one-line summary of their rules.
* ``deal CODE [--json]``: the opening position. ``deal --winnable GAME [--seed S]
  [--grade easy|medium|hard] [--no-catalogue] [--max-positions N] [--max-deals N]
  [--json]``: a deal proven winnable, from the game's catalogue or solved
  (:func:`~solitaire_core.solver.winnable.pick_winnable_deal`), its JSON the
  ``deal --json`` document plus ``"winnable": {"proven": ..., "tried": ...,
  "positions": ..., "moves": ..., "seed": ..., "source": "catalogue"|"solver",
  "grade": "easy"|"medium"|"hard"|null}``.
* ``play CODE [MOVES...] [--json] [--lang en|hu|el] [--save FILE]``: replay
  moves (``u`` undoes the last one) and show the position, the legal moves,
  whether it is won, the move counter and the score; optionally save the game.
* ``load FILE [--json]``: restore a saved game and show it as ``play`` does.
* ``solve CODE_OR_RECORD [--max-positions N] [--time-limit SECONDS] [--json]``:
  ``{"result": "solved"|"unwinnable"|"unknown", "moves": [...], "positions": int,
  "pass": "probe"|"best_first"|"fast"|"complete"|null}``: the positions of every
  pass run, and the pass that decided (the moves are a winning line, not a
  shortest one).
* ``hint CODE [MOVES...] [--json] [--lang en|hu|el]``: ``{"move": ..., "reason": ...,
  "kind": ...}`` (``move`` is null when there is no useful move).
* ``perft CODE DEPTH [--json]``: count the move tree (``{"depth": k, "nodes": n}``).
* ``import --from shootme|pysol|permutation TEXT [--json] [--draw 1|3]``: a deal
  from another program as a full deal code and its board (``--json``: the
  ``deal --json`` document, ``code`` being the full code, ``deal_number`` null).
* ``export CODE --to shootme|pysol|permutation``: the deal string, layout text
  or card order alone.
* ``playout [--variant KL1-D1N] [--games N] [--seed S] [--max-actions 500] [--json]``:
  uniformly random games (:mod:`solitaire_core.playout`), totals ``{"games": ...,
  "actions": ..., "wins": ...}``.
* ``survey GAME --deals A..B --out FILE [--max-positions N] [--time-limit SECONDS]
  [--workers N | --scheduler ADDRESS] [--resume] [--parquet FILE] [--no-progress]
  [--json]``: solve a range of deals in parallel, one row per deal in a SQLite
  file written as each deal finishes (:mod:`solitaire_core.survey`);
  ``--json`` prints ``{"file", "prefix", "deals": [A, B], "asked",
  "resumed", "stored", "complete", "failures": [...]}``.
* ``survey-report FILE [--json] [--plot FILE.png]``: per game, the winnable
  fraction with its 95% Wilson interval, the decided fraction and the grade
  histogram (:func:`~solitaire_core.survey.report.survey_report`).
* ``stats [--db FILE] [--board GAME] [--timeout SECONDS] [--json]``: the
  statistics recorded by an app (:mod:`solitaire_core.statistics`) per board,
  ``{"database": ..., "boards": [...]}``; the file is ``--db``, else
  ``$SOLITAIRE_CORE_STATS``, else
  ``$XDG_DATA_HOME/solitaire-core/statistics.sqlite3``, and is never created;
  ``--timeout`` is how long to wait for a program writing it (default 5 s).

Every command that takes a CODE takes a deal number code (``KL1-D1N-AAAAAAG``)
or a full deal code (``KL1-D1N-`` + 48 letters). ``play``, ``solve`` and ``hint``
also take any position instead: ``--game NAME --position FILE`` (the game's key,
code prefix or name; the position's JSON as ``deal --json`` prints it, or its
one-line text form; ``-`` reads standard input), the CODE then left out.

Exit status: 0 success, 1 a move was refused by the rules (or, for ``survey``,
a deal's solve failed: it is solved again on ``--resume``), 2 bad input (a
malformed code or move, bad arguments, a file that cannot be used, a missing
optional package), 130 a survey interrupted by Ctrl-C or SIGTERM (its
finished deals are kept).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from types import FrameType
from typing import Any

from solitaire_core.codes import DealCode, FullDealCode, Scoring, parse_deal_code
from solitaire_core.deal import deal_code_position
from solitaire_core.errors import (
    DealCodeError,
    IllegalMoveError,
    InvalidArgumentError,
    MissingExtraError,
    MoveParseError,
    PositionParseError,
    SaveFileError,
    StatisticsError,
    SurveyError,
)
from solitaire_core.game import Game, load_game, save_game
from solitaire_core.interop import (
    EXPORT_TARGETS,
    IMPORT_SOURCES,
    DealImportError,
    export_deal,
    import_deal,
)
from solitaire_core.playout import DEFAULT_MAX_ACTIONS, run_playouts
from solitaire_core.position import Position
from solitaire_core.position_json import position_from_json, position_to_json
from solitaire_core.render import render_board
from solitaire_core.rules import LOCALES, Refusal, format_move, perft
from solitaire_core.solver import (
    DEFAULT_MAX_POSITIONS,
    DEFAULT_PICK_DEALS,
    DEFAULT_PICK_POSITIONS,
    DealSource,
    pick_winnable_deal,
    solve,
)
from solitaire_core.solver.result import MAX_COUNT
from solitaire_core.statistics import (
    DEFAULT_TIMEOUT,
    Board,
    BoardStatistics,
    Figures,
    StatisticsStore,
    default_database_path,
)
from solitaire_core.survey import (
    DaskScheduler,
    DealRow,
    LocalProcesses,
    SurveyOutcome,
    SurveySettings,
    SurveyStore,
    game_prefix,
    parse_deal_range,
    plot_grades,
    report_text,
    run_survey,
    survey_report,
    write_parquet,
)
from solitaire_core.survey.progress import progress_bar
from solitaire_core.survey.report import deals_text
from solitaire_core.variants import (
    FoundationBase,
    Variant,
    code_header,
    family_name,
    lookup_variant,
    registered_variants,
    variant_key,
)
from solitaire_core.variants.describe import variant_facts
from solitaire_core.web.command import add_serve_parser

EXIT_REFUSED = 1
"""Exit status when a move of the record was refused by the rules."""
EXIT_BAD_INPUT = 2
"""Exit status for bad input: a malformed code, move, save file or argument."""
EXIT_INTERRUPTED = 130
"""Exit status of a survey stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells report)."""
MAX_PERFT_DEPTH = 12
"""Deeper perft counts take hours in pure Python; the command refuses them."""


def deal_json(code: DealCode | FullDealCode, position: Position) -> dict[str, Any]:
    """The ``deal --json`` document of a code and a position.

    For a full deal code, ``code`` is the full code and ``deal_number`` is null.
    """
    return {
        "code": str(code),
        "variant": code.family.name,
        "draw": code.draw,
        "scoring": code.scoring.value,
        "deal_number": code.deal_number,
        "position": position_to_json(position),
    }


def _parse_code(text: str) -> DealCode | FullDealCode:
    try:
        return parse_deal_code(text)
    except DealCodeError as error:
        raise _BadInputError(str(error)) from None


class _BadInputError(Exception):
    pass


_DIGITS_INT = re.compile(r"[+-]?[0-9]+")
_LONGEST_INT_OPTION = 100
"""The most characters of an int option: far beyond any count or seed (2**64 has 20 digits)."""


def _digits_int(text: str) -> int:
    """An int option's value: optional sign and the digits 0-9 only, at most 100 characters.

    Python's ``int`` also takes other scripts' digits and underscores
    (``"\uff11\uff12"``, ``"1_000"``); a number typed elsewhere would then mean
    something the user did not see. A longer text is refused with its length
    rather than echoed whole (``int`` itself refuses over 4,300 digits).
    """
    if len(text) > _LONGEST_INT_OPTION:
        raise argparse.ArgumentTypeError(
            f"{text[:20]!r}... ({len(text)} characters) is too long for a whole number"
            f" (at most {_LONGEST_INT_OPTION} characters)"
        )
    if _DIGITS_INT.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number in the digits 0-9")
    return int(text)


def games_json() -> list[dict[str, Any]]:
    """The ``games --json`` document: one object per registered game (see :func:`variant_facts`)."""
    return [variant_facts(variant) for variant in registered_variants().values()]


def _command_games(args: argparse.Namespace) -> int:
    games = games_json()
    if args.json:
        print(json.dumps(games, ensure_ascii=False))
        return 0
    width = max(len(game["key"]) for game in games)
    for game in games:
        prefix = game["code_prefix"] or "-"
        print(f"{game['key']:<{width}}  {prefix:<7}  {game['name']}: {game['summary']}")
    return 0


_WINNABLE_OPTIONS = (
    ("seed", "--seed"),
    ("grade", "--grade"),
    ("catalogue", "--no-catalogue"),
    ("max_positions", "--max-positions"),
    ("max_deals", "--max-deals"),
)
"""The ``deal`` options that only mean something with ``--winnable`` (None when not given)."""


def _command_deal(args: argparse.Namespace) -> int:
    if args.winnable:
        return _command_winnable_deal(args)
    given = [flag for name, flag in _WINNABLE_OPTIONS if getattr(args, name) is not None]
    if given:
        raise _BadInputError(
            f"{' and '.join(given)} {'needs' if len(given) == 1 else 'need'} --winnable "
            "(without it, deal shows the deal CODE names)"
        )
    code = _parse_code(args.code)
    position = deal_code_position(code)
    if args.json:
        _print_json(deal_json(code, position))
    else:
        print(f"{code}  ({code.variant.name}, {_deal_origin(code)})")
        print(render_board(position, variant=code.variant))
    return 0


def _command_winnable_deal(args: argparse.Namespace) -> int:
    seed = 0 if args.seed is None else args.seed
    try:
        variant = lookup_variant(args.code)
        picked = pick_winnable_deal(
            variant,
            seed=seed,
            max_positions=(
                DEFAULT_PICK_POSITIONS if args.max_positions is None else args.max_positions
            ),
            max_deals=DEFAULT_PICK_DEALS if args.max_deals is None else args.max_deals,
            grade=args.grade,
            catalogue=args.catalogue is None,
        )
    except InvalidArgumentError as error:
        raise _BadInputError(str(error)) from None
    position = deal_code_position(picked.code)
    if args.json:
        document = deal_json(picked.code, position)
        document["winnable"] = {
            "proven": picked.proven,
            "tried": picked.tried,
            "positions": picked.positions,
            "moves": picked.moves,
            "seed": seed,
            "source": picked.source.value,
            "grade": None if picked.grade is None else picked.grade.value,
        }
        _print_json(document)
        return 0
    if not picked.proven:
        verdict = f"not proven winnable: no deal of {picked.tried} was won within the budget"
    elif picked.source is DealSource.CATALOGUE:
        verdict = f"{picked.grade}, from the catalogue: won by the solver in {picked.moves} moves"
    else:
        verdict = f"{picked.grade}, won by the solver in {picked.moves} moves"
    print(f"{picked.code}  ({variant.name}, {_deal_origin(picked.code)}; {verdict})")
    print(render_board(position, variant=variant))
    return 0


def _deal_origin(code: DealCode | FullDealCode) -> str:
    return "full deal code" if code.deal_number is None else f"deal {code.deal_number}"


class _RefusedError(Exception):
    """A move of a record was refused; carries what the report needs."""

    def __init__(self, game: Game, before: Position, token: str, index: int, refusal: Refusal):
        super().__init__(refusal.rule.value)
        self.game, self.before, self.token, self.index, self.refusal = (
            game,
            before,
            token,
            index,
            refusal,
        )


def _replay(code_text: str, tokens: list[str]) -> Game:
    """A game from a deal code and moves (``u`` undoes, ``redo`` redoes), as in a record.

    Raises:
        _BadInputError: for a bad code or a token that is not a move.
        _RefusedError: for a move the rules refuse.
    """
    return _play_tokens(Game.from_code(_parse_code(code_text)), tokens)


def _start_game(args: argparse.Namespace, words: list[str]) -> Game:
    """The game of ``play``, ``solve`` and ``hint``: a code and moves, or ``--game --position``.

    Raises:
        _BadInputError: for a bad code, game, position file or move.
        _RefusedError: for a move the rules refuse.
    """
    if args.position is None and args.game is None:
        if not words:
            raise _BadInputError("a deal code is needed (or --game NAME --position FILE)")
        return _replay(words[0], words[1:])
    if args.position is None or args.game is None:
        raise _BadInputError("--game and --position go together")
    if words and _is_deal_code(words[0]):
        raise _BadInputError(
            f"give a deal code or --game NAME --position FILE, not both (got {words[0]})"
        )
    try:
        variant = lookup_variant(args.game)
    except InvalidArgumentError as error:
        raise _BadInputError(str(error)) from None
    position = _read_position(args.position, variant)
    try:
        game = Game(variant, start=position)
    except PositionParseError as error:
        raise _BadInputError(f"the position does not fit {variant.name}: {error}") from None
    return _play_tokens(game, words)


def _is_deal_code(text: str) -> bool:
    try:
        parse_deal_code(text)
    except DealCodeError:
        return False
    return True


def _read_position(path: str, variant: Variant) -> Position:
    """A position of ``variant`` from a file (or standard input for ``-``).

    JSON (the position object, or a document holding one under ``"position"``),
    or the one-line text form.
    """
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise _BadInputError(f"cannot read {path}: {error.__class__.__name__}") from None
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    try:
        if text.lstrip().startswith(("{", "[")):
            try:
                data = json.loads(text)
            except (json.JSONDecodeError, RecursionError) as error:
                raise _BadInputError(f"{path} is not valid JSON: {error}") from None
            if isinstance(data, dict):
                data = data.get("position", data)
            _check_game_fields(path, variant, data)
            return position_from_json(data)
        return Position.from_text(text.strip())
    except PositionParseError as error:
        raise _BadInputError(f"{path}: {error}") from None


def _check_game_fields(path: str, variant: Variant, data: Any) -> None:
    """Name the JSON field a game needs that the position left out.

    Without them the position reads as one deck from the Ace, and the card
    count check would blame a card instead of the missing field.
    """
    if not isinstance(data, dict):
        return
    if variant.decks > 1 and "foundation_piles" not in data:
        raise _BadInputError(
            f"{path}: {variant.name} plays with {variant.decks} decks: the position needs "
            '"foundation_piles" (the count of every foundation slot)'
        )
    if variant.foundations.base is FoundationBase.DEALT_CARD and data.get("base") is None:
        raise _BadInputError(
            f"{path}: {variant.name}'s foundations start from a dealt card: "
            'the position needs "base"'
        )


def _play_tokens(game: Game, tokens: list[str]) -> Game:
    for index, token in enumerate(tokens):
        before = game.position
        try:
            game.perform(token)
        except MoveParseError as error:
            raise _BadInputError(f"move {index + 1} of the moves: {error}") from None
        except IllegalMoveError as error:
            raise _RefusedError(game, before, token, index, error.refusal) from None
    return game


def _command_play(args: argparse.Namespace) -> int:
    if args.save == "":
        raise _BadInputError("--save needs a file name")
    game = _start_game(args, args.record)
    if args.save:
        try:
            save_game(game, args.save)
        except SaveFileError as error:
            raise _BadInputError(str(error)) from None
    _print_game(args, game)
    return 0


def _command_load(args: argparse.Namespace) -> int:
    try:
        game = load_game(args.file)
    except SaveFileError as error:
        raise _BadInputError(str(error)) from None
    _print_game(args, game)
    return 0


def game_json(game: Game) -> dict[str, Any]:
    """The ``play --json`` document: ``deal --json`` plus moves, win, counter and score."""
    document = _game_header(game, game.position)
    document.update(
        legal_moves=[format_move(game.variant, move) for move in game.legal_moves],
        won=game.is_won,
        resigned=game.is_resigned,
        moves_made=game.moves_made,
        score=game.score,
        score_text=game.score_text,
    )
    return document


def _game_header(game: Game, position: Position) -> dict[str, Any]:
    if game.code is not None:
        return deal_json(game.code, position)
    return {
        "code": None,
        "variant": _variant_name(game.variant),
        "draw": game.variant.draw_count,
        "scoring": "vegas" if game.variant.vegas else "standard",
        "deal_number": game.deal_number,
        "position": position_to_json(position),
    }


def _variant_name(variant: Variant) -> str:
    """A code-less game's variant: its family's name, else its registered key, else its name."""
    header = code_header(variant)
    if header is not None:
        name = family_name(header[0])
        if name is not None:
            return name
    return variant_key(variant) or variant.name


def _print_game(args: argparse.Namespace, game: Game) -> None:
    if args.json:
        _print_json(game_json(game))
        return
    if game.code is not None:
        origin = str(game.code)
    elif game.deal_number is not None:
        origin = f"{game.variant.name} #{game.deal_number}"
    elif game.deck is not None:
        origin = "dealt from a card order"
    else:
        origin = "from a position"
    print(
        f"{origin}  ({game.variant.name}), moves made: {game.moves_made}, score: {game.score_text}"
    )
    print(render_board(game.position, variant=game.variant))
    moves = " ".join(format_move(game.variant, move) for move in game.legal_moves)
    if game.is_won:
        print("Won!")
    elif game.is_resigned:
        print("Resigned.")
    else:
        print("Legal moves: " + (moves or "(none)"))


def _report_refusal(args: argparse.Namespace, refused: _RefusedError) -> int:
    game, position, token, index, refusal = (
        refused.game,
        refused.before,
        refused.token,
        refused.index,
        refused.refusal,
    )
    message = refusal.message(args.lang)
    detail = refusal.detail(args.lang)
    if args.json:
        document = _game_header(game, position)
        document["error"] = {
            "rule": refusal.rule.value,
            "message": message,
            "detail": detail,
            "move": token.strip().lower(),
            "index": index,
        }
        document.update(
            resigned=game.is_resigned,
            moves_made=game.moves_made,
            score=game.score,
            score_text=game.score_text,
        )
        _print_json(document)
    else:
        print(render_board(position, variant=game.variant))
        print(f"move {index + 1} ({token}) refused: {refusal.rule.value}: {message} ({detail})")
    return EXIT_REFUSED


def _command_solve(args: argparse.Namespace) -> int:
    if not 1 <= args.max_positions <= MAX_COUNT:
        raise _BadInputError(f"--max-positions must be 1 .. 2**63 - 1, got {args.max_positions}")
    words = " ".join(args.record).split()
    if args.time_limit is not None and not args.time_limit > 0:  # NaN is not > 0 either
        raise _BadInputError(f"--time-limit must be > 0, got {args.time_limit}")
    game = _start_game(args, words)
    result = solve(
        game.variant,
        game.position,
        max_positions=args.max_positions,
        time_limit=args.time_limit,
    )
    if args.json:
        _print_json(
            {
                "result": result.status.value,
                "moves": [format_move(game.variant, move) for move in result.moves],
                "positions": result.positions,
                "pass": result.decided_by,
            }
        )
    else:
        print(f"{result.status.value} after {result.positions} positions")
        if result.moves:
            print(" ".join(format_move(game.variant, move) for move in result.moves))
    return 0


def _command_hint(args: argparse.Namespace) -> int:
    game = _start_game(args, args.record)
    advice = game.hint(level=args.level, seed=args.seed)
    reason = advice.reason(args.lang)
    move = format_move(game.variant, advice.move) if advice.move is not None else None
    if args.json:
        _print_json({"move": move, "reason": reason, "kind": advice.kind.value})
    else:
        print(f"{move}: {reason}" if move else reason)
    return 0


def _command_perft(args: argparse.Namespace) -> int:
    code = _parse_code(args.code)
    if not 0 <= args.depth <= MAX_PERFT_DEPTH:
        raise _BadInputError(f"depth must be 0..{MAX_PERFT_DEPTH}, got {args.depth}")
    nodes = perft(code.variant, deal_code_position(code), args.depth)
    if args.json:
        _print_json({"depth": args.depth, "nodes": nodes})
    else:
        print(f"perft({args.depth}) of {code} = {nodes}")
    return 0


def _command_import(args: argparse.Namespace) -> int:
    if args.text == ["-"]:
        text = sys.stdin.read()
    else:
        text = ("\n" if args.source == "pysol" else " ").join(args.text)
    try:
        code = import_deal(
            text,
            source=args.source,
            prefix=args.variant,
            draw=args.draw,
            scoring=Scoring(args.scoring),
        )
    except (DealImportError, DealCodeError) as error:
        raise _BadInputError(str(error)) from None
    position = deal_code_position(code)
    if args.json:
        _print_json(deal_json(code, position))
    else:
        print(code)
        print(render_board(position, variant=code.variant))
    return 0


def _command_export(args: argparse.Namespace) -> int:
    text = export_deal(_parse_code(args.code), to=args.target)
    print(text, end="" if text.endswith("\n") else "\n")
    return 0


def _command_playout(args: argparse.Namespace) -> int:
    text = args.variant.strip()
    variant = None
    if len(text) == 7 and text[2:4] in ("1-", "1-".lower()):
        try:  # a code prefix: a deal code without its deal number
            variant = DealCode.parse(f"{text}-AAAAAAA").variant
        except DealCodeError as error:
            where = f" at character {error.position}" if error.position is not None else ""
            raise _BadInputError(
                f"invalid variant {text!r}: {error.part}{where}: {error.reason}"
            ) from None
    else:
        try:
            variant = lookup_variant(text)
        except InvalidArgumentError:
            raise _BadInputError(
                f"invalid variant {text!r}: expected a code prefix such as KL1-D1N or a game key"
            ) from None
    for name, value in (("games", args.games), ("max-actions", args.max_actions)):
        if not 0 <= value <= MAX_COUNT:
            raise _BadInputError(f"--{name} must be 0 .. 2**63 - 1, got {value}")
    if not 0 <= args.seed < 2**64:
        raise _BadInputError(f"--seed must be 0 <= S < 2**64, got {args.seed}")
    totals = run_playouts(variant, games=args.games, seed=args.seed, max_actions=args.max_actions)
    if args.json:
        _print_json({"games": totals.games, "actions": totals.actions, "wins": totals.wins})
    else:
        print(f"{totals.games} games, {totals.actions} actions, {totals.wins} wins")
    return 0


def stats_json(database: Path, boards: Sequence[BoardStatistics]) -> dict[str, Any]:
    """The ``stats --json`` document: the database file and every board's figures.

    ``{"database": "<path>", "boards": [...]}``, each board as
    :meth:`~solitaire_core.statistics.BoardStatistics.to_json` (docs/cli.md).
    """
    return {"database": str(database), "boards": [board.to_json() for board in boards]}


def _command_stats(args: argparse.Namespace) -> int:
    if args.db == "":
        raise _BadInputError("--db needs a file name")
    if not 0 < args.timeout < float("inf"):  # NaN is refused too
        raise _BadInputError(f"--timeout must be seconds > 0, got {args.timeout}")
    database = Path(args.db) if args.db is not None else default_database_path()
    store = StatisticsStore(database, timeout=args.timeout)
    try:
        boards = store.all_boards() if args.board is None else _stats_boards(store, args.board)
    except StatisticsError as error:
        raise _BadInputError(str(error)) from None
    if args.json:
        _print_json(stats_json(database, boards))
        return 0
    if not boards:
        print(f"no games recorded in {database}")
        return 0
    for index, statistics in enumerate(boards):
        if index:
            print()
        print(statistics.board)
        print(f"  unassisted: {_figures_text(statistics.unassisted)}")
        print(f"  assisted:   {_figures_text(statistics.assisted)}")
    return 0


def _stats_boards(store: StatisticsStore, name: str) -> tuple[BoardStatistics, ...]:
    """The board of a game name (key, code header or name), else recorded boards of that game.

    Raises:
        _BadInputError: when the name is neither a known game nor a recorded board's game.
        StatisticsError: from the store.
    """
    try:
        variant = lookup_variant(name)
    except InvalidArgumentError as error:
        recorded = tuple(board for board in store.all_boards() if board.board.game == name.strip())
        if not recorded:
            raise _BadInputError(f"{error}; nor is it a game recorded in {store.path}") from None
        return recorded
    return (store.board_statistics(Board.of(variant)),)


def _figures_text(figures: Figures) -> str:
    """One ledger's figures in a line: counts, win rate, streaks and bests."""
    if not figures.played:
        return "no games"
    parts = [
        f"{figures.played} played, {figures.won} won ({figures.win_percentage:.1f}%), "
        f"{figures.lost} lost, {figures.resigned} resigned",
        f"streak {figures.current_streak}, best streak {figures.best_streak}",
        f"best score {figures.best_score_text}",
    ]
    if figures.fastest_win is not None:
        parts.append(f"fastest win {_duration(figures.fastest_win)}")
    if figures.fewest_moves is not None:
        parts.append(f"fewest moves {figures.fewest_moves}")
    return "; ".join(parts)


def _duration(seconds: float) -> str:
    """Seconds as a clock shows them, to the nearest second: ``"4:05"``, ``"1:02:03"``."""
    minutes, second = divmod(round(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02d}:{second:02d}" if hours else f"{minute}:{second:02d}"


def survey_json(
    store: SurveyStore, prefix: str, deals: range, outcome: SurveyOutcome
) -> dict[str, Any]:
    """The ``survey --json`` document: the file, the game, the range and what the run did.

    ``{"file", "prefix", "deals": [A, B], "asked", "resumed", "stored",
    "complete", "failures": [{"code"... }]}`` (docs/cli.md).
    """
    return {
        "file": store.name,
        "prefix": prefix,
        "deals": [deals[0], deals[-1]],
        "asked": outcome.asked,
        "resumed": outcome.resumed,
        "stored": outcome.stored,
        "complete": outcome.complete,
        "failures": [
            {"prefix": failure.prefix, "deal": failure.deal, "error": failure.error}
            for failure in outcome.failures
        ],
    }


def _survey_settings(args: argparse.Namespace) -> SurveySettings:
    if not 1 <= args.max_positions <= MAX_COUNT:
        raise _BadInputError(f"--max-positions must be 1 .. 2**63 - 1, got {args.max_positions}")
    limit = args.time_limit
    if limit is not None and not limit > 0:  # NaN is refused too
        raise _BadInputError(f"--time-limit must be seconds > 0 (or inf: no limit), got {limit}")
    # inf is no time limit, as without the option (SurveySettings stores None)
    return SurveySettings(max_positions=args.max_positions, time_limit=limit)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """SIGTERM stops a survey as Ctrl-C does (in the main thread; elsewhere left as it is)."""
    try:
        previous = signal.signal(signal.SIGTERM, _interrupt)
    except ValueError:  # not the main thread: signals cannot be caught here
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


_PLOT_SUFFIXES = (".png", ".pdf", ".svg")
"""The image files ``survey-report --plot`` writes, by their suffix."""


def _check_side_file(flag: str, path: str, survey: str) -> None:
    """Refuse an extra output file that would replace the survey file or cannot be written.

    Raises:
        _BadInputError: if ``path`` names the survey file itself, a folder, or a
            file in a folder that does not exist.
    """
    target = Path(path)
    if target.resolve() == Path(survey).resolve():
        raise _BadInputError(f"{flag} {path!r} is the survey file itself: give another name")
    if target.is_dir():
        raise _BadInputError(f"{flag} {path!r} is a folder: give a file name")
    if not target.resolve().parent.is_dir():
        raise _BadInputError(f"{flag} {path!r}: its folder does not exist")


def _write_side_file(flag: str, path: str, write: Callable[[Path], None]) -> None:
    """Write an extra output file atomically (a temporary file beside it, then renamed).

    Raises:
        _BadInputError: if the file cannot be written (the survey file is untouched).
    """
    target = Path(path)
    temporary = target.with_name(f".{target.stem}.{os.getpid()}.tmp{target.suffix}")
    try:
        write(temporary)
        os.replace(temporary, target)
    except OSError as error:
        raise _BadInputError(f"cannot write {flag} {path!r}: {error.strerror or error}") from None
    finally:
        temporary.unlink(missing_ok=True)


def _command_survey(args: argparse.Namespace) -> int:
    if not args.out:
        raise _BadInputError("--out needs a file name")
    if args.parquet:
        _check_side_file("--parquet", args.parquet, args.out)
    prefix = game_prefix(args.game)
    deals = parse_deal_range(args.deals)
    settings = _survey_settings(args)
    if args.workers is not None and args.scheduler is not None:
        raise _BadInputError("--workers is for local processes: leave it out with --scheduler")
    if args.workers is not None and not 1 <= args.workers <= 4096:
        raise _BadInputError(f"--workers must be 1 .. 4096, got {args.workers}")
    executor: LocalProcesses | DaskScheduler = (
        DaskScheduler(args.scheduler)
        if args.scheduler is not None
        else LocalProcesses(args.workers or os.cpu_count() or 1)
    )
    store = SurveyStore(args.out)
    show = sys.stderr.isatty() if args.progress is None else args.progress
    done = 0
    if show and args.resume:
        done = sum(row.prefix == prefix and row.deal in deals for row in store.rows())
    bar: AbstractContextManager[Callable[[DealRow], None] | None] = (
        progress_bar(len(deals), done=done) if show else nullcontext(None)
    )
    try:
        with _sigterm_interrupts(), bar as on_row:
            outcome = run_survey(
                store,
                prefix,
                deals,
                settings,
                executor=executor,
                resume=args.resume,
                on_row=on_row,
            )
    except KeyboardInterrupt:
        kept = sum(row.prefix == prefix and row.deal in deals for row in store.rows())
        print(
            f"solitaire-core: survey interrupted: {kept} of {deals_text(len(deals))} "
            f"{'is' if kept == 1 else 'are'} in {store.name}; run the same command with "
            "--resume to finish",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    if args.parquet:
        rows = store.rows()
        _write_side_file("--parquet", args.parquet, lambda path: write_parquet(rows, path))
    for failure in outcome.failures:
        print(
            f"solitaire-core: deal {failure.deal} of {failure.prefix} failed ({failure.error}); "
            "--resume solves it again",
            file=sys.stderr,
        )
    if args.json:
        _print_json(survey_json(store, prefix, deals, outcome))
    else:
        print(
            f"{prefix} deals {deals[0]}..{deals[-1]}: {outcome.resumed + outcome.stored} of "
            f"{outcome.asked} in {store.name} ({outcome.stored} solved now, "
            f"{outcome.resumed} already there)"
        )
    return 0 if outcome.complete else EXIT_REFUSED


def _command_survey_report(args: argparse.Namespace) -> int:
    store = SurveyStore(args.file)
    if not store.path.is_file():
        raise _BadInputError(f"no survey file {args.file!r}")
    if args.plot:
        _check_side_file("--plot", args.plot, args.file)
        if Path(args.plot).suffix.lower() not in _PLOT_SUFFIXES:
            raise _BadInputError(
                f"--plot {args.plot!r}: the file name must end in .png, .pdf or .svg"
            )
    document = survey_report(store.rows(), settings=store.settings(), file=store.name)
    if args.plot:
        _write_side_file("--plot", args.plot, lambda path: plot_grades(document, path))
    if args.json:
        _print_json(document)
    else:
        print(report_text(document))
    return 0


def _print_json(document: dict[str, Any]) -> None:
    print(json.dumps(document, ensure_ascii=False))


def _add_position_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        metavar="NAME",
        help="with --position: the game (a key such as yukon, a code prefix such as YU1-D0N, "
        "or a name)",
    )
    parser.add_argument(
        "--position",
        metavar="FILE",
        help="start from this position instead of a deal code: its JSON (as deal --json "
        "prints it) or its text form; - reads standard input",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``solitaire-core`` command."""
    parser = argparse.ArgumentParser(
        prog="solitaire-core",
        description="Klondike-family solitaire rules engine: deal, play and count moves.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    games = commands.add_parser("games", help="list the games, with a summary of their rules")
    games.add_argument("--json", action="store_true", help="print JSON")
    games.set_defaults(handler=_command_games)

    deal = commands.add_parser("deal", help="show the opening position of a deal code")
    deal.add_argument(
        "code",
        metavar="CODE",
        help="a deal code such as KL1-D1N-AAAAAAG (with --winnable: a game, e.g. KL1-D3N, yukon)",
    )
    deal.add_argument(
        "--winnable",
        action="store_true",
        help="pick a deal of the game CODE that the solver wins (reproducible from --seed)",
    )
    deal.add_argument("--seed", type=_digits_int, help="with --winnable: the seed (default 0)")
    deal.add_argument(
        "--grade",
        choices=("easy", "medium", "hard"),
        metavar="easy|medium|hard",
        help="with --winnable: a deal of this difficulty (default: any)",
    )
    deal.add_argument(
        "--no-catalogue",
        dest="catalogue",
        action="store_const",
        const=False,
        help="with --winnable: solve deals even when the game has a catalogue of winnable deals",
    )
    deal.add_argument(
        "--max-positions",
        type=_digits_int,
        help=f"with --winnable: solver budget per deal (default {DEFAULT_PICK_POSITIONS})",
    )
    deal.add_argument(
        "--max-deals",
        type=_digits_int,
        help=f"with --winnable: deals tried at most (default {DEFAULT_PICK_DEALS})",
    )
    deal.add_argument("--json", action="store_true", help="print JSON")
    deal.set_defaults(handler=_command_deal)

    play = commands.add_parser("play", help="replay moves from a deal and show the result")
    play.add_argument(
        "record",
        metavar="CODE MOVES",
        nargs="*",
        help="a deal code such as KL1-D1N-AAAAAAG, then moves in notation "
        "(d r wf w3 3f 35 35:2 fh3 rf r3), u = undo",
    )
    _add_position_options(play)
    play.add_argument("--json", action="store_true", help="print JSON")
    play.add_argument("--lang", choices=LOCALES, default="en", help="language of messages")
    play.add_argument("--save", metavar="FILE", help="write the save document after the moves")
    play.set_defaults(handler=_command_play)

    load = commands.add_parser("load", help="restore a saved game and show it like play")
    load.add_argument("file", metavar="FILE", help="a save file written by play --save")
    load.add_argument("--json", action="store_true", help="print JSON")
    load.add_argument("--lang", choices=LOCALES, default="en", help="accepted like play's")
    load.set_defaults(handler=_command_load)

    solver = commands.add_parser(
        "solve", help="decide whether a deal (or a record: code + moves) can be won"
    )
    solver.add_argument(
        "record",
        metavar="CODE_OR_RECORD",
        nargs="*",
        help="a deal code, optionally followed by moves",
    )
    _add_position_options(solver)
    solver.add_argument(
        "--max-positions",
        type=_digits_int,
        default=DEFAULT_MAX_POSITIONS,
        help=f"search budget in positions (default {DEFAULT_MAX_POSITIONS})",
    )
    solver.add_argument(
        "--time-limit",
        type=float,
        metavar="SECONDS",
        help="also stop after this many seconds (interactive use; results then vary by machine)",
    )
    solver.add_argument("--json", action="store_true", help="print JSON")
    solver.add_argument("--lang", choices=LOCALES, default="en", help="language of messages")
    solver.set_defaults(handler=_command_solve)

    advice = commands.add_parser("hint", help="a hint after some moves (advisory or hard AI)")
    advice.add_argument(
        "record",
        metavar="CODE MOVES",
        nargs="*",
        help="a deal code such as KL1-D1N-AAAAAAG, then the moves played so far",
    )
    _add_position_options(advice)
    advice.add_argument("--json", action="store_true", help="print JSON")
    advice.add_argument("--lang", choices=LOCALES, default="en", help="language of the reason")
    advice.add_argument(
        "--level",
        choices=("advisory", "hard"),
        default="advisory",
        help="the advisory AI (instant) or the hard AI (samples the unseen cards)",
    )
    advice.add_argument(
        "--seed", type=_digits_int, default=0, help="the hard AI's seed (default 0)"
    )
    advice.set_defaults(handler=_command_hint)

    count = commands.add_parser("perft", help="count the legal move sequences of a length")
    count.add_argument("code", metavar="CODE", help="a deal code such as KL1-D1N-AAAAAAG")
    count.add_argument("depth", metavar="DEPTH", type=_digits_int, help="sequence length, >= 0")
    count.add_argument("--json", action="store_true", help="print JSON")
    count.set_defaults(handler=_command_perft)

    importer = commands.add_parser(
        "import", help="read a deal from another program as a full deal code"
    )
    importer.add_argument(
        "--from",
        dest="source",
        required=True,
        choices=IMPORT_SOURCES,
        help="shootme: Klondike-Solver's 156 digits; pysol: a PySolFC game number or "
        "layout text; permutation: 52 cards in dealing order",
    )
    importer.add_argument(
        "text",
        metavar="TEXT",
        nargs="+",
        help="the deal (several arguments are joined; '-' reads standard input)",
    )
    importer.add_argument("--json", action="store_true", help="print JSON like deal --json")
    importer.add_argument(
        "--draw",
        type=_digits_int,
        choices=(1, 3),
        default=1,
        help="draw of the code (PySolFC's Klondike by Threes is 3; default 1)",
    )
    importer.add_argument(
        "--scoring",
        choices=[scoring.value for scoring in Scoring],
        default=Scoring.STANDARD.value,
        help="scoring of the code (default standard)",
    )
    importer.add_argument(
        "--variant",
        type=str.upper,
        default="KL",
        metavar="PREFIX",
        help="variant family of the code: KL (default) or TF, or a registered prefix",
    )
    importer.set_defaults(handler=_command_import)

    exporter = commands.add_parser("export", help="write a deal in another program's format")
    exporter.add_argument("code", metavar="CODE", help="a deal code (either form)")
    exporter.add_argument(
        "--to",
        dest="target",
        required=True,
        choices=EXPORT_TARGETS,
        help="shootme: 156 digits; pysol: layout text; permutation: 52 cards",
    )
    exporter.set_defaults(handler=_command_export)

    playout = commands.add_parser("playout", help="play uniformly random games and count")
    playout.add_argument(
        "--variant", default="KL1-D1N", help="a deal-code prefix (default KL1-D1N)"
    )
    playout.add_argument(
        "--games", type=_digits_int, default=100, help="games to play (default 100)"
    )
    playout.add_argument(
        "--seed", type=_digits_int, default=0, help="fixes deals and moves (default 0)"
    )
    playout.add_argument(
        "--max-actions",
        type=_digits_int,
        default=DEFAULT_MAX_ACTIONS,
        help=f"cap on actions per game (default {DEFAULT_MAX_ACTIONS})",
    )
    playout.add_argument("--json", action="store_true", help="print JSON")
    playout.set_defaults(handler=_command_playout)

    survey = commands.add_parser(
        "survey", help="solve a range of deals of a game in parallel, a row per deal in a file"
    )
    survey.add_argument(
        "game",
        metavar="GAME",
        help="a deal-code prefix such as KL1-D3N, or a game with one (klondike-draw3, yukon)",
    )
    survey.add_argument(
        "--deals", required=True, help="deal numbers A..B (both included), or a count N for 0..N-1"
    )
    survey.add_argument("--out", required=True, metavar="FILE", help="the survey file (SQLite)")
    survey.add_argument(
        "--max-positions",
        type=_digits_int,
        default=DEFAULT_MAX_POSITIONS,
        help=f"solver budget per deal, in positions (default {DEFAULT_MAX_POSITIONS})",
    )
    survey.add_argument(
        "--time-limit",
        type=float,
        metavar="SECONDS",
        help="also stop each solve after this many seconds (results then vary by machine; "
        "inf: no limit, as without the option)",
    )
    survey.add_argument(
        "--workers", type=_digits_int, help="local worker processes (default: the CPU count)"
    )
    survey.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="solve on this Dask cluster instead (pip install 'solitaire-core[survey]')",
    )
    survey.add_argument(
        "--resume", action="store_true", help="keep the deals in FILE and solve only the rest"
    )
    survey.add_argument(
        "--parquet",
        metavar="FILE",
        help="also copy every row of the survey file to this Parquet file at the end "
        "(pip install 'solitaire-core[parquet]')",
    )
    survey.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: when stderr is a terminal; needs tqdm)",
    )
    survey.add_argument("--json", action="store_true", help="print JSON")
    survey.set_defaults(handler=_command_survey)

    report = commands.add_parser(
        "survey-report", help="winnable fractions and difficulty grades of a survey file"
    )
    report.add_argument("file", metavar="FILE", help="a survey file")
    report.add_argument("--json", action="store_true", help="print JSON")
    report.add_argument(
        "--plot",
        metavar="FILE.png",
        help="draw the grade histograms (pip install 'solitaire-core[plot]')",
    )
    report.set_defaults(handler=_command_survey_report)

    stats = commands.add_parser(
        "stats", help="show the game statistics an app recorded, per game, draw and scoring"
    )
    stats.add_argument(
        "--db",
        metavar="FILE",
        help="the statistics database (default: $SOLITAIRE_CORE_STATS, else "
        "$XDG_DATA_HOME/solitaire-core/statistics.sqlite3)",
    )
    stats.add_argument(
        "--board",
        metavar="GAME",
        help="only this game: a key such as klondike-draw3, a code header such as KL1-D3N, "
        "or a name",
    )
    stats.add_argument(
        "--timeout",
        metavar="SECONDS",
        type=float,
        default=DEFAULT_TIMEOUT,
        help="how long to wait for a program writing the database "
        f"(default {DEFAULT_TIMEOUT:g} seconds)",
    )
    stats.add_argument("--json", action="store_true", help="print JSON")
    stats.set_defaults(handler=_command_stats)
    add_serve_parser(commands)  # solitaire-core serve: the web table (solitaire_core.web)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 refused move, 2 bad input).

    Args:
        argv: the arguments after the program name; None reads ``sys.argv``.

    Output goes to stdout, error messages for bad input to stderr. argparse's
    own usage errors (an unknown command or option) raise ``SystemExit(2)``.
    An ``OSError`` (the output cannot be written: a full disk) is status 2 and
    one line ``solitaire-core: error: ...`` on stderr, not a traceback.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.handler(args)
        sys.stdout.flush()
    except (_BadInputError, InvalidArgumentError, SurveyError, MissingExtraError) as error:
        # (an InvalidArgumentError that reaches here is a library function's refusal
        # of a value given on the command line, such as a budget beyond 2**63 - 1)
        print(f"solitaire-core: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except _RefusedError as refused:
        return _report_refusal(args, refused)
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        _drop_stdout()
        return EXIT_REFUSED
    except OSError as error:  # the output cannot be written (a full disk), or a file not read
        _drop_stdout()
        reason = error.strerror or str(error) or type(error).__name__
        where = "cannot write the output" if error.filename is None else str(error.filename)
        print(f"solitaire-core: error: {where}: {reason}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return status


def _drop_stdout() -> None:
    """Send what is left of the output nowhere: Python's flush at exit fails no more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real stdout (a test capture): no flush
        pass
