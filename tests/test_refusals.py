"""Refusals: one test per rule id, the check order, messages (RULES.md sections 3-5, 12).

Every refusal is checked three ways (the explaining, yes/no and acting faces):
``check_move`` names the rule, ``is_legal`` says no, and ``play_move`` raises
``IllegalMoveError`` carrying the same refusal and leaves the position as it was.

``NOTHING_TO_UNDO``, ``NOTHING_TO_REDO`` and ``GAME_RESIGNED`` belong to the game session
(undo, redo, resign), not to the position rules: tests/test_game.py and
tests/test_session_end.py test them.
"""

from __future__ import annotations

import inspect
import re
import string
from typing import Any

import attrs
import pytest
from builders import build
from cli_runner import run

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_VEGAS,
    LOCALES,
    REFLECHI,
    TRADITIONAL,
    TRADITIONAL_DRAW_3,
    IllegalMoveError,
    LocaleError,
    Move,
    MoveKind,
    Position,
    Refusal,
    RuleId,
    SolitaireError,
    Variant,
    card_text,
    check_move,
    deal_code_position,
    deal_position,
    is_legal,
    legal_moves,
    parse_card,
    parse_move,
    play_move,
    require_position,
)
from solitaire_core.codes import DealCode, deal_number_to_letters
from solitaire_core.rules import check as check_module
from solitaire_core.rules.messages import DETAIL_TEMPLATES, RULE_MESSAGES
from solitaire_core.variants import (
    AGNES_SOREL,
    CANFIELD,
    EASTHAVEN,
    NINE_ACROSS,
    SAME_SUIT,
    SOMERSET,
    SPIDERETTE,
    THUMB_AND_POUCH,
    WHITEHEAD,
    YUKON,
    AlternateColors,
    lookup_variant,
)

# --------------------------------------------------------------------------
# Building positions by hand


def _is_shorthand(variant: Variant, text: str) -> bool:
    """True for text only a position completes: ``35``, and ``3f`` in spider games."""
    body = text.strip().lower()
    if ":" in body:
        return False
    if body.endswith("f"):
        return variant.foundations.complete_runs
    return body.replace("-", "").isdigit()


def refused(variant: Variant, position: Position, text: str, rule: RuleId) -> Refusal:
    """Assert that the move ``text`` is refused by ``rule`` in all three faces.

    ``text`` is read by parse_move (count-less ``35`` resolved against the position).
    """
    require_position(variant, position)  # a position of this game
    move = parse_move(variant, position, text)
    if not _is_shorthand(variant, text):
        assert move == Move.parse(text)  # complete text needs no position
    before = Position.from_text(position.to_text())
    refusal = check_move(variant, position, move)
    assert refusal is not None, f"{text} was accepted"
    assert refusal.rule is rule, f"{text}: {refusal.rule} ({refusal.explain()})"
    assert refusal.move == move
    assert not is_legal(variant, position, move)
    with pytest.raises(IllegalMoveError) as info:
        play_move(variant, position, move)
    assert info.value.refusal == refusal
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, SolitaireError)
    assert str(info.value).startswith(rule.value)
    assert position == before
    assert position.to_text() == before.to_text()
    assert move not in legal_moves(variant, position)
    return refusal


def accepted(variant: Variant, position: Position, text: str) -> None:
    """Assert that the move ``text`` is legal (the control of a refusal)."""
    require_position(variant, position)
    move = parse_move(variant, position, text)
    refusal = check_move(variant, position, move)
    assert refusal is None, f"{text}: {refusal.explain() if refusal else ''}"
    # Moves are canonical now: "w4:1" is the generated "w4", "34" the generated "34:2".
    assert move in legal_moves(variant, position)


# --------------------------------------------------------------------------
# Hand-made positions. Cards are bottom to top; "*" is every other card.

# Klondike, mid-game:
#   column 1: empty
#   column 2: 8C face down, QH face up (a Queen that would uncover a card)
#   column 3: 5C 8D face down, 9H 8S face up
#   column 4: TS          column 5: TD          column 6: JD
#   column 7: every other card face down, JC face up
#   stock 2D 3D (3D drawn next); waste 7C 2S 9D (9D playable)
#   foundations: AS on spades, AH 2H on hearts
KL_MID = build(
    "| / 8C|QH / 5C 8D|9H 8S / |TS / |TD / |JD / *|JC",
    stock="2D 3D",
    waste="7C 2S 9D",
    foundations="1,2,0,0",
)

# Foundation play: spades holds AS, hearts AH 2H. Column 1 shows AD (fits),
# column 2 shows 2S on the face-down 4C (fits), column 3 shows 3H (fits),
# column 4 shows 3S (spades needs 2S first), column 5 AC (fits).
FOUNDATION_PLAY = build(
    "|AD / 4C|2S / |3H / |3S / |AC / | / *|KC",
    stock="-",
    foundations="1,2,0,0",
)

# Take-backs: hearts holds AH..5H; column 2 shows 6S (5H fits on it),
# column 3 shows KH; column 1 is empty; spades, diamonds, clubs are empty.
TAKEBACK = build("| / *|6S / |KH / | / | / | / |", stock="-", foundations="0,5,0,0")

# Réfléchi, everything face up. Column 3 is 5C 8D 9H 8S: only 9H 8S is in
# order (8D does not go under 9H); column 4 shows 9C (8D fits on it),
# column 5 TS (9H fits), column 6 TD.
TF_MID = build("|KS / |QD / |5C 8D 9H 8S / |9C / |TS / |TD / |7S", stock="*")

# The game is won: all 52 cards on the foundations.
WON = build("|/|/|/|/|/|/|", stock="-", foundations="13,13,13,13")

# A custom variant building down in suit (RULES.md: users build variants from policies).
SAME_SUIT_KLONDIKE = attrs.evolve(KLONDIKE, name="Klondike in suit", build=SAME_SUIT)

# The family games (FAMILY.md), for the rules Klondike does not have.
# Somerset, 10 columns, no stock: column 1 holds the run 9H 8S, column 2 TC.
# With no empty column only one card moves at a time; with one, two.
SOMERSET_FULL = build("|9H 8S / |TC / |KS / |KH / |KD / |KC / |QS / |QH / |QD / |* QC", stock="-")
SOMERSET_ONE_FREE = build(
    "|9H 8S / |TC / |KS / |KH / |KD / |KC / |QS / |QH / | / |* QD QC", stock="-"
)
# Morehead (a game of a rules file): Somerset's columns, one card at a time.
MOREHEAD = lookup_variant("morehead")
# Canfield, 4 columns: column 1 holds the run 9H 8S 7D, column 2 TS, column
# 3 KC, column 4 QH; the reserve shows 6C (on the rest), stock 2C 3C, waste
# 4C; the foundations are based on the 5: the 5 of spades is home.
CANFIELD_MID = build(
    "|9H 8S 7D / |TS / |KC / |QH",
    stock="2C 3C",
    waste="4C",
    reserve="* 6C",
    base="5",
    foundations="1,0,0,0",
)
# The same with an empty reserve (its cards in the stock).
CANFIELD_NO_RESERVE = build(
    "|9H 8S 7D / |TS / |KC / |QH", waste="4C", reserve="-", base="5", foundations="1,0,0,0"
)
# A game whose stock is dealt onto the columns (no waste): KL_MID without
# its waste and foundation cards (they are in the last column).
DEALT_MID = build("| / 8C|QH / 5C 8D|9H 8S / |TS / |TD / |JD / *|JC", stock="2D 3D")
# Nine Across, 9 columns: column 1 empty, column 2 QH on a face-down 8C,
# column 3 KS; with the Ace as base an empty column takes a King.
NINE_ACROSS_ACE = build("| / 8C|QH / |KS / |TS / |TD / |JD / |JC / |9S / *|9C")
# The same before its first foundation card has fixed the base: nothing may go there.
NINE_ACROSS_NO_BASE = build("| / 8C|QH / |KS / |TS / |TD / |JD / |JC / |9S / *|9C", base="-")
# Nine Across with the 5 as base (5S home): an empty column takes a 4.
NINE_ACROSS_BASE_5 = build(
    "| / 8C|4H / 7C|QH / |TS / |TD / |JD / |JC / |9S / *|9C", base="5", foundations="1,0,0,0"
)

# Spiderette with a complete run of spades on column 2, ready to go home as 13 cards.
SPIDER_RUN = build(
    "| / |KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS / |TH / |TD / |JD / |JC / *|QC",
    stock="2D 3D",
)

# Stock and recycling.
STOCK_EMPTY_WASTE_FULL = build("|KS/|KH/|KD/|KC/|QS/|QH/|QD", stock="-", waste="*")
BOTH_EMPTY = build("|KS/|KH/|KD/|KC/*|QS/|QH/|QD", stock="-", waste="-")


# --------------------------------------------------------------------------
# One test per rule id: (variant, position, move) cases where exactly that
# rule refuses.

Case = tuple[Variant, Position, str]

CASES: dict[RuleId, list[Case]] = {
    RuleId.GAME_WON: [
        (KLONDIKE, WON, "d"),
        (KLONDIKE, WON, "r"),
        (KLONDIKE, WON, "wf"),
        (KLONDIKE, WON, "12"),
        (KLONDIKE, WON, "fs1"),  # a take-back from a full foundation is not offered
        (REFLECHI, WON, "fh3"),
    ],
    RuleId.EMPTY_SOURCE: [
        (KLONDIKE, BOTH_EMPTY, "wf"),  # empty waste
        (KLONDIKE, BOTH_EMPTY, "w1"),
        (KLONDIKE, KL_MID, "1f"),  # empty column
        (KLONDIKE, KL_MID, "12"),
        (KLONDIKE, KL_MID, "12:1"),
        (KLONDIKE, KL_MID, "35:9"),  # column 3 holds 4 cards
        (KLONDIKE, KL_MID, "35:5"),
        (KLONDIKE, KL_MID, "fd3"),  # empty diamonds foundation
        (KLONDIKE, BOTH_EMPTY, "r"),  # nothing to recycle
        (YUKON, BOTH_EMPTY, "wf"),  # a game without a waste
        (KLONDIKE, KL_MID, "rf"),  # a game without a reserve
        (KLONDIKE, KL_MID, "r1"),
        (CANFIELD, CANFIELD_NO_RESERVE, "rf"),  # an empty reserve
    ],
    RuleId.SAME_COLUMN: [
        (KLONDIKE, KL_MID, "33"),
        (KLONDIKE, KL_MID, "33:2"),
        (KLONDIKE, KL_MID, "11"),  # before EMPTY_SOURCE
    ],
    RuleId.WASTE_TOP_ONLY: [
        (KLONDIKE, KL_MID, "w3:2"),
        (KLONDIKE, KL_MID, "w4:2"),  # 9D alone would fit on TS
        (KLONDIKE, KL_MID, "wf:3"),
    ],
    RuleId.FOUNDATION_SINGLE_CARD: [
        (KLONDIKE, FOUNDATION_PLAY, "3f:2"),  # 3H alone would go up
        (KLONDIKE, FOUNDATION_PLAY, "2f:2"),
        (KLONDIKE, KL_MID, "3f:2"),  # before FOUNDATION_WRONG_RANK (8S)
        (KLONDIKE, TAKEBACK, "fh2:2"),  # 5H alone would fit on 6S
    ],
    RuleId.FACE_DOWN_CARD: [
        (KLONDIKE, KL_MID, "35:3"),  # 8D is face down
        (KLONDIKE, KL_MID, "35:4"),
        (KLONDIKE, KL_MID, "21:2"),
    ],
    RuleId.GROUP_NOT_IN_SEQUENCE: [
        (REFLECHI, TF_MID, "34:3"),  # 8D fits 9C, but 9H on 8D is not in order
        # (REFLECHI, TF_MID, "34"), which resolved to the same group: see
        # test_countless_move_blames_the_fitting_card_below_a_broken_run below.
        (REFLECHI, TF_MID, "35:3"),  # before the target (8D on TS is wrong too)
    ],
    RuleId.TAKEBACK_NOT_ALLOWED: [
        (TRADITIONAL, TAKEBACK, "fh2"),  # legal in Klondike
        (TRADITIONAL, TAKEBACK, "fs2"),  # before EMPTY_SOURCE
        (TRADITIONAL_DRAW_3, TAKEBACK, "fh2"),
    ],
    RuleId.EMPTY_COLUMN_KING_ONLY: [
        (KLONDIKE, KL_MID, "21"),  # QH, though it would uncover 8C
        (KLONDIKE, KL_MID, "21:1"),
        (KLONDIKE, KL_MID, "w1"),  # 9D
        (KLONDIKE, KL_MID, "31"),  # 9H with 8S
        (KLONDIKE, TAKEBACK, "fh1"),  # 5H
    ],
    RuleId.WRONG_COLOR: [
        (KLONDIKE, KL_MID, "w5"),  # 9D on TD: right rank, red on red
        (KLONDIKE, KL_MID, "35"),  # 9H on TD
        (KLONDIKE, KL_MID, "35:2"),
        (KLONDIKE, TAKEBACK, "fh3"),  # 5H on KH
    ],
    RuleId.WRONG_RANK: [
        (KLONDIKE, KL_MID, "w7"),  # 9D on JC: colours alternate, rank wrong
        (KLONDIKE, KL_MID, "37:2"),  # 9H on JC
    ],
    RuleId.FOUNDATION_WRONG_RANK: [
        (KLONDIKE, KL_MID, "wf"),  # 9D: diamonds needs AD
        (KLONDIKE, KL_MID, "2f"),  # QH: hearts needs 3H
        (KLONDIKE, FOUNDATION_PLAY, "4f"),  # 3S: spades needs 2S
    ],
    RuleId.STOCK_EMPTY: [
        (KLONDIKE, STOCK_EMPTY_WASTE_FULL, "d"),
        (KLONDIKE, BOTH_EMPTY, "d"),
        (KLONDIKE_VEGAS, STOCK_EMPTY_WASTE_FULL, "d"),
    ],
    RuleId.RECYCLE_NOT_ALLOWED: [
        (KLONDIKE_VEGAS, STOCK_EMPTY_WASTE_FULL, "r"),
        (TRADITIONAL, STOCK_EMPTY_WASTE_FULL, "r"),  # draw 1: one pass
        (KLONDIKE_VEGAS, KL_MID, "r"),  # before STOCK_NOT_EMPTY
        (SPIDERETTE, DEALT_MID, "r"),  # a stock dealt onto the columns
    ],
    RuleId.STOCK_NOT_EMPTY: [
        (KLONDIKE, KL_MID, "r"),
        (TRADITIONAL_DRAW_3, KL_MID, "r"),
    ],
    RuleId.RECYCLE_LIMIT_REACHED: [
        (
            TRADITIONAL_DRAW_3,
            build("|KS/|KH/|KD/|KC/|QS/|QH/|QD", stock="-", waste="*", recycles=2),
            "r",
        ),
    ],
    RuleId.WRONG_SUIT: [
        (SAME_SUIT_KLONDIKE, KL_MID, "35:2"),  # 9H on TD: right rank, wrong suit
        (SAME_SUIT_KLONDIKE, KL_MID, "w4"),  # 9D on TS
    ],
    # The rules of the family games (FAMILY.md sections 1.3-1.7).
    RuleId.NOT_SAME_COLOR: [
        (WHITEHEAD, KL_MID, "w4"),  # 9D on TS: right rank, red on black
        (WHITEHEAD, KL_MID, "36:1"),  # 8S on JD: the colour before the rank
    ],
    RuleId.SAME_SUIT_NOT_ALLOWED: [
        (THUMB_AND_POUCH, KL_MID, "w5"),  # 9D on TD: right rank, its own suit
    ],
    RuleId.GROUP_NOT_SAME_SUIT: [
        (SPIDERETTE, DEALT_MID, "34:2"),  # 9H 8S is built down, but of two suits
        (WHITEHEAD, KL_MID, "35:2"),  # (9H on TD would fit by colour)
    ],
    RuleId.GROUP_TOO_LONG: [
        (SOMERSET, SOMERSET_FULL, "12:2"),  # no empty column: one card at a time
        (SOMERSET, SOMERSET_ONE_FREE, "19:2"),  # the empty target is no free column
    ],
    RuleId.TOP_CARD_OR_WHOLE_COLUMN: [
        (CANFIELD, CANFIELD_MID, "12:2"),  # 8S 7D: neither the top card nor the column
    ],
    RuleId.GROUP_NOT_ALLOWED: [
        (MOREHEAD, SOMERSET_ONE_FREE, "12:2"),  # 9H 8S on TC: a run, but two cards
        (MOREHEAD, SOMERSET_ONE_FREE, "19:2"),  # an empty column changes nothing
        (MOREHEAD, SOMERSET_FULL, "13:2"),  # before the target's rules (9H on KS)
    ],
    RuleId.EMPTY_COLUMN_CLOSED: [
        (AGNES_SOREL, DEALT_MID, "21"),  # QH: nothing may go to an empty column
        (AGNES_SOREL, DEALT_MID, "41"),
        (NINE_ACROSS, NINE_ACROSS_NO_BASE, "21"),  # no base yet, so no rank below it
        (NINE_ACROSS, NINE_ACROSS_NO_BASE, "31"),  # not even a King
    ],
    RuleId.EMPTY_COLUMN_WRONG_RANK: [
        (NINE_ACROSS, NINE_ACROSS_ACE, "21"),  # base Ace: only a King
        (NINE_ACROSS, NINE_ACROSS_BASE_5, "31"),  # base 5: only a 4
    ],
    RuleId.DEAL_NEEDS_NO_EMPTY_COLUMN: [
        (SPIDERETTE, DEALT_MID, "d"),  # column 1 is empty
    ],
    RuleId.FOUNDATION_COMPLETE_RUN_ONLY: [
        (SPIDERETTE, DEALT_MID, "3f"),  # "3f" is the 13-card run 3f:13; column 3 has 4 cards
        (SPIDERETTE, DEALT_MID, "7f:1"),  # one card never goes home alone
        (SPIDERETTE, SPIDER_RUN, "2f:1"),  # the run is there: it goes as 13 cards
    ],
    RuleId.RESERVE_TOP_ONLY: [
        (CANFIELD, CANFIELD_MID, "r2:2"),
        (CANFIELD, CANFIELD_MID, "rf:2"),
    ],
    RuleId.NO_STOCK: [
        (YUKON, BOTH_EMPTY, "d"),
        (YUKON, BOTH_EMPTY, "r"),
        (SOMERSET, SOMERSET_FULL, "d"),
    ],
}


SESSION_RULES = {RuleId.NOTHING_TO_UNDO, RuleId.NOTHING_TO_REDO, RuleId.GAME_RESIGNED}


def test_every_rule_id_has_a_case() -> None:
    assert set(CASES) == set(RuleId) - SESSION_RULES
    assert all(CASES.values())


@pytest.mark.parametrize("rule", sorted(CASES), ids=str)
def test_rule_refuses(rule: RuleId) -> None:
    for variant, position, text in CASES[rule]:
        refused(variant, position, text, rule)


def _all_case_refusals() -> list[Refusal]:
    refusals = []
    for rule, cases in CASES.items():
        for variant, position, text in cases:
            refusal = check_move(variant, position, parse_move(variant, position, text))
            assert refusal is not None and refusal.rule is rule
            refusals.append(refusal)
    return refusals


# --------------------------------------------------------------------------
# Controls: the same positions accept the moves that follow the rules, so the
# refusals above are about the rule named and not about a broken position.


@pytest.mark.parametrize(
    ("variant", "position", "text"),
    [
        (KLONDIKE, KL_MID, "w4"),  # 9D on TS
        (KLONDIKE, KL_MID, "34"),  # 9H 8S on TS
        (KLONDIKE, KL_MID, "34:2"),
        (KLONDIKE, KL_MID, "d"),
        (KLONDIKE, KL_MID, "w4:1"),
        (KLONDIKE, FOUNDATION_PLAY, "1f"),
        (KLONDIKE, FOUNDATION_PLAY, "2f"),
        (KLONDIKE, FOUNDATION_PLAY, "3f"),
        (KLONDIKE, FOUNDATION_PLAY, "3f:1"),
        (KLONDIKE, FOUNDATION_PLAY, "5f"),
        (KLONDIKE, TAKEBACK, "fh2"),
        (KLONDIKE, TAKEBACK, "fh2:1"),
        (KLONDIKE, STOCK_EMPTY_WASTE_FULL, "r"),
        (
            TRADITIONAL_DRAW_3,
            build("|KS/|KH/|KD/|KC/|QS/|QH/|QD", stock="-", waste="*", recycles=1),
            "r",
        ),
        (REFLECHI, TF_MID, "35"),  # 9H 8S on TS: in order
        (REFLECHI, TF_MID, "35:2"),
        (KLONDIKE, TF_MID, "34"),  # in Klondike any face-up run moves
        (SAME_SUIT_KLONDIKE, build("|TH / |9H / * | KC / | / | / | / |"), "21"),
        # the family games
        (WHITEHEAD, KL_MID, "w5"),  # 9D on TD: red on red
        (THUMB_AND_POUCH, KL_MID, "w4"),  # 9D on TS: another suit
        (SPIDERETTE, DEALT_MID, "46:1"),  # TS on JD: rank only
        (SOMERSET, SOMERSET_ONE_FREE, "12:2"),  # one empty column: two cards
        (SOMERSET, SOMERSET_ONE_FREE, "12"),
        (SOMERSET, SOMERSET_ONE_FREE, "19:1"),
        (CANFIELD, CANFIELD_MID, "12:3"),  # the whole column
        (CANFIELD, CANFIELD_MID, "12"),
        (CANFIELD, CANFIELD_MID, "r1"),  # 6C on 7D
        (MOREHEAD, SOMERSET_ONE_FREE, "19:1"),  # one card to the empty column
        (MOREHEAD, SOMERSET_ONE_FREE, "19"),
        (NINE_ACROSS, NINE_ACROSS_BASE_5, "21"),  # 4H: one below the base 5
        (NINE_ACROSS, NINE_ACROSS_ACE, "31"),  # KS: one below the Ace
        (EASTHAVEN, DEALT_MID, "d"),  # dealt onto empty columns too
        (SPIDERETTE, build("|KS / |KH / |KD / |KC / |QS / |QH / |QD", stock="*"), "d"),
    ],
)
def test_controls_are_accepted(variant: Variant, position: Position, text: str) -> None:
    accepted(variant, position, text)


def test_king_may_go_to_an_empty_column() -> None:
    # Column 2: KS QH on a face-down card; column 1 empty.
    position = build("| / 8C|KS QH / *|2C / | / | / | / |")
    accepted(KLONDIKE, position, "21")
    assert parse_move(KLONDIKE, position, "21") == Move.parse("21:2")
    refused(KLONDIKE, position, "21:1", RuleId.EMPTY_COLUMN_KING_ONLY)


# A count-less move is resolved to the topmost face-up card that fits (RULES.md
# section 11: "the group whose first card fits b"), so the group's own rule is
# reported. Column 3 of TF_MID is 5C 8D 9H 8S: 8D fits the 9C of column 4 but
# 9H on it breaks the order, so "34" is "34:3", refused GROUP_NOT_IN_SEQUENCE.
def test_countless_move_blames_the_fitting_card_below_a_broken_run() -> None:
    assert parse_move(REFLECHI, TF_MID, "34") == Move.parse("34:3")
    refused(REFLECHI, TF_MID, "34", RuleId.GROUP_NOT_IN_SEQUENCE)


def test_waste_top_only_names_the_top_card() -> None:
    refusal = refused(KLONDIKE, KL_MID, "w3:2", RuleId.WASTE_TOP_ONLY)
    assert refusal.card == parse_card("9D")
    assert refusal.count == 2


# --------------------------------------------------------------------------
# Real deals, reached by legal moves from a deal code.

# Found by the search below (`_find_queen_line`): in deal-number order, the
# first Klondike deal where ONE legal opening move empties a column while a
# Queen is the lowest face-up card of another column. The deal, by hand:
#   KL1-D1N-AAAAAAM  column 1: JS; column 3: two face-down cards under QH.
#   "13:1": JS (black jack) onto QH (red queen): column 1 is empty.
#   "31": QH with JS on it to the empty column 1: only a King may go there.
KL_QUEEN_CODE = "KL1-D1N-AAAAAAM"
KL_QUEEN_LINE = ("13:1",)
KL_QUEEN_REFUSED = "31"


def _queen_ready(position: Position) -> int | None:
    """A column whose lowest face-up card is a Queen, when a column is empty."""
    if all(position.tableau):
        return None
    for column, pile in enumerate(position.tableau):
        if pile and card_text(pile[position.face_down[column]])[0] == "Q":
            return column
    return None


def _find_queen_line(limit: int) -> tuple[str, tuple[str, ...], int]:
    for number in range(limit):
        code = DealCode("KL", deal_number=number)
        opening = deal_position(code.variant, number)
        for move in legal_moves(code.variant, opening):
            after = play_move(code.variant, opening, move)
            column = _queen_ready(after)
            if column is not None:
                return str(code), (str(move),), column
    raise AssertionError("no line found")


def test_queen_line_is_what_the_search_finds() -> None:
    code, line, column = _find_queen_line(20)
    assert code == KL_QUEEN_CODE
    assert deal_number_to_letters(12) == "AAAAAAM"
    assert line == KL_QUEEN_LINE
    assert column == 2


def test_real_deal_queen_refused_on_empty_column() -> None:
    code = DealCode.parse(KL_QUEEN_CODE)
    variant = code.variant
    position = deal_code_position(code)
    # The hand-read layout: column 1 is JS alone, column 3 shows QH.
    assert position.tableau[0] == (parse_card("JS"),)
    assert position.tableau[2][-1] == parse_card("QH") and position.face_down[2] == 2
    for text in KL_QUEEN_LINE:
        position = play_move(variant, position, Move.parse(text))
    assert position.tableau[0] == ()
    assert position.face_up(2) == (parse_card("QH"), parse_card("JS"))
    refusal = refused(variant, position, KL_QUEEN_REFUSED, RuleId.EMPTY_COLUMN_KING_ONLY)
    assert refusal.card == parse_card("QH")
    assert refusal.detail() == "QH cannot go to empty column 1"
    refused(variant, position, "31:2", RuleId.EMPTY_COLUMN_KING_ONLY)
    refused(variant, position, "31:1", RuleId.EMPTY_COLUMN_KING_ONLY)  # JS alone
    refused(variant, position, "31:3", RuleId.FACE_DOWN_CARD)


# TF1-D1N-AAAAAAB, all face up (columns bottom to top, from the deal output;
# RULES.md section 8 confirms column 1 = 7H and column 7 = JH 3S 4D KS TC TH 8C):
#   1: 7H                    5: 8H 5H 5D AH KD
#   2: 9S 6H                 6: 5C KH 7D 6C TD JC
#   3: 4H 9C 2H              7: JH 3S 4D KS TC TH 8C
#   4: 8D JS JD 2S
# "61": 6C (black six) fits 7H (red seven) on column 1, but TD and JC lie on
#       it and TD is not a red five: the group 6C TD JC is not in sequence.
# "54": AH fits 2S, but KD lies on it.
# "76": TH fits JC, but 8C lies on it.
# "62": 5C fits 6H, with the whole unordered column 6 on it.
TF_DEAL = "TF1-D1N-AAAAAAB"


@pytest.mark.parametrize(
    ("text", "card", "count"),
    [("61", "6C", 3), ("61:3", "6C", 3), ("54", "AH", 2), ("76", "TH", 2), ("62", "5C", 6)],
)
def test_real_deal_unordered_group_refused_in_first_position(
    text: str, card: str, count: int
) -> None:
    code = DealCode.parse(TF_DEAL)
    position = deal_code_position(code)
    assert position.face_down == (0,) * 7
    assert position.tableau[0] == (parse_card("7H"),)
    refusal = refused(code.variant, position, text, RuleId.GROUP_NOT_IN_SEQUENCE)
    assert refusal.card == parse_card(card)
    assert refusal.count == count
    assert refusal.column == int(text[0]) - 1


def test_real_deal_ordered_single_card_moves() -> None:
    # Control on the same deal: 7H alone (column 1) fits 8C (column 7).
    code = DealCode.parse(TF_DEAL)
    accepted(code.variant, deal_code_position(code), "17")


# --------------------------------------------------------------------------
# The documented check order (rules/check.py module docstring).


def test_order_face_down_before_colour() -> None:
    # 35:3 starts at the face-down 8D; 8D on TD would also be red on red.
    assert AlternateColors().check_build(parse_card("8D"), parse_card("TD")) is RuleId.WRONG_COLOR
    refused(KLONDIKE, KL_MID, "35:3", RuleId.FACE_DOWN_CARD)


def test_order_group_not_in_sequence_before_target() -> None:
    # 8D on TS is the wrong rank and 8D on TD both wrong colour and rank.
    refused(REFLECHI, TF_MID, "35:3", RuleId.GROUP_NOT_IN_SEQUENCE)
    refused(REFLECHI, TF_MID, "36:3", RuleId.GROUP_NOT_IN_SEQUENCE)
    # On the real deal: 6C on 6H is the wrong rank.
    code = DealCode.parse(TF_DEAL)
    refused(code.variant, deal_code_position(code), "62:3", RuleId.GROUP_NOT_IN_SEQUENCE)
    # And to an empty column: 8D is no King, but the group is reported first.
    position = build("| / |KS / |5C 8D 9H 8S / |9C / |TS / |TD / |7S")
    refused(REFLECHI, position, "31:3", RuleId.GROUP_NOT_IN_SEQUENCE)


@pytest.mark.parametrize("text", ["w6", "36:2"])
def test_order_colour_before_rank(text: str) -> None:
    # 9D / 9H on JD: red on red AND two ranks apart: the colour is reported.
    refused(KLONDIKE, KL_MID, text, RuleId.WRONG_COLOR)


def test_order_recycle_not_allowed_before_stock_not_empty() -> None:
    assert KL_MID.stock
    refused(KLONDIKE_VEGAS, KL_MID, "r", RuleId.RECYCLE_NOT_ALLOWED)
    refused(KLONDIKE, KL_MID, "r", RuleId.STOCK_NOT_EMPTY)


def test_order_recycle_checks() -> None:
    # STOCK_NOT_EMPTY before EMPTY_SOURCE (stock full, waste empty).
    position = build("|KS/|KH/|KD/|KC/|QS/|QH/|QD", stock="*", waste="-")
    refused(KLONDIKE, position, "r", RuleId.STOCK_NOT_EMPTY)
    # EMPTY_SOURCE before RECYCLE_LIMIT_REACHED (both empty, no recycle left).
    spent = build("|KS/|KH/|KD/|KC/*|QS/|QH/|QD", stock="-", waste="-", recycles=2)
    refused(TRADITIONAL_DRAW_3, spent, "r", RuleId.EMPTY_SOURCE)


def test_order_game_won_first() -> None:
    refused(KLONDIKE, WON, "d", RuleId.GAME_WON)  # not STOCK_EMPTY
    refused(KLONDIKE_VEGAS, WON, "r", RuleId.GAME_WON)  # not RECYCLE_NOT_ALLOWED
    refused(TRADITIONAL, WON, "fs1", RuleId.GAME_WON)  # not TAKEBACK_NOT_ALLOWED
    refused(KLONDIKE, WON, "11", RuleId.GAME_WON)  # not SAME_COLUMN
    assert legal_moves(KLONDIKE, WON) == ()


def test_order_simple_sources() -> None:
    refused(KLONDIKE, BOTH_EMPTY, "w3:2", RuleId.EMPTY_SOURCE)  # before WASTE_TOP_ONLY
    refused(KLONDIKE, KL_MID, "1f:2", RuleId.EMPTY_SOURCE)  # before FOUNDATION_SINGLE_CARD
    refused(KLONDIKE, KL_MID, "3f:2", RuleId.FOUNDATION_SINGLE_CARD)  # before the rank
    refused(TRADITIONAL, TAKEBACK, "fs2", RuleId.TAKEBACK_NOT_ALLOWED)  # before EMPTY_SOURCE
    refused(KLONDIKE, TAKEBACK, "fs2", RuleId.EMPTY_SOURCE)
    refused(KLONDIKE, KL_MID, "11:2", RuleId.SAME_COLUMN)  # before EMPTY_SOURCE


@pytest.mark.parametrize(
    ("variant", "position", "text", "rule", "card"),
    [
        # Klondike: column 3 = KS QH JS (face up), column 4 = TD. No black nine:
        # the top card JS is named, and JS (black) on TD (red) is only the wrong rank.
        (KLONDIKE, build("|7C / |7D / |KS QH JS / |TD / | / | / *|2C"), "34", "WRONG_RANK", "JS"),
        # TF1-D1N-AAAAAAB: no black six in column 7 for 7H; the top card 8C is named.
        (REFLECHI, deal_code_position(TF_DEAL), "71", "WRONG_RANK", "8C"),
    ],
)
def test_countless_move_without_fit_names_top_card(
    variant: Variant, position: Position, text: str, rule: str, card: str
) -> None:
    refusal = check_move(variant, position, parse_move(variant, position, text))
    assert refusal is not None
    assert (refusal.rule, refusal.card) == (RuleId(rule), parse_card(card))


def test_countless_move_names_the_card_of_the_right_rank() -> None:
    # Column 3 = 9H 8S, column 5 = TD: 9H has the right rank, so the colour is named.
    refusal = refused(KLONDIKE, KL_MID, "35", RuleId.WRONG_COLOR)
    assert (refusal.card, refusal.onto) == (parse_card("9H"), parse_card("TD"))


# --------------------------------------------------------------------------
# Rule ids and messages.

# RULES.md section 12, verbatim.
SECTION_12_IDS = [
    "EMPTY_COLUMN_KING_ONLY",
    "WRONG_COLOR",
    "WRONG_RANK",
    "GROUP_NOT_IN_SEQUENCE",
    "FACE_DOWN_CARD",
    "FOUNDATION_WRONG_RANK",
    "FOUNDATION_SINGLE_CARD",
    "WASTE_TOP_ONLY",
    "EMPTY_SOURCE",
    "STOCK_EMPTY",
    "STOCK_NOT_EMPTY",
    "RECYCLE_NOT_ALLOWED",
    "RECYCLE_LIMIT_REACHED",
    "TAKEBACK_NOT_ALLOWED",
    "SAME_COLUMN",
    "NOTHING_TO_UNDO",
]


def test_rule_ids_are_the_strings_of_section_12() -> None:
    for text in SECTION_12_IDS:
        assert RuleId(text).value == text
        assert RuleId[text] == text
        assert str(RuleId[text]) == text
    # Beyond the spec: GAME_WON (section 5), WRONG_SUIT (custom building rules).
    assert {"GAME_WON", "WRONG_SUIT"} <= {rule.value for rule in RuleId}
    assert all(rule.name == rule.value for rule in RuleId)


def test_messages_exist_for_every_rule_and_locale() -> None:
    assert set(LOCALES) >= {"en", "hu", "el"}
    for locale in ("en", "hu", "el"):
        assert set(RULE_MESSAGES[locale]) == set(RuleId)
        assert all(message.strip() for message in RULE_MESSAGES[locale].values())
    for rule in RuleId:
        assert RULE_MESSAGES["hu"][rule] != RULE_MESSAGES["en"][rule]
        assert RULE_MESSAGES["el"][rule] != RULE_MESSAGES["en"][rule]
        assert re.search("[\u0370-\u03ff]", RULE_MESSAGES["el"][rule])
    # The English messages say what section 12 says.
    assert "opposite colour" in RULE_MESSAGES["en"][RuleId.WRONG_COLOR]
    # Same-colour building refuses with its own rule (api-changes: SameColor used
    # to refuse with WRONG_COLOR, whose message says "opposite colour").
    assert "same colour" in RULE_MESSAGES["en"][RuleId.NOT_SAME_COLOR]
    assert "opposite" not in RULE_MESSAGES["en"][RuleId.NOT_SAME_COLOR]
    assert "King" in RULE_MESSAGES["en"][RuleId.EMPTY_COLUMN_KING_ONLY]


def test_detail_templates_have_the_same_keys_and_fields_in_every_locale() -> None:
    fields = {"card", "onto", "needed", "column", "suit", "count", "available", "above"}
    fields |= {"variant", "rank"}
    keys = set(DETAIL_TEMPLATES["en"])
    for locale in ("en", "hu", "el"):
        assert set(DETAIL_TEMPLATES[locale]) == keys
        for key, template in DETAIL_TEMPLATES[locale].items():
            used = {name for _, name, _, _ in string.Formatter().parse(template) if name}
            assert used <= fields, (locale, key)


def test_every_detail_formats_on_real_refusals() -> None:
    refusals = _all_case_refusals()
    covered = {refusal.detail_key for refusal in refusals}
    # Every detail key check_move can produce (read from its source) has a real
    # refusal above, except foundation_full, which cannot happen: a card of a
    # full suit is nowhere else; and run_only, which needs a custom game with a
    # waste and spider foundations (tests/test_custom_variants.py has it).
    source = inspect.getsource(check_module)
    produced = set(re.findall(r'Refusal\(\s*[\w.]+,\s*move,\s*"(\w+)"', source))
    produced |= set(re.findall(r'else "(\w+)"', source))
    # Keys chosen by a condition or by the rule (the family games' refusals):
    # `key = "waste_empty" if ... else "no_waste"`, `{RuleId.X: "king_only", ...}`.
    produced |= set(re.findall(r'"(\w+)" if ', source))
    produced |= set(re.findall(r'RuleId\.\w+: "(\w+)"', source))
    produced |= set(re.findall(r'_key = "(\w+)"', source))
    produced |= set(re.findall(r'\.get\(\w+, "(\w+)"\)', source))
    assert len(produced) >= 15
    assert produced <= set(DETAIL_TEMPLATES["en"])
    assert covered == produced - {"foundation_full", "run_only"}
    refusals.append(
        Refusal(RuleId.FOUNDATION_WRONG_RANK, Move.parse("wf"), "foundation_full", card=12, suit=0)
    )
    for refusal in refusals:
        for locale in ("en", "hu", "el"):
            detail = refusal.detail(locale)
            assert detail and "{" not in detail and "}" not in detail
            assert "None" not in detail, (refusal, locale, detail)
            assert refusal.message(locale) == RULE_MESSAGES[locale][refusal.rule]
            assert refusal.explain(locale) == f"{refusal.message(locale)} ({detail})"


@pytest.mark.parametrize(
    ("variant", "position", "text", "detail"),
    [
        (KLONDIKE, KL_MID, "w5", "9D cannot go on TD"),
        (KLONDIKE, KL_MID, "w7", "9D cannot go on JC"),
        (KLONDIKE, KL_MID, "21", "QH cannot go to empty column 1"),
        (KLONDIKE, KL_MID, "wf", "9D cannot go on the diamonds foundation, which needs AD"),
        (KLONDIKE, KL_MID, "2f", "QH cannot go on the hearts foundation, which needs 3H"),
        (KLONDIKE, KL_MID, "35:9", "column 3 has 4 cards, not 9"),
        (KLONDIKE, KL_MID, "35:3", "3 cards from column 3 would include a face-down card"),
        (KLONDIKE, KL_MID, "r", "the stock still holds 2 cards"),
        (KLONDIKE, KL_MID, "1f", "column 1 is empty"),
        (KLONDIKE, KL_MID, "33", "column 3 onto itself"),
        (KLONDIKE, KL_MID, "fd3", "the diamonds foundation is empty"),
        (REFLECHI, TF_MID, "34:3", "8D with the cards on it, 3 in all"),
        (TRADITIONAL, TAKEBACK, "fh2", "5H stays on its foundation in Traditional Klondike"),
        # The GAME_WON detail counts the cards (api-changes: all {count} cards).
        (KLONDIKE, WON, "d", "all 52 cards are on the foundations"),
        # The family games.
        (WHITEHEAD, KL_MID, "w4", "9D cannot go on TS"),
        (THUMB_AND_POUCH, KL_MID, "w5", "9D cannot go on TD"),
        (SPIDERETTE, DEALT_MID, "34:2", "9H with the cards on it, 2 in all"),
        (SOMERSET, SOMERSET_FULL, "12:2", "2 cards, but at most 1 may move now"),
        (SOMERSET, SOMERSET_ONE_FREE, "19:2", "2 cards, but at most 1 may move now"),
        (CANFIELD, CANFIELD_MID, "12:2", "2 of the 3 cards of column 1"),
        (
            CANFIELD,
            CANFIELD_MID,
            "r2:2",
            "2 cards from the reserve: only its top card 6C can be played",
        ),
        (CANFIELD, CANFIELD_NO_RESERVE, "rf", "the reserve is empty"),
        (KLONDIKE, KL_MID, "rf", "this game has no reserve"),
        (YUKON, BOTH_EMPTY, "wf", "this game has no waste"),
        (YUKON, BOTH_EMPTY, "d", "Yukon has no stock"),
        (SPIDERETTE, DEALT_MID, "d", "column 1 is empty"),
        (SPIDERETTE, DEALT_MID, "r", "Spiderette deals its stock once, without recycling"),
        (
            SPIDERETTE,
            DEALT_MID,
            "3f",
            "column 3 has no complete King-to-Ace run of one suit on top",
        ),
        (
            SPIDERETTE,
            SPIDER_RUN,
            "2f:12",
            "column 2's complete run goes to a foundation as 13 cards (2f:13), not 12",
        ),
        (AGNES_SOREL, DEALT_MID, "21", "QH cannot go to empty column 1"),
        (
            NINE_ACROSS,
            NINE_ACROSS_NO_BASE,
            "21",
            "QH cannot go to empty column 1 before a foundation has its base",
        ),
    ],
)
def test_english_detail_names_the_cards(
    variant: Variant, position: Position, text: str, detail: str
) -> None:
    refusal = check_move(variant, position, parse_move(variant, position, text))
    assert refusal is not None
    assert refusal.detail() == detail
    assert refusal.detail("en") == detail


def test_localised_detail_names_the_same_cards() -> None:
    refusal = check_move(KLONDIKE, KL_MID, Move.parse("w5"))
    assert refusal is not None
    for locale in ("hu", "el"):
        detail = refusal.detail(locale)
        assert "9D" in detail and "TD" in detail
        assert detail != refusal.detail("en")


@pytest.mark.parametrize("locale", ["de", "", "english", "EN_US", "hun"])
def test_unknown_locale_raises_locale_error(locale: str) -> None:
    refusal = check_move(KLONDIKE, KL_MID, Move.parse("w5"))
    assert refusal is not None
    for method in (refusal.message, refusal.detail, refusal.explain):
        with pytest.raises(LocaleError) as info:
            method(locale)
        assert isinstance(info.value, ValueError)
        assert info.value.locale == locale


def test_takeback_detail_from_empty_foundation_has_no_placeholder() -> None:
    refusal = refused(TRADITIONAL, TAKEBACK, "fs2", RuleId.TAKEBACK_NOT_ALLOWED)
    for locale in ("en", "hu", "el"):
        assert "?" not in refusal.detail(locale)


# The EMPTY_COLUMN_WRONG_RANK detail names the rank the column takes.
@pytest.mark.parametrize(
    ("position", "text"), [(NINE_ACROSS_ACE, "21"), (NINE_ACROSS_BASE_5, "31")]
)
def test_empty_wrong_rank_detail_has_no_placeholder(position: Position, text: str) -> None:
    refusal = refused(NINE_ACROSS, position, text, RuleId.EMPTY_COLUMN_WRONG_RANK)
    for locale in ("en", "hu", "el"):
        assert "?" not in refusal.detail(locale)


def test_every_other_case_detail_has_no_placeholder() -> None:
    for refusal in _all_case_refusals():
        for locale in ("en", "hu", "el"):
            assert "?" not in refusal.detail(locale), (refusal, locale)


def _count_move(kind: str, count: Any) -> Move:
    if kind == "column":
        return Move.column_to_column(2, 4, count=count)  # "35:<count>"
    if kind == "waste":
        return Move.waste_to_column(3, count=count)  # "w4:<count>"
    return Move(MoveKind.COLUMN_TO_FOUNDATION, source=2, count=count)  # "3f:<count>"


# The notation refuses '35:0'; a Move built in code must not carry such a count
# either (check_move used to crash with IndexError on it, or accept w4 with count 0).
@pytest.mark.parametrize(
    ("kind", "count"),
    [
        ("column", 0),
        ("column", -1),
        ("waste", 0),
        ("foundation", 0),
        ("column", True),
        ("column", 2.0),
        ("waste", "1"),
    ],
)
def test_move_refuses_a_count_below_one_or_not_int(kind: str, count: Any) -> None:
    with pytest.raises(ValueError, match="count"):
        _count_move(kind, count)


@pytest.mark.parametrize(("kind", "count"), [("column", 1), ("column", 2), ("waste", 1)])
def test_count_of_one_or_more_is_accepted(kind: str, count: int) -> None:
    assert _count_move(kind, count).count == count


# --- issue 35: details and messages that did not fit the game ------------------------------


def test_a_complete_run_named_without_its_count_is_not_said_to_be_missing() -> None:
    # check_move of Move.parse("2f") said "column 2 has no complete King-to-Ace run of one
    # suit on top" beside the very run; parse_move and Game.play resolve it to 2f:13.
    refusal = check_move(SPIDERETTE, SPIDER_RUN, Move.parse("2f"))
    assert refusal is not None and refusal.rule is RuleId.FOUNDATION_COMPLETE_RUN_ONLY
    assert refusal.detail() == (
        "column 2's complete run goes to a foundation as 13 cards (2f:13), not 1"
    )
    assert parse_move(SPIDERETTE, SPIDER_RUN, "2f") == Move.parse("2f:13")
    assert check_move(SPIDERETTE, SPIDER_RUN, Move.parse("2f:13")) is None


BASE_MESSAGES = {
    "en": "a foundation takes the next rank of its suit only (5 first, the game's base rank)",
    "hu": "az alapra csak a színe következő lapja kerülhet (először a játék alaprangja: 5)",
    "el": (
        "η βάση δέχεται μόνο το επόμενο φύλλο του χρώματός της "
        "(πρώτα το 5, η αξία βάσης του παιχνιδιού)"
    ),
}


def test_a_foundation_built_from_a_dealt_base_names_its_rank_not_the_ace() -> None:
    # FAMILY.md section 1.8 [decision]: base-card foundations keep FOUNDATION_WRONG_RANK,
    # with a message that names the game's base rank instead of "Ace first" (it said
    # "(Ace first)" in Canfield and Agnes Sorel).
    refusal = check_move(CANFIELD, CANFIELD_MID, Move.parse("1f"))  # 7D: diamonds needs 5D
    assert refusal is not None and refusal.rule is RuleId.FOUNDATION_WRONG_RANK
    assert refusal.rank == 5
    for locale in LOCALES:
        assert refusal.message(locale) == BASE_MESSAGES[locale]
        assert refusal.message(locale) != RULE_MESSAGES[locale][RuleId.FOUNDATION_WRONG_RANK]
    assert refusal.detail() == "7D cannot go on the diamonds foundation, which needs 5D"
    klondike = check_move(KLONDIKE, KL_MID, Move.parse("wf"))
    assert klondike is not None and klondike.rank is None
    assert klondike.message().endswith("(Ace first)")


@pytest.mark.parametrize(
    ("record", "line"),
    [
        (
            ["CF1-D3N-WXCXHWO", "rf"],
            "move 1 (rf) refused: FOUNDATION_WRONG_RANK: a foundation takes the next rank of "
            "its suit only (5 first, the game's base rank) (9H cannot go on the hearts "
            "foundation, which needs 5H)",
        ),
        (
            ["AG1-D0N-OMVCNKQ", "1f", "--lang", "hu"],
            "move 1 (1f) refused: FOUNDATION_WRONG_RANK: az alapra csak a színe következő "
            "lapja kerülhet (először a játék alaprangja: 9) (3C nem kerülhet a(z) treff "
            "alapra, oda TC jön)",
        ),
    ],
)
def test_the_new_users_cases_name_the_base_rank(
    capsys: pytest.CaptureFixture[str], record: list[str], line: str
) -> None:
    status, out, err = run(capsys, "play", *record)
    assert (status, err) == (1, "")
    assert out.splitlines()[-1] == line
