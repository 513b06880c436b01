"""Validate log files: the whole check of one, and many in this process or over a pool.

Each file is checked on its own (``check_file``), so the work splits over
processes without changing a result: ``check_files`` gives the reports in the
order of the names, whatever the number of processes.  The pool is the
standard library's (``concurrent.futures.ProcessPoolExecutor``).  The module imports
nothing of the package at load, so that a caller can start the processes before it imports
what it needs for the reports: the workers then read and compile all the rest side by side.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from itertools import repeat
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from .gamelog import Replay
    from .problems import FileReport, Problem

PARALLEL_MIN_FILES = 64
"""With ``jobs`` left to the default, fewer files are checked in this process alone
(starting the workers costs more than they would save)."""

MAX_DEFAULT_JOBS = 8
"""The default never starts more processes than this."""

COLLECT_EVERY = 256
"""While a file is checked the cyclic garbage collector is off, and it collects what is
young after every this many (a replay makes few reference cycles, and the collector's
passes over the states a replay keeps cost a few per cent); what is alive after the first
file (the modules, the compiled schemas, the caches) is frozen out of its sight for good
(``gc.freeze``)."""

MAX_CHUNK_FILES = 16
"""The most files a worker is handed at once: few messages between the processes, and
the workers still finish within a few files of each other (the last chunk runs alone)."""


def check(
    path: str | os.PathLike[str],
    display_name: str | None = None,
    *,
    require_signatures: bool = False,
) -> tuple[list[Problem], Replay | None]:
    """Every problem ``forex validate`` finds in a log file, and its replay when it could be made.

    The file, its YAML, the schema, the set-up, every move by the rules, then the recorded
    digests and the signatures (``validation.integrity_problems``); the replay is given even
    when a digest or a signature is wrong.  With ``require_signatures`` an unsigned move by a
    player whose key the log holds is a problem (else only ``validate``'s warning).
    """
    from .gamelog import load_and_replay

    problems, played = load_and_replay(path, display_name)
    if played is not None and not problems:
        problems = integrity_problems(played, require_signatures)[0]
    return problems, played


def integrity_problems(
    played: Replay, require_signatures: bool = False
) -> tuple[list[Problem], list[Problem]]:
    """The problems of a replayed log's recorded digests and signatures, in the order of
    their places, and the signatures' warnings: what ``validate`` checks once every move
    has replayed (``validation.check`` ends with it)."""
    found: list[Problem] = []
    warnings: list[Problem] = []
    log = played.log
    digest_mismatch = None
    # Digests and signatures only where the log has some (their modules cost start-up).
    if any(entry.digest is not None for entry in log.entries):
        from .digests import check_digests

        digest_mismatch = check_digests(played)
        found += [digest_mismatch] if digest_mismatch is not None else []
    if (
        log.header.get("keys")
        or log.header.get("signatures")
        or any(entry.sig for entry in log.entries)
    ):
        from .signing import check_signatures, one_edit

        required = require_signatures or log.header.get("signatures") == "required"
        checked = check_signatures(played, require=required)
        # A move changed after it was signed is one finding, not one per later signature.
        errors, warnings = one_edit(played, digest_mismatch, checked)
        return errors + _seat_findings(played), warnings
    found += _seat_findings(played)
    return sorted(found, key=lambda p: (p.line or 0, p.column or 0)), warnings


def _seat_findings(played: Replay) -> list[Problem]:
    """The problems of the header's engine seats and open offer (none without them)."""
    log = played.log
    if log.header.get("engines") is None and log.header.get("offer") is None:
        return []
    from .seats import offer_problems, seat_problems

    return seat_problems(log) or offer_problems(played)


def finish_report(item: FileReport, played: Replay | None, require_signatures: bool) -> None:
    """Complete ``item`` for a log whose moves replayed: its digests and signatures
    (``integrity_problems``), then (when nothing is wrong) its moves and who decides next."""
    if played is None or item.problems:
        return
    item.problems, item.warnings = integrity_problems(played, require_signatures)
    if item.problems:
        return
    item.moves = played.moves
    from .status import status_line

    item.status = status_line(played.log.game, played.final)


def check_file(
    name: str, only_logs: bool = False, require_signatures: bool = False
) -> FileReport | None:
    """What ``validate`` reports for one file (None if ``only_logs`` skips it): the problems
    of ``validation.check`` (read and replay, then ``integrity_problems``), the warnings, and
    for a valid log its moves and who decides next."""
    from .files import read_bytes
    from .gamelog import is_log, load_and_replay
    from .problems import FileReport, LogError

    if only_logs:
        try:
            if not is_log(read_bytes(name)):
                return None
        except LogError:
            pass  # reported below
    item = FileReport(name)
    item.problems, played = load_and_replay(name)
    finish_report(item, played, require_signatures)
    return item


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def default_jobs(files: int) -> int:
    """How many processes check ``files`` files when the user does not say: one for a few
    files, else one for each core this process may use (at most ``MAX_DEFAULT_JOBS``)."""
    if files < PARALLEL_MIN_FILES:
        return 1
    return max(1, min(_cores(), MAX_DEFAULT_JOBS, files // (PARALLEL_MIN_FILES // 2)))


def _check_chunk(
    names: Sequence[str], only_logs: bool, require_signatures: bool
) -> list[FileReport | None]:
    return list(_one_by_one(names, only_logs, require_signatures))


def check_files(
    names: Sequence[str],
    jobs: int | None = None,
    only_logs: bool = False,
    require_signatures: bool = False,
) -> Iterator[FileReport | None]:
    """``check_file`` of every name, in order, over ``jobs`` processes (None: ``default_jobs``).

    With more than one process, the processes start at once, before this returns.
    """
    if jobs is None:
        jobs = default_jobs(len(names))
    jobs = min(jobs, len(names))
    if jobs > 1:
        started = _start_pool(names, jobs, only_logs, require_signatures)
        if started is not None:
            return _pooled(*started, names, only_logs, require_signatures)
    return _one_by_one(names, only_logs, require_signatures)


def _one_by_one(
    names: Sequence[str], only_logs: bool, require_signatures: bool
) -> Iterator[FileReport | None]:
    """``check_file`` of each name, the cyclic garbage collector paused while it checks (see
    ``COLLECT_EVERY``; on again whenever a report is handed over)."""
    import gc

    for at, name in enumerate(names):
        if not gc.isenabled():  # the caller's to decide
            yield check_file(name, only_logs, require_signatures)
            continue
        if at == 0:
            yield check_file(name, only_logs, require_signatures)
            gc.freeze()  # what the first file loaded (modules, compiled schemas): kept
            continue
        gc.disable()
        try:
            report = check_file(name, only_logs, require_signatures)
            if at % COLLECT_EVERY == 0:
                gc.collect(0)
        finally:
            gc.enable()
        yield report


def _start_pool(
    names: Sequence[str], jobs: int, only_logs: bool, require_signatures: bool
) -> tuple[ProcessPoolExecutor, Iterator[list[FileReport | None]]] | None:
    """A pool of ``jobs`` processes already at work on ``names`` in chunks, and its results
    in order; None if no processes can be had here."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    size = max(1, min(MAX_CHUNK_FILES, len(names) // (jobs * 8)))
    chunks = [names[at : at + size] for at in range(0, len(names), size)]
    # Forked workers start at once with what this process has (elsewhere, as on Windows,
    # the platform's default starts them) and import the rest on their first file.
    fork = "fork" in multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork") if fork else None
    try:
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context)
    except (OSError, NotImplementedError):  # no semaphores here, say
        return None
    try:
        # ``map`` hands every chunk to the pool now, which starts the workers.
        results = pool.map(_check_chunk, chunks, repeat(only_logs), repeat(require_signatures))
    except (OSError, NotImplementedError, BrokenProcessPool):
        pool.shutdown(wait=False, cancel_futures=True)
        return None
    return pool, results


def _pooled(
    pool: ProcessPoolExecutor,
    results: Iterable[list[FileReport | None]],
    names: Sequence[str],
    only_logs: bool,
    require_signatures: bool,
) -> Iterator[FileReport | None]:
    from concurrent.futures.process import BrokenProcessPool

    done = 0
    try:
        with pool:
            for reports in results:
                yield from reports
                done += len(reports)
    except (OSError, BrokenProcessPool):
        # A worker died (killed, say): the files not yet reported in this one.
        for name in names[done:]:
            yield check_file(name, only_logs, require_signatures)
