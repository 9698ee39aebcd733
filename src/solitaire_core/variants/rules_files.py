"""Rules files on disk: read, write, and load a game so that it is played by its key and codes.

:func:`load_rules_file` reads a game's rules file (TOML or JSON,
docs/rules-files.md) and registers the game
(:func:`~solitaire_core.variants.register_variant`): its key and aliases,
its names and PySolFC id, and its deal-code prefix, so that
:func:`~solitaire_core.variants.lookup_variant` finds it and its deal codes
deal and read back. A prefix of a shipped game is refused unless the file is
that very game. The shipped games' own files are in the package
(:func:`shipped_rules_text`; ``solitaire-core games --rules KEY`` prints one).

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "klondike-8.toml"
>>> _ = path.write_text('''
... format = "solitaire-core/rules"
... version = 1
... key = "klondike-8-any"
... code_prefix = "KA"
... name.en = "Klondike, eight columns, any card to an empty column"
... layout = { pattern = "triangle", columns = 8 }
... empty_column.policy = "any_card"
... ''', encoding="utf-8")
>>> rules = load_rules_file(path)
>>> from solitaire_core.variants import lookup_variant
>>> lookup_variant("KA1-D1N") is rules.variant, rules.variant.key
(True, 'klondike-8-any')
"""

from __future__ import annotations

import json
import os
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final

import attrs

from solitaire_core._files import InputError, read_file_text
from solitaire_core.errors import RulesFileError
from solitaire_core.variants import _registered
from solitaire_core.variants.identity import CodeHeader
from solitaire_core.variants.registry import (
    coded_variant,
    register_variant,
    registered_variants,
)
from solitaire_core.variants.rules_read import (
    FieldPath,
    GameRules,
    Locate,
    field_text,
    parse_rules,
)
from solitaire_core.variants.rules_text import (
    RulesFormat,
    json_text,
    parse_rules_text,
    read_rules_text,
    toml_text,
)
from solitaire_core.variants.rules_write import rules_document, variant_to_rules
from solitaire_core.variants.shipped import SHIPPED_VARIANTS
from solitaire_core.variants.variant import Variant

TABLE_NOTES: Final = {
    "name": "the game's name by language code (en is required)",
    "layout": (
        'pattern: "triangle", "mirrored_triangle", "rows" or "custom"; reserve; '
        'deal_order of "tableau", "reserve", "base_card"'
    ),
    "stock": 'kind: "waste" (draw, passes: an int or "unlimited"), "deal" or "none"',
    "foundations": 'base: "ace", "dealt_card" or "first_card"; takeback: a card may come back',
    "build": "what goes on a face-up card: a policy by name, with its parameters",
    "group": "which cards move together between columns",
    "empty_column": "what may start an empty column",
    "scoring": "standard_scoring or vegas_scoring, with its parameters (docs/scoring.md)",
}
"""The line of comment written above each table of a TOML rules file."""
SCHEMA_FILE: Final = "rules-1.schema.json"
"""The JSON Schema of rules files, in :mod:`solitaire_core.schemas`."""
GAMES_FOLDER: Final = "games"
"""The folder of the shipped games' rules files, inside :mod:`solitaire_core.variants`."""


def rules_format_of(path: str | os.PathLike[str], text: str) -> RulesFormat:
    """The text form of a rules file: by its suffix (``.toml``, ``.json``), else by its text.

    Text that starts with ``{`` (after spaces) is JSON; any other is TOML.
    """
    suffix = Path(path).suffix.lower()
    if suffix == ".json":
        return "json"
    if suffix == ".toml":
        return "toml"
    return "json" if text.lstrip("\ufeff \t\r\n").startswith("{") else "toml"


def read_rules_file(path: str | os.PathLike[str]) -> GameRules:
    """The game a rules file declares (TOML or JSON, :func:`rules_format_of`); not registered.

    Raises:
        RulesFileError: for a file that cannot be read (missing, not a
            regular file, not UTF-8, over a million characters) or a bad
            field, naming the file, the field and, in TOML, its line.
    """
    return _read(path)[0]


def _read(path: str | os.PathLike[str]) -> tuple[GameRules, Locate | None]:
    name = os.fspath(path)
    try:
        text = read_file_text(name)
    except InputError as error:
        raise RulesFileError(f"cannot read it: {error.reason}", file=name) from None
    document, locate = parse_rules_text(text, format=rules_format_of(name, text), file=name)
    return parse_rules(document, file=name, locate=locate), locate


def load_rules_file(path: str | os.PathLike[str]) -> GameRules:
    """Read a rules file and register its game (:func:`register_rules`).

    Loading the same file again changes nothing.

    Returns:
        The game; ``rules.variant`` is the registered variant.

    Raises:
        RulesFileError: as :func:`read_rules_file`, and when the game cannot
            be registered (see :func:`register_rules`); nothing is registered
            then.
    """
    rules, locate = _read(path)
    variant = register_rules(rules, file=os.fspath(path), locate=locate)
    return rules if variant is rules.variant else attrs.evolve(rules, variant=variant)


def register_rules(
    rules: GameRules, *, file: str | None = None, locate: Locate | None = None
) -> Variant:
    """Register a game read from a rules file under its key, aliases and deal-code prefix.

    Registering the same game again (same key, equal variant) changes nothing:
    the variant registered first stays the one the key finds (and is returned).

    Args:
        rules: the game (:func:`read_rules_file`,
            :func:`~solitaire_core.variants.rules_read.parse_rules`).
        file: the file it came from, for errors.
        locate: finds a field's line in the file, for errors.

    Returns:
        The registered variant.

    Raises:
        RulesFileError: naming the field, when the prefix is a shipped game's
            (and the file is not that game), the key or an alias is another
            game's, the deal-code header (prefix, draw, scoring) is another
            registered game's, or the PySolFC id is another game's. Nothing is
            registered then.
    """

    def fail(path: FieldPath, reason: str) -> RulesFileError:
        line = locate(path) if locate is not None else None
        return RulesFileError(reason, file=file, field=field_text(path), line=line)

    variant, key = rules.variant, rules.key
    prefix = variant.code_prefix
    shipped = SHIPPED_VARIANTS.get(key)
    if prefix is not None and not (shipped is not None and shipped == variant):
        for shipped_key, game in SHIPPED_VARIANTS.items():
            if game.code_prefix == prefix:
                raise fail(
                    ("code_prefix",),
                    f"{prefix!r} is the deal-code prefix of the shipped game {shipped_key!r} "
                    f"({game.name}): give this game two other letters",
                )
    known = registered_variants()
    names: list[tuple[FieldPath, str]] = [(("key",), key)]
    names += [(("aliases", index), alias) for index, alias in enumerate(rules.aliases)]
    for path, name in names:
        taken = known.get(name) or known.get(_registered_alias(name) or "")
        if taken is not None and taken != variant:
            raise fail(
                path, f"{name!r} is already the key of another game ({taken.name}): choose another"
            )
    if prefix is not None:
        draw = variant.draw_count
        header = CodeHeader(prefix, draw, variant.scoring.code_letter)
        holder = coded_variant(*header)
        if holder is not None and holder != variant:
            raise fail(
                ("code_prefix",),
                f"deal codes {header} are already another game's ({holder.name}): choose "
                "another prefix",
            )
    registered = known.get(key)
    if registered is not None and registered == variant:
        variant = registered  # the same game: keep the object every lookup gives
    game_id = rules.pysolfc_id
    if game_id is not None:
        for other, known_id in _registered.PYSOLFC_IDS.items():
            if known_id == game_id and other != key:
                raise fail(("pysolfc_id",), f"PySolFC id {game_id} is already {other!r}'s")
    register_variant(
        key,
        variant,
        aliases=rules.aliases,
        names=rules.names,
        pysolfc_id=game_id,
    )
    return variant


def _registered_alias(name: str) -> str | None:
    for key, aliases in _registered.ALIASES.items():
        if name in aliases:
            return key
    return None


def rules_text(game: GameRules | Variant, *, format: RulesFormat = "toml") -> str:
    """A game's rules file, as TOML (the default) or JSON text.

    Args:
        game: a game read from a file, or a variant (registered, or whose
            key is then required: use :func:`rules_document` on
            :class:`~solitaire_core.variants.rules_read.GameRules`).
        format: ``"toml"`` or ``"json"``.

    Raises:
        InvalidArgumentError: for an unregistered variant, or a policy not in
            the table of policies.
    """
    document = rules_document(game) if isinstance(game, GameRules) else variant_to_rules(game)
    if format == "json":
        return json_text(document)
    name = document["name"]["en"]
    comment = f"{name}: a solitaire-core rules file (docs/rules-files.md)"
    return toml_text(document, comment=comment, notes=TABLE_NOTES)


def write_rules_file(
    game: GameRules | Variant, path: str | os.PathLike[str], *, format: RulesFormat | None = None
) -> None:
    """Write a game's rules file: TOML, or JSON for a ``.json`` path (or ``format``).

    Raises:
        RulesFileError: when the file cannot be written.
        InvalidArgumentError: as :func:`rules_text`.
    """
    name = os.fspath(path)
    chosen = format or ("json" if Path(name).suffix.lower() == ".json" else "toml")
    text = rules_text(game, format=chosen)
    try:
        Path(name).write_text(text, encoding="utf-8")
    except OSError as error:
        raise RulesFileError(f"cannot write it: {error.strerror or error}", file=name) from None


def rules_schema() -> dict[str, Any]:
    """The JSON Schema of rules files, version 1 (the package's ``schemas/rules-1.schema.json``).

    For other programs and editors: this library checks files by hand
    (:func:`~solitaire_core.variants.rules_read.parse_rules`), which also
    refuses contradictions between fields that the schema does not express.
    """
    text = (resources.files("solitaire_core.schemas") / SCHEMA_FILE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _games_folder() -> Traversable:
    return resources.files("solitaire_core.variants") / GAMES_FOLDER


def shipped_rules_files() -> dict[str, str]:
    """The shipped games' rules files by key: the TOML text of each file in the package."""
    folder = _games_folder()
    return {
        entry.name.removesuffix(".toml"): entry.read_text(encoding="utf-8")
        for entry in sorted(folder.iterdir(), key=lambda entry: entry.name)
        if entry.name.endswith(".toml")
    }


def shipped_rules_text(key: str) -> str | None:
    """The TOML text of a shipped game's rules file (``"klondike"``), or None without one."""
    entry = _games_folder() / f"{key}.toml"
    return entry.read_text(encoding="utf-8") if entry.is_file() else None


def game_rules_text(variant: Variant, *, format: RulesFormat = "toml") -> str:
    """The rules file of a registered game: the shipped file as it is, else one written for it.

    Raises:
        InvalidArgumentError: as :func:`rules_text`.
    """
    key = variant.key
    if format == "toml" and key is not None and SHIPPED_VARIANTS.get(key) == variant:
        text = shipped_rules_text(key)
        if text is not None:
            return text
    return rules_text(variant, format=format)


__all__ = [
    "GAMES_FOLDER",
    "SCHEMA_FILE",
    "game_rules_text",
    "load_rules_file",
    "read_rules_file",
    "read_rules_text",
    "register_rules",
    "rules_format_of",
    "rules_schema",
    "rules_text",
    "shipped_rules_files",
    "shipped_rules_text",
    "write_rules_file",
]
