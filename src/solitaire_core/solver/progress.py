"""How far a long search has got, and how to stop it: progress callbacks and a cancel.

A solve (:func:`~solitaire_core.solver.solving.solve`) or a pick of a
winnable deal (:func:`~solitaire_core.catalogue.winnable.pick_winnable_deal`)
can take seconds. Both take two optional keyword arguments:

* ``progress``: a function called with a :class:`Progress` about every
  :data:`PROGRESS_EVERY` positions the searches store, and once more at the
  end with ``done`` True (a pick also calls it after each deal tried). Its
  return value is ignored; it runs in the searching thread, so it should be
  quick (drawing a progress bar, storing the record for another thread).
* ``cancel``: a function of no arguments, asked at the same moments, that
  returns True to stop. The search then ends as if its budget had run out
  (a solve answers ``unknown``; a pick returns what it has found so far). A
  :class:`threading.Event` set from another thread is one: pass its
  ``is_set`` method.

The counts are those of the budgets (positions stored), so which positions
the calls come at does not depend on the machine, only their ``seconds``
do; a search with a progress callback or a cancel that never stops it
finds exactly what it finds without them. The searches pause and resume at
the positions where the callback is due, between their own steps (they are
built to be paused: :mod:`~solitaire_core.solver.searching`), so the
compiled loops do not call Python functions inside.

>>> from solitaire_core import KLONDIKE, deal_position, solve
>>> seen = []
>>> result = solve(KLONDIKE, deal_position(KLONDIKE, 25), max_positions=10_000,
...                progress=seen.append)
>>> [(update.positions, update.done) for update in seen][:2], seen[-1].done
([(4096, False), (8192, False)], True)
>>> seen[-1].positions == result.positions, result.status.value
(True, 'unknown')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import attrs

from solitaire_core.errors import InvalidArgumentError

PROGRESS_EVERY: Final = 4096
"""Positions between two progress calls (and cancel checks) of a search: a few
hundredths of a second of the compiled solver, a tenth of a second of the pure one."""


@attrs.frozen
class Progress:
    """How far a solve or a pick has got, as its ``progress`` callback receives it.

    Attributes:
        positions: the positions stored so far by the searches of this call
            (over every deal tried, for a pick): the unit of the budgets.
            Never smaller than in an earlier call.
        deals: the deals tried so far, the one being solved included (1 for
            a solve; 0 or 1 for a pick answered from a catalogue).
        seconds: the time since the call began, in seconds.
        done: True on the last call, made once when the solve or pick ends
            (its ``positions`` are then the result's).
    """

    positions: int
    deals: int
    seconds: float
    done: bool = False


ProgressCallback = Callable[[Progress], object]
"""A ``progress`` argument: called with each :class:`Progress`; what it returns is ignored."""
Cancel = Callable[[], bool]
"""A ``cancel`` argument: returns True to stop (``threading.Event().is_set`` is one)."""


def require_callbacks(progress: object, cancel: object) -> None:
    """Check a ``progress`` and a ``cancel`` argument: each None or callable.

    Raises:
        InvalidArgumentError: (a ``ValueError``) naming the argument that is neither.
    """
    for name, value in (("progress", progress), ("cancel", cancel)):
        if value is not None and not callable(value):
            raise InvalidArgumentError(f"{name} must be a function or None, got {value!r}")


class Watch:
    """The progress calls and cancel checks of one solve (internal to the solver).

    The searches count the positions they store with :meth:`count`; at
    every multiple of ``every`` positions the watch calls ``progress`` and
    asks ``cancel``. Once ``cancel`` has answered True, :attr:`stopped` is
    True and stays so.

    Args:
        progress: the callback, or None.
        cancel: the cancel, or None.
        clock: the time source, in seconds (read at each call of ``progress``).
        deals: the ``deals`` of the records (1 for a solve).
        every: positions between two calls (an int >= 1).
    """

    def __init__(
        self,
        progress: ProgressCallback | None,
        cancel: Cancel | None,
        clock: Callable[[], float],
        *,
        deals: int = 1,
        every: int = PROGRESS_EVERY,
    ) -> None:
        self._progress = progress
        self._cancel = cancel
        self._clock = clock
        self._start = clock()
        self._deals = deals
        self._every = every
        self._next = every
        self.positions = 0
        self.stopped = False

    def room(self) -> int:
        """Positions to store before the next call is due (at least 1)."""
        return max(self._next - self.positions, 1)

    def count(self, stored: int) -> bool:
        """Count ``stored`` more positions; at a checkpoint call back and ask the cancel.

        Returns:
            :attr:`stopped`: True once the cancel has asked to stop.
        """
        self.positions += stored
        if self.positions >= self._next and not self.stopped:
            self._next = (self.positions // self._every + 1) * self._every
            self._report(done=False)
            if self._cancel is not None and self._cancel():
                self.stopped = True
        return self.stopped

    def finish(self, positions: int) -> None:
        """The last call: ``done`` True with the solve's ``positions``."""
        self.positions = positions
        self._report(done=True)

    def _report(self, *, done: bool) -> None:
        if self._progress is not None:
            seconds = self._clock() - self._start
            self._progress(Progress(self.positions, self._deals, seconds, done=done))


__all__ = [
    "PROGRESS_EVERY",
    "Cancel",
    "Progress",
    "ProgressCallback",
    "Watch",
    "require_callbacks",
]
