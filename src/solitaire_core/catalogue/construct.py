r"""Constructed deals: winnable card orders for a game whose deal numbers (almost) never are.

British Canister's first 80,000 deal numbers are all proven lost, and the
solver decides none of Chameleon's first deals within a second: a pick of a
winnable deal has no deal number to give. A catalogue can hold **constructed
deals** instead (:class:`~solitaire_core.catalogue.format.ConstructedDeal`):
card orders proven winnable, named by full deal codes. They come from a
random walk over winnable card orders:

1. start from a card order the solver wins (``start``: a deal code, full or
   numbered, such as one built by hand to play out rank by rank);
2. each step swaps two cards of the order, drawn from ``seed``
   (:class:`~solitaire_core.shuffle.SplitMix64`), and keeps the swap only if
   the solver wins the new order within ``max_positions`` positions (its line
   replayed through the rules, as every solve's is);
3. after ``steps`` steps (and at least one swap kept since the last), the
   order is a constructed deal, graded by that solve
   (:func:`~solitaire_core.solver.grading.grade`); the walk goes on from it
   for the next one.

So every deal is proven winnable, and each is the walk's order after every
swap kept so far: the cards move further from the start with each deal. The
walk stays among the orders the solver wins within the budget, so the deals
are not a random sample of all winnable orders (none harder than the budget
allows); they are the same for the same arguments on any machine (budgets
are positions, never seconds).

The command sets a catalogue file's constructed deals (replacing any it
had), with the commit and the command that made them in its header, written
atomically; it checks that it may write the file before the walk starts::

    python -m solitaire_core.catalogue.construct src/solitaire_core/catalogue/data/BC1-D0N.sccat \
        --start BC1-D0N-RFFISSDLWFZHQDCREQLXHHWFPTBYEAGEXIXFBOUEILUQTUBI \
        --deals 40 --steps 40 --seed 1 --max-positions 50000 --commit "$(git rev-parse HEAD)"

docs/catalogues.md has the commands that made the shipped ones.
"""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import sys
from collections.abc import Callable, Sequence

import attrs

from solitaire_core._files import InputError, read_file_bytes
from solitaire_core.cards import Card
from solitaire_core.catalogue.build import write_catalogue
from solitaire_core.catalogue.format import MAX_MOVES, ConstructedDeal, decode
from solitaire_core.codes import parse_deal_code
from solitaire_core.deal import deal_deck
from solitaire_core.deck_order import deck_to_letters
from solitaire_core.errors import CatalogueError, DealCodeError, InvalidArgumentError
from solitaire_core.playout import require_seed
from solitaire_core.shuffle import SplitMix64
from solitaire_core.solver.grading import CARDS_PER_DECK
from solitaire_core.solver.grading import grade as grade_solve
from solitaire_core.solver.result import SolveResult, SolveStatus, require_count
from solitaire_core.solver.solving import solve
from solitaire_core.variants import Variant

STUCK_FACTOR = 20
"""A deal's walk gives up after this many times ``steps`` steps without a swap kept."""


def construct_winnable_deals(
    variant: Variant,
    start: Sequence[Card],
    *,
    deals: int,
    steps: int,
    seed: int,
    max_positions: int,
    report: Callable[[int, ConstructedDeal], None] | None = None,
) -> tuple[ConstructedDeal, ...]:
    """Walk over winnable card orders from ``start``: ``deals`` constructed deals (module docs).

    Args:
        variant: the game (with a deal-code prefix, for the full codes).
        start: a card order of the game's decks (``start[0]`` dealt first, as
            :func:`~solitaire_core.deal.deal_deck` takes it) that the solver
            wins within ``max_positions``.
        deals: how many constructed deals to make (an int >= 1).
        steps: swaps tried between two deals (an int >= 1).
        seed: 0 <= seed < 2**64; fixes the swaps.
        max_positions: the solver's budget for each order tried, in positions.
        report: called with each deal's 0-based index and the deal, as it is made.

    Returns:
        The deals in the order made, each a card order the solver won.

    Raises:
        InvalidArgumentError: (a ``ValueError``) for a count or seed out of
            range, or a ``start`` that is not a card order of the game's decks.
        CatalogueError: if the solver does not win ``start`` within the
            budget, or a walk keeps no swap in ``STUCK_FACTOR * steps`` steps.
    """
    require_count("deals", deals)
    require_count("steps", steps)
    require_count("max_positions", max_positions)
    require_seed(seed)
    order = list(start)
    result = _solve(variant, order, max_positions)
    name = variant.name
    if not result.is_solved:
        raise CatalogueError(
            name, f"the start is not won within {max_positions:,} positions ({result.status.value})"
        )
    swaps = SplitMix64(seed)
    made: list[ConstructedDeal] = []
    cards = CARDS_PER_DECK * variant.decks
    while len(made) < deals:
        kept = 0
        tried = 0
        while tried < steps or not kept:
            if tried >= STUCK_FACTOR * steps:
                raise CatalogueError(
                    name, f"the walk kept no swap in {tried} steps (deal {len(made)})"
                )
            tried += 1
            first, second = swaps.bounded(len(order)), swaps.bounded(len(order))
            if order[first] == order[second]:
                continue  # the same card (or its twin of another deck): nothing to try
            order[first], order[second] = order[second], order[first]
            trial = _solve(variant, order, max_positions)
            if trial.is_solved:
                result = trial
                kept += 1
            else:  # swapped back: the walk stays among the orders won
                order[first], order[second] = order[second], order[first]
        deal = ConstructedDeal(
            letters=deck_to_letters(order, decks=variant.decks),
            grade=grade_solve(
                SolveStatus.SOLVED, positions=result.positions, moves=len(result.moves), cards=cards
            ),
            moves=len(result.moves),
        )
        if report is not None:
            report(len(made), deal)
        made.append(deal)
    return tuple(made)


def _solve(variant: Variant, order: Sequence[Card], max_positions: int) -> SolveResult:
    """The solve of a card order's deal; a line too long for a catalogue counts as not won."""
    result = solve(variant, deal_deck(variant, order), max_positions=max_positions)
    if result.is_solved and len(result.moves) > MAX_MOVES:
        return attrs.evolve(result, status=SolveStatus.UNKNOWN, moves=())
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """The command: set a catalogue file's constructed deals; 0, 2 for bad input, 130 on Ctrl-C."""
    parser = argparse.ArgumentParser(
        prog="python -m solitaire_core.catalogue.construct",
        description="set the constructed deals (winnable card orders) of a catalogue file, "
        "replacing any it has",
    )
    parser.add_argument("catalogue", help="the catalogue file (.sccat), rewritten in place")
    parser.add_argument("--commit", required=True, help="the git commit that runs the walk")
    parser.add_argument("--start", required=True, help="a deal code the solver wins (full or not)")
    parser.add_argument("--deals", type=int, required=True, help="how many deals to make")
    parser.add_argument("--steps", type=int, required=True, help="swaps tried between two deals")
    parser.add_argument("--seed", type=int, default=0, help="the walk's seed (default 0)")
    parser.add_argument(
        "--max-positions", type=int, required=True, help="the solver's budget per order tried"
    )
    args = parser.parse_args(argv)
    try:
        try:
            data = read_file_bytes(args.catalogue)
        except InputError as error:
            raise InvalidArgumentError(f"cannot read {args.catalogue!r}: {error.reason}") from None
        catalogue = decode(data, args.catalogue)
        _require_writable(args.catalogue)
        code = parse_deal_code(args.start)
        if str(code).rsplit("-", 1)[0] != catalogue.prefix:
            raise InvalidArgumentError(
                f"--start {args.start!r} is not a deal of {catalogue.prefix}, the catalogue's game"
            )
        command = shlex.join(
            ["python", "-m", "solitaire_core.catalogue.construct", os.path.basename(args.catalogue)]
            + [f"--{name.replace('_', '-')}={getattr(args, name)}" for name in _RECORDED]
        )
        made_by = {"constructed_commit": args.commit, "constructed_command": command}
        for field, value in made_by.items():  # (checked before the walk, not after)
            if "\n" in value or "\r" in value:
                raise InvalidArgumentError(f"the {field} would hold a line break: {value!r}")
        try:
            made = construct_winnable_deals(
                code.variant,
                code.deck,
                deals=args.deals,
                steps=args.steps,
                seed=args.seed,
                max_positions=args.max_positions,
                report=lambda index, deal: print(
                    f"{index + 1}/{args.deals}: {deal.grade.value}, {deal.moves} moves",
                    file=sys.stderr,
                ),
            )
        except CatalogueError as error:  # (named by the game: name the option)
            raise InvalidArgumentError(f"--start {args.start!r}: {error.reason}") from None
        write_catalogue(attrs.evolve(catalogue, constructed=made, **made_by), args.catalogue)
    except (OSError, InvalidArgumentError, DealCodeError, CatalogueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # (the file is written once, whole, at the end)
        print(f"interrupted: {args.catalogue} is unchanged", file=sys.stderr)
        return 128 + signal.SIGINT  # 130, as shells report it (and the solitaire-core commands)
    grades = {grade: sum(deal.grade.value == grade for deal in made) for grade in _GRADES}
    print(
        f"{args.catalogue}: {len(made)} constructed deal{'s' * (len(made) != 1)} of "
        f"{catalogue.prefix} "
        f"({', '.join(f'{count} {grade}' for grade, count in grades.items())})"
    )
    return 0


_GRADES = ("easy", "medium", "hard")
_RECORDED = ("start", "deals", "steps", "seed", "max_positions")
"""The command's options the header's ``constructed_command`` records."""


def _require_writable(path: str) -> None:
    """Refuse, before the walk, a file (or a folder) the command may not write.

    Raises:
        InvalidArgumentError: naming the file.
    """
    folder = os.path.dirname(os.path.realpath(path)) or "."
    if not os.access(path, os.W_OK) or not os.access(folder, os.W_OK):
        raise InvalidArgumentError(
            f"cannot write {path!r}: the file or its folder may not be written"
        )


if __name__ == "__main__":
    raise SystemExit(main())
