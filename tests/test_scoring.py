"""Scoring policies, one test per row of RULES.md section 7.

Expected values are the rule book's numbers, with the arithmetic written out.
Most rows use hand-made positions (``Position.from_text``; format in
``solitaire_core.position``) where 40 cards are already home (foundations
``10,10,10,10`` = Ace..Ten of every suit) and only the 12 court cards are in
play, so each position shows exactly one event. The policy is asked directly
(``policy.points(draw_count, before, move, after)``, the position after the
move coming from the checked ``play_move``); a few rows are also played in a
real :class:`Game` from a deal code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    REFLECHI,
    REFLECHI_DRAW_3,
    RULE_CARD,
    RULE_CARD_SCORING,
    STANDARD_KLONDIKE,
    STANDARD_REFLECHI,
    VEGAS,
    WINDOWS_STANDARD,
    DealCode,
    Game,
    InvalidArgumentError,
    Move,
    MoveKind,
    Position,
    ScoringPolicy,
    Variant,
    apply_move,
    deal_position,
    parse_move,
    play_move,
)
from solitaire_core.scoring import StandardScoring, apply_points

# --- hand-made positions: the 12 court cards in play, Ace..Ten of every suit home --

# waste top QH may go on KS (column 1): a waste -> column move, nothing flips.
WASTE_TO_COLUMN = "|KS/|KH/|KD/|KC/|/|/| - JSJCJDQSQCQDJHQH 10,10,10,10 0"
# waste top JH goes on the TH of the hearts foundation.
WASTE_TO_FOUNDATION = "|KS/|KH/|KD/|KC/|/|/| - JSJCJDQSQCQDQHJH 10,10,10,10 0"
# column 5 is JS alone (nothing under it): column -> foundation, no flip.
COLUMN_TO_FOUNDATION = "|KS/|KH/|KD/|KC/|JS/|/| - JCJDQSQCQDQHJH 10,10,10,10 0"
# column 5 is JS over a face-down QC: column -> foundation that turns QC up.
COLUMN_TO_FOUNDATION_FLIP = "|KS/|KH/|KD/|KC/QC|JS/|/| - JCJDQSQDQHJH 10,10,10,10 0"
# column 5 JH goes on column 6's QS; nothing under JH.
COLUMN_TO_COLUMN = "|KS/|KH/|KD/|KC/|JH/|QS/| - JSJCJDQCQDQH 10,10,10,10 0"
# the same with a face-down QC under JH: the move turns QC up.
COLUMN_TO_COLUMN_FLIP = "|KS/|KH/|KD/|KC/QC|JH/|QS/| - JSJCJDQDQH 10,10,10,10 0"
# a King over a face-down card goes to an empty column, turning QC up.
KING_TO_EMPTY_FLIP = "|KS/|KH/|KD/QC|KC/|/|/| - JSJCJDQSQDJHQH 10,10,10,10 0"
# the spades foundation holds A..J; its JS may come back onto column 5's QH.
TAKE_BACK = "|KS/|KH/|KD/|KC/|QH/|/| - JCJDQSQCQDJH 11,10,10,10 0"
# three cards in the stock: a draw.
DRAW = "|KS/|KH/|KD/|KC/|/|/| JSJCJD QSQCQDJHQH 10,10,10,10 0"


def recycle_position(recycles_before: int) -> str:
    """Stock empty, 8 cards on the waste, ``recycles_before`` recycles already used."""
    return f"|KS/|KH/|KD/|KC/|/|/| - JSJCJDQSQCQDJHQH 10,10,10,10 {recycles_before}"


def points_for(
    policy: ScoringPolicy, variant: Variant, text: str, notation: str, *, draw_count: int = 1
) -> int:
    """The points ``policy`` gives the (checked, legal) move ``notation`` from ``text``."""
    before = Position.from_text(text)
    # shorthand ("56") needs the position now (api-changes.md): parse_move gives its count
    move = parse_move(variant, before, notation)
    after = play_move(variant, before, move)  # raises IllegalMoveError if the position is wrong
    return policy.points(draw_count, before, move, after)


# (event, position, move) -> points for Standard, Vegas, rule-card and Windows Standard.
EVENTS = [
    # event,                    position,                  move,  std, vegas, card, windows
    ("waste to column", WASTE_TO_COLUMN, "w1", 5, 0, 0, 5),
    ("waste to foundation", WASTE_TO_FOUNDATION, "wf", 10, 5, 10, 10),
    ("column to foundation", COLUMN_TO_FOUNDATION, "5f", 10, 5, 10, 10),
    # 10 for the foundation + 5 for the flip (Vegas: 5 per card, flips are worth nothing)
    ("column to foundation + flip", COLUMN_TO_FOUNDATION_FLIP, "5f", 15, 5, 15, 15),
    ("column to column", COLUMN_TO_COLUMN, "56", 0, 0, 0, 0),
    # 0 for the move + 5 for the flip
    ("column to column + flip", COLUMN_TO_COLUMN_FLIP, "56", 5, 0, 5, 5),
    ("King to empty column + flip", KING_TO_EMPTY_FLIP, "45", 5, 0, 5, 5),
    # app: 0; rule card and Windows: -15
    ("take-back", TAKE_BACK, "fs5", 0, 0, -15, -15),
    ("draw", DRAW, "d", 0, 0, 0, 0),
]


@pytest.mark.parametrize(
    ("event", "text", "notation", "standard", "vegas", "rule_card", "windows"),
    EVENTS,
    ids=[row[0] for row in EVENTS],
)
def test_points_per_event(
    event: str,
    text: str,
    notation: str,
    standard: int,
    vegas: int,
    rule_card: int,
    windows: int,
) -> None:
    assert points_for(STANDARD_KLONDIKE, KLONDIKE, text, notation) == standard
    assert points_for(STANDARD_REFLECHI, KLONDIKE, text, notation) == standard
    assert points_for(VEGAS, KLONDIKE, text, notation) == vegas
    assert points_for(RULE_CARD_SCORING, KLONDIKE, text, notation) == rule_card
    assert points_for(WINDOWS_STANDARD, KLONDIKE, text, notation) == windows
    # the draw count changes nothing but recycle costs
    assert points_for(STANDARD_KLONDIKE, KLONDIKE_DRAW_3, text, notation, draw_count=3) == standard


def test_recycle_draw_1_costs_100_every_time() -> None:
    for before in range(6):
        text = recycle_position(before)
        assert points_for(STANDARD_KLONDIKE, KLONDIKE, text, "r") == -100
        assert points_for(STANDARD_REFLECHI, REFLECHI, text, "r") == -100
        assert points_for(WINDOWS_STANDARD, KLONDIKE, text, "r") == -100


@pytest.mark.parametrize(
    ("recycles_after", "klondike", "reflechi"),
    [
        # KL draw 3: recycles 1-3 free, then -20 each; TF: -20 for every recycle
        (1, 0, -20),
        (2, 0, -20),
        (3, 0, -20),
        (4, -20, -20),
        (5, -20, -20),
    ],
)
def test_recycle_draw_3(recycles_after: int, klondike: int, reflechi: int) -> None:
    text = recycle_position(recycles_after - 1)
    after = play_move(KLONDIKE_DRAW_3, Position.from_text(text), Move.recycle())
    assert after.recycles == recycles_after
    standard = StandardScoring()  # the Klondike defaults, built directly
    assert points_for(standard, KLONDIKE_DRAW_3, text, "r", draw_count=3) == klondike
    assert points_for(STANDARD_KLONDIKE, KLONDIKE_DRAW_3, text, "r", draw_count=3) == klondike
    assert points_for(STANDARD_REFLECHI, REFLECHI_DRAW_3, text, "r", draw_count=3) == reflechi


def test_recycles_cost_nothing_in_rule_card_and_vegas_scoring() -> None:
    for before in range(5):
        text = recycle_position(before)
        assert points_for(RULE_CARD_SCORING, RULE_CARD, text, "r") == 0
        assert points_for(RULE_CARD_SCORING, RULE_CARD, text, "r", draw_count=3) == 0
        # Vegas games never recycle (the variant forbids it); the policy gives 0 anyway
        assert points_for(VEGAS, KLONDIKE, text, "r") == 0


def test_standard_floor_at_zero() -> None:
    assert STANDARD_KLONDIKE.initial == 0
    assert STANDARD_KLONDIKE.floor == 0
    # an early recycle at 30 leaves 0, not 30 - 100 = -70
    assert apply_points(STANDARD_KLONDIKE, 30, -100) == 0
    assert apply_points(STANDARD_KLONDIKE, 130, -100) == 30
    assert apply_points(STANDARD_KLONDIKE, 100, -100) == 0
    assert apply_points(STANDARD_REFLECHI, 15, -20) == 0
    assert apply_points(WINDOWS_STANDARD, 10, -15) == 0
    # rule-card scoring: no floor ([decision, revised]): a take-back always costs 15
    assert RULE_CARD_SCORING.floor is None
    assert apply_points(RULE_CARD_SCORING, 10, -15) == -5


def test_vegas_has_no_floor_and_shows_dollars() -> None:
    assert VEGAS.initial == -52
    assert VEGAS.floor is None
    assert apply_points(VEGAS, -52, 0) == -52
    assert apply_points(VEGAS, -52, -10) == -62  # nothing stops it going further down
    assert apply_points(VEGAS, -52, 5) == -47
    assert [VEGAS.format(s) for s in (208, 0, -52, -47, 5)] == [
        "+$208",
        "$0",
        "-$52",
        "-$47",
        "+$5",
    ]
    assert STANDARD_KLONDIKE.format(625) == "625"
    assert RULE_CARD_SCORING.format(0) == "0"


def test_vegas_sign_changes_at_the_eleventh_card() -> None:
    # -52 + 5 n: n = 10 cards -> -2 (still negative), n = 11 -> +3
    score = VEGAS.initial
    for _ in range(10):
        score = apply_points(VEGAS, score, 5)
    assert score == -2
    assert apply_points(VEGAS, score, 5) == 3


def test_policies_are_scoring_policies() -> None:
    for policy in (STANDARD_KLONDIKE, STANDARD_REFLECHI, WINDOWS_STANDARD, VEGAS):
        assert isinstance(policy, ScoringPolicy)
    assert isinstance(RULE_CARD_SCORING, ScoringPolicy)
    assert KLONDIKE.scoring == STANDARD_KLONDIKE
    assert REFLECHI.scoring == STANDARD_REFLECHI
    assert RULE_CARD.scoring == RULE_CARD_SCORING


# --- the same rows in real games ---------------------------------------------------


def test_klondike_game_scores_and_floor() -> None:
    # Deal 6: AD alone in column 1, AH on top of column 7 (6 face-down cards under it),
    # 9D on column 5 fits TC on column 4 (4 face-down cards under 9D); 24 stock cards.
    game = Game.from_code("KL1-D1N-AAAAAAG")
    assert (game.score, game.score_text) == (0, "0")
    game.play(Move.parse("1f"))  # +10 (nothing under AD, no flip)
    assert game.score == 10
    game.play(Move.parse("7f"))  # +10 +5 flip = 25
    assert game.score == 25
    game.play("54")  # 0 + 5 flip = 30
    assert game.score == 30
    for _ in range(24):  # draws: 0 each
        game.play(Move.draw())
    assert game.score == 30
    game.play(Move.recycle())  # 30 - 100 -> floor 0, not -70
    assert (game.score, game.score_text) == (0, "0")
    game.undo()  # back to exactly 30
    assert game.score == 30


def test_klondike_draw_3_game_recycle_costs() -> None:
    game = Game.from_code("KL1-D3N-AAAAAAG")
    for text in ("1f", "7f", "54"):  # 10, 25, 30 as in draw 1 (the game resolves "54")
        game.play(text)
    expected = [30, 30, 30, 10, 0]  # recycles 1-3 free, 4th: 30 - 20, 5th: 10 - 20 -> 0
    for recycle, score in enumerate(expected, start=1):
        for _ in range(8):  # 24 cards, 3 per draw
            game.play(Move.draw())
        assert not game.position.stock
        game.play(Move.recycle())
        assert game.position.recycles == recycle
        assert game.score == score, recycle


def test_reflechi_game_recycle_costs() -> None:
    # TF: same deal 6, all face up: no flips.
    game = Game.from_code("TF1-D1N-AAAAAAG")
    game.play(Move.parse("1f"))  # +10
    game.play(Move.parse("7f"))  # +10, no flip -> 20
    game.play("54")  # 0, no flip -> 20
    assert game.score == 20
    for _ in range(24):
        game.play(Move.draw())
    game.play(Move.recycle())  # 20 - 100 -> 0
    assert game.score == 0

    game = Game.from_code("TF1-D3N-AAAAAAG")
    for text in ("1f", "7f", "54"):  # 20 as above (the game resolves "54")
        game.play(text)
    for expected in (0, 0):  # every recycle costs 20: 20 - 20 = 0, then 0 - 20 -> 0
        for _ in range(8):
            game.play(Move.draw())
        game.play(Move.recycle())
        assert game.score == expected
    for _ in range(10):  # the 2nd recycle, its 8 draws, the 1st recycle
        game.undo()
    assert game.score == 20


def test_vegas_game_display() -> None:
    game = Game.from_code("KL1-D1V-AAAAAAG")
    assert (game.score, game.score_text) == (-52, "-$52")
    game.play(Move.parse("1f"))  # -52 + 5
    assert (game.score, game.score_text) == (-47, "-$47")
    game.play(Move.parse("7f"))  # -47 + 5, the flip is worth nothing
    game.play("54")  # 0
    game.play(Move.draw())  # 0
    assert (game.score, game.score_text) == (-42, "-$42")


def test_rule_card_game() -> None:
    # Deal 6 under the rule card: +10 foundation, +5 flip.
    game = Game(RULE_CARD, 6)
    for text in ("1f", "7f", "54"):  # 10, 10 + 5, 5 (the game resolves "54")
        game.play(text)
    assert game.score == 30
    for _ in range(24):
        game.play(Move.draw())
    game.play(Move.recycle())  # no recycle cost
    assert game.score == 30


# --- a user-written policy ------------------------------------------------------------


@attrs.frozen
class FewestMovesScoring:
    """A user's policy: starts at 100, -1 for every move, +10 for every card sent home."""

    initial: int = 100
    floor: int | None = None
    name: str = "fewest-moves"
    code_letter: str = "N"

    def points(
        self,
        draw_count: int,
        before: Position,
        move: Move,
        after: Position,
        *,
        repeat_arrivals: int = 0,
    ) -> int:
        home = move.kind in (MoveKind.WASTE_TO_FOUNDATION, MoveKind.COLUMN_TO_FOUNDATION)
        return (10 if home else 0) - 1

    def format(self, score: int) -> str:
        return f"{score} pts"


@attrs.frozen
class Undeclared:
    """A policy written for the protocol before it asked for a name and a code letter."""

    initial: int = 0
    floor: int | None = None

    def points(
        self,
        draw_count: int,
        before: Position,
        move: Move,
        after: Position,
        *,
        repeat_arrivals: int = 0,
    ) -> int:
        return 0

    def format(self, score: int) -> str:
        return str(score)


def test_a_policy_must_declare_its_name_and_code_letter() -> None:
    with pytest.raises(InvalidArgumentError, match="does not declare its name and code_letter"):
        attrs.evolve(KLONDIKE, name="Undeclared", scoring=Undeclared())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "letter", "wrong"), [("House rules", "N", "name"), ("house", "X", "code_letter")]
)
def test_a_policy_declares_a_key_like_name_and_n_or_v(name: str, letter: str, wrong: str) -> None:
    policy = attrs.evolve(FewestMovesScoring(), name=name, code_letter=letter)
    with pytest.raises(InvalidArgumentError, match=wrong):
        attrs.evolve(KLONDIKE, name="Klondike, fewest moves", scoring=policy)


def test_the_shipped_policies_keep_their_names_and_letters() -> None:
    """The names earlier versions derived from the class names: old statistics keep their boards."""
    assert (STANDARD_KLONDIKE.name, STANDARD_KLONDIKE.code_letter) == ("standard", "N")
    assert (STANDARD_REFLECHI.name, WINDOWS_STANDARD.name) == ("standard", "standard")
    assert (VEGAS.name, VEGAS.code_letter) == ("vegas", "V")
    assert (RULE_CARD_SCORING.name, RULE_CARD_SCORING.code_letter) == ("rule-card", "N")


def test_user_written_policy_in_a_game() -> None:
    policy = FewestMovesScoring()
    assert isinstance(policy, ScoringPolicy)
    variant = attrs.evolve(KLONDIKE, name="Klondike, fewest moves", scoring=policy)
    game = Game(variant, 6)
    assert (game.score, game.score_text) == (100, "100 pts")
    game.play(Move.parse("1f"))  # 100 + 10 - 1 = 109
    game.play(Move.parse("7f"))  # 109 + 10 - 1 = 118 (flips mean nothing here)
    game.play("54")  # 118 - 1 = 117
    game.play(Move.draw())  # 117 - 1 = 116
    assert (game.score, game.score_text) == (116, "116 pts")
    game.undo()
    assert game.score == 117
    for _ in range(300):  # no floor: the score may go negative
        game.play(Move.draw() if game.position.stock else Move.recycle())
    assert game.score == 117 - 300


# --- check figures: full winning games (RULES.md section 7) ----------------------------

WINNING_GAMES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "winning_games.json").read_text(encoding="utf-8")
)


def test_winning_games_cover_every_family() -> None:
    prefixes = [record["code"][:7] for record in WINNING_GAMES]
    for family in ("KL1-D1N", "KL1-D3N", "TF1-D1N"):
        assert prefixes.count(family) >= 2, family
    assert sum(prefix in ("KL1-D1V", "KL1-D3V") for prefix in prefixes) >= 2


def recycle_cost(code: DealCode, recycle_number: int) -> int:
    """RULES.md section 7, by hand: the cost of the n-th recycle (1-based), before the floor."""
    if code.draw == 1:
        return 100
    if code.prefix == "TF":
        return 20  # every recycle
    return 0 if recycle_number <= 3 else 20  # KL draw 3: the first three are free


@pytest.mark.parametrize("record", WINNING_GAMES, ids=[r["code"] for r in WINNING_GAMES])
def test_check_figures(record: dict[str, Any]) -> None:
    code = DealCode.parse(record["code"])
    notation: list[str] = record["moves"]
    game = Game.from_code(code)
    for text in notation:
        game.play(Move.parse(text))
    assert game.is_won
    assert not any(text.startswith("f") for text in notation)  # no take-backs
    waste_to_column = sum(text[0] == "w" and text != "wf" for text in notation)
    to_foundation = sum(text.endswith("f") for text in notation)
    assert to_foundation == 52

    if code.scoring.letter == "V":
        assert "r" not in notation
        # -52 ante + 52 cards x 5 = 208
        assert (game.score, game.score_text) == (208, "+$208")
        return

    # An independent running total by the hand rules, to know what each recycle really
    # cost with the floor at 0: the rules engine (apply_move) only tells where flips happen.
    variant = code.variant
    position = deal_position(variant, code.deal_number)
    running = recycles = paid = flips = 0
    for text in notation:
        move = Move.parse(text)
        after = apply_move(variant, position, move)
        flipped = sum(position.face_down) - sum(after.face_down)
        assert flipped in (0, 1)
        flips += flipped
        if text == "r":
            recycles += 1
            floored = max(0, running - recycle_cost(code, recycles))
            paid += running - floored
            running = floored
        else:
            running += 10 * text.endswith("f") + 5 * (text != "wf" and text[0] == "w")
            running += 5 * flipped
        position = after
    assert running == game.score

    if code.prefix == "KL":
        assert flips == 21  # every face-down card of the deal turned once
        # 52 x 10 + 21 x 5 = 625, + 5 per waste -> column, - the recycle costs paid
        assert game.score == 625 + 5 * waste_to_column - paid
    else:
        assert flips == 0  # Réfléchi: nothing is face down
        # 52 x 10 = 520, + 5 per waste -> column, - the recycle costs paid
        assert game.score == 520 + 5 * waste_to_column - paid
    assert game.score_text == str(game.score)
