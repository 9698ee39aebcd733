"""Save and restore a game as a versioned JSON document (RULES.md section 6, the rule card).

The document (``"format": "solitaire-core/save"``, ``"version": 1``)::

    {"format": "solitaire-core/save", "version": 1,
     "variant": "klondike",            # a registered variant's key, or one of the caller's map
     "code": "KL1-D1N-AAAAAAG",        # or null when started from variant + number
     "deal_number": 6,                 # null for a game dealt from a card order
     "settings": {"undo_limit": 100},  # null = unlimited
     "actions": ["1f", "7f", "54:1", "u", "redo"],
     "moves_made": 4, "score": 30, "undo_depth": 3, "redo_depth": 0,
     "assisted": true,
     "position": "<position text form>",
     "checksum": "<sha256 of the canonical JSON of every other field>"}

A game dealt from any card order (a full deal code ``KL1-D1N-`` + 48 letters, or
``Game(variant, deck=...)``) has ``"deal_number": null`` and one more field,
``"deck"``: every card as text in dealing order (``deck[0]`` first; 52 per
deck), e.g. ``["AD", "2H", ...]``. Its ``code`` (when there is one) is the full code, which
must agree with the deck. A game started from a position
(``Game(variant, start=...)``) has ``"deal_number": null`` and, instead of
``deck``, ``"start"``: the starting position's text form. Documents without
``deck`` or ``start`` are exactly those of earlier releases, so every existing
save still loads; the version stays 1.

A game whose clock has counted (:class:`~solitaire_core.game.clock.GameClock`:
it has a time source and has started, or it shows some seconds) has one more
field, ``"clock"``: ``{"elapsed": seconds, "state": "running"}`` (state one of
``running``, ``paused``, ``stopped``). A restored clock goes on
from the elapsed seconds saved (pass the app's ``time_source`` to
:func:`load_document` or :func:`load_game`); the time between saving and
loading does not count. A resignation is the action ``"resign"``.

Saves written before the scoring revision of RULES.md section 7 (a card's
foundation points paid on its first arrival only) recorded the old score of
games where a card went home twice; they still load, and the game's score is
recomputed under the revised rule.

Loading checks everything by replaying the actions from the deal and refuses a
damaged or tampered document with :class:`~solitaire_core.errors.SaveFileError`
(never a half-loaded game). Saving to a file writes atomically: a temporary
file in the same folder, flushed and synced, then renamed over the target.

The limits (:mod:`solitaire_core.limits`) are the same both ways, so every save
written loads: a save holds at most
:data:`~solitaire_core.limits.MAX_SAVE_ACTIONS` actions, counts and a score up
to :data:`~solitaire_core.limits.MAX_COUNT`, at most
:data:`~solitaire_core.limits.MAX_SECONDS` on its clock, a start position of
at most :data:`~solitaire_core.limits.MAX_RECYCLES` recycles, and a file of at
most :data:`~solitaire_core.limits.MAX_INPUT_BYTES` bytes. Saving a game beyond
them is refused (``SaveFileError``, ``saving`` True), as is loading such a file.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

from solitaire_core._files import InputError, parse_json, read_file_text, write_file_atomically
from solitaire_core.cards import CARD_TEXTS, parse_card
from solitaire_core.codes import FullDealCode, parse_deal_code
from solitaire_core.deck_order import check_deck
from solitaire_core.errors import (
    CardParseError,
    InvalidArgumentError,
    SaveFileError,
    SolitaireError,
)
from solitaire_core.game.clock import CLOCK_STATES, GameClock, TimeSource
from solitaire_core.game.session import Game, GameSettings
from solitaire_core.limits import MAX_COUNT, MAX_SAVE_ACTIONS, MAX_SECONDS
from solitaire_core.position import Position
from solitaire_core.rules import require_position
from solitaire_core.rules.refusal import IllegalMoveError
from solitaire_core.scoring import RULE_CARD_SCORING, rule_card_scoring
from solitaire_core.variants import Variant, registered_variants

SAVE_FORMAT = "solitaire-core/save"
"""The ``format`` field of every save document."""
SAVE_VERSION = 1
"""The ``version`` field this library writes and reads."""
_FIELDS: dict[str, type | tuple[type, ...]] = {
    "format": str,
    "version": int,
    "variant": str,
    "code": (str, type(None)),
    "deal_number": (int, type(None)),
    "settings": dict,
    "actions": list,
    "moves_made": int,
    "score": int,
    "undo_depth": int,
    "redo_depth": int,
    "assisted": bool,
    "position": str,
    "checksum": str,
}
_OPTIONAL_FIELDS: dict[str, type | tuple[type, ...]] = {"deck": list, "start": str, "clock": dict}
"""Fields only some documents have: ``deck`` or ``start``, exactly when ``deal_number`` is
null; ``clock`` once the game's clock has started."""


def _checksum(document: Mapping[str, Any]) -> str:
    body = {key: value for key, value in document.items() if key != "checksum"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _variant_key(variant: Variant, variants: Mapping[str, Variant] | None) -> str:
    for key, known in {**registered_variants(), **(variants or {})}.items():
        if known == variant:
            return key
    raise InvalidArgumentError(
        f"variant {variant.name!r} is not registered: pass variants={{'key': variant}} to name it"
    )


def save_document(game: Game, *, variants: Mapping[str, Variant] | None = None) -> dict[str, Any]:
    """The save document of a game (see the module docs).

    Args:
        game: the game.
        variants: names for custom variants (registered ones are found by themselves).

    Returns:
        A JSON-ready dict: the fields of the module docs, ``checksum`` last.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if the game's variant is
            neither registered nor in ``variants``.
        SaveFileError: (a ``ValueError``, ``saving`` True) for a game a save
            cannot hold: more than :data:`~solitaire_core.limits.MAX_SAVE_ACTIONS`
            actions, or an undo limit over :data:`~solitaire_core.limits.MAX_COUNT`.
    """
    if len(game.actions) > MAX_SAVE_ACTIONS:
        raise SaveFileError(
            f"the game has {len(game.actions):,} actions; a save holds at most "
            f"{MAX_SAVE_ACTIONS:,} (solitaire_core.limits.MAX_SAVE_ACTIONS)",
            saving=True,
        )
    limit = game.settings.undo_limit
    if limit is not None and limit > MAX_COUNT:
        raise SaveFileError(
            "the undo limit is over 2**63 - 1 (solitaire_core.limits.MAX_COUNT): "
            "give None for no limit",
            saving=True,
        )
    document: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "variant": _variant_key(game.variant, variants),
        "code": str(game.code) if game.code is not None else None,
        "deal_number": game.deal_number,
    }
    if game.deal_number is None:
        if game.deck is not None:
            document["deck"] = [CARD_TEXTS[card] for card in game.deck]
        else:
            document["start"] = game.start.to_text()
    document |= {
        "settings": {"undo_limit": game.settings.undo_limit},
        "actions": list(game.actions),
        "moves_made": game.moves_made,
        "score": game.score,
        "undo_depth": game.undo_depth,
        "redo_depth": game.redo_depth,
        "assisted": game.assisted,
        "position": game.position.to_text(),
    }
    clock = game.clock
    if clock.elapsed > 0 or (clock.has_time_source and clock.state != "not_started"):
        document["clock"] = {"elapsed": clock.elapsed, "state": clock.state}
    document["checksum"] = _checksum(document)
    return document


def save_game(game: Game, path: str | os.PathLike[str], **options: Any) -> None:
    """Write a game's save document to ``path`` atomically (UTF-8 JSON).

    An existing file keeps its permissions; a new one gets the usual ones.

    Keyword options are passed to :func:`save_document`.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``game`` is not a
            :class:`~solitaire_core.game.session.Game` or ``path`` is neither
            a ``str`` nor a path, or as :func:`save_document`.
        SaveFileError: (a ``ValueError``, ``saving`` True) if ``path`` names a
            directory, device or pipe, or the file cannot be written (no such
            folder, not writable, disk full: the reason says which, the
            ``OSError`` is its ``__cause__``); the target is then untouched.
    """
    if not isinstance(game, Game):
        raise InvalidArgumentError(f"game must be a Game, got {type(game).__name__}")
    name = _path_name(path)
    target = Path(os.path.realpath(path))  # a symbolic link keeps pointing at the save
    try:
        mode: int | None = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None  # a new save (a missing folder is reported when writing)
    except OSError as error:  # a loop of symbolic links, say: nothing to replace safely
        raise SaveFileError(_reason(error), name, saving=True) from None
    if mode is not None and not stat.S_ISREG(mode):
        raise SaveFileError(
            "refusing to replace something that is not a regular file", name, saving=True
        )
    try:
        document = save_document(game, **options)
    except SaveFileError as error:
        raise SaveFileError(error.reason, name, saving=True) from None
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    try:
        write_file_atomically(target, text.encode("utf-8"))
    except OSError as error:
        if not target.parent.is_dir():
            reason = f"no such folder {str(target.parent)!r}"
        else:
            reason = _reason(error)
        raise SaveFileError(reason, name, saving=True) from error


def _reason(error: OSError) -> str:
    """An ``OSError`` in words, lower case (``"permission denied"``)."""
    return (error.strerror or type(error).__name__).lower()


def _path_name(path: object) -> str:
    """``path`` as text for messages, if it is a ``str`` or a path.

    Raises:
        InvalidArgumentError: (a ``ValueError``) for anything else (None, bytes, a number).
    """
    if isinstance(path, str):
        return path
    if isinstance(path, os.PathLike):
        name = os.fspath(path)
        if isinstance(name, str):
            return name
    raise InvalidArgumentError(
        f"path must be a str or an os.PathLike, got {type(path).__name__} {path!r}"
    )


def load_document(
    document: Any,
    *,
    variants: Mapping[str, Variant] | None = None,
    path: str | None = None,
    time_source: TimeSource | None = None,
) -> Game:
    """Restore a game from a save document, checking it by replay.

    Args:
        document: the parsed JSON (a dict), as :func:`save_document` makes it.
        variants: the custom variants by the names they were saved under
            (registered variants are found by themselves).
        path: the file the document came from, named in errors.
        time_source: the app's time source for the restored game's clock
            (see :class:`~solitaire_core.game.Game`); None keeps it still.

    Returns:
        The game, equal to the one saved: position, score, counters, undo and
        redo, settings and line of play.

    Raises:
        SaveFileError: naming what is missing, malformed, inconsistent or refused.
    """

    def fail(reason: str) -> SaveFileError:
        return SaveFileError(reason, path)

    if not isinstance(document, dict):
        raise fail("the document is not a JSON object")
    missing = [key for key in _FIELDS if key not in document]
    if missing:
        raise fail(f"missing fields: {', '.join(missing)}")
    unknown = sorted(set(document) - set(_FIELDS) - set(_OPTIONAL_FIELDS))
    if unknown:
        raise fail(f"unknown fields: {', '.join(unknown)}")
    for key, kind in {**_FIELDS, **_OPTIONAL_FIELDS}.items():
        if key not in document:
            continue
        value = document[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _types(kind)):
            raise fail(f"field {key!r} has the wrong type ({type(value).__name__})")
    if document["format"] != SAVE_FORMAT:
        raise fail(f"format is {document['format']!r}, expected {SAVE_FORMAT!r}")
    if document["version"] != SAVE_VERSION:
        raise fail(f"unsupported save version {document['version']!r} (this library reads 1)")
    if document["checksum"] != _checksum(document):
        raise fail("checksum mismatch: the file is damaged or was edited")
    if len(document["actions"]) > MAX_SAVE_ACTIONS:
        raise fail(
            f"{len(document['actions']):,} actions; a save holds at most {MAX_SAVE_ACTIONS:,} "
            "(solitaire_core.limits.MAX_SAVE_ACTIONS)"
        )
    for key in ("moves_made", "undo_depth", "redo_depth", "score"):
        low = -MAX_COUNT - 1 if key == "score" else 0
        if not low <= document[key] <= MAX_COUNT:
            raise fail(f"{key} is out of range (a count of 64 bits)")

    known = {**registered_variants(), **(variants or {})}
    variant = known.get(document["variant"])
    if variant is None:
        raise fail(f"unknown variant {document['variant']!r}")
    settings_data = document["settings"]
    if set(settings_data) != {"undo_limit"}:
        raise fail("settings must hold exactly 'undo_limit'")
    limit = settings_data["undo_limit"]
    if limit is not None and (type(limit) is not int or not 0 <= limit <= MAX_COUNT):
        raise fail("settings.undo_limit must be null or an integer 0 .. 2**63 - 1")
    try:
        code = parse_deal_code(document["code"]) if document["code"] is not None else None
    except SolitaireError as error:
        raise fail(f"code: {error}") from None
    deal_number = document["deal_number"]
    start = _read_start(document.get("start"), variant, fail)
    deck = (
        None
        if start is not None
        else _read_deck(document.get("deck"), deal_number, variant.decks, fail)
    )
    if code is not None and (code.variant != variant or code.deal_number != deal_number):
        raise fail("code, variant and deal_number disagree")
    if isinstance(code, FullDealCode) and code.deck != deck:
        raise fail("code and deck disagree")
    if deal_number is not None and not 0 <= deal_number < 2**64:
        raise fail(f"deal_number {deal_number!r} out of range")

    if start is not None and (deal_number is not None or "deck" in document or code is not None):
        raise fail("a document with a start position has no deal_number, deck or code")
    clock_data = _read_clock(document.get("clock"), fail)

    def replay(rules: Variant, *, first_arrivals_only: bool) -> Game:
        try:
            game = Game(
                rules,
                deal_number,
                code=code,
                settings=GameSettings(limit),
                deck=deck,
                start=start,
            )
        except SolitaireError as error:
            raise fail(f"cannot start the game: {error}") from None
        game._first_arrivals_only = first_arrivals_only  # the scoring of older saves
        for index, action in enumerate(document["actions"]):
            if not isinstance(action, str):
                raise fail(f"action {index} is not a string")
            try:
                game.perform(action)
            except (IllegalMoveError, SolitaireError) as error:
                raise fail(f"action {index} {action!r} cannot be replayed: {error}") from None
        return game

    game = replay(variant, first_arrivals_only=True)
    if list(game.actions) != document["actions"]:
        raise fail("actions are not in canonical form")
    if document["score"] != game.score and (
        document["score"] == replay(_scored_as_before(variant), first_arrivals_only=False).score
    ):
        document = {**document, "score": game.score}  # saved before the scoring revision
    checks = {
        "moves_made": game.moves_made,
        "score": game.score,
        "undo_depth": game.undo_depth,
        "redo_depth": game.redo_depth,
        "position": game.position.to_text(),
    }
    for key, value in checks.items():
        if document[key] != value:
            raise fail(f"{key} is {document[key]!r} but replaying the actions gives {value!r}")
    if document["assisted"] is False and game.assisted:
        raise fail("assisted is false but the actions include an undo")
    game.assisted = document["assisted"]
    if clock_data is None:
        elapsed, state = (
            0.0,
            "stopped" if game.is_over else "paused" if game.moves_made else ("not_started"),
        )
    else:
        elapsed, state = clock_data
        started = game.moves_made > 0  # the clock starts at the first move
        if not started or state == "not_started" or (state == "stopped") != game.is_over:
            raise fail(f"clock state {state!r} does not fit the game")
    game.clock = GameClock(time_source, elapsed=elapsed, state=state)
    return game


def _scored_as_before(variant: Variant) -> Variant:
    """The variant as scored before the revision of RULES.md section 7 (older saves).

    Every arrival paid (the caller turns first arrivals off), and the rule
    card's score had a floor at 0.
    """
    if variant.scoring.name == RULE_CARD_SCORING.name and variant.scoring.floor is None:
        return attrs.evolve(
            variant, scoring=rule_card_scoring(initial=variant.scoring.initial, floor=0)
        )
    return variant


def _read_clock(
    value: dict[str, Any] | None, fail: Callable[[str], SaveFileError]
) -> tuple[float, str] | None:
    """The ``clock`` field as (elapsed seconds, state), or None when absent."""
    if value is None:
        return None
    if set(value) != {"elapsed", "state"}:
        raise fail("clock must hold exactly 'elapsed' and 'state'")
    elapsed, state = value["elapsed"], value["state"]
    if type(elapsed) not in (int, float) or not 0 <= elapsed <= MAX_SECONDS:  # NaN fails too
        raise fail(
            f"clock.elapsed must be seconds 0 .. {MAX_SECONDS:,.0f} "
            f"(solitaire_core.limits.MAX_SECONDS), got {_number_text(elapsed)}"
        )
    if state not in CLOCK_STATES:
        raise fail(f"clock.state must be one of {', '.join(CLOCK_STATES)}, got {state!r}")
    return float(elapsed), state


def _number_text(value: object) -> str:
    """A value as an error quotes it; an int too long to write is named by its size."""
    if isinstance(value, int) and value.bit_length() > 100:
        return f"a number of {value.bit_length()} bits"
    return repr(value)


def _types(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _read_start(
    value: str | None, variant: Variant, fail: Callable[[str], SaveFileError]
) -> Position | None:
    """The ``start`` field as a position of ``variant``, or None when absent."""
    if value is None:
        return None
    try:
        position = Position.from_text(value)
        require_position(variant, position)
    except SolitaireError as error:
        raise fail(f"start: {error}") from None
    return position


def _read_deck(
    value: list[Any] | None,
    deal_number: int | None,
    decks: int,
    fail: Callable[[str], SaveFileError],
) -> tuple[int, ...] | None:
    """The ``deck`` field as cards; present exactly when ``deal_number`` is null."""
    if deal_number is not None:
        if value is not None:
            raise fail("a document with a deal_number has no deck")
        return None
    if value is None:
        raise fail("deal_number is null but there is no deck")
    cards = []
    for index, text in enumerate(value):
        if not isinstance(text, str):
            raise fail(f"deck[{index}] is not a string")
        try:
            cards.append(parse_card(text))
        except CardParseError as error:
            raise fail(f"deck[{index}]: {error}") from None
    problem = check_deck(cards, decks=decks)
    if problem is not None:
        raise fail(f"deck: {problem.reason}")
    return tuple(cards)


def load_game(path: str | os.PathLike[str], **options: Any) -> Game:
    """Read a save file and restore the game (see :func:`load_document`).

    Keyword options (``variants=...``) are passed to :func:`load_document`.
    A UTF-8 byte-order mark at the start of the file is ignored.

    Raises:
        InvalidArgumentError: (a ``ValueError``) if ``path`` is neither a
            ``str`` nor a path (None, bytes, a number).
        SaveFileError: if the file cannot be read (missing, not a regular
            file: a folder, a pipe or a device is refused without reading it;
            larger than :data:`~solitaire_core.limits.MAX_INPUT_BYTES`; not
            UTF-8), is not JSON, or fails any check.
    """
    name = _path_name(path)
    try:
        text = read_file_text(name)
    except InputError as error:
        raise SaveFileError(f"cannot read the file: {error.reason}", name) from None
    try:
        document = parse_json(text)
    except InputError as error:  # not JSON, huge numbers, absurd nesting
        raise SaveFileError(error.reason, name) from None
    return load_document(document, path=name, **options)
