"""The library's limits, written once: the largest values it holds and the budgets of its runs.

Every reader, store and search takes its bounds from here, so that what one
part of the library accepts, every other part can hold, write and read back:

* **Counts.** A position holds at most :data:`MAX_RECYCLES` recycles (its
  foundation counts are 0..13 and its cards 52 a deck, at most
  :data:`MAX_DECKS` decks in at most :data:`MAX_COLUMNS` columns). A save
  holds at most :data:`MAX_SAVE_ACTIONS` actions, and its other counts (the
  move counter, the undo and redo depths, the undo limit) and its score at
  most :data:`MAX_COUNT`. A statistics row holds a score of 64 bits (from
  ``-MAX_COUNT - 1`` to :data:`MAX_COUNT`), a move counter and a draw count
  up to :data:`MAX_COUNT`, and at most :data:`MAX_SECONDS` seconds; so does
  a game's clock, which stops counting there. A survey row's counts are up
  to :data:`MAX_COUNT` too, as are the solver's budgets.
* **Files.** A reader takes at most :data:`MAX_INPUT_BYTES` bytes: a save file,
  a position file (``--position``), and standard input (``--position -``,
  ``import ... -``). It refuses a pipe, a device or a folder given as a file
  name at once, without waiting for it to be written, and stops reading a
  larger input at the limit, naming it.
* **Runs.** ``perft`` counts at most :data:`MAX_PERFT_DEPTH` moves deep (the
  command line) and expands at most :data:`PERFT_MAX_POSITIONS` positions
  (the function's default budget); the hard AI's hint stops its samples'
  solves after :data:`HARD_HINT_SECONDS` seconds by default (every other
  budget of the library counts positions, never seconds), after
  :data:`HARD_HINT_UNDECIDED` samples undecided with none won, and once they
  have stored :data:`HARD_HINT_POSITIONS` positions together (by the game's
  decks); the winnable-deal
  picker gives up once the deals it tried cost :data:`PICK_MAX_POSITIONS`
  positions.

>>> MAX_RECYCLES, MAX_INPUT_BYTES // 2**20, MAX_PERFT_DEPTH
(999999999, 4, 12)

This module is on the ground floor of the layer map: it imports nothing.
"""

from __future__ import annotations

from typing import Final

MAX_DECKS: Final = 3
"""The most decks a variant or a position may use."""
MAX_COLUMNS: Final = 30
"""The most tableau columns a variant may have (and a move may name: 1..30)."""
MAX_RECYCLES: Final = 999_999_999
"""The most recycles a position may have used: nine digits in its text form.

A position with more (its JSON, its text form, ``Position(...)`` given to a
game) is refused at the door; a game that starts below it may recycle past it,
and its saves still load (a save keeps its start, not the count reached)."""
MAX_COUNT: Final = 2**63 - 1
"""The largest count the library stores or accepts as a budget: SQLite's 64-bit integer.

Scores run from ``-MAX_COUNT - 1`` to ``MAX_COUNT``."""
MAX_SECONDS: Final = 1e9
"""The most seconds a game's clock shows (about 31 years): a clock stops counting there,
and a save or a statistics row holding more is refused."""
MAX_SAVE_ACTIONS: Final = 100_000
"""The most actions (moves, undos, redos) a save holds: saving a longer game is refused.

So a save file stays well under :data:`MAX_INPUT_BYTES`, and loading it (which
replays every action) takes seconds, not hours."""
MAX_INPUT_BYTES: Final = 4 * 1024 * 1024
"""The most bytes a reader takes (4 MiB): a save file, a position file, standard input."""
MAX_PERFT_DEPTH: Final = 12
"""The deepest ``perft`` count the command line runs (deeper ones take hours)."""
PERFT_MAX_POSITIONS: Final = 2_000_000
"""The most positions ``perft`` expands (generates the moves of) by default before it stops
with :class:`~solitaire_core.errors.BudgetExceededError`: about 20 seconds of pure Python at
most, whatever the game's branching (``KL1-D1N-AAAAAAG`` to depth 12 expands 936,161)."""
HARD_HINT_SECONDS: Final = 5.0
"""The hard AI's default time limit, in seconds, for the solves of its samples: once it has
passed, the hint is chosen from the samples already solved
(:func:`~solitaire_core.solver.hard_ai.hard_hint`)."""
HARD_HINT_POSITIONS: Final[tuple[int, ...]] = (96_000, 12_000, 6_000)
"""The most positions the solves of one hard hint may store together, by the game's decks (one,
two, three), by default; once they are spent the hint is chosen from the samples already solved,
as when its time is up (:func:`~solitaire_core.solver.hard_ai.hard_hint_positions`). A count, so
the hint is the same on every machine. Two and three decks: about a second of the compiled
solver on a busy 2-core machine (about 12,000 and 6,000 positions a second there), where a
sample of 8,000 positions is seldom decided and a hint without it dealt and solved all 24
(192,000 positions) in 10 to 20 seconds. One deck: the 12 won samples' worth (12 times 8,000),
where a hint weighing its choices in every won sample stored up to 903,696 (Nine Across). In
Roslin's and Nine Across's first 5 deals each, played to their end, it halved the 90th
percentile of a hint (Roslin 5.97 to 3.13 CPU seconds, Nine Across 7.06 to 3.54, on a 2-core
machine running four jobs) and won as many (6 of 10, with and without); Klondike's hints seldom
reach it (1 of 358 in draw 3, none of 682 in draw 1):
``benchmarks/results/hint-positions-one-deck-budget.md``."""
HARD_HINT_UNDECIDED: Final = 4
"""How many samples a hard hint deals, by default, that all end undecided (each spends its whole
budget, by default 8,000 positions, with no answer) before it gives up sampling and gives the
advisory hint, as it does when no sample is won (the ``max_undecided`` of
:func:`~solitaire_core.solver.hard_ai.hard_hint`). Only while no sample is won: the samples then
tell nothing. In the one-deck games whose samples the solver seldom decides within 8,000
positions (Pas Seul, Australian Patience, Chameleon, Eastcliff) a hint without it dealt and
solved all 24 samples in vain, 192,000 positions, 2 to 4 seconds of the compiled build; with it,
32,000. In Klondike draw 3 it changed none of 1,201 hard hints (deals 0..14): there a sample is
won before the fourth undecided one."""
PICK_MAX_POSITIONS: Final = 1_000_000
"""The most positions the winnable-deal picker's solves may cost in all, by default: no new
deal is tried past it (:func:`~solitaire_core.catalogue.winnable.pick_winnable_deal`; the
deals of a game the solver rarely decides are given up after 20 deals of the default budget)."""

__all__ = [
    "HARD_HINT_POSITIONS",
    "HARD_HINT_SECONDS",
    "HARD_HINT_UNDECIDED",
    "MAX_COLUMNS",
    "MAX_COUNT",
    "MAX_DECKS",
    "MAX_INPUT_BYTES",
    "MAX_PERFT_DEPTH",
    "MAX_RECYCLES",
    "MAX_SAVE_ACTIONS",
    "MAX_SECONDS",
    "PERFT_MAX_POSITIONS",
    "PICK_MAX_POSITIONS",
]
