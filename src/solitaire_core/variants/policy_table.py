"""The table of policies by name: how a rules file names a policy and its parameters.

A rules file (docs/rules-files.md) names each policy of a game by the name its
class declares in ``rules_name`` (``"alternate_colors"``, ``"ordered_run"``,
``"standard_scoring"``: the class name in snake case) and gives its
parameters, the class's ``attrs`` fields that its constructor takes
(``wrap``, ``same_suit``, ``takeback_penalty``...). The shipped policies are in
the table from the start; a program adds its own with :func:`register_policy`
and can then read and write rules files that use them.

A parameter holds a ``bool``, an ``int``, a ``float`` or a ``str``, or None
where its type allows it (a file writes None as the text ``"none"``: TOML has
no null).

>>> policy_class(PolicyKind.BUILD, "alternate_colors")
<class 'solitaire_core.variants.policies.AlternateColors'>
>>> from solitaire_core.variants.policies import SUIT_RUN
>>> policy_name(SUIT_RUN), policy_arguments(SUIT_RUN)
('ordered_run', {'same_suit': True})
>>> vegas = policy_class(PolicyKind.SCORING, "vegas_scoring")
>>> [parameter.name for parameter in policy_parameters(vegas)]
['ante', 'per_card', 'floor', 'first_arrival_only']
>>> make_policy(PolicyKind.BUILD, "same_suit", {"up_and_down": True})
SameSuit(up_and_down=True)
"""

from __future__ import annotations

import re
import typing
from collections.abc import Mapping
from enum import StrEnum
from types import NoneType, UnionType
from typing import Any, Final

import attrs

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.scoring.policies import StandardScoring, VegasScoring
from solitaire_core.variants.policies import (
    AlternateColors,
    AnyCard,
    AnyFaceUpRun,
    AnySuit,
    AnySuitButOwn,
    BelowBase,
    FromReserve,
    KingsOnly,
    LimitedRun,
    NoCard,
    OrderedRun,
    SameColor,
    SameSuit,
    TopCardOnly,
    TopCardOrWholeColumn,
)


class PolicyKind(StrEnum):
    """Which field of a variant a policy fills; also its table's name in a rules file."""

    BUILD = "build"
    """What may be built on a face-up card (:class:`~.policies.BuildPolicy`)."""
    GROUP = "group"
    """Which groups move together (:class:`~.group_policies.GroupPolicy`)."""
    EMPTY_COLUMN = "empty_column"
    """What may start an empty column (:class:`~.policies.EmptyColumnPolicy`)."""
    SCORING = "scoring"
    """The scoring (:class:`~solitaire_core.scoring.ScoringPolicy`)."""


_MEMBERS: Final = {
    PolicyKind.BUILD: ("check_build",),
    PolicyKind.GROUP: (
        "lowest_movable_index",
        "check_count",
        "moves_only_built_runs",
        "sequence_rule",
        "limits_counts",
    ),
    PolicyKind.EMPTY_COLUMN: ("check_empty_column", "fills_from_reserve"),
    PolicyKind.SCORING: ("points", "format", "initial", "floor", "name", "code_letter"),
}
"""The members a class must have to be a policy of each kind (its protocol's)."""

_NAME: Final = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
_VALUE_TYPES: Final = (bool, int, float, str)


@attrs.frozen
class PolicyParameter:
    """One parameter of a policy class: a field its constructor takes.

    Attributes:
        name: the constructor's keyword, also the key in a rules file.
        kind: ``bool``, ``int``, ``float`` or ``str``.
        optional: True when None is allowed (written ``"none"`` in a file).
        default: the value when a file leaves it out, or ``attrs.NOTHING``
            when a file must give it.
    """

    name: str
    kind: type
    optional: bool
    default: Any

    @property
    def required(self) -> bool:
        """True when the parameter has no default."""
        return self.default is attrs.NOTHING

    def is_valid(self, value: object) -> bool:
        """True when ``value`` is of the parameter's type (None only for an optional one).

        A ``bool`` is not an int here (``True`` is no count).
        """
        if value is None:
            return self.optional
        if self.kind is float:
            return type(value) in (int, float)
        return type(value) is self.kind

    @property
    def type_text(self) -> str:
        """The type in words, for messages: ``"an int"``, ``"an int or 'none'"``."""
        words = {bool: "true or false", int: "an int", float: "a number", str: "a string"}
        return words[self.kind] + (" or 'none'" if self.optional else "")


_BY_NAME: dict[PolicyKind, dict[str, type]] = {kind: {} for kind in PolicyKind}
_NAME_OF: dict[type, tuple[PolicyKind, str]] = {}
_PARAMETERS: dict[type, tuple[PolicyParameter, ...]] = {}


_TYPE_NAMES: Final = {"bool": bool, "int": int, "float": float, "str": str, "None": NoneType}


def _field_types(hint: object) -> tuple[object, ...]:
    """The types a field's annotation allows: ``int | None`` -> ``(int, NoneType)``.

    A string annotation (``from __future__ import annotations``) is read by
    name, so a class defined anywhere (in a function, a doctest) is understood
    without resolving its module's names.
    """
    if isinstance(hint, str):
        text = hint.strip()
        optional = re.fullmatch(r"(?:typing\.)?Optional\[(.+)\]", text)
        if optional is not None:
            text = f"{optional.group(1)} | None"
        return tuple(_TYPE_NAMES.get(part.strip(), part.strip()) for part in text.split("|"))
    if isinstance(hint, UnionType) or typing.get_origin(hint) is typing.Union:
        return typing.get_args(hint)
    return (hint,)


def _parameter(cls: type, field: attrs.Attribute[Any]) -> PolicyParameter:
    hint = field.type
    members = _field_types(hint)
    optional = NoneType in members
    kinds = [member for member in members if member is not NoneType]
    if len(kinds) != 1 or kinds[0] not in _VALUE_TYPES:
        raise InvalidArgumentError(
            f"policy {cls.__name__}: parameter {field.name!r} is {hint!r}; a rules file holds "
            "bool, int, float or str parameters (or None where the type allows it)"
        )
    default = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        default = attrs.NOTHING  # a factory's value is not a file value: the file gives it
    name = field.alias or field.name
    return PolicyParameter(name=name, kind=kinds[0], optional=optional, default=default)


def _parameters_of(cls: type) -> tuple[PolicyParameter, ...]:
    if not attrs.has(cls):
        return ()
    return tuple(_parameter(cls, field) for field in attrs.fields(cls) if field.init)


def register_policy(policy_class: type, *, kind: PolicyKind | str) -> None:
    """Add a policy class to the table, under the name it declares in ``rules_name``.

    After this, rules files may name the policy (``policy = "short_groups"``)
    and give its parameters, and :func:`~solitaire_core.variants.variant_to_rules`
    writes it. Registering the same class again changes nothing.

    Args:
        policy_class: a class with the members of its kind's protocol (an
            ``attrs`` class when it takes parameters: they are its ``attrs``
            fields with ``init=True``, of type bool, int, float or str, or
            None where the type allows it) and a class attribute
            ``rules_name``: lower-case words joined by ``_``.
        kind: ``"build"``, ``"group"``, ``"empty_column"`` or ``"scoring"``.

    Raises:
        InvalidArgumentError: for an unknown kind, a class without
            ``rules_name`` or the members of its kind, a name that is taken
            by another class or malformed, or a parameter of another type.

    >>> import attrs
    >>> from solitaire_core.rule_ids import RuleId
    >>> @attrs.frozen
    ... class EvenOnly:
    ...     rules_name = "even_only"
    ...     fills_from_reserve = False
    ...     def check_empty_column(self, card, base_rank):
    ...         return None if card % 2 == 0 else RuleId.EMPTY_COLUMN_CLOSED
    >>> register_policy(EvenOnly, kind="empty_column")
    >>> policy_class("empty_column", "even_only") is EvenOnly
    True
    """
    try:
        policy_kind = PolicyKind(kind)
    except ValueError:
        kinds = ", ".join(repr(member.value) for member in PolicyKind)
        raise InvalidArgumentError(f"a policy kind is one of {kinds}, got {kind!r}") from None
    if not isinstance(policy_class, type):
        raise InvalidArgumentError(f"register_policy needs a class, got {policy_class!r}")
    name = getattr(policy_class, "rules_name", None)
    if not isinstance(name, str) or _NAME.fullmatch(name) is None:
        raise InvalidArgumentError(
            f"policy {policy_class.__name__} must declare rules_name: lower-case words "
            f"joined by '_' such as 'short_groups', got {name!r}"
        )
    missing = [member for member in _MEMBERS[policy_kind] if not _has_member(policy_class, member)]
    if missing:
        raise InvalidArgumentError(
            f"policy {policy_class.__name__} is not a {policy_kind.value} policy: it lacks "
            + ", ".join(missing)
        )
    taken = _BY_NAME[policy_kind].get(name)
    if taken is not None and taken is not policy_class:
        raise InvalidArgumentError(
            f"{policy_kind.value} policy name {name!r} is already {taken.__name__}'s"
        )
    known = _NAME_OF.get(policy_class)
    if known is not None and known != (policy_kind, name):
        raise InvalidArgumentError(
            f"policy {policy_class.__name__} is already registered as {known[0].value} "
            f"policy {known[1]!r}"
        )
    parameters = _parameters_of(policy_class)
    _BY_NAME[policy_kind][name] = policy_class
    _NAME_OF[policy_class] = (policy_kind, name)
    _PARAMETERS[policy_class] = parameters


def _has_member(cls: type, member: str) -> bool:
    if hasattr(cls, member):
        return True
    return attrs.has(cls) and any(field.name == member for field in attrs.fields(cls))


def policy_class(kind: PolicyKind | str, name: str) -> type | None:
    """The class registered under a name for a kind of policy, or None."""
    try:
        return _BY_NAME[PolicyKind(kind)].get(name)
    except ValueError:
        return None


def policy_names(kind: PolicyKind | str) -> tuple[str, ...]:
    """The names of a kind's registered policies, shipped ones first, in registration order."""
    return tuple(_BY_NAME[PolicyKind(kind)])


def policy_name(policy: object) -> str | None:
    """The name a rules file gives a policy (its class's ``rules_name``); None if unregistered."""
    known = _NAME_OF.get(type(policy))
    return None if known is None else known[1]


def policy_parameters(policy_class: type) -> tuple[PolicyParameter, ...]:
    """A registered policy class's parameters, in the order of its fields.

    Raises:
        InvalidArgumentError: for a class that is not registered.
    """
    try:
        return _PARAMETERS[policy_class]
    except KeyError:
        raise InvalidArgumentError(
            f"{getattr(policy_class, '__name__', policy_class)!r} is not a registered policy"
        ) from None


def policy_arguments(policy: object) -> dict[str, Any]:
    """The values of a registered policy's parameters, by name (what a rules file holds).

    Raises:
        InvalidArgumentError: for a policy whose class is not registered.
    """
    return {
        parameter.name: getattr(policy, parameter.name)
        for parameter in policy_parameters(type(policy))
    }


def make_policy(kind: PolicyKind | str, name: str, arguments: Mapping[str, Any]) -> object:
    """A policy from its name and parameter values (those left out take their defaults).

    Raises:
        InvalidArgumentError: for an unknown name, an unknown or missing
            parameter, a value of the wrong type, or a value the class
            refuses (its own message).
    """
    cls = policy_class(kind, name)
    if cls is None:
        known = ", ".join(repr(known) for known in policy_names(kind))
        raise InvalidArgumentError(f"unknown {PolicyKind(kind).value} policy {name!r} ({known})")
    parameters = {parameter.name: parameter for parameter in policy_parameters(cls)}
    for key, value in arguments.items():
        parameter = parameters.get(key)
        if parameter is None:
            raise InvalidArgumentError(f"policy {name!r} has no parameter {key!r}")
        if not parameter.is_valid(value):
            raise InvalidArgumentError(
                f"parameter {key!r} of {name!r} must be {parameter.type_text}, got {value!r}"
            )
    missing = [key for key, parameter in parameters.items() if parameter.required]
    missing = [key for key in missing if key not in arguments]
    if missing:
        raise InvalidArgumentError(f"policy {name!r} needs {', '.join(map(repr, missing))}")
    return cls(**arguments)


def _register_shipped() -> None:
    shipped: tuple[tuple[PolicyKind, tuple[type, ...]], ...] = (
        (PolicyKind.BUILD, (AlternateColors, SameColor, SameSuit, AnySuitButOwn, AnySuit)),
        (
            PolicyKind.GROUP,
            (AnyFaceUpRun, OrderedRun, LimitedRun, TopCardOrWholeColumn, TopCardOnly),
        ),
        (PolicyKind.EMPTY_COLUMN, (KingsOnly, AnyCard, NoCard, BelowBase, FromReserve)),
        (PolicyKind.SCORING, (StandardScoring, VegasScoring)),
    )
    for kind, classes in shipped:
        for cls in classes:
            register_policy(cls, kind=kind)


_register_shipped()

__all__ = [
    "PolicyKind",
    "PolicyParameter",
    "make_policy",
    "policy_arguments",
    "policy_class",
    "policy_name",
    "policy_names",
    "policy_parameters",
    "register_policy",
]
