"""Reading the API's requests: a JSON object's body, its fields and their types, the language.

Each function refuses what it cannot read with
:class:`~solitaire_core.web.errors.WebRequestError` (400 for a body that is
not JSON, 422 for JSON that is not what the route takes), naming the field,
so that nothing is ever half-read or silently ignored.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from solitaire_core._deprecated import warn_moved
from solitaire_core.rules.messages import LOCALES
from solitaire_core.web.errors import WebRequestError

MAX_BODY: Final = 64 * 1024
"""The longest request body read, in bytes (a move is well under 1 KB)."""


def read_json_object(body: bytes) -> dict[str, Any]:
    """The body, which must be a JSON object (an empty body is ``{}``).

    Raises:
        WebRequestError: 400 for a body that is not JSON (or too long, or
            nested too deeply), 422 for JSON that is not an object.
    """
    if not body.strip():
        return {}
    if len(body) > MAX_BODY:
        raise WebRequestError(400, "malformed_json", f"the body is over {MAX_BODY} bytes")
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError) as error:
        raise WebRequestError(400, "malformed_json", f"the body is not JSON: {error}") from None
    except RecursionError:
        raise WebRequestError(400, "malformed_json", "the body is nested too deeply") from None
    if not isinstance(data, dict):
        raise WebRequestError(
            422, "invalid_request", f"the body must be a JSON object, got {type(data).__name__}"
        )
    return data


def require_fields(data: Mapping[str, Any], allowed: tuple[str, ...]) -> None:
    """Refuse fields the route does not know, rather than ignore them.

    Raises:
        WebRequestError: 422, naming the unknown fields.
    """
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        raise WebRequestError(
            422, "invalid_request", f"unknown fields {unknown}: expected some of {list(allowed)}"
        )


def field(data: Mapping[str, Any], name: str, kind: type, *, what: str) -> Any:
    """``data[name]`` when it is of JSON type ``kind`` (a bool is not an int).

    Raises:
        WebRequestError: 422 for a missing field or a value of another type.
    """
    value = data.get(name)
    if type(value) is not kind:
        raise WebRequestError(422, "invalid_request", f"{name!r} must be {what}, got {value!r}")
    return value


def optional_field(data: Mapping[str, Any], name: str, kind: type, *, what: str) -> Any:
    """``data[name]`` as :func:`field` reads it, or None when it is missing or null."""
    if data.get(name) is None:
        return None
    return field(data, name, kind, what=what)


def language(query: Mapping[str, str]) -> str:
    """The language of the messages, from ``?lang=`` (English when not given).

    Raises:
        WebRequestError: 422 for a language the messages are not written in.
    """
    locale = query.get("lang", "en")
    if locale not in LOCALES:
        raise WebRequestError(
            422, "unknown_locale", f"unknown locale {locale!r}: use one of {', '.join(LOCALES)}"
        )
    return locale


def __getattr__(name: str) -> Any:
    """``check_fields``: now :func:`require_fields` (a deprecated alias that warns)."""
    if name == "check_fields":
        warn_moved(f"{__name__}.check_fields", f"{__name__}.require_fields")
        return require_fields
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["MAX_BODY", "field", "language", "optional_field", "read_json_object", "require_fields"]
