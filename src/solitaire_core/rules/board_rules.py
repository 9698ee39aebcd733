"""What a board reads of its variant: one record per variant, made once.

A :class:`~solitaire_core.rules.board.Board` copies the rules it asks in its
hot loops (the building table, the group policy, the draw count...) from its
variant into its own attributes when it is made. :func:`board_rules` reads
them off the :class:`~solitaire_core.variants.Variant` once per variant, into
a :class:`BoardRules` record with named fields; the building sources, targets
and empty-column starters are turned into entries of the board's ``spot``
table on the way (each card stands for its copies in games of several decks).

Compiled with mypyc in the compiled build (:data:`solitaire_core.BUILD`), so
a board reads the record's fields as native attributes.
"""

from __future__ import annotations

import functools
from typing import final

from solitaire_core.cards import DECK_SIZE
from solitaire_core.variants import GroupPolicy, Variant

_Slots = tuple[tuple[int, ...], ...]


@final
class BoardRules:
    """What a board reads of its variant, made once per variant (:func:`board_rules`).

    The building sources, targets and empty-column starters are given as
    ``spot`` entries: each card stands for all its copies (``card + 52 * copy``).
    A board copies these into its own attributes when it is made (the hot loops
    read their own board's attributes, not this record's).

    Attributes:
        decks: the decks dealt (:attr:`~solitaire_core.variants.Variant.decks`).
        build_table: ``build_table[onto * 52 + card]``, True when ``card`` may go on ``onto``.
        empty_column_tables: by foundation base, by card: True when the card may
            start an empty column.
        simple_foundations: one deck of single-card foundations from the Ace.
        complete_runs: foundations take only complete runs of 13 cards (spider games).
        group: the group policy.
        limits_counts: the group policy limits how many cards move at once.
        any_face_up_groups: any face-up card leads a group (Klondike).
        foundation_takeback: foundation cards may come back to the columns.
        draw_count: cards turned a draw (0: the stock is dealt onto the columns).
        recycle_limit: the recycles allowed, None for no limit.
        deal_needs_no_empty_column: the stock is not dealt while a column is empty.
        fills_from_reserve: an emptied column is refilled from the reserve.
        source_slots: by card, the ``spot`` entries of the cards that may go on it.
        target_slots: by card, the ``spot`` entries of the cards it may go on.
        starter_slots: by foundation base, the ``spot`` entries of the cards that
            may start an empty column.
    """

    __slots__ = (
        "any_face_up_groups",
        "build_table",
        "complete_runs",
        "deal_needs_no_empty_column",
        "decks",
        "draw_count",
        "empty_column_tables",
        "fills_from_reserve",
        "foundation_takeback",
        "group",
        "limits_counts",
        "recycle_limit",
        "simple_foundations",
        "source_slots",
        "starter_slots",
        "target_slots",
    )

    def __init__(self, variant: Variant) -> None:
        decks = variant.decks
        self.decks = decks
        self.build_table = variant.build_table
        self.empty_column_tables = variant.empty_column_tables
        self.simple_foundations = variant.simple_foundations
        self.complete_runs = variant.foundations.complete_runs
        self.group: GroupPolicy = variant.group
        self.limits_counts = variant.group.limits_counts
        self.any_face_up_groups = variant.any_face_up_groups
        self.foundation_takeback = variant.foundation_takeback
        self.draw_count = variant.draw_count
        self.recycle_limit = variant.recycle_limit
        self.deal_needs_no_empty_column = variant.deal_needs_no_empty_column
        self.fills_from_reserve = variant.empty_column.fills_from_reserve
        self.source_slots = _copies(variant.build_sources, decks)
        self.target_slots = _copies(variant.build_targets, decks)
        self.starter_slots = _copies(variant.empty_column_cards, decks)


def _copies(cards: _Slots, decks: int) -> _Slots:
    """``cards`` (groups of cards 0..51) as ``spot`` entries: each card and its copies."""
    return tuple(
        tuple(card + DECK_SIZE * copy for card in group for copy in range(decks)) for group in cards
    )


@functools.lru_cache(maxsize=64)
def board_rules(variant: Variant) -> BoardRules:
    """What a board reads of ``variant``, made once per variant.

    Cached, so a board is made in a few microseconds once its variant has been seen.

    >>> from solitaire_core.variants import KLONDIKE
    >>> rules = board_rules(KLONDIKE)
    >>> rules is board_rules(KLONDIKE), rules.draw_count, rules.recycle_limit
    (True, 1, None)
    >>> [len(sources) for sources in rules.source_slots[:3]]  # the cards that go on AS, 2S, 3S
    [0, 2, 2]
    """
    return BoardRules(variant)


__all__ = ["BoardRules", "board_rules"]
