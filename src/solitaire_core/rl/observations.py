"""The observation encoding: a player's view as fixed-shape arrays of small ints.

Observations are made from :func:`~solitaire_core.player_view` alone, so they
hold no card the player cannot see. Every array is ``int64`` (the dtype of
Gymnasium's ``MultiDiscrete``, which off-the-shelf agents expect; the
encoder itself writes one byte per element); a place that
holds a card holds a **card code**:

* ``0`` (:data:`NO_CARD`): no card there;
* ``1`` (:data:`HIDDEN`): a card the player cannot see (face down, unseen stock, reserve);
* ``card + 2`` (:data:`CARD_OFFSET`): a visible card, ``card`` being the
  library's int 0..51 (``suit * 13 + rank - 1``, suits S, H, D, C), so
  ``2..53``. The copies of a card in several decks have the same code.

Piles are written bottom to top from index 0 (the top card is the last
non-zero code), and padded with ``0``. The entries, in this order (an entry
the game does not have is left out; :attr:`ObservationEncoder.keys` lists a
game's own):

| key | shape | values |
|---|---|---|
| ``tableau`` | (C, L) | card codes: column ``i`` bottom to top, ``1`` for each face-down card |
| ``face_down`` | (C,) | face-down cards per column |
| ``stock`` | (S,) | card codes, bottom to top (the last is drawn next): ``1`` until a recycle |
| ``stock_count`` | (1,) | cards in the stock |
| ``waste`` | (S,) | card codes, bottom to top (games with a waste) |
| ``recycles_left`` | (1,) | recycles still allowed (``1`` always where unlimited; with a waste) |
| ``reserve`` | (R,) | card codes, bottom to top: only the top one visible |
| ``foundations`` | (F,) | cards per foundation slot, slots S, H, D, C per deck |
| ``foundation_base`` | (1,) | the base rank 1..13 (0 until one is fixed; games not based on Aces) |

``C``, ``L``, ``S``, ``R`` and ``F`` are the game's
:class:`~solitaire_core.rl.shapes.GameShape` (columns, ``max_column``,
``stock_size``, ``reserve_size``, ``foundation_slots``); a game without a
stock has no ``stock``, ``stock_count``, ``waste`` or ``recycles_left``, one
without a reserve no ``reserve``. Each entry is a ``MultiDiscrete`` space with
the number of values of each element (54 for card codes). The **flat**
observation is all the entries concatenated in this order, flattened row by
row, as one 1-D array; :attr:`ObservationEncoder.layout` gives each entry's
offset.

>>> from solitaire_core import KLONDIKE, deal_position, player_view
>>> encoder = ObservationEncoder(KLONDIKE)
>>> encoder.keys
('tableau', 'face_down', 'stock', 'stock_count', 'waste', 'recycles_left', 'foundations')
>>> buffer = bytearray(encoder.size)
>>> encoder.encode(player_view(deal_position(KLONDIKE, 6)), buffer)
>>> list(buffer[19:19 + 3])         # column 2: one face-down card, then the JC (3 * 13 + 10 + 2)
[1, 51, 0]
"""

from __future__ import annotations

import math
from typing import Any, Final

import attrs
import numpy as np
from gymnasium import spaces

from solitaire_core import PlayerView, Variant
from solitaire_core.rl.shapes import GameShape, game_shape

NO_CARD: Final = 0
"""The code of a place with no card."""
HIDDEN: Final = 1
"""The code of a card the player cannot see."""
CARD_OFFSET: Final = 2
"""A visible card ``c`` (0..51) has the code ``c + CARD_OFFSET``."""
CARD_CODES: Final = 54
"""How many card codes there are (0..53)."""

_TO_CODE: Final = bytes((c + CARD_OFFSET if c < 52 else 0) for c in range(256))
"""Translation table: a byte string of cards to their codes."""


@attrs.frozen
class Entry:
    """Where one entry of the observation lies in the flat buffer.

    Attributes:
        key: the entry's name (``"tableau"``).
        offset: its first element in the flat observation.
        shape: its array shape.
        values: the number of values of each element (``MultiDiscrete``'s ``nvec``).
        size: how many elements it has.
    """

    key: str
    offset: int
    shape: tuple[int, ...]
    values: int
    size: int = attrs.field(init=False)

    @size.default
    def _size(self) -> int:
        return math.prod(self.shape)


class ObservationEncoder:
    """Writes a game's player's views into one flat buffer of bytes (see the module docs).

    Args:
        variant: the game.

    Attributes:
        shape: the game's sizes.
        layout: each entry by key, in order.
        keys: the entries' keys, in order.
        size: the flat observation's length.
    """

    def __init__(self, variant: Variant) -> None:
        self.shape: GameShape = game_shape(variant)
        shape = self.shape
        entries: list[tuple[str, tuple[int, ...], int]] = [
            ("tableau", (shape.columns, shape.max_column), CARD_CODES),
            ("face_down", (shape.columns,), max(variant.layout.face_down) + 1),
        ]
        if shape.stock_size:
            entries.append(("stock", (shape.stock_size,), CARD_CODES))
            entries.append(("stock_count", (1,), shape.stock_size + 1))
        if shape.has_waste and shape.stock_size:
            entries.append(("waste", (shape.stock_size,), CARD_CODES))
            limit = shape.recycle_limit
            entries.append(("recycles_left", (1,), 2 if limit is None else limit + 1))
        if shape.reserve_size:
            entries.append(("reserve", (shape.reserve_size,), CARD_CODES))
        entries.append(("foundations", (shape.foundation_slots,), 14))
        if shape.base_varies:
            entries.append(("foundation_base", (1,), 14))
        layout: dict[str, Entry] = {}
        offset = 0
        for key, entry_shape, values in entries:
            entry = Entry(key, offset, entry_shape, values)
            layout[key] = entry
            offset += entry.size
        self.layout = layout
        self.keys: tuple[str, ...] = tuple(layout)
        self.size: int = offset
        self._limit = shape.recycle_limit
        self._downs = [0] * shape.columns
        self._slots = shape.foundation_slots
        self._last: list[tuple[int | None, ...] | None] = [None] * (shape.columns + 3)
        """The piles last written (columns, stock, waste, reserve), for ``incremental``."""
        self._last_out: bytearray | None = None
        self._slices = tuple(
            (
                key,
                entry.offset,
                entry.offset + entry.size,
                entry.shape if len(entry.shape) > 1 else None,
            )
            for key, entry in layout.items()
        )
        places = {key: (entry.offset, entry.offset + entry.size) for key, entry in layout.items()}
        none = (-1, -1)
        self._tableau_end = places["tableau"][1]
        self._face_down = places["face_down"]
        self._stock = places.get("stock", none)
        self._stock_count = places.get("stock_count", none)[0]
        self._waste = places.get("waste", none)
        self._recycles_left = places.get("recycles_left", none)[0]
        self._reserve = places.get("reserve", none)
        self._foundations = places["foundations"]
        self._base = places.get("foundation_base", none)[0]
        self._hidden = bytes([HIDDEN]) * max(shape.max_column, shape.stock_size, 1)
        self._zeros = bytes(max(shape.max_column, shape.stock_size, shape.reserve_size, 1))

    def space(self) -> spaces.Dict:
        """The observation space: a ``Dict`` of ``MultiDiscrete`` (``int64``) entries, in order."""
        return spaces.Dict(
            [  # pairs, not a dict: Gymnasium would sort a dict's keys
                (key, spaces.MultiDiscrete(np.full(entry.shape, entry.values)))
                for key, entry in self.layout.items()
            ]
        )

    def flat_space(self) -> spaces.MultiDiscrete:
        """The flat observation space: one 1-D ``MultiDiscrete`` (``int64``) of :attr:`size`."""
        nvec = np.concatenate([np.full(entry.size, entry.values) for entry in self.layout.values()])
        return spaces.MultiDiscrete(nvec)

    def views(self, flat: np.ndarray[Any, Any]) -> dict[str, np.ndarray[Any, Any]]:
        """The entries of a flat observation as arrays sharing its memory, by key."""
        return {
            key: flat[start:stop] if shape is None else flat[start:stop].reshape(shape)
            for key, start, stop, shape in self._slices
        }

    def encode(self, view: PlayerView, out: bytearray, *, incremental: bool = False) -> None:
        """Write ``view`` into ``out`` (a buffer of :attr:`size` bytes).

        Args:
            view: the player's view of a position of this game.
            out: the buffer; every byte of it is written, unless ``incremental``.
            incremental: skip the piles equal to those this encoder wrote into
                the same ``out`` by its previous call (the environment's fast
                path: a move changes one or two piles). Only correct when
                nothing else has written into ``out`` since.

        Raises:
            ValueError: for a view of another game: other numbers of columns or
                foundation slots, or a pile longer than its entry.
        """
        if len(view.tableau) != len(self._downs) or len(view.foundations) != self._slots:
            raise ValueError(
                f"a view of {len(view.tableau)} columns and {len(view.foundations)} foundation "
                f"slots is not one of this game's ({len(self._downs)} and {self._slots})"
            )
        last = self._last
        if not incremental or self._last_out is not out:
            last[:] = [None] * len(last)
            self._last_out = out
        hidden, zeros, to_code = self._hidden, self._zeros, _TO_CODE
        width = self.shape.max_column
        downs = self._downs
        offset = 0
        for column, pile in enumerate(view.tableau):
            if pile != last[column]:
                down = pile.count(None)
                size = len(pile)
                if size > width:
                    raise ValueError(f"a column of {size} cards does not fit {width} places")
                row = hidden[:down] + bytes(pile[down:]).translate(to_code)  # type: ignore[arg-type]
                out[offset : offset + width] = row + zeros[: width - size]
                downs[column] = down
                last[column] = pile
            offset += width
        start, stop = self._face_down
        out[start:stop] = bytes(downs)
        piles = len(downs)
        start, stop = self._stock
        if start >= 0:
            stock = view.stock
            if stock != last[piles]:
                out[start:stop] = self._pile(stock, stop - start, "stock")
                out[self._stock_count] = len(stock)
                last[piles] = stock
        start, stop = self._waste
        if start >= 0:
            waste = view.waste
            if waste != last[piles + 1]:
                out[start:stop] = self._pile(waste, stop - start, "waste")
                last[piles + 1] = waste
            limit = self._limit
            out[self._recycles_left] = 1 if limit is None else max(limit - view.recycles, 0)
        start, stop = self._reserve
        if start >= 0:
            reserve = view.reserve
            if reserve != last[piles + 2]:
                out[start:stop] = self._pile(reserve, stop - start, "reserve")
                last[piles + 2] = reserve
        start, stop = self._foundations
        out[start:stop] = bytes(view.foundations)
        if self._base >= 0:
            out[self._base] = view.foundation_base

    def _pile(self, pile: tuple[int | None, ...], width: int, key: str) -> bytes:
        """A pile's card codes, padded with zeros to ``width``."""
        size = len(pile)
        if size > width:
            raise ValueError(f"a {key} of {size} cards does not fit {width} places")
        unseen = pile.count(None)
        if not unseen:
            codes = bytes(pile).translate(_TO_CODE)  # type: ignore[arg-type]
        elif unseen == size:
            codes = self._hidden[:size]
        else:
            codes = bytes(HIDDEN if card is None else card + CARD_OFFSET for card in pile)
        return codes + self._zeros[: width - size]
