"""The one home of Hypothesis strategies for the test suite."""

from __future__ import annotations

import random

import attrs
from hypothesis import strategies as st

from solitaire_core import (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    KLONDIKE_VEGAS,
    KLONDIKE_VEGAS_DRAW_3,
    REFLECHI,
    REFLECHI_DRAW_3,
    RULE_CARD,
    SHIPPED_VARIANTS,
    TRADITIONAL,
    TRADITIONAL_DRAW_3,
    DealCode,
    Position,
    Scoring,
    Variant,
    apply_move,
    deal_position,
    legal_moves,
)
from solitaire_core.catalogue.format import (
    MAX_MOVES,
    WINNING_GRADES,
    Catalogue,
    ConstructedDeal,
)
from solitaire_core.codes import DEAL_NUMBER_LIMIT
from solitaire_core.deck_order import deck_to_letters

APP_VARIANTS: tuple[Variant, ...] = (
    KLONDIKE,
    KLONDIKE_DRAW_3,
    KLONDIKE_VEGAS,
    KLONDIKE_VEGAS_DRAW_3,
    REFLECHI,
    REFLECHI_DRAW_3,
)
"""The app's six rule sets (RULES.md): Klondike and Réfléchi, draw 1 and 3, and Vegas."""

ALL_VARIANTS: tuple[Variant, ...] = (*APP_VARIANTS, TRADITIONAL, TRADITIONAL_DRAW_3, RULE_CARD)
"""The app's rule sets, Traditional Klondike draw 1 and 3, and the rule card's game."""

deal_numbers = st.integers(min_value=0, max_value=DEAL_NUMBER_LIMIT - 1)
variants = st.sampled_from(ALL_VARIANTS)


@st.composite
def deal_codes(draw: st.DrawFn) -> DealCode:
    """Any valid deal code of the shipped prefixes."""
    prefix = draw(st.sampled_from(["KL", "TF"]))
    scoring = Scoring.STANDARD if prefix == "TF" else draw(st.sampled_from(list(Scoring)))
    return DealCode(
        prefix,
        draw=draw(st.sampled_from([1, 3])),
        scoring=scoring,
        deal_number=draw(deal_numbers),
    )


def random_playout(variant: Variant, deal_number: int, seed: int, steps: int) -> list[Position]:
    """Positions along a uniformly random legal line of play (opening first)."""
    rng = random.Random(seed)
    position = deal_position(variant, deal_number)
    line = [position]
    for _ in range(steps):
        moves = legal_moves(variant, position)
        if not moves:
            break
        position = apply_move(variant, position, rng.choice(moves))
        line.append(position)
    return line


@st.composite
def reachable_positions(
    draw: st.DrawFn, variant: Variant | None = None
) -> tuple[Variant, Position]:
    """A variant and a position reached from a deal by random legal moves."""
    chosen = variant if variant is not None else draw(variants)
    line = random_playout(
        chosen,
        draw(deal_numbers),
        draw(st.integers(0, 2**32)),
        draw(st.integers(0, 200)),
    )
    return chosen, line[-1]


CATALOGUE_GAMES = {"KL1-D1N": 52, "KL1-D3V": 52, "TF1-D3N": 52, "YU1-D0N": 52, "DK1-D1N": 104}
"""Deal-code prefixes a test catalogue may have, and the cards of the game's decks."""


@st.composite
def catalogues(draw: st.DrawFn) -> Catalogue:
    """A catalogue of a few deals: each not proven winnable, or a grade with a line length;
    sometimes constructed deals too (random card orders of the game's decks, written as a full
    code's letters by the library's codec)."""
    prefix = draw(st.sampled_from(sorted(CATALOGUE_GAMES)))
    cards = CATALOGUE_GAMES[prefix]
    orders = st.permutations([card % 52 for card in range(cards)])
    made = draw(
        st.lists(
            st.builds(
                lambda order, grade, moves: ConstructedDeal(
                    deck_to_letters(order, decks=cards // 52), grade, moves
                ),
                orders,
                st.sampled_from(WINNING_GRADES),
                st.integers(1, MAX_MOVES),
            ),
            max_size=3,
        )
    )
    entries = draw(
        st.lists(
            st.one_of(
                st.just((None, 0)),
                st.tuples(st.sampled_from(WINNING_GRADES), st.integers(1, MAX_MOVES)),
            ),
            max_size=40,
        )
    )
    text = st.text(st.characters(exclude_characters="\r\n", exclude_categories=["Cs"]))
    return Catalogue(
        prefix=prefix,
        grades=tuple(grade for grade, _ in entries),
        moves=tuple(moves for _, moves in entries),
        max_positions=draw(st.integers(1, 2**63 - 1)),
        library=draw(text),
        commit=draw(text),
        command=draw(text),
        constructed=tuple(made),
    )


SHIPPED_GAMES: tuple[Variant, ...] = tuple(SHIPPED_VARIANTS.values())
"""Every shipped game: the app's rule sets and the rest of the family."""


@st.composite
def hidden_card_twins(
    draw: st.DrawFn, variant: Variant | None = None
) -> tuple[Variant, Position, Position]:
    """A reachable position of any game and a twin that differs only in its hidden cards.

    The twin deals the hidden cards (face-down column cards, the stock before
    its first recycle, the reserve under its top card) back into the same
    places in another order; every visible card stays where it is.
    """
    chosen = variant if variant is not None else draw(st.sampled_from(SHIPPED_GAMES))
    line = random_playout(
        chosen,
        draw(st.integers(0, DEAL_NUMBER_LIMIT - 1)),
        draw(st.integers(0, 2**32)),
        draw(st.integers(0, 120)),
    )
    position = line[-1]
    hidden = [
        card
        for pile, down in zip(position.tableau, position.face_down, strict=True)
        for card in pile[:down]
    ]
    unseen_stock = not position.recycles
    if unseen_stock:
        hidden += position.stock
    hidden += position.reserve[:-1]
    shuffled = draw(st.permutations(hidden))
    cards = iter(shuffled)
    tableau = tuple(
        tuple(next(cards) for _ in range(down)) + pile[down:]
        for pile, down in zip(position.tableau, position.face_down, strict=True)
    )
    stock = tuple(next(cards) for _ in position.stock) if unseen_stock else position.stock
    reserve = tuple(next(cards) for _ in position.reserve[:-1]) + position.reserve[-1:]
    twin = attrs.evolve(position, tableau=tableau, stock=stock, reserve=reserve)
    return chosen, position, twin


@st.composite
def rule_records(draw: st.DrawFn) -> Variant:
    """Any variant the rules-file format can declare: every shipped policy and parameter.

    The layout, decks, stock, foundations and policies are drawn so that the
    record is one the :class:`~solitaire_core.variants.Variant` accepts (cards
    enough for the layout, a stock exactly when cards are left, a reserve for
    the reserve's policy, Vegas scoring with one pass...).
    """
    from solitaire_core import variants as sv
    from solitaire_core.scoring import StandardScoring, VegasScoring

    decks = draw(st.integers(1, 3))
    cards = 52 * decks
    columns = draw(st.integers(1, 13))
    shape = draw(st.sampled_from(("triangle", "mirrored", "rows", "custom")))
    if shape in ("triangle", "mirrored"):
        columns = min(columns, 9 if decks == 1 else 13)
        layout = sv.Layout.triangle(
            columns, face_up=draw(st.booleans()), mirrored=shape == "mirrored"
        )
    elif shape == "rows":
        shown = draw(st.integers(1, 4))
        layout = sv.Layout.rows(columns, down=draw(st.integers(0, 3)), up=shown)
    else:
        down = draw(st.lists(st.integers(0, 4), min_size=columns, max_size=columns))
        up = [draw(st.integers(1 if hidden else 0, 4)) for hidden in down]
        layout = sv.Layout(face_down=down, face_up=up)
    reserve = draw(st.sampled_from((0, 0, 5, 13)))
    base = draw(st.sampled_from(tuple(sv.FoundationBase)))
    order = [sv.DealPart.TABLEAU]
    if reserve:
        order.insert(draw(st.integers(0, 1)), sv.DealPart.RESERVE)
    if base is sv.FoundationBase.DEALT_CARD:
        order.insert(0, sv.DealPart.BASE_CARD)
    layout = sv.Layout(
        face_down=layout.face_down, face_up=layout.face_up, reserve=reserve, deal_order=order
    )
    if layout.dealt > cards:
        layout = sv.Layout(face_down=(0,), face_up=(1,), reserve=reserve, deal_order=order)
    stock: sv.StockPolicy
    if layout.dealt == cards:
        stock = sv.NO_STOCK
    elif draw(st.booleans()):
        limit = draw(st.one_of(st.none(), st.integers(0, 4)))
        stock = sv.WasteStock(draw_count=draw(st.sampled_from((1, 2, 3))), recycle_limit=limit)
    else:
        stock = sv.DealStock(needs_no_empty_column=draw(st.booleans()))
    complete_runs = base is sv.FoundationBase.ACE and draw(st.booleans())
    build_class = draw(
        st.sampled_from(
            (sv.AlternateColors, sv.SameColor, sv.SameSuit, sv.AnySuitButOwn, sv.AnySuit)
        )
    )
    build = build_class(wrap=draw(st.booleans()), up_and_down=draw(st.booleans()))
    groups: list[sv.GroupPolicy] = [
        sv.ANY_FACE_UP_RUN,
        sv.ORDERED_RUN,
        sv.SUIT_RUN,
        sv.LimitedRun(),
        sv.TopCardOrWholeColumn(),
        sv.TopCardOnly(),
    ]
    group = draw(st.sampled_from(groups))
    empties: list[sv.EmptyColumnPolicy] = [sv.KINGS_ONLY, sv.ANY_CARD, sv.NO_CARD, sv.BELOW_BASE]
    if reserve:
        empties.append(sv.FROM_RESERVE)
    vegas = isinstance(stock, sv.WasteStock) and stock.recycle_limit == 0 and draw(st.booleans())
    small = st.integers(-200, 200)
    scoring = (
        VegasScoring(ante=draw(small), per_card=draw(small), floor=draw(st.none() | small))
        if vegas
        else StandardScoring(
            recycle_penalty_draw_1=draw(small),
            takeback_penalty=draw(small),
            floor=draw(st.none() | small),
            first_arrival_only=draw(st.booleans()),
            name=draw(st.sampled_from(("standard", "house", "rule-card"))),
        )
    )
    draws = stock.draw_count if isinstance(stock, sv.WasteStock) else 0
    prefix = draw(st.sampled_from((None, "QQ"))) if draws in (0, 1, 3) else None
    return Variant(
        name=draw(st.text(min_size=1, max_size=20).filter(str.strip)),
        layout=layout,
        decks=decks,
        stock=stock,
        build=build,
        group=group,
        empty_column=draw(st.sampled_from(empties)),
        foundations=sv.Foundations(base=base, complete_runs=complete_runs),
        foundation_takeback=not complete_runs and draw(st.booleans()),
        code_prefix=prefix,
        scoring=scoring,
    )
