"""The ``solitaire-core play`` command (cli/_play.py, cli/_record.py): replaying a game record.

Expected positions come from the reference model (tests/reference_model.py,
written from RULES.md alone) or are worked out by hand from RULES.md; the
expected legal moves of deal 6 are worked out in
test_movegen.test_opening_of_deal_6_by_hand.

Contract tested here (the cli package's module docs):

* ``play CODE [MOVES...] --json`` prints the ``deal --json`` document of the
  final position plus ``legal_moves`` (canonical strings, documented order),
  ``won`` and ``moves_made``;
* ``u`` undoes the last move. ``moves_made`` counts the moves played and does
  not go down on undo (as the app's move counter, RULES.md section 6);
* a refused move stops the replay with exit status 1 and prints the position
  before that move with ``error`` = rule id, message, move token and its
  0-based index in MOVES (``u`` tokens count);
* a malformed move or code: exit status 2, an error on stderr, nothing on stdout.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import pytest
from reference_model import ReferenceGame

from solitaire_core import (
    KLONDIKE,
    Move,
    MoveKind,
    Position,
    RuleId,
    Variant,
    apply_move,
    deal_position,
    legal_moves,
)
from solitaire_core.cli import main
from solitaire_core.rules.messages import RULE_MESSAGES

DEAL_6 = "KL1-D1N-AAAAAAG"
KLONDIKE_RULES: dict[str, Any] = {
    "all_face_up": False,
    "draw": 1,
    "recycle_limit": None,
    "takeback": True,
    "ordered_groups_only": False,
}
DEAL_KEYS = {"code", "variant", "draw", "scoring", "deal_number", "position"}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    status, out, err = run(argv, capsys)
    assert err == ""
    document: dict[str, Any] = json.loads(out)
    return status, document


def reference_snapshot(deal: int, moves: list[str]) -> dict[str, object]:
    """The reference model's position of Klondike draw 1 after ``moves`` (``ab:n`` form)."""
    game = ReferenceGame(deal, **KLONDIKE_RULES)
    for move in moves:
        game.play(move)
    return game.snapshot()


# --- the JSON document -----------------------------------------------------------


def test_play_without_moves_is_the_deal_plus_moves(capsys: pytest.CaptureFixture[str]) -> None:
    status, deal = run_json(["deal", DEAL_6, "--json"], capsys)
    assert status == 0 and set(deal) == DEAL_KEYS
    status, document = run_json(["play", DEAL_6, "--json"], capsys)
    assert status == 0
    # (other keys, such as the score, may follow; they are tested elsewhere)
    assert set(document) >= DEAL_KEYS | {"legal_moves", "won", "moves_made"}
    assert {key: document[key] for key in DEAL_KEYS} == deal
    assert document["position"] == reference_snapshot(6, [])
    assert document["legal_moves"] == ["1f", "7f", "54:1", "d"]  # worked out by hand
    assert document["won"] is False
    assert document["moves_made"] == 0


def test_play_moves(capsys: pytest.CaptureFixture[str]) -> None:
    # "54" without a count is resolved to the group that fits (RULES.md section 11).
    status, document = run_json(["play", DEAL_6, "1f", "7f", "54", "--json"], capsys)
    assert status == 0
    assert document["code"] == DEAL_6 and document["deal_number"] == 6
    assert document["variant"] == "klondike" and document["draw"] == 1
    position = document["position"]
    assert position == reference_snapshot(6, ["1f", "7f", "54:1"])
    # By hand: AD and AH are home; column 1 is empty; 9D lies on TC; the 4D
    # under AH and the 7D under 9D turned face up by themselves (section 3).
    assert position["foundations"] == {"S": 0, "H": 1, "D": 1, "C": 0}
    assert position["tableau"][0] == {"face_down": [], "face_up": []}
    assert position["tableau"][3]["face_up"] == ["TC", "9D"]
    assert position["tableau"][4]["face_up"] == ["7D"]
    assert position["tableau"][6]["face_up"] == ["4D"]
    # Tops now: (empty), JC, KD, 9D, 7D, 3S, 4D. KD may go to the empty column
    # 1 (31:1); 3S fits on the red 4D (67:1); nothing else fits (JC needs a red
    # Q, 9D a black 10, 7D a black 8, 4D a black 5; AD and AH, back from their
    # foundations, need a black 2 and no Ace may go to an empty column); draw.
    assert document["legal_moves"] == ["31:1", "67:1", "d"]
    assert document["won"] is False
    assert document["moves_made"] == 3


def test_move_notation_is_forgiving(capsys: pytest.CaptureFixture[str]) -> None:
    # Case and surrounding spaces are ignored in codes and moves (sections 8, 11).
    _, canonical = run_json(["play", DEAL_6, "1f", "7f", "54:1", "--json"], capsys)
    _, loose = run_json(["play", " kl1-d1n-aaaaaag ", "1F", " 7f ", "54", "--json"], capsys)
    assert loose == canonical


# --- undo ----------------------------------------------------------------------


def test_undo_restores_the_position_before_the_move(capsys: pytest.CaptureFixture[str]) -> None:
    _, after_1f = run_json(["play", DEAL_6, "1f", "--json"], capsys)
    status, document = run_json(["play", DEAL_6, "1f", "7f", "u", "--json"], capsys)
    assert status == 0
    assert document["position"] == after_1f["position"] == reference_snapshot(6, ["1f"])
    assert document["legal_moves"] == after_1f["legal_moves"]
    # The move counter counts moves played; undo does not take it back (in the
    # app the move counter does not go down on undo, RULES.md section 6).
    assert after_1f["moves_made"] == 1
    assert document["moves_made"] == 2


def test_undo_to_the_start_and_play_another_line(capsys: pytest.CaptureFixture[str]) -> None:
    _, opening = run_json(["play", DEAL_6, "--json"], capsys)
    status, document = run_json(["play", DEAL_6, "1f", "7f", "u", "u", "--json"], capsys)
    assert status == 0
    assert document["position"] == opening["position"]
    assert document["legal_moves"] == ["1f", "7f", "54:1", "d"]
    assert document["moves_made"] == 2
    _, other = run_json(["play", DEAL_6, "1f", "u", "d", "--json"], capsys)
    assert other["position"] == reference_snapshot(6, ["d"])
    assert other["moves_made"] == 2


@pytest.mark.parametrize(
    ("moves", "index", "moves_made", "before"),
    [
        (["u"], 0, 0, []),
        (["1f", "u", "u"], 2, 1, []),
        (["1f", "7f", "u", "u", " U "], 4, 2, []),
    ],
)
def test_undo_with_nothing_to_undo(
    moves: list[str],
    index: int,
    moves_made: int,
    before: list[str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, document = run_json(["play", DEAL_6, *moves, "--json"], capsys)
    assert status == 1
    assert document["error"]["rule"] == "NOTHING_TO_UNDO"
    assert document["error"]["message"] == RULE_MESSAGES["en"][RuleId.NOTHING_TO_UNDO]
    assert document["error"]["index"] == index
    assert document["error"]["move"] == "u"
    assert document["position"] == reference_snapshot(6, before)
    assert document["moves_made"] == moves_made


def test_nothing_to_undo_in_hungarian(capsys: pytest.CaptureFixture[str]) -> None:
    status, document = run_json(["play", DEAL_6, "u", "--json", "--lang", "hu"], capsys)
    assert status == 1
    assert document["error"]["rule"] == "NOTHING_TO_UNDO"
    assert document["error"]["message"] == RULE_MESSAGES["hu"][RuleId.NOTHING_TO_UNDO]


# --- refused moves ----------------------------------------------------------------

# Deal 6 opening (by hand, RULES.md sections 3, 8, 12), tops AD JC KD TC 9D 3S AH:
REFUSALS = [
    # 3S onto JC: both black, so colour is named first (rank is wrong too)
    (["62"], 0, "WRONG_COLOR", []),
    # JC onto KD: colours alternate, but J is not one below K
    (["1f", "23"], 1, "WRONG_RANK", ["1f"]),
    # the waste is empty: nothing to play from it
    (["1f", "w3", "7f"], 1, "EMPTY_SOURCE", ["1f"]),
    # column 2 holds 2H (face down) under JC: two cards would include it
    (["1f", "7f", "54", "23:2"], 3, "FACE_DOWN_CARD", ["1f", "7f", "54:1"]),
    # the stock is full: no recycle yet
    (["r"], 0, "STOCK_NOT_EMPTY", []),
    # TC onto the empty column 1 after 1f: Kings only
    (["1f", "41"], 1, "EMPTY_COLUMN_KING_ONLY", ["1f"]),
    # 3S to the empty spades foundation: the Ace comes first
    (["6f"], 0, "FOUNDATION_WRONG_RANK", []),
    # two cards at once to a foundation
    (["7f:2"], 0, "FOUNDATION_SINGLE_CARD", []),
    # a group onto its own column
    (["55"], 0, "SAME_COLUMN", []),
]


@pytest.mark.parametrize(("moves", "index", "rule", "before"), REFUSALS)
def test_refused_move_stops_the_replay(
    moves: list[str],
    index: int,
    rule: str,
    before: list[str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, document = run_json(["play", DEAL_6, *moves, "--json"], capsys)
    assert status == 1
    assert set(document) >= DEAL_KEYS
    assert document["code"] == DEAL_6
    # the position before the refused move, not after, and no later move played
    assert document["position"] == reference_snapshot(6, before)
    error = document["error"]
    assert error["rule"] == rule
    assert error["message"] == RULE_MESSAGES["en"][RuleId(rule)]
    assert error["move"] == moves[index]
    assert error["index"] == index
    assert document["moves_made"] == index


@pytest.mark.parametrize(("moves", "index", "rule", "before"), REFUSALS[:3])
def test_refusal_message_in_hungarian(
    moves: list[str],
    index: int,
    rule: str,
    before: list[str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, document = run_json(["play", DEAL_6, *moves, "--json", "--lang", "hu"], capsys)
    assert status == 1
    assert document["error"]["rule"] == rule
    assert document["error"]["message"] == RULE_MESSAGES["hu"][RuleId(rule)]
    assert document["error"]["message"] != RULE_MESSAGES["en"][RuleId(rule)]


# --- bad input --------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["play", DEAL_6, "zz"],
        ["play", DEAL_6, "1f", "8f", "--json"],  # no column 8
        ["play", DEAL_6, "d:2", "--json"],  # a draw takes no count
        ["play", DEAL_6, "35:0", "--json"],  # a count is >= 1
        ["play", DEAL_6, "fx3", "--json"],  # no suit x
        ["play", "KL1-D2N-AAAAAAG", "--json"],  # draw 2
        ["play", "XY1-D1N-AAAAAAG", "--json"],  # unknown variant
        ["play", "TF1-D1V-AAAAAAG", "--json"],  # Réfléchi has no Vegas
        ["play", "KL2-D1N-AAAAAAG", "--json"],  # codec version 2
        ["play", "KL1-D1N-AAAAA1G", "--json"],  # not a letter
        ["play", "KL1-D1N-AAAAAG", "--json"],  # too short
    ],
)
def test_bad_input_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(argv, capsys)
    assert status == 2
    assert out == ""
    assert "error" in err


def test_bad_move_error_names_the_token(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["play", DEAL_6, "1f", "q9", "--json"], capsys)
    assert status == 2 and out == ""
    assert "q9" in err


# --- text output ----------------------------------------------------------------

_CARD_TOKEN = re.compile(r"\b(?:[A2-9TJQK]|10)[SHDC]\b")


def test_text_output_shows_board_and_legal_moves(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["play", DEAL_6], capsys)
    assert status == 0 and err == ""
    assert "Legal moves: 1f 7f 54:1 d" in out
    # Only the 7 face-up cards are shown (RULES.md section 8 and `deal`); the
    # 21 face-down cards and the 24 stock cards are not.
    assert set(_CARD_TOKEN.findall(out)) == {"AD", "JC", "KD", "TC", "9D", "3S", "AH"}
    assert "##" in out  # face-down cards are drawn as backs


def test_text_output_after_moves(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["play", DEAL_6, "1f", "7f", "54"], capsys)
    assert status == 0
    assert "Legal moves: 31:1 67:1 d" in out
    assert set(_CARD_TOKEN.findall(out)) == {"AD", "AH", "JC", "KD", "TC", "9D", "7D", "3S", "4D"}


def test_text_output_of_a_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["play", DEAL_6, "62"], capsys)
    assert status == 1
    assert "WRONG_COLOR" in out
    assert RULE_MESSAGES["en"][RuleId.WRONG_COLOR] in out


# --- a won game ------------------------------------------------------------------


def _priority(position: Position, move: Move) -> int | None:
    """Move ordering of the search below; None prunes the move."""
    kind = move.kind
    if kind in (MoveKind.COLUMN_TO_FOUNDATION, MoveKind.WASTE_TO_FOUNDATION):
        return 0
    if kind is MoveKind.COLUMN_TO_COLUMN:
        assert move.source is not None and move.target is not None and move.count is not None
        start = len(position.tableau[move.source]) - move.count
        if start == 0:
            # emptying a column helps, but not by moving a King between empty columns
            return None if not position.tableau[move.target] else 2
        return 1 if start == position.face_down[move.source] else None
    if kind is MoveKind.WASTE_TO_COLUMN:
        return 3
    if kind in (MoveKind.DRAW, MoveKind.RECYCLE):
        return 4
    return None  # take-backs


def find_winning_line(variant: Variant, deal: int, node_limit: int) -> list[Move] | None:
    """A small depth-first search for a winning line (full knowledge), or None.

    Ordered and pruned for speed, so it misses wins some deals have; it only
    has to find one for the deal used below.
    """
    seen: set[tuple[object, ...]] = set()
    line: list[Move] = []
    nodes = 0

    def search(position: Position) -> bool:
        nonlocal nodes
        if position.is_won:
            return True
        key = (position.tableau, position.stock, position.waste, position.foundations)
        if key in seen or nodes >= node_limit or len(line) >= 300:
            return False
        seen.add(key)
        nodes += 1
        ranked: list[tuple[int, int, Move]] = []
        for move in legal_moves(variant, position):
            priority = _priority(position, move)
            if priority is not None:
                ranked.append((priority, len(ranked), move))
        for _, _, move in sorted(ranked):
            line.append(move)
            if search(apply_move(variant, position, move)):
                return True
            line.pop()
        return False

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 5000))
    try:
        return list(line) if search(deal_position(variant, deal)) else None
    finally:
        sys.setrecursionlimit(limit)


def test_play_a_won_game(capsys: pytest.CaptureFixture[str]) -> None:
    line = find_winning_line(KLONDIKE, 2, node_limit=5000)
    assert line is not None, "no winning line found for deal 2"
    moves = [str(move) for move in line]
    # The reference model (written from RULES.md alone) confirms the line is
    # legal move by move and wins.
    reference = ReferenceGame(2, **KLONDIKE_RULES)
    for move in moves:
        reference.play(move)
    assert reference.is_won()

    code = "KL1-D1N-AAAAAAC"
    status, document = run_json(["play", code, *moves, "--json"], capsys)
    assert status == 0
    assert document["won"] is True
    assert document["legal_moves"] == []  # RULES.md section 5: no move once won
    assert document["moves_made"] == len(moves)
    assert document["position"] == reference.snapshot()
    assert document["position"]["foundations"] == {"S": 13, "H": 13, "D": 13, "C": 13}

    # Nothing is legal after the win, not even a take-back from a full foundation.
    status, document = run_json(["play", code, *moves, "fs1", "--json"], capsys)
    assert status == 1
    assert document["error"]["rule"] == "GAME_WON"
    assert document["error"]["index"] == len(moves)

    # Undo still works after a win (section 5).
    status, document = run_json(["play", code, *moves, "u", "--json"], capsys)
    assert status == 0
    assert document["won"] is False
    assert document["legal_moves"] != []
    assert document["moves_made"] == len(moves)
    undone = ReferenceGame(2, **KLONDIKE_RULES)
    for move in moves[:-1]:
        undone.play(move)
    assert document["position"] == undone.snapshot()

    status, out, _ = run(["play", code, *moves], capsys)
    assert status == 0
    assert "Won" in out

    # RULES.md section 6: the last 100 actions can be undone, no more
    # (NOTHING_TO_UNDO, section 12: "or beyond the undo limit").
    assert len(moves) > 101
    undos = ["u"] * 100
    status, document = run_json(["play", code, *moves, *undos, "--json"], capsys)
    assert status == 0
    back = ReferenceGame(2, **KLONDIKE_RULES)
    for move in moves[:-100]:
        back.play(move)
    assert document["position"] == back.snapshot()
    status, document = run_json(["play", code, *moves, *undos, "u", "--json"], capsys)
    assert status == 1
    assert document["error"]["rule"] == "NOTHING_TO_UNDO"
    assert document["error"]["index"] == len(moves) + 100
    assert document["position"] == back.snapshot()
