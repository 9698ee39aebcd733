"""The hard AI of the rule card: it searches many moves ahead, from what the player knows.

The rule card's hard AI "searches many moves ahead and avoids recycle cycles",
and like every AI of the card it uses only the player's information (RULES.md
section 9). It plays by *hindsight*: the unseen cards (face down in the
columns, in the unseen stock, under the reserve's top) could lie in many ways;
it deals samples of them, each a random order of exactly the cards the player
has not seen, drawn from ``seed`` and put in the hidden places, and asks the
full-knowledge solver about each.

What it chooses among. The moves the hint may give (not the one that undoes
the last move, none back to a board already seen), with two changes. Where
the stock goes round for free (recycles unlimited, every stock card seen), a
draw or recycle is not a choice of its own but the way to a card: each play
of a waste card that drawing along the stock reaches (without meeting a board
already seen) is a choice, with its draws before it. And a choice that leads
back to a board the game has had, up to where the waste stands on its cycle
of draws (a column move there and back with a draw in between), is left out:
the player never goes round in circles.

How it chooses:

1. samples are dealt and solved from the position, within ``max_positions``
   positions each, until ``won_samples`` of them are won by a line that
   starts with one of the choices, or ``samples`` are dealt, or its budget
   is spent, or ``max_undecided`` are undecided with none won (below); those are the
   samples that matter (a choice cannot win a sample that is lost, and an
   undecided one tells nothing). When no line starts with a choice (after a
   take-back, the solver's lines send the card home again, which undoes the
   last move), the samples won by the other lines are used. Each solve
   avoids the boards the game has had
   (:func:`~solitaire_core.solver.solving.solve_avoiding`): a line that
   needs to come back to one is not a line the player will follow;
2. the choices are put in this order of preference: the advisory hint's
   move, the choices the solver's winning lines start with (most often
   first), the rest (moves in the generator's order, then the stock's plays,
   nearest first). A choice scores 1 in a won sample whose line starts with
   it; otherwise the sample is solved again after it, within the same budget
   and avoiding the same boards and the sample's own: 1 if won, 1/2 if
   undecided, 0 if lost;
3. the choice with the highest score is taken, the earliest of equals. The
   choices with the most won samples of their own are scored first
   (:func:`best_in_hindsight`), and a choice is left as soon as it can no
   longer beat the best so far, so once one scores in every won sample only
   the choices before it are tried, each until a sample it does not win. The
   hint is its first move (a draw, on the way to a stock card: the next hint
   deals the same samples, as drawing shows no new card, and most often goes
   on the same way).

So it gives a move that keeps the game winnable in as many of the samples as
it can tell, and prefers the advisory hint's move among equals.

Its time limit. Solving samples takes time that grows with the game (two or
three decks, a hard middle game: a second or more per sample), so the hint has
a ``time_limit``, :data:`~solitaire_core.limits.HARD_HINT_SECONDS` (5 seconds)
by default: once it has passed, no more samples are dealt (a solve under way is
stopped), no more choices are tried, and the hint is chosen from what is known:
the best of the choices tried to the end (the first of the order above when
none was), or the advisory hint when no sample was won. So a hard hint takes at
most about ``time_limit`` seconds on top of the advisory hint it starts from
(a fraction of a second): measured on the compiled build in middle games of
Gargantua, Lady Jane and Triple Klondike, at most 5.1 seconds with the
default, where a hint without a limit took 13.6 seconds (and 43 seconds in
pure Python, which the limit also holds to 5).
A hint cut short depends on the machine; ``time_limit=None`` gives the same
hint everywhere (its budgets then count positions only), and ``time_limit=0``
gives at once the hint it gives before any sample is solved (the advisory
hint, a draw through the stock, or the only choice). It never
reads a hidden card: the samples depend on the player's view and the seed
alone, so two positions that look the same to the player get the same hint.
The budget matters: a sample the solver cannot decide is left out, and with
too small a budget the samples left are the easy ones, where every move wins.

Its budget of positions. In the games of two and three decks a sample of the
whole deal is seldom decided within its 8,000 positions, and each position
costs the solver 3 to 7 times what it costs in a one-deck game, so a hint
dealt and solved all 24 samples, in vain, and gave the advisory hint after
10 to 20 seconds of the compiled build (192,000 positions; Gargantua, Lady
Jane, Triple Easthaven). In a one-deck game the samples are mostly decided,
but a hint that weighs each of its choices in every won sample solves them
again once a choice: in Nine Across up to 903,696 positions. So all
the solves of one hint store at most ``hint_positions`` positions together,
by default
:data:`~solitaire_core.limits.HARD_HINT_POSITIONS` for the game's decks
(:func:`hard_hint_positions`: 96,000 for one deck, 12,000 for two, 6,000 for
three, where a position costs more); once they are spent,
the hint is chosen as when its time is up, from what is known. A count, not
seconds: the hint is the same on every machine. In every game, once
``max_undecided`` samples (:data:`~solitaire_core.limits.HARD_HINT_UNDECIDED`,
4) have ended undecided and none is won, it deals no more: the samples tell
nothing, and it gives the advisory hint, as when no sample is won. In the
one-deck games whose samples the solver seldom decides (Pas Seul, Australian
Patience, Chameleon) a hint without that limit solved all 24 in vain, 2 to 4
seconds.

Before that, where the stock may be recycled without limit, it first looks
through the stock: while the stock holds cards the player has not seen, it
draws (``HintKind.DRAW``). That costs nothing a recycle does not give back
(the stock comes back in the same order), and afterwards the samples differ
only in the cards that are really hidden, not in the stock's order.

It gives the advisory hint when every card is known (which then solves),
when there is no choice (the advisory hint may then go back to a board the
game has had, or find no progress), and when no sample is won; with one
choice, that choice. Hindsight can prefer, move after move, a move that only
shifts cards between columns (it keeps one more sample winnable than any move
that commits), so once the game has gone :data:`WANDER_LIMIT` positions
without a new best (fewer cards face down, more cards home, or fewer in the
stock, waste and reserve than ever before) it chooses only among the choices
that commit, when there are two or more: a draw or recycle, or a move that
turns a card, sends one home or plays one from the stock, waste or reserve.

>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.rules import legal_moves
>>> from solitaire_core.rules.apply import apply_move
>>> from solitaire_core.variants import KLONDIKE
>>> opening = deal_code_position("KL1-D1N-AAAAAAG")
>>> str(hard_hint(KLONDIKE, opening, seed=1).move)  # it looks through the stock first
'd'
>>> looked = opening
>>> while looked.stock:
...     looked = apply_move(KLONDIKE, looked, DRAW)
>>> advice = hard_hint(KLONDIKE, looked, seed=1)
>>> advice.kind.value, advice.move in legal_moves(KLONDIKE, looked)
('likely_win', True)
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from typing import Final

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.limits import HARD_HINT_POSITIONS, HARD_HINT_SECONDS, HARD_HINT_UNDECIDED
from solitaire_core.moves import DRAW, RECYCLE, Move, MoveKind
from solitaire_core.playout import require_seed
from solitaire_core.position import Position
from solitaire_core.rules import legal_moves
from solitaire_core.rules.apply import apply_move
from solitaire_core.solver.hindsight import best_in_hindsight
from solitaire_core.solver.hint import (
    DEFAULT_HINT_POSITIONS,
    Hint,
    HintKind,
    board_key,
    candidate_moves,
    hint,
    knows_every_card,
    new_board_test,
    require_hint_arguments,
    stand_in_position,
    unseen_cards,
)
from solitaire_core.solver.hint_budget import (
    HintBudget,
    SolveMemo,
    hard_hint_positions,
    time_left,
)
from solitaire_core.solver.result import SolveStatus, require_count, require_time_limit
from solitaire_core.solver.search_board import SearchBoard as Board
from solitaire_core.variants import Variant
from solitaire_core.view import PlayerView, player_view

DEFAULT_SAMPLES: Final = 24
"""The most ways of the unseen cards the hard AI deals and solves for one hint."""
DEFAULT_WON_SAMPLES: Final = 12
"""It stops dealing once this many of them are won."""
DEFAULT_SAMPLE_POSITIONS: Final = 8_000
"""The solver's budget for each sample, in positions (the same again for each move tried)."""
WANDER_LIMIT: Final = 20
"""How many positions the game may go without a new best (cards face down, home, and in the
stock, waste and reserve) before the hard AI chooses only among the moves that commit."""


def hard_hint(
    variant: Variant,
    position: Position | PlayerView,
    *,
    seed: int = 0,
    samples: int = DEFAULT_SAMPLES,
    won_samples: int = DEFAULT_WON_SAMPLES,
    max_positions: int = DEFAULT_SAMPLE_POSITIONS,
    last_move: Move | None = None,
    seen: Collection[PlayerView] = (),
    time_limit: float | None = HARD_HINT_SECONDS,
    hint_positions: int | None = None,
    max_undecided: int | None = HARD_HINT_UNDECIDED,
    memo: SolveMemo | None = None,
) -> Hint:
    """The hard AI's hint: the move that keeps the most samples of the unseen cards winnable.

    How it chooses: the module docs. It costs up to ``samples`` solves of
    ``max_positions`` positions, then one more per sample won and choice tried
    (usually a handful), within ``time_limit`` seconds.

    Args:
        variant: the rules.
        position: the position (only its player view is used) or the view itself.
        seed: the samples' seed (an int ``0 <= seed < 2**64``, as for
            playouts and winnable deals); the same seed gives the same hint.
        samples: the most ways the unseen cards could lie to deal and solve (an int >= 1).
        won_samples: stop dealing once this many are won (an int >= 1).
        max_positions: the solver's budget per sample, in positions (an int >= 1).
        last_move: the move just played, whose reversal is never given.
        seen: the player's views of the earlier positions, in the order of
            the game (see :func:`hint`).
        time_limit: seconds for the samples' solves, a number >= 0 (default
            :data:`~solitaire_core.limits.HARD_HINT_SECONDS`), or None (or
            ``math.inf``) for no limit; see the module docs for what a hint
            cut short gives. 0 gives the hint before any sample is solved.
            Read on :func:`time.monotonic`.
        hint_positions: the most positions all the hint's solves may store
            together (an int >= 1), or None for the game's own,
            :func:`hard_hint_positions`; once
            they are spent the hint is chosen as when its time is up. A
            count, so the hint is the same on every machine.
        max_undecided: how many samples may end undecided while none is won
            (an int >= 1, default :data:`~solitaire_core.limits.HARD_HINT_UNDECIDED`)
            before it stops dealing and gives the advisory hint, or None for
            no such limit.
        memo: a :class:`~solitaire_core.solver.hint_budget.SolveMemo` kept
            from hint to hint of one game (None: none): a hint that repeats
            the last hint's solves takes their results from it (a result
            solved with a time limit only when this hint has one), and their
            positions do not count against ``hint_positions``.

    Returns:
        A ``LIKELY_WIN`` hint; a ``DRAW`` while it looks through the stock;
        or the advisory hint (every card known, no choice, no sample won, or
        one choice that is the advisory hint's move).

    Raises:
        PositionParseError: (a ``ValueError``) for a position ``variant`` cannot hold.
        InvalidArgumentError: (a ``ValueError``) for a budget or sample count
            that is not an int >= 1, a seed that is not an int ``0 <= seed <
            2**64`` (:func:`~solitaire_core.playout.require_seed`), a time limit
            that is not None or a number >= 0 (:func:`require_time_limit`), or
            a memo that is not a ``SolveMemo``, or another argument not of
            its type (:func:`~solitaire_core.solver.hint.require_hint_arguments`).
    """
    require_count("samples", samples)
    require_count("won_samples", won_samples)
    require_count("max_positions", max_positions)
    if hint_positions is not None:
        require_count("hint_positions", hint_positions)
    if max_undecided is not None:
        require_count("max_undecided", max_undecided)
    require_seed(seed)
    seconds = require_time_limit(time_limit)
    if memo is not None and not isinstance(memo, SolveMemo):
        raise InvalidArgumentError(f"memo must be a SolveMemo or None, got {memo!r}")
    view, stand_in = require_hint_arguments(variant, position, last_move, seen)
    if hint_positions is None:
        hint_positions = hard_hint_positions(variant)
    return _hard_hint(
        variant,
        view,
        stand_in,
        seed=seed,
        samples=samples,
        won_samples=won_samples,
        max_positions=max_positions,
        last_move=last_move,
        seen=seen,
        left=time_left(seconds, time.monotonic),
        hint_positions=hint_positions,
        max_undecided=max_undecided,
        memo=memo,
    )


def _hard_hint(
    variant: Variant,
    view: PlayerView,
    stand_in: Position,
    *,
    seed: int,
    samples: int,
    won_samples: int,
    max_positions: int,
    last_move: Move | None,
    seen: Collection[PlayerView],
    left: Callable[[], float | None],
    hint_positions: int | None = None,
    max_undecided: int | None = None,
    memo: SolveMemo | None = None,
) -> Hint:
    """:func:`hard_hint` on checked arguments, ``left()`` giving the seconds left (None: no limit).

    The tests give it a scripted ``left`` to stop it at a chosen point, whatever
    the machine's speed. ``hint_positions`` is the positions all its solves
    may store together, ``max_undecided`` the samples that may end undecided
    while none is won (None: no such limit).
    """
    if stand_in.is_won or knows_every_card(view):
        return hint(
            variant, view, last_move=last_move, seen=seen, max_positions=DEFAULT_HINT_POSITIONS
        )
    moves = candidate_moves(variant, stand_in, last_move=last_move, seen=seen)
    if _looks_through_the_stock(variant, view) and DRAW in moves:
        return Hint(DRAW, HintKind.DRAW)
    advice = hint(variant, view, last_move=last_move, seen=seen)
    earlier = _earlier_boards(variant, view, seen)
    walks = _walks_the_stock(variant, view)
    avoided = {*earlier, Board(variant, stand_in).search_hash()}
    choices = _choices(variant, stand_in, moves, walks=walks, avoided=avoided, seen=seen)
    if _wandering(view, seen):
        committing = [choice for choice in choices if _commits(variant, stand_in, choice)]
        choices = committing if len(committing) >= 2 else choices
    if not choices or (len(choices) == 1 and choices[0][0] == advice.move):
        return advice
    if len(choices) == 1:
        return Hint(choices[0][0], HintKind.LIKELY_WIN)
    budget = HintBudget(variant, left, hint_positions, memo)
    rng = random.Random(seed)
    unseen = unseen_cards(view)
    won: list[tuple[_Sample, Choice]] = []  # each won sample and its line's first choice
    elsewhere: list[tuple[_Sample, Choice]] = []  # won, but by a line starting otherwise
    undecided = 0
    for _ in range(samples):
        if budget.is_spent():
            break  # time or positions are up: the samples solved so far decide
        order = list(unseen)
        rng.shuffle(order)
        sample = stand_in_position(view, hidden=order)
        avoid = [stand_in_position(board, hidden=order) for board in earlier.values()]
        result = budget.solve(sample, avoid, max_positions)
        if result.is_solved:  # (a line from a position not won has a first move)
            first = _first_choice(result.moves, walks=walks)
            (won if first in choices else elsewhere).append(((sample, [*avoid, sample]), first))
            if len(won) >= won_samples:
                break
        elif result.status is SolveStatus.UNKNOWN:
            undecided += 1
            if undecided == max_undecided and not (won or elsewhere):
                break  # the samples tell nothing: this many undecided, none won
    won = won or elsewhere
    if not won:
        return advice
    starts = Counter(first for _, first in won if first in choices)
    tried: list[Choice] = []
    if advice.move is not None and (advice.move,) in choices:
        tried.append((advice.move,))
    tried += [choice for choice, _ in starts.most_common() if choice not in tried]
    tried += [choice for choice in choices if choice not in tried]

    def outcome(sample: _Sample, first: Choice, choice: Choice) -> float:
        if choice == first:
            return 1.0
        start, avoid = sample
        if budget.is_spent():
            return _SCORES[SolveStatus.UNKNOWN]  # (not counted: the budget is spent)
        after = budget.solve(_play(variant, start, choice), avoid, max_positions)
        return _SCORES[after.status]

    return Hint(
        best_in_hindsight(tried, won, outcome, stop=budget.is_spent)[0], HintKind.LIKELY_WIN
    )


Choice = tuple[Move, ...]
"""A move the hard AI may choose, after the draws and recycles leading to it (:func:`_choices`)."""
_Sample = tuple[Position, list[Position]]
"""A sample and the positions its solves avoid (the boards already seen and the sample itself)."""


def _walks_the_stock(variant: Variant, view: PlayerView) -> bool:
    """True when draws and recycles go round the stock for free and every stock card is known.

    Then a draw is not a choice of its own: it is the way to a card of the
    stock, and the hard AI chooses among the plays of those cards.
    """
    return variant.stock_cycles_freely and all(card is not None for card in view.stock)


def _choices(
    variant: Variant,
    stand_in: Position,
    moves: Sequence[Move],
    *,
    walks: bool,
    avoided: Collection[int],
    seen: Collection[PlayerView],
) -> list[Choice]:
    """The choices the hard AI weighs: single moves, and plays of a stock card with their draws.

    Where ``walks`` (draws and recycles go round the stock for free:
    :func:`_walks_the_stock`), a draw or recycle is no choice of its own:
    instead each play of a waste card that the walk along the stock reaches
    (without a board already seen) is one, with the draws and recycles before
    it, nearest first. Choices that lead to a board of ``avoided`` (the
    :meth:`Board.search_hash` of each board the game has had, up to where the
    waste stands on its cycle of draws), such as a column move there and back,
    are left out: the samples' solves avoid those boards, as the player never
    goes back.
    """
    choices: list[Choice] = [(move,) for move in moves if not (walks and move.kind in _STOCK_KINDS)]
    if walks and (DRAW in moves or RECYCLE in moves):
        choices += _stock_plays(variant, stand_in, seen)
    return [
        choice
        for choice in choices
        if Board(variant, _play(variant, stand_in, choice)).search_hash() not in avoided
    ]


_STOCK_KINDS: Final = (MoveKind.DRAW, MoveKind.RECYCLE)
_WASTE_KINDS: Final = (MoveKind.WASTE_TO_FOUNDATION, MoveKind.WASTE_TO_COLUMN)


def _stock_plays(
    variant: Variant, stand_in: Position, seen: Collection[PlayerView]
) -> list[Choice]:
    """Each play of a waste card reached by walking along the stock once, with its draws.

    The walk draws (recycling when the stock is empty) until it would reach a
    board already seen or come back to ``stand_in``; a play that leads to a
    board already seen is left out. Nearest first.
    """
    boards = {board_key(earlier) for earlier in seen}
    boards.add(board_key(player_view(stand_in)))
    new = new_board_test(boards)
    plays: list[Choice] = []
    path: list[Move] = []
    position = stand_in
    legal = legal_moves(variant, position)
    for _ in range(len(stand_in.stock) + len(stand_in.waste) + 1):
        step = DRAW if position.stock else RECYCLE
        if step not in legal:
            break
        position = apply_move(variant, position, step)
        if not new(position):
            break
        boards.add(board_key(player_view(position)))
        path.append(step)
        legal = legal_moves(variant, position)
        plays += [
            (*path, move)
            for move in legal
            if move.kind in _WASTE_KINDS and new(apply_move(variant, position, move))
        ]
    return plays


def _play(variant: Variant, position: Position, choice: Choice) -> Position:
    """The position after the moves of ``choice``."""
    for move in choice:
        position = apply_move(variant, position, move)
    return position


def _first_choice(line: Sequence[Move], *, walks: bool) -> Choice:
    """The choice a winning line starts with: its first move, or (walking the stock) its first play.

    Walking the stock, the draws and recycles before the line's first play of
    a waste card belong to that play; before another move they are left out
    (they change nothing that move depends on).
    """
    if walks:
        for index, move in enumerate(line):
            if move.kind in _WASTE_KINDS:
                return tuple(line[: index + 1])
            if move.kind not in _STOCK_KINDS:
                return (move,)
    return (line[0],)


def _earlier_boards(
    variant: Variant, view: PlayerView, seen: Collection[PlayerView]
) -> dict[int, PlayerView]:
    """The boards of ``seen`` the game could come back to: one for each, up to the waste's place.

    Keyed by the :meth:`Board.search_hash` of each board's stand-in position
    (:func:`stand_in_position`), in the order of the game.

    Only boards with as many cards hidden in each place (face down in each
    column, unseen in the stock, under the reserve's top) as ``view`` can
    come back (hidden cards are only ever turned up), and they hide the same
    cards, so a sample fills them as it fills ``view``. Boards that differ
    only in where the waste stands on its cycle of draws count once.
    """
    hidden = _hidden_places(view)
    boards: dict[int, PlayerView] = {}
    for earlier in seen:
        if _hidden_places(earlier) == hidden:
            key = Board(variant, stand_in_position(earlier)).search_hash()
            boards.setdefault(key, earlier)
    return boards


def _hidden_places(view: PlayerView) -> tuple[int, ...]:
    """How many cards are hidden in each column, in the stock and in the reserve."""
    return tuple(
        sum(1 for card in pile if card is None)
        for pile in (*view.tableau, view.stock, view.reserve)
    )


def _looks_through_the_stock(variant: Variant, view: PlayerView) -> bool:
    """True while the stock holds unseen cards and recycling it is free (no recycle limit).

    Only for a stock dealt to a waste: a stock dealt onto the columns changes the game.
    """
    return variant.stock_cycles_freely and any(card is None for card in view.stock)


def _commits(variant: Variant, stand_in: Position, choice: Choice) -> bool:
    """True for a draw or recycle, and for a choice that makes progress in the player's view.

    Progress: fewer cards face down, more home, or fewer in the stock, waste
    and reserve. The other moves only shift cards between columns or take one
    back from a foundation.
    """
    if choice[-1].kind in _STOCK_KINDS:
        return True
    down, home, talon = _progress(player_view(stand_in))
    after_down, after_home, after_talon = _progress(player_view(_play(variant, stand_in, choice)))
    return after_down < down or after_home > home or after_talon < talon


_SCORES: Final = {SolveStatus.SOLVED: 1.0, SolveStatus.UNKNOWN: 0.5, SolveStatus.UNWINNABLE: 0.0}


def _wandering(view: PlayerView, seen: Collection[PlayerView]) -> bool:
    """True when :data:`WANDER_LIMIT` or more positions have passed since the game's last new best.

    ``seen`` is in the order of the game (the views before ``view``); a new best
    is fewer cards face down, more home, or fewer in the stock, waste and
    reserve than every earlier position had.
    """
    since = 0
    best: tuple[int, int, int] | None = None
    for earlier in (*seen, view):
        down, home, talon = _progress(earlier)
        if best is None or down < best[0] or home > best[1] or talon < best[2]:
            since = 0
            best = (
                down if best is None else min(down, best[0]),
                home if best is None else max(home, best[1]),
                talon if best is None else min(talon, best[2]),
            )
        else:
            since += 1
    return since >= WANDER_LIMIT


def _progress(view: PlayerView) -> tuple[int, int, int]:
    """``(cards face down, cards home, cards in the stock, waste and reserve)`` of a view."""
    down = sum(1 for pile in view.tableau for card in pile if card is None)
    return down, sum(view.foundations), len(view.stock) + len(view.waste) + len(view.reserve)


__all__ = [
    "DEFAULT_SAMPLES",
    "DEFAULT_SAMPLE_POSITIONS",
    "DEFAULT_WON_SAMPLES",
    "HARD_HINT_POSITIONS",
    "HARD_HINT_SECONDS",
    "WANDER_LIMIT",
    "best_in_hindsight",
    "hard_hint",
    "hard_hint_positions",
]
