r"""A terminal game on solitaire_core: a read-play-print loop over a text board.

The second example of the page "Integrating into an app" (``docs/integration.md``).
It reads one command a line and prints the board after every action that
changed it:

* a move in the notation of the rule book (``7f``, ``54``, ``d``, ``wf``; RULES.md
  section 11), shorthand included (``54`` moves the longest run that fits);
* ``u`` undoes a move, ``redo`` plays it again;
* ``hint`` suggests a move (the game then counts as assisted);
* ``resign`` ends the game as lost; ``q`` leaves it unfinished;
* ``help`` lists the commands.

Refusals and hints are printed in the player's language (``en``, ``hu`` or
``el``), from the library's messages; the loop's own words are English. When
the game ends (a win or a resignation) the loop stops; given a statistics
store, it records the game and prints the board's figures, or says why it
could not record it.

Run it as ``python docs/examples/terminal.py [CODE] [--game KEY] [--lang LANG]
[--stats FILE]``: without a code, it deals a deal of ``--game`` (Klondike by
default) that the solver wins.

>>> import io
>>> import solitaire_core as sc
>>> out = io.StringIO()
>>> play(sc.Game.from_code("KL1-D1N-AAAAAAG"), io.StringIO("7f\n17\nresign\n"), out,
...      locale="hu")
>>> print(out.getvalue().split("> ", 1)[1])  # what follows the first prompt
Stock: 24 cards   Waste: (empty)   Recycles: 0
Foundations:  S --   H AH   D --   C --
  1    2    3    4    5    6    7
 AD   ##   ##   ##   ##   ##   ##
      JC   ##   ##   ##   ##   ##
           KD   ##   ##   ##   ##
                TC   ##   ##   ##
                     9D   ##   ##
                          3S   4D
score 15   moves 1
> refused: a lap csak ellenkező színű lapra tehető (AD nem tehető a(z) 4D lapra)
> you resigned after 1 moves, score 15
<BLANKLINE>
"""

from __future__ import annotations

import argparse
import secrets
import sys
import time
from collections.abc import Sequence
from typing import TextIO

import solitaire_core as sc
from solitaire_core.statistics import GameRecord, StatisticsBoard, StatisticsError, StatisticsStore
from solitaire_core.variants import lookup_variant

HELP = "commands: a move (7f, 54, d, wf), u (undo), redo, hint, resign, q (quit), help"
"""What ``help`` prints."""

PROMPT = "> "
"""Printed before each command is read."""


def status(game: sc.Game) -> str:
    """The line under the board: the score and the move counter."""
    return f"score {game.score_text}   moves {game.moves_made}"


def show(game: sc.Game, out: TextIO) -> None:
    """Print the board (hidden cards as ``##``) and the status line."""
    print(sc.render_board(game.position, variant=game.variant), file=out)
    print(status(game), file=out)


def act(game: sc.Game, command: str, out: TextIO, locale: str) -> bool:
    """Carry out one command other than ``q``; returns True when the board changed.

    A refused command prints the refusal in ``locale`` and changes nothing.
    """
    if command == "help":
        print(HELP, file=out)
        return False
    if command == "hint":
        advice = game.hint()
        move = "none" if advice.move is None else sc.format_move(game.variant, advice.move)
        print(f"hint: {move} ({advice.reason(locale)})", file=out)
        return False
    try:
        if command == "u":
            game.undo()
        elif command == "redo":
            game.redo()
        elif command == "resign":
            game.resign()
        else:
            refusal = game.try_play(command)
            if refusal is not None:
                print(f"refused: {refusal.explain(locale)}", file=out)
                return False
    except sc.IllegalMoveError as error:  # undo, redo or resign refused: nothing changed
        print(f"refused: {error.refusal.explain(locale)}", file=out)
        return False
    except sc.MoveParseError as error:  # not a command, nor a move of this game
        print(f"{error}; type help for the commands", file=out)
        return False
    return True


def record(game: sc.Game, statistics: StatisticsStore, out: TextIO) -> None:
    """Record a finished game and print its board's figures, or why it was not recorded."""
    entry = GameRecord.from_game(game)
    try:
        statistics.record(entry)
        board = statistics.board_statistics(StatisticsBoard.of(game.variant))
    except StatisticsError as error:  # the file is damaged, locked, ...: it is left as it was
        print(f"the game was not recorded: {error}", file=out)
        return
    figures = board.assisted if entry.assisted else board.unassisted
    kind = "assisted" if entry.assisted else "unassisted"
    print(
        f"{board.board}, {kind}: won {figures.won} of {figures.played}, "
        f"streak {figures.current_streak}",
        file=out,
    )


def play(
    game: sc.Game,
    commands: TextIO,
    out: TextIO,
    *,
    locale: str = "en",
    statistics: StatisticsStore | None = None,
) -> None:
    """Play ``game`` with the commands read from ``commands``, one a line, until it ends.

    Args:
        game: the game (a new one, or one restored with ``load_game``).
        commands: where the commands come from (``sys.stdin``).
        out: where the board and the messages go (``sys.stdout``).
        locale: the language of refusals and hints: ``"en"``, ``"hu"`` or ``"el"``.
        statistics: where to record the game when it ends; None records nothing.

    Raises:
        LocaleError: for a language the library has no messages in (before
            anything is read).
    """
    if locale not in sc.LOCALES:
        raise sc.LocaleError(locale, sc.LOCALES)
    show(game, out)
    while not game.is_over:
        print(PROMPT, end="", file=out, flush=True)
        line = commands.readline()
        command = line.strip().lower()
        if not line or command == "q":  # the end of the input, or quit
            print("game left unfinished", file=out)
            return
        if command and act(game, command, out, locale) and not game.is_resigned:
            show(game, out)
    if game.is_won:
        seconds = round(game.clock.elapsed)
        print(
            f"you won in {game.moves_made} moves and {seconds} s, score {game.score_text}",
            file=out,
        )
    else:
        print(f"you resigned after {game.moves_made} moves, score {game.score_text}", file=out)
    if statistics is not None:
        record(game, statistics, out)


def main(
    argv: Sequence[str] | None = None,
    *,
    commands: TextIO | None = None,
    out: TextIO | None = None,
    seed: int | None = None,
) -> int:
    """The command line: deal (a code, or a winnable deal), then :func:`play`.

    Args:
        argv: the arguments (``sys.argv[1:]`` by default).
        commands: the commands (``sys.stdin`` by default).
        out: the output (``sys.stdout`` by default).
        seed: the seed that picks the winnable deal when no code is given, an
            int 0 <= seed < 2**64 (``secrets.randbelow(2**64)`` by default).

    Returns:
        The exit status: 0, or 2 for a bad deal code, game name or language.
    """
    parser = argparse.ArgumentParser(description="Play solitaire in the terminal.")
    parser.add_argument("code", nargs="?", help="a deal code such as KL1-D1N-AAAAAAG")
    parser.add_argument("--game", default="klondike", help="the game of a winnable deal")
    parser.add_argument("--lang", default="en", choices=sc.LOCALES, help="refusals' language")
    parser.add_argument("--stats", metavar="FILE", help="record finished games in FILE")
    args = parser.parse_args(argv)
    out = sys.stdout if out is None else out
    try:
        if args.code is None:
            if seed is None:
                seed = secrets.randbelow(2**64)
            picked = sc.pick_winnable_deal(lookup_variant(args.game), seed=seed)
            code: str | sc.DealCode = picked.code
        else:
            code = args.code
        game = sc.Game.from_code(code, time_source=time.monotonic)
    except (sc.DealCodeError, sc.InvalidArgumentError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    # The code of a deal the program picked stays secret: it would show every hidden card.
    shown = game.code if args.code is not None else f"a winnable {game.variant.name} deal"
    print(f"deal {shown}; {HELP}", file=out)
    statistics = None if args.stats is None else StatisticsStore(args.stats)
    play(
        game,
        sys.stdin if commands is None else commands,
        out,
        locale=args.lang,
        statistics=statistics,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
