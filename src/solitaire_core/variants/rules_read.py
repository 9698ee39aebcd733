"""Reading a rules document: a whole game declared as data, checked field by field.

A **rules document** is the JSON-ready mapping that a rules file holds, in
TOML or JSON (docs/rules-files.md; the JSON Schema ``rules-1.schema.json``
in :mod:`solitaire_core.schemas` describes it for other programs). It declares
a game: its key, names and deal-code prefix, and the fields of its
:class:`~solitaire_core.variants.Variant` (FAMILY.md section 1): the layout,
decks, stock, foundations, and its building, group, empty-column and scoring
policies by name (:mod:`~solitaire_core.variants.policy_table`) with their
parameters. A field left out takes Klondike's value (the
:class:`~solitaire_core.variants.Variant` defaults).

:func:`parse_rules` checks a document by hand (the library's only runtime
dependency is ``attrs``: no schema validator) and raises
:class:`~solitaire_core.errors.RulesFileError` naming the first bad field. It
registers nothing (:func:`~solitaire_core.variants.rules_files.register_rules`
does).

>>> rules = parse_rules({
...     "format": "solitaire-core/rules", "version": 1, "key": "klondike-8",
...     "name": {"en": "Klondike with eight columns"}, "code_prefix": "KE",
...     "layout": {"pattern": "triangle", "columns": 8},
...     "empty_column": {"policy": "any_card"},
... })
>>> rules.key, rules.variant.column_sizes, rules.variant.empty_column
('klondike-8', (1, 2, 3, 4, 5, 6, 7, 8), AnyCard())
>>> parse_rules({"format": "solitaire-core/rules", "version": 1, "key": "x",
...              "name": {"en": "X"}, "stock": {"kind": "waste", "passes": 0}})
Traceback (most recent call last):
...
solitaire_core.errors.RulesFileError: rules: stock.passes: must be an int >= 1 or 'unlimited', got 0
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

import attrs

from solitaire_core.errors import InvalidArgumentError, RulesFileError
from solitaire_core.moves import MAX_COLUMNS
from solitaire_core.scoring.policies import ScoringPolicy
from solitaire_core.variants._rules_reader import (
    FieldPath,
    Locate,
    Reader,
    field_text,
    shown,
    unknown,
)
from solitaire_core.variants.identity import CODE_DRAWS, is_key, is_prefix
from solitaire_core.variants.layout import DealPart, Layout
from solitaire_core.variants.piles import (
    DealStock,
    FoundationBase,
    Foundations,
    NoStock,
    StockKind,
    StockPolicy,
    WasteStock,
)
from solitaire_core.variants.policy_table import (
    PolicyKind,
    policy_class,
    policy_names,
    policy_parameters,
)
from solitaire_core.variants.variant import MAX_DECKS, Variant

RULES_FORMAT: Final = "solitaire-core/rules"
"""The ``format`` field of every rules document."""
RULES_VERSION: Final = 1
"""The ``version`` of the rules documents this library reads and writes."""
UNLIMITED: Final = "unlimited"
"""The ``passes`` of a stock that may be recycled without limit."""
NONE: Final = "none"
"""How a file writes None (TOML has no null): a policy parameter without a value."""
LANGUAGE: Final = re.compile(r"[a-z]{2}")
"""A language code of the ``name`` table (``en``, ``hu``)."""
PATTERNS: Final = ("triangle", "mirrored_triangle", "rows", "custom")
"""The layout patterns of a rules file."""

DEFAULT_POLICIES: Final = {
    PolicyKind.BUILD: "alternate_colors",
    PolicyKind.GROUP: "any_face_up_run",
    PolicyKind.EMPTY_COLUMN: "kings_only",
    PolicyKind.SCORING: "standard_scoring",
}
"""The policy of each kind when a file leaves it out: Klondike's."""


_TOP_KEYS: Final = (
    "$schema",
    "format",
    "version",
    "key",
    "aliases",
    "name",
    "code_prefix",
    "pysolfc_id",
    "decks",
    "layout",
    "stock",
    "foundations",
    "build",
    "group",
    "empty_column",
    "scoring",
)
_LAYOUT_KEYS: Final = (
    "pattern",
    "columns",
    "all_face_up",
    "face_down",
    "face_up",
    "reserve",
    "deal_order",
)
_STOCK_KEYS: Final = {
    StockKind.WASTE: ("kind", "draw", "passes"),
    StockKind.DEAL: ("kind", "needs_no_empty_column"),
    StockKind.NONE: ("kind",),
}
_FOUNDATION_KEYS: Final = ("base", "wrap", "complete_runs", "takeback")


def _copy_names(names: Mapping[str, str]) -> dict[str, str]:
    return dict(names)


@attrs.frozen
class GameRules:
    """A game as a rules file declares it: its identity and its rules.

    Attributes:
        key: the registry key (``"klondike-8"``), lower-case words joined by ``-``.
        variant: the rules; its ``name`` is the English name and its
            ``code_prefix`` the two letters of the game's deal codes (or None).
        aliases: more keys the game is found by, in the order given.
        names: the game's name per language code, ``"en"`` always
            (``{"en": "Klondike", "hu": "Klondike"}``).
        pysolfc_id: the id of the same game in PySolFC, or None.
    """

    key: str
    variant: Variant
    aliases: tuple[str, ...] = ()
    names: dict[str, str] = attrs.field(factory=dict, converter=_copy_names, hash=False)
    pysolfc_id: int | None = None


def parse_rules(
    data: object, *, file: str | None = None, locate: Locate | None = None
) -> GameRules:
    """Check a rules document and build the game it declares.

    Args:
        data: the document, as ``json.load`` or ``tomllib.load`` give it.
        file: the file it came from, for the error (None: from memory).
        locate: finds a field's line in the file's text, for the error
            (:func:`~solitaire_core.variants.rules_text.toml_locator`).

    Returns:
        The game: key, variant, aliases, names and PySolFC id.

    Raises:
        RulesFileError: for the first bad field, naming it (and its line
            when ``locate`` finds it): an unknown field, value or policy, a
            value of the wrong type, a missing required field (``format``,
            ``version``, ``key``, ``name.en``), or rules that contradict each
            other (Vegas scoring with recycles, a reserve left out of the
            dealing order, a deal-code prefix with a draw of 2...).
    """
    reader = Reader(file, locate)
    document = reader.table(data, (), _TOP_KEYS)
    fmt = document.get("format")
    if fmt != RULES_FORMAT:
        raise reader.fail(("format",), f"must be {RULES_FORMAT!r}, got {shown(fmt)}")
    version = document.get("version")
    if type(version) is not int or version != RULES_VERSION:
        reason = f"must be {RULES_VERSION}, got {shown(version)}"
        if type(version) is int and version > RULES_VERSION:
            reason += " (a newer format: upgrade solitaire-core to read it)"
        raise reader.fail(("version",), reason)
    key = _key(reader, document.get("key"), ("key",))
    aliases = _aliases(reader, document.get("aliases", []))
    names = _names(reader, document.get("name"))
    prefix = document.get("code_prefix")
    if prefix is not None and not is_prefix(prefix):
        raise reader.fail(("code_prefix",), f"must be two letters A-Z, got {shown(prefix)}")
    pysolfc_id = document.get("pysolfc_id")
    if pysolfc_id is not None:
        reader.integer(pysolfc_id, ("pysolfc_id",), 1)
    decks = reader.integer(document.get("decks", 1), ("decks",), 1, MAX_DECKS)
    layout = _layout(reader, document.get("layout", {}))
    stock = _stock(reader, document.get("stock", {}))
    foundations, takeback = _foundations(reader, document.get("foundations", {}))
    build = _policy(reader, document, PolicyKind.BUILD)
    group = _policy(reader, document, PolicyKind.GROUP)
    empty_column = _policy(reader, document, PolicyKind.EMPTY_COLUMN)
    scoring = _policy(reader, document, PolicyKind.SCORING)
    stock_table = document.get("stock")
    passes_given = isinstance(stock_table, Mapping) and "passes" in stock_table
    vegas_path: FieldPath = ("stock", "passes") if passes_given else ("scoring", "policy")
    _require_consistent(
        reader, layout, stock, foundations, empty_column, scoring, prefix, vegas_path
    )
    try:
        variant = Variant(
            name=names["en"],
            layout=layout,
            decks=decks,
            stock=stock,
            build=build,  # type: ignore[arg-type]  # (checked by the Variant)
            group=group,  # type: ignore[arg-type]
            empty_column=empty_column,  # type: ignore[arg-type]
            foundations=foundations,
            foundation_takeback=takeback,
            code_prefix=prefix,
            scoring=scoring,  # type: ignore[arg-type]
        )
    except InvalidArgumentError as error:
        raise _variant_error(reader, str(error)) from None
    return GameRules(key=key, variant=variant, aliases=aliases, names=names, pysolfc_id=pysolfc_id)


def variant_from_rules(
    data: object, *, file: str | None = None, locate: Locate | None = None
) -> Variant:
    """The :class:`~solitaire_core.variants.Variant` a rules document declares.

    The game's key, aliases, names and PySolFC id are checked but not
    returned (:func:`parse_rules` returns them) and nothing is registered.

    Raises:
        RulesFileError: as :func:`parse_rules`.
    """
    return parse_rules(data, file=file, locate=locate).variant


def _key(reader: Reader, value: object, path: FieldPath) -> str:
    if value is None:
        raise reader.fail(path, "is required: the game's key, such as 'klondike-8'")
    if not is_key(value):
        raise reader.fail(
            path,
            f"must be lower-case letters and digits joined by '-' (my-klondike), got "
            f"{shown(value)}",
        )
    assert isinstance(value, str)
    return value


def _aliases(reader: Reader, value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise reader.fail(("aliases",), f"must be a list of keys, got {shown(value)}")
    return tuple(_key(reader, alias, ("aliases", index)) for index, alias in enumerate(value))


def _names(reader: Reader, value: object) -> dict[str, str]:
    if value is None:
        raise reader.fail(("name",), "is required: the game's name, at least name.en")
    if not isinstance(value, Mapping):
        raise reader.fail(("name",), f"must be a table of names by language, got {shown(value)}")
    names: dict[str, str] = {}
    for language, name in value.items():
        if not isinstance(language, str) or LANGUAGE.fullmatch(language) is None:
            raise reader.fail(
                ("name", str(language)), "a language code is two letters a-z (en, hu)"
            )
        if not isinstance(name, str) or not name.strip():
            raise reader.fail(("name", language), f"must be a non-empty string, got {shown(name)}")
        names[language] = name
    if "en" not in names:
        raise reader.fail(("name", "en"), "is required: the game's English name")
    return names


def _layout(reader: Reader, value: object) -> Layout:
    path: FieldPath = ("layout",)
    layout = reader.table(value, path, _LAYOUT_KEYS)
    explicit = isinstance(layout.get("face_down"), list)
    default = "custom" if explicit else "triangle"
    pattern = reader.text(layout.get("pattern", default), (*path, "pattern"), PATTERNS)
    allowed = {
        "triangle": ("columns", "all_face_up"),
        "mirrored_triangle": ("columns", "all_face_up"),
        "rows": ("columns", "face_down", "face_up"),
        "custom": ("columns", "face_down", "face_up"),
    }[pattern]
    for key in ("columns", "all_face_up", "face_down", "face_up"):
        if key in layout and key not in allowed:
            raise reader.fail(
                (*path, key), f"is not a field of the {pattern!r} pattern ({', '.join(allowed)})"
            )
    reserve = reader.integer(layout.get("reserve", 0), (*path, "reserve"), 0)
    order = _deal_order(reader, layout.get("deal_order", ["tableau"]))
    if pattern == "custom":
        for key in ("face_down", "face_up"):
            if key not in layout:
                raise reader.fail((*path, key), "is required: a list of counts, one per column")
        down = reader.counts(layout["face_down"], (*path, "face_down"))
        up = reader.counts(layout["face_up"], (*path, "face_up"))
        if len(up) != len(down):
            raise reader.fail(
                (*path, "face_up"),
                f"lists {len(up)} columns but face_down lists {len(down)}",
            )
        if "columns" in layout:
            columns = reader.integer(layout["columns"], (*path, "columns"), 1, MAX_COLUMNS)
            if columns != len(down):
                raise reader.fail(
                    (*path, "columns"), f"is {columns} but face_down lists {len(down)} columns"
                )
        for index, (hidden, shown) in enumerate(zip(down, up, strict=True)):
            if hidden and not shown:
                raise reader.fail(
                    (*path, "face_up", index),
                    f"column {index + 1} has {hidden} face-down cards and no face-up card "
                    "(the top card of a column is always face up)",
                )
    else:
        columns = reader.integer(layout.get("columns", 7), (*path, "columns"), 1, MAX_COLUMNS)
        if pattern == "rows":
            hidden = reader.integer(layout.get("face_down", 0), (*path, "face_down"), 0)
            shown = reader.integer(layout.get("face_up", 1), (*path, "face_up"), 1)
            shape = Layout.rows(columns, down=hidden, up=shown)
        else:
            face_up = reader.boolean(layout.get("all_face_up", False), (*path, "all_face_up"))
            shape = Layout.triangle(
                columns, face_up=face_up, mirrored=pattern == "mirrored_triangle"
            )
        down, up = shape.face_down, shape.face_up
    if (DealPart.RESERVE in order) != (reserve > 0):
        if reserve:
            reason = f"a reserve of {reserve} cards needs 'reserve' in deal_order"
        else:
            reason = "lists 'reserve' but layout.reserve is 0"
        raise reader.fail((*path, "deal_order"), reason)
    try:
        return Layout(face_down=down, face_up=up, reserve=reserve, deal_order=order)
    except InvalidArgumentError as error:
        raise reader.fail(path, str(error).removeprefix("layout ")) from None


def _deal_order(reader: Reader, value: object) -> tuple[DealPart, ...]:
    path: FieldPath = ("layout", "deal_order")
    parts = [part.value for part in DealPart]
    if not isinstance(value, list):
        raise reader.fail(path, f"must be a list of {', '.join(parts)}, got {shown(value)}")
    order = tuple(
        DealPart(reader.text(part, (*path, index), parts)) for index, part in enumerate(value)
    )
    for index, part in enumerate(order):
        if part in order[:index]:
            raise reader.fail((*path, index), f"lists {part.value!r} twice")
    if DealPart.TABLEAU not in order:
        raise reader.fail(path, "must list 'tableau'")
    return order


def _stock(reader: Reader, value: object) -> StockPolicy:
    path: FieldPath = ("stock",)
    if not isinstance(value, Mapping):
        raise reader.fail(path, f"must be a table, got {shown(value)}")
    kinds = [kind.value for kind in StockKind]
    kind = StockKind(reader.text(value.get("kind", "waste"), (*path, "kind"), kinds))
    for key in value:
        if key not in _STOCK_KEYS[kind]:
            known = {name for keys in _STOCK_KEYS.values() for name in keys}
            if key in known:
                raise reader.fail((*path, str(key)), f"is not a field of a {kind.value!r} stock")
            raise reader.fail((*path, str(key)), unknown("field", str(key), _STOCK_KEYS[kind]))
    if kind is StockKind.NONE:
        return NoStock()
    if kind is StockKind.DEAL:
        blocked = reader.boolean(
            value.get("needs_no_empty_column", False), (*path, "needs_no_empty_column")
        )
        return DealStock(needs_no_empty_column=blocked)
    draw = reader.integer(value.get("draw", 1), (*path, "draw"), 1)
    passes = value.get("passes", UNLIMITED)
    if passes == UNLIMITED:
        return WasteStock(draw_count=draw, recycle_limit=None)
    if type(passes) is not int or passes < 1:
        raise reader.fail(
            (*path, "passes"), f"must be an int >= 1 or {UNLIMITED!r}, got {shown(passes)}"
        )
    return WasteStock(draw_count=draw, recycle_limit=passes - 1)


def _foundations(reader: Reader, value: object) -> tuple[Foundations, bool]:
    path: FieldPath = ("foundations",)
    table = reader.table(value, path, _FOUNDATION_KEYS)
    bases = [base.value for base in FoundationBase]
    base = FoundationBase(reader.text(table.get("base", "ace"), (*path, "base"), bases))
    runs = reader.boolean(table.get("complete_runs", False), (*path, "complete_runs"))
    takeback = reader.boolean(table.get("takeback", True), (*path, "takeback"))
    if "wrap" in table:
        wrap = reader.boolean(table["wrap"], (*path, "wrap"))
        if wrap != (base is not FoundationBase.ACE):
            reason = (
                "foundations from the Ace never wrap (only base 'dealt_card' or 'first_card' does)"
                if wrap
                else f"foundations from base {base.value!r} always wrap, King to Ace"
            )
            raise reader.fail((*path, "wrap"), reason)
    if runs and base is not FoundationBase.ACE:
        raise reader.fail(
            (*path, "complete_runs"), "complete King-to-Ace runs go up from the Ace: base 'ace'"
        )
    if runs and takeback:
        raise reader.fail(
            (*path, "takeback"), "foundations of complete runs give no card back: takeback = false"
        )
    return Foundations(base=base, complete_runs=runs), takeback


def _policy(reader: Reader, document: Mapping[str, Any], kind: PolicyKind) -> object:
    path: FieldPath = (kind.value,)
    value = document.get(kind.value, {})
    if not isinstance(value, Mapping):
        raise reader.fail(path, f"must be a table with a 'policy', got {shown(value)}")
    name = reader.text(value.get("policy", DEFAULT_POLICIES[kind]), (*path, "policy"))
    cls = policy_class(kind, name)
    if cls is None:
        raise reader.fail(
            (*path, "policy"), unknown(f"{kind.value} policy", name, policy_names(kind))
        )
    parameters = {parameter.name: parameter for parameter in policy_parameters(cls)}
    arguments: dict[str, Any] = {}
    for key, given in value.items():
        if key == "policy":
            continue
        parameter = parameters.get(key)
        if parameter is None and not parameters:
            raise reader.fail((*path, key), f"the policy {name!r} takes no parameters")
        if parameter is None:
            raise reader.fail(
                (*path, key), unknown(f"parameter of {name!r}", key, tuple(parameters))
            )
        argument = None if given == NONE and parameter.optional else given
        if not parameter.is_valid(argument):
            raise reader.fail((*path, key), f"must be {parameter.type_text}, got {shown(given)}")
        arguments[key] = argument
    for key, parameter in parameters.items():
        if parameter.required and key not in arguments:
            raise reader.fail((*path, key), f"is required by the policy {name!r}")
    try:
        return cls(**arguments)
    except (InvalidArgumentError, TypeError, ValueError) as error:
        raise reader.fail(path, f"policy {name!r} refuses its parameters: {error}") from None


def _require_consistent(
    reader: Reader,
    layout: Layout,
    stock: StockPolicy,
    foundations: Foundations,
    empty_column: object,
    scoring: object,
    prefix: str | None,
    vegas_path: FieldPath,
) -> None:
    """Contradictions between sections, told in the file's words (the Variant checks the rest).

    ``vegas_path``: where Vegas scoring with recycles is reported (the passes
    if the file gives them, else the scoring policy).
    """
    dealt_base = foundations.base is FoundationBase.DEALT_CARD
    if dealt_base != (DealPart.BASE_CARD in layout.deal_order):
        reason = (
            "foundations from a dealt card need 'base_card' in deal_order"
            if dealt_base
            else "lists 'base_card' but the foundations' base is not 'dealt_card'"
        )
        raise reader.fail(("layout", "deal_order"), reason)
    if getattr(empty_column, "fills_from_reserve", False) is True and not layout.reserve:
        raise reader.fail(
            ("empty_column", "policy"), "fills empty columns from the reserve, but there is none"
        )
    vegas = isinstance(scoring, ScoringPolicy) and scoring.code_letter == "V"
    if vegas and (not isinstance(stock, WasteStock) or stock.recycle_limit != 0):
        raise reader.fail(vegas_path, "Vegas scoring never recycles: give stock.passes = 1")
    if prefix is not None:
        draw = stock.draw_count if isinstance(stock, WasteStock) else 0
        if draw not in CODE_DRAWS:
            raise reader.fail(
                ("stock", "draw"),
                f"a game with a code_prefix draws 1 or 3 (its deal codes hold no draw {draw})",
            )


_VARIANT_FIELDS: Final[dict[str, FieldPath]] = {
    "name": ("name", "en"),
    "decks": ("decks",),
    "layout": ("layout",),
    "stock": ("stock",),
    "build": ("build", "policy"),
    "group": ("group", "policy"),
    "empty_column": ("empty_column", "policy"),
    "foundations": ("foundations",),
    "foundation_takeback": ("foundations", "takeback"),
    "code_prefix": ("code_prefix",),
    "scoring": ("scoring",),
}
"""Where a field of the :class:`~solitaire_core.variants.Variant` is in a document."""
_VARIANT_ERROR: Final = re.compile(r"variant (\w+): (.*)", re.DOTALL)


def _variant_error(reader: Reader, message: str) -> RulesFileError:
    """The Variant's refusal (``"variant stock: ..."``), placed at the document's field."""
    match = _VARIANT_ERROR.fullmatch(message)
    if match is None:
        return reader.fail((), message)
    field, reason = match.groups()
    return reader.fail(_VARIANT_FIELDS.get(field, (field,)), reason)


__all__ = [
    "DEFAULT_POLICIES",
    "NONE",
    "PATTERNS",
    "RULES_FORMAT",
    "RULES_VERSION",
    "UNLIMITED",
    "FieldPath",
    "GameRules",
    "Locate",
    "field_text",
    "parse_rules",
    "variant_from_rules",
]
