"""Board pictures (the svg package): what is drawn, what is never drawn, arrows, errors; docs hook.

The pictures are parsed with ``xml.etree``; ``tools/check_svg_in_browser.py``
renders them in headless Chromium and checks the pixels.
"""

from __future__ import annotations

import base64
import importlib.util
import random
import re
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import deal_numbers, random_playout

from solitaire_core import (
    KLONDIKE,
    SHIPPED_VARIANTS,
    InvalidArgumentError,
    Move,
    MoveKind,
    PlayerView,
    Position,
    Variant,
    apply_move,
    deal_code_position,
    deal_position,
    legal_moves,
    player_view,
)
from solitaire_core.cards import CARD_SYMBOLS, CARD_TEXTS
from solitaire_core.codes import code_for
from solitaire_core.moves import TO_FOUNDATION_KINDS
from solitaire_core.svg import CARD_HEIGHT, CARD_WIDTH, board_svg
from solitaire_core.variants import CANFIELD, YUKON

SVG = "{http://www.w3.org/2000/svg}"
KEYS = list(SHIPPED_VARIANTS)
ROOT = Path(__file__).resolve().parents[1]

game_keys = st.sampled_from(KEYS)
seeds = st.integers(0, 2**32)
steps = st.integers(0, 150)


# --- reading a picture -----------------------------------------------------------------


def parse(svg: str) -> ElementTree.Element:
    root = ElementTree.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def with_class(root: ElementTree.Element, name: str) -> list[ElementTree.Element]:
    return [element for element in root.iter() if element.get("class") == name]


def corner(element: ElementTree.Element) -> tuple[int, int]:
    match = re.fullmatch(r"translate\((\d+),(\d+)\)", element.get("transform", ""))
    assert match is not None, element.attrib
    return int(match.group(1)), int(match.group(2))


def box(element: ElementTree.Element) -> tuple[int, int, int, int]:
    """A card's, back's or outline's (x0, y0, x1, y1)."""
    if element.tag == f"{SVG}rect":
        x, y = int(element.get("x", 0)) - 1, int(element.get("y", 0)) - 1
    else:
        x, y = corner(element)
    return x, y, x + CARD_WIDTH, y + CARD_HEIGHT


def centre(element: ElementTree.Element) -> tuple[int, int]:
    x, y, _, _ = box(element)
    return x + CARD_WIDTH // 2, y + CARD_HEIGHT // 2


def pile(root: ElementTree.Element, name: str, **data: int) -> ElementTree.Element:
    """The group of a pile, e.g. ``pile(root, "column", column=3)``."""
    found = [
        group
        for group in with_class(root, name)
        if all(group.get(f"data-{key}") == str(value) for key, value in data.items())
    ]
    assert len(found) == 1, (name, data)
    return found[0]


def pile_items(group: ElementTree.Element) -> list[ElementTree.Element]:
    """A pile's cards, backs and outline, in drawing order (bottom first)."""
    return [child for child in group if child.get("class") in ("card", "back", "empty")]


def arrow_ends(group: ElementTree.Element) -> tuple[tuple[int, int], tuple[int, int]]:
    """An arrow's start and its head's tip (a ring's centre for both when they meet)."""
    line = group.find(f"{SVG}line")
    polygon = group.find(f"{SVG}polygon")
    if line is None or polygon is None:
        ring = group.find(f"{SVG}circle")
        assert ring is not None
        point = (int(ring.get("cx", 0)), int(ring.get("cy", 0)))
        return point, point
    tip = polygon.get("points", "").split()[0].split(",")
    return (int(line.get("x1", 0)), int(line.get("y1", 0))), (int(tip[0]), int(tip[1]))


def inside(point: tuple[int, int], area: tuple[int, int, int, int]) -> bool:
    x, y = point
    return area[0] <= x <= area[2] and area[1] <= y <= area[3]


# --- what a position should show ---------------------------------------------------------


def face_up_cards(variant: Variant, position: Position, waste_shown: int = 3) -> list[str]:
    """The texts of the cards the picture shows face up."""
    cards = [
        card
        for pile_cards, down in zip(position.tableau, position.face_down, strict=True)
        for card in pile_cards[down:]
    ]
    if variant.has_waste:
        cards += position.waste[-waste_shown:]
    cards += position.reserve[-1:]
    cards += [
        top
        for slot in range(len(position.foundations))
        if (top := position.foundation_top(slot)) is not None
    ]
    return sorted(CARD_TEXTS[card] for card in cards)


def hidden_slots(position: Position) -> list[int]:
    """The cards drawn as backs: face down in the columns, the stock, the reserve under its top."""
    cards = [
        card
        for pile_cards, down in zip(position.tableau, position.face_down, strict=True)
        for card in pile_cards[:down]
    ]
    return cards + list(position.stock) + list(position.reserve[:-1])


def with_hidden(position: Position, hidden: list[int]) -> Position:
    """The position with the cards of :func:`hidden_slots` replaced, in order, by ``hidden``."""
    cards = iter(hidden)
    tableau = tuple(
        tuple(next(cards) for _ in range(down)) + pile_cards[down:]
        for pile_cards, down in zip(position.tableau, position.face_down, strict=True)
    )
    stock = tuple(next(cards) for _ in position.stock)
    reserve = tuple(next(cards) for _ in position.reserve[:-1]) + position.reserve[-1:]
    assert next(cards, None) is None
    return Position(
        tableau,
        position.face_down,
        stock,
        position.waste,
        position.foundations,
        position.recycles,
        reserve,
        position.foundation_base,
    )


def played(key: str, deal_number: int, seed: int, moves: int) -> tuple[Variant, Position]:
    variant = SHIPPED_VARIANTS[key]
    return variant, random_playout(variant, deal_number, seed, moves)[-1]


# --- every shipped game ------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_the_opening_deal_of_every_game(key: str) -> None:
    variant = SHIPPED_VARIANTS[key]
    position = deal_position(variant, 1)
    svg = board_svg(position, variant=variant)
    root = parse(svg)
    width, height = int(root.get("width", 0)), int(root.get("height", 0))
    assert root.get("viewBox") == f"0 0 {width} {height}"
    # every pile of the game, and nothing else
    assert len(with_class(root, "column")) == variant.columns
    assert len(with_class(root, "foundation")) == variant.foundation_slots
    assert bool(with_class(root, "stock")) == (variant.stock_kind.value != "none")
    assert bool(with_class(root, "waste")) == variant.has_waste
    assert bool(with_class(root, "reserve")) == variant.has_reserve
    # all of it inside the picture
    for name in ("card", "back", "empty"):
        for element in with_class(root, name):
            x0, y0, x1, y1 = box(element)
            area = (0, 0, width, height)
            assert inside((x0, y0), area) and inside((x1, y1), area), (name, element.attrib)
    # the column numbers, as in the move notation
    numbers = [element.text for element in with_class(root, "number")]
    assert numbers == [str(n) for n in range(1, variant.columns + 1)]


@pytest.mark.parametrize("key", KEYS)
def test_without_a_variant_the_piles_are_inferred(key: str) -> None:
    variant = SHIPPED_VARIANTS[key]
    root = parse(board_svg(deal_position(variant, 1)))
    has_stock = variant.stock_kind.value != "none"
    assert bool(with_class(root, "stock")) == has_stock
    assert bool(with_class(root, "waste")) == has_stock  # a dealt stock cannot be told apart
    assert bool(with_class(root, "reserve")) == variant.has_reserve


@settings(deadline=None)
@given(game_keys, deal_numbers, seeds, steps)
def test_face_up_cards_and_backs(key: str, deal_number: int, seed: int, moves: int) -> None:
    variant, position = played(key, deal_number, seed, moves)
    svg = board_svg(position, variant=variant)
    root = parse(svg)
    cards = with_class(root, "card")
    assert sorted(card.get("data-card", "") for card in cards) == face_up_cards(variant, position)
    for card in cards:  # each face shows its rank and suit, e.g. 10♥
        text = card.get("data-card", "")
        symbol = CARD_SYMBOLS[CARD_TEXTS.index(text)]
        assert symbol in [child.text for child in card], text
    backs = with_class(root, "back")
    assert sum(int(back.get("data-cards", 0)) for back in backs) == len(hidden_slots(position))
    in_columns = [
        back for group in with_class(root, "column") for back in with_class(group, "back")
    ]
    assert len(in_columns) == sum(position.face_down)
    # each column's cards from the bottom card down the picture, the top card last
    for index, pile_cards in enumerate(position.tableau):
        items = pile_items(pile(root, "column", column=index + 1))
        if not pile_cards:
            assert [item.get("class") for item in items] == ["empty"]
            continue
        assert len(items) == len(pile_cards)
        assert [corner(item)[1] for item in items] == sorted(corner(item)[1] for item in items)
        assert items[-1].get("data-card") == CARD_TEXTS[pile_cards[-1]]


@settings(deadline=None)
@given(game_keys, deal_numbers, seeds, steps, st.randoms(use_true_random=False))
def test_no_hidden_card_is_ever_drawn(
    key: str, deal_number: int, seed: int, moves: int, rng: random.Random
) -> None:
    variant, position = played(key, deal_number, seed, moves)
    svg = board_svg(player_view(position), variant=variant)
    assert svg == board_svg(position, variant=variant)
    hidden = hidden_slots(position)
    if variant.decks == 1:  # no visible copy of a hidden card
        for card in hidden:
            assert f'data-card="{CARD_TEXTS[card]}"' not in svg
            assert f">{CARD_SYMBOLS[card]}<" not in svg
    rng.shuffle(hidden)
    other = with_hidden(position, hidden)
    other.validate()
    assert board_svg(player_view(other), variant=variant) == svg


def test_a_visible_change_changes_the_picture() -> None:
    """Control for the test above: a face-up card swapped with a hidden one shows."""
    position = deal_position(KLONDIKE, 6)
    hidden = hidden_slots(position)
    top = position.tableau[6][-1]
    swap = {hidden[0]: top, top: hidden[0]}
    tableau = tuple(tuple(swap.get(card, card) for card in cards) for cards in position.tableau)
    other = Position(tableau, position.face_down, position.stock, (), position.foundations)
    other.validate()
    assert board_svg(other) != board_svg(position)


@settings(deadline=None)
@given(game_keys, deal_numbers, seeds, steps)
def test_an_arrow_for_every_legal_move(key: str, deal_number: int, seed: int, moves: int) -> None:
    variant, position = played(key, deal_number, seed, moves)
    legal = legal_moves(variant, position)
    root = parse(board_svg(position, variant=variant, arrows=legal))
    arrows = with_class(root, "arrow")
    assert [arrow.get("data-move") for arrow in arrows] == [str(move) for move in legal]
    width, height = int(root.get("width", 0)), int(root.get("height", 0))
    for move, arrow in zip(legal, arrows, strict=True):
        start, tip = arrow_ends(arrow)
        assert inside(start, (0, 0, width, height)) and inside(tip, (0, 0, width, height))
        check_arrow(variant, position, move, root, start, tip)


def check_arrow(
    variant: Variant,
    position: Position,
    move: Move,
    root: ElementTree.Element,
    start: tuple[int, int],
    tip: tuple[int, int],
) -> None:
    """An arrow leaves the card that moves and points where it goes."""
    kind = move.kind
    if move.target is not None:  # at the top card of the target column, or its outline
        assert tip == centre(pile_items(pile(root, "column", column=move.target + 1))[-1])
    if kind in (MoveKind.COLUMN_TO_COLUMN, MoveKind.COLUMN_TO_FOUNDATION):
        assert move.source is not None and move.count is not None
        items = pile_items(pile(root, "column", column=move.source + 1))
        assert inside(start, box(items[-move.count]))
    elif kind in (MoveKind.WASTE_TO_COLUMN, MoveKind.WASTE_TO_FOUNDATION):
        assert start == centre(pile_items(pile(root, "waste"))[-1])
    elif kind in (MoveKind.RESERVE_TO_COLUMN, MoveKind.RESERVE_TO_FOUNDATION):
        assert start == centre(pile_items(pile(root, "reserve"))[-1])
    elif kind is MoveKind.DRAW:
        assert inside(start, box(pile_items(pile(root, "stock"))[0]))
    elif kind is MoveKind.RECYCLE:
        assert tip == centre(pile_items(pile(root, "stock"))[0])
    after = apply_move(variant, position, move)
    changed = [
        slot
        for slot, (old, new) in enumerate(zip(position.foundations, after.foundations, strict=True))
        if old != new
    ]
    if kind in TO_FOUNDATION_KINDS:  # at the slot the card goes to
        assert tip == centre(pile_items(pile(root, "foundation", slot=changed[0]))[0])
    if kind is MoveKind.FOUNDATION_TO_COLUMN and variant.decks == 1:
        assert start == centre(pile_items(pile(root, "foundation", slot=changed[0]))[0])


def test_a_draw_in_a_game_that_deals_its_stock_points_at_the_columns() -> None:
    variant = SHIPPED_VARIANTS["spiderette"]
    root = parse(board_svg(deal_position(variant, 1), variant=variant, arrows=[Move.draw()]))
    start, tip = arrow_ends(with_class(root, "arrow")[0])
    assert inside(start, box(pile_items(pile(root, "stock"))[0]))
    first = pile_items(pile(root, "column", column=1))[0]
    assert tip[1] == box(first)[1] and tip[0] > box(first)[0]


def foundation_tip(view: PlayerView, move: str) -> int:
    """The slot the arrow of ``move`` points at."""
    root = parse(board_svg(view, arrows=[Move.parse(move)]))
    _, tip = arrow_ends(with_class(root, "arrow")[0])
    slots = [
        slot
        for slot in range(len(view.foundations))
        if tip == centre(pile_items(pile(root, "foundation", slot=slot))[0])
    ]
    assert len(slots) == 1
    return slots[0]


@pytest.mark.parametrize(
    ("foundations", "base", "move", "slot"),
    [
        ((5, 0, 0, 0, 2, 0, 0, 0), 1, "wf", 4),  # the 3S goes on the second deck's 2S
        ((2, 0, 0, 0, 5, 0, 0, 0), 1, "wf", 0),
        ((13, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0), 1, "wf", 4),
        ((0, 13, 0, 0, 0, 13, 0, 0, 0, 0, 0, 0), 1, "1f", 9),  # the AH: the third deck's slot
        ((0, 0, 0, 0), 0, "wf", 0),  # no base yet: the first slot of its suit
        ((0, 4, 0, 0), 11, "1f", 1),  # base J: JH QH KH AH on it, then the 2H
        ((0, 13, 0, 0, 0, 0, 0, 0), 1, "1f:13", 5),  # a complete run of hearts, 2 decks
        ((0, 3, 0, 0, 0, 0, 0, 0), 1, "wf", 0),  # no slot takes the 3S: its suit's first slot
    ],
)
def test_a_foundation_arrow_points_at_the_slot_that_takes_the_card(
    foundations: tuple[int, ...], base: int, move: str, slot: int
) -> None:
    column = tuple(range(25, 12, -1)) if move == "1f:13" else (14 if base == 11 else 13,)
    view = PlayerView((column,), (), (2,), foundations, 0, (), base)
    assert foundation_tip(view, move) == slot


def test_a_takeback_arrow_leaves_the_first_filled_slot_of_its_suit() -> None:
    view = PlayerView(((), ()), (), (), (0, 0, 0, 0, 3, 0, 0, 0), 0)
    root = parse(board_svg(view, arrows=[Move.parse("fs2")]))
    start, tip = arrow_ends(with_class(root, "arrow")[0])
    assert start == centre(pile_items(pile(root, "foundation", slot=4))[0])
    assert tip == centre(pile_items(pile(root, "column", column=2))[0])


def test_canfield_reserve() -> None:
    position = deal_position(CANFIELD, 1)
    root = parse(board_svg(position, variant=CANFIELD))
    back, top = pile_items(pile(root, "reserve"))
    assert back.get("data-cards") == str(len(position.reserve) - 1) == "12"
    assert top.get("data-card") == CARD_TEXTS[position.reserve[-1]]
    base = pile_items(pile(root, "foundation", slot=1))[0]
    assert base.get("data-card") == "7H"


def test_empty_foundations_show_their_suit() -> None:
    root = parse(board_svg(deal_position(KLONDIKE, 1)))
    marks = [pile(root, "foundation", slot=slot).find(f"{SVG}text") for slot in range(4)]
    assert [mark.text if mark is not None else None for mark in marks] == list("♠♥♦♣")


# --- output ------------------------------------------------------------------------------


def test_same_input_same_string() -> None:
    position = deal_code_position("KL1-D1N-AAAAAAG")
    copy = Position.from_text(position.to_text())
    arrows = legal_moves(KLONDIKE, position)
    first = board_svg(position, variant=KLONDIKE, arrows=arrows)
    assert board_svg(copy, variant=KLONDIKE, arrows=list(arrows)) == first
    assert board_svg(position, variant=KLONDIKE, arrows=iter(arrows)) == first
    assert first.count("\n") == len(first.splitlines()) - 1 and not first.endswith("\n")


def test_width_scales_the_picture_not_the_view_box() -> None:
    position = deal_code_position("KL1-D1N-AAAAAAG")
    natural = parse(board_svg(position))
    half = parse(board_svg(position, width=265))
    assert (natural.get("width"), natural.get("height")) == ("530", "280")
    assert (half.get("width"), half.get("height")) == ("265", "140")
    assert half.get("viewBox") == natural.get("viewBox") == "0 0 530 280"
    assert parse(board_svg(position, width=100)).get("height") == "53"  # 52.8 rounded


def test_waste_shown() -> None:
    variant, position = played("klondike", 6, 1, 0)
    for _ in range(5):
        position = apply_move(variant, position, Move.draw())
    for shown in (1, 3, 5):
        root = parse(board_svg(position, variant=variant, waste_shown=shown))
        cards = [item.get("data-card") for item in pile_items(pile(root, "waste"))]
        assert cards == [CARD_TEXTS[card] for card in position.waste[-shown:]]


def test_repr_svg_for_jupyter() -> None:
    position = deal_code_position("YU1-D0N-AAAAAAB")
    view = player_view(position)
    assert position._repr_svg_() == board_svg(position)
    assert view._repr_svg_() == board_svg(view)
    assert not with_class(parse(position._repr_svg_()), "stock")  # Yukon: no stock


def test_a_view_with_any_none_draws_backs() -> None:
    view = PlayerView(((None, 0), (), (13,)), (None, None), (26,), (0, 0, 0, 0), 0)
    root = parse(board_svg(view))
    assert [back.get("data-cards") for back in with_class(root, "back")] == ["2", "1"]
    cards = sorted(card.get("data-card", "") for card in with_class(root, "card"))
    assert cards == ["AD", "AH", "AS"]


# --- errors --------------------------------------------------------------------------------

KL = deal_code_position("KL1-D1N-AAAAAAG")  # AD on column 1, 24 in the stock, empty waste
BAD_CALLS: list[tuple[object, dict[str, Any], str]] = [
    ("KL1-D1N-AAAAAAG", {}, "board must be a Position or a PlayerView, got str"),
    (KL, {"waste_shown": 0}, "waste_shown must be an int >= 1, got 0"),
    (KL, {"waste_shown": True}, "waste_shown must be an int >= 1, got True"),
    (KL, {"width": 0}, "width must be None or an int >= 1, got 0"),
    (KL, {"width": 200.5}, "width must be None or an int >= 1, got 200.5"),
    (KL, {"variant": "klondike"}, "variant must be a Variant, got str 'klondike'"),
    (KL, {"variant": CANFIELD}, "the board has 7 columns and 4 foundation slots; Canfield has 4"),
    (KL, {"arrows": Move.draw()}, "arrows must be a collection of Moves"),
    (KL, {"arrows": ["d"]}, "an arrow is a Move, got 'd'"),
    (KL, {"arrows": [Move.parse("18:1")]}, "arrow '18:1': the board has 7 columns"),
    (KL, {"arrows": [Move.parse("w9")]}, "arrow 'w9': the board has 7 columns"),
    (KL, {"arrows": [Move.parse("r3")]}, "arrow 'r3': the board has no reserve"),
    (KL, {"arrows": [Move.parse("wf")]}, "arrow 'wf': no face-up card there"),
    (
        deal_position(YUKON, 1),
        {"variant": YUKON, "arrows": [Move.draw()]},
        "arrow 'd': the board has no stock",
    ),
    (
        deal_position(SHIPPED_VARIANTS["spiderette"], 1),
        {"variant": SHIPPED_VARIANTS["spiderette"], "arrows": [Move.parse("w1")]},
        "arrow 'w1': the board has no waste",
    ),
    (
        PlayerView(((52,),), (), (), (0, 0, 0, 0), 0),
        {},
        "a board holds card ints 0..51 or None, got 52",
    ),
    (PlayerView(((0,),), (), (), (14, 0, 0, 0), 0), {}, "a foundation holds 0..13 cards"),
    (
        Position(((0,),), (0, 0), (), (), (0, 0, 0, 0)),
        {},
        "the position cannot be drawn",
    ),
]


@pytest.mark.parametrize(("board", "options", "message"), BAD_CALLS)
def test_bad_arguments_are_refused(board: object, options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=re.escape(message)):
        board_svg(board, **options)  # type: ignore[arg-type]


# --- the docs hook ---------------------------------------------------------------------------


def load_hook() -> ModuleType:
    path = ROOT / "docs" / "hooks" / "board_pictures.py"
    spec = importlib.util.spec_from_file_location("docs_hook_board_pictures", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HOOK = load_hook()


def pictured(markdown: str) -> list[str]:
    """The SVG documents of the pictures a page's Markdown becomes."""
    html = HOOK.pictures(markdown)
    return [
        base64.b64decode(data).decode("utf-8")
        for data in re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', html)
    ]


def test_the_hook_draws_what_a_page_asks_for() -> None:
    text = (
        "Before.\n\n<!-- board: KL1-D1N-AAAAAAG 1f -> 7f 54:1 -->\n\n"
        "<!-- board: traditional #6 -->\nAfter.\n"
    )
    first, second = pictured(text)
    position = deal_code_position("KL1-D1N-AAAAAAG")
    position = apply_move(KLONDIKE, position, Move.parse("1f"))
    arrows = [Move.parse("7f"), Move.parse("54:1")]
    assert first == board_svg(position, variant=KLONDIKE, arrows=arrows)
    traditional = SHIPPED_VARIANTS["traditional"]
    assert second == board_svg(deal_position(traditional, 6), variant=traditional)
    html = HOOK.pictures(text)
    assert html.startswith("Before.\n\n<img ") and html.endswith("\nAfter.\n")
    assert 'alt="Board: KL1-D1N-AAAAAAG 1f -&gt; 7f 54:1"' in html


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<!-- board: XX1-D1N-AAAAAAA -->", "XX1-D1N-AAAAAAA"),
        ("<!-- board: KL1-D1N-AAAAAAG 31 -->", "'KL1-D1N-AAAAAAG 31'"),
        ("<!-- board: KL1-D1N-AAAAAAG -> d9 -->", "d9"),
        ("<!-- board: traditional #-1 -->", "traditional #-1"),
        ("<!-- board:  -->", "needs a deal code"),
        ("See <!-- board: KL1-D1N-AAAAAAG -->", "not alone on its line"),
    ],
)
def test_the_hook_refuses_a_wrong_request(text: str, message: str) -> None:
    with pytest.raises(HOOK.BoardSpecError, match=re.escape(message)):
        HOOK.pictures(text)


def test_every_game_page_with_a_text_board_asks_for_its_picture() -> None:
    for key, variant in SHIPPED_VARIANTS.items():
        code = code_for(variant, 1)
        for folder in ("games", "games/hu"):
            page = (ROOT / "docs" / folder / f"{key}.md").read_text(encoding="utf-8")
            marker = f"<!-- board: {code} -->"
            assert (marker in page) == (code is not None), (folder, key)
            if code is not None:
                assert page.index(f"solitaire-core deal {code}`") < page.index(marker)


def test_the_examples_page_pictures_are_counted() -> None:
    page = (ROOT / "docs" / "examples.md").read_text(encoding="utf-8")
    assert len(pictured(page)) == len(HOOK.MARKER.findall(page)) == 4
