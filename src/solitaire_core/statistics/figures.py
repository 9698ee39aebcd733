"""The figures a player sees for a board: counts, win rate, streaks and bests.

Every figure is computed from the games recorded on one board, in one of two
separate ledgers: the games played without help, and the **assisted** games
(an undo, a hint or an auto-finish; the rule card counts them apart). An
assisted game never changes the figures of the unassisted ones, nor the other
way round.

* **played** = won + lost + resigned.
* **win percentage**: 100 × won / played, None before the first game.
* **streaks**: in recording order, a win extends the current streak, a loss or
  a resignation ends it (back to 0). The best streak is the longest run of
  wins ever recorded. Only the ledger's own games count: an assisted game
  neither extends nor ends the unassisted streak.
* **best score**: the highest final score of any game (won, lost or resigned):
  points, or dollars for Vegas scoring, where it may be negative (the best
  result of a player who never won is the loss that cost the least). Its text
  is the score as the app showed it (``"+$208"``).
* **fastest win** (seconds) and **fewest moves** (the move counter): over the
  games won only; None before the first win (or, for the time, before the
  first win with a time).
"""

from __future__ import annotations

from typing import Any

import attrs

from solitaire_core.statistics.records import StatisticsBoard


@attrs.frozen(kw_only=True)
class Figures:
    """The figures of one ledger (unassisted or assisted games) of a board.

    Attributes:
        played: games recorded (won + lost + resigned).
        won: games won.
        lost: games recorded as lost (abandoned or stuck, not resigned).
        resigned: games resigned.
        win_percentage: 100 × won / played, between 0 and 100; None when no
            game was played.
        current_streak: wins since the last loss or resignation (0 after one).
        best_streak: the longest run of wins.
        best_score: the highest final score (points, or dollars for Vegas), or
            None when no game was played.
        best_score_text: that score as the app showed it (``"625"``,
            ``"+$208"``), or None.
        fastest_win: the shortest playing time of a won game, in seconds; None
            when no game was won with a time.
        fewest_moves: the smallest move counter of a won game; None when no
            game was won.
    """

    played: int = 0
    won: int = 0
    lost: int = 0
    resigned: int = 0
    win_percentage: float | None = None
    current_streak: int = 0
    best_streak: int = 0
    best_score: int | None = None
    best_score_text: str | None = None
    fastest_win: float | None = None
    fewest_moves: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The figures as a JSON-ready dict, with the attribute names as keys (in this order)."""
        return attrs.asdict(self)


NO_GAMES = Figures()
"""The figures of a ledger without any game: zero counts and no bests."""


@attrs.frozen(kw_only=True)
class BoardStatistics:
    """Everything recorded for one board: the unassisted and the assisted figures.

    Attributes:
        board: the game, draw count and scoring.
        unassisted: the figures of the games played without help.
        assisted: the figures of the games with an undo, a hint or an auto-finish.
    """

    board: StatisticsBoard
    unassisted: Figures = NO_GAMES
    assisted: Figures = NO_GAMES

    @property
    def played(self) -> int:
        """Every game recorded on the board, assisted or not."""
        return self.unassisted.played + self.assisted.played

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the ``stats --json`` command (docs/cli.md).

        ``{"game": ..., "draw": ..., "scoring": ..., "unassisted": {...},
        "assisted": {...}}``, each ledger as :meth:`Figures.to_json`.
        """
        return {
            "game": self.board.game,
            "draw": self.board.draw,
            "scoring": self.board.scoring,
            "unassisted": self.unassisted.to_json(),
            "assisted": self.assisted.to_json(),
        }
