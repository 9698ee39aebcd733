"""The move generator (rules/movegen.py) against the rules, the spec and a reference model.

Four kinds of evidence, none of them copied from the generator's own output:

* generator/predicate agreement: on many reachable positions of every shipped
  variant, the generated moves are exactly the moves :func:`check_move` accepts
  out of every syntactically possible move of RULES.md section 11;
* the documented order (module docstring of ``rules/movegen.py``);
* hand-worked positions and openings (RULES.md sections 2-5 and 8);
* a differential test against ``tests/reference_model.py``, written from
  RULES.md alone by another author.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator
from typing import Any, cast

import pytest
from builders import build
from hypothesis import given, settings
from reference_model import ReferenceGame
from strategies import random_playout, reachable_positions

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    KLONDIKE_VEGAS,
    KLONDIKE_VEGAS_DRAW_3,
    REFLECHI,
    REFLECHI_DRAW_3,
    RULE_CARD,
    RULE_CARD_DRAW_3,
    SHIPPED_VARIANTS,
    TRADITIONAL,
    TRADITIONAL_DRAW_3,
    Move,
    MoveKind,
    Position,
    RuleId,
    Variant,
    apply_move,
    check_move,
    deal_code_position,
    deal_position,
    generate_moves,
    legal_moves,
    parse_move,
    play_move,
    position_to_json,
)
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.variants import (
    FAMILY_GAMES,
    SPIDERETTE,
    WILL_O_THE_WISP,
    NoStock,
    variant_key,
)

# --- every syntactically possible move (RULES.md section 11, FAMILY.md 1.8) ----------
#
# A Move always names its count now (api-changes: moves are canonical), so the
# count-less column moves (``35``) are kept as text: parse_move resolves them
# against each position, and the tests below check what they resolve to.

_MAX_COUNT = 20


def _card_move_bodies(columns: int) -> list[str]:
    """The one-card move bodies of a game of ``columns`` columns (reserve moves included)."""
    numbers = range(1, columns + 1)
    return (
        ["wf", "rf"]
        + [f"w{column}" for column in numbers]
        + [f"r{column}" for column in numbers]
        + [f"{column}f" for column in numbers]
        + [f"f{suit}{column}" for suit in "shdc" for column in numbers]
    )


def _pair(a: int, b: int) -> str:
    """Columns ``a`` and ``b`` (1-based) as notation: ``35``, or ``1-10`` past column 9."""
    return f"{a}{b}" if a <= 9 and b <= 9 else f"{a}-{b}"


def _column_pairs(columns: int) -> list[str]:
    numbers = range(1, columns + 1)
    return [_pair(a, b) for a in numbers for b in numbers if a != b]


def _same_columns(columns: int) -> list[str]:
    return [_pair(a, a) for a in range(1, columns + 1)]


def _complete_texts(columns: int) -> list[str]:
    bodies = _card_move_bodies(columns)
    return (
        ["d", "r"]
        + bodies
        # counts on one-card moves: ``wf:2`` is a drag of two cards (refused), ``wf:1``
        # the same move as ``wf``; ``3f:13`` a spider run (refused in other games)
        + [f"{body}:{count}" for body in bodies for count in (1, 2, 3)]
        + [f"{column}f:13" for column in range(1, columns + 1)]
        + [f"{pair}:{count}" for pair in _column_pairs(columns) for count in range(1, 21)]
        # a group onto its own column is never legal (SAME_COLUMN)
        + [f"{same}:1" for same in _same_columns(columns)]
    )


def countless_texts(columns: int) -> tuple[str, ...]:
    """The count-less column moves (``35``, ``1-10``, ``33``): shorthand for parse_move."""
    return tuple(_column_pairs(columns) + _same_columns(columns))


_CARD_MOVE_BODIES = _card_move_bodies(7)
# Every text of a 7-column game, count-less shorthand included (the state
# machine plays them through parse_move).
MOVE_TEXTS: tuple[str, ...] = tuple(_complete_texts(7)) + countless_texts(7)
_ALL_MOVES_BY_COLUMNS: dict[int, tuple[Move, ...]] = {}


def all_moves(columns: int) -> tuple[Move, ...]:
    """Every complete move of a game of ``columns`` columns (counts up to 20), no duplicates."""
    moves = _ALL_MOVES_BY_COLUMNS.get(columns)
    if moves is None:
        moves = tuple(dict.fromkeys(Move.parse(text) for text in _complete_texts(columns)))
        _ALL_MOVES_BY_COLUMNS[columns] = moves
    return moves


ALL_MOVES: tuple[Move, ...] = all_moves(7)

# --- the reference model's keywords per shipped variant, from RULES.md sections 2-4, 10 ----

_KLONDIKE_RULES: dict[str, Any] = {
    "all_face_up": False,
    "ordered_groups_only": False,
    "takeback": True,
    "recycle_limit": None,
}
_REFLECHI_RULES: dict[str, Any] = {
    "all_face_up": True,
    "ordered_groups_only": True,
    "takeback": True,
    "recycle_limit": None,
}
REFERENCE_RULES: dict[str, dict[str, Any]] = {
    "klondike": {**_KLONDIKE_RULES, "draw": 1},
    "klondike-draw3": {**_KLONDIKE_RULES, "draw": 3},
    "klondike-vegas": {**_KLONDIKE_RULES, "draw": 1, "recycle_limit": 0},
    "klondike-vegas-draw3": {**_KLONDIKE_RULES, "draw": 3, "recycle_limit": 0},
    "reflechi": {**_REFLECHI_RULES, "draw": 1},
    "reflechi-draw3": {**_REFLECHI_RULES, "draw": 3},
    # the traditional rules: no take-back; draw 1 one pass, draw 3 three passes (two recycles)
    "traditional": {**_KLONDIKE_RULES, "draw": 1, "recycle_limit": 0, "takeback": False},
    "traditional-draw3": {**_KLONDIKE_RULES, "draw": 3, "recycle_limit": 2, "takeback": False},
    # the rule card: draw 1 (and a draw 3 variant), unlimited recycles, take-back allowed
    "rule-card": {**_KLONDIKE_RULES, "draw": 1},
    "rule-card-draw3": {**_KLONDIKE_RULES, "draw": 3},
}
# The variants played by RULES.md alone (tests/reference_model.py); the 25
# games of FAMILY.md have their own reference model (tests/family_reference.py).
KLONDIKE_RULE_VARIANTS: frozenset[Variant] = frozenset(
    SHIPPED_VARIANTS[key] for key in REFERENCE_RULES
)


def test_reference_table_covers_every_shipped_variant() -> None:
    # Since the family games were added, SHIPPED_VARIANTS holds both: every
    # shipped variant is either a Klondike-rules one (the table) or a family game.
    family = {variant_key(variant) for variant in FAMILY_GAMES}
    assert len(family) == len(FAMILY_GAMES) == len(SHIPPED_VARIANTS) - len(REFERENCE_RULES)
    assert set(REFERENCE_RULES).isdisjoint(family)
    assert set(REFERENCE_RULES) | family == set(SHIPPED_VARIANTS)


# --- helpers ------------------------------------------------------------------

_RANK_LETTERS = "A23456789TJQK"
_SUIT_LETTERS = "SHDC"


def card(text: str) -> int:
    """A card's int from RULES.md section 8 step 1: ``suit * 13 + (rank - 1)``."""
    return _SUIT_LETTERS.index(text[1]) * 13 + _RANK_LETTERS.index(text[0])


def cards(text: str) -> tuple[int, ...]:
    return tuple(card(word) for word in text.split())


def make_position(
    columns: list[tuple[str, str]],
    *,
    waste: str = "",
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0),
    stock: str | None = None,
    recycles: int = 0,
) -> Position:
    """A hand-made position; columns are (face-down, face-up) card texts, bottom to top.

    Without ``stock``, every card not placed elsewhere goes to the stock.
    """
    tableau = tuple(cards(down) + cards(up) for down, up in columns)
    face_down = tuple(len(cards(down)) for down, _ in columns)
    home = {suit * 13 + rank for suit, count in enumerate(foundations) for rank in range(count)}
    placed = {c for pile in tableau for c in pile} | set(cards(waste)) | home
    stock_cards = tuple(c for c in range(52) if c not in placed) if stock is None else cards(stock)
    position = Position(tableau, face_down, stock_cards, cards(waste), foundations, recycles)
    position.validate()
    return position


def texts(moves: tuple[Move, ...]) -> list[str]:
    return [str(move) for move in moves]


def order_key(move: Move) -> tuple[int, int, int, int]:
    """The documented order of rules/movegen.py, as a sort key (smaller = earlier)."""
    kind = move.kind
    if kind is MoveKind.COLUMN_TO_FOUNDATION:  # 1. columns 1..n
        assert move.source is not None
        return (1, move.source, 0, 0)
    if kind is MoveKind.WASTE_TO_FOUNDATION:  # 2. waste, then reserve
        return (2, 0, 0, 0)
    if kind is MoveKind.RESERVE_TO_FOUNDATION:
        return (2, 1, 0, 0)
    if kind is MoveKind.COLUMN_TO_COLUMN:  # 3. source, larger group first, target
        assert move.source is not None and move.target is not None and move.count is not None
        return (3, move.source, -move.count, move.target)
    if kind is MoveKind.WASTE_TO_COLUMN:  # 4. waste to columns 1..n, then reserve
        assert move.target is not None
        return (4, 0, move.target, 0)
    if kind is MoveKind.RESERVE_TO_COLUMN:
        assert move.target is not None
        return (4, 1, move.target, 0)
    if kind is MoveKind.FOUNDATION_TO_COLUMN:  # 5. suits S, H, D, C, then columns
        assert move.source is not None and move.target is not None
        return (5, move.source, move.target, 0)
    return (6, 0, 0, 0)  # 6. draw (or deal) or recycle


_ONE_CARD_MOVES = tuple(Move.parse(text) for text in ["d", "r", *_CARD_MOVE_BODIES])
# _COLUMN_MOVES[source][count - 1]: the column moves of ALL_MOVES from ``source``
# with that count.
_COLUMN_MOVES: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(
        tuple(
            move
            for move in ALL_MOVES
            if move.kind is MoveKind.COLUMN_TO_COLUMN
            and move.source == source
            and move.count == count
        )
        for count in range(1, _MAX_COUNT + 1)
    )
    for source in range(7)
)


def short_universe(position: Position) -> list[Move]:
    """A cheaper try-set for the state machine, which checks agreement at every step.

    The one-card moves (count 1), and the column moves with a count of at
    most the source's size + 1 (all larger counts are refused for the same
    reason); the count-less column moves are checked through parse_move by
    :func:`assert_generator_agrees`. The tests of this module use all of
    ``ALL_MOVES``. For 7-column positions.
    """
    moves = list(_ONE_CARD_MOVES)
    for source, pile in enumerate(position.tableau):
        for by_count in _COLUMN_MOVES[source][: min(len(pile) + 1, _MAX_COUNT)]:
            moves.extend(by_count)
    return moves


def full_universe(position: Position) -> list[Move]:
    """``all_moves`` for the position's columns, plus column moves of every count up to
    each source's size + 1 where that is above 20 (long columns of the family games)."""
    columns = len(position.tableau)
    moves = list(all_moves(columns))
    for source, pile in enumerate(position.tableau):
        for count in range(_MAX_COUNT + 1, len(pile) + 2):
            moves.extend(
                Move.column_to_column(source, target, count=count)
                for target in range(columns)
                if target != source
            )
    return moves


_SIZED_BY_COLUMNS: dict[int, tuple[tuple[Move, ...], tuple[tuple[tuple[Move, ...], ...], ...]]] = {}


def sized_universe(position: Position) -> list[Move]:
    """:func:`full_universe` with column moves only up to each source's size + 1.

    Larger counts are all refused for the same reason (too few cards); used for
    the family games' playouts, whose wide tableaus make the full set slow.
    """
    columns = len(position.tableau)
    cached = _SIZED_BY_COLUMNS.get(columns)
    if cached is None:
        moves = all_moves(columns)
        one_card = tuple(m for m in moves if m.kind is not MoveKind.COLUMN_TO_COLUMN)
        by_source = tuple(
            tuple(
                tuple(
                    m
                    for m in moves
                    if m.kind is MoveKind.COLUMN_TO_COLUMN
                    and m.source == source
                    and m.count == count
                )
                for count in range(1, _MAX_COUNT + 1)
            )
            for source in range(columns)
        )
        cached = _SIZED_BY_COLUMNS[columns] = (one_card, by_source)
    one_card, by_source = cached
    universe = list(one_card)
    for source, pile in enumerate(position.tableau):
        for by_count in by_source[source][: len(pile) + 1]:
            universe.extend(by_count)
        for count in range(_MAX_COUNT + 1, len(pile) + 2):
            universe.extend(
                Move.column_to_column(source, target, count=count)
                for target in range(columns)
                if target != source
            )
    return universe


def expected_count(variant: Variant, move: Move) -> int | None:
    """The count a legal move of this kind carries (column moves: any count >= 1)."""
    if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
        return None
    if move.kind is MoveKind.COLUMN_TO_FOUNDATION and variant.foundations.complete_runs:
        return 13  # a spider run
    return 1


def accepted_moves(
    variant: Variant, position: Position, universe: Iterable[Move] | None = None
) -> set[Move]:
    """Every move of ``universe`` that check_move accepts (default: :func:`full_universe`).

    Moves are canonical (``wf:1`` is ``wf``), so the accepted moves are compared
    with the generated ones as they are.
    """
    accepted: set[Move] = set()
    for move in full_universe(position) if universe is None else universe:
        if check_move(variant, position, move) is not None:
            continue
        if move.kind is not MoveKind.COLUMN_TO_COLUMN:
            # A count above 1 on a one-card move is never legal (WASTE_TOP_ONLY,
            # FOUNDATION_SINGLE_CARD), a spider run is 13 cards, and draw /
            # recycle take no count.
            assert move.count == expected_count(variant, move), f"{move} accepted"
        accepted.add(move)
    return accepted


def assert_generator_agrees(
    variant: Variant, position: Position, universe: Iterable[Move] | None = None
) -> tuple[Move, ...]:
    """Generator/predicate agreement, order and shape at one position; returns the moves.

    ``universe``: the moves to try with check_move (default: every move of
    RULES.md section 11 and FAMILY.md 1.8 with counts up to 20, or up to a
    longer column's size).
    """
    moves = legal_moves(variant, position)
    assert isinstance(moves, tuple)
    lazy = generate_moves(variant, position)
    assert isinstance(lazy, Iterator)
    assert tuple(lazy) == moves
    assert len(set(moves)) == len(moves), f"duplicates in {texts(moves)}"
    keys = [order_key(move) for move in moves]
    assert keys == sorted(keys), f"not in the documented order: {texts(moves)}"
    for move in moves:
        assert check_move(variant, position, move) is None, f"{move} generated but refused"
        if move.kind is MoveKind.COLUMN_TO_COLUMN:
            assert move.count is not None and move.count >= 1, f"{move} without its count"
        else:
            # Changed on purpose (api-changes: moves are canonical): one-card
            # moves carry count 1 (it was None); draw and recycle carry none.
            assert move.count == expected_count(variant, move), f"{move}: wrong count"
    assert set(moves) == accepted_moves(variant, position, universe), (
        f"generated {texts(moves)} at {position.to_text()}"
    )
    # Count-less column moves (RULES.md section 11): parse_move resolves ``ab``
    # to the longest legal group from a to b, so it is legal exactly when some
    # ``ab:n`` is; when none is, to a group that check_move refuses. In the
    # Klondike-rules games at most one group of a column fits (unambiguous).
    column_moves = [m for m in moves if m.kind is MoveKind.COLUMN_TO_COLUMN]
    for text in countless_texts(len(position.tableau)):
        resolved = parse_move(variant, position, text)
        assert resolved.kind is MoveKind.COLUMN_TO_COLUMN and resolved.count is not None
        pair = (resolved.source, resolved.target)
        legal = [m for m in column_moves if (m.source, m.target) == pair]
        if variant in KLONDIKE_RULE_VARIANTS:
            assert len(legal) <= 1, f"two groups of one column fit: {texts(tuple(legal))}"
        accepted = check_move(variant, position, resolved) is None
        assert accepted == bool(legal), f"{text} -> {resolved} at {position.to_text()}"
        if legal:
            assert resolved == max(legal, key=lambda m: m.count or 0)
    if position.is_won:
        assert moves == ()
    return moves


def _progress(position: Position, move: Move) -> int:
    kind = move.kind
    if kind in (MoveKind.COLUMN_TO_FOUNDATION, MoveKind.WASTE_TO_FOUNDATION):
        return 0
    if kind is MoveKind.COLUMN_TO_COLUMN:
        assert move.source is not None and move.count is not None
        start = len(position.tableau[move.source]) - move.count
        return 1 if 0 < start == position.face_down[move.source] else 4
    if kind is MoveKind.WASTE_TO_COLUMN:
        return 2
    if kind in (MoveKind.DRAW, MoveKind.RECYCLE):
        return 3
    return 5


def greedy_playout(variant: Variant, deal: int, seed: int, steps: int) -> list[Position]:
    """Positions along a line that mostly plays foundation moves and flips first.

    Reaches the late game (many cards home, empty columns, sometimes a win),
    which uniform play rarely does.
    """
    rng = random.Random(seed)
    position = deal_position(variant, deal)
    line = [position]
    for _ in range(steps):
        moves = legal_moves(variant, position)
        if not moves:
            break
        if rng.random() < 0.85:
            best = min(_progress(position, move) for move in moves)
            move = rng.choice([m for m in moves if _progress(position, m) == best])
        else:
            move = rng.choice(moves)
        position = apply_move(variant, position, move)
        line.append(position)
    return line


WON = Position(((),) * 7, (0,) * 7, (), (), (13, 13, 13, 13), 0)


def won_position(variant: Variant) -> Position:
    """Every card of the variant on its foundations (WON for the Klondike layout)."""
    columns = variant.columns
    slots = variant.foundation_slots
    return Position(((),) * columns, (0,) * columns, (), (), (13,) * slots, 0)


def expected_kinds(variant: Variant) -> set[MoveKind]:
    """The kinds of move a variant has at all."""
    expected = set(MoveKind)
    if not variant.foundation_takeback:
        expected.discard(MoveKind.FOUNDATION_TO_COLUMN)
    if variant.recycle_limit == 0:
        expected.discard(MoveKind.RECYCLE)
    if not variant.has_waste:
        expected -= {MoveKind.WASTE_TO_FOUNDATION, MoveKind.WASTE_TO_COLUMN}
    if not variant.has_reserve:
        expected -= {MoveKind.RESERVE_TO_FOUNDATION, MoveKind.RESERVE_TO_COLUMN}
    if isinstance(variant.stock, NoStock):
        expected.discard(MoveKind.DRAW)
    return expected


# --- generator/predicate agreement -----------------------------------------------


@pytest.mark.parametrize("name", sorted(SHIPPED_VARIANTS))
def test_generator_agrees_with_check_move_on_playouts(name: str) -> None:
    variant = SHIPPED_VARIANTS[name]
    seen_kinds: set[MoveKind] = set()
    checked = 0
    # Three deals, or more for games whose lines end early (blocked or won),
    # until at least 90 positions are checked.
    for seed in itertools.count():
        if seed >= 3 and checked >= 90:
            break
        assert seed < 60, f"only {checked} positions checked"
        deal = random.Random(f"{name}-{seed}").randrange(26**7)
        for line in (
            random_playout(variant, deal, seed, 240),
            greedy_playout(variant, deal, seed, 240),
        ):
            for index, position in enumerate(line):
                # Every 12th position and the last, plus each position that
                # offers a kind of move not checked yet (rare ones: recycles,
                # waste plays, take-backs).
                kinds = {move.kind for move in legal_moves(variant, position)}
                if index % 12 == 0 or index == len(line) - 1 or not kinds <= seen_kinds:
                    universe = (
                        None if variant in KLONDIKE_RULE_VARIANTS else sized_universe(position)
                    )
                    assert_generator_agrees(variant, position, universe)
                    seen_kinds |= kinds
                    checked += 1
    assert checked >= 90
    # The sample is worth something only if it checks every kind of move the
    # variant has (take-backs only where allowed; recycles where the stock may
    # go round more than once; waste, reserve and stock moves where they exist).
    expected = expected_kinds(variant)
    assert seen_kinds <= expected
    if variant.foundations.complete_runs:
        # A complete King-to-Ace suit run rarely forms in random play: spider
        # runs to the foundations are checked on hand-made positions below.
        expected.discard(MoveKind.COLUMN_TO_FOUNDATION)
    assert seen_kinds >= expected


@settings(deadline=None)  # a playout of up to 200 moves per example; no wall-clock limit
@given(reachable_positions())
def test_generator_agrees_with_check_move_on_reachable_positions(
    case: tuple[Variant, Position],
) -> None:
    variant, position = case
    assert_generator_agrees(variant, position)


@pytest.mark.parametrize("name", sorted(SHIPPED_VARIANTS))
def test_won_position_has_no_move(name: str) -> None:
    # RULES.md section 5: once won, no move is legal, not even a take-back from
    # a full foundation onto the (empty) tableau.
    variant = SHIPPED_VARIANTS[name]
    won = won_position(variant)
    if variant in KLONDIKE_RULE_VARIANTS:
        assert won == WON
    won.validate()
    assert won.is_won
    assert legal_moves(variant, won) == ()
    assert list(generate_moves(variant, won)) == []
    for move in all_moves(variant.columns):
        refusal = check_move(variant, won, move)
        assert refusal is not None and refusal.rule is RuleId.GAME_WON, move
    for text in countless_texts(variant.columns):
        refusal = check_move(variant, won, parse_move(variant, won, text))
        assert refusal is not None and refusal.rule is RuleId.GAME_WON, text
    assert_generator_agrees(variant, won)


def test_generate_moves_is_lazy() -> None:
    # A generator function runs nothing before the first next(): handing it a
    # broken "position" fails only once iteration starts, with the library's error.
    broken = cast(Position, None)
    moves = generate_moves(KLONDIKE, broken)
    assert isinstance(moves, Iterator)
    assert iter(moves) is moves
    with pytest.raises(InvalidArgumentError, match="Variant and a Position"):
        next(moves)
    # and it can be consumed one move at a time
    position = deal_code_position("KL1-D1N-AAAAAAG")
    lazy = generate_moves(KLONDIKE, position)
    assert str(next(lazy)) == "1f"
    assert [str(move) for move in lazy] == ["7f", "54:1", "d"]


def test_generated_moves_play_as_their_checked_form() -> None:
    # apply_move (unchecked) and play_move (checked) agree on generated moves,
    # and parse_move resolves a count-less column move to the generated group.
    for variant in (KLONDIKE, REFLECHI_DRAW_3, TRADITIONAL_DRAW_3):
        for position in random_playout(variant, 4242, 7, 150)[::5]:
            for move in legal_moves(variant, position):
                after = apply_move(variant, position, move)
                assert play_move(variant, position, move) == after
                if move.kind is MoveKind.COLUMN_TO_COLUMN:
                    # A count-less move is no Move now (api-changes): parse_move
                    # resolves its text to the generated group.
                    assert move.source is not None and move.target is not None
                    text = f"{move.source + 1}{move.target + 1}"
                    countless = parse_move(variant, position, text)
                    assert countless == move
                    assert play_move(variant, position, countless) == after


# --- hand-worked positions ------------------------------------------------------


def test_opening_of_deal_6_by_hand() -> None:
    # RULES.md section 8: deal 6 (AAAAAAG) has AD alone in column 1 and AH on
    # top of column 7. The other tops (from `solitaire-core deal
    # KL1-D1N-AAAAAAG`, and the same in tests/data/deal_vectors.json) are JC,
    # KD, TC, 9D, 3S in columns 2..6; the waste is empty and the foundations
    # too. By RULES.md section 3:
    # - AD and AH go to their empty foundations: 1f, 7f;
    # - 9D (red 9) fits on TC (black 10): 54:1; JC needs a red Q, KD an empty
    #   column (none), TC a red J, 3S a red 4, AD/AH a black 2: none is there;
    # - the waste is empty, the foundations are empty: no waste move, no take-back;
    # - the stock holds 24 cards: d.
    # Documented order: column to foundation 1..7, column to column, draw.
    position = deal_code_position("KL1-D1N-AAAAAAG")
    assert [pile[-1] for pile in position.tableau] == list(cards("AD JC KD TC 9D 3S AH"))
    assert position.waste == () and position.foundations == (0, 0, 0, 0)
    assert texts(legal_moves(KLONDIKE, position)) == ["1f", "7f", "54:1", "d"]
    # Réfléchi deals the same cards face up, but in no column is the top card
    # in sequence on the card under it (2H JC, 3D KD, 8D TC, 7D 9D, KC 3S,
    # 4D AH), so only the tops can move and the moves are the same.
    assert texts(legal_moves(REFLECHI, deal_code_position("TF1-D1N-AAAAAAG"))) == [
        "1f",
        "7f",
        "54:1",
        "d",
    ]


def test_deal_10_take_back_after_one_move() -> None:
    # Deal 10 (AAAAAAK) opens with the tops AS, 6S, TC, 8D, AD, 7C, 2D (checked
    # against the reference model, written from RULES.md). By hand:
    # AS and AD go home (1f, 5f); AS fits on the red 2D of column 7 (17:1); 7C
    # fits on the red 8D (64:1); nothing else fits; then draw.
    position = deal_position(KLONDIKE, 10)
    reference = ReferenceGame(10, **REFERENCE_RULES["klondike"])
    columns = cast(list[dict[str, list[str]]], reference.snapshot()["tableau"])
    assert [column["face_up"][-1] for column in columns] == [
        "AS",
        "6S",
        "TC",
        "8D",
        "AD",
        "7C",
        "2D",
    ]
    assert texts(legal_moves(KLONDIKE, position)) == ["1f", "5f", "17:1", "64:1", "d"]
    # After 1f the AS may come back from the spades foundation onto 2D (a
    # take-back, RULES.md section 3), listed after the column moves and before
    # the draw; traditional Klondike keeps it home (section 10).
    after = play_move(KLONDIKE, position, Move.parse("1f"))
    assert texts(legal_moves(KLONDIKE, after)) == ["5f", "64:1", "fs7", "d"]
    assert texts(legal_moves(TRADITIONAL, after)) == ["5f", "64:1", "d"]
    refusal = check_move(TRADITIONAL, after, Move.parse("fs7"))
    assert refusal is not None and refusal.rule is RuleId.TAKEBACK_NOT_ALLOWED


def test_order_within_column_moves_larger_group_first() -> None:
    # Column 1 holds 9S 8H face up; 9S fits on TH (column 2) and TD (column 4),
    # 8H on 9C (column 3); 9C fits on TH and TD. Sorted by source, then the
    # larger group first, then the target.
    position = make_position(
        [("", "9S 8H"), ("", "TH"), ("", "9C"), ("", "TD"), ("", ""), ("", ""), ("", "")]
    )
    assert texts(legal_moves(KLONDIKE, position)) == [
        "12:2",
        "14:2",
        "13:1",
        "32:1",
        "34:1",
        "d",
    ]


def test_every_kind_in_order_with_take_backs() -> None:
    # Foundations: AS, AH, AD..QD, all clubs. Waste 3H. Columns:
    # 1: 2H | 2: empty | 3: (5H) KS | 4: TH | 5: 8H | 6: 6H | 7: 4H.
    position = make_position(
        [("", "2H"), ("", ""), ("5H", "KS"), ("", "TH"), ("", "8H"), ("", "6H"), ("", "4H")],
        waste="3H",
        foundations=(1, 1, 12, 13),
    )
    # 1f: 2H is the next heart. Column moves: only KS (face up) to the empty
    # column 2 (32:1); 2H needs a black 3, TH a black J, 8H a black 9, 6H a
    # black 7, 4H a black 5: none on top. The waste's 3H needs a black 4 or
    # the 2H on its foundation: no. Take-backs, suits S, H, D, C: AS onto the
    # red 2H (fs1); AH needs a black 2; QD onto the black KS (fd3); KC onto the
    # empty column 2 (fc2). Then draw.
    assert texts(legal_moves(KLONDIKE, position)) == ["1f", "32:1", "fs1", "fd3", "fc2", "d"]
    assert texts(legal_moves(TRADITIONAL_DRAW_3, position)) == ["1f", "32:1", "d"]
    assert_generator_agrees(KLONDIKE, position)
    assert_generator_agrees(TRADITIONAL_DRAW_3, position)


def test_reflechi_moves_only_ordered_groups() -> None:
    # RULES.md section 3: Klondike moves any face-up card with the cards on
    # it; Réfléchi only a group already in order. Column 3 holds 8S 3D 7H face
    # up: 8S fits on the 9D of column 4, but 3D, 7H on it are not in order.
    # Column 1's KS QH JC is in order and may go to each empty column.
    position = make_position(
        [("", "KS QH JC"), ("", ""), ("", "8S 3D 7H"), ("", "9D"), ("", ""), ("", ""), ("", "")]
    )
    king_moves = ["12:3", "15:3", "16:3", "17:3"]
    assert texts(legal_moves(KLONDIKE, position)) == [*king_moves, "34:3", "d"]
    assert texts(legal_moves(REFLECHI, position)) == [*king_moves, "d"]
    for text in ("34", "34:3"):
        refusal = check_move(REFLECHI, position, parse_move(REFLECHI, position, text))
        assert refusal is not None and refusal.rule is RuleId.GROUP_NOT_IN_SEQUENCE
    assert parse_move(REFLECHI, position, "34") == Move.parse("34:3")
    assert parse_move(KLONDIKE, position, "34") == Move.parse("34:3")
    assert_generator_agrees(KLONDIKE, position)
    assert_generator_agrees(REFLECHI, position)


@pytest.mark.parametrize("variant", [SPIDERETTE, WILL_O_THE_WISP], ids=str)
def test_spider_runs_go_home_whole(variant: Variant) -> None:
    # FAMILY.md: in spider-type games only a complete King-to-Ace suit run goes
    # to a foundation, all 13 cards at once ("1f" is "1f:13"). Column 1 holds
    # a face-down KC under the spade run; column 2 a run of hearts with the 7
    # of diamonds in it (not one suit); column 3 a run of 12 clubs.
    position = build(
        "KC|KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
        " / |KH QH JH TH 9H 8H 7D 6H 5H 4H 3H 2H AH"
        " / |QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC / | / | / | / |",
        stock="*",
    )
    moves = assert_generator_agrees(variant, position)
    home = [move for move in moves if move.kind is MoveKind.COLUMN_TO_FOUNDATION]
    assert home == [Move.parse("1f:13")]
    assert parse_move(variant, position, "1f") == Move.parse("1f:13")
    for text in ("1f:1", "2f:13", "2f", "3f", "3f:12"):
        refusal = check_move(variant, position, parse_move(variant, position, text))
        assert refusal is not None and refusal.rule is RuleId.FOUNDATION_COMPLETE_RUN_ONLY, text
    after = apply_move(variant, position, Move.parse("1f:13"))
    assert after.foundations == (13, 0, 0, 0)
    assert after.tableau[0] == cards("KC") and after.face_down[0] == 0
    assert_generator_agrees(variant, after)


@pytest.mark.parametrize(
    ("variant", "recycles", "recycle_legal"),
    [
        # RULES.md section 4
        (KLONDIKE, 5, True),  # unlimited
        (KLONDIKE_DRAW_3, 5, True),
        (KLONDIKE_VEGAS, 0, False),  # one pass
        (KLONDIKE_VEGAS_DRAW_3, 0, False),
        (REFLECHI, 5, True),
        (REFLECHI_DRAW_3, 5, True),
        (TRADITIONAL, 0, False),  # draw 1: one pass
        (TRADITIONAL_DRAW_3, 1, True),  # draw 3: three passes = two recycles
        (TRADITIONAL_DRAW_3, 2, False),
        (RULE_CARD, 5, True),
        (RULE_CARD_DRAW_3, 5, True),
    ],
)
def test_recycle_offered_by_the_redeal_limits(
    variant: Variant, recycles: int, recycle_legal: bool
) -> None:
    opening = deal_position(variant, 6)
    # The stock turned over onto the waste: stock empty, waste full.
    exhausted = Position(
        opening.tableau,
        opening.face_down,
        (),
        opening.stock[::-1],
        opening.foundations,
        recycles,
    )
    moves = assert_generator_agrees(variant, exhausted)
    assert (Move.parse("r") in moves) == recycle_legal
    assert Move.parse("d") not in moves
    # And with cards in the stock, draw and never recycle (section 3 [decision]).
    moves = assert_generator_agrees(variant, opening)
    assert moves[-1] == Move.parse("d")
    assert Move.parse("r") not in moves


# --- differential test against the reference model --------------------------------


# Only the Klondike-rules variants: the reference model is RULES.md's (the
# family games are FAMILY.md's, modelled by tests/family_reference.py).
@pytest.mark.parametrize("name", sorted(REFERENCE_RULES))
def test_against_reference_model(name: str) -> None:
    variant = SHIPPED_VARIANTS[name]
    rules = REFERENCE_RULES[name]
    played = 0
    for seed in range(2):
        rng = random.Random(f"reference-{name}-{seed}")
        deal = rng.randrange(26**7)
        reference = ReferenceGame(deal, **rules)
        position = deal_position(variant, deal)
        assert position_to_json(position) == reference.snapshot()
        greedy = seed == 1
        for _ in range(200):
            moves = legal_moves(variant, position)
            assert set(texts(moves)) == reference.legal_moves(), (name, deal, played)
            if not moves:
                break
            if greedy and rng.random() < 0.85:
                best = min(_progress(position, move) for move in moves)
                move = rng.choice([m for m in moves if _progress(position, m) == best])
            else:
                move = rng.choice(moves)
            position = apply_move(variant, position, move)
            reference.play(str(move))
            played += 1
            assert position_to_json(position) == reference.snapshot(), (name, deal, str(move))
    assert played >= 200
