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

import random
from collections.abc import Iterable, Iterator
from typing import Any, cast

import pytest
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
    play_move,
    position_to_json,
    resolve_move,
)

# --- every syntactically possible move (RULES.md section 11) ----------------

_CARD_MOVE_BODIES = (
    ["wf"]
    + [f"w{column}" for column in range(1, 8)]
    + [f"{column}f" for column in range(1, 8)]
    + [f"f{suit}{column}" for suit in "shdc" for column in range(1, 8)]
)
_COLUMN_PAIRS = [f"{a}{b}" for a in range(1, 8) for b in range(1, 8) if a != b]
MOVE_TEXTS: tuple[str, ...] = tuple(
    ["d", "r"]
    + _CARD_MOVE_BODIES
    # counts on one-card moves: ``wf:2`` is a drag of two cards (refused), ``wf:1`` redundant
    + [f"{body}:{count}" for body in _CARD_MOVE_BODIES for count in (1, 2, 3)]
    + _COLUMN_PAIRS
    + [f"{pair}:{count}" for pair in _COLUMN_PAIRS for count in range(1, 21)]
    # a group onto its own column is never legal (SAME_COLUMN)
    + [f"{a}{a}" for a in range(1, 8)]
    + [f"{a}{a}:1" for a in range(1, 8)]
)
ALL_MOVES: tuple[Move, ...] = tuple(Move.parse(text) for text in MOVE_TEXTS)
_COUNTLESS_COLUMN_MOVES = tuple(
    move for move in ALL_MOVES if move.kind is MoveKind.COLUMN_TO_COLUMN and move.count is None
)

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
    # seed 003: no take-back; draw 1 one pass, draw 3 three passes (two recycles)
    "traditional": {**_KLONDIKE_RULES, "draw": 1, "recycle_limit": 0, "takeback": False},
    "traditional-draw3": {**_KLONDIKE_RULES, "draw": 3, "recycle_limit": 2, "takeback": False},
    # seed 004: draw 1 (and a draw 3 variant), unlimited recycles, take-back allowed
    "rule-card": {**_KLONDIKE_RULES, "draw": 1},
    "rule-card-draw3": {**_KLONDIKE_RULES, "draw": 3},
}


def test_reference_table_covers_every_shipped_variant() -> None:
    assert set(REFERENCE_RULES) == set(SHIPPED_VARIANTS)


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
    if kind is MoveKind.COLUMN_TO_FOUNDATION:  # 1. columns 1..7
        assert move.source is not None
        return (1, move.source, 0, 0)
    if kind is MoveKind.WASTE_TO_FOUNDATION:  # 2.
        return (2, 0, 0, 0)
    if kind is MoveKind.COLUMN_TO_COLUMN:  # 3. source, larger group first, target
        assert move.source is not None and move.target is not None and move.count is not None
        return (3, move.source, -move.count, move.target)
    if kind is MoveKind.WASTE_TO_COLUMN:  # 4. columns 1..7
        assert move.target is not None
        return (4, move.target, 0, 0)
    if kind is MoveKind.FOUNDATION_TO_COLUMN:  # 5. suits S, H, D, C, then columns
        assert move.source is not None and move.target is not None
        return (5, move.source, move.target, 0)
    return (6, 0, 0, 0)  # 6. draw or recycle


_ONE_CARD_MOVES = tuple(Move.parse(text) for text in ["d", "r", *_CARD_MOVE_BODIES])
# _COLUMN_MOVES[source][count]: the column moves of ALL_MOVES from ``source``
# with that count (count 0: without a count).
_COLUMN_MOVES: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(
        tuple(
            move
            for move in ALL_MOVES
            if move.kind is MoveKind.COLUMN_TO_COLUMN
            and move.source == source
            and (move.count or 0) == count
        )
        for count in range(21)
    )
    for source in range(7)
)


def short_universe(position: Position) -> list[Move]:
    """A cheaper try-set for the state machine, which checks agreement at every step.

    The one-card moves without a count, and the column moves without a count or
    with a count of at most the source's size + 1 (all larger counts are refused
    for the same reason). The tests of this module use all of ``ALL_MOVES``.
    """
    moves = list(_ONE_CARD_MOVES)
    for source, pile in enumerate(position.tableau):
        for by_count in _COLUMN_MOVES[source][: min(len(pile) + 1, 20) + 1]:
            moves.extend(by_count)
    return moves


def accepted_moves(
    variant: Variant, position: Position, universe: Iterable[Move] = ALL_MOVES
) -> set[Move]:
    """Every move of ``universe`` that check_move accepts, in generated (canonical) form.

    Count-less column moves are resolved (``35`` -> ``35:2``); a redundant ``:1``
    on a one-card move is dropped (``wf:1`` -> ``wf``).
    """
    accepted: set[Move] = set()
    for move in universe:
        if check_move(variant, position, move) is not None:
            continue
        if move.kind is MoveKind.COLUMN_TO_COLUMN:
            resolved = resolve_move(variant, position, move)
            assert resolved.count is not None, f"{move} accepted but not resolved"
            if move.count is not None:
                assert resolved == move
            accepted.add(resolved)
        else:
            # A count above 1 on a one-card move is never legal (WASTE_TOP_ONLY,
            # FOUNDATION_SINGLE_CARD), and draw / recycle take no count.
            assert move.count in (None, 1), f"{move} accepted"
            accepted.add(Move(move.kind, move.source, move.target))
    return accepted


def assert_generator_agrees(
    variant: Variant, position: Position, universe: Iterable[Move] = ALL_MOVES
) -> tuple[Move, ...]:
    """Generator/predicate agreement, order and shape at one position; returns the moves.

    ``universe``: the moves to try with check_move (default: every move of
    RULES.md section 11 with counts up to 20).
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
            assert move.count is None, f"{move}: only column moves carry a count"
    assert set(moves) == accepted_moves(variant, position, universe), (
        f"generated {texts(moves)} at {position.to_text()}"
    )
    # RULES.md section 11: a count-less column move is unambiguous, so ``ab`` is
    # accepted exactly when some ``ab:n`` is, and then names that group.
    column_moves = [m for m in moves if m.kind is MoveKind.COLUMN_TO_COLUMN]
    for move in _COUNTLESS_COLUMN_MOVES:
        legal = [m for m in column_moves if (m.source, m.target) == (move.source, move.target)]
        assert len(legal) <= 1, f"two groups of one column fit: {texts(tuple(legal))}"
        accepted = check_move(variant, position, move) is None
        assert accepted == bool(legal), f"{move} at {position.to_text()}"
        if legal:
            assert resolve_move(variant, position, move) == legal[0]
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

# --- generator/predicate agreement -----------------------------------------------


@pytest.mark.parametrize("name", sorted(SHIPPED_VARIANTS))
def test_generator_agrees_with_check_move_on_playouts(name: str) -> None:
    variant = SHIPPED_VARIANTS[name]
    seen_kinds: set[MoveKind] = set()
    checked = 0
    for seed in range(3):
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
                    assert_generator_agrees(variant, position)
                    seen_kinds |= kinds
                    checked += 1
    assert checked >= 90
    # The sample is worth something only if it checks every kind of move the
    # variant has (take-backs only where allowed; recycles where the stock may
    # go round more than once).
    expected = set(MoveKind)
    if not variant.foundation_takeback:
        expected.discard(MoveKind.FOUNDATION_TO_COLUMN)
    if variant.recycle_limit == 0:
        expected.discard(MoveKind.RECYCLE)
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
    WON.validate()
    assert legal_moves(variant, WON) == ()
    assert list(generate_moves(variant, WON)) == []
    for move in ALL_MOVES:
        refusal = check_move(variant, WON, move)
        assert refusal is not None and refusal.rule is RuleId.GAME_WON, move
    assert_generator_agrees(variant, WON)


def test_generate_moves_is_lazy() -> None:
    # A generator function runs nothing before the first next(): handing it a
    # broken "position" fails only once iteration starts.
    broken = cast(Position, None)
    moves = generate_moves(KLONDIKE, broken)
    assert isinstance(moves, Iterator)
    assert iter(moves) is moves
    with pytest.raises(AttributeError):
        next(moves)
    # and it can be consumed one move at a time
    position = deal_code_position("KL1-D1N-AAAAAAG")
    lazy = generate_moves(KLONDIKE, position)
    assert str(next(lazy)) == "1f"
    assert [str(move) for move in lazy] == ["7f", "54:1", "d"]


def test_generated_moves_play_as_their_checked_form() -> None:
    # apply_move (unchecked) and play_move (checked) agree on generated moves,
    # and play_move resolves a count-less column move to the generated group.
    for variant in (KLONDIKE, REFLECHI_DRAW_3, TRADITIONAL_DRAW_3):
        for position in random_playout(variant, 4242, 7, 150)[::5]:
            for move in legal_moves(variant, position):
                after = apply_move(variant, position, move)
                assert play_move(variant, position, move) == after
                if move.kind is MoveKind.COLUMN_TO_COLUMN:
                    countless = Move(move.kind, move.source, move.target)
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
        refusal = check_move(REFLECHI, position, Move.parse(text))
        assert refusal is not None and refusal.rule is RuleId.GROUP_NOT_IN_SEQUENCE
    assert resolve_move(KLONDIKE, position, Move.parse("34")) == Move.parse("34:3")
    assert_generator_agrees(KLONDIKE, position)
    assert_generator_agrees(REFLECHI, position)


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


@pytest.mark.parametrize("name", sorted(SHIPPED_VARIANTS))
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
