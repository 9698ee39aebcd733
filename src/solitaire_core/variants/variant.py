"""A variant: a frozen record of policies, with its precomputed rule tables."""

from __future__ import annotations

from typing import Any, Final

import attrs

from solitaire_core.cards import ACE, DECK_SIZE, Card
from solitaire_core.errors import InvalidArgumentError
from solitaire_core.limits import MAX_DECKS
from solitaire_core.position import SUIT_COUNT
from solitaire_core.scoring.policies import STANDARD_KLONDIKE, ScoringPolicy
from solitaire_core.variants import _registered
from solitaire_core.variants.identity import CODE_DRAWS, CodeHeader, is_key, is_prefix
from solitaire_core.variants.layout import KLONDIKE_LAYOUT, DealPart, Layout
from solitaire_core.variants.piles import (
    ACE_FOUNDATIONS,
    DRAW_ONE,
    DealStock,
    FoundationBase,
    Foundations,
    NoStock,
    StockKind,
    StockPolicy,
    WasteStock,
)
from solitaire_core.variants.policies import (
    ALTERNATE_COLORS,
    ANY_FACE_UP_RUN,
    KINGS_ONLY,
    BuildPolicy,
    EmptyColumnPolicy,
    GroupPolicy,
)

COLUMN_COUNT: Final = 7
"""Tableau columns of the Klondike layout (the default; other games have 4 to 13)."""

_TABLES: dict[tuple[str, type, object], Any] = {}
"""The rule tables already built, by table name and (type, value) of the policy they
come from: variants that share a policy share its tables (the 63 shipped games have
a handful of building and empty-column policies, and each table costs ~1 ms)."""


def _policy_table(name: str, policy: object, build: Any) -> Any:
    """The table ``name`` of ``policy``: ``build()`` once per equal policy, then shared.

    A table depends only on its policy, a frozen record, so two equal policies of one
    type give equal tables; an unhashable policy gets its own table every time.
    """
    try:
        key = (name, type(policy), policy)
        table = _TABLES.get(key)
    except TypeError:  # an unhashable policy (a user's class): no sharing
        return build()
    if table is None:
        table = _TABLES[key] = build()
    return table


@attrs.frozen(cache_hash=True)
class Variant:
    """The rules of one Klondike-family game, as data (FAMILY.md section 1).

    A variant is composed of policies, never subclassed; build new ones with
    :func:`attrs.evolve` or by calling the constructor. Every rule function,
    the move generator and the solver work on any variant.

    Attributes:
        name: a human-readable name, e.g. ``"Klondike"``.
        layout: the columns' face-down and face-up counts, the reserve and
            the dealing order (:class:`~solitaire_core.variants.layout.Layout`).
        decks: 1 to 3 standard decks; the copies of a card are interchangeable.
        stock: a :class:`~solitaire_core.variants.piles.WasteStock` (draw
            count, recycle limit), a :class:`~solitaire_core.variants.piles.DealStock`
            or :data:`~solitaire_core.variants.piles.NO_STOCK`.
        build: what may go on a face-up tableau card.
        group: which groups of cards may move together between columns.
        empty_column: what may go on an empty column.
        foundations: where foundations start and what they take
            (:class:`~solitaire_core.variants.piles.Foundations`).
        foundation_takeback: whether a foundation's top card may go back to the
            tableau (RULES.md section 3; not in traditional rules, section 10).
        code_prefix: the two-letter deal-code prefix (``"KL"``, ``"YU"``), or
            ``None`` when the variant has no deal codes of its own.
        scoring: the scoring policy (RULES.md section 7); Standard by default.
            It names the scoring and its deal-code letter (``N``, ``V``).

    A variant's identity is its :attr:`key` (and :attr:`aliases`), given when
    it is registered (:func:`~solitaire_core.variants.register_variant`), its
    :attr:`code_header`, and its scoring policy's name and code letter.

    Variants are frozen and hashable; two variants with equal fields are equal.
    Creating one checks that it can be played and precomputes its rule tables
    from the policies (a 52 x 52 building table and the empty-column answers
    for every base rank), so build variants once and reuse them.

    Raises:
        InvalidArgumentError: from the constructor, naming the field, for a
            record that cannot be played or contradicts itself: a policy of
            the wrong kind, decks outside 1..3, more cards dealt than the
            decks hold, a stock game left without stock cards or a game
            without a stock that leaves cards undealt, a dealt base card
            without foundations based on it (or the reverse), a reserve-filled
            empty column without a reserve, spider foundations with take-backs,
            Vegas scoring with recycles, a prefix that is not two letters A-Z,
            or a scoring policy that does not declare its name and code letter.

    >>> from solitaire_core import KLONDIKE
    >>> from solitaire_core.variants.piles import WasteStock
    >>> house = attrs.evolve(KLONDIKE, name="House rules", stock=WasteStock(recycle_limit=2))
    >>> house.recycle_limit, house.build is KLONDIKE.build, house == KLONDIKE, house.key
    (2, True, False, None)
    >>> KLONDIKE.key, str(KLONDIKE.code_header), KLONDIKE.vegas, KLONDIKE.stock_cycles_freely
    ('klondike', 'KL1-D1N', False, True)
    """

    name: str
    layout: Layout = KLONDIKE_LAYOUT
    decks: int = 1
    stock: StockPolicy = DRAW_ONE
    build: BuildPolicy = ALTERNATE_COLORS
    group: GroupPolicy = ANY_FACE_UP_RUN
    empty_column: EmptyColumnPolicy = KINGS_ONLY
    foundations: Foundations = ACE_FOUNDATIONS
    foundation_takeback: bool = True
    code_prefix: str | None = None
    scoring: ScoringPolicy = STANDARD_KLONDIKE

    draw_count: int = attrs.field(init=False, eq=False, repr=False)
    """Cards turned per draw; 0 for a game without a waste (its deal codes say ``D0``)."""
    recycle_limit: int | None = attrs.field(init=False, eq=False, repr=False)
    """Recycles allowed (None: unlimited); 0 for a game without a waste."""
    deal_needs_no_empty_column: bool = attrs.field(init=False, eq=False, repr=False)
    """True when the stock is dealt onto the columns only while none is empty."""
    build_table: tuple[bool, ...] = attrs.field(init=False, eq=False, repr=False)
    """``build_table[onto * 52 + card]``: True when ``card`` may go on ``onto``."""
    build_targets: tuple[tuple[Card, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """``build_targets[card]``: the cards ``card`` may be built on, in index order."""
    build_sources: tuple[tuple[Card, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """``build_sources[onto]``: the cards that may be built on ``onto``, in index order."""
    empty_column_tables: tuple[tuple[bool, ...], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    """``empty_column_tables[base][card]``: True when ``card`` may start an empty column.

    ``base`` is the position's foundation base rank, 0 (none yet) .. 13."""
    empty_column_cards: tuple[tuple[Card, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """``empty_column_cards[base]``: the cards that may start an empty column, in index order."""
    groups_are_built_runs: bool = attrs.field(init=False, eq=False, repr=False)
    """True when every group the group policy lets move is in building order."""
    any_face_up_groups: bool = attrs.field(init=False, eq=False, repr=False)
    """True when the group policy declares ``moves_any_face_up``: any face-up card leads a group."""
    moves_every_built_run: bool = attrs.field(init=False, eq=False, repr=False)
    """True when every run in building order may move as a group, of any length.

    Any face-up group moving (``any_face_up_groups``) includes it; otherwise the group
    policy declares ``moves_every_built_run`` (as :class:`~.policies.OrderedRun` does)."""
    simple_foundations: bool = attrs.field(init=False, eq=False, repr=False)
    """True for one deck of single-card foundations from the Ace: slot = suit, next = count + 1."""

    @build_table.default
    def _build_table(self) -> tuple[bool, ...]:
        _check_variant(self)  # before any table is built
        check = self.build.check_build

        def build() -> tuple[bool, ...]:
            return tuple(
                check(card, onto) is None for onto in range(DECK_SIZE) for card in range(DECK_SIZE)
            )

        table: tuple[bool, ...] = _policy_table("build", self.build, build)
        return table

    @build_targets.default
    def _build_targets(self) -> tuple[tuple[Card, ...], ...]:
        table = self.build_table

        def build() -> tuple[tuple[Card, ...], ...]:
            return tuple(
                tuple(onto for onto in range(DECK_SIZE) if table[onto * DECK_SIZE + card])
                for card in range(DECK_SIZE)
            )

        targets: tuple[tuple[Card, ...], ...] = _policy_table("targets", self.build, build)
        return targets

    @build_sources.default
    def _build_sources(self) -> tuple[tuple[Card, ...], ...]:
        table = self.build_table

        def build() -> tuple[tuple[Card, ...], ...]:
            return tuple(
                tuple(card for card in range(DECK_SIZE) if table[onto * DECK_SIZE + card])
                for onto in range(DECK_SIZE)
            )

        sources: tuple[tuple[Card, ...], ...] = _policy_table("sources", self.build, build)
        return sources

    @empty_column_tables.default
    def _empty_column_tables(self) -> tuple[tuple[bool, ...], ...]:
        check = self.empty_column.check_empty_column

        def build() -> tuple[tuple[bool, ...], ...]:
            return tuple(
                tuple(check(card, base) is None for card in range(DECK_SIZE)) for base in range(14)
            )

        tables: tuple[tuple[bool, ...], ...] = _policy_table("empty", self.empty_column, build)
        return tables

    @empty_column_cards.default
    def _empty_column_cards(self) -> tuple[tuple[Card, ...], ...]:
        allowed_by_base = self.empty_column_tables

        def build() -> tuple[tuple[Card, ...], ...]:
            return tuple(
                tuple(card for card in range(DECK_SIZE) if allowed[card])
                for allowed in allowed_by_base
            )

        cards: tuple[tuple[Card, ...], ...] = _policy_table("empty cards", self.empty_column, build)
        return cards

    @groups_are_built_runs.default
    def _groups_are_built_runs(self) -> bool:
        return bool(self.group.moves_only_built_runs(self.build_table))

    @any_face_up_groups.default
    def _any_face_up_groups(self) -> bool:
        return getattr(self.group, "moves_any_face_up", False) is True

    @moves_every_built_run.default
    def _moves_every_built_run(self) -> bool:
        return (
            self.any_face_up_groups or getattr(self.group, "moves_every_built_run", False) is True
        )

    @simple_foundations.default
    def _simple_foundations(self) -> bool:
        foundations = self.foundations
        return (
            self.decks == 1
            and foundations.base is FoundationBase.ACE
            and not foundations.complete_runs
        )

    @draw_count.default
    def _draw_count(self) -> int:
        _check_kinds(self)  # the first derived field: the fields' kinds before anything else
        stock = self.stock
        return stock.draw_count if isinstance(stock, WasteStock) else 0

    @recycle_limit.default
    def _recycle_limit(self) -> int | None:
        stock = self.stock
        return stock.recycle_limit if isinstance(stock, WasteStock) else 0

    @deal_needs_no_empty_column.default
    def _deal_needs_no_empty_column(self) -> bool:
        stock = self.stock
        return isinstance(stock, DealStock) and stock.needs_no_empty_column

    # --- derived facts ------------------------------------------------------

    @property
    def columns(self) -> int:
        """How many tableau columns the game has."""
        return self.layout.columns

    @property
    def column_sizes(self) -> tuple[int, ...]:
        """Cards dealt to each column (face down and face up)."""
        return self.layout.column_sizes

    @property
    def all_face_up(self) -> bool:
        """True when the whole tableau is dealt face up (Réfléchi)."""
        return not any(self.layout.face_down)

    @property
    def card_count(self) -> int:
        """Cards in play: 52 per deck."""
        return DECK_SIZE * self.decks

    @property
    def foundation_slots(self) -> int:
        """Foundation slots: 4 per deck, slot ``i`` of suit ``i % 4`` (S, H, D, C)."""
        return SUIT_COUNT * self.decks

    @property
    def stock_kind(self) -> StockKind:
        """What the stock move does: draw onto a waste, deal onto the columns, or none."""
        return self.stock.kind

    @property
    def key(self) -> str | None:
        """The stable key the game is registered under (``"klondike-draw3"``), or None.

        Save files, statistics and the command line name a game by it; a
        game of a program's own has one once registered
        (:func:`~solitaire_core.variants.register_variant`).
        """
        return _registered.KEY_OF.get(self)

    @property
    def aliases(self) -> tuple[str, ...]:
        """More keys the game is found by (``("klondike-draw1",)``); empty if unregistered."""
        key = _registered.KEY_OF.get(self)
        return () if key is None else _registered.ALIASES.get(key, ())

    @property
    def vegas(self) -> bool:
        """True when the scoring is Vegas (its code letter is ``V``): the stock never recycles."""
        return self.scoring.code_letter == "V"

    @property
    def code_header(self) -> CodeHeader | None:
        """The header of the game's deal codes (``KL1-D3N``), or None without a prefix.

        The prefix is the variant's, the draw its draw count (0 without a
        waste), the letter its scoring policy's (FAMILY.md section 1.8).
        Whether codes with this header deal this variant is the registry's
        question: :func:`~solitaire_core.variants.code_header`.
        """
        if self.code_prefix is None or self.draw_count not in CODE_DRAWS:
            return None
        return CodeHeader(self.code_prefix, self.draw_count, self.scoring.code_letter)

    @property
    def stock_cycles_freely(self) -> bool:
        """True when the stock goes to a waste and may be recycled without limit.

        Then drawing round the stock costs no pass: every stock card can be
        reached again (the solvers and the hard AI walk the stock then).
        """
        return self.has_waste and self.recycle_limit is None

    @property
    def has_waste(self) -> bool:
        """True when the stock is turned onto a waste."""
        return isinstance(self.stock, WasteStock)

    @property
    def has_reserve(self) -> bool:
        """True when the layout deals a reserve (Canfield)."""
        return self.layout.reserve > 0

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds after the deal (24 for Klondike)."""
        return self.card_count - self.layout.dealt

    @property
    def base_rank_fixed(self) -> int | None:
        """The base rank every deal starts with: 1 for Ace foundations, else None (varies)."""
        return ACE if self.foundations.base is FoundationBase.ACE else None

    @property
    def columns_interchangeable(self) -> bool:
        """True when no rule depends on a column's place (so a solver may sort columns).

        False when the stock is dealt onto the columns in order.
        """
        return not isinstance(self.stock, DealStock)

    def __str__(self) -> str:
        return self.name


def _fail(field: str, reason: str) -> InvalidArgumentError:
    return InvalidArgumentError(f"variant {field}: {reason}")


def _check_variant(variant: Variant) -> None:
    """Refuse a record that cannot be played or contradicts itself (see :class:`Variant`)."""
    layout = variant.layout
    if type(variant.decks) is not int or not 1 <= variant.decks <= MAX_DECKS:
        raise _fail("decks", f"must be an int 1..{MAX_DECKS}, got {variant.decks!r}")
    cards = variant.card_count
    if layout.dealt > cards:
        raise _fail(
            "layout", f"deals {layout.dealt} cards but {variant.decks} deck(s) hold {cards}"
        )
    stock = variant.stock
    if isinstance(stock, NoStock) and layout.dealt != cards:
        raise _fail(
            "stock",
            f"a game without a stock must deal every card, but the layout deals "
            f"{layout.dealt} of {cards}",
        )
    if not isinstance(stock, NoStock) and layout.dealt == cards:
        raise _fail("layout", f"deals all {cards} cards, leaving no stock")
    base = variant.foundations.base
    if (base is FoundationBase.DEALT_CARD) != (DealPart.BASE_CARD in layout.deal_order):
        raise _fail(
            "foundations",
            "foundations based on a dealt card need DealPart.BASE_CARD in the layout's "
            "deal_order, and only they",
        )
    if variant.empty_column.fills_from_reserve and not layout.reserve:
        raise _fail("empty_column", "fills empty columns from the reserve, but there is none")
    if variant.foundations.complete_runs and variant.foundation_takeback:
        raise _fail(
            "foundation_takeback", "spider-type foundations (complete runs) give no card back"
        )
    letter = variant.scoring.code_letter
    if letter not in ("N", "V"):
        raise _fail("scoring", f"code_letter must be 'N' or 'V', got {letter!r}")
    name = variant.scoring.name
    if not is_key(name):
        raise _fail("scoring", f"name must be lower-case words joined by '-', got {name!r}")
    if variant.vegas and variant.recycle_limit != 0:
        raise _fail(
            "stock",
            f"Vegas scoring never recycles, but recycle_limit is {variant.recycle_limit!r} "
            "(use WasteStock(recycle_limit=0))",
        )
    prefix = variant.code_prefix
    if prefix is not None and not is_prefix(prefix):
        raise _fail("code_prefix", f"must be None or two letters A-Z, got {prefix!r}")
    if not isinstance(variant.name, str) or not variant.name.strip():
        raise _fail("name", f"must be a non-empty string, got {variant.name!r}")


def _check_kinds(variant: Variant) -> None:
    """Each field holds a value of its kind (a policy, a layout, a bool...)."""
    kinds: tuple[tuple[str, object, Any], ...] = (
        ("layout", variant.layout, Layout),
        ("stock", variant.stock, (WasteStock, DealStock, NoStock)),
        ("build", variant.build, BuildPolicy),
        ("group", variant.group, GroupPolicy),
        ("empty_column", variant.empty_column, EmptyColumnPolicy),
        ("foundations", variant.foundations, Foundations),
        ("scoring", variant.scoring, ScoringPolicy),
    )
    missing = [member for member in ("name", "code_letter") if not hasattr(variant.scoring, member)]
    if missing:
        raise _fail(
            "scoring",
            f"the policy {variant.scoring!r} does not declare its {' and '.join(missing)} "
            "(a name such as 'house' and the deal-code letter 'N' or 'V': docs/scoring.md)",
        )
    for field, value, kind in kinds:
        if not isinstance(value, kind):
            name = kind.__name__ if isinstance(kind, type) else "a stock policy"
            raise _fail(field, f"must be a {name}, got {value!r}")
    if type(variant.foundation_takeback) is not bool:
        raise _fail(
            "foundation_takeback", f"must be True or False, got {variant.foundation_takeback!r}"
        )


def require_variant(variant: object, name: str = "variant") -> Variant:
    """``variant`` itself if it is a :class:`Variant`; else the error every public function gives.

    For functions that take the rules as an argument: a name or a deal-code
    prefix (``"KL1-D3N"``) is not a variant, and the message says where to get
    one (:func:`~solitaire_core.variants.lookup_variant`).

    Raises:
        InvalidArgumentError: (a ``ValueError``) naming the argument and what it got.

    >>> require_variant("KL1-D3N")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    solitaire_core.errors.InvalidArgumentError: variant must be a Variant, got str 'KL1-D3N' (...)
    """
    if not isinstance(variant, Variant):
        raise InvalidArgumentError(
            f"{name} must be a Variant, got {type(variant).__name__} {variant!r} "
            "(lookup_variant finds one by its key, name or deal-code prefix)"
        )
    return variant


__all__ = ["COLUMN_COUNT", "MAX_DECKS", "Variant", "require_variant"]
