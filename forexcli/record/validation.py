"""Validate many log files, in this process or spread over a pool of processes.

Each file is checked on its own (``check_file``), so the work splits over
processes without changing a result: ``check_files`` gives the reports in the
order of the names, whatever the number of processes.  The pool is the
standard library's (``concurrent.futures.ProcessPoolExecutor``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..reporters.problems import FileReport

if TYPE_CHECKING:
    from .anylog import GameReplay
    from .gamelog import Replay

PARALLEL_MIN_FILES = 64
"""With ``jobs`` left to the default, fewer files are checked in this process alone
(starting the workers costs more than they would save)."""

MAX_DEFAULT_JOBS = 8
"""The default never starts more processes than this."""


def finish_report(
    item: FileReport, played: Replay | GameReplay | None, require_signatures: bool
) -> None:
    """Complete ``item`` for a log whose moves replayed: its digests and signatures, then
    (when nothing is wrong) its moves and who decides next."""
    from ..reporters.game import pending_text
    from . import anylog

    if isinstance(played, anylog.GameReplay):  # another game: its digests and signatures
        if not item.problems:
            from .signing import check_signatures

            mismatch = anylog.check_digests(played)
            signatures = check_signatures(played, require=require_signatures)
            item.problems = sorted(
                ([mismatch] if mismatch is not None else []) + signatures.errors,
                key=lambda p: (p.line or 0, p.column or 0),
            )
            item.warnings = signatures.warnings
        if not item.problems:
            item.moves = played.moves
            item.status = anylog.pending_line(played.record.game, played.final)
        return
    if played is not None and not item.problems:
        log = played.log
        found = []
        # Digests and signatures only where the log has some (their modules cost start-up).
        if any(entry.digest is not None for entry in log.entries):
            from .digests import check_digests

            mismatch = check_digests(played)
            found += [mismatch] if mismatch is not None else []
        if log.header.get("keys") or any(entry.sig for entry in log.entries):
            from .signing import check_signatures

            signatures = check_signatures(played, require=require_signatures)
            found += signatures.errors
            item.warnings = signatures.warnings
        item.problems = sorted(found, key=lambda p: (p.line or 0, p.column or 0))
    if played is not None and not item.problems:
        item.moves = played.moves
        item.status = pending_text(played.final)


def check_file(
    name: str, only_logs: bool = False, require_signatures: bool = False
) -> FileReport | None:
    """What ``validate`` reports for one file; None if ``only_logs`` skips it."""
    from .anylog import check
    from .gamelog import is_log, read_bytes
    from .problems import LogError

    if only_logs:
        try:
            if not is_log(read_bytes(name)):
                return None
        except LogError:
            pass  # reported by check() below
    item = FileReport(name)
    item.problems, played = check(name)
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
    return [check_file(name, only_logs, require_signatures) for name in names]


def check_files(
    names: Sequence[str],
    jobs: int | None = None,
    only_logs: bool = False,
    require_signatures: bool = False,
) -> Iterator[FileReport | None]:
    """``check_file`` of every name, in order, over ``jobs`` processes (None: ``default_jobs``)."""
    if jobs is None:
        jobs = default_jobs(len(names))
    jobs = min(jobs, len(names))
    if jobs <= 1:
        for name in names:
            yield check_file(name, only_logs, require_signatures)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from ..reporters import game
    from . import digests, fastpath, gamelog, signing

    # Set up in this process what every worker needs, so that forked workers start with it.
    assert digests and gamelog and game and signing
    fastpath.warm_up()
    # Chunks of a few dozen files: few messages between processes, and the workers
    # still finish together when some files are slower than others.
    size = max(1, min(64, len(names) // (jobs * 8)))
    chunks = [names[at : at + size] for at in range(0, len(names), size)]
    # Forked workers start with all of that (no import, no compile); elsewhere (no fork, as
    # on Windows) the platform's default starts them.
    fork = "fork" in multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork") if fork else None
    done = 0
    try:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            flags = [only_logs] * len(chunks), [require_signatures] * len(chunks)
            for reports in pool.map(_check_chunk, chunks, *flags):
                yield from reports
                done += len(reports)
    except (OSError, NotImplementedError, BrokenProcessPool):
        # No processes to be had here (no semaphores, a worker killed): the rest in this one.
        for name in names[done:]:
            yield check_file(name, only_logs, require_signatures)
