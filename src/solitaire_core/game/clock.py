"""A game's clock: playing time measured by a time source the app passes in.

The library never reads the wall clock itself. An app gives a game a time
source, a function returning seconds that never go back (``time.monotonic``
is the usual choice; a test passes a fake), and the game drives its clock:

* the clock starts at the first move (a game dealt and left alone shows 0);
* :meth:`GameClock.pause` and :meth:`GameClock.resume` stop and restart it
  (the app calls them when the game goes to the background and back); a move
  played while paused resumes it;
* it stops when the game ends (won or resigned) and runs again if an undo takes
  the win back;
* a saved game stores the seconds elapsed and the clock's state; a restored
  game goes on from there: the time between the save and the restore does not
  count.

Without a time source the clock stays at 0 seconds. A clock never shows more
than :data:`~solitaire_core.limits.MAX_SECONDS` (about 31 years): it stops
counting there, so its seconds always fit a save and a statistics row, whatever
the time source returns.

>>> now = [100.0]
>>> clock = GameClock(lambda: now[0])
>>> clock.start(); now[0] = 112.5; clock.elapsed
12.5
>>> clock.pause(); now[0] = 500.0; clock.elapsed, clock.state
(12.5, 'paused')
>>> clock.resume(); now[0] = 502.0; clock.elapsed
14.5
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from solitaire_core.errors import InvalidArgumentError
from solitaire_core.limits import MAX_SECONDS

TimeSource = Callable[[], float]
"""A function returning the current time in seconds, never going back (``time.monotonic``)."""

CLOCK_STATES: Final = ("not_started", "running", "paused", "stopped")
"""The states of a clock, as saved: before the first move, counting, paused, game over."""


class GameClock:
    """Elapsed playing time in seconds, driven by an app's time source.

    Args:
        time_source: returns the current time in seconds (``time.monotonic``),
            or None for a clock that stays at 0.
        elapsed: seconds already played (a restored game), 0 ..
            :data:`~solitaire_core.limits.MAX_SECONDS`.
        state: one of :data:`CLOCK_STATES`; a restored ``"running"`` clock
            counts from the moment it is created.

    Raises:
        InvalidArgumentError: for an ``elapsed`` that is negative, not finite
            or over :data:`~solitaire_core.limits.MAX_SECONDS`, an unknown
            state, or a time source that is not callable.
    """

    def __init__(
        self,
        time_source: TimeSource | None = None,
        *,
        elapsed: float = 0.0,
        state: str = "not_started",
    ) -> None:
        if time_source is not None and not callable(time_source):
            raise InvalidArgumentError(f"time_source must be callable, got {time_source!r}")
        if type(elapsed) not in (int, float) or not 0 <= elapsed <= MAX_SECONDS:  # NaN fails
            if isinstance(elapsed, int) and elapsed.bit_length() > 100:  # too long to write
                shown = f"an int of {elapsed.bit_length()} bits"
            else:
                shown = repr(elapsed)
            raise InvalidArgumentError(
                f"elapsed must be seconds 0 .. {MAX_SECONDS:,.0f} "
                f"(solitaire_core.limits.MAX_SECONDS), got {shown}"
            )
        if state not in CLOCK_STATES:
            raise InvalidArgumentError(f"clock state must be one of {CLOCK_STATES}, got {state!r}")
        self._source = time_source
        self._elapsed = float(elapsed)
        self._state = state
        self._since = self._now() if state == "running" else 0.0

    def _now(self) -> float:
        if self._source is None:
            return 0.0
        try:
            now = self._source()
        except Exception as error:  # the app's code: report it as bad input, change nothing
            raise InvalidArgumentError(f"the time source failed: {error!r}") from error
        if type(now) not in (int, float) or not math.isfinite(now):
            raise InvalidArgumentError(f"the time source returned {now!r}, not seconds")
        return float(now)

    def _bank(self) -> None:
        """Add the running interval to the total (an interval going back counts 0)."""
        now = self._now()
        self._elapsed = _counted(self._elapsed, now - self._since)
        self._since = now

    @property
    def elapsed(self) -> float:
        """Seconds played so far (paused time excluded)."""
        if self._state != "running":
            return self._elapsed
        return _counted(self._elapsed, self._now() - self._since)

    @property
    def state(self) -> str:
        """``"not_started"``, ``"running"``, ``"paused"`` or ``"stopped"``."""
        return self._state

    @property
    def has_time_source(self) -> bool:
        """True when the app gave the clock a time source (else it stays where it is)."""
        return self._source is not None

    @property
    def is_running(self) -> bool:
        """True while the clock counts."""
        return self._state == "running"

    def start(self) -> None:
        """Start or resume counting (the game calls it at every move); no-op while running."""
        if self._state != "running":
            self._since = self._now()
            self._state = "running"

    def resume(self) -> None:
        """Count again after :meth:`pause`; no-op unless paused."""
        if self._state == "paused":
            self.start()

    def pause(self) -> None:
        """Stop counting until :meth:`resume` or the next move; no-op unless running."""
        if self._state == "running":
            self._bank()
            self._state = "paused"

    def stop(self) -> None:
        """Stop counting because the game is over (won or resigned)."""
        if self._state == "running":
            self._bank()
        if self._state != "not_started":
            self._state = "stopped"

    def __repr__(self) -> str:
        return f"<GameClock {self._state} elapsed={self.elapsed:.3f}s>"


def _counted(elapsed: float, interval: float) -> float:
    """``elapsed`` plus a running interval, at most :data:`~solitaire_core.limits.MAX_SECONDS`.

    An interval going back counts 0; one too long to hold stops the total at the limit.
    """
    if not interval > 0:  # the time source went back (or stood still)
        return elapsed
    return min(MAX_SECONDS, elapsed + interval)
