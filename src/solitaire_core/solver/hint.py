"""The advisory hint of the rule card: from the player's view only (RULES.md section 9).

The hint never reads a face-down card or the unseen stock: it works on a
stand-in position built from :func:`~solitaire_core.view.player_view`, in which
every hidden card is replaced by the cards the player cannot see, in a fixed
order. Which moves are legal never depends on hidden cards, so the hint is a
function of what the player sees (the tests change only hidden cards and get
the same hint).

When the player knows every card (no face-down card, the stock seen, no
hidden reserve card; in Réfléchi once the stock has been through the waste)
the hint searches with the full-knowledge solver (a budget in positions) and
gives the first move of a winning line (``WINNING_LINE``; its detours cut by
:func:`~solitaire_core.solver.lines.shorten_line`), or says the game
can no longer be won (``LOST``). Otherwise, and when that search runs out of
budget, it prefers, in this order (the rule card, section 9):

1. turning over a hidden card (``FLIP``);
2. freeing a column for a King that is waiting, when no column is empty
   (``FREE_COLUMN``);
3. advancing a foundation without blocking a sequence: no card the player
   could move now would want to go on the card sent home (``FOUNDATION``);
4. playing the waste card onto the tableau (``WASTE``);
5. drawing (``DRAW``) while the stock holds cards the player has not seen;
6. else the first move of a shortest line to progress (``PROGRESS``), found by
   a search over what the player knows: progress is a card turned face up or
   sent home, a card played from the waste or the reserve, or an unseen card
   drawn; the line's draws and recycles are taken only to reach a card that
   can then be played, so the hint never cycles the stock for nothing;
7. when that search proves no progress is possible, it says so
   (``NO_PROGRESS``: nothing the player can do changes the game any more); when
   its budget runs out first, there is no useful move it can name (``NONE``).

It never suggests a move that only undoes the previous one, nor (given the
views seen so far, as :meth:`Game.hint <solitaire_core.game.Game.hint>` gives
them) a move back to a board already seen. Following the hint therefore never
cycles: each step either makes progress or comes nearer to it. When progress
is possible only by going back to a board already seen, it says ``NONE``
rather than ``NO_PROGRESS``.

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.variants import KLONDIKE
>>> advice = hint(KLONDIKE, deal_code_position("KL1-D1N-AAAAAAG"))
>>> str(advice.move), advice.kind.value, advice.reason()
('7f', 'flip', 'turns over a hidden card')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence
from enum import StrEnum
from typing import Any, Final

import attrs

from solitaire_core._deprecated import warn_moved
from solitaire_core.cards import DECK_SIZE, Card
from solitaire_core.errors import InvalidArgumentError, LocaleError
from solitaire_core.moves import DRAW, TO_FOUNDATION_KINDS, Move, MoveKind
from solitaire_core.position import Position
from solitaire_core.rules import legal_moves
from solitaire_core.rules.apply import apply_move
from solitaire_core.rules.messages import LOCALES
from solitaire_core.rules.movegen import waste_card_moves
from solitaire_core.rules.positions import require_position
from solitaire_core.solver.lines import shorten_line
from solitaire_core.solver.result import SolveStatus, require_count
from solitaire_core.solver.solving import solve
from solitaire_core.solver.stock import stock_states, with_stock
from solitaire_core.variants import Variant, require_variant
from solitaire_core.view import PlayerView, player_view


class HintKind(StrEnum):
    """Why a hint was chosen (stable values for apps)."""

    FLIP = "flip"
    """The move turns over a hidden card (the first preference)."""
    FREE_COLUMN = "free_column"
    """The move empties a column for a King that is waiting."""
    FOUNDATION = "foundation"
    """The move sends a card home without blocking a sequence."""
    WASTE = "waste"
    """The move plays the waste card onto the tableau."""
    DRAW = "draw"
    """Draw: the stock holds cards the player has not seen."""
    PROGRESS = "progress"
    """The first move of a shortest line to progress (a flip, a card home or played)."""
    WINNING_LINE = "winning_line"
    """Every card is known: the first move of a winning line the solver found."""
    NO_PROGRESS = "no_progress"
    """Nothing the player can do changes the game any more (the move is None)."""
    LOST = "lost"
    """Every card is known and the game can no longer be won (the move is None)."""
    LIKELY_WIN = "likely_win"
    """The hard AI: the move that starts a win in most samples of the unseen cards."""
    NONE = "none"
    """No useful move found within the search budget (the move is None)."""
    WON = "won"
    """The game is won: nothing is left to play (the move is None)."""


REASONS: Final[dict[str, dict[HintKind, str]]] = {
    "en": {
        HintKind.FLIP: "turns over a hidden card",
        HintKind.FREE_COLUMN: "frees a column for a King",
        HintKind.FOUNDATION: "advances a foundation without blocking a sequence",
        HintKind.WASTE: "plays the waste card onto the tableau",
        HintKind.DRAW: "turns new cards from the stock",
        HintKind.PROGRESS: "leads by the shortest way to a card turned, played or sent home",
        HintKind.WINNING_LINE: "every card is known: this move is on a winning line",
        HintKind.NO_PROGRESS: "no move can change the game any more",
        HintKind.LOST: "every card is known: the game can no longer be won",
        HintKind.LIKELY_WIN: "wins in the most of the ways the unseen cards could lie",
        HintKind.NONE: "no useful move",
        HintKind.WON: "the game is won",
    },
    "hu": {
        HintKind.FLIP: "felfordít egy rejtett lapot",
        HintKind.FREE_COLUMN: "oszlopot szabadít fel egy királynak",
        HintKind.FOUNDATION: "halad az alapon, és nem zár el sorozatot",
        HintKind.WASTE: "a dobópakli lapját az oszlopokra teszi",
        HintKind.DRAW: "új lapokat fordít a húzópakliból",
        HintKind.PROGRESS: (
            "a legrövidebb úton vezet egy felfordított, kijátszott vagy alapra tett laphoz"
        ),
        HintKind.WINNING_LINE: "minden lap ismert: ez a lépés egy nyerő úton van",
        HintKind.NO_PROGRESS: "egyetlen lépés sem változtat már a játszmán",
        HintKind.LOST: "minden lap ismert: a játszma már nem nyerhető meg",
        HintKind.LIKELY_WIN: "a rejtett lapok legtöbb lehetséges elrendezésében nyer",
        HintKind.NONE: "nincs hasznos lépés",
        HintKind.WON: "a játszma megnyerve",
    },
    "el": {
        HintKind.FLIP: "γυρίζει ένα κρυφό φύλλο",
        HintKind.FREE_COLUMN: "αδειάζει μια στήλη για έναν Ρήγα",
        HintKind.FOUNDATION: "προχωρά μια βάση χωρίς να κλείνει ακολουθία",
        HintKind.WASTE: "παίζει το φύλλο της απόρριψης στο ταμπλό",
        HintKind.DRAW: "γυρίζει νέα φύλλα από το απόθεμα",
        HintKind.PROGRESS: (
            "οδηγεί από τον συντομότερο δρόμο σε φύλλο που γυρίζει, παίζεται ή πάει στη βάση"
        ),
        HintKind.WINNING_LINE: "όλα τα φύλλα είναι γνωστά: η κίνηση είναι σε νικηφόρα σειρά",
        HintKind.NO_PROGRESS: "καμία κίνηση δεν αλλάζει πια την παρτίδα",
        HintKind.LOST: "όλα τα φύλλα είναι γνωστά: η παρτίδα δεν κερδίζεται πια",
        HintKind.LIKELY_WIN: (
            "κερδίζει στους περισσότερους τρόπους που μπορεί να είναι τα κρυφά φύλλα"
        ),
        HintKind.NONE: "καμία χρήσιμη κίνηση",
        HintKind.WON: "η παρτίδα κερδήθηκε",
    },
}
"""The hint reasons per locale."""


@attrs.frozen
class Hint:
    """An advisory hint.

    Attributes:
        move: the suggested move, or None when there is no useful move.
        kind: why it was chosen.
        line: for ``WINNING_LINE``, the whole winning line from the position
            (``move`` first); else empty.
    """

    move: Move | None
    kind: HintKind
    line: tuple[Move, ...] = ()

    def reason(self, locale: str = "en") -> str:
        """A short reason in English (``"en"``), Hungarian (``"hu"``) or Greek (``"el"``).

        Raises:
            LocaleError: for another locale.
        """
        if locale not in REASONS:
            raise LocaleError(locale, LOCALES)
        return REASONS[locale][self.kind]


def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards the player cannot see, lowest first (one entry per copy).

    They lie, in some order, in the view's hidden places: face-down column
    cards, the unseen stock, the reserve under its top.
    """
    decks = len(view.foundations) // 4
    missing = Counter({card: decks for card in range(DECK_SIZE)})
    shown = [card for pile in view.tableau for card in pile if card is not None]
    shown += [card for card in view.stock if card is not None]
    shown += [card for card in view.reserve if card is not None]
    shown += view.waste
    probe = Position((), (), (), (), view.foundations, 0, (), view.foundation_base)
    for slot in range(len(view.foundations)):
        shown += probe.foundation_cards(slot)
    missing.subtract(shown)
    return sorted(missing.elements())


def stand_in_position(view: PlayerView, *, hidden: Sequence[Card] | None = None) -> Position:
    """A position with the view's visible cards and the unseen ones put in its hidden places.

    Every hidden place (face-down cards column by column from the left and
    bottom up, then the unseen stock bottom to top, then the reserve under its
    top) gets the next of ``hidden``: by default :func:`unseen_cards`, lowest
    first, so the result depends on the view alone; a sampler passes them
    shuffled (any order of exactly those cards).
    """
    spare = iter(unseen_cards(view) if hidden is None else hidden)
    tableau = tuple(
        tuple(card if card is not None else next(spare) for card in pile) for pile in view.tableau
    )
    face_down = tuple(sum(1 for card in pile if card is None) for pile in view.tableau)
    stock = tuple(card if card is not None else next(spare) for card in view.stock)
    reserve = tuple(card if card is not None else next(spare) for card in view.reserve)
    return Position(
        tableau,
        face_down,
        stock,
        view.waste,
        view.foundations,
        view.recycles,
        reserve,
        view.foundation_base,
    )


def _undoes(last: Move | None, move: Move) -> bool:
    if last is None:
        return False
    if last.kind is MoveKind.COLUMN_TO_COLUMN and move.kind is MoveKind.COLUMN_TO_COLUMN:
        return (move.source, move.target, move.count) == (last.target, last.source, last.count)
    if last.kind is MoveKind.COLUMN_TO_FOUNDATION:
        return move.kind is MoveKind.FOUNDATION_TO_COLUMN and move.target == last.source
    if last.kind is MoveKind.FOUNDATION_TO_COLUMN:
        return move.kind is MoveKind.COLUMN_TO_FOUNDATION and move.source == last.target
    return False


DEFAULT_HINT_POSITIONS: Final = 20_000
"""The budget of the hint's full-knowledge solve, in positions (about a second at most)."""
DEFAULT_PROGRESS_POSITIONS: Final = 200_000
"""The budget of the hint's search for progress, in positions (it visits each arrangement of
columns once, so this takes a few seconds at most, and rarely more than a few thousand)."""


def hint(
    variant: Variant,
    position: Position | PlayerView,
    *,
    last_move: Move | None = None,
    seen: Collection[PlayerView] = (),
    max_positions: int = DEFAULT_HINT_POSITIONS,
    max_progress_positions: int = DEFAULT_PROGRESS_POSITIONS,
    search_when_known: bool = True,
) -> Hint:
    """The advisory hint for a position, from the player's view only.

    Args:
        variant: the rules.
        position: the position (only its player view is used) or the view itself.
        last_move: the move just played, so its reversal is never suggested.
        seen: the player's views of the earlier positions of the game, so no
            hinted move leads back to a board already seen (the recycle count
            aside) and following the hints never goes round in circles.
        max_positions: the budget of the full-knowledge solve, in positions
            (an int >= 1).
        max_progress_positions: the budget of the search for progress, in
            positions (an int >= 1).
        search_when_known: False skips the full-knowledge solve (a caller that
            saw it run out of budget nearby need not pay for it again).

    Returns:
        The suggested move and why (see the module docs for the order).

    Raises:
        PositionParseError: (a ``ValueError``) for a position ``variant``
            cannot hold (:func:`~solitaire_core.rules.positions.require_position`).
        InvalidArgumentError: (a ``ValueError``) if a budget is not an int >= 1,
            or another argument is not of its type (see
            :func:`require_hint_arguments`).
    """
    view, stand_in = require_hint_arguments(variant, position, last_move, seen)
    require_count("max_positions", max_positions)
    require_count("max_progress_positions", max_progress_positions)
    if stand_in.is_won:
        return Hint(None, HintKind.WON)
    if search_when_known and knows_every_card(view):
        result = solve(variant, stand_in, max_positions=max_positions)
        if result.status is SolveStatus.SOLVED:
            line = shorten_line(variant, stand_in, result.moves)
            return Hint(line[0], HintKind.WINNING_LINE, line)
        if result.status is SolveStatus.UNWINNABLE:
            return Hint(None, HintKind.LOST)
    keys = {board_key(earlier) for earlier in seen}
    new = new_board_test(keys)
    moves = _candidates(variant, stand_in, last_move, new)
    home = sum(stand_in.foundations)
    most_home = max((home, *(sum(earlier.foundations) for earlier in seen)))
    chosen = _rule_card_move(variant, stand_in, moves, home_is_progress=home >= most_home)
    if chosen is not None:
        return chosen
    if DRAW in moves and any(card is None for card in view.stock):
        return Hint(DRAW, HintKind.DRAW)
    decided, step = _first_step_to_progress(
        variant, stand_in, moves, new, most_home, max_progress_positions
    )
    if step is not None:
        return Hint(step, HintKind.PROGRESS)
    if home < most_home:  # nothing better: send home again a card taken back earlier
        for move in moves:
            if move.kind in TO_FOUNDATION_KINDS:
                return Hint(move, HintKind.FOUNDATION)
    if decided and keys:  # maybe progress lies only through a board already seen
        every_move = legal_moves(variant, stand_in)
        decided, step = _first_step_to_progress(
            variant, stand_in, every_move, lambda _: True, most_home, max_progress_positions
        )
        if step is not None:
            return Hint(None, HintKind.NONE)  # not a dead end, but only by going back
    return Hint(None, HintKind.NO_PROGRESS if decided else HintKind.NONE)


def require_hint_arguments(
    variant: object, position: object, last_move: object, seen: object
) -> tuple[PlayerView, Position]:
    """Check the arguments every hint takes; returns the player's view and its stand-in position.

    Raises:
        InvalidArgumentError: (a ``ValueError``) naming the argument if
            ``variant`` is not a :class:`~solitaire_core.variants.Variant`,
            ``position`` neither a :class:`~solitaire_core.position.Position`
            nor a :class:`~solitaire_core.view.PlayerView`, ``last_move``
            neither a :class:`~solitaire_core.moves.Move` nor None, or ``seen``
            not a collection of player views.
        PositionParseError: (a ``ValueError``) for a position ``variant``
            cannot hold (:func:`~solitaire_core.rules.positions.require_position`).
    """
    rules = require_variant(variant)
    if not isinstance(position, Position | PlayerView):
        raise InvalidArgumentError(
            f"position must be a Position or a PlayerView, got {type(position).__name__}"
        )
    if last_move is not None and not isinstance(last_move, Move):
        raise InvalidArgumentError(
            f"last_move must be a Move or None, got {type(last_move).__name__} {last_move!r} "
            "(Move.parse reads a complete move's notation)"
        )
    if not isinstance(seen, Collection) or isinstance(seen, str | bytes):
        raise InvalidArgumentError(
            f"seen must be a collection of PlayerViews, got {type(seen).__name__}"
        )
    for earlier in seen:
        if not isinstance(earlier, PlayerView):
            raise InvalidArgumentError(
                f"seen must hold only PlayerViews, got {type(earlier).__name__}"
            )
    view = position if isinstance(position, PlayerView) else player_view(position)
    stand_in = stand_in_position(view)
    require_position(rules, stand_in)
    return view, stand_in


def new_board_test(keys: set[PlayerView]) -> Callable[[Position], bool]:
    """A test of a position: True when its board (:func:`board_key`) is not among ``keys``."""

    def new(after: Position) -> bool:
        return not keys or board_key(player_view(after)) not in keys

    return new


def candidate_moves(
    variant: Variant,
    stand_in: Position,
    *,
    last_move: Move | None = None,
    seen: Collection[PlayerView] = (),
) -> list[Move]:
    """The legal moves a hint may give: not the reversal of ``last_move``, not back to a seen board.

    In the generator's order; ``seen`` as for :func:`hint`.
    """
    new = new_board_test({board_key(earlier) for earlier in seen})
    return _candidates(variant, stand_in, last_move, new)


def _candidates(
    variant: Variant,
    stand_in: Position,
    last_move: Move | None,
    new: Callable[[Position], bool],
) -> list[Move]:
    return [
        move
        for move in legal_moves(variant, stand_in)
        if not _undoes(last_move, move) and new(apply_move(variant, stand_in, move))
    ]


def knows_every_card(view: PlayerView) -> bool:
    """True when nothing is hidden from the player: no face-down, unseen or reserve card."""
    return not any(
        card is None for pile in (*view.tableau, view.stock, view.reserve) for card in pile
    )


def board_key(view: PlayerView) -> PlayerView:
    """A view with its recycle count left out: the same board with fewer recycles is no new."""
    return attrs.evolve(view, recycles=0)


def _rule_card_move(
    variant: Variant, stand_in: Position, moves: list[Move], *, home_is_progress: bool
) -> Hint | None:
    """The first move of preferences 1-4 of the module docs, or None.

    A foundation move is one of them only when ``home_is_progress``: not while
    it would only bring back a card taken back earlier (no more cards home
    than the game has had).
    """
    tableau, face_down = stand_in.tableau, stand_in.face_down
    for move in moves:
        source = move.source
        if move.kind is MoveKind.COLUMN_TO_COLUMN or move.kind is MoveKind.COLUMN_TO_FOUNDATION:
            assert source is not None
            moved = move.count or 1
            if face_down[source] and len(tableau[source]) - moved == face_down[source]:
                return Hint(move, HintKind.FLIP)
    if all(tableau) and _king_waiting(variant, stand_in):
        for move in moves:
            if move.kind is MoveKind.COLUMN_TO_COLUMN or move.kind is MoveKind.COLUMN_TO_FOUNDATION:
                assert move.source is not None
                pile = tableau[move.source]
                empties = (move.count or 1) == len(pile) and not face_down[move.source]
                starts = variant.empty_column_tables[stand_in.foundation_base]
                if empties and not starts[pile[0]]:
                    return Hint(move, HintKind.FREE_COLUMN)
    wanted = _wanted_targets(variant, stand_in) if home_is_progress else set()
    for move in moves if home_is_progress else ():
        if move.kind in TO_FOUNDATION_KINDS:
            if move.kind is MoveKind.COLUMN_TO_FOUNDATION:
                assert move.source is not None
                card = tableau[move.source][-1]
            else:
                from_waste = move.kind is MoveKind.WASTE_TO_FOUNDATION
                card = (stand_in.waste if from_waste else stand_in.reserve)[-1]
            if card not in wanted:
                return Hint(move, HintKind.FOUNDATION)
    for move in moves:
        if move.kind is MoveKind.WASTE_TO_COLUMN or move.kind is MoveKind.RESERVE_TO_COLUMN:
            return Hint(move, HintKind.WASTE)
    return None


def _first_step_to_progress(
    variant: Variant,
    start: Position,
    first_moves: Sequence[Move],
    new: Callable[[Position], bool],
    home: int,
    max_positions: int,
) -> tuple[bool, Move | None]:
    """``(True, the first move of a shortest line to progress)``, or ``(True, None)`` if none.

    ``(False, None)`` when the budget ran out first.

    Breadth first over the moves other than draws and recycles. Progress,
    measured against the start, is fewer face-down cards, more than ``home``
    cards on the foundations (the most there have been in the game: a
    take-back and its return are no progress), or fewer cards in the stock,
    waste and reserve together (a card played from them). From every
    position reached, drawing until a stock card can be played, and playing it,
    is progress too (the stock's states are walked once,
    :func:`~solitaire_core.solver.stock.stock_states`). Every
    card the search looks at is one the player sees: it stops at the first
    flip. The line starts with one of ``first_moves`` and ends on a board
    ``new`` accepts (one the player has not seen yet).
    """
    down = sum(start.face_down)
    piles = len(start.stock) + len(start.waste) + len(start.reserve)

    def progressed(after: Position) -> bool:
        return (
            sum(after.face_down) < down
            or sum(after.foundations) > home
            or len(after.stock) + len(after.waste) + len(after.reserve) < piles
        )

    reachable = [
        (line, state.stock, state.waste, state.recycles)
        for line, state in stock_states(variant, start)
    ]

    def stock_play(position: Position) -> Move | None:
        """The first action of a draw-and-play from ``position`` to a new board, or None."""
        for line, stock, waste, recycles in reachable:
            for play in waste_card_moves(variant, position, waste[-1]):
                state = with_stock(position, stock, waste, recycles)
                if new(apply_move(variant, state, play)):
                    return line[0]
        return None

    interchangeable = variant.columns_interchangeable

    def key(position: Position) -> object:
        """One key for positions that differ only in the order of their columns.

        When the game treats its columns alike, a move in one maps to a move
        in the other, so a search need visit only one of them.
        """
        if interchangeable:
            return (
                tuple(sorted(zip(position.tableau, position.face_down, strict=True))),
                position.foundations,
            )
        return position

    frontier: list[tuple[Position, Move | None]] = [(start, None)]
    stored = {key(start)}
    while frontier:
        following: list[tuple[Position, Move | None]] = []
        for position, first in frontier:
            for move in first_moves if first is None else legal_moves(variant, position):
                if move.kind is MoveKind.DRAW or move.kind is MoveKind.RECYCLE:
                    continue
                after = apply_move(variant, position, move)
                if progressed(after) and new(after):
                    return True, move if first is None else first
                after_key = key(after)
                if after_key not in stored:
                    if len(stored) >= max_positions:
                        return False, None
                    stored.add(after_key)
                    following.append((after, move if first is None else first))
            action = stock_play(position) if reachable else None
            if action is not None:
                return True, action if first is None else first
        frontier = following
    return True, None


def _king_waiting(variant: Variant, position: Position) -> bool:
    """True when a card that may start an empty column waits elsewhere (Klondike: a King)."""
    starts = variant.empty_column_tables[position.foundation_base]
    for pile in (position.waste, position.reserve):
        if pile and starts[pile[-1]]:
            return True
    for pile, down in zip(position.tableau, position.face_down, strict=True):
        lowest = variant.group.lowest_movable_index(pile, down, variant.build_table)
        if any(starts[pile[i]] for i in range(max(lowest, 1), len(pile))):
            return True
    return False


def _wanted_targets(variant: Variant, position: Position) -> set[Card]:
    """Cards that some card the player could move now would go on."""
    movable: list[Card] = list(position.waste[-1:]) + list(position.reserve[-1:])
    for pile, down in zip(position.tableau, position.face_down, strict=True):
        lowest = variant.group.lowest_movable_index(pile, down, variant.build_table)
        movable.extend(pile[lowest:])
    return {onto for card in movable for onto in variant.build_targets[card]}


def __getattr__(name: str) -> Any:
    """``check_hint_arguments``: now :func:`require_hint_arguments` (a deprecated alias, warns)."""
    if name == "check_hint_arguments":
        warn_moved(f"{__name__}.check_hint_arguments", f"{__name__}.require_hint_arguments")
        return require_hint_arguments
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
