"""Validate log files: the whole check of one, and many in this process or over a pool.

Each file is checked on its own (``check_file``), so the work splits over
processes without changing a result: ``check_files`` gives the reports in the
order of the names, whatever the number of processes.  The pool is the
standard library's (``concurrent.futures.ProcessPoolExecutor``); this process checks
the first file, which loads what the others need (the readers, the game, its compiled
schema and files) once, then forks the pool, whose processes start with all of it, and
checks files beside them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

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

MAX_JOBS_PER_CORE = 4
"""``jobs`` is never more than this many processes for each core this process may use (nor
more than the files): a huge ``-j`` would fork one process per file, and the work is the
cores'."""

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
        except LogError as error:  # reported below, unless too large to be a log
            if [p.code for p in error.problems] == ["too_large"] and not _starts_as_log(name):
                return None
    item = FileReport(name)
    item.problems, played = load_and_replay(name)
    finish_report(item, played, require_signatures)
    return item


HEAD_BYTES = 64 * 1024
"""How much of a file too large to be read ``--only-logs`` reads to tell a log from other
YAML (a log's ``forex:`` or ``game:`` is at the top)."""


def _starts_as_log(name: str) -> bool:
    """Whether the start of file ``name`` has a top-level key that only a log has
    (``forex:``, ``game:``, ``players:`` or ``moves:`` at the start of a line)."""
    import re

    try:
        with open(name, "rb") as handle:
            head = handle.read(HEAD_BYTES)
    except OSError:
        return True  # reported as the file's problem
    head = head.removeprefix(b"\xef\xbb\xbf")
    return (
        re.search(rb"^(?:--- *)?[\"']?(?:forex|game|players|moves)[\"']? *:", head, re.M)
        is not None
    )


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
    """``check_file`` of every name, in order, over ``jobs`` processes (None: ``default_jobs``;
    at most ``MAX_JOBS_PER_CORE`` per core).

    With more than one process, this one checks the first file (loading what the files need,
    once), then starts ``jobs - 1`` more, forked with all it has loaded where the platform
    forks, and checks files beside them: the last chunks not yet taken by one of them.
    """
    if jobs is None:
        jobs = default_jobs(len(names))
    jobs = min(jobs, len(names), MAX_JOBS_PER_CORE * _cores())
    if jobs > 1:
        return _shared(names, jobs, only_logs, require_signatures)
    return _one_by_one(names, only_logs, require_signatures)


def _shared(
    names: Sequence[str], jobs: int, only_logs: bool, require_signatures: bool
) -> Iterator[FileReport | None]:
    from concurrent.futures.process import BrokenProcessPool

    yield check_file(names[0], only_logs, require_signatures)
    rest = names[1:]
    started = _start_pool(rest, jobs - 1, only_logs, require_signatures)
    if started is None:
        yield from _one_by_one(rest, only_logs, require_signatures)
        return
    pool, chunks, futures = started
    done = 0
    here: dict[int, list[FileReport | None]] = {}
    last = len(futures) - 1
    try:
        with pool:
            for at, future in enumerate(futures):
                # While the next chunk is not ready, check the last one no process has taken.
                while at not in here and not future.done() and last > at:
                    if futures[last].cancel():
                        here[last] = _check_chunk(chunks[last], only_logs, require_signatures)
                    last -= 1
                reports = here.pop(at) if at in here else future.result()
                yield from reports
                done += len(reports)
    except (OSError, BrokenProcessPool):
        # A process died (killed, say): the files not yet reported, in this one.
        for name in rest[done:]:
            yield check_file(name, only_logs, require_signatures)


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
) -> tuple[ProcessPoolExecutor, list[Sequence[str]], list[Future[list[FileReport | None]]]] | None:
    """A pool of ``jobs`` processes already at work on ``names`` in chunks: the pool, the
    chunks and their futures; None if no processes can be had here."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    size = max(1, min(MAX_CHUNK_FILES, len(names) // ((jobs + 1) * 8)))
    chunks = [names[at : at + size] for at in range(0, len(names), size)]
    # Forked processes start with all this one has loaded (elsewhere, as on Windows, the
    # platform's default starts them, and they load what they need on their first file).
    fork = "fork" in multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork") if fork else None
    try:
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context)
    except (OSError, NotImplementedError):  # no semaphores here, say
        return None
    try:
        futures = [
            pool.submit(_check_chunk, chunk, only_logs, require_signatures) for chunk in chunks
        ]
    except (OSError, NotImplementedError, BrokenProcessPool):
        pool.shutdown(wait=False, cancel_futures=True)
        return None
    return pool, chunks, futures
