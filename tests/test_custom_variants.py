"""Custom variants built from policies work with the rules unchanged (STYLE.md: variants are data).

Two variants defined here:

* Klondike with any card allowed on an empty column (a house rule), by
  ``attrs.evolve(KLONDIKE, empty_column=ANY_CARD)``;
* Whitehead: all cards dealt face up, building down by the same colour, any
  card on an empty column, and only runs of one suit move together (a group
  policy written here). Whitehead now ships too (FAMILY.md 3.2, with the
  shipped SUIT_RUN policy); the two must play alike.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs
import pytest
from builders import build
from strategies import random_playout

from solitaire_core import (
    KLONDIKE,
    IllegalMoveError,
    Move,
    MoveKind,
    Position,
    RuleId,
    Variant,
    check_move,
    deal_code_position,
    deal_position,
    is_legal,
    legal_moves,
    parse_cards,
    parse_move,
    play_move,
)
from solitaire_core.cards import SUITS, Card
from solitaire_core.variants import (
    ANY_CARD,
    ANY_FACE_UP_RUN,
    ANY_SUIT,
    DRAW_ONE,
    REFLECHI_LAYOUT,
    SAME_COLOR,
    SPIDER_FOUNDATIONS,
    SUIT_RUN,
    GroupPolicy,
    WasteStock,
)
from solitaire_core.variants import WHITEHEAD as SHIPPED_WHITEHEAD


@attrs.frozen
class SameSuitRuns:
    """Only a run of one suit, each card one rank below the one under it, moves as a group.

    The GroupPolicy protocol now also asks which rule a broken group breaks
    (``sequence_rule``), whether counts are limited, and whether only built
    runs move (api-changes: GroupPolicy has sequence_rule, limits_counts,
    check_count, moves_only_built_runs).
    """

    sequence_rule: RuleId = RuleId.GROUP_NOT_SAME_SUIT
    limits_counts: bool = attrs.field(default=False, init=False)

    def check_count(self, count: int, column_size: int, free_columns: int) -> RuleId | None:
        return None

    def moves_only_built_runs(self, build_table: Sequence[bool]) -> bool:
        return True

    def lowest_movable_index(
        self, pile: Sequence[Card], face_down: int, build_table: Sequence[bool]
    ) -> int:
        i = len(pile) - 1
        if i < face_down:
            return len(pile)
        while (
            i > face_down
            and SUITS[pile[i - 1]] == SUITS[pile[i]]
            and build_table[pile[i - 1] * 52 + pile[i]]
        ):
            i -= 1
        return i


KLONDIKE_ANY_EMPTY = attrs.evolve(
    KLONDIKE, name="Klondike, any card on an empty column", empty_column=ANY_CARD, code_prefix=None
)
# Old all_face_up=True / recycle_limit=0 -> the Réfléchi layout and a one-pass
# waste stock (api-changes: those are read-only properties now).
WHITEHEAD = Variant(
    name="Whitehead",
    layout=REFLECHI_LAYOUT,
    stock=WasteStock(recycle_limit=0),
    build=SAME_COLOR,
    empty_column=ANY_CARD,
    group=SameSuitRuns(),
)
CUSTOM_VARIANTS = (KLONDIKE_ANY_EMPTY, WHITEHEAD)


def legal(variant: Variant, position: Position, text: str) -> Position:
    move = parse_move(variant, position, text)
    assert check_move(variant, position, move) is None
    assert move in legal_moves(variant, position)
    return play_move(variant, position, move)


def refused(variant: Variant, position: Position, text: str, rule: RuleId) -> None:
    move = parse_move(variant, position, text)
    refusal = check_move(variant, position, move)
    assert refusal is not None and refusal.rule is rule, refusal
    assert not is_legal(variant, position, move)
    assert move not in legal_moves(variant, position)
    with pytest.raises(IllegalMoveError) as info:
        play_move(variant, position, move)
    assert info.value.refusal == refusal


def test_the_written_policy_meets_the_protocol() -> None:
    assert isinstance(SameSuitRuns(), GroupPolicy)
    table = WHITEHEAD.build_table
    pile = parse_cards("KS 9H 8H 7H")
    assert SameSuitRuns().lowest_movable_index(pile, 0, table) == 1
    assert SameSuitRuns().lowest_movable_index(parse_cards("9D 8H"), 0, table) == 1
    assert SameSuitRuns().lowest_movable_index((), 0, table) == 0
    # It behaves like the shipped suit-run policy on the same-colour building table.
    for cards in ("KS 9H 8H 7H", "9D 8H", "9C 8C", "7C 9H 8D", "TD 9D 8D 7D"):
        pile = parse_cards(cards)
        for down in range(len(pile)):
            assert SameSuitRuns().lowest_movable_index(
                pile, down, table
            ) == SUIT_RUN.lowest_movable_index(pile, down, table)
    assert SameSuitRuns().sequence_rule is SUIT_RUN.sequence_rule


# --------------------------------------------------------------------------
# Klondike with any card on an empty column.


def test_a_queen_may_go_to_an_empty_column() -> None:
    # The real line of tests/test_refusals.py: KL1-D1N-AAAAAAM, after 13:1
    # (JS onto QH) column 1 is empty and column 3 shows QH JS; Klondike refuses
    # "31:2" with EMPTY_COLUMN_KING_ONLY.
    position = play_move(KLONDIKE, deal_code_position("KL1-D1N-AAAAAAM"), Move.parse("13:1"))
    refused(KLONDIKE, position, "31:2", RuleId.EMPTY_COLUMN_KING_ONLY)
    after = legal(KLONDIKE_ANY_EMPTY, position, "31:2")
    assert after.tableau[0] == parse_cards("QH JS")
    assert after.face_down[2] == 1  # the card under QH turned face up
    # Changed on purpose (api-changes: parse_move resolves "35" to the LONGEST
    # group that may go): the count-less form used to take the topmost card that
    # may go there (JS alone, 31:1); it now takes QH JS.
    assert parse_move(KLONDIKE_ANY_EMPTY, position, "31") == Move.parse("31:2")
    moves = legal_moves(KLONDIKE_ANY_EMPTY, position)
    assert {Move.parse("31:2"), Move.parse("31:1")} <= set(moves)


def test_any_card_from_waste_or_foundation_to_an_empty_column() -> None:
    position = build(
        "| / *|6S / |KH / |QC / |JD / |TC / |9D", stock="-", waste="4D", foundations="0,5,0,0"
    )
    legal(KLONDIKE_ANY_EMPTY, position, "w1")
    legal(KLONDIKE_ANY_EMPTY, position, "fh1")
    refused(KLONDIKE, position, "w1", RuleId.EMPTY_COLUMN_KING_ONLY)
    refused(KLONDIKE, position, "fh1", RuleId.EMPTY_COLUMN_KING_ONLY)
    # The building rule is Klondike's still.
    refused(KLONDIKE_ANY_EMPTY, position, "w5", RuleId.WRONG_COLOR)


# --------------------------------------------------------------------------
# Whitehead.

# All face up:
#   column 1: empty          column 5: 9C 8C (a clubs run)
#   column 2: TD             column 6: 9S
#   column 3: TS             column 7: QC
#   column 4: 7C 9H 8D       (9H 8D follow by colour and rank, but not by suit)
WHITEHEAD_MID = build("| / |TD / |TS / |7C 9H 8D / |9C 8C / |9S / |QC")


def test_whitehead_deals_all_face_up_and_plays() -> None:
    position = deal_position(WHITEHEAD, 1)
    assert position.face_down == (0,) * 7
    assert legal_moves(WHITEHEAD, position)


def test_whitehead_same_colour_build_is_legal() -> None:
    after = legal(WHITEHEAD, WHITEHEAD_MID, "63")  # 9S on TS: black on black
    assert after.tableau[2] == parse_cards("TS 9S")
    assert parse_move(WHITEHEAD, WHITEHEAD_MID, "53") == Move.parse("53:2")
    after = legal(WHITEHEAD, WHITEHEAD_MID, "53")  # 9C 8C on TS: a clubs run
    assert after.tableau[2] == parse_cards("TS 9C 8C")
    assert after.tableau[4] == ()


def test_whitehead_alternating_build_is_refused() -> None:
    # Changed on purpose (api-changes): SameColor refuses with NOT_SAME_COLOR;
    # it used WRONG_COLOR, whose message says "opposite colour".
    refused(WHITEHEAD, WHITEHEAD_MID, "62", RuleId.NOT_SAME_COLOR)  # 9S on TD
    refused(WHITEHEAD, WHITEHEAD_MID, "52:2", RuleId.NOT_SAME_COLOR)  # 9C 8C on TD
    refused(WHITEHEAD, WHITEHEAD_MID, "67", RuleId.WRONG_RANK)  # 9S on QC
    # Klondike's building rule says the opposite on the same position.
    assert is_legal(KLONDIKE, WHITEHEAD_MID, parse_move(KLONDIKE, WHITEHEAD_MID, "62"))
    assert not is_legal(KLONDIKE, WHITEHEAD_MID, parse_move(KLONDIKE, WHITEHEAD_MID, "63"))


def test_whitehead_mixed_suit_group_is_refused() -> None:
    # 9H fits TD by colour and rank, but 8D on it is another suit. Changed on
    # purpose (api-changes: a group policy names the rule a broken group breaks,
    # GroupPolicy.sequence_rule): the engine used to report GROUP_NOT_IN_SEQUENCE
    # for every group policy; SameSuitRuns declares GROUP_NOT_SAME_SUIT, as the
    # shipped SUIT_RUN does.
    refused(WHITEHEAD, WHITEHEAD_MID, "42:2", RuleId.GROUP_NOT_SAME_SUIT)
    refused(WHITEHEAD, WHITEHEAD_MID, "42", RuleId.GROUP_NOT_SAME_SUIT)
    refused(WHITEHEAD, WHITEHEAD_MID, "41:2", RuleId.GROUP_NOT_SAME_SUIT)
    # The refusal is the one the policy declares.
    in_sequence = attrs.evolve(
        WHITEHEAD,
        name="Whitehead, in-sequence wording",
        group=SameSuitRuns(sequence_rule=RuleId.GROUP_NOT_IN_SEQUENCE),
    )
    refused(in_sequence, WHITEHEAD_MID, "42:2", RuleId.GROUP_NOT_IN_SEQUENCE)
    refused(in_sequence, WHITEHEAD_MID, "42", RuleId.GROUP_NOT_IN_SEQUENCE)
    # It is the group policy that refuses: with any face-up run the group moves.
    any_run = attrs.evolve(WHITEHEAD, name="Whitehead, any run", group=ANY_FACE_UP_RUN)
    assert legal(any_run, WHITEHEAD_MID, "42:2").tableau[1] == parse_cards("TD 9H 8D")
    # The top card alone may always move: 8D to the empty column.
    assert parse_move(WHITEHEAD, WHITEHEAD_MID, "41") == Move.parse("41:1")
    after = legal(WHITEHEAD, WHITEHEAD_MID, "41")
    assert after.tableau[0] == parse_cards("8D")


# --------------------------------------------------------------------------
# The generator agrees with check_move on random playouts of these variants.


def syntactic_moves(variant: Variant, position: Position) -> Iterator[Move]:
    """Every move the notation can write for this position (counts up to one too many).

    Moves name their count now: a one-card move without one is the count 1, and
    a count-less column move (``35``) is read by parse_move against the position.
    """
    yield Move(MoveKind.DRAW)
    yield Move(MoveKind.RECYCLE)
    for count in (None, 1, 2):
        yield Move(MoveKind.WASTE_TO_FOUNDATION, count=count)
        for column in range(7):
            yield Move(MoveKind.WASTE_TO_COLUMN, target=column, count=count)
            yield Move(MoveKind.COLUMN_TO_FOUNDATION, source=column, count=count)
            for suit in range(4):
                yield Move(MoveKind.FOUNDATION_TO_COLUMN, source=suit, target=column, count=count)
    for source in range(7):
        for target in range(7):
            yield parse_move(variant, position, f"{source + 1}{target + 1}")
            for count in range(1, len(position.tableau[source]) + 2):
                yield Move(MoveKind.COLUMN_TO_COLUMN, source, target, count)


def _generated_form(move: Move) -> Move:
    """The form in which the generator yields an accepted move: the move itself (canonical)."""
    if move.kind is not MoveKind.COLUMN_TO_COLUMN:
        assert move.count == (None if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE) else 1)
    return move


@pytest.mark.parametrize("variant", CUSTOM_VARIANTS, ids=str)
def test_generator_agrees_with_check_move(variant: Variant) -> None:
    positions = 0
    for deal_number in range(20):
        for position in random_playout(variant, deal_number, seed=deal_number, steps=60):
            positions += 1
            generated = legal_moves(variant, position)
            assert len(set(generated)) == len(generated)
            for move in generated:
                assert check_move(variant, position, move) is None, (position, move)
                if move.kind is MoveKind.COLUMN_TO_COLUMN:
                    assert move.count is not None
            accepted = {
                _generated_form(move)
                for move in syntactic_moves(variant, position)
                if check_move(variant, position, move) is None
            }
            assert accepted == set(generated), position.to_text()
            if variant is WHITEHEAD:
                # The user's Whitehead and the shipped one play alike.
                assert legal_moves(SHIPPED_WHITEHEAD, position) == generated
    assert positions > 100


def test_custom_whitehead_is_the_shipped_one_but_for_the_group_policy() -> None:
    assert attrs.evolve(WHITEHEAD, group=SUIT_RUN, code_prefix="WH") == SHIPPED_WHITEHEAD
    assert WHITEHEAD.all_face_up and WHITEHEAD.recycle_limit == 0
    assert deal_position(WHITEHEAD, 7) == deal_position(SHIPPED_WHITEHEAD, 7)


# ENGINE PROBLEM (reported): a variant may pair a waste stock with spider-type
# foundations (the constructor accepts it); its "wf" is then refused with
# FOUNDATION_COMPLETE_RUN_ONLY, but the refusal (rules/check.py,
# _check_foundation_target) has no column while its detail template names one,
# so the detail reads "the top 1 cards of column ? are not ...".
SPIDER_WITH_WASTE = Variant(
    name="Spider foundations with a waste",
    stock=DRAW_ONE,
    build=ANY_SUIT,
    group=SUIT_RUN,
    empty_column=ANY_CARD,
    foundations=SPIDER_FOUNDATIONS,
    foundation_takeback=False,
)


def test_spider_foundations_refuse_a_waste_card() -> None:
    position = build("|KS / |KH / |KD / |KC / |QS / |QH / *|QD", stock="-", waste="AS")
    refused(SPIDER_WITH_WASTE, position, "wf", RuleId.FOUNDATION_COMPLETE_RUN_ONLY)


def test_spider_foundations_waste_refusal_detail_has_no_placeholder() -> None:
    position = build("|KS / |KH / |KD / |KC / |QS / |QH / *|QD", stock="-", waste="AS")
    refusal = check_move(SPIDER_WITH_WASTE, position, Move.parse("wf"))
    assert refusal is not None
    for locale in ("en", "hu", "el"):
        assert "?" not in refusal.detail(locale)


# --------------------------------------------------------------------------
# Rule tables are shared by equal policies (import time: 63 shipped games, a
# handful of policies), and an unhashable policy still gets its own tables.


class _UnhashableSameColor(type(SAME_COLOR)):  # type: ignore[misc]
    """SAME_COLOR's rule in a class whose instances cannot be hashed."""

    __hash__ = None  # type: ignore[assignment]


def test_equal_policies_share_their_tables_and_the_tables_are_right() -> None:
    seven_h, eight_d, eight_s = parse_cards("7H 8D 8S")
    first = Variant(name="A", build=type(SAME_COLOR)(), empty_column=ANY_CARD)
    second = Variant(name="B", build=type(SAME_COLOR)(), empty_column=ANY_CARD)
    assert first.build_table is second.build_table
    assert first.build_targets is second.build_targets
    assert first.empty_column_tables is second.empty_column_tables
    # Same colour (FAMILY.md 1.3, SC): 7H goes on 8D, not on 8S.
    assert first.build_table[eight_d * 52 + seven_h]
    assert not first.build_table[eight_s * 52 + seven_h]
    assert eight_d in first.build_targets[seven_h] and eight_s not in first.build_targets[seven_h]
    # Another policy, other tables: alternate colours (the default) puts 7H on 8S.
    other = Variant(name="C", empty_column=ANY_CARD)
    assert other.build_table is not first.build_table
    assert other.build_table[eight_s * 52 + seven_h]


def test_an_unhashable_policy_gets_its_own_tables() -> None:
    policy = _UnhashableSameColor()
    with pytest.raises(TypeError):
        hash(policy)
    variant = Variant(name="Unhashable same colour", build=policy)
    seven_h, eight_d, eight_s = parse_cards("7H 8D 8S")
    assert variant.build_table[eight_d * 52 + seven_h]
    assert not variant.build_table[eight_s * 52 + seven_h]
    assert variant.build_table == Variant(name="Same colour", build=SAME_COLOR).build_table
