"""Where many independent jobs run: the local process pool, or a Dask distributed cluster.

``pool(None, processes)`` is a ``ProcessPoolExecutor`` (the default);
``pool("tcp://HOST:PORT", ...)`` connects to a running Dask scheduler and
hands out the jobs to its workers through the same ``concurrent.futures``
interface.  Dask is the optional extra ``forexcli[cluster]``; the workers
need forexcli installed, and jobs that read or write files need them at the
same paths on every worker (a shared file system).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

CONNECT_SECONDS = 10.0
"""How long to try to reach a scheduler before giving up."""


class ClusterUnavailable(Exception):
    """Dask is not installed, or the scheduler cannot be reached (the message says which)."""


@contextlib.contextmanager
def pool(scheduler: str | None, processes: int | None = None) -> Iterator[Executor]:
    """An executor for the jobs: local processes, or the workers of ``scheduler``."""
    if scheduler is None:
        with ProcessPoolExecutor(max_workers=processes) as local:
            yield local
        return
    client = connect(scheduler)
    try:
        executor: Executor = client.get_executor(pure=False)
        yield executor
    finally:
        client.close()


def connect(scheduler: str, timeout: float | None = None) -> Any:
    """A ``distributed.Client`` of the scheduler at ``scheduler`` (``tcp://HOST:PORT``)."""
    try:
        import distributed
    except ImportError:
        raise ClusterUnavailable(
            "a cluster needs Dask: pip install 'forexcli[cluster]' (dask and distributed)"
        ) from None
    try:
        client: Any = distributed.Client
        return client(scheduler, timeout=CONNECT_SECONDS if timeout is None else timeout)
    except (OSError, TimeoutError) as error:
        raise ClusterUnavailable(
            f"cannot reach the Dask scheduler at {scheduler}: {error}"
        ) from None
