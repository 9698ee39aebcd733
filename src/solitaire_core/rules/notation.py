"""Move notation against a game: shorthand resolved, canonical text written.

:meth:`Move.parse <solitaire_core.moves.Move.parse>` reads complete notation
alone. :func:`parse_move` is the one position-aware parser (in the spirit of
python-chess's ``Board.parse_san``) that every entry point taking text uses:
it also resolves shorthand against a position and checks the columns against
the game. :func:`format_move` writes a move as the game's canonical text
(FAMILY.md section 1.8).

Shorthand, resolved by :func:`parse_move`:

* ``35`` (no count): the **longest** group of column 3 that may go on column
  5 (in Klondike at most one can); when none may, the group a refusal should
  name (the card one rank below column 5's top card, else the top card), so
  that playing it reports the rule that fails;
* ``3f`` in a spider-type game: the complete run ``3f:13``.

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.variants import KLONDIKE
>>> position = deal_code_position("KL1-D1N-AAAAAAG")
>>> parse_move(KLONDIKE, position, "54"), parse_move(KLONDIKE, position, " 7F ")
(Move.parse('54:1'), Move.parse('7f'))
>>> format_move(KLONDIKE, parse_move(KLONDIKE, position, "54"))
'54:1'
"""

from __future__ import annotations

from solitaire_core.errors import MoveParseError, not_str
from solitaire_core.moves import (
    Move,
    MoveKind,
    column_pair_text,
    parse_body,
    split_count,
)
from solitaire_core.position import Position
from solitaire_core.rules.check import blamed_count, group_counts
from solitaire_core.variants import Variant


def parse_move(variant: Variant, position: Position, text: str) -> Move:
    """Read a move's notation in a game, resolving shorthand against ``position``.

    Args:
        variant: the rules (its columns bound the column numbers).
        position: the position the move is to be played in.
        text: the notation (RULES.md section 11, FAMILY.md section 1.8);
            case and surrounding whitespace are ignored.

    Returns:
        The complete move (see the module docs). It need not be legal:
        :func:`~solitaire_core.rules.check_move` says whether it is.

    Raises:
        MoveParseError: if the text is no move (or not a ``str``), or names a
            column the game does not have.
    """
    if not isinstance(text, str):
        raise MoveParseError(repr(text), not_str(text))
    cleaned = text.strip().lower()
    body, count = split_count(text, cleaned)
    parsed = parse_body(text, body, count)
    columns = len(position.tableau)
    if isinstance(parsed, tuple):
        source, target = parsed
        _require_column(text, source, columns)
        _require_column(text, target, columns)
        counts = group_counts(variant, position, source, target)
        count = counts[0] if counts else blamed_count(variant, position, source, target)
        return Move.column_to_column(source, target, count=count)
    move = parsed
    for place, is_column in (
        (move.source, move.kind in (MoveKind.COLUMN_TO_COLUMN, MoveKind.COLUMN_TO_FOUNDATION)),
        (move.target, True),
    ):
        if is_column and place is not None:
            _require_column(text, place, columns)
    if (
        move.kind is MoveKind.COLUMN_TO_FOUNDATION
        and count is None
        and variant.foundations.complete_runs
    ):
        return Move.column_to_foundation(move.source or 0, count=13)
    return move


def _require_column(text: str, column: int, columns: int) -> None:
    if column >= columns:
        raise MoveParseError(text, f"{column + 1!r} is not a column 1..{columns}")


def format_move(variant: Variant, move: Move) -> str:
    """The canonical text of ``move`` in ``variant`` (FAMILY.md section 1.8).

    As ``str(move)``, except that games with 10 or more columns write
    column-to-column moves ``a-b:n``, and spider-type games write a complete
    run to a foundation ``3f``. :func:`parse_move` reads it back.

    >>> from solitaire_core.variants import KLONDIKE
    >>> format_move(KLONDIKE, Move.parse("35:2"))
    '35:2'
    """
    kind = move.kind
    if kind is MoveKind.COLUMN_TO_COLUMN and variant.columns >= 10:
        return f"{column_pair_text(move.source, move.target, dash=True)}:{move.count}"
    if (
        kind is MoveKind.COLUMN_TO_FOUNDATION
        and move.count == 13
        and variant.foundations.complete_runs
    ):
        return f"{(move.source or 0) + 1}f"
    return str(move)


__all__ = ["format_move", "parse_move"]
