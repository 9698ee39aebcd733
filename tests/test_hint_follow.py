"""Following the advisory hint through whole games (issue 15; RULES.md section 9).

A player who plays only the hinted moves must never go round the stock
without progress, and every game must end: won, or with the hint saying that
no progress is possible (``NO_PROGRESS``) or, every card known, that the game
is lost (``LOST``). Progress is what the player can see change for good: a
card turned face up, a card sent home or played from the waste or the
reserve, an unseen stock card drawn. Between two such events no board may
come back (the recycle count aside).
"""

from __future__ import annotations

import attrs
import pytest

from solitaire_core import Game, Position, player_view, solve
from solitaire_core.moves import MoveKind
from solitaire_core.solver.hint import DEFAULT_HINT_POSITIONS, HintKind, hint, knows_every_card
from solitaire_core.solver.lines import shorten_line
from solitaire_core.variants import SHIPPED_VARIANTS, Variant
from solitaire_core.view import PlayerView

APP_GAMES = [
    variant
    for key, variant in SHIPPED_VARIANTS.items()
    if key.startswith(("klondike", "reflechi", "traditional", "rule-card"))
]
DEALS = range(100)
MOST_MOVES = 500


def board(position: Position) -> PlayerView:
    return attrs.evolve(player_view(position), recycles=0)


def progressed(before: Position, after: Position) -> bool:
    unseen_before = sum(card is None for card in player_view(before).stock)
    unseen_after = sum(card is None for card in player_view(after).stock)
    return (
        sum(after.face_down) < sum(before.face_down)
        or sum(after.foundations) != sum(before.foundations)
        or len(after.waste) + len(after.stock) + len(after.reserve)
        < len(before.waste) + len(before.stock) + len(before.reserve)
        or unseen_after < unseen_before
    )


@pytest.mark.parametrize("variant", APP_GAMES, ids=lambda variant: variant.name)
def test_following_the_hint_never_cycles_and_ends(variant: Variant) -> None:
    endings: dict[str, int] = {}
    for deal in DEALS:
        game = Game(variant, deal)
        boards = {board(game.position)}
        for _ in range(MOST_MOVES):
            advice = game.hint()
            if advice.move is None:
                assert advice.kind in (HintKind.NO_PROGRESS, HintKind.LOST), (deal, advice)
                ending = advice.kind.value
                break
            before = game.position
            game.play(advice.move)
            if progressed(before, game.position):
                boards = set()
            now = board(game.position)
            assert now not in boards, (deal, game.actions[-40:])
            boards.add(now)
            if game.is_won:
                ending = "won"
                break
        else:
            raise AssertionError(f"deal {deal}: no end after {MOST_MOVES} hinted moves")
        endings[ending] = endings.get(ending, 0) + 1
    assert sum(endings.values()) == len(DEALS)


def test_a_stuck_draw_1_deal_is_called_stuck_not_drawn_for_ever() -> None:
    # Klondike draw 1, deal 9: the old hint drew and recycled for ever here.
    game = Game(SHIPPED_VARIANTS["klondike"], 9)
    recycles_without_progress = 0
    for _ in range(MOST_MOVES):
        advice = game.hint()
        if advice.move is None or game.is_won:
            break
        before = game.position
        game.play(advice.move)
        if advice.move.kind is MoveKind.RECYCLE:
            recycles_without_progress += 1
        if progressed(before, game.position):
            recycles_without_progress = 0
        assert recycles_without_progress <= 1
    assert game.is_won or game.hint().kind in (HintKind.NO_PROGRESS, HintKind.LOST)


def known_reflechi_positions() -> list[tuple[Variant, Position]]:
    """Réfléchi positions where the player knows every card: the stock seen once."""
    found = []
    for key in ("reflechi", "reflechi-draw3"):
        variant = SHIPPED_VARIANTS[key]
        for deal in range(8):
            game = Game(variant, deal)
            while game.position.stock:
                game.play("d")
            game.play("r")
            found.append((variant, game.position))
    return found


@pytest.mark.parametrize(
    ("variant", "position"), known_reflechi_positions(), ids=lambda value: str(value)[:20]
)
def test_in_known_reflechi_positions_the_hint_finds_the_solvers_win(
    variant: Variant, position: Position
) -> None:
    assert knows_every_card(player_view(position))
    result = solve(variant, position, max_positions=DEFAULT_HINT_POSITIONS)
    advice = hint(variant, position)
    if result.is_solved:
        assert advice.kind is HintKind.WINNING_LINE
        # the solver's line with its detours cut (tests/test_lines.py)
        assert advice.line == shorten_line(variant, position, result.moves)
        assert advice.move == advice.line[0]
    elif result.status.value == "unwinnable":
        assert (advice.move, advice.kind) == (None, HintKind.LOST)
    else:
        assert advice.kind not in (HintKind.WINNING_LINE, HintKind.LOST)
