"""Running a survey: solve a range of deals in parallel, store each row as it finishes.

:func:`run_survey` sends the deals still missing from the file to an
executor and stores each finished deal at once, in the calling process (the
workers only solve). Two executors:

* :class:`LocalProcesses`: a pool of worker processes on this machine (no
  server; ``workers=1`` solves in the calling process). No worker outlives
  the survey: Ctrl-C and SIGTERM stop them, and a survey killed outright
  (``SIGKILL``) takes them with it (:func:`die_with_parent`).
* :class:`DaskScheduler`: the workers of an existing Dask ``distributed``
  cluster, reached at its scheduler's address (``pip install
  'solitaire-core[survey]'``; every worker needs ``solitaire-core``
  installed too).

Without a time limit the solver is deterministic: the same deal with the same
budget gives the same verdict, positions, line and pass in every process and
on every machine, so a survey's rows (all but ``seconds``) do not depend on
the executor, the number of workers, or on being interrupted and resumed.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any, NamedTuple, Protocol

import attrs

from solitaire_core.deal import deal_position
from solitaire_core.errors import InvalidArgumentError, SurveyError
from solitaire_core.solver import solve
from solitaire_core.solver.grading import CARDS_PER_DECK, grade
from solitaire_core.survey._optional import require
from solitaire_core.survey.deals import deal_code
from solitaire_core.survey.rows import DealRow, SurveySettings
from solitaire_core.survey.store import SurveyStore
from solitaire_core.variants import GameRules, parse_rules, register_rules, rules_document

DEFAULT_CONNECT_TIMEOUT = 10.0
"""Seconds :class:`DaskScheduler` waits to reach the scheduler."""


class DealJob(NamedTuple):
    """One deal to solve, as sent to a worker: the game, the deal and the budget.

    ``rules`` is the rules document (JSON text) of a game read from a rules
    file, or None for a shipped game: a worker registers it before dealing, so
    the game's deal codes mean the same there (docs/rules-files.md).
    """

    prefix: str
    deal: int
    max_positions: int
    time_limit: float | None
    rules: str | None = None


@attrs.frozen
class DealFailure:
    """A deal whose solve raised (a solver bug, a worker that died): not stored, solved on resume.

    Attributes:
        prefix: the game's deal-code prefix.
        deal: the deal number.
        error: the exception's type and message.
    """

    prefix: str
    deal: int
    error: str


def solve_deal(job: DealJob) -> DealRow:
    """Solve one deal and grade it: the work each worker does.

    Args:
        job: the game's prefix, the deal number, the budget in positions and
            the time limit in seconds (or None).

    Returns:
        The deal's row; ``seconds`` is the solve's wall time.

    Raises:
        DealCodeError: (a ``ValueError``) for an unknown prefix or deal number.
        InvalidArgumentError: (a ``ValueError``) for a budget or time limit
            out of range.
    """
    if job.rules is not None:
        register_rules(parse_rules(json.loads(job.rules)))
    code = deal_code(job.prefix, job.deal)
    variant = code.variant
    start = time.perf_counter()
    result = solve(
        variant,
        deal_position(variant, job.deal),
        max_positions=job.max_positions,
        time_limit=job.time_limit,
    )
    seconds = time.perf_counter() - start
    moves = len(result.moves)
    return DealRow(
        prefix=job.prefix,
        deal=job.deal,
        code=str(code),
        status=result.status,
        positions=result.positions,
        moves=moves,
        decided_by=result.decided_by,
        seconds=seconds,
        grade=grade(
            result.status,
            positions=result.positions,
            moves=moves,
            cards=CARDS_PER_DECK * variant.decks,
        ),
    )


def _attempt(job: DealJob) -> DealRow | DealFailure:
    try:
        return solve_deal(job)
    except Exception as error:  # a solver bug: report the deal, keep the survey going
        return DealFailure(job.prefix, job.deal, f"{type(error).__name__}: {error}")


def _outcome(job: DealJob, future: Any) -> DealRow | DealFailure:
    """A finished future's row, or the failure it raised."""
    try:
        row: DealRow = future.result()
    except Exception as error:
        return DealFailure(job.prefix, job.deal, f"{type(error).__name__}: {error}")
    return row


class DealExecutor(Protocol):
    """Solves deals somewhere and hands back each result as it finishes."""

    def solve_all(self, jobs: Sequence[DealJob]) -> Iterator[DealRow | DealFailure]:
        """Each job's row (or failure), in the order they finish.

        Closing the iterator early (an interruption) stops the work still
        running.
        """
        ...


def _worker_signals(parent: int) -> None:
    """Worker set-up: Ctrl-C and SIGTERM are the parent's to handle; the worker dies with it.

    The parent stops the pool on Ctrl-C or SIGTERM. A parent killed outright
    (``SIGKILL``, a crash) cannot, so each worker watches it and ends itself
    at once: no worker outlives its survey (:func:`die_with_parent`).

    Args:
        parent: the process id of the survey's process.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)


_PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal a process gets when its parent dies."""


def die_with_parent(parent: int) -> None:
    """Make this process end as soon as the process ``parent`` does, however it ends.

    Two watches, so that one suffices:

    * on Linux, when ``parent`` forked this process, ``prctl(PR_SET_PDEATHSIG,
      SIGKILL)`` (through :mod:`ctypes`): the kernel kills it the moment the
      parent dies, even in the middle of a compiled solver loop that never
      returns to the interpreter;
    * everywhere, a daemon thread that waits on the parent's sentinel (the
      end of a pipe that closes when the parent dies: Python's
      :func:`multiprocessing.parent_process`) and then ends the process with
      :func:`os._exit`.

    If ``parent`` has died already (before the watches were set), the process
    ends at once.

    Args:
        parent: the process id of the process to die with.
    """
    if sys.platform.startswith("linux") and os.getppid() == parent:
        with contextlib.suppress(OSError, AttributeError):  # no libc to ask: the thread watches
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # it died before the kernel was asked to tell us
            os._exit(1)
    watched = multiprocessing.parent_process()
    if watched is None:  # not started by multiprocessing: nothing to watch this way
        return
    sentinel = watched.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(1)  # the parent is gone: nobody will read this worker's result

    threading.Thread(target=watch, name="solitaire-core-parent-watch", daemon=True).start()


@attrs.frozen
class LocalProcesses:
    """Worker processes on this machine; ``workers=1`` solves in the calling process.

    Attributes:
        workers: how many processes solve at once (an int >= 1; default: the
            CPU count).

    Raises:
        InvalidArgumentError: (a ``ValueError``) for workers < 1.
    """

    workers: int = attrs.field(factory=lambda: os.cpu_count() or 1)

    @workers.validator
    def _require_workers(self, attribute: object, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidArgumentError(f"workers must be an int >= 1, got {value!r}")

    def solve_all(self, jobs: Sequence[DealJob]) -> Iterator[DealRow | DealFailure]:
        """Each job's row or failure as it finishes (see :class:`DealExecutor`)."""
        if self.workers == 1 or len(jobs) <= 1:
            for job in jobs:
                yield _attempt(job)
            return
        pool = ProcessPoolExecutor(
            min(self.workers, len(jobs)), initializer=_worker_signals, initargs=(os.getpid(),)
        )
        finished = False
        try:
            futures: dict[Future[DealRow], DealJob] = {
                pool.submit(solve_deal, job): job for job in jobs
            }
            for future in as_completed(futures):
                yield _outcome(futures[future], future)
            finished = True
        finally:
            if not finished:  # interrupted: end the solves under way now
                for process in list(getattr(pool, "_processes", {}).values()):
                    process.terminate()
            pool.shutdown(wait=True, cancel_futures=True)


@attrs.frozen
class DaskScheduler:
    """The workers of a running Dask ``distributed`` cluster.

    Attributes:
        address: the scheduler's address (``tcp://10.0.0.5:8786``), or a
            ``distributed.LocalCluster``'s ``scheduler_address``.
        timeout: seconds to wait to reach the scheduler (> 0).
    """

    address: str
    timeout: float = DEFAULT_CONNECT_TIMEOUT

    def solve_all(self, jobs: Sequence[DealJob]) -> Iterator[DealRow | DealFailure]:
        """Each job's row or failure as it finishes (see :class:`DealExecutor`).

        Raises:
            MissingExtraError: (an ``ImportError``) without ``distributed``.
            SurveyError: for an address that is not a scheduler's address
                (checked before connecting), or a scheduler that cannot be
                reached in time.
        """
        distributed = require("distributed", extra="survey", feature="--scheduler (Dask)")
        _require_address(self.address)
        try:
            client = distributed.Client(
                self.address, timeout=f"{self.timeout}s", set_as_default=False
            )
        except (OSError, TimeoutError, ValueError) as error:
            raise SurveyError(
                self.address, f"cannot reach the Dask scheduler: {error or type(error).__name__}"
            ) from None
        futures: dict[Any, DealJob] = {}
        finished = False
        try:
            for job in jobs:
                futures[client.submit(solve_deal, job, pure=False)] = job
            for future in distributed.as_completed(list(futures), loop=client.loop):
                yield _outcome(futures[future], future)
                future.release()
            finished = True
        finally:
            if futures and not finished:  # interrupted: drop the deals not solved yet
                client.cancel(list(futures))
            client.close()


_HOST_PORT_SCHEMES = ("tcp", "tls", "ws", "wss")
"""Dask's address schemes whose location is HOST:PORT."""


def _require_address(address: str) -> None:
    """Refuse a scheduler address Dask cannot parse, before a client is made for it.

    A ``distributed.Client`` made for such an address fails inside its
    constructor and leaves a half-made client whose clean-up prints a
    traceback when the program exits; an address that parses but leads
    nowhere fails cleanly after the timeout.

    Raises:
        SurveyError: naming the address and what is wrong with it.
    """
    addressing = require("distributed.comm.addressing", extra="survey", feature="--scheduler")
    registry = require("distributed.comm.registry", extra="survey", feature="--scheduler")
    refusal = SurveyError(
        address,
        "not a Dask scheduler address (HOST:PORT with a port 1..65535, or SCHEME://HOST:PORT): "
        "give one such as tcp://10.0.0.5:8786",
    )
    try:
        scheme, location = addressing.parse_address(address)
        registry.get_backend(scheme)
    except ValueError:
        raise refusal from None
    if scheme in _HOST_PORT_SCHEMES:
        host, _, port = location.rpartition(":")
        if not host or not (port.isascii() and port.isdigit() and 0 < int(port) < 65536):
            raise refusal


@attrs.frozen
class SurveyOutcome:
    """What a run of :func:`run_survey` did.

    Attributes:
        asked: the deals of the range.
        resumed: those already in the file, skipped.
        stored: the deals solved and stored by this run.
        failures: the deals whose solve raised (not stored; a resumed run
            solves them again), in the order they finished.
    """

    asked: int
    resumed: int
    stored: int
    failures: tuple[DealFailure, ...]

    @property
    def complete(self) -> bool:
        """True when every deal of the range is in the file."""
        return self.resumed + self.stored == self.asked


def run_survey(
    store: SurveyStore,
    prefix: str,
    deals: range,
    settings: SurveySettings,
    *,
    executor: DealExecutor | None = None,
    resume: bool = False,
    on_row: Callable[[DealRow], None] | None = None,
    rules: GameRules | None = None,
) -> SurveyOutcome:
    """Solve the deals of a game that the file lacks, storing each as it finishes.

    Args:
        store: the survey file (created if missing).
        prefix: the game's deal-code prefix (``"KL1-D3N"``;
            :func:`~solitaire_core.survey.deals.game_prefix` finds it from a
            name).
        deals: the deal numbers (``range(0, 500)``), solved in this order
            (they finish in any order).
        settings: the budget and time limit of each solve.
        executor: where the deals are solved; default
            ``LocalProcesses()`` (every CPU).
        resume: skip the deals already in the file; without it a file that
            holds deals is refused.
        on_row: called in this process with each row once it is stored
            (for a progress bar).
        rules: the game's rules file, for a game read from one (registered
            here already): the workers register it too.

    Returns:
        What was done; the rows are in the file.

    Raises:
        SurveyError: for a file that cannot be used, holds deals without
            ``resume``, or has other settings (nothing is solved then); for
            a scheduler that cannot be reached. A file this call created is
            removed when it fails with an exception (not Ctrl-C) before any
            deal is stored.
        MissingExtraError: (an ``ImportError``) for an executor whose
            package is missing.
        InvalidArgumentError: (a ``ValueError``) for an unknown prefix,
            deal numbers outside 0..26**7 - 1, or an argument not of its
            type (a path instead of a SurveyStore, say).
        KeyboardInterrupt: on Ctrl-C (or whatever ``on_row`` raises): the
            work under way is stopped first; every deal stored so far stays.
    """
    _require_survey_arguments(store, prefix, deals, settings, executor, on_row)
    if deals and not 0 <= deals[0] <= deals[-1] < 26**7:
        raise InvalidArgumentError(f"deal numbers must be within 0..26**7 - 1, got {deals!r}")
    try:
        deal_code(prefix, deals[0] if deals else 0)
    except ValueError as error:
        raise InvalidArgumentError(f"invalid game prefix {prefix!r}: {error}") from None
    executor = LocalProcesses() if executor is None else executor
    created = not store.path.exists()
    document = None if rules is None else json.dumps(rules_document(rules))
    try:
        return _run(
            store, prefix, deals, settings, executor, resume=resume, on_row=on_row, rules=document
        )
    except Exception:
        # Nothing solved (a scheduler out of reach, a missing package): a file
        # this run created is removed, as if the run had not been made.
        if created:
            _remove_if_empty(store)
        raise


def _require_survey_arguments(
    store: object,
    prefix: object,
    deals: object,
    settings: object,
    executor: object,
    on_row: object,
) -> None:
    """Refuse arguments of :func:`run_survey` that are not of their types (InvalidArgumentError)."""
    expected = (
        ("store", store, isinstance(store, SurveyStore), "a SurveyStore"),
        ("prefix", prefix, isinstance(prefix, str), "a str such as 'KL1-D3N'"),
        ("deals", deals, isinstance(deals, range), "a range such as range(0, 500)"),
        ("settings", settings, isinstance(settings, SurveySettings), "SurveySettings"),
        (
            "executor",
            executor,
            executor is None or callable(getattr(executor, "solve_all", None)),
            "None or a DealExecutor (LocalProcesses, DaskScheduler)",
        ),
        ("on_row", on_row, on_row is None or callable(on_row), "None or a callable"),
    )
    for name, value, fits, wanted in expected:
        if not fits:
            raise InvalidArgumentError(f"{name} must be {wanted}, got {value!r}")


def _remove_if_empty(store: SurveyStore) -> None:
    """Delete the survey file if it holds no deal (a file that cannot be read is kept)."""
    with contextlib.suppress(SurveyError):
        if not store.rows():
            store.path.unlink(missing_ok=True)


def _run(
    store: SurveyStore,
    prefix: str,
    deals: range,
    settings: SurveySettings,
    executor: DealExecutor,
    *,
    resume: bool,
    on_row: Callable[[DealRow], None] | None,
    rules: str | None = None,
) -> SurveyOutcome:
    with store.writing(settings, resume=resume) as writer:
        done = {
            deal for key_prefix, deal in (row.key for row in store.rows()) if key_prefix == prefix
        }
        jobs = [
            DealJob(prefix, deal, settings.max_positions, settings.time_limit, rules)
            for deal in deals
            if deal not in done
        ]
        resumed = len(deals) - len(jobs)
        stored = 0
        failures: list[DealFailure] = []
        results = executor.solve_all(jobs)
        try:
            for result in results:
                if isinstance(result, DealFailure):
                    failures.append(result)
                    continue
                writer.add(result)
                stored += 1
                if on_row is not None:
                    on_row(result)
        finally:
            close = getattr(results, "close", None)
            if close is not None:
                close()
    return SurveyOutcome(asked=len(deals), resumed=resumed, stored=stored, failures=tuple(failures))
