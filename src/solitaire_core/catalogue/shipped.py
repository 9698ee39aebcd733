"""The catalogues shipped in the package's data, read on first use and kept."""

from __future__ import annotations

import functools
from importlib import resources

from solitaire_core.catalogue.format import SUFFIX, Catalogue, decode
from solitaire_core.errors import CatalogueError, InvalidArgumentError


@functools.cache
def shipped_prefixes() -> tuple[str, ...]:
    """The deal-code prefixes with a shipped catalogue, sorted (``("KL1-D1N", ...)``)."""
    folder = resources.files("solitaire_core.catalogue").joinpath("data")
    if not folder.is_dir():
        return ()
    return tuple(
        sorted(
            entry.name.removesuffix(SUFFIX)
            for entry in folder.iterdir()
            if entry.name.endswith(SUFFIX)
        )
    )


@functools.cache
def shipped_catalogue(prefix: str) -> Catalogue | None:
    """The catalogue shipped for a game, or None when it has none.

    Read from the package's data on the first call for a prefix, then kept.

    Args:
        prefix: the game's deal-code prefix (``"KL1-D3N"``, upper case).

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``prefix`` is not a str.
        CatalogueError: if the shipped file is damaged (see
            :func:`~solitaire_core.catalogue.format.decode`), or holds
            another game's deals; its ``name`` is the file's path.
    """
    if not isinstance(prefix, str):
        raise InvalidArgumentError(
            f"prefix must be a deal-code prefix such as 'KL1-D3N', got {prefix!r}"
        )
    if prefix not in shipped_prefixes():
        return None
    file = resources.files("solitaire_core.catalogue").joinpath("data", prefix + SUFFIX)
    name = str(file)  # the errors name the file: reinstall the package, or mend it
    catalogue = decode(file.read_bytes(), name)
    if catalogue.prefix != prefix:
        raise CatalogueError(name, f"the file holds the deals of {catalogue.prefix}, not {prefix}")
    return catalogue


__all__ = ["shipped_catalogue", "shipped_prefixes"]
